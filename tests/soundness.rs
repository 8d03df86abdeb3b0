//! Soundness on real games: every English real log of ../shared comes from a game the client
//! kept legal, so the engine must find no violation in any of them, with the card data and
//! without; the share of the steps it can check that it decides (ok or violation) holds the
//! floors of `common::floors`, with both card sources and with pokemon-tcg-data alone; and no game
//! line may be left unparsed (text pasted after the end of the game is a note, not a game line).
//!
//! `cargo test --test soundness -- --nocapture` prints the figures per log and the most common
//! reasons a checkable step stays `unverified`.

mod common;

use std::collections::BTreeMap;

use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::{RuleEdition, Verdict};

use common::checkable;
use common::floors::{SOUNDNESS_BOTH, SOUNDNESS_ONE_SOURCE};

#[test]
fn real_games_have_no_violation_and_most_checkable_steps_are_decided() {
    let (Some(files), Some(cards)) = (common::english_logs(), common::shared_cards()) else {
        return common::skipped(
            "soundness on real games",
            "../shared/ptcgl-logs or ../shared/cards/pokemon-tcg-data",
        );
    };
    let db = CardDb::load_dir(&cards).unwrap();
    let mut violations = Vec::new();
    let mut unparsed = Vec::new();
    let (mut decided, mut total) = (0usize, 0usize);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        for data in [Some(&db), None] {
            let report = ptcg_judge::verify(&bytes, data, RuleEdition::default()).unwrap();
            for s in report.violations() {
                violations.push(format!(
                    "{name}:{} ({} card data): {} -- {}",
                    s.line,
                    if data.is_some() { "with" } else { "without" },
                    s.text,
                    s.message
                ));
            }
            if data.is_none() {
                continue;
            }
            for s in report
                .steps
                .iter()
                .filter(|s| s.verdict == Verdict::Unparsed)
            {
                unparsed.push(format!("{name}:{}: {}", s.line, s.text));
            }
            let (mut d, mut t) = (0, 0);
            for s in report.steps.iter().filter(|s| checkable(s)) {
                t += 1;
                if matches!(s.verdict, Verdict::Ok | Verdict::Violation) {
                    d += 1;
                } else {
                    let why: String = s.message.chars().take(100).collect();
                    *reasons.entry(format!("{}: {why}", s.event)).or_default() += 1;
                }
            }
            eprintln!(
                "{name:55} decided {d:4} of {t:<4} ({:5.1}%)",
                100.0 * d as f64 / t.max(1) as f64
            );
            decided += d;
            total += t;
        }
    }
    let share = decided as f64 / total.max(1) as f64;
    eprintln!(
        "{} logs: decided {decided} of {total} checkable steps ({:.1}%)",
        files.len(),
        100.0 * share
    );
    let mut reasons: Vec<_> = reasons.into_iter().collect();
    reasons.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    for (r, n) in reasons.iter().take(30) {
        eprintln!("{n:>4} {r}");
    }
    assert!(
        violations.is_empty(),
        "{} violations on legal games:\n{}",
        violations.len(),
        violations.join("\n")
    );
    assert!(
        unparsed.is_empty(),
        "unparsed game lines:\n{}",
        unparsed.join("\n")
    );
    assert!(
        total > 1000,
        "only {total} checkable steps: the corpus changed"
    );
    assert!(
        SOUNDNESS_ONE_SOURCE.holds(decided, total),
        "decided {decided} of {total} checkable steps ({:.1}%) with pokemon-tcg-data alone, below the floor {}",
        100.0 * share,
        SOUNDNESS_ONE_SOURCE.describe()
    );
}

/// The target, with both sources (pokemon-tcg-data and TCGdex, read together): no violation
/// and the decided share of checkable steps at its floor.
#[test]
fn with_both_card_sources_the_decided_share_meets_the_target() {
    let (Some(files), Some(both)) = (common::english_logs(), common::shared_card_sources()) else {
        return common::skipped(
            "decided target with both card sources",
            "../shared/cards (pokemon-tcg-data and tcgdex-cards-database)",
        );
    };
    let db = CardDb::load_dir(&both).unwrap();
    let (mut decided, mut total) = (0, 0);
    let mut violations = Vec::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let report = ptcg_judge::verify(&bytes, Some(&db), RuleEdition::default()).unwrap();
        for s in report.violations() {
            violations.push(format!(
                "{}:{}: {} -- {}",
                f.display(),
                s.line,
                s.text,
                s.message
            ));
        }
        for s in report.steps.iter().filter(|s| checkable(s)) {
            total += 1;
            decided += usize::from(matches!(s.verdict, Verdict::Ok | Verdict::Violation));
        }
    }
    let share = decided as f64 / total.max(1) as f64;
    eprintln!(
        "both card sources ({} cards): decided {decided} of {total} checkable steps ({:.1}%)",
        db.len(),
        100.0 * share
    );
    assert!(
        violations.is_empty(),
        "violations on legal games:\n{}",
        violations.join("\n")
    );
    assert!(
        SOUNDNESS_BOTH.holds(decided, total),
        "decided {decided} of {total} checkable steps ({:.1}%), floor {}",
        100.0 * share,
        SOUNDNESS_BOTH.describe()
    );
}
