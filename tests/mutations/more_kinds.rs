//! The kinds added with issue 39, the ones `../shared/tools/mutate.py` makes too: damage 10
//! lower, "X took N damage" 10 higher (damage to a Benched Pokémon), one damage counter more, a
//! second retreat in a turn, and a Stadium of the same name played twice.

use ptcg_judge::cards::CardDb;
use ptcg_judge::log::{Depth, Event};

use crate::mutant::{Base, Mutant, Original};

fn is_stadium(db: &CardDb, name: &str) -> bool {
    let prints = db.by_name(name);
    !prints.is_empty() && prints.iter().all(|i| db.card(*i).is_stadium())
}

/// `text` with the first `from` replaced by `to`, when it holds `from`.
fn replaced(text: &str, from: &str, to: &str) -> Option<String> {
    text.find(from).map(|pos| {
        let mut t = text.to_string();
        t.replace_range(pos..pos + from.len(), to);
        t
    })
}

pub fn mutants(base: &Base, db: &CardDb) -> Vec<Mutant> {
    let mut out = Vec::new();
    let lines = &base.log.lines;
    for (i, line) in lines.iter().enumerate() {
        let number = line.number;
        let text = &base.lines[i];
        match &line.event {
            // Damage 10 lower (an attack of at least 20).
            Event::Attack(a) if a.damage >= 20 => {
                let d = a.damage;
                if let Some(t) = replaced(
                    text,
                    &format!(" for {d} damage."),
                    &format!(" for {} damage.", d - 10),
                ) {
                    out.push(base.mutant(
                        "damage-minus-10",
                        base.with_replaced(i, &t),
                        number,
                        Original::Line(number),
                        format!("{d} -> {}", d - 10),
                    ));
                }
            }
            // "X took N damage" 10 higher.
            Event::TookDamage { damage, .. } => {
                if let Some(t) = replaced(
                    text,
                    &format!(" took {damage} damage"),
                    &format!(" took {} damage", damage + 10),
                ) {
                    out.push(base.mutant(
                        "took-damage-plus-10",
                        base.with_replaced(i, &t),
                        number,
                        Original::Line(number),
                        format!("{damage} -> {}", damage + 10),
                    ));
                }
            }
            // One damage counter more.
            Event::PutCounters { count, .. } => {
                let more = format!(" put {} damage counters on ", count + 1);
                let t = replaced(text, &format!(" put {count} damage counters on "), &more)
                    .or_else(|| replaced(text, " put a damage counter on ", &more))
                    .or_else(|| replaced(text, " put 1 damage counter on ", &more));
                if let Some(t) = t {
                    out.push(base.mutant(
                        "counters-plus-1",
                        base.with_replaced(i, &t),
                        number,
                        Original::Line(number),
                        format!("{count} -> {}", count + 1),
                    ));
                }
            }
            // A Stadium of the same name played again in the turn (written as the 2026 client
            // writes a Stadium played from the hand: "played X." alone may be the use of the
            // Stadium in play).
            Event::PlayCard { player, card } | Event::PlayToStadium { player, card }
                if line.depth == Depth::Top
                    && is_stadium(db, &card.name)
                    && base.states[i]
                        .stadium
                        .as_ref()
                        .is_some_and(|s| s.name == card.name)
                    && (i == 0
                        || base.states[i - 1]
                            .stadium
                            .as_ref()
                            .is_none_or(|s| s.name != card.name)) =>
            {
                let at = base.block_end(i);
                let again = format!("{player} played {} to the Stadium spot.", card.name);
                out.push(base.mutant(
                    "stadium-twice",
                    base.with_inserted(at, &again),
                    at as u32 + 1,
                    Original::Inserted,
                    format!("copy of line {number}"),
                ));
            }
            _ => {}
        }
    }
    out.extend(second_retreats(base));
    out
}

/// In each turn with one retreat: the Pokémon that came up retreats too, and the first comes
/// back.
fn second_retreats(base: &Base) -> Vec<Mutant> {
    let lines = &base.log.lines;
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !matches!(lines[i].event, Event::TurnHeader { .. }) {
            i += 1;
            continue;
        }
        let end = base.turn_end(i);
        let retreats: Vec<usize> = (i + 1..end)
            .filter(|j| {
                lines[*j].depth == Depth::Top && matches!(lines[*j].event, Event::Retreat { .. })
            })
            .collect();
        if let [r] = retreats[..]
            && let Event::Retreat { player, card } = &lines[r].event
        {
            // The new Active Pokémon: the promotion that ends the retreat's lines.
            let promoted = (r + 1..end)
                .take_while(|j| {
                    lines[*j].depth != Depth::Top
                        || matches!(lines[*j].event, Event::Promote { .. })
                })
                .find_map(|j| match &lines[j].event {
                    Event::Promote { card, .. } => Some((j, card.name.to_string())),
                    _ => None,
                });
            if let Some((p, now)) = promoted {
                let at = p + 1;
                let mut l = base.lines.clone();
                l.insert(
                    at,
                    format!("{player}'s {} is now in the Active Spot.", card.name),
                );
                l.insert(at, format!("{player} retreated {now} to the Bench."));
                out.push(base.mutant(
                    "second-retreat",
                    l.join("\n"),
                    at as u32 + 1,
                    Original::Inserted,
                    format!("{now} after line {}", lines[r].number),
                ));
            }
        }
        i = end;
    }
    out
}
