//! Pokémon Checkup as the rulebooks describe it: the Special Conditions in the order Poisoned,
//! Burned, Asleep, Paralyzed (both players' Pokémon together), with every other between-turn
//! effect wholly before or wholly after them; Poisoned places 1 damage counter, Burned 2 (and
//! the coin, whose place depends on the edition), Asleep wakes on heads, Paralyzed ends after
//! its owner's turn; Knock Outs are checked once all of it is done.
//!
//! Sources: Scarlet & Violet rulebook, "4) Pokémon Checkup" and "Special Conditions"; Sword &
//! Shield rulebook, the same; HeartGold & SoulSilver rulebook, "How Do Special Conditions
//! Work?"; Advanced Players' Rulebook 2.2, I.F Pokémon Checkup. The replay's Checkup checks and
//! the Checkup resolver both use these functions.

use crate::log::Condition;

use super::edition::RuleEdition;

/// The place of a Special Condition in the Checkup order (1 Poisoned … 4 Paralyzed); 0 for
/// Confused, which Checkup does not look at.
pub fn condition_rank(c: Condition) -> u8 {
    match c {
        Condition::Poisoned => 1,
        Condition::Burned => 2,
        Condition::Asleep => 3,
        Condition::Paralyzed => 4,
        Condition::Confused => 0,
    }
}

/// The Special Conditions Checkup resolves, in order.
pub const CHECKUP_ORDER: [Condition; 4] = [
    Condition::Poisoned,
    Condition::Burned,
    Condition::Asleep,
    Condition::Paralyzed,
];

/// The damage counters a Special Condition places in each Checkup when no card changes the
/// number, with the clause that says so.
pub fn checkup_counters(c: Condition) -> Option<(u32, &'static str)> {
    match c {
        Condition::Poisoned => Some((1, "checkup.poisoned")),
        Condition::Burned => Some((2, "checkup.burned")),
        _ => None,
    }
}

/// The clause of a Special Condition's Checkup step.
pub fn condition_clause(c: Condition) -> &'static str {
    match c {
        Condition::Poisoned => "checkup.poisoned",
        Condition::Burned => "checkup.burned",
        Condition::Asleep => "checkup.asleep",
        Condition::Paralyzed => "checkup.paralyzed",
        Condition::Confused => "checkup.confused",
    }
}

/// Asleep, Paralyzed and Confused turn the card, so a Pokémon has at most one of them.
pub fn exclusive(c: Condition) -> bool {
    matches!(
        c,
        Condition::Asleep | Condition::Paralyzed | Condition::Confused
    )
}

impl RuleEdition {
    /// Burn in Checkup: damage first and then the coin, heads curing it (current rules), or the
    /// coin first with damage only on tails and no cure (older rules).
    pub fn burn_damage_before_coin(self) -> bool {
        matches!(self, RuleEdition::ScarletViolet | RuleEdition::SwordShield)
    }

    /// Other between-turn effects must all come before or all after the Special Conditions
    /// (sv, swsh); the 2018 Advanced Players' Rulebook lets each go before or after on its own.
    pub fn other_effects_all_one_side(self) -> bool {
        matches!(self, RuleEdition::ScarletViolet | RuleEdition::SwordShield)
    }

    /// Other between-turn effects may not come in the middle of the Special Conditions (sv,
    /// swsh, and the 2018 Advanced Players' Rulebook I.F); the HeartGold & SoulSilver rulebook
    /// lets a Tool's between-turns effect be used whenever its player chooses, and the basics
    /// give no order.
    pub fn other_effects_not_mixed(self) -> bool {
        matches!(
            self,
            RuleEdition::ScarletViolet | RuleEdition::SwordShield | RuleEdition::Apr2018
        )
    }

    /// The rulebook gives an order for the Special Conditions between turns (every edition but
    /// the basics, which only say they act at the end of each turn).
    pub fn conditions_ordered(self) -> bool {
        !matches!(self, RuleEdition::Classic)
    }
}

/// Paralysis ends in the Checkup after its owner's turn: `owner_turn_ended` says the turn that
/// just ended was its owner's, `paralyzed_during_it` that it became Paralyzed in that very turn
/// (then its owner's next turn is still to come).
pub fn paralysis_ends(owner_turn_ended: bool, paralyzed_during_it: bool) -> bool {
    owner_turn_ended && !paralyzed_during_it
}
