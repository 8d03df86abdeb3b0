//! Test helpers: where the shared corpus and card data are, when they exist.
#![allow(dead_code)]

pub mod browser;
pub mod floors;
pub mod games;
pub mod postgres;
/// The largest allowed log and a store's size on disk, as the benchmark tool makes them.
#[path = "../../bench/src/sizes.rs"]
pub mod sizes;

use std::path::{Path, PathBuf};

/// `../shared` beside the project, when present (under CI its absence fails the test here, so
/// that no suite can pass by skipping it quietly).
pub fn shared_dir() -> Option<PathBuf> {
    let dir = present(Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"))?;
    // An empty or partial folder is as missing as none: name what is not there.
    present(dir.join("ptcgl-logs"))?;
    present(dir.join("cards"))?;
    Some(dir)
}

/// `path` when it exists; under CI a missing path fails the test, naming it.
fn present(path: PathBuf) -> Option<PathBuf> {
    if path.exists() {
        return Some(path);
    }
    if inputs_required() {
        missing_input(
            "a suite reading ../shared",
            &format!("{} not found", path.display()),
        );
    }
    None
}

/// A suite whose input (`../shared`) is missing: a failure under CI, a loud skip elsewhere.
pub fn skipped(suite: &str, what: &str) {
    missing_input(
        suite,
        &format!("{what} not found (expected beside the project in ../shared)"),
    );
}

/// Whether this run is CI's: CI sets `CI=true` (any value but empty, `0` or `false` counts),
/// and `PTCG_JUDGE_REQUIRE_INPUTS=1` asks for the same strictness anywhere.
pub fn inputs_required() -> bool {
    let set = |name: &str| {
        std::env::var(name)
            .is_ok_and(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"))
    };
    set("CI") || set("PTCG_JUDGE_REQUIRE_INPUTS")
}

/// A test cannot run because `why` (an input that is not there: `../shared`, a PostgreSQL server,
/// Chromium). Under CI ([`inputs_required`]) the test fails with that reason: a suite that passes
/// without running is a green CI that proves nothing. Elsewhere it says `SKIPPED …` and passes;
/// the line is written to the process's standard error directly, not through `eprintln!`, which
/// the test harness captures and drops for a passing test, so that `cargo test` shows every skip.
pub fn missing_input(suite: &str, why: &str) {
    missing_input_when(inputs_required(), suite, why);
}

/// [`missing_input`] with the CI decision given (what `tests/skips.rs` checks both ways).
pub fn missing_input_when(required: bool, suite: &str, why: &str) {
    if required {
        panic!(
            "{suite} cannot run: {why}. CI (CI=true) needs every input the suites read; set it up, \
             or run without CI=true to skip"
        );
    }
    use std::io::Write;
    let _ = std::io::stderr()
        .lock()
        .write_all(skip_line(suite, why).as_bytes());
}

/// The line a skip writes.
pub fn skip_line(suite: &str, why: &str) -> String {
    format!("SKIPPED {suite}: {why}\n")
}

/// The English real logs of the shared corpus: en-2025, en-2026, en-player-name-bug, and the
/// English files of localized/.
pub fn english_logs() -> Option<Vec<PathBuf>> {
    let root = present(shared_dir()?.join("ptcgl-logs"))?;
    let mut files = Vec::new();
    for dir in ["en-2025", "en-2026", "en-player-name-bug", "localized"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if dir == "localized" && !name.starts_with("en-") {
                continue;
            }
            files.push(p);
        }
    }
    files.sort();
    Some(files)
}

/// The shared card data folder, when present.
pub fn shared_cards() -> Option<PathBuf> {
    let dir = shared_dir()?.join("cards/pokemon-tcg-data");
    present(dir.join("cards/en"))?;
    Some(dir)
}

/// The shared folder holding both card data sources (pokemon-tcg-data and the TCGdex
/// cards-database), read together as one database, when both are present.
pub fn shared_card_sources() -> Option<PathBuf> {
    let dir = shared_dir()?.join("cards");
    present(dir.join("pokemon-tcg-data/cards/en"))?;
    present(dir.join("tcgdex-cards-database"))?;
    Some(dir)
}

/// The project's own sample logs.
pub fn sample_logs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("replays");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "log"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The text of the sample log `replays/<name>` (a panic naming the file when it is missing).
pub fn sample_text(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("replays")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The verdict of line `line` (1-based) of a report, with its message and clauses.
pub fn verdict_at(
    report: &ptcg_judge::report::Report,
    line: usize,
) -> (ptcg_judge::engine::Verdict, String) {
    let s = report
        .steps
        .iter()
        .find(|s| s.line as usize == line)
        .unwrap_or_else(|| panic!("no step for line {line}"));
    (
        s.verdict,
        format!("{} [{}]", s.message, s.clauses.join(", ")),
    )
}

/// A log verified with the built-in card data under the current rules.
pub fn verify_builtin(text: &str) -> ptcg_judge::report::Report {
    let cards = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    ptcg_judge::verify(
        text.as_bytes(),
        Some(&cards),
        ptcg_judge::engine::RuleEdition::default(),
    )
    .unwrap()
}

/// A little card data for `replays/illegal-second-supporter.log`: the two Supporters it plays
/// (so the second is a provable violation), the Items played before it, and the Pokémon in play
/// with the attacks they use (a card the data does not know may change any rule, so every card
/// in force at the violation must be known). HP and costs are left out: those checks stay
/// `unverified` on this fixture.
pub const SAMPLE_CARDS: &str = r#"[
 {"id":"fx-1","name":"Nemona","supertype":"Trainer","subtypes":["Supporter"],"rules":["Draw 3 cards."]},
 {"id":"fx-2","name":"Professor's Research","supertype":"Trainer","subtypes":["Supporter"],"rules":["Discard your hand and draw 7 cards."]},
 {"id":"fx-3","name":"Sandy Shocks","supertype":"Pokémon","subtypes":["Basic"],"types":["Fighting"],"attacks":[{"name":"Power Gem","cost":[],"damage":"60","text":""}]},
 {"id":"fx-4","name":"Zekrom ex","supertype":"Pokémon","subtypes":["Basic","ex"],"types":["Lightning"],"weaknesses":[{"type":"Fighting","value":"×2"}],"attacks":[{"name":"Slash","cost":[],"damage":"50","text":""}]},
 {"id":"fx-5","name":"Iono's Tadbulb","supertype":"Pokémon","subtypes":["Basic"],"types":["Lightning"]},
 {"id":"fx-6","name":"Cynthia's Gible","supertype":"Pokémon","subtypes":["Basic"],"types":["Fighting"]},
 {"id":"fx-7","name":"Cynthia's Gabite","supertype":"Pokémon","subtypes":["Stage 1"],"evolvesFrom":"Cynthia's Gible","types":["Fighting"]},
 {"id":"fx-8","name":"Nest Ball","supertype":"Trainer","subtypes":["Item"],"rules":["Search your deck for a Basic Pokémon and put it onto your Bench. Then, shuffle your deck."]},
 {"id":"fx-9","name":"Switch","supertype":"Trainer","subtypes":["Item"],"rules":["Switch your Active Pokémon with 1 of your Benched Pokémon."]},
 {"id":"fx-11","name":"Okidogi","supertype":"Pokémon","subtypes":["Basic"],"types":["Darkness"]},
 {"id":"fx-12","name":"Team Rocket's Mareep","supertype":"Pokémon","subtypes":["Basic"],"types":["Lightning"],"weaknesses":[{"type":"Fighting","value":"×2"}],"attacks":[{"name":"Tiny Bolt","cost":[],"damage":"10","text":""}]},
 {"id":"fx-10","name":"Energy Search","supertype":"Trainer","subtypes":["Item"],"rules":["Search your deck for a Basic Energy card, reveal it, and put it into your hand. Then, shuffle your deck."]}
]"#;

pub fn sample_cards() -> std::sync::Arc<ptcg_judge::cards::CardDb> {
    use ptcg_judge::cards::CardDb;
    let parsed = CardDb::parse_set_json(SAMPLE_CARDS, "fixture.json").unwrap();
    std::sync::Arc::new(CardDb::from_cards(parsed, Vec::new()))
}

/// The client's line templates of `locale` (`../shared/ptcgl-logs/templates`), when present.
pub fn line_templates(locale: &str) -> Option<serde_json::Value> {
    let path = present(
        shared_dir()?
            .join("ptcgl-logs/templates")
            .join(format!("blog-templates.{locale}.json")),
    )?;
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

/// A template of those with its `[placeholders]` filled.
pub fn template(templates: &serde_json::Value, key: &str, fill: &[(&str, &str)]) -> String {
    let mut t = templates[key]["template"]
        .as_str()
        .unwrap_or_else(|| panic!("no template {key}"))
        .to_string();
    for (name, value) in fill {
        t = t.replace(&format!("[{name}]"), value);
    }
    t
}

/// A free loopback port (bound and let go; a server started next binds it a moment later).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The steps a decided share counts: those a one-line change can turn into a violation, each
/// with a mutation kind that does (`tests/mutations/`): attacks and damage to a second Pokémon
/// (damage ±10, took-damage +10), Knock Outs (added, removed), Prize cards (a wrong count),
/// evolutions (on the turn played), retreats (a second one, while Asleep), Stadiums (one of the
/// same name again), the end of the game (the wrong winner), Energy attached from the hand (a
/// second one), Supporters (a second one), and "X used Y." lines checked as attacks.
pub fn checkable(step: &ptcg_judge::report::StepReport) -> bool {
    let cites = |prefix: &str| step.clauses.iter().any(|c| c.starts_with(prefix));
    match &*step.event {
        "attack" | "took-damage" | "knock-out" | "took-prizes" | "evolve" | "retreat"
        | "play-to-stadium" | "game-end" => true,
        "attach" => step.depth == "action" || step.verdict != ptcg_judge::engine::Verdict::Info,
        "play-card" => cites("turn.supporter"),
        "use" => cites("attack."),
        _ => false,
    }
}
