//! The damage of one reading as the rulebook's order lays it out, entry by entry, for the
//! explanation of an attack line or a damage line (`engine::explanation`): the printed base and
//! what the attack's own text does to it, each effect on the attacker, Weakness, Resistance
//! (each said once when nothing applies), each effect on the Pokémon taking the damage, damage
//! prevented. The running value of the last entry is the damage the reading gives.
//!
//! What the reading assumed of what the log does not show becomes a plain condition ("if Zapdos
//! is a print without Lightning Symbol"), and the effects considered that do not act are listed
//! apart, with why.

use crate::cards::WeaknessModifier;
use crate::engine::damage_order::{DamageEffect, weakness_increase};
use crate::engine::explanation::{NotApplied, TraceEntry, TraceStep};
use crate::engine::replay::damage_model::Variant;
use crate::engine::state::Position;
use crate::log::TypeModifier;

const ORDER: &str = "attack.damage-order";
const WEAKNESS: &str = "attack.damage-order.weakness";
const RESISTANCE: &str = "attack.damage-order.resistance";
const BENCH: &str = "attack.damage-order.bench";

/// What the trace of one reading needs to know beside the reading itself.
pub struct Setting<'s> {
    /// The printed damage of the attack (before its own text).
    pub printed: i32,
    /// The attack's name (the source of what its own text does).
    pub attack: &'s str,
    /// Where the Pokémon taking the damage is.
    pub position: Position,
    /// The Weakness the line states, with the modifier the card data gives it.
    pub weakness: Option<(&'s TypeModifier, WeaknessModifier)>,
    /// The Resistance the line states.
    pub resistance: Option<&'s TypeModifier>,
}

/// The trace of reading `v`, and what it considered that does not act.
pub fn trace(s: &Setting<'_>, v: &Variant) -> (Vec<TraceEntry>, Vec<NotApplied>) {
    let mut out = Vec::new();
    // 1. The printed base, then what the attack's own text does.
    let mut value = s.printed;
    out.push(TraceEntry {
        step: TraceStep::Base,
        source: None,
        change: sentence!("={}", s.printed),
        value,
        clause: std::borrow::Cow::Borrowed(ORDER),
        reason: None,
    });
    if v.base != s.printed {
        let mut e = TraceEntry::add(TraceStep::Base, s.attack, v.base - s.printed, v.base, ORDER);
        if s.printed == 0 {
            e.change = sentence!("={}", v.base);
        }
        e.reason = own_words(s.attack, &v.own);
        out.push(e);
        value = v.base;
    }
    // 2. Effects on the attacker.
    push_effects(&mut out, &mut value, TraceStep::Attacker, &v.attacker);
    // 3 and 4. Weakness and Resistance: the Active Pokémon only.
    if s.position == Position::Bench {
        out.push(TraceEntry::none(
            TraceStep::Weakness,
            value,
            BENCH,
            "Benched Pokémon take no Weakness",
        ));
        out.push(TraceEntry::none(
            TraceStep::Resistance,
            value,
            BENCH,
            "Benched Pokémon take no Resistance",
        ));
    } else {
        match s.weakness {
            Some((w, modifier)) if !v.no_weakness => {
                let add = weakness_increase(value, modifier).max(0);
                value = value.saturating_add(add);
                out.push(TraceEntry {
                    step: TraceStep::Weakness,
                    source: Some(sentence!("Weakness to {}", w.energy_type)),
                    change: match modifier {
                        WeaknessModifier::Multiply(m) => sentence!("×{m}"),
                        WeaknessModifier::Add(n) => sentence!("+{n}"),
                    },
                    value,
                    clause: std::borrow::Cow::Borrowed(WEAKNESS),
                    reason: None,
                });
            }
            Some(_) => out.push(TraceEntry::none(
                TraceStep::Weakness,
                value,
                WEAKNESS,
                "an effect in force takes Weakness away",
            )),
            None => out.push(TraceEntry::none(
                TraceStep::Weakness,
                value,
                WEAKNESS,
                "the Defending Pokémon has no Weakness to this attack",
            )),
        }
        match s.resistance {
            Some(r) if !v.no_resistance => {
                let amount = r.amount.saturating_abs();
                value = value.saturating_sub(amount);
                out.push(TraceEntry::add(
                    TraceStep::Resistance,
                    sentence!("Resistance to {}", r.energy_type),
                    -amount,
                    value,
                    RESISTANCE,
                ));
            }
            Some(_) => out.push(TraceEntry::none(
                TraceStep::Resistance,
                value,
                RESISTANCE,
                "an effect in force takes Resistance away",
            )),
            None => out.push(TraceEntry::none(
                TraceStep::Resistance,
                value,
                RESISTANCE,
                "the Defending Pokémon has no Resistance to this attack",
            )),
        }
    }
    // 5. Effects on the Pokémon taking the damage, and damage prevented.
    if !v.no_defender_effects {
        push_effects(&mut out, &mut value, TraceStep::Defender, &v.defender);
        if let Some(p) = &v.prevent {
            value = 0;
            out.push(TraceEntry {
                step: TraceStep::Defender,
                source: Some(p.clone()),
                change: "=0".to_string(),
                value,
                clause: std::borrow::Cow::Borrowed(ORDER),
                reason: Some("all damage prevented".to_string()),
            });
        }
    }
    if value < 0 {
        value = 0;
        out.push(TraceEntry {
            step: TraceStep::Defender,
            source: None,
            change: "=0".to_string(),
            value,
            clause: std::borrow::Cow::Borrowed(ORDER),
            reason: Some("damage below 0 is no damage".to_string()),
        });
    }
    (out, not_applied(v))
}

/// The trace of an attack that chooses Pokémon several times ("Choose 1 of your opponent's
/// Pokémon 6 times … do 20 damage to it. This damage isn't affected by Weakness or
/// Resistance."), on a Pokémon chosen `k` times of `times`.
pub fn chosen(
    attack: &str,
    each: i32,
    k: i32,
    times: i32,
) -> crate::engine::explanation::Explanation {
    let value = each.saturating_mul(k);
    let trace = vec![
        TraceEntry {
            step: TraceStep::Base,
            source: None,
            change: sentence!("={each}"),
            value: each,
            clause: std::borrow::Cow::Borrowed(ORDER),
            reason: None,
        },
        TraceEntry {
            step: TraceStep::Base,
            source: Some(attack.to_string()),
            change: sentence!("×{k}"),
            value,
            clause: std::borrow::Cow::Borrowed(ORDER),
            reason: Some(sentence!("chosen {k} of the {times} times")),
        },
        TraceEntry::none(
            TraceStep::Weakness,
            value,
            WEAKNESS,
            "this damage is not affected by Weakness",
        ),
        TraceEntry::none(
            TraceStep::Resistance,
            value,
            RESISTANCE,
            "this damage is not affected by Resistance",
        ),
    ];
    crate::engine::explanation::Explanation::trace(trace, Vec::new())
}

/// "Defiance Band: +30" → "Defiance Band" (the change is the entry's own).
/// The effects of one step, each an entry with the damage after it.
fn push_effects(
    out: &mut Vec<TraceEntry>,
    value: &mut i32,
    step: TraceStep,
    effects: &[DamageEffect],
) {
    for e in effects {
        *value = value.saturating_add(e.amount);
        out.push(TraceEntry::add(
            step,
            source_of(&e.source),
            e.amount,
            *value,
            ORDER,
        ));
    }
}

fn source_of(source: &str) -> String {
    match source.rsplit_once(": ") {
        Some((name, change))
            if change
                .trim_start_matches(['+', '-', '×'])
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit()) =>
        {
            name.to_string()
        }
        _ => source.to_string(),
    }
}

/// What the attack's own text counted, in the words of the reading ("20 × 9 (any Benched
/// Pokémon)"), when it says more than the change.
fn own_words(attack: &str, own: &[String]) -> Option<String> {
    let words: Vec<String> = own
        .iter()
        .map(|o| {
            let o = o.strip_prefix(&sentence!("{attack}: ")).unwrap_or(o);
            // "Trifrost: +110" (an attack it uses) reads "Trifrost: 110".
            match o.split_once(": +") {
                Some((name, n)) => sentence!("{name}: {n}"),
                None => o.trim_start_matches('+').to_string(),
            }
        })
        // A bare number says no more than the change.
        .filter(|w| w.parse::<i32>().is_err())
        .collect();
    (!words.is_empty()).then(|| words.join(", "))
}

/// The effects a reading assumed do not act on this Pokémon, and those in force whose kind,
/// spot or condition rules them out here, with why (not one that acts in the trace).
fn not_applied(v: &Variant) -> Vec<NotApplied> {
    let acted = |source: &str| {
        v.attacker
            .iter()
            .chain(&v.defender)
            .any(|e| source_of(&e.source) == source)
            || v.prevent.as_deref() == Some(source)
    };
    let idle = v
        .idle
        .iter()
        .filter(|(source, _)| !acted(source))
        .map(|(source, reason)| NotApplied {
            source: source.clone(),
            reason: reason.clone(),
        });
    v.assumed
        .iter()
        .filter_map(|a| {
            if let Some(source) = a.strip_suffix(" is a print without it") {
                let reason = match source.strip_suffix(')').and_then(|s| s.rsplit_once(" (")) {
                    Some((_, card)) => sentence!(
                        "not every {card} card has it, and the log does not show which card is in play"
                    ),
                    None => "not every card of this name has it".to_string(),
                };
                return Some(NotApplied {
                    source: source.to_string(),
                    reason,
                });
            }
            a.strip_suffix(" is on another of its name")
                .map(|source| NotApplied {
                    source: source.to_string(),
                    reason: "it may be attached to another Pokémon of the same name".to_string(),
                })
        })
        .chain(idle)
        .collect()
}

/// What a reading assumed, in plain words ("Lightning Symbol (Zapdos) is a print that has it"
/// → "Zapdos is a print with Lightning Symbol"); `None` for an assumption that says nothing a
/// judge needs.
pub fn condition(assumed: &str) -> Option<String> {
    let split = |s: &str| -> Option<(String, String)> {
        let (text, card) = s.rsplit_once(" (")?;
        Some((text.to_string(), card.trim_end_matches(')').to_string()))
    };
    if let Some(s) = assumed.strip_suffix(" is a print that has it") {
        let (text, card) = split(s)?;
        return Some(sentence!("{card} is a print with {text}"));
    }
    if let Some(s) = assumed.strip_suffix(" is a print without it") {
        let (text, card) = split(s)?;
        return Some(sentence!("{card} is a print without {text}"));
    }
    if let Some(s) = assumed.strip_suffix(" is on this Pokémon") {
        return Some(sentence!("{s} is on this Pokémon"));
    }
    if let Some(s) = assumed.strip_suffix(" is on another of its name") {
        return Some(sentence!("{s} is on the other Pokémon of that name"));
    }
    // How a text was read (once for several Pokémon of a name; one print's wording where the
    // prints agree on the damage) is the engine's own business: no condition.
    if assumed.ends_with(" counted once") || assumed.ends_with(" as one of the prints words it") {
        return None;
    }
    if let Some((s, why)) = assumed.split_once(" acts (") {
        return Some(sentence!("{s} acts ({}", why));
    }
    Some(assumed.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(printed: i32) -> Setting<'static> {
        Setting {
            printed,
            attack: "Riptide",
            position: Position::Active,
            weakness: None,
            resistance: None,
        }
    }

    /// Each entry's value is the one before it changed as its change says.
    fn adds_up(trace: &[TraceEntry]) {
        let mut last = 0;
        for e in trace {
            assert_eq!(Some(e.value), e.applied_to(last), "{e:?}");
            last = e.value;
        }
    }

    #[test]
    fn a_reading_is_traced_in_the_rulebooks_order_and_adds_up() {
        let w = TypeModifier {
            energy_type: "Water".into(),
            amount: 120,
        };
        let s = Setting {
            weakness: Some((&w, WeaknessModifier::Multiply(2))),
            ..setting(110)
        };
        let v = Variant {
            base: 110,
            attacker: vec![DamageEffect {
                source: "Vitality Band: +10".into(),
                amount: 10,
            }],
            ..Variant::default()
        };
        let (t, _) = trace(&s, &v);
        let steps: Vec<&str> = t.iter().map(|e| e.step.as_str()).collect();
        assert_eq!(steps, ["base", "attacker", "weakness", "resistance"]);
        assert_eq!(t.last().unwrap().value, 240);
        assert_eq!(t[1].source.as_deref(), Some("Vitality Band"));
        assert_eq!(t[3].change, "none");
        adds_up(&t);
    }

    #[test]
    fn a_prevention_and_a_reduction_below_zero_end_at_zero() {
        let v = Variant {
            base: 30,
            defender: vec![DamageEffect {
                source: "Exoskeleton (Kakuna): -40".into(),
                amount: -40,
            }],
            ..Variant::default()
        };
        let (t, _) = trace(&setting(30), &v);
        assert_eq!(t.last().unwrap().value, 0);
        adds_up(&t);
    }

    #[test]
    fn an_effect_that_does_not_act_is_listed_apart_unless_it_acts() {
        let v = Variant {
            base: 70,
            attacker: vec![DamageEffect {
                source: "Vitality Band: +10".into(),
                amount: 10,
            }],
            idle: vec![
                (
                    "Adrena-Power (Okidogi)".into(),
                    "it acts only if this Pokémon has any Darkness Energy attached".into(),
                ),
                ("Vitality Band".into(), "it acts only on damage to X".into()),
            ],
            ..Variant::default()
        };
        let (_, n) = trace(&setting(70), &v);
        let sources: Vec<&str> = n.iter().map(|n| n.source.as_str()).collect();
        assert_eq!(sources, ["Adrena-Power (Okidogi)"]);
        assert!(n[0].reason.contains("Darkness Energy"));
    }

    #[test]
    fn assumptions_read_as_plain_conditions() {
        assert_eq!(
            condition("Lightning Symbol (Zapdos) is a print without it").as_deref(),
            Some("Zapdos is a print without Lightning Symbol")
        );
        assert_eq!(
            condition("Defiance Band is on another of its name").as_deref(),
            Some("Defiance Band is on the other Pokémon of that name")
        );
    }
}
