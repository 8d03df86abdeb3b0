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
mod tests {
    /// A store path that cannot be a store (a file, or a folder under a file) is refused with
    /// an error that names the path and says what to do.
    #[test]
    fn an_unusable_store_path_is_named_in_the_error() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("not-a-folder");
        std::fs::write(&file, b"x").unwrap();
        for path in [file.clone(), file.join("below")] {
            let err = match super::super::Store::open(&path, 1 << 20) {
                Err(e) => e.to_string(),
                Ok(_) => panic!("{} opened", path.display()),
            };
            assert!(err.contains(&path.display().to_string()), "{err}");
            assert!(err.contains("--data"), "{err}");
        }
    }

    use super::super::{OwnerToken, Store, StoredReplay};
    use super::*;

    /// The store and its sled backend, to look at the trees under the store's methods.
    struct Both {
        store: Store,
        sled: std::sync::Arc<SledStore>,
    }

    impl std::ops::Deref for Both {
        type Target = Store;
        fn deref(&self) -> &Store {
            &self.store
        }
    }

    fn open_both(dir: &Path, cache_bytes: u64) -> Result<Both, StoreError> {
        let sled = std::sync::Arc::new(SledStore::open(dir, cache_bytes)?);
        Ok(Both {
            store: Store::with(sled.clone()),
            sled,
        })
    }

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

    /// Records and pages are stored compressed, and a record or page written before
    /// compression (plain JSON, plain HTML) is still read.
    #[test]
    fn records_and_pages_are_compressed_and_old_plain_ones_still_read() {
        let dir = tempfile::tempdir().unwrap();
        let store = open_both(dir.path(), 1 << 20).unwrap();
        let id = ReplayId::random();
        let rec = record(id.clone());
        store.put_replay(b"raw", &rec, None).unwrap();
        let json = serde_json::to_vec(&rec).unwrap();
        let stored = chunked::get(&store.sled.replays, id.as_str())
            .unwrap()
            .unwrap();
        assert!(
            stored.len() * 4 < json.len(),
            "{} vs {}",
            stored.len(),
            json.len()
        );
        assert_eq!(store.replay(&id).unwrap().unwrap(), rec);
        // As an older version wrote it.
        chunked::put(&store.sled.replays, id.as_str(), &json).unwrap();
        assert_eq!(store.replay(&id).unwrap().unwrap(), rec);
        store.put_page(&id, "k", b"<html>page</html>").unwrap();
        assert_eq!(store.page(&id, "k").unwrap().unwrap(), b"<html>page</html>");
        chunked::put(&store.sled.pages, id.as_str(), b"<html>old</html>").unwrap();
        assert_eq!(store.page(&id, "k").unwrap().unwrap(), b"<html>old</html>");
    }

    #[test]
    fn a_replay_survives_reopening_the_store() {
        let dir = tempfile::tempdir().unwrap();
        let id = ReplayId::random();
        {
            let store = open_both(dir.path(), 1 << 20).unwrap();
            store
                .put_replay(b"raw log", &record(id.clone()), None)
                .unwrap();
            store.put_page(&id, "k1", b"<html>").unwrap();
            store.flush().unwrap();
        }
        let store = reopen(dir.path()).unwrap();
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

    /// Open the store in `dir` once no earlier handle holds it: sled's threads let go of the
    /// folder's lock a moment after a store is dropped.
    fn reopen(dir: &Path) -> Result<Both, StoreError> {
        wait_released(dir);
        open_both(dir, 1 << 20)
    }

    fn wait_released(dir: &Path) {
        if let Ok(db) = std::fs::File::open(dir.join("db")) {
            let _ = db.lock();
        }
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
        let err = reopen(dir.path()).err().expect("refused");
        assert!(
            matches!(err, StoreError::Incompatible { ref found, .. } if found == "other/9"),
            "{err}"
        );
        assert!(
            !dir.path().join(FORMAT_FILE).exists(),
            "a refused store gets no format file"
        );
        wait_released(dir.path());
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

    /// Every file under `dir` with its bytes.
    fn files(dir: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    out.push((path.clone(), std::fs::read(&path).unwrap()));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn a_store_of_another_format_is_left_byte_for_byte_untouched() {
        // A store that another version wrote: its own format inside sled and in the file.
        let dir = tempfile::tempdir().unwrap();
        let id = ReplayId::random();
        {
            let store = open_both(dir.path(), 1 << 20).unwrap();
            store
                .put_replay(b"raw log", &record(id.clone()), None)
                .unwrap();
            store
                .sled
                .meta
                .insert(META_FORMAT, &b"ptcg-judge-store/0"[..])
                .unwrap();
            store.flush().unwrap();
        }
        std::fs::write(dir.path().join(FORMAT_FILE), "ptcg-judge-store/0\n").unwrap();
        wait_released(dir.path());
        let before = files(dir.path());
        assert!(!before.is_empty());
        for _ in 0..2 {
            let err = open_both(dir.path(), 1 << 20).err().expect("refused");
            assert!(matches!(err, StoreError::Incompatible { .. }), "{err}");
            let message = err.to_string();
            assert!(
                message.contains("ptcg-judge-store/0") && message.contains(STORE_FORMAT),
                "{message}"
            );
            let after = files(dir.path());
            let changed: Vec<String> = after
                .iter()
                .filter(|f| !before.contains(f))
                .map(|(p, b)| format!("{} ({} bytes)", p.display(), b.len()))
                .collect();
            assert!(
                after == before,
                "the refused store was changed: {changed:?}"
            );
        }
    }

    #[test]
    fn a_store_from_before_the_format_file_gets_one() {
        let dir = tempfile::tempdir().unwrap();
        let id = ReplayId::random();
        {
            let store = open_both(dir.path(), 1 << 20).unwrap();
            store
                .put_replay(b"raw log", &record(id.clone()), None)
                .unwrap();
            store.flush().unwrap();
        }
        let file = dir.path().join(FORMAT_FILE);
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            format!("{STORE_FORMAT}\n")
        );
        std::fs::remove_file(&file).unwrap();
        let store = reopen(dir.path()).unwrap();
        assert_eq!(store.raw(&id).unwrap().unwrap(), b"raw log");
        assert!(file.exists());
    }

    #[test]
    fn an_owned_upload_is_deleted_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store = open_both(dir.path(), 1 << 20).unwrap();
        let token = OwnerToken::random().unwrap();
        let (mine, other) = (ReplayId::random(), ReplayId::random());
        store
            .put_replay(b"mine", &record(mine.clone()), Some(&token.hash()))
            .unwrap();
        store
            .put_replay(b"other", &record(other.clone()), None)
            .unwrap();
        store.put_page(&mine, "k", b"<html>").unwrap();
        assert!(store.owner(&mine).unwrap().unwrap().matches(token.as_str()));
        assert_eq!(store.owner(&other).unwrap(), None, "stored without a token");
        let mut ids: Vec<ReplayId> = store.replay_ids().unwrap();
        ids.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        let mut expected = vec![mine.clone(), other.clone()];
        expected.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        assert_eq!(ids, expected);

        assert!(store.delete(&mine).unwrap());
        assert!(!store.delete(&mine).unwrap(), "already gone");
        assert_eq!(store.replay(&mine).unwrap(), None);
        assert_eq!(store.raw(&mine).unwrap(), None);
        assert_eq!(store.page(&mine, "k").unwrap(), None);
        assert_eq!(store.owner(&mine).unwrap(), None);
        for tree in [&store.sled.raw, &store.sled.replays, &store.sled.pages] {
            assert_eq!(chunked::get(tree, mine.as_str()).unwrap(), None);
        }
        assert_eq!(store.replay_count().unwrap(), 1);
        assert_eq!(store.raw(&other).unwrap().unwrap(), b"other");
        // A page rendered or a report recomputed while its upload was being deleted is not
        // kept.
        store.put_page(&mine, "k", b"<html>").unwrap();
        assert_eq!(
            chunked::get(&store.sled.pages, mine.as_str()).unwrap(),
            None
        );
        store.put_record(&record(mine.clone())).unwrap();
        assert_eq!(
            chunked::get(&store.sled.replays, mine.as_str()).unwrap(),
            None
        );
    }

    #[test]
    fn what_a_crash_cut_short_is_removed_when_the_store_opens() {
        let dir = tempfile::tempdir().unwrap();
        let (half_upload, half_delete, whole) =
            (ReplayId::random(), ReplayId::random(), ReplayId::random());
        let owner = OwnerToken::random().unwrap().hash();
        {
            let store = open_both(dir.path(), 1 << 20).unwrap();
            for id in [&half_upload, &half_delete, &whole] {
                store
                    .put_replay(b"log", &record(id.clone()), Some(&owner))
                    .unwrap();
            }
            // An upload stopped before its id was listed, a deletion after it was unlisted.
            store.sled.ids.remove(half_upload.as_str()).unwrap();
            store.sled.ids.remove(half_delete.as_str()).unwrap();
            chunked::remove(&store.sled.raw, half_delete.as_str()).unwrap();
            store.flush().unwrap();
        }
        let store = reopen(dir.path()).unwrap();
        for id in [&half_upload, &half_delete] {
            assert_eq!(store.owner(id).unwrap(), None);
            assert_eq!(chunked::get(&store.sled.raw, id.as_str()).unwrap(), None);
            assert_eq!(
                chunked::get(&store.sled.replays, id.as_str()).unwrap(),
                None
            );
        }
        assert_eq!(store.raw(&whole).unwrap().unwrap(), b"log");
        assert_eq!(store.owner(&whole).unwrap(), Some(owner));
    }

    #[test]
    fn imported_cards_come_back_and_clear_rendered_pages() {
        let dir = tempfile::tempdir().unwrap();
        let store = open_both(dir.path(), 1 << 20).unwrap();
        assert_eq!(store.card_texts().unwrap(), None);
        let id = ReplayId::random();
        store.put_replay(b"raw", &record(id.clone()), None).unwrap();
        store.put_page(&id, "k", b"old").unwrap();
        assert_eq!(store.page(&id, "k").unwrap().unwrap(), b"old");
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
