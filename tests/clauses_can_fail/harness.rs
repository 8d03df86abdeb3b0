//! The harness: reading a row's input, making its twin, and finding what is broken.

use super::*;

pub fn builtin() -> &'static Arc<CardDb> {
    static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
    DB.get_or_init(|| ptcg_judge::cards::snapshot::builtin().expect("built-in card data"))
}

pub fn fixture() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(fixture_cards)
}

/// The lines and card data of a log.
pub fn read(log: &Log) -> (Vec<String>, &'static CardDb) {
    match log {
        Log::Game(text) => (lines(text), fixture()),
        Log::Sample(name) => {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("replays")
                .join(name);
            let text = std::fs::read_to_string(&path).unwrap();
            (lines(text.trim_start_matches('\u{feff}')), builtin())
        }
    }
}

pub fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

/// `text` with the whole lines `from` (the first place they are) replaced by `to`.
pub fn replaced(text: &[String], from: &str, to: &str) -> Result<Vec<String>, String> {
    let from: Vec<&str> = from.split('\n').collect();
    let at = (0..text.len())
        .find(|i| text[*i..].iter().take(from.len()).eq(from.iter()))
        .ok_or_else(|| format!("the lines {from:?} are not in the input"))?;
    let mut out = text[..at].to_vec();
    out.extend(
        to.split('\n')
            .filter(|_| !to.is_empty())
            .map(str::to_string),
    );
    out.extend_from_slice(&text[at + from.len()..]);
    Ok(out)
}

/// The broken input and its legal twin (the base itself, which holds the lines `legal`).
pub fn twins(
    base: &[String],
    legal: &str,
    broken: &str,
) -> Result<(Vec<String>, Vec<String>), String> {
    let b = replaced(base, legal, broken)?;
    if b == base {
        return Err("the broken input is the same as its twin".into());
    }
    Ok((b, base.to_vec()))
}

/// The index of the line the violation must be on: `changed` is the first line where the
/// broken input differs from its twin.
pub fn locate(lines: &[String], changed: Option<usize>, at: At) -> Result<usize, String> {
    let from = changed.unwrap_or(0);
    let (found, what) = match at {
        At::Changed => (changed, "the changed line"),
        At::Line(text) => ((from..lines.len()).find(|i| lines[*i] == text), text),
        At::Before(text) => ((0..from).rev().find(|i| lines[*i] == text), text),
        At::Deck => (None, "the whole deck"),
    };
    found.ok_or_else(|| format!("no line for {what:?} in the broken input"))
}

/// A violation: its 1-based line, the clauses it finds broken, its message.
pub type Violation = (u32, Vec<&'static str>, String);

/// A log's violations. With `debug`, every step is printed.
pub fn violations(
    lines: &[String],
    cards: &CardDb,
    edition: RuleEdition,
    debug: bool,
) -> Vec<Violation> {
    let text = lines.join("\n") + "\n";
    let parsed = ptcg_judge::log::parse_log(text.as_bytes()).unwrap();
    let result = Replay::run(&parsed, Some(cards), edition);
    if debug {
        for (l, r) in parsed.lines.iter().zip(&result.steps) {
            let s = &r.step;
            eprintln!(
                "{:>3} {:<10} [{}] {}\n      {}",
                l.number,
                s.verdict.as_str(),
                s.clauses.join(", "),
                lines[l.number as usize - 1],
                s.message
            );
        }
    }
    parsed
        .lines
        .iter()
        .zip(&result.steps)
        .filter(|(_, r)| r.step.verdict == Verdict::Violation)
        .map(|(l, r)| (l.number, r.step.violated.to_vec(), r.step.message.clone()))
        .collect()
}

/// One row: the clause is found broken where the row says on the broken input, and nothing is
/// found broken on its legal twin. Gives every clause found broken.
pub fn run(row: &Row) -> Result<Vec<&'static str>, String> {
    // `CLAUSES_DEBUG=<clause id>` prints the steps of its rows' broken logs.
    let debug = std::env::var("CLAUSES_DEBUG").is_ok_and(|c| c == row.clause);
    let (broken, edition, line, found, on_twin) = match &row.input {
        Input::Swap {
            log,
            legal,
            broken,
            edition,
        } => {
            let (base, cards) = read(log);
            let (b, l) = twins(&base, legal, broken)?;
            let changed = b.iter().zip(&l).take_while(|(x, y)| x == y).count();
            let line = locate(&b, Some(changed), row.at)? as u32 + 1;
            let found = violations(&b, cards, *edition, debug);
            let on_twin = violations(&l, cards, *edition, false);
            (b, edition.id(), line, found, on_twin)
        }
        Input::Fix {
            log,
            broken,
            legal,
            edition,
        } => {
            let (base, cards) = read(log);
            let (l, b) = twins(&base, broken, legal)?;
            let changed = b.iter().zip(&l).take_while(|(x, y)| x == y).count();
            let line = locate(&b, Some(changed), row.at)? as u32 + 1;
            let found = violations(&b, cards, *edition, debug);
            let on_twin = violations(&l, cards, *edition, false);
            (b, edition.id(), line, found, on_twin)
        }
        Input::Editions { log, broken, legal } => {
            let (base, cards) = read(log);
            let line = locate(&base, None, row.at)? as u32 + 1;
            let found = violations(&base, cards, *broken, debug);
            let on_twin = violations(&base, cards, *legal, false);
            (base, broken.id(), line, found, on_twin)
        }
        Input::Deck {
            list,
            legal,
            broken,
            format,
        } => return run_deck(row, list, legal, broken, *format),
    };
    if !found
        .iter()
        .any(|(n, v, _)| *n == line && v.contains(&row.clause))
    {
        return Err(format!(
            "no violation of it at line {line} ({:?}) under {edition}; violations: {found:#?}",
            broken[line as usize - 1]
        ));
    }
    // The twin is a legal game: no violation of the clause, nor of any other.
    if !on_twin.is_empty() {
        return Err(format!("its legal twin has violations: {on_twin:#?}"));
    }
    Ok(found
        .iter()
        .chain(&on_twin)
        .flat_map(|(_, v, _)| v.iter().copied())
        .collect())
}

/// A deck row: the problem is on the line the row says (or on the whole deck), and the twin
/// has no problem.
pub fn run_deck(
    row: &Row,
    list: &str,
    legal: &str,
    broken: &str,
    format: Option<&str>,
) -> Result<Vec<&'static str>, String> {
    let (b, l) = twins(&lines(list), legal, broken)?;
    let changed = b.iter().zip(&l).take_while(|(x, y)| x == y).count();
    let line = match row.at {
        At::Deck => None,
        at => Some(locate(&b, Some(changed), at)? + 1),
    };
    let ask = |list: &[String]| {
        let req = DeckRequest {
            list: list.join("\n") + "\n",
            format: format.map(str::to_string),
            date: Some("2025-06-01".into()),
        };
        answer(&req, Some(builtin())).map_err(|e| format!("refused: {e}"))
    };
    let (found, on_twin) = (ask(&b)?, ask(&l)?);
    if !found
        .problems
        .iter()
        .any(|p| p.clause == row.clause && p.line == line)
    {
        return Err(format!(
            "no problem citing it at {line:?}; problems: {:#?}",
            found.problems
        ));
    }
    if !on_twin.problems.is_empty() {
        return Err(format!(
            "its legal twin has problems: {:#?}",
            on_twin.problems
        ));
    }
    Ok(found
        .problems
        .iter()
        .chain(&on_twin.problems)
        .map(|p| p.clause)
        .collect())
}
