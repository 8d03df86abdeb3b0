//! Knock Out and Prize checks: a Pokémon is Knocked Out exactly when its damage reaches its HP,
//! the opponent takes the Prize cards its kind gives, a new Active Pokémon comes in, and when
//! both Actives fall the player whose turn is next promotes first.

use crate::log::{Event, Text};

use super::super::facts;
use super::super::state::{PlayerIdx, PokemonId, Position};
use super::super::verdict::Step;
use super::{KnockedOut, Replay};

impl Replay<'_> {
    /// The HP of a Pokémon in play, as the lowest and highest of its possible prints, with why a
    /// card may raise or lower it; `Err` when the HP is not known.
    fn hp_of(&self, id: PokemonId) -> Result<Hp, String> {
        let prints = self.prints_of(id)?;
        let (lo, hi) = facts::hp_range(&prints)?;
        let mut names: Vec<Text> = self.cards_in_play(Some(&[id]));
        if let Some(s) = &self.state.stadium {
            names.push(s.name.clone());
        }
        // What is attached to it, its own Abilities and the Stadium may change its HP.
        let raise: Vec<String> = (1..=30).map(|n| format!("+{} hp", n * 10)).collect();
        let mut raise: Vec<&str> = raise.iter().map(String::as_str).collect();
        raise.extend(["more hp", "hp is increased", "maximum hp"]);
        Ok(Hp {
            lo: lo as i32,
            hi: hi as i32,
            may_raise: self.may_change(&names, &raise),
            may_lower: self.may_change(&names, &[" hp", "hit points"]),
        })
    }

    /// A Knock Out line: the Pokémon's damage has reached its HP. When lines that damaged
    /// Pokémon of this name could have meant another one, the damage lies in a range; the Knock
    /// Out is consistent when the highest reading reaches the HP (the message says under which
    /// reading), and wrong only when even the highest does not.
    pub(super) fn check_knock_out(&self, index: usize, id: PokemonId) -> Step {
        let mon = self.state.mon(id);
        let mut parts = Vec::new();
        let least = mon.damage - mon.doubtful_damage;
        let most = mon.damage + mon.missing_damage;
        let name = mon.name();
        match self.hp_of(id) {
            Ok(Hp { hi, may_raise: Some(why), .. }) if most >= hi => parts.push(Step::cannot_check(
                "knockout.at-hp",
                format!("{name} has {most} damage and {hi} HP, but a card may raise its HP: {why}"),
            )),
            Ok(Hp { lo, may_lower: Some(why), .. }) if most < lo => parts.push(Step::cannot_check(
                "knockout.at-hp",
                format!("{name} has {most} damage and {lo} HP, but a card may lower its HP: {why}"),
            )),
            Ok(Hp { hi, .. }) if least >= hi => parts.push(Step::ok(
                "knockout.at-hp",
                format!("{name} has {} damage and {} HP", mon.damage, hp_text(self, id, hi)),
            )),
            Ok(Hp { hi, .. }) if most >= hi => parts.push(Step::ok(
                "knockout.at-hp",
                format!(
                    "{name} reaches its {} HP if the damage lines that could mean either Pokémon named {name} meant this one ({most} damage)",
                    hp_text(self, id, hi)
                ),
            )),
            Ok(Hp { lo, .. }) if most < lo => {
                let effect = self
                    .action
                    .effect
                    .as_ref()
                    .is_some_and(|e| e.text.to_lowercase().contains("knocked out"));
                let unknown_effect = self.action.effect.is_none() && !matches!(self.action.source, super::Source::None);
                if effect || unknown_effect {
                    parts.push(Step::cannot_check(
                        "knockout.at-hp",
                        format!("{name} has {most} damage and {lo} HP; an effect may Knock it Out"),
                    ));
                } else {
                    parts.push(Step::violation(
                        "knockout.at-hp",
                        format!("{name} is Knocked Out with {most} damage but has {lo} HP; it needs {} more", lo - most),
                    ));
                }
            }
            Ok(Hp { lo, hi, .. }) => parts.push(Step::cannot_check(
                "knockout.at-hp",
                format!(
                    "{name} has {most} damage; its prints have {lo} to {hi} HP and the log does not show which one this is"
                ),
            )),
            Err(why) => parts.push(Step::cannot_check("knockout.at-hp", format!("cannot check the HP of {name}: {why}"))),
        }
        if let Some(s) = self.missing_knock_outs(index, Some(id)) {
            parts.push(s);
        }
        Step::combine(parts)
    }

    /// Pokémon whose damage reached their HP but that no Knock Out line in the rest of this
    /// window takes out.
    pub(super) fn missing_knock_outs(
        &self,
        index: usize,
        except: Option<PokemonId>,
    ) -> Option<Step> {
        let window = self.window(index);
        let later: Vec<(Option<PlayerIdx>, &str)> = self.log.lines[index + 1..window.end]
            .iter()
            .filter_map(|l| match &l.event {
                Event::KnockOut { owner, pokemon } => {
                    Some((self.player(owner), pokemon.name.as_str()))
                }
                _ => None,
            })
            .collect();
        for p in &self.state.players {
            for id in p.in_play() {
                if Some(id) == except {
                    continue;
                }
                let mon = self.state.mon(id);
                let sure = mon.damage - mon.doubtful_damage;
                if sure <= 0 {
                    continue;
                }
                let Ok(Hp {
                    hi: hp,
                    may_raise: None,
                    ..
                }) = self.hp_of(id)
                else {
                    continue;
                };
                if sure < hp {
                    continue;
                }
                if later.iter().any(|(_, n)| *n == mon.name()) {
                    continue;
                }
                return Some(Step::violation(
                    "knockout.at-hp",
                    format!(
                        "{}'s {} has {} damage and {hp} HP but is not Knocked Out",
                        p.name,
                        mon.name(),
                        mon.damage
                    ),
                ));
            }
        }
        None
    }

    /// A Prize line: the Prize cards taken in this window match the Knock Outs of the
    /// opponent's Pokémon in it (capped by the Prize cards left).
    pub(super) fn check_prizes(&self, index: usize, p: PlayerIdx) -> Step {
        let window = self.window(index);
        let pname = &self.state.players[p].name;
        let mut owed = 0u32;
        let mut why: Vec<String> = Vec::new();
        let mut clauses: Vec<&'static str> = Vec::new();
        let mut watch: Vec<Text> = Vec::new();
        // Knock Outs already applied in this window.
        for ko in &self.window_knock_outs {
            if ko.owner != p {
                owed += ko.prizes;
                why.push(ko.why.clone());
                clauses.push(ko.clause);
                watch.extend(ko.cards.iter().cloned());
            }
        }
        // Knock Outs still to come in this window (the client may list the Prize cards first).
        for l in &self.log.lines[index + 1..window.end] {
            if let Event::KnockOut { owner, pokemon } = &l.event {
                let (found, who) = super::super::resolve::owned(
                    &self.state,
                    self.player(owner),
                    &pokemon.name,
                    None,
                    super::super::resolve::Claim::Trusted,
                    None,
                );
                if who == Some(1 - p)
                    && let Some(id) = found.id()
                {
                    let m = self.state.mon(id);
                    match facts::prize_value(&self.info, m.name(), &m.uses) {
                        Ok((n, clause, w)) => {
                            owed += n;
                            why.push(w);
                            clauses.push(clause);
                        }
                        Err(w) => return Step::cannot_check("knockout.prizes", w),
                    }
                    watch.extend(self.cards_in_play(Some(&[id])));
                }
            }
        }
        let taken: u32 = self.log.lines[window.clone()]
            .iter()
            .filter_map(|l| match &l.event {
                Event::TookPrizes { player, count } if self.player(player) == Some(p) => {
                    Some(*count)
                }
                _ => None,
            })
            .sum();
        let left_before = self.state.players[p]
            .prizes_left
            .unwrap_or(self.state.prize_count) as u32
            + self.taken_in_window(p);
        let expected = owed.min(left_before);
        if owed == 0 {
            let effect_text = match &self.window_source {
                Some(super::Source::Trainer(name)) => {
                    self.info.card_text(name).map(|e| e.text.to_lowercase())
                }
                _ => None,
            };
            if let Some(t) = &effect_text
                && (t.contains("takes a prize card") || t.contains("take a prize card"))
                && !t.contains("more prize")
            {
                return if taken == 1 {
                    Step::ok(
                        "knockout.prizes",
                        format!("{pname} takes 1 Prize card by the effect of the card played"),
                    )
                } else {
                    Step::violation(
                        "knockout.prizes",
                        format!("the effect lets {pname} take 1 Prize card, but {taken} are taken"),
                    )
                };
            }
            return if matches!(
                self.window_source,
                Some(super::Source::Trainer(_) | super::Source::Ability(..))
            ) {
                Step::cannot_check(
                    "knockout.prizes",
                    format!(
                        "{pname} takes Prize cards by an effect, not a Knock Out; the effect is not modelled"
                    ),
                )
            } else {
                Step::violation(
                    "knockout.prizes",
                    format!(
                        "{pname} takes {taken} Prize card(s) but none of the opponent's Pokémon was Knocked Out"
                    ),
                )
            };
        }
        let mut found = vec![Step::ok(
            "knockout.prizes",
            format!("{pname} takes {taken}: {}", why.join("; ")),
        )];
        for c in clauses {
            found.push(Step::ok(c, ""));
        }
        if taken == expected {
            return Step::combine(found);
        }
        watch.extend(self.trainers_this_turn.iter().cloned());
        if let Some(s) = &self.state.stadium {
            watch.push(s.name.clone());
        }
        let reason = format!(
            "{pname} takes {taken} Prize card(s) for this Knock Out but {} {expected} ({})",
            if expected < owed {
                "has only"
            } else {
                "is owed"
            },
            why.join("; ")
        );
        match self.may_change(&watch, &["prize"]) {
            Some(w) => Step::cannot_check("knockout.prizes", format!("{reason}; but {w}")),
            None => Step::violation("knockout.prizes", reason),
        }
    }

    /// Prize cards `p` took earlier in the current window.
    fn taken_in_window(&self, p: PlayerIdx) -> u32 {
        self.window_prizes[p]
    }

    /// A promotion: after both Actives are Knocked Out, the player whose turn is next promotes first.
    pub(super) fn check_promote(&self, p: PlayerIdx) -> Option<Step> {
        let both_down = self
            .window_knock_outs
            .iter()
            .any(|k| k.owner == 0 && k.was_active)
            && self
                .window_knock_outs
                .iter()
                .any(|k| k.owner == 1 && k.was_active);
        if !both_down || self.window_promotions > 0 {
            return None;
        }
        let first = self.next_to_move()?;
        let name = &self.state.players[p].name;
        Some(if first == p {
            Step::ok(
                "knockout.promote-order",
                format!(
                    "both Active Pokémon were Knocked Out; {name}, whose turn is next, promotes first"
                ),
            )
        } else {
            Step::violation(
                "knockout.promote-order",
                format!(
                    "both Active Pokémon were Knocked Out; {} (whose turn is next) promotes first, not {name}",
                    self.state.players[first].name
                ),
            )
        })
    }

    /// When a window closes: Pokémon that should have been Knocked Out, Active Spots left empty.
    pub(super) fn close_window(&self, index: usize) -> Vec<Step> {
        let mut parts = Vec::new();
        if index == 0 {
            return parts;
        }
        if let Some(s) = self.missing_knock_outs(index - 1, None) {
            parts.push(s);
        }
        let game_over = matches!(
            self.log.lines[index].event,
            Event::GameEnd { .. } | Event::GameDrawn
        ) || self.state.players.iter().any(|p| p.prizes_left == Some(0));
        if !game_over
            && matches!(
                self.state.phase,
                super::super::state::Phase::Turn | super::super::state::Phase::Checkup
            )
        {
            for p in &self.state.players {
                if p.active.is_none() && !p.bench.is_empty() && !self.window_knock_outs.is_empty() {
                    parts.push(Step::violation(
                        "knockout.promote",
                        format!("{}'s Active Pokémon was Knocked Out and no Benched Pokémon was moved up", p.name),
                    ));
                }
            }
        }
        parts
    }

    /// Record a Knock Out for the Prize check.
    pub(super) fn record_knock_out(&mut self, id: PokemonId) {
        let m = self.state.mon(id);
        let (prizes, clause, why) = facts::prize_value(&self.info, m.name(), &m.uses).unwrap_or((
            1,
            "pokemon.single-prize",
            format!("{}: 1 Prize card", m.name()),
        ));
        let cards = self.cards_in_play(Some(&[id]));
        let was_active = self.state.position(id) == Some(Position::Active);
        self.window_knock_outs.push(KnockedOut {
            owner: m.owner,
            prizes,
            clause,
            why,
            cards,
            was_active,
        });
    }
}

/// "120" or "120 (whichever print)" when prints differ.
fn hp_text(replay: &Replay<'_>, id: PokemonId, hi: i32) -> String {
    match replay.prints_of(id).ok().and_then(|p| facts::hp(&p).ok()) {
        Some(_) => hi.to_string(),
        None => format!("at most {hi} (whichever print it is)"),
    }
}

/// HP as the checks need it.
struct Hp {
    lo: i32,
    hi: i32,
    /// Why a card in play may raise it (a Knock Out at the printed HP may then be early).
    may_raise: Option<String>,
    /// Why a card in play may lower it (a Knock Out below the printed HP may then be right).
    may_lower: Option<String>,
}
