//! The snapshot's own records: the gameplay facts of a card, set and source in a serde form
//! of their own (so a change of the JSON form of [`Card`] never changes the snapshot), and the
//! conversions from and to the card model.
//!
//! Enumerations are kept as the data's spellings (Energy types, subtypes, Ability kinds,
//! language codes): the compression takes away their repetition, and a snapshot stays
//! readable when a variant is added.

use std::borrow::Cow;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::SnapshotError;
use crate::cards::load::{DataSource, Layout};
use crate::cards::localized::{Lang, LangTexts, Localized, LocalizedNamed};
use crate::cards::model::{
    Ability, AbilityKind, Attack, BaseDamage, Card, EnergyType, Legalities, Legality, Resistance,
    SetInfo, Subtype, Supertype, Weakness, WeaknessModifier,
};

/// A text of a record: borrowed from the decompressed snapshot when read (a spelling that is
/// only parsed, such as an Energy type or a language code, is never copied; a text the card
/// keeps is copied once, into the card), borrowed from the card or made when written.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Str<'a>(Cow<'a, str>);

impl Str<'_> {
    pub(super) fn as_str(&self) -> &str {
        &self.0
    }

    fn owned(&self) -> String {
        self.0.to_string()
    }
}

impl<'a> From<&'a str> for Str<'a> {
    fn from(s: &'a str) -> Str<'a> {
        Str(Cow::Borrowed(s))
    }
}

impl From<String> for Str<'_> {
    fn from(s: String) -> Self {
        Str(Cow::Owned(s))
    }
}

impl Serialize for Str<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Str<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Read as bytes (postcard writes a text and bytes alike) and checked with simdutf8,
        // faster than the standard library's check on the snapshot's many texts.
        d.deserialize_bytes(TextVisitor).map(Str::from)
    }
}

/// Reads a borrowed text written as a string or as bytes.
struct TextVisitor;

impl<'de> serde::de::Visitor<'de> for TextVisitor {
    type Value = &'de str;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a UTF-8 text")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, v: &'de str) -> Result<&'de str, E> {
        Ok(v)
    }

    fn visit_borrowed_bytes<E: serde::de::Error>(self, v: &'de [u8]) -> Result<&'de str, E> {
        utf8(v).ok_or_else(|| E::invalid_value(serde::de::Unexpected::Bytes(v), &self))
    }
}

/// Bytes of a record, borrowed from the decompressed snapshot when read (a card's own record,
/// read when the card is first asked for).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Bytes<'a>(pub(super) &'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Bytes<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_bytes(BytesVisitor).map(Bytes)
    }
}

/// Reads borrowed bytes.
struct BytesVisitor;

impl<'de> serde::de::Visitor<'de> for BytesVisitor {
    type Value = &'de [u8];

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("bytes")
    }

    fn visit_borrowed_bytes<E: serde::de::Error>(self, v: &'de [u8]) -> Result<&'de [u8], E> {
        Ok(v)
    }
}

/// `bytes` as text when they are UTF-8.
fn utf8(bytes: &[u8]) -> Option<&str> {
    simdutf8::basic::from_utf8(bytes).ok()
}

fn owned(list: &[Str<'_>]) -> Vec<String> {
    list.iter().map(Str::owned).collect()
}

fn borrowed(list: &[String]) -> Vec<Str<'_>> {
    list.iter().map(|s| Str::from(s.as_str())).collect()
}

/// Texts by language code (no English: that is in the record itself).
pub(super) type LangRecord<'a> = Vec<(Str<'a>, Str<'a>)>;

/// One card: its English facts and its names in other languages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct CardRecord<'a> {
    #[serde(borrow)]
    id: Str<'a>,
    name: Str<'a>,
    supertype: Str<'a>,
    subtypes: Vec<Str<'a>>,
    hp: Option<u32>,
    types: Vec<Str<'a>>,
    evolves_from: Option<Str<'a>>,
    evolves_to: Vec<Str<'a>>,
    /// (type, `×2` / `+20`).
    weaknesses: Vec<(Str<'a>, Str<'a>)>,
    /// (type, amount such as -30).
    resistances: Vec<(Str<'a>, i32)>,
    retreat_cost: Vec<Str<'a>>,
    attacks: Vec<AttackRecord<'a>>,
    /// (kind, name, text).
    abilities: Vec<(Str<'a>, Str<'a>, Str<'a>)>,
    rules: Vec<Str<'a>>,
    set_id: Str<'a>,
    number: Str<'a>,
    regulation_mark: Option<Str<'a>>,
    level: Option<Str<'a>>,
    legalities: LegalitiesRecord,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct AttackRecord<'a> {
    #[serde(borrow)]
    name: Str<'a>,
    cost: Vec<Str<'a>>,
    /// As printed: `30`, `30+`, `30×`, `30-`; `None` for no damage.
    damage: Option<Str<'a>>,
    text: Str<'a>,
}

/// Legal / Banned / absent for Standard, Expanded, Unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub(super) struct LegalitiesRecord([Option<bool>; 3]);

/// A card's names in other languages: its own, the Pokémon it evolves from, its attacks and
/// Abilities (parallel to the card's lists). Localized effect texts are left out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct NamesRecord<'a> {
    #[serde(borrow)]
    name: LangRecord<'a>,
    evolves_from: LangRecord<'a>,
    attacks: Vec<LangRecord<'a>>,
    abilities: Vec<LangRecord<'a>>,
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

fn types(list: &[EnergyType]) -> Vec<Str<'static>> {
    list.iter().map(|t| Str::from(t.as_str())).collect()
}

fn parse_types(list: &[Str<'_>], card: &str) -> Result<Vec<EnergyType>, SnapshotError> {
    list.iter().map(|t| parse_type(t.as_str(), card)).collect()
}

fn parse_type(t: &str, card: &str) -> Result<EnergyType, SnapshotError> {
    t.parse().map_err(|_| SnapshotError::Value {
        card: card.to_string(),
        what: "Energy type",
        value: t.to_string(),
    })
}

fn lang_record(texts: &LangTexts) -> LangRecord<'_> {
    texts
        .iter()
        .map(|(l, t)| (Str::from(l.code()), Str::from(t)))
        .collect()
}

fn lang_texts(record: &LangRecord<'_>, card: &str) -> Result<LangTexts, SnapshotError> {
    let mut texts = LangTexts::default();
    for (code, text) in record {
        let lang: Lang = code.as_str().parse().map_err(|_| SnapshotError::Value {
            card: card.to_string(),
            what: "language",
            value: code.owned(),
        })?;
        texts.set(lang, text.as_str());
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

impl<'a> CardRecord<'a> {
    pub(super) fn new(card: &'a Card) -> CardRecord<'a> {
        let text = |s: &'a String| Str::from(s.as_str());
        CardRecord {
            id: text(&card.id),
            name: text(&card.name),
            supertype: Str::from(card.supertype.as_str()),
            subtypes: card
                .subtypes
                .iter()
                .map(|s| Str::from(s.as_str()))
                .collect(),
            hp: card.hp,
            types: types(&card.types),
            evolves_from: card.evolves_from.as_ref().map(text),
            evolves_to: borrowed(&card.evolves_to),
            weaknesses: card
                .weaknesses
                .iter()
                .map(|w| {
                    (
                        Str::from(w.type_.as_str()),
                        Str::from(w.modifier.to_string()),
                    )
                })
                .collect(),
            resistances: card
                .resistances
                .iter()
                .map(|r| (Str::from(r.type_.as_str()), r.amount))
                .collect(),
            retreat_cost: types(&card.retreat_cost),
            attacks: card
                .attacks
                .iter()
                .map(|a| AttackRecord {
                    name: text(&a.name),
                    cost: types(&a.cost),
                    damage: a.damage.map(|d| Str::from(d.to_string())),
                    text: text(&a.text),
                })
                .collect(),
            abilities: card
                .abilities
                .iter()
                .map(|a| (Str::from(a.kind.as_str()), text(&a.name), text(&a.text)))
                .collect(),
            rules: borrowed(&card.rules),
            set_id: text(&card.set_id),
            number: text(&card.number),
            regulation_mark: card.regulation_mark.as_ref().map(text),
            level: card.level.as_ref().map(text),
            legalities: LegalitiesRecord::new(&card.legalities),
        }
    }

    pub(super) fn into_card(self) -> Result<Card, SnapshotError> {
        let id = self.id.owned();
        let bad = |what: &'static str, value: &str| SnapshotError::Value {
            card: id.clone(),
            what,
            value: value.to_string(),
        };
        let supertype: Supertype = self
            .supertype
            .as_str()
            .parse()
            .map_err(|_| bad("supertype", self.supertype.as_str()))?;
        let mut weaknesses = Vec::with_capacity(self.weaknesses.len());
        for (t, m) in &self.weaknesses {
            weaknesses.push(Weakness {
                type_: parse_type(t.as_str(), &id)?,
                modifier: WeaknessModifier::parse(m.as_str())
                    .ok_or_else(|| bad("Weakness", m.as_str()))?,
            });
        }
        let mut resistances = Vec::with_capacity(self.resistances.len());
        for (t, amount) in &self.resistances {
            resistances.push(Resistance {
                type_: parse_type(t.as_str(), &id)?,
                amount: *amount,
            });
        }
        let mut attacks = Vec::with_capacity(self.attacks.len());
        for a in &self.attacks {
            let damage = match &a.damage {
                Some(d) => Some(
                    BaseDamage::parse(d.as_str())
                        .ok()
                        .flatten()
                        .ok_or_else(|| bad("damage", d.as_str()))?,
                ),
                None => None,
            };
            attacks.push(Attack {
                cost: parse_types(&a.cost, &id)?,
                name: a.name.owned(),
                damage,
                text: a.text.owned(),
            });
        }
        Ok(Card {
            name: self.name.owned(),
            supertype,
            subtypes: self
                .subtypes
                .iter()
                .map(|s| Subtype::parse(s.as_str()))
                .collect(),
            hp: self.hp,
            types: parse_types(&self.types, &id)?,
            evolves_from: self.evolves_from.as_ref().map(Str::owned),
            evolves_to: owned(&self.evolves_to),
            weaknesses,
            resistances,
            retreat_cost: parse_types(&self.retreat_cost, &id)?,
            attacks,
            abilities: self
                .abilities
                .iter()
                .map(|(kind, name, text)| Ability {
                    name: name.owned(),
                    kind: AbilityKind::parse(kind.as_str()),
                    text: text.owned(),
                })
                .collect(),
            rules: owned(&self.rules),
            set_id: self.set_id.owned(),
            number: self.number.owned(),
            regulation_mark: self.regulation_mark.as_ref().map(Str::owned),
            level: self.level.as_ref().map(Str::owned),
            legalities: self.legalities.to_model(),
            localized: None,
            id,
        })
    }
}

impl<'a> NamesRecord<'a> {
    /// The names of `loc`, or `None` when it gives none.
    pub(super) fn new(loc: &'a Localized) -> Option<NamesRecord<'a>> {
        let named =
            |list: &'a [LocalizedNamed]| list.iter().map(|a| lang_record(&a.name)).collect();
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

    pub(super) fn to_localized(&self, card: &str) -> Result<Localized, SnapshotError> {
        let named = |list: &[LangRecord<'_>]| -> Result<Vec<LocalizedNamed>, SnapshotError> {
            list.iter()
                .map(|n| {
                    Ok(LocalizedNamed {
                        name: lang_texts(n, card)?,
                        text: LangTexts::default(),
                    })
                })
                .collect()
        };
        Ok(Localized {
            name: lang_texts(&self.name, card)?,
            evolves_from: lang_texts(&self.evolves_from, card)?,
            attacks: named(&self.attacks)?,
            abilities: named(&self.abilities)?,
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

#[cfg(test)]
mod text_tests {
    use super::Str;

    /// A text of a record is read back as written, ASCII or not, and bytes that are not
    /// UTF-8 are refused.
    #[test]
    fn texts_are_read_back_and_bad_bytes_refused() {
        for text in [
            "Grass",
            "",
            "Pokémon Tool",
            "ポケモン",
            "Flabébé's “Fairy” Wind",
        ] {
            let bytes = postcard::to_allocvec(&Str::from(text)).expect("encodes");
            let read: Str<'_> = postcard::from_bytes(&bytes).expect("decodes");
            assert_eq!(read.as_str(), text);
        }
        // Postcard writes a slice of bytes as it writes a text: its length, then the bytes.
        for bad in [&[0xFFu8][..], &[b'a', 0xC3], &[0xE2, 0x80, b'x']] {
            let bytes = postcard::to_allocvec(bad).expect("encodes");
            assert_eq!(&bytes[1..], bad, "written as its length and its bytes");
            assert!(postcard::from_bytes::<Str<'_>>(&bytes).is_err(), "{bad:?}");
        }
    }
}
