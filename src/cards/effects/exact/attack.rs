//! An attack's own text: what it does to its own damage (step 1 of the damage order), and the
//! sentences that speak of damage without changing the damage to its main target.
//!
//! Families (golden rows in `golden.rs`):
//! - "this attack does N more (less) damage [for each X]", with a leading condition ("if
//!   heads, …", "if your opponent's Active Pokémon is a Pokémon ex, …") or none;
//! - "this attack does N damage for each X" and "… times the number of heads" (printed "N×");
//! - the old "does N damage plus N more damage for each X";
//! - "this attack's damage isn't affected by Weakness / Resistance / any effects on your
//!   opponent's Active Pokémon";
//! - "this attack does N damage to 1 of your opponent's Pokémon" when it prints no damage (the
//!   damage it does);
//! - damage to others, to itself, healing ("also does 30 damage to 1 of your opponent's Benched
//!   Pokémon", "this Pokémon also does 30 damage to itself", "heal 30 damage from this Pokémon");
//! - what lasts to the opponent's next turn: "during your opponent's next turn, this Pokémon
//!   takes 30 less damage from attacks", "… prevent all damage done to this Pokémon by
//!   attacks", "… the Defending Pokémon's attacks do 30 less damage".

use super::phrases::{self, Cond, Count, Side, Spot, Who};
use super::{Amount, DamageMod, Exact, Step};

/// The main target of the attack (whoever the attack line names).
fn target() -> Who {
    Who {
        side: Side::Any,
        spot: Spot::Any,
        filters: Vec::new(),
    }
}

fn holder() -> Who {
    Who {
        side: Side::Holder,
        spot: Spot::Any,
        filters: Vec::new(),
    }
}

fn own_damage(when: Vec<Cond>, amount: Amount) -> Exact {
    Exact::Damage(DamageMod {
        step: Step::Base,
        by: holder(),
        to: target(),
        when,
        amount,
    })
}

/// Read one sentence of an attack's text (normalised, without its final full stop).
/// `printed` says whether the attack prints a damage number.
pub fn read(s: &str, before: &[&str], printed: bool) -> Option<Vec<Exact>> {
    if let Some(e) = ignores(s) {
        return Some(e);
    }
    if let Some(e) = other_targets(s, printed) {
        return Some(e);
    }
    if let Some(e) = lasting(s) {
        return Some(e);
    }
    if let Some(e) = optional(s) {
        return Some(e);
    }
    let (when, main) = split_condition(s)?;
    if main == "this attack does nothing" {
        return Some(vec![own_damage(when, Amount::Nothing)]);
    }
    // "discard the top 6 cards of your deck, and this attack does …", "you may discard …
    // from your hand, and this attack does …": the damage clause after a first action.
    let main = match main.find(", and this attack does ") {
        Some(i) => &main[i + ", and ".len()..],
        None => main,
    };
    let _ = before;
    own_amount(main, printed).map(|amount| vec![own_damage(when, amount)])
}

/// "you may put a water energy attached to this pokemon into your hand and have this attack
/// do 80 more damage", "you may do 30 more damage": more damage if the player chose to.
fn optional(s: &str) -> Option<Vec<Exact>> {
    let rest = s.strip_prefix("you may ")?;
    let tail = if let Some(t) = rest.strip_prefix("do ") {
        t
    } else {
        let i = rest.find(" and have this attack do ")?;
        &rest[i + " and have this attack do ".len()..]
    };
    let (n, t) = first_number(tail)?;
    if t.trim() != "more damage" {
        return None;
    }
    Some(vec![own_damage(vec![Cond::YouDid], Amount::Add { n })])
}

/// "if heads, this attack does …" -> ([Heads], "this attack does …"); no condition -> ([],
/// the sentence).
pub(super) fn split_condition(s: &str) -> Option<(Vec<Cond>, &str)> {
    let Some(rest) = s.strip_prefix("if ") else {
        return Some((Vec::new(), s));
    };
    // The condition ends at the first ", " where what comes before reads as a condition.
    let mut from = 0;
    while let Some(k) = rest[from..].find(", ") {
        let i = from + k;
        if let Some(when) = phrases::condition(&rest[..i]) {
            return Some((when, rest[i + 2..].trim()));
        }
        from = i + 2;
    }
    None
}

/// The damage part of "this attack does …" (after any condition).
fn own_amount(main: &str, printed: bool) -> Option<Amount> {
    let rest = main
        .strip_prefix("this attack does ")
        .or_else(|| main.strip_prefix("does "))
        .or_else(|| main.strip_prefix("this attack deals "))?;
    let (n, tail) = first_number(rest)?;
    let tail = tail.trim();
    // "N more damage", "N more damage for each X", "N less damage for each X".
    for (word, sign) in [("more damage", 1), ("less damage", -1)] {
        if let Some(t) = tail.strip_prefix(word) {
            let t = t.trim();
            if t.is_empty() {
                return Some(Amount::Add { n: sign * n });
            }
            let each = t.strip_prefix("for each ")?;
            return Some(Amount::AddPer {
                each: sign * n,
                count: phrases::count(each)?,
                cap: None,
            });
        }
    }
    // "N damage for each X", "N damage times the number of heads".
    if let Some(t) = tail.strip_prefix("damage for each ") {
        return Some(Amount::BasePer {
            each: n,
            count: phrases::count(t)?,
        });
    }
    if tail == "damage times the number of heads" {
        return Some(Amount::BasePer {
            each: n,
            count: Count::Heads,
        });
    }
    // The old "does N damage plus N more damage for each X" (the printed base is N).
    if let Some(t) = tail.strip_prefix("damage plus ") {
        let (m, t) = first_number(t)?;
        let t = t.trim().strip_prefix("more damage")?.trim();
        if t.is_empty() {
            return Some(Amount::Add { n: m });
        }
        return Some(Amount::AddPer {
            each: m,
            count: phrases::count(t.strip_prefix("for each ")?)?,
            cap: None,
        });
    }
    // "this attack does N damage to 1 of your opponent's pokemon": the damage of an attack
    // that prints none.
    if !printed
        && tail.starts_with("damage to ")
        && (tail.ends_with(" of your opponent's pokemon")
            || tail == "damage to each of your opponent's pokemon"
            || tail == "damage to your opponent's active pokemon")
    {
        return Some(Amount::Add { n });
    }
    None
}

fn first_number(s: &str) -> Option<(i32, &str)> {
    let word = s.split(' ').next()?;
    Some((phrases::number(word)?, &s[word.len()..]))
}

/// "this attack's damage isn't affected by weakness or resistance[, or by any effects on your
/// opponent's active pokemon]", "… by resistance", "… by any effects on your opponent's active
/// pokemon", "this damage isn't affected by weakness or resistance".
fn ignores(s: &str) -> Option<Vec<Exact>> {
    let rest = s
        .strip_prefix("this attack's damage isn't affected by ")
        .or_else(|| s.strip_prefix("this damage isn't affected by "))?;
    let mut out = Vec::new();
    for part in rest.split(", or by ").flat_map(|p| p.split(" or by ")) {
        let amount = match part.trim().trim_start_matches("by ") {
            "weakness or resistance" | "weakness and resistance" => {
                Amount::IgnoreWeaknessResistance
            }
            "weakness" => Amount::IgnoreWeakness,
            "resistance" => Amount::IgnoreResistance,
            "any effects on your opponent's active pokemon"
            | "any effects on the defending pokemon"
            | "effects on your opponent's active pokemon" => Amount::IgnoreDefenderEffects,
            _ => return None,
        };
        out.push(own_damage(Vec::new(), amount));
    }
    (!out.is_empty()).then_some(out)
}

/// Sentences about damage to other Pokémon, to itself, or healing: the main target's damage
/// is unchanged.
fn other_targets(s: &str, printed: bool) -> Option<Vec<Exact>> {
    let (_, main) = split_condition(s).unwrap_or((Vec::new(), s));
    let self_damage = [
        "this pokemon also does ",
        "this pokemon does ",
        "this attack also does ",
    ]
    .iter()
    .any(|p| main.starts_with(p))
        && (main.ends_with(" damage to itself") || main.contains(" damage to itself"));
    let other = main.starts_with("this attack also does ")
        && main.contains(" damage to ")
        && !main.contains("more damage");
    // With a printed damage, "this attack does N damage to 1 of your opponent's benched
    // pokemon" is a second target.
    let second = printed
        && main.starts_with("this attack does ")
        && main.contains(" damage to ")
        && main.contains("benched pokemon")
        && !main.contains("more damage")
        && !main.contains("for each");
    let heal = main.starts_with("heal ") && !main.contains(" to ");
    (self_damage || other || second || heal).then(|| vec![Exact::NoMainDamage])
}

/// What the attack leaves for the opponent's next turn: "during your opponent's next turn,
/// this pokemon takes N less damage from attacks", "… prevent all damage done to this pokemon
/// by attacks", "… prevent all damage from and effects of attacks done to this pokemon", "…
/// the defending pokemon's attacks do N less damage", "… attacks used by the defending pokemon
/// do N less damage".
fn lasting(s: &str) -> Option<Vec<Exact>> {
    let (mut when, main) = split_condition(s)?;
    let main = main.strip_prefix("during your opponent's next turn, ")?;
    when.push(Cond::OpponentsNextTurn);
    let opponents = Who {
        side: Side::Opponent,
        spot: Spot::Any,
        filters: Vec::new(),
    };
    if let Some(rest) = main.strip_prefix("this pokemon takes ") {
        let (n, t) = first_number(rest)?;
        if t.trim() != "less damage from attacks" {
            return None;
        }
        return Some(vec![Exact::Damage(DamageMod {
            step: Step::Defender,
            by: opponents,
            to: holder(),
            when,
            amount: Amount::Add { n: -n },
        })]);
    }
    if matches!(
        main,
        "prevent all damage done to this pokemon by attacks"
            | "prevent all damage from and effects of attacks done to this pokemon"
            | "prevent all effects of attacks, including damage, done to this pokemon"
    ) {
        return Some(vec![Exact::Damage(DamageMod {
            step: Step::Defender,
            by: opponents,
            to: holder(),
            when,
            amount: Amount::PreventAll,
        })]);
    }
    // "… prevent all damage done to this pokemon by attacks from basic non-colorless pokemon":
    // the attacks of that turn are the opponent's, of the kinds it names.
    if let Some(from) =
        main.strip_prefix("prevent all damage done to this pokemon by attacks from ")
    {
        let by = match phrases::who(from) {
            Some(who) => who,
            None => Who {
                filters: phrases::any_side_kinds(from)?.filters,
                ..opponents
            },
        };
        return Some(vec![Exact::Damage(DamageMod {
            step: Step::Defender,
            by,
            to: holder(),
            when,
            amount: Amount::PreventAll,
        })]);
    }
    for head in [
        "the defending pokemon's attacks do ",
        "attacks used by the defending pokemon do ",
    ] {
        if let Some(rest) = main.strip_prefix(head) {
            let (n, t) = first_number(rest)?;
            if t.trim() != "less damage" {
                return None;
            }
            return Some(vec![Exact::Damage(DamageMod {
                step: Step::Attacker,
                by: Who {
                    side: Side::Defending,
                    spot: Spot::Any,
                    filters: Vec::new(),
                },
                to: Who {
                    side: Side::Any,
                    spot: Spot::Any,
                    filters: Vec::new(),
                },
                when,
                amount: Amount::Add { n: -n },
            })]);
        }
    }
    None
}
