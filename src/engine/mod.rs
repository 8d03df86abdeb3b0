//! The verifying engine: replays a parsed battle log into the visible game state and gives
//! every line a [`Step`] (verdict, clauses applied, message). Pure: no IO.

// First, so that every module of the engine may write `sentence!`.
#[macro_use]
mod sentence;

pub mod card_era;
pub mod cardinfo;
pub mod checkup_order;
pub mod confusion;
pub mod damage_order;
pub mod edition;
pub mod effect;
pub mod explanation;
pub mod facts;
pub mod hints;
pub mod in_force;
pub mod knockout_order;
pub mod poke_powers;
pub mod replay;
pub mod resolve;
pub mod simultaneous_win;
pub mod state;
pub mod tools;
pub mod verdict;

pub use edition::RuleEdition;
pub use replay::{Replay, ReplayResult, StepRecord, end_reason_from_state};
pub use state::{
    Count, GameState, Phase, PlayerIdx, PlayerState, Pokemon, PokemonId, Position, Stadium,
};
pub use verdict::{Step, Verdict};
