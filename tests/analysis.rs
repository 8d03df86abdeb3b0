//! The analysis for players on real games: every log of `../shared/ptcgl-logs` (and, with
//! `PTCG_JUDGE_MORE_LOGS=DIR`, every log of that folder too: real games kept elsewhere), and
//! the project's own samples. For each: the summary's winner and reason are the report's
//! result, its Prize totals the Prize lines, its Knock Outs the Knock Out lines, and no card is
//! seen more than 4 times unless its own rule allows it; the deck list check passes on a list
//! made from the cards seen and names exactly the card taken out of it; `stats` counts every
//! game once, in JSON and CSV.

mod common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use ptcg_judge::analysis::{self, GameSummary};
use ptcg_judge::cards::decklist::parse_deck_list;
use ptcg_judge::log::Event;
use ptcg_judge::report::Report;

/// The real logs: the shared corpus (every folder but the templates) and the extra folder.
fn real_logs() -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(shared) = common::shared_dir() {
        out.extend(logs_in(&shared.join("ptcgl-logs")));
    } else {
        common::skipped("tests/analysis.rs", "../shared/ptcgl-logs");
    }
    if let Ok(more) = std::env::var("PTCG_JUDGE_MORE_LOGS") {
        let found = logs_in(Path::new(&more));
        assert!(
            !found.is_empty(),
            "PTCG_JUDGE_MORE_LOGS={more} holds no .txt or .log file"
        );
        out.extend(found);
    }
    out
}

fn logs_in(dir: &Path) -> Vec<PathBuf> {
    let sources = ptcg_judge::archive::collect(&[dir.display().to_string()]).unwrap();
    sources
        .into_iter()
        .filter_map(|s| match s {
            ptcg_judge::archive::Source::File(p) => Some(p),
            ptcg_judge::archive::Source::Stdin => None,
        })
        .collect()
}

fn verified(path: &Path) -> (Report, GameSummary) {
    let cards = ptcg_judge::cards::snapshot::builtin().unwrap();
    let bytes = std::fs::read(path).unwrap();
    let report = ptcg_judge::verify(&bytes, Some(&cards), Default::default())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let summary = analysis::summary(&report, Some(&cards));
    (report, summary)
}

/// The steps of the game itself (not the notes pasted after it).
fn game_steps(report: &Report) -> impl Iterator<Item = &ptcg_judge::report::StepReport> {
    report.steps.iter().take_while(|s| s.event != "after-game")
}

/// Every check of one game; the figures it saw, for the totals.
/// `real`: a game played in the client (the hand-written samples of `replays/` may hold decks no
/// one could register, so the copies rule is checked on real games only).
fn check_game(path: &Path, report: &Report, s: &GameSummary, real: bool, figures: &mut [usize; 4]) {
    let name = path.display();
    // The result is the report's.
    assert_eq!(
        s.winner.as_deref(),
        report.result.winner.as_deref(),
        "{name}: winner"
    );
    assert_eq!(s.reason, report.result.reason.as_str(), "{name}: reason");
    assert_eq!(s.end_line, report.result.line, "{name}: end line");
    // Prize totals are the Prize lines'.
    for p in &report.players {
        let lines: u32 = game_steps(report)
            .filter_map(|st| match &st.data {
                Event::TookPrizes { player, count } if *player == p.name => Some(*count),
                _ => None,
            })
            .sum();
        assert_eq!(
            s.prizes_taken.get(p.name.as_str()).copied(),
            Some(lines),
            "{name}: Prize cards of {}",
            p.name
        );
        figures[1] += lines as usize;
    }
    let race = analysis::prize_race(s);
    for (p, taken) in race.taken.iter().enumerate() {
        assert!(
            taken.windows(2).all(|w| w[0] <= w[1]),
            "{name}: the race goes back"
        );
        assert_eq!(
            taken.last().copied(),
            s.prizes_taken.get(&race.players[p]).copied(),
            "{name}: the race ends at the totals"
        );
    }
    // The Knock Outs are the Knock Out lines, each owned by a player of the game and never
    // paid with Prize cards to its own owner.
    let lines: Vec<(u32, String)> = game_steps(report)
        .filter_map(|st| match &st.data {
            Event::KnockOut { pokemon, .. } => Some((st.line, pokemon.name.to_string())),
            _ => None,
        })
        .collect();
    let listed: Vec<(u32, String)> = s
        .knockouts
        .iter()
        .map(|k| (k.line, k.pokemon.clone()))
        .collect();
    assert_eq!(listed, lines, "{name}: Knock Outs");
    for ko in &s.knockouts {
        assert!(
            report.players.iter().any(|p| p.name == ko.owner),
            "{name}: line {}: owner {}",
            ko.line,
            ko.owner
        );
        if ko.prizes > 0 {
            // Paid by a Prize line of the other player before the next turn.
            let paid = report
                .steps
                .iter()
                .filter(|st| st.line > ko.line)
                .take_while(|st| st.event != "turn-header")
                .any(|st| matches!(&st.data, Event::TookPrizes { player, .. } if *player != ko.owner));
            assert!(
                paid,
                "{name}: line {}: no Prize line of the other player",
                ko.line
            );
        }
    }
    figures[2] += s.knockouts.len();
    // No card seen more than 4 times unless its rule allows more; every count at least 1.
    for side in &s.cards {
        for group in &side.groups {
            for card in &group.cards {
                assert!(card.at_least >= 1 && !card.lines.is_empty());
                assert!(
                    !real || card.at_least <= 4 || card.any_number,
                    "{name}: {} seen {} times (lines {:?})",
                    card.name,
                    card.at_least,
                    card.lines
                );
                figures[3] += 1;
            }
        }
        let plain: u32 = s.cards_seen[&side.player].values().sum();
        let grouped: u32 = side.groups.iter().map(|g| g.at_least).sum();
        assert_eq!(plain, grouped, "{name}: cards_seen and the groups agree");
    }
    assert_eq!(
        s.deck.len(),
        report.players.len(),
        "{name}: a label per side"
    );
    figures[0] += 1;
}

#[test]
fn every_real_game_summarised_agrees_with_its_lines() {
    let mut figures = [0usize; 4];
    let real = real_logs();
    for path in &real {
        let (report, summary) = verified(path);
        check_game(path, &report, &summary, true, &mut figures);
    }
    eprintln!("real games: {figures:?} (games, Prize cards, Knock Outs, cards)");
    for path in common::sample_logs() {
        let (report, summary) = verified(&path);
        check_game(&path, &report, &summary, false, &mut figures);
    }
    let [games, prizes, knockouts, cards] = figures;
    eprintln!(
        "{games} games: {prizes} Prize cards, {knockouts} Knock Outs, {cards} different cards seen, each checked"
    );
    assert!(games > 0);
}

/// A list of the cards a side showed, each at its lower bound.
fn list_of(side: &analysis::SideCards, leave_out: Option<&str>) -> String {
    side.counts()
        .filter(|(name, _)| Some(*name) != leave_out)
        .map(|(name, n)| format!("{n} {name}\n"))
        .collect()
}

#[test]
fn a_list_made_of_the_cards_seen_fits_and_one_taken_out_is_named_with_its_lines() {
    let mut checked = 0;
    for path in real_logs() {
        let (_, s) = verified(&path);
        for side in &s.cards {
            let Some(first) = side.groups.first().and_then(|g| g.cards.first()) else {
                continue;
            };
            let whole = parse_deck_list(&list_of(side, None)).unwrap();
            let check = analysis::check_deck(side, &whole);
            assert!(check.fits(), "{}: {:?}", path.display(), check.mismatches);
            if side.counts().count() < 2 {
                continue;
            }
            let less = parse_deck_list(&list_of(side, Some(&first.name))).unwrap();
            let check = analysis::check_deck(side, &less);
            assert_eq!(
                check.mismatches.len(),
                1,
                "{}: {:?}",
                path.display(),
                check.mismatches
            );
            let m = &check.mismatches[0];
            assert_eq!(m.card, first.name);
            assert_eq!(m.listed, 0);
            assert_eq!(m.lines, first.lines);
            assert!(m.message.contains(&first.name) && m.message.contains("line"));
            checked += 1;
        }
    }
    if checked == 0 {
        common::skipped("the deck list check", "../shared/ptcgl-logs");
    }
}

#[test]
fn summary_on_the_command_line_checks_a_deck_list() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let log = shared.join("ptcgl-logs/en-2026/deckpal-battle-03.txt");
    let (_, s) = verified(&log);
    let me = s.players.iter().find(|p| p.exported_log).unwrap();
    let side = s.cards.iter().find(|c| c.player == me.name).unwrap();
    let first = &side.groups[0].cards[0];
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.txt");
    let less = dir.path().join("less.txt");
    std::fs::write(&whole, list_of(side, None)).unwrap();
    std::fs::write(&less, list_of(side, Some(&first.name))).unwrap();
    let run = |list: &Path, format: &str| {
        Command::cargo_bin("ptcg-judge")
            .unwrap()
            .args([
                "summary",
                log.to_str().unwrap(),
                "--format",
                format,
                "--deck-list",
            ])
            .arg(list)
            .output()
            .unwrap()
    };
    let out = run(&whole, "text");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("every card the log shows is on the list")
    );
    let out = run(&less, "json");
    assert_eq!(out.status.code(), Some(1), "a card the list lacks");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mismatches = v["deck_check"]["mismatches"].as_array().unwrap();
    assert_eq!(mismatches.len(), 1);
    assert_eq!(mismatches[0]["card"], first.name.as_str());
    assert_eq!(v["winner"], s.winner.as_deref().unwrap());
    // Bad input: a list that is not there, a player not in the game, csv for one game.
    let out = run(&dir.path().join("none.txt"), "text");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read the deck list"));
    let out = Command::cargo_bin("ptcg-judge")
        .unwrap()
        .args(["summary", log.to_str().unwrap(), "--deck-list"])
        .arg(&whole)
        .args(["--player", "Nobody"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no player named \"Nobody\"") && err.contains(&me.name),
        "{err}"
    );
    let out = Command::cargo_bin("ptcg-judge")
        .unwrap()
        .args(["summary", "/nonexistent/game.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/game.txt"));
}

#[test]
fn stats_count_every_game_once_in_json_and_csv() {
    let folders: Vec<String> = common::shared_dir()
        .map(|s| vec![s.join("ptcgl-logs").display().to_string()])
        .unwrap_or_else(|| vec![concat!(env!("CARGO_MANIFEST_DIR"), "/replays").to_string()]);
    let files = logs_in(Path::new(&folders[0])).len();
    let run = |format: &str| {
        let out = Command::cargo_bin("ptcg-judge")
            .unwrap()
            .arg("stats")
            .args(&folders)
            .args(["--format", format])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let json: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
    let games = json["games"].as_u64().unwrap();
    assert_eq!(games as usize, files, "every game once");
    let decks = json["decks"].as_array().unwrap();
    let deck_games: u64 = decks.iter().map(|d| d["games"].as_u64().unwrap()).sum();
    assert_eq!(deck_games, 2 * games, "each game once for each side");
    let matchup_games: u64 = json["matchups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["games"].as_u64().unwrap())
        .sum();
    assert_eq!(matchup_games, 2 * games);
    assert_eq!(json["first"]["games"].as_u64(), Some(games));
    assert_eq!(json["second"]["games"].as_u64(), Some(games));
    for d in decks {
        let (g, w, l) = (
            d["games"].as_u64(),
            d["wins"].as_u64(),
            d["losses"].as_u64(),
        );
        assert!(w.unwrap() + l.unwrap() <= g.unwrap());
    }
    // The CSV: a header, then the same numbers.
    let csv = run("csv");
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("table,deck,opponent,games,wins,losses,average_turns,prizes_per_turn")
    );
    let rows: Vec<Vec<String>> = lines.map(split_csv).collect();
    let csv_decks: Vec<&Vec<String>> = rows.iter().filter(|r| r[0] == "deck").collect();
    assert_eq!(csv_decks.len(), decks.len());
    for (row, d) in csv_decks.iter().zip(decks) {
        assert_eq!(row[1], d["deck"].as_str().unwrap());
        assert_eq!(row[3], d["games"].to_string());
        assert_eq!(row[4], d["wins"].to_string());
        assert_eq!(row[5], d["losses"].to_string());
    }
    let all = rows.iter().find(|r| r[0] == "all").unwrap();
    assert_eq!(all[3], games.to_string());
    let first = rows.iter().find(|r| r[0] == "first").unwrap();
    assert_eq!(first[4], json["first"]["wins"].to_string());
}

/// A CSV line split into fields (quoted fields unquoted).
fn split_csv(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    out.push(field);
    out
}

/// Hands and decks as each turn began (issue 43): on every real game, each count is taken at a
/// turn's header line, equals the hand and deck the replay holds after that line when replayed
/// that far on its own (`Replay::state_after`), lies within a 60-card deck, and reaches the
/// summary's row of that turn; most turns of the shared games have both counts known.
#[test]
fn hands_and_decks_as_each_turn_began_are_the_replays() {
    let cards = ptcg_judge::cards::snapshot::builtin().unwrap();
    let (mut turns, mut known) = (0usize, 0usize);
    for path in real_logs() {
        let bytes = std::fs::read(&path).unwrap();
        let (report, summary) = verified(&path);
        let parsed = ptcg_judge::log::parse_log_with(
            &bytes,
            ptcg_judge::cards::local_names::local_names(Some(&cards)),
        )
        .unwrap();
        for c in &report.turn_counts {
            let step = report
                .steps
                .iter()
                .find(|s| s.line == c.line)
                .expect("a counted line");
            assert_eq!(step.event, "turn-header", "{}:{}", path.display(), c.line);
            let state = ptcg_judge::engine::Replay::state_after(
                &parsed,
                Some(&cards),
                Default::default(),
                c.line as usize,
            );
            for (p, player) in state.players.iter().enumerate() {
                assert_eq!(
                    c.hand[p],
                    player.hand.known(),
                    "{}:{}",
                    path.display(),
                    c.line
                );
                assert_eq!(
                    c.deck[p],
                    player.deck.known(),
                    "{}:{}",
                    path.display(),
                    c.line
                );
                for n in [c.hand[p], c.deck[p]].into_iter().flatten() {
                    assert!((0..=60).contains(&n), "{}:{}: {n}", path.display(), c.line);
                }
            }
            turns += 1;
            known += usize::from(c.hand.iter().chain(&c.deck).all(Option::is_some));
            if let Some(row) = summary.turn_rows.iter().find(|r| r.line == c.line) {
                assert_eq!(row.hand, c.hand);
                assert_eq!(row.deck, c.deck);
            }
        }
    }
    if common::shared_dir().is_some() {
        assert!(
            turns > 100,
            "only {turns} turns counted in the shared games"
        );
        assert!(
            known * 2 > turns,
            "only {known} of {turns} turns have both hands and decks known"
        );
    }
    eprintln!("hands and decks known as {known} of {turns} turns began");
}
