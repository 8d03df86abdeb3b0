//! Replay page throughput: many keep-alive clients asking for one stored replay's page.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::http::{Tally, client, forwarded_for, get};
use super::stats::Latencies;

/// What the page run measured.
#[derive(Debug, Clone)]
pub struct PageRun {
    pub clients: usize,
    pub seconds: f64,
    pub tally: Tally,
    pub latencies: Latencies,
}

impl PageRun {
    pub fn per_second(&self) -> f64 {
        self.tally.total() as f64 / self.seconds
    }
}

/// `clients` clients in a closed loop (each sends its next request when the last is answered)
/// on `GET url` for `duration`.
pub async fn page_views(url: &str, clients: usize, duration: Duration) -> PageRun {
    let url: Arc<str> = Arc::from(url);
    let start = Instant::now();
    let end = start + duration;
    let mut tasks = Vec::new();
    for i in 0..clients {
        let url = url.clone();
        tasks.push(tokio::spawn(async move {
            let client = client();
            let from = forwarded_for(3, i as u32);
            let mut tally = Tally::default();
            let mut latencies = Latencies::default();
            while Instant::now() < end {
                let (outcome, took) = get(&client, &url, &from).await;
                tally.add(&outcome);
                latencies.push(took);
            }
            (tally, latencies)
        }));
    }
    let mut run = PageRun {
        clients,
        seconds: 0.0,
        tally: Tally::default(),
        latencies: Latencies::default(),
    };
    for task in tasks {
        if let Ok((tally, latencies)) = task.await {
            run.tally.merge(&tally);
            run.latencies.extend(&latencies);
        }
    }
    run.seconds = start.elapsed().as_secs_f64();
    run
}
