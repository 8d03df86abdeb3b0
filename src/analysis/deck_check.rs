//! The deck list check: the cards a player showed in the log against the list they
//! registered. Every card the log shows that the list lacks, or shows more copies of than the
//! list holds, with the lines that show it. Names are compared as the rulebook compares them
//! (`same_name_key`: any print of a name, basic Energy however written).

use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;

use crate::cards::decklist::{DeckList, ListIssue, same_name_key};

use super::cards_seen::SideCards;
use super::kinds::Kind;

/// The answer of a check.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeckCheck {
    /// The player whose cards were checked.
    pub player: String,
    /// Cards on the list.
    pub list_cards: u32,
    /// Different cards the log shows for the player (all were compared).
    pub cards_compared: usize,
    /// What the log shows that the list does not hold, in the order first seen.
    pub mismatches: Vec<Mismatch>,
    /// Lines of the list that could not be read (the check used the others).
    pub list_issues: Vec<ListIssue>,
}

impl DeckCheck {
    /// Whether every card shown is on the list in at least the number shown.
    pub fn fits(&self) -> bool {
        self.mismatches.is_empty()
    }
}

/// One card the list does not account for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mismatch {
    pub card: String,
    /// The fewest copies the log proves.
    pub seen: u32,
    /// Copies on the list (0: not on it).
    pub listed: u32,
    /// The log lines that show the card for this player.
    pub lines: Vec<u32>,
    /// One sentence saying it.
    pub message: String,
}

/// Check the cards `side` showed against `list`.
pub fn check_deck(side: &SideCards, list: &DeckList) -> DeckCheck {
    let mut listed: HashMap<String, u32> = HashMap::default();
    // Both readings of a name: as a Pokémon (δ and Team Plasma dropped) and not.
    for e in &list.entries {
        for pokemon in [true, false] {
            let key = same_name_key(&e.name, pokemon);
            let n = listed.entry(key).or_default();
            *n = n.saturating_add(e.count);
            if same_name_key(&e.name, true) == same_name_key(&e.name, false) {
                break;
            }
        }
    }
    let mut mismatches = Vec::new();
    let mut compared = 0;
    for group in &side.groups {
        for card in &group.cards {
            compared += 1;
            let key = same_name_key(&card.name, card.kind == Kind::Pokemon);
            let on_list = listed.get(&key).copied().unwrap_or(0);
            if card.at_least <= on_list {
                continue;
            }
            let lines = lines_words(&card.lines);
            let copies = |n: u32| {
                if n == 1 {
                    "1 copy".to_string()
                } else {
                    format!("{n} copies")
                }
            };
            let message = if on_list == 0 {
                format!(
                    "The log shows {} ({}) but the list has no card of that name.",
                    card.name, lines
                )
            } else {
                format!(
                    "The log shows at least {} of {} ({}) but the list holds {}.",
                    copies(card.at_least),
                    card.name,
                    lines,
                    on_list
                )
            };
            mismatches.push(Mismatch {
                card: card.name.clone(),
                seen: card.at_least,
                listed: on_list,
                lines: card.lines.clone(),
                message,
            });
        }
    }
    DeckCheck {
        player: side.player.clone(),
        list_cards: list.count(),
        cards_compared: compared,
        mismatches,
        list_issues: list.issues.clone(),
    }
}

/// "line 12", "lines 12, 40 and 77", at most 8 named.
fn lines_words(lines: &[u32]) -> String {
    const SHOWN: usize = 8;
    let shown: Vec<String> = lines.iter().take(SHOWN).map(u32::to_string).collect();
    let more = lines.len().saturating_sub(SHOWN);
    match (shown.as_slice(), more) {
        ([], _) => "no line".into(),
        ([one], _) => format!("line {one}"),
        (many, 0) => format!(
            "lines {} and {}",
            many[..many.len() - 1].join(", "),
            many[many.len() - 1]
        ),
        (many, more) => format!("lines {} and {more} more", many.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_named_as_a_person_writes_them() {
        assert_eq!(lines_words(&[4]), "line 4");
        assert_eq!(lines_words(&[4, 9]), "lines 4 and 9");
        assert_eq!(lines_words(&[1, 2, 3]), "lines 1, 2 and 3");
        assert_eq!(
            lines_words(&(1..=10).collect::<Vec<_>>()),
            "lines 1, 2, 3, 4, 5, 6, 7, 8 and 2 more"
        );
    }
}
