//! The cards of a [`super::CardDb`], in database order: given whole (read from folders), or
//! read from the built-in snapshot one card at a time, when the card is first asked for.
//!
//! The fields the indexes are built from (id, name, set id and number: a card's
//! [`CardKey`]; the names of its attacks and Abilities: its [`CardMoves`]) are known for every
//! card without reading it, so building the indexes and looking cards up reads no card; a log
//! of a game reads only the cards it names.

use std::sync::{Arc, OnceLock};

use super::model::Card;
use super::snapshot::LazyCards;

/// The fields of a card its indexes are built from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardKey<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub set_id: &'a str,
    pub number: &'a str,
}

impl<'a> CardKey<'a> {
    fn of(card: &'a Card) -> CardKey<'a> {
        CardKey {
            id: &card.id,
            name: &card.name,
            set_id: &card.set_id,
            number: &card.number,
        }
    }
}

/// The names of a card's attacks and Abilities, in printed order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardMoves<'a> {
    pub attacks: Vec<&'a str>,
    pub abilities: Vec<&'a str>,
}

impl<'a> CardMoves<'a> {
    fn of(card: &'a Card) -> CardMoves<'a> {
        CardMoves {
            attacks: card.attacks.iter().map(|a| a.name.as_str()).collect(),
            abilities: card.abilities.iter().map(|a| a.name.as_str()).collect(),
        }
    }
}

/// The cards, each read at most once (see the module docs).
#[derive(Debug, Clone, Default)]
pub struct CardList {
    cards: Vec<OnceLock<Card>>,
    /// Where the cards not yet read are read from; `None` when every card was given.
    lazy: Option<Arc<LazyCards>>,
}

impl CardList {
    /// Cards given whole.
    pub fn given(cards: Vec<Card>) -> CardList {
        CardList {
            cards: cards.into_iter().map(OnceLock::from).collect(),
            lazy: None,
        }
    }

    /// Cards read from `lazy` when first asked for.
    pub(crate) fn lazy(lazy: LazyCards) -> CardList {
        CardList {
            cards: (0..lazy.len()).map(|_| OnceLock::new()).collect(),
            lazy: Some(Arc::new(lazy)),
        }
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Card `i`, read now if it was not yet.
    ///
    /// Panics when the snapshot's record of the card cannot be read: the built-in snapshot is
    /// compiled in, and a test reads every one of its cards.
    pub fn get(&self, i: usize) -> Option<&Card> {
        let slot = self.cards.get(i)?;
        Some(slot.get_or_init(|| read(self.lazy.as_deref(), i)))
    }

    /// How many cards were read (or given).
    pub fn count_read(&self) -> usize {
        self.cards.iter().filter(|c| c.get().is_some()).count()
    }

    /// Card `i` when it was already read (or given).
    pub fn peek(&self, i: usize) -> Option<&Card> {
        self.cards.get(i)?.get()
    }

    /// Card `i`, or why its record cannot be read (for the tests of the snapshot).
    #[cfg(test)]
    pub(crate) fn try_get(&self, i: usize) -> Result<&Card, super::snapshot::SnapshotError> {
        if let (None, Some(lazy)) = (self.cards[i].get(), &self.lazy) {
            let card = lazy.card(i)?;
            let _ = self.cards[i].set(card);
        }
        Ok(self.get(i).expect("in range"))
    }

    /// The index fields of card `i`, without reading the card.
    pub fn key(&self, i: usize) -> CardKey<'_> {
        match (self.cards[i].get(), &self.lazy) {
            (Some(card), _) => CardKey::of(card),
            (None, Some(lazy)) => lazy.key(i),
            (None, None) => unreachable!("a card given whole is always set"),
        }
    }

    /// The names of card `i`'s attacks and Abilities, without reading the card.
    pub fn moves(&self, i: usize) -> CardMoves<'_> {
        match (self.cards[i].get(), &self.lazy) {
            (Some(card), _) => CardMoves::of(card),
            (None, Some(lazy)) => lazy.moves(i),
            (None, None) => unreachable!("a card given whole is always set"),
        }
    }

    /// The index fields of every card, in order, without reading any.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = CardKey<'_>> + '_ {
        (0..self.len()).map(|i| self.key(i))
    }

    /// Every card, in order (each read now if it was not yet).
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &Card> + '_ {
        (0..self.len()).map(|i| self.get(i).expect("in range"))
    }

    /// The index of a card of this list (`None` for a card from elsewhere): found from where
    /// the card is stored, without reading its id.
    pub fn index_of(&self, card: &Card) -> Option<usize> {
        let size = std::mem::size_of::<OnceLock<Card>>();
        let offset = (card as *const Card as usize).checked_sub(self.cards.as_ptr() as usize)?;
        let i = offset / size;
        self.cards
            .get(i)
            .and_then(OnceLock::get)
            .is_some_and(|c| std::ptr::eq(c, card))
            .then_some(i)
    }

    /// The cards, every one read.
    pub fn into_vec(self) -> Vec<Card> {
        let CardList { cards, lazy } = self;
        cards
            .into_iter()
            .enumerate()
            .map(|(i, slot)| {
                slot.into_inner()
                    .unwrap_or_else(|| read(lazy.as_deref(), i))
            })
            .collect()
    }
}

/// Card `i` read from its record in `lazy` (see [`CardList::get`] for the panic).
fn read(lazy: Option<&LazyCards>, i: usize) -> Card {
    match lazy.map(|l| l.card(i)) {
        Some(Ok(card)) => card,
        Some(Err(e)) => panic!("the built-in card data is damaged: {e}"),
        None => unreachable!("a card given whole is always set"),
    }
}
