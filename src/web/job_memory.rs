//! What a heavy job holds, measured: the library's tests count the bytes each thread holds
//! (`crate::allocator::held`), so a job run on the test's thread shows its peak. The work
//! budget charges each kind of job a factor per byte of log ([`super::work`]); this test fails
//! when a job holds more than its factor charges, with room for the allocator's own rounding.
//!
//! The logs: real games' turns repeated into one long game, as the service's largest logs
//! are made in `ptcg-judge-bench` (the shared English logs, when `../shared` is there;
//! under `CI=true` or `PTCG_JUDGE_REQUIRE_INPUTS=1` their absence fails the test), and the
//! project's own sample games always.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use actix_web::web::BytesMut;

use crate::allocator::held;
use crate::engine::RuleEdition;
use crate::store::Store;

use super::pages::{ReplayQuery, ViewAsk, view_job};
use super::state::AppState;
use super::work::{ALLOCATOR_ROOM_PERCENT, Job, Work};

/// Each game is repeated to about these many bytes: above the size verified on the worker
/// ([`super::work::INLINE_BYTES`]), long enough for the record to be kept and for what is
/// read once per card data to weigh nothing, short enough for a debug build.
const LOG_BYTES: [usize; 3] = [200_000, 600_000, 1_200_000];

/// The shared games measured: the one the bench repeats, and the one whose report is the
/// largest per byte of log among the English logs (13 bytes of JSON a byte).
const SHARED: [&str; 2] = [
    "en-2026/dipplin-vs-mega-excadrill.log",
    "en-2026/slowking-vs-froslass-mill.log",
];

const SAMPLES: [&str; 2] = ["prizes-win.log", "deck-out-win.log"];

fn required() -> bool {
    let set = |k: &str| std::env::var(k).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
    set("CI") || set("PTCG_JUDGE_REQUIRE_INPUTS")
}

fn games() -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<(PathBuf, Vec<u8>)> = SAMPLES
        .iter()
        .map(|name| {
            let path = root.join("replays").join(name);
            let bytes = std::fs::read(&path).expect("a sample game of the project");
            (path, bytes)
        })
        .collect();
    for name in SHARED {
        let path = root.join("../shared/ptcgl-logs").join(name);
        match std::fs::read(&path) {
            Ok(bytes) => out.push((path, bytes)),
            Err(e) if required() => panic!("missing input {}: {e}", path.display()),
            Err(_) => eprintln!("SKIPPED {}: not there (../shared)", path.display()),
        }
    }
    out
}

/// `game`'s lines repeated as one long game of about `size` bytes, its last line (the end of
/// the game) once at the end (as `ptcg-judge-bench` makes its largest log).
fn long_game(game: &[u8], size: usize) -> Vec<u8> {
    let text = String::from_utf8_lossy(game);
    let trimmed = text.trim_end();
    let (body, end) = trimmed.rsplit_once('\n').unwrap_or((trimmed, ""));
    let body = format!("{body}\n");
    let copies = (size / body.len().max(1)).max(1);
    let mut out = body.repeat(copies);
    out.push_str(end);
    out.push('\n');
    out.into_bytes()
}

/// The most this thread held while `job` ran, beyond what it held before.
fn peak_of<T>(job: impl FnOnce() -> T) -> (usize, T) {
    let before = held::now();
    held::start();
    let out = job();
    (held::peak_since(before), out)
}

/// What a job's charge must cover: the bytes measured, with the allocator's room.
fn needed(peak: usize) -> usize {
    peak * (100 + ALLOCATOR_ROOM_PERCENT) / 100
}

/// An upload as the service takes it: the body read in 64 KiB chunks into a growing buffer
/// (as `read_limited` does), verified and stored.
fn upload(state: &AppState, log: &[u8]) -> crate::store::ReplayId {
    let mut body = BytesMut::new();
    for chunk in log.chunks(64 * 1024) {
        body.extend_from_slice(chunk);
    }
    let body = body.freeze();
    let ingested = state
        .ingest_with(&body, RuleEdition::default(), None, None)
        .expect("a legal log is stored");
    ingested.record.id
}

#[test]
fn a_job_holds_no_more_than_it_is_charged() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path(), 16 * 1024 * 1024).unwrap();
    let cards = crate::cards::snapshot::builtin().unwrap();
    let state = AppState::with(store, Some(Arc::clone(&cards)), "built-in".into());
    let mut worst: Vec<String> = Vec::new();
    let mut failures = Vec::new();
    for (path, game) in games() {
        // The cards this game reads are read once per card data, before the measure.
        let first = upload(&state, &game);
        let raw = state.store.raw(&first).unwrap().unwrap();
        let line = (game.iter().filter(|b| **b == b'\n').count() / 2) as u32;
        let ask = |at| ViewAsk {
            base: "/replays/x".into(),
            owner_token: None,
            query: ReplayQuery {
                at,
                ..ReplayQuery::default()
            },
        };
        view_job(&state, &first, &raw, &ask(Some(line))).unwrap();

        for size in LOG_BYTES {
            let log = long_game(&game, size);
            let (peak, id) = peak_of(|| upload(&state, &log));
            let mut measured = vec![(Job::Upload, needed(peak))];
            // A board view of the middle line (the record read and kept, the log replayed to
            // its part), then the first page (the record read, the game at a glance), each on
            // a state that keeps nothing of the upload yet.
            let lines = log.iter().filter(|b| **b == b'\n').count() as u32;
            for at in [Some(lines / 2), None] {
                state.recent.forget(id.as_str());
                let (peak, page) = peak_of(|| {
                    let raw = state.store.raw(&id).unwrap().unwrap();
                    view_job(&state, &id, &raw, &ask(at))
                });
                assert!(page.unwrap().contains("<html"), "a page was made");
                measured.push((Job::View, needed(peak)));
            }
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let per_byte = |job| {
                measured
                    .iter()
                    .filter(|(j, _)| *j == job)
                    .map(|(_, n)| *n as f64 / log.len() as f64)
                    .fold(0f64, f64::max)
            };
            worst.push(format!(
                "{name} ×{} ({} bytes): upload {:.1}, view {:.1} bytes a byte",
                log.len() / game.len().max(1),
                log.len(),
                per_byte(Job::Upload),
                per_byte(Job::View)
            ));
            for (job, needs) in measured {
                let charged = Work::cost(job, log.len());
                if needs > charged {
                    failures.push(format!(
                        "{name}, {} bytes: a {job:?} job holds {needs} bytes at its peak (with \
                         the allocator's room), more than the {charged} it is charged",
                        log.len()
                    ));
                }
            }
        }
    }
    eprintln!(
        "measured, with {ALLOCATOR_ROOM_PERCENT}% room:\n{}",
        worst.join("\n")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The default budget takes two jobs on logs of the largest size at once, of either kind, and
/// not three: what the service's memory bound is worked out from (docs/service.md).
#[test]
fn the_default_budget_takes_two_jobs_on_the_largest_logs_and_not_three() {
    use super::work::DEFAULT_MEMORY_BUDGET;
    let max = crate::log::MAX_LOG_BYTES;
    for (a, b) in [
        (Job::Upload, Job::Upload),
        (Job::View, Job::View),
        (Job::Upload, Job::View),
    ] {
        let two = Work::cost(a, max) + Work::cost(b, max);
        assert!(two <= DEFAULT_MEMORY_BUDGET, "{a:?} and {b:?}: {two}");
        let three = two + Work::cost(Job::Upload, max).min(Work::cost(Job::View, max));
        assert!(
            three > DEFAULT_MEMORY_BUDGET,
            "a third with {a:?} and {b:?}: {three}"
        );
    }
}
