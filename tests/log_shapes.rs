//! Every line shape of the pattern table, with an example line written for this test, reads as
//! the expected event; and every shape of the table has an example here.

use std::collections::HashSet;

use ptcg_judge::log::pattern::{Matcher, TABLE};
use ptcg_judge::log::{AttackLine, Depth, Event, parse_text};

/// (example line, event kind it must read as). The players are "Ash K 1999" and "Zoë".
const EXAMPLES: &[(&str, &str)] = &[
    ("Setup", "setup-header"),
    ("Pokémon Checkup", "checkup-header"),
    ("Zoë's Turn", "turn-header"),
    ("Turn # 3 - Zoë's Turn", "turn-header"),
    ("[playerName]'s Turn", "turn-header"),
    ("Turn # 2 - [playerName]'s Turn", "turn-header"),
    ("- Damage breakdown:", "breakdown-header"),
    ("A card was added to Zoë's hand.", "added-to-hand"),
    (
        "Boss's Orders was added to Ash K 1999's hand.",
        "added-to-hand",
    ),
    (
        "Zoë's Pikachu used Thunder Shock on Ash K 1999’s Lillie's Clefairy ex for 30 damage.",
        "attack",
    ),
    (
        "Zoë's Pikachu used Thunder Shock on Ash K 1999's Charmander for 60 damage. Ash K 1999's Charmander took 30 more damage because of Lightning Weakness.",
        "attack",
    ),
    (
        "Zoë's Pikachu used Thunder Shock on Ash K 1999's Charmander for 0 damage. Ash K 1999's Charmander took -30 less damage because of Lightning Resistance.",
        "attack",
    ),
    (
        "Zoë's Pikachu used Thunder Shock on Ash K 1999's Charmander for 30 damage. Ash K 1999's Charmander took 30 more damage because of Lightning Weakness. Ash K 1999's Charmander took -30 less damage because of Lightning Resistance.",
        "attack",
    ),
    (
        "Zoë attached Basic Lightning Energy to Pikachu in the Active Spot.",
        "attach",
    ),
    (
        "Zoë attached Basic Lightning Energy to Pikachu on the Bench.",
        "attach",
    ),
    ("Zoë attached Air Balloon to Pikachu.", "attach"),
    ("Lucky Helmet was activated.", "activated"),
    ("Zoë flipped 3 coins, and 2 landed on heads.", "coin-flip"),
    ("Zoë flipped a coin and it landed on tails.", "coin-flip"),
    (
        "2 damage counters were placed on Zoë's Pikachu for the Special Condition Burned.",
        "condition-damage",
    ),
    (
        "1 damage counter was placed on Zoë's Pikachu for the Special Condition Poisoned.",
        "condition-damage",
    ),
    (
        "Zoë devolved Ash K 1999's Charmeleon to Charmander in the Active Spot.",
        "devolve",
    ),
    (
        "Zoë devolved Ash K 1999's Charmeleon to Charmander on the Bench.",
        "devolve",
    ),
    (
        "Zoë devolved Ash K 1999's Charmeleon to Charmander.",
        "devolve",
    ),
    (
        "Basic Fire Energy was discarded from Zoë's Charmander.",
        "discard-from-pokemon",
    ),
    (
        "- 2 cards were discarded from Zoë's Charmander.",
        "discard-from-pokemon",
    ),
    ("- Zoë discarded 2 cards.", "discard"),
    ("Zoë drew 7 cards for the opening hand.", "opening-hand"),
    ("- 7 drawn cards.", "drawn-cards"),
    ("Zoë drew a card.", "drew"),
    ("Zoë drew Pikachu.", "drew"),
    (
        "- Zoë drew Pikachu and played it to the Active Spot.",
        "drew-and-played",
    ),
    (
        "- Zoë drew Pikachu and played it to the Bench.",
        "drew-and-played",
    ),
    (
        "- Zoë drew 2 cards and played them to the Bench.",
        "drew-and-played",
    ),
    ("- Zoë drew and played Pikachu.", "drew-and-played"),
    (
        "- Zoë drew Artazon and played it to the Stadium spot.",
        "drew-and-played",
    ),
    (
        "Effects of Thunder Shock did not affect Pikachu.",
        "prevented",
    ),
    ("Pikachu was unaffected.", "prevented"),
    ("Pikachu was not moved.", "prevented"),
    ("Zoë was unable to make a selection.", "prevented"),
    (
        "Pikachu cannot be affected by Special Conditions.",
        "prevented",
    ),
    (
        "Pikachu cannot recover from the Burned Special Condition.",
        "prevented",
    ),
    ("Damage to Pikachu was prevented.", "prevented"),
    ("The effect was prevented.", "prevented"),
    ("Pikachu was not healed.", "prevented"),
    ("Opponent conceded. Zoë wins.", "game-end"),
    (
        "Zoë evolved Charmander to Charmeleon in the Active Spot.",
        "evolve",
    ),
    (
        "Zoë evolved Charmander to Charmeleon on the Bench.",
        "evolve",
    ),
    ("- Zoë evolved Charmander to Charmeleon.", "evolve"),
    ("- Zoë revealed Pikachu.", "reveal"),
    ("Zoë decided to go first.", "turn-order-chosen"),
    ("Zoë decided to go second.", "turn-order-chosen"),
    ("Zoë's Pikachu healed 30 damage.", "healed"),
    ("Zoë's Pikachu was healed for 30 damage.", "healed"),
    ("Zoë's Pikachu was Knocked Out!", "knock-out"),
    ("Zoë ended their turn.", "end-turn"),
    ("No cards were moved.", "no-cards-moved"),
    ("- Zoë put Kyurem on top of their deck.", "put-in-deck"),
    (
        "- Zoë put 3 cards on the bottom of their deck.",
        "put-in-deck",
    ),
    (
        "- Zoë moved Ash K 1999's Pikachu to the Active Spot.",
        "move",
    ),
    ("- Zoë moved Ash K 1999's Pikachu to the Bench.", "move"),
    ("- Zoë moved Zoë's 9 cards to their deck.", "move"),
    (
        "- Zoë moved Ash K 1999's 2 cards to the discard pile.",
        "move",
    ),
    ("- Zoë moved Ash K 1999's Pikachu.", "move"),
    ("- Zoë moved Zoë's Metang to their hand.", "move"),
    ("- Zoë moved Zoë's Pikachu to the Lost Zone.", "move"),
    ("- Zoë moved Zoë's 4 cards to the Prize cards.", "move"),
    ("- Zoë moved Zoë's Artazon to the Stadium spot.", "move"),
    (
        "Zoë drew 2 more cards because Ash K 1999 took at least 1 mulligan.",
        "mulligan-extra-draw",
    ),
    (
        "Zoë drew 1 more card because Ash K 1999 took at least 1 mulligan.",
        "mulligan-extra-draw",
    ),
    ("- Cards revealed from Mulligan 1", "mulligan-reveal"),
    ("Zoë can no longer use VSTAR Powers.", "once-per-game-used"),
    ("Zoë performed an action.", "performed-action"),
    ("Zoë played Pikachu to the Active Spot.", "play-to-active"),
    ("Zoë played Pikachu to the Bench.", "play-to-bench"),
    ("Zoë played Professor's Research.", "play-card"),
    (
        "Zoë played Path to the Peak to the Stadium spot.",
        "play-to-stadium",
    ),
    (
        "- Zoë moved 2 damage counters from Zoë's Munkidori to Ash K 1999's Pikachu.",
        "move-counters",
    ),
    (
        "- Adrena-Brain moved a damage counter from Zoë's Munkidori to Ash K 1999's Pikachu.",
        "move-counters",
    ),
    (
        "- Zoë put 6 damage counters on Zoë's Pikachu.",
        "put-counters",
    ),
    (
        "- Risky Ruins put a damage counter on Zoë's Pikachu.",
        "put-counters",
    ),
    ("Zoë's Pikachu is now in the Active Spot.", "promote"),
    (
        "Zoë lost connection and reconnected to the server.",
        "reconnected",
    ),
    (
        "Zoë's Pikachu has recovered from all Special Conditions.",
        "all-conditions-removed",
    ),
    ("Zoë's Pikachu is no longer Asleep.", "condition-removed"),
    ("Zoë retreated Pikachu to the Bench.", "retreat"),
    ("Rock-Paper-Scissors: Zoë chose rock.", "rps-choice"),
    ("Zoë won Rock-Paper-Scissors.", "rps-won"),
    ("- Zoë's Pikachu took 30 damage.", "took-damage"),
    (
        "- Zoë's Pikachu took 30 damage. Zoë's Pikachu took -30 less damage because of Fighting Resistance.",
        "took-damage",
    ),
    (
        "- Zoë's Pikachu took 60 damage. Zoë's Pikachu took 30 more damage because of Fighting Weakness. Zoë's Pikachu took -30 less damage because of Fighting Resistance.",
        "took-damage",
    ),
    (
        "- Zoë's Pikachu took 60 damage. Zoë's Pikachu took 30 more damage because of Fighting Weakness.",
        "took-damage",
    ),
    ("Zoë chose heads for the opening coin flip.", "coin-choice"),
    ("- Zoë chose Trifrost", "chose-option"),
    ("- Zoë shuffled 2 cards into their deck.", "shuffle-into"),
    ("- Zoë shuffled Pikachu into their hand.", "shuffle-into"),
    (
        "- Zoë shuffled Pikachu into their Prize cards.",
        "shuffle-into",
    ),
    ("- Zoë shuffled their deck.", "shuffle"),
    ("- Zoë shuffled their cards.", "shuffle"),
    ("- Zoë shuffled their hand.", "shuffle"),
    ("- Zoë shuffled their Prize cards.", "shuffle"),
    ("- Zoë's Pikachu is now Paralyzed.", "condition-applied"),
    ("Entering Sudden Death.", "sudden-death"),
    (
        "- Zoë's Pikachu was switched with Zoë's Raichu to become the Active Pokemon.",
        "switch",
    ),
    ("- Zoë's Pikachu was switched with Zoë's Raichu.", "switch"),
    ("Zoë's Terapagos ex's Tera effect was used.", "tera-effect"),
    ("Zoë didn't take an action in time.", "timed-out"),
    ("Zoë took 2 mulligans.", "mulligan"),
    ("Zoë took 3 mulligan(s).", "mulligan"),
    ("Zoë took a mulligan.", "mulligan"),
    ("Zoë took 2 Prize cards.", "took-prizes"),
    ("Zoë took a Prize card.", "took-prizes"),
    ("Zoë's Pikachu used Run Errand.", "use"),
    ("Zoë won the coin toss.", "coin-toss-won"),
    ("Draw!", "game-drawn"),
    ("   • Pikachu, Raichu", "card-list"),
];

const HEADER: &str = "Ash K 1999 chose tails for the opening coin flip.\nZoë won the coin toss.\n";

#[test]
fn every_example_reads_as_its_event() {
    let mut failures = Vec::new();
    for (line, kind) in EXAMPLES {
        let log = parse_text(&format!("{HEADER}{line}\n"));
        assert_eq!(log.players, ["Ash K 1999", "Zoë"]);
        let got = &log.lines[2];
        if got.event.kind() != *kind {
            failures.push(format!("{line:?}: expected {kind}, got {:?}", got.event));
        }
        if line.starts_with("- ") && got.depth != Depth::Sub {
            failures.push(format!("{line:?}: not read as a sub-line"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_shape_of_the_table_has_an_example() {
    let matcher = Matcher::english();
    let names = ["Ash K 1999", "Zoë"];
    let mut covered = HashSet::new();
    for (line, _) in EXAMPLES {
        let content = line.trim_start_matches("- ").trim();
        let content = ptcg_judge::log::normalise(content);
        if let Some(best) = matcher.matches(&content, &names).first() {
            covered.insert(format!("{:?}", best.shape));
        }
    }
    let missing: Vec<String> = TABLE
        .iter()
        .map(|(shape, _)| format!("{shape:?}"))
        .filter(|s| !covered.contains(s))
        .collect();
    assert!(missing.is_empty(), "shapes without an example: {missing:?}");
}

#[test]
fn the_numbers_of_an_attack_line_are_read() {
    let log = parse_text(&format!(
        "{HEADER}Zoë's Pikachu used Thunder Shock on Ash K 1999's Charmander for 30 damage. Ash K 1999's Charmander took 30 more damage because of Lightning Weakness. Ash K 1999's Charmander took -30 less damage because of Lightning Resistance.\n"
    ));
    match &log.lines[2].event {
        Event::Attack(a) => {
            let AttackLine {
                player,
                target_owner,
                damage,
                weakness,
                resistance,
                ..
            } = &**a;
            assert_eq!(player, "Zoë");
            assert_eq!(target_owner, "Ash K 1999");
            assert_eq!(*damage, 30);
            assert_eq!(
                weakness
                    .as_ref()
                    .map(|w| (w.energy_type.as_str(), w.amount)),
                Some(("Lightning", 30))
            );
            assert_eq!(
                resistance
                    .as_ref()
                    .map(|w| (w.energy_type.as_str(), w.amount)),
                Some(("Lightning", -30))
            );
        }
        other => panic!("not an attack: {other:?}"),
    }
}
