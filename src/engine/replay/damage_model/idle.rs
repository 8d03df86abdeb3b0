//! Why an effect in force that does not act on an attack's damage was worth a judge's
//! attention: it is on the attacker's or the defender's side, and its kind, spot or condition
//! rules it out here ("it acts only if this Pokémon has any Darkness Energy attached").

use crate::cards::effects::exact::{Cond, DamageMod, Side, Spot, Step, Who};

use super::matching::{Eval, From, Truth};

/// Why a change that does not act here (one of `when`, the answers for its attacker, its
/// defender and its conditions, is no) was worth considering, in a judge's words: an effect on
/// attacks or damage of the attacker's and the defender's sides (not the attack's own text)
/// whose kind, spot or condition rules it out. `None` for one that names other Pokémon.
pub fn reason(
    eval: &Eval<'_, '_, '_>,
    d: &DamageMod,
    from: From<'_>,
    when: &[Truth],
) -> Option<String> {
    let defender = eval.defender?;
    if d.step == Step::Base
        || !eval.fits_side(eval.attacker, &d.by, from)
        || !eval.fits_side(defender, &d.to, from)
    {
        return None;
    }
    match when {
        [Truth::No, ..] => Some(sentence!("it acts only on attacks by {}", d.by)),
        [_, Truth::No, ..] => Some(sentence!("it acts only on {}", plain_who(&d.to))),
        _ => {
            let at = when.iter().skip(2).position(|t| *t == Truth::No)?;
            let cond = d.when.get(at)?;
            Some(sentence!("it acts only if {}", plain_cond(cond)))
        }
    }
}

/// A condition in a judge's words ("this Pokémon has any Darkness Energy attached", "the coin
/// shows heads").
fn plain_cond(cond: &Cond) -> String {
    match cond {
        Cond::Heads => "the coin shows heads".to_string(),
        Cond::Tails => "the coin shows tails".to_string(),
        Cond::ThisTurn => "it is still the turn it was used in".to_string(),
        Cond::OpponentsNextTurn => {
            "it is the opponent's turn right after the one it was used in".to_string()
        }
        Cond::HasEnergy {
            who,
            energy: Some(t),
            n: 1,
        } => sentence!("{who} has any {t:?} Energy attached"),
        Cond::HasEnergy {
            who,
            energy: None,
            n: 1,
        } => sentence!("{who} has any Energy attached"),
        Cond::Is { who } if who.filters.is_empty() && who.side == Side::Holder => match who.spot {
            Spot::Bench => "this Pokémon is on the Bench".to_string(),
            Spot::Active => "this Pokémon is in the Active Spot".to_string(),
            Spot::Any => cond.to_string(),
        },
        Cond::Is { who } if !who.filters.is_empty() => {
            let place = Who {
                side: who.side,
                spot: who.spot,
                filters: Vec::new(),
            };
            let kinds: Vec<String> = who.filters.iter().map(|f| f.to_string()).collect();
            sentence!("{place} is {}", kinds.join(" and "))
        }
        other => other.to_string(),
    }
}

/// Whom an effect acts on, as a judge says it: "Colorless Pokémon" for any Pokémon that is
/// Colorless, else as the card data's reading words it ("your Benched Pokémon").
fn plain_who(who: &Who) -> String {
    if who.side == Side::Any && who.spot == Spot::Any && !who.filters.is_empty() {
        let words: Vec<String> = who.filters.iter().map(|x| x.to_string()).collect();
        return sentence!("{} Pokémon", words.join(" "));
    }
    who.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::EnergyType;

    #[test]
    fn conditions_read_in_a_judges_words() {
        let holder = |spot| Who {
            side: Side::Holder,
            spot,
            filters: Vec::new(),
        };
        let any_darkness = Cond::HasEnergy {
            who: holder(Spot::Any),
            energy: Some(EnergyType::Darkness),
            n: 1,
        };
        assert_eq!(
            plain_cond(&any_darkness),
            "this Pokémon has any Darkness Energy attached"
        );
        let on_bench = Cond::Is {
            who: holder(Spot::Bench),
        };
        assert_eq!(plain_cond(&on_bench), "this Pokémon is on the Bench");
        assert_eq!(plain_cond(&Cond::Tails), "the coin shows tails");
        assert!(plain_cond(&Cond::OpponentsNextTurn).starts_with("it is the opponent's turn"));
    }
}
