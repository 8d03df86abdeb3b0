//! The real English logs of ../shared/ptcgl-logs: every line parses, and the players, who went
//! first, the winner and the end reason are right (the table below was checked by hand against
//! each log's Setup lines and last line).

mod common;

use ptcg_judge::engine::RuleEdition;
use ptcg_judge::log::{Event, parse_log};

struct Expected {
    file: &'static str,
    players: [&'static str; 2],
    first: &'static str,
    exporter: &'static str,
    winner: &'static str,
    reason: &'static str,
}

const TABLE: &[Expected] = &[
    Expected {
        file: "dipplin-vs-mega-excadrill.log",
        players: ["cdierkens", "Flyfrod"],
        first: "Flyfrod",
        exporter: "cdierkens",
        winner: "cdierkens",
        reason: "concede",
    },
    Expected {
        file: "slowking-vs-beedrill.log",
        players: ["Wonder_Squid", "cdierkens"],
        first: "cdierkens",
        exporter: "cdierkens",
        winner: "cdierkens",
        reason: "prizes",
    },
    Expected {
        file: "slowking-vs-froslass-mill.log",
        players: ["cdierkens", "TSLAUJ"],
        first: "TSLAUJ",
        exporter: "cdierkens",
        winner: "cdierkens",
        reason: "prizes",
    },
    Expected {
        file: "slowking-vs-greninja.log",
        players: ["cdierkens", "Kingofslowbros"],
        first: "Kingofslowbros",
        exporter: "cdierkens",
        winner: "Kingofslowbros",
        reason: "prizes",
    },
    Expected {
        file: "torohiyo-match1.txt",
        players: ["toropoke0421", "fastboy15"],
        first: "fastboy15",
        exporter: "toropoke0421",
        winner: "toropoke0421",
        reason: "prizes",
    },
    Expected {
        file: "torohiyo-match2.txt",
        players: ["debede08", "toropoke0421"],
        first: "debede08",
        exporter: "toropoke0421",
        winner: "toropoke0421",
        reason: "concede",
    },
    Expected {
        file: "sample_log.txt",
        players: ["SpaghettiEd", "xxXBLUESINXxx"],
        first: "xxXBLUESINXxx",
        exporter: "SpaghettiEd",
        winner: "SpaghettiEd",
        reason: "deck-out",
    },
    Expected {
        file: "sample_log2.txt",
        players: ["KingPDust", "SpaghettiEd"],
        first: "KingPDust",
        exporter: "SpaghettiEd",
        winner: "SpaghettiEd",
        reason: "prizes",
    },
    Expected {
        file: "sample_log3.txt",
        players: ["SpaghettiEd", "ampunnn"],
        first: "ampunnn",
        exporter: "SpaghettiEd",
        winner: "SpaghettiEd",
        reason: "concede",
    },
    Expected {
        file: "en-new-structure.txt",
        players: ["Bassoonboy135", "Player2"],
        first: "Bassoonboy135",
        exporter: "Bassoonboy135",
        winner: "Bassoonboy135",
        reason: "concede",
    },
    Expected {
        file: "en-redacted-player-name.txt",
        players: ["Player1", "Player2"],
        first: "Player1",
        exporter: "Player1",
        winner: "Player1",
        reason: "concede",
    },
    Expected {
        file: "battle-replay-sample.txt",
        players: ["Shinwrld", "gklinsing"],
        first: "Shinwrld",
        exporter: "gklinsing",
        winner: "gklinsing",
        reason: "prizes",
    },
    Expected {
        file: "tcgllogger-game1.txt",
        players: ["ArchShiero", "sreyasy93"],
        first: "ArchShiero",
        exporter: "ArchShiero",
        winner: "ArchShiero",
        reason: "prizes",
    },
    Expected {
        file: "tcgllogger-game2.txt",
        players: ["DNMT", "ArchShiero"],
        first: "DNMT",
        exporter: "ArchShiero",
        winner: "ArchShiero",
        reason: "concede",
    },
    Expected {
        file: "battlejournal-2026-08-06.txt",
        players: ["KiokiYuudoku", "AradJohn"],
        first: "KiokiYuudoku",
        exporter: "AradJohn",
        winner: "AradJohn",
        reason: "concede",
    },
    Expected {
        file: "deckpal-battle-03.txt",
        players: ["OppCharlie", "PlayerA"],
        first: "OppCharlie",
        exporter: "PlayerA",
        winner: "PlayerA",
        reason: "prizes",
    },
    Expected {
        file: "deckpal-battle-04.txt",
        players: ["OppAlpha", "PlayerA"],
        first: "PlayerA",
        exporter: "PlayerA",
        winner: "OppAlpha",
        reason: "prizes",
    },
    Expected {
        file: "deckpal-battle-05.txt",
        players: ["OppGolf", "PlayerA"],
        first: "PlayerA",
        exporter: "PlayerA",
        winner: "OppGolf",
        reason: "prizes",
    },
    Expected {
        file: "deckpal-battle-07.txt",
        players: ["OppDelta", "PlayerA"],
        first: "PlayerA",
        exporter: "PlayerA",
        winner: "OppDelta",
        reason: "prizes",
    },
    Expected {
        file: "deckpal-battle-08.txt",
        players: ["PlayerA", "Poke1111player"],
        first: "PlayerA",
        exporter: "PlayerA",
        winner: "PlayerA",
        reason: "timeout",
    },
    Expected {
        file: "deckpal-battle-09.txt",
        players: ["OppEcho", "PlayerA"],
        first: "OppEcho",
        exporter: "PlayerA",
        winner: "PlayerA",
        reason: "timeout",
    },
    Expected {
        file: "grandmaster-enga265_vs_danielkj4_itemlock.txt",
        players: ["Enga265", "danielkj4"],
        first: "danielkj4",
        exporter: "danielkj4",
        winner: "danielkj4",
        reason: "prizes",
    },
    Expected {
        file: "grandmaster-gladys2meetu_vs_danielkj4.txt",
        players: ["gladys2meetu", "danielkj4"],
        first: "gladys2meetu",
        exporter: "danielkj4",
        winner: "danielkj4",
        reason: "prizes",
    },
    Expected {
        file: "grandmaster-tigrao95_vs_danielkj4.txt",
        players: ["Tigrão95", "danielkj4"],
        first: "Tigrão95",
        exporter: "danielkj4",
        winner: "Tigrão95",
        reason: "prizes",
    },
];

#[test]
fn every_line_of_every_english_log_parses() {
    let Some(files) = common::english_logs() else {
        return common::skipped("corpus parse", "../shared/ptcgl-logs");
    };
    assert_eq!(
        files.len(),
        TABLE.len(),
        "the corpus has {} English logs: {files:?}",
        files.len()
    );
    let mut total = 0;
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let log = parse_log(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        total += log.lines.len();
        for line in log.unparsed() {
            failures.push(format!(
                "{}:{}: {:?}",
                path.display(),
                line.number,
                log.text(line)
            ));
        }
    }
    eprintln!(
        "corpus parse: {} logs, {total} lines, {} unparsed",
        files.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "unparsed lines:\n{}",
        failures.join("\n")
    );
}

#[test]
fn players_first_player_winner_and_reason_match_the_hand_checked_table() {
    let Some(files) = common::english_logs() else {
        return common::skipped("corpus results", "../shared/ptcgl-logs");
    };
    for expected in TABLE {
        let path = files
            .iter()
            .find(|p| p.file_name().is_some_and(|n| n == expected.file))
            .unwrap_or_else(|| panic!("{} is missing from the corpus", expected.file));
        let report =
            ptcg_judge::verify(&std::fs::read(path).unwrap(), None, RuleEdition::default())
                .unwrap();
        let names: Vec<&str> = report.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, expected.players, "{}: players", expected.file);
        let first: Vec<&str> = report
            .players
            .iter()
            .filter(|p| p.went_first == Some(true))
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(first, [expected.first], "{}: who went first", expected.file);
        let exporter: Vec<&str> = report
            .players
            .iter()
            .filter(|p| p.exported_log)
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(
            exporter,
            [expected.exporter],
            "{}: who exported the log",
            expected.file
        );
        assert_eq!(
            report.result.winner.as_deref(),
            Some(expected.winner),
            "{}: winner",
            expected.file
        );
        assert_eq!(
            report.result.reason, expected.reason,
            "{}: end reason",
            expected.file
        );
    }
}

#[test]
fn every_turn_header_gets_a_player_even_when_the_client_wrote_the_placeholder() {
    let Some(files) = common::english_logs() else {
        return common::skipped("corpus turn players", "../shared/ptcgl-logs");
    };
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let report = ptcg_judge::verify(&bytes, None, RuleEdition::default()).unwrap();
        let log = parse_log(&bytes).unwrap();
        let mut previous: Option<ptcg_judge::log::Text> = None;
        for (step, line) in report.steps.iter().zip(&log.lines) {
            if let Event::TurnHeader { .. } = line.event {
                let player = step
                    .player
                    .clone()
                    .unwrap_or_else(|| panic!("{}:{}: no player", path.display(), step.line));
                assert_ne!(
                    Some(&player),
                    previous.as_ref(),
                    "{}:{}: the same player twice in a row",
                    path.display(),
                    step.line
                );
                previous = Some(player);
            }
        }
    }
}

#[test]
fn a_paste_with_merged_lines_gives_clear_unparsed_lines_not_a_crash() {
    let Some(dir) = common::shared_dir() else {
        return common::skipped("mangled paste", "../shared");
    };
    let path = dir.join("ptcgl-logs/mangled/en-no-player2-turn.txt");
    let Ok(bytes) = std::fs::read(&path) else {
        return common::skipped("mangled paste", "ptcgl-logs/mangled/en-no-player2-turn.txt");
    };
    let report = ptcg_judge::verify(&bytes, None, RuleEdition::default()).unwrap();
    let unparsed: Vec<_> = report
        .steps
        .iter()
        .filter(|s| s.event == "unparsed")
        .collect();
    assert!(!unparsed.is_empty(), "the merged lines are reported");
    for s in &unparsed {
        assert!(
            s.message.contains("no known line shape"),
            "line {}: {}",
            s.line,
            s.message
        );
    }
    assert_eq!(report.result.winner.as_deref(), Some("player2"));
    assert_eq!(report.result.reason, "no-pokemon");
}
