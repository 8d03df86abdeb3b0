//! Typed errors and warnings of the card-data importer.

use std::path::PathBuf;

/// A failure while reading or parsing the card data. Everything here stops the import;
/// oddities inside an otherwise valid card are [`ImportWarning`]s instead.
#[derive(Debug, thiserror::Error)]
pub enum CardDataError {
    /// A file or directory could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path that failed.
        path: PathBuf,
        /// The underlying IO error.
        #[source]
        source: std::io::Error,
    },
    /// A file is not valid JSON, or does not have the expected shape.
    #[error("{file}: invalid card JSON at line {line}, column {column}: {message}")]
    Json {
        /// Label of the file (usually its path) as given by the caller.
        file: String,
        /// 1-based line reported by serde_json (0 when unknown).
        line: usize,
        /// 1-based column reported by serde_json (0 when unknown).
        column: usize,
        /// serde_json's description of the problem.
        message: String,
    },
    /// A TCGdex file outside the subset of TypeScript the reader knows, a field of the wrong
    /// shape, or an import that names no series or set file.
    #[error("{file}:{line}:{column}: {message}")]
    Literal {
        /// Path of the file from the folder given.
        file: String,
        /// 1-based line.
        line: u32,
        /// 1-based column, in characters.
        column: u32,
        /// What is wrong there.
        message: String,
    },
    /// The directory holds no `cards/en` folder and no card `*.json` files.
    #[error("no card files found under {0} (expected cards/en/*.json or a folder of set files)")]
    NoCardFiles(PathBuf),
}

impl CardDataError {
    /// Wrap a serde_json error, keeping its line and column, under the given file label.
    pub(crate) fn json(file: &str, err: &serde_json::Error) -> Self {
        let full = err.to_string();
        // serde_json appends " at line L column C"; keep only the description.
        let message = match full.rfind(" at line ") {
            Some(pos) => full[..pos].to_string(),
            None => full,
        };
        CardDataError::Json {
            file: file.to_string(),
            line: err.line(),
            column: err.column(),
            message,
        }
    }
}

/// Something odd in one card that the importer skipped rather than failing, e.g. an unknown
/// Weakness value. The card itself is still loaded; only the odd field part is left out.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ImportWarning {
    /// Id of the card the warning is about (e.g. `"base1-40"`).
    pub card_id: String,
    /// What was left out and why.
    pub message: String,
}

impl std::fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.card_id, self.message)
    }
}
