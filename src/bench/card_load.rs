//! Time to load the card data folder into a `CardDb`.

use std::path::Path;
use std::time::Instant;

use crate::cards::{CardDataError, CardDb};

use super::stats::Spread;

/// Load `dir` `loads` times (at least once); the milliseconds of each, and the last database.
pub fn measure(dir: &Path, loads: usize) -> Result<(Spread, CardDb), CardDataError> {
    let mut times = Vec::new();
    let mut db = None;
    for _ in 0..loads.max(1) {
        // The previous database is dropped first, so loads do not pile up in memory.
        drop(db.take());
        let start = Instant::now();
        let loaded = CardDb::load_dir(dir)?;
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        db = Some(loaded);
    }
    let spread = Spread::of(&times).expect("at least one load");
    Ok((spread, db.expect("at least one load")))
}
