//! Poké-Powers and Pokémon Powers used by a Pokémon with a Special Condition: the card's own
//! text, and under the classic basics the rulebook, turn them off.

use crate::log::{Condition, Event};

use super::super::super::cardinfo::UseKind;
use super::super::super::poke_powers::{PowerUse, power_use};
use super::super::super::verdict::Step;
use super::Judging;

/// `conditions.poke-power`: a `used` line the card data reads as an Ability (judged before it),
/// by a Pokémon the verifier surely has as Asleep, Confused or Paralyzed, whose every print with
/// that name gives it as a Poké-Power or Pokémon Power ([`power_use`]). `None` for a modern
/// Ability, a Poké-Body, a Pokémon without those conditions, or one the tracker is unsure of.
pub fn power_while_affected(j: &Judging<'_, '_>) -> Option<Step> {
    let Event::Use { name, .. } = j.event else {
        return None;
    };
    if j.resolved.use_kind != Some(UseKind::Ability) || j.resolved.pokemon.is_ambiguous() {
        return None;
    }
    let mon = j.state.mon(j.resolved.pokemon.id()?);
    if mon.uncertain {
        return None;
    }
    let condition = [Condition::Asleep, Condition::Confused, Condition::Paralyzed]
        .into_iter()
        .find(|c| mon.has(*c))?;
    if condition == Condition::Asleep && mon.may_have_woken {
        return None;
    }
    let db = j.db()?;
    // What each print that has the power says of it.
    let prints: Vec<(String, PowerUse)> = db
        .lookup(mon.name(), Some(name))
        .prints
        .iter()
        .filter_map(|&i| db.card(i).abilities.iter().find(|a| a.name == *name))
        .map(|a| {
            let kind = a.kind.as_str().to_string();
            (kind, power_use(j.edition, &a.kind, &a.text, condition))
        })
        .collect();
    let (first, _) = prints.first()?;
    if prints.iter().all(|(_, u)| *u == PowerUse::NotClaimed) {
        return None;
    }
    let (who, what, title) = (mon.name(), condition.as_str(), j.edition.title());
    let clause = "conditions.poke-power";
    let all = |u: PowerUse| prints.iter().all(|(_, x)| *x == u);
    let uses = sentence!("{who} uses {name}, a {first}, while {what}");
    Some(if all(PowerUse::OffByCardText) {
        Step::violation(
            clause,
            sentence!(
                "{uses}; its own text says it cannot be used while the Pokémon has that Special Condition"
            ),
        )
    } else if prints
        .iter()
        .all(|(_, u)| matches!(u, PowerUse::OffByCardText | PowerUse::OffByRulebook))
    {
        Step::violation(
            clause,
            sentence!(
                "{uses}; under the {title} a Pokémon with a Special Condition uses no power but a Poké-Body unless its card says otherwise, and this one does not"
            ),
        )
    } else if prints.iter().any(|(_, u)| *u == PowerUse::NotClaimed) {
        Step::cannot_check(
            clause,
            sentence!(
                "{who} uses {name} while {what}; the prints of {who} in the card data disagree on whether it is a power that a Special Condition turns off"
            ),
        )
    } else {
        Step::cannot_check(
            clause,
            sentence!(
                "{uses}; under the {title} most Poké-Powers are turned off by a Special Condition, and neither the rulebook nor this card's text says whether this one is"
            ),
        )
    })
}
