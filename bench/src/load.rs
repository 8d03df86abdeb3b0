//! The mixed load: many concurrent clients on loopback, each in a closed loop of page views
//! with an upload every tenth request (when its own pacing allows), for a bounded time; errors
//! counted, latencies after the warm-up, and the server's resident memory sampled.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;

use ptcg_judge::web::UploadRate;

use super::http::{Outcome, Tally, client, forwarded_for, get, upload};
use super::server::ServerProcess;
use super::stats::Latencies;

/// How to load the server.
#[derive(Debug, Clone)]
pub struct LoadPlan {
    pub clients: usize,
    pub duration: Duration,
    /// Not in the latency and throughput figures (errors are counted from the start).
    pub warmup: Duration,
    /// One upload per this many requests, when the client's pacing allows.
    pub upload_every: u64,
    /// Each client keeps its uploads under this rate (set below the server's limit).
    pub pace: UploadRate,
}

/// What the load run measured.
#[derive(Debug, Clone, Default)]
pub struct LoadRun {
    /// Over the whole run, warm-up included.
    pub pages: Tally,
    pub uploads: Tally,
    /// After the warm-up.
    pub measured_seconds: f64,
    pub page_latencies: Latencies,
    pub upload_latencies: Latencies,
    /// Server RSS in KiB: after the warm-up, at the end, the peak, and one sample a second.
    pub rss_after_warmup: Option<u64>,
    pub rss_end: Option<u64>,
    pub rss_peak: Option<u64>,
    pub rss_samples: Vec<(f64, u64)>,
}

impl LoadRun {
    pub fn all(&self) -> Tally {
        let mut t = self.pages.clone();
        t.merge(&self.uploads);
        t
    }

    pub fn latencies(&self) -> Latencies {
        let mut l = self.page_latencies.clone();
        l.extend(&self.upload_latencies);
        l
    }

    /// Mean server RSS (KiB) over the first and the second half of the time after the warm-up:
    /// a steadier sign of growth than two single readings when the RSS swings.
    pub fn rss_halves(&self, warmup: Duration) -> Option<(f64, f64)> {
        let after: Vec<u64> = self
            .rss_samples
            .iter()
            .filter(|(t, _)| *t >= warmup.as_secs_f64())
            .map(|(_, kib)| *kib)
            .collect();
        if after.len() < 2 {
            return None;
        }
        let (first, second) = after.split_at(after.len() / 2);
        let mean = |v: &[u64]| v.iter().sum::<u64>() as f64 / v.len() as f64;
        Some((mean(first), mean(second)))
    }

    pub fn measured_per_second(&self) -> f64 {
        (self.page_latencies.len() + self.upload_latencies.len()) as f64 / self.measured_seconds
    }
}

/// A client's own token bucket, so it stays under the server's upload limit.
struct Pace {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last: Instant,
}

impl Pace {
    fn new(rate: UploadRate, now: Instant) -> Pace {
        Pace {
            tokens: f64::from(rate.burst),
            burst: f64::from(rate.burst),
            per_second: rate.per_second,
            last: now,
        }
    }

    fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[derive(Default)]
struct ClientResult {
    pages: Tally,
    uploads: Tally,
    page_latencies: Latencies,
    upload_latencies: Latencies,
}

/// Run `plan` against `server`; `seed` is a stored replay's id every client views, `log` the
/// body of each upload.
pub async fn mixed(server: &ServerProcess, seed: &str, log: &[u8], plan: &LoadPlan) -> LoadRun {
    let base: Arc<str> = Arc::from(server.base());
    let seed: Arc<str> = Arc::from(seed);
    let log = Bytes::copy_from_slice(log);
    let start = Instant::now();
    let warm_end = start + plan.warmup;
    let end = start + plan.duration;
    let mut tasks = Vec::new();
    for i in 0..plan.clients {
        let (base, seed, log, plan) = (base.clone(), seed.clone(), log.clone(), plan.clone());
        tasks.push(tokio::spawn(async move {
            let client = client();
            let from = forwarded_for(1, i as u32);
            let mut pace = Pace::new(plan.pace, Instant::now());
            let mut own: Vec<String> = Vec::new();
            let mut fresh: Option<String> = None;
            let mut result = ClientResult::default();
            let mut k = 0u64;
            loop {
                let now = Instant::now();
                if now >= end {
                    break;
                }
                k += 1;
                let measured = now >= warm_end;
                if k.is_multiple_of(plan.upload_every) && pace.take(now) {
                    let (outcome, took, id) = upload(&client, &base, &log, &from).await;
                    result.uploads.add(&outcome);
                    if measured {
                        result.upload_latencies.push(took);
                    }
                    if let (Outcome::Ok, Some(id)) = (&outcome, id) {
                        // The uploader looks at the new page next (its first view renders it).
                        fresh = Some(id.clone());
                        if own.len() == 16 {
                            own.remove(0);
                        }
                        own.push(id);
                    }
                } else {
                    let id = fresh.take().unwrap_or_else(|| {
                        if own.is_empty() || k.is_multiple_of(2) {
                            seed.to_string()
                        } else {
                            own[(k / 2) as usize % own.len()].clone()
                        }
                    });
                    let (outcome, took) =
                        get(&client, &format!("{base}/replays/{id}"), &from).await;
                    result.pages.add(&outcome);
                    if measured {
                        result.page_latencies.push(took);
                    }
                }
            }
            result
        }));
    }

    // Sample the server's memory once a second meanwhile.
    let mut run = LoadRun::default();
    let mut next_sample = start;
    while tasks.iter().any(|t| !t.is_finished()) {
        let now = Instant::now();
        if now >= next_sample {
            if let Some(kib) = server.rss_kib() {
                let t = now.duration_since(start).as_secs_f64();
                run.rss_samples.push((t, kib));
                if run.rss_after_warmup.is_none() && now >= warm_end {
                    run.rss_after_warmup = Some(kib);
                }
            }
            next_sample += Duration::from_secs(1);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for task in tasks {
        if let Ok(r) = task.await {
            run.pages.merge(&r.pages);
            run.uploads.merge(&r.uploads);
            run.page_latencies.extend(&r.page_latencies);
            run.upload_latencies.extend(&r.upload_latencies);
        }
    }
    run.measured_seconds = end.saturating_duration_since(warm_end).as_secs_f64();
    run.rss_end = server.rss_kib();
    run.rss_peak = server.peak_rss_kib();
    run
}
