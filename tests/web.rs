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
use ptcg_judge::web::{AppState, CONTENT_SECURITY_POLICY, Settings, run};
use reqwest::StatusCode;
use reqwest::header::{
    AUTHORIZATION, CACHE_CONTROL, CONTENT_SECURITY_POLICY as CSP, CONTENT_TYPE, COOKIE, LOCATION,
    SET_COOKIE,
};
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
    /// The served state: gone once every worker has let go of it (and so of the store).
    state: std::sync::Weak<AppState>,
    /// The store's folder, when the app opened one.
    dir: Option<std::path::PathBuf>,
}

impl TestApp {
    async fn spawn(dir: &Path) -> TestApp {
        TestApp::spawn_with(dir, Some(cards())).await
    }

    async fn spawn_with(dir: &Path, cards: Option<std::sync::Arc<CardDb>>) -> TestApp {
        // A server on this folder before was stopped with `stop`, which waits until it let go;
        // a store the test opened itself is let go when dropped. Either way, wait for the lock.
        store_unlocked(dir).await;
        let store = Store::open(dir, 8 << 20).unwrap();
        let state = AppState::with(store, cards, "test fixture".into());
        let mut app = TestApp::spawn_state(state);
        app.dir = Some(dir.to_path_buf());
        app
    }

    /// Serve `state`.
    fn spawn_state(state: AppState) -> TestApp {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let state = actix_web::web::Data::new(state);
        let weak = std::sync::Arc::downgrade(&state.clone().into_inner());
        let server = run(listener, state).unwrap();
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
            state: weak,
            dir: None,
        }
    }

    /// Stop the server and wait until it has let go of the store: the stopped workers drop
    /// their handles on the state a moment after `stop` returns, so wait for that event (the
    /// state gone), then for the store's file lock to be free (at most 60 s in all; a server
    /// that never lets go fails here).
    async fn stop(self) {
        self.handle.stop(true).await;
        let _ = self.task.await;
        let start = std::time::Instant::now();
        while self.state.strong_count() > 0 {
            assert!(
                start.elapsed() < std::time::Duration::from_secs(60),
                "the stopped server still holds its state after 60 s"
            );
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
        if let Some(dir) = &self.dir {
            store_unlocked(dir).await;
        }
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

/// Wait until no one holds the store in `dir` (sled keeps an exclusive lock on its `db` file
/// while the store is open), at most 60 s; a store that is never let go fails the test.
async fn store_unlocked(dir: &Path) {
    let Ok(db) = std::fs::File::open(dir.join("db")) else {
        return; // no store there yet
    };
    let start = std::time::Instant::now();
    while let Err(e) = db.try_lock() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "the store in {} is still locked after 60 s: {e}",
            dir.display()
        );
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
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
    // The panel starts with the line it follows: its text, verdict and clause links, before
    // the boards (so a phone need not scroll away to read what happened).
    let panel = &board[board.find(r#"id="board""#).unwrap()..];
    let follows = panel
        .find(r#"class="follows"#)
        .expect("the line the board follows");
    let boards = panel.find(r#"class="sides""#).expect("the boards");
    assert!(follows < boards, "the line comes first");
    let line = &panel[follows..boards];
    assert!(line.contains("Ash K 1999 played <a"), "{line}");
    assert!(line.contains("Professor&#x27;s Research"), "{line}");
    assert!(line.contains(r#"class="v violation""#), "{line}");
    assert!(line.contains(r#"class="clause""#), "{line}");
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

/// A player's games: the uploaded file's name is the label; an upload sent with the owner token
/// an earlier one returned is kept under it, and both are listed and counted for that token
/// alone; the form's uploads are kept under the browser's `owner` cookie; a malformed token is
/// refused with the reason, and listing without one is forbidden.
#[tokio::test(flavor = "multi_thread")]
async fn a_players_uploads_are_kept_under_one_token_with_their_labels() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let send = |name: &'static str, token: Option<String>| {
        let part = reqwest::multipart::Part::bytes(SAMPLE.as_bytes().to_vec()).file_name(name);
        let mut req = app
            .client
            .post(app.url("/api/v1/replays"))
            .multipart(reqwest::multipart::Form::new().part("log", part));
        if let Some(t) = token {
            req = req.header(AUTHORIZATION, format!("Bearer {t}"));
        }
        req.send()
    };
    let first = json(send("../evil/round-1.txt", None).await.unwrap()).await;
    let token = first["owner_token"].as_str().unwrap().to_string();
    let second = json(send("round-2.log", Some(token.clone())).await.unwrap()).await;
    assert_eq!(second["owner_token"].as_str(), Some(token.as_str()));
    // Someone else's upload is not theirs.
    let other = json(send("someone-else.txt", None).await.unwrap()).await;
    assert_ne!(other["owner_token"], first["owner_token"]);

    let list = |token: String| {
        app.client
            .get(app.url("/api/v1/replays"))
            .header(AUTHORIZATION, format!("Bearer {token}"))
            .send()
    };
    let rows = json(list(token.clone()).await.unwrap()).await;
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    let mut labels: Vec<&str> = rows.iter().map(|r| r["label"].as_str().unwrap()).collect();
    labels.sort();
    assert_eq!(
        labels,
        ["round-1", "round-2"],
        "the file's name, without folder or ending"
    );
    for r in rows {
        assert!(r["decks"].as_array().is_some_and(|d| d.len() == 2), "{r}");
        assert!(r["url"].as_str().unwrap().starts_with("/replays/"));
    }
    let stats = app
        .client
        .get(app.url("/api/v1/stats?format=csv"))
        .header(AUTHORIZATION, format!("Bearer {token}"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        stats.starts_with("table,deck,opponent,games,wins,losses"),
        "{stats}"
    );

    // No token, a malformed one.
    let r = app.get("/api/v1/replays").await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let r = send("x.txt", Some("not-a-token".into())).await.unwrap();
    assert_eq!(r.status(), StatusCode::BAD_REQUEST);
    assert!(
        json(r).await["error"]["message"]
            .as_str()
            .unwrap()
            .contains("64 hex digits")
    );

    // The form: the browser's cookie keeps its uploads under its token; its list page shows them.
    let form = reqwest::multipart::Form::new().part(
        "log",
        reqwest::multipart::Part::bytes(SAMPLE.as_bytes().to_vec()).file_name("club-night.txt"),
    );
    let r = app
        .client
        .post(app.url("/replays"))
        .header(COOKIE, format!("owner={token}"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let cookies: Vec<String> = r
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with(&format!("owner={token};")) && c.contains("Path=/;")),
        "{cookies:?}"
    );
    let page = app
        .client
        .get(app.url("/replays"))
        .header(COOKIE, format!("owner={token}"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    for label in ["round-1", "round-2", "club-night"] {
        assert!(page.contains(label), "{label} listed");
    }
    assert!(!page.contains("someone-else"), "another player's upload");
    let nobody = app.get("/replays").await.text().await.unwrap();
    assert!(nobody.contains("has uploaded no log yet"));
    // A token is kept in the browser from this site's own form only.
    let keep = |origin: String| {
        app.client
            .post(app.url("/replays/token"))
            .header("origin", origin)
            .form(&[("token", token.as_str())])
            .send()
    };
    let r = keep("http://evil.example".into()).await.unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert!(!r.headers().contains_key(SET_COOKIE));
    let r = keep(app.base.clone()).await.unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    assert!(
        r.headers()[SET_COOKIE]
            .to_str()
            .unwrap()
            .starts_with(&format!("owner={token};"))
    );
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
            label: None,
        };
        store.put_replay(SAMPLE.as_bytes(), &record, None).unwrap();
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
    // A card name finds only the clauses that name it, in the API as on the page.
    let api = json(app.get("/api/v1/rulings/search?q=nest%20ball").await).await;
    let hits = api.as_array().unwrap();
    assert!(!hits.is_empty());
    for h in hits {
        let snippet = h["snippet"].as_str().unwrap().to_lowercase();
        assert!(snippet.contains("nest") && snippet.contains("ball"), "{h}");
    }

    let home = app.get("/").await.text().await.unwrap();
    assert!(
        home.contains("12 cards loaded"),
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

/// A fresh store and no --cards: the service reads the built-in card data, says which and how
/// new (home page, /healthz, the replay page), and its sample shows the second Supporter as a
/// violation. `--no-cards` (builtin_cards off) keeps the service without card data.
#[tokio::test(flavor = "multi_thread")]
async fn with_no_card_folder_the_service_uses_the_built_in_data() {
    let dir = tempfile::tempdir().unwrap();
    let state = AppState::open(&Settings::new(dir.path().to_path_buf())).unwrap();
    assert!(state.card_count() > 20_000, "{}", state.card_count());
    assert!(
        state.card_source.contains("tcgdex (built-in, made "),
        "{}",
        state.card_source
    );
    let app = TestApp::spawn_state(state);
    let home = app.get("/").await.text().await.unwrap();
    assert!(
        home.contains("cards loaded (pokemon-tcg-data (built-in, made "),
        "{home}"
    );
    let health = json(app.get("/healthz").await).await;
    assert_eq!(health["card_sources"][1]["layout"], "tcgdex");
    let page = app
        .get("/samples/illegal-second-supporter")
        .await
        .text()
        .await
        .unwrap();
    assert!(page.contains("turn.supporter-once"), "no violation shown");
    assert!(page.contains("tcgdex to Pitch Black ("), "data not named");
    let created = json(app.upload_text(SAMPLE).await).await;
    assert_eq!(created["summary"]["violations"], 1);
    app.stop().await;

    let none = tempfile::tempdir().unwrap();
    let settings = Settings {
        builtin_cards: false,
        ..Settings::new(none.path().to_path_buf())
    };
    assert_eq!(AppState::open(&settings).unwrap().card_count(), 0);
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

/// Every file under `dir`, read whole.
fn files_under(dir: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.push((path, bytes));
            }
        }
    }
    out
}

fn contains_bytes(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

impl TestApp {
    async fn delete(&self, id: &str, authorization: Option<&str>) -> reqwest::Response {
        let mut req = self
            .client
            .delete(self.url(&format!("/api/v1/replays/{id}")));
        if let Some(a) = authorization {
            req = req.header(AUTHORIZATION, a);
        }
        req.send().await.unwrap()
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upload_is_deleted_only_with_its_owner_token() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let r = app.upload_text(SAMPLE).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    assert_eq!(r.headers()[CACHE_CONTROL], "no-store");
    let created = json(r).await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["owner_token"].as_str().unwrap().to_string();
    assert_eq!(token.len(), 64, "256 bits as hex: {token}");
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
    let other = json(app.upload_text(SAMPLE).await).await;
    let other_token = other["owner_token"].as_str().unwrap().to_string();
    assert_ne!(token, other_token);

    // Anyone reads it; no answer after the upload's carries the token.
    let mut later = Vec::new();
    for path in [
        format!("/api/v1/replays/{id}"),
        format!("/api/v1/replays/{id}/log"),
        format!("/replays/{id}"),
        format!("/replays/{id}"),
        format!("/replays/{id}?at=48"),
        format!("/replays/{id}?only=violations"),
        "/healthz".to_string(),
    ] {
        let r = app.get(&path).await;
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        let headers = format!("{:?}", r.headers());
        later.push((path, headers + &r.text().await.unwrap()));
    }
    for (path, text) in &later {
        assert!(!text.contains(&token), "{path} shows the owner token");
    }

    // No token, a wrong one, another upload's, another scheme: 403 saying why, still there.
    for (auth, why) in [
        (None, "needs the owner token"),
        (Some("Bearer ".to_string()), "needs the owner token"),
        (Some(format!("Basic {token}")), "needs the owner token"),
        (
            Some("Bearer nope".to_string()),
            "not this replay's owner token",
        ),
        (
            Some(format!("Bearer {other_token}")),
            "not this replay's owner token",
        ),
        (
            Some(format!("Bearer {}", &token[..63])),
            "not this replay's owner token",
        ),
    ] {
        let r = app.delete(&id, auth.as_deref()).await;
        assert_eq!(r.status(), StatusCode::FORBIDDEN, "{auth:?}");
        let body = json(r).await;
        assert_eq!(body["error"]["status"], 403);
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.contains(why), "{auth:?}: {message}");
        assert_eq!(
            app.get(&format!("/api/v1/replays/{id}")).await.status(),
            StatusCode::OK,
            "{auth:?}"
        );
    }

    // The right token: 204, then the replay, its raw log and its page are gone.
    let r = app.delete(&id, Some(&format!("bearer {token}"))).await;
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    assert!(r.text().await.unwrap().is_empty());
    for path in [
        format!("/api/v1/replays/{id}"),
        format!("/api/v1/replays/{id}/log"),
        format!("/replays/{id}"),
        format!("/replays/{id}?at=48"),
    ] {
        assert_eq!(
            app.get(&path).await.status(),
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    let r = app.delete(&id, Some(&format!("Bearer {token}"))).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND, "already deleted");
    let r = app
        .delete("0123456789abcdef0123456789abcdef", Some("Bearer x"))
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(json(r).await["error"]["status"], 404);
    assert_eq!(
        app.delete("not-an-id", Some("Bearer x")).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(json(app.get("/healthz").await).await["replays"], 1);
    app.stop().await;

    // Deleted for good (flushed before the 204); the other upload is intact; the token was
    // never written to disk in plain.
    let app = TestApp::spawn(dir.path()).await;
    assert_eq!(
        app.get(&format!("/api/v1/replays/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
    let other_id = other["id"].as_str().unwrap();
    assert_eq!(
        app.get(&format!("/api/v1/replays/{other_id}/log"))
            .await
            .text()
            .await
            .unwrap(),
        SAMPLE
    );
    app.stop().await;
    for (path, bytes) in files_under(dir.path()) {
        for t in [&token, &other_token] {
            assert!(
                !contains_bytes(&bytes, t.as_bytes()),
                "{} holds an owner token in plain",
                path.display()
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upload_from_before_owner_tokens_cannot_be_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let id = ReplayId::random();
    {
        let store = Store::open(dir.path(), 8 << 20).unwrap();
        let record = StoredReplay {
            id: id.clone(),
            report: ptcg_judge::verify(SAMPLE.as_bytes(), Some(&cards()), RuleEdition::default())
                .unwrap(),
            engine_version: env!("CARGO_PKG_VERSION").into(),
            card_data: cards().len(),
            uploaded_at: Utc::now(),
            label: None,
        };
        store.put_replay(SAMPLE.as_bytes(), &record, None).unwrap();
        store.flush().unwrap();
    }
    let app = TestApp::spawn(dir.path()).await;
    let r = app.delete(id.as_str(), Some("Bearer anything")).await;
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let message = json(r).await["error"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(message.contains("before owner tokens"), "{message}");
    let r = app
        .client
        .post(app.url(&format!("/replays/{id}/delete")))
        .form(&[("token", "anything")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        app.get(&format!("/api/v1/replays/{id}")).await.status(),
        StatusCode::OK
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_form_upload_shows_the_delete_token_once() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let form = reqwest::multipart::Form::new().text("text", SAMPLE);
    let r = app
        .client
        .post(app.url("/replays"))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let location = r.headers()[LOCATION].to_str().unwrap().to_string();
    let id = location.strip_prefix("/replays/").unwrap().to_string();
    assert_eq!(id.len(), 32, "the token is not in the URL: {location}");
    let set = r.headers()[SET_COOKIE].to_str().unwrap().to_string();
    let token = set
        .strip_prefix("owner_token=")
        .and_then(|rest| rest.split(';').next())
        .unwrap()
        .to_string();
    assert_eq!(token.len(), 64, "{set}");
    for part in [
        &format!("Path={location}") as &str,
        "Max-Age=600",
        "HttpOnly",
        "SameSite=Strict",
    ] {
        assert!(set.split("; ").any(|p| p == part), "{part} in {set}");
    }

    // The first page with the cookie shows the token and clears the cookie; it is not cached.
    let cookie = format!("owner_token={token}");
    let r = app
        .client
        .get(app.url(&location))
        .header(COOKIE, &cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()[CSP], CONTENT_SECURITY_POLICY);
    assert_eq!(r.headers()[CACHE_CONTROL], "no-store");
    let cleared = r.headers()[SET_COOKIE].to_str().unwrap().to_string();
    assert!(
        cleared.starts_with("owner_token=;") && cleared.contains("Max-Age=0"),
        "{cleared}"
    );
    assert!(cleared.contains(&format!("Path={location}")), "{cleared}");
    let first = r.text().await.unwrap();
    assert!(first.contains("Keep this delete token"));
    assert!(first.contains(&token));
    // The CSP holds: no inline script or style on the page.
    assert!(!first.contains("style="), "inline style");
    assert_eq!(
        first.matches("<script").count(),
        first.matches("<script src=\"/static/").count(),
        "inline script"
    );

    // Afterwards (the browser dropped the cookie) the token is gone, also from the stored page.
    for _ in 0..2 {
        let again = app.get(&location).await;
        assert!(!again.headers().contains_key(SET_COOKIE));
        let again = again.text().await.unwrap();
        assert!(!again.contains(&token) && !again.contains("Keep this delete token"));
        assert!(
            again.contains("Delete this replay"),
            "the delete form stays"
        );
    }
    // A cookie that is not this replay's token shows nothing (and is cleared).
    let r = app
        .client
        .get(app.url(&location))
        .header(COOKIE, format!("owner_token={}", "0".repeat(64)))
        .send()
        .await
        .unwrap();
    assert!(r.headers().contains_key(SET_COOKIE));
    assert!(!r.text().await.unwrap().contains("Keep this delete token"));

    // The delete form: a wrong token gets a 403 page, the right one goes home with a notice.
    let delete = format!("{location}/delete");
    let r = app
        .client
        .post(app.url(&delete))
        .form(&[("token", "wrong")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    assert_eq!(r.headers()[CSP], CONTENT_SECURITY_POLICY);
    let page = r.text().await.unwrap();
    assert!(page.contains("Not allowed") && page.contains("not this replay"));
    assert_eq!(app.get(&location).await.status(), StatusCode::OK);
    let r = app
        .client
        .post(app.url(&delete))
        .form(&[("token", "")])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
    let r = app
        .client
        .post(app.url(&delete))
        .form(&[("token", token.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SEE_OTHER);
    let home = r.headers()[LOCATION].to_str().unwrap().to_string();
    assert_eq!(home, "/?deleted=1");
    assert!(
        app.get(&home)
            .await
            .text()
            .await
            .unwrap()
            .contains("The replay was deleted")
    );
    assert_eq!(app.get(&location).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        app.get(&format!("/api/v1/replays/{id}/log")).await.status(),
        StatusCode::NOT_FOUND
    );
    app.stop().await;
    for (path, bytes) in files_under(dir.path()) {
        assert!(
            !contains_bytes(&bytes, token.as_bytes()),
            "{} holds the owner token in plain",
            path.display()
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_raw_log_comes_back_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let mut log = b"\xEF\xBB\xBF".to_vec();
    log.extend_from_slice(SAMPLE.replace('\n', "\r\n").as_bytes());
    let r = app.upload_text(log.clone()).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = json(r).await["id"].as_str().unwrap().to_string();
    let r = app.get(&format!("/api/v1/replays/{id}/log")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()[CONTENT_TYPE], "text/plain; charset=utf-8");
    assert_eq!(r.headers()["x-content-type-options"], "nosniff");
    assert_eq!(r.bytes().await.unwrap().as_ref(), log.as_slice());
    let r = app
        .get("/api/v1/replays/0123456789abcdef0123456789abcdef/log")
        .await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert_eq!(json(r).await["error"]["status"], 404);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn every_answer_carries_the_security_headers() {
    assert!(CONTENT_SECURITY_POLICY.contains("frame-ancestors 'none'"));
    assert!(CONTENT_SECURITY_POLICY.contains("script-src 'self'"));
    assert!(CONTENT_SECURITY_POLICY.contains("style-src 'self'"));
    assert!(!CONTENT_SECURITY_POLICY.contains("unsafe"));
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let created = json(app.upload_text(SAMPLE).await).await;
    let id = created["id"].as_str().unwrap();
    let mut answers = Vec::new();
    for path in [
        "/".to_string(),
        format!("/replays/{id}"),
        format!("/api/v1/replays/{id}"),
        format!("/api/v1/replays/{id}/log"),
        "/rulings/search?q=burn".to_string(),
        "/static/app.css".to_string(),
        "/healthz".to_string(),
        "/no/such/page".to_string(),
    ] {
        answers.push((path.clone(), app.get(&path).await));
    }
    answers.push(("DELETE without a token".into(), app.delete(id, None).await));
    answers.push(("an upload".into(), app.upload_text(SAMPLE).await));
    for (what, r) in answers {
        let h = r.headers();
        assert_eq!(h[CSP], CONTENT_SECURITY_POLICY, "{what}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{what}");
        assert_eq!(h["x-frame-options"], "DENY", "{what}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{what}");
    }
    app.stop().await;
}

/// A long game is shown in parts of at most 1,000 lines, each page well under 1 MB, with
/// previous and next links; a board view opens the part that holds its line; a short game is
/// one page as before.
#[tokio::test(flavor = "multi_thread")]
async fn a_long_game_is_shown_in_parts() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    // About 1 MB of game-shaped lines.
    let long = SAMPLE.repeat((1 << 20) / SAMPLE.len());
    let lines = long.lines().count();
    let r = app.upload_text(long).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = json(r).await["id"].as_str().unwrap().to_string();
    let first = app
        .get(&format!("/replays/{id}"))
        .await
        .text()
        .await
        .unwrap();
    assert!(first.len() < 1 << 20, "part 1 is {} bytes", first.len());
    let parts = lines.div_ceil(1000);
    assert!(first.contains("this is part 1"), "no part notice");
    assert!(first.contains("rel=\"next\""));
    assert!(!first.contains("rel=\"prev\""));
    let second = app
        .get(&format!("/replays/{id}?part=2"))
        .await
        .text()
        .await
        .unwrap();
    assert!(second.contains("this is part 2"));
    assert!(second.contains("rel=\"prev\""));
    assert!(second.len() < 1 << 20);
    // The board of a line in a later part opens that part.
    let line = lines - 5;
    let board = app
        .get(&format!("/replays/{id}?at={line}"))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        board.contains(&format!("id=\"line-{line}\"")),
        "line {line} not on its board page"
    );
    assert!(board.contains("Board after line"));
    assert!(parts >= 3, "{parts}");
    // The summary's counts lead to the first step of their verdict, in its part; in the
    // violations-only view, line numbers lead into the whole game.
    assert!(
        first.contains("class=\"v violation\" href=\""),
        "no link on the violation count"
    );
    let only = app
        .get(&format!("/replays/{id}?only=violations"))
        .await
        .text()
        .await
        .unwrap();
    assert!(
        only.contains(&format!("href=\"/replays/{id}?part=")),
        "filtered line numbers do not lead into the parts"
    );
    // A short game: one page, no parts.
    let r = app.upload_text(SAMPLE).await;
    let id = json(r).await["id"].as_str().unwrap().to_string();
    let page = app
        .get(&format!("/replays/{id}"))
        .await
        .text()
        .await
        .unwrap();
    assert!(!page.contains("class=\"parts\""));
    app.stop().await;
}

/// A maximum-size log (one long game of just under 5 MB): every page of it stays under 1 MB,
/// and the store grows by at most four bytes per byte of log, the raw log included.
#[tokio::test(flavor = "multi_thread")]
async fn a_maximum_size_log_has_bounded_pages_and_a_compact_record() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let log = common::sizes::max_size_log(SAMPLE.as_bytes(), ptcg_judge::log::MAX_LOG_BYTES);
    let before = common::sizes::dir_bytes(dir.path());
    let r = app.upload_text(log.clone()).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = json(r).await["id"].as_str().unwrap().to_string();
    let after = common::sizes::dir_bytes(dir.path());
    let per_byte = (after - before) as f64 / log.len() as f64;
    assert!(
        per_byte < 4.0,
        "the store grew {per_byte:.2} bytes per byte of log"
    );
    let lines = log.iter().filter(|b| **b == b'\n').count();
    for path in [
        format!("/replays/{id}"),
        format!("/replays/{id}?part=2"),
        format!("/replays/{id}?at={}", lines / 2),
        format!("/replays/{id}?only=violations"),
    ] {
        let page = app.get(&path).await.bytes().await.unwrap();
        assert!(page.len() < 1 << 20, "{path}: {} bytes", page.len());
    }
    app.stop().await;
}

/// Stepping through a long game's boards: each board view of a line is that line's board
/// (its part's boards are made once and kept), and a deleted upload's kept record and boards
/// are not answered.
#[tokio::test(flavor = "multi_thread")]
async fn stepping_through_a_long_game_and_deleting_it() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let long = SAMPLE.repeat(4000 / SAMPLE.lines().count() + 1);
    let lines = long.lines().count();
    let r = app.upload_text(long).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let body = json(r).await;
    let id = body["id"].as_str().unwrap().to_string();
    let token = body["owner_token"].as_str().unwrap().to_string();
    let mut seen = Vec::new();
    for line in [lines - 40, lines - 39, lines - 38, 3, 4] {
        let page = app
            .get(&format!("/replays/{id}?at={line}"))
            .await
            .text()
            .await
            .unwrap();
        assert!(
            page.contains(&format!("Board after line {line}")),
            "line {line}: no board of that line"
        );
        seen.push(page);
    }
    // Viewing a line again gives the same page.
    let again = app
        .get(&format!("/replays/{id}?at={}", lines - 40))
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(again, seen[0]);
    let r = app.delete(&id, Some(&format!("Bearer {token}"))).await;
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    for path in [
        format!("/replays/{id}?at={}", lines - 39),
        format!("/replays/{id}?part=2"),
    ] {
        assert_eq!(
            app.get(&path).await.status(),
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    app.stop().await;
}

/// A log in German is read: the replay page keeps each line as written and shows the English
/// line it was read as beside it; the JSON report says which language.
#[tokio::test(flavor = "multi_thread")]
async fn a_german_log_is_shown_with_its_english_lines() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let log = "Vorbereitung\n\
               Ana hat Kopf für den Münzwurf am Anfang gewählt.\n\
               Ana hat den Münzwurf gewonnen.\n\
               Ana hat Pikachu in die Aktive Position gelegt.\n\
               Bob hat Evoli in die Aktive Position gelegt.\n\
               \n\
               Turn # 1 - Zug von Ana\n\
               Ana hat eine Karte gezogen.\n";
    let r = app.upload_text(log).await;
    assert_eq!(r.status(), StatusCode::CREATED);
    let id = json(r).await["id"].as_str().unwrap().to_string();
    let report = json(app.get(&format!("/api/v1/replays/{id}")).await).await;
    assert_eq!(report["language"], "de");
    let step = &report["steps"][3];
    assert_eq!(
        step["text"],
        "Ana hat Pikachu in die Aktive Position gelegt."
    );
    assert_eq!(step["english"], "Ana played Pikachu to the Active Spot.");
    let page = app
        .get(&format!("/replays/{id}"))
        .await
        .text()
        .await
        .unwrap();
    assert!(page.contains("Ana hat Pikachu in die Aktive Position gelegt."));
    assert!(page.contains("class=\"en\" lang=\"en\""));
    // The card links are on the English line, where the card's English name is.
    assert!(
        page.contains("Ana played <a href=\"/cards?name=Pikachu\">Pikachu</a> to the Active Spot."),
        "the English line links the card"
    );
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn card_pages_by_name_and_by_id_and_names_for_suggestions() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn(dir.path()).await;
    let db = cards();
    let nemona = db.card(db.by_name("Nemona")[0]).id.clone();
    // By name, whatever the case: the card's facts and the rulings a Supporter touches.
    let r = app.get("/cards?name=nemona").await;
    assert_eq!(r.status(), StatusCode::OK);
    let page = r.text().await.unwrap();
    assert!(page.contains("<h1>Nemona</h1>"), "{page}");
    assert!(page.contains("/rulings/turn-structure#turn.supporter-once"));
    // By id.
    let r = app.get(&format!("/cards/{nemona}")).await;
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.text().await.unwrap().contains(&nemona));
    // Not a card: 404 with the names close to it.
    let r = app.get("/cards?name=Nemonx").await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let page = r.text().await.unwrap();
    assert!(page.contains("No card named"), "{page}");
    assert!(page.contains("href=\"/cards?name=Nemona\""), "{page}");
    assert_eq!(
        app.get("/cards/no-such-card").await.status(),
        StatusCode::NOT_FOUND
    );
    // Names for a form's suggestions.
    let names = json(app.get("/api/v1/cards/names?q=nem").await).await;
    assert!(
        names.as_array().unwrap().iter().any(|n| n == "Nemona"),
        "{names}"
    );
    assert_eq!(
        json(app.get("/api/v1/cards/names?q=").await).await,
        serde_json::json!([])
    );
    app.stop().await;

    // Without card data the page says so.
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn_with(dir.path(), None).await;
    let r = app.get("/cards?name=Nemona").await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    assert!(r.text().await.unwrap().contains("no card data loaded"));
    app.stop().await;
}
