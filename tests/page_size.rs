//! What a phone waits for (issue 41): every English shared game's replay page, and the board
//! view of its middle line, sent gzip-compressed when asked, at most 40 KB for a 400-line game
//! (that share of 40 KB per line for a longer game, 40 KB at most for a shorter one); brotli
//! when asked for it; and the page as sent decodes to the page as rendered.

mod common;

use std::io::Read;

use ptcg_judge::store::Store;
use ptcg_judge::web::{AppState, run};

/// The most bytes on the wire for a replay page of 400 lines.
const BUDGET_400_LINES: usize = 40 * 1024;

fn budget(lines: usize) -> usize {
    BUDGET_400_LINES * lines.max(400) / 400
}

async fn get(client: &reqwest::Client, url: &str, encoding: &str) -> (Option<String>, Vec<u8>) {
    let r = client
        .get(url)
        .header("Accept-Encoding", encoding)
        .send()
        .await
        .expect("a page");
    assert!(r.status().is_success(), "{url}: {}", r.status());
    let header = r
        .headers()
        .get("content-encoding")
        .map(|v| v.to_str().unwrap_or_default().to_string());
    (header, r.bytes().await.expect("a body").to_vec())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_replay_page_is_small_on_the_wire() {
    let Some(logs) = common::english_logs() else {
        return;
    };
    let dir = tempfile::tempdir().expect("store folder");
    let store = Store::open(dir.path(), 8 << 20).expect("store");
    let cards = ptcg_judge::cards::snapshot::builtin().expect("built-in card data");
    let state = AppState::with(store, Some(cards), "built-in".into());
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let base = format!(
        "http://127.0.0.1:{}",
        listener.local_addr().expect("addr").port()
    );
    let server = run(listener, actix_web::web::Data::new(state)).expect("run");
    let handle = server.handle();
    tokio::spawn(server);
    let client = reqwest::Client::new();
    let mut largest = (0usize, 0usize, String::new());
    for path in &logs {
        let text = std::fs::read_to_string(path).expect("read the log");
        let lines = text.lines().count();
        let answer: serde_json::Value = client
            .post(format!("{base}/api/v1/replays"))
            .body(text)
            .send()
            .await
            .expect("upload")
            .json()
            .await
            .expect("the upload's answer");
        let url = format!("{base}{}", answer["url"].as_str().expect("url"));
        let middle = lines / 2;
        for page in [url.clone(), format!("{url}?at={middle}")] {
            let (plain_encoding, plain) = get(&client, &page, "identity").await;
            assert_eq!(plain_encoding, None, "{page}: sent as is when not asked");
            let (encoding, gzip) = get(&client, &page, "gzip").await;
            assert_eq!(encoding.as_deref(), Some("gzip"), "{page}");
            let mut decoded = Vec::new();
            flate2::read::GzDecoder::new(&gzip[..])
                .read_to_end(&mut decoded)
                .expect("the gzip body decodes");
            assert_eq!(decoded, plain, "{page}: the gzip body is the page");
            assert!(
                gzip.len() <= budget(lines),
                "{}: {page} is {} bytes gzipped for {lines} lines; at most {}",
                path.display(),
                gzip.len(),
                budget(lines)
            );
            let (encoding, br) = get(&client, &page, "br").await;
            assert_eq!(encoding.as_deref(), Some("br"), "{page}");
            assert!(br.len() < plain.len() / 4, "{page}: brotli");
            if gzip.len() > largest.0 {
                largest = (gzip.len(), lines, page.clone());
            }
        }
    }
    eprintln!(
        "largest replay page on the wire: {} bytes gzipped ({} lines), {}",
        largest.0, largest.1, largest.2
    );
    handle.stop(true).await;
}
