//! Two maximum-size uploads at once: how long a bystander waits for `/healthz` meanwhile, how
//! large the replay page of such a log is, and how much the store grows per uploaded byte.

use std::time::Duration;

use bytes::Bytes;

use super::http::{Outcome, client, forwarded_for, get, upload};
use super::server::ServerProcess;
use super::sizes::dir_bytes;
use super::stats::Latencies;

/// What the run measured.
#[derive(Debug, Clone)]
pub struct BigRun {
    pub log_bytes: usize,
    pub healthz: Latencies,
    pub uploads: Vec<(Outcome, Duration)>,
    /// The first page of the replay of one of them, in bytes.
    pub page_bytes: Option<usize>,
    /// Store growth per uploaded byte.
    pub store_per_byte: Option<f64>,
    /// Board views of a line in the middle of that replay: the first (which replays the log),
    /// then the next lines, one after another (a judge stepping).
    pub board_first: Option<Duration>,
    pub board_next: Latencies,
}

/// Upload `log` twice at once (as two clients) and poll `/healthz` every 20 ms until both are
/// answered.
pub async fn run(server: &ServerProcess, log: Bytes) -> BigRun {
    let base = server.base();
    let before = dir_bytes(server.data_dir());
    let uploads: Vec<_> = (0..2u32)
        .map(|i| {
            let (base, log) = (base.clone(), log.clone());
            tokio::spawn(async move {
                let c = client();
                let (outcome, took, id) = upload(&c, &base, &log, &forwarded_for(7, i)).await;
                (outcome, took, id)
            })
        })
        .collect();
    let bystander = client();
    let from = forwarded_for(8, 0);
    let mut healthz = Latencies::default();
    while uploads.iter().any(|u| !u.is_finished()) {
        let (_, took) = get(&bystander, &format!("{base}/healthz"), &from).await;
        healthz.push(took);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut done = Vec::new();
    let mut id = None;
    for u in uploads {
        if let Ok((outcome, took, got)) = u.await {
            id = id.or(got);
            done.push((outcome, took));
        }
    }
    let after = dir_bytes(server.data_dir());
    let page_bytes = match &id {
        Some(id) => match reqwest::get(format!("{base}/replays/{id}")).await {
            Ok(r) => r.bytes().await.ok().map(|b| b.len()),
            Err(_) => None,
        },
        None => None,
    };
    let mut board_first = None;
    let mut board_next = Latencies::default();
    if let Some(id) = &id {
        let middle = log.iter().filter(|b| **b == b'\n').count() / 2;
        for step in 0..11 {
            let url = format!("{base}/replays/{id}?at={}", middle + step);
            let (outcome, took) = get(&bystander, &url, &from).await;
            if outcome != Outcome::Ok {
                break;
            }
            if step == 0 {
                board_first = Some(took);
            } else {
                board_next.push(took);
            }
        }
    }
    let uploaded = 2 * log.len();
    BigRun {
        board_first,
        board_next,
        log_bytes: log.len(),
        healthz,
        uploads: done,
        page_bytes,
        store_per_byte: (after >= before && uploaded > 0)
            .then(|| (after - before) as f64 / uploaded as f64),
    }
}
