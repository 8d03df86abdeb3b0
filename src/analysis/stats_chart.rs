//! The stats chart: wins and losses per deck as horizontal bars (SVG drawn on the server with
//! plotters; the page's table holds the same numbers).

use plotters::prelude::*;

use super::prize_race::accessible;
use super::stats::Stats;

/// The decks drawn at most (the most played first); the table lists them all.
pub const DECKS_DRAWN: usize = 8;

const WIN: RGBColor = RGBColor(31, 120, 70);
const LOSS: RGBColor = RGBColor(192, 57, 43);

/// Wins and losses of the most played decks; `None` with no game.
pub fn win_loss_svg(stats: &Stats) -> Option<String> {
    let rows: Vec<_> = stats.decks.iter().take(DECKS_DRAWN).collect();
    if rows.is_empty() {
        return None;
    }
    let most = rows.iter().map(|d| d.games).max().unwrap_or(1).max(1);
    let (width, row_height) = (420u32, 52u32);
    let height = 40 + row_height * rows.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).ok()?;
        let n = rows.len() as u32;
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .x_label_area_size(28)
            .build_cartesian_2d(0f64..f64::from(most), 0f64..f64::from(n))
            .ok()?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .disable_y_axis()
            .x_desc("games")
            .x_labels((most as usize + 1).min(8))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .label_style(("sans-serif", 19))
            .axis_desc_style(("sans-serif", 19))
            .draw()
            .ok()?;
        for (i, d) in rows.iter().enumerate() {
            // The first deck at the top.
            // Each row: the deck's name and record in its upper half, its bar in the lower.
            let y = f64::from(n - 1 - i as u32);
            let (wins, losses) = (f64::from(d.wins), f64::from(d.wins + d.losses));
            chart
                .draw_series([
                    Rectangle::new([(0.0, y + 0.05), (wins, y + 0.42)], WIN.filled()),
                    Rectangle::new([(wins, y + 0.05), (losses, y + 0.42)], LOSS.filled()),
                ])
                .ok()?;
            let label = format!("{} — {} won, {} lost", d.deck, d.wins, d.losses);
            let (x, top) = chart.backend_coord(&(0.0, y + 1.0));
            root.draw(&Text::new(
                label,
                (x + 4, top + 2),
                ("sans-serif", 18).into_font().color(&BLACK),
            ))
            .ok()?;
        }
        root.present().ok()?;
    }
    Some(accessible(
        svg,
        "Wins and losses per deck: green bars are wins, red bars losses; the table gives the same numbers",
    ))
}
