//! Why an input is not a battle log the verifier can read.

use thiserror::Error;

/// An input that cannot be read as a battle log at all. A log with some lines of unknown shape is
/// *not* an error: those lines become `unparsed` steps.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LogError {
    #[error("the input is empty")]
    Empty,
    #[error("the input is {size} bytes; a battle log may be at most {max} bytes (5 MB)")]
    TooLarge { size: usize, max: usize },
    #[error("the input is binary data, not text (a NUL byte at line {line}, column {column})")]
    Binary { line: u32, column: u32 },
    #[error("the input is not UTF-8 text (invalid byte at line {line}, column {column})")]
    NotUtf8 { line: u32, column: u32 },
    #[error(
        "the input is an HTML page, not a battle log; paste the text the game's \"copy log\" button gives"
    )]
    Html,
    #[error(
        "the input looks like a battle log in {language}, but too few of its lines have the shape of that language's battle-log lines to read it as one; paste the whole text the game's \"copy log\" button gives"
    )]
    UnsupportedLanguage { language: &'static str },
    #[error(
        "this is not a battle log: {shaped} of {lines} lines have the shape of a battle-log line (a log needs its players or phase headers, and most lines in known shapes); the first line is {first:?}. A Pokémon TCG Live log starts with \"Setup\" and has lines such as \"<player> drew a card.\""
    )]
    NotABattleLog {
        lines: usize,
        shaped: usize,
        first: String,
    },
}

impl LogError {
    /// A stable code for the error, for diagnostics and the JSON API.
    pub fn code(&self) -> &'static str {
        match self {
            LogError::Empty => "log.empty",
            LogError::TooLarge { .. } => "log.too-large",
            LogError::Binary { .. } => "log.binary",
            LogError::NotUtf8 { .. } => "log.not-utf8",
            LogError::Html => "log.html",
            LogError::UnsupportedLanguage { .. } => "log.unsupported-language",
            LogError::NotABattleLog { .. } => "log.not-a-battle-log",
        }
    }
}
