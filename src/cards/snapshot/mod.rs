//! The built-in card data: a compact snapshot of the gameplay facts of every card of both
//! sources (pokemon-tcg-data and TCGdex, merged), made by `ptcg-judge make-card-snapshot` and
//! compiled into the binary, so the verifier has card data with no `--cards`.
//!
//! Form: a `u32` format number, then one [`postcard`] record (sources, set aliases, sets, the
//! cards' index fields, and each card's own record as bytes; see [`records`]), then a second
//! one with the cards' names in other languages (parallel to the cards), the whole compressed
//! with zstd. Only the index fields (id, name, set id, number) are read when the snapshot is
//! decoded: a card's record is read when the card is first asked for ([`LazyCards`]), and the
//! names when first asked for ([`LazyNames`]); a log of a game reads only the cards it names,
//! and an English log no names. Cards keep their English facts
//! (HP, types, stage, evolves-from, Weakness, Resistance, Retreat Cost, attacks with cost,
//! damage and text, Abilities, rule boxes and card text, regulation mark, set and number,
//! legalities) and their names, attack and Ability names in every other language the data
//! gives; localized effect texts and import warnings are left out.

mod lazy;
mod records;
#[cfg(test)]
mod tests;

pub use lazy::LazyCards;

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use super::card_list::CardList;
use super::db::CardDb;
use super::localized::Localized;
use records::{Bytes, CardRecord, NamesRecord, SetRecord, SourceRecord, Str};

/// The snapshot form this build reads and writes; a snapshot of another form is refused.
pub const SNAPSHOT_FORMAT: u32 = 3;

/// Where the committed snapshot lives in the repository (what `make-card-snapshot` writes by
/// default).
pub const SNAPSHOT_PATH: &str = "assets/card-snapshot.bin.zst";

/// The zstd level the snapshot is written with (decompression speed does not depend on it).
const COMPRESSION_LEVEL: i32 = 19;

/// The most bytes a snapshot is believed to decompress to in one piece (the built-in one is
/// about 10 MB).
const MAX_DECOMPRESSED: u64 = 256 * 1024 * 1024;

/// The committed snapshot, compiled in.
static BUILTIN_BYTES: &[u8] = include_bytes!("../../../assets/card-snapshot.bin.zst");

/// Why a snapshot could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    /// zstd failed to compress.
    #[error("cannot compress the card snapshot: {0}")]
    Compress(std::io::Error),
    /// The bytes are not zstd data.
    #[error("the card snapshot cannot be decompressed: {0}")]
    Decompress(std::io::Error),
    /// The records could not be written.
    #[error("cannot encode the card snapshot: {0}")]
    Encode(postcard::Error),
    /// The decompressed bytes are not the records this build expects.
    #[error("the card snapshot is not in the expected form: {0}")]
    Decode(postcard::Error),
    /// A snapshot of another form.
    #[error("the card snapshot has format {found}; this build reads format {SNAPSHOT_FORMAT}")]
    Format {
        /// The form the snapshot says it has.
        found: u32,
    },
    /// A value the card model does not know (an Energy type, a language, ...).
    #[error("the card snapshot gives card {card:?} an unknown {what} {value:?}")]
    Value {
        /// The card's id (empty for a source).
        card: String,
        /// What the value is.
        what: &'static str,
        /// The value.
        value: String,
    },
    /// The cards' records and index fields do not fit together.
    #[error("the card snapshot's list of cards is damaged: {0}")]
    Layout(&'static str),
    /// The built-in snapshot could not be read (see the message).
    #[error("the built-in card data cannot be read: {0}")]
    Builtin(String),
}

/// Everything after the format number.
#[derive(Debug, Serialize, Deserialize)]
struct SnapshotBody<'a> {
    /// When the snapshot was made (`YYYY-MM-DD`).
    made: String,
    sources: Vec<SourceRecord>,
    /// (another source's set id, the set id the cards use).
    set_aliases: Vec<(String, String)>,
    sets: Vec<SetRecord>,
    /// Every card's id, name, set id and number, one after another (what the indexes are
    /// built from without reading the cards).
    #[serde(borrow)]
    keys: Str<'a>,
    /// The lengths of those four fields of each card.
    key_lengths: Vec<[u32; 4]>,
    /// Every card's attack names, then its Ability names, one after another (what the index
    /// of cards by attack and that of names in other languages are built from).
    #[serde(borrow)]
    moves: Str<'a>,
    /// How many attacks and Abilities each card has.
    move_counts: Vec<[u8; 2]>,
    /// The length of each name in `moves`.
    move_lengths: Vec<u32>,
    /// Each card's record ([`CardRecord`]), written on its own to be read when first asked
    /// for.
    #[serde(borrow)]
    cards: Vec<Bytes<'a>>,
}

/// The cards' names in other languages, parallel to the cards (`None`: none given).
#[derive(Debug, Serialize, Deserialize)]
struct NamesSection<'a> {
    #[serde(borrow)]
    names: Vec<Option<NamesRecord<'a>>>,
}

/// The names section of a snapshot, kept as bytes and decoded on first use; shared by the
/// copies of the card data made from it.
#[derive(Default)]
pub struct LazyNames {
    /// The decompressed snapshot (shared with the cards' records), the section from `start`.
    raw: Arc<Vec<u8>>,
    start: usize,
    /// The names of each card, once decoded.
    decoded: OnceLock<Vec<Option<Localized>>>,
}

impl std::fmt::Debug for LazyNames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LazyNames")
            .field("bytes", &(self.raw.len() - self.start.min(self.raw.len())))
            .field("decoded", &self.decoded.get().is_some())
            .finish()
    }
}

impl LazyNames {
    /// The names of card `i`. Names the build cannot read (a language it does not know) are
    /// left out, and the first failure is said once on standard error.
    pub fn get(&self, i: usize) -> Option<&Localized> {
        self.decoded
            .get_or_init(
                || match decode_names(self.raw.get(self.start..).unwrap_or(&[])) {
                    Ok(names) => names,
                    Err(e) => {
                        eprintln!("warning: the built-in card names in other languages: {e}");
                        Vec::new()
                    }
                },
            )
            .get(i)?
            .as_ref()
    }
}

fn decode_names(bytes: &[u8]) -> Result<Vec<Option<Localized>>, SnapshotError> {
    let section: NamesSection<'_> = postcard::from_bytes(bytes).map_err(SnapshotError::Decode)?;
    section
        .names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            n.as_ref()
                .map(|n| n.to_localized(&format!("#{i}")))
                .transpose()
        })
        .collect()
}

/// The snapshot of `db`, compressed; `made` is the date it is made on (`YYYY-MM-DD`).
pub fn encode(db: &CardDb, made: &str) -> Result<Vec<u8>, SnapshotError> {
    let length = |text: &str| {
        u32::try_from(text.len()).map_err(|_| SnapshotError::Layout("a name is too long"))
    };
    let count = |n: usize| {
        u8::try_from(n).map_err(|_| SnapshotError::Layout("a card has too many attacks"))
    };
    let (mut keys, mut moves) = (String::new(), String::new());
    let (mut key_lengths, mut move_counts, mut move_lengths) = (Vec::new(), Vec::new(), Vec::new());
    let mut records = Vec::with_capacity(db.len());
    for card in db.cards() {
        let fields = [&card.id, &card.name, &card.set_id, &card.number];
        let mut lengths = [0u32; 4];
        for (len, field) in lengths.iter_mut().zip(fields) {
            keys.push_str(field);
            *len = length(field)?;
        }
        key_lengths.push(lengths);
        let names = card
            .attacks
            .iter()
            .map(|a| &a.name)
            .chain(card.abilities.iter().map(|a| &a.name));
        for name in names {
            moves.push_str(name);
            move_lengths.push(length(name)?);
        }
        move_counts.push([count(card.attacks.len())?, count(card.abilities.len())?]);
        records.push(postcard::to_stdvec(&CardRecord::new(card)).map_err(SnapshotError::Encode)?);
    }
    let body = SnapshotBody {
        made: made.to_string(),
        sources: db.sources().iter().map(SourceRecord::new).collect(),
        set_aliases: db.set_aliases().to_vec(),
        sets: db.sets().iter().map(SetRecord::new).collect(),
        keys: Str::from(keys.as_str()),
        key_lengths,
        moves: Str::from(moves.as_str()),
        move_counts,
        move_lengths,
        cards: records.iter().map(|r| Bytes(r)).collect(),
    };
    let names = NamesSection {
        names: (0..db.len())
            .map(|i| db.localized(i as u32).and_then(NamesRecord::new))
            .collect(),
    };
    let mut raw = postcard::to_stdvec(&SNAPSHOT_FORMAT).map_err(SnapshotError::Encode)?;
    raw.extend(postcard::to_stdvec(&body).map_err(SnapshotError::Encode)?);
    raw.extend(postcard::to_stdvec(&names).map_err(SnapshotError::Encode)?);
    zstd::bulk::compress(&raw, COMPRESSION_LEVEL).map_err(SnapshotError::Compress)
}

/// The card data of a compressed snapshot. Its sources say they are a built-in snapshot,
/// with the date it was made and each source's newest set.
pub fn decode(bytes: &[u8]) -> Result<CardDb, SnapshotError> {
    // In one piece when the frame says its size (the snapshot's does): no growing buffer. A
    // size past any snapshot's is not believed (the buffer would be made before reading).
    let size = zstd::zstd_safe::get_frame_content_size(bytes)
        .ok()
        .flatten()
        .filter(|n| *n <= MAX_DECOMPRESSED)
        .and_then(|n| usize::try_from(n).ok());
    let raw = match size {
        Some(n) => zstd::bulk::decompress(bytes, n),
        None => zstd::stream::decode_all(bytes),
    }
    .map_err(SnapshotError::Decompress)?;
    let (format, rest) = postcard::take_from_bytes::<u32>(&raw).map_err(SnapshotError::Decode)?;
    if format != SNAPSHOT_FORMAT {
        return Err(SnapshotError::Format { found: format });
    }
    // The cards' records are borrowed from `raw`, and only where each lies is kept: `raw` is
    // kept whole, and a card is read from it when first asked for.
    let (body, names): (SnapshotBody<'_>, _) =
        postcard::take_from_bytes(rest).map_err(SnapshotError::Decode)?;
    // Where a slice borrowed from `raw` begins in it.
    let base = raw.as_ptr() as usize;
    let offset = |part: &[u8]| part.as_ptr() as usize - base;
    let names_start = offset(names);
    let SnapshotBody {
        made,
        sources,
        set_aliases,
        sets,
        keys,
        key_lengths,
        moves,
        move_counts,
        move_lengths,
        cards,
    } = body;
    let sources = sources
        .into_iter()
        .map(|s| s.into_source(&made))
        .collect::<Result<Vec<_>, _>>()?;
    let records = cards
        .iter()
        .map(|Bytes(r)| {
            let start = offset(r);
            let end = start + r.len();
            match (u32::try_from(start), u32::try_from(end)) {
                (Ok(start), Ok(end)) => Ok((start, end)),
                _ => Err(SnapshotError::Layout("a card's record lies too far in")),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    drop(cards);
    let keys = lazy::Keys {
        keys: keys.as_str().to_string(),
        key_lengths,
        moves: moves.as_str().to_string(),
        move_counts,
        move_lengths,
    };
    let sets = sets.into_iter().map(SetRecord::into_set).collect();
    // The records and the names section stay in `raw`, which both keep.
    let raw = Arc::new(raw);
    let cards = LazyCards::new(raw.clone(), records, keys)?;
    let mut db = CardDb::from_list(CardList::lazy(cards), sets);
    db.add_parts(Vec::new(), set_aliases, sources);
    db.set_lazy_names(Arc::new(LazyNames {
        raw,
        start: names_start,
        decoded: OnceLock::new(),
    }));
    Ok(db)
}

/// The compiled-in snapshot, compressed (what [`builtin`] decodes).
pub fn builtin_bytes() -> &'static [u8] {
    BUILTIN_BYTES
}

/// The built-in card data, decoded on first use and shared afterwards.
pub fn builtin() -> Result<Arc<CardDb>, SnapshotError> {
    static BUILTIN: OnceLock<Result<Arc<CardDb>, String>> = OnceLock::new();
    BUILTIN
        .get_or_init(|| {
            decode(BUILTIN_BYTES)
                .map(Arc::new)
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(SnapshotError::Builtin)
}
