//! Verify the given logs against the built-in card data (decoded once), ROUNDS times (default
//! 1, after one warm-up round), and print the number of reports made: a target for callgrind
//! and perf when profiling the checks without the card load (see docs/benchmarks.md).
//! `valgrind --tool=callgrind --toggle-collect='verify_only::measured'` counts the measured
//! rounds only.
use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::RuleEdition;

fn main() {
    // The allocator as the product binary sets it up.
    ptcg_judge::tune_allocator();
    let files: Vec<Vec<u8>> = std::env::args()
        .skip(1)
        .map(|f| std::fs::read(&f).unwrap_or_else(|e| panic!("cannot read {f}: {e}")))
        .collect();
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let cards = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    // What is built on first use (the pattern tables, the card texts read so far) is warmed
    // by one round that is not measured.
    round(&files, &cards);
    let mut reports = 0;
    for _ in 0..rounds {
        reports += measured(&files, &cards);
    }
    println!("{reports}");
}

/// One measured round (a function of its own for callgrind's `--toggle-collect`).
#[inline(never)]
fn measured(files: &[Vec<u8>], cards: &CardDb) -> usize {
    round(files, cards)
}

/// One round over every log: the reports made.
#[inline(never)]
fn round(files: &[Vec<u8>], cards: &CardDb) -> usize {
    files
        .iter()
        .filter(|f| ptcg_judge::verify(f, Some(cards), RuleEdition::default()).is_ok())
        .count()
}
