//! The upload load: many clients, each posting a log on its own schedule, so that together they
//! send a fixed number of uploads a second (an open loop: a slow answer does not slow the
//! others' sending). This is the figure the upload latency target is stated in.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;

use super::http::{Tally, client, forwarded_for, upload};
use super::server::ServerProcess;
use super::stats::Latencies;

/// How to load the server with uploads.
#[derive(Debug, Clone)]
pub struct UploadLoadPlan {
    pub clients: usize,
    /// All clients together.
    pub per_second: f64,
    pub duration: Duration,
    /// Uploads sent before this are not in the latencies (errors are counted from the start).
    pub warmup: Duration,
}

/// What the upload load measured.
#[derive(Debug, Clone, Default)]
pub struct UploadLoadRun {
    pub tally: Tally,
    pub latencies: Latencies,
    /// Uploads sent after the warm-up, per second of the measured time.
    pub achieved_per_second: f64,
    /// Uploads sent more than 10 ms after their time because the client's previous one was
    /// still waiting for its answer.
    pub late: u64,
}

/// Run `plan` against `server`, each upload's body `log`. Client `i` sends at
/// `start + (i / clients + k) * clients / per_second` for k = 0, 1, …, so the sends are spread
/// evenly over time.
pub async fn paced_uploads(
    server: &ServerProcess,
    log: &[u8],
    plan: &UploadLoadPlan,
) -> UploadLoadRun {
    let base: Arc<str> = Arc::from(server.base());
    let log = Bytes::copy_from_slice(log);
    let clients = plan.clients.max(1);
    let period = Duration::from_secs_f64(clients as f64 / plan.per_second.max(0.001));
    let start = Instant::now() + Duration::from_millis(200);
    let warm_end = start + plan.warmup;
    let end = start + plan.duration;
    let mut tasks = Vec::new();
    for i in 0..clients {
        let (base, log) = (base.clone(), log.clone());
        tasks.push(tokio::spawn(async move {
            let client = client();
            let from = forwarded_for(5, i as u32);
            let mut tally = Tally::default();
            let mut latencies = Latencies::default();
            let (mut measured, mut late) = (0u64, 0u64);
            let mut due = start + period.mul_f64(i as f64 / clients as f64);
            while due < end {
                let now = Instant::now();
                if now < due {
                    tokio::time::sleep_until(due.into()).await;
                } else if now - due > Duration::from_millis(10) {
                    late += 1;
                }
                let (outcome, took, _) = upload(&client, &base, &log, &from).await;
                tally.add(&outcome);
                if due >= warm_end {
                    latencies.push(took);
                    measured += 1;
                }
                due += period;
            }
            (tally, latencies, measured, late)
        }));
    }
    let mut run = UploadLoadRun::default();
    let mut measured = 0;
    for task in tasks {
        if let Ok((tally, latencies, m, late)) = task.await {
            run.tally.merge(&tally);
            run.latencies.extend(&latencies);
            measured += m;
            run.late += late;
        }
    }
    let seconds = end.saturating_duration_since(warm_end).as_secs_f64();
    run.achieved_per_second = if seconds > 0.0 {
        measured as f64 / seconds
    } else {
        0.0
    };
    run
}
