//! Pokémon Checkup checks: Special Conditions are resolved in the order Poisoned, Burned,
//! Asleep, Paralyzed, with other between-turn effects wholly before or wholly after; Poison
//! places 1 damage counter, Burn 2 (then the coin, in the current rules); Paralysis ends after
//! its owner's turn.

use crate::log::{Condition, Depth, Event};

use super::super::checkup_order::{checkup_counters, condition_rank, paralysis_ends};
use super::super::state::{PlayerIdx, Position};
use super::super::verdict::Step;
use super::Replay;

impl Replay<'_> {
    /// The Special Condition step a Checkup line belongs to, if any.
    fn checkup_step(&self, index: usize, event: &Event) -> Option<Condition> {
        match event {
            Event::ConditionDamage { condition, .. }
            | Event::ConditionRemoved { condition, .. } => Some(*condition),
            Event::CoinFlip { .. } => {
                // A coin for a condition: the condition the lines around it name.
                let near = |l: &crate::log::LogLine| match &l.event {
                    Event::ConditionDamage { condition, .. }
                    | Event::ConditionRemoved { condition, .. } => Some(*condition),
                    _ => None,
                };
                self.tracker
                    .lines
                    .log
                    .lines
                    .get(index + 1)
                    .and_then(near)
                    .or_else(|| {
                        index
                            .checked_sub(1)
                            .and_then(|i| near(&self.tracker.lines.log.lines[i]))
                    })
            }
            _ => None,
        }
    }

    /// Order and amounts of a line inside a Checkup block.
    pub(super) fn check_checkup_line(
        &mut self,
        index: usize,
        event: &Event,
        depth: Depth,
    ) -> Option<Step> {
        if depth != Depth::Top {
            // Damage an other effect places, shown under a Special Condition step: the other
            // effect's lines are split around the condition steps.
            let parent_is_condition = self.tracker.lines.log.lines[..index]
                .iter()
                .rev()
                .find(|l| l.depth == Depth::Top && !matches!(l.event, Event::Blank))
                .is_some_and(|l| matches!(l.event, Event::ConditionDamage { .. }));
            if parent_is_condition
                && matches!(
                    event,
                    Event::PutCounters { .. } | Event::MoveCounters { .. }
                )
            {
                return Some(Step::violation(
                    "checkup.order",
                    "damage counters from another between-turn effect come in the middle of the Special Condition steps; other effects go wholly before or wholly after them",
                ));
            }
            return None;
        }
        if matches!(event, Event::Blank | Event::CheckupHeader) {
            return None;
        }
        let mut parts = Vec::new();
        match self.checkup_step(index, event) {
            Some(c) if condition_rank(c) > 0 => {
                let progress = self.tracker.checkup;
                if progress.others_after {
                    parts.push(Step::violation(
                        "checkup.order",
                        format!("a {} step comes after other between-turn effects that followed the Special Conditions; other effects go wholly before or wholly after them", c.as_str()),
                    ));
                } else if condition_rank(c) < progress.rank {
                    parts.push(Step::violation(
                        "checkup.order",
                        format!("{} is resolved after a later Special Condition; the order is Poisoned, Burned, Asleep, Paralyzed", c.as_str()),
                    ));
                } else {
                    parts.push(Step::ok(
                        "checkup.order",
                        format!("{} in its place in the Checkup order", c.as_str()),
                    ));
                }
                self.tracker.checkup.rank = self.tracker.checkup.rank.max(condition_rank(c));
                self.tracker.checkup.seen_condition = true;
            }
            _ => {
                if matches!(
                    event,
                    Event::KnockOut { .. }
                        | Event::TookPrizes { .. }
                        | Event::AddedToHand { .. }
                        | Event::Promote { .. }
                        | Event::DiscardFromPokemon { .. }
                ) {
                    // Knock Outs are part of whatever step caused them.
                } else if self.tracker.checkup.seen_condition {
                    self.tracker.checkup.others_after = true;
                }
            }
        }
        if let Event::ConditionDamage {
            count,
            condition,
            owner,
            pokemon,
        } = event
        {
            let (expected, clause) = checkup_counters(*condition).unwrap_or((0, "checkup.order"));
            if expected > 0 {
                if *count == expected {
                    parts.push(Step::ok(
                        clause,
                        format!("{} damage counter(s) for {}", count, condition.as_str()),
                    ));
                } else {
                    let names = self.cards_in_play(None);
                    let word = condition.as_str().to_lowercase();
                    let reason = format!(
                        "{count} damage counter(s) placed on {owner}'s {} for being {}; the rule is {expected}",
                        pokemon.name,
                        condition.as_str()
                    );
                    parts.push(match self.may_change(&names, &[&word[..word.len() - 2]]) {
                        Some(why) => Step::cannot_check(clause, format!("{reason}, but {why}")),
                        None => Step::violation(clause, reason),
                    });
                }
            }
            if *condition == Condition::Burned {
                let prev_coin = index.checked_sub(1).is_some_and(|i| {
                    matches!(
                        self.tracker.lines.log.lines[i].event,
                        Event::CoinFlip { .. }
                    )
                });
                if self.tracker.edition.burn_damage_before_coin() && prev_coin {
                    parts.push(Step::violation(
                        "checkup.burned",
                        "the coin for Burned is flipped before the damage counters are placed; under these rules the damage comes first",
                    ));
                } else if !self.tracker.edition.burn_damage_before_coin() && !prev_coin {
                    parts.push(Step::violation(
                        "checkup.burned",
                        "under these rules a Burned Pokémon takes damage only if the coin flipped first comes up tails",
                    ));
                }
            }
        }
        if let Event::ConditionRemoved {
            condition: Condition::Paralyzed,
            owner,
            ..
        } = event
        {
            let owner = self.player(owner);
            parts.push(self.check_paralysis_end(owner));
        }
        (!parts.is_empty()).then(|| Step::combine(parts))
    }

    /// Paralysis ends at the Checkup after its owner's turn.
    fn check_paralysis_end(&self, owner: Option<PlayerIdx>) -> Step {
        match (owner, self.tracker.state.to_move) {
            (Some(o), Some(t)) if paralysis_ends(o == t, false) => {
                Step::ok("checkup.paralyzed", "Paralysis ends after its owner's turn")
            }
            (Some(_), Some(_)) => Step::violation(
                "checkup.paralyzed",
                "Paralysis ends at the Checkup after its owner's next turn, not after the opponent's",
            ),
            _ => Step::cannot_check("checkup.paralyzed", "cannot tell whose turn just ended"),
        }
    }

    /// At the start of a turn: Paralysis the Checkup should have ended.
    pub(super) fn clear_expired_paralysis(&mut self, ended: PlayerIdx) {
        if let Some(id) = self.tracker.state.players[ended].active
            && self.tracker.state.position(id) == Some(Position::Active)
        {
            let now = self.tracker.state.turn;
            let mon = self.tracker.state.mon_mut(id);
            if let Some(turn) = mon.paralyzed_turn
                && turn < now
            {
                mon.conditions.retain(|c| *c != Condition::Paralyzed);
                mon.paralyzed_turn = None;
            }
        }
    }
}
