//! The file-reading edge: serde structs mirroring the pokemon-tcg-data JSON, conversion into
//! the model, and the directory loader. This is the only part of `cards` that does IO.
//!
//! Only fields the model needs are declared; serde skips the rest (images, flavorText,
//! artist, nationalPokedexNumbers, ...) without keeping them. Strings are borrowed from the
//! file text while parsing and copied once into the model.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Deserialize;

use super::error::{CardDataError, ImportWarning};
use super::model::{
    Ability, AbilityKind, Attack, BaseDamage, Card, EnergyType, Legalities, Legality, Resistance,
    SetInfo, Subtype, Supertype, Weakness, WeaknessModifier,
};

type Str<'a> = Cow<'a, str>;

/// A string or a number in the JSON (some fields, e.g. `hp`, are strings in the data but
/// a number is accepted too). Hand-written visitor: cheaper than `#[serde(untagged)]`.
enum StrOrNum<'a> {
    Str(Str<'a>),
    Num(String),
}

impl<'de: 'a, 'a> Deserialize<'de> for StrOrNum<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> serde::de::Visitor<'de> for V<'a> {
            type Value = StrOrNum<'a>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string or a number")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(StrOrNum::Str(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
                Ok(StrOrNum::Str(Cow::Owned(v.to_string())))
            }
            fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
                Ok(StrOrNum::Str(Cow::Owned(v)))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
                Ok(StrOrNum::Num(v.to_string()))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
                Ok(StrOrNum::Num(v.to_string()))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
                Ok(StrOrNum::Num(v.to_string()))
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

impl StrOrNum<'_> {
    fn into_string(self) -> String {
        match self {
            StrOrNum::Str(s) => s.into_owned(),
            StrOrNum::Num(n) => n,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawCard<'a> {
    #[serde(borrow)]
    id: Option<Str<'a>>,
    #[serde(borrow)]
    name: Option<Str<'a>>,
    #[serde(borrow)]
    supertype: Option<Str<'a>>,
    #[serde(borrow, default)]
    subtypes: Option<Vec<Str<'a>>>,
    #[serde(borrow, default)]
    hp: Option<StrOrNum<'a>>,
    #[serde(borrow, default)]
    types: Option<Vec<Str<'a>>>,
    #[serde(borrow, default)]
    evolves_from: Option<Str<'a>>,
    #[serde(borrow, default)]
    evolves_to: Option<Vec<Str<'a>>>,
    #[serde(borrow, default)]
    rules: Option<Vec<Str<'a>>>,
    #[serde(borrow, default)]
    abilities: Option<Vec<RawAbility<'a>>>,
    #[serde(borrow, default)]
    ancient_trait: Option<RawTrait<'a>>,
    #[serde(borrow, default)]
    attacks: Option<Vec<RawAttack<'a>>>,
    #[serde(borrow, default)]
    weaknesses: Option<Vec<RawTypeValue<'a>>>,
    #[serde(borrow, default)]
    resistances: Option<Vec<RawTypeValue<'a>>>,
    #[serde(borrow, default)]
    retreat_cost: Option<Vec<Str<'a>>>,
    #[serde(borrow, default)]
    number: Option<StrOrNum<'a>>,
    #[serde(borrow, default)]
    regulation_mark: Option<Str<'a>>,
    #[serde(borrow, default)]
    level: Option<StrOrNum<'a>>,
    #[serde(borrow, default)]
    legalities: Option<RawLegalities<'a>>,
}

#[derive(Deserialize)]
struct RawAbility<'a> {
    #[serde(borrow, default)]
    name: Option<Str<'a>>,
    #[serde(borrow, default)]
    text: Option<Str<'a>>,
    #[serde(borrow, default, rename = "type")]
    kind: Option<Str<'a>>,
}

#[derive(Deserialize)]
struct RawTrait<'a> {
    #[serde(borrow, default)]
    name: Option<Str<'a>>,
    #[serde(borrow, default)]
    text: Option<Str<'a>>,
}

#[derive(Deserialize)]
struct RawAttack<'a> {
    #[serde(borrow, default)]
    name: Option<Str<'a>>,
    #[serde(borrow, default)]
    cost: Option<Vec<Str<'a>>>,
    #[serde(borrow, default)]
    damage: Option<StrOrNum<'a>>,
    #[serde(borrow, default)]
    text: Option<Str<'a>>,
}

#[derive(Deserialize)]
struct RawTypeValue<'a> {
    #[serde(borrow, default, rename = "type")]
    type_: Option<Str<'a>>,
    #[serde(borrow, default)]
    value: Option<Str<'a>>,
}

#[derive(Deserialize, Default)]
struct RawLegalities<'a> {
    #[serde(borrow, default)]
    standard: Option<Str<'a>>,
    #[serde(borrow, default)]
    expanded: Option<Str<'a>>,
    #[serde(borrow, default)]
    unlimited: Option<Str<'a>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawSet<'a> {
    #[serde(borrow)]
    id: Option<Str<'a>>,
    #[serde(borrow, default)]
    name: Option<Str<'a>>,
    #[serde(borrow, default)]
    series: Option<Str<'a>>,
    #[serde(borrow, default)]
    ptcgo_code: Option<Str<'a>>,
    #[serde(borrow, default)]
    release_date: Option<Str<'a>>,
    #[serde(borrow, default)]
    legalities: Option<RawLegalities<'a>>,
}

/// Collects warnings about one card.
struct Warn<'w> {
    id: String,
    out: &'w mut Vec<ImportWarning>,
}

impl Warn<'_> {
    fn push(&mut self, message: String) {
        self.out.push(ImportWarning {
            card_id: self.id.clone(),
            message,
        });
    }
}

fn owned(s: Option<Str<'_>>) -> Option<String> {
    s.map(Cow::into_owned)
}

fn owned_vec(v: Option<Vec<Str<'_>>>) -> Vec<String> {
    v.unwrap_or_default()
        .into_iter()
        .map(Cow::into_owned)
        .collect()
}

fn energy_types(v: Option<Vec<Str<'_>>>, what: &str, warn: &mut Warn<'_>) -> Vec<EnergyType> {
    let mut out = Vec::new();
    for s in v.unwrap_or_default() {
        match s.parse::<EnergyType>() {
            Ok(t) => out.push(t),
            Err(_) => warn.push(format!("unknown {what} type {s:?} left out")),
        }
    }
    out
}

fn legalities(raw: Option<RawLegalities<'_>>, warn: &mut Warn<'_>) -> Legalities {
    let raw = raw.unwrap_or_default();
    let mut one = |v: Option<Str<'_>>, format: &str| -> Option<Legality> {
        let v = v?;
        match v.parse() {
            Ok(l) => Some(l),
            Err(_) => {
                warn.push(format!("unknown {format} legality {v:?} left out"));
                None
            }
        }
    };
    Legalities {
        standard: one(raw.standard, "standard"),
        expanded: one(raw.expanded, "expanded"),
        unlimited: one(raw.unlimited, "unlimited"),
    }
}

/// Convert one raw card; `None` (with a warning) when it lacks an id, a name or a known
/// supertype.
fn convert(raw: RawCard<'_>, file_label: &str, warnings: &mut Vec<ImportWarning>) -> Option<Card> {
    let Some(id) = raw.id.map(Cow::into_owned) else {
        warnings.push(ImportWarning {
            card_id: format!("<{file_label}>"),
            message: "card without id skipped".into(),
        });
        return None;
    };
    let mut warn = Warn { id, out: warnings };
    let Some(name) = owned(raw.name) else {
        warn.push("card without name skipped".into());
        return None;
    };
    let supertype = match raw.supertype.as_deref().map(str::parse::<Supertype>) {
        Some(Ok(s)) => s,
        other => {
            warn.push(format!("unknown supertype {other:?}: card skipped"));
            return None;
        }
    };
    let subtypes: Vec<Subtype> = raw
        .subtypes
        .unwrap_or_default()
        .iter()
        .map(|s| Subtype::parse(s))
        .collect();
    let hp = match raw.hp.map(StrOrNum::into_string) {
        None => None,
        Some(s) if s.trim().is_empty() || s.trim() == "None" => None,
        Some(s) => match super::model::parse_digits(s.trim()) {
            Some(n) => Some(n),
            None => {
                warn.push(format!("unreadable hp {s:?} left out"));
                None
            }
        },
    };
    let types = energy_types(raw.types, "Pokémon", &mut warn);
    let retreat_cost = energy_types(raw.retreat_cost, "retreat cost", &mut warn);

    let mut weaknesses = Vec::new();
    for w in raw.weaknesses.unwrap_or_default() {
        let t = w.type_.as_deref().map(str::parse::<EnergyType>);
        let m = w.value.as_deref().map(WeaknessModifier::parse);
        match (t, m) {
            (Some(Ok(type_)), Some(Some(modifier))) => {
                weaknesses.push(Weakness { type_, modifier })
            }
            _ => warn.push(format!(
                "unreadable weakness {:?} {:?} left out",
                w.type_, w.value
            )),
        }
    }
    let mut resistances = Vec::new();
    for r in raw.resistances.unwrap_or_default() {
        let t = r.type_.as_deref().map(str::parse::<EnergyType>);
        let a = r.value.as_deref().map(Resistance::parse_amount);
        match (t, a) {
            (Some(Ok(type_)), Some(Some(amount))) => resistances.push(Resistance { type_, amount }),
            _ => warn.push(format!(
                "unreadable resistance {:?} {:?} left out",
                r.type_, r.value
            )),
        }
    }

    let mut attacks = Vec::new();
    for a in raw.attacks.unwrap_or_default() {
        let name = owned(a.name).unwrap_or_default();
        let mut cost = energy_types(a.cost, "attack cost", &mut warn);
        // "Free" marks a cost of nothing.
        cost.retain(|t| *t != EnergyType::Free);
        let damage = match a.damage.map(StrOrNum::into_string) {
            None => None,
            Some(d) => match BaseDamage::parse(&d) {
                Ok(d) => d,
                Err(_) => {
                    warn.push(format!("attack {name:?}: unreadable damage {d:?} left out"));
                    None
                }
            },
        };
        attacks.push(Attack {
            name,
            cost,
            damage,
            text: owned(a.text).unwrap_or_default(),
        });
    }

    let mut abilities: Vec<Ability> = raw
        .abilities
        .unwrap_or_default()
        .into_iter()
        .map(|a| Ability {
            name: owned(a.name).unwrap_or_default(),
            kind: a
                .kind
                .as_deref()
                .map(AbilityKind::parse)
                .unwrap_or(AbilityKind::Ability),
            text: owned(a.text).unwrap_or_default(),
        })
        .collect();
    if let Some(t) = raw.ancient_trait {
        abilities.push(Ability {
            name: owned(t.name).unwrap_or_default(),
            kind: AbilityKind::AncientTrait,
            text: owned(t.text).unwrap_or_default(),
        });
    }

    let legalities = legalities(raw.legalities, &mut warn);
    let id = warn.id;
    let set_id = id.split('-').next().unwrap_or(&id).to_string();
    Some(Card {
        set_id,
        number: raw.number.map(StrOrNum::into_string).unwrap_or_default(),
        id,
        name,
        supertype,
        subtypes,
        hp,
        types,
        evolves_from: owned(raw.evolves_from),
        evolves_to: owned_vec(raw.evolves_to),
        weaknesses,
        resistances,
        retreat_cost,
        attacks,
        abilities,
        rules: owned_vec(raw.rules),
        regulation_mark: owned(raw.regulation_mark),
        level: raw.level.map(StrOrNum::into_string),
        legalities,
        localized: None,
    })
}

/// Parse one set file's JSON text (an array of cards). Oddities inside cards are appended
/// to `warnings`; malformed JSON is an error naming `file_label` and the line/column.
pub fn parse_set_json_into(
    text: &str,
    file_label: &str,
    warnings: &mut Vec<ImportWarning>,
) -> Result<Vec<Card>, CardDataError> {
    let raw: Vec<RawCard<'_>> =
        serde_json::from_str(text).map_err(|e| CardDataError::json(file_label, &e))?;
    let mut cards = Vec::with_capacity(raw.len());
    for r in raw {
        if let Some(c) = convert(r, file_label, warnings) {
            cards.push(c);
        }
    }
    Ok(cards)
}

/// Parse `sets/en.json` text (an array of sets). Sets without an id are skipped.
pub fn parse_sets_json(text: &str, file_label: &str) -> Result<Vec<SetInfo>, CardDataError> {
    let raw: Vec<RawSet<'_>> =
        serde_json::from_str(text).map_err(|e| CardDataError::json(file_label, &e))?;
    let mut ignored = Vec::new();
    Ok(raw
        .into_iter()
        .filter_map(|s| {
            let id = s.id?.into_owned();
            let mut warn = Warn {
                id: id.clone(),
                out: &mut ignored,
            };
            let legalities = legalities(s.legalities, &mut warn);
            Some(SetInfo {
                id,
                name: owned(s.name).unwrap_or_default(),
                series: owned(s.series).unwrap_or_default(),
                ptcgo_code: owned(s.ptcgo_code),
                release_date: owned(s.release_date),
                legalities,
            })
        })
        .collect())
}

fn read(path: &Path) -> Result<String, CardDataError> {
    std::fs::read_to_string(path).map_err(|source| CardDataError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Everything read from a card data directory.
pub(crate) struct Loaded {
    pub cards: Vec<Card>,
    pub sets: Vec<SetInfo>,
    pub warnings: Vec<ImportWarning>,
}

/// Locate the card files and the sets file for `dir` (the data root or its `cards/en`).
fn locate(dir: &Path) -> (PathBuf, Option<PathBuf>) {
    let nested = dir.join("cards").join("en");
    if nested.is_dir() {
        return (nested, Some(dir.join("sets").join("en.json")));
    }
    // `dir` is cards/en itself: the sets file is ../../sets/en.json.
    let sets = dir
        .parent()
        .and_then(Path::parent)
        .map(|root| root.join("sets").join("en.json"));
    (dir.to_path_buf(), sets)
}

/// The texts of a card data directory: each `cards/en/*.json` file (file name, text) in
/// file-name order, and `sets/en.json` when present. What the store keeps on import.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardTexts {
    pub files: Vec<(String, String)>,
    pub sets: Option<String>,
}

/// Read a card data directory's texts, without parsing them.
pub fn read_texts(dir: &Path) -> Result<CardTexts, CardDataError> {
    let (cards_dir, sets_file) = locate(dir);
    let entries = std::fs::read_dir(&cards_dir).map_err(|source| CardDataError::Io {
        path: cards_dir.clone(),
        source,
    })?;
    let mut paths: Vec<PathBuf> = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|source| CardDataError::Io {
            path: cards_dir.clone(),
            source,
        })?;
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "json") && path.is_file() {
            paths.push(path);
        }
    }
    if paths.is_empty() {
        return Err(CardDataError::NoCardFiles(dir.to_path_buf()));
    }
    paths.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    let mut files = Vec::with_capacity(paths.len());
    for path in &paths {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        files.push((name, read(path)?));
    }
    let sets = match sets_file {
        Some(p) if p.is_file() => Some(read(&p)?),
        _ => None,
    };
    Ok(CardTexts { files, sets })
}

/// Parse the texts of a card data directory. Set files are parsed on a few threads; the
/// result is in file order regardless.
pub(crate) fn parse_texts(texts: &CardTexts) -> Result<Loaded, CardDataError> {
    let files = &texts.files;
    if files.is_empty() {
        return Err(CardDataError::NoCardFiles(PathBuf::from("cards/en")));
    }
    type FileResult = Result<(Vec<Card>, Vec<ImportWarning>), CardDataError>;
    let results: Mutex<Vec<Option<FileResult>>> =
        Mutex::new((0..files.len()).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 8)
        .min(files.len());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((name, text)) = files.get(i) else {
                        break;
                    };
                    let mut warnings = Vec::new();
                    let label = format!("cards/en/{name}");
                    let result = parse_set_json_into(text, &label, &mut warnings)
                        .map(|cards| (cards, warnings));
                    if let Ok(mut slots) = results.lock() {
                        slots[i] = Some(result);
                    }
                }
            });
        }
    });
    let slots = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut cards = Vec::new();
    let mut warnings = Vec::new();
    for (slot, (name, _)) in slots.into_iter().zip(files) {
        match slot {
            Some(Ok((c, w))) => {
                cards.extend(c);
                warnings.extend(w);
            }
            Some(Err(e)) => return Err(e),
            None => {
                return Err(CardDataError::Io {
                    path: PathBuf::from(name),
                    source: std::io::Error::other("file was not processed"),
                });
            }
        }
    }
    let sets = match &texts.sets {
        Some(text) => parse_sets_json(text, "sets/en.json")?,
        None => Vec::new(),
    };
    Ok(Loaded {
        cards,
        sets,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::{DamageModifier, Stage};
    use crate::cards::{CardDb, test_support::card};

    const KANGASKHAN: &str = r#"{
        "id": "me1-104", "name": "Mega Kangaskhan ex", "supertype": "Pokémon",
        "subtypes": ["Basic", "MEGA", "ex"], "hp": "300", "types": ["Colorless"],
        "rules": ["Mega Evolution ex Rule: When your Mega Evolution Pokémon ex is Knocked Out, your opponent takes 3 Prize cards."],
        "abilities": [{"name": "Run Errand", "text": "Draw 2 cards.", "type": "Ability"}],
        "attacks": [{"name": "Rapid-Fire Combo", "cost": ["Colorless", "Colorless", "Colorless"],
                     "convertedEnergyCost": 3, "damage": "200+", "text": "Flip a coin until you get tails."}],
        "weaknesses": [{"type": "Fighting", "value": "×2"}],
        "retreatCost": ["Colorless", "Colorless", "Colorless"], "convertedRetreatCost": 3,
        "number": "104", "rarity": "Double Rare", "nationalPokedexNumbers": [115],
        "legalities": {"unlimited": "Legal", "standard": "Legal", "expanded": "Legal"},
        "regulationMark": "I",
        "images": {"small": "https://example/104.png", "large": "https://example/104_hires.png"}
    }"#;

    #[test]
    fn full_pokemon() {
        let c = card(KANGASKHAN);
        assert_eq!(c.id, "me1-104");
        assert_eq!(c.set_id, "me1");
        assert_eq!(c.number, "104");
        assert_eq!(c.supertype, Supertype::Pokemon);
        assert_eq!(c.subtypes, vec![Subtype::Basic, Subtype::Mega, Subtype::Ex]);
        assert_eq!(c.stage(), Some(Stage::Basic));
        assert!(c.is_basic_pokemon());
        assert_eq!(c.hp, Some(300));
        assert_eq!(c.types, vec![EnergyType::Colorless]);
        assert_eq!(
            c.weaknesses,
            vec![Weakness {
                type_: EnergyType::Fighting,
                modifier: WeaknessModifier::Multiply(2)
            }]
        );
        assert_eq!(c.retreat_cost.len(), 3);
        assert_eq!(c.attacks[0].cost, vec![EnergyType::Colorless; 3]);
        assert_eq!(
            c.attacks[0].damage,
            Some(BaseDamage {
                amount: 200,
                modifier: DamageModifier::Plus
            })
        );
        assert_eq!(c.abilities[0].kind, AbilityKind::Ability);
        assert_eq!(c.abilities[0].name, "Run Errand");
        assert_eq!(c.regulation_mark.as_deref(), Some("I"));
        assert_eq!(c.legalities.standard, Some(Legality::Legal));
        assert_eq!(c.prize_value(), 3);
        let json = serde_json::to_value(&c).unwrap();
        assert_eq!(json["supertype"], "Pokémon");
        assert_eq!(json["subtypes"][1], "MEGA");
        assert_eq!(json["weaknesses"][0]["type"], "Fighting");
        assert_eq!(json["attacks"][0]["damage"]["modifier"], "Plus");
    }

    #[test]
    fn odd_strings() {
        let (cards, warnings) = CardDb::parse_set_json_with_warnings(
            r#"[{
            "id": "old-1", "name": "Oddish", "supertype": "Pokémon", "subtypes": ["Basic", "Shiny Legendary"],
            "hp": "None", "types": ["Grass", "Plasma"],
            "attacks": [
                {"name": "A", "cost": ["Free"], "damage": ""},
                {"name": "B", "cost": [], "damage": "120×"},
                {"name": "C", "cost": ["Grass"], "damage": "30-"},
                {"name": "D", "cost": ["Grass"], "damage": "20x"},
                {"name": "E", "damage": "?"},
                {"name": "F", "cost": ["Grass"], "damage": 40}
            ],
            "weaknesses": [{"type": "Fire", "value": "x2"}, {"type": "Water", "value": "+20"},
                           {"type": "Psychic", "value": "÷2"}, {"type": "Dark", "value": "×2"}],
            "resistances": [{"type": "Fighting", "value": "-30"}, {"type": "Metal", "value": "30"}],
            "level": 12,
            "ancientTrait": {"name": "Ω Barrier", "text": "Prevent effects."}
        }]"#,
            "odd.json",
        )
        .unwrap();
        let c = &cards[0];
        assert_eq!(c.hp, None);
        assert_eq!(c.subtypes[1], Subtype::Other("Shiny Legendary".into()));
        assert_eq!(c.types, vec![EnergyType::Grass]);
        let dmg: Vec<Option<String>> = c
            .attacks
            .iter()
            .map(|a| a.damage.map(|d| d.to_string()))
            .collect();
        assert_eq!(
            dmg,
            vec![
                None,
                Some("120×".into()),
                Some("30-".into()),
                Some("20×".into()),
                None,
                Some("40".into())
            ]
        );
        assert!(c.attacks[0].cost.is_empty(), "Free cost becomes empty");
        assert!(c.attacks[4].cost.is_empty());
        assert_eq!(
            c.weaknesses,
            vec![
                Weakness {
                    type_: EnergyType::Fire,
                    modifier: WeaknessModifier::Multiply(2)
                },
                Weakness {
                    type_: EnergyType::Water,
                    modifier: WeaknessModifier::Add(20)
                },
            ]
        );
        assert_eq!(
            c.resistances,
            vec![Resistance {
                type_: EnergyType::Fighting,
                amount: 30
            }]
        );
        assert_eq!(c.level.as_deref(), Some("12"));
        assert_eq!(c.abilities[0].kind, AbilityKind::AncientTrait);
        // One warning each: type "Plasma", damage "?", weakness "÷2", weakness type "Dark",
        // resistance "30".
        assert_eq!(warnings.len(), 5, "{warnings:#?}");
        assert!(warnings.iter().all(|w| w.card_id == "old-1"));
        assert!(warnings.iter().any(|w| w.message.contains("÷2")));
        assert!(warnings.iter().any(|w| w.message.contains("\"?\"")));
    }

    #[test]
    fn missing_fields_are_fine() {
        let c = card(r#"{"id":"base1-91","name":"Bill","supertype":"Trainer"}"#);
        assert!(c.subtypes.is_empty());
        assert_eq!(c.hp, None);
        assert!(c.attacks.is_empty() && c.rules.is_empty() && c.weaknesses.is_empty());
        assert_eq!(c.legalities, Legalities::default());
        assert!(!c.is_supporter());
        let c = card(
            r#"{"id":"x-1","name":"X","supertype":"Pokémon","hp":null,"subtypes":null,"attacks":null}"#,
        );
        assert_eq!(c.hp, None);
        assert_eq!(c.stage(), None);
    }

    #[test]
    fn cards_without_id_name_or_known_supertype_are_skipped_with_warnings() {
        let (cards, warnings) = CardDb::parse_set_json_with_warnings(
            r#"[{"name":"NoId","supertype":"Trainer"},
                {"id":"a-1","supertype":"Trainer"},
                {"id":"a-2","name":"Weird","supertype":"Item"},
                {"id":"a-3","name":"Fine","supertype":"Energy","subtypes":["Basic"]}]"#,
            "skip.json",
        )
        .unwrap();
        assert_eq!(cards.len(), 1);
        assert_eq!(cards[0].id, "a-3");
        assert_eq!(warnings.len(), 3);
        assert_eq!(warnings[0].card_id, "<skip.json>");
    }

    #[test]
    fn malformed_json_names_file_and_position() {
        let text = "[\n  {\"id\": \"a-1\", \"name\": \"X\", \"supertype\": \"Trainer\"},\n  {\"id\": \"a-2\" \"name\": 3}\n]";
        let err = CardDb::parse_set_json(text, "cards/en/bad.json").unwrap_err();
        match &err {
            CardDataError::Json {
                file, line, column, ..
            } => {
                assert_eq!(file, "cards/en/bad.json");
                assert_eq!(*line, 3);
                assert!(*column > 0);
            }
            other => panic!("unexpected error {other:?}"),
        }
        let msg = err.to_string();
        assert!(
            msg.contains("cards/en/bad.json") && msg.contains("line 3"),
            "{msg}"
        );

        // Not an array.
        assert!(matches!(
            CardDb::parse_set_json("{}", "obj.json"),
            Err(CardDataError::Json { .. })
        ));
        // Wrong type for a field.
        assert!(
            CardDb::parse_set_json(
                r#"[{"id":"a","name":"b","supertype":"Trainer","rules":"text"}]"#,
                "t.json"
            )
            .is_err()
        );
    }

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn load_dir_layouts() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        write(
            &root.join("cards/en/b.json"),
            r#"[{"id":"b-1","name":"Pikachu","supertype":"Pokémon","subtypes":["Basic"],"hp":"60"}]"#,
        );
        write(
            &root.join("cards/en/a.json"),
            r#"[{"id":"a-1","name":"Pikachu","supertype":"Pokémon","subtypes":["Basic"],"hp":"70"},
                {"id":"a-2","name":"Boss’s Orders","supertype":"Trainer","subtypes":["Supporter"]}]"#,
        );
        write(&root.join("cards/en/notes.txt"), "ignored");
        write(
            &root.join("sets/en.json"),
            r#"[{"id":"a","name":"Set A","series":"S","ptcgoCode":"AAA","releaseDate":"2024/01/01","legalities":{"unlimited":"Legal"}},
                {"id":"b","name":"Set B","series":"S","releaseDate":"2024/02/01"}]"#,
        );
        for dir in [root.to_path_buf(), root.join("cards/en")] {
            let db = CardDb::load_dir(&dir).unwrap();
            assert_eq!(db.len(), 3);
            // File-name order: a.json before b.json.
            let ids: Vec<&str> = db.cards().map(|c| c.id.as_str()).collect();
            assert_eq!(ids, ["a-1", "a-2", "b-1"]);
            assert_eq!(db.sets().len(), 2, "sets read from {dir:?}");
            assert_eq!(db.set("a").unwrap().ptcgo_code.as_deref(), Some("AAA"));
            assert_eq!(db.set("b").unwrap().ptcgo_code, None);
        }
    }

    #[test]
    fn load_dir_errors() {
        let tmp = tempfile::tempdir().unwrap();
        assert!(matches!(
            CardDb::load_dir(tmp.path()),
            Err(CardDataError::NoCardFiles(_))
        ));
        assert!(matches!(
            CardDb::load_dir(&tmp.path().join("missing")),
            Err(CardDataError::Io { .. })
        ));
        write(&tmp.path().join("cards/en/x.json"), "[{");
        let err = CardDb::load_dir(tmp.path()).unwrap_err();
        assert!(err.to_string().contains("x.json"), "{err}");
    }
}
