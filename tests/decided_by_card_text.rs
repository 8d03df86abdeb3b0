//! Decided from what the cards say (issue 21): lines the engine used to leave `unverified`
//! because a card "may change" a fact are decided when the card's text says exactly what it
//! does, and the same line without the effect the text explains is no longer `ok`.
//!
//! `replays/effects-in-text.log`: a Dusclops whose Cursed Blast says "If you use this Ability,
//! this Pokémon is Knocked Out" is Knocked Out with no damage; Lost Vacuum takes the Hero's
//! Cape off the opponent's Lechonk, which is then Knocked Out at its printed HP.

mod common;

use common::{sample_text as sample, verdict_at as at, verify_builtin as verify};
use ptcg_judge::engine::Verdict;

/// The sample without the lines numbered in `drop` (1-based).
fn without(text: &str, drop: &[usize]) -> String {
    text.lines()
        .enumerate()
        .filter(|(i, _)| !drop.contains(&(i + 1)))
        .map(|(_, l)| format!("{l}\n"))
        .collect()
}

#[test]
fn a_pokemon_knocked_out_by_its_own_ability_is_ok_and_without_the_ability_a_violation() {
    let text = sample("effects-in-text.log");
    let report = verify(&text);
    let (v, why) = at(&report, 31);
    assert_eq!(v, Verdict::Ok, "line 31: {why}");
    assert!(why.contains("Cursed Blast"), "{why}");
    // Without the Ability line and its counters, the Knock Out (now line 29) has no cause.
    let twin = verify(&without(&text, &[29, 30]));
    let (v, why) = at(&twin, 29);
    assert_eq!(v, Verdict::Violation, "line 29 of the twin: {why}");
    assert!(why.contains("knockout.at-hp"), "{why}");
}

#[test]
fn a_tool_put_in_the_lost_zone_no_longer_raises_the_hp() {
    let text = sample("effects-in-text.log");
    let report = verify(&text);
    let (v, why) = at(&report, 40);
    assert_eq!(v, Verdict::Ok, "line 40: {why}");
    assert!(
        report.steps.iter().all(|s| s.verdict != Verdict::Violation),
        "a legal game"
    );
    // Without the line that takes Hero's Cape away, the Cape's exact "+100 HP" stays on
    // Lechonk: the Knock Out at 80 damage is a violation whichever print it is.
    let twin = verify(&without(&text, &[38]));
    let (v, why) = at(&twin, 39);
    assert_eq!(v, Verdict::Violation, "line 39 of the twin: {why}");
    assert!(why.contains("Hero's Cape: +100 HP"), "{why}");
}

/// Reference clauses the replay applies are cited on the lines where it applies them (issue
/// 22): the Lost Zone where Lost Vacuum puts Hero's Cape, the maximum HP where a Knock Out is
/// found at it.
#[test]
fn the_rules_the_replay_applies_are_cited_on_their_lines() {
    let report = verify(&sample("effects-in-text.log"));
    let cites = |line: usize, clause: &str| {
        report
            .steps
            .iter()
            .any(|s| s.line as usize == line && s.clauses.iter().any(|c| c == clause))
    };
    assert!(cites(38, "zones.lost-zone"), "line 38");
    assert!(cites(40, "hp.maximum-remaining"), "line 40");
    assert!(
        !cites(39, "zones.lost-zone"),
        "only where a card goes there"
    );
}

/// A condition the tracker knows is evaluated, not doubted (issue 40): Luminous Energy provides
/// every type, but Colorless instead "if the Pokémon this card is attached to has any other
/// Special Energy attached". Greninja ex's Mirage Barrage costs [W][C][C]: with Luminous and two
/// Basic Psychic Energy it is paid (Luminous as Water); with a Double Turbo Energy beside
/// Luminous, Luminous provides Colorless and nothing provides Water: a violation.
#[test]
fn a_special_energy_condition_the_tracker_knows_is_evaluated() {
    let base = sample("text-order-discard.log")
        .replace(
            "Ann attached Basic Water Energy to Froakie in the Active Spot.",
            "Ann attached Luminous Energy to Froakie in the Active Spot.",
        )
        .replace(
            "Ann attached Basic Water Energy to Greninja ex in the Active Spot.",
            "Ann attached Basic Psychic Energy to Greninja ex in the Active Spot.",
        )
        .replace(
            "   • Froakie, Basic Water Energy, Basic Water Energy, Double Turbo Energy",
            "   • Froakie, Luminous Energy, Basic Psychic Energy, Double Turbo Energy",
        )
        .replace(
            "   • Double Turbo Energy, Basic Water Energy",
            "   • Double Turbo Energy, Basic Psychic Energy",
        );
    let (v, why) = at(&verify(&base), 37);
    assert_eq!(v, Verdict::Violation, "with Double Turbo Energy: {why}");
    assert!(why.contains("attack.energy-cost"), "{why}");
    let paid = base
        .replace(
            "Ann attached Double Turbo Energy to Greninja ex in the Active Spot.",
            "Ann attached Basic Psychic Energy to Greninja ex in the Active Spot.",
        )
        .replace(
            "   • Double Turbo Energy, Basic Psychic Energy",
            "   • Basic Psychic Energy, Basic Psychic Energy",
        )
        .replace(
            "Double Turbo Energy, Rare Candy",
            "Basic Psychic Energy, Rare Candy",
        );
    let (v, why) = at(&verify(&paid), 37);
    assert_eq!(v, Verdict::Ok, "with two Basic Psychic Energy: {why}");
}
