//! Stepping through a replay from the board view of a line: the links to the previous and
//! next step, the previous and next turn, and the next step of each verdict worth a look; and
//! the turn index at the top of a replay page (turn, player, Prize cards left, what happened).
//! Plain links, so it all works without script; `app.js` adds keys that follow them.

use serde::Serialize;

use crate::engine::Verdict;
use crate::log::Event;
use crate::report::{Report, StepReport};

/// Where each stepping link of the board view of a line goes (`None` where there is nothing).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct StepLinks {
    pub prev: Option<String>,
    pub next: Option<String>,
    pub prev_turn: Option<String>,
    pub next_turn: Option<String>,
    pub next_violation: Option<String>,
    pub next_unverified: Option<String>,
}

/// A line that gets a row (a blank line of the log does not).
fn shown(step: &StepReport) -> bool {
    step.event != "blank"
}

fn turn_start(step: &StepReport) -> bool {
    step.event == "turn-header"
}

impl StepLinks {
    /// The links from line `line` of `steps`, as board views of `base` (`None` for a line the
    /// log lacks).
    pub fn new(steps: &[StepReport], base: &str, line: u32) -> Option<StepLinks> {
        let index = steps.binary_search_by_key(&line, |s| s.line).ok()?;
        // Every step opens at the board, which starts with the line it follows: the page does
        // not jump between the board and the line as one steps (on a wide screen the board
        // stays beside the log and the page's script brings the line into view).
        let at = |s: &StepReport| format!("{base}?at={}#board", s.line);
        let before = &steps[..index];
        let after = &steps[index + 1..];
        // The header of the turn this line is in (the line itself when it is one).
        let this_turn = steps[..=index].iter().rposition(turn_start);
        let prev_turn = match this_turn {
            Some(t) => steps[..t].iter().rev().find(|s| turn_start(s)),
            None => None,
        };
        Some(StepLinks {
            prev: before.iter().rev().find(|s| shown(s)).map(at),
            next: after.iter().find(|s| shown(s)).map(at),
            prev_turn: prev_turn.map(at),
            next_turn: after.iter().find(|s| turn_start(s)).map(at),
            next_violation: after
                .iter()
                .find(|s| s.verdict == Verdict::Violation)
                .map(at),
            next_unverified: after
                .iter()
                .find(|s| s.verdict == Verdict::Unverified)
                .map(at),
        })
    }
}

/// One row of the turn index.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct TurnRow {
    /// `Setup`, or the turn's number.
    pub turn: String,
    pub player: String,
    /// Prize cards left at the end of the turn, each player in the report's order.
    pub prizes_left: Vec<u32>,
    /// Attacks, Knock Outs and Prize cards taken, in order, shortened.
    pub happened: String,
    pub violations: usize,
    pub unverified: usize,
    /// The turn's first line.
    pub line: u32,
    /// Where the turn is shown (set by the page).
    pub href: String,
}

/// The Prize cards each player sets aside at the start of a game (every edition of the seeds).
pub const PRIZE_CARDS: u32 = 6;

/// The most events a row names before "…".
const HAPPENED_ITEMS: usize = 4;

/// The turn index of a whole game: one row per turn (and one for setup), Prize cards counted
/// from the Prize cards the log shows taken.
pub fn turn_index(report: &Report) -> Vec<TurnRow> {
    let players: Vec<&str> = report.players.iter().map(|p| p.name.as_str()).collect();
    let mut taken = vec![0u32; players.len()];
    let mut rows: Vec<TurnRow> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    for step in &report.steps {
        if rows.is_empty() || turn_start(step) {
            finish(rows.last_mut(), &mut items, &taken);
            rows.push(TurnRow {
                turn: if step.turn == 0 {
                    "Setup".into()
                } else {
                    step.turn.to_string()
                },
                player: step.player.as_deref().unwrap_or("").to_string(),
                prizes_left: Vec::new(),
                happened: String::new(),
                violations: 0,
                unverified: 0,
                line: step.line,
                href: String::new(),
            });
        }
        let row = rows.last_mut().expect("a row was pushed");
        match step.verdict {
            Verdict::Violation => row.violations += 1,
            Verdict::Unverified => row.unverified += 1,
            _ => {}
        }
        match &step.data {
            Event::Attack(a) => items.push(format!("{}: {}", a.pokemon, a.attack)),
            Event::KnockOut { pokemon, .. } => items.push(format!("{pokemon} Knocked Out")),
            Event::TookPrizes { player, count } => {
                if let Some(i) = players.iter().position(|p| *p == player.as_str()) {
                    taken[i] += count;
                }
                let s = if *count == 1 { "" } else { "s" };
                items.push(format!("{player} took {count} Prize card{s}"));
            }
            _ => {}
        }
    }
    finish(rows.last_mut(), &mut items, &taken);
    rows
}

/// Close a turn's row: what happened in it, and the Prize cards left at its end.
fn finish(row: Option<&mut TurnRow>, items: &mut Vec<String>, taken: &[u32]) {
    if let Some(row) = row {
        row.prizes_left = taken
            .iter()
            .map(|t| PRIZE_CARDS.saturating_sub(*t))
            .collect();
        let mut text = items
            .iter()
            .take(HAPPENED_ITEMS)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ");
        if items.len() > HAPPENED_ITEMS {
            text.push_str("; …");
        }
        row.happened = text;
    }
    items.clear();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::RuleEdition;

    /// Verified with the built-in card data, as the service does.
    fn report(text: &str) -> Report {
        let cards = crate::cards::snapshot::builtin().unwrap();
        crate::verify(text.as_bytes(), Some(&cards), RuleEdition::default()).unwrap()
    }

    fn line_of(link: &Option<String>) -> Option<u32> {
        let link = link.as_ref()?;
        let at = link.split("?at=").nth(1)?;
        at.split('#').next()?.parse().ok()
    }

    #[test]
    fn each_link_goes_where_its_name_says_from_every_line() {
        let r = report(include_str!("../../replays/illegal-second-supporter.log"));
        let steps = &r.steps;
        let headers: Vec<u32> = steps
            .iter()
            .filter(|s| turn_start(s))
            .map(|s| s.line)
            .collect();
        assert!(headers.len() >= 3);
        for (i, step) in steps.iter().enumerate() {
            let links = StepLinks::new(steps, "/samples/x", step.line).unwrap();
            let prev = steps[..i].iter().rev().find(|s| shown(s)).map(|s| s.line);
            let next = steps[i + 1..].iter().find(|s| shown(s)).map(|s| s.line);
            assert_eq!(line_of(&links.prev), prev, "line {}", step.line);
            assert_eq!(line_of(&links.next), next, "line {}", step.line);
            let this_turn = headers.iter().rev().find(|h| **h <= step.line);
            let prev_turn = this_turn.and_then(|t| headers.iter().rev().find(|h| *h < t));
            assert_eq!(line_of(&links.prev_turn), prev_turn.copied());
            let next_turn = headers.iter().find(|h| **h > step.line).copied();
            assert_eq!(line_of(&links.next_turn), next_turn);
        }
        // The sample's one violation is on line 48: every earlier line leads to it, no later
        // one does.
        let violation = steps
            .iter()
            .find(|s| s.verdict == Verdict::Violation)
            .unwrap()
            .line;
        assert_eq!(violation, 48);
        let from = |line: u32| StepLinks::new(steps, "/samples/x", line).unwrap();
        assert_eq!(line_of(&from(10).next_violation), Some(48));
        assert_eq!(line_of(&from(47).next_violation), Some(48));
        assert_eq!(from(48).next_violation, None);
        assert_eq!(
            from(47).next.as_deref(),
            Some("/samples/x?at=48#board"),
            "a link opens the board of its line, which starts with the line"
        );
        assert!(StepLinks::new(steps, "/samples/x", 100_000).is_none());
    }

    #[test]
    fn the_turn_index_has_a_row_per_turn_and_counts_the_prize_cards_taken() {
        let r = report(include_str!("../../replays/prizes-win.log"));
        let rows = turn_index(&r);
        let headers = r.steps.iter().filter(|s| turn_start(s)).count();
        let setup = usize::from(r.steps.first().is_some_and(|s| s.turn == 0));
        assert_eq!(rows.len(), headers + setup);
        assert_eq!(rows[0].turn, "Setup");
        assert_eq!(rows[0].prizes_left, vec![6, 6]);
        // Won by taking the last Prize card: the winner has none left at the end.
        let winner = r.result.winner.as_deref().unwrap();
        let w = r.players.iter().position(|p| p.name == winner).unwrap();
        assert_eq!(rows.last().unwrap().prizes_left[w], 0);
        // Prize cards left never go up.
        for pair in rows.windows(2) {
            for p in 0..2 {
                assert!(pair[1].prizes_left[p] <= pair[0].prizes_left[p]);
            }
        }
        assert!(
            rows.iter().any(|r| r.happened.contains("took")),
            "what happened names the Prize cards taken"
        );
    }
}
