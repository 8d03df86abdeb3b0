//! HTML forms of the judge tools, turned into the tools' JSON requests. The inputs are named
//! by the JSON path they fill (`defender.hp`, `modifiers[1].amount`), so a form and the API go
//! through the same decoding and the same checks, and an error naming a field names an input.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::engine::tools::RequestError;

/// How to read a tool's form. Paths use `[]` for "any index" (`modifiers[].amount`).
pub struct FormSpec {
    /// Whole numbers.
    pub numbers: &'static [&'static str],
    /// Checkboxes: present means true.
    pub flags: &'static [&'static str],
    /// Fields that may repeat, collected into a list (`attacker.types`).
    pub lists: &'static [&'static str],
    /// Rows of a list of objects, and the field without which a row is left out (an empty
    /// modifier row): (`modifiers`, `amount`).
    pub rows: &'static [(&'static str, &'static str)],
}

/// The form's values as entered, for filling the form again: a plain field by its name, a
/// checkbox or list option as `name=value` -> "on"; names made template-safe by [`key`].
pub type FormValues = BTreeMap<String, String>;

/// A form name as a template key: every character other than a letter or digit becomes `_`
/// (`modifiers[0].amount` -> `modifiers_0__amount`; tera would read dots and brackets as a path).
pub fn key(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

enum Segment {
    Key(String),
    Index(usize),
}

/// `players[1].active.hp` -> [Key players, Index 1, Key active, Key hp].
fn segments(path: &str) -> Option<Vec<Segment>> {
    let mut out = Vec::new();
    for part in path.split('.') {
        let (key, mut rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        out.push(Segment::Key(key.to_string()));
        while let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']')?;
            let n: usize = r[..end].parse().ok().filter(|n| *n < 16)?;
            out.push(Segment::Index(n));
            rest = &r[end + 1..];
        }
        if !rest.is_empty() {
            return None;
        }
    }
    Some(out)
}

/// The path with every index replaced by `[]`.
fn pattern(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push_str("[]");
            }
            ']' => in_index = false,
            _ if in_index => {}
            _ => out.push(c),
        }
    }
    out
}

fn set(root: &mut Value, segs: &[Segment], value: Value, append: bool) {
    let mut at = root;
    for (i, seg) in segs.iter().enumerate() {
        let last = i + 1 == segs.len();
        match seg {
            Segment::Key(k) => {
                if !at.is_object() {
                    *at = Value::Object(Map::new());
                }
                let map = at.as_object_mut().expect("made an object");
                if last {
                    if append {
                        let list = map
                            .entry(k.clone())
                            .or_insert_with(|| Value::Array(Vec::new()));
                        if let Value::Array(v) = list {
                            v.push(value);
                        }
                    } else {
                        map.insert(k.clone(), value);
                    }
                    return;
                }
                at = map.entry(k.clone()).or_insert(Value::Null);
            }
            Segment::Index(n) => {
                if !at.is_array() {
                    *at = Value::Array(Vec::new());
                }
                let list = at.as_array_mut().expect("made an array");
                while list.len() <= *n {
                    list.push(Value::Null);
                }
                if last {
                    list[*n] = value;
                    return;
                }
                at = &mut list[*n];
            }
        }
    }
}

/// Read the submitted pairs into a JSON request and the values to show again.
pub fn to_json(
    pairs: &[(String, String)],
    spec: &FormSpec,
) -> Result<(Value, FormValues), (RequestError, FormValues)> {
    let mut values = FormValues::new();
    for (k, v) in pairs {
        let p = pattern(k);
        if spec.flags.contains(&p.as_str()) || spec.lists.contains(&p.as_str()) {
            values.insert(key(&format!("{k}={v}")), "on".to_string());
        } else {
            values.insert(key(k), v.clone());
        }
    }
    let mut root = Value::Object(Map::new());
    for (k, v) in pairs {
        let v = v.trim();
        if v.is_empty() {
            continue;
        }
        let Some(segs) = segments(k) else {
            return Err((
                RequestError::new(k.clone(), "this form has no such field"),
                values,
            ));
        };
        let p = pattern(k);
        let (value, append) = if spec.numbers.contains(&p.as_str()) {
            match v.parse::<i64>() {
                Ok(n) => (Value::from(n), false),
                Err(_) => {
                    return Err((
                        RequestError::new(k.clone(), format!("{v:?} is not a whole number")),
                        values,
                    ));
                }
            }
        } else if spec.flags.contains(&p.as_str()) {
            (Value::Bool(true), false)
        } else if spec.lists.contains(&p.as_str()) {
            (Value::String(v.to_string()), true)
        } else {
            (Value::String(v.to_string()), false)
        };
        set(&mut root, &segs, value, append);
    }
    // Rows left empty are not part of the request.
    for (list, key) in spec.rows {
        let segs = segments(list).unwrap_or_default();
        let mut at = Some(&mut root);
        for seg in &segs {
            at = match (seg, at) {
                (Segment::Key(k), Some(Value::Object(m))) => m.get_mut(k),
                (Segment::Index(n), Some(Value::Array(a))) => a.get_mut(*n),
                _ => None,
            };
        }
        if let Some(Value::Array(rows)) = at {
            rows.retain(|r| r.get(key).is_some());
        }
    }
    Ok((root, values))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SPEC: FormSpec = FormSpec {
        numbers: &["attack.base", "modifiers[].amount"],
        flags: &["attack.places_counters"],
        lists: &["attacker.types"],
        rows: &[("modifiers", "amount")],
    };

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn paths_build_the_request() {
        let (v, values) = to_json(
            &pairs(&[
                ("attacker.types", "Fire"),
                ("attacker.types", "Water"),
                ("attack.base", "60"),
                ("attack.places_counters", "on"),
                ("modifiers[0].source", ""),
                ("modifiers[0].applies_to", "attacker"),
                ("modifiers[0].amount", ""),
                ("modifiers[1].source", "Band"),
                ("modifiers[1].applies_to", "attacker"),
                ("modifiers[1].amount", "10"),
                ("defender.position", "active"),
            ]),
            &SPEC,
        )
        .unwrap();
        assert_eq!(
            v,
            json!({"attacker": {"types": ["Fire", "Water"]}, "attack": {"base": 60, "places_counters": true},
                   "modifiers": [{"source": "Band", "applies_to": "attacker", "amount": 10}],
                   "defender": {"position": "active"}})
        );
        assert_eq!(values["attacker_types_Water"], "on");
        assert_eq!(values["attack_base"], "60");
    }

    #[test]
    fn a_bad_number_or_name_is_refused_with_the_field() {
        let (e, values) = to_json(&pairs(&[("attack.base", "sixty")]), &SPEC).unwrap_err();
        assert_eq!(e.field, crate::field!("attack", "base"));
        assert_eq!(values["attack_base"], "sixty");
        let (e, _) = to_json(&pairs(&[("a[99].b", "1")]), &SPEC).unwrap_err();
        assert_eq!(e.field, "a[99].b");
        assert!(to_json(&pairs(&[("a..b", "1")]), &SPEC).is_err());
    }
}

/// A request field's path in the words of the tool forms (`defender.weakness[0].value` ->
/// `Pokémon taking the damage › Weakness › value`), for an error shown under a form.
pub fn field_words(field: &str) -> String {
    if field.trim_matches('.').is_empty() {
        return "The form".to_string();
    }
    field
        .split('.')
        .filter(|s| !s.is_empty())
        .map(|segment| {
            let (name, index) = match segment.split_once('[') {
                Some((name, rest)) => (name, rest.trim_end_matches(']').parse::<usize>().ok()),
                None => (segment, None),
            };
            let word = match name {
                "attacker" => "Attacking Pokémon",
                "defender" => "Pokémon taking the damage",
                "attack" => "Attack",
                "base" => "Base damage",
                "weakness" => "Weakness",
                "resistance" => "Resistance",
                "value" => "value",
                "type" => "type",
                "types" => "Types",
                "hp" => "HP",
                "damage" => "Damage on it",
                "card" => "card name or id",
                "position" => "Position",
                "modifiers" => "Other effect",
                "amount" => "amount",
                "source" => "source",
                "applies_to" => "on the",
                "edition" => "Rules",
                "players" => "Player",
                "name" => "Name",
                "active" => "Active Pokémon",
                "conditions" => "Special Conditions",
                "prize_value" => "Prize cards it gives",
                "bench" => "Benched Pokémon",
                "prizes_left" => "Prize cards left",
                "other_effects" => "Other effect",
                "target" => "on",
                "when" => "when",
                "turn_ended" => "Whose turn ended",
                "coins" | "coins_by_player" => "Coins",
                "list" => "Deck list",
                "format" => "Format",
                "date" => "Day played",
                other => other,
            };
            match index {
                Some(i) if matches!(name, "weakness" | "resistance") && i == 0 => word.to_string(),
                Some(i) => format!("{word} {}", i + 1),
                None => word.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" › ")
}

#[cfg(test)]
mod field_words_tests {
    use super::field_words;

    #[test]
    fn a_field_path_reads_as_the_form_labels() {
        assert_eq!(
            field_words("defender.weakness[0].value"),
            "Pokémon taking the damage › Weakness › value"
        );
        assert_eq!(field_words("attack.base"), "Attack › Base damage");
        assert_eq!(
            field_words("players[1].active.hp"),
            "Player 2 › Active Pokémon › HP"
        );
        assert_eq!(field_words("."), "The form");
    }
}
