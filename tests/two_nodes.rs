//! Two `serve` processes on one PostgreSQL database behave as one service: an upload on one is
//! read, listed, rendered and deletable on the other; uploads spread over both all land; a
//! node SIGKILLed while uploads stream to it loses nothing it acknowledged. SKIPPED when no
//! PostgreSQL server answers.

mod common;

use std::fs::File;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::postgres::TestDb;
use reqwest::StatusCode;

const BIN: &str = env!("CARGO_BIN_EXE_ptcg-judge");
const LOG: &[u8] = include_bytes!("../replays/prizes-win.log");

struct Node {
    child: Child,
    base: String,
    _log: tempfile::NamedTempFile,
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Start a node on the database and wait until `/healthz` answers.
async fn start(url: &str, http: &reqwest::Client) -> Node {
    let log = tempfile::NamedTempFile::new().unwrap();
    let port = common::free_port();
    let child = Command::new(BIN)
        .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
        .args(["--store", url, "--upload-burst", "0"])
        .env_remove("PTCG_JUDGE_CARDS")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(File::create(log.path()).unwrap()))
        .spawn()
        .expect("start ptcg-judge serve");
    let mut node = Node {
        child,
        base: format!("http://127.0.0.1:{port}"),
        _log: log,
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(Some(status)) = node.child.try_wait() {
            panic!(
                "the node stopped ({status}): {}",
                std::fs::read_to_string(node._log.path()).unwrap_or_default()
            );
        }
        let health = http.get(format!("{}/healthz", node.base)).send().await;
        if health.is_ok_and(|r| r.status().is_success()) {
            return node;
        }
        assert!(Instant::now() < deadline, "no /healthz within 60 s");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Upload `body` to a node: its id and owner token.
async fn upload(http: &reqwest::Client, node: &str, body: &[u8]) -> Option<(String, String)> {
    let r = http
        .post(format!("{node}/api/v1/replays"))
        .header("content-type", "text/plain")
        .body(body.to_vec())
        .send()
        .await
        .ok()?;
    if r.status() != StatusCode::CREATED {
        return None;
    }
    let v: serde_json::Value = r.json().await.ok()?;
    Some((
        v["id"].as_str()?.to_string(),
        v["owner_token"].as_str()?.to_string(),
    ))
}

async fn status(http: &reqwest::Client, url: String) -> StatusCode {
    http.get(url).send().await.unwrap().status()
}

/// The log body of an upload, numbered so that every upload differs.
fn numbered(n: usize) -> Vec<u8> {
    let mut body = LOG.to_vec();
    body.extend_from_slice(format!("\nUpload {n} of the two-node test.\n").as_bytes());
    body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_on_one_database_are_one_service() {
    let Some(db) = TestDb::create("the two-node test") else {
        return;
    };
    let http = reqwest::Client::new();
    let a = start(&db.url, &http).await;
    let b = start(&db.url, &http).await;

    // Upload on A: read, rendered and listed on B.
    let (id, token) = upload(&http, &a.base, LOG).await.expect("upload on A");
    let log = http
        .get(format!("{}/api/v1/replays/{id}/log", b.base))
        .send()
        .await
        .unwrap();
    assert_eq!(log.status(), StatusCode::OK);
    assert_eq!(log.bytes().await.unwrap().as_ref(), LOG);
    assert_eq!(
        status(&http, format!("{}/api/v1/replays/{id}", b.base)).await,
        StatusCode::OK
    );
    let page = http
        .get(format!("{}/replays/{id}", b.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.text().await.unwrap().contains("<html"));
    // A renders (and keeps) its page too; then B deletes it, and A answers 404 everywhere.
    assert_eq!(
        status(&http, format!("{}/replays/{id}", a.base)).await,
        StatusCode::OK
    );
    let health: serde_json::Value = http
        .get(format!("{}/healthz", b.base))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(health["replays"], 1, "B lists A's upload");
    let deleted = http
        .delete(format!("{}/api/v1/replays/{id}", b.base))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    for url in [
        format!("{}/replays/{id}", a.base),
        format!("{}/api/v1/replays/{id}", a.base),
        format!("{}/api/v1/replays/{id}/log", a.base),
    ] {
        assert_eq!(
            status(&http, url.clone()).await,
            StatusCode::NOT_FOUND,
            "{url}"
        );
    }

    // 60 uploads spread over both nodes, 4 at a time: all land, every one readable on the
    // other node.
    let mut uploads = Vec::new();
    for chunk in (0..60).collect::<Vec<_>>().chunks(4) {
        let batch = chunk.iter().map(|&n| {
            let (to, other) = if n % 2 == 0 { (&a, &b) } else { (&b, &a) };
            let http = http.clone();
            let (to, other) = (to.base.clone(), other.base.clone());
            async move {
                let body = numbered(n);
                let (id, _) = upload(&http, &to, &body).await.expect("an upload");
                (id, body, other)
            }
        });
        uploads.extend(futures_util::future::join_all(batch).await);
    }
    for (id, body, other) in &uploads {
        let got = http
            .get(format!("{other}/api/v1/replays/{id}/log"))
            .send()
            .await
            .unwrap();
        assert_eq!(got.status(), StatusCode::OK, "{id} on {other}");
        assert_eq!(got.bytes().await.unwrap().as_ref(), body.as_slice());
    }
    let mut ids: Vec<&String> = uploads.iter().map(|(id, _, _)| id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 60, "ids never collide");

    // Uploads stream to A; A is SIGKILLed part way. Every upload A acknowledged is on B.
    let mut a = a;
    // A is killed once it has acknowledged a few uploads (an event, not a guess at how long that
    // takes), while the stream goes on.
    const ACKED_BEFORE_KILL: usize = 5;
    let (streamed, mut acked_so_far) = tokio::sync::watch::channel(0usize);
    let streaming = {
        let http = http.clone();
        let base = a.base.clone();
        tokio::spawn(async move {
            let mut acked = Vec::new();
            for n in 1000.. {
                let body = numbered(n);
                match upload(&http, &base, &body).await {
                    Some((id, _)) => {
                        acked.push((id, body));
                        streamed.send_replace(acked.len());
                    }
                    None => break,
                }
            }
            acked
        })
    };
    tokio::time::timeout(
        Duration::from_secs(60),
        acked_so_far.wait_for(|n| *n >= ACKED_BEFORE_KILL),
    )
    .await
    .expect("A acknowledges uploads within a minute")
    .expect("the stream is still going");
    a.child.kill().expect("SIGKILL node A");
    let _ = a.child.wait();
    let acked = streaming.await.unwrap();
    assert!(
        !acked.is_empty(),
        "A acknowledged uploads before it was killed"
    );
    for (id, body) in &acked {
        let got = http
            .get(format!("{}/api/v1/replays/{id}/log", b.base))
            .send()
            .await
            .unwrap();
        assert_eq!(
            got.status(),
            StatusCode::OK,
            "acknowledged upload {id} lost"
        );
        assert_eq!(got.bytes().await.unwrap().as_ref(), body.as_slice());
    }
    eprintln!(
        "two nodes: 60 uploads spread over both, {} acknowledged by A before its SIGKILL, none lost",
        acked.len()
    );
    drop(b);
    drop(a);
}

/// A node whose database goes away answers 503 with `Retry-After` (never a 500, never a crash),
/// and `/healthz` still answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_whose_database_is_gone_answers_503() {
    let Some(db) = TestDb::create("the lost-database test") else {
        return;
    };
    let http = reqwest::Client::new();
    let node = start(&db.url, &http).await;
    let (id, _) = upload(&http, &node.base, LOG).await.expect("an upload");
    db.drop_now();
    for url in [
        format!("{}/api/v1/replays/{id}", node.base),
        format!("{}/replays/{id}", node.base),
    ] {
        let r = http.get(&url).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE, "{url}");
        assert!(r.headers().contains_key("retry-after"), "{url}");
    }
    let r = http
        .post(format!("{}/api/v1/replays", node.base))
        .header("content-type", "text/plain")
        .body(LOG.to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
    let health = http
        .get(format!("{}/healthz", node.base))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status(), StatusCode::OK);
}
