//! The phrases the exact reader is built from: whom a phrase names ([`Who`]), what a condition
//! tests ([`Cond`]), what a count counts ([`Count`]), and numbers. Each parser takes the whole
//! phrase and returns `None` when any word of it is not understood: a phrase half read would be
//! a guess.

use serde::Serialize;

use crate::cards::EnergyType;
use crate::log::Condition;

/// A Pokémon (or Pokémon) a phrase names, relative to the card's owner.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Who {
    pub side: Side,
    pub spot: Spot,
    /// All must hold.
    pub filters: Vec<Filter>,
}

/// Whose Pokémon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// The Pokémon the text belongs to: this Pokémon, or the one the card is attached to.
    Holder,
    /// The card owner's Pokémon.
    Own,
    /// The opponent's Pokémon.
    Opponent,
    /// Anyone's.
    Any,
    /// The Pokémon the attack that made this effect was used on ("the Defending Pokémon" of an
    /// attack's lasting effect).
    Defending,
}

/// Where the Pokémon is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spot {
    Any,
    Active,
    Bench,
}

/// What a Pokémon must be.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum Filter {
    Is(Kind),
    IsNot(Kind),
    /// Any one of these kinds ("Pokémon ex and Pokémon V": each is one or the other).
    IsAny(Vec<Kind>),
    /// Of this type (a dual-type Pokémon is of both).
    Type(EnergyType),
    /// Not of this type.
    NotType(EnergyType),
    /// Of any one of these types ("your grass pokemon and fire pokemon").
    TypeAny(Vec<EnergyType>),
    /// Not a Pokémon of this name ("except any Iron Crown ex" on another card).
    NotNamed(String),
    /// Not a Pokémon of the name of the card the text is on ("except any Zapdos" on Zapdos).
    NotThisCard,
    /// Its name contains this ("Team Rocket's Pokémon", "Ethan's Pokémon").
    NameHas(String),
    /// One of these names (normalised: lower case, "e" for "é").
    NamedAny(Vec<String>),
    /// Affected by this Special Condition ("the Poisoned Pokémon this card is attached to").
    Affected(Condition),
}

/// A kind of Pokémon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Basic,
    Evolution,
    Stage1,
    Stage2,
    /// Pokémon ex (the lower-case ex of Scarlet & Violet).
    Ex,
    /// Pokémon V, VSTAR, VMAX and V-UNION.
    V,
    Tera,
    Mega,
    /// Has a Rule Box (ex, V, GX, EX, Radiant, …).
    RuleBox,
    Future,
    Ancient,
    /// Pokémon-GX.
    Gx,
    /// Pokémon-EX (the upper-case EX of Black & White and XY).
    OldEx,
}

/// What must hold for an effect to act.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Cond {
    /// The attack's coin came up heads (or tails).
    Heads,
    Tails,
    /// A Pokémon is (or has) what the [`Who`] says: "if your opponent's Active Pokémon is a
    /// Pokémon ex", "if the Pokémon this card is attached to is a Basic Pokémon".
    Is {
        who: Who,
    },
    /// The owner has more (fewer) Prize cards remaining than the opponent.
    MorePrizesLeft,
    FewerPrizesLeft,
    /// A player has at most / exactly N Prize cards remaining (`opponent`: the opponent).
    PrizesLeftAtMost {
        opponent: bool,
        n: i32,
    },
    PrizesLeftExactly {
        opponent: bool,
        n: i32,
    },
    /// The Pokémon has any damage counters on it.
    Damaged {
        who: Who,
    },
    /// The Pokémon has at least `n` Energy attached (of a type when given).
    HasEnergy {
        who: Who,
        energy: Option<EnergyType>,
        n: i32,
    },
    /// The Pokémon has any Special Energy attached.
    HasSpecialEnergy {
        who: Who,
    },
    /// The Pokémon has a Pokémon Tool attached.
    HasTool {
        who: Who,
    },
    /// The Pokémon is affected by this Special Condition (any, when `None`).
    Affected {
        who: Who,
        condition: Option<Condition>,
    },
    /// The owner played a Supporter from the hand this turn.
    PlayedSupporter,
    /// A Stadium is in play (the owner's, when `own`).
    StadiumInPlay {
        own: bool,
    },
    /// The attacking Pokémon moved from the Bench to the Active Spot this turn.
    MovedToActiveThisTurn,
    /// The attacking Pokémon evolved this turn.
    EvolvedThisTurn,
    /// One of the owner's Pokémon was Knocked Out by damage from an attack during the
    /// opponent's last turn.
    OwnKnockedOutByAttackLastTurn,
    /// The optional action of the sentence before was taken ("If you do, …").
    YouDid,
    /// A Pokémon of this name is in play on a side (`own`: the card owner's), on the Bench
    /// only when `bench`; `absent`: it is not.
    NamedInPlay {
        own: bool,
        name: String,
        bench: bool,
        absent: bool,
        /// Another one than the Pokémon the text is on ("at least 1 other bouffalant"); an
        /// empty `name` is the name of the Pokémon the text is on.
        other: bool,
    },
    /// The attacking Pokémon has at least `n` Energy attached beyond its attack's cost.
    ExtraEnergy {
        n: i32,
    },
    /// The text's effect acts during the opponent's next turn, not the turn it was used.
    OpponentsNextTurn,
    /// The text's effect acts during the turn it was used.
    ThisTurn,
    /// The text acts during the Pokémon Checkup.
    InCheckup,
    /// A count is at least `n` ("if you have 4 or more pokemon that have the hide 'n sneak
    /// ability in your discard pile").
    CountAtLeast {
        count: Count,
        n: i32,
    },
    /// A condition or trigger the reader keeps only as words ("whenever any player puts a
    /// Basic Pokémon onto their Bench"): it is never known true or false, but a text that acts
    /// only under it still says exactly what it does when it acts.
    Other(String),
}

/// What a count counts.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Count {
    /// Heads among the coins the attack flipped.
    Heads,
    /// Energy attached to the Pokémon (of a type when given); `both_actives` counts both
    /// Active Pokémon.
    Energy { on: Who, energy: Option<EnergyType> },
    /// Damage counters on the Pokémon.
    DamageCounters { on: Who },
    /// Prize cards a player has taken (`opponent`: the opponent).
    PrizesTaken { opponent: bool },
    /// Pokémon (Benched, of a side).
    Pokemon { who: Who },
    /// Cards the attack discarded, of a kind.
    Discarded { what: Cards },
    /// Cards in a player's hand (`opponent`: the opponent's).
    InHand { opponent: bool },
    /// Cards of a kind in a player's discard pile. `moved`: the text then moves those very
    /// cards ("then, shuffle those cards into your deck"), so the log's list of the cards
    /// moved counts them where the pile itself is not known card by card.
    InDiscard {
        opponent: bool,
        what: Cards,
        moved: bool,
    },
    /// Pokémon Tools attached to the Pokémon.
    Tools { on: Who },
}

/// A kind of card a count counts.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "kebab-case")]
pub enum Cards {
    Any,
    /// Energy cards (basic or Special).
    Energy,
    /// Basic Energy cards (of a type, when given).
    BasicEnergy(Option<EnergyType>),
    /// Pokémon that have the Ability of this (normalised) name: known from the card data, not
    /// the card's name ([`Cards::has`] is false; the count asks the data).
    WithAbility(String),
}

impl Cards {
    /// "card", "energy card", "basic water energy card", "basic energy card" (plural too).
    pub fn read(words: &str) -> Option<Cards> {
        let w = words.trim().trim_end_matches('s');
        let w = w.strip_suffix(" card").unwrap_or(w).trim();
        match w {
            "card" | "" => Some(Cards::Any),
            "energy" => Some(Cards::Energy),
            "basic energy" => Some(Cards::BasicEnergy(None)),
            _ => {
                let t = w.strip_prefix("basic ")?.strip_suffix(" energy")?;
                Some(Cards::BasicEnergy(Some(energy_type(t)?)))
            }
        }
    }

    /// Whether a card of this name is of the kind (Energy by its name).
    pub fn has(&self, name: &str) -> bool {
        match self {
            Cards::Any => true,
            Cards::Energy => name.ends_with("Energy"),
            Cards::BasicEnergy(t) => match crate::cards::basic_energy_type(name) {
                Some(k) => t.is_none_or(|t| t == k),
                None => false,
            },
            Cards::WithAbility(_) => false,
        }
    }
}

impl std::fmt::Display for Cards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cards::Any => f.write_str("card"),
            Cards::Energy => f.write_str("Energy card"),
            Cards::BasicEnergy(None) => f.write_str("basic Energy card"),
            Cards::BasicEnergy(Some(t)) => write!(f, "basic {t:?} Energy card"),
            Cards::WithAbility(a) => write!(f, "Pokémon with the {a} Ability"),
        }
    }
}

/// "30", "3", "a", "an", "one"… as a number.
pub fn number(word: &str) -> Option<i32> {
    match word {
        "a" | "an" | "one" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        "four" => Some(4),
        "five" => Some(5),
        "six" => Some(6),
        w => w.parse().ok().filter(|n: &i32| *n >= 0 && *n <= 10_000),
    }
}

/// A type word ("lightning") as a type.
pub fn energy_type(word: &str) -> Option<EnergyType> {
    Some(match word {
        "grass" => EnergyType::Grass,
        "fire" => EnergyType::Fire,
        "water" => EnergyType::Water,
        "lightning" => EnergyType::Lightning,
        "psychic" => EnergyType::Psychic,
        "fighting" => EnergyType::Fighting,
        "darkness" => EnergyType::Darkness,
        "metal" => EnergyType::Metal,
        "fairy" => EnergyType::Fairy,
        "dragon" => EnergyType::Dragon,
        "colorless" => EnergyType::Colorless,
        _ => return None,
    })
}

/// Who a phrase names: "this pokemon", "the pokemon this card is attached to", "your
/// opponent's active pokemon ex", "your basic lightning pokemon", "your benched pokemon", "the
/// defending pokemon", "your opponent's active pokemon v" … with an "except any X" tail.
pub fn who(phrase: &str) -> Option<Who> {
    let mut p = phrase.trim().trim_end_matches(['.', ',']).trim();
    let mut filters = Vec::new();
    // ", except any zapdos" / "except any iron crown ex"
    if let Some(i) = p.find(" except any ") {
        let name = p[i + " except any ".len()..].trim().trim_matches(',');
        // The card's own name is read as "this pokemon": "except any Zapdos" on Zapdos.
        filters.push(if name == "this pokemon" {
            Filter::NotThisCard
        } else {
            Filter::NotNamed(name.to_string())
        });
        p = p[..i].trim().trim_end_matches(',');
    }
    for (holder, with) in [
        ("this pokemon", Spot::Any),
        ("the pokemon this card is attached to", Spot::Any),
        ("the pokemon this card is attached", Spot::Any),
        ("it", Spot::Any),
        ("itself", Spot::Any),
    ] {
        if p == holder {
            return Some(Who {
                side: Side::Holder,
                spot: with,
                filters,
            });
        }
    }
    if p == "the defending pokemon" {
        return Some(Who {
            side: Side::Defending,
            spot: Spot::Active,
            filters,
        });
    }
    // "the <kind> pokemon this card is attached to" ("the basic pokemon this card is attached
    // to", "the future pokemon this card is attached to").
    if let Some(kinds) = p
        .strip_prefix("the ")
        .and_then(|r| r.strip_suffix(" this card is attached to"))
    {
        filters.extend(kind_words(kinds)?);
        return Some(Who {
            side: Side::Holder,
            spot: Spot::Any,
            filters,
        });
    }
    let (side, rest) = if let Some(r) = p.strip_prefix("your opponent's ") {
        (Side::Opponent, r)
    } else if let Some(r) = p.strip_prefix("your ") {
        (Side::Own, r)
    } else if let Some(r) = p.strip_prefix("each of your opponent's ") {
        (Side::Opponent, r)
    } else {
        return None;
    };
    let (spot, rest) = if let Some(r) = rest.strip_prefix("active ") {
        (Spot::Active, r)
    } else if let Some(r) = rest.strip_prefix("benched ") {
        (Spot::Bench, r)
    } else {
        (Spot::Any, rest)
    };
    // "your grass pokemon and fire pokemon": each is of one type or the other.
    let types: Option<Vec<EnergyType>> = rest
        .strip_suffix(" pokemon")
        .filter(|r| r.contains(" pokemon and ") || r.contains(" pokemon or "))
        .and_then(|r| {
            r.split(" pokemon and ")
                .flat_map(|x| x.split(" pokemon or "))
                .map(|t| energy_type(t.trim()))
                .collect()
        });
    if let Some(types) = types {
        filters.push(Filter::TypeAny(types));
        return Some(Who {
            side,
            spot,
            filters,
        });
    }
    match kind_words(rest) {
        Some(f) => filters.extend(f),
        None => {
            // Pokémon named: "your beedrill and beedrill ex in play".
            let names = rest.trim().strip_suffix(" in play").unwrap_or(rest.trim());
            if names.contains("pokemon") || names.is_empty() {
                return None;
            }
            let list: Vec<String> = names
                .split(" and ")
                .flat_map(|n| n.split(" or "))
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect();
            filters.push(Filter::NamedAny(list));
        }
    }
    Some(Who {
        side,
        spot,
        filters,
    })
}

/// A Pokémon phrase of kinds and types only, naming no side: "basic non-colorless pokemon",
/// "ancient pokemon" (in "prevent all damage done to this pokemon by attacks from basic
/// pokemon", whoever's they are).
pub fn any_side_kinds(phrase: &str) -> Option<Who> {
    let filters = kind_words(phrase.trim().trim_end_matches(['.', ',']).trim())?;
    (!filters.is_empty()).then_some(Who {
        side: Side::Any,
        spot: Spot::Any,
        filters,
    })
}

/// The words of a Pokémon phrase around "pokemon": "basic lightning pokemon", "pokemon ex",
/// "pokemon v", "pokemon ex and pokemon v" (either kind: not a filter both hold), "future
/// pokemon", "evolution pokemon", "pokemon that doesn't have a rule box", "team rocket's pokemon".
fn kind_words(words: &str) -> Option<Vec<Filter>> {
    let w = words.trim();
    let mut filters = Vec::new();
    let (before, after) = match w.find("pokemon") {
        Some(i) => (&w[..i], &w[i + "pokemon".len()..]),
        None => return None,
    };
    let after = after.trim().trim_start_matches("'s").trim();
    let before = before.trim();
    // Words before "pokemon": kinds and types, or a name part ending in 's ("team rocket's").
    if before.ends_with("'s") {
        filters.push(Filter::NameHas(owner_name_part(before)?));
    } else if !before.is_empty() {
        for word in before.split(' ') {
            filters.push(kind_or_type(word)?);
        }
    }
    match after {
        "" | "in play" => {}
        "ex" => filters.push(Filter::Is(Kind::Ex)),
        "v" => filters.push(Filter::Is(Kind::V)),
        "-gx" => filters.push(Filter::Is(Kind::Gx)),
        "-ex" => filters.push(Filter::Is(Kind::OldEx)),
        "-ex and pokemon-gx" | "-gx and pokemon-ex" | "-ex or pokemon-gx" | "-gx or pokemon-ex" => {
            filters.push(Filter::IsAny(vec![Kind::OldEx, Kind::Gx]))
        }
        "ex and pokemon v" | "ex or pokemon v" | "v and pokemon ex" | "v or pokemon ex" => {
            filters.push(Filter::IsAny(vec![Kind::Ex, Kind::V]))
        }
        "that doesn't have a rule box" | "that don't have a rule box" => {
            filters.push(Filter::IsNot(Kind::RuleBox))
        }
        "that has a rule box" | "with a rule box" => filters.push(Filter::Is(Kind::RuleBox)),
        _ => return None,
    }
    Some(filters)
}

/// "team rocket's" -> "Team Rocket's" (the part of a name the filter looks for).
fn owner_name_part(before: &str) -> Option<String> {
    let words: Vec<String> = before
        .split(' ')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect();
    let name = words.join(" ");
    (!name.is_empty()).then_some(name)
}

fn kind_or_type(word: &str) -> Option<Filter> {
    if let Some(t) = energy_type(word) {
        return Some(Filter::Type(t));
    }
    // "basic non-colorless pokemon": of any type but that one.
    if let Some(t) = word.strip_prefix("non-").and_then(energy_type) {
        return Some(Filter::NotType(t));
    }
    for (w, c) in [
        ("poisoned", Condition::Poisoned),
        ("burned", Condition::Burned),
        ("asleep", Condition::Asleep),
        ("paralyzed", Condition::Paralyzed),
        ("confused", Condition::Confused),
    ] {
        if word == w {
            return Some(Filter::Affected(c));
        }
    }
    Some(Filter::Is(match word {
        "basic" => Kind::Basic,
        "evolution" | "evolved" => Kind::Evolution,
        "stage" => return None,
        "tera" => Kind::Tera,
        "future" => Kind::Future,
        "ancient" => Kind::Ancient,
        "mega" => Kind::Mega,
        _ => return None,
    }))
}

/// "is a pokemon ex", "is an evolution pokemon", "is a basic pokemon", "is a lightning
/// pokemon", "is a pokemon ex or pokemon v" (either: an [`Cond::Is`] per kind is not what it
/// says, so it reads as its own filter pair below), "is poisoned".
pub fn is_phrase(subject: Who, rest: &str) -> Option<Vec<Cond>> {
    let r = rest.trim();
    for (word, cond) in [
        ("poisoned", Some(Condition::Poisoned)),
        ("burned", Some(Condition::Burned)),
        ("asleep", Some(Condition::Asleep)),
        ("paralyzed", Some(Condition::Paralyzed)),
        ("confused", Some(Condition::Confused)),
        ("affected by a special condition", None),
    ] {
        if r == word {
            return Some(vec![Cond::Affected {
                who: subject,
                condition: cond,
            }]);
        }
    }
    let kind = r
        .strip_prefix("an ")
        .or_else(|| r.strip_prefix("a "))?
        .trim();
    let filters = kind_words(kind)?;
    let mut who = subject;
    who.filters.extend(filters);
    Some(vec![Cond::Is { who }])
}

/// A condition clause ("if heads", "if you have more prize cards remaining than your
/// opponent", "if your opponent's active pokemon is a pokemon ex", "if this pokemon has any
/// damage counters on it", "during your opponent's next turn"), without its leading "if ".
pub fn condition(clause: &str) -> Option<Vec<Cond>> {
    let c = clause.trim().trim_end_matches(',').trim();
    match c {
        "heads" => return Some(vec![Cond::Heads]),
        "tails" => return Some(vec![Cond::Tails]),
        "you do" => return Some(vec![Cond::YouDid]),
        "you have more prize cards remaining than your opponent" => {
            return Some(vec![Cond::MorePrizesLeft]);
        }
        "you have fewer prize cards remaining than your opponent"
        | "your opponent has fewer prize cards remaining than you" => {
            return Some(vec![Cond::FewerPrizesLeft]);
        }
        "you played a supporter card from your hand during this turn"
        | "you played a supporter card from your hand this turn" => {
            return Some(vec![Cond::PlayedSupporter]);
        }
        "this pokemon moved from your bench to the active spot this turn" => {
            return Some(vec![Cond::MovedToActiveThisTurn]);
        }
        "this pokemon evolved during this turn" | "this pokemon evolved this turn" => {
            return Some(vec![Cond::EvolvedThisTurn]);
        }
        "any of your pokemon were knocked out by damage from an attack during your opponent's last turn"
        | "any of your pokemon were knocked out by damage from an attack from your opponent's pokemon during their last turn"
        | "any of your pokemon were knocked out by damage from an attack during your opponent's previous turn" =>
        {
            return Some(vec![Cond::OwnKnockedOutByAttackLastTurn]);
        }
        "there is any stadium in play"
        | "there is any stadium card in play"
        | "a stadium is in play"
        | "a stadium card is in play" => {
            return Some(vec![Cond::StadiumInPlay { own: false }]);
        }
        "you have a stadium in play" => return Some(vec![Cond::StadiumInPlay { own: true }]),
        _ => {}
    }
    // "you have 4 or more pokemon that have the hide 'n sneak ability in your discard pile",
    // "you have 10 or more basic energy cards in your discard pile".
    if let Some((n, rest)) = c
        .strip_prefix("you have ")
        .and_then(|r| r.split_once(" or more "))
        && let Some(n) = number(n)
    {
        for (tail, opponent) in [
            (" in your discard pile", false),
            (" in your opponent's discard pile", true),
        ] {
            let Some(k) = rest.strip_suffix(tail) else {
                continue;
            };
            let ability = ["pokemon that have the ", "pokemon with the "]
                .iter()
                .find_map(|h| k.strip_prefix(h))
                .and_then(|a| a.strip_suffix(" ability"));
            let what = match ability {
                Some(a) => Cards::WithAbility(a.to_string()),
                None if !k.contains("pokemon") => Cards::read(k)?,
                None => return None,
            };
            return Some(vec![Cond::CountAtLeast {
                count: Count::InDiscard {
                    opponent,
                    what,
                    moved: false,
                },
                n,
            }]);
        }
    }
    // "you have lunatone in play", "your opponent has any pokemon ex in play" (names only).
    for (head, own, absent) in [
        ("you have ", true, false),
        ("your opponent has ", false, false),
        ("you don't have ", true, true),
        ("your opponent doesn't have ", false, true),
    ] {
        for (tail, bench) in [(" in play", false), (" on your bench", true)] {
            let named = c.strip_prefix(head).and_then(|r| r.strip_suffix(tail));
            let (name, other) = match named.and_then(|n| {
                n.strip_prefix("at least 1 other ")
                    .or_else(|| n.strip_prefix("another "))
            }) {
                // The card's own name is read as "this pokemon": another Pokémon of the
                // holder's name (written as an empty name).
                Some("this pokemon") => (Some(""), true),
                Some(n) => (Some(n), true),
                None => (named, false),
            };
            // "you have mesprit and azelf in play": each of them.
            if let Some(list) = name.filter(|n| n.contains(" and ") && !other)
                && let Some(all) = list
                    .split(" and ")
                    .map(|n| {
                        let n = n.trim();
                        (!n.is_empty() && !n.contains(' ') && !n.contains("pokemon")).then(|| {
                            Cond::NamedInPlay {
                                own,
                                name: n.to_string(),
                                bench,
                                absent,
                                other: false,
                            }
                        })
                    })
                    .collect::<Option<Vec<Cond>>>()
                && !absent
            {
                return Some(all);
            }
            if let Some(name) = name
                && !name.contains(' ')
                && !name.contains("pokemon")
                && !name.contains("card")
                && !name.contains("stadium")
            {
                return Some(vec![Cond::NamedInPlay {
                    own,
                    name: name.to_string(),
                    bench,
                    absent,
                    other,
                }]);
            }
        }
    }
    // "this pokemon has at least 2 extra energy attached (in addition to this attack's cost)"
    if let Some(n) = c
        .strip_prefix("this pokemon has at least ")
        .and_then(|r| r.strip_suffix(" extra energy attached (in addition to this attack's cost)"))
        .and_then(number)
    {
        return Some(vec![Cond::ExtraEnergy { n }]);
    }
    // "<who> doesn't have a rule box"
    if let Some(i) = c.find(" doesn't have a rule box") {
        let mut w = who(&c[..i])?;
        w.filters.push(Filter::IsNot(Kind::RuleBox));
        return Some(vec![Cond::Is { who: w }]);
    }
    // Prize cards remaining.
    for (head, opponent) in [("your opponent has ", true), ("you have ", false)] {
        if let Some(r) = c.strip_prefix(head) {
            if let Some(n) = r
                .strip_suffix(" or fewer prize cards remaining")
                .or_else(|| r.strip_suffix(" or less prize cards remaining"))
                .and_then(number)
            {
                return Some(vec![Cond::PrizesLeftAtMost { opponent, n }]);
            }
            if let Some(n) = r
                .strip_prefix("exactly ")
                .and_then(|r| {
                    r.strip_suffix(" prize cards remaining")
                        .or_else(|| r.strip_suffix(" prize card remaining"))
                })
                .and_then(number)
            {
                return Some(vec![Cond::PrizesLeftExactly { opponent, n }]);
            }
        }
    }
    // "<who> is <…>", "<who> has any damage counters on it", "<who> has any <type> energy
    // attached", "<who> already has any damage counters on it".
    for (verb, kind) in [(" already has ", "has"), (" has ", "has"), (" is ", "is")] {
        if let Some(i) = c.find(verb) {
            let who = who(&c[..i])?;
            let rest = &c[i + verb.len()..];
            return if kind == "is" {
                is_phrase(who, rest)
            } else {
                has_phrase(who, rest)
            };
        }
    }
    None
}

/// "any damage counters on it", "any lightning energy attached", "any special energy
/// attached", "a pokemon tool attached", "at least 2 extra energy attached …" (not read).
fn has_phrase(who: Who, rest: &str) -> Option<Vec<Cond>> {
    let r = rest.trim();
    if matches!(
        r,
        "any damage counters on it" | "damage counters on it" | "any damage counters on them"
    ) {
        return Some(vec![Cond::Damaged { who }]);
    }
    if matches!(
        r,
        "any special energy attached" | "a special energy attached"
    ) {
        return Some(vec![Cond::HasSpecialEnergy { who }]);
    }
    if matches!(
        r,
        "a pokemon tool attached" | "any pokemon tool attached" | "a pokemon tool attached to it"
    ) {
        return Some(vec![Cond::HasTool { who }]);
    }
    let energy = r
        .strip_prefix("any ")?
        .trim_end_matches(" to it")
        .strip_suffix(" energy attached")?
        .trim();
    let t = energy_type(energy)?;
    Some(vec![Cond::HasEnergy {
        who,
        energy: Some(t),
        n: 1,
    }])
}

/// A count phrase after "for each": "heads", "energy attached to this pokemon", "lightning
/// energy attached to this pokemon", "damage counter on your opponent's active pokemon",
/// "prize card your opponent has taken", "of your opponent's benched pokemon", "card you
/// discarded in this way", "pokemon tool attached to all of your pokemon".
pub fn count(phrase: &str) -> Option<Count> {
    let p = phrase.trim().trim_end_matches('.').trim();
    match p {
        "heads" => return Some(Count::Heads),
        "prize card your opponent has taken" => {
            return Some(Count::PrizesTaken { opponent: true });
        }
        "prize card you have taken" => return Some(Count::PrizesTaken { opponent: false }),
        "card in your opponent's hand" => return Some(Count::InHand { opponent: true }),
        "card in your hand" => return Some(Count::InHand { opponent: false }),
        _ => {}
    }
    // "<cards> [that] you discarded in this way", "<cards> discarded in this way".
    for tail in [
        " that you discarded in this way",
        " you discarded in this way",
        " discarded in this way",
    ] {
        if let Some(k) = p.strip_suffix(tail) {
            let k = if k == "energy" { "energy card" } else { k };
            return Some(Count::Discarded {
                what: Cards::read(k)?,
            });
        }
    }
    // "<cards> in your (opponent's) discard pile"
    for (tail, opponent) in [
        (" in your discard pile", false),
        (" in your opponent's discard pile", true),
    ] {
        if let Some(k) = p.strip_suffix(tail)
            && !k.contains("pokemon")
        {
            return Some(Count::InDiscard {
                opponent,
                what: Cards::read(k)?,
                moved: false,
            });
        }
    }
    if let Some(r) = p.strip_prefix("of ") {
        return Some(Count::Pokemon { who: who(r)? });
    }
    if matches!(
        p,
        "benched pokemon (both yours and your opponent's)"
            | "benched pokemon (both yours and your opponents)"
            | "pokemon on each player's bench"
    ) {
        return Some(Count::Pokemon {
            who: Who {
                side: Side::Any,
                spot: Spot::Bench,
                filters: Vec::new(),
            },
        });
    }
    if let Some(r) = p.strip_prefix("damage counter on ") {
        return Some(Count::DamageCounters { on: who(r)? });
    }
    if let Some(r) = p
        .strip_prefix("pokemon tool attached to ")
        .map(|r| r.trim_start_matches("all of "))
    {
        return Some(Count::Tools { on: who(r)? });
    }
    // "[<type>] energy attached to <who>"
    let i = p.find("energy attached to ")?;
    let energy = match p[..i].trim() {
        "" => None,
        t => Some(energy_type(t)?),
    };
    let on = p[i + "energy attached to ".len()..].trim();
    let on = match on {
        "both active pokemon" => Who {
            side: Side::Any,
            spot: Spot::Active,
            filters: Vec::new(),
        },
        _ => who(on.trim_start_matches("all of "))?,
    };
    Some(Count::Energy { on, energy })
}

impl std::fmt::Display for Who {
    /// "holder", "your opponent's Active Pokémon (ex)", "your Pokémon (Basic, Lightning, not
    /// Zapdos)", "the Defending Pokémon", "any Pokémon".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = match self.side {
            Side::Holder => "this Pokémon",
            Side::Own => "your",
            Side::Opponent => "your opponent's",
            Side::Any => "any",
            Side::Defending => "the Defending Pokémon",
        };
        f.write_str(side)?;
        if matches!(self.side, Side::Own | Side::Opponent | Side::Any) {
            f.write_str(match self.spot {
                Spot::Any => " Pokémon",
                Spot::Active => " Active Pokémon",
                Spot::Bench => " Benched Pokémon",
            })?;
        } else if self.spot == Spot::Bench {
            f.write_str(" on the Bench")?;
        } else if self.spot == Spot::Active && self.side == Side::Holder {
            f.write_str(" in the Active Spot")?;
        }
        if !self.filters.is_empty() {
            let words: Vec<String> = self.filters.iter().map(|x| x.to_string()).collect();
            write!(f, " ({})", words.join(", "))?;
        }
        Ok(())
    }
}

impl std::fmt::Display for Filter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Filter::Is(k) => write!(f, "{}", k.words()),
            Filter::IsNot(k) => write!(f, "not {}", k.words()),
            Filter::IsAny(ks) => {
                let w: Vec<&str> = ks.iter().map(|k| k.words()).collect();
                write!(f, "{}", w.join(" or "))
            }
            Filter::Type(t) => write!(f, "{t:?}"),
            Filter::NotType(t) => write!(f, "not {t:?}"),
            Filter::TypeAny(ts) => {
                let ts: Vec<String> = ts.iter().map(|t| format!("{t:?}")).collect();
                write!(f, "{}", ts.join(" or "))
            }
            Filter::NotNamed(n) => write!(f, "not named {n}"),
            Filter::NotThisCard => f.write_str("not of this card's name"),
            Filter::NameHas(n) => write!(f, "{n}"),
            Filter::NamedAny(ns) => write!(f, "named {}", ns.join(" or ")),
            Filter::Affected(c) => f.write_str(c.as_str()),
        }
    }
}

impl Kind {
    pub fn words(self) -> &'static str {
        match self {
            Kind::Basic => "Basic",
            Kind::Evolution => "Evolution",
            Kind::Stage1 => "Stage 1",
            Kind::Stage2 => "Stage 2",
            Kind::Ex => "ex",
            Kind::V => "V",
            Kind::Tera => "Tera",
            Kind::Mega => "Mega",
            Kind::RuleBox => "Rule Box",
            Kind::Future => "Future",
            Kind::Ancient => "Ancient",
            Kind::Gx => "GX",
            Kind::OldEx => "EX",
        }
    }
}

impl std::fmt::Display for Cond {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cond::Heads => f.write_str("heads"),
            Cond::Tails => f.write_str("tails"),
            Cond::Is { who } => write!(f, "{who} is so"),
            Cond::MorePrizesLeft => f.write_str("more Prize cards left than the opponent"),
            Cond::FewerPrizesLeft => f.write_str("fewer Prize cards left than the opponent"),
            Cond::PrizesLeftAtMost { opponent, n } => write!(
                f,
                "{} {n} or fewer Prize cards left",
                if *opponent {
                    "the opponent has"
                } else {
                    "you have"
                }
            ),
            Cond::PrizesLeftExactly { opponent, n } => write!(
                f,
                "{} exactly {n} Prize cards left",
                if *opponent {
                    "the opponent has"
                } else {
                    "you have"
                }
            ),
            Cond::Damaged { who } => write!(f, "{who} has damage counters"),
            Cond::HasEnergy { who, energy, n } => match energy {
                Some(t) => write!(f, "{who} has {n} {t:?} Energy"),
                None => write!(f, "{who} has {n} Energy"),
            },
            Cond::HasSpecialEnergy { who } => write!(f, "{who} has a Special Energy"),
            Cond::HasTool { who } => write!(f, "{who} has a Tool"),
            Cond::Affected { who, condition } => match condition {
                Some(c) => write!(f, "{who} is {}", c.as_str()),
                None => write!(f, "{who} has a Special Condition"),
            },
            Cond::PlayedSupporter => f.write_str("a Supporter was played this turn"),
            Cond::StadiumInPlay { own: true } => f.write_str("you have a Stadium in play"),
            Cond::StadiumInPlay { own: false } => f.write_str("a Stadium is in play"),
            Cond::MovedToActiveThisTurn => f.write_str("it moved to the Active Spot this turn"),
            Cond::EvolvedThisTurn => f.write_str("it evolved this turn"),
            Cond::OwnKnockedOutByAttackLastTurn => f.write_str(
                "one of the owner's Pokémon was Knocked Out by an attack's damage in the opponent's last turn",
            ),
            Cond::YouDid => f.write_str("the optional action was taken"),
            Cond::NamedInPlay {
                own,
                name,
                bench,
                absent,
                other,
            } => write!(
                f,
                "{} {}{}{} {}",
                if *own {
                    "you have"
                } else {
                    "your opponent has"
                },
                if *absent { "no " } else { "" },
                if *other { "another " } else { "" },
                if name.is_empty() {
                    "Pokémon of its name"
                } else {
                    name
                },
                if *bench { "on the Bench" } else { "in play" }
            ),
            Cond::ExtraEnergy { n } => write!(f, "{n} Energy beyond the attack's cost"),
            Cond::OpponentsNextTurn => f.write_str("during the opponent's next turn"),
            Cond::ThisTurn => f.write_str("this turn"),
            Cond::InCheckup => f.write_str("during Pokémon Checkup"),
            Cond::CountAtLeast { count, n } => write!(f, "at least {n} {count}"),
            Cond::Other(words) => write!(f, "\"{words}\""),
        }
    }
}

impl std::fmt::Display for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Count::Heads => f.write_str("heads"),
            Count::Energy { on, energy } => match energy {
                Some(t) => write!(f, "{t:?} Energy on {on}"),
                None => write!(f, "Energy on {on}"),
            },
            Count::DamageCounters { on } => write!(f, "damage counter on {on}"),
            Count::PrizesTaken { opponent: true } => f.write_str("Prize card the opponent took"),
            Count::PrizesTaken { opponent: false } => f.write_str("Prize card you took"),
            Count::Pokemon { who } => write!(f, "{who}"),
            Count::Discarded { what } => write!(f, "{what} discarded by the attack"),
            Count::InHand { opponent: true } => f.write_str("card in the opponent's hand"),
            Count::InHand { opponent: false } => f.write_str("card in your hand"),
            Count::InDiscard {
                opponent,
                what,
                moved,
            } => write!(
                f,
                "{what} in {} discard pile{}",
                if *opponent { "the opponent's" } else { "your" },
                if *moved { ", then moved" } else { "" }
            ),
            Count::Tools { on } => write!(f, "Tool on {on}"),
        }
    }
}
