//! Texts that change other attacks' damage or a Pokémon's HP while in force: Abilities, Pokémon
//! Tools, Special Energy, Stadiums, the rules printed on a Pokémon, Supporters and Items played
//! this turn.
//!
//! Families (golden rows in `golden.rs`):
//! - "[if …, / during this turn, / as long as this Pokémon is in the Active Spot,] the attacks
//!   of X / attacks used by X / X's attacks [, except any Y,] / its attacks do N more (less)
//!   damage to Y";
//! - "[…] X takes (take) N less damage from attacks [from Y]";
//! - "prevent all damage [from attacks] done to X by attacks [from Y]", "prevent all damage
//!   from and effects of attacks [from Y] done to X";
//! - "damage from attacks used by this Pokémon isn't affected by any effects on your
//!   opponent's Active Pokémon";
//! - "X gets (get) +N HP";
//! - healing and "(Damage is not an effect.)": no change to attack damage.

use super::attack::split_condition;
use super::phrases::{self, Cond, Side, Spot, Who};
use super::{Amount, DamageMod, Exact, HpMod, Step, TextKind};

/// Read one sentence of a text that is not an attack.
pub fn read(kind: TextKind, s: &str, _before: &[&str]) -> Option<Vec<Exact>> {
    if s == "(damage is not an effect"
        || s == "damage is not an effect"
        || s == "damage is not an effect)"
    {
        return Some(vec![Exact::NoMainDamage]);
    }
    // The reminder after a Weakness a text gives: "(Apply Weakness as ×2.)".
    if matches!(
        s.trim_matches(['(', ')', '.']),
        "apply weakness as ×2" | "apply weakness as x2"
    ) {
        return Some(Vec::new());
    }
    // "The Future Pokémon this card is attached to has no Retreat Cost, and the attacks it
    // uses do 20 more damage …": the second clause, with "it" read as the first's subject.
    if let Some(e) = compound(kind, s) {
        return Some(e);
    }
    let (mut when, main) = prefix(s)?;
    if kind == TextKind::TrainerRules && when.is_empty() && !main.starts_with("heal ") {
        // A Supporter's or Item's effect without "during this turn" is not one that lasts.
    }
    if main.starts_with("heal ") || main.starts_with("choose up to ") && main.contains(" heal ") {
        return Some(vec![Exact::NoMainDamage]);
    }
    if let Some(e) = attacks_do(&mut when, main) {
        return Some(vec![e]);
    }
    if let Some(e) = takes_less(&mut when, main) {
        return Some(vec![e]);
    }
    if let Some(e) = prevent_all(&mut when, main) {
        return Some(vec![e]);
    }
    if let Some(e) = unaffected(&mut when, main) {
        return Some(vec![e]);
    }
    if let Some(e) = gets_hp(&mut when, main) {
        return Some(e);
    }
    if let Some(e) = no_weakness(&mut when, main) {
        return Some(vec![e]);
    }
    // "[if you have mesprit and azelf in play,] apply weakness for each pokemon (both yours and
    // your opponent's) as ×4 instead"
    if main.starts_with("apply weakness ") && main.contains(" as ×") {
        return Some(vec![Exact::WeaknessOtherwise {
            when: std::mem::take(&mut when),
            words: main.to_string(),
        }]);
    }
    // "the weakness of each of your opponent's dragon pokemon in play is now psychic"
    if when.is_empty()
        && let Some((who, t)) = main
            .strip_prefix("the weakness of ")
            .and_then(|r| r.split_once(" is now "))
    {
        return Some(vec![Exact::WeaknessIs {
            to: phrases::who(who)?,
            energy: phrases::energy_type(t.trim())?,
        }]);
    }
    None
}

/// "this pokemon has no weakness", "colorless pokemon in play (both yours and your
/// opponent's) have no weakness", "your opponent's pokemon in play have no resistance".
fn no_weakness(when: &mut Vec<Cond>, main: &str) -> Option<Exact> {
    let (subject, amount) = [
        (" has no weakness", Amount::IgnoreWeakness),
        (" have no weakness", Amount::IgnoreWeakness),
        (" has no resistance", Amount::IgnoreResistance),
        (" have no resistance", Amount::IgnoreResistance),
    ]
    .into_iter()
    .find_map(|(tail, a)| main.strip_suffix(tail).map(|s| (s, a)))?;
    let subject = subject.trim();
    let to = if let Some(kinds) = subject
        .strip_suffix(" in play (both yours and your opponent's)")
        .and_then(|k| k.strip_suffix(" pokemon"))
    {
        // "colorless pokemon in play (both yours and your opponent's)"
        let mut filters = Vec::new();
        for w in kinds.split(' ') {
            filters.push(phrases::Filter::Type(phrases::energy_type(w)?));
        }
        Who {
            side: Side::Any,
            spot: Spot::Any,
            filters,
        }
    } else {
        phrases::who(subject.trim_end_matches(" in play"))?
    };
    Some(Exact::Damage(DamageMod {
        step: Step::Defender,
        by: Who {
            side: Side::Any,
            spot: Spot::Any,
            filters: Vec::new(),
        },
        to,
        when: std::mem::take(when),
        amount,
    }))
}

/// "<subject> has …, and the attacks it uses do …" / "if …, it gets +N hp, and the attacks it
/// uses do …": each clause that changes damage or HP read with "it" as the subject, and the
/// others (a Retreat Cost) left to the catalogue; `None` unless the damage or HP clause reads.
fn compound(kind: TextKind, s: &str) -> Option<Vec<Exact>> {
    let _ = kind;
    let i = s.find(", and the attacks it uses do ")?;
    let (head, tail) = (&s[..i], &s[i + ", and ".len()..]);
    let (when, head_main) = prefix(head)?;
    let mut out = Vec::new();
    let subject = if head_main.starts_with("it ") {
        // "if …, it gets +100 hp, and …": the HP clause under the same condition.
        out.extend(gets_hp(&mut when.clone(), head_main)?);
        "its attacks".to_string()
    } else {
        // "the future pokemon this card is attached to has no retreat cost, and …"
        let j = [" has ", " gets "]
            .iter()
            .filter_map(|v| head_main.find(v))
            .min()?;
        format!("the attacks of {}", &head_main[..j])
    };
    let second = tail.replacen("the attacks it uses", &subject, 1);
    out.push(attacks_do(&mut when.clone(), &second)?);
    Some(out)
}

/// The leading clauses that say when: "if …, ", "during this turn, ", "during your opponent's
/// next turn, ", "as long as this pokemon is in the active spot, " / "… on your bench, ".
fn prefix(s: &str) -> Option<(Vec<Cond>, &str)> {
    let mut when = Vec::new();
    let mut rest = s.trim_start_matches("• ").trim();
    // A rule box's label ("tera: as long as …").
    for label in ["tera: ", "ancient: ", "future: "] {
        rest = rest.strip_prefix(label).unwrap_or(rest);
    }
    loop {
        if let Some(r) = rest.strip_prefix("during this turn, ") {
            when.push(Cond::ThisTurn);
            rest = r;
        } else if let Some(r) = rest.strip_prefix("during your opponent's next turn, ") {
            when.push(Cond::OpponentsNextTurn);
            rest = r;
        } else if let Some(r) = rest.strip_prefix("as long as this pokemon is in the active spot, ")
        {
            when.push(Cond::Is {
                who: Who {
                    side: Side::Holder,
                    spot: Spot::Active,
                    filters: Vec::new(),
                },
            });
            rest = r;
        } else if let Some(r) = rest.strip_prefix("as long as this pokemon is on your bench, ") {
            when.push(Cond::Is {
                who: Who {
                    side: Side::Holder,
                    spot: Spot::Bench,
                    filters: Vec::new(),
                },
            });
            rest = r;
        } else if let Some((c, r)) = rest
            .strip_prefix("as long as ")
            .and_then(|r| r.split_once(", "))
            .and_then(|(c, r)| Some((phrases::condition(c)?, r)))
        {
            // "as long as you have at least 1 other bouffalant in play, …"
            when.extend(c);
            rest = r;
        } else if rest.starts_with("if ") {
            let (c, r) = split_condition(rest)?;
            if c.is_empty() {
                return None;
            }
            when.extend(c);
            rest = r;
        } else {
            return Some((when, rest));
        }
    }
}

fn holder() -> Who {
    Who {
        side: Side::Holder,
        spot: Spot::Any,
        filters: Vec::new(),
    }
}

/// The attacker a subject phrase names: "the attacks of X", "attacks used by X", "X's attacks",
/// "its attacks", "the attacks it uses".
fn attacker(subject: &str) -> Option<Who> {
    let s = subject.trim().trim_end_matches(',');
    if matches!(s, "its attacks" | "the attacks it uses" | "attacks it uses") {
        return Some(holder());
    }
    if let Some(r) = s
        .strip_prefix("the attacks of ")
        .or_else(|| s.strip_prefix("attacks used by "))
        .or_else(|| s.strip_prefix("attacks of "))
    {
        return phrases::who(r);
    }
    // "your basic lightning pokemon's attacks, except any zapdos"
    let i = s.find("'s attacks")?;
    let who_part = &s[..i];
    let tail = s[i + "'s attacks".len()..]
        .trim()
        .trim_start_matches(',')
        .trim();
    let phrase = if tail.is_empty() {
        who_part.to_string()
    } else {
        format!("{who_part} {tail}")
    };
    phrases::who(&phrase)
}

/// "… do(es) N more (less) damage to Y".
fn attacks_do(when: &mut Vec<Cond>, main: &str) -> Option<Exact> {
    let (verb, i) = [" do ", " does "]
        .iter()
        .find_map(|v| main.find(v).map(|i| (*v, i)))?;
    let by = attacker(&main[..i])?;
    let rest = &main[i + verb.len()..];
    let (n, tail) = first_number(rest)?;
    let tail = tail.trim();
    let (sign, to) = if let Some(t) = tail.strip_prefix("more damage to ") {
        (1, t)
    } else if let Some(t) = tail.strip_prefix("less damage to ") {
        (-1, t)
    } else if tail == "less damage" {
        (-1, "")
    } else {
        return None;
    };
    let to = if to.is_empty() {
        Who {
            side: Side::Any,
            spot: Spot::Any,
            filters: Vec::new(),
        }
    } else {
        active_target(to)?
    };
    Some(Exact::Damage(DamageMod {
        step: Step::Attacker,
        by,
        to,
        when: std::mem::take(when),
        amount: Amount::Add { n: sign * n },
    }))
}

/// "your opponent's active pokemon ex and active pokemon v" as one target phrase.
fn active_target(to: &str) -> Option<Who> {
    let t = to
        .replace(
            "active pokemon ex and active pokemon v",
            "active pokemon ex and pokemon v",
        )
        .replace(
            "active pokemon v and active pokemon ex",
            "active pokemon ex and pokemon v",
        );
    phrases::who(&t)
}

/// "X takes N less damage from attacks [from Y]", "all of your pokemon take N less damage from
/// attacks from your opponent's pokemon v".
fn takes_less(when: &mut Vec<Cond>, main: &str) -> Option<Exact> {
    let (verb, i) = [" takes ", " take "]
        .iter()
        .find_map(|v| main.find(v).map(|i| (*v, i)))?;
    let subject = main[..i].trim();
    let to = if subject == "it" {
        holder()
    } else {
        phrases::who(subject.strip_prefix("all of ").unwrap_or(subject))?
    };
    let rest = &main[i + verb.len()..];
    let (n, tail) = first_number(rest)?;
    // The reminder that this is the step after Weakness and Resistance.
    let tail = tail
        .trim()
        .trim_end_matches("(after applying weakness and resistance)")
        .trim();
    let from = if tail == "less damage from attacks" {
        None
    } else {
        Some(phrases::who(
            tail.strip_prefix("less damage from attacks from ")?,
        )?)
    };
    Some(Exact::Damage(DamageMod {
        step: Step::Defender,
        by: from.unwrap_or(Who {
            side: Side::Any,
            spot: Spot::Any,
            filters: Vec::new(),
        }),
        to,
        when: std::mem::take(when),
        amount: Amount::Add { n: -n },
    }))
}

/// "prevent all damage done to X by attacks [from Y]", "prevent all damage from attacks done
/// to X by Y", "prevent all damage from and effects of attacks [from Y] done to X", "prevent
/// all damage done to X by attacks (both yours and your opponent's)".
fn prevent_all(when: &mut Vec<Cond>, main: &str) -> Option<Exact> {
    let rest = main.strip_prefix("prevent all ")?;
    let any = Who {
        side: Side::Any,
        spot: Spot::Any,
        filters: Vec::new(),
    };
    let (to, by) = if let Some(r) = rest.strip_prefix("damage done to ") {
        let i = r.find(" by attacks")?;
        let to = phrases::who(&r[..i])?;
        let tail = r[i + " by attacks".len()..].trim();
        let by = match tail {
            "" | "(both yours and your opponent's)" => any,
            t => {
                let from = t.strip_prefix("from ")?;
                phrases::who(from).or_else(|| phrases::any_side_kinds(from))?
            }
        };
        (to, by)
    } else if let Some(r) = rest.strip_prefix("effects of attacks, including damage, done to ") {
        // "… done to this pokemon by your opponent's pokemon-ex and pokemon-gx"
        let (to, by) = match r.find(" by ") {
            Some(i) => (phrases::who(&r[..i])?, phrases::who(&r[i + 4..])?),
            None => (phrases::who(r)?, any),
        };
        (to, by)
    } else if let Some(r) = rest.strip_prefix("damage from attacks done to ") {
        let i = r.find(" by ")?;
        (phrases::who(&r[..i])?, phrases::who(&r[i + 4..])?)
    } else if let Some(r) = rest
        .strip_prefix("damage from and effects of attacks ")
        .or_else(|| rest.strip_prefix("effects of attacks, including damage, "))
    {
        let i = r.find("done to ")?;
        let by = match r[..i].trim() {
            "" => any,
            t => phrases::who(t.strip_prefix("from ")?)?,
        };
        (phrases::who(&r[i + "done to ".len()..])?, by)
    } else {
        return None;
    };
    Some(Exact::Damage(DamageMod {
        step: Step::Defender,
        by,
        to,
        when: std::mem::take(when),
        amount: Amount::PreventAll,
    }))
}

/// "damage from attacks used by this pokemon isn't affected by any effects on your opponent's
/// active pokemon".
fn unaffected(when: &mut Vec<Cond>, main: &str) -> Option<Exact> {
    let r = main.strip_prefix("damage from attacks used by ")?;
    let i = r.find(" isn't affected by ")?;
    let by = phrases::who(&r[..i])?;
    let amount = match &r[i + " isn't affected by ".len()..] {
        "any effects on your opponent's active pokemon" => Amount::IgnoreDefenderEffects,
        "weakness or resistance" => Amount::IgnoreWeaknessResistance,
        _ => return None,
    };
    Some(Exact::Damage(DamageMod {
        step: Step::Base,
        by,
        to: Who {
            side: Side::Any,
            spot: Spot::Any,
            filters: Vec::new(),
        },
        when: std::mem::take(when),
        amount,
    }))
}

/// "X gets +N hp", "your water pokemon in play, except any kricketune, get +N hp", "it gets +N
/// hp[, and …]" (the rest read as its own sentence is not tried: the whole is not read).
fn gets_hp(when: &mut Vec<Cond>, main: &str) -> Option<Vec<Exact>> {
    let (verb, i) = [" gets +", " get +"]
        .iter()
        .find_map(|v| main.find(v).map(|i| (*v, i)))?;
    let subject = main[..i].trim();
    let to = if subject == "it" {
        holder()
    } else {
        let subject = subject.replace(" in play, except any ", " except any ");
        phrases::who(subject.trim_end_matches(','))?
    };
    let rest = &main[i + verb.len()..];
    let (n, tail) = first_number(rest)?;
    if tail.trim() != "hp" {
        return None;
    }
    Some(vec![Exact::Hp(HpMod {
        to,
        when: std::mem::take(when),
        n,
    })])
}

fn first_number(s: &str) -> Option<(i32, &str)> {
    let word = s.split(' ').next()?;
    Some((phrases::number(word)?, &s[word.len()..]))
}
