//! The replay: a fold of the log's events over the [`GameState`]. Each line gives one [`Step`].
//!
//! Three parts. The tracker (`tracker/`) folds each line's event into the visible
//! state and the bookkeeping kept beside it, and says what a line refers to; it decides nothing
//! about legality. The judges (`judges/`) are pure functions, one file per clause family, that read a
//! line and the state around it and return a [`Step`]. The driver here runs them in order, line
//! by line:
//!
//! 1. on a line that opens a new window, the judges of the window that closes, then the tracker
//!    opens the new one;
//! 2. the judges of the line's start (the turn's draw, play after an attack, the Checkup's
//!    order, Pokémon left at their HP), then the tracker starts the line;
//! 3. the tracker resolves what the line refers to; the judges that read the state before it
//!    run; the tracker applies it; the judges that read the state after it run;
//! 4. the findings are combined ([`Step::combine`]) into the line's step: those of the event
//!    (before, the tracker's notes, after) into one, then that with those of steps 1 and 2.
//!
//! The state is never copied: a judge that needs the state before a line runs before the line
//! is applied, and what applying it changed that a later judge needs is handed over in a small
//! record (`tracker::records::Applied`).

use crate::cards::CardDb;
use crate::log::{LogLine, ParsedLog};

use super::edition::RuleEdition;
use super::state::{GameState, PlayerIdx};
use super::verdict::Step;

pub mod board_reading;
mod card_facts;
mod damage_model;
mod judges;
mod shared_facts;

pub use judges::winning::reason_from_state as end_reason_from_state;
mod log_view;
mod memo_key;
mod roles;
mod tracker;

use judges::Judging;
use tracker::Tracker;
use tracker::records::{Note, Resolved};

/// The replay of one log.
pub struct Replay<'a> {
    tracker: Tracker<'a>,
    next: usize,
    /// What a line refers to before it is resolved (for the judges of a window and of a
    /// line's start), kept rather than made for every line.
    nothing: Resolved,
    /// The findings on a line's event, reused from line to line.
    event_parts: Vec<Step>,
    /// The findings on a line before its event (a closing window, the line's start), reused
    /// from line to line.
    line_parts: Vec<Step>,
}

/// A step with the turn it happened in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepRecord {
    pub step: Step,
    /// Turns begun when the line was read (0 during setup).
    pub turn: u32,
    /// The player whose turn it was, if any.
    pub to_move: Option<PlayerIdx>,
}

/// Everything a finished replay produces.
#[derive(Debug, Clone)]
pub struct ReplayResult {
    pub steps: Vec<StepRecord>,
    pub state: GameState,
    pub log_owner: Option<PlayerIdx>,
    /// Each player's hand and deck at the start of each turn, where the log tells them.
    pub turn_counts: Vec<TurnCounts>,
}

/// The cards in each player's hand and deck when a turn begins (its header line read, its draw
/// not yet), where the log tells them exactly (`None` where it does not), in the order of the
/// players.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TurnCounts {
    /// The turn's header line.
    pub line: u32,
    pub hand: Vec<Option<i32>>,
    pub deck: Vec<Option<i32>>,
}

impl<'a> Replay<'a> {
    pub fn new(log: &'a ParsedLog, cards: Option<&'a CardDb>, edition: RuleEdition) -> Replay<'a> {
        Replay {
            tracker: Tracker::new(log, cards, edition),
            next: 0,
            nothing: Resolved::default(),
            event_parts: Vec::new(),
            line_parts: Vec::new(),
        }
    }

    /// Replay a whole log.
    pub fn run(
        log: &'a ParsedLog,
        cards: Option<&'a CardDb>,
        edition: RuleEdition,
    ) -> ReplayResult {
        let mut replay = Replay::new(log, cards, edition);
        let mut steps = Vec::with_capacity(log.lines.len());
        let mut turn_counts = Vec::new();
        while let Some(step) = replay.next_step() {
            let state = &replay.tracker.state;
            steps.push(StepRecord {
                step,
                turn: state.turn,
                to_move: state.to_move,
            });
            if let Some(line) = log.lines.get(replay.next - 1)
                && matches!(line.event, crate::log::Event::TurnHeader { .. })
            {
                turn_counts.push(TurnCounts {
                    line: line.number,
                    hand: state.players.iter().map(|p| p.hand.known()).collect(),
                    deck: state.players.iter().map(|p| p.deck.known()).collect(),
                });
            }
        }
        ReplayResult {
            steps,
            log_owner: replay.tracker.log_owner,
            state: replay.tracker.state,
            turn_counts,
        }
    }

    /// The state after the first `lines` lines.
    pub fn state_after(
        log: &'a ParsedLog,
        cards: Option<&'a CardDb>,
        edition: RuleEdition,
        lines: usize,
    ) -> GameState {
        let mut replay = Replay::new(log, cards, edition);
        while replay.next < lines && replay.next_step().is_some() {}
        replay.tracker.state
    }

    pub fn state(&self) -> &GameState {
        &self.tracker.state
    }

    /// The board as the rules see it after the lines read so far: prints, HP with what
    /// changes it, effects in force (read-only: it decides nothing).
    pub fn board_reading(&self) -> board_reading::BoardReading {
        board_reading::read(&self.tracker)
    }

    pub fn edition(&self) -> RuleEdition {
        self.tracker.edition
    }

    pub fn log_owner(&self) -> Option<PlayerIdx> {
        self.tracker.log_owner
    }

    /// Apply the next line; `None` after the last.
    pub fn next_step(&mut self) -> Option<Step> {
        let index = self.next;
        let line = self.tracker.lines.log.lines.get(index)?;
        self.next += 1;
        Some(self.apply(index, line))
    }

    fn apply(&mut self, index: usize, line: &'a LogLine) -> Step {
        let boundary = self.tracker.lines.is_boundary(index);
        let mut parts = std::mem::take(&mut self.line_parts);
        if boundary {
            let j = Judging::new(&self.tracker, index, line, &self.nothing, None);
            judges::close_window(&j, &mut parts);
            self.tracker.open_window();
        }
        let j = Judging::new(&self.tracker, index, line, &self.nothing, None);
        judges::line_start(&j, &mut parts);
        self.tracker.start_line(index, line);
        let event = self.event_step(index, line);
        if boundary {
            self.tracker.end_window_opener();
        }
        // Usually the event's step is the line's only finding (combining it alone gives it).
        if parts.is_empty() {
            self.line_parts = parts;
            return event;
        }
        parts.push(event);
        let step = Step::combine_in(&mut parts);
        self.line_parts = parts;
        step
    }

    /// The step of a line's event: the judges before it, the tracker's notes on applying it,
    /// the judges after it. A line the tracker cannot follow as written gives only its note.
    fn event_step(&mut self, index: usize, line: &'a LogLine) -> Step {
        self.tracker.pin_side(line);
        let mut resolved = self.tracker.resolve(index, line);
        let lost = resolved.as_mut().and_then(|r| r.lost.take());
        let resolved = resolved.as_ref().unwrap_or(&self.nothing);
        let parts = &mut self.event_parts;
        parts.clear();
        if lost.is_none() {
            let j = Judging::new(&self.tracker, index, line, resolved, None);
            judges::before_event(&j, parts);
        }
        let mut applied = self.tracker.apply(index, line, resolved);
        if let Some(note) = lost {
            if let Note::Lost { owner, name, .. } = &note {
                self.tracker.lose_track(owner, name);
            }
            return note_step(note);
        }
        // The tracker's note goes between the judges before the line and those after it.
        if let Some(note) = applied.note.take() {
            parts.push(note_step(note));
        }
        let j = Judging::new(&self.tracker, index, line, resolved, Some(&applied));
        judges::after_event(&j, parts);
        match parts.len() {
            0 => Step::info(""),
            // A single finding is the step, as combining it alone would give.
            1 => parts.pop().unwrap_or_else(|| Step::info("")),
            _ => Step::combine_in(parts),
        }
    }
}

/// What the tracker says about a line, as a step: a description is `info`; a line it could not
/// follow exactly is `unverified` (what depends on it cannot be checked).
fn note_step(note: Note) -> Step {
    match note {
        Note::Info(message) => Step::info(message),
        Note::Unsure(message) | Note::Lost { message, .. } => Step::unverified(message),
        Note::Unparsed(message) => Step::unparsed(message),
    }
}
