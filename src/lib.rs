//! ptcg-judge: a rulings assistant and replay analyser for the Pokémon Trading Card Game.
//!
//! The crate is split into pure modules (`cards` model, `log`, `engine`, `report`, `rules`) and thin IO
//! edges (the file-reading part of `cards`, `store`, `web`, `bench` — the `bench` command's
//! measurements, which start the service and load it — and the binary in `main.rs`).

pub mod archive;
pub mod cards;
pub mod engine;
pub mod log;
pub mod report;
pub mod rules;
pub mod store;
pub mod web;

/// The memory allocator of every program built on this library (the `ptcg-judge` binary, its
/// tests, benches and examples): mimalloc. Replaying a log makes many small, short-lived
/// strings and lists (notes, card names, candidate prints); with the system allocator their
/// `malloc` and `free` were about a fifth of `verify`'s instructions (callgrind). Set here
/// rather than in `main.rs` so that the benches and the profiling examples measure what the
/// product runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use cards::CardDb;
use engine::{Replay, RuleEdition};
use report::Report;

/// Parse and verify a battle log: the whole pipeline from bytes to report.
pub fn verify(
    bytes: &[u8],
    cards: Option<&CardDb>,
    edition: RuleEdition,
) -> Result<Report, log::LogError> {
    let parsed = log::parse_log_with(bytes, cards::local_names::local_names(cards))?;
    let result = Replay::run(&parsed, cards, edition);
    Ok(Report::build(
        parsed,
        result,
        edition,
        cards.map_or(0, CardDb::len),
        cards.map(|c| c.sources().to_vec()).unwrap_or_default(),
    ))
}
