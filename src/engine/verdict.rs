//! What the engine says about one line: a verdict, the clauses applied, and a sentence.

use serde::{Deserialize, Serialize};

/// The verdict on one log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Checked and legal.
    Ok,
    /// Provably against the rules, given what the log shows.
    Violation,
    /// The check needs something the engine does not know; the message says what.
    Unverified,
    /// No rule to check.
    Info,
    /// The line has no known shape.
    Unparsed,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::Violation => "violation",
            Verdict::Unverified => "unverified",
            Verdict::Info => "info",
            Verdict::Unparsed => "unparsed",
        }
    }
}

/// The engine's finding for one line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    pub verdict: Verdict,
    /// Clause ids applied, each with a section in the rulings reference.
    pub clauses: Vec<&'static str>,
    pub message: String,
}

impl Step {
    pub fn info(message: impl Into<String>) -> Step {
        Step {
            verdict: Verdict::Info,
            clauses: Vec::new(),
            message: message.into(),
        }
    }

    pub fn unverified(message: impl Into<String>) -> Step {
        Step {
            verdict: Verdict::Unverified,
            clauses: Vec::new(),
            message: message.into(),
        }
    }

    pub fn unparsed(message: impl Into<String>) -> Step {
        Step {
            verdict: Verdict::Unparsed,
            clauses: Vec::new(),
            message: message.into(),
        }
    }
}
