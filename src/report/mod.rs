//! The replay report (serde) and its text and JSON renderers. Pure.

mod label;
mod line_text;
pub mod model;
pub mod text;

pub use line_text::LineText;
pub use model::{GameResult, Label, PlayerReport, REPORT_FORMAT, Report, StepReport, Summary};
pub use text::render_text;

/// Render a report as pretty JSON.
pub fn render_json(report: &Report) -> String {
    serde_json::to_string_pretty(report).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}
