//! Counts and readings the log itself settles (issue 21).
//!
//! `replays/counted-then-moved.log`: Ann's discard pile is not known card by card (Ultra Ball
//! discards 2 cards the log does not name); Kyogre's Riptide counts the Basic Water Energy in
//! it and then shuffles those cards into the deck, and the list of the cards shuffled counts
//! them.
//! `replays/resistance-stated.log`: Ann's Solrock may be a print whose Ability takes away the
//! Resistance of the opponent's Pokémon (Lunatone is in play); the attack line says Fighting
//! Resistance was applied, so the reading without Resistance is not what happened.

mod common;

use common::{sample_text as sample, verdict_at as at, verify_builtin as verify};
use ptcg_judge::engine::Verdict;

#[test]
fn a_count_of_cards_then_moved_is_read_from_the_list_of_the_cards_moved() {
    let text = sample("counted-then-moved.log");
    let (v, why) = at(&verify(&text), 27);
    assert_eq!(v, Verdict::Ok, "line 27: {why}");
    assert!(why.contains("20 × 2"), "{why}");
    // Ten more damage than the cards moved allow.
    let more = text.replace("for 40 damage.", "for 50 damage.");
    let (v, why) = at(&verify(&more), 27);
    assert_eq!(v, Verdict::Violation, "line 27 at 50: {why}");
    // Without the list of the cards moved, the count is not known.
    let unlisted = text.replace("   • Basic Water Energy, Basic Water Energy\n", "");
    let (v, why) = at(&verify(&unlisted), 27);
    assert_eq!(v, Verdict::Unverified, "line 27 without the list: {why}");
    // A card in the list that the attack does not count: the line is another effect's.
    let other = text.replace(
        "   • Basic Water Energy, Basic Water Energy\n",
        "   • Basic Water Energy, Potion\n",
    );
    let (v, why) = at(&verify(&other), 27);
    assert_eq!(v, Verdict::Unverified, "line 27 with a Potion moved: {why}");
    // Two lines that move cards: which of them the attack counted is not sure.
    let twice = text.replace(
        "   • Basic Water Energy, Basic Water Energy\n",
        "   • Basic Water Energy, Basic Water Energy\n- Ann shuffled Basic Water Energy into their deck.\n",
    );
    let (v, why) = at(&verify(&twice), 27);
    assert_eq!(
        v,
        Verdict::Unverified,
        "line 27 with two lines moving cards: {why}"
    );
}

#[test]
fn a_reading_that_takes_away_the_resistance_the_line_states_is_ruled_out() {
    let text = sample("resistance-stated.log");
    let (v, why) = at(&verify(&text), 26);
    assert_eq!(v, Verdict::Ok, "line 26: {why}");
    // 10 damage fits only the reading in which Solrock's Ability takes Resistance away, but
    // the line says Resistance was applied.
    let twin = text.replace("for 0 damage.", "for 10 damage.");
    let (v, why) = at(&verify(&twin), 26);
    assert_eq!(v, Verdict::Violation, "line 26 at 10: {why}");
    // Without the sentence, that reading stands.
    let unstated = twin.replace(
        " Ben's Shuppet took -10 less damage because of Fighting Resistance.",
        "",
    );
    let (v, why) = at(&verify(&unstated), 26);
    assert_ne!(v, Verdict::Violation, "line 26 unstated: {why}");
}
