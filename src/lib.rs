//! ptcg-judge: a rulings assistant and replay analyser for the Pokémon Trading Card Game.
//!
//! The crate is split into pure modules (`cards` model, `log`, `engine`, `report`, `rules`) and thin IO
//! edges (the file-reading part of `cards`, `store`, `web`, `bench` — the `bench` command's
//! measurements, which start the service and load it — and the binary in `main.rs`).

mod allocator;
pub mod analysis;
pub mod archive;
pub mod cards;
pub mod engine;
pub mod log;
pub mod report;
pub mod rules;
pub mod store;
pub mod web;

pub use allocator::{
    allocator_tuned, give_memory_back_soon, gives_memory_back_soon, tune_allocator,
};

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
