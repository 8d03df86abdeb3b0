//! The built-in card data: a compact snapshot of the gameplay facts of every card of both
//! sources (pokemon-tcg-data and TCGdex, merged), made by `ptcg-judge make-card-snapshot` and
//! compiled into the binary, so the verifier has card data with no `--cards`.
//!
//! Form: a `u32` format number, then one [`postcard`] record (sources, set aliases, sets,
//! cards; see [`records`]), then a second one with the cards' names in other languages
//! (parallel to the cards), the whole compressed with zstd. The names are decoded only when
//! first asked for ([`LazyNames`]): an English log never needs them. Cards keep their English facts
//! (HP, types, stage, evolves-from, Weakness, Resistance, Retreat Cost, attacks with cost,
//! damage and text, Abilities, rule boxes and card text, regulation mark, set and number,
//! legalities) and their names, attack and Ability names in every other language the data
//! gives; localized effect texts and import warnings are left out.

mod records;
#[cfg(test)]
mod tests;

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use super::db::CardDb;
use super::localized::Localized;
use records::{CardRecord, NamesRecord, SetRecord, SourceRecord};

/// The snapshot form this build reads and writes; a snapshot of another form is refused.
pub const SNAPSHOT_FORMAT: u32 = 2;

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
    #[serde(borrow)]
    cards: Vec<CardRecord<'a>>,
}

/// The cards' names in other languages, parallel to the cards (`None`: none given).
#[derive(Debug, Serialize, Deserialize)]
struct NamesSection<'a> {
    #[serde(borrow)]
    names: Vec<Option<NamesRecord<'a>>>,
}

/// The names section of a snapshot, kept as bytes and decoded on first use; shared by the
/// copies of the card data made from it.
#[derive(Debug, Default)]
pub struct LazyNames {
    bytes: Vec<u8>,
    /// The names of each card, once decoded.
    decoded: OnceLock<Vec<Option<Localized>>>,
}

impl LazyNames {
    /// The names of card `i`. Names the build cannot read (a language it does not know) are
    /// left out, and the first failure is said once on standard error.
    pub fn get(&self, i: usize) -> Option<&Localized> {
        self.decoded
            .get_or_init(|| match decode_names(&self.bytes) {
                Ok(names) => names,
                Err(e) => {
                    eprintln!("warning: the built-in card names in other languages: {e}");
                    Vec::new()
                }
            })
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
    let body = SnapshotBody {
        made: made.to_string(),
        sources: db.sources().iter().map(SourceRecord::new).collect(),
        set_aliases: db.set_aliases().to_vec(),
        sets: db.sets().iter().map(SetRecord::new).collect(),
        cards: db.cards().iter().map(CardRecord::new).collect(),
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
    // The records borrow their texts from `raw`: only what a card keeps is copied.
    let (body, names): (SnapshotBody<'_>, _) =
        postcard::take_from_bytes(rest).map_err(SnapshotError::Decode)?;
    let sources = body
        .sources
        .into_iter()
        .map(|s| s.into_source(&body.made))
        .collect::<Result<Vec<_>, _>>()?;
    let cards = body
        .cards
        .into_iter()
        .map(CardRecord::into_card)
        .collect::<Result<Vec<_>, _>>()?;
    let sets = body.sets.into_iter().map(SetRecord::into_set).collect();
    let mut db = CardDb::from_cards(cards, sets);
    db.add_parts(Vec::new(), body.set_aliases, sources);
    db.set_lazy_names(Arc::new(LazyNames {
        bytes: names.to_vec(),
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
