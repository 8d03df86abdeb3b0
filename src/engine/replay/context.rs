//! What the checks ask of the replay: the card data of a Pokémon in play, and whether a card
//! in play could change a rule (its text mentions it, or the data does not know the card).

use crate::cards::{CardDb, basic_energy_type};
use crate::log::{Depth, Event, Text};

use super::super::facts::{self, Known};
use super::super::state::{PlayerIdx, PokemonId};
use super::{Prints, Replay};

impl<'a> Replay<'a> {
    pub(super) fn db(&self) -> Option<&'a CardDb> {
        self.info.db().filter(|d| !d.is_empty())
    }

    /// The prints a Pokémon in play may be.
    pub(super) fn prints_of(&self, id: PokemonId) -> Known<Prints<'a>> {
        if self.db().is_none() {
            return Err("no card data is loaded".to_string());
        }
        let mon = self.state.mon(id);
        let slot = id as usize;
        if let Some(Some((name, uses, known))) = self.mon_prints.borrow().get(slot)
            && name.as_str() == mon.name()
            && uses.as_slice() == mon.uses.as_slice()
        {
            return known.clone();
        }
        let known = self.prints_named(mon.name(), &mon.uses);
        let mut memo = self.mon_prints.borrow_mut();
        if memo.len() <= slot {
            memo.resize(slot + 1, None);
        }
        memo[slot] = Some((Text::from(mon.name()), mon.uses.clone(), known.clone()));
        known
    }

    /// The prints of a Pokémon name that has every attack and Ability in `uses` (memoised).
    pub(super) fn prints_named(&self, name: &str, uses: &[Text]) -> Known<Prints<'a>> {
        if self.db().is_none() {
            return Err("no card data is loaded".to_string());
        }
        let mut key = String::with_capacity(name.len() + 16 * uses.len());
        key.push_str(name);
        for u in uses {
            key.push('\u{1f}');
            key.push_str(u);
        }
        if let Some(known) = self.prints_memo.borrow().get(&key) {
            return known.clone();
        }
        let known = facts::pokemon_prints(&self.info, name, uses).map(Prints::from);
        self.prints_memo.borrow_mut().insert(key, known.clone());
        known
    }

    /// The cards in play whose text can change a rule: the top card of each Pokémon (all of
    /// them, or only `pokemon`), the Tools and Special Energy attached to those, and the Stadium.
    pub(super) fn cards_in_play(&self, pokemon: Option<&[PokemonId]>) -> Vec<Text> {
        let mut names: Vec<Text> = Vec::new();
        let ids: Vec<PokemonId> = match pokemon {
            Some(ids) => ids.to_vec(),
            None => self
                .state
                .players
                .iter()
                .flat_map(|p| p.in_play())
                .collect(),
        };
        for id in ids {
            let m = self.state.mon(id);
            names.push(Text::from(m.name()));
            names.extend(m.tools.iter().cloned());
            names.extend(
                m.energy
                    .iter()
                    .filter(|e| basic_energy_type(e).is_none())
                    .cloned(),
            );
        }
        if let Some(s) = &self.state.stadium {
            names.push(s.name.clone());
        }
        names.sort();
        names.dedup();
        names
    }

    /// Why a card among `names` may change the rule the `phrases` describe: its text mentions
    /// one of them, or the card data does not know it. `None` when none can.
    pub(super) fn may_change(&self, names: &[Text], phrases: &[&str]) -> Option<String> {
        self.may_change_except(names, phrases, &[])
    }

    /// As [`Replay::may_change`], but a card the data does not know raises no doubt: for rules
    /// that only a few named cards change, where the check cites the known ones.
    pub(super) fn may_change_known(&self, names: &[Text], phrases: &[&str]) -> Option<String> {
        let db = self.db()?;
        let known: Vec<Text> = names
            .iter()
            .filter(|n| !db.by_name(n).is_empty())
            .cloned()
            .collect();
        self.may_change(&known, phrases)
    }

    /// As [`Replay::may_change`], reading each text with the `except` phrases removed first
    /// (an attack-cost check ignores "Retreat Cost").
    pub(super) fn may_change_except(
        &self,
        names: &[Text],
        phrases: &[&str],
        except: &[&str],
    ) -> Option<String> {
        self.may_change_where(names, |lower| {
            let owned;
            let text = if except.iter().any(|e| lower.contains(e)) {
                let mut t = lower.to_string();
                for e in except {
                    t = t.replace(e, " ");
                }
                owned = t;
                owned.as_str()
            } else {
                lower
            };
            phrases
                .iter()
                .find(|p| text.contains(*p))
                .map(|p| p.to_string())
        })
    }

    /// Why a card among `names` may change a rule: `find` returns the phrase of its (lower
    /// case) text that speaks of the rule, or the card data does not know the card.
    pub(super) fn may_change_where(
        &self,
        names: &[Text],
        find: impl Fn(&str) -> Option<String>,
    ) -> Option<String> {
        let db = self.db();
        for name in names {
            if basic_energy_type(name).is_some() {
                continue;
            }
            let Some(db) = db else {
                return Some(
                    "no card data is loaded to rule out effects of the cards in play".to_string(),
                );
            };
            let Some(idx) = db.newest_print_idx(name) else {
                return Some(format!(
                    "{name} is in play and is not in the card data, so its effects are unknown"
                ));
            };
            if let Some(p) = find(db.passive_text_lower(idx)) {
                return Some(format!("{name} is in play and its text speaks of \"{p}\""));
            }
        }
        None
    }

    /// The lines of the current window (from the last player action or header to the next):
    /// indices into the log.
    pub(super) fn window(&self, index: usize) -> std::ops::Range<usize> {
        let lines = &self.log.lines;
        let boundary = |l: &crate::log::LogLine| l.depth == Depth::Top && is_boundary(&l.event);
        let start = (0..=index.min(lines.len().saturating_sub(1)))
            .rev()
            .find(|i| boundary(&lines[*i]))
            .unwrap_or(0);
        let end = (index + 1..lines.len())
            .find(|i| boundary(&lines[*i]))
            .unwrap_or(lines.len());
        start..end
    }

    /// The player whose turn is next (the one who promotes first when both Actives fall).
    pub(super) fn next_to_move(&self) -> Option<PlayerIdx> {
        self.state.to_move.map(|p| 1 - p)
    }
}

/// Lines that open a new window: a player action or a phase header.
pub(super) fn is_boundary(event: &Event) -> bool {
    super::starts_player_action(event)
        || matches!(
            event,
            Event::CheckupHeader | Event::SetupHeader | Event::GameEnd { .. } | Event::GameDrawn
        )
}
