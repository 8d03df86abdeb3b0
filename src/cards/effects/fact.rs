//! The rule facts a card's text can change, and how far an effect reaches.

use serde::Serialize;

/// A fact the rule checks rely on that card text can override. A check declares the facts it
/// depends on; an effect in force that may change one of them, and is not modelled, turns the
/// check's `violation` into `unverified`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fact {
    /// The damage an attack does: more or less damage, damage that depends on a count, a coin
    /// or a condition, damage to more than one Pokémon.
    DamageDealt,
    /// The damage a Pokémon takes from attacks: reduced, prevented, increased.
    DamageTaken,
    /// Whether Weakness and Resistance apply, and a Pokémon's type or Weakness/Resistance.
    WeaknessResistance,
    /// A Pokémon's maximum HP.
    MaxHp,
    /// How many Pokémon a player may have on the Bench.
    BenchSize,
    /// What an Energy provides (type, how many), or what counts as Energy.
    EnergyProvided,
    /// The Energy an attack costs, or attacking without paying it.
    AttackCost,
    /// The Retreat Cost, retreating for free, or not being able to retreat.
    RetreatCost,
    /// What a player may do on their first turn (Supporter, attack, evolve).
    FirstTurn,
    /// The once-per-turn limits: Supporter, Stadium, manual Energy attachment, retreat.
    OncePerTurn,
    /// When and how a Pokémon evolves (the turn it was played, skipping a Stage, from the deck).
    Evolution,
    /// A Knock Out other than by damage reaching HP, or a Knock Out prevented.
    KnockOut,
    /// Damage counters put on, moved between or removed from Pokémon outside attack damage.
    DamageCounters,
    /// How many Prize cards a Knock Out gives, or Prize cards taken by an effect.
    PrizeCount,
    /// Special Conditions and the Pokémon Checkup (applied, removed, prevented, extra damage).
    Conditions,
    /// Who wins or loses, other than by the three win conditions.
    Winner,
    /// How many Pokémon Tools a Pokémon may have.
    Tools,
    /// Which attacks a Pokémon may use (copying attacks, using an Evolution's attacks).
    AttackChoice,
    /// Cards played or put into play in unusual ways (a Trainer played as a Pokémon, a Pokémon
    /// put into play from the deck or the discard pile).
    PlayRules,
    /// Other cards' effects turned off (Pokémon with no Abilities, Tools with no effect, Special
    /// Energy that provides only Colorless): a modelled effect may not apply.
    Suppression,
}

impl Fact {
    /// Every fact, in a stable order (for tables).
    pub const ALL: [Fact; 20] = [
        Fact::DamageDealt,
        Fact::DamageTaken,
        Fact::WeaknessResistance,
        Fact::MaxHp,
        Fact::BenchSize,
        Fact::EnergyProvided,
        Fact::AttackCost,
        Fact::RetreatCost,
        Fact::FirstTurn,
        Fact::OncePerTurn,
        Fact::Evolution,
        Fact::KnockOut,
        Fact::DamageCounters,
        Fact::PrizeCount,
        Fact::Conditions,
        Fact::Winner,
        Fact::Tools,
        Fact::AttackChoice,
        Fact::PlayRules,
        Fact::Suppression,
    ];

    /// Stable kebab-case id (`damage-dealt`).
    pub fn id(self) -> &'static str {
        match self {
            Fact::DamageDealt => "damage-dealt",
            Fact::DamageTaken => "damage-taken",
            Fact::WeaknessResistance => "weakness-resistance",
            Fact::MaxHp => "max-hp",
            Fact::BenchSize => "bench-size",
            Fact::EnergyProvided => "energy-provided",
            Fact::AttackCost => "attack-cost",
            Fact::RetreatCost => "retreat-cost",
            Fact::FirstTurn => "first-turn",
            Fact::OncePerTurn => "once-per-turn",
            Fact::Evolution => "evolution",
            Fact::KnockOut => "knock-out",
            Fact::DamageCounters => "damage-counters",
            Fact::PrizeCount => "prize-count",
            Fact::Conditions => "conditions",
            Fact::Winner => "winner",
            Fact::Tools => "tools",
            Fact::AttackChoice => "attack-choice",
            Fact::PlayRules => "play-rules",
            Fact::Suppression => "suppression",
        }
    }

    /// The fact in words, for messages ("may change the damage dealt").
    pub fn words(self) -> &'static str {
        match self {
            Fact::DamageDealt => "the damage dealt",
            Fact::DamageTaken => "the damage taken",
            Fact::WeaknessResistance => "Weakness or Resistance",
            Fact::MaxHp => "the HP",
            Fact::BenchSize => "the Bench limit",
            Fact::EnergyProvided => "the Energy provided",
            Fact::AttackCost => "the attack cost",
            Fact::RetreatCost => "the Retreat Cost",
            Fact::FirstTurn => "what may be done on the first turn",
            Fact::OncePerTurn => "the once-per-turn limits",
            Fact::Evolution => "when a Pokémon may evolve",
            Fact::KnockOut => "when a Pokémon is Knocked Out",
            Fact::DamageCounters => "the damage counters on a Pokémon",
            Fact::PrizeCount => "the Prize cards taken",
            Fact::Conditions => "Special Conditions or the Pokémon Checkup",
            Fact::Winner => "who wins",
            Fact::Tools => "how many Tools a Pokémon may have",
            Fact::AttackChoice => "which attacks a Pokémon may use",
            Fact::PlayRules => "how cards may be played",
            Fact::Suppression => "whether other cards' effects apply",
        }
    }

    const fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// A set of facts (a bit set).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FactSet(u32);

impl FactSet {
    pub const EMPTY: FactSet = FactSet(0);

    /// Every fact: what a card the data does not know may change.
    pub fn all() -> FactSet {
        Fact::ALL.iter().fold(FactSet::EMPTY, |s, f| s.with(*f))
    }

    pub const fn with(self, f: Fact) -> FactSet {
        FactSet(self.0 | f.bit())
    }

    pub fn insert(&mut self, f: Fact) {
        self.0 |= f.bit();
    }

    pub const fn contains(self, f: Fact) -> bool {
        self.0 & f.bit() != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn union(self, other: FactSet) -> FactSet {
        FactSet(self.0 | other.0)
    }

    /// Whether the two sets share a fact.
    pub const fn intersects(self, other: FactSet) -> bool {
        self.0 & other.0 != 0
    }

    pub fn iter(self) -> impl Iterator<Item = Fact> {
        Fact::ALL.into_iter().filter(move |f| self.contains(*f))
    }
}

impl Serialize for FactSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl FromIterator<Fact> for FactSet {
    fn from_iter<I: IntoIterator<Item = Fact>>(iter: I) -> FactSet {
        iter.into_iter().fold(FactSet::EMPTY, FactSet::with)
    }
}

/// Whom an effect can touch, as its text says. When the text does not make it plain, the
/// reader says [`Reach::Any`]: a wider reach only costs a doubt, a narrower one could cost a
/// false violation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reach {
    /// The Pokémon itself ("this Pokémon"), or the Pokémon a Tool or Energy is attached to.
    Holder,
    /// The card owner's Pokémon or player ("your Pokémon", "you").
    OwnSide,
    /// The opponent's Pokémon or player ("your opponent's Active Pokémon", "the Defending
    /// Pokémon").
    OpponentSide,
    /// Anyone (a Stadium's "each player", or text that does not say).
    Any,
}
