//! What the checks ask of the replay: the card data of a Pokémon in play, and whether a card
//! in play could change a rule (its text mentions it, or the data does not know the card).

use crate::cards::{Card, CardDb, basic_energy_type};
use crate::log::{Depth, Event, Text};

use super::super::facts::{self, Known};
use super::super::state::{PlayerIdx, PokemonId};
use super::Replay;

impl<'a> Replay<'a> {
    pub(super) fn db(&self) -> Option<&'a CardDb> {
        self.info.db().filter(|d| !d.is_empty())
    }

    /// The prints a Pokémon in play may be.
    pub(super) fn prints_of(&self, id: PokemonId) -> Known<Vec<&'a Card>> {
        let mon = self.state.mon(id);
        facts::pokemon_prints(&self.info, mon.name(), &mon.uses)
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

    /// As [`Replay::may_change`], reading each text with the `except` phrases removed first
    /// (an attack-cost check ignores "Retreat Cost").
    pub(super) fn may_change_except(
        &self,
        names: &[Text],
        phrases: &[&str],
        except: &[&str],
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
            let newest = db
                .by_name(name)
                .iter()
                .map(|i| db.card(*i))
                .max_by_key(|c| {
                    db.set(&c.set_id)
                        .and_then(|s| s.release_date.clone())
                        .unwrap_or_default()
                });
            let Some(card) = newest else {
                return Some(format!(
                    "{name} is in play and is not in the card data, so its effects are unknown"
                ));
            };
            let mut text = passive_text(card);
            for e in except {
                text = text.replace(e, " ");
            }
            if let Some(p) = phrases.iter().find(|p| text.contains(*p)) {
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

/// The text of a card that acts while it is in play: rules and Abilities (not attacks), lower case.
pub(super) fn passive_text(card: &Card) -> String {
    let mut t = card.rules.join(" ");
    for a in &card.abilities {
        t.push(' ');
        t.push_str(&a.text);
    }
    t.to_lowercase()
}
