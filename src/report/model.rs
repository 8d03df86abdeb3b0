//! The replay report: the contract the CLI, the web service and other tools rely on.

use serde::{Deserialize, Serialize};

use crate::cards::DataSource;
use crate::engine::{ReplayResult, RuleEdition, Verdict};
use crate::log::{Event, ExportFormat, ParsedLog, Text};

use super::LineText;
pub use super::label::Label;

/// The format name written in every report.
pub const REPORT_FORMAT: &str = "ptcg-judge/replay-report/1";

/// A verified replay of one battle log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub format: String,
    /// The rule edition the log was checked against (`sv`, `apr-2018`, …).
    pub edition: String,
    /// The version of the engine that produced the report.
    pub engine_version: String,
    /// How many cards the card data held (0: none loaded, card checks are unverified).
    pub card_data: usize,
    /// Which card data it was and how new: each source read (pokemon-tcg-data, TCGdex; a
    /// folder, the store or the built-in snapshot), its cards and its newest set with the
    /// release date. Empty when no card data was loaded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub card_sources: Vec<DataSource>,
    /// The export format the log is in (which lines its client writes).
    #[serde(default)]
    pub export_format: ExportFormat,
    /// Lines after the end of the game that are not part of it (a player's pasted notes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub after_game: Vec<u32>,
    /// The language the log was written in (`de`, `es_la`, `pt-BR`, …) when not English: each
    /// step then keeps the line as written in `text` and the English line it was read as in
    /// `english`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    pub players: Vec<PlayerReport>,
    pub result: GameResult,
    pub steps: Vec<StepReport>,
    pub summary: Summary,
    /// Each player's hand and deck at the start of each turn, where the log tells them
    /// exactly (reports made before it have none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turn_counts: Vec<crate::engine::replay::TurnCounts>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerReport {
    pub name: Text,
    /// Whether this player took the first turn (`null` when the log does not show it).
    pub went_first: Option<bool>,
    /// Whether this player exported the log (their own cards are named in it).
    pub exported_log: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    pub winner: Option<Text>,
    /// `prizes`, `no-pokemon`, `deck-out`, `concede`, `timeout`; `not-stated` when the end
    /// line's words are not known and the game shows no win condition (a concession or a
    /// time-out); `draw` for a game that ended in a draw; `not-ended` when the log has no end
    /// line.
    pub reason: Text,
    /// `game` when the end line's words are not known and the reason was read from the game
    /// (the winner's last Prize card, the loser's empty play area or deck); absent when the
    /// end line says it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason_from: Option<Text>,
    /// The line that ended the game, when there is one.
    pub line: Option<u32>,
}

impl GameResult {
    /// The reason in words a reader of the page understands, with "(from the game)" when it
    /// was read from the game rather than from the end line.
    pub fn reason_words(&self) -> String {
        let words = match self.reason.as_str() {
            "prizes" => "all Prize cards taken",
            "no-pokemon" => "no Pokémon left in play",
            "deck-out" => "no card to draw",
            "concede" => "conceded",
            "timeout" => "out of time",
            "draw" => "a draw",
            "not-stated" => "reason not stated",
            "not-ended" => "the log has no end line",
            other => other,
        };
        match self.reason_from.as_deref() {
            Some("game") => format!("{words}, from the game"),
            _ => words.to_string(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepReport {
    /// 1-based line number in the log.
    pub line: u32,
    /// The line as the log wrote it.
    pub text: LineText,
    /// Turns begun when the line was read (0 during setup).
    pub turn: u32,
    /// The player whose turn it was (`null` during setup).
    pub player: Option<Text>,
    /// The kind of event the line is (`attack`, `knock-out`, `turn-header`, …).
    pub event: Label,
    /// `action`, `sub` (a `- ` line) or `list` (a `•` line).
    pub depth: Label,
    pub verdict: Verdict,
    pub clauses: Vec<Label>,
    pub message: String,
    /// The typed event, for tools that want the numbers.
    pub data: Event,
    /// For a log in another language: the English line this one was read as (card names in
    /// English where the card data knows them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub english: Option<LineText>,
    /// What a person reads beyond the message: the damage in the rulebook's order, the cost
    /// check, the failed clause of a violation, the doubt of an `unverified`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Box<crate::engine::explanation::Explanation>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Summary {
    pub lines: usize,
    pub parsed: usize,
    pub unparsed: usize,
    pub ok: usize,
    pub violations: usize,
    pub unverified: usize,
    pub info: usize,
}

impl GameResult {
    /// Take the game's end from line `line` (a game end or a draw) when no earlier line ended
    /// it: its line, winner and reason (for words the client wrote that are not known, the
    /// reason the game's state shows, else "not-stated").
    #[cold]
    fn note_end(&mut self, line: &crate::log::LogLine, state: &crate::engine::GameState) {
        if self.line.is_some() {
            return;
        }
        match &line.event {
            Event::GameEnd {
                reason: r,
                winner: w,
                ..
            } => {
                self.line = Some(line.number);
                self.reason = Text::const_new(r.as_str());
                if *r == crate::log::EndReason::Unknown {
                    match state
                        .player_named(w)
                        .and_then(|p| crate::engine::end_reason_from_state(state, p))
                    {
                        Some(from_game) => {
                            self.reason = Text::const_new(from_game.as_str());
                            self.reason_from = Some(Text::const_new("game"));
                        }
                        None => self.reason = Text::const_new("not-stated"),
                    }
                }
                self.winner = Some(w.clone());
            }
            Event::GameDrawn => {
                self.line = Some(line.number);
                self.reason = Text::const_new("draw");
            }
            _ => {}
        }
    }
}

/// The text the steps' lines point into, shared by them: the log as read, and for a log read
/// in another language the log as written, with the range of each of its lines (one for each
/// English line).
struct LogTexts {
    read: std::sync::Arc<str>,
    written: Option<(std::sync::Arc<str>, Vec<std::ops::Range<usize>>)>,
}

impl LogTexts {
    fn new(read: String, written: Option<String>) -> LogTexts {
        let written = written.map(|o| {
            let mut at = 0;
            let lines = o
                .split('\n')
                .map(|l| {
                    let start = at;
                    at += l.len() + 1;
                    start..start + l.strip_suffix('\r').unwrap_or(l).len()
                })
                .collect();
            (std::sync::Arc::from(o), lines)
        });
        LogTexts {
            read: std::sync::Arc::from(read),
            written,
        }
    }

    /// A line as the log wrote it, and the English line it was read as when that differs.
    #[inline]
    fn of(&self, line: &crate::log::LogLine) -> (LineText, Option<LineText>) {
        let read_as = LineText::of(&self.read, line.span.0 as usize..line.span.1 as usize);
        let written = self.written.as_ref().and_then(|(text, lines)| {
            let range = lines.get((line.number as usize).wrapping_sub(1))?;
            Some(LineText::of(text, range.clone()))
        });
        match written {
            Some(written) => {
                let english = (written != read_as).then_some(read_as);
                (written, english)
            }
            None => (read_as, None),
        }
    }
}

/// The explanation of a step as the report gives it: the judges' own, with the failed clause of
/// a violation (the first clause it breaks, its title from the rulings reference) and the doubt
/// of an `unverified` stated when a judge gave none.
fn explain(step: &mut crate::engine::Step) -> Option<Box<crate::engine::explanation::Explanation>> {
    use crate::engine::explanation::{Doubt, Explanation, Failed};
    // The step's own explanation is moved into the report, not copied; only a violation or
    // an `unverified` adds to it.
    let own = step.explanation.take();
    if !matches!(step.verdict, Verdict::Violation | Verdict::Unverified) {
        return own.filter(|e| !e.is_empty());
    }
    let mut e: Explanation = own.map(|b| *b).unwrap_or_default();
    match step.verdict {
        Verdict::Violation => {
            let clause = step.violated.first().or(step.clauses.first()).copied();
            if let Some(clause) = clause {
                let title =
                    crate::rules::clause(clause).map_or(String::new(), |c| c.title.to_string());
                match &mut e.failed {
                    Some(f) => f.title = title,
                    None => {
                        e.failed = Some(Failed {
                            clause: std::borrow::Cow::Borrowed(clause),
                            title,
                            sentence: step.message.clone(),
                        })
                    }
                }
            }
        }
        Verdict::Unverified if e.doubt.is_none() => {
            e.doubt = Some(Doubt {
                card: None,
                words: None,
                fact: None,
                sentence: step.message.clone(),
            });
        }
        _ => {}
    }
    (!e.is_empty()).then(|| Box::new(e))
}

/// Steps made before the parsed lines and records they came from are given back.
const STEPS_PER_CHUNK: usize = 16_384;

impl Report {
    /// Assemble the report of a replay.
    pub fn build(
        log: ParsedLog,
        replay: ReplayResult,
        edition: RuleEdition,
        card_data: usize,
        card_sources: Vec<DataSource>,
    ) -> Report {
        let ReplayResult {
            steps: records,
            state,
            log_owner,
            turn_counts,
        } = replay;
        let state = &state;
        let name = |p: usize| state.players.get(p).map(|ps| ps.name.clone());
        let mut summary = Summary {
            lines: log.lines.len(),
            ..Summary::default()
        };
        let mut result = GameResult {
            winner: None,
            reason: Text::const_new("not-ended"),
            reason_from: None,
            line: None,
        };
        let export_format = ExportFormat::detect(&log);
        let after_game = log
            .lines
            .iter()
            .filter(|l| matches!(l.event, Event::AfterGame))
            .map(|l| l.number)
            .collect();
        let language = log.original.as_ref().map(|_| log.locale.code().to_string());
        let ParsedLog {
            source,
            lines,
            original,
            ..
        } = log;
        let texts = LogTexts::new(source, original);
        // Each step takes its line's event and its record's message (rather than moving the
        // whole line and record out of their lists first).
        let mut step_of = |line: &mut crate::log::LogLine, rec: &mut crate::engine::StepRecord| {
            match rec.step.verdict {
                Verdict::Ok => summary.ok += 1,
                Verdict::Violation => summary.violations += 1,
                Verdict::Unverified => summary.unverified += 1,
                Verdict::Info => summary.info += 1,
                Verdict::Unparsed => summary.unparsed += 1,
            }
            if matches!(line.event, Event::GameEnd { .. } | Event::GameDrawn) {
                result.note_end(line, state);
            }
            let (text, english) = texts.of(line);
            StepReport {
                line: line.number,
                text,
                turn: rec.turn,
                player: rec.to_move.and_then(name),
                event: Label::Static(line.event.kind()),
                depth: Label::Static(match line.depth {
                    crate::log::Depth::Top => "action",
                    crate::log::Depth::Sub => "sub",
                    crate::log::Depth::List => "list",
                }),
                verdict: rec.step.verdict,
                clauses: rec.step.clauses.iter().map(|c| Label::Static(c)).collect(),
                explanation: explain(&mut rec.step),
                message: std::mem::take(&mut rec.step.message),
                data: std::mem::replace(&mut line.event, Event::Blank),
                english,
            }
        };
        // The parsed lines and the replay's records are given back as their steps are made, a
        // chunk at a time, so that a long game never holds all three at once (the memory
        // bound of the service, `web::work`).
        let (mut lines, mut records) = (lines, records);
        let mut steps = Vec::with_capacity(lines.len().min(records.len()));
        while !lines.is_empty() && !records.is_empty() {
            let n = STEPS_PER_CHUNK.min(lines.len()).min(records.len());
            steps.extend(
                lines[..n]
                    .iter_mut()
                    .zip(&mut records[..n])
                    .map(|(l, r)| step_of(l, r)),
            );
            lines.drain(..n);
            records.drain(..n);
            lines.shrink_to_fit();
            records.shrink_to_fit();
        }
        summary.parsed = summary.lines - summary.unparsed;
        Report {
            format: REPORT_FORMAT.to_string(),
            edition: edition.id().to_string(),
            engine_version: env!("CARGO_PKG_VERSION").to_string(),
            card_data,
            card_sources,
            export_format,
            after_game,
            language,
            players: state
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| PlayerReport {
                    name: p.name.clone(),
                    went_first: state.first_player.map(|f| f == i),
                    exported_log: log_owner == Some(i),
                })
                .collect(),
            result,
            steps,
            summary,
            turn_counts,
        }
    }

    /// The steps with a violation.
    pub fn violations(&self) -> impl Iterator<Item = &StepReport> {
        self.steps
            .iter()
            .filter(|s| s.verdict == Verdict::Violation)
    }
}
