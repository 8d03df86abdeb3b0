//! How much of the real English corpus the engine decides: of the attack, damage, Knock Out
//! and Prize lines, the share that gets `ok` or `violation` rather than `unverified`.
//!
//! Both figures (with both card sources of ../shared, and with pokemon-tcg-data alone, which
//! lacks most of these games' 2025-26 cards) are held to the ratchets of `common::floors`. The
//! figures and the reasons for the rest are printed (`cargo test --test decided -- --nocapture`).

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::{RuleEdition, Verdict};
use ptcg_judge::report::StepReport as Step;

use common::floors::{DECIDED_BOTH, DECIDED_ONE_SOURCE};

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

/// The decided and counted lines over the corpus with the card data in `cards`, printing the
/// figure and the reasons for the rest.
fn decided_share(files: &[std::path::PathBuf], cards: &Path, label: &str) -> (usize, usize) {
    let db = CardDb::load_dir(cards).unwrap();
    let (mut decided, mut total) = (0usize, 0usize);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for f in files {
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
    eprintln!(
        "{label}: decided {decided} of {total} lines ({:.1}%)",
        100.0 * decided as f64 / total.max(1) as f64
    );
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    for (r, n) in &reasons {
        eprintln!("{n:>4} {r}");
    }
    assert!(
        total > 150,
        "only {total} lines counted: the corpus or the event names changed"
    );
    (decided, total)
}

#[test]
fn with_both_card_sources_attack_damage_knock_out_and_prize_lines_are_decided() {
    let (Some(files), Some(cards)) = (common::english_logs(), common::shared_card_sources()) else {
        return common::skipped(
            "decided target with both card sources",
            "../shared/ptcgl-logs or ../shared/cards (pokemon-tcg-data and tcgdex-cards-database)",
        );
    };
    let (decided, total) = decided_share(&files, &cards, "both card sources");
    assert!(
        DECIDED_BOTH.holds(decided, total),
        "decided {decided} of {total} ({:.1}%), floor {}",
        100.0 * decided as f64 / total as f64,
        DECIDED_BOTH.describe()
    );
}

#[test]
fn with_pokemon_tcg_data_alone_the_decided_share_holds_its_ratchet() {
    let (Some(files), Some(cards)) = (common::english_logs(), common::shared_cards()) else {
        return common::skipped(
            "decided-rate with pokemon-tcg-data alone",
            "../shared/ptcgl-logs or ../shared/cards/pokemon-tcg-data",
        );
    };
    let (decided, total) = decided_share(&files, &cards, "pokemon-tcg-data alone");
    assert!(
        DECIDED_ONE_SOURCE.holds(decided, total),
        "decided {decided} of {total} ({:.1}%), floor {}",
        100.0 * decided as f64 / total as f64,
        DECIDED_ONE_SOURCE.describe()
    );
}
