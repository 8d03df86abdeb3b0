//! Parse the given logs (ROUNDS times, default 1, after one warm-up round) and print the number
//! of lines: a target for callgrind and perf when profiling the parser alone (see
//! docs/benchmarks.md). `valgrind --tool=callgrind --toggle-collect='parse_only::measured'`
//! counts the measured rounds only.
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
    // The pattern tables are built on first use: not part of what is measured.
    round(&files[..files.len().min(1)]);
    let mut lines = 0;
    for _ in 0..rounds {
        lines += measured(&files);
    }
    println!("{lines}");
}

/// One measured round (a function of its own for callgrind's `--toggle-collect`).
#[inline(never)]
fn measured(files: &[Vec<u8>]) -> usize {
    round(files)
}

/// One round over every log: the lines parsed.
#[inline(never)]
fn round(files: &[Vec<u8>]) -> usize {
    files
        .iter()
        .map(|f| ptcg_judge::log::parse_log(f).map_or(0, |l| l.lines.len()))
        .sum()
}
