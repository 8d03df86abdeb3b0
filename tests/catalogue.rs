//! The effect catalogue's golden table: real cards of the pokemon-tcg-data set, each text read
//! by hand from its English wording into the exact set of rule facts (with reach) it may change.
//! Cards that change a fact sit beside look-alikes that change nothing ("Draw 2 cards", a
//! Knock Out or Prize count only tested in an "if" clause, a reminder sentence).
//!
//! Reads `../shared/cards/pokemon-tcg-data`; skipped, saying so, when it is absent.

mod common;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use ptcg_judge::cards::CardDb;
use ptcg_judge::cards::effects::{Catalogue, Fact, Reach, TextKind, card_effects};

use Fact::*;
use Reach::{Any, Holder, OpponentSide as Opp, OwnSide as Own};
use TextKind::TrainerRules as Trainer;
use TextKind::{Ability as Ab, Attack as Atk, EnergyRules as Energy, PokemonRules as Rules};

/// One text of one print, and what it may change.
struct Row {
    /// The print (pokemon-tcg-data id): prints of a name differ in wording.
    id: &'static str,
    name: &'static str,
    kind: TextKind,
    /// The attack's or Ability's name; empty for a card's rules.
    text: &'static str,
    expect: &'static [(Fact, Reach)],
}

const fn row(
    id: &'static str,
    name: &'static str,
    kind: TextKind,
    text: &'static str,
    expect: &'static [(Fact, Reach)],
) -> Row {
    Row {
        id,
        name,
        kind,
        text,
        expect,
    }
}

/// Read by hand. The reach is whom the text's own words name: the holder (the Pokémon itself,
/// or the one the Tool or Energy is attached to), the owner's side, the opponent's side, or
/// anyone (both sides, or a Stadium's "each player"). A wider reach already covers a narrower
/// one on the same side (the owner's side covers the holder).
const GOLDEN: &[Row] = &[
    // ---- Pokémon Tools ----
    // "The attacks of the Pokémon this card is attached to do 30 more damage to your
    // opponent's Active Pokémon V".
    row(
        "sv2-176",
        "Choice Belt",
        Trainer,
        "",
        &[(DamageDealt, Holder)],
    ),
    // The same, when "you have more Prize cards remaining": the Prize cards are only tested.
    row(
        "sv1-169",
        "Defiance Band",
        Trainer,
        "",
        &[(DamageDealt, Holder)],
    ),
    row(
        "sv5-154",
        "Maximum Belt",
        Trainer,
        "",
        &[(DamageDealt, Holder)],
    ),
    // "The Basic Pokémon this card is attached to gets +50 HP."
    row("sv2-173", "Bravery Charm", Trainer, "", &[(MaxHp, Holder)]),
    row("sv5-152", "Hero's Cape", Trainer, "", &[(MaxHp, Holder)]),
    row("swsh1-158", "Big Charm", Trainer, "", &[(MaxHp, Holder)]),
    // "The Stage 2 Pokémon this card is attached to has no Retreat Cost."
    row(
        "sv3pt5-155",
        "Big Air Balloon",
        Trainer,
        "",
        &[(RetreatCost, Holder)],
    ),
    row(
        "xy8-137",
        "Float Stone",
        Trainer,
        "",
        &[(RetreatCost, Holder)],
    ),
    // "… the attacks of the Pokémon this card is attached to cost Colorless less."
    row(
        "sv8-169",
        "Counter Gain",
        Trainer,
        "",
        &[(AttackCost, Holder)],
    ),
    // "… takes 30 less damage from attacks from your opponent's Pokémon".
    row(
        "sv3pt5-165",
        "Rigid Band",
        Trainer,
        "",
        &[(DamageTaken, Holder)],
    ),
    row(
        "xy5-142",
        "Weakness Policy",
        Trainer,
        "",
        &[(WeaknessResistance, Holder)],
    ),
    // "… would be Knocked Out …, that Pokémon is not Knocked Out and its remaining HP becomes
    // 10 instead."
    row(
        "xy3-91",
        "Focus Sash",
        Trainer,
        "",
        &[(KnockOut, Holder), (DamageCounters, Holder)],
    ),
    // "If the Pokémon this card is attached to is … damaged by an attack (even if this
    // Pokémon is Knocked Out), put 12 damage counters on the Attacking Pokémon."
    row(
        "sv7-134",
        "Deluxe Bomb",
        Trainer,
        "",
        &[(DamageCounters, Opp)],
    ),
    // A Technical Machine: its holder may use the attack printed on it.
    row(
        "sv4-178",
        "Technical Machine: Evolution",
        Trainer,
        "",
        &[(AttackChoice, Holder)],
    ),
    // "… search your deck for a card that evolves from that Pokémon and put it onto that
    // Pokémon to evolve it."
    row(
        "sv4-178",
        "Technical Machine: Evolution",
        Atk,
        "Evolution",
        &[(Evolution, Own)],
    ),
    // "… is Colorless less. If that Pokémon's remaining HP is 30 or less, it has no Retreat
    // Cost." (the HP is only tested)
    row(
        "sv5-159",
        "Rescue Board",
        Trainer,
        "",
        &[(RetreatCost, Holder)],
    ),
    row(
        "swsh1-156",
        "Air Balloon",
        Trainer,
        "",
        &[(RetreatCost, Holder)],
    ),
    // "When the Tera Pokémon this card is attached to uses an attack, that attack costs 1
    // Energy less."
    row(
        "sv7-142",
        "Sparkling Crystal",
        Trainer,
        "",
        &[(AttackCost, Holder)],
    ),
    row(
        "sv3pt5-164",
        "Protective Goggles",
        Trainer,
        "",
        &[(WeaknessResistance, Holder)],
    ),
    // "… gets +100 HP, and if it is Knocked Out by damage from an attack from your opponent's
    // Pokémon, that player takes 1 more Prize card."
    row(
        "sv4-166",
        "Luxurious Cape",
        Trainer,
        "",
        &[(MaxHp, Holder), (PrizeCount, Opp)],
    ),
    row(
        "sv9-151",
        "Lillie's Pearl",
        Trainer,
        "",
        &[(PrizeCount, Opp)],
    ),
    // Moves a Basic Energy when the Active Pokémon is Knocked Out: only a trigger.
    row("sv1-174", "Exp. Share", Trainer, "", &[]),
    // ---- Special Energy ----
    // "ColorlessColorless", and "20 less damage to your opponent's Pokémon".
    row(
        "swsh9-151",
        "Double Turbo Energy",
        Energy,
        "",
        &[(DamageDealt, Holder), (EnergyProvided, Holder)],
    ),
    // One Colorless Energy; switching into the Active Spot changes no fact.
    row("sv2-190", "Jet Energy", Energy, "", &[]),
    row(
        "sv2-191",
        "Luminous Energy",
        Energy,
        "",
        &[(EnergyProvided, Holder)],
    ),
    row(
        "bw4-93",
        "Prism Energy",
        Energy,
        "",
        &[(EnergyProvided, Holder)],
    ),
    row(
        "sv2-192",
        "Reversal Energy",
        Energy,
        "",
        &[(EnergyProvided, Holder)],
    ),
    row(
        "swsh2-174",
        "Twin Energy",
        Energy,
        "",
        &[(EnergyProvided, Holder)],
    ),
    row(
        "sv5-162",
        "Neo Upper Energy",
        Energy,
        "",
        &[(EnergyProvided, Holder)],
    ),
    // "Prevent all effects of attacks used by your opponent's Pokémon done to the Pokémon this
    // card is attached to. (… Damage is not an effect.)": counters and conditions, not damage.
    row(
        "sv5-161",
        "Mist Energy",
        Energy,
        "",
        &[(DamageCounters, Holder), (Conditions, Holder)],
    ),
    // "… that player takes 1 fewer Prize card": the opponent who Knocked it Out.
    row(
        "sv6-167",
        "Legacy Energy",
        Energy,
        "",
        &[(EnergyProvided, Holder), (PrizeCount, Opp)],
    ),
    // Draws cards when Knocked Out: the Knock Out is only its trigger.
    row("swsh11-171", "Gift Energy", Energy, "", &[]),
    // One Metal Energy; "The Metal Pokémon this card is attached to has no Weakness."
    row(
        "swsh4-163",
        "Coating Metal Energy",
        Energy,
        "",
        &[(WeaknessResistance, Holder)],
    ),
    // ---- Stadiums ----
    row(
        "swsh6-148",
        "Path to the Peak",
        Trainer,
        "",
        &[(Suppression, Any)],
    ),
    row(
        "sv6-153",
        "Jamming Tower",
        Trainer,
        "",
        &[(Suppression, Any)],
    ),
    row(
        "swsh9-137",
        "Collapsed Stadium",
        Trainer,
        "",
        &[(BenchSize, Any)],
    ),
    row(
        "sv7-131",
        "Area Zero Underdepths",
        Trainer,
        "",
        &[(BenchSize, Any)],
    ),
    row("xy6-89", "Sky Field", Trainer, "", &[(BenchSize, Any)]),
    // "All Special Energy … provide Colorless Energy and have no other effect."
    row(
        "swsh10-155",
        "Temple of Sinnoh",
        Trainer,
        "",
        &[(EnergyProvided, Any), (Suppression, Any)],
    ),
    // Knocked Out Pokémon go to the Lost Zone: where cards go is no rule fact.
    row("swsh11-161", "Lost City", Trainer, "", &[]),
    row(
        "bw4-91",
        "Skyarrow Bridge",
        Trainer,
        "",
        &[(RetreatCost, Any)],
    ),
    row("sv1-167", "Beach Court", Trainer, "", &[(RetreatCost, Any)]),
    // "… the player may choose to win the game."
    row("col1-81", "Lost World", Trainer, "", &[(Winner, Any)]),
    // Stadiums turned towards one player ("This ↓ player …"): either player.
    row(
        "xy8-145",
        "Parallel City",
        Trainer,
        "",
        &[(DamageDealt, Any), (BenchSize, Any)],
    ),
    row(
        "xy9-110",
        "Reverse Valley",
        Trainer,
        "",
        &[(DamageDealt, Any), (DamageTaken, Any)],
    ),
    row("xy10-94", "Chaos Tower", Trainer, "", &[(Conditions, Any)]),
    // ---- Items and Supporters ----
    row("sv4pt5-87", "Professor's Research", Trainer, "", &[]),
    row("sv2-185", "Iono", Trainer, "", &[]),
    row("swsh2-154", "Boss's Orders", Trainer, "", &[]),
    // Playable only with more Prize cards remaining: the count is tested, not changed.
    row("sv4-160", "Counter Catcher", Trainer, "", &[]),
    row("sv1-181", "Nest Ball", Trainer, "", &[]),
    row("sv1-196", "Ultra Ball", Trainer, "", &[]),
    // "If you go first, you may use this card during your first turn."
    row("sv6-145", "Carmine", Trainer, "", &[(FirstTurn, Own)]),
    row(
        "sv10-177",
        "Team Rocket's Proton",
        Trainer,
        "",
        &[(FirstTurn, Own)],
    ),
    // "… take 1 more Prize card."
    row("sv7-132", "Briar", Trainer, "", &[(PrizeCount, Own)]),
    // "… put that card onto the Basic Pokémon to evolve it, skipping the Stage 1. You can't use
    // this card during your first turn …" (a restriction).
    row("sv1-191", "Rare Candy", Trainer, "", &[(Evolution, Own)]),
    row("ex2-88", "Rare Candy", Trainer, "", &[(Evolution, Own)]),
    // Evolution from the deck, usable "during your first turn or on a Pokémon that was put
    // into play this turn".
    row(
        "xy6-94",
        "Wally",
        Trainer,
        "",
        &[(Evolution, Own), (FirstTurn, Own)],
    ),
    // "your Fighting Pokémon's attacks do 30 more damage"; putting Grant back into the hand
    // "doesn't use up your Supporter card for the turn" (no second Supporter is played).
    row("swsh10-144", "Grant", Trainer, "", &[(DamageDealt, Own)]),
    // "… instead of attaching your free Energy card, you may instead attach 2 Fire Energy …"
    row("gym2-17", "Blaine", Trainer, "", &[(OncePerTurn, Own)]),
    row("sv1-188", "Potion", Trainer, "", &[(DamageCounters, Own)]),
    row("base1-94", "Potion", Trainer, "", &[(DamageCounters, Own)]),
    // "Play this card as if it were a 60-HP Basic Colorless Pokémon. This card can't be
    // affected by any Special Conditions and can't retreat."
    row(
        "sv3pt5-152",
        "Antique Dome Fossil",
        Trainer,
        "",
        &[(MaxHp, Holder), (PlayRules, Holder), (Conditions, Holder)],
    ),
    row(
        "sv3pt5-152",
        "Antique Dome Fossil",
        Ab,
        "Domed Armor",
        &[(DamageTaken, Holder)],
    ),
    row(
        "swsh10-157",
        "Unidentified Fossil",
        Trainer,
        "",
        &[(MaxHp, Holder), (PlayRules, Holder)],
    ),
    // ---- Pokémon: Abilities ----
    // "… put 5 damage counters on 1 of your opponent's Pokémon. If you use this Ability, this
    // Pokémon is Knocked Out."
    row(
        "sv6pt5-19",
        "Dusclops",
        Ab,
        "Cursed Blast",
        &[(KnockOut, Holder), (DamageCounters, Opp)],
    ),
    row(
        "sv6pt5-20",
        "Dusknoir",
        Ab,
        "Cursed Blast",
        &[(KnockOut, Holder), (DamageCounters, Opp)],
    ),
    // "During your opponent's next turn, the Defending Pokémon can't retreat." (a restriction)
    row("sv6pt5-20", "Dusknoir", Atk, "Shadow Bind", &[]),
    row(
        "swsh4-71",
        "Dusknoir",
        Ab,
        "Spectral Breach",
        &[(EnergyProvided, Any), (Suppression, Any)],
    ),
    // "Your Basic Lightning Pokémon's attacks, except any Zapdos, do 10 more damage …"
    row(
        "pgo-29",
        "Zapdos",
        Ab,
        "Lightning Symbol",
        &[(DamageDealt, Own)],
    ),
    row("pgo-29", "Zapdos", Atk, "Electric Ball", &[]),
    row(
        "sv2-97",
        "Mimikyu",
        Ab,
        "Safeguard",
        &[(DamageTaken, Holder)],
    ),
    row(
        "sv2-97",
        "Mimikyu",
        Atk,
        "Ghost Eye",
        &[(DamageCounters, Opp)],
    ),
    // "Your opponent's Benched Pokémon can't be healed."
    row(
        "swsh3-81",
        "Mimikyu",
        Ab,
        "Heal Jamming",
        &[(DamageCounters, Opp)],
    ),
    // "Pokémon (both yours and your opponent's) can't be healed."
    row(
        "sv2-11",
        "Abomasnow",
        Ab,
        "Freezing Disaster",
        &[(DamageCounters, Any)],
    ),
    // "… attach a Basic Psychic Energy card from your discard pile to 1 of your Psychic
    // Pokémon. … put 2 damage counters on that Pokémon. You can't use this Ability on a
    // Pokémon that would be Knocked Out." (an Ability's attachment is not the manual one)
    row(
        "sv1-86",
        "Gardevoir ex",
        Ab,
        "Psychic Embrace",
        &[(DamageCounters, Own)],
    ),
    row(
        "sv1-86",
        "Gardevoir ex",
        Atk,
        "Miracle Force",
        &[(Conditions, Holder)],
    ),
    // The Pokémon ex rule box: the Prize value the card kind already gives.
    row("sv1-86", "Gardevoir ex", Rules, "", &[]),
    row(
        "pgo-11",
        "Radiant Charizard",
        Ab,
        "Excited Heart",
        &[(AttackCost, Holder)],
    ),
    // "During your next turn, this Pokémon can't use Combustion Blast." (a restriction)
    row("pgo-11", "Radiant Charizard", Atk, "Combustion Blast", &[]),
    row(
        "swsh9-41",
        "Manaphy",
        Ab,
        "Wave Veil",
        &[(DamageTaken, Own)],
    ),
    // "… put up to 2 Colorless Pokémon that don't have a Rule Box from your discard pile onto
    // your Bench."
    row(
        "swsh12-139",
        "Lugia VSTAR",
        Ab,
        "Summoning Star",
        &[(PlayRules, Own)],
    ),
    row("swsh12-139", "Lugia VSTAR", Atk, "Tempest Dive", &[]),
    row(
        "swsh11-50",
        "Cramorant",
        Ab,
        "Lost Provisions",
        &[(AttackCost, Holder)],
    ),
    row("sv3-125", "Charizard ex", Ab, "Infernal Reign", &[]),
    row(
        "sv3-125",
        "Charizard ex",
        Atk,
        "Burning Darkness",
        &[(DamageDealt, Holder)],
    ),
    // The Tera rule: "prevent all damage done to this Pokémon by attacks".
    row(
        "sv3-125",
        "Charizard ex",
        Rules,
        "",
        &[(DamageTaken, Holder)],
    ),
    row("sv3-164", "Pidgeot ex", Ab, "Quick Search", &[]),
    row("swsh9-121", "Bibarel", Ab, "Industrious Incisors", &[]),
    row("hgss4-17", "Ditto", Ab, "Dittobolic", &[(BenchSize, Opp)]),
    row(
        "pgo-53",
        "Ditto",
        Ab,
        "Sudden Transformation",
        &[(AttackChoice, Holder)],
    ),
    row("sm2-66", "Sudowoodo", Ab, "Roadblock", &[(BenchSize, Opp)]),
    // "As long as this Pokémon is in the Active Spot, your opponent can't have more than 3
    // Benched Pokémon."
    row(
        "sv3-123",
        "Glimmora ex",
        Ab,
        "Dust Field",
        &[(BenchSize, Opp)],
    ),
    row(
        "sv3-123",
        "Glimmora ex",
        Atk,
        "Poisonous Gem",
        &[(Conditions, Opp)],
    ),
    row(
        "swsh3-117",
        "Eternatus VMAX",
        Ab,
        "Eternal Zone",
        &[(BenchSize, Own)],
    ),
    row(
        "swsh7-101",
        "Garbodor VMAX",
        Ab,
        "Rubbish Collecting",
        &[(Tools, Holder)],
    ),
    row(
        "swsh9-88",
        "Honchkrow V",
        Ab,
        "Boss Pockets",
        &[(Tools, Holder)],
    ),
    row("sv3-156", "Revavroom ex", Ab, "Tune-Up", &[(Tools, Holder)]),
    row(
        "sv3-156",
        "Revavroom ex",
        Atk,
        "Wild Drift",
        &[(DamageTaken, Holder)],
    ),
    // "Your opponent's Pokémon VSTAR's attacks cost Colorless more."
    row(
        "swsh12-4",
        "Ariados",
        Ab,
        "Hidden Threads",
        &[(AttackCost, Opp)],
    ),
    row(
        "sv1-93",
        "Florges",
        Ab,
        "Blooming Garden",
        &[(WeaknessResistance, Own)],
    ),
    row(
        "swsh12pt5gg-GG23",
        "Dunsparce",
        Ab,
        "Mysterious Nest",
        &[(WeaknessResistance, Any)],
    ),
    row("sv8-130", "Archaludon ex", Ab, "Assemble Alloy", &[]),
    row("sm8-91", "Unown", Ab, "HAND", &[(Winner, Own)]),
    row(
        "bw8-46",
        "Magnezone",
        Ab,
        "Dual Brains",
        &[(OncePerTurn, Own)],
    ),
    // "… your opponent discards that Energy card instead of attaching it, and this doesn't
    // use up their Energy attachment for the turn."
    row(
        "swsh8-197",
        "Goodra",
        Ab,
        "Slimy Room",
        &[(OncePerTurn, Opp)],
    ),
    // "… if you attach an Energy card to your Active Pokémon as part of your turn, you may
    // attach an additional Energy card to that Pokémon at the same time."
    row(
        "ecard1-30",
        "Venusaur",
        Ab,
        "Harvest Bounty",
        &[(OncePerTurn, Own)],
    ),
    // The Ability's own attachment, with the reminder that it "doesn't use up your 1 Energy
    // card attachment": written under the Ability, not the manual attachment.
    row("base1-2", "Blastoise", Ab, "Rain Dance", &[]),
    row(
        "base1-2",
        "Blastoise",
        Atk,
        "Hydro Pump",
        &[(DamageDealt, Holder)],
    ),
    // "As long as this Pokémon is in the Active Spot, it can evolve during your first turn or
    // the turn you play it."
    row(
        "sv8-143",
        "Eevee",
        Ab,
        "Boosted Evolution",
        &[(FirstTurn, Holder), (Evolution, Holder)],
    ),
    row(
        "sv8-143",
        "Eevee",
        Atk,
        "Reckless Charge",
        &[(DamageDealt, Holder)],
    ),
    // "… move up to 3 damage counters from 1 of your Pokémon to 1 of your opponent's Pokémon."
    row(
        "sv6-95",
        "Munkidori",
        Ab,
        "Adrena-Brain",
        &[(DamageCounters, Any)],
    ),
    row(
        "sv6-95",
        "Munkidori",
        Atk,
        "Mind Bend",
        &[(Conditions, Opp)],
    ),
    row(
        "sv1-96",
        "Klefki",
        Ab,
        "Mischievous Lock",
        &[(Suppression, Any)],
    ),
    // "Each of your Fairy Pokémon's Resistance is now -40."
    row(
        "xy3-73",
        "Klefki",
        Ab,
        "Secret Key",
        &[(WeaknessResistance, Own)],
    ),
    row(
        "ex12-88",
        "Mew ex",
        Ab,
        "Versatile",
        &[(AttackChoice, Holder)],
    ),
    row("sv3pt5-151", "Mew ex", Ab, "Restart", &[]),
    // "Once during your first turn, you may discard your hand and draw 6 cards." (only then:
    // a restriction)
    row("sv2-169", "Squawkabilly ex", Ab, "Squawk and Seize", &[]),
    // "… switch 1 of your Benched Darkness Pokémon … with your Active Pokémon. If you do, the
    // new Active Pokémon is now Poisoned."
    row(
        "sv6pt5-39",
        "Pecharunt ex",
        Ab,
        "Subjugating Chains",
        &[(Conditions, Own)],
    ),
    row(
        "sv1-43",
        "Slowbro",
        Ab,
        "Strange Behavior",
        &[(DamageCounters, Own)],
    ),
    // ---- Pokémon: attacks ----
    row(
        "sv1-89",
        "Drifloon",
        Atk,
        "Balloon Blast",
        &[(DamageDealt, Holder)],
    ),
    row("sv1-89", "Drifloon", Atk, "Gust", &[]),
    // "During your opponent's next turn, this Pokémon takes 10 less damage from attacks".
    row(
        "sv7-60",
        "Drifloon",
        Atk,
        "Expand",
        &[(DamageTaken, Holder)],
    ),
    row(
        "swsh11-70",
        "Sableye",
        Atk,
        "Lost Mine",
        &[(DamageCounters, Opp)],
    ),
    // "Put damage counters on 1 of your opponent's Pokémon equal to the number of damage
    // counters on this Pokémon." (this Pokémon's counters are only counted)
    row(
        "xy2-40",
        "Dusknoir",
        Atk,
        "Pain Pellets",
        &[(DamageCounters, Opp)],
    ),
    row(
        "sv5-107",
        "Sableye",
        Atk,
        "Damage Collection",
        &[(DamageCounters, Opp)],
    ),
    // "Flip a coin. If heads, the Defending Pokémon is now Paralyzed." (no damage change)
    row("bw11-61", "Sableye", Atk, "Tight Jaw", &[(Conditions, Opp)]),
    // "If your opponent's Active Pokémon is affected by a Special Condition, this attack does
    // 70 more damage." (the Condition is only tested)
    row(
        "sv2-136",
        "Sableye",
        Atk,
        "Unseen Claw",
        &[(DamageDealt, Holder)],
    ),
    row(
        "sv2-136",
        "Sableye",
        Atk,
        "Night Eyes",
        &[(Conditions, Opp)],
    ),
    // "This attack's damage isn't affected by Weakness."
    row(
        "swsh11-50",
        "Cramorant",
        Atk,
        "Spit Innocently",
        &[(DamageDealt, Holder), (WeaknessResistance, Holder)],
    ),
    // "Flip a coin. If heads, during your opponent's next turn, prevent all effects of
    // attacks, including damage, done to this Pokémon."
    row(
        "swsh2-51",
        "Cramorant",
        Atk,
        "Dive",
        &[
            (DamageTaken, Holder),
            (DamageCounters, Holder),
            (Conditions, Holder),
        ],
    ),
    row(
        "sv9-137",
        "Cramorant",
        Atk,
        "Ceaseless Spitting",
        &[(DamageDealt, Holder)],
    ),
    // "If your opponent's Pokémon is Knocked Out by damage from this attack, take 1 more
    // Prize card." (the Knock Out is the trigger)
    row(
        "sv4-70",
        "Iron Hands ex",
        Atk,
        "Amp You Very Much",
        &[(PrizeCount, Own)],
    ),
    row("sv4-70", "Iron Hands ex", Atk, "Arm Press", &[]),
    // "Knock Out your opponent's Active Pokémon. If …, this Pokémon does 200 damage to itself."
    row(
        "sv4-124",
        "Roaring Moon ex",
        Atk,
        "Frenzied Gouging",
        &[(DamageDealt, Holder), (KnockOut, Opp)],
    ),
    row(
        "sv4-124",
        "Roaring Moon ex",
        Atk,
        "Calamity Storm",
        &[(DamageDealt, Holder)],
    ),
    row(
        "swsh11-131",
        "Giratina VSTAR",
        Atk,
        "Star Requiem",
        &[(KnockOut, Opp)],
    ),
    // "Put 2 Energy attached to your Pokémon in the Lost Zone."
    row("swsh11-131", "Giratina VSTAR", Atk, "Lost Impact", &[]),
    // "Flip a coin. If tails, this attack does nothing."
    row(
        "swsh9-121",
        "Bibarel",
        Atk,
        "Tail Smash",
        &[(DamageDealt, Holder)],
    ),
    // "You may do 30 more damage. If you do, this Pokémon is now Asleep."
    row(
        "xy1-107",
        "Bibarel",
        Atk,
        "Hypno Headbutt",
        &[(DamageDealt, Holder), (Conditions, Holder)],
    ),
    row(
        "swsh3-117",
        "Eternatus VMAX",
        Atk,
        "Dread End",
        &[(DamageDealt, Holder)],
    ),
    // "Your opponent's Active Pokémon is now Poisoned. During your opponent's next turn, that
    // Pokémon can't retreat."
    row(
        "swsh7-101",
        "Garbodor VMAX",
        Atk,
        "G-Max Malodor",
        &[(Conditions, Opp)],
    ),
    row(
        "swsh12-65",
        "Unown V",
        Atk,
        "Victory Symbol",
        &[(Winner, Own)],
    ),
    row(
        "sm10-43",
        "Slowbro",
        Atk,
        "Three Strikes",
        &[(DamageDealt, Holder), (Winner, Own)],
    ),
    row(
        "sv6-130",
        "Dragapult ex",
        Atk,
        "Phantom Dive",
        &[(DamageCounters, Opp)],
    ),
    row(
        "sv6-130",
        "Dragapult ex",
        Rules,
        "",
        &[(DamageTaken, Holder)],
    ),
    // "Before doing damage, discard all Pokémon Tools from your opponent's Active Pokémon."
    // (a damage-changing Tool may go before the damage is done)
    row("sv1-96", "Klefki", Atk, "Joust", &[(DamageDealt, Holder)]),
    // "Draw 2 cards."
    row("swsh8-186", "Klefki", Atk, "Unlock", &[]),
    // "Flip a coin. If heads, this attack does 20 more damage."
    row(
        "xy6-48",
        "Klefki",
        Atk,
        "Play Rough",
        &[(DamageDealt, Holder)],
    ),
    // "Choose 1 of your opponent's Active Pokémon's attacks and use it as this attack."
    row(
        "sv3pt5-151",
        "Mew ex",
        Atk,
        "Genome Hacking",
        &[(DamageDealt, Holder), (AttackChoice, Holder)],
    ),
    row(
        "sv6pt5-39",
        "Pecharunt ex",
        Atk,
        "Irritated Outburst",
        &[(DamageDealt, Holder)],
    ),
    // "This attack also does 20 damage to 1 of your opponent's Benched Pokémon. (Don't apply
    // Weakness and Resistance for Benched Pokémon.)": the reminder changes nothing.
    row(
        "swshp-SWSH275",
        "Manaphy",
        Atk,
        "Aqua Bullet",
        &[(DamageDealt, Holder)],
    ),
    // "Put up to 2 Basic Pokémon you find there onto your opponent's Bench." (how Basic
    // Pokémon are put into play)
    // "… the Defending Pokémon's attacks cost ColorlessColorless more, and the Defending
    // Pokémon can't retreat."
    row(
        "swsh1-113",
        "Grapploct",
        Atk,
        "Octolock",
        &[(AttackCost, Opp)],
    ),
    row(
        "swsh1-113",
        "Grapploct",
        Atk,
        "Tough Swing",
        &[(DamageDealt, Holder), (WeaknessResistance, Holder)],
    ),
    // "During your opponent's next turn, the Defending Pokémon's attacks do 30 less damage".
    row("sv1-93", "Florges", Atk, "Moonblast", &[(DamageDealt, Opp)]),
    row(
        "sv8-130",
        "Archaludon ex",
        Atk,
        "Metal Defender",
        &[(WeaknessResistance, Holder)],
    ),
    row("swshp-SWSH275", "Manaphy", Atk, "Pulling Currents", &[]),
];

fn db() -> Option<&'static CardDb> {
    static DB: OnceLock<Option<CardDb>> = OnceLock::new();
    let db = DB.get_or_init(|| {
        let dir = common::shared_cards()?;
        Some(CardDb::load_dir(&dir).unwrap_or_else(|e| panic!("loading {dir:?}: {e}")))
    });
    if db.is_none() {
        common::skipped(
            "catalogue",
            "the pokemon-tcg-data card set (cards/pokemon-tcg-data)",
        );
    }
    db.as_ref()
}

type Reading = BTreeSet<(Fact, Reach)>;

/// What the catalogue reads for a row's text (`None` when the card has no such text; a
/// Pokémon's rules that are only reminders are no text, so they read as nothing).
fn reading(db: &CardDb, row: &Row, cat: Option<&Catalogue>) -> Result<Reading, String> {
    let idx = db
        .by_id(row.id)
        .ok_or_else(|| format!("{}: no print {} in the card data", row.name, row.id))?;
    let card = db.card(idx);
    if card.name != row.name {
        return Err(format!("{} is {:?}, not {:?}", row.id, card.name, row.name));
    }
    let own;
    let effects = match cat {
        Some(cat) => cat.of(idx),
        None => {
            own = card_effects(card);
            &own
        }
    };
    let text = effects
        .texts()
        .iter()
        .find(|t| t.kind == row.kind && t.name == row.text);
    match text {
        Some(t) => Ok(t.effects.iter().map(|e| (e.fact, e.reach)).collect()),
        None if row.kind == TextKind::PokemonRules && row.expect.is_empty() => Ok(Reading::new()),
        None => Err(format!(
            "{} {}: no {:?} text {:?}",
            row.name, row.id, row.kind, row.text
        )),
    }
}

#[test]
fn golden_table_is_large_and_covers_every_fact() {
    assert!(GOLDEN.len() >= 70, "only {} golden rows", GOLDEN.len());
    let cards: BTreeSet<&str> = GOLDEN.iter().map(|r| r.id).collect();
    assert!(cards.len() >= 70, "only {} distinct prints", cards.len());
    let nothing = GOLDEN.iter().filter(|r| r.expect.is_empty()).count();
    assert!(
        nothing >= 15,
        "only {nothing} look-alikes that change nothing"
    );
    for fact in Fact::ALL {
        let n = GOLDEN
            .iter()
            .filter(|r| r.expect.iter().any(|(f, _)| *f == fact))
            .count();
        assert!(n >= 3, "{}: only {n} golden rows", fact.id());
    }
    // A row names each text once.
    let mut keys = BTreeSet::new();
    for r in GOLDEN {
        assert!(
            keys.insert((r.id, format!("{:?}", r.kind), r.text)),
            "{} {} {:?} twice",
            r.name,
            r.id,
            r.text
        );
    }
}

#[test]
fn every_golden_card_reads_as_checked_by_hand() {
    let Some(db) = db() else { return };
    let mut wrong = Vec::new();
    for row in GOLDEN {
        let want: Reading = row.expect.iter().copied().collect();
        match reading(db, row, None) {
            Ok(got) if got == want => {}
            Ok(got) => wrong.push(format!(
                "{} ({}) {:?} {:?}:\n    expected {:?}\n    read     {:?}",
                row.name, row.id, row.kind, row.text, want, got
            )),
            Err(e) => wrong.push(e),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} golden rows differ:\n{}",
        wrong.len(),
        GOLDEN.len(),
        wrong.join("\n")
    );
}

/// The catalogue of the whole set (which reads each distinct text once and reuses it) reads
/// the golden cards exactly as reading each card alone does.
#[test]
fn the_whole_catalogue_agrees_with_each_card_read_alone() {
    let Some(db) = db() else { return };
    let cat = Catalogue::build(db);
    assert_eq!(cat.len(), db.len());
    for row in GOLDEN {
        let idx = db.by_id(row.id).expect("print");
        assert_eq!(
            cat.of(idx),
            &card_effects(db.card(idx)),
            "{} {}",
            row.name,
            row.id
        );
        let _ = reading(db, row, Some(&cat));
    }
    // Every fact is changed by some card of the set.
    for (fact, n) in cat.counts() {
        assert!(n > 0, "no card may change {}", fact.id());
    }
}
