//! The rulings a card touches: the clauses its kind brings into play (a Supporter's once per
//! turn, a Pokémon ex's Prize cards, a Tool's limit, …) and, for each fact one of its texts may
//! change (the effect catalogue's reading), the clauses that say what that fact is: an attack
//! that changes the damage dealt touches the damage order. The card pages list them.

use crate::cards::effects::{CardEffects, Fact};
use crate::cards::{AbilityKind, Card, Stage};

use crate::engine::facts::prize_clause;

/// One clause a card touches, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRuling {
    pub clause: &'static str,
    pub why: String,
}

/// The clauses a card touches, its kind's first, each once.
pub fn card_rulings(card: &Card, effects: &CardEffects) -> Vec<CardRuling> {
    let mut out: Vec<CardRuling> = Vec::new();
    let mut add = |clause: &'static str, why: &str| {
        if !out.iter().any(|r| r.clause == clause) {
            out.push(CardRuling {
                clause,
                why: why.to_string(),
            });
        }
    };
    for (clause, why) in kind_clauses(card) {
        add(clause, why);
    }
    for (clause, why) in wording_clauses(card) {
        add(clause, why);
    }
    if effects.facts().iter().next().is_some() {
        add(
            "card-text.overrides-rules",
            "its text may change what the rules say",
        );
    }
    for text in effects.texts() {
        let who = if text.name.is_empty() {
            "its text".to_string()
        } else {
            text.name.clone()
        };
        for fact in text.facts().iter() {
            let why = format!("{who} may change {}", fact.words());
            for clause in fact_clauses(fact) {
                add(clause, &why);
            }
        }
    }
    out
}

/// The clauses that say what a fact is, which a card text that changes the fact sets aside
/// (card text comes before the rules).
fn fact_clauses(fact: Fact) -> &'static [&'static str] {
    match fact {
        Fact::DamageDealt | Fact::DamageTaken => &["attack.damage-order"],
        Fact::WeaknessResistance => &[
            "attack.damage-order.weakness",
            "attack.damage-order.resistance",
        ],
        Fact::MaxHp => &["knockout.at-hp", "hp.maximum-remaining"],
        Fact::KnockOut => &["knockout.at-hp"],
        Fact::BenchSize => &["turn.bench-limit"],
        Fact::EnergyProvided => &["energy.special", "attack.energy-cost"],
        Fact::AttackCost => &["attack.energy-cost"],
        Fact::RetreatCost => &["retreat.cost"],
        Fact::FirstTurn => &[
            "turn.first-player-no-attack",
            "turn.supporter-first-turn",
            "evolution.first-turn",
        ],
        Fact::OncePerTurn => &[
            "turn.supporter-once",
            "turn.energy-attach-once",
            "turn.retreat-once",
        ],
        Fact::Evolution => &["evolution.by-effect", "evolution.same-turn"],
        Fact::DamageCounters => &["attack.damage-counters"],
        Fact::PrizeCount => &["knockout.prizes"],
        Fact::Conditions => &["conditions.replace", "checkup.order"],
        Fact::Winner => &["win.simultaneous"],
        Fact::Tools => &["trainer.tool"],
        Fact::AttackChoice => &["attack.has-attack"],
        Fact::PlayRules | Fact::Suppression => &["card-text.overrides-rules"],
    }
}

/// Wordings whose reading a clause explains, and that clause: "search your deck" (finding
/// fewer, shuffling), "up to", "switch", "heal", … (lower case, any text of the card).
const WORDINGS: &[(&str, &str, &str)] = &[
    (
        "search your deck",
        "card-text.draw-search",
        "it searches a deck",
    ),
    ("up to", "card-text.up-to", "it says \"up to\""),
    ("switch", "switch.who-chooses", "it switches Pokémon"),
    ("discard", "card-text.discard", "it discards cards"),
    ("heal", "card-text.heal", "it heals damage"),
    (
        "move",
        "card-text.move-damage-counters",
        "it may move damage counters",
    ),
    (
        "can't retreat",
        "retreat.cant-retreat",
        "it stops a retreat",
    ),
    ("can't attack", "attack.cant-attack", "it stops an attack"),
    (
        "prevent all damage",
        "attack.prevent-damage",
        "it prevents damage",
    ),
    (
        "prevent all effects",
        "attack.prevent-effects",
        "it prevents effects",
    ),
    (
        "damage to itself",
        "attack.self-damage",
        "it damages itself",
    ),
    ("lost zone", "zones.lost-zone", "it uses the Lost Zone"),
    ("devolve", "evolution.devolve", "it devolves Pokémon"),
    (
        "next turn",
        "effects.duration",
        "its effect lasts into a next turn",
    ),
    (
        "at the end of your",
        "effects.end-of-turn",
        "it acts at the end of a turn",
    ),
    (
        "at the end of the turn",
        "effects.end-of-turn",
        "it acts at the end of a turn",
    ),
    (
        "is damaged by an attack",
        "attack.damaged-by-attack",
        "it answers damage from an attack",
    ),
    (
        "this turn, this attack",
        "effects.this-turn",
        "its attack looks back on this turn",
    ),
    (
        "last turn, this attack",
        "effects.this-turn",
        "its attack looks back on the last turn",
    ),
    (
        "maximum hp",
        "hp.maximum-remaining",
        "it speaks of maximum HP",
    ),
    (
        "hp remaining",
        "hp.maximum-remaining",
        "it speaks of remaining HP",
    ),
    (
        "remaining hp",
        "hp.maximum-remaining",
        "it speaks of remaining HP",
    ),
    ("full hp", "hp.maximum-remaining", "it speaks of full HP"),
    (
        "can't apply more than 1",
        "ability.stacking",
        "only one of it applies at a time",
    ),
    (
        "energy card from your",
        "energy.attach-by-effect",
        "it attaches or moves Energy",
    ),
    (
        "energy cards from your",
        "energy.attach-by-effect",
        "it attaches or moves Energy",
    ),
    (
        "move an energy",
        "energy.attach-by-effect",
        "it moves Energy",
    ),
    (
        "move all energy",
        "energy.attach-by-effect",
        "it moves Energy",
    ),
];

/// The clauses the card's wordings touch ([`WORDINGS`]); "move" only with damage counters, an
/// Energy card "from your" hand, deck or discard pile only when the text attaches it.
fn wording_clauses(card: &Card) -> Vec<(&'static str, &'static str)> {
    let text: String = card
        .rules
        .iter()
        .map(String::as_str)
        .chain(card.attacks.iter().map(|a| a.text.as_str()))
        .chain(card.abilities.iter().map(|a| a.text.as_str()))
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
        .replace('\u{2019}', "'");
    WORDINGS
        .iter()
        .filter(|(words, _, _)| text.contains(words))
        .filter(|(words, _, _)| *words != "move" || text.contains("damage counter"))
        .filter(|(words, _, _)| !words.starts_with("energy card") || text.contains("attach"))
        .map(|&(_, clause, why)| (clause, why))
        .collect()
}

/// The clauses a card's kind brings into play.
fn kind_clauses(card: &Card) -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    if card.is_pokemon() {
        match card.stage() {
            Some(Stage::Basic) => {
                out.push(("setup.basic-pokemon", "a Basic Pokémon"));
                out.push(("turn.bench-basic", "a Basic Pokémon"));
            }
            Some(Stage::Legend) => {
                out.push(("pokemon.legend", "a Pokémon LEGEND"));
            }
            Some(stage) => {
                if stage == Stage::Break {
                    out.push(("pokemon.break", "a Pokémon BREAK"));
                }
                out.push(("evolution.evolves-from", "an Evolution card"));
                out.push(("evolution.first-turn", "an Evolution card"));
                out.push(("evolution.same-turn", "an Evolution card"));
            }
            None => {}
        }
        if card.types.len() > 1 {
            out.push(("pokemon.dual-type", "a dual-type Pokémon"));
        }
        let prize = card.prize();
        out.push((prize_clause(&prize, &card.name), "its Prize value"));
        if !card.attacks.is_empty() {
            out.push(("attack.energy-cost", "it has attacks"));
        }
        if card.attacks.iter().any(|a| a.name.ends_with("GX")) {
            out.push(("attack.gx-once", "it has a GX attack"));
        }
        if card.subtypes.iter().any(|s| s.as_str() == "VSTAR") {
            out.push(("attack.vstar-once", "it has a VSTAR Power"));
        }
        if !card.weaknesses.is_empty() {
            out.push(("attack.damage-order.weakness", "it has a Weakness"));
        }
        if !card.resistances.is_empty() {
            out.push(("attack.damage-order.resistance", "it has a Resistance"));
        }
        out.push(("retreat.cost", "its Retreat Cost"));
        if card.is_radiant() {
            out.push(("pokemon.radiant", "a Radiant Pokémon"));
            out.push(("deck.radiant", "a Radiant Pokémon"));
        }
        for a in &card.abilities {
            match a.kind {
                AbilityKind::Ability | AbilityKind::VstarPower => {
                    out.push(("ability.use", "it has an Ability"));
                }
                AbilityKind::PokePower | AbilityKind::PokeBody | AbilityKind::PokemonPower => {
                    out.push((
                        "ability.poke-powers",
                        "it has a Poké-Power, Poké-Body or Pokémon Power",
                    ));
                    out.push((
                        "ability.powers-under-conditions",
                        "Special Conditions may switch its power off",
                    ));
                }
                AbilityKind::AncientTrait => {
                    out.push(("ability.ancient-trait", "it has an Ancient Trait"));
                }
                AbilityKind::Other(_) => {}
            }
        }
        if card.level.as_deref() == Some("X") || card.name.ends_with("LV.X") {
            out.push(("pokemon.lv-x", "a Pokémon LV.X"));
        }
        if card.name.contains(['☆', '★']) {
            out.push(("deck.pokemon-star", "a Pokémon ☆"));
        }
    }
    if card.is_prism_star() {
        out.push(("pokemon.prism-star", "a Prism Star card"));
        out.push(("deck.prism-star", "a Prism Star card"));
    }
    if card.is_supporter() {
        out.push(("turn.supporter-once", "a Supporter"));
        out.push(("turn.supporter-first-turn", "a Supporter"));
    }
    if card.is_stadium() {
        out.push(("turn.stadium-once", "a Stadium"));
        out.push(("turn.stadium-same-name", "a Stadium"));
    }
    if card.is_tool() {
        out.push(("trainer.tool", "a Pokémon Tool"));
    }
    if card.is_trainer() && card.name.starts_with("Technical Machine") {
        out.push(("trainer.technical-machine", "a Technical Machine"));
    }
    if card.is_ace_spec() {
        out.push(("deck.ace-spec", "an ACE SPEC card"));
    }
    if card.is_energy() {
        out.push(("turn.energy-attach-once", "an Energy card"));
        if card.is_basic_energy() {
            out.push(("energy.basic", "a basic Energy card"));
        } else {
            out.push(("energy.special", "a Special Energy card"));
        }
    }
    if !card.is_basic_energy() {
        out.push(("deck.four-copies", "at most 4 of a name in a deck"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::effects::card_effects;
    use crate::rules::clause;

    fn card(json: &str) -> Card {
        let mut cards = crate::cards::CardDb::parse_set_json(&format!("[{json}]"), "t.json")
            .expect("fixture parses");
        cards.remove(0)
    }

    fn clauses(c: &Card) -> Vec<&'static str> {
        card_rulings(c, &card_effects(c))
            .into_iter()
            .map(|r| r.clause)
            .collect()
    }

    #[test]
    fn a_pokemon_ex_touches_its_prize_rule_and_its_attacks_damage() {
        let c = card(
            r#"{"id":"fx-1","name":"Dragapult ex","supertype":"Pokémon","subtypes":["Stage 2","ex"],"hp":"320",
            "types":["Dragon"],"evolvesFrom":"Drakloak",
            "rules":["Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards."],
            "attacks":[{"name":"Phantom Dive","cost":["Fire","Psychic"],"damage":"200",
              "text":"Put 6 damage counters on your opponent's Benched Pokémon in any way you like."}],
            "retreatCost":["Colorless"]}"#,
        );
        let got = clauses(&c);
        for want in [
            "pokemon.ex",
            "evolution.evolves-from",
            "attack.energy-cost",
            "card-text.overrides-rules",
        ] {
            assert!(got.contains(&want), "{want} missing from {got:?}");
        }
        assert!(!got.contains(&"setup.basic-pokemon"), "{got:?}");
        assert!(!got.contains(&"turn.supporter-once"), "{got:?}");
        for id in &got {
            assert!(clause(id).is_some(), "{id} is not a registry clause");
        }
        let mut unique = got.clone();
        unique.dedup();
        assert_eq!(unique.len(), got.len(), "{got:?}");
    }

    #[test]
    fn powers_lv_x_and_technical_machines_touch_their_clauses() {
        let c = card(
            r#"{"id":"fx-4","name":"Gengar","level":"X","supertype":"Pokémon","subtypes":["Level-Up"],"hp":"130",
            "types":["Psychic"],"evolvesFrom":"Gengar",
            "abilities":[{"name":"Levitate","type":"Poké-Power","text":"Once during your turn, you may switch."},
                         {"name":"Old Trait","type":"Ancient Trait","text":"This Pokémon can attack twice."}],
            "retreatCost":[]}"#,
        );
        let got = clauses(&c);
        for want in [
            "ability.poke-powers",
            "ability.powers-under-conditions",
            "ability.ancient-trait",
            "pokemon.lv-x",
        ] {
            assert!(got.contains(&want), "{want} missing from {got:?}");
        }
        let tm = card(
            r#"{"id":"fx-5","name":"Technical Machine: Evolution","supertype":"Trainer","subtypes":["Pokémon Tool"],
            "rules":["The Pokémon this card is attached to can use the attack on this card."]}"#,
        );
        let got = clauses(&tm);
        assert!(got.contains(&"trainer.technical-machine"), "{got:?}");
        assert!(got.contains(&"trainer.tool"), "{got:?}");
        for id in clauses(&c).iter().chain(&got) {
            assert!(clause(id).is_some(), "{id} is not a registry clause");
        }
    }

    #[test]
    fn timing_zone_and_special_kind_wordings_touch_their_clauses() {
        let aerodactyl = card(
            r#"{"id":"fx-6","name":"Aerodactyl","supertype":"Pokémon","subtypes":["Stage 1"],"hp":"130",
            "types":["Colorless"],"evolvesFrom":"Antique Old Amber",
            "attacks":[{"name":"Devolution Ray","cost":["Colorless"],"damage":"",
              "text":"If your opponent's Active Pokémon is an evolved Pokémon, devolve it by putting the highest Stage Evolution card on it into your opponent's hand."}]}"#,
        );
        assert!(clauses(&aerodactyl).contains(&"evolution.devolve"));
        let greninja = card(
            r#"{"id":"fx-7","name":"Greninja BREAK","supertype":"Pokémon","subtypes":["BREAK"],"hp":"170",
            "types":["Water"],"evolvesFrom":"Greninja",
            "abilities":[{"name":"Giant Water Shuriken","type":"Ability","text":"Once during your turn, you may put 6 damage counters on 1 of your opponent's Pokémon."}]}"#,
        );
        let got = clauses(&greninja);
        assert!(got.contains(&"pokemon.break"), "{got:?}");
        assert!(got.contains(&"evolution.evolves-from"), "{got:?}");
        let legend = card(
            r#"{"id":"fx-8","name":"Entei & Raikou LEGEND","supertype":"Pokémon","subtypes":["LEGEND"],"hp":"140",
            "types":["Fire","Lightning"],
            "rules":["Put this card from your hand onto your Bench only with the other half of Entei & Raikou LEGEND."],
            "attacks":[{"name":"Detonation Spin","cost":["Fire"],"damage":"100",
              "text":"Put 2 Energy attached to this Pokémon in the Lost Zone."}]}"#,
        );
        let got = clauses(&legend);
        for want in ["pokemon.legend", "pokemon.dual-type", "zones.lost-zone"] {
            assert!(got.contains(&want), "{want} missing from {got:?}");
        }
        assert!(!got.contains(&"evolution.evolves-from"), "{got:?}");
        let acid = card(
            r#"{"id":"fx-9","name":"Victreebel","supertype":"Pokémon","subtypes":["Stage 2"],"hp":"150",
            "types":["Grass"],"evolvesFrom":"Weepinbell",
            "attacks":[{"name":"Slow-Acting Acid","cost":["Grass"],"damage":"",
              "text":"At the end of your opponent's next turn, put 12 damage counters on the Defending Pokémon."}]}"#,
        );
        let got = clauses(&acid);
        for want in ["effects.end-of-turn", "effects.duration"] {
            assert!(got.contains(&want), "{want} missing from {got:?}");
        }
        for id in clauses(&aerodactyl)
            .iter()
            .chain(&clauses(&greninja))
            .chain(&got)
        {
            assert!(clause(id).is_some(), "{id} is not a registry clause");
        }
    }

    #[test]
    fn every_wording_leads_to_a_registry_clause() {
        for (words, id, _) in WORDINGS {
            assert!(
                clause(id).is_some(),
                "{words:?}: {id} is not a registry clause"
            );
        }
    }

    #[test]
    fn every_fact_leads_to_registry_clauses() {
        for fact in Fact::ALL {
            assert!(!fact_clauses(fact).is_empty(), "{fact:?}");
            for id in fact_clauses(fact) {
                assert!(
                    clause(id).is_some(),
                    "{fact:?}: {id} is not a registry clause"
                );
            }
        }
    }

    #[test]
    fn a_supporter_touches_the_supporter_rules_and_a_basic_energy_is_exempt_from_four_copies() {
        let boss = card(
            r#"{"id":"fx-2","name":"Boss's Orders","supertype":"Trainer","subtypes":["Supporter"],
            "rules":["Switch in 1 of your opponent's Benched Pokémon to the Active Spot."]}"#,
        );
        let got = clauses(&boss);
        assert!(got.contains(&"turn.supporter-once"), "{got:?}");
        assert!(got.contains(&"switch.who-chooses"), "{got:?}");
        assert!(!got.contains(&"card-text.heal"), "{got:?}");
        assert!(got.contains(&"deck.four-copies"), "{got:?}");
        let energy = card(
            r#"{"id":"fx-3","name":"Basic Fire Energy","supertype":"Energy","subtypes":["Basic"]}"#,
        );
        let got = clauses(&energy);
        assert!(got.contains(&"energy.basic"), "{got:?}");
        assert!(!got.contains(&"deck.four-copies"), "{got:?}");
    }
}
