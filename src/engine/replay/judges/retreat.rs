//! Retreating: once per turn, not while Asleep or Paralyzed, paying the Retreat Cost with the
//! Energy the lines after it discard.

use crate::log::{CardRef, Condition, Depth, Event, Text};

use super::super::super::facts;
use super::super::super::state::PokemonId;
use super::super::super::verdict::Step;
use super::{Judging, turn_limits};

/// `turn.retreat-once`, `retreat.asleep-paralyzed`, `retreat.cost`: the Active Pokémon retreats
/// (run before the line).
pub fn retreat(j: &Judging<'_, '_>) -> Step {
    let Some(id) = j.resolved.pokemon.id() else {
        return Step::info("");
    };
    let mon = j.state.mon(id);
    let mut parts = Vec::new();
    parts.extend(turn_limits::retreat_once(j));
    for c in [Condition::Asleep, Condition::Paralyzed] {
        if mon.has(c) {
            parts.push(Step::violation(
                "retreat.asleep-paralyzed",
                format!("{} is {} and cannot retreat", mon.name(), c.as_str()),
            ));
        }
    }
    parts.push(retreat_cost(j, id));
    Step::combine(parts)
}

/// `retreat.cost`: the Energy discarded by the sub-lines right after the retreat pays the
/// Retreat Cost.
fn retreat_cost(j: &Judging<'_, '_>, id: PokemonId) -> Step {
    let mon = j.state.mon(id);
    let cost = match j.prints_of(id).and_then(|p| facts::retreat_cost(&p)) {
        Ok(c) => c,
        Err(why) => {
            return Step::cannot_check("retreat.cost", format!("Retreat Cost unknown: {why}"));
        }
    };
    // The Energy discarded by the sub-lines right after the retreat.
    let mut discarded: Vec<Text> = Vec::new();
    let mut pending_list = false;
    for line in j.lines.log.lines.iter().skip(j.index + 1) {
        if line.depth == Depth::Top {
            break;
        }
        match &line.event {
            Event::DiscardFromPokemon { pokemon, card, .. } if pokemon.name == mon.name() => {
                match card {
                    CardRef::Named { card } => discarded.push(card.name.clone()),
                    CardRef::Hidden { .. } => pending_list = true,
                }
            }
            Event::CardList { cards } if pending_list => {
                discarded.extend(cards.iter().map(|c| c.name.clone()));
                pending_list = false;
            }
            _ => {}
        }
    }
    let mut paid = 0u32;
    for name in &discarded {
        match facts::energy_provision(j.db(), name) {
            Ok(p) => paid += p.count,
            Err(_) if !name.contains("Energy") => {}
            Err(why) => {
                return Step::cannot_check(
                    "retreat.cost",
                    format!("cannot count the Energy paid: {why}"),
                );
            }
        }
    }
    let cost = cost as u32;
    if paid >= cost {
        return Step::ok(
            "retreat.cost",
            format!("Retreat Cost {cost} paid with {paid} Energy discarded"),
        );
    }
    let names = j.cards_in_play(None);
    if let Some(why) = j.cards.may_change(&names, &["retreat"]) {
        return Step::cannot_check(
            "retreat.cost",
            format!(
                "{paid} Energy discarded for a Retreat Cost of {cost}, but a card may change the cost: {why}"
            ),
        );
    }
    Step::violation(
        "retreat.cost",
        format!(
            "{} has a Retreat Cost of {cost} but only {paid} Energy was discarded to retreat it",
            mon.name()
        ),
    )
}
