//! ptcg-judge: a rulings assistant and replay analyser for the Pokémon Trading Card Game.
//!
//! The crate is split into pure modules (`cards` model, `log`, `engine`, `report`) and thin IO
//! edges (the file-reading part of `cards`, and the binary in `main.rs`).

pub mod cards;
