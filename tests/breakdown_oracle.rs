//! The client's Damage breakdown as the oracle of the damage model (issue 21, item 5).
//!
//! The 2026 client writes, under some attacks, a `Damage breakdown`: the base damage, each
//! modifier by name and amount, Weakness, Resistance and the total. Every such attack of the
//! real logs of `../shared` is replayed with the breakdown removed, and the engine's own model
//! of the cards must then agree with the client:
//! - wherever the engine decides the attack without the breakdown, it finds the line's damage
//!   (the client's total) `ok`: a `violation` there is a bug in the model, never in the game;
//! - each modifier the client names with an amount ("(Pokémon Tool) Brave Bangle: 30 damage",
//!   "(Ability) Lightning Symbol: 10 damage") is an entry of the engine's own working with the
//!   same amount, where the engine decides the attack;
//! - with the breakdown present, the engine never reads the cards otherwise than the client.
//!
//! The test prints how many such attacks the engine decides without the breakdown. Skipped,
//! saying so, when ../shared is absent.

mod common;

use ptcg_judge::cards::snapshot;
use ptcg_judge::engine::{RuleEdition, Verdict};
use ptcg_judge::log::{BreakdownItem, Depth, Event, parse_log};

struct Attack {
    file: String,
    /// 1-based line of the attack, in the log with the breakdowns removed.
    line: u32,
    damage: i32,
    /// The client's named modifiers: (name, amount).
    named: Vec<(String, i32)>,
}

/// The log's lines without the breakdown blocks, and the attacks that had one.
fn without_breakdowns(file: &str, text: &str) -> (String, Vec<Attack>) {
    let log = parse_log(text.as_bytes()).unwrap();
    let raw: Vec<&str> = text.lines().collect();
    let mut kept: Vec<&str> = Vec::new();
    let mut attacks = Vec::new();
    let mut current: Option<usize> = None;
    for (i, l) in log.lines.iter().enumerate() {
        match &l.event {
            Event::BreakdownHeader => continue,
            Event::Breakdown { item } => {
                if let (Some(a), BreakdownItem::Source { name, amount, .. }) = (current, item) {
                    let a: &mut Attack = &mut attacks[a];
                    a.named.push((name.to_string(), *amount));
                }
                continue;
            }
            _ => {}
        }
        if let Event::Attack(a) = &l.event
            && l.depth == Depth::Top
        {
            let damage = &a.damage;
            let has = log.lines[i + 1..]
                .iter()
                .take_while(|n| matches!(n.event, Event::BreakdownHeader | Event::Breakdown { .. }))
                .next()
                .is_some();
            if has {
                attacks.push(Attack {
                    file: file.to_string(),
                    line: kept.len() as u32 + 1,
                    damage: *damage,
                    named: Vec::new(),
                });
                current = Some(attacks.len() - 1);
            } else {
                current = None;
            }
        } else if l.depth == Depth::Top && !matches!(l.event, Event::Blank) {
            current = None;
        }
        kept.push(raw.get(i).copied().unwrap_or(""));
    }
    (kept.join("\n") + "\n", attacks)
}

#[test]
fn the_model_agrees_with_every_breakdown_of_the_real_logs() {
    let Some(files) = common::english_logs() else {
        common::skipped("breakdown oracle", "../shared/ptcgl-logs");
        return;
    };
    let cards = snapshot::builtin().unwrap();
    let (mut total, mut decided) = (0, 0);
    let mut wrong = Vec::new();
    for f in files {
        let text = String::from_utf8_lossy(&std::fs::read(&f).unwrap()).into_owned();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        // With the breakdown: the engine never reads the cards otherwise than the client.
        let with =
            ptcg_judge::verify(text.as_bytes(), Some(&cards), RuleEdition::default()).unwrap();
        for s in &with.steps {
            if s.event == "attack" && s.message.contains("which the card data reads otherwise") {
                wrong.push(format!(
                    "{name}:{} (with the breakdown): {}",
                    s.line, s.message
                ));
            }
        }
        let (stripped, attacks) = without_breakdowns(&name, &text);
        if attacks.is_empty() {
            continue;
        }
        let report =
            ptcg_judge::verify(stripped.as_bytes(), Some(&cards), RuleEdition::default()).unwrap();
        for a in &attacks {
            total += 1;
            let Some(s) = report.steps.iter().find(|s| s.line == a.line) else {
                wrong.push(format!("{}:{}: no step", a.file, a.line));
                continue;
            };
            match s.verdict {
                Verdict::Ok => {
                    decided += 1;
                    for (n, amount) in &a.named {
                        let entry = n.to_string();
                        let found = s.message.contains(&entry)
                            && s.message.contains(&format!("{amount:+}"));
                        if !found {
                            wrong.push(format!(
                                "{}:{}: the client's {n} {amount:+} is not an entry of the engine's working: {}",
                                a.file, a.line, s.message
                            ));
                        }
                    }
                }
                Verdict::Violation => {
                    decided += 1;
                    wrong.push(format!(
                        "{}:{}: without the breakdown, {} damage is called a violation: {}",
                        a.file, a.line, a.damage, s.message
                    ));
                }
                _ => {}
            }
        }
    }
    eprintln!("breakdown oracle: {decided} of {total} attacks with a breakdown decided without it");
    assert!(total > 0, "no attack with a breakdown in the shared logs");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let floor = common::floors::BREAKDOWN_ORACLE_DECIDED;
    assert!(
        floor.holds(decided, total),
        "{decided} of {total} attacks with a breakdown decided without it; floor {}",
        floor.describe()
    );
}
