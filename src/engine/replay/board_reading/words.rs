//! The plain words of an effect in force, as a judge reads them aloud at the table: what it
//! does ("takes 30 less damage from attacks"), where it comes from ("Skarmory's Steel Wing,
//! copied by Mew ex's Genome Hacking") and when it ends ("until the end of Ben's turn"). Players
//! are named, never "you" or "your opponent": the board shows both sides.

use crate::cards::effects::exact::{Amount, DamageMod, Filter, HpMod, Kind, Side, Spot, Step, Who};

/// The two players as a text sees them, its owner and the owner's opponent, and the name of the
/// card the text is on ("except any Zapdos" on Zapdos).
#[derive(Debug, Clone, Copy)]
pub struct Sides<'n> {
    pub own: &'n str,
    pub opponent: &'n str,
    pub card: &'n str,
}

/// A kind of Pokémon as a judge says it: "Basic", "Pokémon ex", "Stage 2".
fn kind(k: Kind) -> String {
    match k {
        Kind::Ex | Kind::V => format!("Pokémon {}", k.words()),
        Kind::Gx | Kind::OldEx => format!("Pokémon-{}", k.words()),
        _ => k.words().to_string(),
    }
}

/// A name as the exact reader keeps it (lower case) written as a card name: "Iron Crown ex".
fn card_name(normalised: &str) -> String {
    normalised
        .split(' ')
        .map(|w| match w {
            "ex" => w.to_string(),
            _ => {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the filters of a [`Who`] ask, as a clause after "Pokémon": " that are Basic and
/// Lightning, except any Zapdos", " that have no Rule Box".
fn filter_words(filters: &[Filter], card: &str) -> String {
    let (mut are, mut other, mut except) = (Vec::new(), Vec::new(), Vec::new());
    for f in filters {
        match f {
            Filter::Is(k) => are.push(kind(*k)),
            Filter::IsAny(ks) => {
                are.push(ks.iter().map(|k| kind(*k)).collect::<Vec<_>>().join(" or "))
            }
            Filter::Type(t) => are.push(t.as_str().to_string()),
            Filter::TypeAny(ts) => are.push(
                ts.iter()
                    .map(|t| t.as_str())
                    .collect::<Vec<_>>()
                    .join(" or "),
            ),
            Filter::Affected(c) => are.push(c.as_str().to_string()),
            Filter::IsNot(Kind::RuleBox) => other.push("have no Rule Box".to_string()),
            Filter::IsNot(k) => other.push(format!("are not {}", kind(*k))),
            Filter::NotType(t) => other.push(format!("are not {}", t.as_str())),
            Filter::NameHas(n) => other.push(format!("have \"{n}\" in their name")),
            Filter::NamedAny(ns) => other.push(format!(
                "are named {}",
                ns.iter()
                    .map(|n| card_name(n))
                    .collect::<Vec<_>>()
                    .join(" or ")
            )),
            Filter::NotNamed(n) => except.push(card_name(n)),
            Filter::NotThisCard => except.push(card.to_string()),
        }
    }
    let mut clauses = Vec::new();
    if !are.is_empty() {
        clauses.push(format!("are {}", are.join(" and ")));
    }
    clauses.extend(other);
    let mut out = String::new();
    if !clauses.is_empty() {
        out.push_str(" that ");
        out.push_str(&clauses.join(" and "));
    }
    if !except.is_empty() {
        out.push_str(", except any ");
        out.push_str(&except.join(" or "));
    }
    out
}

/// Whose Pokémon a phrase names, with the players' names: "Ben's Active Pokémon", "Ann's
/// Pokémon that are Basic and Fire", "Pokémon in play"; `None` for "this Pokémon" and "the
/// Defending Pokémon" (the effect is on that Pokémon).
pub fn whose(who: &Who, sides: Sides<'_>) -> Option<String> {
    let player = match who.side {
        Side::Own => Some(sides.own),
        Side::Opponent => Some(sides.opponent),
        Side::Any => None,
        Side::Holder | Side::Defending => return None,
    };
    let spot = match who.spot {
        Spot::Any => "Pokémon",
        Spot::Active => "Active Pokémon",
        Spot::Bench => "Benched Pokémon",
    };
    let mut out = match player {
        Some(p) => format!("{p}'s {spot}"),
        None => match who.spot {
            Spot::Any => "Pokémon in play".to_string(),
            Spot::Active => "both Active Pokémon".to_string(),
            Spot::Bench => "Benched Pokémon on both sides".to_string(),
        },
    };
    out.push_str(&filter_words(&who.filters, sides.card));
    Some(out)
}

/// " to Ben's Active Pokémon" when the change is only for damage to some Pokémon; empty when it
/// is for any.
fn to_whom(to: &Who, sides: Sides<'_>) -> String {
    if to.side == Side::Any && to.spot == Spot::Any && to.filters.is_empty() {
        return String::new();
    }
    whose(to, sides).map_or(String::new(), |w| format!(" to {w}"))
}

/// " by Ben's Pokémon (ex)" when the change is only for damage from some Pokémon; empty when it
/// is for the attacks of any of the opponent's.
fn by_whom(by: &Who, sides: Sides<'_>) -> String {
    if by.filters.is_empty() && by.spot == Spot::Any {
        return String::new();
    }
    whose(by, sides).map_or(String::new(), |w| format!(" by {w}"))
}

/// " from Ben's Pokémon (ex)", as [`by_whom`] says it after "attacks".
fn from_whom(by: &Who, sides: Sides<'_>) -> String {
    by_whom(by, sides).replacen(" by ", " from ", 1)
}

fn more_or_less(n: i32) -> String {
    if n < 0 {
        format!("{} less damage", -n)
    } else {
        format!("{n} more damage")
    }
}

/// The step of the damage an "ignore" acts at, said of the attacks that ignore it.
fn ignores(amount: &Amount) -> Option<&'static str> {
    Some(match amount {
        Amount::IgnoreWeaknessResistance => "Weakness or Resistance",
        Amount::IgnoreWeakness => "Weakness",
        Amount::IgnoreResistance => "Resistance",
        Amount::IgnoreDefenderEffects => "effects on the Pokémon they hit",
        _ => return None,
    })
}

/// What a change to the damage of attacks does, said of the one Pokémon it is on: "takes 30
/// less damage from attacks", "its attacks do 10 more damage to Ben's Active Pokémon". `None`
/// for a change these words do not cover (the board then quotes the card, or leaves it out).
pub fn damage_on_pokemon(m: &DamageMod, sides: Sides<'_>) -> Option<String> {
    match (m.step, &m.amount) {
        (Step::Defender, Amount::Add { n }) => Some(format!(
            "takes {} from attacks{}",
            more_or_less(*n),
            by_whom(&m.by, sides)
        )),
        (Step::Defender, Amount::PreventAll) => Some(format!(
            "all damage done to it by attacks{} is prevented",
            from_whom(&m.by, sides)
        )),
        (Step::Attacker, Amount::Add { n }) => Some(format!(
            "its attacks do {}{}",
            more_or_less(*n),
            to_whom(&m.to, sides)
        )),
        (Step::Attacker, amount) => {
            ignores(amount).map(|what| format!("its attacks' damage is not affected by {what}"))
        }
        _ => None,
    }
}

/// What a change to the damage of attacks does, said of a player's Pokémon (or every
/// Pokémon): "Ann's Pokémon's attacks do 30 more damage to Ben's Active Pokémon", "Ann's
/// Benched Pokémon take no damage from attacks: all of it is prevented".
pub fn damage_on_side(m: &DamageMod, sides: Sides<'_>) -> Option<String> {
    match m.step {
        Step::Attacker => {
            let by = whose(&m.by, sides)?;
            let does = damage_on_pokemon(m, sides)?;
            Some(match does.strip_prefix("its attacks") {
                Some(rest) => format!("{by}: their attacks{rest}"),
                None => format!("{by}: {does}"),
            })
        }
        Step::Defender => {
            let to = whose(&m.to, sides)?;
            match &m.amount {
                Amount::PreventAll => Some(format!(
                    "{to}: all damage done to them by attacks{} is prevented",
                    from_whom(&m.by, sides)
                )),
                _ => Some(format!("{to}: each {}", damage_on_pokemon(m, sides)?)),
            }
        }
        Step::Base => None,
    }
}

/// What a change to HP does, said of the Pokémon or the side it reaches: "+50 HP" for one
/// Pokémon, "Ann's Pokémon (Basic) get +50 HP" for a side.
pub fn hp(h: &HpMod, sides: Sides<'_>) -> String {
    let n = if h.n < 0 {
        format!("{} HP", h.n)
    } else {
        format!("+{} HP", h.n)
    };
    match whose(&h.to, sides) {
        Some(w) => format!("{w} get {n}"),
        None => format!("has {n}"),
    }
}

/// Effects kept off a Pokémon, damage not included: "the effects of Ben's attacks are
/// prevented on it (not their damage)".
pub fn effects_prevented(of: &str, sides: Sides<'_>) -> String {
    format!(
        "the effects of {}'s {of} are prevented on it (not their damage)",
        sides.opponent
    )
}

/// When an effect that acts "during your opponent's next turn" ends, or begins and ends, seen
/// from now: `None` once it is over.
///
/// `used_turn` is the turn the card was used in; `now` the turns begun; `opponents_turn_now`
/// whether the turn under way is the opponent's (the user's own turn, or the Checkup after it,
/// when not).
pub fn opponents_next_turn(
    used_turn: u32,
    now: u32,
    opponents_turn_now: bool,
    opponent: &str,
) -> Option<String> {
    if now == used_turn {
        Some(format!("during {opponent}'s next turn"))
    } else if now == used_turn + 1 && opponents_turn_now {
        Some(format!("until the end of {opponent}'s turn"))
    } else {
        None
    }
}

/// When an effect that acts "during this turn" ends: `None` once the turn is over.
pub fn this_turn(used_turn: u32, now: u32, user: &str) -> Option<String> {
    (now == used_turn).then(|| format!("until the end of {user}'s turn"))
}

/// The sentence a judge reads: "takes 30 less damage from attacks — from Skarmory's Steel
/// Wing, copied by Mew ex's Genome Hacking; until the end of Ben's turn".
pub fn sentence(what: &str, source: &str, until: &str) -> String {
    format!("{what} — from {source}; {until}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::effects::exact::{Filter, Kind};

    const SIDES: Sides<'static> = Sides {
        own: "Ann",
        opponent: "Ben",
        card: "Zapdos",
    };

    fn who(side: Side, spot: Spot, filters: Vec<Filter>) -> Who {
        Who {
            side,
            spot,
            filters,
        }
    }

    fn change(step: Step, by: Who, to: Who, amount: Amount) -> DamageMod {
        DamageMod {
            step,
            by,
            to,
            when: Vec::new(),
            amount,
        }
    }

    fn any() -> Who {
        who(Side::Any, Spot::Any, Vec::new())
    }

    #[test]
    fn less_damage_taken_reads_as_the_card_says() {
        let m = change(
            Step::Defender,
            who(Side::Opponent, Spot::Any, Vec::new()),
            who(Side::Holder, Spot::Any, Vec::new()),
            Amount::Add { n: -80 },
        );
        let what = damage_on_pokemon(&m, SIDES).unwrap();
        assert_eq!(what, "takes 80 less damage from attacks");
        assert_eq!(
            sentence(
                &what,
                "Skarmory's Steel Wing, copied by Mew ex's Genome Hacking",
                "until the end of Ben's turn"
            ),
            "takes 80 less damage from attacks — from Skarmory's Steel Wing, copied by Mew \
             ex's Genome Hacking; until the end of Ben's turn"
        );
    }

    #[test]
    fn prevention_and_damage_from_some_attackers_only() {
        let m = change(
            Step::Defender,
            who(Side::Opponent, Spot::Any, vec![Filter::Is(Kind::Ex)]),
            who(Side::Holder, Spot::Any, Vec::new()),
            Amount::PreventAll,
        );
        assert_eq!(
            damage_on_pokemon(&m, SIDES).unwrap(),
            "all damage done to it by attacks from Ben's Pokémon that are Pokémon ex is prevented"
        );
        let veil = change(
            Step::Defender,
            who(Side::Opponent, Spot::Any, Vec::new()),
            who(Side::Own, Spot::Bench, Vec::new()),
            Amount::PreventAll,
        );
        assert_eq!(
            damage_on_side(&veil, SIDES).unwrap(),
            "Ann's Benched Pokémon: all damage done to them by attacks is prevented"
        );
    }

    #[test]
    fn an_attackers_change_names_whom_it_hits() {
        let band = change(
            Step::Attacker,
            who(Side::Holder, Spot::Any, Vec::new()),
            who(Side::Opponent, Spot::Active, Vec::new()),
            Amount::Add { n: 10 },
        );
        assert_eq!(
            damage_on_pokemon(&band, SIDES).unwrap(),
            "its attacks do 10 more damage to Ben's Active Pokémon"
        );
        // The Defending Pokémon of a lasting effect: its attacks, on whomever.
        let weakened = change(
            Step::Attacker,
            who(Side::Defending, Spot::Any, Vec::new()),
            any(),
            Amount::Add { n: -30 },
        );
        assert_eq!(
            damage_on_pokemon(&weakened, SIDES).unwrap(),
            "its attacks do 30 less damage"
        );
        let ignore = change(
            Step::Attacker,
            who(Side::Holder, Spot::Any, Vec::new()),
            any(),
            Amount::IgnoreResistance,
        );
        assert_eq!(
            damage_on_pokemon(&ignore, SIDES).unwrap(),
            "its attacks' damage is not affected by Resistance"
        );
        // The attack's own base damage is no effect in force.
        let own = change(
            Step::Base,
            who(Side::Holder, Spot::Any, Vec::new()),
            any(),
            Amount::Add { n: 30 },
        );
        assert_eq!(damage_on_pokemon(&own, SIDES), None);
    }

    #[test]
    fn a_sides_change_names_the_players() {
        let boost = change(
            Step::Attacker,
            who(Side::Own, Spot::Any, vec![Filter::Is(Kind::Basic)]),
            who(Side::Opponent, Spot::Active, Vec::new()),
            Amount::Add { n: 30 },
        );
        assert_eq!(
            damage_on_side(&boost, SIDES).unwrap(),
            "Ann's Pokémon that are Basic: their attacks do 30 more damage to Ben's Active Pokémon"
        );
        let shield = change(
            Step::Defender,
            who(Side::Opponent, Spot::Any, Vec::new()),
            who(Side::Own, Spot::Bench, Vec::new()),
            Amount::Add { n: -20 },
        );
        assert_eq!(
            damage_on_side(&shield, SIDES).unwrap(),
            "Ann's Benched Pokémon: each takes 20 less damage from attacks"
        );
    }

    #[test]
    fn whom_the_filters_name() {
        use crate::cards::EnergyType;
        let symbol = who(
            Side::Own,
            Spot::Any,
            vec![
                Filter::NotThisCard,
                Filter::Is(Kind::Basic),
                Filter::Type(EnergyType::Lightning),
            ],
        );
        assert_eq!(
            whose(&symbol, SIDES).unwrap(),
            "Ann's Pokémon that are Basic and Lightning, except any Zapdos"
        );
        let curtain = who(Side::Own, Spot::Bench, vec![Filter::IsNot(Kind::RuleBox)]);
        assert_eq!(
            whose(&curtain, SIDES).unwrap(),
            "Ann's Benched Pokémon that have no Rule Box"
        );
        let guard = who(
            Side::Opponent,
            Spot::Any,
            vec![
                Filter::IsAny(vec![Kind::Ex, Kind::V]),
                Filter::NotNamed("iron crown ex".into()),
            ],
        );
        assert_eq!(
            whose(&guard, SIDES).unwrap(),
            "Ben's Pokémon that are Pokémon ex or Pokémon V, except any Iron Crown ex"
        );
        assert_eq!(
            whose(&who(Side::Any, Spot::Active, Vec::new()), SIDES).unwrap(),
            "both Active Pokémon"
        );
        assert_eq!(
            whose(&who(Side::Holder, Spot::Any, Vec::new()), SIDES),
            None
        );
    }

    #[test]
    fn hp_and_effects_kept_off() {
        let cape = HpMod {
            to: who(Side::Holder, Spot::Any, Vec::new()),
            when: Vec::new(),
            n: 100,
        };
        assert_eq!(hp(&cape, SIDES), "has +100 HP");
        let side = HpMod {
            to: who(Side::Own, Spot::Any, vec![Filter::Is(Kind::Basic)]),
            when: Vec::new(),
            n: 50,
        };
        assert_eq!(hp(&side, SIDES), "Ann's Pokémon that are Basic get +50 HP");
        assert_eq!(
            effects_prevented("attacks", SIDES),
            "the effects of Ben's attacks are prevented on it (not their damage)"
        );
    }

    #[test]
    fn when_a_next_turn_effect_ends() {
        // Used on turn 5 by Ann: waiting for Ben's turn, then acting in it, then over.
        assert_eq!(
            opponents_next_turn(5, 5, false, "Ben").as_deref(),
            Some("during Ben's next turn")
        );
        assert_eq!(
            opponents_next_turn(5, 6, true, "Ben").as_deref(),
            Some("until the end of Ben's turn")
        );
        assert_eq!(opponents_next_turn(5, 7, false, "Ben"), None);
        assert_eq!(
            this_turn(5, 5, "Ann").as_deref(),
            Some("until the end of Ann's turn")
        );
        assert_eq!(this_turn(5, 6, "Ann"), None);
    }
}
