//! The real logs exported in German, Latin American Spanish, Italian and Brazilian Portuguese
//! (`../shared/ptcgl-logs/localized/{de,es_la,it,pt-BR}.txt`), with the built-in card data:
//! every line is read, no violation is reported, most checkable steps are decided, and an
//! altered damage figure or a second Supporter in a turn is caught. Skipped, saying so, when
//! ../shared is absent.

mod common;

use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::{RuleEdition, Verdict};
use ptcg_judge::report::model::{Report, StepReport};

const LOGS: [&str; 4] = ["de.txt", "es_la.txt", "it.txt", "pt-BR.txt"];

fn checkable(step: &StepReport) -> bool {
    let cites = |prefix: &str| step.clauses.iter().any(|c| c.starts_with(prefix));
    match step.event.as_str() {
        "attack" | "took-damage" | "knock-out" | "took-prizes" | "evolve" | "retreat"
        | "play-to-stadium" | "game-end" => true,
        "attach" => step.depth == "action" || step.verdict != Verdict::Info,
        "play-card" => cites("turn.supporter"),
        "use" => cites("attack."),
        _ => false,
    }
}

fn logs() -> Option<Vec<(String, String)>> {
    let dir = common::shared_dir()?.join("ptcgl-logs/localized");
    LOGS.iter()
        .map(|f| Some((f.to_string(), std::fs::read_to_string(dir.join(f)).ok()?)))
        .collect()
}

fn verify(text: &str, db: &CardDb) -> Report {
    ptcg_judge::verify(text.as_bytes(), Some(db), RuleEdition::default()).unwrap()
}

#[test]
fn localized_real_logs_are_read_whole_and_judged_soundly() {
    let Some(logs) = logs() else {
        return common::skipped("localized real logs", "../shared/ptcgl-logs/localized");
    };
    let db = ptcg_judge::cards::snapshot::builtin().unwrap();
    let (mut decided, mut total) = (0usize, 0usize);
    for (name, text) in &logs {
        let report = verify(text, &db);
        assert!(report.language.is_some(), "{name}: read as English");
        let unparsed: Vec<_> = report
            .steps
            .iter()
            .filter(|s| s.verdict == Verdict::Unparsed)
            .map(|s| (s.line, s.text.clone()))
            .collect();
        assert!(unparsed.is_empty(), "{name}: {unparsed:?}");
        let violations: Vec<_> = report
            .steps
            .iter()
            .filter(|s| s.verdict == Verdict::Violation)
            .map(|s| (s.line, s.text.clone(), s.message.clone()))
            .collect();
        assert!(violations.is_empty(), "{name}: {violations:?}");
        // Every line keeps its text as written.
        let lines: Vec<&str> = text.lines().collect();
        for s in &report.steps {
            assert_eq!(
                s.text,
                lines[s.line as usize - 1].trim_end_matches('\r'),
                "{name}"
            );
        }
        for s in report.steps.iter().filter(|s| checkable(s)) {
            total += 1;
            if matches!(s.verdict, Verdict::Ok | Verdict::Violation) {
                decided += 1;
            }
        }
    }
    eprintln!("localized logs: decided {decided}/{total}");
    assert!(
        decided * 100 >= total * 75,
        "decided {decided}/{total}, under 75%"
    );
}

/// Change the damage of every attack line whose damage a check decided, one at a time, and
/// duplicate every Supporter line: each mutant must be caught (a violation on or after the
/// changed line).
#[test]
fn altered_damage_and_a_second_supporter_are_caught() {
    let Some(logs) = logs() else {
        return common::skipped("localized mutations", "../shared/ptcgl-logs/localized");
    };
    let db = ptcg_judge::cards::snapshot::builtin().unwrap();
    let (mut damage, mut supporter) = ((0usize, 0usize), (0usize, 0usize));
    // Mutants the engine does not claim to check: the changed line is unverified, naming why.
    let mut doubted = (0usize, 0usize);
    for (name, text) in &logs {
        let report = verify(text, &db);
        let lines: Vec<&str> = text.lines().collect();
        for s in &report.steps {
            let idx = s.line as usize - 1;
            if s.event == "attack"
                && s.verdict == Verdict::Ok
                && s.clauses
                    .iter()
                    .any(|c| c.starts_with("attack.damage-order"))
                && let ptcg_judge::log::Event::Attack { damage: d, .. } = &s.data
            {
                let d = *d;
                let from = format!(" {d} ");
                if !lines[idx].contains(&from) {
                    continue;
                }
                let mut mutated = lines.clone();
                let changed = lines[idx].replacen(&from, &format!(" {} ", d + 10), 1);
                mutated[idx] = &changed;
                let m = verify(&mutated.join("\n"), &db);
                match outcome(&m, s.line, |t| t.line >= s.line) {
                    Outcome::Caught => damage.0 += 1,
                    Outcome::Doubted => doubted.0 += 1,
                    Outcome::Missed => {
                        eprintln!("{name}:{}: damage {d} -> {} not caught", s.line, d + 10)
                    }
                }
                damage.1 += 1;
            }
            if s.event == "play-card"
                && s.clauses.iter().any(|c| c == "turn.supporter-once")
                && s.verdict == Verdict::Ok
            {
                let mut mutated = lines.clone();
                mutated.insert(idx + 1, lines[idx]);
                let m = verify(&mutated.join("\n"), &db);
                match outcome(&m, s.line + 1, |t| t.line == s.line + 1) {
                    Outcome::Caught => supporter.0 += 1,
                    Outcome::Doubted => doubted.1 += 1,
                    Outcome::Missed => eprintln!("{name}:{}: second Supporter not caught", s.line),
                }
                supporter.1 += 1;
            }
        }
    }
    eprintln!(
        "localized mutations: damage caught {}/{} ({} unverified), second Supporter caught {}/{} ({} unverified)",
        damage.0, damage.1, doubted.0, supporter.0, supporter.1, doubted.1
    );
    assert!(damage.0 > 0 && supporter.0 > 0, "nothing caught");
    // Of the mutants the engine claims to check, at least 95% are caught.
    let claimed = |(caught, all): (usize, usize), doubted: usize| (caught, all - doubted);
    for (what, (caught, claimed)) in [
        ("damage", claimed(damage, doubted.0)),
        ("second Supporter", claimed(supporter, doubted.1)),
    ] {
        assert!(
            caught * 100 >= claimed * 95,
            "{what}: {caught}/{claimed} claimed caught"
        );
    }
}

enum Outcome {
    Caught,
    Doubted,
    Missed,
}

/// Caught: a violation on a line `at` accepts. Doubted: none, and the changed line is
/// unverified (the engine says it cannot tell). Missed: otherwise.
fn outcome(m: &Report, changed: u32, at: impl Fn(&StepReport) -> bool) -> Outcome {
    if m.steps
        .iter()
        .any(|t| at(t) && t.verdict == Verdict::Violation)
    {
        Outcome::Caught
    } else if m
        .steps
        .iter()
        .any(|t| t.line == changed && t.verdict == Verdict::Unverified)
    {
        Outcome::Doubted
    } else {
        Outcome::Missed
    }
}
