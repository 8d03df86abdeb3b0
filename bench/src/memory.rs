//! Memory under large requests: a maximum-size log uploaded, then viewed at 8 lines at once
//! (`?at=`) with a second upload of it in flight, on a fresh server. Every answer must be 200,
//! 201 or 503 (the work budget refusing), and the server's peak RSS stay under its bound.

use bytes::Bytes;

use super::http::{Outcome, client, forwarded_for, get, upload};
use super::server::ServerProcess;

/// What the run measured.
#[derive(Debug, Clone)]
pub struct MemoryRun {
    pub log_bytes: usize,
    /// Server RSS (KiB) before the first upload, and its peak over the whole run.
    pub idle_kib: Option<u64>,
    pub peak_kib: Option<u64>,
    /// The answers to the 8 views and the second upload.
    pub answers: Vec<Outcome>,
}

impl MemoryRun {
    /// Every answer a success or a 503.
    pub fn clean(&self) -> bool {
        self.answers.iter().all(|o| match o {
            Outcome::Ok => true,
            Outcome::Error(e) => e.starts_with("HTTP 503"),
            Outcome::Limited => false,
        })
    }
}

pub async fn run(server: &ServerProcess, log: Bytes) -> MemoryRun {
    let base = server.base();
    let idle_kib = server.rss_kib();
    let c = client();
    let (first, _, id) = upload(&c, &base, &log, &forwarded_for(9, 0)).await;
    let mut answers = vec![first];
    if let Some(id) = id {
        let lines = log.iter().filter(|b| **b == b'\n').count();
        let mut tasks = Vec::new();
        for k in 1..=8 {
            let url = format!("{base}/replays/{id}?at={}", (k * lines / 9).max(1));
            tasks.push(tokio::spawn(async move {
                get(&client(), &url, &forwarded_for(9, k as u32)).await.0
            }));
        }
        let (base, log) = (base.clone(), log.clone());
        tasks.push(tokio::spawn(async move {
            upload(&client(), &base, &log, &forwarded_for(9, 9)).await.0
        }));
        answers.clear();
        for t in tasks {
            if let Ok(outcome) = t.await {
                answers.push(outcome);
            }
        }
    }
    MemoryRun {
        log_bytes: log.len(),
        idle_kib,
        peak_kib: server.peak_rss_kib(),
        answers,
    }
}
