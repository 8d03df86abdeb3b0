//! What the replay page's "game at a glance" shows (`templates/analysis.html`): the summary,
//! the Prize race chart with its table, the Knock Outs, damage, turns, the cards each side
//! showed linked to their card pages, and the deck list check form; and the filter links.

use serde::Serialize;

use crate::analysis::{self, Cards, DeckCheck, GameSummary};
use crate::cards::CardDb;
use crate::report::Report;

use super::cards::name_url;
use super::filters::StepFilter;

/// At most this many rows in each list and table of the panel (turns, Knock Outs), and turns
/// in a chart: a long game's page stays small; the JSON summary and `ptcg-judge summary` give
/// all of them.
pub const SHOWN_ROWS: usize = 60;

/// At most this many line links per card in the deck check's answer.
pub const SHOWN_LINES: usize = 20;

#[derive(Debug, Serialize)]
pub struct AnalysisView {
    pub s: GameSummary,
    /// Rows left out of the turn and Knock Out lists (a long game), for the page to say so.
    pub more_turns: usize,
    pub more_knockouts: usize,
    /// The result in one sentence.
    pub result: String,
    /// The Prize race chart (SVG markup made on the server), when there are turns to draw.
    pub chart: Option<String>,
    /// The chart's numbers: per turn, each player's Prize cards taken by its end.
    pub race: Vec<RaceRow>,
    pub sides: Vec<SideView>,
    /// Where the deck list form posts, and the players it may be for.
    pub deck_form: DeckForm,
    /// A deck list checked against this game, on the answer to the form.
    pub deck_check: Option<DeckCheck>,
    /// The list as sent (shown again in the form).
    pub deck_list: String,
}

#[derive(Debug, Serialize)]
pub struct RaceRow {
    pub turn: u32,
    pub player: String,
    pub taken: Vec<u32>,
    /// The Pokémon Knocked Out in the turn.
    pub knockouts: String,
}

#[derive(Debug, Serialize)]
pub struct SideView {
    pub player: String,
    pub deck: String,
    pub groups: Vec<GroupView>,
    pub opening_hand: Option<Vec<CardLink>>,
    pub prize_cards: Vec<CardLink>,
}

#[derive(Debug, Serialize)]
pub struct GroupView {
    pub name: &'static str,
    pub at_least: u32,
    pub cards: Vec<CardLink>,
}

#[derive(Debug, Serialize)]
pub struct CardLink {
    /// The name shown: in the log's language where the card data has it.
    pub name: String,
    /// The English name, when another is shown.
    pub english: Option<String>,
    pub url: String,
    pub count: u32,
    pub ways: String,
    pub lines: Vec<u32>,
}

#[derive(Debug, Serialize)]
pub struct DeckForm {
    pub action: String,
    /// The replay this form checks (`replay` or `sample` field).
    pub field: &'static str,
    pub value: String,
    pub players: Vec<String>,
    /// The player chosen by default: the one who exported the log.
    pub chosen: Option<String>,
}

fn link(name: &str, local: Option<&str>, count: u32, ways: String, lines: Vec<u32>) -> CardLink {
    CardLink {
        name: local.unwrap_or(name).to_string(),
        english: local.map(|_| name.to_string()),
        url: name_url(name),
        count,
        ways,
        lines,
    }
}

impl AnalysisView {
    /// `source`: the form's field and value naming this game (`replay` and an id, or
    /// `sample` and a name).
    pub fn new(report: &Report, cards: Option<&CardDb>, source: (&'static str, String)) -> Self {
        let mut s = analysis::summary(report, cards);
        let race_data = analysis::prize_race(&s);
        let chart = if s.turns as usize <= SHOWN_ROWS {
            analysis::prize_race_svg(&race_data)
        } else {
            None
        };
        let more_turns = s.turn_rows.len().saturating_sub(SHOWN_ROWS);
        let more_knockouts = s.knockouts.len().saturating_sub(SHOWN_ROWS);
        s.turn_rows.truncate(SHOWN_ROWS);
        s.knockouts.truncate(SHOWN_ROWS);
        s.prize_race.truncate(SHOWN_ROWS);
        // The page shows the grouped cards; the same counts by name are not needed twice.
        s.cards_seen.clear();
        let race = s
            .turn_rows
            .iter()
            .map(|r| RaceRow {
                turn: r.turn.count,
                player: r.player.clone().unwrap_or_default(),
                taken: r.prizes_after.clone(),
                knockouts: s
                    .knockouts
                    .iter()
                    .filter(|k| k.turn == r.turn.count)
                    .map(|k| format!("{}'s {}", k.owner, k.pokemon))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
            .collect();
        let lookup = Cards::new(cards);
        let lang = report.language.as_deref();
        let local = |n: &str| lang.and_then(|l| lookup.local_name(n, l));
        let sides = s
            .cards
            .iter()
            .map(|side| SideView {
                player: side.player.clone(),
                deck: s.deck.get(&side.player).cloned().unwrap_or_default(),
                groups: side
                    .groups
                    .iter()
                    .map(|g| GroupView {
                        name: g.group.as_str(),
                        at_least: g.at_least,
                        cards: g
                            .cards
                            .iter()
                            .map(|c| {
                                let ways: Vec<&str> = c.ways.iter().map(|w| w.words()).collect();
                                link(
                                    &c.name,
                                    c.local_name.as_deref(),
                                    c.at_least,
                                    ways.join(", "),
                                    Vec::new(),
                                )
                            })
                            .collect(),
                    })
                    .collect(),
                opening_hand: side.opening_hand.as_ref().map(|h| {
                    h.iter()
                        .map(|n| link(n, local(n).as_deref(), 1, String::new(), Vec::new()))
                        .collect()
                }),
                prize_cards: side
                    .prize_cards
                    .iter()
                    .take(SHOWN_ROWS)
                    .map(|n| link(n, local(n).as_deref(), 1, String::new(), Vec::new()))
                    .collect(),
            })
            .collect();
        let result = match (&s.winner, s.end_turn) {
            (Some(w), Some(t)) => format!("{w} won on {}: {}", t.words(), s.reason_words),
            (Some(w), None) => format!("{w} won: {}", s.reason_words),
            (None, _) => format!("No winner: {}", s.reason_words),
        };
        let deck_form = DeckForm {
            action: "/decks".into(),
            field: source.0,
            value: source.1,
            players: s.players.iter().map(|p| p.name.clone()).collect(),
            chosen: s
                .players
                .iter()
                .find(|p| p.exported_log)
                .map(|p| p.name.clone()),
        };
        AnalysisView {
            more_turns,
            more_knockouts,
            result,
            chart,
            race,
            sides,
            deck_form,
            deck_check: None,
            deck_list: String::new(),
            s,
        }
    }
}

/// The filter links of a replay page: every step, violations only, unverified only, each
/// player's actions, `info` hidden; the one in use marked.
#[derive(Debug, Serialize)]
pub struct FilterLinks {
    pub links: Vec<FilterLink>,
    /// Words for the filter in use, when one is.
    pub active: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct FilterLink {
    pub label: String,
    pub href: String,
    pub current: bool,
}

impl FilterLinks {
    pub fn new(report: &Report, base: &str, only_violations: bool, f: &StepFilter) -> Self {
        let href = |filter: &StepFilter| match filter.query() {
            q if q.is_empty() => base.to_string(),
            q => format!("{base}?{q}"),
        };
        let plain = StepFilter::default();
        let mut links = vec![
            FilterLink {
                label: "every step".into(),
                href: base.to_string(),
                current: !only_violations && f.is_empty(),
            },
            FilterLink {
                label: "violations only".into(),
                href: format!("{base}?only=violations"),
                current: only_violations,
            },
            FilterLink {
                label: "unverified only".into(),
                href: href(&StepFilter {
                    only_unverified: true,
                    ..plain.clone()
                }),
                current: f.only_unverified && f.player.is_none() && !only_violations,
            },
        ];
        for p in &report.players {
            let name = p.name.to_string();
            links.push(FilterLink {
                label: format!("{name}'s actions"),
                href: href(&StepFilter {
                    player: Some(name.clone()),
                    ..plain.clone()
                }),
                current: f.player.as_deref() == Some(name.as_str()),
            });
        }
        links.push(FilterLink {
            label: "info lines hidden".into(),
            href: href(&StepFilter {
                hide_info: true,
                ..f.clone()
            }),
            current: f.hide_info,
        });
        let mut words = Vec::new();
        if let Some(p) = &f.player {
            words.push(format!("only {p}'s actions"));
        }
        if f.only_unverified {
            words.push("only unverified lines".into());
        }
        if f.hide_info {
            words.push("info lines hidden".into());
        }
        FilterLinks {
            links,
            active: (!words.is_empty()).then(|| words.join(", ")),
        }
    }
}
