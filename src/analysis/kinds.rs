//! What the card data says about a card a log names: its kind (Pokémon, Trainer and which
//! Trainer, Energy and whether basic), whether its own rule lets a deck hold any number of it,
//! and the text of a card, attack or Ability that moves cards (where those cards may come from).

use serde::Serialize;

use crate::cards::CardDb;
use crate::cards::decklist::{basic_energy_named, lookup_key};

/// The kind of a card, as the card data gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Pokemon,
    Supporter,
    Item,
    Tool,
    Stadium,
    /// A Trainer of another kind (an old Trainer with no subtype, a Technical Record, …).
    Trainer,
    BasicEnergy,
    SpecialEnergy,
    /// The card data does not know the name (or none was loaded).
    Unknown,
}

impl Kind {
    /// The group a list of cards shows it under.
    pub fn group(self) -> Group {
        match self {
            Kind::Pokemon => Group::Pokemon,
            Kind::Supporter | Kind::Item | Kind::Tool | Kind::Stadium | Kind::Trainer => {
                Group::Trainer
            }
            Kind::BasicEnergy | Kind::SpecialEnergy => Group::Energy,
            Kind::Unknown => Group::Unknown,
        }
    }

    pub fn is_energy(self) -> bool {
        matches!(self, Kind::BasicEnergy | Kind::SpecialEnergy)
    }
}

/// Pokémon, Trainer, Energy, or a name the card data does not know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Group {
    #[serde(rename = "Pokémon")]
    Pokemon,
    Trainer,
    Energy,
    #[serde(rename = "not in the card data")]
    Unknown,
}

impl Group {
    pub fn as_str(self) -> &'static str {
        match self {
            Group::Pokemon => "Pokémon",
            Group::Trainer => "Trainer",
            Group::Energy => "Energy",
            Group::Unknown => "not in the card data",
        }
    }
}

/// Card facts looked up by name, with the card data or without.
#[derive(Clone, Copy)]
pub struct Cards<'a> {
    pub db: Option<&'a CardDb>,
}

impl<'a> Cards<'a> {
    pub fn new(db: Option<&'a CardDb>) -> Cards<'a> {
        Cards { db }
    }

    /// The newest print of a name, by its exact name or, failing that, its loose key
    /// (`Pokemon Catcher` finds `Pokémon Catcher`).
    pub fn print(&self, name: &str) -> Option<&'a crate::cards::Card> {
        let db = self.db?;
        if let Some(card) = db.newest_print(name) {
            return Some(card);
        }
        let idx = *db.by_loose_name(&lookup_key(name)).last()?;
        db.get(idx as _)
    }

    /// The kind of the card named `name`.
    pub fn kind(&self, name: &str) -> Kind {
        if let Some(card) = self.print(name) {
            return if card.is_pokemon() {
                Kind::Pokemon
            } else if card.is_energy() {
                if card.is_basic_energy() {
                    Kind::BasicEnergy
                } else {
                    Kind::SpecialEnergy
                }
            } else if card.is_supporter() {
                Kind::Supporter
            } else if card.is_stadium() {
                Kind::Stadium
            } else if card.is_tool() {
                Kind::Tool
            } else if card.is_item() {
                Kind::Item
            } else {
                Kind::Trainer
            };
        }
        // Basic Energy is named the same way in every set: no card data needed.
        if basic_energy_named(name).is_some() {
            return Kind::BasicEnergy;
        }
        Kind::Unknown
    }

    /// Whether a deck may hold more than 4 copies of the card: basic Energy, and cards whose
    /// own text says a deck may have as many of them as you like (or any number).
    pub fn any_number_allowed(&self, name: &str) -> bool {
        if self.kind(name) == Kind::BasicEnergy {
            return true;
        }
        self.print(name).is_some_and(|card| {
            card.rules
                .iter()
                .chain(card.abilities.iter().map(|a| &a.text))
                .any(|t| {
                    let t = t.to_lowercase();
                    t.contains("as many of this card in your deck")
                        || t.contains("any number of this card in your deck")
                        || t.contains("as many of this card as you like")
                })
        })
    }

    /// The lower-case text of a Trainer or Energy card (its rules), if the data has it.
    pub fn card_text(&self, name: &str) -> Option<String> {
        let card = self.print(name)?;
        let text = card.rules.join(" ");
        (!text.trim().is_empty()).then(|| text.to_lowercase())
    }

    /// The lower-case text of the attack or Ability `what` of the Pokémon named `pokemon`.
    pub fn move_text(&self, pokemon: &str, what: &str) -> Option<String> {
        let card = self.print(pokemon)?;
        card.attacks
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(what))
            .map(|a| a.text.to_lowercase())
            .or_else(|| {
                card.abilities
                    .iter()
                    .find(|a| a.name.eq_ignore_ascii_case(what))
                    .map(|a| a.text.to_lowercase())
            })
    }

    /// The card's name in language `lang` (a report's language code: `de`, `es_la`, `pt-BR`,
    /// …), when the card data has it and it differs from the English name.
    pub fn local_name(&self, name: &str, lang: &str) -> Option<String> {
        use crate::cards::localized::Lang;
        let lang = match lang {
            "de" => Lang::De,
            "es" => Lang::Es,
            "es_la" => Lang::EsMx,
            "fr" => Lang::Fr,
            "it" => Lang::It,
            "pt-BR" | "pt_br" | "ptbr" => Lang::PtBr,
            _ => return None,
        };
        let db = self.db?;
        let idx = db.newest_print_idx(name)?;
        let local = db.localized(idx)?.name.get(lang)?;
        (local != name).then(|| local.to_string())
    }
}
