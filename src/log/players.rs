//! Finding the two player names before the lines are read, so that a possessive such as
//! `Bob's Kid's Pikachu` splits at the right place whatever characters the names hold.

use super::input::strip_turn_number;

/// Endings of lines whose only slot is the player name: strong evidence of a name.
const STRONG: &[&str] = &[
    " won the coin toss.",
    " decided to go first.",
    " decided to go second.",
    " chose heads for the opening coin flip.",
    " chose tails for the opening coin flip.",
    " took a mulligan.",
];

/// Endings that are weaker evidence of a name (weighed 1 against the strong ones' 10).
const WEAK: &[&str] = &[
    " ended their turn.",
    " drew a card.",
    " shuffled their deck.",
];

/// Evidence of a name: lines whose only slot is the player name, anchored at both ends.
fn name_in(line: &str) -> Option<(&str, u32)> {
    // Every such line ends in "s.", "t.", "d.", "p.", "n.", "k." or "rn" (of "Turn"): most
    // lines are ruled out by their last two bytes.
    if !matches!(
        line.as_bytes(),
        [.., b's' | b't' | b'd' | b'p' | b'n' | b'k', b'.'] | [.., b'r', b'n']
    ) {
        return None;
    }
    for s in STRONG {
        if let Some(name) = line.strip_suffix(s) {
            return Some((name, 10));
        }
    }
    if let Some(rest) = line.strip_suffix(" cards for the opening hand.")
        && let Some((name, n)) = rest.rsplit_once(" drew ")
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        return Some((name, 10));
    }
    let header = strip_turn_number(line);
    if let Some(name) = header.strip_suffix("'s Turn") {
        return (name != "[playerName]").then_some((name, 10));
    }
    for s in WEAK {
        if let Some(name) = line.strip_suffix(s) {
            return Some((name, 1));
        }
    }
    None
}

/// The player names of a log, at most two, in the order they first appear. `lines` are the
/// normalised line contents (sub-line dash removed).
pub fn discover<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<super::event::Text> {
    let mut seen: Vec<(super::event::Text, u32, usize)> = Vec::new();
    for (i, line) in lines.enumerate() {
        let Some((name, weight)) = name_in(line) else {
            continue;
        };
        let name = super::trim(name);
        if name.is_empty() || name.len() > 64 {
            continue;
        }
        match seen.iter_mut().find(|(n, _, _)| n == name) {
            Some(entry) => entry.1 += weight,
            None => seen.push((name.into(), weight, i)),
        }
    }
    seen.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
    seen.truncate(2);
    seen.sort_by_key(|(_, _, first)| *first);
    seen.into_iter().map(|(n, _, _)| n).collect()
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

    /// The quick test on the last two bytes lets every line of evidence through.
    #[test]
    fn every_evidence_line_passes_the_quick_test() {
        let mut lines: Vec<String> = STRONG
            .iter()
            .chain(WEAK)
            .map(|e| format!("Ann{e}"))
            .collect();
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
