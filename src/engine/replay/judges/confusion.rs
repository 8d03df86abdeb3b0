//! A Confused Pokémon's failed attack: the coin before the attack came up tails, and the
//! Pokémon puts damage on itself, as much as the edition says.

use crate::log::{Condition, Event};

use super::super::super::card_era::ex_series_card;
use super::super::super::checkup_order::Face;
use super::super::super::confusion::{ConfusionSelfDamage, confusion_counters};
use super::super::super::verdict::Step;
use super::Judging;
use super::checkup::one_coin_right_before;

/// `checkup.confused`: `N damage counters were placed on X's Y for the Special Condition
/// Confused.` (judged before it): Y is its owner's Active Pokémon and Confused, the coin flipped
/// right before the line is its owner's and came up tails (on heads the attack works normally),
/// and N is the edition's number ([`confusion_counters`]).
pub fn self_damage(j: &Judging<'_, '_>) -> Option<Step> {
    let Event::ConditionDamage {
        count,
        owner,
        pokemon,
        condition: Condition::Confused,
    } = j.event
    else {
        return None;
    };
    let clause = "checkup.confused";
    let p = j.player(owner)?;
    let Some(id) = j.state.players[p].active else {
        return Some(Step::cannot_check(
            clause,
            sentence!("{owner} has no Active Pokémon as far as the log shows"),
        ));
    };
    let mon = j.state.mon(id);
    if mon.name() != pokemon.name || mon.uncertain || !mon.has(Condition::Confused) {
        return Some(Step::cannot_check(
            clause,
            sentence!(
                "the verifier does not have {owner}'s {} as a Confused Active Pokémon",
                pokemon.name
            ),
        ));
    }
    let title = j.edition.title();
    match one_coin_right_before(j, p, true) {
        None => {
            return Some(Step::cannot_check(
                clause,
                "no single coin of its owner is shown right before the Confusion damage; only tails on the Confusion coin makes the attack fail",
            ));
        }
        Some(Face::Heads) => {
            return Some(Step::violation(
                clause,
                sentence!(
                    "{} puts Confusion damage on itself although the coin flipped before it came up heads; on heads a Confused Pokémon's attack works normally",
                    pokemon.name
                ),
            ));
        }
        Some(Face::Tails) => {}
    }
    let names: Vec<&str> = j.state.pokemon.iter().map(|m| m.name()).collect();
    let dated = ex_series_card(j.db(), names.iter().copied());
    let Some(expected) = confusion_counters(j.edition, dated.is_some()) else {
        let ConfusionSelfDamage::Damage {
            from_ex_series,
            before,
        } = j.edition.confusion_self_damage()
        else {
            return None;
        };
        return Some(Step::cannot_check(
            clause,
            sentence!(
                "under the {title} a failed Confused attack does {from_ex_series} damage from the EX-series expansions on and {before} before them, and no card of this game was printed only from then on"
            ),
        ));
    };
    let amount = match j.edition.confusion_self_damage() {
        ConfusionSelfDamage::Counters(_) => sentence!("{expected} damage counters"),
        ConfusionSelfDamage::Damage { from_ex_series, .. } => sentence!(
            "{from_ex_series} damage, with no Weakness or Resistance ({expected} damage counters; a card of this game, {}, dates it from the EX series on)",
            dated.unwrap_or_default()
        ),
    };
    if *count == expected {
        return Some(Step::ok(
            clause,
            sentence!(
                "tails on the Confusion coin: the attack fails and {} takes {amount} under the {title}",
                pokemon.name
            ),
        ));
    }
    let reason = sentence!(
        "{count} damage counter(s) placed on {} for being Confused; under the {title} a failed Confused attack does {amount}",
        pokemon.name
    );
    Some(
        match j.cards.may_change(&j.cards_in_play(None), &["confus"]) {
            Some(why) => Step::cannot_check(clause, sentence!("{reason}, but {why}")),
            None => Step::violation(clause, reason),
        },
    )
}
