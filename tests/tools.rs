//! The judge tools (damage calculator, outcome resolver, Checkup resolver), table-driven: each
//! case is worked out by hand from the rulebooks in ../shared/seeds and names the section it
//! follows. The requests go through the same JSON decoding as the HTTP endpoints.

use ptcg_judge::engine::tools::{checkup, damage, decode, outcome};
use serde_json::{Value, json};

fn damage_of(body: Value) -> damage::DamageAnswer {
    let req: damage::DamageRequest = decode(body.to_string().as_bytes()).unwrap();
    damage::answer(&req, None).unwrap()
}

fn damage_error(body: &str) -> String {
    match decode::<damage::DamageRequest>(body.as_bytes()) {
        Err(e) => e.field,
        Ok(req) => damage::answer(&req, None).unwrap_err().field,
    }
}

fn active(types: &[&str], weakness: Value, resistance: Value, hp: Value) -> Value {
    json!({"types": types, "position": "active", "weakness": weakness, "resistance": resistance, "hp": hp})
}

struct DamageCase {
    why: &'static str,
    body: Value,
    damage: i64,
    counters: i64,
    knocked_out: Option<bool>,
    /// The steps the calculation goes through, in order.
    steps: &'static [&'static str],
}

const ALL_STEPS: &[&str] = &[
    "base",
    "attacker-effects",
    "weakness",
    "resistance",
    "defender-effects",
    "prevent",
    "counters",
];

#[test]
fn damage_follows_the_rulebook_order() {
    let fire = || json!({"types": ["Fire"]});
    let weak_fire = || json!([{"type": "Fire", "value": "×2"}]);
    let cases = vec![
        DamageCase {
            why: "SV rulebook, Attacking F) steps 1-6; the issue's own example: 60 + Vitality Band 10 = 70, Weakness ×2 = 140, Wall of Sand -20 = 120",
            body: json!({"edition": "sv", "attacker": fire(),
                "defender": {"types": ["Grass"], "position": "active", "weakness": weak_fire(),
                              "resistance": [{"type": "Water", "value": "-30"}], "hp": 70, "damage": 0},
                "attack": {"base": 60},
                "modifiers": [{"source": "Vitality Band", "applies_to": "attacker", "amount": 10},
                              {"source": "Wall of Sand", "applies_to": "defender", "amount": -20}]}),
            damage: 120,
            counters: 12,
            knocked_out: Some(true),
            steps: ALL_STEPS,
        },
        DamageCase {
            why: "SV rulebook, Attacking F) step 3: Weakness ×2 doubles the damage after the attacker's effects (30 + 20 = 50, ×2 = 100), not only the base",
            body: json!({"attacker": fire(), "defender": active(&["Grass"], weak_fire(), json!([]), json!(100)),
                "attack": {"base": 30}, "modifiers": [{"source": "+20", "applies_to": "attacker", "amount": 20}]}),
            damage: 100,
            counters: 10,
            knocked_out: Some(true),
            steps: ALL_STEPS,
        },
        DamageCase {
            why: "HGSS rulebook, Weakness +N (older cards): Weakness adds its printed amount (40 + 20 = 60)",
            body: json!({"edition": "hgss", "attacker": fire(),
                "defender": active(&["Grass"], json!([{"type": "Fire", "value": "+20"}]), json!([]), json!(60)),
                "attack": {"base": 40}}),
            damage: 60,
            counters: 6,
            knocked_out: Some(true),
            steps: ALL_STEPS,
        },
        DamageCase {
            why: "SV rulebook, Attacking F) step 4: Resistance -30 after Weakness (dual type: Weakness to one type, Resistance to the other, 'apply Weakness and then Resistance'): 50 ×2 = 100 - 30 = 70",
            body: json!({"attacker": {"types": ["Fire", "Water"]},
                "defender": active(&["Grass"], weak_fire(), json!([{"type": "Water", "value": "-30"}]), json!(80)),
                "attack": {"base": 50}}),
            damage: 70,
            counters: 7,
            knocked_out: Some(false),
            steps: ALL_STEPS,
        },
        DamageCase {
            why: "SV rulebook, Attacking F) step 2: stop if the base damage is 0 — a Vitality Band does not give a 0-damage attack 10 damage",
            body: json!({"attacker": fire(), "defender": active(&["Grass"], weak_fire(), json!([]), json!(70)),
                "attack": {"base": 0}, "modifiers": [{"source": "Vitality Band", "applies_to": "attacker", "amount": 10}]}),
            damage: 0,
            counters: 0,
            knocked_out: Some(false),
            steps: &["base", "counters"],
        },
        DamageCase {
            why: "APR 2.2, I.C Steps for calculating damage, step 2: damage brought to 0 by an effect on the attacker (Ferocious Bellow -50) ends the calculation before Weakness",
            body: json!({"edition": "apr-2018", "attacker": fire(), "defender": active(&["Grass"], json!([{"type": "Fire", "value": "+20"}]), json!([]), json!(70)),
                "attack": {"base": 40}, "modifiers": [{"source": "Ferocious Bellow", "applies_to": "attacker", "amount": -50}]}),
            damage: 0,
            counters: 0,
            knocked_out: Some(false),
            steps: &["base", "attacker-effects", "counters"],
        },
        DamageCase {
            why: "SV rulebook, Attacking step 2 stops only when the base damage is 0, and step 6 \
                  looks at the total at the end: 40 - 50 = -10 is carried on, Weakness +20 \
                  brings it to 10",
            body: json!({"attacker": fire(), "defender": active(&["Grass"], json!([{"type": "Fire", "value": "+20"}]), json!([]), json!(70)),
                "attack": {"base": 40}, "modifiers": [{"source": "Ferocious Bellow", "applies_to": "attacker", "amount": -50}]}),
            damage: 10,
            counters: 1,
            knocked_out: Some(false),
            steps: &[
                "base",
                "attacker-effects",
                "weakness",
                "resistance",
                "defender-effects",
                "prevent",
                "counters",
            ],
        },
        DamageCase {
            why: "APR 2.2, I.C step 4: Resistance taking the damage to 0 ends the calculation, so a later +30 on the defender (Clanging Scales) adds nothing",
            body: json!({"edition": "apr-2018", "attacker": {"types": ["Water"]},
                "defender": active(&["Metal"], json!([]), json!([{"type": "Water", "value": "-30"}]), json!(70)),
                "attack": {"base": 20}, "modifiers": [{"source": "Clanging Scales", "applies_to": "defender", "amount": 30}]}),
            damage: 0,
            counters: 0,
            knocked_out: Some(false),
            steps: &[
                "base",
                "attacker-effects",
                "weakness",
                "resistance",
                "counters",
            ],
        },
        DamageCase {
            why: "SV rulebook, Attacking steps 4-6: Resistance takes 20 to -10, the total is \
                  carried on, +30 on the defender (Clanging Scales) brings it to 20",
            body: json!({"attacker": {"types": ["Water"]},
                "defender": active(&["Metal"], json!([]), json!([{"type": "Water", "value": "-30"}]), json!(70)),
                "attack": {"base": 20}, "modifiers": [{"source": "Clanging Scales", "applies_to": "defender", "amount": 30}]}),
            damage: 20,
            counters: 2,
            knocked_out: Some(false),
            steps: &[
                "base",
                "attacker-effects",
                "weakness",
                "resistance",
                "defender-effects",
                "prevent",
                "counters",
            ],
        },
        DamageCase {
            why: "SV rulebook, Attacking F) step 6: damage never goes below 0 — 30 with a -50 effect on the defender places nothing",
            body: json!({"attacker": fire(), "defender": active(&["Water"], json!([]), json!([]), json!(60)),
                "attack": {"base": 30}, "modifiers": [{"source": "Guard Press", "applies_to": "defender", "amount": -50}]}),
            damage: 0,
            counters: 0,
            knocked_out: Some(false),
            steps: &[
                "base",
                "attacker-effects",
                "weakness",
                "resistance",
                "defender-effects",
                "counters",
            ],
        },
        DamageCase {
            why: "SV rulebook, Attacking B) 'Don't apply Weakness and Resistance for Benched Pokémon!': 60 to a Benched Pokémon weak to Fire stays 60",
            body: json!({"attacker": fire(),
                "defender": {"types": ["Grass"], "position": "bench", "weakness": weak_fire(), "resistance": [{"type": "Fire", "value": "-30"}], "hp": 60, "damage": 10},
                "attack": {"base": 60}}),
            damage: 60,
            counters: 6,
            knocked_out: Some(true),
            steps: ALL_STEPS,
        },
        DamageCase {
            why: "SV rulebook, Attacking F) step 1: an attack that puts damage counters skips every step (no Weakness, no defender effect, no prevention)",
            body: json!({"attacker": fire(), "defender": active(&["Grass"], weak_fire(), json!([]), json!(100)),
                "attack": {"base": 50, "places_counters": true},
                "modifiers": [{"source": "Wall of Sand", "applies_to": "defender", "amount": -20}],
                "prevent_all_damage": true}),
            damage: 50,
            counters: 5,
            knocked_out: Some(false),
            steps: &["base", "counters"],
        },
        DamageCase {
            why: "APR 2.2, I.C step 6: a Pokémon that takes no damage from attacks (prevent all damage) gets no counters",
            body: json!({"attacker": fire(), "defender": active(&["Grass"], weak_fire(), json!([]), json!(30)),
                "attack": {"base": 90}, "prevent_all_damage": true}),
            damage: 0,
            counters: 0,
            knocked_out: Some(false),
            steps: ALL_STEPS,
        },
        DamageCase {
            why: "APR 2.2, II.B B-06: 'not affected by Weakness or Resistance' skips steps 3 and 4 (40 stays 40 against Weakness ×2)",
            body: json!({"attacker": fire(), "defender": active(&["Grass"], weak_fire(), json!([]), json!(70)),
                "attack": {"base": 40, "ignore_weakness_resistance": true}}),
            damage: 40,
            counters: 4,
            knocked_out: Some(false),
            steps: ALL_STEPS,
        },
        DamageCase {
            why: "APR 2.2, II.B B-07: 'not affected by any effects on the Defending Pokémon' skips step 5 and prevention but keeps Weakness (30 ×2 = 60)",
            body: json!({"attacker": fire(), "defender": active(&["Grass"], weak_fire(), json!([]), json!(60)),
                "attack": {"base": 30, "ignore_defender_effects": true},
                "modifiers": [{"source": "Hard Charm", "applies_to": "defender", "amount": -20}],
                "prevent_all_damage": true}),
            damage: 60,
            counters: 6,
            knocked_out: Some(true),
            steps: ALL_STEPS,
        },
        DamageCase {
            why: "APR 2.2, II.B B-04: several effects on the attacker are added together (+30 and -10 = +20; 40 + 20 = 60); no HP given, so no Knock Out answer",
            body: json!({"attacker": {"types": ["Lightning"]}, "defender": {"position": "active"},
                "attack": {"base": 40},
                "modifiers": [{"source": "Choice Band", "applies_to": "attacker", "amount": 30},
                              {"source": "Growl", "applies_to": "attacker", "amount": -10}]}),
            damage: 60,
            counters: 6,
            knocked_out: None,
            steps: ALL_STEPS,
        },
        DamageCase {
            why: "SV rulebook, Knock Out: damage already on the Pokémon counts (30 on it + 40 = 70 of 70 HP)",
            body: json!({"attacker": fire(),
                "defender": {"position": "active", "hp": 70, "damage": 30},
                "attack": {"base": 40}}),
            damage: 40,
            counters: 4,
            knocked_out: Some(true),
            steps: ALL_STEPS,
        },
    ];
    for case in cases {
        let a = damage_of(case.body.clone());
        assert_eq!(
            (a.damage, a.counters, a.knocked_out),
            (case.damage, case.counters, case.knocked_out),
            "{}",
            case.why
        );
        let kinds: Vec<&str> = a
            .steps
            .iter()
            .map(|s| s.step.as_str())
            .filter(|s| *s != "knock-out")
            .collect();
        assert_eq!(kinds, case.steps, "{}", case.why);
        for s in &a.steps {
            assert!(
                ptcg_judge::rules::clause(s.clause).is_some(),
                "{}: step {} cites unknown clause {}",
                case.why,
                s.step,
                s.clause
            );
        }
        assert_eq!(
            a.steps.last().unwrap().step,
            if case.knocked_out.is_some() {
                "knock-out"
            } else {
                "counters"
            }
        );
    }
}

#[test]
fn bad_damage_requests_name_the_field() {
    let ok = r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": 60}}"#;
    assert_eq!(damage_of(serde_json::from_str(ok).unwrap()).damage, 60);
    let cases: &[(&str, &str, &str)] = &[
        ("garbage", "{not json", "."),
        ("empty body", "", "."),
        ("a JSON array", "[1,2]", "."),
        (
            "missing attack",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}}"#,
            "attack",
        ),
        (
            "missing base",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {}}"#,
            "attack.base",
        ),
        (
            "missing position",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {}, "attack": {"base": 10}}"#,
            "defender.position",
        ),
        (
            "unknown type",
            r#"{"attacker": {"types": ["Fyre"]}, "defender": {"position": "active"}, "attack": {"base": 10}}"#,
            "attacker.types[0]",
        ),
        (
            "no types",
            r#"{"attacker": {}, "defender": {"position": "active"}, "attack": {"base": 10}}"#,
            "attacker.types",
        ),
        (
            "huge base",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": 99999999999}}"#,
            "attack.base",
        ),
        (
            "base past i64",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": 1e400}}"#,
            ".",
        ),
        (
            "negative base",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": -10}}"#,
            "attack.base",
        ),
        (
            "base as text",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": "60"}}"#,
            "attack.base",
        ),
        (
            "bad position",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "hand"}, "attack": {"base": 10}}"#,
            "defender.position",
        ),
        (
            "bad Weakness value",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active", "weakness": [{"type": "Fire", "value": "×200"}]}, "attack": {"base": 10}}"#,
            "defender.weakness[0].value",
        ),
        (
            "bad Resistance value",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active", "resistance": [{"type": "Fire", "value": "+30"}]}, "attack": {"base": 10}}"#,
            "defender.resistance[0].value",
        ),
        (
            "unknown Weakness type",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active", "weakness": [{"type": "Sound", "value": "×2"}]}, "attack": {"base": 10}}"#,
            "defender.weakness[0].type",
        ),
        (
            "huge HP",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active", "hp": 1000000}, "attack": {"base": 10}}"#,
            "defender.hp",
        ),
        (
            "modifier side",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": 10}, "modifiers": [{"source": "x", "applies_to": "both", "amount": 10}]}"#,
            "modifiers[0].applies_to",
        ),
        (
            "huge modifier",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": 10}, "modifiers": [{"source": "x", "applies_to": "attacker", "amount": -9000000}]}"#,
            "modifiers[0].amount",
        ),
        (
            "unknown field",
            r#"{"attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": 10, "bonus": 5}}"#,
            "attack.bonus",
        ),
        (
            "bad edition",
            r#"{"edition": "xy", "attacker": {"types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": 10}}"#,
            "edition",
        ),
        (
            "card without card data",
            r#"{"attacker": {"card": "sv1-1"}, "defender": {"position": "active"}, "attack": {"base": 10}}"#,
            "attacker.card",
        ),
    ];
    for (why, body, field) in cases {
        assert_eq!(damage_error(body), *field, "{why}");
    }
}

fn outcome_of(edition: &str, a: (bool, bool), b: (bool, bool)) -> outcome::OutcomeAnswer {
    let body = json!({"edition": edition, "players": [
        {"name": "A", "took_last_prize": a.0, "opponent_cannot_promote": a.1},
        {"name": "B", "took_last_prize": b.0, "opponent_cannot_promote": b.1}]});
    let req: outcome::OutcomeRequest = decode(body.to_string().as_bytes()).unwrap();
    outcome::answer(&req).unwrap()
}

#[test]
fn simultaneous_wins_follow_each_edition() {
    // (why, edition, A (prizes, opponent cannot promote), B, result, winner)
    type Case = (
        &'static str,
        &'static str,
        (bool, bool),
        (bool, bool),
        &'static str,
        Option<&'static str>,
    );
    let cases: &[Case] = &[
        (
            "SV rulebook, 'What if both players win at the same time?': one way each is Sudden Death",
            "sv",
            (true, false),
            (false, true),
            "sudden-death",
            None,
        ),
        (
            "SV rulebook, same section: both last Prize cards at once is Sudden Death",
            "sv",
            (true, false),
            (true, false),
            "sudden-death",
            None,
        ),
        (
            "SV rulebook, same section: winning both ways beats one way",
            "sv",
            (true, true),
            (true, false),
            "win",
            Some("A"),
        ),
        (
            "SV rulebook, same section, the other side",
            "sv",
            (false, true),
            (true, true),
            "win",
            Some("B"),
        ),
        (
            "SWSH rulebook, 'What if both players win at the same time?': both ways each is Sudden Death",
            "swsh",
            (true, true),
            (true, true),
            "sudden-death",
            None,
        ),
        (
            "HGSS rulebook, 'What Happens If Both Players Win at the Same Time?': two ways beat one",
            "hgss",
            (true, true),
            (false, true),
            "win",
            Some("A"),
        ),
        (
            "APR 2.2, I.E Win/Lose table: one condition each is a tie",
            "apr-2018",
            (true, false),
            (false, true),
            "tie",
            None,
        ),
        (
            "APR 2.2, I.E table: all four conditions is a tie",
            "apr-2018",
            (true, true),
            (true, true),
            "tie",
            None,
        ),
        (
            "APR 2.2, I.E table: your two against the opponent's one, you win",
            "apr-2018",
            (true, true),
            (true, false),
            "win",
            Some("A"),
        ),
        (
            "APR 2.2, I.E table: your one against the opponent's two, you lose",
            "apr-2018",
            (false, true),
            (true, true),
            "win",
            Some("B"),
        ),
        (
            "Classic basics, Knockouts: both last Prize cards at once is overtime (Sudden Death)",
            "classic",
            (true, false),
            (true, false),
            "sudden-death",
            None,
        ),
        (
            "No simultaneous win: only A meets a condition",
            "sv",
            (true, false),
            (false, false),
            "win",
            Some("A"),
        ),
        (
            "No one meets a condition: the game goes on",
            "sv",
            (false, false),
            (false, false),
            "none",
            None,
        ),
    ];
    for (why, edition, a, b, result, winner) in cases {
        let o = outcome_of(edition, *a, *b);
        let got = serde_json::to_value(&o).unwrap();
        assert_eq!(got["result"], json!(result), "{why}");
        assert_eq!(o.winner.as_deref(), *winner, "{why}");
        if (a.0 || a.1) && (b.0 || b.1) {
            assert!(o.clauses.contains(&"win.simultaneous"), "{why}");
        }
        assert!(!o.explanation.is_empty(), "{why}");
    }
}

#[test]
fn bad_outcome_requests_name_the_field() {
    let cases: &[(&str, &str, &str)] = &[
        ("one player", r#"{"players": [{"name": "A"}]}"#, "players"),
        ("no players field", r#"{"edition": "sv"}"#, "players"),
        (
            "name missing",
            r#"{"players": [{"took_last_prize": true}, {"name": "B"}]}"#,
            "players[0].name",
        ),
        (
            "flag as a number",
            r#"{"players": [{"name": "A", "took_last_prize": 1}, {"name": "B"}]}"#,
            "players[0].took_last_prize",
        ),
        (
            "same names",
            r#"{"players": [{"name": "A"}, {"name": "A"}]}"#,
            "players[1].name",
        ),
        (
            "bad edition",
            r#"{"edition": "future", "players": [{"name": "A"}, {"name": "B"}]}"#,
            "edition",
        ),
    ];
    for (why, body, field) in cases {
        let got = match decode::<outcome::OutcomeRequest>(body.as_bytes()) {
            Err(e) => e.field,
            Ok(r) => outcome::answer(&r).unwrap_err().field,
        };
        assert_eq!(got, *field, "{why}");
    }
}

fn checkup_of(body: Value) -> checkup::CheckupAnswer {
    let req: checkup::CheckupRequest = decode(body.to_string().as_bytes()).unwrap();
    checkup::answer(&req).unwrap_or_else(|e| panic!("{e}"))
}

fn player(name: &str, hp: i64, damage: i64, conditions: &[&str], bench: i64, prizes: i64) -> Value {
    json!({"name": name, "active": {"name": format!("{name}mon"), "hp": hp, "damage": damage, "conditions": conditions},
           "bench": bench, "prizes_left": prizes})
}

#[test]
fn checkup_resolves_in_order_with_the_coins_given() {
    // SV rulebook, "4) Pokémon Checkup" and "Special Conditions": Poisoned 1 counter, Burned 2
    // then a coin (heads recovers), Asleep coin (heads wakes), Paralyzed ends after its
    // owner's turn. Ash's turn ended.
    let a = checkup_of(json!({"edition": "sv", "turn_ended": "Ash",
        "players": [player("Ash", 100, 0, &["Poisoned", "Burned", "Asleep"], 2, 6),
                    player("Misty", 120, 10, &["Paralyzed", "Poisoned"], 2, 6)],
        "coins": {"Ash": ["heads", "tails"]}}));
    let order: Vec<(&str, &str)> = a
        .steps
        .iter()
        .filter(|s| ["poisoned", "burned", "asleep", "paralyzed"].contains(&s.step.as_str()))
        .map(|s| (s.step.as_str(), s.player.as_deref().unwrap()))
        .collect();
    assert_eq!(
        order,
        [
            ("poisoned", "Ash"),
            ("poisoned", "Misty"),
            ("burned", "Ash"),
            ("asleep", "Ash"),
            ("paralyzed", "Misty")
        ],
        "Poisoned, Burned, Asleep, Paralyzed, both players together"
    );
    let ash = &a.pokemon[0];
    assert_eq!(ash.damage, 30, "1 Poison counter + 2 Burn counters");
    assert_eq!(
        ash.conditions,
        ["Poisoned", "Asleep"],
        "heads cured Burned, tails kept Asleep"
    );
    let misty = &a.pokemon[1];
    assert_eq!(misty.damage, 20);
    assert_eq!(
        misty.conditions,
        ["Paralyzed", "Poisoned"],
        "Paralyzed stays: Misty's turn has not come"
    );
    assert!(a.knocked_out.is_empty() && a.outcome.is_none());
}

struct CheckupCase {
    why: &'static str,
    body: Value,
    damage: [i64; 2],
    knocked_out: &'static [&'static str],
    promote_order: &'static [&'static str],
    prizes_left: &'static [(&'static str, i64)],
    result: Option<(&'static str, Option<&'static str>)>,
}

#[test]
fn checkup_knock_outs_prizes_promotion_and_wins() {
    let cases = vec![
        CheckupCase {
            why: "SV rulebook, Burned: counters first, then the coin; heads does not undo them (90 + 20 = 110 of 110 HP: Knocked Out)",
            body: json!({"turn_ended": "Ash", "players": [player("Ash", 110, 90, &["Burned"], 1, 6), player("Misty", 100, 0, &[], 1, 3)],
                         "coins": {"Ash": ["heads"]}}),
            damage: [110, 0],
            knocked_out: &["Ash"],
            promote_order: &["Ash"],
            prizes_left: &[("Misty", 2)],
            result: None,
        },
        CheckupCase {
            why: "HGSS rulebook, Burned: the coin comes first and heads means no damage (90 stays 90)",
            body: json!({"edition": "hgss", "turn_ended": "Ash", "players": [player("Ash", 110, 90, &["Burned"], 1, 6), player("Misty", 100, 0, &[], 1, 3)],
                         "coins": {"Ash": ["heads"]}}),
            damage: [90, 0],
            knocked_out: &[],
            promote_order: &[],
            prizes_left: &[],
            result: None,
        },
        CheckupCase {
            why: "APR 2.2, E-28 and I.F: Burned places the usual 2 damage counters; the book gives no Burn coin, so no coin is asked for and nothing ends the Burn (90 + 20 = 110 of 110 HP: Knocked Out)",
            body: json!({"edition": "apr-2018", "turn_ended": "Ash", "players": [player("Ash", 110, 90, &["Burned"], 1, 6), player("Misty", 100, 0, &[], 1, 3)]}),
            damage: [110, 0],
            knocked_out: &["Ash"],
            promote_order: &["Ash"],
            prizes_left: &[("Misty", 2)],
            result: None,
        },
        CheckupCase {
            why: "SV rulebook, Pokémon Checkup: Knock Outs come after both players' checks; both Poisoned Pokémon fall, the player about to play (Misty) promotes first (HGSS Expert Rules / APR 2.2 I.D step 5); both take their last Prize card: Sudden Death",
            body: json!({"turn_ended": "Ash", "players": [player("Ash", 60, 50, &["Poisoned"], 2, 1), player("Misty", 70, 60, &["Poisoned"], 3, 1)]}),
            damage: [60, 70],
            knocked_out: &["Ash", "Misty"],
            promote_order: &["Misty", "Ash"],
            prizes_left: &[("Misty", 0), ("Ash", 0)],
            result: Some(("sudden-death", None)),
        },
        CheckupCase {
            why: "SV rulebook, 'What if both players win at the same time?': Ash takes his last Prize card and Misty has no Bench, while Misty takes her last Prize card: Ash wins two ways to one",
            body: json!({"turn_ended": "Misty", "players": [player("Ash", 60, 50, &["Poisoned"], 2, 1), player("Misty", 70, 60, &["Poisoned"], 0, 1)]}),
            damage: [60, 70],
            knocked_out: &["Ash", "Misty"],
            promote_order: &["Ash"],
            prizes_left: &[("Ash", 0), ("Misty", 0)],
            result: Some(("win", Some("Ash"))),
        },
        CheckupCase {
            why: "APR 2.2, I.E table: the same one-each double win is a tie under the 2018 rules",
            body: json!({"edition": "apr-2018", "turn_ended": "Ash", "players": [player("Ash", 60, 50, &["Poisoned"], 2, 1), player("Misty", 70, 60, &["Poisoned"], 3, 1)]}),
            damage: [60, 70],
            knocked_out: &["Ash", "Misty"],
            promote_order: &["Misty", "Ash"],
            prizes_left: &[("Misty", 0), ("Ash", 0)],
            result: Some(("tie", None)),
        },
        CheckupCase {
            why: "SV rulebook, 'Other Effects': a healing effect after the Special Conditions saves a Pokémon Poison brought to its HP (KO is checked at the end)",
            body: json!({"turn_ended": "Ash", "players": [player("Ash", 60, 50, &["Poisoned"], 1, 6), player("Misty", 70, 0, &[], 1, 6)],
                         "other_effects": [{"source": "Lazy Eating", "target": "Ash", "damage": -10, "when": "after"}]}),
            damage: [50, 0],
            knocked_out: &[],
            promote_order: &[],
            prizes_left: &[],
            result: None,
        },
        CheckupCase {
            why: "SV rulebook, Paralyzed: it recovers in the Checkup after its owner's turn; a Pokémon ex Knocked Out by Poison gives 2 Prize cards (Appendix: Pokémon ex), capped at the Prize cards left",
            body: json!({"turn_ended": "Misty", "players": [
                {"name": "Ash", "active": {"hp": 200, "damage": 190, "conditions": ["Poisoned"], "prize_value": 2}, "bench": 1, "prizes_left": 4},
                {"name": "Misty", "active": {"hp": 100, "conditions": ["Paralyzed"]}, "bench": 1, "prizes_left": 1}]}),
            damage: [200, 0],
            knocked_out: &["Ash"],
            promote_order: &["Ash"],
            prizes_left: &[("Misty", 0)],
            result: Some(("win", Some("Misty"))),
        },
    ];
    for case in cases {
        let a = checkup_of(case.body.clone());
        assert_eq!(
            [a.pokemon[0].damage, a.pokemon[1].damage],
            case.damage,
            "{}",
            case.why
        );
        assert_eq!(a.knocked_out, case.knocked_out, "{}", case.why);
        assert_eq!(a.promote_order, case.promote_order, "{}", case.why);
        let prizes: Vec<(&str, i64)> = a
            .prizes
            .iter()
            .map(|p| (p.player.as_str(), p.left.unwrap()))
            .collect();
        assert_eq!(prizes, case.prizes_left, "{}", case.why);
        let result = a.outcome.as_ref().map(|o| {
            (
                serde_json::to_value(o.result)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string(),
                o.winner.clone(),
            )
        });
        assert_eq!(
            result,
            case.result
                .map(|(r, w)| (r.to_string(), w.map(String::from))),
            "{}",
            case.why
        );
        for s in &a.steps {
            assert!(
                ptcg_judge::rules::clause(s.clause).is_some(),
                "{}: {}",
                case.why,
                s.clause
            );
        }
    }
    // Paralysis: Misty's Pokémon recovers because her turn just ended.
    let a = checkup_of(
        json!({"turn_ended": "Misty", "players": [player("Ash", 60, 0, &[], 1, 6), player("Misty", 70, 0, &["Paralyzed"], 1, 6)]}),
    );
    assert_eq!(a.pokemon[1].recovered, ["Paralyzed"]);
    let a = checkup_of(
        json!({"turn_ended": "Misty", "players": [player("Ash", 60, 0, &[], 1, 6),
        {"name": "Misty", "active": {"hp": 70, "conditions": ["Paralyzed"], "paralyzed_this_turn": true}}]}),
    );
    assert!(
        a.pokemon[1].recovered.is_empty(),
        "Paralyzed during its owner's own turn: its next turn is still to come"
    );
}

#[test]
fn bad_checkup_requests_name_the_field() {
    let two = r#"[{"name": "A", "active": {"hp": 60}}, {"name": "B", "active": {"hp": 60}}]"#;
    let cases: Vec<(&str, String, &str)> = vec![
        ("turn_ended missing", format!(r#"{{"players": {two}}}"#), "turn_ended"),
        ("turn_ended not a player", format!(r#"{{"turn_ended": "C", "players": {two}}}"#), "turn_ended"),
        ("unknown condition", r#"{"turn_ended": "A", "players": [{"name": "A", "active": {"hp": 60, "conditions": ["Frozen"]}}, {"name": "B", "active": {"hp": 60}}]}"#.to_string(), "players[0].active.conditions[0]"),
        ("Asleep and Paralyzed together (conditions.replace)", r#"{"turn_ended": "A", "players": [{"name": "A", "active": {"hp": 60, "conditions": ["Asleep", "Paralyzed"]}}, {"name": "B", "active": {"hp": 60}}]}"#.to_string(), "players[0].active.conditions[1]"),
        ("coin needed but not given", r#"{"turn_ended": "A", "players": [{"name": "A", "active": {"hp": 60, "conditions": ["Asleep"]}}, {"name": "B", "active": {"hp": 60}}]}"#.to_string(), "coins.A"),
        ("bad coin", format!(r#"{{"turn_ended": "A", "players": {two}, "coins": {{"A": ["edge"]}}}}"#), "coins.A[0]"),
        ("coin not used", format!(r#"{{"turn_ended": "A", "players": {two}, "coins": {{"A": ["heads"]}}}}"#), "coins.A"),
        ("huge HP", r#"{"turn_ended": "A", "players": [{"name": "A", "active": {"hp": 100000000}}, {"name": "B", "active": {"hp": 60}}]}"#.to_string(), "players[0].active.hp"),
        ("damage not in 10s", r#"{"turn_ended": "A", "players": [{"name": "A", "active": {"hp": 60, "damage": 15}}, {"name": "B", "active": {"hp": 60}}]}"#.to_string(), "players[0].active.damage"),
        ("effects mixed before and after (sv: wholly before or after)", format!(r#"{{"turn_ended": "A", "players": {two}, "other_effects": [{{"source": "x", "target": "A", "damage": 10, "when": "before"}}, {{"source": "y", "target": "B", "damage": 10, "when": "after"}}]}}"#), "other_effects[1].when"),
        ("effect on nobody", format!(r#"{{"turn_ended": "A", "players": {two}, "other_effects": [{{"source": "x", "target": "Z", "damage": 10}}]}}"#), "other_effects[0].target"),
        ("hp missing", r#"{"turn_ended": "A", "players": [{"name": "A", "active": {}}, {"name": "B", "active": {"hp": 60}}]}"#.to_string(), "players[0].active.hp"),
    ];
    for (why, body, field) in cases {
        let got = match decode::<checkup::CheckupRequest>(body.as_bytes()) {
            Err(e) => e.field,
            Ok(r) => checkup::answer(&r).unwrap_err().field,
        };
        assert_eq!(got, field, "{why}");
    }
    // The 2018 rules let each other effect go before or after on its own.
    let body = format!(
        r#"{{"edition": "apr-2018", "turn_ended": "A", "players": {two}, "other_effects": [{{"source": "x", "target": "A", "damage": 10, "when": "before"}}, {{"source": "y", "target": "B", "damage": 10, "when": "after"}}]}}"#
    );
    let r: checkup::CheckupRequest = decode(body.as_bytes()).unwrap();
    assert!(checkup::answer(&r).is_ok());
}

#[test]
fn damage_reads_types_weakness_resistance_and_hp_from_card_ids() {
    use ptcg_judge::cards::CardDb;
    let cards = CardDb::from_cards(
        CardDb::parse_set_json(
            r#"[
 {"id":"t-1","name":"Charmander","supertype":"Pokémon","subtypes":["Basic"],"hp":"70","types":["Fire"]},
 {"id":"t-2","name":"Sprigatito","supertype":"Pokémon","subtypes":["Basic"],"hp":"70","types":["Grass"],
  "weaknesses":[{"type":"Fire","value":"×2"}]},
 {"id":"t-3","name":"Wooper","supertype":"Pokémon","subtypes":["Basic"],"hp":"70","types":["Water"],
  "resistances":[{"type":"Fire","value":"-30"}]},
 {"id":"t-4","name":"Wooper","supertype":"Pokémon","subtypes":["Basic"],"hp":"70","types":["Water"],
  "resistances":[{"type":"Fire","value":"-30"}]},
 {"id":"t-5","name":"Eevee","supertype":"Pokémon","subtypes":["Basic"],"hp":"60","types":["Colorless"]},
 {"id":"t-6","name":"Eevee","supertype":"Pokémon","subtypes":["Basic"],"hp":"70","types":["Colorless"]}
]"#,
            "fixture.json",
        )
        .unwrap(),
        Vec::new(),
    );
    let run = |body: Value| {
        let req: damage::DamageRequest = decode(body.to_string().as_bytes()).unwrap();
        damage::answer(&req, Some(&cards))
    };
    // SV rulebook, Attacking B): the card's Weakness ×2 to Fire: 40 → 80, 70 HP: Knocked Out.
    let a = run(json!({"attacker": {"card": "t-1"}, "defender": {"card": "t-2", "position": "active"}, "attack": {"base": 40}})).unwrap();
    assert_eq!((a.damage, a.knocked_out), (80, Some(true)));
    // The card's Resistance -30: 40 → 10.
    let a = run(json!({"attacker": {"card": "t-1"}, "defender": {"card": "t-3", "position": "active"}, "attack": {"base": 40}})).unwrap();
    assert_eq!((a.damage, a.remaining_hp), (10, Some(60)));
    // A given HP overrides the card's (an HP-raising Tool).
    let a = run(json!({"attacker": {"card": "t-1"}, "defender": {"card": "t-2", "position": "active", "hp": 120}, "attack": {"base": 40}})).unwrap();
    assert_eq!(a.knocked_out, Some(false));
    let e = run(json!({"attacker": {"card": "t-9"}, "defender": {"position": "active"}, "attack": {"base": 40}})).unwrap_err();
    assert_eq!(e.field, "attacker.card");
    let e = run(json!({"attacker": {"card": "t-1", "types": ["Fire"]}, "defender": {"position": "active"}, "attack": {"base": 40}})).unwrap_err();
    assert_eq!(e.field, "attacker.card");
    // By name: prints that agree (two Wooper) give their facts; prints that differ (two Eevee,
    // 60 and 70 HP) are named so a print can be chosen.
    let a = run(json!({"attacker": {"card": "Charmander"}, "defender": {"card": "Wooper", "position": "active"}, "attack": {"base": 40}})).unwrap();
    assert_eq!((a.damage, a.remaining_hp), (10, Some(60)));
    let e = run(json!({"attacker": {"card": "Charmander"}, "defender": {"card": "Eevee", "position": "active"}, "attack": {"base": 40}})).unwrap_err();
    assert_eq!(e.field, "defender.card");
    assert!(
        e.to_string().contains("t-5") && e.to_string().contains("t-6"),
        "{e}"
    );
}
