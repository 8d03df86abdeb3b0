//! The README's promise about the suites that read `../shared` (the real logs, the card data):
//! when it is absent they say `SKIPPED <suite>: <what> not found` on standard error (as
//! `common::skipped` does) and pass on the project's own samples. A silent skip, or one printed
//! on standard output or in another form, is invisible in CI's log.
//!
//! This reads the suites' sources (the folder cannot be taken away from under the other suites
//! while they run): every suite that reads ../shared has a skip message, and every skip message
//! is an `eprintln!` of `SKIPPED … not found`.

use std::path::Path;

/// Code lines of a source file (comments left out).
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .collect()
}

/// What is wrong with the skip messages of one suite's source, if anything.
fn skip_problems(name: &str, text: &str) -> Vec<String> {
    let lines = code_lines(text);
    let mut problems = Vec::new();
    let reads_shared = lines.iter().any(|(_, l)| {
        l.contains("\"../shared")
            || l.contains("common::shared_")
            || l.contains("common::english_logs")
    });
    let mut messages = 0;
    for (k, (number, line)) in lines.iter().enumerate() {
        if line.contains("common::skipped(") {
            messages += 1;
        }
        let Some(at) = line.to_lowercase().find("\"skipped") else {
            continue;
        };
        messages += 1;
        // The macro that prints it: on this line or one of the three before.
        let macro_line = lines[k.saturating_sub(3)..=k]
            .iter()
            .rev()
            .find(|(_, l)| l.contains("println!("))
            .map(|(_, l)| *l);
        if !macro_line.is_some_and(|l| l.contains("eprintln!(")) {
            problems.push(format!(
                "{name}:{number}: a skip message not printed with eprintln! (standard error)"
            ));
        }
        let message = &line[at + 1..];
        if !message.starts_with("SKIPPED ") {
            problems.push(format!(
                "{name}:{number}: a skip message that does not begin with \"SKIPPED \""
            ));
        }
        let rest = lines[k..(k + 4).min(lines.len())]
            .iter()
            .map(|(_, l)| *l)
            .collect::<Vec<_>>()
            .join(" ");
        if !rest.contains("not found") {
            problems.push(format!(
                "{name}:{number}: a skip message that does not say what was \"not found\""
            ));
        }
    }
    if reads_shared && messages == 0 {
        problems.push(format!(
            "{name}: reads ../shared but never says SKIPPED (use common::skipped)"
        ));
    }
    problems
}

#[test]
fn every_suite_that_reads_shared_says_skipped_not_found_on_standard_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut problems = Vec::new();
    let mut suites = 0;
    let mut readers = 0;
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let path = entry.path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.extension().is_none_or(|x| x != "rs") || name == "skips.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        suites += 1;
        readers +=
            usize::from(text.contains("common::english_logs") || text.contains("\"../shared"));
        problems.extend(skip_problems(&name, &text));
    }
    let common = std::fs::read_to_string(dir.join("common/mod.rs")).unwrap();
    problems.extend(skip_problems("common/mod.rs", &common));
    assert!(
        suites > 20 && readers > 5,
        "only {suites} suites ({readers} reading ../shared) found in {}",
        dir.display()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The check itself: it finds each way a skip can go wrong.
#[test]
fn the_check_finds_a_silent_a_stdout_and_a_lower_case_skip() {
    let silent = "fn f() { let d = common::shared_cards(); }";
    assert_eq!(skip_problems("a.rs", silent).len(), 1);
    let stdout = "fn f() {\n    println!(\n        \"SKIPPED x: y not found\"\n    );\n}";
    assert_eq!(skip_problems("b.rs", stdout).len(), 1);
    let lower = "fn f() {\n    eprintln!(\"skipped: y not found\");\n}";
    assert_eq!(skip_problems("c.rs", lower).len(), 1);
    let good = "fn f() {\n    let Some(d) = common::shared_cards() else {\n        return common::skipped(\"s\", \"d\");\n    };\n}";
    assert!(skip_problems("d.rs", good).is_empty());
    let inline =
        "fn f() {\n    eprintln!(\n        \"SKIPPED part of s: ../shared/x not found\"\n    );\n}";
    assert!(skip_problems("e.rs", inline).is_empty());
}
