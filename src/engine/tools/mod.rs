//! The judge tools: pure answers to a question a judge asks at a table (how much damage, what
//! happens in this Checkup, who wins, is this deck legal). Each answer is a step-by-step trace
//! whose steps name the clause they apply. The rules themselves live with the engine's checks
//! (`engine::rule`), so a tool and a replay can never disagree.

pub mod checkup;
pub mod damage;
pub mod deck;
pub mod outcome;
pub mod request;

pub use request::{RequestError, decode};
