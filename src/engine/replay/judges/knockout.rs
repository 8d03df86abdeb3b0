//! Knock Outs: a Pokémon is Knocked Out exactly when its damage reaches its HP, and every
//! Pokémon whose damage reached its HP is Knocked Out in its window.

use crate::log::Event;

use super::super::super::resolve;
use super::super::super::state::{PlayerIdx, PokemonId};
use super::super::super::verdict::Step;
use super::super::tracker::Source;
use super::Judging;
use super::hp::{Hp, ReadTexts, hp_of, hp_text, surely_at_hp, surely_at_hp_reading};

/// A Knock Out line: the Pokémon's damage has reached its HP. When lines that damaged
/// Pokémon of this name could have meant another one, the damage lies in a range; the Knock
/// Out is consistent when the highest reading reaches the HP (the message says under which
/// reading), and wrong only when even the highest does not.
///
/// `knockout.at-hp`: judged before the line, on the Pokémon it resolved to.
pub fn knock_out(j: &Judging<'_, '_>) -> Step {
    let Some(id) = j.resolved.pokemon.id() else {
        return Step::info("");
    };
    let index = j.index;
    let mon = j.state.mon(id);
    let mut parts = Vec::new();
    // Damage counters a triggered effect puts on it in the same window, written after the
    // Knock Out line (the client writes the Knock Out first; the rules check it after).
    let later = counters_written_after(j, id);
    let least = mon.damage - mon.doubtful_damage + later;
    let most = mon.damage.saturating_add(mon.missing_damage) + later;
    let name = mon.name();
    let self_knock_out = knocks_out_its_user(j, id);
    let hp = hp_of(j, id);
    // The cards read exactly into the HP (a Tool's "+100 HP"): said with the HP, and not
    // doubted again by the card-text gate.
    let (raised, read) = match &hp {
        Ok(h) => (
            h.raised
                .as_ref()
                .map(|r| sentence!(" ({r})"))
                .unwrap_or_default(),
            h.read.clone(),
        ),
        Err(_) => (String::new(), Vec::new()),
    };
    match hp {
        Ok(Hp { hi, may_raise: Some(why), .. }) if most >= hi => parts.push(Step::cannot_check(
            "knockout.at-hp",
            sentence!("{name} has {most} damage and {hi} HP, but a card may raise its HP: {why}"),
        )),
        Ok(Hp { lo, may_lower: Some(why), .. }) if most < lo => parts.push(Step::cannot_check(
            "knockout.at-hp",
            sentence!("{name} has {most} damage and {lo} HP, but a card may lower its HP: {why}"),
        )),
        Ok(Hp { hi, hi_any, .. }) if least >= hi => parts.push(Step::ok(
            "knockout.at-hp",
            sentence!(
                "{name} has {} damage{} and {} HP{raised}",
                mon.damage + later,
                if later > 0 {
                    sentence!(" ({later} from the damage counters a line after this one puts on it, which the rules place before the Knock Out)")
                } else {
                    String::new()
                },
                hp_text(j, id, hi, hi_any)
            ),
        )),
        Ok(Hp { hi, hi_any, .. }) if most >= hi => parts.push(Step::ok(
            "knockout.at-hp",
            sentence!(
                "{name} reaches its {} HP if the damage lines that could mean either Pokémon named {name} meant this one ({most} damage)",
                hp_text(j, id, hi, hi_any)
            ),
        )),
        Ok(Hp { lo, .. }) if most < lo && self_knock_out.is_some() => parts.push(Step::ok(
            "card-text.overrides-rules",
            self_knock_out.unwrap_or_default(),
        )),
        Ok(Hp { lo, .. }) if most < lo => {
            let effect = j
                .tracked.action
                .effect
                .as_ref()
                .is_some_and(|e| e.lower().contains("knocked out"));
            let unknown_effect = j.tracked.action.effect.is_none() && !matches!(j.tracked.action.source, Source::None);
            if effect || unknown_effect {
                parts.push(Step::cannot_check(
                    "knockout.at-hp",
                    sentence!("{name} has {most} damage and {lo} HP; an effect may Knock it Out"),
                ));
            } else {
                parts.push(Step::violation(
                    "knockout.at-hp",
                    sentence!("{name} is Knocked Out with {most} damage but has {lo} HP{raised}; it needs {} more", lo - most),
                ));
            }
        }
        // The prints disagree and the log does not show which one this is: each is a reading,
        // and the Knock Out is consistent with the ones whose HP the damage reached.
        Ok(Hp { lo, hi, may_raise: Some(why), .. }) => parts.push(Step::cannot_check(
            "knockout.at-hp",
            sentence!(
                "{name} has {most} damage; its prints have {lo} to {hi} HP, and a card may raise its HP: {why}"
            ),
        )),
        Ok(Hp { lo, hi, .. }) => parts.push(Step::ok(
            "knockout.at-hp",
            sentence!(
                "{name} has {most} damage: it reaches its HP if it is a print with {lo} to {most} HP (its prints have {lo} to {hi} HP; the log does not show which one this is)"
            ),
        )),
        Err(why) => parts.push(Step::cannot_check("knockout.at-hp", sentence!("cannot check the HP of {name}: {why}"))),
    }
    if parts
        .iter()
        .any(|p| p.verdict == crate::engine::Verdict::Ok && p.clauses.contains(&"knockout.at-hp"))
    {
        parts.push(Step::applied(
            "hp.maximum-remaining",
            "the damage is compared with the maximum HP (the printed HP as effects in force change it)",
        ));
    }
    if let Some(s) = missing_knock_outs(j, index, Some(id)) {
        parts.push(s);
    }
    super::card_text::gate_each_modelled(j, parts, &read)
}

/// [`missing_knock_outs`]: player `p`'s Pokémon `id` goes into `at_hp` (with its HP and the
/// texts read to know it) when the damage surely on it reached its HP, unless it is `except` or
/// line `index` (discarding `discard`) is its Knock Out the client did not write. Inlined into
/// both loops: most Pokémon have no damage, and only those are asked more.
#[inline(always)]
fn note_at_hp(
    j: &Judging<'_, '_>,
    index: usize,
    discard: Option<&crate::log::CardRef>,
    except: Option<PokemonId>,
    (p, id): (usize, PokemonId),
    at_hp: &mut Vec<(usize, PokemonId, i32, ReadTexts)>,
) {
    let mon = j.state.mon(id);
    // The damage surely on it: what the lines that could have meant another Pokémon of its
    // name put on it left out.
    let sure = mon.damage - mon.doubtful_damage;
    if sure <= 0 || Some(id) == except {
        return;
    }
    // The line discards the Basic under it: the Knock Out the client did not write.
    if discard.is_some_and(|card| j.tracked.implies_knock_out(index, id, card)) {
        return;
    }
    if let Some((hp, read)) = surely_at_hp_reading(j, id, sure) {
        at_hp.push((p, id, hp, read));
    }
}

/// A Pokémon whose own attack or Ability, used on this line's action, says "this Pokémon is
/// Knocked Out" (Cursed Blast: "if you placed any damage counters in this way, this Pokémon is
/// Knocked Out", with the counters line in the window): why the Knock Out needs no damage.
fn knocks_out_its_user(j: &Judging<'_, '_>, id: PokemonId) -> Option<String> {
    // The last effect its owner used, this turn, is an attack or Ability of this Pokémon (the
    // other player's Abilities reported in between do not count).
    let owner = j.state.mon(id).owner;
    let last = j
        .tracked
        .used
        .iter()
        .filter(|u| u.player == owner && u.turn == j.state.turn && u.line < j.index)
        .max_by_key(|u| u.line)?;
    let (user, user_name) = last.by.as_ref()?;
    if *user != id {
        return None;
    }
    let name = &last.name;
    let (_, effect) = j.cards.use_effect(user_name, name)?;
    let text = effect.lower().replace('é', "e");
    let sentence = text.split(". ").find(|s| {
        s.trim_end_matches('.')
            .ends_with("this pokemon is knocked out")
    })?;
    let lead = sentence
        .trim()
        .trim_end_matches('.')
        .strip_suffix("this pokemon is knocked out")?
        .trim()
        .trim_end_matches(',');
    let holds = match lead {
        "" | "if you use this ability" | "if you use this attack" => true,
        // The counters lines of the action show some were placed.
        "if you placed any damage counters in this way" => (last.line + 1..j.index).any(
            |i| matches!(j.lines.log.lines[i].event, Event::PutCounters { count, .. } if count > 0),
        ),
        _ => false,
    };
    holds.then(|| {
        sentence!(
            "{} is Knocked Out by its own {name}, whose text says so{}",
            j.state.mon(id).name(),
            if lead.is_empty() {
                String::new()
            } else {
                sentence!(" ({lead})")
            }
        )
    })
}

/// `knockout.at-hp`: Pokémon whose damage reached their HP but that no Knock Out line in the
/// rest of the window of line `index` takes out (`except` is the one being Knocked Out).
pub fn missing_knock_outs(
    j: &Judging<'_, '_>,
    index: usize,
    except: Option<PokemonId>,
) -> Option<Step> {
    let discard = match &j.lines.log.lines[index].event {
        Event::DiscardFromPokemon { card, .. } => Some(card),
        _ => None,
    };
    // Only a discard line can show a discarded Basic: the others (nearly every line this runs
    // on, as it runs where each window closes) need not be read again.
    let basic_discarded = || {
        discard
            .is_some()
            .then(|| discarded_basic_without_knock_out(j, index))
            .flatten()
    };
    // Without card data no HP is known: only a discarded Basic can show a missing Knock Out.
    if j.db().is_none() {
        return basic_discarded();
    }
    // Pokémon surely at their HP: usually none, and then the window need not be read. Plain
    // loops over the Active Pokémon and the Bench (the order of `in_play`), each Pokémon looked
    // at inline: this runs on nearly every line (10,696 calls over the 24 English logs, 3
    // rounds), and the chained iterator cost more than the reading.
    let mut at_hp: Vec<(usize, PokemonId, i32, ReadTexts)> = Vec::new();
    for (p, player) in j.state.players.iter().enumerate() {
        if let Some(id) = player.active {
            note_at_hp(j, index, discard, except, (p, id), &mut at_hp);
        }
        for &id in &player.bench {
            note_at_hp(j, index, discard, except, (p, id), &mut at_hp);
        }
    }
    if at_hp.is_empty() && j.tracked.window.ambiguous_hits.is_empty() {
        return basic_discarded();
    }
    let window = j.lines.window(index);
    // Knock Out lines still to come in this window, by name.
    let mut later: Vec<&str> = j.lines.log.lines[index + 1..window.end]
        .iter()
        .filter_map(|l| match &l.event {
            Event::KnockOut { pokemon, .. } => Some(pokemon.name.as_str()),
            _ => None,
        })
        .collect();
    for (p, id, hp, read) in at_hp {
        let mon = j.state.mon(id);
        // Each Pokémon over its HP needs a Knock Out line of its own.
        if let Some(k) = later.iter().position(|n| *n == mon.name()) {
            later.remove(k);
            continue;
        }
        // The damage tracked on it may be another Pokémon's, or the tracker lost track of a
        // Pokémon of its name (it may be the one that left play).
        let unsure =
            (mon.uncertain && !proven_hit_at_hp(j, index, id, hp) && !damage_surely_its_own(j, id))
                || j.tracked
                    .lost
                    .iter()
                    .any(|(q, n)| *q == p && n == mon.name())
                || j.tracked.window.unsure_knock_out_of(p);
        if unsure {
            // A discard in this window that proves a Knock Out is missing, whichever Pokémon
            // the lines meant.
            let window = j.lines.window(index);
            let found = (window.start..=index.min(window.end.saturating_sub(1)))
                .rev()
                .filter(|i| {
                    matches!(
                        j.lines.log.lines[*i].event,
                        Event::DiscardFromPokemon { .. }
                    )
                })
                .filter_map(|i| discarded_basic_without_knock_out(j, i))
                .find(|s| s.verdict == crate::engine::Verdict::Violation);
            if let Some(found) = found {
                return Some(found);
            }
            return Some(Step::cannot_check(
                "knockout.at-hp",
                sentence!(
                    "{}'s {} has {} damage and {hp} HP as tracked and is not Knocked Out, but the replay is unsure which {} the lines meant",
                    j.state.players[p].name,
                    mon.name(),
                    mon.damage,
                    mon.name()
                ),
            ));
        }
        // The finding is about this Pokémon, whatever line closes its window.
        return Some(super::card_text::gate_only_about_read(
            j,
            Step::violation(
                "knockout.at-hp",
                sentence!(
                    "{}'s {} has {} damage and {hp} HP{} but is not Knocked Out",
                    j.state.players[p].name,
                    mon.name(),
                    mon.damage,
                    if read.is_empty() {
                        String::new()
                    } else {
                        sentence!(" at most, with what its cards add")
                    }
                ),
            ),
            &[id],
            &read,
        ));
    }
    // A damage line that could mean several Pokémon of one name, where each reading puts
    // the one it meant at its HP: one of them must be Knocked Out.
    for hit in &j.tracked.window.ambiguous_hits {
        let gone = hit
            .candidates
            .iter()
            .any(|id| Some(*id) == except || j.state.position(*id).is_none());
        if gone {
            continue;
        }
        let each_reaches_hp = hit.candidates.iter().all(|id| {
            let m = j.state.mon(*id);
            surely_at_hp(
                j,
                *id,
                (m.damage - m.doubtful_damage).saturating_add(hit.amount),
            )
            .is_some()
        });
        let Some(first) = hit.candidates.first() else {
            continue;
        };
        let name = j.state.mon(*first).name();
        if !each_reaches_hp {
            continue;
        }
        if let Some(k) = later.iter().position(|n| *n == name) {
            later.remove(k);
            continue;
        }
        return Some(super::card_text::gate_only_about(
            j,
            Step::violation(
                "knockout.at-hp",
                sentence!(
                    "a line put {} damage on one of {} Pokémon named {name}; whichever it meant reaches its HP, but no {name} is Knocked Out",
                    hit.amount,
                    hit.candidates.len()
                ),
            ),
            &hit.candidates,
        ));
    }
    basic_discarded()
}

/// A discard line that takes the Basic Pokémon card from under an evolved Pokémon: that
/// Pokémon leaves play, which (in a Knock Out window) only a Knock Out does. Each such line
/// of a name in the window needs a Knock Out line of that name in the window.
fn discarded_basic_without_knock_out(j: &Judging<'_, '_>, index: usize) -> Option<Step> {
    let Event::DiscardFromPokemon {
        owner,
        pokemon,
        card,
    } = &j.lines.log.lines[index].event
    else {
        return None;
    };
    let p = j.player(owner)?;
    let candidates = resolve::candidates(j.state, p, &pokemon.name, None);
    // The discard is the Knock Out the client did not write.
    if candidates
        .iter()
        .any(|id| j.tracked.implies_knock_out(index, *id, card))
    {
        return None;
    }
    if j.tracked.lost.iter().any(|(q, _)| *q == p) {
        return None;
    }
    // The Basic under every Pokémon of that name (they must agree). What is under a Pokémon the
    // tracker is unsure of may not be what it holds, unless the card data says what it must
    // evolve from.
    let basic = if candidates.iter().any(|id| j.state.mon(*id).uncertain) {
        basic_under(j, &pokemon.name)?
    } else {
        candidates
            .iter()
            .map(|id| {
                let stack = &j.state.mon(*id).stack;
                (stack.len() >= 2).then(|| stack[0].clone())
            })
            .reduce(|a, b| if a == b { a } else { None })??
    };
    if !discarded_names(j, index).contains(&basic.as_str()) {
        return None;
    }
    let window = j.lines.window(index);
    let mut discards = 0usize;
    let mut knock_outs = knocked_out_in_window(j, p, &pokemon.name, window.start..index);
    for i in window.clone() {
        match &j.lines.log.lines[i].event {
            Event::DiscardFromPokemon {
                owner: o,
                pokemon: n,
                ..
            } if n.name == pokemon.name
                && j.player(o) == Some(p)
                && discarded_names(j, i).contains(&basic.as_str()) =>
            {
                discards += 1;
            }
            Event::KnockOut {
                owner: o,
                pokemon: n,
            } if i >= index && n.name == pokemon.name && j.player(o) == Some(p) => {
                knock_outs += 1;
            }
            _ => {}
        }
    }
    if discards <= knock_outs {
        return None;
    }
    let message = if knock_outs == 0 {
        sentence!(
            "{basic}, the Basic Pokémon under {}, is discarded, but {} is not Knocked Out in this part of the game",
            pokemon.name,
            pokemon.name
        )
    } else {
        sentence!(
            "{discards} lines discard {basic} from under a {}, but only {knock_outs} {} Knocked Out in this part of the game",
            pokemon.name,
            if knock_outs == 1 { "is" } else { "are" }
        )
    };
    // The finding is about the Pokémon of that name: what may change the damage counters or
    // HP of another Pokémon casts no doubt on it.
    Some(super::card_text::gate_only_about(
        j,
        Step::violation("knockout.at-hp", message),
        &candidates,
    ))
}

/// `knockout.at-hp` on a line that discards the Basic Pokémon under an Evolution that damage
/// counters put at its HP, with no Knock Out line (judged after it): the Knock Out the client did
/// not write.
pub fn implied_knock_out(j: &Judging<'_, '_>) -> Option<Step> {
    let (_, id) = j
        .tracked
        .window
        .implied_knock_outs
        .iter()
        .find(|(i, _)| *i == j.index)?;
    let mon = j.state.mon(*id);
    Some(Step::ok(
        "knockout.at-hp",
        sentence!(
            "{}'s {} has {} damage, as much as its HP: it is Knocked Out. The client wrote no Knock Out line; the discard of the {} under it is its Knock Out",
            j.state.players[mon.owner].name,
            mon.name(),
            mon.damage,
            mon.stack.first().map_or("Pokémon", |b| b.as_str())
        ),
    ))
}

/// Whether the damage tracked on a Pokémon the tracker is unsure of is its own all the same: no
/// line that damaged it could have meant another Pokémon of its name, and no Pokémon of its name
/// holds a card that may raise the HP (a Tool that may be on this one instead).
fn damage_surely_its_own(j: &Judging<'_, '_>, id: PokemonId) -> bool {
    let mon = j.state.mon(id);
    mon.doubtful_damage == 0
        && j.state.players[mon.owner]
            .in_play()
            .filter(|o| j.state.mon(*o).name() == mon.name())
            .all(|o| super::hp::hp_may_raise(j, o).is_none())
}

/// The Basic Pokémon every print of an Evolution named `name` evolves from, through its Stage 1
/// when it is a Stage 2 (`None` when a print evolves otherwise, or the card data lacks it).
fn basic_under(j: &Judging<'_, '_>, name: &str) -> Option<crate::log::Text> {
    let db = j.db()?;
    let from = |n: &str| -> Option<String> {
        let prints = db.by_name(n);
        let mut from = prints.iter().map(|i| db.card(*i).evolves_from.clone());
        let first = from.next()??;
        from.all(|f| f.as_deref() == Some(first.as_str()))
            .then_some(first)
    };
    let below = from(name)?;
    // A Stage 2: one more step down.
    let basic = match from(&below) {
        Some(b) => b,
        None if !db.by_name(&below).is_empty()
            && db
                .by_name(&below)
                .iter()
                .all(|i| db.card(*i).evolves_from.is_none()) =>
        {
            below
        }
        None => return None,
    };
    Some(crate::log::Text::from(basic.as_str()))
}

/// The card names a discard line takes off a Pokémon (its own, or the list under it).
fn discarded_names<'a>(j: &Judging<'_, 'a>, index: usize) -> Vec<&'a str> {
    match &j.lines.log.lines[index].event {
        Event::DiscardFromPokemon { card, .. } => j
            .lines
            .cards_named(index, card)
            .unwrap_or_default()
            .into_iter()
            .map(|c| c.as_str())
            .collect(),
        _ => Vec::new(),
    }
}

/// Knock Out lines of `player`'s Pokémon named `name` among the lines `range`.
fn knocked_out_in_window(
    j: &Judging<'_, '_>,
    player: PlayerIdx,
    name: &str,
    range: std::ops::Range<usize>,
) -> usize {
    j.lines.log.lines[range]
        .iter()
        .filter(|l| matches!(&l.event, Event::KnockOut { owner, pokemon } if pokemon.name == name && j.player(owner) == Some(player)))
        .count()
}

/// Whether the Active Pokémon `id` took at least `hp` damage from one attack line of the window
/// of line `index` whose Weakness or Resistance sentence proves it hit the Active Pokémon (only
/// the Active one has them), with no line in between that could have moved it out of the
/// Active Spot and no Knock Out line of its name before: whichever Pokémon of its name it is,
/// that damage is on it.
fn proven_hit_at_hp(j: &Judging<'_, '_>, index: usize, id: PokemonId, hp: i32) -> bool {
    let mon = j.state.mon(id);
    if j.state.position(id) != Some(crate::engine::state::Position::Active) {
        return false;
    }
    let window = j.lines.window(index);
    let lines = &j.lines.log.lines;
    let end = (index + 1).min(lines.len());
    for line in lines[window.start..end].iter().rev() {
        match &line.event {
            Event::Attack(a) if a.target.name == mon.name() => {
                return (a.weakness.is_some() || a.resistance.is_some()) && a.damage >= hp;
            }
            Event::KnockOut { pokemon, .. } if pokemon.name == mon.name() => return false,
            Event::Switch { .. } | Event::Promote { .. } | Event::Retreat { .. } => return false,
            _ => {}
        }
    }
    false
}

/// The damage of the counters that lines after the Knock Out line, in its window, put on the
/// Knocked Out Pokémon. A line naming the Pokémon's name counts when it names its owner, or
/// names the other player who has no Pokémon of that name in play (the client writes the
/// acting player as owner).
fn counters_written_after(j: &Judging<'_, '_>, id: PokemonId) -> i32 {
    let mon = j.state.mon(id);
    let window = j.lines.window(j.index);
    let mut damage = 0;
    for line in &j.lines.log.lines[j.index + 1..window.end] {
        // A Pokémon of that name put into play after it is another one.
        if matches!(
            &line.event,
            Event::Promote { .. } | Event::PlayToActive { .. } | Event::PlayToBench { .. }
        ) {
            break;
        }
        let Event::PutCounters {
            count,
            owner,
            target,
            ..
        } = &line.event
        else {
            continue;
        };
        if target.name != mon.name() {
            continue;
        }
        let named = j.state.player_named(owner);
        let fits = named == Some(mon.owner)
            || named.is_some_and(|p| {
                j.state.players[p]
                    .in_play()
                    .all(|o| j.state.mon(o).name() != mon.name())
            });
        if fits {
            damage += 10 * *count as i32;
        }
    }
    damage
}
