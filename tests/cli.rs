//! The `ptcg-judge` binary: exit codes, formats, and a clear error for every kind of bad input.

mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;

const SHORT_LOG: &str = "Setup
Zoë chose heads for the opening coin flip.
Zoë won the coin toss.
Zoë decided to go first.
Zoë drew 7 cards for the opening hand.
- 7 drawn cards.
   • Pikachu, Potion, Basic Lightning Energy, Nest Ball, Switch, Raichu, Pikachu
Ash K 1999 drew 7 cards for the opening hand.
- 7 drawn cards.
Zoë played Pikachu to the Active Spot.
Ash K 1999 played Charmander to the Active Spot.

Zoë's Turn
Zoë drew Potion.
Zoë attached Basic Lightning Energy to Pikachu in the Active Spot.
Zoë ended their turn.

Ash K 1999's Turn
Ash K 1999 drew a card.
";

fn cmd() -> Command {
    let mut c = Command::cargo_bin("ptcg-judge").unwrap();
    c.env_remove("PTCG_JUDGE_CARDS");
    c
}

fn temp_with(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(bytes).unwrap();
    f
}

#[test]
fn a_log_cut_off_mid_turn_is_read_and_exits_zero() {
    let f = temp_with(SHORT_LOG.as_bytes());
    cmd()
        .args(["verify", f.path().to_str().unwrap(), "--no-cards"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Zoë (went first)"))
        .stdout(predicate::str::contains("result: no winner shown"))
        .stdout(predicate::str::contains("card data: 0 cards"))
        .stderr(predicate::str::contains("no card data (--no-cards)"));
}

/// A fresh clone's first command (no --cards, no PTCG_JUDGE_CARDS): the built-in card data
/// knows both Supporters of the sample, so its second Supporter is a violation (exit 1), and
/// the report says which data it used and how new it is.
#[test]
fn with_no_card_folder_the_built_in_data_finds_the_sample_violation() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/replays/illegal-second-supporter.log"
    );
    cmd()
        .args(["verify", sample])
        .assert()
        .code(1)
        .stdout(predicate::str::is_match(r"(?m)^violation .*Professor's Research").unwrap())
        .stdout(predicate::str::contains(
            "from pokemon-tcg-data (built-in, made ",
        ))
        .stdout(predicate::str::contains("from tcgdex (built-in, made "))
        .stderr(predicate::str::contains("no card data").not());
    let out = cmd()
        .args(["verify", sample, "--format", "json"])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert!(
        v["card_data"].as_u64().unwrap() > 20_000,
        "{}",
        v["card_data"]
    );
    let sources = v["card_sources"].as_array().unwrap();
    assert_eq!(sources[0]["layout"], "pokemon-tcg-data");
    assert_eq!(sources[1]["layout"], "tcgdex");
    assert!(sources[1]["newest_release"].as_str().unwrap() >= "2026/");
    // --no-cards: the Supporter cannot be told from the data, so no violation.
    cmd()
        .args(["verify", sample, "--no-cards"])
        .assert()
        .code(0);
}

#[test]
fn stdin_and_json() {
    let out = cmd()
        .args(["verify", "-", "--format", "json"])
        .write_stdin(SHORT_LOG)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["edition"], "sv");
    assert_eq!(v["players"][0]["name"], "Zoë");
    assert_eq!(v["players"][0]["went_first"], true);
    assert_eq!(v["players"][1]["went_first"], false);
    assert_eq!(v["summary"]["lines"], 19);
    assert_eq!(v["summary"]["unparsed"], 0);
    let step = &v["steps"][14];
    assert_eq!(step["line"], 15);
    assert_eq!(step["event"], "attach");
    assert_eq!(step["turn"], 1);
    assert_eq!(step["player"], "Zoë");
    assert!(
        ["ok", "violation", "unverified", "info", "unparsed"]
            .contains(&step["verdict"].as_str().unwrap())
    );
    assert_eq!(v["result"]["reason"], "not-ended");
}

#[test]
fn a_line_of_unknown_shape_is_reported_with_its_number_and_is_not_fatal() {
    let text = SHORT_LOG.replace("Zoë ended their turn.", "Zoë did a little dance.");
    let f = temp_with(text.as_bytes());
    cmd()
        .args(["verify", f.path().to_str().unwrap()])
        .assert()
        .code(0)
        .stdout(
            predicate::str::is_match(
                r"unparsed\s+16 .*Zoë did a little dance\..*no known line shape",
            )
            .unwrap(),
        );
}

/// Inputs that are not battle logs: exit code 2 and a message that says what is wrong.
#[test]
fn bad_inputs_exit_two_with_a_reason() {
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("an empty file", Vec::new(), "the input is empty"),
        (
            "only blank lines",
            b"\n\n  \n".to_vec(),
            "the input is empty",
        ),
        (
            "binary data",
            vec![0x7f, b'E', b'L', b'F', 0, 1, 2, 3],
            "binary data",
        ),
        (
            "invalid UTF-8",
            b"Setup\nAsh won the coin toss.\n\xff\xfe\n".to_vec(),
            "line 3, column 1",
        ),
        (
            "an HTML page",
            b"<!DOCTYPE html>\n<html><body><p>Zo\xc3\xab drew a card.</p></body></html>".to_vec(),
            "HTML page",
        ),
        (
            "prose",
            b"Dear diary,\ntoday I played cards.\n".to_vec(),
            "1 of 2 lines have the shape",
        ),
        (
            "a chat transcript",
            b"[20:44:01] Ann: hi\n[20:44:06] Bob: gl hf\nAnn drew a card.\n[20:45:00] Ann: oops\n"
                .to_vec(),
            "1 of 4 lines have the shape",
        ),
        (
            "German headers over lines that are not a log's",
            "Vorbereitung\nhallo\nwelt\nnichts\n".as_bytes().to_vec(),
            "German",
        ),
        (
            "over 5 MB",
            "Zoë drew a card.\n"
                .repeat(5 * 1024 * 1024 / 17 + 10)
                .into_bytes(),
            "at most 5242880 bytes",
        ),
    ];
    for (what, bytes, message) in cases {
        let f = temp_with(&bytes);
        cmd()
            .args(["verify", f.path().to_str().unwrap()])
            .assert()
            .code(2)
            .stdout(predicate::str::is_empty())
            .stderr(predicate::str::contains(message).name(what));
    }
}

#[test]
fn a_missing_file_exits_two() {
    cmd()
        .args(["verify", "/nonexistent/battle.log"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read /nonexistent/battle.log",
        ));
}

#[test]
fn a_bad_card_folder_exits_two() {
    let f = temp_with(SHORT_LOG.as_bytes());
    cmd()
        .args([
            "verify",
            f.path().to_str().unwrap(),
            "--cards",
            "/nonexistent/cards",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot load card data"));
}

#[test]
fn an_unknown_edition_is_refused_by_name() {
    let f = temp_with(SHORT_LOG.as_bytes());
    cmd()
        .args(["verify", f.path().to_str().unwrap(), "--edition", "xy"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown rule edition \"xy\""));
}

/// A tiny card folder in the pokemon-tcg-data layout, written by the test.
fn card_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("cards/en")).unwrap();
    std::fs::write(
        dir.path().join("cards/en/t1.json"),
        r#"[{"id":"t1-1","name":"Pikachu","supertype":"Pokémon","subtypes":["Basic"],"hp":"60","types":["Lightning"],
            "attacks":[{"name":"Thunder Jolt","cost":["Lightning","Colorless"],"damage":"50","text":"This Pokémon also does 10 damage to itself."}],
            "weaknesses":[{"type":"Fighting","value":"×2"}],"retreatCost":["Colorless"],"number":"1","legalities":{"unlimited":"Legal"}}]"#,
    )
    .unwrap();
    dir
}

#[test]
fn the_cards_command_describes_a_name_and_suggests_for_an_unknown_one() {
    let dir = card_folder();
    cmd()
        .args(["cards", dir.path().to_str().unwrap(), "--name", "Pikachu"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("HP 60"))
        .stdout(predicate::str::contains("Thunder Jolt"))
        .stdout(predicate::str::contains("Weakness: Fighting ×2"));
    cmd()
        .args(["cards", dir.path().to_str().unwrap(), "--name", "Pikach"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("not found"))
        .stdout(predicate::str::contains("Pikachu"));
}

#[test]
fn verify_uses_the_card_folder_from_the_environment() {
    let dir = card_folder();
    let f = temp_with(SHORT_LOG.as_bytes());
    let out = cmd()
        .env("PTCG_JUDGE_CARDS", dir.path())
        .args(["verify", f.path().to_str().unwrap(), "--format", "json"])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("no card data").not())
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["card_data"], 1);
}

#[test]
fn import_cards_puts_the_card_data_into_the_store_for_the_service() {
    let cards = card_folder();
    let data = tempfile::tempdir().unwrap();
    cmd()
        .args(["import-cards", cards.path().to_str().unwrap(), "--data"])
        .arg(data.path())
        .assert()
        .success()
        .stdout(predicates::str::contains("imported 1 cards from 1 files"));
    // The service opened on that store, without --cards, has the cards.
    let state =
        ptcg_judge::web::AppState::open(&ptcg_judge::web::Settings::new(data.path().to_path_buf()))
            .unwrap();
    assert_eq!(state.card_count(), 1);
    assert_eq!(state.card_source, "imported into the store");
}

#[test]
fn import_cards_refuses_a_bad_folder_and_leaves_the_store_alone() {
    let data = tempfile::tempdir().unwrap();
    cmd()
        .args(["import-cards", "/nonexistent/cards", "--data"])
        .arg(data.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot read card data"));
    let broken = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(broken.path().join("cards/en")).unwrap();
    std::fs::write(broken.path().join("cards/en/x.json"), "[{\"id\": ").unwrap();
    cmd()
        .args(["import-cards", broken.path().to_str().unwrap(), "--data"])
        .arg(data.path())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("x.json"));
    let store = ptcg_judge::store::Store::open(data.path(), 1 << 20).unwrap();
    assert_eq!(store.card_texts().unwrap(), None);
}

/// `ptcg-judge effects` over the shared pokemon-tcg-data copy: the per-fact table has one row
/// per fact, in order, with counts that make sense; the facts the checks rely on most are
/// changed by some card. Skipped, saying so, when ../shared is absent.
#[test]
fn the_effects_command_prints_the_per_fact_table_of_the_shared_card_data() {
    use ptcg_judge::cards::effects::Fact;
    let Some(cards) = common::shared_cards() else {
        common::skipped("effects command", "the pokemon-tcg-data card set");
        return;
    };
    let out = cmd()
        .args(["effects", "--cards"])
        .arg(&cards)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let header: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(
        header,
        ["fact", "may", "change", "cards", "names"],
        "{text}"
    );
    let mut counts = std::collections::BTreeMap::new();
    for (line, fact) in lines[1..].iter().zip(Fact::ALL) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], fact.id(), "{line}");
        assert!(line.contains(fact.words()), "{line}");
        let n = |i: usize| -> usize { fields[fields.len() - i].parse().expect(line) };
        let (prints, names) = (n(2), n(1));
        assert!(names <= prints, "{line}");
        counts.insert(fact.id(), prints);
    }
    assert_eq!(counts.len(), Fact::ALL.len());
    let summary = lines[1 + Fact::ALL.len()];
    assert!(
        summary.contains(" cards read, ") && summary.ends_with(" may change at least one fact"),
        "{summary}"
    );
    let read: usize = summary.split_whitespace().next().unwrap().parse().unwrap();
    assert!(read >= 19_000, "{summary}");
    for fact in [
        "damage-dealt",
        "damage-taken",
        "max-hp",
        "bench-size",
        "energy-provided",
        "first-turn",
        "once-per-turn",
        "knock-out",
        "prize-count",
        "winner",
    ] {
        assert!(counts[fact] > 0, "no card may change {fact}:\n{text}");
    }
    assert!(counts["damage-dealt"] > counts["bench-size"], "{text}");
}

#[test]
fn the_effects_command_shows_a_cards_readings_and_a_facts_cards() {
    let Some(cards) = common::shared_cards() else {
        common::skipped("effects command", "the pokemon-tcg-data card set");
        return;
    };
    cmd()
        .args(["effects", "--cards"])
        .arg(&cards)
        .args(["--name", "Choice Belt"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Choice Belt: 3 prints"))
        .stdout(predicate::str::contains("trainer-rules (in play)"))
        .stdout(predicate::str::contains("changes: damage-dealt (holder)"));
    cmd()
        .args(["effects", "--cards"])
        .arg(&cards)
        .args(["--fact", "bench-size"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "may change the Bench limit (bench-size)",
        ))
        .stdout(predicate::str::contains("Sky Field — trainer-rules (any)"))
        .stdout(predicate::str::contains(
            "Area Zero Underdepths — trainer-rules (any)",
        ))
        .stdout(predicate::str::contains("Professor's Research").not());
    cmd()
        .args(["effects", "--cards"])
        .arg(&cards)
        .args(["--fact", "bench"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown fact \"bench\""));
}

/// `ptcg-judge effects --coverage` with a sample log of `replays/`: a row per fact in order,
/// the weighted columns count the cards the log names, and a missing log is an error.
#[test]
fn the_coverage_table_counts_texts_per_fact_and_weights_them_by_a_logs_cards() {
    use ptcg_judge::cards::effects::Fact;
    let sample =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/effects-in-text.log");
    let out = cmd()
        .args(["effects", "--coverage", "--logs"])
        .arg(&sample)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for (line, fact) in lines[2..].iter().zip(Fact::ALL) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[0], fact.id(), "{line}");
        assert_eq!(fields.len(), 9, "{line}");
    }
    let row = |id: &str| -> Vec<String> {
        lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(id))
            .unwrap_or_else(|| panic!("no row {id}:\n{text}"))
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let n = |r: &[String], i: usize| -> u64 { r[i].parse().unwrap() };
    let dealt = row("damage-dealt");
    assert!(n(&dealt, 1) > 1000 && n(&dealt, 2) > 0, "{text}");
    // Hero's Cape (+100 HP, read exactly) is named on one line of the sample.
    let hp = row("max-hp");
    assert!(n(&hp, 5) >= 1, "{text}");
    assert!(
        text.contains("card names named on") && !text.contains(" 0 card names"),
        "{text}"
    );
    cmd()
        .args(["effects", "--coverage", "--logs", "no/such/log.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/log.txt"));
}

/// `ptcg-judge cards-diff` on the two shared sources: both read, cards matched, the
/// disagreements counted by fact and listed (at most `--limit`); a missing folder is refused.
#[test]
fn cards_diff_compares_the_two_card_sources() {
    let Some(both) = common::shared_card_sources() else {
        return common::skipped("cards-diff command", "../shared/cards (both sources)");
    };
    let out = cmd()
        .arg("cards-diff")
        .arg(both.join("pokemon-tcg-data"))
        .arg(both.join("tcgdex-cards-database"))
        .args(["--fact", "HP", "--limit", "2"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let first = text.lines().next().unwrap_or("");
    let matched: usize = first
        .split(';')
        .nth(2)
        .and_then(|p| p.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no matched count in {first:?}"));
    assert!(matched > 10_000, "{first}");
    assert!(text.contains("disagreements on"), "{text}");
    let listed = text.lines().filter(|l| l.contains(": HP: ")).count();
    assert!((1..=2).contains(&listed), "{text}");
    cmd()
        .arg("cards-diff")
        .arg(both.join("no-such-folder"))
        .arg(both.join("tcgdex-cards-database"))
        .assert()
        .code(2);
}

/// `ptcg-judge make-card-snapshot` writes the compressed snapshot of a card folder, which reads
/// back to the same cards; an unreadable folder is refused.
#[test]
fn make_card_snapshot_writes_a_snapshot_that_reads_back() {
    let cards = card_folder();
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("snapshot.bin.zst");
    cmd()
        .args([
            "make-card-snapshot",
            cards.path().to_str().unwrap(),
            "--out",
        ])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("pokemon-tcg-data ("))
        .stdout(predicate::str::contains("wrote 1 cards in 0 sets"));
    let db = ptcg_judge::cards::snapshot::decode(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(db.len(), 1);
    assert_eq!(db.card(0).hp, Some(60));
    assert!(db.sources()[0].location.starts_with("built-in, made "));
    cmd()
        .args(["make-card-snapshot", "/nonexistent/cards", "--out"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot load card data"));
}
