//! The real logs exported in German, Latin American Spanish, Italian and Brazilian Portuguese
//! (`../shared/ptcgl-logs/localized/{de,es_la,it,pt-BR}.txt`), with the built-in card data:
//! every line is read, no violation is reported, most checkable steps are decided, and the
//! share of altered damage figures and of second Supporters in a turn that is caught (as
//! `../shared/tools/README.md` counts it) is printed and held to its floor. Skipped, saying so,
//! when ../shared is absent.

mod common;

use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::{RuleEdition, Verdict};
use ptcg_judge::report::model::{Report, StepReport};

const LOGS: [&str; 4] = ["de.txt", "es_la.txt", "it.txt", "pt-BR.txt"];

use common::checkable;
use common::floors::{LOCALIZED_DAMAGE, LOCALIZED_DECIDED, LOCALIZED_SECOND_SUPPORTER};

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
        LOCALIZED_DECIDED.holds(decided, total),
        "decided {decided}/{total}, under {}",
        LOCALIZED_DECIDED.describe()
    );
}

/// Change the damage of every attack line the engine said `ok` to, one at a time, and copy
/// every Supporter line right after itself; measured as `../shared/tools/README.md` defines it:
/// a mutant counts where the original line was `ok` (for the inserted Supporter: where the
/// original log had no violation, which the test above asserts); it is caught only by a
/// `violation` at the changed line or one of the next three; `unverified` there is a miss. The
/// raw rates are printed and held to [`FLOORS`].
#[test]
fn altered_damage_and_a_second_supporter_are_caught() {
    let Some(logs) = logs() else {
        return common::skipped("localized mutations", "../shared/ptcgl-logs/localized");
    };
    let db = ptcg_judge::cards::snapshot::builtin().unwrap();
    let mut damage = Tally::default();
    let mut supporter = Tally::default();
    for (name, text) in &logs {
        let report = verify(text, &db);
        let lines: Vec<&str> = text.lines().collect();
        let clean = !report.steps.iter().any(|s| s.verdict == Verdict::Violation);
        for s in &report.steps {
            let idx = s.line as usize - 1;
            if s.event == "attack"
                && let ptcg_judge::log::Event::Attack(a) = &s.data
                && a.damage > 0
            {
                let d = a.damage;
                let from = format!(" {d} ");
                if s.verdict != Verdict::Ok || !lines[idx].contains(&from) {
                    continue; // the engine did not claim to check this line
                }
                let mut mutated = lines.clone();
                let changed = lines[idx].replacen(&from, &format!(" {} ", d + 10), 1);
                mutated[idx] = &changed;
                let m = verify(&mutated.join("\n"), &db);
                let what = format!("{name}:{}: damage {d} -> {}", s.line, d + 10);
                damage.add(outcome(&m, s.line), what);
            }
            // A Supporter by the card data (as mutate.py names them), whatever the engine said.
            if let ptcg_judge::log::Event::PlayCard { card, .. } = &s.data
                && s.depth == "action"
                && db
                    .by_name(&card.name)
                    .iter()
                    .any(|i| db.card(*i).is_supporter())
                && clean
            {
                let mut mutated = lines.clone();
                mutated.insert(idx + 1, lines[idx]);
                let m = verify(&mutated.join("\n"), &db);
                let what = format!("{name}:{}: second Supporter", s.line + 1);
                supporter.add(outcome(&m, s.line + 1), what);
            }
        }
    }
    let mut failures = Vec::new();
    for (kind, t) in [("damage", &damage), ("second-supporter", &supporter)] {
        for miss in &t.misses {
            eprintln!("MISS {miss}");
        }
        eprintln!(
            "localized mutations: {kind} caught {}/{} ({} of the misses unverified)",
            t.caught, t.counted, t.doubted
        );
        let floor = if kind == "damage" {
            LOCALIZED_DAMAGE
        } else {
            LOCALIZED_SECOND_SUPPORTER
        };
        if t.counted == 0 {
            failures.push(format!("{kind}: no mutant counted"));
        } else if !floor.holds(t.caught, t.counted) {
            failures.push(format!(
                "{kind}: caught {}/{}, floor {}",
                t.caught,
                t.counted,
                floor.describe()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// How many lines after the changed one a violation still catches the mutant.
const CATCH_WINDOW: u32 = 3;

/// What a mutant's report says at the changed line and the next [`CATCH_WINDOW`].
enum Outcome {
    /// A violation there.
    Caught,
    /// No violation, and an `unverified` step there: the engine doubted it. A miss.
    Doubted,
    /// Neither.
    Missed,
}

fn outcome(m: &Report, changed: u32) -> Outcome {
    let window: Vec<&StepReport> = m
        .steps
        .iter()
        .filter(|t| (changed..=changed + CATCH_WINDOW).contains(&t.line))
        .collect();
    if window.iter().any(|t| t.verdict == Verdict::Violation) {
        Outcome::Caught
    } else if window.iter().any(|t| t.verdict == Verdict::Unverified) {
        Outcome::Doubted
    } else {
        Outcome::Missed
    }
}

/// The figures of one kind of mutant.
#[derive(Default)]
struct Tally {
    /// Mutants counted (the denominator).
    counted: usize,
    caught: usize,
    /// Misses with an `unverified` step in the window.
    doubted: usize,
    misses: Vec<String>,
}

impl Tally {
    fn add(&mut self, outcome: Outcome, what: String) {
        self.counted += 1;
        match outcome {
            Outcome::Caught => self.caught += 1,
            Outcome::Doubted => {
                self.doubted += 1;
                self.misses.push(format!("{what} [unverified]"));
            }
            Outcome::Missed => self.misses.push(what),
        }
    }
}
