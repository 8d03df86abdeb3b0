//! Small games written for the tests, played with invented cards: the card fixture (one set
//! file in the pokemon-tcg-data layout) and a writer of PTCG Live English logs between Ash (who
//! goes first) and Misty.

use ptcg_judge::cards::CardDb;

/// Invented cards in the pokemon-tcg-data layout (one set file). The first 13 are the cards of
/// tests/checks.rs; the rest give the rule checks of tests/clauses_can_fail/ a Tool, a second
/// Stadium, GX attacks, a VSTAR Power, one Pokémon of each kind that gives more Prize cards and
/// a frail Mothling.
/// Their texts stay out of the facts a check relies on, so no check doubts them. Some are
/// simplified where the real kind is awkward to put into play in a short log: the V-UNION and
/// the TAG TEAM are Basic Pokémon here.
pub const FIXTURE: &str = r#"[
 {"id":"fx1-1","name":"Pikpik","supertype":"Pokémon","subtypes":["Basic"],"hp":"60","types":["Lightning"],
  "attacks":[{"name":"Zap","cost":["Lightning"],"damage":"20","text":""}],
  "weaknesses":[{"type":"Fighting","value":"×2"}],"retreatCost":["Colorless"]},
 {"id":"fx1-2","name":"Raipik","supertype":"Pokémon","subtypes":["Stage 1"],"hp":"120","types":["Lightning"],
  "evolvesFrom":"Pikpik",
  "attacks":[{"name":"Thunder Jolt","cost":["Lightning","Colorless"],"damage":"90","text":""}],
  "weaknesses":[{"type":"Fighting","value":"×2"}],"retreatCost":["Colorless"]},
 {"id":"fx1-3","name":"Stonecub ex","supertype":"Pokémon","subtypes":["Basic","ex"],"hp":"200","types":["Fighting"],
  "rules":["Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards."],
  "attacks":[{"name":"Rock Smash","cost":["Fighting"],"damage":"120","text":""},
             {"name":"Quake","cost":["Fighting"],"damage":"30","text":"This attack also does 60 damage to 1 of your opponent's Benched Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)"}],
  "weaknesses":[{"type":"Grass","value":"×2"}],"retreatCost":["Colorless","Colorless"]},
 {"id":"fx1-4","name":"Leafkit","supertype":"Pokémon","subtypes":["Basic"],"hp":"70","types":["Grass"],
  "attacks":[{"name":"Seed Barrage","cost":["Grass"],"damage":"","text":"Choose 1 of your opponent's Pokémon 3 times. (You can choose the same Pokémon more than once.) For each time you chose a Pokémon, do 30 damage to it."}],
  "weaknesses":[{"type":"Fire","value":"×2"}],"resistances":[{"type":"Lightning","value":"-30"}],"retreatCost":["Colorless"]},
 {"id":"fx1-5","name":"Leafmid","supertype":"Pokémon","subtypes":["Stage 1"],"hp":"100","types":["Grass"],
  "evolvesFrom":"Leafkit","attacks":[{"name":"Leaf Cut","cost":["Grass"],"damage":"40","text":""}],"retreatCost":["Colorless"]},
 {"id":"fx1-6","name":"Leafking","supertype":"Pokémon","subtypes":["Stage 2"],"hp":"160","types":["Grass"],
  "evolvesFrom":"Leafmid","attacks":[{"name":"Solar Beam","cost":["Grass","Colorless"],"damage":"130","text":""}],"retreatCost":["Colorless"]},
 {"id":"fx1-7","name":"Professor's Notes","supertype":"Trainer","subtypes":["Supporter"],"rules":["Draw 3 cards."]},
 {"id":"fx1-8","name":"Quick Ball","supertype":"Trainer","subtypes":["Item"],"rules":["Search your deck for a Basic Pokémon, reveal it, and put it into your hand. Then, shuffle your deck."]},
 {"id":"fx1-9","name":"Rare Candy","supertype":"Trainer","subtypes":["Item"],
  "rules":["Choose 1 of your Basic Pokémon in play. If you have a Stage 2 card in your hand that evolves from that Pokémon, put that card onto the Basic Pokémon to evolve it, skipping the Stage 1. You can't use this card during your first turn or on a Basic Pokémon that was put into play this turn."]},
 {"id":"fx1-10","name":"Training Hall","supertype":"Trainer","subtypes":["Stadium"],"rules":["Once during each player's turn, that player may draw a card."]},
 {"id":"fx1-11","name":"Basic Lightning Energy","supertype":"Energy","subtypes":["Basic"],"types":["Lightning"]},
 {"id":"fx1-12","name":"Basic Fighting Energy","supertype":"Energy","subtypes":["Basic"],"types":["Fighting"]},
 {"id":"fx1-13","name":"Basic Grass Energy","supertype":"Energy","subtypes":["Basic"],"types":["Grass"]},
 {"id":"fx1-14","name":"Lucky Charm","supertype":"Trainer","subtypes":["Pokémon Tool"],"rules":["The holder brings its Trainer good luck."]},
 {"id":"fx1-15","name":"Quiet Grove","supertype":"Trainer","subtypes":["Stadium"],"rules":["The birds sing here."]},
 {"id":"fx1-16","name":"Boltzap-GX","supertype":"Pokémon","subtypes":["Basic","GX"],"hp":"110","types":["Lightning"],
  "rules":["Pokémon-GX rule: When your Pokémon-GX is Knocked Out, your opponent takes 2 Prize cards."],
  "attacks":[{"name":"Jolt","cost":[],"damage":"10","text":""},
             {"name":"Thunderclap GX","cost":[],"damage":"50","text":"(You can't use more than 1 GX attack in a game.)"}],
  "retreatCost":["Colorless"]},
 {"id":"fx1-17","name":"Starlit V","supertype":"Pokémon","subtypes":["Basic","V"],"hp":"110","types":["Colorless"],
  "rules":["V rule: When your Pokémon V is Knocked Out, your opponent takes 2 Prize cards."],
  "attacks":[{"name":"Glint","cost":[],"damage":"10","text":""}],"retreatCost":["Colorless"]},
 {"id":"fx1-18","name":"Starlit VSTAR","supertype":"Pokémon","subtypes":["VSTAR"],"hp":"120","types":["Colorless"],
  "evolvesFrom":"Starlit V",
  "rules":["VSTAR rule: When your Pokémon VSTAR is Knocked Out, your opponent takes 2 Prize cards."],
  "attacks":[{"name":"Glint","cost":[],"damage":"10","text":""},
             {"name":"Nova Star","cost":[],"damage":"50","text":"(VSTAR Power) You can't use more than 1 VSTAR Power in a game."}],
  "retreatCost":["Colorless"]},
 {"id":"fx1-19","name":"Starlit VMAX","supertype":"Pokémon","subtypes":["VMAX"],"hp":"120","types":["Colorless"],
  "evolvesFrom":"Starlit V",
  "rules":["VMAX rule: When your Pokémon VMAX is Knocked Out, your opponent takes 3 Prize cards."],
  "attacks":[{"name":"Max Glint","cost":[],"damage":"30","text":""}],"retreatCost":["Colorless"]},
 {"id":"fx1-20","name":"Unionbolt V-UNION","supertype":"Pokémon","subtypes":["Basic","V-UNION"],"hp":"110","types":["Lightning"],
  "rules":["V-UNION rule: When your Pokémon V-UNION is Knocked Out, your opponent takes 3 Prize cards."],
  "attacks":[{"name":"Union Bolt","cost":[],"damage":"30","text":""}],"retreatCost":["Colorless"]},
 {"id":"fx1-21","name":"Pikpik & Leafkit-GX","supertype":"Pokémon","subtypes":["Basic","TAG TEAM","GX"],"hp":"110","types":["Lightning"],
  "rules":["TAG TEAM rule: When your TAG TEAM is Knocked Out, your opponent takes 3 Prize cards."],
  "attacks":[{"name":"Double Spark","cost":[],"damage":"30","text":""}],"retreatCost":["Colorless"]},
 {"id":"fx1-22","name":"Quartzite EX","supertype":"Pokémon","subtypes":["Basic","EX"],"hp":"110","types":["Fighting"],
  "rules":["Pokémon-EX rule: When a Pokémon-EX has been Knocked Out, your opponent takes 2 Prize cards."],
  "attacks":[{"name":"Crystal Edge","cost":[],"damage":"30","text":""}],"retreatCost":["Colorless"]},
 {"id":"fx1-23","name":"Mega Raipik ex","supertype":"Pokémon","subtypes":["Stage 1","MEGA","ex"],"hp":"120","types":["Lightning"],
  "evolvesFrom":"Pikpik",
  "rules":["Mega Evolution ex rule: When your Mega Evolution Pokémon ex is Knocked Out, your opponent takes 3 Prize cards."],
  "attacks":[{"name":"Mega Spark","cost":[],"damage":"30","text":""}],"retreatCost":["Colorless"]},
 {"id":"fx1-25","name":"Mothling","supertype":"Pokémon","subtypes":["Basic"],"hp":"30","types":["Colorless"],
  "attacks":[{"name":"Flutter","cost":[],"damage":"20","text":""}],"retreatCost":[]},
 {"id":"fx1-24","name":"Pebblit ex","supertype":"Pokémon","subtypes":["Basic","ex"],"hp":"110","types":["Fighting"],
  "rules":["Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards."],
  "attacks":[{"name":"Pebble Toss","cost":[],"damage":"30","text":""}],"retreatCost":["Colorless"]}
]"#;

/// The invented cards as card data.
pub fn fixture_cards() -> CardDb {
    CardDb::from_cards(
        CardDb::parse_set_json(FIXTURE, "fixture.json").unwrap(),
        Vec::new(),
    )
}

pub const NO_BENCH: &[&str] = &[];

/// A game between Ash (who goes first) and Misty: setup with the given Active and Benched
/// Pokémon, then the turns in order (Ash, Misty, Ash, …), each opened by its header and draw.
pub fn game(ash: (&str, &[&str]), misty: (&str, &[&str]), turns: &[&[&str]]) -> String {
    let mut l: Vec<String> = vec![
        "Setup".into(),
        "Misty chose tails for the opening coin flip.".into(),
        "Ash won the coin toss.".into(),
        "Ash decided to go first.".into(),
        "Ash drew 7 cards for the opening hand.".into(),
        "- 7 drawn cards.".into(),
        "Misty drew 7 cards for the opening hand.".into(),
        "- 7 drawn cards.".into(),
    ];
    for (who, (active, bench)) in [("Ash", ash), ("Misty", misty)] {
        l.push(format!("{who} played {active} to the Active Spot."));
        for b in bench {
            l.push(format!("{who} played {b} to the Bench."));
        }
    }
    for (i, body) in turns.iter().enumerate() {
        let who = if i % 2 == 0 { "Ash" } else { "Misty" };
        l.push(String::new());
        l.push(format!("{who}'s Turn"));
        l.push(format!("{who} drew a card."));
        l.extend(body.iter().map(|s| s.to_string()));
    }
    l.join("\n") + "\n"
}
