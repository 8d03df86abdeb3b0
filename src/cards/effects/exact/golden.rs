//! Golden rows: card texts read by hand, and what the exact reader must make of them, through
//! the whole catalogue reader (normalisation, sentences, reminders). A row's expectation lists
//! the exact readings of the text, `|` and the facts left "may change" (none: `|` alone).
//!
//! The texts are real card texts of several wordings per family; the readings are what a judge
//! reads in them.

use crate::cards::effects::rules::read_card;
use crate::cards::test_support::card;

/// What a text is on its card.
enum On {
    /// An attack printing this damage (`""`: none).
    Attack(&'static str),
    Ability,
    Tool,
    Supporter,
    Item,
    Stadium,
    /// Rules printed on a Pokémon (a Tera rule).
    PokemonRules,
}

fn reading(on: &On, text: &str) -> String {
    let json = match on {
        On::Attack(damage) => serde_json::json!({
            "id": "g-1", "name": "Golden", "supertype": "Pokémon", "subtypes": ["Basic"],
            "hp": "100", "types": ["Colorless"],
            "attacks": [{"name": "Test", "cost": [], "damage": damage, "text": text}],
        }),
        On::Ability => serde_json::json!({
            "id": "g-1", "name": "Golden", "supertype": "Pokémon", "subtypes": ["Basic"],
            "hp": "100", "types": ["Colorless"],
            "abilities": [{"name": "Test", "type": "Ability", "text": text}],
        }),
        On::PokemonRules => serde_json::json!({
            "id": "g-1", "name": "Golden", "supertype": "Pokémon", "subtypes": ["Basic", "Tera"],
            "hp": "100", "types": ["Colorless"], "rules": [text],
        }),
        On::Tool | On::Supporter | On::Item | On::Stadium => {
            let sub = match on {
                On::Tool => "Pokémon Tool",
                On::Supporter => "Supporter",
                On::Item => "Item",
                _ => "Stadium",
            };
            serde_json::json!({
                "id": "g-1", "name": "Golden", "supertype": "Trainer", "subtypes": [sub],
                "rules": [text],
            })
        }
    };
    let c = card(&json.to_string());
    let effects = read_card(&c);
    let Some(t) = effects.texts().first() else {
        return "(nothing read) |".to_string();
    };
    let exact: Vec<String> = t.exact.iter().map(|e| e.to_string()).collect();
    let inexact: Vec<&str> = t.inexact.iter().map(|f| f.id()).collect();
    format!("{} | {}", exact.join("; "), inexact.join(", "))
        .trim()
        .to_string()
}

/// (where the text is, the text, the reading).
const ROWS: &[(On, &str, &str)] = &[
    // --- The attack's own damage: "N more damage" with a condition.
    (
        On::Attack("20+"),
        "Flip a coin. If heads, this attack does 20 more damage.",
        "base +20 if heads |",
    ),
    (
        On::Attack("30+"),
        "Flip a coin. If heads, this attack does 30 more damage.",
        "base +30 if heads |",
    ),
    (
        On::Attack("90+"),
        "If your opponent's Active Pokémon is an Evolution Pokémon, this attack does 90 more damage.",
        "base +90 if your opponent's Active Pokémon (Evolution) is so |",
    ),
    (
        On::Attack("90+"),
        "If your opponent's Active Pokémon is a Pokémon ex or Pokémon V, this attack does 90 more damage.",
        "base +90 if your opponent's Active Pokémon (ex or V) is so |",
    ),
    (
        On::Attack("20+"),
        "If your opponent's Active Pokémon is a Pokémon ex, this attack does 100 more damage.",
        "base +100 if your opponent's Active Pokémon (ex) is so |",
    ),
    (
        On::Attack("100+"),
        "If your opponent's Active Pokémon is a Fire Pokémon, this attack does 100 more damage.",
        "base +100 if your opponent's Active Pokémon (Fire) is so |",
    ),
    (
        On::Attack("60+"),
        "If your opponent's Active Pokémon already has any damage counters on it, this attack does 60 more damage.",
        "base +60 if your opponent's Active Pokémon has damage counters |",
    ),
    (
        On::Attack("30+"),
        "If your opponent's Active Pokémon is affected by a Special Condition, this attack does 60 more damage.",
        "base +60 if your opponent's Active Pokémon has a Special Condition |",
    ),
    (
        On::Attack("30+"),
        "If your opponent's Active Pokémon is Poisoned, this attack does 60 more damage.",
        "base +60 if your opponent's Active Pokémon is Poisoned |",
    ),
    (
        On::Attack("60+"),
        "If this Pokémon has any damage counters on it, this attack does 100 more damage.",
        "base +100 if this Pokémon has damage counters |",
    ),
    (
        On::Attack("50+"),
        "If this Pokémon has any Lightning Energy attached, this attack does 50 more damage.",
        "base +50 if this Pokémon has 1 Lightning Energy |",
    ),
    (
        On::Attack("90+"),
        "If this Pokémon has any Special Energy attached, this attack does 90 more damage.",
        "base +90 if this Pokémon has a Special Energy |",
    ),
    (
        On::Attack("20+"),
        "If this Pokémon moved from your Bench to the Active Spot this turn, this attack does 80 more damage.",
        "base +80 if it moved to the Active Spot this turn |",
    ),
    (
        On::Attack("90+"),
        "If you played a Supporter card from your hand during this turn, this attack does 90 more damage.",
        "base +90 if a Supporter was played this turn |",
    ),
    (
        On::Attack("80+"),
        "If there is any Stadium card in play, this attack does 80 more damage.",
        "base +80 if a Stadium is in play |",
    ),
    (
        On::Attack("30+"),
        "If you have a Stadium in play, this attack does 50 more damage.",
        "base +50 if you have a Stadium in play |",
    ),
    (
        On::Attack("120+"),
        "If your opponent has 3 or fewer cards in their hand, this attack does 120 more damage.",
        "| damage-dealt",
    ),
    (
        On::Attack("60+"),
        "If you have more Prize cards remaining than your opponent, this attack does 60 more damage.",
        "base +60 if more Prize cards left than the opponent |",
    ),
    (
        On::Attack("40+"),
        "If your opponent has exactly 1 Prize card remaining, this attack does 120 more damage.",
        "base +120 if the opponent has exactly 1 Prize cards left |",
    ),
    // --- "N more damage for each X".
    (
        On::Attack("30+"),
        "Flip 3 coins. This attack does 30 more damage for each heads.",
        "base +30 per heads |",
    ),
    (
        On::Attack("50+"),
        "This attack does 30 more damage for each Water Energy attached to this Pokémon.",
        "base +30 per Water Energy on this Pokémon |",
    ),
    (
        On::Attack("20+"),
        "This attack does 20 more damage for each Energy attached to your opponent's Active Pokémon.",
        "base +20 per Energy on your opponent's Active Pokémon |",
    ),
    (
        On::Attack("30+"),
        "This attack does 30 more damage for each Energy attached to both Active Pokémon.",
        "base +30 per Energy on any Active Pokémon |",
    ),
    (
        On::Attack("30+"),
        "This attack does 10 more damage for each damage counter on this Pokémon.",
        "base +10 per damage counter on this Pokémon |",
    ),
    (
        On::Attack("100+"),
        "This attack does 30 more damage for each damage counter on your opponent's Active Pokémon.",
        "base +30 per damage counter on your opponent's Active Pokémon |",
    ),
    (
        On::Attack("130+"),
        "This attack does 50 more damage for each Prize card your opponent has taken.",
        "base +50 per Prize card the opponent took |",
    ),
    (
        On::Attack("90+"),
        "This attack does 30 more damage for each of your opponent's Benched Pokémon.",
        "base +30 per your opponent's Benched Pokémon |",
    ),
    (
        On::Attack("160+"),
        "Discard up to 2 Basic Psychic Energy from your hand. This attack does 60 more damage for each card you discarded in this way.",
        "base +60 per card discarded by the attack |",
    ),
    (
        On::Attack("10+"),
        "This attack does 20 more damage for each Pokémon Tool attached to all of your Pokémon.",
        "base +20 per Tool on your Pokémon |",
    ),
    (
        On::Attack("270-"),
        "This attack does 10 less damage for each damage counter on this Pokémon.",
        "base -10 per damage counter on this Pokémon |",
    ),
    // --- Printed "N×": "N damage for each X".
    (
        On::Attack("20×"),
        "Flip 4 coins. This attack does 20 damage for each heads.",
        "base 20 per heads |",
    ),
    (
        On::Attack("10×"),
        "Flip 5 coins. This attack does 10 damage times the number of heads.",
        "base 10 per heads |",
    ),
    (
        On::Attack("30×"),
        "This attack does 30 damage for each Energy attached to this Pokémon.",
        "base 30 per Energy on this Pokémon |",
    ),
    (
        On::Attack("60×"),
        "This attack does 60 damage for each Prize card your opponent has taken.",
        "base 60 per Prize card the opponent took |",
    ),
    (
        On::Attack("30×"),
        "This attack does 30 damage for each of your Benched Pokémon.",
        "base 30 per your Benched Pokémon |",
    ),
    (
        On::Attack("10×"),
        "This attack does 10 damage for each damage counter on this Pokémon.",
        "base 10 per damage counter on this Pokémon |",
    ),
    (
        On::Attack("70×"),
        "Discard the top 5 cards of your deck. This attack does 70 damage for each card you discarded in this way.",
        "base 70 per card discarded by the attack |",
    ),
    (
        On::Attack("50×"),
        "This attack does 50 damage for each Energy attached to all of your opponent's Pokémon.",
        "base 50 per Energy on your opponent's Pokémon |",
    ),
    (
        On::Attack("110×"),
        "This attack does 110 damage for each of your Beedrill and Beedrill ex in play.",
        "base 110 per your Pokémon (named beedrill or beedrill ex) |",
    ),
    (
        On::Attack("50×"),
        "This attack does 50 damage for each card in your opponent's hand.",
        "base 50 per card in the opponent's hand |",
    ),
    (
        On::Attack("20×"),
        "This attack does 20 damage for each Basic Water Energy card in your discard pile. Then, shuffle those cards into your deck.",
        "base 20 per basic Water Energy card in your discard pile, then moved | ",
    ),
    (
        On::Attack("20+"),
        "This attack does 20 more damage for each basic Energy card in your discard pile. Then, shuffle those Energy cards into your deck.",
        "base +20 per basic Energy card in your discard pile, then moved |",
    ),
    (
        On::Attack("20×"),
        "This attack does 20 damage for each basic Energy card in your discard pile. Then, shuffle your deck.",
        "base 20 per basic Energy card in your discard pile |",
    ),
    (
        On::Attack("100×"),
        "Discard the top 6 cards of your deck, and this attack does 100 damage for each Basic Water Energy card that you discarded in this way.",
        "base 100 per basic Water Energy card discarded by the attack |",
    ),
    (
        On::Attack("60×"),
        "You may discard any number of Supporter cards that have \"Team Rocket\" in their name from your hand, and this attack does 60 damage for each card you discarded in this way.",
        "base 60 per card discarded by the attack |",
    ),
    (
        On::Attack("70"),
        "If you don't have Lunatone on your Bench, this attack does nothing. This attack's damage isn't affected by Weakness or Resistance.",
        "base does nothing if you have no lunatone on the Bench; base no Weakness or Resistance |",
    ),
    // --- The old wording.
    (
        On::Attack("20+"),
        "Flip a coin. If heads, this attack does 20 damage plus 20 more damage.",
        "base +20 if heads |",
    ),
    (
        On::Attack("20+"),
        "Flip 3 coins. This attack does 20 damage plus 20 more damage for each heads.",
        "base +20 per heads |",
    ),
    // --- What the attack's damage is not affected by.
    (
        On::Attack("70"),
        "This attack's damage isn't affected by Resistance.",
        "base no Resistance |",
    ),
    (
        On::Attack("80"),
        "This attack's damage isn't affected by Weakness or Resistance.",
        "base no Weakness or Resistance |",
    ),
    (
        On::Attack("120"),
        "This attack's damage isn't affected by any effects on your opponent's Active Pokémon.",
        "base no effects on the defender | suppression",
    ),
    (
        On::Attack("70"),
        "This attack's damage isn't affected by Weakness or Resistance, or by any effects on your opponent's Active Pokémon.",
        "base no Weakness or Resistance; base no effects on the defender |",
    ),
    (
        On::Attack("10×"),
        "This attack does 10 damage for each damage counter on all of your Benched Cynthia's Pokémon. This attack's damage isn't affected by Weakness.",
        "base no Weakness | damage-dealt",
    ),
    // --- Damage the attack does when it prints none.
    (
        On::Attack(""),
        "This attack does 90 damage to 2 of your opponent's Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)",
        "base +90 |",
    ),
    (
        On::Attack(""),
        "This attack does 60 damage to 1 of your opponent's Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)",
        "base +60 |",
    ),
    // --- Damage to others, to itself, healing: no change to the main damage.
    (
        On::Attack("220"),
        "This Pokémon also does 30 damage to itself.",
        "no change to the main damage |",
    ),
    (
        On::Attack("120"),
        "This attack also does 30 damage to 2 of your opponent's Benched Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)",
        "no change to the main damage |",
    ),
    (
        On::Attack("110"),
        "This attack also does 20 damage to each of your Benched Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)",
        "no change to the main damage |",
    ),
    (
        On::Attack("70"),
        "Flip a coin. If tails, this Pokémon does 20 damage to itself.",
        "no change to the main damage |",
    ),
    (
        On::Attack("60"),
        "Heal 30 damage from this Pokémon.",
        "no change to the main damage | damage-counters",
    ),
    (
        On::Attack("120"),
        "Discard an Energy from this Pokémon. This attack also does 10 damage to each of your opponent's Benched Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)",
        "no change to the main damage |",
    ),
    // --- What lasts to the opponent's next turn.
    (
        On::Attack("30"),
        "During your opponent's next turn, this Pokémon takes 30 less damage from attacks (after applying Weakness and Resistance).",
        "defender -30 by your opponent's Pokémon to this Pokémon if during the opponent's next turn |",
    ),
    (
        On::Attack("10"),
        "Flip a coin. If heads, during your opponent's next turn, prevent all damage from and effects of attacks done to this Pokémon.",
        "defender prevent all by your opponent's Pokémon to this Pokémon if heads and during the opponent's next turn | damage-counters, conditions",
    ),
    (
        On::Attack("180"),
        "During your opponent's next turn, prevent all damage done to this Pokémon by attacks from Basic non-Colorless Pokémon.",
        "defender prevent all by your opponent's Pokémon (Basic, not Colorless) to this Pokémon if during the opponent's next turn |",
    ),
    (
        On::Attack("120"),
        "During your opponent's next turn, prevent all damage done to this Pokémon by attacks from Ancient Pokémon.",
        "defender prevent all by your opponent's Pokémon (Ancient) to this Pokémon if during the opponent's next turn |",
    ),
    (
        On::Attack("20"),
        "Flip a coin. If heads, during your opponent's next turn, prevent all damage done to this Pokémon by attacks.",
        "defender prevent all by your opponent's Pokémon to this Pokémon if heads and during the opponent's next turn |",
    ),
    (
        On::Attack("100"),
        "During your opponent's next turn, attacks used by the Defending Pokémon do 30 less damage (before applying Weakness and Resistance).",
        "attacker -30 by the Defending Pokémon to any Pokémon if during the opponent's next turn |",
    ),
    (
        On::Attack(""),
        "During your opponent's next turn, the Defending Pokémon's attacks do 20 less damage (before applying Weakness and Resistance).",
        "attacker -20 by the Defending Pokémon to any Pokémon if during the opponent's next turn |",
    ),
    // --- Attacks with an effect that is not about damage: nothing to read for damage.
    (
        On::Attack("120+"),
        "If your opponent's Active Pokémon is a Basic Pokémon, this attack does 120 more damage.",
        "base +120 if your opponent's Active Pokémon (Basic) is so |",
    ),
    (
        On::Attack("50+"),
        "This attack does 50 more damage for each Energy attached to this Pokémon.",
        "base +50 per Energy on this Pokémon |",
    ),
    (
        On::Attack("20+"),
        "This attack does 20 more damage for each Benched Pokémon (both yours and your opponent's).",
        "base +20 per any Benched Pokémon |",
    ),
    (
        On::Attack("40+"),
        "You may discard a Stadium in play. If you do, this attack does 140 more damage.",
        "base +140 if the optional action was taken |",
    ),
    // --- Damage counters put or moved.
    (
        On::Attack("200"),
        "Put 6 damage counters on your opponent's Benched Pokémon in any way you like.",
        "put 6 counter(s) in all, shared out |",
    ),
    (
        On::Attack(""),
        "Put 7 damage counters on your opponent's Active Pokémon.",
        "put 7 counter(s) on one Pokémon |",
    ),
    (
        On::Attack(""),
        "Place 2 damage counters on your opponent's Active Pokémon for each card in your hand.",
        "put 2 counter(s) per card in your hand on one Pokémon |",
    ),
    (
        On::Attack(""),
        "Put 2 damage counters on each of your opponent's Pokémon.",
        "put 2 counter(s) on each |",
    ),
    (
        On::Attack(""),
        "If you have 6 or more Pokémon that have the Hide 'n' Sneak Ability in your discard pile, place 4 damage counters on each of your opponent's Pokémon.",
        "put 4 counter(s) on each if at least 6 Pokémon with the hide 'n' sneak Ability in your discard pile |",
    ),
    (
        On::Ability,
        "Once during your turn, you may put 5 damage counters on 1 of your opponent's Pokémon. If you use this Ability, this Pokémon is Knocked Out.",
        "put 5 counter(s) on one Pokémon | knock-out",
    ),
    (
        On::Ability,
        "Once during your turn, if this Pokémon has any Darkness Energy attached, you may move up to 3 damage counters from 1 of your Pokémon to 1 of your opponent's Pokémon.",
        "move up to 3 counter(s) on one Pokémon if this Pokémon has 1 Darkness Energy |",
    ),
    (
        On::Ability,
        "During Pokémon Checkup, put 1 damage counter on each Pokémon that has an Ability (both yours and your opponent's), except any Froslass.",
        "put 1 counter(s) on each if during Pokémon Checkup |",
    ),
    (
        On::Ability,
        "As often as you like during your turn, you may attach a Basic Psychic Energy card from your discard pile to 1 of your Psychic Pokémon. If you attached Energy to a Pokémon in this way, put 2 damage counters on that Pokémon. You can't use this Ability on a Pokémon that would be Knocked Out.",
        "put 2 counter(s) on one Pokémon if \"you attached energy to a pokemon in this way\" |",
    ),
    (
        On::Stadium,
        "Whenever any player puts a Basic non-Darkness Pokémon onto their Bench during their turn, place 2 damage counters on that Pokémon.",
        "put 2 counter(s) on one Pokémon if \"any player puts a basic non-darkness pokemon onto their bench during their turn\" |",
    ),
    (
        On::Attack(""),
        "Choose 2 of your opponent's Pokémon and put 2 damage counters on each of them.",
        "put 2 counter(s) on each |",
    ),
    (
        On::Tool,
        "If the Pokémon this card is attached to is in the Active Spot and is damaged by an attack from your opponent's Pokémon (even if this Pokémon is Knocked Out), put 12 damage counters on the Attacking Pokémon. If you placed any damage counters in this way, discard this card.",
        "put 12 counter(s) on one Pokémon if \"the pokemon this card is attached to is in the active spot and is damaged by an attack from your opponent's pokemon (even if this pokemon is knocked out)\" |",
    ),
    (
        On::Attack(""),
        "Put 5 damage counters on 1 of your opponent's Pokémon. If you placed any damage counters in this way, this Pokémon is Knocked Out.",
        "put 5 counter(s) on one Pokémon | knock-out",
    ),
    (
        On::Ability,
        "When you play this Pokémon from your hand to evolve 1 of your Pokémon during your turn, you may put 2 damage counters on 1 of your opponent's Pokémon.",
        "put 2 counter(s) on one Pokémon if \"you play this pokemon from your hand to evolve 1 of your pokemon during your turn\" |",
    ),
    (
        On::Attack(""),
        "Flip a coin. If heads, put 2 damage counters on each of your opponent's Pokémon. If tails, put 2 damage counters on 1 of your Pokémon.",
        "put 2 counter(s) on each if heads; put 2 counter(s) on one Pokémon if tails |",
    ),
    (
        On::Attack(""),
        "Put a total of 5 damage counters on all Defending Pokémon in any way you like.",
        "| damage-counters",
    ),
    (
        On::Attack(""),
        "Count the number of cards in your opponent's hand. Put that many damage counters on the Defending Pokémon.",
        "| damage-counters",
    ),
    // --- Tools.
    (
        On::Tool,
        "The attacks of the Pokémon this card is attached to do 30 more damage to your opponent's Active Pokémon V (before applying Weakness and Resistance).",
        "attacker +30 by this Pokémon to your opponent's Active Pokémon (V) |",
    ),
    (
        On::Tool,
        "The attacks of the Pokémon this card is attached to do 50 more damage to your opponent's Active Pokémon ex (before applying Weakness and Resistance).",
        "attacker +50 by this Pokémon to your opponent's Active Pokémon (ex) |",
    ),
    (
        On::Tool,
        "If you have more Prize cards remaining than your opponent, the attacks of the Pokémon this card is attached to do 30 more damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
        "attacker +30 by this Pokémon to your opponent's Active Pokémon if more Prize cards left than the opponent |",
    ),
    (
        On::Tool,
        "The Pokémon this card is attached to gets +100 HP.",
        "+100 HP to this Pokémon |",
    ),
    (
        On::Tool,
        "The Basic Pokémon this card is attached to gets +50 HP.",
        "+50 HP to this Pokémon (Basic) |",
    ),
    (
        On::Tool,
        "Attacks used by the Poisoned Pokémon this card is attached to do 40 more damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
        "attacker +40 by this Pokémon (Poisoned) to your opponent's Active Pokémon |",
    ),
    (
        On::Tool,
        "The Future Pokémon this card is attached to has no Retreat Cost, and the attacks it uses do 20 more damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
        "attacker +20 by this Pokémon (Future) to your opponent's Active Pokémon | retreat-cost",
    ),
    (
        On::Tool,
        "Prevent all effects of attacks, including damage, done to the Pokémon this card is attached to by your opponent's Pokémon-EX and Pokémon-GX.",
        "defender prevent all by your opponent's Pokémon (EX or GX) to this Pokémon | damage-counters, conditions",
    ),
    // --- Abilities.
    (
        On::Ability,
        "If this Pokémon has any Darkness Energy attached, it gets +100 HP, and the attacks it uses do 100 more damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
        "+100 HP to this Pokémon if this Pokémon has 1 Darkness Energy; attacker +100 by this Pokémon to your opponent's Active Pokémon if this Pokémon has 1 Darkness Energy |",
    ),
    (
        On::Ability,
        "Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon ex and Pokémon V.",
        "defender prevent all by your opponent's Pokémon (ex or V) to this Pokémon |",
    ),
    (
        On::Ability,
        "Your Basic Lightning Pokémon's attacks, except any Zapdos, do 10 more damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
        "attacker +10 by your Pokémon (not named zapdos, Basic, Lightning) to your opponent's Active Pokémon |",
    ),
    (
        On::Ability,
        "Attacks used by your Future Pokémon, except any Iron Crown ex, do 20 more damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
        "attacker +20 by your Pokémon (not named iron crown ex, Future) to your opponent's Active Pokémon |",
    ),
    (
        On::Ability,
        "Your Basic Pokémon's attacks do 30 more damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
        "attacker +30 by your Pokémon (Basic) to your opponent's Active Pokémon |",
    ),
    (
        On::Ability,
        "Attacks used by your Pokémon do 20 more damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
        "attacker +20 by your Pokémon to your opponent's Active Pokémon |",
    ),
    (
        On::Ability,
        "This Pokémon takes 30 less damage from attacks (after applying Weakness and Resistance).",
        "defender -30 by any Pokémon to this Pokémon |",
    ),
    (
        On::Ability,
        "Prevent all damage done to this Pokémon by attacks from Colorless Pokémon.",
        "defender prevent all by any Pokémon (Colorless) to this Pokémon |",
    ),
    (
        On::Ability,
        "Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon ex.",
        "defender prevent all by your opponent's Pokémon (ex) to this Pokémon |",
    ),
    (
        On::Ability,
        "Prevent all damage done to this Pokémon by attacks from your opponent's Pokémon ex and Pokémon V.",
        "defender prevent all by your opponent's Pokémon (ex or V) to this Pokémon |",
    ),
    (
        On::Ability,
        "Prevent all damage done to your Benched Pokémon by attacks from your opponent's Pokémon.",
        "defender prevent all by your opponent's Pokémon to your Benched Pokémon |",
    ),
    (
        On::Ability,
        "Prevent all damage done to your Benched Pokémon that don't have a Rule Box by attacks from your opponent's Pokémon.",
        "defender prevent all by your opponent's Pokémon to your Benched Pokémon (not Rule Box) |",
    ),
    (
        On::Ability,
        "Prevent all damage from attacks done to this Pokémon by your opponent's Pokémon that have an Ability.",
        "| damage-taken",
    ),
    (
        On::Ability,
        "As long as this Pokémon is in the Active Spot, attacks used by your opponent's Active Pokémon do 30 less damage (before applying Weakness and Resistance).",
        "attacker -30 by your opponent's Active Pokémon to any Pokémon if this Pokémon in the Active Spot is so |",
    ),
    (
        On::Ability,
        "Damage from attacks used by this Pokémon isn't affected by any effects on your opponent's Active Pokémon.",
        "base no effects on the defender | suppression",
    ),
    (
        On::Ability,
        "Prevent all effects of attacks used by your opponent's Pokémon done to this Pokémon. (Damage is not an effect.)",
        "effects of attacks prevented on this Pokémon, damage not | conditions",
    ),
    (
        On::Ability,
        "Prevent all effects of your opponent's Pokémon's attacks and Abilities done to this Pokémon. (Damage is not an effect.)",
        "effects of attacks and Abilities prevented on this Pokémon, damage not | conditions",
    ),
    (
        On::Ability,
        "Prevent all effects of your opponent's Pokémon's Abilities done to this Pokémon.",
        "effects of Abilities prevented on this Pokémon, damage not | conditions, suppression",
    ),
    (
        On::Ability,
        "If this Pokémon has full HP, it takes 80 less damage from attacks from your opponent's Pokémon (after applying Weakness and Resistance).",
        "| damage-taken",
    ),
    (
        On::Ability,
        "Your Water Pokémon in play, except any Kricketune, get +40 HP.",
        "+40 HP to your Pokémon (not named kricketune, Water) |",
    ),
    (
        On::Ability,
        "Once during your turn, you may heal 30 damage from each of your Pokémon.",
        "| damage-counters",
    ),
    (
        On::Ability,
        "Colorless Pokémon in play (both yours and your opponent's) have no Weakness.",
        "defender no Weakness by any Pokémon to any Pokémon (Colorless) |",
    ),
    (
        On::Ability,
        "If you have Lunatone in play, your opponent's Pokémon in play have no Resistance.",
        "defender no Resistance by any Pokémon to your opponent's Pokémon if you have lunatone in play |",
    ),
    (
        On::Ability,
        "If this Pokémon has any Psychic Energy attached to it, this Pokémon has no Weakness.",
        "defender no Weakness by any Pokémon to this Pokémon if this Pokémon has 1 Psychic Energy |",
    ),
    (
        On::Tool,
        "If the Pokémon this card is attached to doesn't have a Rule Box, the attacks it uses do 30 more damage to your opponent's Active Pokémon ex (before applying Weakness and Resistance). (Pokémon ex, Pokémon V, etc. have Rule Boxes.)",
        "attacker +30 by this Pokémon to your opponent's Active Pokémon (ex) if this Pokémon (not Rule Box) is so |",
    ),
    (
        On::Attack("120+"),
        "You may put a Water Energy attached to this Pokémon into your hand and have this attack do 80 more damage.",
        "base +80 if the optional action was taken |",
    ),
    (
        On::Attack("200+"),
        "If this Pokémon has at least 2 extra Energy attached (in addition to this attack's cost), this attack does 130 more damage.",
        "base +130 if 2 Energy beyond the attack's cost |",
    ),
    (
        On::Attack("30+"),
        "You may do 40 more damage. If you do, this Pokémon also does 20 damage to itself.",
        "base +40 if the optional action was taken; no change to the main damage |",
    ),
    // --- Tera rules on a Pokémon.
    (
        On::PokemonRules,
        "Tera: As long as this Pokémon is on your Bench, prevent all damage done to this Pokémon by attacks (both yours and your opponent's).",
        "defender prevent all by any Pokémon to this Pokémon if this Pokémon on the Bench is so |",
    ),
    (
        On::PokemonRules,
        "As long as this Pokémon is on your Bench, prevent all damage done to this Pokémon by attacks (both yours and your opponent's).",
        "defender prevent all by any Pokémon to this Pokémon if this Pokémon on the Bench is so |",
    ),
    // --- Supporters and Items played this turn.
    (
        On::Supporter,
        "During this turn, attacks used by your Pokémon do 40 more damage to your opponent's Active Pokémon ex (before applying Weakness and Resistance).",
        "attacker +40 by your Pokémon to your opponent's Active Pokémon (ex) if this turn |",
    ),
    (
        On::Supporter,
        "During this turn, your Fighting Pokémon's attacks do 30 more damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
        "attacker +30 by your Pokémon (Fighting) to your opponent's Active Pokémon if this turn |",
    ),
    (
        On::Supporter,
        "During your opponent's next turn, all of your Pokémon take 30 less damage from attacks from your opponent's Pokémon (after applying Weakness and Resistance).",
        "defender -30 by your opponent's Pokémon to your Pokémon if during the opponent's next turn |",
    ),
    (
        On::Supporter,
        "During your opponent's next turn, all of your Pokémon take 30 less damage from attacks from your opponent's Pokémon V (after applying Weakness and Resistance).",
        "defender -30 by your opponent's Pokémon (V) to your Pokémon if during the opponent's next turn |",
    ),
    (
        On::Ability,
        "As long as you have at least 1 other Golden in play, all of your Basic Colorless Pokémon take 60 less damage from attacks from your opponent's Pokémon (after applying Weakness and Resistance). The effect of Test doesn't stack.",
        "defender -60 by your opponent's Pokémon to your Pokémon (Basic, Colorless) if you have another Pokémon of its name in play |",
    ),
    (
        On::Ability,
        "As long as you have Lunatone in play, this Pokémon takes 30 less damage from attacks.",
        "defender -30 by any Pokémon to this Pokémon if you have lunatone in play |",
    ),
    (
        On::Attack("30+"),
        "If you have 4 or more Pokémon that have the Hide 'n' Sneak Ability in your discard pile, this attack does 140 more damage.",
        "base +140 if at least 4 Pokémon with the hide 'n' sneak Ability in your discard pile |",
    ),
    (
        On::Attack("110×"),
        "This attack does 110 damage for each of your Golden and Golden ex in play.",
        "base 110 per your Pokémon (named golden or golden ex) |",
    ),
    (
        On::Ability,
        "Attacks used by your Grass Pokémon and Fire Pokémon do 20 more damage to your opponent's Active Pokémon (before applying Weakness and Resistance).",
        "attacker +20 by your Pokémon (Grass or Fire) to your opponent's Active Pokémon |",
    ),
    (
        On::Ability,
        "The Weakness of each of your opponent's Dragon Pokémon in play is now Psychic. (Apply Weakness as ×2.)",
        "Weakness of your opponent's Pokémon (Dragon) is now Psychic |",
    ),
    (
        On::Ability,
        "If you have Mesprit and Azelf in play, apply Weakness for each Pokémon (both yours and your opponent's) as ×4 instead.",
        "Weakness otherwise: \"apply weakness for each pokemon (both yours and your opponent's) as ×4 instead\" if you have mesprit in play and you have azelf in play |",
    ),
    (
        On::Item,
        "Heal 60 damage from your Active Pokémon.",
        "no change to the main damage | damage-counters",
    ),
    (
        On::Stadium,
        "Each player's Pokémon takes 10 more damage from attacks.",
        "| damage-taken",
    ),
    // Prize cards changed for a Knock Out: whose Knock Out is read, not the amount.
    (
        On::Ability,
        "If this Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon V, your opponent can't take any Prize cards for it.",
        "Prize cards changed when this Pokémon is Knocked Out |",
    ),
    (
        On::Ability,
        "If 1 of your Darkness Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon ex, that player takes 1 fewer Prize card. The effect of Shadowy Concealment doesn't stack.",
        "Prize cards changed when your Pokémon (Darkness) is Knocked Out |",
    ),
    (
        On::Attack("120"),
        "If your opponent's Pokémon is Knocked Out by damage from this attack, take 1 more Prize card.",
        "Prize cards changed when your opponent's Pokémon is Knocked Out |",
    ),
    (
        On::Attack("30"),
        "If your opponent's Basic Pokémon is Knocked Out by damage from this attack, take 2 more Prize cards.",
        "Prize cards changed when your opponent's Pokémon (Basic) is Knocked Out |",
    ),
    (
        On::Tool,
        "If the Pokémon this card is attached to is Knocked Out, your opponent takes 1 fewer Prize card.",
        "Prize cards changed when this Pokémon is Knocked Out |",
    ),
    (
        On::Ability,
        "If this Pokémon is Asleep and is Knocked Out by damage from an attack from your opponent's Pokémon, your opponent can't take any Prize cards for it.",
        "Prize cards changed when this Pokémon is Knocked Out |",
    ),
    (
        On::Ability,
        "If this Pokémon is Knocked Out by damage from an attack from your opponent's Pokémon, and if you have any Pecharunt ex in play, your opponent takes 1 fewer Prize card.",
        "Prize cards changed when this Pokémon is Knocked Out |",
    ),
    (
        On::Ability,
        "If this Pokémon is in the Active Spot and is Knocked Out, flip a coin. If heads, your opponent takes 1 fewer Prize card.",
        "| prize-count",
    ),
    (
        On::Supporter,
        "Ask your opponent if each player may take a Prize card. If yes, each player takes a Prize card. If no, you draw 4 cards. You may play only 1 Supporter card during your turn.",
        "takes Prize cards when used; takes Prize cards when used |",
    ),
];

#[test]
fn golden_rows_read_as_a_judge_reads_them() {
    let mut wrong = Vec::new();
    for (on, text, want) in ROWS {
        let got = reading(on, text);
        if got.trim() != want.trim() {
            wrong.push(format!("{text}\n   want: {want}\n    got: {got}"));
        }
    }
    assert!(ROWS.len() >= 80, "{} rows", ROWS.len());
    assert!(
        wrong.is_empty(),
        "{} of {} rows read otherwise:\n{}",
        wrong.len(),
        ROWS.len(),
        wrong.join("\n")
    );
}
