//! The clause registry: every rule clause the project cites, with its stable id, its page in
//! the rulings reference (`rulings/<page>.md`) and whether the engine checks it.

pub mod registry;

pub use registry::{CLAUSES, Clause, PAGES, clause};
