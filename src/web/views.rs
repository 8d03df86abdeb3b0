//! What the templates show, built from a report and a game state: plain serialisable structs,
//! no HTML (the templates escape every value).

use serde::Serialize;

use super::card_links::{Piece, pieces};
use super::explain_view::ExplanationView;

pub use super::board::BoardView;

use crate::engine::Verdict;
use crate::report::{Report, StepReport};
use crate::rules;

/// The replay page.
#[derive(Debug, Serialize)]
pub struct ReplayPage {
    pub title: String,
    /// The page's own path (`/replays/{id}` or `/samples/{name}`), for links within it.
    pub base: String,
    /// The JSON report's path, when there is one.
    pub api: Option<String>,
    pub players: Vec<PlayerView>,
    pub winner: Option<String>,
    pub reason: String,
    pub end_line: Option<u32>,
    /// Lines after the end of the game that are not part of it (pasted notes).
    pub after_game: Vec<u32>,
    pub counts: Counts,
    pub edition: String,
    pub engine_version: String,
    pub card_data: usize,
    /// Each card data source with its newest set, e.g. "tcgdex to Pitch Black (2026/07/17)".
    pub card_sources: Vec<String>,
    pub uploaded_at: Option<String>,
    pub only_violations: bool,
    pub turns: Vec<TurnView>,
    /// For a long game, which part of it this page shows.
    pub part: Option<PartView>,
    /// The first step of each verdict worth a look, in the whole game.
    pub first: FirstLinks,
    pub board: Option<BoardView>,
    /// With a board: the links to step from its line.
    pub steps: Option<super::stepping::StepLinks>,
    /// The turns of the game (of this part, for a long one), with links to each.
    pub turn_index: Vec<super::stepping::TurnRow>,
    /// The line the board is after (highlighted).
    pub current: Option<u32>,
    /// That line's step, which heads the board and whose explanation ends it.
    pub followed: Option<StepView>,
    /// Where the delete form posts (uploads only).
    pub delete: Option<String>,
    /// The owner token, on the one answer that shows it (never on a stored page).
    pub owner_token: Option<String>,
    /// The game at a glance (`web::analysis_view`), on the pages that show it.
    pub analysis: Option<super::analysis_view::AnalysisView>,
    /// The filters shown and the one in use (`web::filters`).
    pub filters: super::analysis_view::FilterLinks,
}

/// Links to the first violation, unverified and unparsed step.
#[derive(Debug, Serialize)]
pub struct FirstLinks {
    pub violation: Option<String>,
    pub unverified: Option<String>,
    pub unparsed: Option<String>,
}

/// One part of a long game: its place, its lines and the links to its neighbours.
#[derive(Debug, Serialize)]
pub struct PartView {
    pub number: usize,
    pub of: usize,
    pub first_line: u32,
    pub last_line: u32,
    pub prev: Option<String>,
    pub next: Option<String>,
}

/// At most this many lines on one page: a long game is shown in parts, each ending at a turn's
/// end where one falls in it (a page stays under about 1 MB whatever the log).
pub const LINES_PER_PART: usize = 1000;

/// The parts of a long game, as ranges of step indices: at most [`LINES_PER_PART`] lines each,
/// cut at the last turn header that leaves a part at least half full.
pub fn parts(steps: &[StepReport]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    while steps.len() - start > LINES_PER_PART {
        let limit = start + LINES_PER_PART;
        let cut = (start + LINES_PER_PART / 2..limit)
            .rev()
            .find(|&i| steps[i].event == "turn-header")
            .unwrap_or(limit);
        out.push(start..cut);
        start = cut;
    }
    out.push(start..steps.len());
    out
}

/// Where line `line` is in a game: its step's index, the part holding it, and that part's
/// range of step indices (steps are in line order); `None` for a line the log lacks.
pub fn locate(steps: &[StepReport], line: u32) -> Option<(usize, usize, std::ops::Range<usize>)> {
    let index = steps.binary_search_by_key(&line, |s| s.line).ok()?;
    let all = parts(steps);
    let part = part_of(&all, index);
    Some((index, part, all[part].clone()))
}

/// At most this many violations on one page of the violations-only view.
pub const VIOLATIONS_PER_PART: usize = 500;

/// The part holding step `index`.
pub fn part_of(parts: &[std::ops::Range<usize>], index: usize) -> usize {
    parts.iter().position(|r| r.contains(&index)).unwrap_or(0)
}

#[derive(Debug, Serialize)]
pub struct PlayerView {
    pub name: String,
    pub went_first: bool,
    pub exported_log: bool,
}

#[derive(Debug, Serialize)]
pub struct Counts {
    pub lines: usize,
    pub ok: usize,
    pub violations: usize,
    pub unverified: usize,
    pub info: usize,
    pub unparsed: usize,
}

/// The steps of one turn (or of setup).
#[derive(Debug, Serialize)]
pub struct TurnView {
    pub anchor: String,
    pub label: String,
    pub violations: usize,
    pub steps: Vec<StepView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct StepView {
    pub line: u32,
    /// The line in pieces, the cards it names linked to their pages (for a line in another
    /// language the links are on the English line).
    pub text: Vec<Piece>,
    /// The English line a line in another language was read as.
    pub english: Option<Vec<Piece>>,
    pub verdict: &'static str,
    pub depth: String,
    /// The engine's sentence, when the explanation does not say it better.
    pub message: String,
    pub clauses: Vec<ClauseLink>,
    /// The clauses other than the one a violation fails (which its explanation names first).
    pub rules: Vec<ClauseLink>,
    /// The damage in the rulebook's order, the failing clause, the doubt, the cost.
    pub explain: Option<ExplanationView>,
    /// Where the line is in the whole game (`?part=K#line-N`, or `#line-N` on a one-part
    /// page): a filtered view's line numbers lead there.
    pub full: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClauseLink {
    pub id: String,
    pub title: String,
    pub url: String,
}

/// How a replay page is asked for.
#[derive(Debug, Clone, Default)]
pub struct PageOptions {
    pub title: String,
    pub base: String,
    pub api: Option<String>,
    pub uploaded_at: Option<String>,
    pub only_violations: bool,
    /// Where the delete form posts (uploads only).
    pub delete: Option<String>,
    /// The owner token to show once (the page is then not stored).
    pub owner_token: Option<String>,
    /// Which part of a long game to show (0-based; ignored for a short one and for the
    /// violations-only view).
    pub part: usize,
    /// The steps shown (one player's, without `info`, only `unverified`).
    pub filter: super::filters::StepFilter,
}

impl ReplayPage {
    pub fn new(report: &Report, options: PageOptions, board: Option<BoardView>) -> ReplayPage {
        let s = &report.summary;
        let all = parts(&report.steps);
        // Where line N is in the whole game: its part's page, at its anchor.
        let base = options.base.clone();
        let full = |line: u32| {
            // Steps are in line order.
            let index = report.steps.binary_search_by_key(&line, |st| st.line).ok();
            match index.map(|i| part_of(&all, i)) {
                Some(k) if all.len() > 1 => format!("{base}?part={}#line-{line}", k + 1),
                _ => format!("{base}#line-{line}"),
            }
        };
        let first_of = |v: Verdict| {
            report
                .steps
                .iter()
                .find(|st| st.verdict == v)
                .map(|st| full(st.line))
        };
        // The violations-only view is paged by violations, the full view by lines.
        let violation_parts = || {
            let at: Vec<usize> = (0..report.steps.len())
                .filter(|&i| report.steps[i].verdict == Verdict::Violation)
                .collect();
            at.chunks(VIOLATIONS_PER_PART)
                .map(|c| c[0]..c[c.len() - 1] + 1)
                .collect::<Vec<_>>()
        };
        let pages = if options.only_violations {
            violation_parts()
        } else {
            all.clone()
        };
        let (shown, part) = if pages.len() <= 1 {
            (&report.steps[..], None)
        } else {
            let all = &pages;
            let n = options.part.min(all.len() - 1);
            let range = all[n].clone();
            let query = if options.only_violations {
                "?only=violations&part="
            } else {
                "?part="
            };
            let link = |k: usize| format!("{}{query}{}", options.base, k + 1);
            let part = PartView {
                number: n + 1,
                of: all.len(),
                first_line: report.steps[range.start].line,
                last_line: report.steps[range.end - 1].line,
                prev: (n > 0).then(|| link(n - 1)),
                next: (n + 1 < all.len()).then(|| link(n + 1)),
            };
            (&report.steps[range], Some(part))
        };
        let turns = turns(shown, options.only_violations, &options.filter, &full);
        let followed = board.as_ref().and_then(|b| {
            turns
                .iter()
                .flat_map(|t| &t.steps)
                .find(|s| s.line == b.line)
                .cloned()
        });
        ReplayPage {
            title: options.title,
            base: options.base,
            api: options.api,
            players: report
                .players
                .iter()
                .map(|p| PlayerView {
                    name: p.name.to_string(),
                    went_first: p.went_first == Some(true),
                    exported_log: p.exported_log,
                })
                .collect(),
            winner: report.result.winner.as_ref().map(ToString::to_string),
            reason: report.result.reason_words(),
            end_line: report.result.line,
            after_game: report.after_game.clone(),
            counts: Counts {
                lines: s.lines,
                ok: s.ok,
                violations: s.violations,
                unverified: s.unverified,
                info: s.info,
                unparsed: s.unparsed,
            },
            edition: report.edition.clone(),
            engine_version: report.engine_version.clone(),
            card_data: report.card_data,
            card_sources: report
                .card_sources
                .iter()
                .map(|c| match (&c.newest_set, &c.newest_release) {
                    (Some(set), Some(date)) => format!("{} to {set} ({date})", c.layout.name()),
                    _ => c.layout.name().to_string(),
                })
                .collect(),
            uploaded_at: options.uploaded_at,
            only_violations: options.only_violations,
            turns,
            followed,
            first: FirstLinks {
                violation: first_of(Verdict::Violation),
                unverified: first_of(Verdict::Unverified),
                unparsed: first_of(Verdict::Unparsed),
            },
            steps: board
                .as_ref()
                .and_then(|b| super::stepping::StepLinks::new(&report.steps, &base, b.line)),
            current: board.as_ref().map(|b| b.line),
            turn_index: if options.only_violations {
                Vec::new()
            } else {
                turn_rows(report, part.as_ref(), &full)
            },
            part,
            board,
            filters: super::analysis_view::FilterLinks::new(
                report,
                &base,
                options.only_violations,
                &options.filter,
            ),
            delete: options.delete,
            owner_token: options.owner_token,
            analysis: None,
        }
    }
}

/// The turn index of the page: every turn of a one-part game, the turns that start in this
/// part of a long one; each row links to its turn.
fn turn_rows(
    report: &Report,
    part: Option<&PartView>,
    full: &dyn Fn(u32) -> String,
) -> Vec<super::stepping::TurnRow> {
    let mut rows = super::stepping::turn_index(report);
    if let Some(part) = part {
        rows.retain(|r| (part.first_line..=part.last_line).contains(&r.line));
    }
    for row in &mut rows {
        let anchor = if row.turn == "Setup" {
            "setup".to_string()
        } else {
            format!("turn-{}", row.turn)
        };
        let line_link = full(row.line);
        let page = line_link.split('#').next().unwrap_or_default().to_string();
        row.href = format!("{page}#{anchor}");
    }
    rows
}

/// Group the steps by turn (setup first); with `only_violations`, keep only violations and
/// the turns that have one.
fn turns(
    steps: &[StepReport],
    only_violations: bool,
    filter: &super::filters::StepFilter,
    full: &dyn Fn(u32) -> String,
) -> Vec<TurnView> {
    let mut out: Vec<TurnView> = Vec::new();
    // The player of the action a sub-line belongs to.
    let mut actor: Option<String> = None;
    for step in steps {
        if step.depth == "action" {
            actor = super::filters::actor(&step.data).map(str::to_string);
        }
        let starts_new = out.last().is_none_or(|t| t.anchor != turn_anchor(step));
        if starts_new {
            out.push(TurnView {
                anchor: turn_anchor(step),
                label: turn_label(step),
                violations: 0,
                steps: Vec::new(),
            });
        }
        let Some(turn) = out.last_mut() else { continue };
        // A blank line of the log gets no row.
        if step.event == "blank" {
            continue;
        }
        let violation = step.verdict == Verdict::Violation;
        if violation {
            turn.violations += 1;
        }
        if only_violations && !violation {
            continue;
        }
        if !filter.keep(step, actor.as_deref()) {
            continue;
        }
        let names = step.data.card_names();
        let (text, english) = match &step.english {
            Some(english) => (
                vec![(step.text.to_string(), None)],
                Some(pieces(english, &names)),
            ),
            None => (pieces(&step.text, &names), None),
        };
        let explain = step
            .explanation
            .as_deref()
            .map(|e| ExplanationView::new(e, Some(&step.data)))
            .filter(|x| !x.is_empty());
        let message = match &explain {
            Some(x) if x.says(&step.message, step.verdict) => String::new(),
            _ => step.message.clone(),
        };
        let clauses: Vec<ClauseLink> = step.clauses.iter().map(|c| clause_link(c)).collect();
        let failed = explain
            .as_ref()
            .and_then(|x| x.failed.as_ref())
            .map(|(c, _)| c.id.as_str());
        let rules = clauses
            .iter()
            .filter(|c| Some(c.id.as_str()) != failed)
            .cloned()
            .collect();
        turn.steps.push(StepView {
            line: step.line,
            text,
            english,
            verdict: step.verdict.as_str(),
            depth: step.depth.to_string(),
            message,
            clauses,
            rules,
            explain,
            full: full(step.line),
        });
    }
    if only_violations || !filter.is_empty() {
        out.retain(|t| !t.steps.is_empty());
    }
    out
}

fn turn_anchor(step: &StepReport) -> String {
    if step.turn == 0 {
        "setup".to_string()
    } else {
        format!("turn-{}", step.turn)
    }
}

fn turn_label(step: &StepReport) -> String {
    match (&step.player, step.turn) {
        (_, 0) => "Setup".to_string(),
        (Some(p), t) => format!("Turn {t} — {p}"),
        (None, t) => format!("Turn {t}"),
    }
}

/// The link to a clause's section in the rulings reference.
pub fn clause_link(id: &str) -> ClauseLink {
    match rules::clause(id) {
        Some(c) => ClauseLink {
            id: id.to_string(),
            title: c.title.to_string(),
            url: c.url(),
        },
        None => ClauseLink {
            id: id.to_string(),
            title: String::new(),
            url: format!("/rulings/search?q={}", id),
        },
    }
}
