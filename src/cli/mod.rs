//! Parts of the command line too big for `main.rs`.

pub mod archive;
pub mod store;
