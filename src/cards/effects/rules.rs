//! The text rules: how a card's English effect text is read into the facts it may change.

use super::CardEffects;
use crate::cards::Card;

/// Read every text of a card.
pub fn read_card(_card: &Card) -> CardEffects {
    todo!("text rules: issue 10, effect catalogue")
}
