//! Who goes first when both Active Pokémon are Knocked Out at once, per edition.
//!
//! - HeartGold & SoulSilver rulebook, "TAKE a Prize card": during a turn, the player whose turn
//!   it is replaces their Active Pokémon last and chooses their Prize card last; Expert Rules,
//!   "In What Order Do Things Happen After Each Player's Turn?": between turns, the player about
//!   to take a turn replaces first and chooses a Prize card first.
//! - Advanced Players' Rulebook 2.2, I.D Knock Out, steps 4–6: both players take their Prize
//!   cards (no order); the other player puts out a new Active Pokémon before you do, and in the
//!   Checkup the player who goes next does so first.
//! - The Scarlet & Violet and Sword & Shield rulebooks and the classic basics give no order.
//!
//! In both cases the player who goes first is the one whose turn it is not (during a turn) or
//! whose turn is next (between turns): the opponent of the player whose turn it is or just was.

use super::edition::RuleEdition;
use super::state::PlayerIdx;

/// What an edition orders after a double Knock Out of the Active Pokémon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoubleKnockOutOrder {
    /// Who puts out a new Active Pokémon first.
    pub promotion: bool,
    /// Who takes Prize cards first.
    pub prizes: bool,
}

impl RuleEdition {
    /// What the edition orders after a double Knock Out of the Active Pokémon.
    pub fn double_knockout_order(self) -> DoubleKnockOutOrder {
        match self {
            RuleEdition::HeartGoldSoulSilver => DoubleKnockOutOrder {
                promotion: true,
                prizes: true,
            },
            RuleEdition::Apr2018 => DoubleKnockOutOrder {
                promotion: true,
                prizes: false,
            },
            RuleEdition::ScarletViolet | RuleEdition::SwordShield | RuleEdition::Classic => {
                DoubleKnockOutOrder {
                    promotion: false,
                    prizes: false,
                }
            }
        }
    }
}

/// The player who goes first after both Active Pokémon are Knocked Out, given the player whose
/// turn it is (or, in the Checkup, whose turn has just ended).
pub fn goes_first_after_double_knockout(turn_player: PlayerIdx) -> PlayerIdx {
    1 - turn_player
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hgss_orders_promotion_and_prizes_apr_only_promotion_the_rest_nothing() {
        let o = |e: RuleEdition| e.double_knockout_order();
        assert!(o(RuleEdition::HeartGoldSoulSilver).promotion);
        assert!(o(RuleEdition::HeartGoldSoulSilver).prizes);
        assert!(o(RuleEdition::Apr2018).promotion && !o(RuleEdition::Apr2018).prizes);
        for e in [
            RuleEdition::ScarletViolet,
            RuleEdition::SwordShield,
            RuleEdition::Classic,
        ] {
            assert_eq!(
                o(e),
                DoubleKnockOutOrder {
                    promotion: false,
                    prizes: false
                }
            );
        }
        assert_eq!(goes_first_after_double_knockout(0), 1);
    }
}
