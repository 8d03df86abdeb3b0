//! What every replay over one card data shares: the effect texts read from it (with what was
//! read from each) and the kind of card each name is. Kept in the card data itself (see
//! [`CardDb::derived`]), so a log after the first reads a card's text once instead of again.

use std::sync::{Arc, RwLock};

use rustc_hash::FxHashMap;

use crate::cards::{CardDb, CardIdx};
use crate::engine::cardinfo::{CardKind, UseKind};
use crate::engine::effect::EffectText;

/// An attack's or Ability's kind and text, shared.
pub type MemoEffect = (UseKind, Arc<EffectText>);

/// The readings shared by the replays over one card data.
#[derive(Default)]
pub struct SharedFacts {
    /// Effect texts by the key [`super::card_facts::CardFacts`] makes (a card name, or a
    /// Pokémon and what it used).
    effects: RwLock<FxHashMap<Box<str>, Option<MemoEffect>>>,
    /// The kind of card a name is.
    kinds: RwLock<FxHashMap<Box<str>, CardKind>>,
    /// What a reading of a print's text found, by the reading (a function's address) and the
    /// print.
    readings: RwLock<FxHashMap<(usize, CardIdx), Option<String>>>,
    /// The Prize value of a Pokémon by its name and what it was seen to use (see
    /// [`crate::engine::facts::prize_value`]).
    prizes: RwLock<FxHashMap<Box<str>, PrizeValue>>,
    /// Texts of the card data in lower case, by the text.
    lowered: RwLock<FxHashMap<Box<str>, Arc<str>>>,
}

/// A Pokémon's Prize value, the clause that gives it, and why.
pub type PrizeValue = crate::engine::facts::Known<(u32, &'static str, String)>;

impl SharedFacts {
    /// The readings kept with `db`.
    pub fn of(db: &CardDb) -> &SharedFacts {
        db.derived::<SharedFacts>()
    }

    /// The effect text under `key`, made by `make` the first time it is asked for.
    pub fn effect(
        &self,
        key: &str,
        make: impl FnOnce() -> Option<MemoEffect>,
    ) -> Option<MemoEffect> {
        get_or_make(&self.effects, key, |k| Box::from(k), make)
    }

    /// The kind of card `name` is, made by `make` the first time it is asked for.
    pub fn kind(&self, name: &str, make: impl FnOnce() -> CardKind) -> CardKind {
        get_or_make(&self.kinds, name, |k| Box::from(k), make)
    }

    /// The Prize value under `key`, made by `make` the first time it is asked for.
    pub fn prize_value(&self, key: &str, make: impl FnOnce() -> PrizeValue) -> PrizeValue {
        get_or_make(&self.prizes, key, |k| Box::from(k), make)
    }

    /// `text` (a text of the card data) in lower case, made the first time it is asked for.
    pub fn lower(&self, text: &str) -> Arc<str> {
        get_or_make(
            &self.lowered,
            text,
            |k| Box::from(k),
            || Arc::from(crate::cards::lower_case(text)),
        )
    }

    /// What reading `read` found in print `idx`'s text, made by `make` the first time.
    pub fn reading(
        &self,
        read: usize,
        idx: CardIdx,
        make: impl FnOnce() -> Option<String>,
    ) -> Option<String> {
        get_or_make(&self.readings, &(read, idx), |k| *k, make)
    }
}

/// The value under `key`, or `make`'s, which is kept (under `owned` of the key). A poisoned lock (a panic while another
/// thread held it) only means the value is made again.
fn get_or_make<K, Q, V>(
    map: &RwLock<FxHashMap<K, V>>,
    key: &Q,
    owned: impl FnOnce(&Q) -> K,
    make: impl FnOnce() -> V,
) -> V
where
    K: std::borrow::Borrow<Q> + std::hash::Hash + Eq,
    Q: std::hash::Hash + Eq + ?Sized,
    V: Clone,
{
    if let Some(v) = map.read().ok().and_then(|m| m.get(key).cloned()) {
        return v;
    }
    let v = make();
    if let Ok(mut m) = map.write() {
        m.insert(owned(key), v.clone());
    }
    v
}
