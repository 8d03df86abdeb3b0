//! Which export format a log is in. Game clients of different years write different lines: the
//! 2025 client numbers its turn headers (`Turn # 3 - X's Turn`), per player's turn or per turn,
//! and writes no `Damage breakdown`; the 2026 client writes bare `X's Turn` headers, a breakdown
//! on some attacks, and card-id prefixes when the player turned card ids on. What a format does
//! not write can never be evidence, so the report says which one it read.

use serde::{Deserialize, Serialize};

use super::{Event, ParsedLog};

/// How the turn headers are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HeaderStyle {
    /// `X's Turn` (the 2026 client).
    Bare,
    /// `Turn # N - X's Turn` (the 2025 client).
    Numbered,
    /// Every header is the client's unfilled `[playerName]'s Turn`.
    Placeholder,
    /// Headers of more than one of those styles.
    Mixed,
    /// No turn header at all.
    None,
}

/// How numbered turn headers count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnNumbering {
    /// Each turn has the next number: 1, 2, 3, …
    PerTurn,
    /// Each player counts their own turns: 1, 1, 2, 2, … (a number per round).
    PerPlayer,
    /// Numbers that follow neither pattern (a cut or edited log).
    Irregular,
}

/// What the log's export format writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExportFormat {
    pub turn_headers: HeaderStyle,
    /// For numbered headers, how they count; `null` otherwise.
    pub turn_numbering: Option<TurnNumbering>,
    /// At least one `Damage breakdown` block: this client writes them (on some attacks only).
    pub damage_breakdowns: bool,
    /// Card names carry the client's card-id prefix (`(sv6_128) Dreepy`).
    pub card_ids: bool,
}

impl Default for ExportFormat {
    /// What a report stored before formats were detected says: nothing known.
    fn default() -> ExportFormat {
        ExportFormat {
            turn_headers: HeaderStyle::None,
            turn_numbering: None,
            damage_breakdowns: false,
            card_ids: false,
        }
    }
}

impl ExportFormat {
    /// Read the format from the parsed lines.
    pub fn detect(log: &ParsedLog) -> ExportFormat {
        let (mut bare, mut numbered, mut placeholder) = (0usize, 0usize, 0usize);
        let mut numbers = Vec::new();
        let mut damage_breakdowns = false;
        for line in &log.lines {
            match &line.event {
                Event::TurnHeader { number, player } => {
                    match (number, player) {
                        (Some(_), _) => numbered += 1,
                        (None, Some(_)) => bare += 1,
                        (None, None) => placeholder += 1,
                    }
                    if let Some(n) = number {
                        numbers.push(*n);
                    }
                }
                Event::BreakdownHeader => damage_breakdowns = true,
                _ => {}
            }
        }
        let card_ids = text_has_card_id(&log.source);
        let styles = [bare, numbered, placeholder]
            .iter()
            .filter(|n| **n > 0)
            .count();
        let turn_headers = match styles {
            0 => HeaderStyle::None,
            1 if bare > 0 => HeaderStyle::Bare,
            1 if numbered > 0 => HeaderStyle::Numbered,
            1 => HeaderStyle::Placeholder,
            // The placeholder bug replaces the name only: a numbered log keeps its numbers.
            _ if bare == 0 && numbered > 0 && placeholder > 0 => HeaderStyle::Numbered,
            _ if numbered == 0 && bare > 0 && placeholder > 0 => HeaderStyle::Bare,
            _ => HeaderStyle::Mixed,
        };
        ExportFormat {
            turn_headers,
            turn_numbering: (!numbers.is_empty()).then(|| numbering(&numbers)),
            damage_breakdowns,
            card_ids,
        }
    }
}

/// How a sequence of header numbers counts.
fn numbering(numbers: &[u32]) -> TurnNumbering {
    let per_turn = numbers.windows(2).all(|w| w[1] == w[0] + 1);
    // 1, 1, 2, 2, …: pairs of equal numbers, each pair one more than the last (the last pair
    // may be cut short).
    let per_player = numbers
        .iter()
        .enumerate()
        .all(|(i, n)| *n == numbers[0] + (i as u32) / 2);
    match (per_turn, per_player) {
        // A single header fits both: call it per turn.
        (true, _) => TurnNumbering::PerTurn,
        (false, true) => TurnNumbering::PerPlayer,
        (false, false) => TurnNumbering::Irregular,
    }
}

/// Whether a line of `text` (a whole log, read in one pass) has a `(set_number) ` card-id
/// prefix: an opening parenthesis, a token of letters, digits, `-` and `_` with at least one
/// `_` and one digit, `) ` and, on the same line, a character that is not a lower-case letter.
fn text_has_card_id(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(open) = memchr::memchr(b'(', &bytes[from..]).map(|i| i + from) {
        let rest = &bytes[open + 1..];
        let len = rest
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_' || **b == b'-')
            .count();
        let token = &rest[..len];
        let closes = rest.get(len) == Some(&b')')
            && rest.get(len + 1) == Some(&b' ')
            && rest
                .get(len + 2)
                .is_some_and(|b| !b.is_ascii_lowercase() && !matches!(b, b'\n' | b'\r'));
        if closes && token.contains(&b'_') && token.iter().any(u8::is_ascii_digit) {
            return true;
        }
        from = open + 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::parse_text;

    #[test]
    fn numbering_per_turn_and_per_player() {
        assert_eq!(numbering(&[1, 2, 3, 4]), TurnNumbering::PerTurn);
        assert_eq!(numbering(&[1, 1, 2, 2, 3]), TurnNumbering::PerPlayer);
        assert_eq!(numbering(&[1]), TurnNumbering::PerTurn);
        assert_eq!(numbering(&[1, 3, 2]), TurnNumbering::Irregular);
    }

    #[test]
    fn card_id_prefixes() {
        assert!(text_has_card_id("A played (sv6_128) Dreepy to the Bench."));
        assert!(text_has_card_id(
            "   • (me2-5_34_ph) Kyogre, (me1_56) Alakazam"
        ));
        assert!(!text_has_card_id("A played Dreepy (hidden) to the Bench."));
        assert!(!text_has_card_id("A drew 2 cards (of 3)."));
        assert!(!text_has_card_id("Bob (2) played Dreepy to the Bench."));
        // What follows ") " is read on the same line only.
        assert!(!text_has_card_id("A played (sv6_128) \nDreepy."));
        assert!(!text_has_card_id("A played (sv6_128) \r\nDreepy."));
        assert!(text_has_card_id("Setup\r\nA played (sv6_128) Dreepy."));
    }

    #[test]
    fn formats_of_both_clients() {
        let old = parse_text(
            "Setup\nTurn # 1 - Ann's Turn\nAnn drew a card.\nTurn # 1 - Bob's Turn\nBob drew a card.\nTurn # 2 - Ann's Turn\n",
        );
        let f = ExportFormat::detect(&old);
        assert_eq!(f.turn_headers, HeaderStyle::Numbered);
        assert_eq!(f.turn_numbering, Some(TurnNumbering::PerPlayer));
        assert!(!f.damage_breakdowns && !f.card_ids);
        let new = parse_text(
            "Setup\nAnn's Turn\nAnn played (sv6_128) Dreepy to the Bench.\n[playerName]'s Turn\nBob's Dreepy used Petty Grudge on Ann's Dreepy for 10 damage.\n- Damage breakdown:\n   • Base damage: 10 damage\n",
        );
        let f = ExportFormat::detect(&new);
        assert_eq!(f.turn_headers, HeaderStyle::Bare);
        assert_eq!(f.turn_numbering, None);
        assert!(f.damage_breakdowns && f.card_ids);
    }
}
