//! The archive run (`verify FOLDER`): 80 logs (the English real logs of ../shared repeated, or
//! the project's samples without it) verified with the built-in card data on a pool of 1 and of
//! 2 threads. Criterion prints logs/s. The card data is loaded once, outside the measurement.

use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ptcg_judge::archive::{Source, verify_all};
use ptcg_judge::engine::RuleEdition;

const LOGS: usize = 80;

fn logs() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/ptcgl-logs");
    let dirs: Vec<_> = if shared.is_dir() {
        ["en-2025", "en-2026", "en-player-name-bug"]
            .iter()
            .map(|d| shared.join(d))
            .collect()
    } else {
        eprintln!("SKIPPED shared logs: ../shared/ptcgl-logs not found; using replays/");
        vec![root.join("replays")]
    };
    let mut files: Vec<_> = dirs
        .iter()
        .flat_map(|d| std::fs::read_dir(d).into_iter().flatten().flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt" || x == "log"))
        .collect();
    files.sort();
    let one_round: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    one_round.iter().cycle().take(LOGS).cloned().collect()
}

fn bench(c: &mut Criterion) {
    // The allocator as the product binary sets it up.
    ptcg_judge::tune_allocator();
    let logs = logs();
    let sources: Vec<Source> = (0..logs.len())
        .map(|i| Source::File(i.to_string().into()))
        .collect();
    let read = |s: &Source| match s {
        Source::File(p) => Ok(logs[p.to_str().unwrap().parse::<usize>().unwrap()].clone()),
        Source::Stdin => Err("no standard input".to_string()),
    };
    let db = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    let mut group = c.benchmark_group("archive");
    group.throughput(Throughput::Elements(logs.len() as u64));
    group.sample_size(10);
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        group.bench_function(format!("{LOGS} logs, {threads} thread(s)"), |b| {
            b.iter(|| {
                pool.install(|| {
                    std::hint::black_box(verify_all(
                        &sources,
                        read,
                        Some(&db),
                        RuleEdition::default(),
                        || {},
                    ))
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
