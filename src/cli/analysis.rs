//! `ptcg-judge summary` (one game at a glance, and a deck list checked against it) and
//! `ptcg-judge stats` (many games: decks, matchups, going first or second), over the pure
//! `ptcg_judge::analysis`.

use std::process::ExitCode;

use rayon::prelude::*;

use ptcg_judge::analysis::{self, GameSummary, Sides, stats};
use ptcg_judge::archive::Source;
use ptcg_judge::cards::decklist::parse_deck_list;
use ptcg_judge::engine::RuleEdition;

use crate::{CardArgs, cards_for_verify, read_input};

/// How `summary` and `stats` print.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum AnalysisFormat {
    Text,
    Json,
    /// Stats only: one CSV table.
    Csv,
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// `summary FILE`: exit 0; 1 when a deck list was given and the log shows a card it lacks (or
/// more copies than it holds); 2 when the log, the list or the card data cannot be read.
pub fn summary(
    file: &str,
    cards: &CardArgs,
    format: AnalysisFormat,
    deck_list: Option<&str>,
    player: Option<&str>,
    edition: RuleEdition,
) -> ExitCode {
    if matches!(format, AnalysisFormat::Csv) {
        return fail("--format csv is for `stats`; `summary` prints text or json");
    }
    let bytes = match read_input(file) {
        Ok(b) => b,
        Err(e) => return fail(e),
    };
    let list = match deck_list.map(read_list).transpose() {
        Ok(l) => l,
        Err(e) => return fail(e),
    };
    let db = match cards_for_verify(cards) {
        Ok(db) => db,
        Err(code) => return code,
    };
    let report = match ptcg_judge::verify(&bytes, db.as_deref(), edition) {
        Ok(r) => r,
        Err(e) => return fail(format!("{file}: {e}")),
    };
    let summary = analysis::summary(&report, db.as_deref());
    let check = match list {
        Some((path, list)) => {
            let side = match side_of(&summary, player) {
                Ok(s) => s,
                Err(e) => return fail(e),
            };
            let list = match parse_deck_list(&list) {
                Ok(l) => l,
                Err(e) => return fail(format!("{path}: {e}")),
            };
            Some(analysis::check_deck(side, &list))
        }
        None => None,
    };
    match format {
        AnalysisFormat::Json => {
            let mut value = match serde_json::to_value(&summary) {
                Ok(v) => v,
                Err(e) => return fail(e),
            };
            if let (Some(c), Some(obj)) = (&check, value.as_object_mut()) {
                obj.insert(
                    "deck_check".into(),
                    serde_json::to_value(c).unwrap_or_default(),
                );
            }
            println!("{value}");
        }
        _ => {
            print!("{}", analysis::text::summary_text(&summary));
            if let Some(c) = &check {
                print!("\n{}", analysis::text::deck_check_text(c));
            }
        }
    }
    match check {
        Some(c) if !c.fits() => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    }
}

/// The deck list file, read whole (at most the list size the deck tool takes, plus one byte).
fn read_list(path: &str) -> Result<(String, String), String> {
    let limit = ptcg_judge::cards::decklist::MAX_LIST_BYTES + 1;
    let bytes =
        std::fs::read(path).map_err(|e| format!("cannot read the deck list {path}: {e}"))?;
    if bytes.len() > limit {
        return Err(format!(
            "the deck list {path} is {} bytes; at most {} are accepted",
            bytes.len(),
            limit - 1
        ));
    }
    let text = String::from_utf8(bytes)
        .map_err(|e| format!("the deck list {path} is not UTF-8 text: {e}"))?;
    Ok((path.to_string(), text))
}

/// The side a deck list belongs to: the player named, else the player who exported the log.
fn side_of<'a>(
    summary: &'a GameSummary,
    player: Option<&str>,
) -> Result<&'a analysis::SideCards, String> {
    let names: Vec<&str> = summary.players.iter().map(|p| p.name.as_str()).collect();
    let name = match player {
        Some(p) => p.to_string(),
        None => summary
            .players
            .iter()
            .find(|p| p.exported_log)
            .map(|p| p.name.clone())
            .ok_or_else(|| {
                format!(
                    "the log does not show whose list it is; name the player with --player ({})",
                    names.join(" or ")
                )
            })?,
    };
    summary
        .cards
        .iter()
        .find(|s| s.player == name)
        .ok_or_else(|| {
            format!(
                "no player named {name:?} in this log; its players are {}",
                names.join(" and ")
            )
        })
}

/// `stats PATH...`: every log summarised in parallel; the stats printed as a table, JSON or
/// CSV. Exit 2 when a path cannot be read or a file is not a battle log (the stats of the
/// others are printed all the same).
pub fn stats_command(
    sources: &[Source],
    cards: &CardArgs,
    format: AnalysisFormat,
    sides: Sides,
    edition: RuleEdition,
    jobs: Option<u16>,
) -> ExitCode {
    let db = match cards_for_verify(cards) {
        Ok(db) => db,
        Err(code) => return code,
    };
    let stdin = sources.contains(&Source::Stdin).then(|| read_input("-"));
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.map_or(0, usize::from))
        .build()
    {
        Ok(p) => p,
        Err(e) => return fail(format!("cannot start the threads: {e}")),
    };
    let games: Vec<(String, Result<GameSummary, String>)> = pool.install(|| {
        sources
            .par_iter()
            .map(|src| {
                let bytes = match src {
                    Source::Stdin => stdin
                        .clone()
                        .unwrap_or_else(|| Err("standard input".into())),
                    Source::File(p) => read_input(&p.display().to_string()),
                };
                let summary = bytes.and_then(|b| {
                    ptcg_judge::verify(&b, db.as_deref(), edition)
                        .map(|r| analysis::summary(&r, db.as_deref()))
                        .map_err(|e| e.to_string())
                });
                (src.name(), summary)
            })
            .collect()
    });
    let refused: Vec<(String, String)> = games
        .iter()
        .filter_map(|(f, r)| r.as_ref().err().map(|e| (f.clone(), e.clone())))
        .collect();
    for (file, why) in &refused {
        eprintln!("skipped {file}: {why}");
    }
    let stats = stats(games.iter().filter_map(|(_, r)| r.as_ref().ok()), sides);
    match format {
        AnalysisFormat::Text => print!("{}", analysis::stats::to_text(&stats)),
        AnalysisFormat::Csv => print!("{}", analysis::stats::to_csv(&stats)),
        AnalysisFormat::Json => {
            let mut value = serde_json::to_value(&stats).unwrap_or_default();
            if let Some(obj) = value.as_object_mut() {
                obj.insert("refused".into(), serde_json::json!(refused));
            }
            println!("{value}");
        }
    }
    if refused.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}
