//! Parse and verify throughput over a corpus of battle logs, with and without card data.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::RuleEdition;
use ptcg_judge::log::parse_log;

use super::stats::Spread;

/// The logs a run reads.
#[derive(Debug, Default)]
pub struct Corpus {
    /// Where they came from, for the output.
    pub label: String,
    pub logs: Vec<(PathBuf, Vec<u8>)>,
    /// Files that are not battle logs the parser accepts (left out).
    pub skipped: usize,
}

impl Corpus {
    pub fn bytes(&self) -> usize {
        self.logs.iter().map(|(_, b)| b.len()).sum()
    }

    /// The default: the English real logs of `shared/ptcgl-logs` (en-2026, en-player-name-bug
    /// and the `en-` files of localized/, as the test suites read them) when present, plus the
    /// project's `replays/*.log`.
    pub fn default_for(root: &Path) -> Corpus {
        let mut files = Vec::new();
        let shared = root.join("../shared/ptcgl-logs");
        let shared = std::fs::canonicalize(&shared).unwrap_or(shared);
        let mut label = Vec::new();
        if shared.is_dir() {
            let before = files.len();
            for dir in ["en-2026", "en-player-name-bug", "localized"] {
                for p in list(&shared.join(dir)) {
                    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
                    if dir != "localized" || name.starts_with("en-") {
                        files.push(p);
                    }
                }
            }
            label.push(format!(
                "{} English logs of {}",
                files.len() - before,
                shared.display()
            ));
        }
        let before = files.len();
        files.extend(
            list(&root.join("replays"))
                .into_iter()
                .filter(|p| p.extension().is_some_and(|x| x == "log")),
        );
        label.push(format!("{} samples of replays/", files.len() - before));
        let mut corpus = Corpus::read(files);
        corpus.label = label.join(" + ");
        corpus
    }

    /// Every file of `dir` and its subfolders that parses as a battle log.
    pub fn from_dir(dir: &Path) -> Corpus {
        let mut files = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for p in list(&d) {
                if p.is_dir() {
                    stack.push(p);
                } else {
                    files.push(p);
                }
            }
        }
        let mut corpus = Corpus::read(files);
        corpus.label = format!("{} logs of {}", corpus.logs.len(), dir.display());
        corpus
    }

    fn read(mut files: Vec<PathBuf>) -> Corpus {
        files.sort();
        let mut corpus = Corpus::default();
        for f in files {
            match std::fs::read(&f) {
                Ok(bytes) if parse_log(&bytes).is_ok() => corpus.logs.push((f, bytes)),
                _ => corpus.skipped += 1,
            }
        }
        corpus
    }

    /// The log whose size is closest to `size` bytes (the upload benchmarks send it).
    pub fn closest_to(&self, size: usize) -> Option<&(PathBuf, Vec<u8>)> {
        self.logs.iter().min_by_key(|(_, b)| b.len().abs_diff(size))
    }
}

fn list(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default()
}

/// What one pass over the corpus does.
#[derive(Debug, Clone, Copy)]
pub enum Work<'a> {
    /// Parse only.
    Parse,
    /// Parse, replay through the engine and build the report (`ptcg_judge::verify`).
    Verify(Option<&'a CardDb>),
}

fn pass(corpus: &Corpus, work: Work<'_>) {
    for (_, log) in &corpus.logs {
        match work {
            Work::Parse => {
                std::hint::black_box(parse_log(log).ok());
            }
            Work::Verify(cards) => {
                std::hint::black_box(ptcg_judge::verify(log, cards, RuleEdition::default()).ok());
            }
        }
    }
}

/// Throughput in MB/s (10^6 bytes): `samples` timings, each of as many whole passes over the
/// corpus as fit in `at_least` (after one pass to warm the caches).
pub fn throughput(
    corpus: &Corpus,
    work: Work<'_>,
    samples: usize,
    at_least: Duration,
) -> Option<Spread> {
    let bytes = corpus.bytes();
    if bytes == 0 {
        return None;
    }
    pass(corpus, work);
    let mut rates = Vec::with_capacity(samples);
    for _ in 0..samples {
        let start = Instant::now();
        let mut passes = 0usize;
        while passes == 0 || start.elapsed() < at_least {
            pass(corpus, work);
            passes += 1;
        }
        let seconds = start.elapsed().as_secs_f64();
        rates.push((bytes * passes) as f64 / seconds / 1e6);
    }
    Spread::of(&rates)
}
