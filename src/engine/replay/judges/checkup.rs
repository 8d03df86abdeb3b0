//! Pokémon Checkup: Special Conditions are resolved in the order Poisoned, Burned, Asleep,
//! Paralyzed, with other between-turn effects wholly before or wholly after; Poison places 1
//! damage counter, Burn 2 (then the coin, in the current rules); Paralysis ends after its
//! owner's turn.

use crate::log::{Condition, Depth, Event};

use super::super::super::checkup_order::{checkup_counters, condition_rank, paralysis_ends};
use super::super::super::state::PlayerIdx;
use super::super::super::verdict::Step;
use super::Judging;

/// `checkup.order`, `checkup.poisoned`, `checkup.burned`, `checkup.paralyzed`, …: order and
/// amounts of a line inside a Checkup block (judged before the tracker records its step).
pub fn checkup_line(j: &Judging<'_, '_>) -> Option<Step> {
    let (index, event, depth) = (j.index, j.event, j.line.depth);
    if depth != Depth::Top {
        // Damage an other effect places, shown under a Special Condition step: the other
        // effect's lines are split around the condition steps.
        let parent_is_condition = j.lines.log.lines[..index]
            .iter()
            .rev()
            .find(|l| l.depth == Depth::Top && !matches!(l.event, Event::Blank))
            .is_some_and(|l| matches!(l.event, Event::ConditionDamage { .. }));
        if parent_is_condition
            && j.edition.other_effects_not_mixed()
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
    if let Some(c) = j.lines.checkup_step(index, event)
        && condition_rank(c) > 0
        && j.edition.conditions_ordered()
    {
        let progress = j.tracked.checkup;
        if progress.others_after && j.edition.other_effects_not_mixed() {
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
                let names = j.cards_in_play(None);
                let word = condition.as_str().to_lowercase();
                let reason = format!(
                    "{count} damage counter(s) placed on {owner}'s {} for being {}; the rule is {expected}",
                    pokemon.name,
                    condition.as_str()
                );
                parts.push(
                    match j.cards.may_change(&names, &[&word[..word.len() - 2]]) {
                        Some(why) => Step::cannot_check(clause, format!("{reason}, but {why}")),
                        None => Step::violation(clause, reason),
                    },
                );
            }
        }
        if *condition == Condition::Burned {
            let prev_coin = index
                .checked_sub(1)
                .is_some_and(|i| matches!(j.lines.log.lines[i].event, Event::CoinFlip { .. }));
            if j.edition.burn_damage_before_coin() && prev_coin {
                parts.push(Step::violation(
                    "checkup.burned",
                    "the coin for Burned is flipped before the damage counters are placed; under these rules the damage comes first",
                ));
            } else if !j.edition.burn_damage_before_coin() && !prev_coin {
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
        let owner = j.player(owner);
        parts.push(paralysis_end(j, owner));
    }
    if let Event::ConditionRemoved {
        condition: Condition::Burned,
        ..
    } = event
    {
        parts.extend(burn_recovery(j));
    }
    (!parts.is_empty()).then(|| super::card_text::gate_each(j, parts))
}

/// `checkup.burned`: under the current rules a Burned Pokémon recovers in the Checkup only when
/// the coin flipped after its Burn damage comes up heads. The coin is the last one flipped since
/// the Burn damage line; with no such coin (or several coins at once) nothing is claimed.
fn burn_recovery(j: &Judging<'_, '_>) -> Option<Step> {
    if !j.edition.burn_damage_before_coin() {
        return None;
    }
    let lines = &j.lines.log.lines[..j.index];
    let burn = lines.iter().rposition(|l| {
        matches!(
            l.event,
            Event::ConditionDamage {
                condition: Condition::Burned,
                ..
            }
        )
    })?;
    let coins: Vec<(u32, u32)> = lines[burn + 1..]
        .iter()
        .filter_map(|l| match l.event {
            Event::CoinFlip { flips, heads, .. } => Some((flips, heads)),
            _ => None,
        })
        .collect();
    match coins.as_slice() {
        [(1, 1)] => Some(Step::ok(
            "checkup.burned",
            "the Burn coin came up heads: the Pokémon recovers",
        )),
        [(1, 0)] => Some(Step::violation(
            "checkup.burned",
            "the Pokémon recovers from Burned although the coin flipped after its Burn damage came up tails; it recovers only on heads",
        )),
        _ => None,
    }
}

/// `checkup.paralyzed`: Paralysis ends at the Checkup after its owner's turn.
fn paralysis_end(j: &Judging<'_, '_>, owner: Option<PlayerIdx>) -> Step {
    match (owner, j.state.to_move) {
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
