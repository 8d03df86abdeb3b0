//! Damage calculator (`POST /api/v1/tools/damage`): the damage an attack does to one Pokémon,
//! worked out by [`DamageCalculation`] (the same code that checks attack lines in a replay),
//! with whether it Knocks the Pokémon Out.

use serde::{Deserialize, Serialize};

use crate::cards::{CardDb, EnergyType, Resistance, WeaknessModifier};
use crate::engine::Position;
use crate::engine::damage_order::{DamageCalculation, DamageEffect};

use super::request::{MAX_AMOUNT, RequestError, bounded, parse_edition};

/// The request body.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageRequest {
    #[serde(default)]
    pub edition: Option<String>,
    pub attacker: AttackerSpec,
    pub defender: DefenderSpec,
    pub attack: AttackSpec,
    #[serde(default)]
    pub modifiers: Vec<ModifierSpec>,
    #[serde(default)]
    pub prevent_all_damage: bool,
}

/// The attacking Pokémon: its types, or a card id (or a card name whose prints agree) whose
/// types the card data gives.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackerSpec {
    #[serde(default)]
    pub types: Option<Vec<String>>,
    #[serde(default)]
    pub card: Option<String>,
}

/// The Pokémon taking the damage.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefenderSpec {
    #[serde(default)]
    pub types: Option<Vec<String>>,
    /// `active` or `bench`.
    pub position: String,
    #[serde(default)]
    pub weakness: Option<Vec<TypeValue>>,
    #[serde(default)]
    pub resistance: Option<Vec<TypeValue>>,
    #[serde(default)]
    pub hp: Option<i64>,
    /// Damage already on the Pokémon.
    #[serde(default)]
    pub damage: Option<i64>,
    #[serde(default)]
    pub card: Option<String>,
}

/// A Weakness or Resistance: a type and its printed value (`×2`, `+20`, `-30`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypeValue {
    #[serde(rename = "type")]
    pub type_: String,
    pub value: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackSpec {
    pub base: i64,
    #[serde(default)]
    pub ignore_weakness_resistance: bool,
    #[serde(default)]
    pub ignore_defender_effects: bool,
    #[serde(default)]
    pub places_counters: bool,
}

/// A named change to the damage, on the attacker (step 2) or the defender (step 5).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModifierSpec {
    pub source: String,
    pub applies_to: String,
    pub amount: i64,
}

/// One step of an answer's trace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TraceStep {
    pub step: String,
    pub clause: &'static str,
    pub value: i64,
    pub note: String,
}

/// The answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DamageAnswer {
    pub edition: &'static str,
    pub damage: i64,
    pub counters: i64,
    /// `null` when the request gives no HP.
    pub knocked_out: Option<bool>,
    pub remaining_hp: Option<i64>,
    pub steps: Vec<TraceStep>,
    /// The damage in the rulebook's order, in the entries a replay step's explanation uses
    /// (the counters and the Knock Out are left out: they are not damage).
    pub trace: Vec<crate::engine::explanation::TraceEntry>,
}

/// A type name, in the data's spelling or any case ("fire", "Fire").
pub fn parse_type(field: &str, s: &str) -> Result<EnergyType, RequestError> {
    EnergyType::ALL
        .into_iter()
        .filter(|t| *t != EnergyType::Free)
        .find(|t| t.as_str().eq_ignore_ascii_case(s.trim()))
        .ok_or_else(|| {
            let names: Vec<&str> = EnergyType::ALL[..11].iter().map(|t| t.as_str()).collect();
            RequestError::new(
                field,
                sentence!("unknown type {s:?}; expected one of {}", names.join(", ")),
            )
        })
}

fn parse_types(field: &str, list: &[String]) -> Result<Vec<EnergyType>, RequestError> {
    if list.is_empty() {
        return Err(RequestError::new(field, "give at least one type"));
    }
    if list.len() > 4 {
        return Err(RequestError::new(
            field,
            "a Pokémon has at most a few types",
        ));
    }
    list.iter()
        .enumerate()
        .map(|(i, t)| parse_type(&sentence!("{field}[{i}]"), t))
        .collect()
}

fn find_card<'d>(
    field: &str,
    id: &str,
    db: Option<&'d CardDb>,
) -> Result<&'d crate::cards::Card, RequestError> {
    let db = db.ok_or_else(|| {
        RequestError::new(
            field,
            "this server has no card data loaded; give the types, Weakness, Resistance and HP instead",
        )
    })?;
    if let Some(i) = db.by_id(id.trim()) {
        return Ok(db.card(i));
    }
    // A name: its Pokémon prints must agree on what the damage needs (types, Weakness,
    // Resistance, HP); otherwise the answer names the prints to choose from.
    // The name as typed, or the one name it is whatever its case and punctuation.
    let mut found = db.by_name(id.trim());
    if found.is_empty()
        && let Some(exact) = db.name_index().exact(id)
    {
        found = db.by_name(exact);
    }
    let prints: Vec<&crate::cards::Card> = found
        .iter()
        .map(|i| db.card(*i))
        .filter(|c| c.is_pokemon())
        .collect();
    let Some(first) = prints.first() else {
        return Err(RequestError::new(field, not_found(db, id)));
    };
    let same = |c: &&crate::cards::Card| {
        c.types == first.types
            && c.weaknesses == first.weaknesses
            && c.resistances == first.resistances
            && c.hp == first.hp
    };
    if prints.iter().all(same) {
        return Ok(first);
    }
    let ids: Vec<&str> = prints.iter().take(8).map(|c| c.id.as_str()).collect();
    Err(RequestError::new(
        field,
        sentence!(
            "the {} prints named {} differ in type, Weakness, Resistance or HP; give a card id, such as {}",
            prints.len(),
            first.name,
            ids.join(", ")
        ),
    ))
}

/// Why a card name or id was not found, with the Pokémon names close to it.
fn not_found(db: &CardDb, id: &str) -> String {
    let mut close = crate::cards::suggest::names_for(db, id, 5);
    close.retain(|n| db.by_name(n).iter().any(|i| db.card(*i).is_pokemon()));
    close.truncate(6);
    if close.is_empty() {
        sentence!("no Pokémon card has the id or the name {id:?}")
    } else {
        sentence!(
            "no Pokémon card has the id or the name {id:?}; did you mean {}?",
            close.join(", ")
        )
    }
}

struct Defender {
    position: Position,
    weakness: Vec<(EnergyType, WeaknessModifier)>,
    resistance: Vec<(EnergyType, i32)>,
    hp: Option<i64>,
    damage: i64,
}

fn defender(spec: &DefenderSpec, db: Option<&CardDb>) -> Result<Defender, RequestError> {
    let position = match spec.position.trim().to_ascii_lowercase().as_str() {
        "active" => Position::Active,
        "bench" | "benched" => Position::Bench,
        other => {
            return Err(RequestError::new(
                crate::field!("defender", "position"),
                sentence!("unknown position {other:?}; expected active or bench"),
            ));
        }
    };
    let card = match &spec.card {
        Some(id) => Some(find_card(crate::field!("defender", "card"), id, db)?),
        None => None,
    };
    if let Some(types) = &spec.types {
        parse_types(crate::field!("defender", "types"), types)?;
    }
    let weakness = match (&spec.weakness, card) {
        (Some(list), _) => list
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let t = parse_type(&sentence!("defender.weakness[{i}].type"), &w.type_)?;
                let m = WeaknessModifier::parse(&w.value)
                    .filter(|m| match m {
                        WeaknessModifier::Multiply(n) => (2..=4).contains(n),
                        WeaknessModifier::Add(n) => i64::from(*n) <= MAX_AMOUNT,
                    })
                    .ok_or_else(|| {
                        RequestError::new(
                            sentence!("defender.weakness[{i}].value"),
                            sentence!(
                                "{:?} is not a Weakness value; write ×2 (or x2) or +N",
                                w.value
                            ),
                        )
                    })?;
                Ok((t, m))
            })
            .collect::<Result<Vec<_>, _>>()?,
        (None, Some(c)) => c.weaknesses.iter().map(|w| (w.type_, w.modifier)).collect(),
        (None, None) => Vec::new(),
    };
    let resistance = match (&spec.resistance, card) {
        (Some(list), _) => list
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let t = parse_type(&sentence!("defender.resistance[{i}].type"), &r.type_)?;
                let n = Resistance::parse_amount(&r.value)
                    .filter(|n| i64::from(*n) <= MAX_AMOUNT)
                    .ok_or_else(|| {
                        RequestError::new(
                            sentence!("defender.resistance[{i}].value"),
                            sentence!("{:?} is not a Resistance value; write -N", r.value),
                        )
                    })?;
                Ok((t, n))
            })
            .collect::<Result<Vec<_>, _>>()?,
        (None, Some(c)) => c.resistances.iter().map(|r| (r.type_, r.amount)).collect(),
        (None, None) => Vec::new(),
    };
    let hp = match (spec.hp, card) {
        (Some(hp), _) => Some(bounded(
            crate::field!("defender", "hp"),
            hp,
            10,
            MAX_AMOUNT,
        )?),
        (None, Some(c)) => c.hp.map(i64::from),
        (None, None) => None,
    };
    let damage = bounded(
        crate::field!("defender", "damage"),
        spec.damage.unwrap_or(0),
        0,
        MAX_AMOUNT,
    )?;
    Ok(Defender {
        position,
        weakness,
        resistance,
        hp,
        damage,
    })
}

fn attacker_types(
    spec: &AttackerSpec,
    db: Option<&CardDb>,
) -> Result<Vec<EnergyType>, RequestError> {
    match (&spec.types, &spec.card) {
        (Some(_), Some(_)) => Err(RequestError::new(
            crate::field!("attacker", "card"),
            "give either the attacker's card or its types, not both",
        )),
        (Some(types), None) => parse_types(crate::field!("attacker", "types"), types),
        (None, Some(id)) => Ok(find_card(crate::field!("attacker", "card"), id, db)?
            .types
            .clone()),
        (None, None) => Err(RequestError::new(
            crate::field!("attacker", "types"),
            "give the attacker's types (or its card id or name)",
        )),
    }
}

/// Answer a damage request.
pub fn answer(req: &DamageRequest, db: Option<&CardDb>) -> Result<DamageAnswer, RequestError> {
    let edition = parse_edition(req.edition.as_deref())?;
    let types = attacker_types(&req.attacker, db)?;
    let def = defender(&req.defender, db)?;
    let base = bounded(
        crate::field!("attack", "base"),
        req.attack.base,
        0,
        MAX_AMOUNT,
    )?;
    if req.modifiers.len() > 50 {
        return Err(RequestError::new("modifiers", "at most 50 modifiers"));
    }
    let mut attacker_effects = Vec::new();
    let mut defender_effects = Vec::new();
    for (i, m) in req.modifiers.iter().enumerate() {
        let amount = bounded(
            &sentence!("modifiers[{i}].amount"),
            m.amount,
            -MAX_AMOUNT,
            MAX_AMOUNT,
        )?;
        let effect = DamageEffect {
            source: if m.source.trim().is_empty() {
                sentence!("modifier {}", i + 1)
            } else {
                m.source.trim().chars().take(80).collect()
            },
            amount: amount as i32,
        };
        match m.applies_to.trim().to_ascii_lowercase().as_str() {
            "attacker" => attacker_effects.push(effect),
            "defender" => defender_effects.push(effect),
            other => {
                return Err(RequestError::new(
                    sentence!("modifiers[{i}].applies_to"),
                    sentence!("{other:?} is neither attacker nor defender"),
                ));
            }
        }
    }
    let calc = DamageCalculation {
        base: base as i32,
        places_counters: req.attack.places_counters,
        position: def.position,
        // Weakness or Resistance to either of the attacker's types applies (once).
        weakness: def
            .weakness
            .iter()
            .find(|(t, _)| types.contains(t))
            .map(|(_, m)| *m),
        resistance: def
            .resistance
            .iter()
            .find(|(t, _)| types.contains(t))
            .map(|(_, n)| *n),
        ignore_weakness_resistance: req.attack.ignore_weakness_resistance,
        ignore_defender_effects: req.attack.ignore_defender_effects,
        attacker_effects,
        defender_effects,
        prevent_all_damage: req.prevent_all_damage,
    };
    let result = calc.run_under(edition);
    let trace = crate::engine::explanation::from_damage_steps(&result.steps);
    let mut steps: Vec<TraceStep> = result
        .steps
        .iter()
        .map(|s| TraceStep {
            step: s.step.as_str().to_string(),
            clause: s.clause,
            value: i64::from(s.value),
            note: s.note.clone(),
        })
        .collect();
    let damage = i64::from(result.damage);
    let (knocked_out, remaining_hp) = match def.hp {
        Some(hp) => {
            let total = def.damage.saturating_add(damage);
            let left = (hp - total).max(0);
            let out = total >= hp;
            steps.push(TraceStep {
                step: "knock-out".to_string(),
                clause: "knockout.at-hp",
                value: left,
                note: if out {
                    sentence!(
                        "{total} damage on a Pokémon with {hp} HP: no HP left, so it is Knocked Out"
                    )
                } else {
                    sentence!("{total} damage on a Pokémon with {hp} HP: {left} HP left")
                },
            });
            (Some(out), Some(left))
        }
        None => (None, None),
    };
    Ok(DamageAnswer {
        edition: edition.id(),
        damage,
        counters: i64::from(result.counters),
        knocked_out,
        remaining_hp,
        steps,
        trace,
    })
}
