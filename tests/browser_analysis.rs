//! Real-browser test of the analysis for players: a real game from `../shared` (the sample when
//! absent) uploaded twice under one owner token with a file name; its replay page shows the game
//! at a glance with the Prize race chart (drawn, within the window, its numbers in a table), a
//! deck list checked in the panel names the card taken out of it; the browser given the token
//! lists both games with their label and shows the stats page with its chart; every page fits a
//! phone (390×844) and a laptop (1280×800) with no layout fault, its links at least 24×24 px.

mod common;

use std::path::PathBuf;

use common::browser::{Browser, assert_clean_console, assert_fits, wait_for_url};
use fantoccini::{Client, Locator};
use serde_json::Value;

const SAMPLE: &str = include_str!("../replays/illegal-second-supporter.log");

fn real_log() -> String {
    common::browser::real_game(
        "en-2026/deckpal-battle-03.txt",
        SAMPLE,
        "browser analysis on a real log",
    )
}

/// Upload through the API as a file named `name`, under `token` when given.
async fn upload_file(base: &str, text: String, name: &str, token: Option<&str>) -> Value {
    let part = reqwest::multipart::Part::text(text).file_name(name.to_string());
    let mut req = reqwest::Client::new()
        .post(format!("{base}/api/v1/replays"))
        .multipart(reqwest::multipart::Form::new().part("log", part));
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let r = req.send().await.expect("upload");
    assert_eq!(r.status(), 201);
    r.json().await.expect("the upload's JSON")
}

async fn assert_targets(client: &Client, page: &str) {
    common::browser::assert_tap_targets(
        client,
        page,
        "section.analysis a, section.analysis button, section.analysis summary, p.filters a, table.games a, .token-form button, .inline-form button, .deck-tool button",
    )
    .await;
}

/// Open every collapsed part of the page (its tables and lists are then measured too).
async fn open_all(client: &Client) {
    client
        .execute(
            "document.querySelectorAll('details').forEach((d) => d.open = true); return 0;",
            vec![],
        )
        .await
        .expect("open the details");
}

async fn scenario(client: Client, base: String, shots: PathBuf) {
    let shots = shots.as_path();
    let first = upload_file(&base, real_log(), "league-round-3.txt", None).await;
    let token = first["owner_token"].as_str().expect("a token").to_string();
    let second = upload_file(&base, SAMPLE.to_string(), "practice.log", Some(&token)).await;
    assert_eq!(second["owner_token"].as_str(), Some(token.as_str()));
    let id = first["id"].as_str().expect("id");
    let replay = format!("{base}/replays/{id}");
    let report: Value = reqwest::get(format!("{base}/api/v1/replays/{id}"))
        .await
        .expect("report")
        .json()
        .await
        .expect("report JSON");

    // The game at a glance, with the Prize race drawn inside the window.
    client.goto(&replay).await.expect("open the replay");
    assert_clean_console(&client, "the replay").await;
    let glance = client
        .find(Locator::Css("section.analysis"))
        .await
        .expect("the game at a glance");
    let text = glance.text().await.expect("its text");
    if let Some(winner) = report["result"]["winner"].as_str() {
        assert!(text.contains(&format!("{winner} won")), "{text}");
    }
    for (width, height) in common::browser::SIZES {
        client.set_window_size(width, height).await.expect("resize");
        let chart = client
            .execute(
                "const s = document.querySelector('svg.chart'); const r = s.getBoundingClientRect(); \
                 return [r.width, r.height, document.documentElement.clientWidth, \
                 s.querySelectorAll('polyline, path').length, s.querySelectorAll('text').length];",
                vec![],
            )
            .await
            .expect("measure the chart");
        let n = |i: usize| chart[i].as_f64().expect("a number");
        assert!(n(0) > 200.0 && n(1) > 100.0, "the chart is drawn: {chart}");
        assert!(n(0) <= n(2), "the chart fits the window: {chart}");
        assert!(
            n(3) >= 2.0 && n(4) >= 4.0,
            "lines and labels drawn: {chart}"
        );
    }
    assert_fits(&client, shots, "replay-glance").await;
    assert_targets(&client, "the replay").await;
    open_all(&client).await;
    assert_fits(&client, shots, "replay-glance-open").await;
    let rows = client
        .find_all(Locator::Css("table.race-table tbody tr"))
        .await
        .expect("the race table");
    assert!(!rows.is_empty(), "the chart's numbers in a table");

    // The deck list panel: a list of the cards seen less the first names exactly that card.
    let summary: Value = serde_json::to_value(ptcg_judge::analysis::summary(
        &serde_json::from_value(report.clone()).expect("a report"),
        Some(&ptcg_judge::cards::snapshot::builtin().expect("cards")),
    ))
    .expect("summary JSON");
    let me = summary["players"]
        .as_array()
        .expect("players")
        .iter()
        .find(|p| p["exported_log"] == true)
        .or_else(|| summary["players"].get(0))
        .expect("a player")["name"]
        .as_str()
        .expect("a name")
        .to_string();
    let seen = summary["cards_seen"][&me].as_object().expect("cards seen");
    let left_out = seen.keys().next().expect("a card").clone();
    let list: String = seen
        .iter()
        .filter(|(name, _)| **name != left_out)
        .map(|(name, n)| format!("{n} {name}\n"))
        .collect();
    client
        .find(Locator::Css("#deck-list"))
        .await
        .expect("the list field")
        .send_keys(&list)
        .await
        .expect("type the list");
    client
        .execute(
            &format!(
                "const s = document.querySelector('#deck-player'); s.value = {}; return 0;",
                serde_json::to_string(&me).expect("JSON")
            ),
            vec![],
        )
        .await
        .expect("choose the player");
    client
        .find(Locator::Css("#deck-check button[type=submit]"))
        .await
        .expect("the button")
        .click()
        .await
        .expect("check");
    let answer = client
        .wait()
        .for_element(Locator::Css(".deck-answer"))
        .await
        .expect("the answer")
        .text()
        .await
        .expect("its text");
    assert!(
        answer.contains("1 card the list does not account for") && answer.contains(&left_out),
        "{answer}"
    );
    assert_fits(&client, shots, "deck-check").await;

    // The filters: one player's actions.
    client
        .goto(&format!(
            "{replay}?player={}",
            url::form_urlencoded::byte_serialize(me.as_bytes()).collect::<String>()
        ))
        .await
        .expect("one player's actions");
    let note = client
        .find(Locator::Css(".filter-note"))
        .await
        .expect("the filter said")
        .text()
        .await
        .expect("text");
    assert!(note.contains(&me), "{note}");
    assert_fits(&client, shots, "replay-filtered").await;

    // Your games: the browser given the token lists both, with their labels.
    client
        .goto(&format!("{base}/replays"))
        .await
        .expect("your games");
    client
        .find(Locator::Css("#owner-token"))
        .await
        .expect("the token field")
        .send_keys(&token)
        .await
        .expect("type the token");
    client
        .find(Locator::Css(".token-form button"))
        .await
        .expect("the button")
        .click()
        .await
        .expect("send");
    wait_for_url(&client, "your games", |u| u.path() == "/replays").await;
    let games = client
        .wait()
        .for_element(Locator::Css("table.games"))
        .await
        .expect("the list")
        .text()
        .await
        .expect("text");
    assert!(
        games.contains("league-round-3") && games.contains("practice"),
        "{games}"
    );
    assert_fits(&client, shots, "your-games").await;
    assert_targets(&client, "your games").await;

    // Your stats, with the chart and its table.
    client
        .goto(&format!("{base}/stats"))
        .await
        .expect("your stats");
    client
        .find(Locator::Css("svg.chart"))
        .await
        .expect("the stats chart");
    let table = client
        .find(Locator::Css("table.stats"))
        .await
        .expect("the stats table")
        .text()
        .await
        .expect("text");
    assert!(table.contains("Games"), "{table}");
    assert_fits(&client, shots, "your-stats").await;

    // The judge tool.
    client
        .goto(&format!("{base}/decks"))
        .await
        .expect("the deck tool");
    assert_fits(&client, shots, "decks").await;
    assert_clean_console(&client, "the deck tool").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_game_at_a_glance_the_deck_check_and_your_games_fit_a_phone() {
    Browser::run_with_builtin_cards("analysis", scenario).await;
}
