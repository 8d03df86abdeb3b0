//! `ptcg-judge-bench`: the figures of the README's "Benchmarks", measured on this machine in
//! one command. Each part is in a file named after what it measures:
//!
//! - [`corpus`]: parse and parse + verify throughput over the corpus, with and without card data;
//! - [`card_load`]: time to load the card data;
//! - [`page`]: replay page requests per second and latency, many keep-alive clients;
//! - [`upload`]: upload latency, one client;
//! - [`upload_load`]: upload latency under a paced load of many clients (the target's figure);
//! - [`load`]: the mixed load (many clients, uploads and page views, bounded time): errors,
//!   throughput, latency and the server's memory;
//! - [`mixes`]: `--mixes`, the five mixes of large requests the memory bound is stated for,
//!   each on a fresh server: answers, peak RSS, the bystander's worst latency;
//! - [`server`]: the service under test, `ptcg-judge serve` in a child process;
//! - [`http`], [`stats`], [`machine`], [`sizes`]: the client, the arithmetic, the machine's
//!   facts, the sizes of a largest log and of a store.
//!
//! Speed and memory figures come from here (or the criterion benches), never from timed tests.

pub mod big;
pub mod card_load;
pub mod corpus;
pub mod http;
pub mod load;
pub mod machine;
pub mod memory;
pub mod mixes;
pub mod page;
pub mod server;
pub mod sizes;
pub mod stats;
pub mod upload;
pub mod upload_load;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use ptcg_judge::web::UploadRate;

use corpus::{Corpus, Work};
use load::{LoadPlan, LoadRun};
use machine::{Machine, load_average};
use server::ServerProcess;
use stats::{Latencies, Spread, figure, ms, thousands};
use upload_load::UploadLoadPlan;

/// The longest mixed load `--seconds` allows.
pub const MAX_SECONDS: u64 = 600;
/// The most clients `--clients` allows.
pub const MAX_CLIENTS: usize = 1000;

/// The upload load the latency target is stated for: this many clients …
pub const UPLOAD_LOAD_CLIENTS: usize = 200;
/// … sending this many uploads a second between them.
pub const UPLOAD_LOAD_PER_SECOND: f64 = 100.0;

/// What to measure, from the command line.
#[derive(Debug, Clone)]
pub struct Options {
    /// The card data folder; `None` takes the default (see [`card_source`]).
    pub cards: Option<PathBuf>,
    /// Measure without card data even when some is found.
    pub no_cards: bool,
    /// A folder of logs instead of the default corpus.
    pub corpus: Option<PathBuf>,
    /// Length of the mixed load (default 60 s, 5 s with `quick`).
    pub seconds: Option<u64>,
    pub clients: usize,
    /// Fewer runs and shorter phases.
    pub quick: bool,
    /// The `ptcg-judge` binary, started as the server under test.
    pub exe: PathBuf,
    /// A PostgreSQL store (`postgres://…`) for the servers under test instead of a new folder
    /// each.
    pub store: Option<String>,
}

/// The output, and whether every request succeeded.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub text: String,
    pub clean: bool,
}

/// The project folder: the working directory when it has `replays/`, else where it was built.
pub fn project_root() -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    if cwd.join("replays").is_dir() {
        return cwd;
    }
    // This crate is a folder of the project's.
    let built = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    if built.join("replays").is_dir() {
        built
    } else {
        cwd
    }
}

/// The card data a run measures with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BenchCards {
    /// A folder (either layout, or one holding both).
    Folder(PathBuf),
    /// The built-in snapshot.
    Builtin,
    /// None (`--no-cards`).
    NoCards,
}

/// Which card data to use, and how it was chosen: `--cards`, else `$PTCG_JUDGE_CARDS`, else
/// the built-in data; none with `--no-cards`.
pub fn card_source(options: &Options) -> (BenchCards, String) {
    if options.no_cards {
        return (BenchCards::NoCards, "none (--no-cards)".into());
    }
    if let Some(dir) = &options.cards {
        let said = format!("{} (--cards)", dir.display());
        return (BenchCards::Folder(dir.clone()), said);
    }
    if let Some(dir) = std::env::var_os("PTCG_JUDGE_CARDS").filter(|v| !v.is_empty()) {
        let dir = PathBuf::from(dir);
        let said = format!("{} ($PTCG_JUDGE_CARDS)", dir.display());
        return (BenchCards::Folder(dir), said);
    }
    (
        BenchCards::Builtin,
        "built-in (no --cards, no $PTCG_JUDGE_CARDS)".into(),
    )
}

/// How long and how often each part runs.
struct Plan {
    corpus_runs: usize,
    corpus_run_at_least: Duration,
    card_loads: usize,
    page_clients: usize,
    page_time: Duration,
    uploads: usize,
    load: LoadPlan,
    upload_load: UploadLoadPlan,
}

impl Plan {
    fn new(options: &Options) -> Plan {
        let seconds = options
            .seconds
            .unwrap_or(if options.quick { 5 } else { 60 })
            .clamp(1, MAX_SECONDS);
        let duration = Duration::from_secs(seconds);
        let server_limit = UploadRate::default();
        Plan {
            corpus_runs: if options.quick { 3 } else { 15 },
            corpus_run_at_least: Duration::from_millis(if options.quick { 50 } else { 200 }),
            card_loads: if options.quick { 2 } else { 7 },
            page_clients: 32,
            page_time: Duration::from_secs(if options.quick { 2 } else { 10 }),
            uploads: if options.quick { 30 } else { 300 },
            load: LoadPlan {
                clients: options.clients.clamp(1, MAX_CLIENTS),
                duration,
                warmup: (duration / 6).min(Duration::from_secs(10)),
                upload_every: 10,
                // 90% of the server's limit, so clock jitter never makes a client go over it.
                pace: UploadRate {
                    burst: server_limit.burst * 9 / 10,
                    per_second: server_limit.per_second * 0.9,
                },
            },
            upload_load: UploadLoadPlan {
                clients: UPLOAD_LOAD_CLIENTS,
                per_second: UPLOAD_LOAD_PER_SECOND,
                duration,
                warmup: (duration / 6).min(Duration::from_secs(10)),
            },
        }
    }
}

fn progress(what: &str) {
    eprintln!("bench: {what}");
}

/// Measure everything and lay out the table.
pub fn run(options: &Options) -> Result<Outcome, String> {
    let plan = Plan::new(options);
    let machine = Machine::read();
    let load_before = load_average();
    let root = project_root();
    let (card_choice, cards_said) = card_source(options);

    let corpus = match &options.corpus {
        Some(dir) => Corpus::from_dir(dir),
        None => Corpus::default_for(&root),
    };
    if corpus.logs.is_empty() {
        return Err(format!(
            "no battle logs to measure ({}; {} files skipped)",
            corpus.label, corpus.skipped
        ));
    }
    let (upload_path, upload_log) = corpus
        .closest_to(12_000)
        .map(|(p, b)| (p.clone(), b.clone()))
        .expect("the corpus has a log");

    let mut rows: Vec<(String, String)> = Vec::new();

    // Card data first: its database serves the corpus run with cards.
    let cards = match &card_choice {
        BenchCards::NoCards => None,
        choice => {
            progress(&format!("loading the card data {} times", plan.card_loads));
            Some(card_load::measure(choice, plan.card_loads)?)
        }
    };
    let card_count = cards.as_ref().map_or(0, |(_, db)| db.len());

    progress(&format!(
        "corpus throughput ({} runs of at least {} ms each)",
        plan.corpus_runs,
        plan.corpus_run_at_least.as_millis()
    ));
    let runs = |work| throughput_row(&corpus, work, &plan);
    rows.push(("parse, whole corpus".into(), runs(Work::Parse)));
    rows.push((
        "parse + verify (report), no card data".into(),
        runs(Work::Verify(None)),
    ));
    if let Some((spread, db)) = &cards {
        rows.push((
            format!(
                "parse + verify (report), card data ({} cards)",
                thousands(db.len() as u64)
            ),
            runs(Work::Verify(Some(db))),
        ));
        rows.push((
            format!("load the card data ({} cards)", thousands(db.len() as u64)),
            format!(
                "{} ms (median of {} loads; {}–{})",
                figure(spread.median),
                spread.runs,
                figure(spread.min),
                figure(spread.max)
            ),
        ));
    } else {
        rows.push((
            "parse + verify (report), card data".into(),
            "not measured: no card data".into(),
        ));
        rows.push((
            "load the card data".into(),
            "not measured: no card data".into(),
        ));
    }
    drop(cards);

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the client runtime: {e}"))?;
    let mut clean = true;
    let mut errors_seen: Vec<String> = Vec::new();

    // Page views and single uploads, on one server.
    progress("starting the server for page views and uploads");
    let server = ServerProcess::start(&options.exe, &card_choice, options.store.as_deref())?;
    let (page_run, upload_run) = runtime.block_on(async {
        let seed = seed_replay(&server, &upload_log).await?;
        progress(&format!(
            "page views: {} clients for {} s",
            plan.page_clients,
            plan.page_time.as_secs()
        ));
        let url = format!("{}/replays/{seed}", server.base());
        let pages = page::page_views(&url, plan.page_clients, plan.page_time).await;
        progress(&format!("uploads: {} from one client", plan.uploads));
        let uploads = upload::uploads(&server.base(), &upload_log, plan.uploads).await;
        Ok::<_, String>((pages, uploads))
    })?;
    drop(server);
    let mut page_latencies = page_run.latencies.clone();
    rows.push((
        format!(
            "`GET /replays/{{id}}`, {} keep-alive clients, {} s",
            page_run.clients,
            plan.page_time.as_secs()
        ),
        format!(
            "{} req/s; p50 {}, p99 {}; {} requests, {}",
            figure(page_run.per_second()),
            pct(&mut page_latencies, 50.0),
            pct(&mut page_latencies, 99.0),
            thousands(page_run.tally.total()),
            failures(&page_run.tally)
        ),
    ));
    let mut upload_latencies = upload_run.latencies.clone();
    rows.push((
        format!(
            "`POST /api/v1/replays` ({} bytes), one client, {} uploads",
            thousands(upload_log.len() as u64),
            upload_run.tally.total()
        ),
        format!(
            "p50 {}, p99 {}; {}",
            pct(&mut upload_latencies, 50.0),
            pct(&mut upload_latencies, 99.0),
            failures(&upload_run.tally)
        ),
    ));
    for tally in [&page_run.tally, &upload_run.tally] {
        clean &= tally.errors == 0 && tally.limited == 0;
        errors_seen.extend(tally.examples.iter().cloned());
    }

    // Two maximum-size uploads at once, on a fresh server.
    progress("two maximum-size uploads at once, with a bystander polling /healthz");
    let server = ServerProcess::start(&options.exe, &card_choice, options.store.as_deref())?;
    let big_log = bytes::Bytes::from(sizes::max_size_log(
        &upload_log,
        ptcg_judge::log::MAX_LOG_BYTES,
    ));
    let big_run = runtime.block_on(big::run(&server, big_log));
    drop(server);
    let mut healthz = big_run.healthz.clone();
    let took: Vec<String> = big_run
        .uploads
        .iter()
        .map(|(o, d)| match o {
            http::Outcome::Ok => format!("{} s", seconds(*d)),
            other => format!("{other:?}"),
        })
        .collect();
    rows.push((
        format!(
            "bystander `GET /healthz` during two {}-byte uploads",
            thousands(big_run.log_bytes as u64)
        ),
        format!(
            "p50 {}, p99 {}; {} requests; the uploads took {}",
            pct(&mut healthz, 50.0),
            pct(&mut healthz, 99.0),
            healthz.len(),
            took.join(" and ")
        ),
    ));
    rows.push((
        "largest replay page (first page of such a log)".into(),
        big_run.page_bytes.map_or("not measured".into(), |b| {
            format!("{} bytes", thousands(b as u64))
        }),
    ));
    let mut board_next = big_run.board_next.clone();
    rows.push((
        "board view of a middle line of such a log (`?at=`): the first, then the next 10 lines"
            .into(),
        match big_run.board_first {
            Some(first) => format!(
                "{}; then p50 {}, max {}",
                ms(first),
                pct(&mut board_next, 50.0),
                pct(&mut board_next, 100.0)
            ),
            None => "not measured".into(),
        },
    ));
    rows.push((
        "store growth per uploaded byte (those two uploads)".into(),
        big_run
            .store_per_byte
            .map_or("not measured".into(), |r| format!("{r:.2}")),
    ));
    clean &= big_run.uploads.iter().all(|(o, _)| *o == http::Outcome::Ok);

    // Memory under large requests, on a fresh server.
    progress("memory: a maximum-size log uploaded, then 8 board views and a second upload at once");
    let server = ServerProcess::start(&options.exe, &card_choice, options.store.as_deref())?;
    let memory_log = bytes::Bytes::from(sizes::max_size_log(
        &upload_log,
        ptcg_judge::log::MAX_LOG_BYTES,
    ));
    let memory_run = runtime.block_on(memory::run(&server, memory_log));
    drop(server);
    let mib = |k: Option<u64>| k.map_or("?".to_string(), |k| format!("{} MiB", k / 1024));
    let mut answers: Vec<String> = memory_run
        .answers
        .iter()
        .map(|o| match o {
            http::Outcome::Ok => "2xx".to_string(),
            http::Outcome::Limited => "429".to_string(),
            http::Outcome::Error(e) => e.clone(),
        })
        .collect();
    answers.sort();
    rows.push((
        format!(
            "peak server RSS: a {}-byte log uploaded, then 8 `?at=` views and a second upload at once",
            thousands(memory_run.log_bytes as u64)
        ),
        format!(
            "{} (idle {}); answers: {}",
            mib(memory_run.peak_kib),
            mib(memory_run.idle_kib),
            answers.join(", ")
        ),
    ));
    clean &= memory_run.clean();

    // The mixed load, on a fresh server.
    progress("starting a fresh server for the mixed load");
    let server = ServerProcess::start(&options.exe, &card_choice, options.store.as_deref())?;
    progress(&format!(
        "mixed load: {} clients for {} s (first {} s warm-up)",
        plan.load.clients,
        plan.load.duration.as_secs(),
        seconds(plan.load.warmup)
    ));
    let (load_run, stored) = runtime.block_on(async {
        let seed = seed_replay(&server, &upload_log).await?;
        let run = load::mixed(&server, &seed, &upload_log, &plan.load).await;
        let stored = stored_replays(&server).await;
        Ok::<_, String>((run, stored))
    })?;
    drop(server);
    clean &= load_run.all().errors == 0 && load_run.all().limited == 0;
    errors_seen.extend(load_run.all().examples.iter().cloned());
    rows.extend(load_rows(&load_run, &plan.load, stored));

    // The paced upload load, on a fresh server.
    progress(&format!(
        "upload load: {} clients, {} uploads/s together, for {} s",
        plan.upload_load.clients,
        plan.upload_load.per_second,
        plan.upload_load.duration.as_secs()
    ));
    let server = ServerProcess::start(&options.exe, &card_choice, options.store.as_deref())?;
    let upload_load = runtime.block_on(upload_load::paced_uploads(
        &server,
        &upload_log,
        &plan.upload_load,
    ));
    drop(server);
    let mut latencies = upload_load.latencies.clone();
    rows.push((
        format!(
            "`POST /api/v1/replays`, {} clients sending {} uploads/s together, {} s",
            plan.upload_load.clients,
            plan.upload_load.per_second,
            plan.upload_load.duration.as_secs()
        ),
        format!(
            "p50 {}, p99 {}; {} uploads/s achieved after the warm-up, {} sent late; {}",
            pct(&mut latencies, 50.0),
            pct(&mut latencies, 99.0),
            figure(upload_load.achieved_per_second),
            upload_load.late,
            failures(&upload_load.tally)
        ),
    ));
    clean &= upload_load.tally.errors == 0 && upload_load.tally.limited == 0;
    errors_seen.extend(upload_load.tally.examples.iter().cloned());

    let mut text = String::new();
    let _ = writeln!(text, "ptcg-judge-bench, {}", machine.date);
    let _ = writeln!(text, "machine: {}", machine.describe());
    let _ = writeln!(
        text,
        "load average (1 min) before the run: {} (other programs' share of the {} CPUs; the \
         mixed load itself adds about 3)",
        load_before.map_or("?".into(), |l| format!("{l:.2}")),
        machine.cpus
    );
    let _ = writeln!(text, "card data: {cards_said}, {card_count} cards");
    let _ = writeln!(
        text,
        "corpus: {}: {} logs, {} bytes{}",
        corpus.label,
        corpus.logs.len(),
        thousands(corpus.bytes() as u64),
        if corpus.skipped > 0 {
            format!(
                " ({} files that are not battle logs left out)",
                corpus.skipped
            )
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        text,
        "upload body: {} ({} bytes)",
        upload_path.display(),
        thousands(upload_log.len() as u64)
    );
    let limit = UploadRate::default();
    let _ = writeln!(text, "server binary: {}", options.exe.display());
    let _ = writeln!(
        text,
        "server: `ptcg-judge serve --trust-proxy` in a child process on 127.0.0.1:0 with a new \
         store, default limits (uploads: burst {}, {}/s per client); clients: reqwest on a \
         2-thread tokio runtime in this process, one keep-alive connection and one \
         X-Forwarded-For address each",
        limit.burst, limit.per_second
    );
    let _ = writeln!(text);
    let _ = writeln!(text, "| what | figure |");
    let _ = writeln!(text, "|---|---|");
    for (what, value) in &rows {
        let _ = writeln!(text, "| {what} | {value} |");
    }
    let _ = writeln!(text);
    let _ = writeln!(text, "{}", rss_curve(&load_run));
    let _ = writeln!(
        text,
        "MB = 10^6 bytes, MiB = 2^20 bytes. Latency is measured by the client, from sending the \
         request to the last byte of the answer. The mixed load's clients each upload on every \
         {}th request while their own pacing (burst {}, {}/s: under the server's limit) allows, \
         and otherwise view a page (the replay they just uploaded, the seed replay, or one of \
         theirs); errors are any status but 2xx/3xx, or a transport error; 429s are counted \
         apart.",
        plan.load.upload_every, plan.load.pace.burst, plan.load.pace.per_second
    );
    if !errors_seen.is_empty() {
        let _ = writeln!(text, "errors seen: {}", errors_seen.join("; "));
    }
    Ok(Outcome { text, clean })
}

fn throughput_row(corpus: &Corpus, work: Work<'_>, plan: &Plan) -> String {
    match corpus::throughput(corpus, work, plan.corpus_runs, plan.corpus_run_at_least) {
        Some(Spread {
            median,
            min,
            max,
            runs,
        }) => format!(
            "{} MB/s (median of {runs} runs; {}–{})",
            figure(median),
            figure(min),
            figure(max)
        ),
        None => "not measured: empty corpus".into(),
    }
}

fn pct(latencies: &mut Latencies, p: f64) -> String {
    latencies.percentile(p).map_or("–".into(), ms)
}

fn failures(tally: &http::Tally) -> String {
    format!(
        "{} errors, {} × 429",
        thousands(tally.errors),
        thousands(tally.limited)
    )
}

/// `10`, `0.5`.
fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0}")
    } else {
        format!("{s:.1}")
    }
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

fn load_rows(run: &LoadRun, plan: &LoadPlan, stored: Option<u64>) -> Vec<(String, String)> {
    let all = run.all();
    let mut latencies = run.latencies();
    let mut pages = run.page_latencies.clone();
    let mut uploads = run.upload_latencies.clone();
    let mut rows = vec![
        (
            format!(
                "mixed load: {} clients, {} s (first {} s warm-up)",
                plan.clients,
                plan.duration.as_secs(),
                seconds(plan.warmup)
            ),
            format!(
                "{} requests ({} page views, {} uploads); {}",
                thousands(all.total()),
                thousands(run.pages.total()),
                thousands(run.uploads.total()),
                failures(&all)
            ),
        ),
        (
            "mixed load after the warm-up".into(),
            format!(
                "{} req/s; p50 {}, p99 {}; page views p50 {}, p99 {}; uploads p50 {}, p99 {}",
                figure(run.measured_per_second()),
                pct(&mut latencies, 50.0),
                pct(&mut latencies, 99.0),
                pct(&mut pages, 50.0),
                pct(&mut pages, 99.0),
                pct(&mut uploads, 50.0),
                pct(&mut uploads, 99.0)
            ),
        ),
    ];
    let memory = match (run.rss_after_warmup, run.rss_end) {
        (Some(warm), Some(end)) => {
            let growth = end as f64 - warm as f64;
            format!(
                "{} after the warm-up, {} at the end ({:+.1} MiB, {:+.1}%); peak {}{}",
                mib(warm),
                mib(end),
                growth / 1024.0,
                growth / warm as f64 * 100.0,
                run.rss_peak.map_or("?".into(), mib),
                stored.map_or(String::new(), |n| format!(
                    "; {} replays stored",
                    thousands(n)
                ))
            )
        }
        _ => "not read (no /proc/PID/status)".into(),
    };
    rows.push(("server RSS during the mixed load".into(), memory));
    if let Some((first, second)) = run.rss_halves(plan.warmup) {
        rows.push((
            "server RSS, mean of each half after the warm-up".into(),
            format!(
                "{} then {} ({:+.1}%)",
                mib(first.round() as u64),
                mib(second.round() as u64),
                (second - first) / first * 100.0
            ),
        ));
    }
    rows
}

/// RSS every tenth of the run.
fn rss_curve(run: &LoadRun) -> String {
    if run.rss_samples.is_empty() {
        return String::new();
    }
    let step = (run.rss_samples.len() / 10).max(1);
    let points: Vec<String> = run
        .rss_samples
        .iter()
        .enumerate()
        .filter(|(i, _)| i % step == 0 || *i == run.rss_samples.len() - 1)
        .map(|(_, (t, kib))| format!("{t:.0} s {:.0}", *kib as f64 / 1024.0))
        .collect();
    format!(
        "server RSS during the mixed load (MiB): {}",
        points.join(", ")
    )
}

/// Upload `log` once and view its page once (so the page is rendered and stored); its id.
async fn seed_replay(server: &ServerProcess, log: &[u8]) -> Result<String, String> {
    let client = http::client();
    let from = http::forwarded_for(5, 1);
    let body = bytes::Bytes::copy_from_slice(log);
    let (outcome, _, id) = http::upload(&client, &server.base(), &body, &from).await;
    let id = match (outcome, id) {
        (http::Outcome::Ok, Some(id)) => id,
        (outcome, _) => return Err(format!("the seed upload failed: {outcome:?}")),
    };
    let (outcome, _) = http::get(&client, &format!("{}/replays/{id}", server.base()), &from).await;
    if outcome != http::Outcome::Ok {
        return Err(format!("the seed page failed: {outcome:?}"));
    }
    Ok(id)
}

/// How many replays the server holds (`/healthz`).
async fn stored_replays(server: &ServerProcess) -> Option<u64> {
    let response = http::client()
        .get(format!("{}/healthz", server.base()))
        .send()
        .await
        .ok()?;
    let health: serde_json::Value = response.json().await.ok()?;
    health["replays"].as_u64()
}
