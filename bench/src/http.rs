//! The load generator's HTTP client: one keep-alive connection per simulated client, each with
//! its own `X-Forwarded-For` address (the server under test trusts that header, so the upload
//! limit counts each simulated client apart).

use std::time::{Duration, Instant};

use bytes::Bytes;
use reqwest::Client;
use reqwest::header::{CONTENT_TYPE, HeaderValue};

/// How one request ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// 2xx or 3xx.
    Ok,
    /// 429 Too Many Requests.
    Limited,
    /// Any other status, or a transport error (refused, reset, timed out), and what it was.
    Error(String),
}

/// A client for one simulated user.
pub fn client() -> Client {
    Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        // Shorter than the server's keep-alive, so an idle connection is never reused after
        // the server has closed it.
        .pool_idle_timeout(Duration::from_secs(5))
        .pool_max_idle_per_host(1)
        .build()
        .expect("an HTTP client without TLS builds")
}

/// `10.group.hi.lo`: the address simulated client `index` of `group` forwards as.
pub fn forwarded_for(group: u8, index: u32) -> HeaderValue {
    let [_, _, hi, lo] = index.to_be_bytes();
    HeaderValue::from_str(&format!("10.{group}.{hi}.{lo}")).expect("an address is a header")
}

fn outcome(status: reqwest::StatusCode) -> Outcome {
    if status.is_success() || status.is_redirection() {
        Outcome::Ok
    } else if status == reqwest::StatusCode::TOO_MANY_REQUESTS {
        Outcome::Limited
    } else {
        Outcome::Error(format!("HTTP {status}"))
    }
}

/// `GET url`, the whole body read; how it ended and how long it took.
pub async fn get(client: &Client, url: &str, from: &HeaderValue) -> (Outcome, Duration) {
    let start = Instant::now();
    let result = async {
        let response = client
            .get(url)
            .header("x-forwarded-for", from)
            .send()
            .await?;
        let status = response.status();
        response.bytes().await?;
        Ok::<_, reqwest::Error>(status)
    }
    .await;
    let took = start.elapsed();
    match result {
        Ok(status) => (outcome(status), took),
        Err(e) => (Outcome::Error(e.to_string()), took),
    }
}

/// `POST base/api/v1/replays` with `log` as the body; how it ended, how long it took, and the
/// new replay's id.
pub async fn upload(
    client: &Client,
    base: &str,
    log: &Bytes,
    from: &HeaderValue,
) -> (Outcome, Duration, Option<String>) {
    let body = log.clone();
    let start = Instant::now();
    let result = async {
        let response = client
            .post(format!("{base}/api/v1/replays"))
            .header(CONTENT_TYPE, "text/plain; charset=utf-8")
            .header("x-forwarded-for", from)
            .body(body)
            .send()
            .await?;
        let status = response.status();
        let bytes = response.bytes().await?;
        Ok::<_, reqwest::Error>((status, bytes))
    }
    .await;
    let took = start.elapsed();
    match result {
        Ok((status, bytes)) => {
            let id = serde_json::from_slice::<serde_json::Value>(&bytes)
                .ok()
                .and_then(|v| v["id"].as_str().map(str::to_string));
            (outcome(status), took, id)
        }
        Err(e) => (Outcome::Error(e.to_string()), took, None),
    }
}

/// Counts of outcomes, and the first few errors as examples.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    pub ok: u64,
    pub limited: u64,
    pub errors: u64,
    pub examples: Vec<String>,
}

impl Tally {
    pub fn add(&mut self, outcome: &Outcome) {
        match outcome {
            Outcome::Ok => self.ok += 1,
            Outcome::Limited => self.limited += 1,
            Outcome::Error(e) => {
                self.errors += 1;
                if self.examples.len() < 3 && !self.examples.contains(e) {
                    self.examples.push(e.clone());
                }
            }
        }
    }

    pub fn merge(&mut self, other: &Tally) {
        self.ok += other.ok;
        self.limited += other.limited;
        self.errors += other.errors;
        for e in &other.examples {
            if self.examples.len() < 3 && !self.examples.contains(e) {
                self.examples.push(e.clone());
            }
        }
    }

    pub fn total(&self) -> u64 {
        self.ok + self.limited + self.errors
    }
}
