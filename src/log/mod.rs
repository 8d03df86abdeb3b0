//! Pokémon TCG Live battle-log text -> typed events with line numbers. Pure: no IO.
//!
//! [`parse_log`] takes the bytes of an exported log and returns every line as a [`LogLine`]:
//! its number, its [`Depth`] and its [`Event`]; lines of unknown shape become
//! [`Event::Unparsed`] and keep their text. Only input that is not a battle log at all (empty,
//! binary, HTML, over 5 MB, another language) is an error, [`LogError`].

mod build;
pub mod error;
pub mod event;
pub mod input;
pub mod parse;
pub mod pattern;
mod players;

pub use error::LogError;
pub use event::{
    BreakdownItem, CardName, CardRef, CoinFace, Condition, Destination, EndReason, Event,
    OncePerGame, Shuffled, Spot, Text, TypeModifier,
};
pub use input::MAX_LOG_BYTES;
pub use parse::{Depth, LogLine, ParsedLog, normalise, parse_log, parse_text};
