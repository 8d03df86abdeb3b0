//! The Prize race: each player's Prize cards taken after each turn, each Knock Out marked, and
//! the chart of it (SVG drawn on the server with plotters; the same numbers are in a table).

use plotters::prelude::*;
use serde::Serialize;

use super::summary::GameSummary;

/// The race, turn by turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeRace {
    pub players: Vec<String>,
    /// Per player, Prize cards taken by the end of turn 0 (setup), 1, 2, … `turns`.
    pub taken: Vec<Vec<u32>>,
    /// The Knock Outs: turn, the player who took the Prize cards (index), their total after.
    pub knockouts: Vec<RaceKnockOut>,
    /// The player with the most Prize cards to take (6 unless the log showed more).
    pub top: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RaceKnockOut {
    pub turn: u32,
    pub pokemon: String,
    /// Index of the player who Knocked it Out (the other side of its owner).
    pub taker: Option<usize>,
    /// The taker's Prize cards after it.
    pub total: u32,
}

/// The race of a summarised game.
pub fn prize_race(summary: &GameSummary) -> PrizeRace {
    let players: Vec<String> = summary.players.iter().map(|p| p.name.clone()).collect();
    let turns = summary.turns;
    let mut taken = vec![vec![0u32; turns as usize + 1]; players.len()];
    for step in &summary.prize_race {
        if let Some(p) = players.iter().position(|n| *n == step.player) {
            for after in taken[p].iter_mut().skip(step.turn as usize) {
                *after = (*after).max(step.total);
            }
        }
    }
    let knockouts = summary
        .knockouts
        .iter()
        .map(|ko| {
            let owner = players.iter().position(|n| *n == ko.owner);
            let taker = owner.filter(|_| players.len() == 2).map(|o| 1 - o);
            let total = taker
                .and_then(|t| taken[t].get(ko.turn as usize).copied())
                .unwrap_or(0);
            RaceKnockOut {
                turn: ko.turn,
                pokemon: ko.pokemon.clone(),
                taker,
                total,
            }
        })
        .collect();
    let most = taken.iter().flatten().copied().max().unwrap_or(0);
    PrizeRace {
        players,
        taken,
        knockouts,
        top: most.max(6),
    }
}

/// The colours of the two players' lines (told apart by shape too: circles and squares); the
/// page's legend uses the same (`analysis.css`).
pub const COLOURS: [RGBColor; 2] = [RGBColor(31, 95, 191), RGBColor(192, 57, 43)];

/// The chart's size in SVG units; the page scales it to its column, down to a 390 px phone.
const WIDTH: u32 = 420;
const HEIGHT: u32 = 270;

/// The Prize race as an SVG chart: one step line per player (Prize cards taken after each
/// turn), each Knock Out a mark on its taker's line. `None` when there is nothing to draw.
pub fn prize_race_svg(race: &PrizeRace) -> Option<String> {
    if race.players.is_empty() || race.taken.first().is_none_or(|t| t.len() < 2) {
        return None;
    }
    let turns = (race.taken[0].len() - 1) as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).ok()?;
        let mut chart = ChartBuilder::on(&root)
            .margin(8)
            .x_label_area_size(48)
            .y_label_area_size(48)
            .build_cartesian_2d(0u32..turns, 0u32..race.top)
            .ok()?;
        chart
            .configure_mesh()
            .x_desc("turn")
            .y_desc("Prize cards taken")
            .x_labels(turns.min(8) as usize + 1)
            .y_labels((race.top as usize + 1).min(8))
            .label_style(("sans-serif", 19))
            .axis_desc_style(("sans-serif", 19))
            .light_line_style(WHITE)
            .draw()
            .ok()?;
        for (p, name) in race.players.iter().enumerate().take(2) {
            let colour = COLOURS[p % 2];
            // A step line: flat through a turn, up at its end.
            let mut points = vec![(0u32, 0u32)];
            for t in 1..=turns {
                let before = race.taken[p][t as usize - 1];
                let after = race.taken[p][t as usize];
                if after != before {
                    points.push((t, before));
                }
                points.push((t, after));
            }
            // The legend is the page's (text in a chart may crowd on a phone).
            let _ = name;
            chart
                .draw_series(LineSeries::new(points, colour.stroke_width(3)))
                .ok()?;
            let marks = race
                .knockouts
                .iter()
                .filter(|k| k.taker == Some(p) && k.total > 0)
                .map(|k| (k.turn, k.total));
            if p == 0 {
                chart
                    .draw_series(marks.map(|c| Circle::new(c, 6, colour.filled())))
                    .ok()?;
            } else {
                chart
                    .draw_series(marks.map(|(x, y)| {
                        EmptyElement::at((x, y))
                            + Rectangle::new([(-6, -6), (6, 6)], colour.filled())
                    }))
                    .ok()?;
            }
        }
        root.present().ok()?;
    }
    Some(accessible(
        svg,
        "Prize race chart: Prize cards each player took, turn by turn; the table below gives the same numbers",
    ))
}

/// The SVG made scalable (its size a viewBox, the page sets the width) and named for screen
/// readers, which the table beside it serves in full.
pub fn accessible(svg: String, label: &str) -> String {
    let label = label
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;");
    let Some(at) = svg.find("<svg") else {
        return svg;
    };
    let end = svg[at..].find('>').map_or(svg.len(), |e| at + e);
    let tag = &svg[at + 4..end];
    // Drop the fixed width and height, so that the page's style sizes it.
    let kept: Vec<&str> = tag
        .split(' ')
        .filter(|a| !a.starts_with("width=") && !a.starts_with("height="))
        .collect();
    format!(
        "{}<svg role=\"img\" aria-label=\"{label}\" class=\"chart\"{}{}",
        &svg[..at],
        kept.join(" "),
        &svg[end..]
    )
}
