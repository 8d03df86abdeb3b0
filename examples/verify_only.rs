//! Verify the given logs against the built-in card data (decoded once), ROUNDS times (default
//! 1), and print the number of violations: a target for callgrind and perf when profiling the
//! checks without the card load (see docs/benchmarks.md).
use ptcg_judge::engine::RuleEdition;

fn main() {
    let files: Vec<Vec<u8>> = std::env::args()
        .skip(1)
        .map(|f| std::fs::read(&f).unwrap_or_else(|e| panic!("cannot read {f}: {e}")))
        .collect();
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let cards = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    let mut reports = 0;
    for _ in 0..rounds {
        for f in &files {
            reports +=
                usize::from(ptcg_judge::verify(f, Some(&cards), RuleEdition::default()).is_ok());
        }
    }
    println!("{reports}");
}
