//! Real-browser test: headless Chromium, driven through chromedriver (WebDriver), uses the
//! service the way a person would. It uploads a log through the home page's form, follows a
//! violation's clause link to the ruling it cites, takes a screenshot, and fails on any error the
//! browser writes to its console (a Content-Security-Policy violation is one).
//!
//! The test needs `/usr/bin/chromium` and `/usr/bin/chromedriver` (Debian's `chromium` and
//! `chromium-driver`; `.ci/run` installs them). When either is missing it prints a SKIPPED line
//! and passes. `BROWSER_TEST_CHROMIUM` and `BROWSER_TEST_CHROMEDRIVER` point it at other paths.

mod common;

use std::path::{Path, PathBuf};

use common::browser::{Browser, WAIT, assert_clean_console, console_errors, wait_for_url};
use fantoccini::{Client, Locator};

/// Whether `path` is `/replays/` followed by 32 lowercase or uppercase hex digits.
fn is_replay_path(path: &str) -> bool {
    path.strip_prefix("/replays/")
        .is_some_and(|id| id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The steps a person takes, and what they should see at each.
async fn scenario(client: Client, base: String, shots: PathBuf) {
    let shots = shots.as_path();
    let log = Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/illegal-second-supporter.log");
    let log = log.canonicalize().expect("sample log path");

    // Home page: choose the file and send the form.
    client.goto(&format!("{base}/")).await.expect("open /");
    assert_clean_console(&client, "/").await;
    let form = client
        .find(Locator::Css("form.upload"))
        .await
        .expect("the upload form");
    form.find(Locator::Css("textarea#text"))
        .await
        .expect("the text area");
    let file = form
        .find(Locator::Css("input#log[type=file]"))
        .await
        .expect("the file input");
    file.send_keys(log.to_str().expect("UTF-8 path"))
        .await
        .expect("choose the file");
    form.find(Locator::Css("button[type=submit]"))
        .await
        .expect("the submit button")
        .click()
        .await
        .expect("submit the form");

    // The form's answer is a redirect to the stored replay's page.
    let replay = wait_for_url(&client, "/replays/<id>", |u| is_replay_path(u.path())).await;
    let violation = client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("li.step.violation"))
        .await
        .expect("a step marked as a violation");
    assert_eq!(
        violation.attr("id").await.expect("step id").as_deref(),
        Some("line-48"),
        "the violation should be on line 48"
    );
    let summary = client
        .find(Locator::Css("section.summary"))
        .await
        .expect("the summary")
        .text()
        .await
        .expect("summary text");
    assert!(summary.contains("1 violation"), "verdict counts: {summary}");
    for count in ["ok", "unverified", "info"] {
        assert!(
            summary
                .split_whitespace()
                .collect::<Vec<_>>()
                .windows(2)
                .any(|w| { w[1] == count && w[0].parse::<u32>().is_ok() }),
            "verdict counts should show a number of `{count}`: {summary}"
        );
    }
    assert_clean_console(&client, replay.as_str()).await;

    // The delete token is shown once, on this first view of the page.
    let token = client
        .find(Locator::Css("section.owner-token code.token"))
        .await
        .expect("the delete token box on the first view")
        .text()
        .await
        .expect("the token");
    assert!(
        token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit()),
        "token: {token}"
    );
    let png = client.screenshot().await.expect("screenshot");
    std::fs::create_dir_all(shots).expect("screenshot folder");
    std::fs::write(shots.join("replay-delete-token.png"), &png).expect("write the screenshot");

    // Follow the violation's first clause link to the ruling it applied.
    let clause = violation
        .find(Locator::Css("a.clause"))
        .await
        .expect("a clause link on the violation");
    let href = clause.attr("href").await.expect("href").unwrap_or_default();
    assert!(
        href.starts_with("/rulings/") && href.contains("#turn.supporter-once"),
        "clause link: {href}"
    );
    clause.click().await.expect("follow the clause link");
    let ruling = wait_for_url(&client, "/rulings/<page>#<clause>", |u| {
        u.path().starts_with("/rulings/") && u.fragment().is_some_and(|f| !f.is_empty())
    })
    .await;
    let fragment = ruling.fragment().unwrap_or_default().to_string();
    // Ids hold dots, so look the element up by id rather than with a CSS `#id` selector.
    let selector = format!("section.clause[id=\"{fragment}\"]");
    client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css(&selector))
        .await
        .unwrap_or_else(|e| panic!("no {selector} on {ruling}: {e}"));
    assert_clean_console(&client, ruling.as_str()).await;

    // What a person sees there, kept for a look.
    let png = client.screenshot().await.expect("screenshot");
    std::fs::create_dir_all(shots).expect("screenshot folder");
    let shot = shots.join("replay-to-ruling.png");
    std::fs::write(&shot, &png).expect("write the screenshot");
    assert!(
        png.len() > 8 && png.starts_with(b"\x89PNG\r\n\x1a\n"),
        "{} is not a PNG",
        shot.display()
    );

    // Two more pages that must load with nothing refused by the Content-Security-Policy.
    for path in ["/rulings/search?q=burned", "/samples/prizes-win"] {
        client
            .goto(&format!("{base}{path}"))
            .await
            .unwrap_or_else(|e| panic!("open {path}: {e}"));
        client
            .find(Locator::Css("main"))
            .await
            .unwrap_or_else(|e| panic!("no <main> on {path}: {e}"));
        assert_clean_console(&client, path).await;
    }

    delete_replay(&client, replay.as_str(), &token).await;
    judge_tools(&client, &base, shots).await;
}

/// Back on the replay the token is no longer shown; its page's delete form, given the token,
/// deletes the replay and lands on the home page with a notice; the replay is then gone.
async fn delete_replay(client: &Client, replay: &str, token: &str) {
    client.goto(replay).await.expect("open the replay again");
    client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("li.step.violation"))
        .await
        .expect("the replay page");
    let source = client.source().await.expect("page source");
    assert!(
        !source.contains(token) && !source.contains("owner-token"),
        "the token is shown only once"
    );
    assert_clean_console(client, replay).await;
    client
        .find(Locator::Css("details.delete summary"))
        .await
        .expect("the delete section")
        .click()
        .await
        .expect("open the delete section");
    let form = client
        .find(Locator::Css("details.delete form"))
        .await
        .expect("the delete form");
    fill(&form, "token", token).await;
    form.find(Locator::Css("button[type=submit]"))
        .await
        .expect("the delete button")
        .click()
        .await
        .expect("delete");
    let home = wait_for_url(client, "/?deleted=1", |u| {
        u.path() == "/" && u.query() == Some("deleted=1")
    })
    .await;
    let notice = client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css(".notice"))
        .await
        .expect("the notice")
        .text()
        .await
        .expect("notice text");
    assert!(notice.contains("deleted"), "{notice}");
    assert_clean_console(client, home.as_str()).await;
    client.goto(replay).await.expect("open the deleted replay");
    let heading = client
        .find(Locator::Css("main h1"))
        .await
        .expect("a heading")
        .text()
        .await
        .expect("heading text");
    assert_eq!(heading, "Not found");
    // The browser logs the 404 itself; nothing else may be there.
    for e in console_errors(client).await {
        assert!(
            e.contains("404"),
            "console error on the deleted replay: {e}"
        );
    }
}

/// Set a text or number input to `value`.
async fn fill(form: &fantoccini::elements::Element, name: &str, value: &str) {
    let input = form
        .find(Locator::Css(&format!("[name=\"{name}\"]")))
        .await
        .unwrap_or_else(|e| panic!("no input {name}: {e}"));
    input
        .clear()
        .await
        .unwrap_or_else(|e| panic!("clear {name}: {e}"));
    if !value.is_empty() {
        input
            .send_keys(value)
            .await
            .unwrap_or_else(|e| panic!("type into {name}: {e}"));
    }
}

/// Tick a checkbox or radio button (by name and value).
async fn tick(form: &fantoccini::elements::Element, name: &str, value: &str) {
    let selector = format!("input[name=\"{name}\"][value=\"{value}\"]");
    let input = form
        .find(Locator::Css(&selector))
        .await
        .unwrap_or_else(|e| panic!("no {selector}: {e}"));
    if !input.is_selected().await.unwrap_or(false) {
        input
            .click()
            .await
            .unwrap_or_else(|e| panic!("tick {selector}: {e}"));
    }
}

/// Send the tool form on the page and return the answer's headline.
async fn submit_tool(client: &Client, form: fantoccini::elements::Element, path: &str) -> String {
    form.find(Locator::Css("button#submit"))
        .await
        .expect("the submit button")
        .click()
        .await
        .expect("submit the tool form");
    let headline = client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("section.answer h2#headline"))
        .await
        .unwrap_or_else(|e| panic!("no answer on {path}: {e}"))
        .text()
        .await
        .expect("headline text");
    assert_clean_console(client, path).await;
    headline
}

async fn tool_form(client: &Client, base: &str, path: &str) -> fantoccini::elements::Element {
    client
        .goto(&format!("{base}{path}"))
        .await
        .unwrap_or_else(|e| panic!("open {path}: {e}"));
    assert_clean_console(client, path).await;
    client
        .find(Locator::Css("form.tool-form"))
        .await
        .unwrap_or_else(|e| panic!("no tool form on {path}: {e}"))
}

/// The four judge tools, used through their forms: each answer on the same screen, with the
/// clause links of its trace.
async fn judge_tools(client: &Client, base: &str, shots: &Path) {
    // The tools page links each tool.
    client
        .goto(&format!("{base}/tools"))
        .await
        .expect("open /tools");
    client
        .find(Locator::LinkText("Damage calculator"))
        .await
        .expect("a link to the damage calculator")
        .click()
        .await
        .expect("open the damage calculator");
    wait_for_url(client, "/tools/damage", |u| u.path() == "/tools/damage").await;

    // Damage: 60 + Vitality Band 10, Weakness ×2 (the form's example), Wall of Sand -20 = 120
    // against 70 HP (Scarlet & Violet rulebook, Attacking F) steps 1-6).
    let form = client
        .find(Locator::Css("form.tool-form"))
        .await
        .expect("damage form");
    fill(&form, "modifiers[0].source", "Vitality Band").await;
    fill(&form, "modifiers[0].amount", "10").await;
    fill(&form, "modifiers[1].source", "Wall of Sand").await;
    fill(&form, "modifiers[1].amount", "-20").await;
    let headline = submit_tool(client, form, "/tools/damage").await;
    assert_eq!(headline, "120 damage (12 damage counters) — Knocked Out");
    let steps: Vec<String> = {
        let mut v = Vec::new();
        for cell in client
            .find_all(Locator::Css("table.damage-trace tbody tr td:nth-child(1)"))
            .await
            .expect("trace rows")
        {
            v.push(cell.text().await.expect("step"));
        }
        v
    };
    // The rulebook's order, in the table a replay step's explanation uses; prevention is an
    // effect on the defender.
    assert_eq!(
        steps,
        [
            "Base damage",
            "Effects on the attacker",
            "Weakness",
            "Resistance",
            "Effects on the defender",
            "Effects on the defender",
        ]
    );
    // What follows the damage: its counters and the Knock Out, as facts of the answer.
    let facts = client
        .find(Locator::Css("table.facts"))
        .await
        .expect("the answer's facts")
        .text()
        .await
        .expect("facts");
    assert!(
        facts.contains("Damage counters") && facts.contains("Knocked Out"),
        "{facts}"
    );
    let png = client.screenshot().await.expect("screenshot");
    std::fs::write(shots.join("damage-calculator.png"), &png).expect("write the screenshot");
    // The Weakness step links its ruling.
    client
        .find(Locator::Css("tr.step-weakness a.clause"))
        .await
        .expect("the Weakness step's clause link")
        .click()
        .await
        .expect("follow it");
    let ruling = wait_for_url(client, "the Weakness ruling", |u| {
        u.fragment() == Some("attack.damage-order.weakness")
    })
    .await;
    assert_eq!(ruling.path(), "/rulings/attacking-and-damage");
    assert_clean_console(client, ruling.as_str()).await;

    // A number far past any card: refused, and the input is marked.
    let form = tool_form(client, base, "/tools/damage").await;
    fill(&form, "attack.base", "100000000000").await;
    form.find(Locator::Css("button#submit"))
        .await
        .expect("submit")
        .click()
        .await
        .expect("submit");
    let alert = client
        .wait()
        .at_most(WAIT)
        .for_element(Locator::Css("[role=alert]"))
        .await
        .expect("the error box")
        .text()
        .await
        .expect("error text");
    // The field is named in the form's words, not as a JSON path.
    assert!(
        alert.contains("Attack › Base damage") && !alert.contains("attack.base"),
        "{alert}"
    );
    let marked = client
        .find(Locator::Css("input[name=\"attack.base\"]"))
        .await
        .expect("the base input")
        .attr("aria-invalid")
        .await
        .expect("aria-invalid");
    assert_eq!(
        marked.as_deref(),
        Some("true"),
        "the refused input is marked"
    );
    // The refusal is a 400, which the browser logs; nothing else may be.
    let errors = console_errors(client).await;
    assert!(
        errors
            .iter()
            .all(|e| e.contains("/tools/damage") && e.contains("400")),
        "{errors:?}"
    );

    // Checkup: Player 1's Active (100 HP, 80 damage) is Poisoned and Burned; the Burn coin
    // is heads. 80 + 10 + 20 = 110: Knocked Out, even though heads cures the Burn.
    let form = tool_form(client, base, "/tools/checkup").await;
    fill(&form, "players[0].active.damage", "80").await;
    tick(&form, "players[0].active.conditions", "Poisoned").await;
    tick(&form, "players[0].active.conditions", "Burned").await;
    fill(&form, "players[0].bench", "1").await;
    fill(&form, "coins_by_player[0]", "heads").await;
    let headline = submit_tool(client, form, "/tools/checkup").await;
    assert_eq!(headline, "Knocked Out: the Active Pokémon of Player 1");

    // Outcome: both take their last Prize card at once: Sudden Death (current rules).
    let form = tool_form(client, base, "/tools/outcome").await;
    tick(&form, "players[0].took_last_prize", "on").await;
    tick(&form, "players[1].took_last_prize", "on").await;
    let headline = submit_tool(client, form, "/tools/outcome").await;
    assert_eq!(headline, "Sudden Death");

    // Deck: a list of 7 cards is not a deck.
    let form = tool_form(client, base, "/tools/deck").await;
    fill(
        &form,
        "list",
        "Pokémon: 4\n4 Pikachu SVI 63\nEnergy: 3\n3 Basic {L} Energy SVE 4\n",
    )
    .await;
    let headline = submit_tool(client, form, "/tools/deck").await;
    assert!(headline.starts_with("Not legal"), "{headline}");
    let rows = client
        .find_all(Locator::Css("table.trace a.clause"))
        .await
        .expect("problem rows");
    let mut clauses = Vec::new();
    for r in rows {
        clauses.push(r.text().await.expect("clause"));
    }
    assert!(
        clauses.iter().any(|c| c == "deck.sixty-cards"),
        "{clauses:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn upload_then_follow_a_violation_to_its_ruling() {
    let Some(browser) = Browser::start(1280, 900).await else {
        return;
    };
    // The app with an empty store and the two Supporters' card data.
    let shots = browser.out.clone();
    browser
        .run_against_app(common::sample_cards(), "test fixture", shots, scenario)
        .await;
}
