//! Every clause the registry marks "checked by the engine" has a check that can fail: a table
//! of small inputs, one row per broken rule, each naming the clause a `violation` (or, for a
//! deck list, a problem) must cite and where. Each row has a legal twin, the same input with the
//! broken line put right (or read under an edition whose rules it keeps), on which nothing is
//! found broken (for a deck list, no problem); so every row can fail both ways.
//! The last assertion lists the checked clauses that no row makes fail.
//!
//! Adding a case is one row in [`rows`]: the clause, the rule it breaks (rulebook and section),
//! the input, and where the violation is. Logs follow the PTCG Live English line templates
//! (`shared/ptcgl-logs/templates`, and `replays/README.md` for the samples).

#[path = "../common/mod.rs"]
mod common;
mod games;
mod harness;
mod rows;

use std::sync::{Arc, OnceLock};

use common::games::fixture_cards;
use harness::run;
use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::tools::deck::{DeckRequest, answer};
use ptcg_judge::engine::{Replay, RuleEdition, Verdict};
use ptcg_judge::rules::{CLAUSES, clause};
use rows::DECK;

use RuleEdition::{HeartGoldSoulSilver as Hgss, ScarletViolet as Sv};

/// A battle log.
enum Log {
    /// A game written below, read with the invented cards of `common::games::FIXTURE`.
    Game(String),
    /// A sample in `replays/`, read with the built-in card data.
    Sample(&'static str),
}

/// The broken input and its legal twin.
enum Input {
    /// The legal twin has the whole lines `legal` (several joined by `\n`) where the broken
    /// input has `broken`; both are read under `edition`.
    Swap {
        log: Log,
        legal: &'static str,
        broken: &'static str,
        edition: RuleEdition,
    },
    /// The log as written breaks the rule with the whole lines `broken`; its legal twin has
    /// `legal` there; both are read under `edition`.
    Fix {
        log: Log,
        broken: &'static str,
        legal: &'static str,
        edition: RuleEdition,
    },
    /// The same log, read under an edition whose rules it breaks and one whose rules it keeps.
    Editions {
        log: Log,
        broken: RuleEdition,
        legal: RuleEdition,
    },
    /// A deck list (as the deck checker takes it, on the built-in card data, played on
    /// 2025-06-01) whose legal twin has the line `legal` where the broken one has `broken`.
    Deck {
        list: &'static str,
        legal: &'static str,
        broken: &'static str,
        format: Option<&'static str>,
    },
}

/// Where the violation is, in the broken input.
#[derive(Clone, Copy)]
enum At {
    /// The first line that differs from the legal twin.
    Changed,
    /// The first line with this text from the first changed line on (from the start of the
    /// log for an edition row).
    Line(&'static str),
    /// The last line with this text before the first changed line.
    Before(&'static str),
    /// The deck as a whole (a deck problem on no line).
    Deck,
}

struct Row {
    clause: &'static str,
    /// The rule the broken input breaks, with the rulebook section it comes from.
    breaks: &'static str,
    input: Input,
    at: At,
}

fn swap(
    clause: &'static str,
    breaks: &'static str,
    log: Log,
    legal: &'static str,
    broken: &'static str,
    at: At,
) -> Row {
    Row {
        clause,
        breaks,
        input: Input::Swap {
            log,
            legal,
            broken,
            edition: Sv,
        },
        at,
    }
}

fn fix(
    clause: &'static str,
    breaks: &'static str,
    log: Log,
    broken: &'static str,
    legal: &'static str,
    at: At,
) -> Row {
    Row {
        clause,
        breaks,
        input: Input::Fix {
            log,
            broken,
            legal,
            edition: Sv,
        },
        at,
    }
}

fn editions(
    clause: &'static str,
    breaks: &'static str,
    log: Log,
    broken: RuleEdition,
    legal: RuleEdition,
    at: At,
) -> Row {
    Row {
        clause,
        breaks,
        input: Input::Editions { log, broken, legal },
        at,
    }
}

fn deck(
    clause: &'static str,
    breaks: &'static str,
    format: Option<&'static str>,
    legal: &'static str,
    broken: &'static str,
    at: At,
) -> Row {
    Row {
        clause,
        breaks,
        input: Input::Deck {
            list: DECK,
            legal,
            broken,
            format,
        },
        at,
    }
}

/// Every row fails where it says and not on its twin; every clause found broken is one the
/// registry marks checked; and every checked clause has a row.
#[test]
fn every_checked_clause_has_a_check_that_can_fail() {
    let rows = rows::rows();
    let mut failing = Vec::new();
    let mut broken = Vec::new();
    for row in &rows {
        match run(row) {
            Ok(found) => broken.extend(found),
            Err(why) => failing.push(format!("{} ({}): {why}", row.clause, row.breaks)),
        }
    }
    assert!(
        failing.is_empty(),
        "{} of {} rows fail:\n\n{}",
        failing.len(),
        rows.len(),
        failing.join("\n\n")
    );
    for id in broken {
        let c =
            clause(id).unwrap_or_else(|| panic!("{id} is found broken but is not in the registry"));
        assert!(
            c.checked,
            "{id} is found broken, but the registry marks it reference-only"
        );
    }
    let missing: Vec<&str> = CLAUSES
        .iter()
        .filter(|c| c.checked && !rows.iter().any(|r| r.clause == c.id))
        .map(|c| c.id)
        .collect();
    assert!(
        missing.is_empty(),
        "{} clauses are marked checked by the engine but no row makes them fail: {}",
        missing.len(),
        missing.join(", ")
    );
}
