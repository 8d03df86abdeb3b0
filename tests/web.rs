//! HTTP integration tests: the real app on port 0 with a temporary store, spoken to over
//! loopback. Upload by text and by file, read back JSON and HTML, restart on the same store,
//! and every bad input.

mod common;

use std::path::Path;

use actix_web::dev::ServerHandle;
use chrono::Utc;
use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::RuleEdition;
use ptcg_judge::store::{ReplayId, Store, StoredReplay};
use ptcg_judge::web::{AppState, CONTENT_SECURITY_POLICY, run};
use reqwest::StatusCode;
use reqwest::header::{CONTENT_SECURITY_POLICY as CSP, LOCATION};
use serde_json::Value;

const SAMPLE: &str = include_str!("../replays/illegal-second-supporter.log");

fn cards() -> std::sync::Arc<CardDb> {
    common::sample_cards()
}

struct TestApp {
    base: String,
    handle: ServerHandle,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    client: reqwest::Client,
}

impl TestApp {
    async fn spawn(dir: &Path) -> TestApp {
        TestApp::spawn_with(dir, Some(cards())).await
    }

    async fn spawn_with(dir: &Path, cards: Option<std::sync::Arc<CardDb>>) -> TestApp {
        // A stopped server's workers let go of the store a moment after `stop` returns.
        let mut store = Store::open(dir, 8 << 20);
        for _ in 0..100 {
            if store.is_ok() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            store = Store::open(dir, 8 << 20);
        }
        let state = AppState::with(store.unwrap(), cards, "test fixture".into());
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = run(listener, actix_web::web::Data::new(state)).unwrap();
        let handle = server.handle();
        let task = tokio::spawn(server);
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        TestApp {
            base: format!("http://127.0.0.1:{port}"),
            handle,
            task,
            client,
        }
    }

    /// Stop the server and wait until it has let go of the store.
    async fn stop(self) {
        self.handle.stop(true).await;
        let _ = self.task.await;
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    async fn upload_text(&self, text: impl Into<reqwest::Body>) -> reqwest::Response {
        self.client
            .post(self.url("/api/v1/replays"))
            .header("content-type", "text/plain")
            .body(text)
            .send()
            .await
            .unwrap()
    }
}

async fn json(r: reqwest::Response) -> Value {
    r.json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upload_by_text_reads_back_as_json_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let r = app.upload_text(SAMPLE).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let created = json(r).await;
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["url"], format!("/replays/{id}"));
    assert_eq!(created["summary"]["violations"], 1);
    assert_eq!(created["summary"]["lines"], 107);

    let report = json(app.get(&format!("/api/v1/replays/{id}")).await).await;
    let expected =
        ptcg_judge::verify(SAMPLE.as_bytes(), Some(&cards()), RuleEdition::default()).unwrap();
    assert_eq!(report, serde_json::to_value(&expected).unwrap());

    let page = app.get(&format!("/replays/{id}")).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(page.headers()[CSP], CONTENT_SECURITY_POLICY);
    let html = page.text().await.unwrap();
    assert!(
        html.contains("Ash K 1999") && html.contains("Zoë"),
        "players shown"
    );
    assert!(
        html.contains(r#"id="line-48""#),
        "a permalink anchor per line"
    );
    assert!(
        html.contains(r#"href="/rulings/turn-structure#turn.supporter-once""#),
        "clause link"
    );
    assert!(html.contains("1 violation"));

    let only = app
        .get(&format!("/replays/{id}?only=violations"))
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(
        only.matches(r#"<li id="line-"#).count(),
        1,
        "only the violation is listed"
    );

    let board = app
        .get(&format!("/replays/{id}?at=48"))
        .await
        .text()
        .await
        .unwrap();
    assert!(board.contains(r#"id="board""#) && board.contains("Board after line 48"));
    assert!(
        board.contains("Sandy Shocks"),
        "the Active Pokémon is on the board"
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upload_by_file_and_by_the_form() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let part = reqwest::multipart::Part::bytes(SAMPLE.as_bytes().to_vec()).file_name("game.txt");
    let form = reqwest::multipart::Form::new().part("log", part);
    let r = app
        .client
        .post(app.url("/api/v1/replays"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = json(r).await["id"].as_str().unwrap().to_string();
    assert_eq!(
        app.get(&format!("/replays/{id}")).await.status(),
        StatusCode::OK
    );

    // The home page's form: pasted text, no file; answered with a redirect to the page.
    let form = reqwest::multipart::Form::new().text("text", SAMPLE).part(
        "log",
        reqwest::multipart::Part::bytes(Vec::new()).file_name(""),
    );
    let r = app
        .client
        .post(app.url("/replays"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let location = r.headers()[LOCATION].to_str().unwrap().to_string();
    assert!(location.starts_with("/replays/") && location.len() == "/replays/".len() + 32);
    let page = app.get(&location).await.text().await.unwrap();
    assert!(page.contains("Professor&#x27;s Research") || page.contains("Professor's Research"));
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn replays_survive_a_restart_on_the_same_store() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let id = json(app.upload_text(SAMPLE).await).await["id"]
        .as_str()
        .unwrap()
        .to_string();
    let before = app
        .get(&format!("/api/v1/replays/{id}"))
        .await
        .text()
        .await
        .unwrap();
    app.stop().await;

    let app = TestApp::spawn(dir.path()).await;
    let after = app.get(&format!("/api/v1/replays/{id}")).await;
    assert_eq!(after.status(), StatusCode::OK);
    assert_eq!(after.text().await.unwrap(), before);
    assert_eq!(
        app.get(&format!("/replays/{id}")).await.status(),
        StatusCode::OK
    );
    let health = json(app.get("/healthz").await).await;
    assert_eq!(health["replays"], 1);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_report_of_an_older_engine_is_recomputed_on_read() {
    let dir = tempfile::tempdir().unwrap();
    let id = ReplayId::random();
    {
        let store = Store::open(dir.path(), 8 << 20).unwrap();
        let mut stale =
            ptcg_judge::verify(SAMPLE.as_bytes(), Some(&cards()), RuleEdition::default()).unwrap();
        stale.engine_version = "0.0.1".into();
        stale.steps.clear();
        let record = StoredReplay {
            id: id.clone(),
            report: stale,
            engine_version: "0.0.1".into(),
            card_data: cards().len(),
            uploaded_at: Utc::now(),
        };
        store.put_replay(SAMPLE.as_bytes(), &record).unwrap();
        store.flush().unwrap();
    }
    let app = TestApp::spawn(dir.path()).await;
    let report = json(app.get(&format!("/api/v1/replays/{id}")).await).await;
    assert_eq!(report["engine_version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(report["steps"].as_array().unwrap().len(), 107);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_input_gets_a_clear_answer() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;

    // Over 5 MB: 413, as JSON from the API and as a page from the form.
    let big = vec![b'a'; 5 * 1024 * 1024 + 10];
    let r = app.upload_text(big.clone()).await;
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        json(r).await["error"]["message"]
            .as_str()
            .unwrap()
            .contains("5 MB")
    );
    let form = reqwest::multipart::Form::new().part(
        "log",
        reqwest::multipart::Part::bytes(big).file_name("big.txt"),
    );
    let r = app
        .client
        .post(app.url("/replays"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert!(r.text().await.unwrap().contains("Upload too large"));

    // Not a battle log: 400 with the reason, and the text stays in the form.
    let r = app.upload_text("just some notes\nabout a game").await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert!(
        json(r).await["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not a battle log")
    );
    let form = reqwest::multipart::Form::new().text("text", "just some notes\nabout a game");
    let r = app
        .client
        .post(app.url("/replays"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let page = r.text().await.unwrap();
    assert!(page.contains("not a battle log"));
    assert!(
        page.contains(">just some notes\nabout a game</textarea>"),
        "the text stays in the form"
    );

    // Binary and empty uploads.
    let r = app.upload_text(vec![0u8, 159, 146, 150]).await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let r = app.upload_text("   \n").await;
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);

    // Unknown ids and paths: 404 pages.
    for path in [
        "/replays/0123456789abcdef0123456789abcdef",
        "/replays/..%2F..%2Fetc%2Fpasswd",
        "/samples/nope",
        "/rulings/nope",
        "/static/../Cargo.toml",
        "/no/such/page",
    ] {
        let r = app.get(path).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(r.headers()[CSP], CONTENT_SECURITY_POLICY, "{path}");
    }
    let r = app
        .get("/api/v1/replays/0123456789abcdef0123456789abcdef")
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(json(r).await["error"]["status"], 404);
    let r = app
        .client
        .post(app.url("/api/v1/replays?edition=1999"))
        .body(SAMPLE)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn user_controlled_strings_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let evil = "<script>alert(1)</script>";
    let log = SAMPLE
        .replace("Ash K 1999", evil)
        .replace("Nest Ball", "<img src=x onerror=alert(2)>")
        + "<b>an unparsed line</b>\n";
    let r = app.upload_text(log).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = json(r).await["id"].as_str().unwrap().to_string();
    for path in [format!("/replays/{id}"), format!("/replays/{id}?at=10")] {
        let html = app.get(&path).await.text().await.unwrap();
        assert!(!html.contains(evil), "{path}: a player name is not escaped");
        assert!(
            !html.contains("<img src=x"),
            "{path}: a card name is not escaped"
        );
        assert!(
            !html.contains("<b>an unparsed"),
            "{path}: an unparsed line is not escaped"
        );
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;&#x2F;script&gt;"),
            "{path}: the name is shown"
        );
    }
    let search = app
        .get("/rulings/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        .await
        .text()
        .await
        .unwrap();
    assert!(!search.contains("<script>alert(1)"));
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn rulings_pages_and_search() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let index = app.get("/rulings").await.text().await.unwrap();
    for slug in [
        "setup",
        "special-conditions",
        "simultaneous-wins",
        "special-pokemon",
    ] {
        assert!(
            index.contains(&format!(r#"href="/rulings/{slug}""#)),
            "{slug}"
        );
    }
    let page = app
        .get("/rulings/turn-structure")
        .await
        .text()
        .await
        .unwrap();
    assert!(page.contains(r#"id="turn.supporter-once""#));
    assert!(
        page.contains("/samples/illegal-second-supporter#line-48"),
        "a clause page lists the sample lines that applied it"
    );

    let found = app
        .get("/rulings/search?q=burned")
        .await
        .text()
        .await
        .unwrap();
    assert!(found.contains("checkup.burned") && found.contains("<mark>"));
    let api = json(app.get("/api/v1/rulings/search?q=sudden%20death").await).await;
    let hits = api.as_array().unwrap();
    assert!(!hits.is_empty());
    assert!(hits[..2].iter().any(|h| h["id"] == "win.sudden-death"));
    for key in ["id", "title", "url", "snippet", "score"] {
        assert!(hits[0].get(key).is_some(), "{key}");
    }
    assert_eq!(
        json(app.get("/api/v1/rulings/search?q=").await).await,
        serde_json::json!([])
    );

    let home = app.get("/").await.text().await.unwrap();
    assert!(
        home.contains("3 cards loaded"),
        "the home page says how many cards are loaded"
    );
    assert_eq!(app.get("/static/app.css").await.status(), StatusCode::OK);
    assert_eq!(
        app.get("/samples/prizes-win").await.status(),
        StatusCode::OK
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn without_card_data_the_home_page_says_how_to_import_it() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn_with(dir.path(), None).await;
    let home = app.get("/").await.text().await.unwrap();
    assert!(
        home.contains("No card data is loaded") && home.contains("ptcg-judge import-cards DIR")
    );
    let health = json(app.get("/healthz").await).await;
    assert_eq!(health["cards"], 0);
    app.stop().await;
}

/// Snapshots of rendered pages (insta): a replay page and a rulings page. A change in what a
/// page shows fails here until the snapshot is reviewed (`cargo insta review`).
#[tokio::test(flavor = "multi_thread")]
async fn rendered_pages_match_their_snapshots() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let replay = app
        .get("/samples/illegal-second-supporter")
        .await
        .text()
        .await
        .unwrap();
    insta::assert_snapshot!("replay_page_illegal_second_supporter", replay);
    let rulings = app
        .get("/rulings/knock-out-and-prizes")
        .await
        .text()
        .await
        .unwrap();
    insta::assert_snapshot!("rulings_page_knock_out_and_prizes", rulings);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn judge_tools_answer_as_json_and_as_forms() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let post = |path: &str, body: String| {
        app.client
            .post(app.url(path))
            .header("content-type", "application/json")
            .body(body)
            .send()
    };

    // JSON: each tool answers with a cited trace.
    let r = post(
        "/api/v1/tools/damage",
        r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active", "hp": 70,
            "weakness": [{"type": "Fire", "value": "×2"}]}, "attack": {"base": 60},
            "modifiers": [{"source": "Vitality Band", "applies_to": "attacker", "amount": 10}]}"#
            .into(),
    )
    .await
    .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let v = json(r).await;
    assert_eq!(
        (v["damage"].as_i64(), v["counters"].as_i64()),
        (Some(140), Some(14))
    );
    assert_eq!(v["knocked_out"], Value::Bool(true));
    assert_eq!(v["steps"][2]["step"], "weakness");
    assert_eq!(v["steps"][2]["clause"], "attack.damage-order.weakness");

    let r = post(
        "/api/v1/tools/outcome",
        r#"{"edition": "sv", "players": [{"name": "A", "took_last_prize": true},
            {"name": "B", "opponent_cannot_promote": true}]}"#
            .into(),
    )
    .await
    .unwrap();
    let v = json(r).await;
    assert_eq!(v["result"], "sudden-death");
    assert!(
        v["clauses"]
            .as_array()
            .unwrap()
            .contains(&Value::from("win.simultaneous"))
    );

    let r = post(
        "/api/v1/tools/checkup",
        r#"{"turn_ended": "A", "players": [{"name": "A", "active": {"hp": 60, "damage": 50, "conditions": ["Poisoned"]}, "bench": 1},
            {"name": "B", "active": {"hp": 60}}]}"#
            .into(),
    )
    .await
    .unwrap();
    let v = json(r).await;
    assert_eq!(v["knocked_out"], serde_json::json!(["A"]));

    // Bad requests: 400 naming the field; unknown tool 404; too large 413; all JSON.
    for (body, field) in [
        ("{garbage", "."),
        (
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}}"#,
            "attack",
        ),
        (
            r#"{"attacker": {"types": ["Fyre"]}, "defender": {"position": "active"}, "attack": {"base": 10}}"#,
            "attacker.types[0]",
        ),
        (
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": 1000000000000}}"#,
            "attack.base",
        ),
    ] {
        let r = post("/api/v1/tools/damage", body.into()).await.unwrap();
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{body}");
        let v = json(r).await;
        assert_eq!(v["error"]["field"], field, "{body}");
        assert!(
            v["error"]["message"]
                .as_str()
                .unwrap()
                .contains(field.trim_matches('.')),
            "{v}"
        );
    }
    let r = post("/api/v1/tools/teleport", "{}".into()).await.unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = post(
        "/api/v1/tools/deck",
        format!(r#"{{"list": "{}"}}"#, "x".repeat(200 * 1024)),
    )
    .await
    .unwrap();
    assert_eq!(r.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(json(r).await["error"]["field"], ".");

    // Forms: every page renders with an example; a submitted form shows the answer and keeps
    // the values; a bad value is refused naming the input.
    let r = app.get("/tools").await;
    assert_eq!(r.status(), StatusCode::OK);
    let index = r.text().await.unwrap();
    for t in ["damage", "outcome", "checkup", "deck"] {
        assert!(index.contains(&format!("href=\"/tools/{t}\"")), "{t}");
        let r = app.get(&format!("/tools/{t}")).await;
        assert_eq!(r.status(), StatusCode::OK, "{t}");
        assert!(r.headers().contains_key(CSP));
        assert!(
            r.text().await.unwrap().contains("<form method=\"post\""),
            "{t}"
        );
    }
    let form = [
        ("attacker.types", "Fire"),
        ("attack.base", "60"),
        ("defender.position", "active"),
        ("defender.hp", "70"),
        ("defender.weakness[0].type", "Fire"),
        ("defender.weakness[0].value", "×2"),
        ("modifiers[0].source", "Wall of Sand"),
        ("modifiers[0].applies_to", "defender"),
        ("modifiers[0].amount", "-20"),
        ("modifiers[1].applies_to", "attacker"),
        ("modifiers[1].amount", ""),
        ("edition", "sv"),
    ];
    let r = app
        .client
        .post(app.url("/tools/damage"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let page = r.text().await.unwrap();
    assert!(
        page.contains("100 damage (10 damage counters) — Knocked Out"),
        "{page}"
    );
    assert!(page.contains("href=\"/rulings/attacking-and-damage#attack.damage-order.weakness\""));
    assert!(
        page.contains("value=\"Wall of Sand\""),
        "the form keeps what was entered"
    );
    let mut bad = form.to_vec();
    bad[1] = ("attack.base", "sixty");
    let r = app
        .client
        .post(app.url("/tools/damage"))
        .form(&bad)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    let page = r.text().await.unwrap();
    assert!(page.contains("data-error-field=\"attack.base\""));
    assert!(page.contains("value=\"sixty\""));
    let r = app
        .client
        .post(app.url("/tools/outcome"))
        .form(&[
            ("players[0].name", "<b>Ash</b>"),
            ("players[1].name", "Misty"),
            ("players[0].took_last_prize", "on"),
            ("players[1].took_last_prize", "on"),
            ("players[0].opponent_cannot_promote", "on"),
            ("edition", "sv"),
        ])
        .send()
        .await
        .unwrap();
    let page = r.text().await.unwrap();
    assert!(
        page.contains("&lt;b&gt;Ash&lt;&#x2F;b&gt; wins"),
        "names are escaped: {page}"
    );
    assert!(!page.contains("<b>Ash</b>"));
    app.stop().await;
}
