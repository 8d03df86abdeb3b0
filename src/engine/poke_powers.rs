//! Poké-Powers and Pokémon Powers under Special Conditions, per edition. The Scarlet & Violet and
//! Sword & Shield glossaries ("Poké-Power") and the HeartGold & SoulSilver glossary say that
//! *most* Poké-Powers are turned off while the Pokémon has a Special Condition: which ones, the
//! card's own text says ("This power can't be used if … is affected by a Special Condition").
//! The classic basics ("Status Effects") let a Pokémon with any status effect use no ability but
//! a Poké-Body unless the card says otherwise. The 2018 Advanced Players' Rulebook does not speak
//! of Poké-Powers. A modern Ability is not a Poké-Power and is never turned off this way.

use crate::cards::AbilityKind;
use crate::log::Condition;

use super::edition::RuleEdition;

/// What an edition's rulebook says of powers on a Pokémon with a Special Condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowersUnderConditions {
    /// Every ability but a Poké-Body is off, unless the card says otherwise (classic).
    AllButPokeBodies,
    /// Most Poké-Powers are off: the card's text says which (sv, swsh, hgss).
    Most,
    /// The rulebook does not speak of them (apr-2018).
    Unstated,
}

impl RuleEdition {
    /// What the rulebook says of powers on a Pokémon with a Special Condition.
    pub fn powers_under_conditions(self) -> PowersUnderConditions {
        match self {
            RuleEdition::Classic => PowersUnderConditions::AllButPokeBodies,
            RuleEdition::Apr2018 => PowersUnderConditions::Unstated,
            RuleEdition::ScarletViolet
            | RuleEdition::SwordShield
            | RuleEdition::HeartGoldSoulSilver => PowersUnderConditions::Most,
        }
    }
}

/// What a power's own text says of using it while the Pokémon has `condition`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowerText {
    /// It can't be used (or stops working) then: "… is affected by a Special Condition", or a
    /// list of conditions that names this one.
    TurnedOff,
    /// It names no Special Condition.
    Silent,
    /// It speaks of Special Conditions some other way.
    SaysOtherwise,
}

/// What a power's text says of using it while the Pokémon has `condition`.
pub fn power_text(text: &str, condition: Condition) -> PowerText {
    let lower = text.to_lowercase();
    let off = lower.contains("can't be used") || lower.contains("stops working");
    let this = condition.as_str().to_lowercase();
    if off && (lower.contains("special condition") || lower.contains(&this)) {
        return PowerText::TurnedOff;
    }
    let any = [
        "special condition",
        "asleep",
        "burned",
        "confused",
        "paralyzed",
        "poisoned",
    ];
    if any.iter().any(|w| lower.contains(w)) {
        PowerText::SaysOtherwise
    } else {
        PowerText::Silent
    }
}

/// Whether using a power of `kind` with `text` is against the rules on a Pokémon with
/// `condition` (Asleep, Confused or Paralyzed), under `edition`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowerUse {
    /// The card's own text turns it off (under every edition: card text comes first).
    OffByCardText,
    /// The rulebook turns it off: the classic basics, for a card that says nothing otherwise.
    OffByRulebook,
    /// The rulebook turns off most such powers but neither it nor the card settles this one.
    Doubtful,
    /// Nothing turns it off, or the edition does not speak of it.
    NotClaimed,
}

/// Whether a power of `kind` with `text` may be used on a Pokémon with `condition`.
pub fn power_use(
    edition: RuleEdition,
    kind: &AbilityKind,
    text: &str,
    condition: Condition,
) -> PowerUse {
    if !matches!(kind, AbilityKind::PokePower | AbilityKind::PokemonPower) {
        return PowerUse::NotClaimed;
    }
    match (
        power_text(text, condition),
        edition.powers_under_conditions(),
    ) {
        // Card text binds under every edition.
        (PowerText::TurnedOff, _) => PowerUse::OffByCardText,
        (PowerText::Silent, PowersUnderConditions::AllButPokeBodies) => PowerUse::OffByRulebook,
        (_, PowersUnderConditions::Unstated) => PowerUse::NotClaimed,
        (PowerText::Silent | PowerText::SaysOtherwise, _) => PowerUse::Doubtful,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Condition::*;
    use RuleEdition::*;

    const OFF: &str = "Once during your turn (before your attack), you may draw a card. This power can't be used if Uxie is affected by a Special Condition.";
    const BASE: &str = "As often as you like during your turn (before your attack), you may attach 1 Water Energy card to 1 of your Water Pokémon. This power can't be used if Blastoise is Asleep, Confused, or Paralyzed.";
    const SILENT: &str = "Once during your turn (before your attack), you may use this power. Fan Rotom's type is Colorless until the end of your turn.";

    #[test]
    fn the_card_text_turns_a_power_off_under_every_edition() {
        for e in RuleEdition::ALL {
            assert_eq!(
                power_use(e, &AbilityKind::PokePower, OFF, Asleep),
                PowerUse::OffByCardText
            );
            assert_eq!(
                power_use(e, &AbilityKind::PokemonPower, BASE, Confused),
                PowerUse::OffByCardText
            );
            // A modern Ability and a Poké-Body are never turned off this way.
            for kind in [AbilityKind::Ability, AbilityKind::PokeBody] {
                assert_eq!(power_use(e, &kind, OFF, Asleep), PowerUse::NotClaimed);
            }
        }
    }

    #[test]
    fn a_silent_power_is_off_under_classic_doubtful_where_most_are_and_unclaimed_in_2018() {
        let kind = AbilityKind::PokePower;
        assert_eq!(
            power_use(Classic, &kind, SILENT, Paralyzed),
            PowerUse::OffByRulebook
        );
        for e in [ScarletViolet, SwordShield, HeartGoldSoulSilver] {
            assert_eq!(power_use(e, &kind, SILENT, Paralyzed), PowerUse::Doubtful);
        }
        assert_eq!(
            power_use(Apr2018, &kind, SILENT, Paralyzed),
            PowerUse::NotClaimed
        );
    }

    #[test]
    fn text_that_speaks_of_conditions_otherwise_is_not_read_as_turning_it_off() {
        let frenzy = "If Dark Primeape does any damage while it's Confused (even to itself), it does 30 more damage.";
        assert_eq!(power_text(frenzy, Confused), PowerText::SaysOtherwise);
        assert_eq!(
            power_use(Classic, &AbilityKind::PokemonPower, frenzy, Confused),
            PowerUse::Doubtful
        );
        let only_asleep = "This power can't be used if it is Asleep.";
        assert_eq!(power_text(only_asleep, Confused), PowerText::SaysOtherwise);
        assert_eq!(power_text(only_asleep, Asleep), PowerText::TurnedOff);
    }
}
