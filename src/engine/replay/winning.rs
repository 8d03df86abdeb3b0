//! Winning checks: the end line agrees with the state (last Prize card taken, no Pokémon in
//! play, no card to draw at the start of a turn), and when both players meet a win condition at
//! once the edition's rule decides.

use crate::log::EndReason;

use super::super::simultaneous_win::{Outcome, WinConditions};
use super::super::state::PlayerIdx;
use super::super::verdict::Step;
use super::Replay;

impl Replay<'_> {
    /// The win conditions player `p` meets now.
    pub(super) fn win_conditions(&self, p: PlayerIdx) -> WinConditions {
        let me = &self.tracker.state.players[p];
        let them = &self.tracker.state.players[1 - p];
        WinConditions {
            prizes: me.prizes_left == Some(0),
            no_pokemon: them.active.is_none()
                && them.bench.is_empty()
                && self.tracker.state.turn > 0,
            deck_out: self.tracker.state.to_move == Some(1 - p)
                && !self.tracker.state.counters.drew_for_turn
                && them.deck.known() == Some(0)
                && self.tracker.state.phase == super::super::state::Phase::Turn,
        }
    }

    pub(super) fn check_game_end(
        &self,
        winner: Option<PlayerIdx>,
        reason: EndReason,
        winner_name: &str,
    ) -> Step {
        let Some(w) = winner else {
            return Step::cannot_check(
                "win.prizes",
                format!("{winner_name:?} is not one of the players"),
            );
        };
        let l = 1 - w;
        let (wc, lc) = (self.win_conditions(w), self.win_conditions(l));
        let loser = &self.tracker.state.players[l].name;
        let mut parts = Vec::new();
        match reason {
            EndReason::Prizes => parts.push(match self.tracker.state.players[w].prizes_left {
                Some(0) => Step::ok("win.prizes", format!("{winner_name} has taken every Prize card")),
                Some(n) => Step::violation(
                    "win.prizes",
                    format!("{winner_name} wins on Prize cards but still has {n} left"),
                ),
                None => Step::cannot_check("win.prizes", "the Prize cards were never set aside in this log"),
            }),
            EndReason::NoPokemon => parts.push(if wc.no_pokemon {
                Step::ok("win.no-pokemon", format!("{loser} has no Pokémon in play"))
            } else {
                Step::violation(
                    "win.no-pokemon",
                    format!("{winner_name} wins because {loser} has no Pokémon in play, but {loser} still has Pokémon in play"),
                )
            }),
            EndReason::DeckOut => {
                let deck = self.tracker.state.players[l].deck;
                parts.push(match deck.known() {
                    Some(0) if wc.deck_out => Step::ok("win.deck-out", format!("{loser} has no card to draw at the start of the turn")),
                    Some(0) => Step::cannot_check(
                        "win.deck-out",
                        format!("{loser}'s deck is empty, but the log does not show the start of {loser}'s turn"),
                    ),
                    Some(n) => Step::violation(
                        "win.deck-out",
                        format!("{winner_name} wins by deck out but {loser} still has {n} cards in the deck"),
                    ),
                    None => Step::cannot_check(
                        "win.deck-out",
                        format!("{loser}'s deck size is not known exactly at this point"),
                    ),
                });
            }
            EndReason::Concede | EndReason::Timeout | EndReason::Unknown => {
                parts.push(Step::info(""));
            }
        }
        if wc.count() > 0 && lc.count() > 0 {
            let (a, b) = if w == 0 { (wc, lc) } else { (lc, wc) };
            let outcome = self.tracker.edition.simultaneous_outcome(a, b);
            let what = |c: WinConditions| {
                let mut v = Vec::new();
                if c.prizes {
                    v.push("last Prize card");
                }
                if c.no_pokemon {
                    v.push("no Pokémon in play");
                }
                if c.deck_out {
                    v.push("deck out");
                }
                v.join(" and ")
            };
            let facts = format!(
                "both players win at once ({winner_name}: {}; {loser}: {})",
                what(wc),
                what(lc)
            );
            parts.push(match outcome {
                Outcome::Winner(x) if x == w => Step::ok(
                    "win.simultaneous",
                    format!(
                        "{facts}: {winner_name} wins under {}",
                        self.tracker.edition.title()
                    ),
                ),
                Outcome::Winner(_) => Step::violation(
                    "win.simultaneous",
                    format!(
                        "{facts}: under {} {loser} wins",
                        self.tracker.edition.title()
                    ),
                ),
                Outcome::SuddenDeath => Step::violation(
                    "win.simultaneous",
                    format!(
                        "{facts}: under {} this goes to Sudden Death",
                        self.tracker.edition.title()
                    ),
                ),
                Outcome::Tie => {
                    Step::violation("win.simultaneous", format!("{facts}: the game is a tie"))
                }
            });
        }
        Step::combine(parts)
    }

    /// A player action after a player took their last Prize card: the game should have ended.
    pub(super) fn check_game_over(&self) -> Option<Step> {
        if self.tracker.state.phase == super::super::state::Phase::Ended {
            return None;
        }
        let p = self
            .tracker
            .state
            .players
            .iter()
            .find(|p| p.prizes_left == Some(0))?;
        Some(Step::violation(
            "win.prizes",
            format!(
                "{} took their last Prize card, so the game is over, but play goes on",
                p.name
            ),
        ))
    }
}
