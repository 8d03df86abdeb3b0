//! The samples of issue 41 worked by hand (`replays/README.md`, sections 29 to 32): each trace
//! entry of the engine (step, source, change, value, clause) is the one the notes give from the
//! card texts and the rulebook's damage order, and a twin with the number the hand working rules
//! out is a violation of the clause that fails.

mod common;

use ptcg_judge::engine::Verdict;
use ptcg_judge::engine::explanation::Explanation;
use ptcg_judge::report::StepReport;

const ORDER: &str = "attack.damage-order";
const WEAKNESS: &str = "attack.damage-order.weakness";
const RESISTANCE: &str = "attack.damage-order.resistance";

type Row = (&'static str, Option<String>, String, i32, String);

/// The step at `line` (1-based) of the report of `text`, and its explanation.
fn explained_text(text: &str, line: u32) -> (StepReport, Explanation) {
    let report = common::verify_builtin(text);
    let s = report
        .steps
        .iter()
        .find(|s| s.line == line)
        .unwrap_or_else(|| panic!("no line {line}"))
        .clone();
    let e = s
        .explanation
        .as_deref()
        .cloned()
        .unwrap_or_else(|| panic!("line {line}: no explanation: {}", s.message));
    (s, e)
}

/// (step, source, change, value, clause) of each entry.
fn entries(e: &Explanation) -> Vec<Row> {
    e.trace
        .iter()
        .map(|t| {
            (
                t.step.as_str(),
                t.source.clone(),
                t.change.clone(),
                t.value,
                t.clause.to_string(),
            )
        })
        .collect()
}

fn row(step: &'static str, source: Option<&str>, change: &str, value: i32, clause: &str) -> Row {
    (
        step,
        source.map(str::to_string),
        change.to_string(),
        value,
        clause.to_string(),
    )
}

/// `text` without the client's Damage breakdowns (the `- Damage breakdown:` line and its
/// bullets), so that the number on the attack line is the player's alone.
fn without_breakdowns(text: &str) -> String {
    let mut out = String::new();
    let mut in_breakdown = false;
    for l in text.lines() {
        if l == "- Damage breakdown:" {
            in_breakdown = true;
            continue;
        }
        if in_breakdown && l.starts_with("   • ") {
            continue;
        }
        in_breakdown = false;
        out.push_str(l);
        out.push('\n');
    }
    out
}

/// `text` with `from` replaced by `to` on line `line` (1-based), which must hold it.
fn on_line(text: &str, line: usize, from: &str, to: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert!(lines[line - 1].contains(from), "{}", lines[line - 1]);
    lines[line - 1] = lines[line - 1].replace(from, to);
    lines.join("\n") + "\n"
}

/// The failed clause of a violation and its sentence naming both numbers.
fn fails(s: &StepReport, e: &Explanation, clause: &str, expected: i32, logged: i32) {
    assert_eq!(s.verdict, Verdict::Violation, "{}", s.message);
    let failed = e.failed.as_ref().expect("the failed clause");
    assert_eq!(failed.clause, clause);
    assert!(!failed.title.is_empty(), "the clause's title");
    assert!(
        failed.sentence.contains(&format!("does {expected} here"))
            && failed.sentence.contains(&format!("says {logged}")),
        "{}",
        failed.sentence
    );
}

fn ability_resistance() -> String {
    common::sample_text("ability-resistance.log")
}

/// Section 29, line 26: Good Punch 70; Adrena-Power's condition (a Darkness Energy attached) is
/// false; Squawkabilly ex is weak to Lightning, not Fighting; it resists Fighting, −30: 40.
fn resistance_only() -> Vec<Row> {
    vec![
        row("base", None, "=70", 70, ORDER),
        row("weakness", None, "none", 70, WEAKNESS),
        row(
            "resistance",
            Some("Resistance to Fighting"),
            "-30",
            40,
            RESISTANCE,
        ),
    ]
}

/// Section 29, line 38: Good Punch 70; Adrena-Power +100 on the attacker (a Darkness Energy is
/// attached), before Weakness and Resistance; no Weakness; Resistance to Fighting −30: 140.
fn ability_then_resistance() -> Vec<Row> {
    vec![
        row("base", None, "=70", 70, ORDER),
        row(
            "attacker",
            Some("Adrena-Power (Okidogi)"),
            "+100",
            170,
            ORDER,
        ),
        row("weakness", None, "none", 170, WEAKNESS),
        row(
            "resistance",
            Some("Resistance to Fighting"),
            "-30",
            140,
            RESISTANCE,
        ),
    ]
}

/// (source, reason) of each effect considered that does not act.
fn not_applied(e: &Explanation) -> Vec<(&str, &str)> {
    e.not_applied
        .iter()
        .map(|n| (n.source.as_str(), n.reason.as_str()))
        .collect()
}

#[test]
fn resistance_in_the_rulebooks_order() {
    let (s, e) = explained_text(&ability_resistance(), 26);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(entries(&e), resistance_only());
    assert_eq!(
        e.trace[1].reason.as_deref(),
        Some("the Defending Pokémon has no Weakness to this attack")
    );
    // Adrena-Power was considered: its condition rules it out, and the judge reads why.
    assert_eq!(
        not_applied(&e),
        [(
            "Adrena-Power (Okidogi)",
            "it acts only if this Pokémon has any Darkness Energy attached"
        )]
    );
}

#[test]
fn an_attackers_ability_before_resistance() {
    let (s, e) = explained_text(&ability_resistance(), 38);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(entries(&e), ability_then_resistance());
    assert!(e.not_applied.is_empty(), "{:?}", e.not_applied);
}

/// The client's breakdowns are not what the engine reads the damage from: without them the
/// traces are the same (the breakdown lines are 27–28 and 39–41, so later lines move up).
#[test]
fn the_same_traces_without_the_clients_breakdowns() {
    let text = without_breakdowns(&ability_resistance());
    let (s, e) = explained_text(&text, 26);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(entries(&e), resistance_only());
    let (s, e) = explained_text(&text, 36);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(entries(&e), ability_then_resistance());
}

/// Twins: Adrena-Power left out where its Darkness Energy is attached (40 for 140), and counted
/// where none is (140 for 40).
#[test]
fn an_ability_left_out_or_counted_without_its_condition_is_a_violation() {
    let text = without_breakdowns(&ability_resistance());
    let left_out = on_line(&text, 36, "for 140 damage", "for 40 damage");
    let (s, e) = explained_text(&left_out, 36);
    assert_eq!(entries(&e), ability_then_resistance());
    fails(&s, &e, ORDER, 140, 40);
    let counted = on_line(&text, 26, "for 40 damage", "for 140 damage");
    let (s, e) = explained_text(&counted, 26);
    assert_eq!(entries(&e), resistance_only());
    fails(&s, &e, ORDER, 40, 140);
}

/// Section 30, line 26: Slash 50; no effect on the attacker; Mimikyu is weak to Metal, not
/// Lightning, and has no Resistance; Safeguard prevents all damage from a Pokémon ex: 0.
fn prevented() -> Vec<Row> {
    vec![
        row("base", None, "=50", 50, ORDER),
        row("weakness", None, "none", 50, WEAKNESS),
        row("resistance", None, "none", 50, RESISTANCE),
        row("defender", Some("Safeguard (Mimikyu)"), "=0", 0, ORDER),
    ]
}

#[test]
fn a_prevention_effect_on_the_defender() {
    let text = common::sample_text("ability-prevents-damage.log");
    let (s, e) = explained_text(&text, 26);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(entries(&e), prevented());
    assert_eq!(e.trace[3].reason.as_deref(), Some("all damage prevented"));
    assert!(e.not_applied.is_empty(), "{:?}", e.not_applied);
}

/// The same sample with a Pokémon that is not a Pokémon ex attacking (Lechonk's Stampede, 20):
/// Safeguard does not act, and the judge reads why.
#[test]
fn a_prevention_effect_that_does_not_reach_the_attacker() {
    let text = common::sample_text("ability-prevents-damage.log")
        .replace("(zsv10-5_34) Zekrom ex", "(sv1_154) Lechonk");
    let text = on_line(&text, 26, "used Slash", "used Stampede");
    let text = on_line(&text, 26, "for 0 damage", "for 20 damage");
    let text = without_lines(&text, &[27, 28]);
    let (s, e) = explained_text(&text, 26);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(entries(&e), plain(20));
    assert_eq!(
        not_applied(&e),
        [(
            "Safeguard (Mimikyu)",
            "it acts only on attacks by your opponent's Pokémon (ex or V)"
        )]
    );
}

/// Twin: the report cut and the damage as if Safeguard did not act.
#[test]
fn damage_safeguard_prevents_is_a_violation() {
    let text = common::sample_text("ability-prevents-damage.log");
    let text = on_line(&text, 26, "for 0 damage", "for 50 damage");
    let text = without_lines(&text, &[27, 28]);
    let (s, e) = explained_text(&text, 26);
    assert_eq!(entries(&e), prevented());
    fails(&s, &e, ORDER, 0, 50);
}

fn attack_prevents() -> String {
    common::sample_text("attack-prevents-damage.log")
}

/// Section 31, lines 32 and 50: Slash 50; Terapagos ex is weak to Fighting and has no
/// Resistance; its Tera rule acts on the Bench only, and Crown Opal is not (or no longer) in
/// force: 50.
fn slash_unprevented() -> Vec<Row> {
    vec![
        row("base", None, "=50", 50, ORDER),
        row("weakness", None, "none", 50, WEAKNESS),
        row("resistance", None, "none", 50, RESISTANCE),
    ]
}

const TERA_ON_BENCH: (&str, &str) = (
    "Terapagos ex",
    "it acts only if this Pokémon is on the Bench",
);

/// Section 31, line 42: Crown Opal's lasting effect prevents the damage of a Basic
/// non-Colorless Pokémon's attack in Ben's opponent's next turn: 0.
fn slash_prevented() -> Vec<Row> {
    let mut rows = slash_unprevented();
    rows.push(row(
        "defender",
        Some("Crown Opal (Terapagos ex)"),
        "=0",
        0,
        ORDER,
    ));
    rows
}

#[test]
fn a_prevention_left_by_an_attack_acts_for_one_turn() {
    let text = attack_prevents();
    for (line, want) in [
        (32, slash_unprevented()),
        (42, slash_prevented()),
        (50, slash_unprevented()),
    ] {
        let (s, e) = explained_text(&text, line);
        assert_eq!(s.verdict, Verdict::Ok, "{line}: {}", s.message);
        assert_eq!(entries(&e), want, "line {line}");
        assert_eq!(not_applied(&e), [TERA_ON_BENCH], "line {line}");
    }
}

/// Twins: the prevention left out (50 on line 42), and kept a turn too long (0 on line 50).
#[test]
fn a_prevention_left_out_or_kept_too_long_is_a_violation() {
    let text = on_line(&attack_prevents(), 42, "for 0 damage", "for 50 damage");
    let (s, e) = explained_text(&text, 42);
    assert_eq!(entries(&e), slash_prevented());
    fails(&s, &e, ORDER, 0, 50);
    let text = on_line(&attack_prevents(), 50, "for 50 damage", "for 0 damage");
    let (s, e) = explained_text(&text, 50);
    assert_eq!(entries(&e), slash_unprevented());
    fails(&s, &e, ORDER, 50, 0);
}

/// A Colorless Pokémon ex (Snorlax ex, Strength 80) is not one Crown Opal names: 80, and the
/// judge reads why it did not act. Its Slashes on lines 32 and 50 are cut (Strength needs a
/// third Energy), so line 42 becomes line 41.
#[test]
fn a_prevention_that_names_other_attackers_does_not_act() {
    let text = attack_prevents().replace("(zsv10-5_34) Zekrom ex", "(sv8-5_76) Snorlax ex");
    let text = on_line(&text, 42, "used Slash", "used Strength");
    let text = on_line(&text, 42, "for 0 damage", "for 80 damage");
    let text = without_lines(&text, &[32, 50]);
    let (s, e) = explained_text(&text, 41);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(entries(&e), plain(80));
    assert_eq!(
        not_applied(&e),
        [
            TERA_ON_BENCH,
            (
                "Crown Opal (Terapagos ex)",
                "it acts only on attacks by your opponent's Pokémon (Basic, not Colorless)"
            )
        ]
    );
}

/// Section 32, line 21: Slash 50; Double Turbo Energy −20 on the attacker, before Weakness;
/// Veluza ex's Weakness to Lightning ×2; no Resistance: 60.
fn energy_then_weakness() -> Vec<Row> {
    vec![
        row("base", None, "=50", 50, ORDER),
        row("attacker", Some("Double Turbo Energy"), "-20", 30, ORDER),
        row(
            "weakness",
            Some("Weakness to Lightning"),
            "×2",
            60,
            WEAKNESS,
        ),
        row("resistance", None, "none", 60, RESISTANCE),
    ]
}

#[test]
fn a_special_energy_lowers_the_damage_before_weakness() {
    let text = common::sample_text("special-energy-before-weakness.log");
    let (s, e) = explained_text(&text, 21);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(entries(&e), energy_then_weakness());
    let (s, e) = explained_text(&without_breakdowns(&text), 21);
    assert_eq!(s.verdict, Verdict::Ok, "{}", s.message);
    assert_eq!(entries(&e), energy_then_weakness());
}

/// Twin: the −20 taken after Weakness (50 × 2 − 20 = 80) is not the rulebook's order.
#[test]
fn a_special_energy_taken_after_weakness_is_a_violation() {
    let text = without_breakdowns(&common::sample_text("special-energy-before-weakness.log"));
    let text = on_line(&text, 21, "for 60 damage", "for 80 damage");
    let text = on_line(&text, 21, "took 30 more", "took 50 more");
    let (s, e) = explained_text(&text, 21);
    assert_eq!(entries(&e), energy_then_weakness());
    fails(&s, &e, ORDER, 60, 80);
}

/// `text` without the lines numbered in `lines` (1-based).
fn without_lines(text: &str, lines: &[usize]) -> String {
    text.lines()
        .enumerate()
        .filter(|(i, _)| !lines.contains(&(i + 1)))
        .map(|(_, l)| format!("{l}\n"))
        .collect()
}

/// The trace of a printed `damage` that nothing changes: the base, no Weakness, no Resistance.
fn plain(damage: i32) -> [Row; 3] {
    [
        row("base", None, &format!("={damage}"), damage, ORDER),
        row("weakness", None, "none", damage, WEAKNESS),
        row("resistance", None, "none", damage, RESISTANCE),
    ]
}
