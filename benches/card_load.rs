//! Time to load card data into a `CardDb`: the built-in snapshot (always), and the full
//! pokemon-tcg-data copy.
//!
//! Data: `../shared/cards/pokemon-tcg-data` relative to the crate, else `$PTCG_JUDGE_CARDS`;
//! that part is skipped (with a message) when neither exists. Run:
//! `cargo bench --bench card_load`.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use ptcg_judge::cards::CardDb;

fn data_dir() -> Option<PathBuf> {
    let local = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/cards/pokemon-tcg-data");
    if local.is_dir() {
        return Some(local);
    }
    std::env::var_os("PTCG_JUDGE_CARDS")
        .map(PathBuf::from)
        .filter(|p| p.is_dir())
}

fn builtin_decode(c: &mut Criterion) {
    // The allocator as the product binary sets it up.
    ptcg_judge::tune_allocator();
    let bytes = ptcg_judge::cards::snapshot::builtin_bytes();
    let mut group = c.benchmark_group("card_load");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("builtin_snapshot", |b| {
        b.iter(|| {
            let db = ptcg_judge::cards::snapshot::decode(bytes).expect("snapshot decodes");
            std::hint::black_box(db.len())
        })
    });
    // Ready to use: what `verify` waits for (the built-in data is never dropped).
    group.bench_function("builtin_snapshot_ready", |b| {
        b.iter_with_large_drop(|| ptcg_judge::cards::snapshot::decode(bytes).expect("decodes"))
    });
    group.finish();
}

fn card_load(c: &mut Criterion) {
    let Some(dir) = data_dir() else {
        println!(
            "card_load skipped: ../shared/cards/pokemon-tcg-data not found and PTCG_JUDGE_CARDS not set"
        );
        return;
    };
    let db = CardDb::load_dir(&dir).expect("card data loads");
    println!("card_load: {} cards, {} sets", db.len(), db.sets().len());
    drop(db);

    let mut group = c.benchmark_group("card_load");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("load_dir_full", |b| {
        b.iter(|| {
            let db = CardDb::load_dir(&dir).expect("card data loads");
            std::hint::black_box(db.len())
        })
    });
    let text = std::fs::read_to_string(dir.join("cards/en/sv6.json")).expect("sv6.json");
    group.bench_function("parse_set_json_sv6", |b| {
        b.iter(|| {
            let cards = CardDb::parse_set_json(&text, "sv6.json").expect("parses");
            std::hint::black_box(cards.len())
        })
    });
    group.finish();
}

criterion_group!(benches, builtin_decode, card_load);
criterion_main!(benches);
