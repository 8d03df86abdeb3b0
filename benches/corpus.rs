//! Throughput of the parser and the state tracker over the real English corpus (or, without
//! ../shared, over the project's sample logs), with and without the card data. Criterion prints
//! MB/s.

use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ptcg_judge::engine::{Replay, RuleEdition};
use ptcg_judge::log::parse_log;

fn corpus() -> (String, Vec<Vec<u8>>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/ptcgl-logs");
    let mut files: Vec<PathBuf> = Vec::new();
    let label;
    if shared.is_dir() {
        label = "shared English corpus".to_string();
        for dir in ["en-2026", "en-player-name-bug", "localized"] {
            for e in std::fs::read_dir(shared.join(dir))
                .into_iter()
                .flatten()
                .flatten()
            {
                let p = e.path();
                let name = p
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("")
                    .to_string();
                if dir != "localized" || name.starts_with("en-") {
                    files.push(p);
                }
            }
        }
    } else {
        label = "replays/ samples (../shared not found)".to_string();
        for e in std::fs::read_dir(root.join("replays"))
            .into_iter()
            .flatten()
            .flatten()
        {
            if e.path().extension().is_some_and(|x| x == "log") {
                files.push(e.path());
            }
        }
    }
    files.sort();
    (
        label,
        files.iter().map(|f| std::fs::read(f).unwrap()).collect(),
    )
}

fn bench(c: &mut Criterion) {
    // The allocator as the product binary sets it up.
    ptcg_judge::tune_allocator();
    let (label, logs) = corpus();
    let bytes: usize = logs.iter().map(Vec::len).sum();
    eprintln!("corpus: {label}, {} logs, {bytes} bytes", logs.len());
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Bytes(bytes as u64));
    // The machine's yardstick, as in issue 23's table: the lines of the same bytes found with
    // `memchr`. Virtual machines of one kind differ from session to session (code that parsed
    // at 281–288 MiB/s on one parsed at 82 MiB/s on another, with 1% fewer instructions), so
    // each run records how fast its machine is. It does not convert the MB/s figures below: a
    // streaming scan slows less than the parser's branching code.
    group.bench_function("newline scan (memchr)", |b| {
        b.iter(|| {
            logs.iter()
                .map(|log| memchr::memchr_iter(b'\n', log).count())
                .sum::<usize>()
        })
    });
    group.bench_function("parse", |b| {
        b.iter(|| {
            for log in &logs {
                std::hint::black_box(parse_log(log).ok());
            }
        })
    });
    group.bench_function("parse+track", |b| {
        b.iter(|| {
            for log in &logs {
                if let Ok(parsed) = parse_log(log) {
                    std::hint::black_box(Replay::run(&parsed, None, RuleEdition::default()));
                }
            }
        })
    });
    group.bench_function("verify (report)", |b| {
        b.iter(|| {
            for log in &logs {
                std::hint::black_box(ptcg_judge::verify(log, None, RuleEdition::default()).ok());
            }
        })
    });
    // The built-in card data: what `verify` uses by default (decoded once, outside the loop).
    let builtin = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    group.bench_function("verify with the built-in data (report)", |b| {
        b.iter(|| {
            for log in &logs {
                std::hint::black_box(
                    ptcg_judge::verify(log, Some(&builtin), RuleEdition::default()).ok(),
                );
            }
        })
    });
    // With the card data the checks have the most to do (HP, attacks, costs, Weakness).
    let cards = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/cards/pokemon-tcg-data");
    if let Ok(db) = ptcg_judge::cards::CardDb::load_dir(&cards) {
        group.bench_function("verify with card data (report)", |b| {
            b.iter(|| {
                for log in &logs {
                    std::hint::black_box(
                        ptcg_judge::verify(log, Some(&db), RuleEdition::default()).ok(),
                    );
                }
            })
        });
    } else {
        eprintln!("SKIPPED verify with card data: ../shared/cards/pokemon-tcg-data not found");
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
