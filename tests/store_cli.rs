//! `ptcg-judge store copy` and `serve --store` on the command line: counts and checksums
//! printed, a second run that copies nothing, and a clear error (exit 2) for a store that
//! cannot be opened. The PostgreSQL leg is SKIPPED when no server answers.

mod common;

use assert_cmd::Command;
use common::postgres::TestDb;
use predicates::prelude::*;
use ptcg_judge::engine::RuleEdition;
use ptcg_judge::store::{OwnerToken, ReplayId, Store, StoredReplay};

const LOG: &[u8] = include_bytes!("../replays/prizes-win.log");

fn cmd() -> Command {
    let mut c = Command::cargo_bin("ptcg-judge").unwrap();
    c.env_remove("PTCG_JUDGE_STORE");
    c
}

/// A folder store with `n` uploads.
fn folder_with(dir: &std::path::Path, n: usize) {
    let store = Store::open(dir, 1 << 20).unwrap();
    let token = OwnerToken::random().unwrap();
    for _ in 0..n {
        let id = ReplayId::random();
        let record = StoredReplay {
            id: id.clone(),
            report: ptcg_judge::verify(LOG, None, RuleEdition::default()).unwrap(),
            engine_version: "test".into(),
            card_data: 0,
            uploaded_at: chrono::Utc::now(),
            label: None,
        };
        store.put_replay(LOG, &record, Some(&token.hash())).unwrap();
    }
    store.flush().unwrap();
}

/// The two checksums a copy printed.
fn checksums(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| l.split("checksum ").nth(1))
        .map(str::to_string)
        .collect()
}

fn copy(from: &str, to: &str) -> String {
    let out = cmd()
        .args(["store", "copy", "--from", from, "--to", to])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_folder_store_is_copied_and_a_second_run_copies_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (from, to) = (dir.path().join("from"), dir.path().join("to"));
    folder_with(&from, 3);
    let (from, to) = (from.to_str().unwrap(), to.to_str().unwrap());
    let first = copy(from, to);
    assert!(first.contains(": 3 replays"), "{first}");
    assert!(first.contains("copied 3, already there 0"), "{first}");
    let sums = checksums(&first);
    assert_eq!(sums.len(), 2, "{first}");
    assert_eq!(sums[0], sums[1], "{first}");
    let second = copy(from, to);
    assert!(second.contains("copied 0, already there 3"), "{second}");
    assert_eq!(checksums(&second), sums);
    // The same store on both sides is refused.
    cmd()
        .args(["store", "copy", "--from", from, "--to", from])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("the same store"));
}

#[test]
fn a_store_that_cannot_be_opened_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, b"x").unwrap();
    cmd()
        .args(["store", "copy", "--from"])
        .arg(&file)
        .args(["--to"])
        .arg(dir.path().join("to"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("cannot open the store"));
    // Nothing listens on port 1: serve says which store and why, and stops.
    cmd()
        .args(["serve", "--addr", "127.0.0.1:0", "--store"])
        .arg("postgres://judge:secret@127.0.0.1:1/ptcg")
        .assert()
        .code(2)
        .stderr(
            predicates::str::contains("postgres://judge:***@127.0.0.1:1/ptcg")
                .and(predicates::str::contains("secret").not()),
        );
}

#[test]
fn a_folder_store_goes_to_postgres_and_back_on_the_command_line() {
    let Some(db) = TestDb::create("store copy on the command line") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (from, back) = (dir.path().join("from"), dir.path().join("back"));
    folder_with(&from, 2);
    let there = copy(from.to_str().unwrap(), &db.url);
    assert!(there.contains("copied 2"), "{there}");
    let returned = copy(&db.url, back.to_str().unwrap());
    assert!(returned.contains("copied 2"), "{returned}");
    assert_eq!(checksums(&there)[0], checksums(&returned)[1]);
}

/// The first line `serve` writes, then the process is stopped.
fn serve_says(args: &[&str], env_store: &str, dir: &std::path::Path) -> String {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("ptcg-judge"))
        .args(["serve", "--addr", "127.0.0.1:0", "--no-cards"])
        .args(args)
        .env("PTCG_JUDGE_STORE", env_store)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    line
}

/// An empty `PTCG_JUDGE_STORE` is no store (the default folder), and a path there is a folder
/// store.
#[test]
fn an_empty_or_folder_store_setting_means_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let said = serve_says(&[], "", dir.path());
    assert!(said.contains("sled store in data"), "{said}");
    let folder = dir.path().join("elsewhere");
    let said = serve_says(&[], folder.to_str().unwrap(), dir.path());
    assert!(
        said.contains("sled store in") && said.contains("elsewhere"),
        "{said}"
    );
}
