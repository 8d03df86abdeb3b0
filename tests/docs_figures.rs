//! `docs/tests.md` says only what the suites assert: its table of floors is the one the suites
//! read (`common::floors`), every `cargo test --test NAME` it shows names a suite that exists,
//! and it shows no `--ignored` run of a suite that has no ignored test. Run with
//! `PTCG_JUDGE_WRITE_DOCS=1` to write the table into the page after changing a floor.

mod common;

use std::path::{Path, PathBuf};

const BEGIN: &str = "<!-- floors:begin (written from tests/common/floors.rs) -->\n";
const END: &str = "<!-- floors:end -->";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn page() -> PathBuf {
    root().join("docs/tests.md")
}

/// The page with its floors block replaced by `table`; `None` when the page has no block.
fn with_table(text: &str, table: &str) -> Option<String> {
    let start = text.find(BEGIN)? + BEGIN.len();
    let end = start + text[start..].find(END)?;
    Some(format!("{}{table}{}", &text[..start], &text[end..]))
}

#[test]
fn the_page_quotes_the_floors_the_suites_assert() {
    let text = std::fs::read_to_string(page()).unwrap();
    let table = common::floors::markdown();
    let Some(expected) = with_table(&text, &table) else {
        panic!("docs/tests.md has no block between {BEGIN:?} and {END:?}");
    };
    if std::env::var_os("PTCG_JUDGE_WRITE_DOCS").is_some() {
        std::fs::write(page(), &expected).unwrap();
        return;
    }
    assert!(
        text == expected,
        "docs/tests.md quotes other floors than tests/common/floors.rs; run `PTCG_JUDGE_WRITE_DOCS=1 cargo test --test docs_figures` and commit the page.\nThe table is:\n{table}"
    );
}

/// The suites that exist: `tests/NAME.rs` and `tests/NAME/main.rs`.
fn suites() -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(root().join("tests")).unwrap().flatten() {
        let p = e.path();
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        if p.extension().is_some_and(|x| x == "rs") || p.join("main.rs").is_file() {
            out.push(name);
        }
    }
    out
}

fn source_of(suite: &str) -> String {
    let file = root().join("tests").join(format!("{suite}.rs"));
    let dir = root().join("tests").join(suite);
    if file.is_file() {
        return std::fs::read_to_string(file).unwrap();
    }
    let mut all = String::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        all.push_str(&std::fs::read_to_string(e.path()).unwrap_or_default());
    }
    all
}

/// What is wrong with the commands a page shows: (suite named, whether with `--ignored`).
fn command_problems(
    text: &str,
    suites: &[String],
    has_ignored: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut problems = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("--test ") {
            let name: String = rest[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            rest = &rest[at + 7..];
            if name.is_empty() {
                continue;
            }
            if !suites.contains(&name) {
                problems.push(format!(
                    "docs/tests.md:{}: `--test {name}` names no suite",
                    n + 1
                ));
            } else if line.contains("--ignored") && !has_ignored(&name) {
                problems.push(format!(
                    "docs/tests.md:{}: an `--ignored` run of {name}, which has no ignored test",
                    n + 1
                ));
            }
        }
    }
    problems
}

#[test]
fn every_command_the_page_shows_runs_a_suite_that_exists() {
    let text = std::fs::read_to_string(page()).unwrap();
    let suites = suites();
    let problems = command_problems(&text, &suites, |s| source_of(s).contains("#[ignore"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check itself finds a suite that does not exist and an `--ignored` run of nothing.
#[test]
fn the_command_check_finds_a_missing_suite_and_an_empty_ignored_run() {
    let suites = vec!["soundness".to_string()];
    let page = "run `cargo test --test soundness -- --ignored`\nand `cargo test --test gone`\n";
    let problems = command_problems(page, &suites, |_| false);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(command_problems("`cargo test --test soundness`", &suites, |_| false).is_empty());
}
