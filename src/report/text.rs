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
