//! The replay store. It keeps each uploaded log (raw bytes), its report with the engine version
//! that made it and the upload time, the rendered replay page, the SHA-256 of its owner token,
//! and the card data imported once with `ptcg-judge import-cards`.
//!
//! Two backends behind one [`Backend`] trait: sled in a folder ([`sled_store`], the default,
//! no setup) and PostgreSQL ([`postgres`], for hosted services with several web nodes). The
//! [`Store`] in front turns records and pages into bytes the same way for both.
//!
//! Writes that the service acknowledges are durable first ([`Store::flush`]).

mod backend;
mod chunked;
mod compressed;
pub mod copy;
mod group_commit;
mod id;
mod owner;
pub mod postgres;
pub mod sled_store;

use std::path::Path;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::cards::import::CardTexts;
use crate::report::Report;

pub use backend::{Backend, Upload};
pub use id::{ReplayId, ReplayIdError};
pub use owner::{OwnerHash, OwnerToken};
pub use sled_store::{FORMAT_FILE, SledStore};

/// The layout of the data this version writes. A store written by another layout is refused
/// rather than read wrongly or overwritten.
///
/// Still `/1` with owner tokens: they live in a tree of their own (`owners`), so records of
/// either version read the same, and a store without that tree is one whose uploads have no
/// owner token (they cannot be deleted through the service). An older binary opening a newer
/// store ignores the tree.
pub const STORE_FORMAT: &str = "ptcg-judge-store/1";

/// Why the store could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the store's database failed: {0}")]
    Database(#[from] sled::Error),
    #[error("an upload with id {0} is stored already")]
    Duplicate(String),
    #[error("the PostgreSQL store failed: {0}")]
    Postgres(String),
    #[error("cannot connect to the PostgreSQL store {url}: {reason}")]
    Connect { url: String, reason: String },
    #[error(
        "the PostgreSQL store {url} has schema version {found}, newer than the {supported} this version of ptcg-judge knows; run a newer ptcg-judge"
    )]
    SchemaNewer {
        url: String,
        found: i32,
        supported: i32,
    },
    #[error(
        "the data directory {dir} holds a store of format {found:?}; this version reads {expected:?}"
    )]
    Incompatible {
        dir: String,
        found: String,
        expected: &'static str,
    },
    #[error("stored record {key} cannot be read: {reason}")]
    Corrupt { key: String, reason: String },
    #[error(
        "the store's format file {path} cannot be read or written: {source}; choose a store folder this process can write (the --data option), or fix its permissions"
    )]
    FormatFile {
        path: String,
        source: std::io::Error,
    },
    #[error(
        "cannot open the store in {dir}: {source}; choose a folder this process can create and write (the --data option), or fix its permissions"
    )]
    Open { dir: String, source: sled::Error },
}

/// What is stored for one upload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredReplay {
    pub id: ReplayId,
    pub report: Report,
    /// The engine version that computed `report` (a report of another version is recomputed).
    pub engine_version: String,
    /// How many cards the card data held when the report was made (0: none).
    pub card_data: usize,
    pub uploaded_at: DateTime<Utc>,
    /// The uploaded file's name, which players use to label the game (`mirror-g3.txt`);
    /// absent for a pasted log and for records stored before labels were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// Where a store is: a folder (sled) or a PostgreSQL database (`postgres://…`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreLocation {
    Folder(std::path::PathBuf),
    Postgres(String),
}

impl StoreLocation {
    /// A `postgres://` or `postgresql://` URL is a database; anything else a folder.
    pub fn parse(s: &str) -> StoreLocation {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            StoreLocation::Postgres(s.to_string())
        } else {
            StoreLocation::Folder(s.into())
        }
    }
}

impl std::fmt::Display for StoreLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreLocation::Folder(dir) => write!(f, "{}", dir.display()),
            StoreLocation::Postgres(url) => f.write_str(&postgres::redact(url)),
        }
    }
}

/// The store: records and pages as bytes, kept by a [`Backend`].
#[derive(Clone)]
pub struct Store {
    backend: Arc<dyn Backend>,
}

impl Store {
    /// Open (or create) the sled store in `dir`. `cache_bytes` bounds sled's page cache.
    pub fn open(dir: &Path, cache_bytes: u64) -> Result<Store, StoreError> {
        Ok(Store::with(Arc::new(SledStore::open(dir, cache_bytes)?)))
    }

    /// Connect to the PostgreSQL store at `url`, creating or migrating its schema.
    pub fn connect(url: &str) -> Result<Store, StoreError> {
        Ok(Store::with(Arc::new(postgres::PgStore::connect(url)?)))
    }

    /// Open the store at `location` (`cache_bytes` bounds a sled store's page cache).
    pub fn at(location: &StoreLocation, cache_bytes: u64) -> Result<Store, StoreError> {
        match location {
            StoreLocation::Folder(dir) => Store::open(dir, cache_bytes),
            StoreLocation::Postgres(url) => Store::connect(url),
        }
    }

    pub fn with(backend: Arc<dyn Backend>) -> Store {
        Store { backend }
    }

    /// What and where ("sled store in data", "PostgreSQL store at …").
    pub fn describe(&self) -> String {
        self.backend.describe()
    }

    /// Whether a call waits on a server over the network ([`Backend::remote`]).
    pub fn remote(&self) -> bool {
        self.backend.remote()
    }

    /// The backend, for what works on stored bytes (copying a store).
    pub fn backend(&self) -> &dyn Backend {
        self.backend.as_ref()
    }

    /// Make every write so far durable; returns when it is.
    pub fn flush(&self) -> Result<(), StoreError> {
        self.backend.flush()
    }

    /// Store an upload: its raw bytes, its record and the hash of its owner token, if it has
    /// one (not yet flushed). The upload exists for readers only once it is whole.
    pub fn put_replay(
        &self,
        raw: &[u8],
        record: &StoredReplay,
        owner: Option<&OwnerHash>,
    ) -> Result<(), StoreError> {
        self.backend.put_upload(&Upload {
            id: record.id.clone(),
            uploaded_at: record.uploaded_at,
            raw: raw.to_vec(),
            record: encode_record(record)?,
            owner: owner.copied(),
        })
    }

    /// Replace the record of a stored upload (a recomputed report), and forget its rendered
    /// page. An upload deleted meanwhile is not brought back.
    pub fn put_record(&self, record: &StoredReplay) -> Result<(), StoreError> {
        self.backend.put_record(&record.id, &encode_record(record)?)
    }

    pub fn replay(&self, id: &ReplayId) -> Result<Option<StoredReplay>, StoreError> {
        match self.backend.record(id)? {
            Some(bytes) => decode_record(id, bytes).map(Some),
            None => Ok(None),
        }
    }

    /// Whether the upload `id` exists.
    pub fn contains(&self, id: &ReplayId) -> Result<bool, StoreError> {
        self.backend.contains(id)
    }

    pub fn raw(&self, id: &ReplayId) -> Result<Option<Vec<u8>>, StoreError> {
        self.backend.raw(id)
    }

    /// The size of the uploaded log, without reading it; `None` when there is no upload.
    pub fn raw_len(&self, id: &ReplayId) -> Result<Option<usize>, StoreError> {
        self.backend.raw_len(id)
    }

    pub fn replay_count(&self) -> Result<usize, StoreError> {
        self.backend.count()
    }

    /// The ids of every stored upload, in ascending order.
    pub fn replay_ids(&self) -> Result<Vec<ReplayId>, StoreError> {
        self.backend.ids()
    }

    /// The hash of the upload's owner token: `Ok(None)` when the upload has none (it was stored
    /// before owner tokens existed) or does not exist.
    pub fn owner(&self, id: &ReplayId) -> Result<Option<OwnerHash>, StoreError> {
        self.backend.owner(id)
    }

    /// The uploads kept under the owner hash `owner` (a player's own games).
    pub fn owned(&self, owner: &OwnerHash) -> Result<Vec<ReplayId>, StoreError> {
        self.backend.owned(owner)
    }

    /// Delete an upload: its listing, record, raw log, rendered page and owner hash (not yet
    /// flushed). Returns whether it existed.
    pub fn delete(&self, id: &ReplayId) -> Result<bool, StoreError> {
        self.backend.delete(id)
    }

    /// The rendered page of an upload, when it was rendered under `page_key` (the templates,
    /// engine version and card data that made it).
    pub fn page(&self, id: &ReplayId, page_key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        // A page that cannot be decompressed is rendered again.
        Ok(self
            .backend
            .page(id, page_key)?
            .and_then(|stored| compressed::unpack(stored).ok()))
    }

    pub fn put_page(&self, id: &ReplayId, page_key: &str, html: &[u8]) -> Result<(), StoreError> {
        let packed = compressed::pack(html).map_err(|e| StoreError::Corrupt {
            key: id.to_string(),
            reason: format!("cannot compress the page: {e}"),
        })?;
        self.backend.put_page(id, page_key, &packed)
    }

    /// Replace the stored card data with `texts`; durable on return.
    pub fn import_cards(&self, texts: &CardTexts) -> Result<(), StoreError> {
        self.backend.import_cards(texts)
    }

    /// The imported card data, if any.
    pub fn card_texts(&self) -> Result<Option<CardTexts>, StoreError> {
        self.backend.card_texts()
    }
}

/// A record as every backend keeps it: JSON, compressed. A long game's JSON (tens of MB) is
/// written straight into the compressor, so it is never held whole; a short one is made first
/// and compressed at once, which is faster.
fn encode_record(record: &StoredReplay) -> Result<Vec<u8>, StoreError> {
    let key = record.id.as_str();
    let fail = |reason: String| StoreError::Corrupt {
        key: key.to_string(),
        reason,
    };
    if record.report.steps.len() <= STREAM_RECORDS_OF_STEPS {
        let json = serde_json::to_vec(record).map_err(|e| fail(e.to_string()))?;
        return compressed::pack(&json)
            .map_err(|e| fail(format!("cannot compress the record: {e}")));
    }
    let mut encoder =
        compressed::Writer::new().map_err(|e| fail(format!("cannot compress the record: {e}")))?;
    serde_json::to_writer(&mut encoder, record).map_err(|e| fail(e.to_string()))?;
    encoder
        .finish()
        .map_err(|e| fail(format!("cannot compress the record: {e}")))
}

/// Records of games longer than this (in lines) are compressed as they are written.
const STREAM_RECORDS_OF_STEPS: usize = 10_000;

/// A stored record read back (plain JSON, from before compression, is read too). A large one
/// is decompressed as it is read, so its JSON is never held whole; a small one at once, which
/// is faster.
fn decode_record(id: &ReplayId, stored: Vec<u8>) -> Result<StoredReplay, StoreError> {
    if stored.len() <= STREAM_RECORDS_ABOVE {
        decode_at_once(id, stored)
    } else {
        decode_streamed(id, &stored)
    }
}

fn unreadable(id: &ReplayId, reason: String) -> StoreError {
    StoreError::Corrupt {
        key: id.to_string(),
        reason,
    }
}

fn decode_at_once(id: &ReplayId, stored: Vec<u8>) -> Result<StoredReplay, StoreError> {
    let json = compressed::unpack(stored)
        .map_err(|e| unreadable(id, format!("the record cannot be decompressed: {e}")))?;
    serde_json::from_slice(&json).map_err(|e| unreadable(id, e.to_string()))
}

fn decode_streamed(id: &ReplayId, stored: &[u8]) -> Result<StoredReplay, StoreError> {
    let reader = compressed::reader(stored)
        .map_err(|e| unreadable(id, format!("the record cannot be decompressed: {e}")))?;
    serde_json::from_reader(reader).map_err(|e| unreadable(id, e.to_string()))
}

/// Stored (compressed) records larger than this are read as a stream: about a tenth of their
/// JSON, so a record of a few MB of JSON is read at once.
const STREAM_RECORDS_ABOVE: usize = 64 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    /// A long game's record, compressed as it is written, reads back the same at once and as a
    /// stream; so does a short one, compressed at once.
    #[test]
    fn records_round_trip_both_ways() {
        let game = include_str!("../../replays/prizes-win.log");
        let (body, end) = game.trim_end().rsplit_once('\n').unwrap();
        let mut long = String::new();
        while long.lines().count() <= STREAM_RECORDS_OF_STEPS {
            long.push_str(body);
            long.push('\n');
        }
        long.push_str(end);
        for text in [game.to_string(), long] {
            let report =
                crate::verify(text.as_bytes(), None, crate::engine::RuleEdition::default())
                    .unwrap();
            let record = StoredReplay {
                id: ReplayId::random(),
                report,
                engine_version: "test".into(),
                card_data: 0,
                uploaded_at: Utc::now(),
                label: None,
            };
            let stored = encode_record(&record).unwrap();
            assert_eq!(decode_at_once(&record.id, stored.clone()).unwrap(), record);
            assert_eq!(decode_streamed(&record.id, &stored).unwrap(), record);
            assert_eq!(decode_record(&record.id, stored).unwrap(), record);
        }
    }
}
