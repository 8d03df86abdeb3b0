//! Damage counters put or moved by an effect: how many, on how many Pokémon, and whether the
//! player spreads them as they like.
//!
//! Families (golden rows in `golden.rs`):
//! - "put (place) N damage counters on <one Pokémon>" ("your opponent's Active Pokémon", "1 of
//!   your opponent's Pokémon", "that Pokémon", "the Pokémon you evolved in this way");
//! - "put N damage counters on each of <Pokémon>" / "on each Pokémon that …": N on every one;
//! - "put N damage counters on <Pokémon> in any way you like": N in all;
//! - "put N damage counters on <one Pokémon> for each <count>";
//! - "move up to N damage counters from <one Pokémon> to <one Pokémon>";
//!
//! each with a leading condition or the "once during your turn, you may" of an Ability.

use serde::Serialize;

use super::phrases::{self, Cond, Count};
use super::{Exact, attack::split_condition};

/// What a text says about the damage counters it puts or moves.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct CountersMod {
    /// Counters per Pokémon (or in all, when `spread`), or per thing counted.
    pub n: i32,
    /// "for each …": `n` times this count.
    pub per: Option<Count>,
    /// How the counters are shared out.
    pub how: Spread,
    /// The counters are moved, not put ("move up to 3 damage counters from …").
    pub moved: bool,
    /// "up to N": any number from 0 (or 1) to N.
    pub up_to: bool,
    pub when: Vec<Cond>,
}

/// How counters are shared out among Pokémon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spread {
    /// All on one Pokémon.
    One,
    /// The same number on each of several Pokémon.
    Each,
    /// The number in all, shared out as the player likes.
    AnyWay,
}

/// Read one sentence as counters put or moved; `None` when it is not such a sentence or a
/// word of it is not understood. A sentence that only speaks of counters placed before ("if you
/// placed any damage counters in this way, discard this card") reads as no counters.
pub fn read(s: &str) -> Option<Vec<Exact>> {
    if neutral(s) {
        return Some(Vec::new());
    }
    let mut rest = s.trim();
    let mut when = Vec::new();
    // The Ability's own preamble.
    for lead in [
        "once during your turn, you may ",
        "once during your turn, ",
        "as often as you like during your turn, you may ",
    ] {
        rest = rest.strip_prefix(lead).unwrap_or(rest);
    }
    if let Some(r) = rest.strip_prefix("during pokemon checkup, ") {
        when.push(Cond::InCheckup);
        rest = r;
    }
    let (cond, main) = lead_condition(rest)?;
    when.extend(cond);
    main_clause(main, when)
}

/// A sentence that names damage counters only as the condition of something else: "if you
/// placed any damage counters in this way, …" with no counters after the comma.
pub fn neutral(s: &str) -> bool {
    [
        "if you placed any damage counters in this way, ",
        "if you put any damage counters in this way, ",
    ]
    .iter()
    .any(|lead| {
        s.strip_prefix(lead)
            .is_some_and(|r| !r.contains("damage counter"))
    })
}

/// A leading condition or trigger: "if …, ", "whenever …, ", "when …, ". One the phrase reader
/// knows is read; another is kept as words ([`Cond::Other`]) when what follows the comma reads
/// as counters put or moved.
fn lead_condition(s: &str) -> Option<(Vec<Cond>, &str)> {
    if s.starts_with("if ")
        && let Some((when, main)) = split_condition(s)
        && main_clause(main, Vec::new()).is_some()
    {
        return Some((when, main));
    }
    let Some(clause) = ["if ", "whenever ", "when "]
        .iter()
        .find_map(|lead| s.strip_prefix(lead))
    else {
        return Some((Vec::new(), s));
    };
    let mut from = 0;
    while let Some(k) = clause[from..].find(", ") {
        let i = from + k;
        let main = clause[i + 2..].trim();
        if main_clause(main, Vec::new()).is_some() {
            return Some((vec![Cond::Other(clause[..i].to_string())], main));
        }
        from = i + 2;
    }
    None
}

/// The clause that puts or moves counters, after any condition.
fn main_clause(main: &str, when: Vec<Cond>) -> Option<Vec<Exact>> {
    let main = main.strip_prefix("you may ").unwrap_or(main);
    if let Some(m) = main.strip_prefix("move ") {
        return moved(m, when);
    }
    // "choose 2 of your opponent's pokemon and put 2 damage counters on each of them"
    let main = match main.strip_prefix("choose ") {
        Some(r) => {
            let i = r.find(" and ")?;
            let chosen = &r[..i];
            if !chosen.contains("pokemon") {
                return None;
            }
            &r[i + " and ".len()..]
        }
        None => main,
    };
    let tail = main
        .strip_prefix("put ")
        .or_else(|| main.strip_prefix("place "))?;
    let (n, tail) = number_of_counters(tail)?;
    let on = tail.strip_prefix(" on ")?;
    // "… for each <count>"
    let (on, per) = match on.find(" for each ") {
        Some(i) => (
            &on[..i],
            Some(phrases::count(&on[i + " for each ".len()..])?),
        ),
        None => (on, None),
    };
    let (on, spread) = match on.strip_suffix(" in any way you like") {
        Some(o) => (o, true),
        None => (on, false),
    };
    let how = if spread {
        Spread::AnyWay
    } else if on.starts_with("each ") {
        Spread::Each
    } else if one_pokemon(on) {
        Spread::One
    } else {
        return None;
    };
    Some(vec![Exact::Counters(CountersMod {
        n,
        per,
        how,
        moved: false,
        up_to: false,
        when,
    })])
}

/// "2 damage counters", "a damage counter", "1 damage counter", "up to 3 damage counters".
fn number_of_counters(s: &str) -> Option<(i32, &str)> {
    let word = s.split(' ').next()?;
    let n = phrases::number(word)?;
    let rest = &s[word.len()..];
    let rest = rest
        .strip_prefix(" damage counters")
        .or_else(|| rest.strip_prefix(" damage counter"))?;
    Some((n, rest))
}

/// A phrase that names one Pokémon.
fn one_pokemon(on: &str) -> bool {
    matches!(
        on,
        "your opponent's active pokemon"
            | "1 of your opponent's pokemon"
            | "1 of your opponent's benched pokemon"
            | "that pokemon"
            | "this pokemon"
            | "the attacking pokemon"
            | "the defending pokemon"
            | "the pokemon you evolved in this way"
            | "the pokemon you attached energy to in this way"
            | "1 of your pokemon"
            | "your active pokemon"
            | "it"
    )
}

/// "up to 3 damage counters from 1 of your pokemon to 1 of your opponent's pokemon".
fn moved(m: &str, when: Vec<Cond>) -> Option<Vec<Exact>> {
    let (up_to, m) = match m.strip_prefix("up to ") {
        Some(r) => (true, r),
        None => (false, m),
    };
    let (n, tail) = number_of_counters(m)?;
    let tail = tail.strip_prefix(" from ")?;
    let i = tail.find(" to ")?;
    if !one_pokemon(&tail[..i]) || !one_pokemon(&tail[i + 4..]) {
        return None;
    }
    Some(vec![Exact::Counters(CountersMod {
        n,
        per: None,
        how: Spread::One,
        moved: true,
        up_to,
        when,
    })])
}

impl std::fmt::Display for CountersMod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let verb = if self.moved { "move" } else { "put" };
        let up_to = if self.up_to { "up to " } else { "" };
        write!(f, "{verb} {up_to}{} counter(s)", self.n)?;
        if let Some(c) = &self.per {
            write!(f, " per {c}")?;
        }
        f.write_str(match self.how {
            Spread::One => " on one Pokémon",
            Spread::Each => " on each",
            Spread::AnyWay => " in all, shared out",
        })?;
        if !self.when.is_empty() {
            let w: Vec<String> = self.when.iter().map(|c| c.to_string()).collect();
            write!(f, " if {}", w.join(" and "))?;
        }
        Ok(())
    }
}
