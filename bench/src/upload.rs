//! Upload latency: one client posting a log again and again (each upload parsed, verified,
//! stored and flushed to disk before the answer).

use super::http::{Tally, client, forwarded_for, upload};
use super::stats::Latencies;

/// What the upload run measured.
#[derive(Debug, Clone)]
pub struct UploadRun {
    pub tally: Tally,
    pub latencies: Latencies,
}

/// `count` uploads of `log`, one after another. Each is sent as another client (its own
/// `X-Forwarded-For`), so the per-client upload limit does not apply: this measures the work of
/// an upload, not the limit.
pub async fn uploads(base: &str, log: &[u8], count: usize) -> UploadRun {
    let client = client();
    let body = bytes::Bytes::copy_from_slice(log);
    let mut run = UploadRun {
        tally: Tally::default(),
        latencies: Latencies::default(),
    };
    // Two to warm up the connection and the store, not counted.
    for i in 0..2u32 {
        upload(&client, base, &body, &forwarded_for(4, 60_000 + i)).await;
    }
    for i in 0..count {
        let (outcome, took, _) = upload(&client, base, &body, &forwarded_for(4, i as u32)).await;
        run.tally.add(&outcome);
        run.latencies.push(took);
    }
    run
}
