//! `ptcg-judge bench` runs end to end and prints its table (a short run on the project's own
//! samples, without card data). No figure is checked here: speed and memory are what the
//! command measures, not what a test asserts.

use assert_cmd::Command;
use predicates::prelude::*;

fn cmd() -> Command {
    let mut c = Command::cargo_bin("ptcg-judge").unwrap();
    c.env_remove("PTCG_JUDGE_CARDS");
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

#[test]
fn a_quick_run_prints_every_row_with_no_failed_request() {
    let out = cmd()
        .args([
            "bench",
            "--quick",
            "--no-cards",
            "--corpus",
            "replays",
            "--seconds",
            "2",
            "--clients",
            "4",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for row in [
        "| parse, whole corpus | ",
        "| parse + verify (report), no card data | ",
        "| parse + verify (report), card data | not measured: no card data |",
        "| `GET /replays/{id}`, 32 keep-alive clients, 2 s | ",
        "| `POST /api/v1/replays` (",
        "| bystander `GET /healthz` during two ",
        "| largest replay page (first page of such a log) | ",
        "| store growth per uploaded byte (those two uploads) | ",
        "| mixed load: 4 clients, 2 s (first 0.3 s warm-up) | ",
        "| mixed load after the warm-up | ",
        "| server RSS during the mixed load | ",
    ] {
        assert!(text.contains(row), "no row {row:?} in:\n{text}");
    }
    assert!(text.contains("card data: none (--no-cards)"), "{text}");
    let samples =
        std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("replays"))
            .unwrap()
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "log"))
            .count();
    assert!(
        text.contains(&format!("{samples} logs of replays")),
        "{text}"
    );
    assert!(
        text.contains("0 errors, 0 × 429"),
        "no failed request: {text}"
    );
    assert!(
        text.contains("CPUs,") && text.contains("GiB memory"),
        "{text}"
    );
}

#[test]
fn out_of_bounds_options_are_refused() {
    for args in [
        ["bench", "--seconds", "601"],
        ["bench", "--seconds", "0"],
        ["bench", "--clients", "0"],
        ["bench", "--clients", "1001"],
    ] {
        cmd()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("invalid value"));
    }
    cmd()
        .args(["bench", "--no-cards", "--cards", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}
