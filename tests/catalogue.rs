//! The effect catalogue's golden table: real cards of the pokemon-tcg-data copy, each read by
//! hand from its English text, with the rule facts its text changes (and whom they reach), and
//! look-alikes whose text changes none of them.
//!
//! A row holds the catalogue to soundness and to precision where it matters:
//! - every fact the hand reading finds must be read, with a reach that covers the one the text
//!   names (`Any` covers everyone, `OwnSide` covers the holder): a missed fact could let a check
//!   call a legal play a violation;
//! - the facts listed as `not` must not be read: these are the look-alikes (a Tool that draws
//!   cards, an Item that switches Pokémon) that would otherwise make checks doubt for nothing.
//!
//! Skipped, saying so, when ../shared is absent.

mod common;

use std::sync::OnceLock;

use ptcg_judge::cards::CardDb;
use ptcg_judge::cards::effects::{Effect, Fact, Reach, TextKind, card_effects};

use Fact::*;
use Reach::*;

/// Which texts of which cards a row reads.
enum Of {
    /// The rules text of every print of a Trainer or Energy card.
    Rules(&'static str),
    /// One attack or Ability of one print.
    Text(&'static str, &'static str),
}

struct Row {
    of: Of,
    /// The facts the text changes, with whom they reach (hand reading).
    must: &'static [(Fact, Reach)],
    /// Facts the text must not be read as changing.
    not: &'static [Fact],
}

const fn rules(name: &'static str, must: &'static [(Fact, Reach)], not: &'static [Fact]) -> Row {
    Row {
        of: Of::Rules(name),
        must,
        not,
    }
}

const fn text(
    id: &'static str,
    name: &'static str,
    must: &'static [(Fact, Reach)],
    not: &'static [Fact],
) -> Row {
    Row {
        of: Of::Text(id, name),
        must,
        not,
    }
}

/// Every fact, for rows whose text changes none.
const NONE: &[Fact] = &Fact::ALL;

const TABLE: &[Row] = &[
    // Tools that change damage, HP, Retreat Cost, Weakness, cost, Knock Outs.
    rules(
        "Choice Belt",
        &[(DamageDealt, Holder)],
        &[DamageTaken, MaxHp],
    ),
    rules("Defiance Band", &[(DamageDealt, Holder)], &[PrizeCount]),
    rules("Maximum Belt", &[(DamageDealt, Holder)], &[DamageTaken]),
    rules("Vitality Band", &[(DamageDealt, Holder)], &[MaxHp]),
    rules(
        "Hero's Cape",
        &[(MaxHp, Holder)],
        &[DamageDealt, DamageTaken],
    ),
    rules("Bravery Charm", &[(MaxHp, Holder)], &[DamageDealt]),
    rules("Float Stone", &[(RetreatCost, Holder)], &[AttackCost]),
    rules("Air Balloon", &[(RetreatCost, Holder)], &[AttackCost]),
    rules("Big Air Balloon", &[(RetreatCost, Holder)], &[AttackCost]),
    rules("Rescue Board", &[(RetreatCost, Holder)], &[MaxHp]),
    rules(
        "Protective Goggles",
        &[(WeaknessResistance, Holder)],
        &[DamageDealt],
    ),
    rules("Sparkling Crystal", &[(AttackCost, Holder)], &[RetreatCost]),
    rules(
        "Deluxe Bomb",
        &[(DamageCounters, OpponentSide)],
        &[DamageDealt],
    ),
    rules("Survival Brace", &[(KnockOut, Holder)], &[MaxHp]),
    rules("Lucky Helmet", &[], NONE),
    rules(
        "Technical Machine: Evolution",
        &[(AttackChoice, Holder)],
        &[Evolution],
    ),
    text(
        "sv4-178",
        "Evolution",
        &[(Evolution, OwnSide)],
        &[AttackChoice],
    ),
    // Stadiums.
    rules("Area Zero Underdepths", &[(BenchSize, Any)], &[PlayRules]),
    rules("Sky Field", &[(BenchSize, Any)], &[]),
    rules("Collapsed Stadium", &[(BenchSize, Any)], &[]),
    rules("Path to the Peak", &[(Suppression, Any)], &[BenchSize]),
    rules("Jamming Tower", &[(Suppression, Any)], &[Tools]),
    rules(
        "Temple of Sinnoh",
        &[(EnergyProvided, Any), (Suppression, Any)],
        &[],
    ),
    rules("Beach Court", &[(RetreatCost, Any)], &[]),
    rules("Gravity Mountain", &[(MaxHp, Any)], &[]),
    rules("Forest of Vitality", &[(Evolution, Any)], &[FirstTurn]),
    rules("Lost City", &[], NONE),
    rules("Artazon", &[], NONE),
    rules("Town Store", &[], NONE),
    // Supporters.
    rules("Carmine", &[(FirstTurn, OwnSide)], &[OncePerTurn]),
    rules(
        "Team Rocket's Proton",
        &[(FirstTurn, OwnSide)],
        &[OncePerTurn],
    ),
    rules("Briar", &[(PrizeCount, OwnSide)], &[]),
    rules("Professor's Research", &[], NONE),
    rules("Boss's Orders", &[], NONE),
    rules("Iono", &[], NONE),
    rules("Arven", &[], NONE),
    rules("Penny", &[], NONE),
    // Items.
    rules("Rare Candy", &[(Evolution, OwnSide)], &[]),
    rules("Buddy-Buddy Poffin", &[], NONE),
    rules("Nest Ball", &[], NONE),
    rules("Ultra Ball", &[], NONE),
    rules("Switch", &[], NONE),
    rules("Escape Rope", &[], NONE),
    rules("Energy Search", &[], NONE),
    rules("Night Stretcher", &[], NONE),
    rules("Super Rod", &[], NONE),
    rules("Counter Catcher", &[], NONE),
    // Special Energy.
    rules(
        "Double Turbo Energy",
        &[(EnergyProvided, Holder), (DamageDealt, Holder)],
        &[],
    ),
    rules("Luminous Energy", &[(EnergyProvided, Holder)], &[]),
    rules("Prism Energy", &[(EnergyProvided, Holder)], &[]),
    rules("Reversal Energy", &[(EnergyProvided, Holder)], &[]),
    rules(
        "Mist Energy",
        &[(DamageCounters, Holder), (Conditions, Holder)],
        &[],
    ),
    rules("Gift Energy", &[], NONE),
    rules("Jet Energy", &[], &[DamageDealt, RetreatCost, OncePerTurn]),
    // Abilities.
    text(
        "pgo-29",
        "Lightning Symbol",
        &[(DamageDealt, OwnSide)],
        &[DamageTaken],
    ),
    text(
        "sv2-97",
        "Safeguard",
        &[(DamageTaken, Holder)],
        &[DamageDealt],
    ),
    text(
        "sv6pt5-19",
        "Cursed Blast",
        &[(KnockOut, Holder), (DamageCounters, OpponentSide)],
        &[],
    ),
    text(
        "sv8-76",
        "Skyliner",
        &[(RetreatCost, OwnSide)],
        &[AttackCost],
    ),
    text(
        "pgo-11",
        "Excited Heart",
        &[(AttackCost, Holder)],
        &[RetreatCost],
    ),
    text(
        "sv1-86",
        "Psychic Embrace",
        &[(DamageCounters, OwnSide)],
        &[],
    ),
    text(
        "swsh12pt5gg-GG06",
        "Wave Veil",
        &[(DamageTaken, OwnSide)],
        &[],
    ),
    text("sv3-164", "Quick Search", &[], NONE),
    text("swsh12pt5gg-GG25", "Industrious Incisors", &[], NONE),
    text("sv6pt5-38", "Flip the Script", &[], NONE),
    text("swsh12pt5gg-GG39", "Luminous Sign", &[], NONE),
    text("pgo-60", "Reassuring Dam", &[], NONE),
    // Attacks.
    text("svp-157", "Follow-Up Bolt", &[(DamageDealt, Holder)], &[]),
    text(
        "swsh12pt5gg-GG25",
        "Tail Smash",
        &[(DamageDealt, Holder)],
        &[],
    ),
    text("sv1-89", "Balloon Blast", &[(DamageDealt, Holder)], &[]),
    text("sv7-60", "Expand", &[(DamageTaken, Holder)], &[DamageDealt]),
    text(
        "sv6-65",
        "Thunder Wave",
        &[(Conditions, OpponentSide)],
        &[DamageDealt],
    ),
    text(
        "sv2-97",
        "Ghost Eye",
        &[(DamageCounters, OpponentSide)],
        &[],
    ),
    text("sv4-70", "Amp You Very Much", &[(PrizeCount, OwnSide)], &[]),
    text("sv1-86", "Miracle Force", &[(Conditions, Holder)], &[]),
    text("pgo-29", "Electric Ball", &[], NONE),
    text("sv1-89", "Gust", &[], NONE),
    text("sv4-70", "Arm Press", &[], NONE),
    text("sv6-65", "Thunderbolt", &[], NONE),
];

fn db() -> Option<&'static CardDb> {
    static DB: OnceLock<Option<CardDb>> = OnceLock::new();
    DB.get_or_init(|| {
        let dir = common::shared_cards()?;
        Some(CardDb::load_dir(&dir).expect("the shared card data loads"))
    })
    .as_ref()
}

/// `read` reaches at least whom `want` reaches.
fn covers(read: Reach, want: Reach) -> bool {
    read == want || read == Any || (read == OwnSide && want == Holder)
}

/// The effects a row's texts are read as having.
fn read(db: &CardDb, of: &Of) -> Result<Vec<Effect>, String> {
    let mut effects = Vec::new();
    match of {
        Of::Rules(name) => {
            let prints = db.by_name(name);
            if prints.is_empty() {
                return Err(format!("{name} is not in the card data"));
            }
            for i in prints {
                let e = card_effects(db.card(*i));
                let rules = e.texts.iter().filter(|t| {
                    matches!(
                        t.kind,
                        TextKind::TrainerRules | TextKind::EnergyRules | TextKind::PokemonRules
                    )
                });
                for t in rules {
                    effects.extend(t.effects.iter().copied());
                }
            }
        }
        Of::Text(id, name) => {
            let idx = db.by_id(id).ok_or_else(|| format!("no card {id}"))?;
            let e = card_effects(db.card(idx));
            let t = e
                .named(name)
                .ok_or_else(|| format!("{id} has no attack or Ability {name}"))?;
            effects.extend(t.effects.iter().copied());
        }
    }
    Ok(effects)
}

fn label(of: &Of) -> String {
    match of {
        Of::Rules(name) => (*name).to_string(),
        Of::Text(id, name) => format!("{id} {name}"),
    }
}

#[test]
fn the_golden_table_reads_as_checked_by_hand() {
    let Some(db) = db() else {
        return common::skipped("catalogue golden table", "../shared/cards/pokemon-tcg-data");
    };
    assert!(
        TABLE.len() >= 60,
        "the golden table has {} rows",
        TABLE.len()
    );
    let mut wrong = Vec::new();
    for row in TABLE {
        let effects = match read(db, &row.of) {
            Ok(e) => e,
            Err(why) => {
                wrong.push(format!("{}: {why}", label(&row.of)));
                continue;
            }
        };
        for (fact, reach) in row.must {
            if !effects
                .iter()
                .any(|e| e.fact == *fact && covers(e.reach, *reach))
            {
                wrong.push(format!(
                    "{}: should be read as changing {} ({:?}); read as {effects:?}",
                    label(&row.of),
                    fact.id(),
                    reach
                ));
            }
        }
        for fact in row.not {
            if row.must.iter().any(|(f, _)| f == fact) {
                continue;
            }
            if effects.iter().any(|e| e.fact == *fact) {
                wrong.push(format!(
                    "{}: should not be read as changing {}; read as {effects:?}",
                    label(&row.of),
                    fact.id()
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The rows hold both kinds: texts that change a fact and look-alikes that change none, and
/// every fact of the catalogue that cards of the current era change is in at least one row.
#[test]
fn the_golden_table_covers_changers_and_look_alikes() {
    let changers = TABLE.iter().filter(|r| !r.must.is_empty()).count();
    let look_alikes = TABLE.iter().filter(|r| r.must.is_empty()).count();
    assert!(
        changers >= 30 && look_alikes >= 20,
        "{changers} changers, {look_alikes} look-alikes"
    );
    for fact in [
        DamageDealt,
        DamageTaken,
        WeaknessResistance,
        MaxHp,
        BenchSize,
        EnergyProvided,
        AttackCost,
        RetreatCost,
        FirstTurn,
        Evolution,
        KnockOut,
        DamageCounters,
        PrizeCount,
        Conditions,
        AttackChoice,
        Suppression,
    ] {
        assert!(
            TABLE.iter().any(|r| r.must.iter().any(|(f, _)| *f == fact)),
            "no row changes {}",
            fact.id()
        );
    }
}
