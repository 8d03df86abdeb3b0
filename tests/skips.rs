//! A suite cannot pass by skipping under CI (issue 39). Every input a suite may lack — `../shared`
//! (the real logs, the card data, the client's templates), a PostgreSQL server, Chromium — goes
//! through `common::missing_input`: under CI (`CI=true`) that fails the test naming what is
//! missing; elsewhere it writes `SKIPPED …` to standard error past the test harness's capture, so
//! a plain `cargo test` shows every skip. Only a refused connection means "no PostgreSQL server";
//! any other database error fails.
//!
//! This reads the suites' sources (the folder cannot be taken away from under the other suites
//! while they run): no suite prints a skip of its own or decides one without `common`, and the
//! functions themselves are checked both ways.

mod common;

use std::path::Path;

/// Code lines of a source file (comments left out).
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .collect()
}

/// What is wrong with how one suite skips, if anything: a skip message printed by the suite
/// itself (the harness would swallow it, and CI would not fail), or a path into `../shared`
/// built by hand rather than through `common` (whose accessors fail under CI).
fn skip_problems(name: &str, text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    for (number, line) in code_lines(text) {
        let lower = line.to_lowercase();
        if lower.contains("\"skipped") && (line.contains("println!(") || line.contains("print!(")) {
            problems.push(format!(
                "{name}:{number}: a skip printed by the suite itself; call common::skipped or common::missing_input"
            ));
        } else if lower.contains("\"skipped") {
            problems.push(format!(
                "{name}:{number}: a skip message of the suite's own; call common::skipped or common::missing_input"
            ));
        }
        if line.contains("join(\"../shared") || line.contains("join(\"../../shared") {
            problems.push(format!(
                "{name}:{number}: a path into ../shared built by hand; use common::shared_dir (it fails under CI when the folder is missing)"
            ));
        }
    }
    problems
}

#[test]
fn no_suite_skips_on_its_own() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut problems = Vec::new();
    let mut suites = 0;
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let path = entry.path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.extension().is_none_or(|x| x != "rs") || name == "skips.rs" {
            continue;
        }
        suites += 1;
        problems.extend(skip_problems(
            &name,
            &std::fs::read_to_string(&path).unwrap(),
        ));
    }
    assert!(
        suites > 20,
        "only {suites} suites found in {}",
        dir.display()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check itself: it finds each way a suite can skip on its own.
#[test]
fn the_check_finds_a_printed_skip_and_a_hand_built_path() {
    let printed = "fn f() {\n    eprintln!(\"SKIPPED x: y not found\");\n}";
    assert_eq!(skip_problems("a.rs", printed).len(), 1);
    let stdout = "fn f() {\n    println!(\"skipped: y\");\n}";
    assert_eq!(skip_problems("b.rs", stdout).len(), 1);
    let by_hand = "fn f() {\n    let d = root.join(\"../shared/ptcgl-logs\");\n}";
    assert_eq!(skip_problems("c.rs", by_hand).len(), 1);
    let good = "fn f() {\n    let Some(d) = common::shared_cards() else {\n        return common::skipped(\"s\", \"d\");\n    };\n}";
    assert!(skip_problems("d.rs", good).is_empty());
}

/// Under CI a missing input fails the test and names it; elsewhere the test goes on.
#[test]
fn a_missing_input_fails_under_ci_and_names_it() {
    let failed = std::panic::catch_unwind(|| {
        common::missing_input_when(
            true,
            "corpus parse",
            "../shared/ptcgl-logs not found (expected beside the project in ../shared)",
        )
    })
    .expect_err("under CI a missing input is a failure");
    let message = failed.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        message.contains("../shared/ptcgl-logs") && message.contains("corpus parse"),
        "{message}"
    );
    // Outside CI the line it writes says what is skipped and why.
    assert_eq!(
        common::skip_line("corpus parse", "../shared/ptcgl-logs not found"),
        "SKIPPED corpus parse: ../shared/ptcgl-logs not found\n"
    );
}

/// Only a refused connection means "no server": a closed port is one, while a login the server
/// refuses (a role that does not exist) is not, and fails the suite that meets it.
#[test]
fn only_a_refused_connection_means_no_postgresql_server() {
    let connect = |url: String| {
        std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap()
                .block_on(async move {
                    tokio_postgres::connect(&url, tokio_postgres::NoTls)
                        .await
                        .map(|_| ())
                })
        })
        .join()
        .unwrap()
    };
    let closed = common::free_port();
    let err = connect(format!("postgres://postgres@127.0.0.1:{closed}/postgres"))
        .expect_err("nothing listens on a port just let go");
    assert!(common::postgres::connection_refused(&err), "{err}");

    let server = std::env::var("PTCG_JUDGE_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_string());
    let Some((_, at)) = server.split_once('@') else {
        panic!("PTCG_JUDGE_TEST_POSTGRES has no user@host: {server}");
    };
    match connect(format!("postgres://ptcg_judge_no_such_role@{at}")) {
        Ok(()) => panic!("a role that does not exist logged in at {at}"),
        Err(e) if common::postgres::connection_refused(&e) => {
            common::missing_input("the wrong-role check", &format!("no server at {at} ({e})"))
        }
        // The server answered, and refused the role: that is an error to fail on, not a skip.
        Err(e) => assert_eq!(
            e.code(),
            Some(&tokio_postgres::error::SqlState::INVALID_AUTHORIZATION_SPECIFICATION),
            "{e}"
        ),
    }
}
