//! Parse the given logs (ROUNDS times, default 1) and print the number of lines: a target for
//! callgrind and perf when profiling the parser alone (see docs/benchmarks.md).
fn main() {
    let files: Vec<Vec<u8>> = std::env::args()
        .skip(1)
        .map(|f| std::fs::read(&f).unwrap_or_else(|e| panic!("cannot read {f}: {e}")))
        .collect();
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut lines = 0;
    for _ in 0..rounds {
        for f in &files {
            lines += ptcg_judge::log::parse_log(f).map_or(0, |l| l.lines.len());
        }
    }
    println!("{lines}");
}
