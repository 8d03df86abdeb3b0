//! Crash safety: every upload the service acknowledged with a 201 survives a SIGKILL.
//!
//! Each round runs the real binary (`ptcg-judge serve`) on one data folder, uploads logs from
//! several clients at once (the samples in `replays/`, the shared corpus when present, and
//! random variants of them: cut short, CRLF with a BOM, repeated to a larger size, with extra
//! lines), now and then deletes one of its own uploads with its owner token, and kills the
//! server with SIGKILL once a random number of uploads (2–24) has been acknowledged in the round
//! (an event, not a clock: a slow machine only makes the round longer, and a server that
//! acknowledges fewer within 60 s fails the test, so one that refuses every upload cannot pass).
//! The other clients are then in the middle of their requests. Then:
//!
//! - the store is opened in this process: every listed upload must have its record and a raw
//!   log byte-identical to something a client sent (an upload that never got its 201 may or may
//!   not be there, but what is there is whole), every acknowledged upload must be listed, and
//!   every acknowledged deletion must be gone;
//! - the server is restarted on the folder (the time until `/healthz` answers is the restart
//!   time), and every upload acknowledged in this and every earlier round must give back its
//!   exact bytes from `/api/v1/replays/{id}/log` and a report from `/api/v1/replays/{id}`.
//!
//! `CRASH_ROUNDS=N` sets the number of rounds (default 3). The seed is printed on standard error
//! and in every failure; `PTCG_JUDGE_TEST_SEED=N` (or the older `CRASH_SEED=N`) runs with it
//! again: the same variants, deletions and kill points (by count of acknowledgements; which
//! requests are in flight at the kill still depends on the scheduler). Run with
//! `-- --nocapture` to see the figures of each round.

mod common;

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ptcg_judge::store::Store;
use sha2::{Digest, Sha256};

const BIN: &str = env!("CARGO_BIN_EXE_ptcg-judge");

/// Upload clients running at once.
const CLIENTS: usize = 3;

/// The fewest and most uploads acknowledged in a round before the kill (drawn from the seed).
const ACKS_BEFORE_KILL: (u64, u64) = (2, 24);

/// How long a round may take to see its acknowledgements before the test fails.
const ROUND_PATIENCE: Duration = Duration::from_secs(60);

/// A small random generator (xorshift64*), seeded so a run can be replayed.
#[derive(Clone)]
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `lo..=hi`.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }

    fn index(&mut self, len: usize) -> usize {
        (self.next() % len as u64) as usize
    }
}

fn digest(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// The logs to upload: the project's samples, and the shared corpus when it is there.
fn corpus() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("replays"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "log"))
        .collect();
    if let Some(shared) = common::shared_dir().map(|d| d.join("ptcgl-logs")) {
        for dir in ["en-2026", "en-player-name-bug", "localized", "mangled"] {
            if let Ok(entries) = std::fs::read_dir(shared.join(dir)) {
                files.extend(entries.flatten().map(|e| e.path()));
            }
        }
    } else {
        common::skipped(
            "part of crash_safety",
            "../shared/ptcgl-logs (uploading the samples only)",
        );
    }
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// A log to upload: one of the corpus as it is, or changed at random.
fn variant(rng: &mut Rng, corpus: &[Vec<u8>]) -> Vec<u8> {
    let base = &corpus[rng.index(corpus.len())];
    let lines: Vec<&[u8]> = base.split_inclusive(|&b| b == b'\n').collect();
    match rng.range(0, 9) {
        // Cut short at a line (a game stopped mid-way is still a log).
        0 | 1 => {
            let keep = rng.range(12.min(lines.len() as u64), lines.len() as u64) as usize;
            lines[..keep].concat()
        }
        // CRLF line ends and a byte-order mark.
        2 => {
            let mut out = b"\xEF\xBB\xBF".to_vec();
            for line in &lines {
                let body = line.strip_suffix(b"\n").unwrap_or(line);
                let body = body.strip_suffix(b"\r").unwrap_or(body);
                out.extend_from_slice(body);
                if line.ends_with(b"\n") {
                    out.extend_from_slice(b"\r\n");
                }
            }
            out
        }
        // The game several times over: a larger upload.
        3 => {
            let n = rng.range(2, 6) as usize;
            let mut out = Vec::with_capacity(base.len() * n);
            for _ in 0..n {
                out.extend_from_slice(base);
                if !out.ends_with(b"\n") {
                    out.push(b'\n');
                }
            }
            out
        }
        // Extra lines of no known shape, so no two uploads are alike.
        4 => {
            let mut out = base.clone();
            if !out.ends_with(b"\n") {
                out.push(b'\n');
            }
            for _ in 0..rng.range(1, 40) {
                out.extend_from_slice(format!("note {:016x}\n", rng.next()).as_bytes());
            }
            out
        }
        _ => base.clone(),
    }
}

/// The server under test, in a child process.
struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Start the server on `data` and wait until `/healthz` answers; returns it and how long that
/// took. A start that fails because the folder is still locked is tried again.
async fn start(data: &Path, log: &Path, http: &reqwest::Client) -> (Server, Duration) {
    for _attempt in 0..20 {
        let port = common::free_port();
        let began = Instant::now();
        let child = Command::new(BIN)
            .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--data"])
            .arg(data)
            .args(["--upload-burst", "0"])
            .env_remove("PTCG_JUDGE_CARDS")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(File::create(log).unwrap()))
            .spawn()
            .expect("start ptcg-judge serve");
        let mut server = Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
        };
        let deadline = began + Duration::from_secs(60);
        loop {
            if let Ok(Some(_)) = server.child.try_wait() {
                break;
            }
            let health = http.get(format!("{}/healthz", server.base)).send().await;
            if health.is_ok_and(|r| r.status().is_success()) {
                return (server, began.elapsed());
            }
            assert!(
                Instant::now() < deadline,
                "the server did not answer /healthz within 60 s"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let why = std::fs::read_to_string(log).unwrap_or_default();
        eprintln!("the server stopped at start ({}); trying again", why.trim());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!(
        "the server would not start on {}: {}",
        data.display(),
        std::fs::read_to_string(log).unwrap_or_default()
    );
}

/// What the clients learned in one round.
#[derive(Default)]
struct Outcome {
    /// Uploads answered 201: id, owner token, the bytes sent.
    acked: Vec<(String, String, Arc<Vec<u8>>)>,
    /// Uploads answered with another status (a log the service refuses).
    refused: usize,
    /// Uploads cut off by the kill (no answer).
    cut: usize,
    /// Deletions answered 204.
    deleted: Vec<String>,
    /// Deletions cut off by the kill: the upload may or may not be there.
    maybe_deleted: Vec<String>,
    /// Answers that are wrong whatever the timing.
    failures: Vec<String>,
    /// The bytes of every upload answered 201.
    acked_bytes: usize,
}

/// Upload (and now and then delete) until the server is gone.
async fn client(
    http: reqwest::Client,
    base: String,
    corpus: Arc<Vec<Vec<u8>>>,
    mut rng: Rng,
    sent: Arc<Mutex<HashSet<[u8; 32]>>>,
    killed: Arc<AtomicBool>,
    acks: Arc<AtomicUsize>,
) -> Outcome {
    let mut out = Outcome::default();
    let mut mine: Vec<(String, String, Arc<Vec<u8>>)> = Vec::new();
    loop {
        if !mine.is_empty() && rng.range(0, 11) == 0 {
            let (id, token, bytes) = mine.swap_remove(rng.index(mine.len()));
            let r = http
                .delete(format!("{base}/api/v1/replays/{id}"))
                .bearer_auth(&token)
                .send()
                .await;
            match r {
                Ok(r) if r.status() == reqwest::StatusCode::NO_CONTENT => out.deleted.push(id),
                Ok(r) => {
                    out.failures.push(format!("DELETE {id}: {}", r.status()));
                    out.acked.push((id, token, bytes));
                }
                Err(_) => {
                    out.maybe_deleted.push(id);
                    break;
                }
            }
            continue;
        }
        let body = Arc::new(variant(&mut rng, &corpus));
        sent.lock().unwrap().insert(digest(&body));
        let r = http
            .post(format!("{base}/api/v1/replays"))
            .header("content-type", "text/plain")
            .body(body.as_ref().clone())
            .send()
            .await;
        let r = match r {
            Ok(r) => r,
            Err(e) => {
                if !killed.load(Ordering::SeqCst) {
                    out.failures
                        .push(format!("an upload failed before the kill: {e}"));
                }
                out.cut += 1;
                break;
            }
        };
        if r.status() != reqwest::StatusCode::CREATED {
            out.refused += 1;
            continue;
        }
        // The 201 is written only after the store was flushed; its short body comes with it.
        match r.json::<serde_json::Value>().await {
            Ok(v) => {
                let id = v["id"].as_str().unwrap_or_default().to_string();
                let token = v["owner_token"].as_str().unwrap_or_default().to_string();
                out.acked_bytes += body.len();
                mine.push((id, token, body));
                acks.fetch_add(1, Ordering::SeqCst);
            }
            Err(e) => out
                .failures
                .push(format!("a 201 whose body could not be read: {e}")),
        }
    }
    out.acked.extend(mine);
    out
}

/// Open the killed server's store here: what it lists must be whole and sent by a client;
/// every acknowledged upload must be listed, no acknowledged deletion. Returns how many uploads
/// it lists.
fn check_store(
    data: &Path,
    sent: &HashSet<[u8; 32]>,
    acked: &HashMap<String, Arc<Vec<u8>>>,
    deleted: &HashSet<String>,
    failures: &mut Vec<String>,
) -> usize {
    let store = Store::open(data, 8 << 20).expect("open the killed server's store");
    let mut listed = HashSet::new();
    let ids = match store.replay_ids() {
        Ok(ids) => ids,
        Err(e) => {
            failures.push(format!("the listed ids cannot be read: {e}"));
            Vec::new()
        }
    };
    for id in ids {
        match store.replay(&id) {
            Ok(Some(record)) if record.id == id => {}
            other => failures.push(format!("{id}: record {other:?}")),
        }
        match store.raw(&id) {
            Ok(Some(raw)) if sent.contains(&digest(&raw)) => {}
            Ok(Some(raw)) => failures.push(format!(
                "{id}: its raw log ({} bytes) is not what any client sent",
                raw.len()
            )),
            other => failures.push(format!("{id}: raw log {other:?}")),
        }
        listed.insert(id.to_string());
    }
    for id in acked.keys() {
        if !listed.contains(id) {
            failures.push(format!("{id}: acknowledged with 201 but not in the store"));
        }
    }
    for id in deleted {
        if listed.contains(id) {
            failures.push(format!("{id}: deleted with 204 but still in the store"));
        }
    }
    drop(store);
    // sled's threads let go of the folder a moment after the store is dropped.
    if let Ok(db) = File::open(data.join("db")) {
        let _ = db.lock();
    }
    listed.len()
}

/// One upload to look up after a restart.
struct Check {
    id: String,
    /// The bytes it must give back; `None` for an acknowledged deletion (it must be gone).
    expected: Option<Arc<Vec<u8>>>,
    /// A deletion was cut off: gone is as good as intact.
    may_be_gone: bool,
}

/// Over HTTP: every acknowledged upload gives back its exact bytes and a report; acknowledged
/// deletions are 404; a deletion cut off is either.
async fn check_http(
    http: &reqwest::Client,
    base: &str,
    acked: &HashMap<String, Arc<Vec<u8>>>,
    deleted: &HashSet<String>,
    maybe_deleted: &HashMap<String, Arc<Vec<u8>>>,
) -> Vec<String> {
    let mut jobs: Vec<Check> = Vec::new();
    jobs.extend(acked.iter().map(|(id, b)| Check {
        id: id.clone(),
        expected: Some(b.clone()),
        may_be_gone: false,
    }));
    jobs.extend(maybe_deleted.iter().map(|(id, b)| Check {
        id: id.clone(),
        expected: Some(b.clone()),
        may_be_gone: true,
    }));
    jobs.extend(deleted.iter().map(|id| Check {
        id: id.clone(),
        expected: None,
        may_be_gone: true,
    }));
    let jobs = Arc::new(Mutex::new(jobs));
    let mut tasks = Vec::new();
    for _ in 0..4 {
        let (http, base, jobs) = (http.clone(), base.to_string(), jobs.clone());
        tasks.push(tokio::spawn(async move {
            let mut failures = Vec::new();
            loop {
                let Some(Check {
                    id,
                    expected: bytes,
                    may_be_gone,
                }) = jobs.lock().unwrap().pop()
                else {
                    break;
                };
                let log = http
                    .get(format!("{base}/api/v1/replays/{id}/log"))
                    .send()
                    .await
                    .unwrap();
                let status = log.status();
                let body = log.bytes().await.unwrap();
                match bytes {
                    None if status == reqwest::StatusCode::NOT_FOUND => continue,
                    None => {
                        failures.push(format!("{id}: deleted with 204 but GET /log is {status}"));
                        continue;
                    }
                    Some(_) if may_be_gone && status == reqwest::StatusCode::NOT_FOUND => continue,
                    Some(expected)
                        if status.is_success() && body.as_ref() == expected.as_slice() => {}
                    Some(expected) => {
                        failures.push(format!(
                            "{id}: GET /log is {status} with {} bytes, {} were uploaded{}",
                            body.len(),
                            expected.len(),
                            if status.is_success() {
                                " (different bytes)"
                            } else {
                                ""
                            }
                        ));
                        continue;
                    }
                }
                let report = http
                    .get(format!("{base}/api/v1/replays/{id}"))
                    .send()
                    .await
                    .unwrap();
                let status = report.status();
                let report: serde_json::Value = report.json().await.unwrap_or_default();
                if !status.is_success() || !report["steps"].is_array() {
                    failures.push(format!("{id}: its report does not load ({status})"));
                }
            }
            failures
        }));
    }
    let mut failures = Vec::new();
    for t in tasks {
        failures.extend(t.await.unwrap());
    }
    failures
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn acknowledged_uploads_survive_sigkill() {
    let rounds: usize = std::env::var("CRASH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let seed: u64 = ["PTCG_JUDGE_TEST_SEED", "CRASH_SEED"]
        .iter()
        .find_map(|name| std::env::var(name).ok())
        .map(|v| {
            v.trim()
                .parse()
                .unwrap_or_else(|_| panic!("the seed {v:?} is not a number"))
        })
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
        });
    eprintln!("crash safety: {rounds} rounds, PTCG_JUDGE_TEST_SEED={seed}");
    let mut rng = Rng::new(seed);
    let corpus = Arc::new(corpus());
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let server_log = tmp.path().join("server.log");
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap();

    let sent = Arc::new(Mutex::new(HashSet::new()));
    let mut acked: HashMap<String, Arc<Vec<u8>>> = HashMap::new();
    let mut deleted: HashSet<String> = HashSet::new();
    let mut maybe_deleted: HashMap<String, Arc<Vec<u8>>> = HashMap::new();
    let mut failures: Vec<String> = Vec::new();
    let mut restarts = Vec::new();
    let mut total_acked = 0;

    let (mut server, first_start) = start(&data, &server_log, &http).await;
    eprintln!("first start: {} ms", first_start.as_millis());
    eprintln!(
        "round | acked (bytes) | refused | cut | deleted | kill after (seen) | listed after | restart | verified"
    );
    for round in 1..=rounds {
        let killed = Arc::new(AtomicBool::new(false));
        let acks = Arc::new(AtomicUsize::new(0));
        let target = rng.range(ACKS_BEFORE_KILL.0, ACKS_BEFORE_KILL.1) as usize;
        let clients: Vec<_> = (0..CLIENTS)
            .map(|_| {
                tokio::spawn(client(
                    http.clone(),
                    server.base.clone(),
                    corpus.clone(),
                    Rng::new(rng.next()),
                    sent.clone(),
                    killed.clone(),
                    acks.clone(),
                ))
            })
            .collect();
        // Kill once `target` uploads have been acknowledged in this round.
        let began = Instant::now();
        while acks.load(Ordering::SeqCst) < target && began.elapsed() < ROUND_PATIENCE {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let acked_at_kill = acks.load(Ordering::SeqCst);
        killed.store(true, Ordering::SeqCst);
        server.child.kill().expect("SIGKILL the server");
        server.child.wait().expect("reap the server");

        let (mut round_acked, mut refused, mut cut, mut round_deleted, mut bytes) = (0, 0, 0, 0, 0);
        for c in clients {
            let out = c.await.unwrap();
            round_acked += out.acked.len() + out.deleted.len() + out.maybe_deleted.len();
            bytes += out.acked_bytes;
            refused += out.refused;
            cut += out.cut + out.maybe_deleted.len();
            round_deleted += out.deleted.len();
            failures.extend(out.failures);
            for (id, _, b) in out.acked {
                acked.insert(id, b);
            }
            for id in out.deleted {
                acked.remove(&id);
                deleted.insert(id);
            }
            for id in out.maybe_deleted {
                if let Some(b) = acked.remove(&id) {
                    maybe_deleted.insert(id, b);
                }
            }
        }
        total_acked += round_acked;
        assert!(
            acked_at_kill >= target,
            "round {round}: {acked_at_kill} uploads acknowledged within {ROUND_PATIENCE:?}; the round kills after {target} ({refused} refused, {cut} cut) (PTCG_JUDGE_TEST_SEED={seed})"
        );

        let before = failures.len();
        let listed = check_store(
            &data,
            &sent.lock().unwrap(),
            &acked,
            &deleted,
            &mut failures,
        );
        let (next, restart) = start(&data, &server_log, &http).await;
        server = next;
        restarts.push(restart);
        failures.extend(check_http(&http, &server.base, &acked, &deleted, &maybe_deleted).await);
        eprintln!(
            "{round:>5} | {round_acked:>5} ({:>6} KB) | {refused:>7} | {cut:>3} | {round_deleted:>7} | {target:>3} acks ({acked_at_kill}) | {listed:>12} | {:>4} ms | {}",
            bytes / 1024,
            restart.as_millis(),
            if failures.len() == before {
                format!("all {} ok", acked.len())
            } else {
                format!("{} FAILURES", failures.len() - before)
            }
        );
    }
    drop(server);
    let (min, max) = (
        restarts.iter().min().unwrap().as_millis(),
        restarts.iter().max().unwrap().as_millis(),
    );
    eprintln!(
        "crash safety: {rounds} kills, {total_acked} uploads acknowledged, {} still stored, {} deleted, {} failures; restart {min}–{max} ms",
        acked.len(),
        deleted.len(),
        failures.len()
    );
    // Every round saw its acknowledgements (asserted above): the check covered real uploads.
    assert!(
        total_acked >= rounds * ACKS_BEFORE_KILL.0 as usize,
        "only {total_acked} uploads acknowledged in {rounds} rounds (PTCG_JUDGE_TEST_SEED={seed})"
    );
    assert!(
        failures.is_empty(),
        "{} failures (PTCG_JUDGE_TEST_SEED={seed}):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
