//! The terminal rendering of a report: one line per step, verdict first, turn and player
//! visible, then a summary.

use std::fmt::Write;

use super::model::Report;
use crate::engine::Verdict;

/// Render a report for a terminal.
pub fn render_text(report: &Report) -> String {
    let mut out = String::with_capacity(report.steps.len() * 96);
    let players: Vec<String> = report
        .players
        .iter()
        .map(|p| {
            let mut s = p.name.to_string();
            if p.went_first == Some(true) {
                s.push_str(" (went first)");
            }
            if p.exported_log {
                s.push_str(" (exported the log)");
            }
            s
        })
        .collect();
    let _ = writeln!(out, "players: {}", players.join(" vs "));
    let _ = writeln!(
        out,
        "rules: {}; card data: {} cards",
        report.edition, report.card_data
    );
    for source in &report.card_sources {
        let _ = writeln!(out, "  from {source}");
    }
    let width = report
        .steps
        .iter()
        .filter_map(|s| s.player.as_ref().map(|p| p.chars().count()))
        .max()
        .unwrap_or(0)
        .min(20);
    for s in &report.steps {
        if s.event == "blank" {
            continue;
        }
        let player = s.player.as_deref().unwrap_or("-");
        let turn = if s.turn == 0 {
            "setup".to_string()
        } else {
            format!("T{}", s.turn)
        };
        let _ = write!(
            out,
            "{:<10} {:>4}  {:<5} {:<width$}  {}",
            s.verdict.as_str(),
            s.line,
            turn,
            truncate(player, width),
            s.text.trim_end()
        );
        if !s.message.is_empty() && s.verdict != Verdict::Info {
            let _ = write!(out, "  -- {}", s.message);
            if !s.clauses.is_empty() {
                let _ = write!(out, " [{}]", s.clauses.join(", "));
            }
        }
        out.push('\n');
    }
    let r = &report.result;
    let _ = writeln!(
        out,
        "result: {} ({}){}",
        r.winner.as_deref().unwrap_or("no winner shown"),
        r.reason_words(),
        r.line.map(|l| format!(", line {l}")).unwrap_or_default()
    );
    let m = &report.summary;
    let _ = writeln!(
        out,
        "summary: {} lines, {} parsed, {} unparsed; {} ok, {} violation(s), {} unverified, {} info",
        m.lines, m.parsed, m.unparsed, m.ok, m.violations, m.unverified, m.info
    );
    out
}

fn truncate(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_string()
    } else {
        s.chars()
            .take(width.saturating_sub(1))
            .chain(['…'])
            .collect()
    }
}

/// One step with its explanation, for `verify FILE --explain LINE`: the line, the verdict and
/// the sentence, the cost check, the damage in the rulebook's order as a small table, what was
/// considered and does not act, the failed clause of a violation and the doubt of an
/// `unverified`.
pub fn render_explanation(step: &super::StepReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "line {} (turn {}{}): {}",
        step.line,
        step.turn,
        step.player
            .as_ref()
            .map(|p| format!(", {p}"))
            .unwrap_or_default(),
        step.verdict.as_str()
    );
    let _ = writeln!(out, "  {}", step.text.trim_end());
    if !step.message.is_empty() {
        let _ = writeln!(out, "  {}", step.message);
    }
    if !step.clauses.is_empty() {
        let clauses: Vec<&str> = step.clauses.iter().map(|c| c.as_str()).collect();
        let _ = writeln!(out, "  clauses: {}", clauses.join(", "));
    }
    let Some(e) = &step.explanation else {
        return out;
    };
    if let Some(cost) = &e.cost {
        let _ = writeln!(out, "  cost: {cost}");
    }
    if !e.trace.is_empty() {
        let _ = writeln!(out, "  damage, in the rulebook's order:");
        let rows: Vec<[String; 5]> = e
            .trace
            .iter()
            .map(|t| {
                [
                    t.step.as_str().to_string(),
                    t.source.clone().unwrap_or_else(|| "-".to_string()),
                    t.change.clone(),
                    t.value.to_string(),
                    match &t.reason {
                        Some(r) => format!("{} ({r})", t.clause),
                        None => t.clause.to_string(),
                    },
                ]
            })
            .collect();
        let header = ["step", "source", "change", "damage", "clause"];
        let width = |i: usize| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..4).map(width).collect();
        let line = |cells: [&str; 5]| {
            format!(
                "    {:<w0$}  {:<w1$}  {:>w2$}  {:>w3$}  {}",
                cells[0],
                cells[1],
                cells[2],
                cells[3],
                cells[4],
                w0 = widths[0],
                w1 = widths[1],
                w2 = widths[2],
                w3 = widths[3]
            )
        };
        let _ = writeln!(out, "{}", line(header).trim_end());
        for r in &rows {
            let _ = writeln!(
                out,
                "{}",
                line([&r[0], &r[1], &r[2], &r[3], &r[4]]).trim_end()
            );
        }
    }
    for n in &e.not_applied {
        let _ = writeln!(out, "  not applied: {}: {}", n.source, n.reason);
    }
    if let Some(f) = &e.failed {
        let title = if f.title.is_empty() {
            String::new()
        } else {
            format!(" ({})", f.title)
        };
        let _ = writeln!(out, "  fails {}{title}: {}", f.clause, f.sentence);
    }
    if let Some(d) = &e.doubt {
        let _ = writeln!(out, "  doubt: {}", d.sentence);
        if let Some(w) = &d.words {
            let _ = writeln!(out, "  its words: \"{w}\"");
        }
    }
    out
}
