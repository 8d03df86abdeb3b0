//! Real-browser test of the cards and the tool answers: a card name in a real game's replay
//! leads to its card page (facts, names in other languages, rulings); the damage tool suggests
//! card names as one types and answers by name; every tool's answer, a card page, a card not
//! found and a card search fit a phone (390×844) and a laptop (1280×800), with screenshots kept
//! in `target/browser/cards/`. See `common/browser.rs` for what the test needs.

mod common;

use std::path::PathBuf;
use std::time::Duration;

use common::browser::{Browser, assert_clean_console, assert_fits, upload, wait_for_url};
use fantoccini::{Client, Locator};

const SAMPLE: &str = include_str!("../replays/prizes-win.log");

/// How long a page may take to show what is waited for.
const WAIT: Duration = Duration::from_secs(10);

/// A real game: the shared corpus's slowking-vs-beedrill when present.
fn real_log() -> String {
    common::browser::real_game(
        "en-2026/slowking-vs-beedrill.log",
        SAMPLE,
        "browser card links on a real log",
    )
}

async fn text_of(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .text()
        .await
        .expect("text")
}

/// Submit the tool form on the page as it is filled and wait for its answer or its error.
async fn submit(client: &Client) -> String {
    client
        .find(Locator::Css("button#submit"))
        .await
        .expect("the submit button")
        .click()
        .await
        .expect("submit");
    client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("#answer, [role=alert]"))
        .await
        .expect("an answer or an error")
        .text()
        .await
        .expect("its text")
}

async fn scenario(client: Client, base: String, shots: PathBuf) {
    let shots = shots.as_path();

    // A card name in the replay leads to its card page.
    let created = upload(&base, real_log()).await;
    let url = created["url"].as_str().expect("url");
    client
        .goto(&format!("{base}{url}"))
        .await
        .expect("open the replay");
    let link = client
        .find(Locator::Css("li.step .text a[href^=\"/cards?name=\"]"))
        .await
        .expect("a card name linked in the replay");
    let name = link.text().await.expect("the card name");
    link.click().await.expect("follow the card name");
    wait_for_url(&client, "the card page", |u| u.path() == "/cards").await;
    assert_clean_console(&client, "a card page").await;
    assert_eq!(text_of(&client, "h1").await, name.replace('\u{2019}', "'"));
    let rulings = text_of(&client, "#rulings").await;
    assert!(
        rulings.contains("deck.") || rulings.contains("turn."),
        "{rulings}"
    );
    assert_fits(&client, shots, "card-from-replay").await;

    // A card with names in other languages and several prints.
    client
        .goto(&format!("{base}/cards?name=dragapult+EX"))
        .await
        .expect("a card by name, any case");
    assert_eq!(text_of(&client, "h1").await, "Dragapult ex");
    let names = text_of(&client, "#names").await;
    assert!(names.contains("German"), "{names}");
    assert!(
        text_of(&client, "#rulings").await.contains("pokemon.ex"),
        "the Prize rule of a Pokémon ex"
    );
    assert_fits(&client, shots, "card").await;

    // A name that is not a card: the names close to it, as links.
    client
        .goto(&format!("{base}/cards?name=Dragapul"))
        .await
        .expect("a name not found");
    assert!(text_of(&client, "h1").await.contains("No card named"));
    let close = text_of(&client, "ul.names").await;
    assert!(close.contains("Dragapult ex"), "{close}");
    assert_fits(&client, shots, "card-not-found").await;

    // The rulings search on a card name shows the card and only clauses naming it.
    client
        .goto(&format!("{base}/rulings/search?q=Boss%27s+Orders"))
        .await
        .expect("search a card name");
    let hit = text_of(&client, "section.card-hit").await;
    assert!(hit.contains("turn.supporter-once"), "{hit}");
    // Only the clauses that name the card, not every clause with the word "order".
    let hits = text_of(&client, "ol.hits").await;
    assert!(hits.contains("switch.who-chooses"), "{hits}");
    assert!(!hits.contains("checkup.order"), "{hits}");
    assert_fits(&client, shots, "search-card").await;

    // The damage tool suggests card names as one types, and answers by name.
    client
        .goto(&format!("{base}/tools/damage"))
        .await
        .expect("the damage tool");
    let input = client
        .find(Locator::Css("input[name=\"defender.card\"]"))
        .await
        .expect("the defender's card field");
    input.send_keys("dragapu").await.expect("type");
    let list = input
        .attr("list")
        .await
        .expect("list attribute")
        .expect("a datalist");
    let mut offered = Vec::new();
    let started = std::time::Instant::now();
    while started.elapsed() < WAIT {
        offered = client
            .execute(
                "return Array.from(document.getElementById(arguments[0]).options).map(o => o.value);",
                vec![serde_json::Value::String(list.clone())],
            )
            .await
            .expect("read the suggestions")
            .as_array()
            .cloned()
            .unwrap_or_default();
        if !offered.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        offered.iter().any(|o| o == "Dragapult ex"),
        "suggestions: {offered:?}"
    );
    input.clear().await.expect("clear");
    input.send_keys("Dragapult ex").await.expect("type a name");
    // Its Weakness, Resistance and HP come from the card: the form's own are cleared.
    for field in ["defender.hp"] {
        client
            .find(Locator::Css(&format!("input[name=\"{field}\"]")))
            .await
            .expect("field")
            .clear()
            .await
            .expect("clear");
    }
    client
        .execute(
            "document.querySelector('select[name=\"defender.weakness[0].type\"]').value = '';",
            vec![],
        )
        .await
        .expect("no Weakness typed");
    let answer = submit(&client).await;
    assert!(answer.contains("damage"), "{answer}");
    assert_fits(&client, shots, "tool-damage-answer").await;

    // A refused field is named in the form's words.
    client
        .goto(&format!("{base}/tools/damage"))
        .await
        .expect("the damage tool");
    let card = client
        .find(Locator::Css("input[name=\"defender.card\"]"))
        .await
        .expect("field");
    card.send_keys("Dragapul").await.expect("type");
    let refused = submit(&client).await;
    assert!(
        refused.contains("Pokémon taking the damage › card name or id")
            && refused.contains("did you mean")
            && !refused.contains("defender.card"),
        "{refused}"
    );
    assert_fits(&client, shots, "tool-damage-error").await;

    // Every other tool's answer, as its form's example gives it, fits.
    for tool in ["checkup", "outcome"] {
        client
            .goto(&format!("{base}/tools/{tool}"))
            .await
            .expect("the tool");
        submit(&client).await;
        assert_fits(&client, shots, &format!("tool-{tool}-answer")).await;
    }
    client
        .goto(&format!("{base}/tools/deck"))
        .await
        .expect("the deck checker");
    client
        .find(Locator::Css("textarea[name=\"list\"]"))
        .await
        .expect("the list")
        .send_keys("Pokémon: 1\n4 Dreepy TWM 128\n\nTrainer: 1\n4 Boss's Orders PAL 172\n")
        .await
        .expect("type a list");
    let verdict = submit(&client).await;
    assert!(verdict.contains("Not legal"), "{verdict}");
    assert_fits(&client, shots, "tool-deck-answer").await;

    // An upload that is not a battle log: the error page says why and fits too.
    client.goto(&base).await.expect("the home page");
    client
        .find(Locator::Css("textarea#text"))
        .await
        .expect("the log field")
        .send_keys("This is not a battle log at all.\nNor is this line.")
        .await
        .expect("type");
    client
        .find(Locator::Css("form.upload button[type=submit]"))
        .await
        .expect("the upload button")
        .click()
        .await
        .expect("upload");
    let refused = client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("[role=alert]"))
        .await
        .expect("the error")
        .text()
        .await
        .expect("its text");
    assert!(refused.contains("line"), "the error says where: {refused}");
    assert_fits(&client, shots, "upload-error").await;
}

#[tokio::test(flavor = "multi_thread")]
async fn card_links_card_pages_and_tool_answers_fit_a_phone() {
    Browser::run_with_builtin_cards("cards", scenario).await;
}
