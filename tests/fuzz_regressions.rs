//! Inputs that once crashed the engine (found by the deep property runs; the cargo fuzz runs of
//! 2026-11-22 found none), kept so that they never do again. Each must give a report.

use ptcg_judge::engine::RuleEdition;

const OPENING: &str = "Setup
Misty chose tails for the opening coin flip.
Ash won the coin toss.
Ash decided to go first.
Misty drew 7 cards for the opening hand.
Ash drew 7 cards for the opening hand.
Misty played Veluza ex to the Active Spot.
Ash played Pikachu to the Active Spot.
Ash played Raichu to the Bench.
";

fn report_of(text: &str) -> ptcg_judge::report::Report {
    let mut last = None;
    for edition in RuleEdition::ALL {
        last = Some(
            ptcg_judge::verify(text.as_bytes(), None, edition)
                .unwrap_or_else(|e| panic!("not read as a log: {e}")),
        );
    }
    last.unwrap()
}

/// An integer overflow on an absurd Prize count (`took 999999 Prize cards`).
#[test]
fn an_absurd_prize_count_is_a_violation_not_an_overflow() {
    let text = format!(
        "{OPENING}\nAsh's Turn\nAsh drew a card.\nAsh took 999999 Prize cards.\nAsh took 2147483647 Prize cards.\n"
    );
    let report = report_of(&text);
    assert_eq!(report.steps.len(), report.summary.lines);
    assert!(
        report.summary.violations > 0,
        "taking more Prize cards than exist is a violation"
    );
}

/// A second `Setup` line restarts the game: the Pokémon of the last board (Knocked Out, damaged,
/// remembered) must not be looked up by a stale index.
#[test]
fn a_second_setup_forgets_the_old_board() {
    let text = format!(
        "{OPENING}\nAsh's Turn\nAsh drew a card.\nAsh's Pikachu used Thunder Shock on Misty's Veluza ex for 30 damage.\nMisty's Veluza ex was Knocked Out!\nAsh took a Prize card.\n\n{OPENING}\nAsh's Turn\nAsh drew a card.\nAsh's Raichu used Thunder on Misty's Veluza ex for 120 damage.\nMisty's Veluza ex was Knocked Out!\n"
    );
    let report = report_of(&text);
    assert_eq!(report.steps.len(), report.summary.lines);
}
