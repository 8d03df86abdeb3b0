//! The cards of a decoded snapshot, kept as their records and read one at a time when first
//! asked for (see [`crate::cards::card_list`]).

use std::sync::Arc;

use super::SnapshotError;
use super::records::CardRecord;
use crate::cards::card_list::{CardKey, CardMoves};
use crate::cards::model::Card;

/// The cards' records, with the fields their indexes are built from.
pub struct LazyCards {
    /// The decompressed snapshot the records are in (shared with the names section).
    raw: Arc<Vec<u8>>,
    /// Where each card's record is in `raw` (start, end).
    records: Vec<(u32, u32)>,
    /// Every card's id, name, set id and number, one after another.
    keys: String,
    /// Where each field begins in `keys`, and then where the last ends: field `f` of card `i`
    /// (`f` < 4) lies between entries `4i + f` and `4i + f + 1`.
    key_bounds: Vec<u32>,
    /// Every card's attack names, then its Ability names, one after another.
    moves: String,
    /// Where each name begins in `moves`, and then where the last ends.
    move_bounds: Vec<u32>,
    /// Per card: the index in `move_ends` of its first name, and how many attacks and
    /// Abilities it has.
    card_moves: Vec<(u32, [u8; 2])>,
}

/// The cards' index fields as the snapshot writes them (see [`super::SnapshotBody`]).
pub(super) struct Keys {
    /// Every card's id, name, set id and number, one after another.
    pub keys: String,
    /// The lengths of those four fields of each card.
    pub key_lengths: Vec<[u32; 4]>,
    /// Every card's attack names, then its Ability names, one after another.
    pub moves: String,
    /// How many attacks and Abilities each card has.
    pub move_counts: Vec<[u8; 2]>,
    /// The length of each name in `moves`.
    pub move_lengths: Vec<u32>,
}

/// Where each of the pieces of `lengths` begins in `text`, one after another from its start,
/// and then where the last ends; `None` when one ends past the text or inside a character.
fn bounds(text: &str, lengths: impl IntoIterator<Item = u32>) -> Option<Vec<u32>> {
    let mut at: u32 = 0;
    std::iter::once(Some(0))
        .chain(lengths.into_iter().map(|len| {
            at = at
                .checked_add(len)
                .filter(|&e| text.is_char_boundary(e as usize))?;
            Some(at)
        }))
        .collect()
}

impl std::fmt::Debug for LazyCards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LazyCards")
            .field("cards", &self.records.len())
            .field("bytes", &self.raw.len())
            .finish()
    }
}

impl LazyCards {
    /// The cards whose records are at `records` in `raw`, with the index fields `keys`.
    /// Refused when the lists differ in length, or a range or a length falls outside its text
    /// or inside a character.
    pub(super) fn new(
        raw: Arc<Vec<u8>>,
        records: Vec<(u32, u32)>,
        keys: Keys,
    ) -> Result<LazyCards, SnapshotError> {
        let bad = SnapshotError::Layout;
        let cards = records.len();
        if keys.key_lengths.len() != cards || keys.move_counts.len() != cards {
            return Err(bad("the cards and their keys differ in number"));
        }
        if records
            .iter()
            .any(|&(start, end)| start > end || end as usize > raw.len())
        {
            return Err(bad("a card's record lies outside the snapshot"));
        }
        let key_bounds = bounds(&keys.keys, keys.key_lengths.iter().flatten().copied())
            .ok_or(bad("a card's key lies outside the keys"))?;
        let move_bounds = bounds(&keys.moves, keys.move_lengths.iter().copied())
            .ok_or(bad("a name of an attack lies outside the names"))?;
        let mut card_moves = Vec::with_capacity(cards);
        let mut first: u32 = 0;
        for counts in &keys.move_counts {
            card_moves.push((first, *counts));
            first += u32::from(counts[0]) + u32::from(counts[1]);
        }
        if first as usize != keys.move_lengths.len() {
            return Err(bad("the cards' attacks and their names differ in number"));
        }
        Ok(LazyCards {
            raw,
            records,
            keys: keys.keys,
            key_bounds,
            moves: keys.moves,
            move_bounds,
            card_moves,
        })
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The index fields of card `i`.
    pub fn key(&self, i: usize) -> CardKey<'_> {
        let field = |f: usize| piece(&self.keys, &self.key_bounds, 4 * i + f);
        CardKey {
            id: field(0),
            name: field(1),
            set_id: field(2),
            number: field(3),
        }
    }

    /// The names of card `i`'s attacks and Abilities.
    pub fn moves(&self, i: usize) -> CardMoves<'_> {
        let (first, [attacks, abilities]) = self.card_moves[i];
        let name = |k: usize| piece(&self.moves, &self.move_bounds, k);
        let first = first as usize;
        let split = first + usize::from(attacks);
        CardMoves {
            attacks: (first..split).map(name).collect(),
            abilities: (split..split + usize::from(abilities)).map(name).collect(),
        }
    }

    /// Card `i`, read from its record.
    pub fn card(&self, i: usize) -> Result<Card, SnapshotError> {
        let (start, end) = self.records[i];
        let record: CardRecord<'_> = postcard::from_bytes(&self.raw[start as usize..end as usize])
            .map_err(SnapshotError::Decode)?;
        record.into_card()
    }
}

/// Piece `k` of `text`, whose pieces lie between consecutive entries of `bounds` (checked to
/// fall on characters by [`LazyCards::new`]).
fn piece<'t>(text: &'t str, bounds: &[u32], k: usize) -> &'t str {
    &text[bounds[k] as usize..bounds[k + 1] as usize]
}
