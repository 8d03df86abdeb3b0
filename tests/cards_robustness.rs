//! The pure card code must never panic on input: property tests over arbitrary strings and
//! arbitrary (often malformed) card JSON.

use proptest::prelude::*;
use ptcg_judge::cards::{
    BaseDamage, CardDb, EnergyKinds, EnergyProvision, EnergyType, Resistance, WeaknessModifier,
    can_pay, describe, energy::parse_energy_text, normalize_name,
};

/// Strings built from fragments of real card text, so the parsers see near-misses.
fn texty() -> impl Strategy<Value = String> {
    let frag = prop_oneof![
        Just("provides ".to_string()),
        Just("Provides ".to_string()),
        Just("every type of Energy ".to_string()),
        Just("but provides only ".to_string()),
        Just("ColorlessColorless".to_string()),
        Just("[C]".to_string()),
        Just("[".to_string()),
        Just("Energy".to_string()),
        Just(". ".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        Just("If ".to_string()),
        Just("instead".to_string()),
        Just("only while ".to_string()),
        Just("As long as this card is attached to a Pokémon, ".to_string()),
        Just("é".to_string()),
        Just("İ".to_string()),
        Just("’".to_string()),
        Just("×".to_string()),
        Just("−".to_string()),
        "[0-9]{1,3}",
        "\\PC{0,6}",
    ];
    prop::collection::vec(frag, 0..12).prop_map(|v| v.concat())
}

/// Strings built from pieces of JSON, so some are near-misses of a set file and some are one.
fn jsonish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("[".to_string()),
        Just("]".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just(",".to_string()),
        Just(":".to_string()),
        Just("\"id\"".to_string()),
        Just("\"name\"".to_string()),
        Just("\"x-1\"".to_string()),
        Just("1".to_string()),
        Just("null".to_string()),
    ];
    prop::collection::vec(piece, 0..10).prop_map(|v| v.concat())
}

fn energy_type() -> impl Strategy<Value = EnergyType> {
    prop::sample::select(EnergyType::ALL.to_vec())
}

fn provision() -> impl Strategy<Value = EnergyProvision> {
    let kinds = prop_oneof![
        energy_type().prop_map(EnergyKinds::Only),
        prop::collection::vec(energy_type(), 0..4).prop_map(EnergyKinds::AnyOf),
        Just(EnergyKinds::Every),
    ];
    (0u32..4, kinds).prop_map(|(count, kinds)| EnergyProvision { count, kinds })
}

/// Brute force: try every way of assigning each unit to a cost symbol (or to nothing).
fn can_pay_brute(cost: &[EnergyType], provided: &[EnergyProvision]) -> bool {
    let units: Vec<&EnergyKinds> = provided
        .iter()
        .flat_map(|p| std::iter::repeat_n(&p.kinds, p.count as usize))
        .collect();
    let needed: Vec<EnergyType> = cost
        .iter()
        .copied()
        .filter(|t| *t != EnergyType::Free)
        .collect();
    fn go(i: usize, needed: &[EnergyType], used: &mut Vec<bool>, units: &[&EnergyKinds]) -> bool {
        if i == needed.len() {
            return true;
        }
        for u in 0..units.len() {
            if !used[u] && units[u].pays(needed[i]) {
                used[u] = true;
                if go(i + 1, needed, used, units) {
                    return true;
                }
                used[u] = false;
            }
        }
        false
    }
    go(0, &needed, &mut vec![false; units.len()], &units)
}

proptest! {
    #[test]
    fn string_parsers_never_panic(s in texty()) {
        let _ = BaseDamage::parse(&s);
        let _ = WeaknessModifier::parse(&s);
        let _ = Resistance::parse_amount(&s);
        let _ = normalize_name(&s);
        let _ = parse_energy_text(std::slice::from_ref(&s));
    }

    #[test]
    fn damage_round_trips(amount in 0u32..1000, sign in prop::sample::select(vec!["", "+", "×", "-"])) {
        let text = format!("{amount}{sign}");
        let parsed = BaseDamage::parse(&text).unwrap().unwrap();
        prop_assert_eq!(parsed.amount, amount);
        prop_assert_eq!(parsed.to_string(), text);
    }

    #[test]
    fn card_json_never_panics(
        name in texty(),
        hp in texty(),
        damage in texty(),
        weakness in texty(),
        rules in prop::collection::vec(texty(), 0..3),
    ) {
        let json = serde_json::json!([{
            "id": "x-1", "name": name, "supertype": "Energy", "subtypes": ["Special", "Weird"],
            "hp": hp, "rules": rules,
            "attacks": [{"name": "A", "cost": ["Grass", "Nope"], "damage": damage}],
            "weaknesses": [{"type": "Fire", "value": weakness}],
            "resistances": [{"type": "Water", "value": weakness}],
        }]);
        let cards = CardDb::parse_set_json(&json.to_string(), "prop.json").unwrap();
        let db = CardDb::from_cards(cards, vec![]);
        let c = db.card(0);
        let _ = c.prize();
        let _ = c.stage();
        let _ = ptcg_judge::cards::energy_details(c);
        let _ = describe(&db, &name, Some("A"));
        let _ = describe(&db, "nothing like it", None);
    }

    /// Text that is not a JSON array (a set file is one) is an error naming the file, never a
    /// panic and never an empty set taken as read.
    #[test]
    fn arbitrary_text_is_an_error_not_a_panic(s in prop_oneof!["\\PC{0,40}", jsonish()]) {
        let parsed = CardDb::parse_set_json(&s, "junk.json");
        if serde_json::from_str::<Vec<serde::de::IgnoredAny>>(&s).is_err() {
            match parsed {
                Ok(cards) => prop_assert!(false, "{s:?} read as a set of {} cards", cards.len()),
                Err(e) => prop_assert!(e.to_string().contains("junk.json"), "{e}"),
            }
        }
    }

    #[test]
    fn can_pay_matches_brute_force(
        cost in prop::collection::vec(energy_type(), 0..5),
        provided in prop::collection::vec(provision(), 0..5),
    ) {
        prop_assert_eq!(can_pay(&cost, &provided), can_pay_brute(&cost, &provided));
    }
}
