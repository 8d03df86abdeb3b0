//! Setup checks: the opening hand, mulligans, the extra draws they allow, and that only Basic
//! Pokémon are put into play from the hand.

use crate::cards::Stage;
use crate::log::CardName;

use super::super::facts;
use super::super::state::PlayerIdx;
use super::super::verdict::Step;
use super::Replay;

impl Replay<'_> {
    pub(super) fn check_opening_hand(&self, player: &str, count: u32) -> Step {
        if count == 7 {
            Step::ok("setup.opening-hand", format!("{player} draws 7 cards"))
        } else {
            Step::violation(
                "setup.opening-hand",
                format!("{player} draws {count} cards for the opening hand; it is always 7"),
            )
        }
    }

    /// The hand a mulligan reveals must hold no Basic Pokémon.
    pub(super) fn check_mulligan_reveal(&self, player: PlayerIdx, cards: &[CardName]) -> Step {
        let name = &self.tracker.state.players[player].name;
        let mut unknown = Vec::new();
        for c in cards {
            match self.prints_named(&c.name, &[]) {
                Ok(prints) => {
                    if let Ok(Stage::Basic | Stage::Baby) = facts::stage(&prints) {
                        return Step::violation(
                            "setup.mulligan",
                            format!(
                                "{name} took a mulligan with {} in hand, a Basic Pokémon",
                                c.name
                            ),
                        );
                    }
                }
                Err(_) => {
                    let known_other = self.db().is_some_and(|db| {
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
                format!(
                    "cannot tell whether the revealed hand holds a Basic Pokémon: {} not in the card data",
                    unknown.join(", ")
                ),
            )
        }
    }

    /// A player may draw up to one card for each mulligan the opponent took beyond their own.
    pub(super) fn check_extra_draw(&self, player: PlayerIdx, count: u32) -> Step {
        let own = self.tracker.state.players[player].mulligans;
        let theirs = self.tracker.state.players[1 - player].mulligans;
        let allowed = theirs.saturating_sub(own);
        let name = &self.tracker.state.players[player].name;
        if count <= allowed {
            Step::ok(
                "setup.mulligan-extra-draw",
                format!(
                    "{name} may draw up to {allowed} card(s) for the opponent's extra mulligans and draws {count}"
                ),
            )
        } else {
            Step::violation(
                "setup.mulligan-extra-draw",
                format!(
                    "{name} draws {count} extra card(s) but the opponent took only {allowed} more mulligan(s) than {name}"
                ),
            )
        }
    }
}
