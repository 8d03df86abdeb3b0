//! The card model: what a card *is* for rulings purposes, independent of the JSON layout it
//! was read from. Everything here is pure: parsing helpers take strings and never panic.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// One printed card (one "print": same name in another set is another `Card`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Card {
    /// Unique id from the data, `<set id>-<number>`, e.g. `"sv6-25"`.
    pub id: String,
    /// Printed name, e.g. `"Teal Mask Ogerpon ex"` (the LV.X level is in [`Card::level`]).
    pub name: String,
    /// Pokémon, Trainer or Energy.
    pub supertype: Supertype,
    /// All subtypes in data order ("Basic", "ex", "Item", ...).
    pub subtypes: Vec<Subtype>,
    /// Hit Points; `None` for non-Pokémon and for unreadable values.
    pub hp: Option<u32>,
    /// The Pokémon's types (two for dual-type cards).
    pub types: Vec<EnergyType>,
    /// Name of the Pokémon this one evolves from.
    pub evolves_from: Option<String>,
    /// Names of Pokémon that evolve from this one (as listed by the data; may be incomplete).
    pub evolves_to: Vec<String>,
    /// Weaknesses (usually zero or one).
    pub weaknesses: Vec<Weakness>,
    /// Resistances (usually zero or one).
    pub resistances: Vec<Resistance>,
    /// Retreat Cost as Energy symbols (all Colorless in practice); empty = free retreat.
    pub retreat_cost: Vec<EnergyType>,
    /// Attacks in printed order.
    pub attacks: Vec<Attack>,
    /// Abilities, Poké-Powers, Poké-Bodies, Pokémon Powers and Ancient Traits.
    pub abilities: Vec<Ability>,
    /// Rule boxes and, for Trainers and Energy, the card text.
    pub rules: Vec<String>,
    /// Set id, e.g. `"sv6"`.
    pub set_id: String,
    /// Collector number within the set, e.g. `"25"` or `"TG12"`.
    pub number: String,
    /// Regulation mark (`"G"`, `"H"`, ...), for Sword & Shield era onwards.
    pub regulation_mark: Option<String>,
    /// Level of DP-era cards (`"X"` for LV.X, or a number).
    pub level: Option<String>,
    /// Format legality as recorded by the data.
    pub legalities: Legalities,
    /// Names and texts in other languages, when the data gives them (TCGdex); not part of
    /// the JSON form.
    #[serde(skip)]
    pub localized: Option<Box<super::localized::Localized>>,
}

/// The three card kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Supertype {
    /// A Pokémon card.
    Pokemon,
    /// A Trainer card (Item, Supporter, Stadium, Pokémon Tool, ...).
    Trainer,
    /// An Energy card (basic or Special).
    Energy,
}

impl Supertype {
    /// The data's spelling: "Pokémon", "Trainer", "Energy".
    pub fn as_str(self) -> &'static str {
        match self {
            Supertype::Pokemon => "Pokémon",
            Supertype::Trainer => "Trainer",
            Supertype::Energy => "Energy",
        }
    }
}

impl FromStr for Supertype {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "Pokémon" | "Pokemon" => Ok(Supertype::Pokemon),
            "Trainer" => Ok(Supertype::Trainer),
            "Energy" => Ok(Supertype::Energy),
            other => Err(UnknownValue(other.to_string())),
        }
    }
}

impl fmt::Display for Supertype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Supertype {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A string that is not one of the values a parser knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownValue(pub String);

impl fmt::Display for UnknownValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown value {:?}", self.0)
    }
}

impl std::error::Error for UnknownValue {}

/// A Pokémon / Energy type, as used for Pokémon types, attack costs, Weakness and Resistance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EnergyType {
    /// Grass.
    Grass,
    /// Fire.
    Fire,
    /// Water.
    Water,
    /// Lightning.
    Lightning,
    /// Psychic.
    Psychic,
    /// Fighting.
    Fighting,
    /// Darkness.
    Darkness,
    /// Metal.
    Metal,
    /// Fairy.
    Fairy,
    /// Dragon.
    Dragon,
    /// Colorless (in a cost: payable by any type).
    Colorless,
    /// The "Free" cost marker of the data (no Energy needed). The importer turns a cost of
    /// `["Free"]` into an empty cost, so this value only appears if a caller builds it.
    Free,
}

impl EnergyType {
    /// Every value, in declaration order.
    pub const ALL: [EnergyType; 12] = [
        EnergyType::Grass,
        EnergyType::Fire,
        EnergyType::Water,
        EnergyType::Lightning,
        EnergyType::Psychic,
        EnergyType::Fighting,
        EnergyType::Darkness,
        EnergyType::Metal,
        EnergyType::Fairy,
        EnergyType::Dragon,
        EnergyType::Colorless,
        EnergyType::Free,
    ];

    /// The data's spelling ("Grass", ..., "Colorless", "Free").
    pub fn as_str(self) -> &'static str {
        match self {
            EnergyType::Grass => "Grass",
            EnergyType::Fire => "Fire",
            EnergyType::Water => "Water",
            EnergyType::Lightning => "Lightning",
            EnergyType::Psychic => "Psychic",
            EnergyType::Fighting => "Fighting",
            EnergyType::Darkness => "Darkness",
            EnergyType::Metal => "Metal",
            EnergyType::Fairy => "Fairy",
            EnergyType::Dragon => "Dragon",
            EnergyType::Colorless => "Colorless",
            EnergyType::Free => "Free",
        }
    }

    /// The type the data spells `s` exactly ([`EnergyType::as_str`]).
    pub(crate) fn spelled(s: &str) -> Option<EnergyType> {
        Some(match s {
            "Grass" => EnergyType::Grass,
            "Fire" => EnergyType::Fire,
            "Water" => EnergyType::Water,
            "Lightning" => EnergyType::Lightning,
            "Psychic" => EnergyType::Psychic,
            "Fighting" => EnergyType::Fighting,
            "Darkness" => EnergyType::Darkness,
            "Metal" => EnergyType::Metal,
            "Fairy" => EnergyType::Fairy,
            "Dragon" => EnergyType::Dragon,
            "Colorless" => EnergyType::Colorless,
            "Free" => EnergyType::Free,
            _ => return None,
        })
    }

    /// The one-letter symbol used in card text brackets, e.g. `[G]`, `[C]` (`N` for Dragon,
    /// `Y` for Fairy, `R` for Fire, `D` for Darkness). `Free` has none.
    pub fn symbol(self) -> Option<char> {
        Some(match self {
            EnergyType::Grass => 'G',
            EnergyType::Fire => 'R',
            EnergyType::Water => 'W',
            EnergyType::Lightning => 'L',
            EnergyType::Psychic => 'P',
            EnergyType::Fighting => 'F',
            EnergyType::Darkness => 'D',
            EnergyType::Metal => 'M',
            EnergyType::Fairy => 'Y',
            EnergyType::Dragon => 'N',
            EnergyType::Colorless => 'C',
            EnergyType::Free => return None,
        })
    }

    /// Inverse of [`EnergyType::symbol`].
    pub fn from_symbol(c: char) -> Option<EnergyType> {
        EnergyType::ALL
            .into_iter()
            .find(|t| t.symbol() == Some(c.to_ascii_uppercase()))
    }
}

impl FromStr for EnergyType {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // The data's spelling as it is (the snapshot reads many), else trimmed.
        EnergyType::spelled(s)
            .or_else(|| EnergyType::spelled(s.trim()))
            .ok_or_else(|| UnknownValue(s.trim().to_string()))
    }
}

impl fmt::Display for EnergyType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for EnergyType {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

macro_rules! subtypes {
    ($($(#[$doc:meta])* $var:ident => $text:literal,)*) => {
        /// A card subtype as listed by the data. Unknown spellings are kept as `Other`.
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        #[allow(clippy::upper_case_acronyms)]
        pub enum Subtype {
            $($(#[$doc])* $var,)*
            /// Any subtype this model does not know, with its data spelling.
            Other(String),
        }

        impl Subtype {
            /// Parse the data's spelling; never fails (unknown values become `Other`).
            pub fn parse(s: &str) -> Subtype {
                match s.trim() {
                    $($text => Subtype::$var,)*
                    other => Subtype::Other(other.to_string()),
                }
            }

            /// The data's spelling, e.g. `"Stage 1"`, `"TAG TEAM"`, `"Pokémon Tool"`.
            pub fn as_str(&self) -> &str {
                match self {
                    $(Subtype::$var => $text,)*
                    Subtype::Other(s) => s,
                }
            }
        }
    };
}

subtypes! {
    /// Basic Pokémon, or basic Energy.
    Basic => "Basic",
    /// Stage 1 Pokémon.
    Stage1 => "Stage 1",
    /// Stage 2 Pokémon.
    Stage2 => "Stage 2",
    /// Pokémon ex (Scarlet & Violet and later) or Pokémon-ex (EX series); lower-case "ex".
    Ex => "ex",
    /// Pokémon-EX (Black & White / XY); upper-case "EX".
    EX => "EX",
    /// Pokémon-GX.
    GX => "GX",
    /// Pokémon V.
    V => "V",
    /// Pokémon VMAX.
    VMAX => "VMAX",
    /// Pokémon VSTAR.
    VSTAR => "VSTAR",
    /// Pokémon V-UNION.
    VUnion => "V-UNION",
    /// TAG TEAM (Pokémon-GX or Supporter).
    TagTeam => "TAG TEAM",
    /// Mega Evolution (XY "M ...-EX" and Mega Evolution era "Mega ... ex").
    Mega => "MEGA",
    /// Tera Pokémon ex.
    Tera => "Tera",
    /// Radiant Pokémon.
    Radiant => "Radiant",
    /// Prism Star (◇) card.
    PrismStar => "Prism Star",
    /// ACE SPEC card.
    AceSpec => "ACE SPEC",
    /// Item card.
    Item => "Item",
    /// Supporter card.
    Supporter => "Supporter",
    /// Stadium card.
    Stadium => "Stadium",
    /// Pokémon Tool card.
    PokemonTool => "Pokémon Tool",
    /// Pokémon Tool F (Flare) card.
    PokemonToolF => "Pokémon Tool F",
    /// Technical Machine (a Pokémon Tool variant).
    TechnicalMachine => "Technical Machine",
    /// Rocket's Secret Machine (a Trainer kind of Team Rocket Returns).
    RocketsSecretMachine => "Rocket's Secret Machine",
    /// Special Energy.
    Special => "Special",
    /// Pokémon BREAK.
    Break => "BREAK",
    /// Pokémon LV.X (Level-Up).
    LevelUp => "Level-Up",
    /// Pokémon LEGEND (two-card Pokémon).
    Legend => "LEGEND",
    /// Baby Pokémon (a kind of Basic Pokémon).
    Baby => "Baby",
    /// Restored Pokémon (put into play by a Fossil card).
    Restored => "Restored",
    /// Pokémon Star (★).
    Star => "Star",
    /// Pokémon SP.
    SP => "SP",
    /// Prime Pokémon.
    Prime => "Prime",
    /// Ultra Beast.
    UltraBeast => "Ultra Beast",
    /// Rapid Strike.
    RapidStrike => "Rapid Strike",
    /// Single Strike.
    SingleStrike => "Single Strike",
    /// Fusion Strike.
    FusionStrike => "Fusion Strike",
    /// Team Plasma.
    TeamPlasma => "Team Plasma",
    /// Ancient.
    Ancient => "Ancient",
    /// Future.
    Future => "Future",
    /// Eternamax.
    Eternamax => "Eternamax",
}

impl fmt::Display for Subtype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Subtype {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// How a Pokémon card comes into play / what it evolves as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Stage {
    /// Basic Pokémon (including Mega Evolution ex printed as Basic).
    Basic,
    /// Baby Pokémon (played as a Basic Pokémon).
    Baby,
    /// Stage 1 (including Mega Evolution ex printed as Stage 1).
    Stage1,
    /// Stage 2 (including Mega Evolution ex printed as Stage 2).
    Stage2,
    /// Restored Pokémon (comes into play from a Fossil card).
    Restored,
    /// Pokémon LV.X (levels up from the Pokémon of the same name).
    LevelUp,
    /// Pokémon BREAK (evolves from the Pokémon named in `evolves_from`).
    Break,
    /// XY-era Mega Evolution Pokémon-EX ("M ...-EX", evolves from the Pokémon-EX).
    Mega,
    /// Pokémon VMAX (evolves from a Pokémon V).
    VMax,
    /// Pokémon VSTAR (evolves from a Pokémon V).
    VStar,
    /// Pokémon V-UNION (assembled from four cards).
    VUnion,
    /// Pokémon LEGEND (played from two cards).
    Legend,
}

impl Stage {
    /// Human-readable name: "Basic", "Stage 1", "VMAX", ...
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Basic => "Basic",
            Stage::Baby => "Baby (Basic)",
            Stage::Stage1 => "Stage 1",
            Stage::Stage2 => "Stage 2",
            Stage::Restored => "Restored",
            Stage::LevelUp => "LV.X (Level-Up)",
            Stage::Break => "BREAK",
            Stage::Mega => "Mega Evolution",
            Stage::VMax => "VMAX",
            Stage::VStar => "VSTAR",
            Stage::VUnion => "V-UNION",
            Stage::Legend => "LEGEND",
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a subtype that names a stage stands in [`Card::stage`]'s order (a numbered stage wins
/// over MEGA, and so on), with the stage; `None` for the other subtypes.
fn stage_rank(subtype: &Subtype) -> Option<(u8, Stage)> {
    Some(match subtype {
        Subtype::Stage2 => (0, Stage::Stage2),
        Subtype::Stage1 => (1, Stage::Stage1),
        Subtype::Basic => (2, Stage::Basic),
        Subtype::VMAX => (3, Stage::VMax),
        Subtype::VSTAR => (4, Stage::VStar),
        Subtype::VUnion => (5, Stage::VUnion),
        Subtype::Mega => (6, Stage::Mega),
        Subtype::Break => (7, Stage::Break),
        Subtype::LevelUp => (8, Stage::LevelUp),
        Subtype::Legend => (9, Stage::Legend),
        Subtype::Baby => (10, Stage::Baby),
        Subtype::Restored => (11, Stage::Restored),
        _ => return None,
    })
}

/// The kind of Rule Box a card has (the rule that makes it special), derived from subtypes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum RuleBoxKind {
    /// Pokémon ex (lower case; SV era, and Pokémon-ex of the EX series), including Tera ex.
    Ex,
    /// Mega Evolution Pokémon ex (MEGA + ex).
    MegaEx,
    /// Pokémon-EX (upper case).
    EX,
    /// XY-era Mega Evolution Pokémon-EX (MEGA + EX).
    MegaEX,
    /// Pokémon-GX.
    GX,
    /// TAG TEAM Pokémon-GX.
    TagTeam,
    /// Pokémon V.
    V,
    /// Pokémon VMAX.
    VMax,
    /// Pokémon VSTAR.
    VStar,
    /// Pokémon V-UNION.
    VUnion,
    /// Radiant Pokémon.
    Radiant,
    /// Prism Star (◇) card.
    PrismStar,
    /// Pokémon BREAK.
    Break,
    /// Pokémon LEGEND.
    Legend,
    /// Pokémon LV.X.
    LevelUp,
}

/// Weakness: attacks from Pokémon of `type_` are modified by `modifier`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Weakness {
    /// The attacking type that triggers this Weakness.
    #[serde(rename = "type")]
    pub type_: EnergyType,
    /// How damage is changed.
    pub modifier: WeaknessModifier,
}

/// How a Weakness changes damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum WeaknessModifier {
    /// "×2": damage is multiplied.
    Multiply(u32),
    /// "+20": damage is increased by this much.
    Add(u32),
}

impl WeaknessModifier {
    /// Parse "×2" (also "x2", "X2", "*2") or "+10"/"+20"/...; `None` for anything else.
    pub fn parse(s: &str) -> Option<WeaknessModifier> {
        let s = s.trim();
        let mut chars = s.chars();
        let first = chars.next()?;
        let rest = chars.as_str().trim();
        let n: u32 = parse_digits(rest)?;
        match first {
            '×' | 'x' | 'X' | '*' => Some(WeaknessModifier::Multiply(n)),
            '+' => Some(WeaknessModifier::Add(n)),
            _ => None,
        }
    }
}

impl fmt::Display for WeaknessModifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeaknessModifier::Multiply(n) => write!(f, "×{n}"),
            WeaknessModifier::Add(n) => write!(f, "+{n}"),
        }
    }
}

/// Resistance: damage from attacks of Pokémon of `type_` is reduced by `amount`.
///
/// Sign convention: `amount` is the **positive** reduction, so the data's `"-30"` gives
/// `amount == 30` and damage after Resistance is `damage - amount` (not below 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Resistance {
    /// The attacking type this Resistance applies to.
    #[serde(rename = "type")]
    pub type_: EnergyType,
    /// The reduction as a positive number (30 for "-30").
    pub amount: i32,
}

impl Resistance {
    /// Parse a Resistance value such as `"-30"` (also with the Unicode minus `"−30"`) into the
    /// positive reduction amount; `None` for anything else.
    pub fn parse_amount(s: &str) -> Option<i32> {
        let s = s.trim();
        let rest = s.strip_prefix('-').or_else(|| s.strip_prefix('−'))?;
        let n = parse_digits(rest.trim())?;
        i32::try_from(n).ok()
    }
}

/// One attack of a Pokémon.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Attack {
    /// Attack name.
    pub name: String,
    /// Energy cost. Empty means no Energy is needed (the data's `["Free"]` marker and an
    /// empty list both become an empty cost).
    pub cost: Vec<EnergyType>,
    /// Printed base damage; `None` when the attack prints no damage.
    pub damage: Option<BaseDamage>,
    /// Attack text (may be empty).
    pub text: String,
}

/// The damage number printed next to an attack, with its modifier sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct BaseDamage {
    /// The printed number (30 for "30+").
    pub amount: u32,
    /// The sign after the number.
    pub modifier: DamageModifier,
}

/// The sign after a printed damage number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum DamageModifier {
    /// "30": exactly this damage (before Weakness/Resistance and effects).
    Fixed,
    /// "30+": the text may add more.
    Plus,
    /// "20×": the text multiplies it.
    Times,
    /// "50-": the text subtracts from it.
    Minus,
}

impl BaseDamage {
    /// Parse a printed damage string: `"30"`, `"30+"`, `"20×"` (also `"20x"`), `"50-"`.
    /// `Ok(None)` for an empty string (no damage printed), `Err` for anything else
    /// (e.g. `"?"`).
    pub fn parse(s: &str) -> Result<Option<BaseDamage>, UnknownValue> {
        let t = s.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let (digits, modifier) = match t.chars().last() {
            Some('+') => (&t[..t.len() - 1], DamageModifier::Plus),
            Some(c @ ('×' | 'x' | 'X' | '*')) => {
                (&t[..t.len() - c.len_utf8()], DamageModifier::Times)
            }
            Some(c @ ('-' | '−')) => (&t[..t.len() - c.len_utf8()], DamageModifier::Minus),
            _ => (t, DamageModifier::Fixed),
        };
        match parse_digits(digits.trim()) {
            Some(amount) => Ok(Some(BaseDamage { amount, modifier })),
            None => Err(UnknownValue(s.to_string())),
        }
    }
}

impl fmt::Display for BaseDamage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = match self.modifier {
            DamageModifier::Fixed => "",
            DamageModifier::Plus => "+",
            DamageModifier::Times => "×",
            DamageModifier::Minus => "-",
        };
        write!(f, "{}{}", self.amount, sign)
    }
}

/// An Ability-like effect printed on a Pokémon.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Ability {
    /// Name of the Ability.
    pub name: String,
    /// Which kind of effect it is.
    pub kind: AbilityKind,
    /// Its text.
    pub text: String,
}

/// The kind of an [`Ability`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AbilityKind {
    /// "Ability" (Black & White era onwards).
    Ability,
    /// "Poké-Power".
    PokePower,
    /// "Poké-Body".
    PokeBody,
    /// "Pokémon Power" (original era).
    PokemonPower,
    /// "Ancient Trait" (XY Primal Clash era; stored by the data as `ancientTrait`).
    AncientTrait,
    /// "VSTAR Power" (not used by the data today, which lists them as Abilities).
    VstarPower,
    /// Anything else, with its data spelling.
    Other(String),
}

impl AbilityKind {
    /// Parse the data's spelling; never fails.
    pub fn parse(s: &str) -> AbilityKind {
        match s.trim() {
            "Ability" => AbilityKind::Ability,
            "Poké-Power" | "Poke-Power" => AbilityKind::PokePower,
            "Poké-Body" | "Poke-Body" => AbilityKind::PokeBody,
            "Pokémon Power" | "Pokemon Power" => AbilityKind::PokemonPower,
            "Ancient Trait" => AbilityKind::AncientTrait,
            "VSTAR Power" => AbilityKind::VstarPower,
            other => AbilityKind::Other(other.to_string()),
        }
    }

    /// Display spelling ("Ability", "Poké-Power", ...).
    pub fn as_str(&self) -> &str {
        match self {
            AbilityKind::Ability => "Ability",
            AbilityKind::PokePower => "Poké-Power",
            AbilityKind::PokeBody => "Poké-Body",
            AbilityKind::PokemonPower => "Pokémon Power",
            AbilityKind::AncientTrait => "Ancient Trait",
            AbilityKind::VstarPower => "VSTAR Power",
            AbilityKind::Other(s) => s,
        }
    }
}

impl fmt::Display for AbilityKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for AbilityKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Legality of a card in one format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Legality {
    /// Playable.
    Legal,
    /// Banned.
    Banned,
}

impl FromStr for Legality {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "Legal" => Ok(Legality::Legal),
            "Banned" => Ok(Legality::Banned),
            other => Err(UnknownValue(other.to_string())),
        }
    }
}

/// Format legalities; `None` means the data does not list the card for that format
/// (i.e. not legal there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Legalities {
    /// Standard format.
    pub standard: Option<Legality>,
    /// Expanded format.
    pub expanded: Option<Legality>,
    /// Unlimited format.
    pub unlimited: Option<Legality>,
}

/// One expansion set from `sets/en.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SetInfo {
    /// Set id, e.g. `"sv6"` (the prefix of card ids).
    pub id: String,
    /// Set name, e.g. `"Twilight Masquerade"`.
    pub name: String,
    /// Series, e.g. `"Scarlet & Violet"`.
    pub series: String,
    /// Code used by the game client / PTCGO, e.g. `"TWM"`.
    pub ptcgo_code: Option<String>,
    /// Release date as written by the data (`"YYYY/MM/DD"`).
    pub release_date: Option<String>,
    /// Format legalities of the set.
    pub legalities: Legalities,
}

/// Parse a run of ASCII digits into a `u32` (no sign, no spaces); `None` otherwise.
pub(crate) fn parse_digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

impl Card {
    /// True when the card lists this subtype.
    pub fn has_subtype(&self, subtype: &Subtype) -> bool {
        self.subtypes.iter().any(|s| s == subtype)
    }

    /// True for Pokémon cards.
    pub fn is_pokemon(&self) -> bool {
        self.supertype == Supertype::Pokemon
    }

    /// True for Trainer cards.
    pub fn is_trainer(&self) -> bool {
        self.supertype == Supertype::Trainer
    }

    /// True for Energy cards.
    pub fn is_energy(&self) -> bool {
        self.supertype == Supertype::Energy
    }

    /// What this Pokémon evolves as / how it is put into play; `None` for non-Pokémon or
    /// when no stage subtype is listed. A numbered stage wins over MEGA, so Mega Evolution ex
    /// cards printed as Basic/Stage 1/Stage 2 report that stage, while XY "M ...-EX" cards
    /// report [`Stage::Mega`].
    pub fn stage(&self) -> Option<Stage> {
        if !self.is_pokemon() {
            return None;
        }
        // One pass over the subtypes (one to three of them), keeping the one first in the
        // order of `stage_rank` (this is asked for every print put into play; twelve passes,
        // one per stage subtype, cost ~1.0M instructions over the 24 English logs).
        self.subtypes
            .iter()
            .filter_map(stage_rank)
            .min_by_key(|(rank, _)| *rank)
            .map(|(_, stage)| stage)
    }

    /// True for Basic Pokémon (including Baby Pokémon, which play as Basic Pokémon).
    pub fn is_basic_pokemon(&self) -> bool {
        matches!(self.stage(), Some(Stage::Basic | Stage::Baby))
    }

    /// True for Supporter cards.
    pub fn is_supporter(&self) -> bool {
        self.is_trainer() && self.has_subtype(&Subtype::Supporter)
    }

    /// True for Item cards (including Item-Tools of some sets, but not pure Pokémon Tools).
    pub fn is_item(&self) -> bool {
        self.is_trainer() && self.has_subtype(&Subtype::Item)
    }

    /// True for Stadium cards.
    pub fn is_stadium(&self) -> bool {
        self.is_trainer() && self.has_subtype(&Subtype::Stadium)
    }

    /// True for Pokémon Tools (including Pokémon Tool F and Technical Machines).
    pub fn is_tool(&self) -> bool {
        self.is_trainer()
            && (self.has_subtype(&Subtype::PokemonTool)
                || self.has_subtype(&Subtype::PokemonToolF)
                || self.has_subtype(&Subtype::TechnicalMachine))
    }

    /// True for Special Energy cards.
    pub fn is_special_energy(&self) -> bool {
        self.is_energy() && self.has_subtype(&Subtype::Special)
    }

    /// True for basic Energy cards (subtype "Basic", or an Energy without "Special").
    pub fn is_basic_energy(&self) -> bool {
        self.is_energy()
            && (self.has_subtype(&Subtype::Basic) || !self.has_subtype(&Subtype::Special))
    }

    /// True for ACE SPEC cards.
    pub fn is_ace_spec(&self) -> bool {
        self.has_subtype(&Subtype::AceSpec)
    }

    /// True for Radiant Pokémon.
    pub fn is_radiant(&self) -> bool {
        self.has_subtype(&Subtype::Radiant)
    }

    /// True for Prism Star (◇) cards.
    pub fn is_prism_star(&self) -> bool {
        self.has_subtype(&Subtype::PrismStar)
    }

    /// The Rule Box this card has, if any, from its subtypes. The most specific kind wins
    /// (a TAG TEAM GX is `TagTeam`, a Mega Evolution ex is `MegaEx`). Trainers/Energy only
    /// report `PrismStar`.
    pub fn rule_box_kind(&self) -> Option<RuleBoxKind> {
        let has = |s: Subtype| self.has_subtype(&s);
        if self.is_prism_star() {
            return Some(RuleBoxKind::PrismStar);
        }
        if !self.is_pokemon() {
            return None;
        }
        let kind = if has(Subtype::TagTeam) {
            RuleBoxKind::TagTeam
        } else if has(Subtype::VUnion) {
            RuleBoxKind::VUnion
        } else if has(Subtype::VMAX) {
            RuleBoxKind::VMax
        } else if has(Subtype::VSTAR) {
            RuleBoxKind::VStar
        } else if has(Subtype::V) {
            RuleBoxKind::V
        } else if has(Subtype::Mega) && has(Subtype::Ex) {
            RuleBoxKind::MegaEx
        } else if has(Subtype::Ex) {
            RuleBoxKind::Ex
        } else if has(Subtype::Mega) && has(Subtype::EX) {
            RuleBoxKind::MegaEX
        } else if has(Subtype::EX) {
            RuleBoxKind::EX
        } else if has(Subtype::GX) {
            RuleBoxKind::GX
        } else if has(Subtype::Radiant) {
            RuleBoxKind::Radiant
        } else if has(Subtype::Break) {
            RuleBoxKind::Break
        } else if has(Subtype::Legend) {
            RuleBoxKind::Legend
        } else if has(Subtype::LevelUp) {
            RuleBoxKind::LevelUp
        } else {
            return None;
        };
        Some(kind)
    }

    /// True when the card has an attack with exactly this name (after name normalisation).
    pub fn has_attack(&self, name: &str) -> bool {
        let n = crate::cards::normalize_name(name);
        self.attacks
            .iter()
            .any(|a| crate::cards::normalize_name(&a.name) == n)
    }

    /// True when the card has an attack or an Ability-like effect with this name.
    pub fn has_attack_or_ability(&self, name: &str) -> bool {
        self.attack(name).is_some() || self.ability(name).is_some()
    }

    /// The attack with this name, if any.
    pub fn attack(&self, name: &str) -> Option<&Attack> {
        find_named(&self.attacks, name, |a| &a.name)
    }

    /// The Ability-like effect with this name, if any.
    pub fn ability(&self, name: &str) -> Option<&Ability> {
        find_named(&self.abilities, name, |a| &a.name)
    }
}

/// The item whose name matches `name`: the same text first (the common case, no allocation),
/// else the same name after normalisation (apostrophes, accents, spacing).
fn find_named<'a, T>(items: &'a [T], name: &str, name_of: impl Fn(&T) -> &str) -> Option<&'a T> {
    if let Some(x) = items.iter().find(|x| name_of(x) == name) {
        return Some(x);
    }
    // Most names asked of a card are not on it at all (the checks ask every print the
    // Pokémon may be): when no item's name begins as this one does, none is the same after
    // normalisation either.
    if !items.iter().any(|x| may_be_same_name(name_of(x), name)) {
        return None;
    }
    let n = crate::cards::normalize_name(name);
    // A name that normalises to itself was already compared with every plain name.
    let unchanged = n.as_ref() == name;
    items.iter().find(|x| {
        let own = name_of(x);
        // A plain ASCII name normalises to itself.
        let plain = own.is_ascii()
            && own.trim_ascii().len() == own.len()
            && !(own.as_bytes().contains(&b'P') && own.contains("Pokemon"));
        if plain {
            !unchanged && own == n
        } else {
            crate::cards::normalize_name(own) == n
        }
    })
}

/// Whether two names may be the same after [`crate::cards::normalize_name`]: false only when
/// their first characters after leading spaces differ and are ASCII letters or digits that
/// normalising leaves as they are (every letter but an `e`, which an accent may follow).
/// Normalising trims spaces and rewrites apostrophes, an `e` with a combining accent and
/// "Pokemon" (whose first letter stays), so such a first character is that of the normalised
/// name too.
fn may_be_same_name(a: &str, b: &str) -> bool {
    let settled = |s: &str| {
        s.trim_start()
            .bytes()
            .next()
            .filter(|c| c.is_ascii_alphanumeric() && *c != b'e')
    };
    match (settled(a), settled(b)) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spellings that normalise alike, by token: a name is a list of tokens, each written in
    /// one of its spellings, with spaces around.
    const SPELLINGS: &[&[&str]] = &[
        &["'", "\u{2019}", "\u{2018}", "\u{2bc}"],
        &["é", "e\u{301}"],
        &["Pokémon", "Pokemon"],
        &["e"],
        &["a"],
        &["P"],
        &["1"],
        &[" "],
    ];
    const PADS: &[&str] = &["", " ", "\t", "\u{a0}", "\u{b}", "  "];

    /// `tokens` written with the spellings `picks` chooses, between two pads.
    fn spell(tokens: &[usize], picks: &[usize], pads: (usize, usize)) -> String {
        let mut out = PADS[pads.0].to_string();
        for (t, pick) in tokens.iter().zip(picks) {
            let spellings = SPELLINGS[*t];
            out.push_str(spellings[pick % spellings.len()]);
        }
        out.push_str(PADS[pads.1]);
        out
    }

    proptest::proptest! {
        /// The name found is the one whose normalised name is the same, as when every name is
        /// normalised and compared (the first-letter test never leaves one out). The items
        /// are other spellings of the name, or of other tokens.
        #[test]
        fn find_named_is_normalise_then_compare(
            tokens in proptest::collection::vec(0..SPELLINGS.len(), 0..4),
            others in proptest::collection::vec(0..SPELLINGS.len(), 0..4),
            picks in proptest::collection::vec(0..4usize, 4),
            pads in (0..PADS.len(), 0..PADS.len()),
            items in proptest::collection::vec(
                (
                    proptest::bool::ANY,
                    proptest::collection::vec(0..4usize, 4),
                    (0..PADS.len(), 0..PADS.len()),
                ),
                0..4,
            ),
        ) {
            let name = spell(&tokens, &picks, pads);
            let names: Vec<String> = items
                .iter()
                .map(|(same, picks, pads)| {
                    spell(if *same { &tokens } else { &others }, picks, *pads)
                })
                .collect();
            let normal = crate::cards::normalize_name(&name);
            let expected = names
                .iter()
                .position(|n| *n == name)
                .or_else(|| names.iter().position(|n| crate::cards::normalize_name(n) == normal));
            let found = find_named(&names, &name, |n| n.as_str())
                .map(|n| names.iter().position(|m| std::ptr::eq(m, n)).expect("an item"));
            proptest::prop_assert_eq!(found, expected, "{:?} in {:?}", name, names);
        }
    }

    #[test]
    fn weakness_values() {
        assert_eq!(
            WeaknessModifier::parse("×2"),
            Some(WeaknessModifier::Multiply(2))
        );
        assert_eq!(
            WeaknessModifier::parse("x2"),
            Some(WeaknessModifier::Multiply(2))
        );
        assert_eq!(
            WeaknessModifier::parse("X2"),
            Some(WeaknessModifier::Multiply(2))
        );
        assert_eq!(
            WeaknessModifier::parse(" +20 "),
            Some(WeaknessModifier::Add(20))
        );
        assert_eq!(
            WeaknessModifier::parse("+10"),
            Some(WeaknessModifier::Add(10))
        );
        for bad in ["", "×", "2", "-30", "×two", "+", "÷2", "×-2"] {
            assert_eq!(WeaknessModifier::parse(bad), None, "{bad:?}");
        }
        assert_eq!(WeaknessModifier::Multiply(2).to_string(), "×2");
        assert_eq!(WeaknessModifier::Add(20).to_string(), "+20");
    }

    #[test]
    fn resistance_values() {
        assert_eq!(Resistance::parse_amount("-30"), Some(30));
        assert_eq!(Resistance::parse_amount("-20"), Some(20));
        assert_eq!(Resistance::parse_amount("−20"), Some(20));
        for bad in ["", "30", "+30", "-", "-x", "×2"] {
            assert_eq!(Resistance::parse_amount(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn damage_values() {
        let d = |amount, modifier| Ok(Some(BaseDamage { amount, modifier }));
        assert_eq!(BaseDamage::parse(""), Ok(None));
        assert_eq!(BaseDamage::parse("  "), Ok(None));
        assert_eq!(BaseDamage::parse("30"), d(30, DamageModifier::Fixed));
        assert_eq!(BaseDamage::parse("30+"), d(30, DamageModifier::Plus));
        assert_eq!(BaseDamage::parse("120×"), d(120, DamageModifier::Times));
        assert_eq!(BaseDamage::parse("20x"), d(20, DamageModifier::Times));
        assert_eq!(BaseDamage::parse("30-"), d(30, DamageModifier::Minus));
        assert_eq!(BaseDamage::parse("50−"), d(50, DamageModifier::Minus));
        for bad in ["?", "+", "×", "abc", "30++", "-30"] {
            assert!(BaseDamage::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            BaseDamage {
                amount: 20,
                modifier: DamageModifier::Times
            }
            .to_string(),
            "20×"
        );
    }

    #[test]
    fn energy_type_spellings() {
        for t in EnergyType::ALL {
            assert_eq!(t.as_str().parse::<EnergyType>(), Ok(t));
            assert_eq!(t.to_string(), t.as_str());
        }
        assert!("grass".parse::<EnergyType>().is_err());
        assert!("Dark".parse::<EnergyType>().is_err());
        assert_eq!(EnergyType::from_symbol('c'), Some(EnergyType::Colorless));
        assert_eq!(EnergyType::from_symbol('R'), Some(EnergyType::Fire));
        assert_eq!(EnergyType::from_symbol('Q'), None);
    }

    #[test]
    fn subtypes_round_trip_and_unknown_kept() {
        for s in [
            "Basic",
            "Stage 1",
            "TAG TEAM",
            "V-UNION",
            "Pokémon Tool",
            "ex",
            "EX",
        ] {
            let parsed = Subtype::parse(s);
            assert!(!matches!(parsed, Subtype::Other(_)), "{s}");
            assert_eq!(parsed.as_str(), s);
        }
        assert_eq!(Subtype::parse("ex"), Subtype::Ex);
        assert_eq!(Subtype::parse("EX"), Subtype::EX);
        assert_eq!(
            Subtype::parse("Shiny Legendary"),
            Subtype::Other("Shiny Legendary".into())
        );
        assert_eq!(
            Subtype::parse("Shiny Legendary").as_str(),
            "Shiny Legendary"
        );
    }

    #[test]
    fn ability_kinds() {
        assert_eq!(AbilityKind::parse("Poké-Power"), AbilityKind::PokePower);
        assert_eq!(AbilityKind::parse("Poké-Body"), AbilityKind::PokeBody);
        assert_eq!(
            AbilityKind::parse("Pokémon Power"),
            AbilityKind::PokemonPower
        );
        assert_eq!(
            AbilityKind::parse("Mystery Power"),
            AbilityKind::Other("Mystery Power".into())
        );
    }

    #[test]
    fn serializes_with_data_spellings() {
        let w = Weakness {
            type_: EnergyType::Fighting,
            modifier: WeaknessModifier::Multiply(2),
        };
        let json = serde_json::to_string(&w).unwrap();
        assert_eq!(json, r#"{"type":"Fighting","modifier":{"Multiply":2}}"#);
        assert_eq!(
            serde_json::to_string(&Subtype::Stage1).unwrap(),
            "\"Stage 1\""
        );
    }

    /// The stage read in one pass over the subtypes is the first of the stage subtypes, in
    /// their order, that the card lists, for every pair and triple of subtypes in any order.
    #[test]
    fn stage_is_the_first_stage_subtype_in_order() {
        use crate::cards::test_support::pokemon;
        let order = [
            (Subtype::Stage2, Stage::Stage2),
            (Subtype::Stage1, Stage::Stage1),
            (Subtype::Basic, Stage::Basic),
            (Subtype::VMAX, Stage::VMax),
            (Subtype::VSTAR, Stage::VStar),
            (Subtype::VUnion, Stage::VUnion),
            (Subtype::Mega, Stage::Mega),
            (Subtype::Break, Stage::Break),
            (Subtype::LevelUp, Stage::LevelUp),
            (Subtype::Legend, Stage::Legend),
            (Subtype::Baby, Stage::Baby),
            (Subtype::Restored, Stage::Restored),
        ];
        let mut all: Vec<Subtype> = order.iter().map(|(s, _)| s.clone()).collect();
        all.extend([
            Subtype::Ex,
            Subtype::Item,
            Subtype::Other("Tera".to_string()),
        ]);
        let mut card = pokemon("x-1", "X", &[], &[]);
        assert_eq!(card.stage(), None);
        for a in &all {
            for b in &all {
                for c in [None, Some(a), Some(b)]
                    .into_iter()
                    .chain(all.iter().map(Some))
                {
                    card.subtypes = [Some(a), Some(b), c]
                        .into_iter()
                        .flatten()
                        .cloned()
                        .collect();
                    let expected = order
                        .iter()
                        .find(|(sub, _)| card.has_subtype(sub))
                        .map(|(_, stage)| *stage);
                    assert_eq!(card.stage(), expected, "{:?}", card.subtypes);
                }
            }
        }
    }

    #[test]
    fn stage_and_kind_helpers() {
        use crate::cards::test_support::{card, pokemon};
        let cases: &[(&[&str], Option<Stage>, Option<RuleBoxKind>)] = &[
            (&["Basic"], Some(Stage::Basic), None),
            (
                &["Stage 2", "MEGA", "ex"],
                Some(Stage::Stage2),
                Some(RuleBoxKind::MegaEx),
            ),
            (
                &["MEGA", "EX"],
                Some(Stage::Mega),
                Some(RuleBoxKind::MegaEX),
            ),
            (
                &["VMAX", "Rapid Strike"],
                Some(Stage::VMax),
                Some(RuleBoxKind::VMax),
            ),
            (&["VSTAR"], Some(Stage::VStar), Some(RuleBoxKind::VStar)),
            (&["V-UNION"], Some(Stage::VUnion), Some(RuleBoxKind::VUnion)),
            (
                &["Basic", "TAG TEAM", "GX"],
                Some(Stage::Basic),
                Some(RuleBoxKind::TagTeam),
            ),
            (
                &["Stage 1", "Tera", "ex"],
                Some(Stage::Stage1),
                Some(RuleBoxKind::Ex),
            ),
            (
                &["Basic", "Radiant"],
                Some(Stage::Basic),
                Some(RuleBoxKind::Radiant),
            ),
            (
                &["Basic", "Prism Star"],
                Some(Stage::Basic),
                Some(RuleBoxKind::PrismStar),
            ),
            (&["BREAK"], Some(Stage::Break), Some(RuleBoxKind::Break)),
            (
                &["Level-Up"],
                Some(Stage::LevelUp),
                Some(RuleBoxKind::LevelUp),
            ),
            (&["LEGEND"], Some(Stage::Legend), Some(RuleBoxKind::Legend)),
            (&["Baby"], Some(Stage::Baby), None),
            (&["Restored"], Some(Stage::Restored), None),
            (&["Something"], None, None),
        ];
        for (subtypes, stage, kind) in cases {
            let c = pokemon("x-1", "X", subtypes, &[]);
            assert_eq!(c.stage(), *stage, "{subtypes:?}");
            assert_eq!(c.rule_box_kind(), *kind, "{subtypes:?}");
        }
        assert!(pokemon("x-1", "X", &["Baby"], &[]).is_basic_pokemon());
        assert!(!pokemon("x-1", "X", &["Stage 1"], &[]).is_basic_pokemon());

        let t = |subtypes: &str| {
            card(&format!(
                r#"{{"id":"t-1","name":"T","supertype":"Trainer","subtypes":{subtypes}}}"#
            ))
        };
        assert!(t(r#"["Supporter"]"#).is_supporter());
        assert!(t(r#"["Item", "ACE SPEC"]"#).is_item());
        assert!(t(r#"["Item", "ACE SPEC"]"#).is_ace_spec());
        assert!(t(r#"["Stadium"]"#).is_stadium());
        assert!(t(r#"["Pokémon Tool"]"#).is_tool());
        assert!(t(r#"["Technical Machine"]"#).is_tool());
        assert!(!t(r#"["Item"]"#).is_tool());
        assert_eq!(t(r#"["Item"]"#).stage(), None);
        let e = |subtypes: &str| {
            card(&format!(
                r#"{{"id":"e-1","name":"E","supertype":"Energy","subtypes":{subtypes}}}"#
            ))
        };
        assert!(e(r#"["Basic"]"#).is_basic_energy());
        assert!(!e(r#"["Basic"]"#).is_special_energy());
        assert!(e(r#"["Special"]"#).is_special_energy());
        assert!(!e(r#"["Special"]"#).is_basic_energy());
        assert!(!t(r#"["Special"]"#).is_special_energy());
    }
}
