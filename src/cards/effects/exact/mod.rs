//! Exact effects: what a sentence of card text does, as data, where the text says it plainly.
//!
//! The effect catalogue says which facts a text *may* change ([`super::Fact`]). This layer
//! reads, for the damage of attacks and for HP, *what* it does: an amount (+N, −N, N for each
//! X, "prevent all", "isn't affected by Weakness"), whose attacks and damage to whom it acts on
//! ([`Who`]: this Pokémon, the opponent's Active, your Benched Pokémon, of a kind or type), the
//! conditions it needs ([`Cond`]: a coin, Prize cards left, what the target is, "during your
//! opponent's next turn") and what it counts ([`Count`]). The engine evaluates these against
//! the tracked state; a sentence this reader cannot turn into data stays "may change" in the
//! catalogue, as before.
//!
//! The reader is a set of small pattern functions, one per wording family, over the normalised
//! sentence of [`super::text::normalise`] (lower case, "pokemon", the card's own name read as
//! "this pokemon"), with inline reminders cut. Each family has hand-read golden rows
//! (`golden.rs`). They read phrases, never card names.
//!
//! Pure: no IO.

mod attack;
mod counters;
mod modifiers;
mod phrases;
mod prizes;

#[cfg(test)]
mod golden;

pub use counters::{CountersMod, Spread};
pub use phrases::{Cards, Cond, Count, Filter, Kind, Side, Spot, Who, number};
pub use prizes::PrizesMod;

use serde::Serialize;

use crate::cards::EnergyType;

use super::TextKind;

/// What one sentence does, exactly.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Exact {
    /// Changes the damage of attacks.
    Damage(DamageMod),
    /// Speaks of damage, but changes none done to the attack's main target: damage to other
    /// Pokémon ("also does 30 damage to 1 of your opponent's Benched Pokémon"), to itself,
    /// healing, or an effect of the next turn that only protects the attacker.
    NoMainDamage,
    /// Changes a Pokémon's maximum HP.
    Hp(HpMod),
    /// Puts or moves damage counters.
    Counters(CountersMod),
    /// Gives Pokémon a Weakness of another type ("the Weakness of each of your opponent's
    /// Dragon Pokémon in play is now Psychic"): the damage model does not apply it, so it is a
    /// doubt only where the Pokémon taking the damage is one of them.
    WeaknessIs { to: Who, energy: EnergyType },
    /// Applies Weakness otherwise ("apply Weakness for each Pokémon … as ×4 instead"), under
    /// conditions: not modelled, so a doubt only where the conditions may hold.
    WeaknessOtherwise { when: Vec<Cond>, words: String },
    /// Changes the Prize cards taken when a Pokémon it names is Knocked Out: a doubt only
    /// where the Pokémon Knocked Out may be one of them.
    Prizes(prizes::PrizesMod),
    /// Takes Prize cards itself when it is used ("each player takes a Prize card"), with no
    /// Knock Out: the Prize cards owed for a Knock Out in another part of the turn are not
    /// changed.
    PrizesTaken,
    /// Keeps the effects of attacks (and Abilities) off a Pokémon, damage not included ("prevent
    /// all effects of attacks used by your opponent's Pokémon done to this Pokémon"): it can
    /// only stop damage counters an effect would put on it, never damage.
    EffectsPrevented {
        to: Who,
        /// Whose effects: "attacks", "Abilities" or "attacks and Abilities", as the text says.
        of: &'static str,
    },
}

/// A change to the damage of attacks.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct DamageMod {
    /// Where in the damage order it acts.
    pub step: Step,
    /// Whose attacks: the attacking Pokémon must be this.
    pub by: Who,
    /// Damage to whom: the Pokémon taking the damage must be this.
    pub to: Who,
    /// What must hold for it to act (all of them).
    pub when: Vec<Cond>,
    pub amount: Amount,
}

/// Where a change acts in the damage order (the rulebook's steps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// The attack's own text (step 1: the base damage).
    Base,
    /// An effect on the attacking Pokémon (step 2, before Weakness and Resistance).
    Attacker,
    /// An effect on the Pokémon taking the damage (step 5, after Weakness and Resistance).
    Defender,
}

/// How much a change adds, or what it does instead.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Amount {
    /// Add this much (negative: less damage).
    Add { n: i32 },
    /// Add `each` for each of `count` (negative: less), at most `cap` in all.
    AddPer {
        each: i32,
        count: Count,
        cap: Option<i32>,
    },
    /// The base damage is `each` for each of `count` (an attack printed "N×").
    BasePer { each: i32, count: Count },
    /// The attack does nothing (no damage, no effect).
    Nothing,
    /// Prevent all of the damage.
    PreventAll,
    /// Weakness and Resistance are not applied.
    IgnoreWeaknessResistance,
    /// Weakness is not applied.
    IgnoreWeakness,
    /// Resistance is not applied.
    IgnoreResistance,
    /// Effects on the Pokémon taking the damage are not applied.
    IgnoreDefenderEffects,
}

/// A change to a Pokémon's maximum HP.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct HpMod {
    pub to: Who,
    pub when: Vec<Cond>,
    pub n: i32,
}

/// The sentence is read exactly for the damage counters it puts or moves (none, when it only
/// speaks of counters placed before).
pub fn reads_counters(sentence: &str) -> bool {
    counters::read(sentence.trim().trim_end_matches('.').trim()).is_some()
}

/// "prevent all effects of attacks used by your opponent's pokemon done to this pokemon", "…
/// of your opponent's pokemon's attacks and abilities done to …": effects kept off a Pokémon,
/// with no word of damage (a text that prevents damage too is read with the damage changes).
fn effects_prevented(s: &str) -> Option<Vec<Exact>> {
    let rest = s.strip_prefix("prevent all effects of ")?;
    let (what, to) = rest.split_once(" done to ")?;
    if what.contains("damage")
        || to.contains("damage")
        || !(what.contains("attacks") || what.contains("abilities"))
    {
        return None;
    }
    let of = match (what.contains("attacks"), what.contains("abilities")) {
        (true, true) => "attacks and Abilities",
        (true, false) => "attacks",
        _ => "Abilities",
    };
    Some(vec![Exact::EffectsPrevented {
        to: phrases::who(to)?,
        of,
    }])
}

/// The exact reading of one sentence (normalised, reminders cut): `None` when the reader does
/// not understand it, so whatever the catalogue says it may change stays "may change".
/// `printed` says whether the attack the sentence belongs to prints a damage number.
pub fn read_sentence(
    kind: TextKind,
    printed: bool,
    sentence: &str,
    before: &[&str],
) -> Option<Vec<Exact>> {
    let s = sentence.trim().trim_end_matches('.').trim();
    if let Some(e) = counters::read(s) {
        return Some(e);
    }
    if let Some(e) = prizes::read(s) {
        return Some(e);
    }
    if let Some(e) = effects_prevented(s) {
        return Some(e);
    }
    match kind {
        TextKind::Attack => attack::read(s, before, printed),
        _ => modifiers::read(kind, s, before),
    }
}

/// The sentence after a count of cards in a discard pile moves those very cards ("then,
/// shuffle those cards into your deck", "then, put those energy cards into your hand"): the
/// count is marked `moved`, so the log's list of the cards moved can count them.
pub fn then_moves_counted(read: &mut [Exact], next: Option<&str>) {
    let Some(next) = next else { return };
    let n = next.trim().trim_end_matches('.').trim();
    let n = n.strip_prefix("then, ").unwrap_or(n);
    let those = ["shuffle those ", "put those "]
        .iter()
        .find_map(|h| n.strip_prefix(h))
        .and_then(|r| {
            [" into your deck", " into your hand"]
                .iter()
                .find_map(|t| r.strip_suffix(t))
        });
    if !matches!(those, Some("cards" | "energy cards" | "energy")) {
        return;
    }
    for e in read {
        let Exact::Damage(DamageMod {
            amount: Amount::AddPer { count, .. } | Amount::BasePer { count, .. },
            ..
        }) = e
        else {
            continue;
        };
        if let Count::InDiscard {
            opponent: false,
            moved,
            ..
        } = count
        {
            *moved = true;
        }
    }
}

impl std::fmt::Display for Exact {
    /// A short reading: "base +30 if heads", "attacker +30 by this Pokémon to your opponent's
    /// Active Pokémon (V)", "+50 HP to this Pokémon (Basic)", "no change to the main damage".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exact::NoMainDamage => f.write_str("no change to the main damage"),
            Exact::Counters(c) => write!(f, "{c}"),
            Exact::Prizes(p) => write!(f, "{p}"),
            Exact::PrizesTaken => f.write_str("takes Prize cards when used"),
            Exact::EffectsPrevented { to, of } => {
                write!(f, "effects of {of} prevented on {to}, damage not")
            }
            Exact::WeaknessIs { to, energy } => write!(f, "Weakness of {to} is now {energy:?}"),
            Exact::WeaknessOtherwise { when: w, words } => {
                write!(f, "Weakness otherwise: \"{words}\"")?;
                when(f, w)
            }
            Exact::Hp(h) => {
                write!(f, "+{} HP to {}", h.n, h.to)?;
                when(f, &h.when)
            }
            Exact::Damage(m) => {
                let step = match m.step {
                    Step::Base => "base",
                    Step::Attacker => "attacker",
                    Step::Defender => "defender",
                };
                write!(f, "{step} {}", m.amount)?;
                if m.step != Step::Base {
                    write!(f, " by {} to {}", m.by, m.to)?;
                }
                when(f, &m.when)
            }
        }
    }
}

fn when(f: &mut std::fmt::Formatter<'_>, when: &[Cond]) -> std::fmt::Result {
    if when.is_empty() {
        return Ok(());
    }
    let w: Vec<String> = when.iter().map(|c| c.to_string()).collect();
    write!(f, " if {}", w.join(" and "))
}

impl std::fmt::Display for Amount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Amount::Add { n } => write!(f, "{n:+}"),
            Amount::AddPer { each, count, cap } => {
                write!(f, "{each:+} per {count}")?;
                match cap {
                    Some(c) => write!(f, " (at most {c})"),
                    None => Ok(()),
                }
            }
            Amount::BasePer { each, count } => write!(f, "{each} per {count}"),
            Amount::PreventAll => f.write_str("prevent all"),
            Amount::Nothing => f.write_str("does nothing"),
            Amount::IgnoreWeaknessResistance => f.write_str("no Weakness or Resistance"),
            Amount::IgnoreWeakness => f.write_str("no Weakness"),
            Amount::IgnoreResistance => f.write_str("no Resistance"),
            Amount::IgnoreDefenderEffects => f.write_str("no effects on the defender"),
        }
    }
}
