//! A phone at the table (issue 41): at 390×844, a board view opens with the line it follows and
//! the board after it both on the screen; stepping with the controls keeps them there without
//! moving the page; every tap target of the replay page, a card page and a tool page is at
//! least 24×24 CSS px (WCAG 2.2, 2.5.8); an attack's "open in the damage calculator" gives the
//! damage its trace ends on; and on a 900 px desktop both players' halves of the board are in
//! view. Screenshots go to `target/browser/phone/`. See `common/browser.rs` for what it needs.

mod common;

use std::path::PathBuf;

use common::browser::{
    Browser, assert_clean_console, assert_tap_targets, real_game, upload, wait_for_url,
};
use fantoccini::{Client, Locator};
use serde_json::Value;

const SAMPLE: &str = include_str!("../replays/illegal-second-supporter.log");

/// A real game with attacks.
fn real_log() -> String {
    real_game(
        "en-2026/dipplin-vs-mega-excadrill.log",
        SAMPLE,
        "the phone browser test on a real log",
    )
}

/// Where the followed line and the board's halves are on the screen: the line's box, each
/// half's first Pokémon (or heading), the window's height and how far the page is scrolled.
const PLACES: &str = r#"
const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
const sides = [...document.querySelectorAll('.board .side')].map((s) => box(s.querySelector('.mon') || s.querySelector('h3')));
return { line: box(document.querySelector('.board .follows')), sides, height: window.innerHeight, scroll: window.scrollY };
"#;

async fn places(client: &Client) -> Value {
    client.execute(PLACES, vec![]).await.expect("measure")
}

fn top_bottom(v: &Value) -> (f64, f64) {
    (v[0].as_f64().expect("top"), v[1].as_f64().expect("bottom"))
}

/// The line the board follows is wholly on the screen and each half of the board starts on it.
fn assert_line_and_board_in_view(p: &Value, halves: usize, what: &str) {
    let height = p["height"].as_f64().expect("height");
    let (top, bottom) = top_bottom(&p["line"]);
    assert!(
        top >= 0.0 && bottom <= height,
        "{what}: the line is not on the screen ({top}–{bottom} of {height}): {p}"
    );
    let sides = p["sides"].as_array().expect("sides");
    assert_eq!(sides.len(), 2, "{what}: two halves");
    for side in sides.iter().take(halves) {
        let (top, _) = top_bottom(side);
        assert!(
            top >= 0.0 && top < height - 40.0,
            "{what}: a half of the board starts off the screen ({top} of {height}): {p}"
        );
    }
}

/// Every link, button, summary and form control of the page is at least 24×24 px.
async fn assert_targets(client: &Client, page: &str) {
    assert_tap_targets(
        client,
        page,
        "a[href], button, summary, select, input:not([type=hidden]), textarea",
    )
    .await;
}

async fn shot(client: &Client, shots: &std::path::Path, name: &str) {
    let png = client.screenshot().await.expect("screenshot");
    std::fs::create_dir_all(shots).expect("screenshot folder");
    std::fs::write(shots.join(format!("{name}.png")), &png).expect("screenshot");
}

async fn scenario(client: Client, base: String, shots: PathBuf) {
    let body = upload(&base, real_log()).await;
    let id = body["id"].as_str().expect("id").to_string();
    let report: Value = reqwest::get(format!("{base}/api/v1/replays/{id}"))
        .await
        .expect("report")
        .json()
        .await
        .expect("report JSON");
    let steps = report["steps"].as_array().expect("steps");
    // An attack that holds, with its trace: the step to open.
    let attack = steps
        .iter()
        .find(|s| {
            s["verdict"] == "ok"
                && s["event"] == "attack"
                && s["explanation"]["trace"]
                    .as_array()
                    .is_some_and(|t| !t.is_empty())
        })
        .expect("an attack with a trace");
    let line = attack["line"].as_u64().expect("line");
    let damage = attack["explanation"]["trace"]
        .as_array()
        .and_then(|t| t.last())
        .and_then(|e| e["value"].as_i64())
        .expect("the trace's last value");
    let replay = format!("{base}/replays/{id}");

    // A phone: the board view opens with the line and the board on the screen.
    client.set_window_size(390, 844).await.expect("resize");
    client
        .goto(&format!("{replay}?at={line}#board"))
        .await
        .expect("open a board view");
    assert_clean_console(&client, "a board view on a phone").await;
    shot(&client, &shots, "board-390").await;
    let before = places(&client).await;
    assert_line_and_board_in_view(&before, 1, "a board view at 390×844");

    // The trace is on the board view, with the clause titles in the text.
    let trace = client
        .find(Locator::Css(".board table.damage-trace"))
        .await
        .expect("the board view shows the step's trace");
    let trace_text = trace.text().await.expect("trace text");
    assert!(
        trace_text.contains("Weakness") && trace_text.contains("Resistance"),
        "the trace names each step: {trace_text}"
    );

    // Stepping three times with the controls: the line and the board stay on the screen, and
    // the page does not move.
    for n in 0..3 {
        let next = client
            .find(Locator::Css("a#step-next"))
            .await
            .expect("the next-step control");
        next.click().await.expect("step");
        wait_for_url(&client, "the next board", |u| {
            u.query().is_some_and(|q| q != format!("at={line}")) && u.fragment() == Some("board")
        })
        .await;
        let after = places(&client).await;
        assert_line_and_board_in_view(&after, 1, &format!("after step {}", n + 1));
        let moved = (after["scroll"].as_f64().unwrap() - before["scroll"].as_f64().unwrap()).abs();
        assert!(
            moved < 200.0,
            "a step moved the page by {moved} px: {before} then {after}"
        );
    }
    shot(&client, &shots, "stepped-390").await;

    // Tap targets: the replay page, its board view, a card page, a tool page.
    for (name, path) in [
        ("the replay page", format!("/replays/{id}")),
        ("a board view", format!("/replays/{id}?at={line}#board")),
        ("a card page", "/cards?name=Dipplin".to_string()),
        ("the damage tool", "/tools/damage".to_string()),
        ("the Checkup tool", "/tools/checkup".to_string()),
    ] {
        client
            .goto(&format!("{base}{path}"))
            .await
            .expect("open the page");
        assert_targets(&client, name).await;
    }

    // The damage calculator, opened from the attack, gives the damage its trace ends on.
    client
        .goto(&format!("{replay}?at={line}#board"))
        .await
        .expect("open the board view");
    client
        .execute(
            "document.querySelector('.board a.calc').scrollIntoView({ block: 'center' }); return 0;",
            vec![],
        )
        .await
        .expect("the link is on the board view");
    let calc = client
        .find(Locator::Css(".board a.calc"))
        .await
        .expect("an 'open in the damage calculator' link");
    calc.click().await.expect("open the calculator");
    wait_for_url(&client, "the damage tool", |u| u.path() == "/tools/damage").await;
    let headline = client
        .find(Locator::Css("#headline"))
        .await
        .expect("the calculator answers at once")
        .text()
        .await
        .expect("headline");
    assert!(
        headline.starts_with(&format!("{damage} damage")),
        "the calculator says {headline:?}, the trace {damage}"
    );
    assert!(
        client
            .find(Locator::Css("table.damage-trace"))
            .await
            .is_ok(),
        "the calculator draws its trace with the replay's table"
    );
    assert_targets(&client, "the damage tool with an answer").await;
    shot(&client, &shots, "calculator-390").await;

    // The board as the rules see it, on the phone: a Tool's HP and an effect in force, with
    // its source and when it ends (the sample's line 27: Hero's Cape on Lechonk, Vitality Band
    // and Steel Wing's lasting effect on Skarmory).
    client.set_window_size(390, 844).await.expect("resize");
    let sample = upload(
        &base,
        include_str!("../replays/board-in-force.log").to_string(),
    )
    .await;
    let sample_url = sample["url"].as_str().expect("url");
    client
        .goto(&format!("{base}{sample_url}?at=27#board"))
        .await
        .expect("open the sample's board");
    assert_clean_console(&client, "the sample's board on a phone").await;
    let sides = client
        .find(Locator::Css(".board .sides"))
        .await
        .expect("the board")
        .text()
        .await
        .expect("its text");
    for want in [
        "110 HP left of 170",
        "100 from Hero's Cape",
        "takes 30 less damage from attacks",
        "during Ben's next turn",
    ] {
        assert!(
            sides.contains(want),
            "the phone's board lacks {want:?}:\n{sides}"
        );
    }
    let effect = client
        .find(Locator::Css(".board ul.in-force li"))
        .await
        .expect("an effect in force");
    let top = client
        .execute(
            "return arguments[0].getBoundingClientRect().top;",
            vec![serde_json::to_value(&effect).expect("the element")],
        )
        .await
        .expect("measure")
        .as_f64()
        .expect("top");
    assert!(
        (0.0..844.0).contains(&top),
        "the first effect in force is off the screen ({top})"
    );
    assert_targets(&client, "the sample's board").await;
    shot(&client, &shots, "in-force-390").await;

    // A 900 px desktop: both halves of the board are in view.
    client.set_window_size(900, 800).await.expect("resize");
    client
        .goto(&format!("{replay}?at={line}#board"))
        .await
        .expect("open the board view");
    let wide = places(&client).await;
    assert_line_and_board_in_view(&wide, 2, "a board view at 900 px");
    shot(&client, &shots, "board-900").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_phone_steps_through_a_game_with_the_line_and_the_board_in_view() {
    Browser::run_with_builtin_cards("phone", scenario).await;
}
