//! What the engine asks of the card data, in the engine's terms. Works without card data too:
//! then every answer is "unknown" and the checks that need it say so.

use crate::cards::{Card, CardDb, CardIdx};

use super::effect::EffectText;

/// What kind of card a name is, as far as the state tracker needs to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardKind {
    Pokemon,
    Item,
    Supporter,
    Stadium,
    Tool,
    Energy,
    /// The card data does not know the name, or its prints disagree.
    Unknown,
}

/// Whether a Pokémon's "used X" is an attack or an Ability.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UseKind {
    Attack,
    Ability,
}

/// The card data as the engine sees it.
#[derive(Clone, Copy)]
pub struct CardInfo<'a> {
    db: Option<&'a CardDb>,
}

impl<'a> CardInfo<'a> {
    pub fn new(db: Option<&'a CardDb>) -> CardInfo<'a> {
        CardInfo { db }
    }

    pub fn db(&self) -> Option<&'a CardDb> {
        self.db
    }

    pub fn has_data(&self) -> bool {
        self.db.is_some_and(|d| !d.is_empty())
    }

    fn prints(&self, name: &str, uses: Option<&str>) -> Vec<&'a Card> {
        match self.db {
            Some(db) => db
                .lookup(name, uses)
                .prints
                .iter()
                .map(|i: &CardIdx| db.card(*i))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The kind of card a name is: from the card data, else from the name for Energy.
    pub fn kind(&self, name: &str) -> CardKind {
        let prints = self.prints(name, None);
        // Early Trainer prints carry no subtype: the kinds the other prints agree on decide,
        // else the newest print's.
        let kinds: Vec<CardKind> = prints
            .iter()
            .map(|c| kind_of(c))
            .filter(|k| *k != CardKind::Unknown)
            .collect();
        match kinds.first() {
            Some(k) if kinds.iter().all(|x| x == k) => *k,
            Some(_) => self
                .db
                .and_then(|db| db.newest_print(name))
                .map_or(CardKind::Unknown, kind_of),
            None if name.ends_with(" Energy") => CardKind::Energy,
            None => CardKind::Unknown,
        }
    }

    /// The newest print among `prints` (by set release date): the wording the game client uses.
    fn newest(&self, prints: Vec<&'a Card>) -> Option<&'a Card> {
        let db = self.db?;
        prints.into_iter().max_by_key(|c| db.release_date(c))
    }

    /// The rules text of a Trainer or Energy card, and the Abilities of a Pokémon, in the
    /// wording of the newest print.
    pub fn card_text(&self, name: &str) -> Option<EffectText> {
        let card = self.db?.newest_print(name)?;
        let mut text = card.rules.join(" ");
        for a in &card.abilities {
            text.push(' ');
            text.push_str(&a.text);
        }
        Some(EffectText::new(text))
    }

    /// Whether `pokemon`'s "used `what`" is an attack or an Ability, with its text.
    pub fn use_of(&self, pokemon: &str, what: &str) -> Option<(UseKind, EffectText)> {
        let card = self.newest(self.prints(pokemon, Some(what)))?;
        if let Some(a) = card.attacks.iter().find(|a| a.name == what) {
            return Some((UseKind::Attack, EffectText::new(a.text.clone())));
        }
        card.abilities
            .iter()
            .find(|a| a.name == what)
            .map(|a| (UseKind::Ability, EffectText::new(a.text.clone())))
    }
}

fn kind_of(c: &Card) -> CardKind {
    if c.is_pokemon() {
        CardKind::Pokemon
    } else if c.is_supporter() {
        CardKind::Supporter
    } else if c.is_stadium() {
        CardKind::Stadium
    } else if c.is_tool() {
        CardKind::Tool
    } else if c.is_item() {
        CardKind::Item
    } else if c.is_energy() {
        CardKind::Energy
    } else {
        CardKind::Unknown
    }
}
