//! `ptcg-judge-bench` runs end to end and prints its table (a short run on the project's own
//! samples, without card data). No figure is checked here: speed and memory are what the
//! command measures, not what a test asserts.

use assert_cmd::Command;
use predicates::prelude::*;

fn cmd() -> Command {
    let mut c = Command::cargo_bin("ptcg-judge-bench").unwrap();
    c.env_remove("PTCG_JUDGE_CARDS");
    // The project folder (replays/ is there); the server is the `ptcg-judge` built beside
    // this program by `cargo test --workspace`.
    c.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    c
}

#[test]
fn a_quick_run_prints_every_row_with_no_failed_request() {
    let out = cmd()
        .args([
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
        std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../replays"))
            .unwrap()
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "log"))
            .count();
    assert!(
        text.contains(&format!("{samples} logs of replays")),
        "{text}"
    );
    // Every row that counts failed requests says none: the whole figure before "errors" and
    // before "× 429" is 0 (a plain `contains("0 errors")` would take "10 errors").
    let counts = failure_counts(&text);
    assert!(
        counts.len() >= 4,
        "the four load rows say how many requests failed: {counts:?} in:\n{text}"
    );
    for (row, errors, refused) in &counts {
        assert!(
            *errors == 0 && *refused == 0,
            "{errors} errors and {refused} × 429 in the row {row:?}"
        );
    }
    assert!(
        text.contains("CPUs,") && text.contains("GiB memory"),
        "{text}"
    );
}

/// For every table row that says "N errors, M × 429": the row's name, N and M. A figure that
/// does not read as a whole number fails the test.
fn failure_counts(text: &str) -> Vec<(String, u64, u64)> {
    let number = |s: &str| -> u64 {
        s.replace(',', "")
            .parse()
            .unwrap_or_else(|_| panic!("{s:?} is not a count"))
    };
    let mut out = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("| ")) {
        let mut rest = line;
        while let Some(at) = rest.find(" errors, ") {
            let errors = rest[..at].rsplit([' ', ';']).next().unwrap_or("");
            let after = &rest[at + " errors, ".len()..];
            let refused = after.split(" × 429").next().unwrap_or("");
            let name = line
                .split(" | ")
                .next()
                .unwrap_or(line)
                .trim_start_matches("| ");
            out.push((name.to_string(), number(errors), number(refused)));
            rest = after;
        }
    }
    out
}

#[test]
fn failure_counts_read_the_whole_figure() {
    let counts = failure_counts(
        "| a | 5 req/s; 10 errors, 0 × 429 |\n| b | p50 1 ms; 0 errors, 1,204 × 429 |",
    );
    assert_eq!(
        counts,
        vec![("a".to_string(), 10, 0), ("b".to_string(), 0, 1204)]
    );
}

#[test]
fn out_of_bounds_options_are_refused() {
    for args in [
        ["--seconds", "601"],
        ["--seconds", "0"],
        ["--clients", "0"],
        ["--clients", "1001"],
    ] {
        cmd()
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("invalid value"));
    }
    cmd()
        .args(["--no-cards", "--cards", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
    // The mixes run each on a folder store of their own.
    cmd()
        .args(["--mixes", "--store", "postgres://nobody@127.0.0.1:1/none"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
    // A server binary that is not there is said before anything runs.
    cmd()
        .args(["--mixes", "--server", "/nonexistent/ptcg-judge"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no server binary"));
}
