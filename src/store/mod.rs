//! The replay store: the only module that touches sled. It keeps each uploaded log (raw bytes),
//! its report with the engine version that made it and the upload time, the rendered replay
//! page, and the card data imported once with `ptcg-judge import-cards`.
//!
//! Writes that the service acknowledges are flushed to disk first ([`Store::flush`]).

mod id;

use std::path::Path;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::cards::import::CardTexts;
use crate::report::Report;

pub use id::{ReplayId, ReplayIdError};

/// The layout of the data this version writes. A store written by another layout is refused
/// rather than read wrongly or overwritten.
pub const STORE_FORMAT: &str = "ptcg-judge-store/1";

/// Why the store could not do what was asked.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the store's database failed: {0}")]
    Database(#[from] sled::Error),
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
}

/// The sled-backed store.
#[derive(Clone)]
pub struct Store {
    db: sled::Db,
    replays: sled::Tree,
    raw: sled::Tree,
    pages: sled::Tree,
    cards: sled::Tree,
    meta: sled::Tree,
}

const META_FORMAT: &[u8] = b"format";
const META_CARD_SETS: &[u8] = b"card-sets";

impl Store {
    /// Open (or create) the store in `dir`. `cache_bytes` bounds sled's page cache.
    pub fn open(dir: &Path, cache_bytes: u64) -> Result<Store, StoreError> {
        let db = sled::Config::new()
            .path(dir)
            .cache_capacity(cache_bytes)
            .open()?;
        let meta = db.open_tree("meta")?;
        match meta.get(META_FORMAT)? {
            Some(found) if found.as_ref() != STORE_FORMAT.as_bytes() => {
                return Err(StoreError::Incompatible {
                    dir: dir.display().to_string(),
                    found: String::from_utf8_lossy(&found).into_owned(),
                    expected: STORE_FORMAT,
                });
            }
            Some(_) => {}
            None => {
                meta.insert(META_FORMAT, STORE_FORMAT.as_bytes())?;
                db.flush()?;
            }
        }
        Ok(Store {
            replays: db.open_tree("replays")?,
            raw: db.open_tree("raw")?,
            pages: db.open_tree("pages")?,
            cards: db.open_tree("cards")?,
            meta,
            db,
        })
    }

    /// Write everything to disk; returns when it is durable.
    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        Ok(())
    }

    /// Store an upload: its raw bytes and its record (not yet flushed).
    pub fn put_replay(&self, raw: &[u8], record: &StoredReplay) -> Result<(), StoreError> {
        let key = record.id.as_str().as_bytes();
        self.raw.insert(key, raw)?;
        self.put_record(record)
    }

    /// Replace the record of an upload (a recomputed report), and forget its rendered page.
    pub fn put_record(&self, record: &StoredReplay) -> Result<(), StoreError> {
        let key = record.id.as_str().as_bytes();
        let json = serde_json::to_vec(record).map_err(|e| StoreError::Corrupt {
            key: record.id.to_string(),
            reason: e.to_string(),
        })?;
        self.replays.insert(key, json)?;
        self.pages.remove(key)?;
        Ok(())
    }

    pub fn replay(&self, id: &ReplayId) -> Result<Option<StoredReplay>, StoreError> {
        let Some(bytes) = self.replays.get(id.as_str())? else {
            return Ok(None);
        };
        serde_json::from_slice(&bytes)
            .map(Some)
            .map_err(|e| StoreError::Corrupt {
                key: id.to_string(),
                reason: e.to_string(),
            })
    }

    pub fn raw(&self, id: &ReplayId) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.raw.get(id.as_str())?.map(|v| v.to_vec()))
    }

    pub fn replay_count(&self) -> usize {
        self.replays.len()
    }

    /// The rendered page of an upload, when it was rendered under `page_key` (the templates and
    /// engine version that made it).
    pub fn page(&self, id: &ReplayId, page_key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let Some(bytes) = self.pages.get(id.as_str())? else {
            return Ok(None);
        };
        let Some(rest) = bytes.strip_prefix(page_key.as_bytes()) else {
            return Ok(None);
        };
        Ok(rest.strip_prefix(b"\n").map(<[u8]>::to_vec))
    }

    pub fn put_page(&self, id: &ReplayId, page_key: &str, html: &[u8]) -> Result<(), StoreError> {
        let mut value = Vec::with_capacity(page_key.len() + 1 + html.len());
        value.extend_from_slice(page_key.as_bytes());
        value.push(b'\n');
        value.extend_from_slice(html);
        self.pages.insert(id.as_str(), value)?;
        Ok(())
    }

    /// Replace the stored card data with `texts` and flush.
    pub fn import_cards(&self, texts: &CardTexts) -> Result<(), StoreError> {
        self.cards.clear()?;
        for (name, text) in &texts.files {
            self.cards.insert(name.as_bytes(), text.as_bytes())?;
        }
        match &texts.sets {
            Some(sets) => self.meta.insert(META_CARD_SETS, sets.as_bytes())?,
            None => self.meta.remove(META_CARD_SETS)?,
        };
        // Pages rendered with the old card data would show old facts.
        self.pages.clear()?;
        self.flush()
    }

    /// The imported card data, if any.
    pub fn card_texts(&self) -> Result<Option<CardTexts>, StoreError> {
        let mut files = Vec::new();
        for item in self.cards.iter() {
            let (name, text) = item?;
            let name = String::from_utf8_lossy(&name).into_owned();
            let text = String::from_utf8(text.to_vec()).map_err(|e| StoreError::Corrupt {
                key: format!("cards/{name}"),
                reason: e.to_string(),
            })?;
            files.push((name, text));
        }
        if files.is_empty() {
            return Ok(None);
        }
        let sets = self
            .meta
            .get(META_CARD_SETS)?
            .map(|v| String::from_utf8_lossy(&v).into_owned());
        Ok(Some(CardTexts { files, sets }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: ReplayId) -> StoredReplay {
        let report = crate::verify(
            include_bytes!("../../replays/prizes-win.log"),
            None,
            crate::engine::RuleEdition::default(),
        )
        .unwrap();
        StoredReplay {
            id,
            report,
            engine_version: "test".into(),
            card_data: 0,
            uploaded_at: Utc::now(),
        }
    }

    #[test]
    fn a_replay_survives_reopening_the_store() {
        let dir = tempfile::tempdir().unwrap();
        let id = ReplayId::random();
        {
            let store = Store::open(dir.path(), 1 << 20).unwrap();
            store.put_replay(b"raw log", &record(id.clone())).unwrap();
            store.put_page(&id, "k1", b"<html>").unwrap();
            store.flush().unwrap();
        }
        let store = Store::open(dir.path(), 1 << 20).unwrap();
        let back = store.replay(&id).unwrap().unwrap();
        assert_eq!(back, record_with_time(&id, back.uploaded_at));
        assert_eq!(store.raw(&id).unwrap().unwrap(), b"raw log");
        assert_eq!(store.page(&id, "k1").unwrap().unwrap(), b"<html>");
        assert_eq!(
            store.page(&id, "k2").unwrap(),
            None,
            "a page of another key is stale"
        );
        assert_eq!(store.replay(&ReplayId::random()).unwrap(), None);
    }

    fn record_with_time(id: &ReplayId, t: DateTime<Utc>) -> StoredReplay {
        StoredReplay {
            uploaded_at: t,
            ..record(id.clone())
        }
    }

    #[test]
    fn a_store_of_another_format_is_refused_untouched() {
        let dir = tempfile::tempdir().unwrap();
        {
            let db = sled::open(dir.path()).unwrap();
            db.open_tree("meta")
                .unwrap()
                .insert(META_FORMAT, &b"other/9"[..])
                .unwrap();
            db.flush().unwrap();
        }
        let err = Store::open(dir.path(), 1 << 20).err().expect("refused");
        assert!(
            matches!(err, StoreError::Incompatible { ref found, .. } if found == "other/9"),
            "{err}"
        );
        let db = sled::open(dir.path()).unwrap();
        assert_eq!(
            db.open_tree("meta")
                .unwrap()
                .get(META_FORMAT)
                .unwrap()
                .unwrap()
                .as_ref(),
            b"other/9"
        );
    }

    #[test]
    fn imported_cards_come_back_and_clear_rendered_pages() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path(), 1 << 20).unwrap();
        assert_eq!(store.card_texts().unwrap(), None);
        let id = ReplayId::random();
        store.put_page(&id, "k", b"old").unwrap();
        let texts = CardTexts {
            files: vec![
                ("a.json".into(), "[]".into()),
                ("b.json".into(), "[]".into()),
            ],
            sets: Some("[]".into()),
        };
        store.import_cards(&texts).unwrap();
        assert_eq!(store.card_texts().unwrap(), Some(texts));
        assert_eq!(store.page(&id, "k").unwrap(), None);
    }
}
