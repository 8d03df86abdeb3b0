//! Real-browser test of stepping through a replay, and of every page kind on a phone and a
//! laptop: a real log from `../shared` (the project's sample when it is absent, said on standard
//! error) is stepped through with the board view's links and with the keys; a summary count is
//! followed to its step, and a line number of the violations-only view into the whole game.
//! Each page kind is checked for horizontal overflow at 390×844 and 1280×800, keeping the
//! screenshots in `target/browser/`. See `common/browser.rs` for what the test needs.

mod common;

use std::path::PathBuf;

use common::browser::{Browser, assert_clean_console, assert_fits, press, upload, wait_for_url};
use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use serde_json::Value;

const SAMPLE: &str = include_str!("../replays/illegal-second-supporter.log");

/// A real game: the shared corpus's dipplin-vs-mega-excadrill when present.
fn real_log() -> String {
    common::browser::real_game(
        "en-2026/dipplin-vs-mega-excadrill.log",
        SAMPLE,
        "browser stepping on a real log",
    )
}

async fn upload_and_report(base: &str, text: String) -> (String, Value) {
    let body = upload(base, text).await;
    let id = body["id"].as_str().expect("id").to_string();
    let report: Value = reqwest::get(format!("{base}/api/v1/replays/{id}"))
        .await
        .expect("report")
        .json()
        .await
        .expect("report JSON");
    (id, report)
}

/// The line the board view shown is at, from the URL's `at=` and the highlighted row.
async fn current_line(client: &Client) -> u32 {
    let url = client.current_url().await.expect("URL");
    let at: u32 = url
        .query_pairs()
        .find(|(k, _)| k == "at")
        .map(|(_, v)| v.parse().expect("a line number"))
        .expect("a board view");
    let row = client
        .find(Locator::Css("li.step.current"))
        .await
        .expect("a highlighted line");
    assert_eq!(
        row.attr("id").await.expect("id"),
        Some(format!("line-{at}")),
        "the highlighted row is the board's line"
    );
    at
}

/// Shown lines of a report, in order (a blank line gets no row).
fn shown_lines(report: &Value) -> Vec<u32> {
    report["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter(|s| s["event"] != "blank")
        .map(|s| s["line"].as_u64().expect("line") as u32)
        .collect()
}

fn first_line_with(report: &Value, verdict: &str) -> Option<u32> {
    report["steps"]
        .as_array()?
        .iter()
        .find(|s| s["verdict"] == verdict)
        .map(|s| s["line"].as_u64().expect("line") as u32)
}

async fn scenario(client: Client, base: String, shots: PathBuf) {
    let shots = shots.as_path();
    let (id, report) = upload_and_report(&base, real_log()).await;
    let lines = shown_lines(&report);
    let replay = format!("{base}/replays/{id}");

    // The summary's unverified count leads to the first unverified step.
    client.goto(&replay).await.expect("open the replay");
    assert_clean_console(&client, "the replay").await;
    assert_fits(&client, shots, "replay").await;
    if let Some(first) = first_line_with(&report, "unverified") {
        client
            .find(Locator::Css("section.summary a.v.unverified"))
            .await
            .expect("a link on the unverified count")
            .click()
            .await
            .expect("follow it");
        let url = wait_for_url(&client, "the first unverified step", |u| {
            u.fragment() == Some(&format!("line-{first}"))
        })
        .await;
        assert!(url.path().ends_with(&id));
    }

    // Stepping with the links: next step, next step, previous step, next turn.
    let start = lines[lines.len() / 3];
    client
        .goto(&format!("{replay}?at={start}"))
        .await
        .expect("open a board view");
    assert_clean_console(&client, "a board view").await;
    assert_fits(&client, shots, "board-view").await;
    assert_eq!(current_line(&client).await, start);
    let after = |line: u32| lines[lines.iter().position(|l| *l == line).unwrap() + 1];
    for (link, expected) in [
        ("a#step-next[rel=next]", after(start)),
        ("a#step-next[rel=next]", after(after(start))),
        ("a#step-prev[rel=prev]", after(start)),
    ] {
        client
            .find(Locator::Css(link))
            .await
            .expect("a stepping link")
            .click()
            .await
            .expect("follow it");
        wait_for_url(&client, "the next board", |u| {
            u.query().is_some_and(|q| q == format!("at={expected}"))
        })
        .await;
        assert_eq!(current_line(&client).await, expected, "{link}");
    }
    let here = current_line(&client).await;
    let next_turn = report["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["line"].as_u64().unwrap() as u32, s["event"].clone()))
        .find(|(l, e)| *l > here && e == "turn-header")
        .map(|(l, _)| l)
        .expect("a later turn");

    // The same with the keys: → a step, ← back, ↓ the next turn, ↑ back a turn.
    press(&client, Key::Right.into()).await;
    wait_for_url(&client, "→", |u| {
        u.query() == Some(&format!("at={}", after(here)))
    })
    .await;
    press(&client, Key::Left.into()).await;
    wait_for_url(&client, "←", |u| u.query() == Some(&format!("at={here}"))).await;
    press(&client, Key::Down.into()).await;
    wait_for_url(&client, "↓", |u| {
        u.query() == Some(&format!("at={next_turn}"))
    })
    .await;
    assert_eq!(current_line(&client).await, next_turn);
    press(&client, Key::Up.into()).await;
    let back = wait_for_url(&client, "↑", |u| {
        u.query().is_some_and(|q| q != format!("at={next_turn}"))
    })
    .await;
    let turned_to = current_line(&client).await;
    assert!(turned_to < next_turn, "↑ went to {back}");
    assert_clean_console(&client, "stepping").await;

    // A violation: the violations-only view's line number leads into the whole game.
    let (bad, bad_report) = upload_and_report(&base, SAMPLE.to_string()).await;
    let violation = first_line_with(&bad_report, "violation").expect("the sample's violation");
    client
        .goto(&format!("{base}/replays/{bad}?only=violations"))
        .await
        .expect("open the violations-only view");
    assert_fits(&client, shots, "violations-only").await;
    client
        .find(Locator::Css(&format!("li#line-{violation} a.ln")))
        .await
        .expect("the violation's line number")
        .click()
        .await
        .expect("follow it");
    let url = wait_for_url(&client, "the line in the whole game", |u| {
        u.fragment() == Some(&format!("line-{violation}"))
    })
    .await;
    assert!(
        !url.query().unwrap_or_default().contains("only="),
        "still filtered: {url}"
    );
    // From before the violation, `n` goes to it.
    client
        .goto(&format!("{base}/replays/{bad}?at=2"))
        .await
        .expect("a board before the violation");
    press(&client, 'n').await;
    wait_for_url(&client, "n", |u| {
        u.query() == Some(&format!("at={violation}"))
    })
    .await;

    // Every other page kind fits a phone and a laptop.
    for (name, path) in [
        ("home", "/".to_string()),
        ("rulings-index", "/rulings".to_string()),
        ("rulings-page", "/rulings/attacking-and-damage".to_string()),
        ("search", "/rulings/search?q=paralysed".to_string()),
        ("tools", "/tools".to_string()),
        ("tool-damage", "/tools/damage".to_string()),
        ("tool-checkup", "/tools/checkup".to_string()),
        ("tool-outcome", "/tools/outcome".to_string()),
        ("tool-deck", "/tools/deck".to_string()),
        ("not-found", "/no/such/page".to_string()),
        ("sample", "/samples/illegal-second-supporter".to_string()),
    ] {
        client
            .goto(&format!("{base}{path}"))
            .await
            .expect("open the page");
        assert_fits(&client, shots, name).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn step_through_a_real_game_and_every_page_fits_a_phone() {
    Browser::run_with_builtin_cards("stepping", scenario).await;
}
