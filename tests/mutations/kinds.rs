//! The first kinds of mutants: damage off by 10, a second Energy or Supporter, Prize counts, the
//! winner, Knock Outs removed and added, a retreat while Asleep or Paralyzed, an evolution on
//! the turn played, the Checkup's order, the first turn, a sixth Benched Pokémon.

use ptcg_judge::cards::{CardDb, Stage};
use ptcg_judge::log::{AttackLine, Depth, Event};

use crate::mutant::{Base, Mutant, Original};

pub fn is_supporter(db: &CardDb, name: &str) -> bool {
    let prints = db.by_name(name);
    !prints.is_empty() && prints.iter().any(|i| db.card(*i).is_supporter())
}

fn is_basic(db: &CardDb, name: &str) -> bool {
    let prints = db.by_name(name);
    !prints.is_empty()
        && prints
            .iter()
            .all(|i| matches!(db.card(*i).stage(), Some(Stage::Basic)))
}

pub fn mutants(base: &Base, db: &CardDb) -> Vec<Mutant> {
    let mut out = Vec::new();
    let lines = &base.log.lines;
    let first_player = base.states.last().and_then(|s| s.first_player);
    for (i, line) in lines.iter().enumerate() {
        let number = line.number;
        let text = &base.lines[i];
        let before = if i == 0 {
            &base.states[0]
        } else {
            &base.states[i - 1]
        };
        match &line.event {
            // 1. Damage off by 10.
            Event::Attack(a) if a.damage > 0 => {
                let damage = a.damage;
                let from = format!(" for {damage} damage.");
                let to = format!(" for {} damage.", damage + 10);
                if let Some(pos) = text.find(&from) {
                    let mut t = text.clone();
                    t.replace_range(pos..pos + from.len(), &to);
                    out.push(base.mutant(
                        "damage-off-by-10",
                        base.with_replaced(i, &t),
                        number,
                        Original::Line(number),
                        format!("{damage} -> {}", damage + 10),
                    ));
                }
            }
            // 2. A second manual Energy attachment: the same attachment again.
            Event::Attach { card, .. }
                if line.depth == Depth::Top && card.name.ends_with("Energy") =>
            {
                let at = base.block_end(i);
                out.push(base.mutant(
                    "second-energy",
                    base.with_inserted(at, text),
                    at as u32 + 1,
                    Original::Inserted,
                    format!("copy of line {number}"),
                ));
            }
            // 3. A second Supporter in the turn.
            Event::PlayCard { card, .. }
                if line.depth == Depth::Top && is_supporter(db, &card.name) =>
            {
                let at = base.block_end(i);
                out.push(base.mutant(
                    "second-supporter",
                    base.with_inserted(at, text),
                    at as u32 + 1,
                    Original::Inserted,
                    format!("copy of line {number}"),
                ));
            }
            // 5. A wrong Prize count.
            Event::TookPrizes { player, count } => {
                let more = format!("{player} took {} Prize cards.", count + 1);
                out.push(base.mutant(
                    "wrong-prize-count",
                    base.with_replaced(i, &more),
                    number,
                    Original::Line(number),
                    format!("{count} -> {}", count + 1),
                ));
                // 11b. More Prize cards in one line than the game set aside.
                out.push(base.mutant(
                    "prizes-beyond-the-pile",
                    base.with_replaced(i, &format!("{player} took 7 Prize cards.")),
                    number,
                    Original::Line(number),
                    format!("{count} -> 7"),
                ));
                if *count >= 2 {
                    let fewer = if *count == 2 {
                        format!("{player} took a Prize card.")
                    } else {
                        format!("{player} took {} Prize cards.", count - 1)
                    };
                    out.push(base.mutant(
                        "wrong-prize-count",
                        base.with_replaced(i, &fewer),
                        number,
                        Original::Line(number),
                        format!("{count} -> {}", count - 1),
                    ));
                }
            }
            // 12. The wrong winner on the last line.
            Event::GameEnd { winner, .. } => {
                let names = [base.name(0), base.name(1)];
                if let Some(other) = names.iter().find(|n| n.as_str() != winner.as_str()) {
                    let from = format!(" {winner} wins.");
                    if let Some(pos) = text.rfind(&from) {
                        let mut t = text.clone();
                        t.replace_range(pos..pos + from.len(), &format!(" {other} wins."));
                        out.push(base.mutant(
                            "wrong-winner",
                            base.with_replaced(i, &t),
                            number,
                            Original::Line(number),
                            format!("{winner} -> {other}"),
                        ));
                    }
                }
            }
            // 6a. A Knock Out removed.
            Event::KnockOut { .. } => {
                out.push(base.mutant(
                    "knock-out-removed",
                    base.with_removed(i),
                    number,
                    Original::Line(number),
                    "removed".to_string(),
                ));
            }
            // 9. A retreat while Asleep or Paralyzed.
            Event::Retreat { player, card } if line.depth == Depth::Top => {
                let condition = if number % 2 == 0 {
                    "Asleep"
                } else {
                    "Paralyzed"
                };
                let inserted = format!("{player}'s {} is now {condition}.", card.name);
                out.push(base.mutant(
                    "retreat-asleep-paralyzed",
                    base.with_inserted(i, &inserted),
                    number,
                    Original::Inserted,
                    condition.to_string(),
                ));
            }
            // 10. An evolution on the turn the Pokémon was played.
            Event::PlayToBench { player, card } if line.depth == Depth::Top && before.turn > 0 => {
                let evolution = lines.iter().find_map(|l| match &l.event {
                    Event::Evolve { from, to, .. } if from.name == card.name => {
                        Some(to.name.to_string())
                    }
                    _ => None,
                });
                let stadium_allows = before.stadium.as_ref().is_some_and(|s| {
                    db.by_name(&s.name).iter().any(|i| {
                        db.card(*i)
                            .rules
                            .join(" ")
                            .to_lowercase()
                            .contains("evolve")
                    })
                });
                // Not a provable violation when the player has another Pokémon of that name that
                // could evolve (the line could mean it).
                let after = &base.states[i];
                let p = after.player_named(player);
                let others = p.is_some_and(|p| {
                    after.players[p].in_play().any(|id| {
                        let m = after.mon(id);
                        m.name() == card.name
                            && m.entered_turn < after.turn
                            && m.evolved_turn != Some(after.turn)
                    })
                });
                if let Some(to) = evolution
                    && !stadium_allows
                    && !others
                {
                    let inserted = format!("{player} evolved {} to {to} on the Bench.", card.name);
                    let at = i + 1;
                    out.push(base.mutant(
                        "evolve-same-turn",
                        base.with_inserted(at, &inserted),
                        at as u32 + 1,
                        Original::Inserted,
                        format!("{} -> {to}", card.name),
                    ));
                }
            }
            _ => {}
        }
        // 6b. A Knock Out added: after an attack whose Active target survives.
        if let Event::Attack(a) = &line.event
            && line.depth == Depth::Top
        {
            let AttackLine {
                player,
                target_owner,
                target,
                ..
            } = &**a;
            let end = base.block_end(i);
            // The attack's window: the lines that resolve it, and the reports written inside
            // it (an Ability of the other player's Pokémon that acted on its own).
            let window_end = (end..lines.len())
                .find(|j| {
                    let report = matches!(&lines[*j].event, Event::Use { player: p, .. } if p != player)
                        || matches!(lines[*j].event, Event::Prevented { .. });
                    lines[*j].depth == Depth::Top
                        && !report
                        && !matches!(
                            lines[*j].event,
                            Event::KnockOut { .. }
                                | Event::TookPrizes { .. }
                                | Event::AddedToHand { .. }
                                | Event::Promote { .. }
                                | Event::DiscardFromPokemon { .. }
                                | Event::Activated { .. }
                                | Event::Blank
                        )
                })
                .unwrap_or(lines.len());
            let knocked_out = lines[i..window_end]
                .iter()
                .any(|l| matches!(&l.event, Event::KnockOut { pokemon, .. } if pokemon.name == target.name));
            if !knocked_out {
                let inserted = format!("{target_owner}'s {} was Knocked Out!", target.name);
                out.push(base.mutant(
                    "knock-out-added",
                    base.with_inserted(end, &inserted),
                    end as u32 + 1,
                    Original::Inserted,
                    format!("{} Knocked Out", target.name),
                ));
            }
        }
        // 7. Checkup out of order.
        if let Event::CheckupHeader = line.event {
            let block: Vec<usize> = (i + 1..base.turn_end(i)).collect();
            if let Some(&c) = block
                .iter()
                .find(|j| matches!(lines[**j].event, Event::ConditionDamage { .. }))
            {
                if let Event::ConditionDamage { owner, pokemon, .. } = &lines[c].event {
                    let burn = format!(
                        "2 damage counters were placed on {owner}'s {} for the Special Condition Burned.",
                        pokemon.name
                    );
                    out.push(base.mutant(
                        "checkup-out-of-order",
                        base.with_inserted(c, &burn),
                        lines[c].number,
                        Original::Inserted,
                        "Burned before Poisoned".to_string(),
                    ));
                }
            } else if let Some(&u) = block.iter().find(|j| {
                matches!(lines[**j].event, Event::PutCounters { .. })
                    && lines[**j].depth == Depth::Sub
                    && lines.get(**j + 1).is_some_and(|n| {
                        n.depth == Depth::Sub && matches!(n.event, Event::PutCounters { .. })
                    })
            }) && let Some(ps) = base.states.get(u).map(|s| s.players.clone())
            {
                // An other effect split around a Special Condition step.
                if let Some(active) = ps[0].active {
                    let mon = base.states[u].mon(active);
                    let poison = format!(
                        "1 damage counter was placed on {}'s {} for the Special Condition Poisoned.",
                        ps[0].name,
                        mon.name()
                    );
                    let at = u + 1;
                    out.push(base.mutant(
                        "checkup-out-of-order",
                        base.with_inserted(at, &poison),
                        at as u32 + 1,
                        Original::Inserted,
                        "Poison damage inside another effect's lines".to_string(),
                    ));
                }
            }
        }
    }
    // 4 and 8: the first turn of the player who went first.
    if let Some(fp) = first_player {
        let header = lines
            .iter()
            .position(|l| matches!(l.event, Event::TurnHeader { .. }));
        if let Some(h) = header {
            let end = base.turn_end(h);
            // The last line of the turn proper: before "ended their turn." if there is one.
            let at = (h..end)
                .find(|j| matches!(lines[*j].event, Event::EndTurn { .. }))
                .unwrap_or(end);
            let name = base.name(fp);
            if let Some(supporter) = lines.iter().find_map(|l| match &l.event {
                Event::PlayCard { card, .. } if is_supporter(db, &card.name) => {
                    Some(card.name.to_string())
                }
                _ => None,
            }) {
                out.push(base.mutant(
                    "supporter-first-turn",
                    base.with_inserted(at, &format!("{name} played {supporter}.")),
                    at as u32 + 1,
                    Original::Inserted,
                    supporter.clone(),
                ));
            }
            let state = &base.states[at.saturating_sub(1)];
            let opp = 1 - fp;
            if let (Some(a), Some(d)) = (state.players[fp].active, state.players[opp].active) {
                let attack = format!(
                    "{name}'s {} used Tackle on {}’s {} for 10 damage.",
                    state.mon(a).name(),
                    base.name(opp),
                    state.mon(d).name()
                );
                out.push(base.mutant(
                    "first-player-attacks-turn-1",
                    base.with_inserted(at, &attack),
                    at as u32 + 1,
                    Original::Inserted,
                    "attack on turn 1".to_string(),
                ));
            }
        }
    }
    // 11. A sixth Benched Pokémon: when a player's Bench reaches 5 on their turn.
    for (i, state) in base.states.iter().enumerate() {
        let Some(p) = state.to_move else { continue };
        if state.players[p].bench.len() != 5 || lines[i].depth != Depth::Top {
            continue;
        }
        let name = base.name(p);
        let basic = lines.iter().find_map(|l| match &l.event {
            Event::PlayToBench { player, card } if *player == name && is_basic(db, &card.name) => {
                Some(card.name.to_string())
            }
            _ => None,
        });
        if let Some(basic) = basic {
            let at = base.block_end(i);
            out.push(base.mutant(
                "sixth-benched",
                base.with_inserted(at, &format!("{name} played {basic} to the Bench.")),
                at as u32 + 1,
                Original::Inserted,
                basic,
            ));
            break;
        }
    }
    out
}
