//! How much of the real English corpus the engine decides: of the attack, damage, Knock Out
//! and Prize lines, the share that gets `ok` or `violation` rather than `unverified`.
//! The target is 85%; the figure and the reasons for the rest are printed
//! (`cargo test --test decided -- --nocapture`).

mod common;

use std::collections::BTreeMap;

use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::{RuleEdition, Verdict};
use ptcg_judge::report::StepReport as Step;

/// The lines the figure counts: attacks (with or without damage), damage to a second Pokémon,
/// Knock Outs and Prize cards taken.
fn counted(step: &Step) -> bool {
    match step.event.to_string().as_str() {
        "attack" | "took-damage" | "knock-out" | "took-prizes" => true,
        // "X used Y." is an attack when the checks cite attack clauses (else an Ability).
        "use" => step.clauses.iter().any(|c| c.starts_with("attack.")),
        _ => false,
    }
}

#[test]
fn most_attack_damage_knock_out_and_prize_lines_are_decided() {
    let (Some(files), Some(cards)) = (common::english_logs(), common::shared_cards()) else {
        return common::skipped(
            "decided-rate",
            "../shared/ptcgl-logs or ../shared/cards/pokemon-tcg-data",
        );
    };
    let db = CardDb::load_dir(&cards).unwrap();
    let (mut decided, mut total) = (0usize, 0usize);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for f in &files {
        let report = ptcg_judge::verify(
            &std::fs::read(f).unwrap(),
            Some(&db),
            RuleEdition::default(),
        )
        .unwrap();
        for s in report.steps.iter().filter(|s| counted(s)) {
            total += 1;
            if matches!(s.verdict, Verdict::Ok | Verdict::Violation) {
                decided += 1;
            } else {
                let why: String = s
                    .message
                    .split(": ")
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(90)
                    .collect();
                *reasons
                    .entry(format!("{} {}: {why}", s.event, s.verdict.as_str()))
                    .or_default() += 1;
            }
        }
    }
    let rate = decided as f64 / total as f64;
    eprintln!("decided {decided} of {total} lines ({:.1}%)", 100.0 * rate);
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    for (r, n) in &reasons {
        eprintln!("{n:>4} {r}");
    }
    assert!(
        total > 150,
        "only {total} lines counted: the corpus or the event names changed"
    );
    // Issue 10's target is 85%; since the soundness gate (no violation while a card in force
    // may change what a check relies on) this share is 72%, most of the rest being cards newer
    // than the pokemon-tcg-data copy. The floor guards against regressions until the target
    // holds (see tests/soundness.rs, `decided_share_meets_the_target`).
    assert!(
        rate >= 0.70,
        "decided {decided} of {total} ({:.1}%), floor 70% (target 85%)",
        100.0 * rate
    );
}
