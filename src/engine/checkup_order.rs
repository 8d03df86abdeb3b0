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

/// How the Burn coin of Pokémon Checkup works in an edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BurnCoin {
    /// 2 damage counters first, then a coin; heads ends the Burn, tails keeps it (Scarlet &
    /// Violet p. 15 "Burned"; Sword & Shield, "Special Conditions").
    DamageThenCoin,
    /// A coin first: tails places the 2 damage counters, heads places none; the coin never ends
    /// the Burn (HeartGold & SoulSilver, "How Do Special Conditions Work?" and Expert Rules step
    /// b; classic basics, "Status Effects": a coin at the end of each turn, 20 damage on tails).
    CoinThenDamage,
    /// The seed gives no coin for Burned (the 2018 Advanced Players' Rulebook only keeps Burned
    /// in the Checkup order and speaks of "the usual" 2 counters, E-28).
    Unstated,
}

/// A coin as the log shows it: one coin and its face.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Heads,
    Tails,
}

impl Face {
    /// The face of a single coin (`flips` coins, `heads` of them heads); `None` for several.
    pub fn of_one(flips: u32, heads: u32) -> Option<Face> {
        match (flips, heads) {
            (1, 1) => Some(Face::Heads),
            (1, 0) => Some(Face::Tails),
            _ => None,
        }
    }
}

/// What the rules say of a Burn damage line, given the coin flipped for that Pokémon right
/// before it (`None`: no such coin shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BurnDamage {
    /// The damage is where the rules put it.
    InOrder,
    /// The edition places the damage first and the coin after it, but a coin came first.
    CoinCameFirst,
    /// The edition places the damage only after tails, but the coin came up heads.
    AfterHeads,
    /// The edition places the damage only after a tails coin, and no coin is shown before it
    /// (the client may not write it).
    CoinNotShown,
    /// The edition gives no coin for Burned.
    NotClaimed,
}

/// The Burn damage rule of Pokémon Checkup: damage then coin (sv, swsh), coin then damage on
/// tails only (hgss, classic), or no coin stated (apr-2018).
pub fn burn_damage(edition: RuleEdition, coin_before: Option<Face>) -> BurnDamage {
    match (edition.burn_coin(), coin_before) {
        (BurnCoin::DamageThenCoin, Some(_)) => BurnDamage::CoinCameFirst,
        (BurnCoin::DamageThenCoin, None) => BurnDamage::InOrder,
        (BurnCoin::CoinThenDamage, Some(Face::Tails)) => BurnDamage::InOrder,
        (BurnCoin::CoinThenDamage, Some(Face::Heads)) => BurnDamage::AfterHeads,
        (BurnCoin::CoinThenDamage, None) => BurnDamage::CoinNotShown,
        (BurnCoin::Unstated, _) => BurnDamage::NotClaimed,
    }
}

/// Whether a Burned Pokémon recovers in the Checkup after `coin`, the coin flipped for it after
/// its Burn damage (`None`: no single coin shown): `Some(true)` it may, `Some(false)` it may not,
/// `None` when the edition or the log cannot settle it.
pub fn burn_recovers(edition: RuleEdition, coin: Option<Face>) -> Option<bool> {
    match edition.burn_coin() {
        BurnCoin::DamageThenCoin => coin.map(|face| face == Face::Heads),
        // The coin only decides the damage: nothing in the Checkup ends the Burn.
        BurnCoin::CoinThenDamage => Some(false),
        BurnCoin::Unstated => None,
    }
}

/// Whether an Asleep Pokémon wakes up in the Checkup after `coin`, the coin flipped for it
/// (`None`: no single coin shown): heads wakes it, tails keeps it Asleep, in every edition that
/// says how Asleep ends; `None` when the edition or the log cannot settle it.
pub fn asleep_wakes(edition: RuleEdition, coin: Option<Face>) -> Option<bool> {
    if !edition.asleep_coin_in_checkup() {
        return None;
    }
    coin.map(|face| face == Face::Heads)
}

impl RuleEdition {
    /// How the Burn coin works (see [`BurnCoin`]).
    pub fn burn_coin(self) -> BurnCoin {
        match self {
            RuleEdition::ScarletViolet | RuleEdition::SwordShield => BurnCoin::DamageThenCoin,
            RuleEdition::HeartGoldSoulSilver | RuleEdition::Classic => BurnCoin::CoinThenDamage,
            RuleEdition::Apr2018 => BurnCoin::Unstated,
        }
    }

    /// Burn in Checkup: damage first and then the coin, heads curing it (current rules), or the
    /// coin first with damage only on tails and no cure (older rules).
    pub fn burn_damage_before_coin(self) -> bool {
        self.burn_coin() == BurnCoin::DamageThenCoin
    }

    /// An Asleep Pokémon's owner flips a coin in each Checkup (between turns): heads, it wakes
    /// up; tails, it stays Asleep (Scarlet & Violet p. 15 "Asleep"; Sword & Shield, "Special
    /// Conditions"; HeartGold & SoulSilver, "How Do Special Conditions Work?"; classic basics,
    /// "Status Effects"). The 2018 Advanced Players' Rulebook says an Asleep Pokémon cannot
    /// attack or retreat but not how it wakes up.
    pub fn asleep_coin_in_checkup(self) -> bool {
        !matches!(self, RuleEdition::Apr2018)
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

#[cfg(test)]
mod tests {
    use super::*;
    use RuleEdition::*;

    #[test]
    fn burn_damage_and_its_coin_per_edition() {
        use BurnDamage::*;
        for e in [ScarletViolet, SwordShield] {
            assert_eq!(burn_damage(e, None), InOrder);
            assert_eq!(burn_damage(e, Some(Face::Tails)), CoinCameFirst);
            assert_eq!(burn_recovers(e, Some(Face::Heads)), Some(true));
            assert_eq!(burn_recovers(e, Some(Face::Tails)), Some(false));
            assert_eq!(burn_recovers(e, None), None);
        }
        for e in [HeartGoldSoulSilver, Classic] {
            assert_eq!(burn_damage(e, Some(Face::Tails)), InOrder);
            assert_eq!(burn_damage(e, Some(Face::Heads)), AfterHeads);
            assert_eq!(burn_damage(e, None), CoinNotShown);
            assert_eq!(burn_recovers(e, Some(Face::Heads)), Some(false));
        }
        assert_eq!(burn_damage(Apr2018, Some(Face::Heads)), NotClaimed);
        assert_eq!(burn_recovers(Apr2018, Some(Face::Tails)), None);
    }

    #[test]
    fn asleep_wakes_on_heads_where_the_edition_says_how_it_wakes() {
        for e in [ScarletViolet, SwordShield, HeartGoldSoulSilver, Classic] {
            assert_eq!(asleep_wakes(e, Some(Face::Heads)), Some(true));
            assert_eq!(asleep_wakes(e, Some(Face::Tails)), Some(false));
            assert_eq!(asleep_wakes(e, None), None);
        }
        assert_eq!(asleep_wakes(Apr2018, Some(Face::Tails)), None);
        assert_eq!(Face::of_one(2, 1), None);
    }
}
