//! One changed log and the original it was made from.

use std::collections::HashMap;

use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::{GameState, Replay, RuleEdition, Verdict};
use ptcg_judge::log::{Depth, Event, ParsedLog};

/// How many lines after the changed one a violation still catches the mutant.
pub const CATCH_WINDOW: u32 = 3;

/// What the mutant changed in the original log, for the rule on which mutants count.
#[derive(Clone, Copy)]
pub enum Original {
    /// It replaced or removed this line (1-based) of the original: the mutant counts only if the
    /// engine said `ok` there.
    Line(u32),
    /// It inserted a line: the mutant counts only if the original log had no violation.
    Inserted,
}

/// One changed log: its text, and the line (of the changed text) from which a violation counts
/// as a catch, up to [`CATCH_WINDOW`] lines after it.
pub struct Mutant {
    pub kind: &'static str,
    pub source: String,
    pub text: String,
    pub line: u32,
    pub original: Original,
    pub what: String,
}

pub struct Base {
    pub file: String,
    pub lines: Vec<String>,
    pub log: ParsedLog,
    /// The state after each line (index i: after lines[..=i]).
    pub states: Vec<GameState>,
    /// The engine's verdict on each line of the original log, by line number.
    pub verdicts: HashMap<u32, Verdict>,
}

pub fn states(log: &ParsedLog, db: &CardDb) -> Vec<GameState> {
    let mut replay = Replay::new(log, Some(db), RuleEdition::default());
    let mut out = Vec::with_capacity(log.lines.len());
    while replay.next_step().is_some() {
        out.push(replay.state().clone());
    }
    out
}

impl Base {
    pub fn with_replaced(&self, i: usize, new: &str) -> String {
        let mut l = self.lines.clone();
        l[i] = new.to_string();
        l.join("\n")
    }

    pub fn with_inserted(&self, i: usize, new: &str) -> String {
        let mut l = self.lines.clone();
        l.insert(i, new.to_string());
        l.join("\n")
    }

    pub fn with_removed(&self, i: usize) -> String {
        let mut l = self.lines.clone();
        l.remove(i);
        l.join("\n")
    }

    /// A mutant whose change is at `line` of `text`, made from the `original` line.
    pub fn mutant(
        &self,
        kind: &'static str,
        text: String,
        line: u32,
        original: Original,
        what: String,
    ) -> Mutant {
        Mutant {
            kind,
            source: self.file.clone(),
            text,
            line,
            original,
            what,
        }
    }

    /// Whether the mutant counts: the engine claimed to check what it changed.
    pub fn counts(&self, m: &Mutant) -> bool {
        match m.original {
            Original::Line(n) => self.verdicts.get(&n) == Some(&Verdict::Ok),
            Original::Inserted => !self.verdicts.values().any(|v| *v == Verdict::Violation),
        }
    }

    /// Index of the next top-level line after `i` (the end of `i`'s sub-lines and lists).
    pub fn block_end(&self, i: usize) -> usize {
        (i + 1..self.log.lines.len())
            .find(|j| self.log.lines[*j].depth == Depth::Top)
            .unwrap_or(self.log.lines.len())
    }

    /// Index of the last line of the turn that contains `i` (before the next header).
    pub fn turn_end(&self, i: usize) -> usize {
        (i + 1..self.log.lines.len())
            .find(|j| {
                matches!(
                    self.log.lines[*j].event,
                    Event::TurnHeader { .. } | Event::CheckupHeader | Event::GameEnd { .. }
                )
            })
            .unwrap_or(self.log.lines.len())
    }

    pub fn name(&self, p: usize) -> String {
        self.states[0].players[p].name.to_string()
    }
}
