//! Pokémon TCG Live battle-log text -> typed events with line numbers. Pure: no IO.
//!
//! [`parse_log`] takes the bytes of an exported log and returns every line as a [`LogLine`]:
//! its number, its [`Depth`] and its [`Event`]; lines of unknown shape become
//! [`Event::Unparsed`] and keep their text. Only input that is not a battle log at all (empty,
//! binary, HTML, over 5 MB, another language) is an error, [`LogError`].

mod build;
pub mod error;
pub mod event;
mod event_cards;
pub mod format;
pub mod input;
pub mod locale;
pub mod parse;
pub mod pattern;
mod players;

pub use error::LogError;
pub use event::{
    AttackLine, BreakdownItem, CardName, CardRef, CoinFace, Condition, Destination, DevolveLine,
    EndReason, Event, MoveCountersLine, OncePerGame, Shuffled, Spot, SwitchLine, Text,
    TypeModifier,
};
pub use format::{ExportFormat, HeaderStyle, TurnNumbering};
pub use input::MAX_LOG_BYTES;
pub use parse::{Depth, LogLine, ParsedLog, normalise, parse_log, parse_log_with, parse_text};

/// `str::trim`, faster on the usual line: ASCII whitespace is cut byte by byte, and the
/// Unicode-aware trim runs only when an end of what is left is not plain ASCII.
pub(crate) fn trim(s: &str) -> &str {
    // Most texts start and end with a printable ASCII byte: nothing to cut, found with two
    // compares.
    let graphic = |b: Option<&u8>| b.is_some_and(u8::is_ascii_graphic);
    if graphic(s.as_bytes().first()) && graphic(s.as_bytes().last()) {
        return s;
    }
    let t = s.trim_ascii();
    let plain = |b: Option<&u8>| b.is_none_or(|b| b.is_ascii() && *b != 0x0B);
    if plain(t.as_bytes().first()) && plain(t.as_bytes().last()) {
        t
    } else {
        t.trim()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn trim_matches_str_trim() {
        for s in [
            "  a b  ",
            "\u{a0}x\u{a0}",
            "\u{b}y\u{b}",
            "",
            "  ",
            "é ",
            " •  z",
            "\u{2003}w\t\r\n",
            "x",
            "a\u{2003}",
            "\u{2003}a",
        ] {
            assert_eq!(super::trim(s), s.trim(), "{s:?}");
        }
    }
}
