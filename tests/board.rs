//! The board of a replay step as the rules see it (issue 41, part 3): effects in force with
//! their source and when they end, HP with what changes it, the exact print where the log's card
//! id pins it, every Pokémon a link to its card page.
//!
//! | sample | what the board shows |
//! |---|---|
//! | `copied-lasting-effect.log` | Steel Wing's "takes 30 less damage", copied by Mew ex's Genome Hacking: waiting for Ben's turn, acting in it, gone after it |
//! | `board-in-force.log` | Hero's Cape's +100 HP on a Lechonk whose card id pins a 70 HP print; Vitality Band's +10 while attached; Skarmory's own Steel Wing |

mod common;

use ptcg_judge::engine::{Replay, RuleEdition};
use ptcg_judge::web::board::{BoardView, EffectView, MonView};

/// The board after line `line` (1-based) of a log, with the built-in card data.
fn board_of(text: &str, line: usize) -> BoardView {
    let cards = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    let log = ptcg_judge::log::parse_log(text.as_bytes()).unwrap();
    let mut replay = Replay::new(&log, Some(&cards), RuleEdition::default());
    for _ in 0..line {
        replay.next_step();
    }
    BoardView::new(&replay, line as u32)
}

fn board_after(sample: &str, line: usize) -> BoardView {
    board_of(&common::sample_text(sample), line)
}

/// The Active Pokémon of the player named `player`.
fn active<'b>(board: &'b BoardView, player: &str) -> &'b MonView {
    board
        .players
        .iter()
        .find(|p| p.name == player)
        .and_then(|p| p.active.as_ref())
        .unwrap_or_else(|| panic!("{player} has no Active Pokémon"))
}

fn read(e: &EffectView) -> String {
    format!("{} — from {}; {}", e.what, e.source, e.until)
}

fn effects(mon: &MonView) -> Vec<String> {
    mon.effects.iter().map(read).collect()
}

#[test]
fn a_lasting_effect_of_a_copied_attack_shows_its_source_and_when_it_ends() {
    const SAMPLE: &str = "copied-lasting-effect.log";
    // Line 37: Ann chose Steel Wing under Genome Hacking; Ben's turn has not begun.
    let board = board_after(SAMPLE, 37);
    let mew = active(&board, "Ann");
    assert_eq!(mew.name, "Mew ex");
    assert_eq!(
        effects(mew),
        [
            "takes 30 less damage from attacks — from Skarmory's Steel Wing, copied by Mew ex's \
          Genome Hacking; during Ben's next turn"
        ]
    );
    // The card id the log wrote for the Defending Skarmory pins the print it was copied from.
    assert_eq!(mew.effects[0].url, "/cards/sv8-124");
    // In Ben's turn it acts, to the end of that turn.
    let board = board_after(SAMPLE, 41);
    assert_eq!(
        effects(active(&board, "Ann")),
        [
            "takes 30 less damage from attacks — from Skarmory's Steel Wing, copied by Mew ex's \
          Genome Hacking; until the end of Ben's turn"
        ]
    );
    // Ann's next turn: it is over.
    let board = board_after(SAMPLE, 44);
    assert_eq!(effects(active(&board, "Ann")), Vec::<String>::new());
    // Before the attack nothing lasts.
    let board = board_after(SAMPLE, 35);
    assert!(active(&board, "Ann").effects.is_empty());
}

#[test]
fn a_tools_hp_is_added_to_the_print_the_card_id_pins() {
    const SAMPLE: &str = "board-in-force.log";
    // Line 27: Steel Wing did 60 to Lechonk (sv1-156, 70 HP) with Hero's Cape (+100 HP).
    let board = board_after(SAMPLE, 27);
    let lechonk = active(&board, "Ben");
    assert_eq!(lechonk.url, "/cards/sv1-156");
    assert_eq!(lechonk.hp.as_deref(), Some("170"));
    assert_eq!(lechonk.hp_left, Some(110));
    assert_eq!(
        lechonk.hp_from.as_deref(),
        Some("70 printed + 100 from Hero's Cape")
    );
    assert_eq!(lechonk.tools[0].url, "/cards?name=Hero%27s+Cape");
    // Before the Cape: the printed HP alone, nothing said of what changes it.
    let before = board_after(SAMPLE, 19);
    let lechonk = active(&before, "Ben");
    assert_eq!(lechonk.hp.as_deref(), Some("70"));
    assert_eq!(lechonk.hp_from, None);
    // Without the card id, Lechonk may be any of its prints (50 to 70 HP): a range, no exact
    // HP left, and the link is to the name.
    let unpinned = common::sample_text(SAMPLE).replace("(sv1_156) Lechonk", "Lechonk");
    let board = board_of(&unpinned, 27);
    let lechonk = active(&board, "Ben");
    assert_eq!(lechonk.url, "/cards?name=Lechonk");
    assert_eq!(lechonk.hp.as_deref(), Some("150–170"));
    assert_eq!(lechonk.hp_left, None);
    assert_eq!(
        lechonk.hp_from.as_deref(),
        Some("50–70 printed + 100 from Hero's Cape")
    );
}

#[test]
fn a_tools_effect_lasts_while_attached_and_an_attacks_to_the_end_of_the_next_turn() {
    const SAMPLE: &str = "board-in-force.log";
    const BAND: &str = "its attacks do 10 more damage to Ben's Active Pokémon — from Vitality \
                        Band, attached to it; while it stays attached";
    let board = board_after(SAMPLE, 27);
    let skarmory = active(&board, "Ann");
    assert_eq!(skarmory.url, "/cards/sv8-124");
    assert_eq!(
        effects(skarmory),
        [
            BAND.to_string(),
            "takes 30 less damage from attacks — from Skarmory's Steel Wing; during Ben's next \
             turn"
                .to_string()
        ]
    );
    assert_eq!(skarmory.effects[0].url, "/cards?name=Vitality+Band");
    assert_eq!(skarmory.effects[1].url, "/cards/sv8-124");
    let board = board_after(SAMPLE, 30);
    assert_eq!(
        effects(active(&board, "Ann"))[1],
        "takes 30 less damage from attacks — from Skarmory's Steel Wing; until the end of \
         Ben's turn"
    );
    // Ann's next turn: the Band is still attached; Steel Wing is over.
    let board = board_after(SAMPLE, 34);
    assert_eq!(effects(active(&board, "Ann")), [BAND]);
    // Before the Band was attached: nothing.
    let board = board_after(SAMPLE, 25);
    assert!(active(&board, "Ann").effects.is_empty());
}

/// The engine's bookkeeping, never shown to a person.
const BOOKKEEPING: &[&str] = &[
    "print",
    "reading",
    "counted once",
    "counted for each",
    "as one of the prints words it",
    "the tracker chose one",
    "memo",
];

/// Every board of every sample: each effect has what it does, a source, an end and a link, in
/// words without the engine's bookkeeping; every Pokémon links to a card page.
#[test]
fn every_board_of_the_samples_speaks_plainly() {
    let cards = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("replays");
    let mut shown = 0;
    let mut samples = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("log") {
            continue;
        }
        samples += 1;
        let bytes = std::fs::read(&path).unwrap();
        let log = ptcg_judge::log::parse_log_with(
            &bytes,
            ptcg_judge::cards::local_names::local_names(Some(&cards)),
        )
        .unwrap();
        let mut replay = Replay::new(&log, Some(&cards), RuleEdition::default());
        let mut line = 0;
        while replay.next_step().is_some() {
            line += 1;
            let board = BoardView::new(&replay, line);
            let mons = board
                .players
                .iter()
                .flat_map(|p| p.active.iter().chain(p.bench.iter()));
            let mut all: Vec<&EffectView> = board.effects.iter().collect();
            for p in &board.players {
                all.extend(p.effects.iter());
            }
            for m in mons {
                let at = format!("{} line {line}: {}", path.display(), m.name);
                assert!(m.url.starts_with("/cards"), "{at}: {}", m.url);
                all.extend(m.effects.iter());
                if let Some(from) = &m.hp_from {
                    assert!(from.contains(" printed"), "{at}: {from}");
                }
            }
            for e in all {
                let words = read(e);
                assert!(
                    !e.what.is_empty() && !e.source.is_empty() && !e.until.is_empty(),
                    "{}: {words}",
                    path.display()
                );
                assert!(e.url.starts_with("/cards"), "{words}");
                let lower = format!("{} {} {}", e.what, e.source, e.until).to_lowercase();
                for phrase in BOOKKEEPING {
                    assert!(
                        !lower.contains(phrase),
                        "{} line {line}: {words:?} says {phrase:?}",
                        path.display()
                    );
                }
                shown += 1;
            }
        }
    }
    assert!(samples >= 25, "{samples} samples");
    assert!(shown > 0, "no effect in force on any board");
}

/// The page: `?at=LINE` of an upload shows the Cape's HP, the effects with their sources and
/// ends, and links every Pokémon to its card page.
#[tokio::test(flavor = "multi_thread")]
async fn the_board_page_shows_hp_effects_and_links() {
    let dir = tempfile::tempdir().unwrap();
    let store = ptcg_judge::store::Store::open(dir.path(), 8 << 20).unwrap();
    let cards = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    let state = ptcg_judge::web::AppState::with(store, Some(cards), "built in".into());
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let server = ptcg_judge::web::run(listener, actix_web::web::Data::new(state)).unwrap();
    let handle = server.handle();
    let task = tokio::spawn(server);
    let client = reqwest::Client::new();
    let created: serde_json::Value = client
        .post(format!("{base}/api/v1/replays"))
        .header("content-type", "text/plain")
        .body(common::sample_text("board-in-force.log"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let url = created["url"].as_str().unwrap();
    let page = client
        .get(format!("{base}{url}?at=27"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let board = &page[page.find(r#"id="board""#).expect("the board")..];
    let sides = &board[board.find(r#"class="sides""#).expect("the sides")..];
    for want in [
        r#"<a class="mon-name" href="/cards/sv1-156">Lechonk</a>"#,
        r#"<a class="mon-name" href="/cards/sv8-124">Skarmory</a>"#,
        "110 HP left of 170",
        "(70 printed + 100 from Hero&#x27;s Cape)",
        r#"<a href="/cards?name=Hero%27s+Cape">Hero&#x27;s Cape</a>"#,
        r#"its attacks do 10 more damage to Ben&#x27;s Active Pokémon — from <a href="/cards?name=Vitality+Band">Vitality Band, attached to it</a>; while it stays attached"#,
        r#"takes 30 less damage from attacks — from <a href="/cards/sv8-124">Skarmory&#x27;s Steel Wing</a>; during Ben&#x27;s next turn"#,
    ] {
        assert!(sides.contains(want), "the board lacks {want}:\n{sides}");
    }
    handle.stop(true).await;
    let _ = task.await;
}

/// A lasting effect the exact reader does not cover is quoted from the card, on the side of the
/// player who used it, and ends with the turn its words name: Budew's Itchy Pollen (sv8pt5-4,
/// "During your opponent's next turn, they can't play any Item cards from their hand.").
#[test]
fn a_lasting_effect_in_other_words_is_quoted_from_the_card() {
    let text = common::sample_text("board-in-force.log")
        .replace(
            "   • (sv8_124) Skarmory,",
            "   • (sv8-5_4) Budew, (sv8_124) Skarmory,",
        )
        .replace(
            "Ann played (sv8_124) Skarmory to the Active Spot.",
            "Ann played (sv8-5_4) Budew to the Active Spot.\nAnn played (sv8_124) Skarmory to the Bench.",
        )
        .replace(
            "Ann's (sv8_124) Skarmory used Steel Wing on Ben’s (sv1_156) Lechonk for 60 damage.",
            "Ann's (sv8-5_4) Budew used Itchy Pollen on Ben’s (sv1_156) Lechonk for 10 damage.",
        );
    let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let pollen = line_of("used Itchy Pollen");
    let quote = "“During your opponent's next turn, they can't play any Item cards from their \
                 hand.” — from Ann's Budew's Itchy Pollen";
    let ann = |board: &BoardView| -> Vec<String> {
        board
            .players
            .iter()
            .find(|p| p.name == "Ann")
            .unwrap()
            .effects
            .iter()
            .map(read)
            .collect()
    };
    assert_eq!(
        ann(&board_of(&text, pollen)),
        [format!("{quote}; during Ben's next turn")]
    );
    let ben_draws = pollen + 3;
    assert_eq!(
        ann(&board_of(&text, ben_draws)),
        [format!("{quote}; until the end of Ben's turn")]
    );
    assert_eq!(ann(&board_of(&text, ben_draws + 4)), Vec::<String>::new());
    assert_eq!(ann(&board_of(&text, pollen - 1)), Vec::<String>::new());
    assert_eq!(
        board_of(&text, pollen).players[1].effects[0].url,
        "/cards/sv8pt5-4"
    );
}

/// An effect of a card in play under a condition the board can tell is shown while it holds:
/// a Tera Pokémon's rule (Terapagos ex, sv7-128: "As long as this Pokémon is on your Bench,
/// prevent all damage done to this Pokémon by attacks") on the Bench, not in the Active Spot.
#[test]
fn a_rule_that_holds_on_the_bench_is_shown_there_only() {
    let text = common::sample_text("board-in-force.log")
        .replace(
            "   • (sv8_124) Skarmory,",
            "   • (sv7_128) Terapagos ex, (sv8_124) Skarmory,",
        )
        .replace(
            "Ann played (sv8_124) Skarmory to the Active Spot.",
            "Ann played (sv8_124) Skarmory to the Active Spot.\nAnn played (sv7_128) Terapagos ex to the Bench.",
        );
    let board = board_of(&text, 12);
    let ann = board.players.iter().find(|p| p.name == "Ann").unwrap();
    assert_eq!(ann.bench[0].name, "Terapagos ex");
    assert_eq!(
        effects(&ann.bench[0]),
        [
            "all damage done to it by attacks is prevented — from the rule on its card; while it \
          is on the Bench"
        ]
    );
    assert!(effects(active(&board, "Ann")).is_empty());
    // In the Active Spot the rule does not hold.
    let text = text
        .replace("Ann played (sv8_124) Skarmory to the Active Spot.\n", "")
        .replace(
            "Ann played (sv7_128) Terapagos ex to the Bench.",
            "Ann played (sv7_128) Terapagos ex to the Active Spot.",
        );
    let board = board_of(&text, 11);
    let terapagos = active(&board, "Ann");
    assert_eq!(terapagos.name, "Terapagos ex");
    assert!(effects(terapagos).is_empty(), "{:?}", effects(terapagos));
}

/// A card in force that may change HP in words the exact reader does not read makes the HP open:
/// Gravity Mountain (sv8-177, "Each Stage 2 Pokémon in play … gets -30 HP") in play, the board
/// names it and gives no HP left.
#[test]
fn a_card_that_may_change_hp_unread_leaves_the_hp_open() {
    let text = common::sample_text("board-in-force.log")
        .replace("Vitality Band, Potion,", "Vitality Band, Gravity Mountain,")
        .replace(
            "Ann attached (sv1_197) Vitality Band",
            "Ann played (sv8_177) Gravity Mountain to the Stadium spot.\nAnn attached (sv1_197) \
             Vitality Band",
        );
    let line = text
        .lines()
        .position(|l| l.contains("Gravity Mountain to the Stadium"))
        .unwrap()
        + 1;
    let board = board_of(&text, line);
    assert_eq!(board.stadium.as_deref(), Some("Gravity Mountain"));
    let lechonk = active(&board, "Ben");
    assert_eq!(
        lechonk.hp_from.as_deref(),
        Some("70 printed + 100 from Hero's Cape; Gravity Mountain may change it")
    );
    assert_eq!(lechonk.hp_left, None);
    // Before it: the HP is known.
    assert_eq!(active(&board_of(&text, line - 1), "Ben").hp_left, Some(170));
}
