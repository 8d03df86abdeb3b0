//! What the log does not show, read as readings (issue 21): a Pokémon whose prints disagree on
//! its Retreat Cost or HP is each print in turn, and a line that fits one of them is `ok` and
//! names it; a change to the Prize cards for the Knock Out of a Pokémon the text names is no
//! doubt when the Pokémon Knocked Out is another.
//!
//! `replays/readings.log`: Ann's Kirlia (prints with a Retreat Cost of 1 and of 2) retreats
//! paying 1; Ben's Lechonk (prints with 50 to 70 HP) is Knocked Out at 60 damage while Ben's
//! Jynx, whose Selfish Lips denies the Prize cards for its own Knock Out, is on the Bench.
//! `replays/artazon-wrong-player.log`: a Pokémon the client put on the wrong side is pinned
//! by a later line of its owner.

mod common;

use common::{sample_text as sample, verdict_at as at, verify_builtin as verify};
use ptcg_judge::engine::Verdict;

/// The sample with line `line` (1-based) replaced, or dropped when `with` is `None`.
fn edited(text: &str, line: usize, with: Option<&str>) -> String {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| match (i + 1 == line, with) {
            (true, None) => None,
            (true, Some(w)) => Some(format!("{w}\n")),
            (false, _) => Some(format!("{l}\n")),
        })
        .collect()
}

#[test]
fn the_sample_is_a_legal_game() {
    let report = verify(&sample("readings.log"));
    let bad: Vec<_> = report
        .steps
        .iter()
        .filter(|s| s.verdict == Verdict::Violation)
        .map(|s| format!("{}: {}", s.line, s.message))
        .collect();
    assert!(bad.is_empty(), "{bad:?}");
}

#[test]
fn a_retreat_that_fits_one_print_is_ok_and_names_it_and_one_that_fits_none_is_a_violation() {
    let text = sample("readings.log");
    let (v, why) = at(&verify(&text), 27);
    assert_eq!(v, Verdict::Ok, "line 27: {why}");
    assert!(
        why.contains("if this Kirlia is a print with a Retreat Cost of 1"),
        "{why}"
    );
    // No Energy discarded: no print of Kirlia retreats for nothing.
    let twin = verify(&edited(&text, 28, None));
    let (v, why) = at(&twin, 27);
    assert_eq!(v, Verdict::Violation, "line 27 of the twin: {why}");
    assert!(why.contains("retreat.cost"), "{why}");
}

#[test]
fn a_knock_out_that_fits_one_print_is_ok_and_below_every_print_a_violation() {
    let text = sample("readings.log");
    let (v, why) = at(&verify(&text), 49);
    assert_eq!(v, Verdict::Ok, "line 49: {why}");
    assert!(why.contains("if it is a print with 50 to 60 HP"), "{why}");
    // Without the first Mumble, Lechonk has 30 damage: below the HP of every print.
    let twin = verify(&edited(&text, 40, None));
    let (v, why) = at(&twin, 48);
    assert_eq!(v, Verdict::Violation, "line 48 of the twin: {why}");
    assert!(why.contains("knockout.at-hp"), "{why}");
}

#[test]
fn a_prize_change_for_another_pokemons_knock_out_is_no_doubt() {
    let text = sample("readings.log");
    let (v, why) = at(&verify(&text), 50);
    assert_eq!(v, Verdict::Ok, "line 50: {why}");
    // Two Prize cards for Lechonk: Selfish Lips speaks only of Jynx's own Knock Out.
    let twin = verify(&edited(&text, 50, Some("Ann took 2 Prize cards.")));
    let (v, why) = at(&twin, 50);
    assert_eq!(v, Verdict::Violation, "line 50 of the twin: {why}");
    assert!(why.contains("knockout.prizes"), "{why}");
}

/// `replays/artazon-wrong-player.log`: Ann plays Artazon and the client writes "Ben drew
/// Duskull and played it to the Bench". Ann evolving Duskull on her next turn pins it to her
/// side: the evolution and the Energy attached to it are checked, and a second Energy is a
/// violation.
#[test]
fn a_pokemon_put_on_the_wrong_side_by_a_sub_line_is_pinned_by_its_owners_next_action() {
    let text = sample("artazon-wrong-player.log");
    let report = verify(&text);
    let (v, why) = at(&report, 27);
    assert_eq!(v, Verdict::Ok, "line 27: {why}");
    let (v, why) = at(&report, 28);
    assert_eq!(v, Verdict::Ok, "line 28: {why}");
    let twin = verify(&edited(
        &text,
        28,
        Some(
            "Ann attached Basic Psychic Energy to Dusclops on the Bench.\nAnn attached Basic Psychic Energy to Dusclops on the Bench.",
        ),
    ));
    let (v, why) = at(&twin, 29);
    assert_eq!(v, Verdict::Violation, "line 29 of the twin: {why}");
    assert!(why.contains("turn.energy-attach-once"), "{why}");
}

/// Drifloon's prints disagree on Gust (older prints word it otherwise), but every print from
/// Sword & Shield on, the card pool of Pokémon TCG Live, agrees: Gust paid with two Energy is
/// `ok` and says so; with one Energy it is not `ok` (an older print may be the one played, so
/// not a violation either).
#[test]
fn an_attack_the_live_prints_agree_on_is_checked_by_them() {
    // Ann attaches one Energy on each of her turns `attached` lists, then Gust (cost [C][C]).
    let game = |attached: &[bool]| {
        let mut lines: Vec<String> = [
            "Setup",
            "Ben chose heads for the opening coin flip.",
            "Ann won the coin toss.",
            "Ann decided to go second.",
            "Ben drew 7 cards for the opening hand.",
            "- 7 drawn cards.",
            "Ann drew 7 cards for the opening hand.",
            "- 7 drawn cards.",
            "   • Drifloon, Basic Psychic Energy, Basic Psychic Energy, Potion, Potion, Potion, Potion",
            "Ben played Lechonk to the Active Spot.",
            "Ann played Drifloon to the Active Spot.",
        ]
        .map(String::from)
        .to_vec();
        for (turn, attach) in attached.iter().enumerate() {
            lines.extend(
                [
                    "",
                    "Ben's Turn",
                    "Ben drew a card.",
                    "Ben ended their turn.",
                    "",
                    "Ann's Turn",
                    "Ann drew Potion.",
                ]
                .map(String::from),
            );
            if *attach {
                lines.push(
                    "Ann attached Basic Psychic Energy to Drifloon in the Active Spot.".into(),
                );
            }
            if turn + 1 < attached.len() {
                lines.push("Ann ended their turn.".into());
            }
        }
        lines.push("Ann's Drifloon used Gust on Ben’s Lechonk for 10 damage.".into());
        lines.join("\n") + "\n"
    };
    let report = verify(&game(&[true, true]));
    let last = report.steps.last().expect("the attack").line as usize;
    let (v, why) = at(&report, last);
    assert_eq!(v, Verdict::Ok, "two Energy: {why}");
    assert!(why.contains("agree on Gust"), "{why}");
    let report = verify(&game(&[false, true]));
    let last = report.steps.last().expect("the attack").line as usize;
    let (v, why) = at(&report, last);
    // Not a violation: a print before Sword & Shield words Gust otherwise (its cost may be
    // paid by one Energy), and nothing in the log rules it out; the doubt names the prints.
    assert_eq!(v, Verdict::Unverified, "one Energy: {why}");
    assert!(why.contains("disagree on the attack Gust"), "{why}");
    // Which prints, and what each makes of it: at least two wordings, each with its cost.
    let versions = why
        .split_once("Gust (")
        .and_then(|(_, rest)| rest.split_once("), and the log"))
        .map(|(v, _)| v)
        .unwrap_or_else(|| panic!("no list of the prints' wordings: {why}"));
    assert!(
        versions.split("; ").count() >= 2 && versions.contains("Colorless"),
        "{why}"
    );
}
