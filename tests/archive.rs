//! `ptcg-judge verify` on a folder (issue 23): one row per log and totals that are the sum of
//! one-file runs; a file that is not a log is refused with its reason while the others are
//! still verified (exit 2); a violation anywhere gives exit 1.

mod common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;

fn cmd() -> Command {
    let mut c = Command::cargo_bin("ptcg-judge").unwrap();
    c.env_remove("PTCG_JUDGE_CARDS");
    c
}

/// The JSON lines of a `--format jsonl` run: the logs, then the totals.
fn jsonl(out: &[u8]) -> (Vec<serde_json::Value>, serde_json::Value) {
    let mut lines: Vec<serde_json::Value> = String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let totals = lines.pop().expect("a totals line")["totals"].clone();
    (lines, totals)
}

/// The summary of a one-file run (`verify FILE --format json`, the built-in card data).
fn one_file(path: &str) -> serde_json::Value {
    let out = cmd()
        .args(["verify", path, "--format", "json"])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    report["summary"].clone()
}

fn replays() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("replays")
}

#[test]
fn a_folder_gives_each_log_as_its_own_run_does_and_totals_that_add_them_up() {
    let dir = replays();
    let out = cmd()
        .args(["verify", dir.to_str().unwrap(), "--format", "jsonl"])
        .args(["--jobs", "2"])
        .output()
        .unwrap();
    let (logs, totals) = jsonl(&out.stdout);
    let files = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            let p = e.as_ref().unwrap().path();
            matches!(p.extension().and_then(|e| e.to_str()), Some("log" | "txt"))
        })
        .count();
    assert_eq!(logs.len(), files, "one line per log of replays/");
    let mut sums = [0u64; 4];
    let keys = ["ok", "violations", "unverified", "unparsed"];
    for log in &logs {
        let file = log["file"].as_str().unwrap();
        let alone = one_file(file);
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(log[k], alone[k], "{k} of {file}");
            sums[i] += log[k].as_u64().unwrap();
        }
        let violations = log["violations"].as_u64().unwrap();
        assert_eq!(
            log["violation_lines"].as_array().unwrap().len() as u64,
            violations,
            "{file}"
        );
    }
    for (i, k) in keys.iter().enumerate() {
        assert_eq!(totals[k].as_u64().unwrap(), sums[i], "total {k}");
    }
    assert_eq!(totals["logs"].as_u64().unwrap(), files as u64);
    // The samples include illegal plays: exit 1, and their files are named.
    assert_eq!(out.status.code(), Some(1));
    let named: Vec<&str> = totals["violation_files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v[0].as_str().unwrap())
        .collect();
    assert!(
        named
            .iter()
            .any(|f| f.ends_with("illegal-second-supporter.log")),
        "{named:?}"
    );
    // The decided share per event adds the logs' steps.
    let attacks: u64 = logs
        .iter()
        .filter_map(|l| l["events"]["attack"]["decided"].as_u64())
        .sum();
    assert_eq!(
        totals["events"]["attack"]["decided"].as_u64(),
        Some(attacks)
    );
}

#[test]
fn a_file_that_is_not_a_log_is_refused_and_the_others_are_still_verified() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        replays().join("first-turn-trainer.log"),
        dir.path().join("a-game.log"),
    )
    .unwrap();
    std::fs::write(dir.path().join("b-empty.txt"), "").unwrap();
    std::fs::write(dir.path().join("c-binary.txt"), b"PK\x03\x04\x00\x00").unwrap();
    std::fs::write(dir.path().join("notes.md"), "not read").unwrap();
    let out = cmd()
        .args(["verify", dir.path().to_str().unwrap(), "--format", "jsonl"])
        .args(["--no-cards"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "a refused file gives exit 2");
    let (logs, totals) = jsonl(&out.stdout);
    assert_eq!(logs.len(), 3, "{logs:?}");
    assert!(logs[0]["error"].is_null(), "{}", logs[0]);
    assert!(logs[0]["ok"].as_u64().unwrap() > 0, "{}", logs[0]);
    assert!(
        logs[1]["error"].as_str().unwrap().contains("empty"),
        "{}",
        logs[1]
    );
    assert!(
        logs[2]["error"].as_str().unwrap().contains("NUL byte"),
        "{}",
        logs[2]
    );
    assert_eq!(totals["logs"], 1);
    assert_eq!(totals["refused"].as_array().unwrap().len(), 2);
    // As a table: a row per file and the totals.
    let out = cmd()
        .args(["verify", dir.path().to_str().unwrap(), "--no-cards"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("refused"), "{text}");
    assert!(text.contains("1 logs"), "{text}");
    assert!(text.contains("2 refused"), "{text}");
}

#[test]
fn a_folder_with_no_log_and_a_missing_path_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.md"), "not read").unwrap();
    let out = cmd()
        .args(["verify", dir.path().to_str().unwrap(), "--no-cards"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no .txt or .log files"), "{err}");
    let out = cmd()
        .args(["verify", "/no/such/folder", "--no-cards"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/no/such/folder"), "{err}");
}

#[test]
fn the_shared_corpus_is_verified_in_one_command() {
    let Some(shared) = common::shared_dir() else {
        common::skipped("archive (shared corpus)", "../shared/ptcgl-logs");
        return;
    };
    let logs_dir = shared.join("ptcgl-logs");
    let out = cmd()
        .args(["verify", logs_dir.to_str().unwrap(), "--format", "jsonl"])
        .output()
        .unwrap();
    let (logs, totals) = jsonl(&out.stdout);
    assert!(logs.len() >= 20, "{} logs", logs.len());
    assert_eq!(totals["logs"].as_u64(), Some(logs.len() as u64));
    assert_eq!(totals["violations"], 0, "{totals}");
    assert_eq!(out.status.code(), Some(0));
}
