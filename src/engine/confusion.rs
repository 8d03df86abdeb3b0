//! Confusion's self-damage, per edition. Every edition flips a coin before a Confused Pokémon
//! attacks: heads, the attack works normally; tails, it does not happen and the Pokémon hurts
//! itself. How much: 3 damage counters (Scarlet & Violet p. 16 "Confused"; Sword & Shield,
//! "Special Conditions"; HeartGold & SoulSilver, "How Do Special Conditions Work?", even for an
//! attack that does no damage; Advanced Players' Rulebook 2.2, I.A A-01 step 2 b), or 30 damage
//! with no Weakness or Resistance under the classic basics ("Status Effects": 20 before the
//! EX-series expansions, when an older format also applied Weakness and Resistance to it).

use super::edition::RuleEdition;

/// What a failed Confused attack does to the Confused Pokémon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfusionSelfDamage {
    /// Damage counters, untouched by Weakness, Resistance or effects on damage.
    Counters(u32),
    /// Damage with no Weakness or Resistance: `from_ex_series` from the EX-series expansions
    /// on, `before` earlier (when Weakness and Resistance could apply to it).
    Damage { from_ex_series: u32, before: u32 },
}

impl RuleEdition {
    /// What a failed Confused attack does to the Confused Pokémon.
    pub fn confusion_self_damage(self) -> ConfusionSelfDamage {
        match self {
            RuleEdition::Classic => ConfusionSelfDamage::Damage {
                from_ex_series: 30,
                before: 20,
            },
            _ => ConfusionSelfDamage::Counters(3),
        }
    }
}

/// The damage counters a failed Confused attack puts on the Pokémon, when the rules give one
/// number: `ex_series` says the game is known to be played with cards from the EX series on.
/// `None` when the number depends on an era the game does not show.
pub fn confusion_counters(edition: RuleEdition, ex_series: bool) -> Option<u32> {
    match edition.confusion_self_damage() {
        ConfusionSelfDamage::Counters(n) => Some(n),
        ConfusionSelfDamage::Damage { from_ex_series, .. } if ex_series => {
            Some(from_ex_series / 10)
        }
        ConfusionSelfDamage::Damage { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_counters_or_thirty_damage_once_the_ex_series_is_out() {
        for e in RuleEdition::ALL {
            if e == RuleEdition::Classic {
                assert_eq!(confusion_counters(e, true), Some(3));
                assert_eq!(confusion_counters(e, false), None);
            } else {
                assert_eq!(confusion_counters(e, false), Some(3));
            }
        }
    }
}
