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

/// A line built from a random pattern of the table with random slot values.
fn table_line() -> impl Strategy<Value = String> {
    (
        0..TABLE.len(),
        proptest::collection::vec((0usize..11, -999i32..999_999), 14),
        prop_oneof![Just(""), Just("- "), Just("   • "), Just("  ")],
    )
        .prop_map(|(i, picks, prefix)| {
            let mut out = String::from(prefix);
            let mut rest = TABLE[i].1;
            let mut k = 0;
            while let Some(pos) = rest.find('{') {
                out.push_str(&rest[..pos]);
                let slot = &rest[pos..pos + 3];
                let (pick, number) = picks[k % picks.len()];
                k += 1;
                match slot {
                    "{p}" => out.push_str(NAMES[pick % NAMES.len()]),
                    "{c}" => out.push_str(CARDS[pick % CARDS.len()]),
                    "{n}" => out.push_str(&number.to_string()),
                    _ => out.push_str(WORDS[pick % WORDS.len()]),
                }
                rest = &rest[pos + 3..];
            }
            out.push_str(rest);
            out
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
