//! The sled backend: the store in a folder, the default (no setup). The only module that
//! touches sled.
//!
//! Crash safety rests on the order of writes: an upload's pieces are written before its entry
//! in `ids`, which makes it exist; a deletion removes that entry first and the owner hash last.
//! An upload or a deletion cut short leaves an owner hash without an id, and opening the store
//! removes everything kept under such an id ([`SledStore::open`]).

use std::path::Path;

use chrono::{DateTime, Utc};

use super::backend::{Backend, Upload};
use super::owner::OwnerHash;
use super::{ReplayId, STORE_FORMAT, StoreError, chunked, group_commit};
use crate::cards::import::CardTexts;

/// The sled-backed store.
pub struct SledStore {
    dir: String,
    pub(super) db: sled::Db,
    /// Upload id -> upload time: which uploads exist (written last, so a crash mid-write
    /// leaves no half record behind an id).
    pub(super) ids: sled::Tree,
    /// Large values, in pieces (see `chunked`): records, raw logs, rendered pages, card files.
    pub(super) replays: sled::Tree,
    pub(super) raw: sled::Tree,
    pub(super) pages: sled::Tree,
    /// Upload id -> the key its rendered page was made under.
    pub(super) page_keys: sled::Tree,
    /// Upload id -> SHA-256 of its owner token (32 bytes). Uploads from before owner tokens
    /// have none.
    pub(super) owners: sled::Tree,
    pub(super) cards: sled::Tree,
    pub(super) meta: sled::Tree,
    /// Flushes shared between concurrent writers.
    flusher: std::sync::Arc<group_commit::GroupCommit>,
}

const META_FORMAT: &[u8] = b"format";

/// A plain file beside sled's own, holding [`STORE_FORMAT`]. It is read before sled opens the
/// folder, because opening a sled database rewrites its files (recovery, a new snapshot): a
/// store of another format is refused without a byte of it changed. Stores made before this
/// file existed get it on their first open (after the format kept inside sled is checked).
pub const FORMAT_FILE: &str = "store-format";
const META_CARD_SETS: &[u8] = b"card-sets";

impl SledStore {
    /// Open (or create) the store in `dir`. `cache_bytes` bounds sled's page cache.
    pub fn open(dir: &Path, cache_bytes: u64) -> Result<SledStore, StoreError> {
        let format_file = dir.join(FORMAT_FILE);
        let file_error = |source| StoreError::FormatFile {
            path: format_file.display().to_string(),
            source,
        };
        let has_format_file = match std::fs::read(&format_file) {
            Ok(found) => {
                let found = String::from_utf8_lossy(&found).trim().to_string();
                if found != STORE_FORMAT {
                    return Err(StoreError::Incompatible {
                        dir: dir.display().to_string(),
                        found,
                        expected: STORE_FORMAT,
                    });
                }
                true
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(e) => return Err(file_error(e)),
        };
        // No background flusher: writes that matter are flushed before they are acknowledged,
        // and without the thread a closed store lets go of its folder at once.
        let db = sled::Config::new()
            .path(dir)
            .cache_capacity(cache_bytes)
            .flush_every_ms(None)
            .open()
            .map_err(|source| StoreError::Open {
                dir: dir.display().to_string(),
                source,
            })?;
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
        if !has_format_file {
            write_format_file(dir).map_err(file_error)?;
        }
        let store = SledStore {
            dir: dir.display().to_string(),
            ids: db.open_tree("ids")?,
            page_keys: db.open_tree("page-keys")?,
            owners: db.open_tree("owners")?,
            replays: db.open_tree("replays")?,
            raw: db.open_tree("raw")?,
            pages: db.open_tree("pages")?,
            cards: db.open_tree("cards")?,
            meta,
            db,
            flusher: Default::default(),
        };
        store.finish_interrupted()?;
        Ok(store)
    }

    /// Remove what an upload or a deletion cut short by a crash left behind: an owner hash
    /// whose id is not listed belongs to an upload that never became visible (it was not
    /// acknowledged) or to a deletion that had begun, so everything under that id goes.
    fn finish_interrupted(&self) -> Result<(), StoreError> {
        let mut removed = false;
        for item in self.owners.iter() {
            let (key, _) = item?;
            if self.ids.contains_key(&key)? {
                continue;
            }
            let key = String::from_utf8_lossy(&key).into_owned();
            self.remove_pieces(&key)?;
            self.owners.remove(key.as_bytes())?;
            removed = true;
        }
        if removed {
            self.durable()?;
        }
        Ok(())
    }

    /// Everything kept under `key` but its `ids` entry and its owner hash.
    fn remove_pieces(&self, key: &str) -> Result<(), StoreError> {
        self.page_keys.remove(key)?;
        chunked::remove(&self.pages, key)?;
        chunked::remove(&self.replays, key)?;
        chunked::remove(&self.raw, key)?;
        Ok(())
    }

    fn durable(&self) -> Result<(), StoreError> {
        // Concurrent callers share one flush (group commit); each returns once a flush that
        // began after its call is done.
        self.flusher.durable(|| self.db.flush().map(|_| ()))?;
        Ok(())
    }

    fn listed(&self, id: &ReplayId) -> Result<bool, StoreError> {
        Ok(self.ids.contains_key(id.as_str())?)
    }
}

impl Backend for SledStore {
    fn describe(&self) -> String {
        format!("sled store in {}", self.dir)
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.durable()
    }

    /// The id is listed last, so the upload exists only once it is whole.
    fn put_upload(&self, upload: &Upload) -> Result<(), StoreError> {
        let key = upload.id.as_str();
        if self.listed(&upload.id)? {
            return Err(StoreError::Duplicate(key.to_string()));
        }
        chunked::put(&self.raw, key, &upload.raw)?;
        chunked::put(&self.replays, key, &upload.record)?;
        self.page_keys.remove(key)?;
        chunked::remove(&self.pages, key)?;
        if let Some(owner) = &upload.owner {
            self.owners.insert(key, &owner.as_bytes()[..])?;
        }
        self.ids
            .insert(key, upload.uploaded_at.to_rfc3339().as_bytes())?;
        Ok(())
    }

    fn put_record(&self, id: &ReplayId, record: &[u8]) -> Result<(), StoreError> {
        let key = id.as_str();
        chunked::put(&self.replays, key, record)?;
        self.page_keys.remove(key)?;
        chunked::remove(&self.pages, key)?;
        if !self.listed(id)? {
            chunked::remove(&self.replays, key)?;
        }
        Ok(())
    }

    fn record(&self, id: &ReplayId) -> Result<Option<Vec<u8>>, StoreError> {
        if !self.listed(id)? {
            return Ok(None);
        }
        match chunked::get(&self.replays, id.as_str())? {
            Some(bytes) => Ok(Some(bytes)),
            None => Err(StoreError::Corrupt {
                key: id.to_string(),
                reason: "the upload is listed but its record is missing".into(),
            }),
        }
    }

    fn contains(&self, id: &ReplayId) -> Result<bool, StoreError> {
        self.listed(id)
    }

    fn raw(&self, id: &ReplayId) -> Result<Option<Vec<u8>>, StoreError> {
        if !self.listed(id)? {
            return Ok(None);
        }
        Ok(chunked::get(&self.raw, id.as_str())?)
    }

    fn raw_len(&self, id: &ReplayId) -> Result<Option<usize>, StoreError> {
        if !self.listed(id)? {
            return Ok(None);
        }
        Ok(chunked::len(&self.raw, id.as_str())?)
    }

    fn upload(&self, id: &ReplayId) -> Result<Option<Upload>, StoreError> {
        let Some(listed) = self.ids.get(id.as_str())? else {
            return Ok(None);
        };
        let uploaded_at = std::str::from_utf8(&listed)
            .ok()
            .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
            .map(|t| t.with_timezone(&Utc))
            .ok_or_else(|| StoreError::Corrupt {
                key: format!("ids/{id}"),
                reason: "the upload time is not an RFC 3339 time".into(),
            })?;
        let (Some(raw), Some(record)) = (self.raw(id)?, self.record(id)?) else {
            return Ok(None);
        };
        Ok(Some(Upload {
            id: id.clone(),
            uploaded_at,
            raw,
            record,
            owner: self.owner(id)?,
        }))
    }

    fn count(&self) -> Result<usize, StoreError> {
        Ok(self.ids.len())
    }

    fn ids(&self) -> Result<Vec<ReplayId>, StoreError> {
        self.ids
            .iter()
            .map(|item| {
                let (key, _) = item?;
                let key = String::from_utf8_lossy(&key);
                ReplayId::parse(&key).map_err(|e| StoreError::Corrupt {
                    key: key.into_owned(),
                    reason: e.to_string(),
                })
            })
            .collect()
    }

    /// A walk over the owner hashes (32 bytes per upload: a hundred thousand uploads are 3 MB
    /// read from sled's cache), keeping the listed ids whose hash is `owner`.
    fn owned(&self, owner: &OwnerHash) -> Result<Vec<ReplayId>, StoreError> {
        let mut out = Vec::new();
        for item in self.owners.iter() {
            let (key, hash) = item?;
            if hash.as_ref() != &owner.as_bytes()[..] || !self.ids.contains_key(&key)? {
                continue;
            }
            let key = String::from_utf8_lossy(&key);
            out.push(ReplayId::parse(&key).map_err(|e| StoreError::Corrupt {
                key: key.into_owned(),
                reason: e.to_string(),
            })?);
        }
        Ok(out)
    }

    fn owner(&self, id: &ReplayId) -> Result<Option<OwnerHash>, StoreError> {
        let Some(bytes) = self.owners.get(id.as_str())? else {
            return Ok(None);
        };
        OwnerHash::from_bytes(&bytes)
            .map(Some)
            .ok_or_else(|| StoreError::Corrupt {
                key: format!("owners/{id}"),
                reason: format!("an owner hash has 32 bytes, this one {}", bytes.len()),
            })
    }

    /// The listing goes first, so the upload is gone at once; a crash part way is finished
    /// when the store is next opened.
    fn delete(&self, id: &ReplayId) -> Result<bool, StoreError> {
        let existed = self.ids.remove(id.as_str())?.is_some();
        self.remove_pieces(id.as_str())?;
        self.owners.remove(id.as_str())?;
        Ok(existed)
    }

    fn page(&self, id: &ReplayId, page_key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        match self.page_keys.get(id.as_str())? {
            Some(k) if k.as_ref() == page_key.as_bytes() => {
                Ok(chunked::get(&self.pages, id.as_str())?)
            }
            _ => Ok(None),
        }
    }

    fn put_page(&self, id: &ReplayId, page_key: &str, page: &[u8]) -> Result<(), StoreError> {
        chunked::put(&self.pages, id.as_str(), page)?;
        self.page_keys.insert(id.as_str(), page_key.as_bytes())?;
        // Deleted while the page was being rendered: do not keep the page.
        if !self.listed(id)? {
            self.page_keys.remove(id.as_str())?;
            chunked::remove(&self.pages, id.as_str())?;
        }
        Ok(())
    }

    fn import_cards(&self, texts: &CardTexts) -> Result<(), StoreError> {
        self.cards.clear()?;
        for (name, text) in &texts.files {
            chunked::put(&self.cards, name, text.as_bytes())?;
        }
        match &texts.sets {
            Some(sets) => self.meta.insert(META_CARD_SETS, sets.as_bytes())?,
            None => self.meta.remove(META_CARD_SETS)?,
        };
        // Pages rendered with the old card data would show old facts.
        self.page_keys.clear()?;
        self.pages.clear()?;
        self.durable()
    }

    fn card_texts(&self) -> Result<Option<CardTexts>, StoreError> {
        let mut files = Vec::new();
        for name in chunked::keys(&self.cards) {
            let name = name?;
            let bytes = chunked::get(&self.cards, &name)?.unwrap_or_default();
            let text = String::from_utf8(bytes).map_err(|e| StoreError::Corrupt {
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

/// Write [`FORMAT_FILE`] whole or not at all (a temporary file, synced, then renamed).
fn write_format_file(dir: &Path) -> std::io::Result<()> {
    use std::io::Write;
    let tmp = dir.join(format!("{FORMAT_FILE}.tmp"));
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(STORE_FORMAT.as_bytes())?;
    f.write_all(b"\n")?;
    f.sync_all()?;
    std::fs::rename(&tmp, dir.join(FORMAT_FILE))?;
    std::fs::File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests;
