//! Parts of the command line too big for `main.rs`.

pub mod analysis;
pub mod archive;
pub mod card_data;
pub mod service;
pub mod store;
