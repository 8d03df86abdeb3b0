//! Pokémon Checkup: Special Conditions are resolved in the order Poisoned, Burned, Asleep,
//! Paralyzed, with other between-turn effects wholly before or wholly after; Poison places 1
//! damage counter, Burn 2 (then the coin, in the current rules; after a tails coin only, in the
//! older ones); Asleep wakes up on heads; Paralysis ends after its owner's turn.

use crate::log::{Condition, Depth, Event};

use super::super::super::checkup_order::{
    BurnCoin, BurnDamage, Face, asleep_wakes, burn_damage, burn_recovers, checkup_counters,
    condition_rank, paralysis_ends,
};
use super::super::super::state::PlayerIdx;
use super::super::super::verdict::Step;
use super::Judging;
use crate::engine::RuleEdition;

/// `checkup.order`, `checkup.poisoned`, `checkup.burned`, `checkup.asleep`,
/// `checkup.paralyzed`: order, amounts and coins of a line inside a Checkup block (judged
/// before the tracker records its step).
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
                sentence!("a {} step comes after other between-turn effects that followed the Special Conditions; other effects go wholly before or wholly after them", c.as_str()),
            ));
        } else if condition_rank(c) < progress.rank {
            parts.push(Step::violation(
                "checkup.order",
                sentence!("{} is resolved after a later Special Condition; the order is Poisoned, Burned, Asleep, Paralyzed", c.as_str()),
            ));
        } else {
            parts.push(Step::ok(
                "checkup.order",
                sentence!("{} in its place in the Checkup order", c.as_str()),
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
                    sentence!("{} damage counter(s) for {}", count, condition.as_str()),
                ));
            } else {
                let names = j.cards_in_play(None);
                let word = condition.as_str().to_lowercase();
                let reason = sentence!(
                    "{count} damage counter(s) placed on {owner}'s {} for being {}; the rule is {expected}",
                    pokemon.name,
                    condition.as_str()
                );
                parts.push(
                    match j.cards.may_change(&names, &[&word[..word.len() - 2]]) {
                        Some(why) => Step::cannot_check(clause, sentence!("{reason}, but {why}")),
                        None => Step::violation(clause, reason),
                    },
                );
            }
        }
        if *condition == Condition::Burned {
            parts.extend(burn_damage_step(j, owner));
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
        owner,
        ..
    } = event
    {
        parts.extend(burn_recovery(j, owner));
    }
    if let Event::ConditionRemoved {
        condition: Condition::Asleep,
        owner,
        ..
    } = event
    {
        parts.extend(asleep_recovery(j, owner));
    }
    (!parts.is_empty()).then(|| super::card_text::gate_each(j, parts))
}

/// The coin flipped for `owner`'s Pokémon right before this line: the closest earlier top-level
/// line (blank lines skipped), when it is a single coin that `owner` flipped. `None` when there
/// is no such line, or it is several coins or another player's coin.
fn coin_right_before(j: &Judging<'_, '_>, owner: &str) -> Option<Face> {
    one_coin_right_before(j, j.player(owner)?, false)
}

/// The single coin `owner` flipped on the closest earlier line (blank lines skipped; only
/// top-level lines unless `any_depth`, as for the Confusion coin written under its attack).
pub(super) fn one_coin_right_before(
    j: &Judging<'_, '_>,
    owner: PlayerIdx,
    any_depth: bool,
) -> Option<Face> {
    let line = j.lines.log.lines[..j.index]
        .iter()
        .rev()
        .find(|l| (any_depth || l.depth == Depth::Top) && !matches!(l.event, Event::Blank))?;
    owners_coin(j, &line.event, owner).flatten()
}

/// For a coin line of `owner`: `Some` of its face when it is a single coin (`Some(None)` for
/// several). `None` for any other line.
fn owners_coin(j: &Judging<'_, '_>, event: &Event, owner: PlayerIdx) -> Option<Option<Face>> {
    match event {
        Event::CoinFlip {
            player,
            flips,
            heads,
        } if j.player(player) == Some(owner) => Some(Face::of_one(*flips, *heads)),
        _ => None,
    }
}

/// `checkup.burned`: the Burn damage line against the coin flipped for that Pokémon right before
/// it, per edition ([`burn_damage`]): the current rules place the damage before the coin, the
/// older ones after a tails coin only.
fn burn_damage_step(j: &Judging<'_, '_>, owner: &str) -> Option<Step> {
    let coin = coin_right_before(j, owner);
    let title = j.edition.title();
    match burn_damage(j.edition, coin) {
        BurnDamage::InOrder if coin == Some(Face::Tails) => Some(Step::ok(
            "checkup.burned",
            sentence!("the Burn coin came up tails, so the damage counters are placed ({title})"),
        )),
        BurnDamage::InOrder | BurnDamage::NotClaimed => None,
        BurnDamage::CoinCameFirst => Some(Step::violation(
            "checkup.burned",
            sentence!(
                "the coin for Burned is flipped before the damage counters are placed; under the {title} the damage comes first and the coin after it"
            ),
        )),
        BurnDamage::AfterHeads => Some(Step::violation(
            "checkup.burned",
            sentence!(
                "Burn damage counters are placed although the coin flipped for it came up heads; under the {title} a Burned Pokémon takes them only on tails"
            ),
        )),
        BurnDamage::CoinNotShown => Some(Step::cannot_check(
            "checkup.burned",
            sentence!(
                "no coin for Burned is shown right before the damage; under the {title} the damage counters follow only a tails coin, and the log may not show that coin"
            ),
        )),
    }
}

/// `checkup.burned`: a Burned Pokémon that recovers in the Checkup, per edition
/// ([`burn_recovers`]). Under the current rules the coin is the one `owner` flipped after the
/// Pokémon's Burn damage (with no such single coin nothing is claimed); under the older rules
/// the coin never ends the Burn.
fn burn_recovery(j: &Judging<'_, '_>, owner: &str) -> Option<Step> {
    let title = j.edition.title();
    let coin = burn_coin_after_damage(j, owner);
    match burn_recovers(j.edition, coin)? {
        true => Some(Step::ok(
            "checkup.burned",
            "the Burn coin came up heads: the Pokémon recovers",
        )),
        false if j.edition.burn_coin() == BurnCoin::DamageThenCoin => Some(Step::violation(
            "checkup.burned",
            "the Pokémon recovers from Burned although the coin flipped after its Burn damage came up tails; it recovers only on heads",
        )),
        false => Some(Step::violation(
            "checkup.burned",
            sentence!(
                "the Pokémon recovers from Burned in Pokémon Checkup; under the {title} the Burn coin only decides whether damage counters are placed, and Burned lasts until the Pokémon is Benched or evolves"
            ),
        )),
    }
}

/// The single coin `owner` flipped after the last Burn damage line on `owner`'s Pokémon.
fn burn_coin_after_damage(j: &Judging<'_, '_>, owner: &str) -> Option<Face> {
    let p = j.player(owner)?;
    let lines = &j.lines.log.lines[..j.index];
    let burn = lines.iter().rposition(|l| match &l.event {
        Event::ConditionDamage {
            condition: Condition::Burned,
            owner,
            ..
        } => j.player(owner) == Some(p),
        _ => false,
    })?;
    let coins: Vec<Option<Face>> = lines[burn + 1..]
        .iter()
        .filter_map(|l| owners_coin(j, &l.event, p))
        .collect();
    match coins.as_slice() {
        [face] => *face,
        _ => None,
    }
}

/// `checkup.asleep`: an Asleep Pokémon that wakes up in the Checkup must follow a heads coin
/// flipped for it right before ([`asleep_wakes`]); with no such coin shown nothing is claimed
/// (an effect may have woken it).
fn asleep_recovery(j: &Judging<'_, '_>, owner: &str) -> Option<Step> {
    let coin = coin_right_before(j, owner);
    Some(match asleep_wakes(j.edition, coin)? {
        true => Step::ok(
            "checkup.asleep",
            "the coin for Asleep came up heads: the Pokémon wakes up",
        ),
        false => Step::violation(
            "checkup.asleep",
            sentence!(
                "the Pokémon wakes up although the coin flipped for Asleep came up tails; under the {} it wakes up only on heads and otherwise stays Asleep",
                j.edition.title()
            ),
        ),
    })
}

/// `checkup.paralyzed`: Paralysis ends at the Checkup after its owner's turn.
fn paralysis_end(j: &Judging<'_, '_>, owner: Option<PlayerIdx>) -> Step {
    // The 2018 Advanced Players' Rulebook does not say when Paralysis ends (A-01 1b, A-03 1b,
    // I.F): nothing is claimed under it.
    if j.edition == RuleEdition::Apr2018 {
        return Step::cannot_check(
            "checkup.paralyzed",
            "the 2018 Advanced Players' Rulebook does not say when Paralysis ends",
        );
    }
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
