//! Attacks: no attack on the first turn of the player who went first, not while Asleep or
//! Paralyzed, only the Active Pokémon attacks, the Pokémon has the attack, its Energy pays the
//! cost (what each Energy provides, Special Energy conditions included), and GX attacks and
//! VSTAR Powers once per game.

use crate::cards::can_pay;
use crate::log::Condition::{Asleep, Paralyzed};
use crate::log::Event;

use super::super::super::cardinfo::UseKind;
use super::super::super::facts;
use super::super::super::state::{PlayerIdx, PokemonId, Position};
use super::super::super::verdict::Step;
use super::{Judging, turn_limits};

mod energy;

use energy::{AttachedEnergy, Doubling, energy_on};

/// A `used` line (judged before it): an attack is judged as one ([`attack`]); an Ability only
/// for the once-per-game VSTAR Power.
pub fn used(j: &Judging<'_, '_>) -> Step {
    let (Some(p), Event::Use { name, .. }) = (j.resolved.player, j.event) else {
        return Step::info("");
    };
    match (j.resolved.use_kind, j.resolved.pokemon.id()) {
        (Some(UseKind::Attack), _) => attack(j),
        (Some(UseKind::Ability), Some(id)) => once_per_game(j, p, id, name),
        _ => Step::info(""),
    }
}

/// `turn.first-player-no-attack`, `attack.asleep-paralyzed`, `attack.active-only`,
/// `attack.has-attack`, `attack.energy-cost`, `energy.special`, `attack.gx-once`,
/// `attack.vstar-once`: the Pokémon a `used` or attack line names uses the attack (judged
/// before the line). An attack an effect makes it use (a sub-line) is judged only for once per
/// game: the cost and "has the attack" checks are then the effect's business.
pub fn attack(j: &Judging<'_, '_>) -> Step {
    let (attacker, name) = match j.event {
        Event::Use { name, .. } => (j.resolved.pokemon.id(), name.as_str()),
        Event::Attack(a) => (j.resolved.attacker.id(), a.attack.as_str()),
        _ => return Step::info(""),
    };
    let Some(p) = j.resolved.player else {
        return Step::info("");
    };
    let direct = j.top_level();
    let mut parts = Vec::new();
    parts.extend(turn_limits::first_player_no_attack(j));
    let Some(id) = attacker else {
        return super::card_text::gate_each(j, parts);
    };
    let mon = j.state.mon(id);
    // What each Energy card on it provides, read once for the cost check and the card-text gate.
    let attached = AttachedEnergy::read(j, id, Doubling::Unread);
    if direct {
        for c in [Asleep, Paralyzed] {
            if c == Asleep && mon.has(c) && mon.may_have_woken {
                parts.push(Step::cannot_check(
                    "attack.asleep-paralyzed",
                    sentence!("{} was Asleep, but its owner flipped heads in a Pokémon Checkup since it fell Asleep, which may have woken it up", mon.name()),
                ));
            } else if mon.has(c) {
                parts.push(Step::violation(
                    "attack.asleep-paralyzed",
                    sentence!("{} is {} and cannot attack", mon.name(), c.as_str()),
                ));
            }
        }
        match j.state.position(id) {
            Some(Position::Active) => parts.push(Step::ok("attack.active-only", "")),
            _ => parts.push(Step::cannot_check(
                "attack.active-only",
                sentence!(
                    "{} is not the Active Pokémon as far as the log shows",
                    mon.name()
                ),
            )),
        }
        parts.push(has_attack_and_cost(j, id, name, &attached));
        // The attack is replayed in its steps' order: Confusion, what its text does before
        // damage, the damage, then the rest of its text.
        parts.push(Step::ok("attack.steps", ""));
    }
    parts.push(once_per_game(j, p, id, name));
    // The Special Energy whose provision the cost check worked out there (its printed
    // conditions evaluated): what it provides is no doubt.
    let evaluated: Vec<(crate::log::Text, String)> = mon
        .energy
        .iter()
        .filter(|e| crate::cards::basic_energy_type(e).is_none() && attached.reading(e).is_ok())
        .map(|e| (e.clone(), String::new()))
        .collect();
    super::card_text::gate_each_modelled(j, parts, &evaluated)
}

/// `attack.has-attack`, `attack.energy-cost`, `energy.special`: the Pokémon has the attack and
/// its Energy pays the cost.
fn has_attack_and_cost(
    j: &Judging<'_, '_>,
    id: PokemonId,
    name: &str,
    attached: &AttachedEnergy<'_>,
) -> Step {
    let mon = j.state.mon(id);
    // The prints this Pokémon can be, given what it was already seen to use.
    let prints = match j.prints_of(id) {
        Ok(p) => p,
        Err(why) => {
            return Step::cannot_check(
                "attack.has-attack",
                sentence!("cannot check the attack: {why}"),
            );
        }
    };
    let attack = match facts::attack(&prints, name) {
        Ok(Some(a)) => a,
        Ok(None) => {
            // A violation only when earlier uses in this log pinned the print down: otherwise
            // the card may be a newer print the data does not have.
            let names = j.cards_in_play(Some(&[id]));
            let stack: Vec<crate::log::Text> = mon.stack.clone();
            let why = j
                .cards.may_change(&names, &["attack"])
                .or_else(|| j.cards.may_change(&stack, &["attacks of", "attack of"]))
                .or_else(|| {
                    mon.uses.is_empty().then(|| {
                        "the card data may lack the print this Pokémon is (nothing it used earlier pins the print down)"
                            .to_string()
                    })
                });
            return match why {
                Some(why) => Step::cannot_check(
                    "attack.has-attack",
                    sentence!(
                        "no print of {} in the card data has the attack {name}: {why}",
                        mon.name()
                    ),
                ),
                None => Step::violation(
                    "attack.has-attack",
                    sentence!(
                        "{} (the print that has {}) has no attack called {name}",
                        mon.name(),
                        mon.uses.join(", ")
                    ),
                ),
            };
        }
        // The prints disagree on the attack: those the game client carries may agree, which
        // decides an `ok`, never a violation (an older print may be the one played).
        Err(why) => {
            let pool = j.cards.client_pool(prints.clone());
            return match facts::attack(&pool, name) {
                Ok(Some(a)) if pool.len() < prints.len() => {
                    let mut step = attack_cost(j, id, name, a, attached);
                    if step.verdict == crate::engine::Verdict::Ok {
                        step.message = sentence!(
                            "{} (the prints of {} from Sword & Shield on, the card pool of Pokémon TCG Live, agree on {name}; an older print has it otherwise)",
                            step.message,
                            j.state.mon(id).name()
                        );
                        step
                    } else {
                        Step::cannot_check("attack.has-attack", why)
                    }
                }
                _ => Step::cannot_check("attack.has-attack", why),
            };
        }
    };
    attack_cost(j, id, name, attack, attached)
}

/// `attack.has-attack`, `attack.energy-cost`, `energy.special`: the Pokémon has `attack`
/// (read from its prints) and its Energy pays the cost.
fn attack_cost(
    j: &Judging<'_, '_>,
    id: PokemonId,
    name: &str,
    attack: &crate::cards::Attack,
    attached: &AttachedEnergy<'_>,
) -> Step {
    let mon = j.state.mon(id);
    let has = Step::ok("attack.has-attack", sentence!("{} has {name}", mon.name()));
    // The cost: what the attached Energy provides must pay it. Read first without the Ability
    // that may make a basic Energy provide two (see [`Doubling`]): only a cost that reading does
    // not pay needs it.
    let (provided, unknown, read_by_name) = attached.provisions(j);
    let mut pays = can_pay(&attack.cost, &provided);
    if attached.has_basic && !pays {
        let provided = AttachedEnergy::read(j, id, Doubling::Read).provisions(j).0;
        pays = can_pay(&attack.cost, &provided);
    }
    // Energy whose provision is unknown can only add to what pays the cost: if the rest
    // pays it, it is paid.
    if !unknown.is_empty() && !pays {
        return Step::combine(vec![
            has,
            Step::cannot_check("energy.special", unknown.join("; ")),
        ]);
    }
    let cost = &attack.cost;
    let symbols: Vec<&str> = cost.iter().map(|t| t.as_str()).collect();
    if pays {
        let attached = if mon.energy.is_empty() {
            "no Energy".to_string()
        } else {
            mon.energy.join(", ")
        };
        let note = if read_by_name.is_empty() {
            String::new()
        } else {
            sentence!(" ({})", read_by_name.join("; "))
        };
        return Step::combine(vec![
            has,
            with_cost(Step::ok(
                "attack.energy-cost",
                sentence!(
                    "{name} costs {}; attached: {attached}{note}",
                    cost_words(&symbols)
                ),
            )),
        ]);
    }
    // Other cards in play may change costs or what Energy provides (an Energy's own
    // conditions were evaluated above).
    let names: Vec<crate::log::Text> = j
        .cards_in_play(None)
        .into_iter()
        .filter(|n| !n.ends_with("Energy"))
        .collect();
    // The tracker was unsure which of two Pokémon of one name took some Energy; the attack's
    // own sub-lines may show Energy discarded from the attacker, which it therefore had when
    // the attack was declared.
    if mon.uncertain
        && let Some(shown) = discarded_by_attack(j, mon.owner, mon.name())
    {
        let mut shown_provided = Vec::new();
        for e in &shown {
            if let Ok(p) = energy_on(j, id, e) {
                shown_provided.push(p);
            }
        }
        if can_pay(cost, &shown_provided) {
            return Step::combine(vec![
                has,
                with_cost(Step::ok(
                    "attack.energy-cost",
                    sentence!(
                        "{name} costs {}; the attack's own lines show {} discarded from {}, so it had them attached (the lines before did not show which {} had which Energy)",
                        cost_words(&symbols),
                        shown.join(", "),
                        mon.name(),
                        mon.name()
                    ),
                )),
            ]);
        }
    }
    let cost_note = j
        .cards
        .may_change_except(&names, &["cost", "provides"], &["retreat cost"])
        .or_else(|| {
            mon.uncertain.then(|| {
                "an earlier line left it unclear which Energy is attached to it".to_string()
            })
        });
    let step = match cost_note {
        Some(why) => Step::cannot_check(
            "attack.energy-cost",
            sentence!(
                "{name} costs {} and the Energy the log shows on {} ({}) does not pay it, but {why}",
                cost_words(&symbols),
                mon.name(),
                if mon.energy.is_empty() {
                    "none".to_string()
                } else {
                    mon.energy.join(", ")
                }
            ),
        ),
        None => Step::violation(
            "attack.energy-cost",
            sentence!(
                "{name} costs {}; {} has {} attached, which does not pay it",
                cost_words(&symbols),
                mon.name(),
                if mon.energy.is_empty() {
                    "no Energy".to_string()
                } else {
                    mon.energy.join(", ")
                }
            ),
        ),
    };
    Step::combine(vec![has, with_cost(step)])
}

/// An attack's cost as a judge reads it: "[Water Colorless]", or "nothing".
/// Written in place: joining the symbols and formatting them built two strings for each attack.
fn cost_words(symbols: &[&str]) -> String {
    if symbols.is_empty() {
        return "nothing".to_string();
    }
    let mut words = String::with_capacity(1 + symbols.iter().map(|s| s.len() + 1).sum::<usize>());
    words.push('[');
    for (i, symbol) in symbols.iter().enumerate() {
        if i > 0 {
            words.push(' ');
        }
        words.push_str(symbol);
    }
    words.push(']');
    words
}

/// The cost check's sentence, also as the explanation's own cost sentence.
fn with_cost(step: Step) -> Step {
    let cost = step.message.clone();
    step.explained(crate::engine::explanation::Explanation {
        cost: Some(cost),
        ..Default::default()
    })
}

/// GX attacks and VSTAR Powers: once per game per player.
fn once_per_game(j: &Judging<'_, '_>, p: PlayerIdx, id: PokemonId, name: &str) -> Step {
    let pname = &j.state.players[p].name;
    let gx = name.ends_with("GX") || name.ends_with("-GX");
    let vstar = is_vstar_power(j, id, name);
    if gx {
        if j.state.players[p].gx_attack_used {
            return Step::violation(
                "attack.gx-once",
                sentence!("{pname} already used a GX attack this game"),
            );
        }
        return Step::ok(
            "attack.gx-once",
            sentence!("{pname}'s GX attack for the game"),
        );
    }
    if vstar {
        if j.state.players[p].vstar_power_used {
            return Step::violation(
                "attack.vstar-once",
                sentence!("{pname} already used a VSTAR Power this game"),
            );
        }
        return Step::ok(
            "attack.vstar-once",
            sentence!("{pname}'s VSTAR Power for the game"),
        );
    }
    Step::info("")
}

fn is_vstar_power(j: &Judging<'_, '_>, id: PokemonId, name: &str) -> bool {
    // Only Pokémon VSTAR have a VSTAR Power.
    if !j.state.mon(id).name().ends_with("VSTAR") {
        return false;
    }
    let Ok(prints) = j.prints_of(id) else {
        return false;
    };
    prints.iter().any(|c| {
        c.attack(name)
            .is_some_and(|a| a.text.contains("VSTAR Power"))
            || c.ability(name).is_some_and(|a| {
                a.text.contains("VSTAR Power") || a.kind.as_str().contains("VSTAR")
            })
    })
}

/// The Energy cards the sub-lines of the attack on line `j.index` show discarded from the
/// attacking Pokémon (`owner`'s `name`), before any sub-line attaches or moves a card: cards it
/// had attached when the attack was declared. `None` when the lines show none.
fn discarded_by_attack(
    j: &Judging<'_, '_>,
    owner: PlayerIdx,
    name: &str,
) -> Option<Vec<crate::log::Text>> {
    use crate::log::Depth;
    let lines = &j.lines.log.lines;
    let owner_name = j.state.players[owner].name.as_str();
    let mut shown = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(j.index + 1) {
        if line.depth == Depth::Top && !matches!(line.event, Event::CardList { .. }) {
            break;
        }
        match &line.event {
            Event::Attach { .. } | Event::Move { .. } => break,
            Event::DiscardFromPokemon {
                owner: o,
                pokemon,
                card,
            } if o.as_str() == owner_name && pokemon.name.as_str() == name => {
                if let Some(names) = j.lines.cards_named(i, card) {
                    shown.extend(names.into_iter().cloned());
                }
            }
            _ => {}
        }
    }
    shown.retain(|c| c.ends_with("Energy"));
    (!shown.is_empty()).then_some(shown)
}

#[cfg(test)]
mod tests {
    use crate::cards::{EnergyKinds, EnergyProvision, EnergyType, can_pay};

    /// The cost as a judge writes it, as joining and formatting wrote it.
    #[test]
    fn cost_words_are_the_symbols_in_brackets() {
        assert_eq!(super::cost_words(&[]), "nothing");
        assert_eq!(super::cost_words(&["Fire"]), "[Fire]");
        assert_eq!(
            super::cost_words(&["Water", "Colorless", "Colorless"]),
            format!("[{}]", ["Water", "Colorless", "Colorless"].join(" "))
        );
    }

    /// What [`super::Doubling::Unread`] relies on: a basic Energy that provides two instead of
    /// one never makes a paid cost unpaid, so a cost the single reading pays is paid whatever
    /// an Ability does.
    #[test]
    fn a_second_unit_never_unpays_a_cost() {
        use EnergyType::*;
        let costs: Vec<Vec<EnergyType>> = vec![
            vec![],
            vec![Colorless],
            vec![Fire],
            vec![Fire, Colorless],
            vec![Fire, Fire],
            vec![Fire, Water, Colorless],
            vec![Water, Water, Colorless, Colorless],
            vec![Grass, Fire, Water],
        ];
        let cards = [
            EnergyProvision::basic(Fire),
            EnergyProvision::basic(Water),
            EnergyProvision::basic(Grass),
            EnergyProvision {
                count: 1,
                kinds: EnergyKinds::AnyOf(vec![Fire, Water]),
            },
            EnergyProvision {
                count: 2,
                kinds: EnergyKinds::Only(Colorless),
            },
        ];
        // Every list of up to three of those cards.
        let mut lists: Vec<Vec<EnergyProvision>> = vec![vec![]];
        for _ in 0..3 {
            let longer: Vec<Vec<EnergyProvision>> = lists
                .iter()
                .flat_map(|l| {
                    cards.iter().map(move |c| {
                        let mut l = l.clone();
                        l.push(c.clone());
                        l
                    })
                })
                .collect();
            lists.extend(longer);
        }
        let mut checked = 0;
        for cost in &costs {
            for list in &lists {
                if !can_pay(cost, list) {
                    continue;
                }
                for at in 0..list.len() {
                    let mut doubled = list.clone();
                    doubled[at].count = 2;
                    assert!(can_pay(cost, &doubled), "{cost:?} {list:?} doubled at {at}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100);
    }
}
