//! What a person reads (issue 41): every attack and every line of damage to a second Pokémon the
//! engine calls `ok` carries a trace in the rulebook's order whose arithmetic holds entry by
//! entry and whose last value is the log's number; no message or explanation carries the
//! engine's bookkeeping; and the samples worked by hand from the card texts give the traces
//! their notes in `replays/README.md` give.

mod common;

use ptcg_judge::engine::explanation::{Explanation, TraceEntry, TraceStep};
use ptcg_judge::engine::{RuleEdition, Verdict};
use ptcg_judge::log::Event;
use ptcg_judge::report::{Report, StepReport};

/// Phrases of the engine's own bookkeeping: how it read prints and texts, what it guessed. A
/// judge reads the rule, the numbers and the cards; none of these reaches a person.
const BOOKKEEPING: &[&str] = &[
    "as one of the prints words it",
    "is a print without it",
    "is a print that has it",
    "is on another of its name",
    "is on this Pokémon]",
    "counted once",
    "the tracker chose one",
    "the tracker was",
    "readings of what the log does not show",
    "in the tracked state",
    "lost track of",
    "Energy tracked on",
    "[",
];

/// The texts of a step a person reads: its message and every sentence of its explanation.
fn read_texts(s: &StepReport) -> Vec<String> {
    let mut out = vec![s.message.clone()];
    if let Some(e) = &s.explanation {
        for t in &e.trace {
            out.extend(t.source.clone());
            out.extend(t.reason.clone());
        }
        for n in &e.not_applied {
            out.push(n.source.clone());
            out.push(n.reason.clone());
        }
        out.extend(e.cost.clone());
        if let Some(f) = &e.failed {
            out.push(f.sentence.clone());
        }
        if let Some(d) = &e.doubt {
            out.push(d.sentence.clone());
        }
    }
    out
}

/// The bookkeeping a text carries ("[" only outside an Energy cost such as "[Water Colorless]").
fn bookkeeping_in(text: &str) -> Vec<&'static str> {
    let costless = strip_costs(text);
    BOOKKEEPING
        .iter()
        .copied()
        .filter(|p| costless.contains(p))
        .collect()
}

/// `text` without its Energy costs ("costs [Water Colorless]").
fn strip_costs(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('[') {
        let (head, tail) = rest.split_at(at);
        out.push_str(head);
        match tail.find(']') {
            Some(end)
                if tail[1..end]
                    .split(' ')
                    .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphabetic())) =>
            {
                rest = &tail[end + 1..];
            }
            _ => {
                out.push('[');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The damage a line states: an attack's, or "took N damage".
fn stated_damage(s: &StepReport) -> Option<i32> {
    match &s.data {
        Event::Attack(a) => Some(a.damage),
        Event::TookDamage { damage, .. } => Some(*damage),
        _ => None,
    }
}

/// What is wrong with a trace: out of the rulebook's order, an entry whose value is not the one
/// before changed as it says, or (when `damage` is given) a last value other than it.
fn trace_problems(trace: &[TraceEntry], damage: Option<i32>) -> Vec<String> {
    let mut problems = Vec::new();
    let rank = |s: TraceStep| s as u8;
    let mut last = 0;
    let mut last_step = TraceStep::Base;
    for (i, e) in trace.iter().enumerate() {
        if rank(e.step) < rank(last_step) {
            problems.push(format!("entry {i} ({:?}) after {:?}", e.step, last_step));
        }
        last_step = e.step;
        let want = match e.applied_to(last) {
            Some(want) => want,
            None => {
                problems.push(format!("entry {i}: change {:?} unknown", e.change));
                e.value
            }
        };
        if e.value != want {
            problems.push(format!(
                "entry {i}: {} then {:?} gives {want}, not {}",
                last, e.change, e.value
            ));
        }
        last = e.value;
    }
    for step in [TraceStep::Base, TraceStep::Weakness, TraceStep::Resistance] {
        if !trace.iter().any(|e| e.step == step) {
            problems.push(format!("no {step:?} entry"));
        }
    }
    if let Some(d) = damage
        && last != d
    {
        problems.push(format!("the trace ends on {last}, the log says {d}"));
    }
    problems
}

fn reports() -> Vec<(String, Report)> {
    let cards = ptcg_judge::cards::snapshot::builtin().unwrap();
    let mut files: Vec<std::path::PathBuf> = common::sample_logs();
    if let Some(dir) = common::shared_dir() {
        for sub in [
            "en-2025",
            "en-2026",
            "en-player-name-bug",
            "localized",
            "mangled",
        ] {
            for e in std::fs::read_dir(dir.join("ptcgl-logs").join(sub))
                .unwrap()
                .flatten()
            {
                files.push(e.path());
            }
        }
    } else {
        common::skipped("explanations on the real logs", "../shared/ptcgl-logs");
    }
    files
        .into_iter()
        .map(|f| {
            let report = ptcg_judge::verify(
                &std::fs::read(&f).unwrap(),
                Some(&cards),
                RuleEdition::default(),
            )
            .unwrap();
            (f.display().to_string(), report)
        })
        .collect()
}

#[test]
fn every_ok_attack_and_damage_line_has_a_trace_that_adds_up_to_the_log() {
    let mut problems = Vec::new();
    let mut traced = 0;
    for (name, report) in reports() {
        for s in &report.steps {
            if s.verdict != Verdict::Ok || !matches!(&*s.event, "attack" | "took-damage") {
                continue;
            }
            let Some(damage) = stated_damage(s) else {
                continue;
            };
            let trace = s.explanation.as_ref().map_or(&[][..], |e| &e.trace[..]);
            if trace.is_empty() {
                problems.push(format!(
                    "{name}:{}: an ok line with no trace: {}",
                    s.line, s.message
                ));
                continue;
            }
            traced += 1;
            for p in trace_problems(trace, Some(damage)) {
                problems.push(format!("{name}:{}: {p}", s.line));
            }
        }
    }
    assert!(traced > 50, "only {traced} traces");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_message_or_explanation_carries_bookkeeping() {
    let mut found = Vec::new();
    for (name, report) in reports() {
        for s in &report.steps {
            for text in read_texts(s) {
                let hits = bookkeeping_in(&text);
                if !hits.is_empty() {
                    found.push(format!("{name}:{}: {hits:?} in {text}", s.line));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "{}\n({} in all)",
        found[..found.len().min(20)].join("\n"),
        found.len()
    );
}

/// The checks themselves find what they look for.
#[test]
fn the_checks_find_a_bad_trace_and_bookkeeping() {
    use std::borrow::Cow;
    let entry = |step, change: &str, value| TraceEntry {
        step,
        source: None,
        change: change.into(),
        value,
        clause: Cow::Borrowed("attack.damage-order"),
        reason: None,
    };
    let good = vec![
        entry(TraceStep::Base, "=60", 60),
        entry(TraceStep::Weakness, "×2", 120),
        entry(TraceStep::Resistance, "none", 120),
    ];
    assert!(trace_problems(&good, Some(120)).is_empty());
    assert_eq!(trace_problems(&good, Some(130)).len(), 1);
    let bad = vec![
        entry(TraceStep::Base, "=60", 60),
        entry(TraceStep::Resistance, "-30", 40),
        entry(TraceStep::Weakness, "×2", 80),
    ];
    assert_eq!(trace_problems(&bad, None).len(), 2);
    assert!(bookkeeping_in("Gust costs [Colorless Colorless]; attached: x").is_empty());
    assert_eq!(
        bookkeeping_in("base 20, [Lightning Symbol (Zapdos) is a print without it]"),
        ["is a print without it", "["]
    );
}

/// A sample's step at `line` (1-based) and its explanation.
fn explained(sample: &str, line: u32) -> (StepReport, Explanation) {
    let report = common::verify_builtin(&common::sample_text(sample));
    let s = report
        .steps
        .iter()
        .find(|s| s.line == line)
        .unwrap_or_else(|| panic!("{sample}: no line {line}"))
        .clone();
    let e = s
        .explanation
        .as_deref()
        .cloned()
        .unwrap_or_else(|| panic!("{sample}:{line}: no explanation: {}", s.message));
    (s, e)
}

/// (step, source, change, value) of each entry.
fn entries(e: &Explanation) -> Vec<(&'static str, Option<String>, String, i32)> {
    e.trace
        .iter()
        .map(|t| (t.step.as_str(), t.source.clone(), t.change.clone(), t.value))
        .collect()
}

fn row(
    step: &'static str,
    source: Option<&str>,
    change: &str,
    value: i32,
) -> (&'static str, Option<String>, String, i32) {
    (step, source.map(str::to_string), change.to_string(), value)
}

/// Worked by hand (`replays/README.md`, section 26): Aqua Blade 110; Vitality Band +10 on the
/// attacker; Torkoal's Weakness to Water ×2; no Resistance: 240.
#[test]
fn weakness_and_an_attackers_tool_in_the_rulebooks_order() {
    let (s, e) = explained("breakdown-leaves-out.log", 36);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(
        entries(&e),
        [
            row("base", None, "=110", 110),
            row("attacker", Some("Vitality Band"), "+10", 120),
            row("weakness", Some("Weakness to Water"), "×2", 240),
            row("resistance", None, "none", 240),
        ]
    );
}

/// Section 24: Steel Wing 50; Mew ex has no Weakness or Resistance to Metal; the lasting effect
/// of the Steel Wing Mew ex copied the turn before, -30: 20.
#[test]
fn a_defenders_lasting_effect_from_a_copied_attack() {
    let (s, e) = explained("copied-lasting-effect.log", 41);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(
        entries(&e),
        [
            row("base", None, "=50", 50),
            row("weakness", None, "none", 50),
            row("resistance", None, "none", 50),
            row("defender", Some("Steel Wing (Skarmory)"), "-30", 20),
        ]
    );
}

/// Section 25: Mirage Barrage does 120 to a Benched Pokémon: no Weakness or Resistance on the
/// Bench; the Double Turbo Energy discarded before the damage does not act.
#[test]
fn damage_to_a_benched_pokemon() {
    let (s, e) = explained("text-order-discard.log", 38);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(
        entries(&e),
        [
            row("base", None, "=120", 120),
            row("weakness", None, "none", 120),
            row("resistance", None, "none", 120),
        ]
    );
    assert!(e.trace[1].reason.as_deref().unwrap().contains("Bench"));
}

/// Section 25's twin: the Double Turbo Energy stays attached, and its "20 less damage" acts on
/// the attacker's damage: 120 - 20 = 100, against the log's 120.
#[test]
fn a_special_energy_that_lowers_damage() {
    let text = common::sample_text("text-order-discard.log").replace(
        "   • Double Turbo Energy, Basic Water Energy",
        "   • Basic Water Energy, Basic Water Energy",
    );
    let report = common::verify_builtin(&text);
    let s = report.steps.iter().find(|s| s.line == 37).unwrap();
    assert_eq!(s.verdict, Verdict::Violation, "{}", s.message);
    let e = s.explanation.as_ref().expect("an explanation");
    assert_eq!(
        entries(e),
        [
            row("base", None, "=0", 0),
            row("base", Some("Mirage Barrage"), "=120", 120),
            row("attacker", Some("Double Turbo Energy"), "-20", 100),
            row("weakness", None, "none", 100),
            row("resistance", None, "none", 100),
        ]
    );
    let failed = e.failed.as_ref().expect("the failed clause");
    assert_eq!(failed.clause, "attack.damage-order");
    assert!(!failed.title.is_empty(), "the clause's title");
    assert!(
        failed.sentence.contains("100") && failed.sentence.contains("120"),
        "{}",
        failed.sentence
    );
}
