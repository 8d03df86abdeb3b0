//! Hand-worked cases for the rule checks: small games written for these tests, played with a
//! handful of invented cards (`common::games::FIXTURE`), each asserting the verdict and the clause at
//! one line. Every case has a legal twin or an illegal twin, so each assertion can fail.

mod common;

use common::games::{NO_BENCH, fixture_cards, game};
use ptcg_judge::engine::{RuleEdition, Verdict};
use ptcg_judge::report::{Report, StepReport};

fn verify(text: &str) -> Report {
    ptcg_judge::verify(
        text.as_bytes(),
        Some(&fixture_cards()),
        RuleEdition::default(),
    )
    .unwrap()
}

/// The step of the last line with exactly this text.
fn step<'r>(report: &'r Report, text: &str) -> &'r StepReport {
    report
        .steps
        .iter()
        .rev()
        .find(|s| s.text == text)
        .unwrap_or_else(|| panic!("no line {text:?} in the report"))
}

#[track_caller]
fn expect(report: &Report, text: &str, verdict: Verdict, clause: &str) {
    let s = step(report, text);
    assert_eq!(
        s.verdict,
        verdict,
        "{text}: {} [{}]",
        s.message,
        s.clauses.join(", ")
    );
    assert!(
        s.clauses.iter().any(|c| c == clause),
        "{text}: clause {clause} not cited ({}): {}",
        s.clauses.join(", "),
        s.message
    );
}

/// Ash's turn 1 attaches to Pikpik; Misty's turn 2 attaches Fighting to Stonecub ex and attacks.
fn stonecub_attacks(attack_line: &str, after: &[&str]) -> String {
    let mut misty: Vec<&str> =
        vec!["Misty attached Basic Fighting Energy to Stonecub ex in the Active Spot."];
    misty.push(attack_line);
    misty.extend(after);
    game(
        ("Pikpik", &["Pikpik"]),
        ("Stonecub ex", &["Leafkit"]),
        &[
            &[
                "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
                "Ash ended their turn.",
            ],
            &misty,
        ],
    )
}

#[test]
fn weakness_doubles_the_damage_and_one_more_counter_is_a_violation() {
    let ok = "Misty's Stonecub ex used Rock Smash on Ash’s Pikpik for 240 damage. Ash's Pikpik took 120 more damage because of Fighting Weakness.";
    let r = verify(&stonecub_attacks(
        ok,
        &["Ash's Pikpik was Knocked Out!", "Misty took a Prize card."],
    ));
    expect(&r, ok, Verdict::Ok, "attack.damage-order");
    // 10 more than the line's own Weakness sentence adds up to.
    let off = "Misty's Stonecub ex used Rock Smash on Ash’s Pikpik for 250 damage. Ash's Pikpik took 120 more damage because of Fighting Weakness.";
    let r = verify(&stonecub_attacks(
        off,
        &["Ash's Pikpik was Knocked Out!", "Misty took a Prize card."],
    ));
    expect(&r, off, Verdict::Violation, "attack.damage-order");
    // The client's own Weakness figure (130 where the card gives ×2 on 120): Weakness ×2 adds
    // the damage before it, so the client counted 130 before Weakness and 260 in all. A line
    // that adds up with that is the client's arithmetic, named, not the player's violation.
    let client = "Misty's Stonecub ex used Rock Smash on Ash’s Pikpik for 260 damage. Ash's Pikpik took 130 more damage because of Fighting Weakness.";
    let r = verify(&stonecub_attacks(
        client,
        &["Ash's Pikpik was Knocked Out!", "Misty took a Prize card."],
    ));
    expect(&r, client, Verdict::Unverified, "attack.damage-order");
    assert!(step(&r, client).message.contains("the client added 130"));
    // 250 adds up neither with the card (240) nor with the client's own figure (260).
    let neither = "Misty's Stonecub ex used Rock Smash on Ash’s Pikpik for 250 damage. Ash's Pikpik took 130 more damage because of Fighting Weakness.";
    let r = verify(&stonecub_attacks(
        neither,
        &["Ash's Pikpik was Knocked Out!", "Misty took a Prize card."],
    ));
    expect(&r, neither, Verdict::Violation, "attack.damage-order");
    assert!(step(&r, neither).message.contains("gives 260"));
}

#[test]
fn a_knock_out_gives_the_prize_count_of_the_pokemon_kind() {
    let attack = "Misty's Stonecub ex used Rock Smash on Ash’s Pikpik for 240 damage. Ash's Pikpik took 120 more damage because of Fighting Weakness.";
    let r = verify(&stonecub_attacks(
        attack,
        &["Ash's Pikpik was Knocked Out!", "Misty took a Prize card."],
    ));
    expect(
        &r,
        "Ash's Pikpik was Knocked Out!",
        Verdict::Ok,
        "knockout.at-hp",
    );
    expect(
        &r,
        "Misty took a Prize card.",
        Verdict::Ok,
        "pokemon.single-prize",
    );
    let r = verify(&stonecub_attacks(
        attack,
        &["Ash's Pikpik was Knocked Out!", "Misty took 2 Prize cards."],
    ));
    expect(
        &r,
        "Misty took 2 Prize cards.",
        Verdict::Violation,
        "knockout.prizes",
    );
    // The count broken is the one Pikpik's kind gives: the violation cites that rule too.
    expect(
        &r,
        "Misty took 2 Prize cards.",
        Verdict::Violation,
        "pokemon.single-prize",
    );
}

#[test]
fn a_pokemon_ex_gives_two_prize_cards() {
    // Ash's Pikpik, powered over two turns, cannot Knock Out a 200-HP Stonecub ex with Zap;
    // the Knock Out line is a violation, and a Prize count of 2 is what an ex would give.
    let log = game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", &["Leafkit"]),
        &[
            &[
                "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
                "Ash ended their turn.",
            ],
            &["Misty ended their turn."],
            &[
                "Ash's Pikpik used Zap on Misty’s Stonecub ex for 20 damage.",
                "Misty's Stonecub ex was Knocked Out!",
                "Ash took 2 Prize cards.",
            ],
        ],
    );
    let r = verify(&log);
    expect(
        &r,
        "Misty's Stonecub ex was Knocked Out!",
        Verdict::Violation,
        "knockout.at-hp",
    );
    expect(&r, "Ash took 2 Prize cards.", Verdict::Ok, "pokemon.ex");
}

#[test]
fn a_wrong_prize_count_cites_the_kind_of_the_pokemon_knocked_out() {
    // Stonecub ex's Rock Smash Knocks Out Misty's Pebblit ex (110 HP): 2 Prize cards, not 1.
    let log = |prizes: &str| {
        game(
            ("Stonecub ex", NO_BENCH),
            ("Pebblit ex", &["Leafkit"]),
            &[
                &[
                    "Ash attached Basic Fighting Energy to Stonecub ex in the Active Spot.",
                    "Ash ended their turn.",
                ],
                &["Misty ended their turn."],
                &[
                    "Ash's Stonecub ex used Rock Smash on Misty’s Pebblit ex for 120 damage.",
                    "Misty's Pebblit ex was Knocked Out!",
                    prizes,
                    "Misty's Leafkit is now in the Active Spot.",
                ],
            ],
        )
    };
    expect(
        &verify(&log("Ash took 2 Prize cards.")),
        "Ash took 2 Prize cards.",
        Verdict::Ok,
        "pokemon.ex",
    );
    let r = verify(&log("Ash took a Prize card."));
    expect(
        &r,
        "Ash took a Prize card.",
        Verdict::Violation,
        "knockout.prizes",
    );
    expect(
        &r,
        "Ash took a Prize card.",
        Verdict::Violation,
        "pokemon.ex",
    );
}

#[test]
fn resistance_takes_30_off_and_a_benched_pokemon_has_neither() {
    let log = |line: &str| {
        game(
            ("Pikpik", &["Pikpik"]),
            ("Leafkit", &["Stonecub ex"]),
            &[
                &[
                    "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
                    "Ash ended their turn.",
                ],
                &["Misty ended their turn."],
                &[
                    "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
                    "Ash evolved Pikpik to Raipik in the Active Spot.",
                    line,
                ],
            ],
        )
    };
    let ok = "Ash's Raipik used Thunder Jolt on Misty’s Leafkit for 60 damage. Misty's Leafkit took -30 less damage because of Lightning Resistance.";
    expect(&verify(&log(ok)), ok, Verdict::Ok, "attack.damage-order");
    let wrong = "Ash's Raipik used Thunder Jolt on Misty’s Leafkit for 90 damage. Misty's Leafkit took -30 less damage because of Lightning Resistance.";
    expect(
        &verify(&log(wrong)),
        wrong,
        Verdict::Violation,
        "attack.damage-order",
    );
}

#[test]
fn the_attached_energy_must_pay_the_cost() {
    let log = |energy: &[&str]| {
        let mut t3: Vec<&str> = energy.to_vec();
        t3.push("Ash evolved Pikpik to Raipik in the Active Spot.");
        t3.push("Ash's Raipik used Thunder Jolt on Misty’s Stonecub ex for 90 damage.");
        game(
            ("Pikpik", NO_BENCH),
            ("Stonecub ex", NO_BENCH),
            &[
                &["Ash ended their turn."],
                &["Misty ended their turn."],
                &t3,
            ],
        )
    };
    let attack = "Ash's Raipik used Thunder Jolt on Misty’s Stonecub ex for 90 damage.";
    let r = verify(&log(&[
        "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
    ]));
    expect(&r, attack, Verdict::Violation, "attack.energy-cost");
    // Two Energy in one turn: the second attachment is the violation, and the cost is paid.
    let r = verify(&log(&[
        "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
        "Ash attached Basic Fighting Energy to Pikpik in the Active Spot.",
    ]));
    expect(
        &r,
        "Ash attached Basic Fighting Energy to Pikpik in the Active Spot.",
        Verdict::Violation,
        "turn.energy-attach-once",
    );
    expect(&r, attack, Verdict::Ok, "attack.energy-cost");
}

#[test]
fn only_basic_pokemon_go_onto_the_bench_from_the_hand() {
    let log = |card: &str| {
        game(
            ("Pikpik", NO_BENCH),
            ("Stonecub ex", NO_BENCH),
            &[&[
                format!("Ash played {card} to the Bench.").as_str(),
                "Ash ended their turn.",
            ]],
        )
    };
    expect(
        &verify(&log("Leafkit")),
        "Ash played Leafkit to the Bench.",
        Verdict::Ok,
        "turn.bench-basic",
    );
    expect(
        &verify(&log("Raipik")),
        "Ash played Raipik to the Bench.",
        Verdict::Violation,
        "turn.bench-basic",
    );
}

#[test]
fn evolution_waits_for_the_second_turn_and_follows_evolves_from() {
    let first = game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[&[
            "Ash evolved Pikpik to Raipik in the Active Spot.",
            "Ash ended their turn.",
        ]],
    );
    expect(
        &verify(&first),
        "Ash evolved Pikpik to Raipik in the Active Spot.",
        Verdict::Violation,
        "evolution.first-turn",
    );
    let later = |line: &str| {
        game(
            ("Pikpik", &["Leafkit"]),
            ("Stonecub ex", NO_BENCH),
            &[
                &["Ash ended their turn."],
                &["Misty ended their turn."],
                &[line],
            ],
        )
    };
    let right = "Ash evolved Pikpik to Raipik in the Active Spot.";
    expect(
        &verify(&later(right)),
        right,
        Verdict::Ok,
        "evolution.evolves-from",
    );
    let wrong = "Ash evolved Leafkit to Raipik on the Bench.";
    expect(
        &verify(&later(wrong)),
        wrong,
        Verdict::Violation,
        "evolution.evolves-from",
    );
    // Rare Candy skips the Stage 1: the sub-line evolution is by the effect.
    let candy = game(
        ("Pikpik", &["Leafkit"]),
        ("Stonecub ex", NO_BENCH),
        &[
            &["Ash ended their turn."],
            &["Misty ended their turn."],
            &[
                "Ash played Rare Candy.",
                "- Ash evolved Leafkit to Leafking on the Bench.",
            ],
        ],
    );
    expect(
        &verify(&candy),
        "- Ash evolved Leafkit to Leafking on the Bench.",
        Verdict::Ok,
        "evolution.by-effect",
    );
    // Rare Candy cannot put Leafking (whose Stage 1 evolves from Leafkit) on Pikpik.
    let wrong = candy.replace(
        "- Ash evolved Leafkit to Leafking on the Bench.",
        "- Ash evolved Pikpik to Leafking in the Active Spot.",
    );
    expect(
        &verify(&wrong),
        "- Ash evolved Pikpik to Leafking in the Active Spot.",
        Verdict::Violation,
        "evolution.by-effect",
    );
    // Nor be played on the player's first turn.
    let first = game(
        ("Pikpik", &["Leafkit"]),
        ("Stonecub ex", NO_BENCH),
        &[&[
            "Ash played Rare Candy.",
            "- Ash evolved Leafkit to Leafking on the Bench.",
        ]],
    );
    expect(
        &verify(&first),
        "- Ash evolved Leafkit to Leafking on the Bench.",
        Verdict::Violation,
        "evolution.by-effect",
    );
}

#[test]
fn one_supporter_per_turn_and_none_on_the_first_players_first_turn() {
    let first = game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[&[
            "Ash played Professor's Notes.",
            "- Ash drew 3 cards.",
            "Ash ended their turn.",
        ]],
    );
    expect(
        &verify(&first),
        "Ash played Professor's Notes.",
        Verdict::Violation,
        "turn.supporter-first-turn",
    );
    let second = game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[
            &["Ash ended their turn."],
            &[
                "Misty played Professor's Notes.",
                "- Misty drew 3 cards.",
                "Misty played Quick Ball.",
                "Misty played Professor's Notes.",
            ],
        ],
    );
    let r = verify(&second);
    let notes: Vec<&StepReport> = r
        .steps
        .iter()
        .filter(|s| s.text == "Misty played Professor's Notes.")
        .collect();
    assert_eq!(notes.len(), 2);
    assert_eq!(notes[0].verdict, Verdict::Ok, "{}", notes[0].message);
    assert_eq!(notes[1].verdict, Verdict::Violation, "{}", notes[1].message);
    assert!(notes[1].clauses.iter().any(|c| *c == "turn.supporter-once"));
}

#[test]
fn the_first_player_does_not_attack_on_the_first_turn() {
    let log = game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[&[
            "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
            "Ash's Pikpik used Zap on Misty’s Stonecub ex for 20 damage.",
        ]],
    );
    expect(
        &verify(&log),
        "Ash's Pikpik used Zap on Misty’s Stonecub ex for 20 damage.",
        Verdict::Violation,
        "turn.first-player-no-attack",
    );
}

#[test]
fn an_attack_that_chooses_pokemon_several_times_does_a_multiple_of_its_damage() {
    let log = |line: &str| {
        game(
            ("Pikpik", NO_BENCH),
            ("Leafkit", NO_BENCH),
            &[
                &["Ash ended their turn."],
                &[
                    "Misty attached Basic Grass Energy to Leafkit in the Active Spot.",
                    line,
                ],
            ],
        )
    };
    let ok = "Misty's Leafkit used Seed Barrage on Ash’s Pikpik for 60 damage.";
    expect(&verify(&log(ok)), ok, Verdict::Ok, "attack.damage-order");
    let off = "Misty's Leafkit used Seed Barrage on Ash’s Pikpik for 50 damage.";
    expect(
        &verify(&log(off)),
        off,
        Verdict::Violation,
        "attack.damage-order",
    );
    let too_much = "Misty's Leafkit used Seed Barrage on Ash’s Pikpik for 120 damage.";
    expect(
        &verify(&log(too_much)),
        too_much,
        Verdict::Violation,
        "attack.damage-order",
    );
}

#[test]
fn a_special_energy_missing_from_the_data_is_read_by_the_type_in_its_name() {
    let log = game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[
            &[
                "Ash attached Spark Lightning Energy to Pikpik in the Active Spot.",
                "Ash ended their turn.",
            ],
            &["Misty ended their turn."],
            &["Ash's Pikpik used Zap on Misty’s Stonecub ex for 20 damage."],
        ],
    );
    let r = verify(&log);
    let s = step(
        &r,
        "Ash's Pikpik used Zap on Misty’s Stonecub ex for 20 damage.",
    );
    assert!(
        s.clauses.iter().any(|c| *c == "attack.energy-cost"),
        "{:?}",
        s.clauses
    );
    assert!(
        s.message.contains("read as 1 Lightning Energy"),
        "{}",
        s.message
    );
}

#[test]
fn a_pokemon_whose_damage_reaches_its_hp_must_be_knocked_out() {
    // Quake's 60 on a Benched Pikpik (60 HP): one of the two must be Knocked Out.
    let quake = "Misty's Stonecub ex used Quake on Ash’s Pikpik for 30 damage.";
    let with_ko = stonecub_attacks(
        quake,
        &[
            "- Ash's Pikpik took 60 damage.",
            "Ash's Pikpik was Knocked Out!",
            "Misty took a Prize card.",
        ],
    );
    let r = verify(&with_ko);
    assert_eq!(
        r.violations().count(),
        0,
        "{:?}",
        r.violations().map(|s| &s.message).collect::<Vec<_>>()
    );
    let without = stonecub_attacks(
        quake,
        &["- Ash's Pikpik took 60 damage.", "Misty took a Prize card."],
    );
    let r = verify(&without);
    expect(
        &r,
        "Misty took a Prize card.",
        Verdict::Violation,
        "knockout.at-hp",
    );
}

#[test]
fn checkup_applies_poison_before_burn() {
    let log = |lines: &[&str]| {
        let mut t2: Vec<&str> = vec!["Misty ended their turn.", "", "Pokémon Checkup"];
        t2.extend(lines);
        game(
            ("Pikpik", NO_BENCH),
            ("Stonecub ex", NO_BENCH),
            &[&["Ash ended their turn."], &t2],
        )
    };
    let poisoned = "Ash's Pikpik is now Poisoned.";
    let burned = "Ash's Pikpik is now Burned.";
    let poison = "1 damage counter was placed on Ash's Pikpik for the Special Condition Poisoned.";
    let burn = "2 damage counters were placed on Ash's Pikpik for the Special Condition Burned.";
    let setup_conditions = |order: [&'static str; 2]| -> String {
        // The conditions come from an earlier line of Misty's turn.
        log(&order).replacen(
            "Misty ended their turn.",
            &format!("{poisoned}\n{burned}\nMisty ended their turn."),
            1,
        )
    };
    let r = verify(&setup_conditions([poison, burn]));
    expect(&r, burn, Verdict::Ok, "checkup.order");
    let r = verify(&setup_conditions([burn, poison]));
    assert!(
        [burn, poison]
            .iter()
            .any(|t| step(&r, t).verdict == Verdict::Violation
                && step(&r, t).clauses.iter().any(|c| *c == "checkup.order")),
        "Burn before Poison is not flagged"
    );
}
