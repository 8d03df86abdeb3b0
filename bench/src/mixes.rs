//! `ptcg-judge-bench --mixes`: the five mixes of large requests the memory bound is stated for
//! (issue 44), each on a fresh server, with a game-shaped log of just under the largest size
//! the service takes: one board view (`?at=`) of a middle line, two and four at once, two
//! uploads at once, and eight board views with one upload. For each: the answers, the server's
//! peak RSS, its RSS a while after the last answer (memory given back), and the slowest answer
//! of `/healthz` and of a small page polled meanwhile.
//!
//! The log is uploaded once to a seed store by a server that then stops; each mix runs on a
//! new server opened on a copy of that store, so its figures hold only the mix.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bytes::Bytes;
use reqwest::Client;
use reqwest::header::{CONTENT_TYPE, RETRY_AFTER};

use super::BenchCards;
use super::http::forwarded_for;
use super::machine::Machine;
use super::server::{ServerProcess, new_store_dir};
use super::stats::{ms, thousands};

/// One mix: this many board views and uploads sent at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mix {
    pub views: usize,
    pub uploads: usize,
}

/// The five mixes of issue 44, in its order.
pub const MIXES: [Mix; 5] = [
    Mix {
        views: 1,
        uploads: 0,
    },
    Mix {
        views: 2,
        uploads: 0,
    },
    Mix {
        views: 4,
        uploads: 0,
    },
    Mix {
        views: 0,
        uploads: 2,
    },
    Mix {
        views: 8,
        uploads: 1,
    },
];

/// The bound every mix is held to: peak RSS under 500 MB …
pub const RSS_BOUND_BYTES: u64 = 500_000_000;
/// … and `/healthz` and a small page answered within 250 ms meanwhile.
pub const LATENCY_BOUND: Duration = Duration::from_millis(250);

/// How often the bystander asks for `/healthz` and the small page.
const POLL_EVERY: Duration = Duration::from_millis(20);
/// How long after the last answer the RSS is read again.
const SETTLE: Duration = Duration::from_secs(3);
/// The small page polled beside `/healthz`.
pub const SMALL_PAGE: &str = "/rulings";

impl Mix {
    /// `1 board view`, `8 board views + 1 upload`.
    pub fn describe(&self) -> String {
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        match (self.views, self.uploads) {
            (v, 0) => plural(v, "board view", "board views"),
            (0, u) => plural(u, "upload", "uploads"),
            (v, u) => format!(
                "{} + {}",
                plural(v, "board view", "board views"),
                plural(u, "upload", "uploads")
            ),
        }
    }

    /// The line each view shows: the middle line of a log of `lines` lines, then a part
    /// (1,000 lines) further for each other view, so that no view finds another's boards.
    pub fn view_lines(&self, lines: usize) -> Vec<usize> {
        let middle = (lines / 2).max(1);
        (0..self.views)
            .map(|k| {
                let line = middle + k * 1_000;
                if line < lines { line } else { middle }
            })
            .collect()
    }
}

/// How one request of a mix ended: its status, or what went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The status code, and for a 503 whether it said `Retry-After`.
    Status {
        code: u16,
        retry_after: bool,
    },
    Failed(String),
}

impl Answer {
    pub fn served(&self) -> bool {
        matches!(self, Answer::Status { code, .. } if (200..300).contains(code))
    }

    /// Served, or refused for now as the bound asks (503 with `Retry-After`).
    pub fn as_bound_asks(&self) -> bool {
        self.served()
            || matches!(
                self,
                Answer::Status {
                    code: 503,
                    retry_after: true
                }
            )
    }

    fn text(&self) -> String {
        match self {
            Answer::Status {
                code: 503,
                retry_after: false,
            } => "503 without Retry-After".into(),
            Answer::Status { code, .. } => code.to_string(),
            Answer::Failed(e) => format!("failed ({e})"),
        }
    }
}

/// What one mix measured.
#[derive(Debug, Clone)]
pub struct MixRun {
    pub mix: Mix,
    pub answers: Vec<Answer>,
    pub idle_kib: Option<u64>,
    pub peak_kib: Option<u64>,
    /// RSS [`SETTLE`] after the last answer.
    pub settled_kib: Option<u64>,
    pub healthz_worst: Option<Duration>,
    pub page_worst: Option<Duration>,
    pub polls: usize,
    /// From the first request sent to the last answer.
    pub took: Duration,
}

impl MixRun {
    /// Whether the mix held the bound: a request served, every answer a success or a 503 with
    /// `Retry-After`, the peak under [`RSS_BOUND_BYTES`], the bystander within
    /// [`LATENCY_BOUND`].
    pub fn holds(&self) -> bool {
        self.answers.iter().any(Answer::served)
            && self.answers.iter().all(Answer::as_bound_asks)
            && self.peak_kib.is_some_and(|k| k * 1024 < RSS_BOUND_BYTES)
            && self.healthz_worst.is_some_and(|d| d <= LATENCY_BOUND)
            && self.page_worst.is_some_and(|d| d <= LATENCY_BOUND)
    }

    /// `200, 200, 503, 503` in a stable order (successes first).
    pub fn answers_text(&self) -> String {
        let mut texts: Vec<String> = self.answers.iter().map(Answer::text).collect();
        texts.sort();
        texts.join(", ")
    }
}

fn client() -> Client {
    Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(300))
        .build()
        .expect("an HTTP client without TLS builds")
}

async fn answer(request: reqwest::RequestBuilder) -> (Answer, Option<String>) {
    match request.send().await {
        Ok(response) => {
            let code = response.status().as_u16();
            let retry_after = response.headers().contains_key(RETRY_AFTER);
            let body = response.text().await.ok();
            (Answer::Status { code, retry_after }, body)
        }
        Err(e) => (Answer::Failed(e.to_string()), None),
    }
}

async fn upload(base: &str, log: Bytes, from: u32) -> (Answer, Option<String>) {
    let (answer, body) = answer(
        client()
            .post(format!("{base}/api/v1/replays"))
            .header(CONTENT_TYPE, "text/plain; charset=utf-8")
            .header("x-forwarded-for", forwarded_for(44, from))
            .body(log),
    )
    .await;
    let id = body
        .and_then(|b| serde_json::from_str::<serde_json::Value>(&b).ok())
        .and_then(|v| v["id"].as_str().map(str::to_string));
    (answer, id)
}

async fn view(base: &str, id: &str, line: usize, from: u32) -> Answer {
    answer(
        client()
            .get(format!("{base}/replays/{id}?at={line}"))
            .header("x-forwarded-for", forwarded_for(45, from)),
    )
    .await
    .0
}

/// Ask for `/healthz` and [`SMALL_PAGE`] every [`POLL_EVERY`] until `stop`; the slowest answer
/// of each (a failed request counts as the time it took) and the number of rounds.
async fn bystander(base: String, stop: Arc<AtomicBool>) -> (Duration, Duration, usize) {
    let c = Client::builder()
        .timeout(Duration::from_secs(60))
        .build()
        .expect("an HTTP client without TLS builds");
    let (mut healthz, mut page, mut rounds) = (Duration::ZERO, Duration::ZERO, 0);
    while !stop.load(Ordering::SeqCst) {
        for (path, worst) in [("/healthz", &mut healthz), (SMALL_PAGE, &mut page)] {
            let start = Instant::now();
            if let Ok(r) = c.get(format!("{base}{path}")).send().await {
                let _ = r.bytes().await;
            }
            *worst = (*worst).max(start.elapsed());
        }
        rounds += 1;
        tokio::time::sleep(POLL_EVERY).await;
    }
    (healthz, page, rounds)
}

/// Run `mix` on `server`, whose store holds the upload `id` of `log`.
pub async fn run_mix(server: &ServerProcess, mix: Mix, log: Bytes, id: &str) -> MixRun {
    let base = server.base();
    let idle_kib = server.rss_kib();
    let stop = Arc::new(AtomicBool::new(false));
    let watcher = tokio::spawn(bystander(base.clone(), stop.clone()));
    // Let the bystander's first round pass before the load starts.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let lines = log.iter().filter(|b| **b == b'\n').count();
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (k, line) in mix.view_lines(lines).into_iter().enumerate() {
        let (base, id) = (base.clone(), id.to_string());
        tasks.push(tokio::spawn(async move {
            view(&base, &id, line, k as u32).await
        }));
    }
    for k in 0..mix.uploads {
        let (base, log) = (base.clone(), log.clone());
        tasks.push(tokio::spawn(
            async move { upload(&base, log, k as u32).await.0 },
        ));
    }
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(
            t.await
                .unwrap_or_else(|e| Answer::Failed(format!("the client task failed: {e}"))),
        );
    }
    let took = start.elapsed();
    tokio::time::sleep(SETTLE).await;
    stop.store(true, Ordering::SeqCst);
    let (healthz_worst, page_worst, polls) = match watcher.await {
        Ok((h, p, n)) => (Some(h), Some(p), n),
        Err(_) => (None, None, 0),
    };
    MixRun {
        mix,
        answers,
        idle_kib,
        peak_kib: server.peak_rss_kib(),
        settled_kib: server.rss_kib(),
        healthz_worst,
        page_worst,
        polls,
        took,
    }
}

/// Copy the folder `from` to `to` (a stopped server's store).
fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let target = to.join(e.file_name());
        if e.file_type()?.is_dir() {
            copy_dir(&e.path(), &target)?;
        } else {
            std::fs::copy(e.path(), &target)?;
        }
    }
    Ok(())
}

/// Upload `log` to a new store by a server of `exe` that then stops; the store and the id.
fn seed_store(
    runtime: &tokio::runtime::Runtime,
    exe: &Path,
    cards: &BenchCards,
    log: &Bytes,
) -> Result<(std::path::PathBuf, String), String> {
    let dir = new_store_dir();
    let server = ServerProcess::start_on(exe, cards, &dir)?;
    let (answer, id) = runtime.block_on(upload(&server.base(), log.clone(), 999));
    drop(server);
    match (answer, id) {
        (Answer::Status { code: 201, .. }, Some(id)) => Ok((dir, id)),
        (answer, _) => {
            let _ = std::fs::remove_dir_all(&dir);
            Err(format!(
                "the seed upload of the {}-byte log was answered {}",
                log.len(),
                answer.text()
            ))
        }
    }
}

/// Every mix of [`MIXES`] on its own fresh server of `options.exe`, with a log of just under
/// the largest size made from the corpus log closest to 12 KB; the table, and whether every
/// mix held the bound.
pub fn run_mixes(options: &super::Options) -> Result<super::Outcome, String> {
    if options.store.is_some() {
        return Err("--mixes runs each mix on a folder store of its own, not on --store".into());
    }
    let root = super::project_root();
    let corpus = match &options.corpus {
        Some(dir) => super::corpus::Corpus::from_dir(dir),
        None => super::corpus::Corpus::default_for(&root),
    };
    let (path, game) = corpus
        .closest_to(12_000)
        .ok_or_else(|| format!("no battle logs to make the log from ({})", corpus.label))?;
    let log = Bytes::from(super::sizes::max_size_log(
        game,
        ptcg_judge::log::MAX_LOG_BYTES,
    ));
    let (cards, cards_said) = super::card_source(options);
    let log_said = format!(
        "the turns of {} ({} bytes) repeated",
        path.display(),
        thousands(game.len() as u64)
    );
    run(&options.exe, &cards, &cards_said, log, &log_said)
}

fn run(
    exe: &Path,
    cards: &BenchCards,
    cards_said: &str,
    log: Bytes,
    log_said: &str,
) -> Result<super::Outcome, String> {
    let machine = Machine::read();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the client runtime: {e}"))?;
    eprintln!(
        "bench: uploading the {}-byte log to a seed store",
        log.len()
    );
    let (seed, id) = seed_store(&runtime, exe, cards, &log)?;
    let mut runs = Vec::new();
    let mut failure = None;
    // The mixes one after another on one server, as the issue measured them: what one mix
    // leaves behind weighs on the next.
    let mut in_turn = Vec::new();
    let mut peak_reset = true;
    let dir = new_store_dir();
    match copy_dir(&seed, &dir) {
        Ok(()) => match ServerProcess::start_on(exe, cards, &dir) {
            Ok(server) => {
                for mix in MIXES {
                    eprintln!(
                        "bench: {} on the server of the mixes in turn",
                        mix.describe()
                    );
                    peak_reset &= server.reset_peak_rss();
                    in_turn.push(runtime.block_on(run_mix(&server, mix, log.clone(), &id)));
                }
            }
            Err(e) => failure = Some(e),
        },
        Err(e) => failure = Some(format!("cannot copy the seed store: {e}")),
    }
    let _ = std::fs::remove_dir_all(&dir);
    for mix in MIXES {
        if failure.is_some() {
            break;
        }
        eprintln!("bench: {} on a fresh server", mix.describe());
        let dir = new_store_dir();
        if let Err(e) = copy_dir(&seed, &dir) {
            failure = Some(format!("cannot copy the seed store: {e}"));
            break;
        }
        let run = ServerProcess::start_on(exe, cards, &dir)
            .map(|server| runtime.block_on(run_mix(&server, mix, log.clone(), &id)));
        let _ = std::fs::remove_dir_all(&dir);
        match run {
            Ok(run) => runs.push(run),
            Err(e) => {
                failure = Some(e);
                break;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&seed);
    if let Some(e) = failure {
        return Err(e);
    }
    let mut text = String::new();
    let _ = writeln!(text, "ptcg-judge-bench --mixes, {}", machine.date);
    let _ = writeln!(text, "machine: {}", machine.describe());
    let _ = writeln!(text, "server binary: {}", exe.display());
    let _ = writeln!(text, "card data: {cards_said}");
    let _ = writeln!(
        text,
        "log: {} bytes, {} lines ({log_said})",
        thousands(log.len() as u64),
        thousands(log.iter().filter(|b| **b == b'\n').count() as u64)
    );
    let _ = writeln!(text);
    let _ = writeln!(text, "Each mix on a fresh server:\n");
    text.push_str(&table(&runs));
    let _ = writeln!(
        text,
        "\nThe mixes one after another on one server{}:\n",
        if peak_reset {
            " (the peak read again from each mix's start)"
        } else {
            " (the kernel did not let the peak be reset: each is the peak so far)"
        }
    );
    text.push_str(&table(&in_turn));
    let _ = writeln!(
        text,
        "\nEach mix runs on a new `ptcg-judge serve` opened on a copy of a store that holds the \
         log (uploaded once by another server), its requests sent at once; views show the \
         middle line, then a part further each. Peak RSS is the server's VmHWM; \"after\" is its \
         RSS {} s after the last answer. A bystander asks for `/healthz` and `{SMALL_PAGE}` every \
         {} ms meanwhile. The bound: a request served, every other answer 503 with Retry-After, \
         peak under {} MB, the bystander within {} ms.",
        SETTLE.as_secs(),
        POLL_EVERY.as_millis(),
        RSS_BOUND_BYTES / 1_000_000,
        LATENCY_BOUND.as_millis()
    );
    let clean = runs.iter().chain(&in_turn).all(MixRun::holds);
    Ok(super::Outcome { text, clean })
}

/// The table of the runs, one row a mix.
pub fn table(runs: &[MixRun]) -> String {
    let mib = |k: Option<u64>| k.map_or("?".to_string(), |k| format!("{} MiB", k / 1024));
    let took = |d: Option<Duration>| d.map_or("?".to_string(), ms);
    let mut text = String::from(
        "| at once | answers | peak RSS | idle, after | worst `/healthz` | worst small page | took | bound |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for run in runs {
        let _ = writeln!(
            text,
            "| {} | {} | {} | {}, {} | {} | {} | {} | {} |",
            run.mix.describe(),
            run.answers_text(),
            mib(run.peak_kib),
            mib(run.idle_kib),
            mib(run.settled_kib),
            took(run.healthz_worst),
            took(run.page_worst),
            ms(run.took),
            if run.holds() { "held" } else { "NOT HELD" }
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(answers: Vec<Answer>, peak_mib: u64, healthz_ms: u64) -> MixRun {
        MixRun {
            mix: MIXES[4],
            answers,
            idle_kib: Some(50 * 1024),
            peak_kib: Some(peak_mib * 1024),
            settled_kib: Some(60 * 1024),
            healthz_worst: Some(Duration::from_millis(healthz_ms)),
            page_worst: Some(Duration::from_millis(3)),
            polls: 10,
            took: Duration::from_secs(2),
        }
    }

    const OK: Answer = Answer::Status {
        code: 200,
        retry_after: false,
    };
    const BUSY: Answer = Answer::Status {
        code: 503,
        retry_after: true,
    };

    #[test]
    fn a_mix_holds_the_bound_only_with_a_request_served_and_every_figure_within() {
        assert!(run(vec![OK, BUSY], 300, 40).holds());
        assert!(!run(vec![BUSY, BUSY], 300, 40).holds(), "nothing served");
        assert!(
            !run(vec![OK, BUSY], 477, 40).holds(),
            "477 MiB is over 500 MB"
        );
        assert!(!run(vec![OK, BUSY], 300, 251).holds(), "healthz too slow");
        let bare_503 = Answer::Status {
            code: 503,
            retry_after: false,
        };
        assert!(!run(vec![OK, bare_503], 300, 40).holds(), "no Retry-After");
        let failed = Answer::Failed("reset".into());
        assert!(!run(vec![OK, failed], 300, 40).holds(), "a transport error");
    }

    #[test]
    fn the_mixes_are_the_issues_and_views_fall_in_different_parts() {
        let names: Vec<String> = MIXES.iter().map(Mix::describe).collect();
        assert_eq!(
            names,
            [
                "1 board view",
                "2 board views",
                "4 board views",
                "2 uploads",
                "8 board views + 1 upload"
            ]
        );
        let lines = MIXES[4].view_lines(135_000);
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[0], 67_500);
        let parts: std::collections::HashSet<usize> = lines.iter().map(|l| l / 1_000).collect();
        assert_eq!(parts.len(), 8, "{lines:?}");
    }

    #[test]
    fn the_table_sorts_answers_and_says_whether_the_bound_held() {
        let t = table(&[run(vec![BUSY, OK], 300, 40), run(vec![OK], 600, 40)]);
        assert!(
            t.contains("| 8 board views + 1 upload | 200, 503 | 300 MiB | 50 MiB, 60 MiB |"),
            "{t}"
        );
        assert!(t.contains("| held |"), "{t}");
        assert!(t.contains("| NOT HELD |"), "{t}");
    }
}
