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
        if c == Condition::Asleep && mon.has(c) && mon.may_have_woken {
            parts.push(Step::cannot_check(
                "retreat.asleep-paralyzed",
                sentence!("{} was Asleep, but its owner flipped heads in a Pokémon Checkup since it fell Asleep, which may have woken it up", mon.name()),
            ));
        } else if mon.has(c) {
            parts.push(Step::violation(
                "retreat.asleep-paralyzed",
                sentence!("{} is {} and cannot retreat", mon.name(), c.as_str()),
            ));
        }
    }
    parts.push(retreat_cost(j, id));
    super::card_text::gate_each(j, parts)
}

/// `retreat.cost`: the Energy discarded by the sub-lines right after the retreat pays the
/// Retreat Cost.
fn retreat_cost(j: &Judging<'_, '_>, id: PokemonId) -> Step {
    let mon = j.state.mon(id);
    // The prints the Pokémon may be may disagree on the Retreat Cost: the highest is what
    // certainly pays it, the lowest what a violation needs.
    // The highest among the prints the game client carries is what an `ok` needs (see
    // `CardFacts::client_pool`).
    let (cost, highest, highest_any) = match j.prints_of(id) {
        Ok(p) if !p.is_empty() => {
            let costs = p.iter().map(|c| c.retreat_cost.len());
            let client = j.cards.client_pool(p.clone());
            let live = client.iter().map(|c| c.retreat_cost.len()).max();
            let highest_any = costs.clone().max().unwrap_or(0);
            (
                costs.min().unwrap_or(0),
                live.unwrap_or(highest_any),
                highest_any,
            )
        }
        Ok(_) => {
            return Step::cannot_check("retreat.cost", "Retreat Cost unknown: no print");
        }
        Err(why) => {
            return Step::cannot_check("retreat.cost", sentence!("Retreat Cost unknown: {why}"));
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
                    sentence!("cannot count the Energy paid: {why}"),
                );
            }
        }
    }
    let printed = cost as u32;
    let (cost, how) = match modelled_cost(j, id, printed) {
        Ok(c) => c,
        Err(why) => {
            return Step::cannot_check(
                "retreat.cost",
                sentence!("{paid} Energy discarded for a printed Retreat Cost of {printed}: {why}"),
            );
        }
    };
    let most = match modelled_cost(j, id, highest as u32) {
        Ok((c, _)) => c,
        Err(why) => return Step::cannot_check("retreat.cost", why),
    };
    if paid >= most {
        let pool = if highest < highest_any {
            sentence!(
                " (every print of {} from Sword & Shield on, the card pool of Pokémon TCG Live, has {highest}; an older one has {highest_any})",
                mon.name()
            )
        } else {
            String::new()
        };
        return Step::ok(
            "retreat.cost",
            sentence!("Retreat Cost {most}{how} paid with {paid} Energy discarded{pool}"),
        );
    }
    // The prints disagree and the log does not show which one this is: each is a reading,
    // and the retreat is consistent with the ones whose cost was paid.
    if paid >= cost {
        return Step::ok(
            "retreat.cost",
            sentence!(
                "Retreat Cost {cost}{how} paid with {paid} Energy discarded, if this {} is a print with a Retreat Cost of {printed} (its prints have {printed} to {highest}; the log does not show which one this is)",
                mon.name()
            ),
        );
    }
    let names: Vec<Text> = j
        .cards_in_play(None)
        .into_iter()
        .filter(|n| !MODELLED.contains(&n.as_str()))
        .collect();
    if let Some(why) = j.cards.may_change(&names, &["retreat"]) {
        return Step::cannot_check(
            "retreat.cost",
            sentence!(
                "{paid} Energy discarded for a Retreat Cost of {cost}, but a card may change the cost: {why}"
            ),
        );
    }
    Step::violation(
        "retreat.cost",
        sentence!(
            "{} has a Retreat Cost of {cost} but only {paid} Energy was discarded to retreat it",
            mon.name()
        ),
    )
}

/// The cards whose change to the Retreat Cost [`modelled_cost`] computes exactly.
pub const MODELLED: &[&str] = &["Air Balloon", "Float Stone", "Rescue Board", "Latias ex"];

/// The Retreat Cost after the changes modelled exactly, and how it was reached: Air Balloon
/// ([C][C] less), Float Stone (none), Rescue Board ([C] less, none at 30 HP or less remaining)
/// on the retreating Pokémon, and Latias ex's Skyliner (the owner's Basic Pokémon have none).
/// `Err` when a modelled condition cannot be decided (the remaining HP is not known).
fn modelled_cost(
    j: &Judging<'_, '_>,
    id: PokemonId,
    printed: u32,
) -> Result<(u32, String), String> {
    let mon = j.state.mon(id);
    let mut cost = printed;
    let mut how = Vec::new();
    let owner = mon.owner;
    let skyliner = j.state.players[owner]
        .in_play()
        .any(|o| j.state.mon(o).name() == "Latias ex");
    if skyliner
        && j.prints_of(id)
            .and_then(|p| facts::stage(&p))
            .is_ok_and(|s| matches!(s, crate::cards::Stage::Basic | crate::cards::Stage::Baby))
    {
        cost = 0;
        how.push("Latias ex's Skyliner: Basic Pokémon have none".to_string());
    }
    for tool in &mon.tools {
        match tool.as_str() {
            "Float Stone" => {
                cost = 0;
                how.push("Float Stone: none".to_string());
            }
            "Air Balloon" => {
                cost = cost.saturating_sub(2);
                how.push("Air Balloon: 2 less".to_string());
            }
            "Rescue Board" => {
                let (lo, hi) = j.cards.hp_bounds(j.state, id)?;
                let remaining = |hp: i32| hp - mon.damage;
                if remaining(hi) <= 30 {
                    cost = 0;
                    how.push("Rescue Board: none at 30 HP or less remaining".to_string());
                } else if remaining(lo) > 30 {
                    cost = cost.saturating_sub(1);
                    how.push("Rescue Board: 1 less".to_string());
                } else {
                    return Err(sentence!(
                        "Rescue Board removes it if {} has 30 HP or less remaining, and its prints disagree on its HP",
                        mon.name()
                    ));
                }
            }
            _ => {}
        }
    }
    let how = if how.is_empty() {
        String::new()
    } else {
        sentence!(" (printed {printed}; {})", how.join("; "))
    };
    Ok((cost, how))
}
