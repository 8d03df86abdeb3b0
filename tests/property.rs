//! Random lines and random bytes through the parser and the state tracker: never a panic.

mod common;

use proptest::prelude::*;
use ptcg_judge::engine::RuleEdition;
use ptcg_judge::log::pattern::TABLE;

const NAMES: &[&str] = &["Ash K 1999", "Zoë", "[playerName]", "Opponent", "x's y", ""];
const CARDS: &[&str] = &[
    "Pikachu",
    "Raichu",
    "Basic Fire Energy",
    "Lillie's Clefairy ex",
    "Boss's Orders",
    "2 cards",
    "a card",
    "(sv6_128) Dreepy",
    "Path to the Peak",
    "",
    "Zoë's Pikachu",
];
const WORDS: &[&str] = &[
    "heads",
    "tails",
    "Poisoned",
    "Asleep",
    "Burned",
    "VSTAR Powers",
    "Fire",
    "rock",
    "x",
    "",
];

/// Pattern `i` of the table with its slots filled in turn: `fill(slot, pick, number)`.
fn fill_pattern(
    i: usize,
    picks: &[(usize, i32)],
    fill: impl Fn(&str, usize, i32) -> String,
) -> String {
    let mut out = String::new();
    let mut rest = TABLE[i].1;
    let mut k = 0;
    while let Some(pos) = rest.find('{') {
        out.push_str(&rest[..pos]);
        let (pick, number) = picks[k % picks.len()];
        k += 1;
        out.push_str(&fill(&rest[pos..pos + 3], pick, number));
        rest = &rest[pos + 3..];
    }
    out.push_str(rest);
    out
}

/// A line built from a random pattern of the table with random slot values.
fn table_line() -> impl Strategy<Value = String> {
    (
        0..TABLE.len(),
        proptest::collection::vec((0usize..11, -999i32..999_999), 14),
        prop_oneof![Just(""), Just("- "), Just("   • "), Just("  ")],
    )
        .prop_map(|(i, picks, prefix)| {
            let line = fill_pattern(i, &picks, |slot, pick, number| match slot {
                "{p}" => NAMES[pick % NAMES.len()].to_string(),
                "{c}" => CARDS[pick % CARDS.len()].to_string(),
                "{n}" => number.to_string(),
                _ => WORDS[pick % WORDS.len()].to_string(),
            });
            format!("{prefix}{line}")
        })
}

/// Cases per property: the default, or `PTCG_FUZZ_CASES` for a deeper run.
fn cases(default: u32) -> u32 {
    std::env::var("PTCG_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn any_line() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => table_line(),
        1 => "\\PC{0,80}",
        1 => Just(String::new()),
        1 => "(- |   • )?[A-Za-z0-9' ,.:!()-]{0,60}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(400), .. ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let _ = ptcg_judge::verify(&bytes, None, RuleEdition::default());
    }

    #[test]
    fn random_lines_never_panic(lines in proptest::collection::vec(any_line(), 0..80), crlf in any::<bool>()) {
        let mut text = String::from("Setup\nAsh K 1999 won the coin toss.\nZoë drew 7 cards for the opening hand.\n");
        let eol = if crlf { "\r\n" } else { "\n" };
        for l in &lines {
            text.push_str(l);
            text.push_str(eol);
        }
        if let Ok(report) = ptcg_judge::verify(text.as_bytes(), None, RuleEdition::default()) {
            prop_assert_eq!(report.steps.len(), report.summary.lines);
            let counted = report.summary.ok + report.summary.violations + report.summary.unverified + report.summary.info + report.summary.unparsed;
            prop_assert_eq!(counted, report.summary.lines);
        }
    }

    #[test]
    fn every_edition_survives_random_lines(lines in proptest::collection::vec(table_line(), 0..60), e in 0usize..5) {
        let text = lines.join("\n");
        let _ = ptcg_judge::verify(text.as_bytes(), None, RuleEdition::ALL[e]);
    }
}

/// The real logs with their lines shuffled, cut and repeated: the tracker sees impossible
/// sequences of well-formed events, with and without the card data (the checks that read cards
/// take other paths).
#[test]
fn real_lines_in_random_orders_never_panic() {
    let Some(files) = common::english_logs() else {
        return common::skipped("shuffled real lines", "../shared/ptcgl-logs");
    };
    let db = common::shared_cards().map(|d| ptcg_judge::cards::CardDb::load_dir(&d).unwrap());
    let mut all: Vec<String> = Vec::new();
    for f in &files {
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        all.extend(text.lines().map(str::to_string));
    }
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: cases(200),
        ..ProptestConfig::default()
    });
    let n = all.len();
    runner
        .run(
            &(proptest::collection::vec(0..n, 0..400), any::<bool>()),
            |(picks, with_cards)| {
                let text: Vec<&str> = picks.iter().map(|i| all[*i].as_str()).collect();
                let cards = if with_cards { db.as_ref() } else { None };
                let _ =
                    ptcg_judge::verify(text.join("\n").as_bytes(), cards, RuleEdition::default());
                Ok(())
            },
        )
        .unwrap();
}

/// A table line whose player slots hold one of the two players and whose card slots hold a
/// name from `cards`: the events then concern real players and (with card data) known cards,
/// so the engine's deeper checks run.
fn game_line(cards: Vec<String>) -> impl Strategy<Value = String> {
    (
        0..TABLE.len(),
        proptest::collection::vec((0usize..10_000, -20i32..400), 14),
        prop_oneof![4 => Just(""), 1 => Just("- "), 1 => Just("   • ")],
    )
        .prop_map(move |(i, picks, prefix)| {
            let line = fill_pattern(i, &picks, |slot, pick, number| match slot {
                "{p}" => ["Ash", "Misty"][pick % 2].to_string(),
                "{c}" => cards[pick % cards.len()].clone(),
                "{n}" => (number / 10 * 10).to_string(),
                _ => WORDS[pick % WORDS.len()].to_string(),
            });
            format!("{prefix}{line}")
        })
}

/// The engine never panics on any sequence of events: game-shaped logs (a setup, then turns
/// that alternate between the two players) whose lines are random events about the two players
/// and cards the card data knows, under every edition, with and without the card data.
#[test]
fn the_engine_never_panics_on_any_sequence_of_events() {
    let db = common::shared_cards().map(|d| ptcg_judge::cards::CardDb::load_dir(&d).unwrap());
    let mut names: Vec<String> = [
        "Pikachu",
        "Raichu",
        "Dreepy",
        "Drakloak",
        "Dragapult ex",
        "Rare Candy",
        "Boss's Orders",
        "Basic Fire Energy",
        "Arven",
        "Iono",
        "Charizard ex",
        "Charmander",
        "Pidgeot ex",
    ]
    .map(String::from)
    .to_vec();
    if let Some(db) = &db {
        // Some Pokémon with attacks, so attack and damage lines meet real cards.
        names.extend(
            db.cards()
                .filter(|c| c.is_pokemon() && !c.attacks.is_empty())
                .step_by(97)
                .take(60)
                .map(|c| c.name.clone()),
        );
    }
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: cases(200),
        ..ProptestConfig::default()
    });
    let turn = proptest::collection::vec(game_line(names.clone()), 0..12);
    // How many lines the engine judged (ok or violation): the logs must reach the checks.
    let judged = std::cell::Cell::new(0usize);
    runner
        .run(
            &(
                proptest::collection::vec(turn, 1..12),
                0usize..5,
                any::<bool>(),
                any::<bool>(),
            ),
            |(turns, e, with_cards, numbered)| {
                let mut text = String::from(
                    "Setup\nAsh won the coin toss.\nAsh decided to go first.\nAsh drew 7 cards for the opening hand.\nMisty drew 7 cards for the opening hand.\n",
                );
                for (i, lines) in turns.iter().enumerate() {
                    let who = ["Ash", "Misty"][i % 2];
                    if numbered {
                        text.push_str(&format!("\nTurn # {} - {who}'s Turn\n", i + 1));
                    } else {
                        text.push_str(&format!("\n{who}'s Turn\n"));
                    }
                    for l in lines {
                        text.push_str(l);
                        text.push('\n');
                    }
                }
                let cards = if with_cards { db.as_ref() } else { None };
                if let Ok(report) =
                    ptcg_judge::verify(text.as_bytes(), cards, RuleEdition::ALL[e])
                {
                    prop_assert_eq!(report.steps.len(), report.summary.lines);
                    judged.set(judged.get() + report.summary.ok + report.summary.violations);
                }
                Ok(())
            },
        )
        .unwrap();
    assert!(
        judged.get() > 100,
        "the random games reached only {} checks",
        judged.get()
    );
    eprintln!(
        "random games: {} lines judged ok or violation",
        judged.get()
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(2000), .. ProptestConfig::default() })]

    /// The damage order's invariants on any input: never below 0, 1 counter per 10 damage,
    /// the trace starts with the base and ends with the counters, and Weakness never lowers the
    /// damage.
    #[test]
    fn the_damage_order_holds_its_invariants(
        base in -50i32..100_000,
        attacker in proptest::collection::vec(-100_000i32..100_000, 0..4),
        defender in proptest::collection::vec(-100_000i32..100_000, 0..4),
        weak in proptest::option::of(prop_oneof![(2u32..4).prop_map(ptcg_judge::cards::WeaknessModifier::Multiply), (0u32..100).prop_map(ptcg_judge::cards::WeaknessModifier::Add)]),
        resist in proptest::option::of(0i32..100),
        flags in any::<(bool, bool, bool, bool, bool)>(),
    ) {
        use ptcg_judge::engine::Position;
        use ptcg_judge::engine::damage_order::{DamageCalculation, DamageEffect};
        let effects = |v: &[i32]| v.iter().map(|a| DamageEffect { source: "x".into(), amount: *a }).collect::<Vec<_>>();
        let (bench, ignore_wr, ignore_def, counters, prevent) = flags;
        let calc = DamageCalculation {
            base,
            places_counters: counters,
            position: if bench { Position::Bench } else { Position::Active },
            weakness: weak,
            resistance: resist,
            ignore_weakness_resistance: ignore_wr,
            ignore_defender_effects: ignore_def,
            attacker_effects: effects(&attacker),
            defender_effects: effects(&defender),
            prevent_all_damage: prevent,
        };
        let r = calc.run();
        prop_assert!(r.damage >= 0);
        prop_assert_eq!(r.counters, r.damage / 10);
        prop_assert_eq!(r.steps.first().map(|s| s.step.as_str()), Some("base"));
        prop_assert_eq!(r.steps.last().map(|s| s.step.as_str()), Some("counters"));
        if !counters {
            let without = DamageCalculation { weakness: None, ..calc.clone() }.run();
            prop_assert!(r.damage >= without.damage, "Weakness lowered {} to {}", without.damage, r.damage);
            if base <= 0 {
                prop_assert_eq!(r.damage, 0);
            }
        }
    }
}
