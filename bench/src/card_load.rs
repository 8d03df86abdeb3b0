//! Time to load the card data (a folder, or the built-in snapshot) into a `CardDb`.

use std::time::Instant;

use ptcg_judge::cards::CardDb;

use super::BenchCards;
use super::stats::Spread;

/// Load the card data `loads` times (at least once); the milliseconds of each, and the last
/// database. The built-in snapshot is decoded afresh each time (not the shared copy).
pub fn measure(cards: &BenchCards, loads: usize) -> Result<(Spread, CardDb), String> {
    let mut times = Vec::new();
    let mut db = None;
    for _ in 0..loads.max(1) {
        // The previous database is dropped first, so loads do not pile up in memory.
        drop(db.take());
        let start = Instant::now();
        let loaded = match cards {
            BenchCards::Folder(dir) => CardDb::load_dir(dir)
                .map_err(|e| format!("cannot load card data from {}: {e}", dir.display()))?,
            BenchCards::Builtin => {
                ptcg_judge::cards::snapshot::decode(ptcg_judge::cards::snapshot::builtin_bytes())
                    .map_err(|e| e.to_string())?
            }
            BenchCards::NoCards => CardDb::default(),
        };
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        db = Some(loaded);
    }
    let spread = Spread::of(&times).expect("at least one load");
    Ok((spread, db.expect("at least one load")))
}
