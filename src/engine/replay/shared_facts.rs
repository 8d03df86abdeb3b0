//! What every replay over one card data shares: the effect texts read from it (with what was
//! read from each) and the kind of card each name is. Kept in the card data itself (see
//! [`CardDb::derived`]), so a log after the first reads a card's text once instead of again.
//!
//! Only what the card data holds is kept: a reading of a name or text the data does not know
//! is made again each time it is asked for, so that the logs a long-running service reads
//! cannot grow these tables beyond the card data's size.

use std::sync::{Arc, RwLock};

use rustc_hash::FxHashMap;

use crate::cards::effects::FactSet;
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
    /// What a yes-or-no reading of a print's text found, by the reading and the print.
    flags: RwLock<FxHashMap<(usize, CardIdx), bool>>,
    /// Texts of the card data in lower case, by the text.
    lowered: RwLock<FxHashMap<Box<str>, Arc<str>>>,
    /// What the texts of every print of a card name may change, by the name as the card data
    /// spells it.
    name_facts: RwLock<FxHashMap<Box<str>, NameFacts>>,
}

/// What the texts of every print of a card name may change: the facts of the texts that act
/// while the card is in play, of all its texts, and of its lasting texts (those of
/// [`crate::cards::effects::CardEffects`] merged over the prints). A Pokémon in play is one of
/// these prints, and an attack or Ability used is one of their texts, so what its texts may
/// change is within these sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameFacts {
    pub in_play: FactSet,
    pub all: FactSet,
    pub lasting: FactSet,
}

/// A Pokémon's Prize value, the clause that gives it, and why.
pub type PrizeValue = crate::engine::facts::Known<(u32, &'static str, String)>;

impl SharedFacts {
    /// How many readings are kept, in all tables.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        fn size<K, V>(m: &RwLock<FxHashMap<K, V>>) -> usize {
            m.read().map_or(0, |m| m.len())
        }
        size(&self.effects)
            + size(&self.kinds)
            + size(&self.readings)
            + size(&self.prizes)
            + size(&self.flags)
            + size(&self.lowered)
            + size(&self.name_facts)
    }

    /// Whether no reading is kept.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

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
        // A text found means the card (and what it used) is in the card data.
        get_or_make(&self.effects, key, |k| Box::from(k), make, Option::is_some)
    }

    /// The kind of card `name` (a name of the card data) is, made by `make` the first time it
    /// is asked for.
    pub fn kind(&self, name: &str, make: impl FnOnce() -> CardKind) -> CardKind {
        get_or_make(&self.kinds, name, |k| Box::from(k), make, |_| true)
    }

    /// The kind of a card name already read, if it has been.
    pub fn known_kind(&self, name: &str) -> Option<CardKind> {
        self.kinds.read().ok().and_then(|m| m.get(name).copied())
    }

    /// The Prize value under `key` (of a Pokémon the card data has), made by `make` the first
    /// time it is asked for.
    pub fn prize_value(&self, key: &str, make: impl FnOnce() -> PrizeValue) -> PrizeValue {
        get_or_make(&self.prizes, key, |k| Box::from(k), make, |_| true)
    }

    /// What the yes-or-no reading `read` found in print `idx`, made by `make` the first time.
    pub fn flag(&self, read: usize, idx: CardIdx, make: impl FnOnce() -> bool) -> bool {
        get_or_make(&self.flags, &(read, idx), |k| *k, make, |_| true)
    }

    /// `text` (a text of the card data) in lower case, made the first time it is asked for.
    pub fn lower(&self, text: &str) -> Arc<str> {
        get_or_make(
            &self.lowered,
            text,
            |k| Box::from(k),
            || Arc::from(crate::cards::lower_case(text)),
            |_| true,
        )
    }

    /// What the texts of the prints of `name` may change; `None` when the card data has no card
    /// of that name. Kept only for a name spelled as the data spells it (one a log writes
    /// otherwise is read again each time), so the table stays within the data's names.
    pub fn name_facts(&self, db: &CardDb, name: &str) -> Option<NameFacts> {
        if let Some(found) = self
            .name_facts
            .read()
            .ok()
            .and_then(|m| m.get(name).copied())
        {
            return Some(found);
        }
        let prints = db.by_name(name);
        if prints.is_empty() {
            return None;
        }
        let merged = db.merged_effects(prints);
        let found = NameFacts {
            in_play: merged.in_play_facts(),
            all: merged.facts(),
            lasting: merged.lasting_facts(),
        };
        if crate::cards::normalize_name(name) == name
            && let Ok(mut m) = self.name_facts.write()
        {
            m.insert(Box::from(name), found);
        }
        Some(found)
    }

    /// What reading `read` found in print `idx`'s text, made by `make` the first time.
    pub fn reading(
        &self,
        read: usize,
        idx: CardIdx,
        make: impl FnOnce() -> Option<String>,
    ) -> Option<String> {
        get_or_make(&self.readings, &(read, idx), |k| *k, make, |_| true)
    }
}

/// The value under `key`, or `make`'s, which is kept (under `owned` of the key) when `keep`
/// says so. A poisoned lock (a panic while another
/// thread held it) only means the value is made again.
fn get_or_make<K, Q, V>(
    map: &RwLock<FxHashMap<K, V>>,
    key: &Q,
    owned: impl FnOnce(&Q) -> K,
    make: impl FnOnce() -> V,
    keep: impl FnOnce(&V) -> bool,
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
    if keep(&v)
        && let Ok(mut m) = map.write()
    {
        m.insert(owned(key), v.clone());
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay::card_facts::CardFacts;
    use crate::log::Text;

    fn db() -> CardDb {
        let cards = CardDb::parse_set_json(
            r#"[
            {"id":"sv1-1","name":"Pikachu","supertype":"Pokémon","subtypes":["Basic"],"hp":"60",
             "attacks":[{"name":"Gnaw","cost":["Colorless"],"damage":"20","text":""}]},
            {"id":"sv1-2","name":"Switch","supertype":"Trainer","subtypes":["Item"],
             "rules":["Switch your Active Pokémon with 1 of your Benched Pokémon."]}
            ]"#,
            "the test cards",
        )
        .unwrap();
        CardDb::from_cards(cards, vec![])
    }

    /// Whether some print of a Pokémon in play holds a reading: what its prints say, kept for
    /// the Pokémon in its slot and asked again once the slot holds another card.
    #[test]
    fn some_print_holds_follows_the_pokemon_in_its_slot() {
        use crate::cards::Card;
        use crate::engine::state::{GameState, Position};
        fn gnaws(card: &Card) -> bool {
            card.attacks.iter().any(|a| a.name == "Gnaw")
        }
        fn never(_: &Card) -> bool {
            false
        }
        let db = db();
        let facts = CardFacts::new(Some(&db));
        let mut state = GameState::new(&[Text::from("Ann"), Text::from("Bob")]);
        let pikachu = state.put_into_play(0, "Pikachu", Position::Active);
        let nobody = state.put_into_play(1, "Nobody", Position::Active);
        for _ in 0..2 {
            assert!(facts.some_print_holds(&state, pikachu, gnaws));
            assert!(!facts.some_print_holds(&state, pikachu, never));
            assert!(
                !facts.some_print_holds(&state, nobody, gnaws),
                "prints not known"
            );
        }
        // The same slot, another card: its prints are asked again.
        let mon = &mut state.pokemon[pikachu as usize];
        mon.stack.push(Text::from("Nobody"));
        mon.identity_changed();
        assert!(!facts.some_print_holds(&state, pikachu, gnaws));
        let mon = &mut state.pokemon[pikachu as usize];
        mon.stack.pop();
        mon.identity_changed();
        assert!(facts.some_print_holds(&state, pikachu, gnaws));
    }

    /// What the prints of a name may change, as the walk over the cards in force asks it: the
    /// facts of the name's merged reading, the same from the slots in front of the replay's
    /// memo, from the memo and from the shared table, however many names share a slot;
    /// nothing for a name the data lacks. Only the data's own spellings are kept.
    #[test]
    fn name_facts_are_those_of_the_names_prints() {
        let db = db();
        for _ in 0..2 {
            let facts = CardFacts::new(Some(&db));
            for round in 0..3 {
                for i in 0..300 {
                    assert_eq!(facts.name_facts(&sentence!("Nobody {i}")), None);
                }
                for name in ["Pikachu", "Switch", "  Pikachu "] {
                    let merged = facts.effects_named(name).unwrap();
                    let expected = NameFacts {
                        in_play: merged.in_play_facts(),
                        all: merged.facts(),
                        lasting: merged.lasting_facts(),
                    };
                    assert_eq!(
                        facts.name_facts(name),
                        Some(expected),
                        "{name}, round {round}"
                    );
                }
            }
        }
        assert_eq!(SharedFacts::of(&db).len(), 2);
    }

    /// Names a log writes that the card data does not know are read again each time: however
    /// many such names the logs hold, the shared tables do not grow.
    #[test]
    fn names_the_data_does_not_know_are_not_kept() {
        let db = db();
        for round in 0..2 {
            let facts = CardFacts::new(Some(&db));
            for i in 0..50 {
                let name = sentence!("Nobody {i}");
                let energy = sentence!("Nobody {i} Energy");
                facts.kind(&name);
                facts.kind(&energy);
                assert_eq!(facts.name_facts(&name), None);
                facts.card_effect(&name);
                facts.use_effect(&name, "Gnaw");
                facts.use_effect("Pikachu", &name);
                assert!(facts.prize_value(&name, &[Text::from("Gnaw")]).is_ok());
            }
            assert!(SharedFacts::of(&db).is_empty(), "round {round}");
        }
        // What the data has is kept, once.
        for _ in 0..2 {
            let facts = CardFacts::new(Some(&db));
            facts.kind("Pikachu");
            facts.card_effect("Switch");
            facts.use_effect("Pikachu", "Gnaw");
            assert!(facts.prize_value("Pikachu", &[Text::from("Gnaw")]).is_ok());
        }
        assert_eq!(SharedFacts::of(&db).len(), 4);
    }
}
