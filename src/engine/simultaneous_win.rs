//! Winning at the same time: when both players meet a win condition at once, each edition's
//! rule decides (Scarlet & Violet rulebook, "What if both players win at the same time?";
//! Advanced Players' Rulebook 2.2, I.E Win/Lose and its table). The replay's end-of-game check
//! and the outcome resolver both ask [`RuleEdition::simultaneous_outcome`].

use super::edition::RuleEdition;
use super::state::PlayerIdx;

/// The ways a player has won at the moment the game ends.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WinConditions {
    /// Took their last Prize card.
    pub prizes: bool,
    /// The opponent has no Pokémon in play.
    pub no_pokemon: bool,
    /// The opponent had to draw at the start of their turn with an empty deck.
    pub deck_out: bool,
}

impl WinConditions {
    pub fn count(self) -> u32 {
        u32::from(self.prizes) + u32::from(self.no_pokemon) + u32::from(self.deck_out)
    }
}

/// What the rules say happens when both players meet a win condition at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Winner(PlayerIdx),
    SuddenDeath,
    Tie,
}

impl RuleEdition {
    /// The outcome when both players meet a win condition at the same time.
    pub fn simultaneous_outcome(self, a: WinConditions, b: WinConditions) -> Outcome {
        match self {
            RuleEdition::Apr2018 => {
                // The 2018 Advanced Players' Rulebook, I.E Win/Lose: the player meeting more
                // win conditions wins; the same number is a tie (Sudden Death may follow).
                match a.count().cmp(&b.count()) {
                    std::cmp::Ordering::Greater => Outcome::Winner(0),
                    std::cmp::Ordering::Less => Outcome::Winner(1),
                    std::cmp::Ordering::Equal => Outcome::Tie,
                }
            }
            RuleEdition::Classic => {
                // The classic rules cover only both players taking their last Prize card at
                // once: overtime, which the log shows as Sudden Death.
                if a.prizes && b.prizes {
                    Outcome::SuddenDeath
                } else {
                    match a.count().cmp(&b.count()) {
                        std::cmp::Ordering::Greater => Outcome::Winner(0),
                        std::cmp::Ordering::Less => Outcome::Winner(1),
                        std::cmp::Ordering::Equal => Outcome::SuddenDeath,
                    }
                }
            }
            _ => {
                // Current and recent rulebooks: winning in more ways beats fewer; otherwise
                // Sudden Death with one Prize card each.
                match a.count().cmp(&b.count()) {
                    std::cmp::Ordering::Greater => Outcome::Winner(0),
                    std::cmp::Ordering::Less => Outcome::Winner(1),
                    std::cmp::Ordering::Equal => Outcome::SuddenDeath,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(prizes: bool, no_pokemon: bool, deck_out: bool) -> WinConditions {
        WinConditions {
            prizes,
            no_pokemon,
            deck_out,
        }
    }

    #[test]
    fn current_rules_two_ways_beat_one_else_sudden_death() {
        let sv = RuleEdition::ScarletViolet;
        assert_eq!(
            sv.simultaneous_outcome(w(true, true, false), w(true, false, false)),
            Outcome::Winner(0)
        );
        assert_eq!(
            sv.simultaneous_outcome(w(true, false, false), w(false, true, false)),
            Outcome::SuddenDeath
        );
    }

    #[test]
    fn the_2018_table_more_conditions_win_equal_is_a_tie() {
        let apr = RuleEdition::Apr2018;
        assert_eq!(
            apr.simultaneous_outcome(w(true, true, false), w(false, true, false)),
            Outcome::Winner(0)
        );
        assert_eq!(
            apr.simultaneous_outcome(w(true, false, false), w(false, true, false)),
            Outcome::Tie
        );
        assert_eq!(
            apr.simultaneous_outcome(w(false, true, false), w(true, true, false)),
            Outcome::Winner(1)
        );
    }
}
