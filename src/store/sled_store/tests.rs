//! The sled backend's own checks: its trees, its format file, crash leftovers.

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
        include_bytes!("../../../replays/prizes-win.log"),
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
        label: None,
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
