//! Deck checker (being written): see `answer`.

use serde::{Deserialize, Serialize};

use crate::cards::CardDb;

use super::RequestError;

/// `POST /api/v1/tools/deck`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRequest {
    /// The deck list as PTCG Live exports it.
    pub list: String,
    /// `standard`, `expanded` or `unlimited` (optional).
    #[serde(default)]
    pub format: Option<String>,
}

/// One thing wrong with the deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckProblem {
    /// 1-based line of the list, when the problem is about one line.
    pub line: Option<usize>,
    pub clause: &'static str,
    pub message: String,
}

/// The answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckAnswer {
    pub legal: Option<bool>,
    pub count: u32,
    pub problems: Vec<DeckProblem>,
}

/// Check a deck list.
pub fn answer(req: &DeckRequest, db: Option<&CardDb>) -> Result<DeckAnswer, RequestError> {
    let _ = (req, db);
    Err(RequestError::new(".", "the deck checker is not written yet"))
}
