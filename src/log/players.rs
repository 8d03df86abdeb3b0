//! Finding the two player names before the lines are read, so that a possessive such as
//! `Bob's Kid's Pikachu` splits at the right place whatever characters the names hold.

use super::input::strip_turn_number;

/// Endings of lines whose only slot is the player name, each with the weight of its evidence:
/// strong (10) or weak (1). One more strong ending, the opening hand's, holds a number
/// ([`OPENING_HAND`]), and a turn header is read on its own.
const ENDINGS: &[(&str, u32)] = &[
    (" won the coin toss.", 10),
    (" decided to go first.", 10),
    (" decided to go second.", 10),
    (" chose heads for the opening coin flip.", 10),
    (" chose tails for the opening coin flip.", 10),
    (" took a mulligan.", 10),
    (" ended their turn.", 1),
    (" drew a card.", 1),
    (" shuffled their deck.", 1),
];

/// The opening hand's line ends so, after `{p} drew {n}`.
const OPENING_HAND: &str = " cards for the opening hand.";

/// A turn header ends so.
const TURN: &str = "'s Turn";

/// The last eight bytes of `s` as one big-endian number (zero bytes in front of a shorter
/// `s`): a line's ending is told apart from the others with one load and a few compares.
const fn last_eight(s: &[u8]) -> u64 {
    let mut tail = 0;
    let mut i = s.len().saturating_sub(8);
    while i < s.len() {
        tail = tail << 8 | s[i] as u64;
        i += 1;
    }
    tail
}

/// [`last_eight`] of each ending in [`ENDINGS`], in the same order.
const ENDING_TAILS: [u64; ENDINGS.len()] = {
    let mut tails = [0; ENDINGS.len()];
    let mut i = 0;
    while i < ENDINGS.len() {
        tails[i] = last_eight(ENDINGS[i].0.as_bytes());
        i += 1;
    }
    tails
};

/// Evidence of a name: lines whose only slot is the player name, anchored at both ends.
fn name_in(line: &str) -> Option<(&str, u32)> {
    let bytes = line.as_bytes();
    // Every ending is seven bytes or longer, and no two end in the same eight bytes but the
    // two coin choices: most lines are ruled out by their last eight bytes alone.
    if bytes.len() < TURN.len() {
        return None;
    }
    let tail = match bytes.len().checked_sub(8) {
        Some(at) => u64::from_be_bytes(bytes[at..].try_into().expect("eight bytes")),
        None => last_eight(bytes),
    };
    if tail & 0x00FF_FFFF_FFFF_FFFF == last_eight(TURN.as_bytes()) {
        let name = strip_turn_number(line).strip_suffix(TURN)?;
        return (name != "[playerName]").then_some((name, 10));
    }
    if tail == last_eight(OPENING_HAND.as_bytes()) {
        let (name, n) = line.strip_suffix(OPENING_HAND)?.rsplit_once(" drew ")?;
        return n.bytes().all(|b| b.is_ascii_digit()).then_some((name, 10));
    }
    ENDING_TAILS
        .iter()
        .zip(ENDINGS)
        .filter(|(t, _)| **t == tail)
        .find_map(|(_, (ending, weight))| Some((line.strip_suffix(ending)?, *weight)))
}

/// The evidence of player names read so far, line by line (the lines are read once, for their
/// form and for this): each name with its weight and the line it first stood on.
#[derive(Default)]
pub struct NameEvidence {
    seen: Vec<(super::event::Text, u32, usize)>,
    /// Lines seen so far.
    lines: usize,
}

impl NameEvidence {
    /// Weigh the next line: its normalised content (sub-line dash removed).
    pub fn see(&mut self, line: &str) {
        let i = self.lines;
        self.lines += 1;
        let Some((name, weight)) = name_in(line) else {
            return;
        };
        let name = super::trim(name);
        if name.is_empty() || name.len() > 64 {
            return;
        }
        match self.seen.iter_mut().find(|(n, _, _)| n == name) {
            Some(entry) => entry.1 += weight,
            None => self.seen.push((name.into(), weight, i)),
        }
    }

    /// The player names, at most two, in the order they first appear.
    pub fn names(self) -> Vec<super::event::Text> {
        let mut seen = self.seen;
        seen.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
        seen.truncate(2);
        seen.sort_by_key(|(_, _, first)| *first);
        seen.into_iter().map(|(n, _, _)| n).collect()
    }
}

/// The player names of a log, at most two, in the order they first appear. `lines` are the
/// normalised line contents (sub-line dash removed).
#[cfg(test)]
fn discover<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<super::event::Text> {
    let mut evidence = NameEvidence::default();
    lines.for_each(|line| evidence.see(line));
    evidence.names()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_both_names_in_order_of_appearance() {
        let lines = [
            "Zoë chose tails for the opening coin flip.",
            "Ash K 1999 won the coin toss.",
            "Ash K 1999 decided to go first.",
            "Zoë drew 7 cards for the opening hand.",
            "Ash K 1999 drew 7 cards for the opening hand.",
            "[playerName]'s Turn",
            "Ash K 1999 drew a card.",
        ];
        assert_eq!(discover(lines.into_iter()), vec!["Zoë", "Ash K 1999"]);
    }

    /// The quick test on the last eight bytes lets every line of evidence through.
    #[test]
    fn every_evidence_line_passes_the_quick_test() {
        let mut lines: Vec<String> = ENDINGS.iter().map(|(e, _)| format!("Ann{e}")).collect();
        lines.extend(
            [
                "Ann drew 7 cards for the opening hand.",
                "Ann's Turn",
                "Turn # 2 - Ann's Turn",
            ]
            .map(String::from),
        );
        for line in &lines {
            assert_eq!(name_in(line).map(|(n, _)| n), Some("Ann"), "{line}");
        }
        assert_eq!(name_in("Ann played Ultra Ball."), None);
    }

    #[test]
    fn a_cut_log_still_names_its_players_from_turn_lines() {
        let lines = [
            "Turn # 4 - Misty_W's Turn",
            "Misty_W drew a card.",
            "Brock drew a card.",
            "Brock ended their turn.",
        ];
        assert_eq!(discover(lines.into_iter()), vec!["Misty_W", "Brock"]);
    }
}
