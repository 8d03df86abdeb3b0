//! Setup: the opening hand, mulligans, and the extra draws they allow. (That only Basic Pokémon
//! are put into play at setup is judged with the Bench, in `bench.rs`.)

use crate::cards::Stage;
use crate::log::Event;

use super::super::super::facts;
use super::super::super::verdict::Step;
use super::super::tracker::ListUse;
use super::Judging;

/// `setup.opening-hand`: the opening hand is 7 cards.
pub fn opening_hand(j: &Judging<'_, '_>) -> Step {
    let Event::OpeningHand { player, count } = j.event else {
        return Step::info("");
    };
    if *count == 7 {
        Step::ok("setup.opening-hand", sentence!("{player} draws 7 cards"))
    } else {
        Step::violation(
            "setup.opening-hand",
            sentence!("{player} draws {count} cards for the opening hand; it is always 7"),
        )
    }
}

/// `setup.mulligan`: the hand a mulligan reveals must hold no Basic Pokémon.
pub fn mulligan_reveal(j: &Judging<'_, '_>) -> Step {
    let (Some(ListUse::MulliganReveal(player)), Event::CardList { cards }) =
        (&j.resolved.list, j.event)
    else {
        return Step::info("");
    };
    let name = &j.state.players[*player].name;
    let mut unknown = Vec::new();
    for c in cards {
        match j.prints_named(&c.name, &[]) {
            Ok(prints) => {
                if let Ok(Stage::Basic | Stage::Baby) = facts::stage(&prints) {
                    return Step::violation(
                        "setup.mulligan",
                        sentence!(
                            "{name} took a mulligan with {} in hand, a Basic Pokémon",
                            c.name
                        ),
                    );
                }
            }
            Err(_) => {
                let known_other = j.db().is_some_and(|db| {
                    let p = db.by_name(&c.name);
                    !p.is_empty() && p.iter().all(|i| !db.card(*i).is_pokemon())
                });
                if !known_other && crate::cards::basic_energy_type(&c.name).is_none() {
                    unknown.push(c.name.as_str());
                }
            }
        }
    }
    if unknown.is_empty() {
        Step::ok("setup.mulligan", "the revealed hand has no Basic Pokémon")
    } else {
        Step::cannot_check(
            "setup.mulligan",
            sentence!(
                "cannot tell whether the revealed hand holds a Basic Pokémon: {} not in the card data",
                unknown.join(", ")
            ),
        )
    }
}

/// `setup.mulligan-extra-draw`: a player may draw up to one card for each mulligan the opponent
/// took beyond their own.
pub fn mulligan_extra_draw(j: &Judging<'_, '_>) -> Step {
    let (Some(player), Event::MulliganExtraDraw { count, .. }) = (j.resolved.player, j.event)
    else {
        return Step::info("");
    };
    let own = j.state.players[player].mulligans;
    let theirs = j.state.players[1 - player].mulligans;
    let allowed = theirs.saturating_sub(own);
    let name = &j.state.players[player].name;
    if *count <= allowed {
        Step::ok(
            "setup.mulligan-extra-draw",
            sentence!(
                "{name} may draw up to {allowed} card(s) for the opponent's extra mulligans and draws {count}"
            ),
        )
    } else {
        Step::violation(
            "setup.mulligan-extra-draw",
            sentence!(
                "{name} draws {count} extra card(s) but the opponent took only {allowed} more mulligan(s) than {name}"
            ),
        )
    }
}
