//! The snapshot's own records: the gameplay facts of a card, set and source in a serde form
//! of their own (so a change of the JSON form of [`Card`] never changes the snapshot), and the
//! conversions from and to the card model.
//!
//! Enumerations are kept as the data's spellings (Energy types, subtypes, Ability kinds,
//! language codes): the compression takes away their repetition, and a snapshot stays
//! readable when a variant is added.

use serde::{Deserialize, Serialize};

use super::SnapshotError;
use crate::cards::load::{DataSource, Layout};
use crate::cards::localized::{Lang, LangTexts, Localized, LocalizedNamed};
use crate::cards::model::{
    Ability, AbilityKind, Attack, BaseDamage, Card, EnergyType, Legalities, Legality, Resistance,
    SetInfo, Subtype, Supertype, Weakness, WeaknessModifier,
};

/// Texts by language code (no English: that is in the record itself).
pub(super) type LangRecord = Vec<(String, String)>;

/// One card: its English facts and its names in other languages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct CardRecord {
    id: String,
    name: String,
    supertype: String,
    subtypes: Vec<String>,
    hp: Option<u32>,
    types: Vec<String>,
    evolves_from: Option<String>,
    evolves_to: Vec<String>,
    /// (type, `×2` / `+20`).
    weaknesses: Vec<(String, String)>,
    /// (type, amount such as -30).
    resistances: Vec<(String, i32)>,
    retreat_cost: Vec<String>,
    attacks: Vec<AttackRecord>,
    /// (kind, name, text).
    abilities: Vec<(String, String, String)>,
    rules: Vec<String>,
    set_id: String,
    number: String,
    regulation_mark: Option<String>,
    level: Option<String>,
    legalities: LegalitiesRecord,
    names: Option<NamesRecord>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct AttackRecord {
    name: String,
    cost: Vec<String>,
    /// As printed: `30`, `30+`, `30×`, `30-`; `None` for no damage.
    damage: Option<String>,
    text: String,
}

/// Legal / Banned / absent for Standard, Expanded, Unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(super) struct LegalitiesRecord([Option<bool>; 3]);

/// A card's names in other languages: its own, the Pokémon it evolves from, its attacks and
/// Abilities (parallel to the card's lists). Localized effect texts are left out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct NamesRecord {
    name: LangRecord,
    evolves_from: LangRecord,
    attacks: Vec<LangRecord>,
    abilities: Vec<LangRecord>,
}

/// One set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct SetRecord {
    id: String,
    name: String,
    series: String,
    ptcgo_code: Option<String>,
    release_date: Option<String>,
    legalities: LegalitiesRecord,
}

/// One source the snapshot was made from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct SourceRecord {
    /// [`Layout::name`].
    layout: String,
    cards: usize,
    newest_set: Option<String>,
    newest_release: Option<String>,
}

fn types(list: &[EnergyType]) -> Vec<String> {
    list.iter().map(|t| t.as_str().to_string()).collect()
}

fn parse_types(list: &[String], card: &str) -> Result<Vec<EnergyType>, SnapshotError> {
    list.iter().map(|t| parse_type(t, card)).collect()
}

fn parse_type(t: &str, card: &str) -> Result<EnergyType, SnapshotError> {
    t.parse().map_err(|_| SnapshotError::Value {
        card: card.to_string(),
        what: "Energy type",
        value: t.to_string(),
    })
}

fn lang_record(texts: &LangTexts) -> LangRecord {
    texts
        .iter()
        .map(|(l, t)| (l.code().to_string(), t.to_string()))
        .collect()
}

fn lang_texts(record: LangRecord, card: &str) -> Result<LangTexts, SnapshotError> {
    let mut texts = LangTexts::default();
    for (code, text) in record {
        let lang: Lang = code.parse().map_err(|_| SnapshotError::Value {
            card: card.to_string(),
            what: "language",
            value: code.clone(),
        })?;
        texts.set(lang, text);
    }
    Ok(texts)
}

impl LegalitiesRecord {
    pub(super) fn new(l: &Legalities) -> LegalitiesRecord {
        let one = |v: Option<Legality>| v.map(|v| v == Legality::Legal);
        LegalitiesRecord([one(l.standard), one(l.expanded), one(l.unlimited)])
    }

    fn to_model(self) -> Legalities {
        let one = |v: Option<bool>| {
            v.map(|legal| {
                if legal {
                    Legality::Legal
                } else {
                    Legality::Banned
                }
            })
        };
        Legalities {
            standard: one(self.0[0]),
            expanded: one(self.0[1]),
            unlimited: one(self.0[2]),
        }
    }
}

impl CardRecord {
    pub(super) fn new(card: &Card) -> CardRecord {
        CardRecord {
            id: card.id.clone(),
            name: card.name.clone(),
            supertype: card.supertype.as_str().to_string(),
            subtypes: card
                .subtypes
                .iter()
                .map(|s| s.as_str().to_string())
                .collect(),
            hp: card.hp,
            types: types(&card.types),
            evolves_from: card.evolves_from.clone(),
            evolves_to: card.evolves_to.clone(),
            weaknesses: card
                .weaknesses
                .iter()
                .map(|w| (w.type_.as_str().to_string(), w.modifier.to_string()))
                .collect(),
            resistances: card
                .resistances
                .iter()
                .map(|r| (r.type_.as_str().to_string(), r.amount))
                .collect(),
            retreat_cost: types(&card.retreat_cost),
            attacks: card
                .attacks
                .iter()
                .map(|a| AttackRecord {
                    name: a.name.clone(),
                    cost: types(&a.cost),
                    damage: a.damage.map(|d| d.to_string()),
                    text: a.text.clone(),
                })
                .collect(),
            abilities: card
                .abilities
                .iter()
                .map(|a| (a.kind.as_str().to_string(), a.name.clone(), a.text.clone()))
                .collect(),
            rules: card.rules.clone(),
            set_id: card.set_id.clone(),
            number: card.number.clone(),
            regulation_mark: card.regulation_mark.clone(),
            level: card.level.clone(),
            legalities: LegalitiesRecord::new(&card.legalities),
            names: card.localized.as_deref().and_then(NamesRecord::new),
        }
    }

    pub(super) fn into_card(self) -> Result<Card, SnapshotError> {
        let id = self.id;
        let bad = |what: &'static str, value: &str| SnapshotError::Value {
            card: id.clone(),
            what,
            value: value.to_string(),
        };
        let supertype: Supertype = self
            .supertype
            .parse()
            .map_err(|_| bad("supertype", &self.supertype))?;
        let mut weaknesses = Vec::with_capacity(self.weaknesses.len());
        for (t, m) in &self.weaknesses {
            weaknesses.push(Weakness {
                type_: parse_type(t, &id)?,
                modifier: WeaknessModifier::parse(m).ok_or_else(|| bad("Weakness", m))?,
            });
        }
        let mut resistances = Vec::with_capacity(self.resistances.len());
        for (t, amount) in &self.resistances {
            resistances.push(Resistance {
                type_: parse_type(t, &id)?,
                amount: *amount,
            });
        }
        let mut attacks = Vec::with_capacity(self.attacks.len());
        for a in self.attacks {
            let damage = match &a.damage {
                Some(d) => Some(
                    BaseDamage::parse(d)
                        .ok()
                        .flatten()
                        .ok_or_else(|| bad("damage", d))?,
                ),
                None => None,
            };
            attacks.push(Attack {
                cost: parse_types(&a.cost, &id)?,
                name: a.name,
                damage,
                text: a.text,
            });
        }
        let localized = match self.names {
            Some(n) => Some(Box::new(n.into_localized(&id)?)),
            None => None,
        };
        Ok(Card {
            name: self.name,
            supertype,
            subtypes: self.subtypes.iter().map(|s| Subtype::parse(s)).collect(),
            hp: self.hp,
            types: parse_types(&self.types, &id)?,
            evolves_from: self.evolves_from,
            evolves_to: self.evolves_to,
            weaknesses,
            resistances,
            retreat_cost: parse_types(&self.retreat_cost, &id)?,
            attacks,
            abilities: self
                .abilities
                .into_iter()
                .map(|(kind, name, text)| Ability {
                    name,
                    kind: AbilityKind::parse(&kind),
                    text,
                })
                .collect(),
            rules: self.rules,
            set_id: self.set_id,
            number: self.number,
            regulation_mark: self.regulation_mark,
            level: self.level,
            legalities: self.legalities.to_model(),
            localized,
            id,
        })
    }
}

impl NamesRecord {
    /// The names of `loc`, or `None` when it gives none.
    fn new(loc: &Localized) -> Option<NamesRecord> {
        let named = |list: &[LocalizedNamed]| list.iter().map(|a| lang_record(&a.name)).collect();
        let record = NamesRecord {
            name: lang_record(&loc.name),
            evolves_from: lang_record(&loc.evolves_from),
            attacks: named(&loc.attacks),
            abilities: named(&loc.abilities),
        };
        let empty = record.name.is_empty()
            && record.evolves_from.is_empty()
            && record
                .attacks
                .iter()
                .chain(&record.abilities)
                .all(Vec::is_empty);
        (!empty).then_some(record)
    }

    fn into_localized(self, card: &str) -> Result<Localized, SnapshotError> {
        let named = |list: Vec<LangRecord>| -> Result<Vec<LocalizedNamed>, SnapshotError> {
            list.into_iter()
                .map(|n| {
                    Ok(LocalizedNamed {
                        name: lang_texts(n, card)?,
                        text: LangTexts::default(),
                    })
                })
                .collect()
        };
        Ok(Localized {
            name: lang_texts(self.name, card)?,
            evolves_from: lang_texts(self.evolves_from, card)?,
            attacks: named(self.attacks)?,
            abilities: named(self.abilities)?,
            effect: LangTexts::default(),
        })
    }
}

impl SetRecord {
    pub(super) fn new(set: &SetInfo) -> SetRecord {
        SetRecord {
            id: set.id.clone(),
            name: set.name.clone(),
            series: set.series.clone(),
            ptcgo_code: set.ptcgo_code.clone(),
            release_date: set.release_date.clone(),
            legalities: LegalitiesRecord::new(&set.legalities),
        }
    }

    pub(super) fn into_set(self) -> SetInfo {
        SetInfo {
            id: self.id,
            name: self.name,
            series: self.series,
            ptcgo_code: self.ptcgo_code,
            release_date: self.release_date,
            legalities: self.legalities.to_model(),
        }
    }
}

impl SourceRecord {
    pub(super) fn new(source: &DataSource) -> SourceRecord {
        SourceRecord {
            layout: source.layout.name().to_string(),
            cards: source.cards,
            newest_set: source.newest_set.clone(),
            newest_release: source.newest_release.clone(),
        }
    }

    /// The source as the loaded snapshot describes it (`location` says it is built in).
    pub(super) fn into_source(self, made: &str) -> Result<DataSource, SnapshotError> {
        let layout = [Layout::PokemonTcgData, Layout::Tcgdex]
            .into_iter()
            .find(|l| l.name() == self.layout)
            .ok_or_else(|| SnapshotError::Value {
                card: String::new(),
                what: "source layout",
                value: self.layout.clone(),
            })?;
        Ok(DataSource {
            layout,
            location: format!("built-in, made {made}"),
            cards: self.cards,
            newest_set: self.newest_set,
            newest_release: self.newest_release,
        })
    }
}
