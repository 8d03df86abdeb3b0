//! The store's suite, run on both backends: sled in a folder and PostgreSQL (a database of the
//! test's own on the local server, dropped after; SKIPPED when no server answers). Each check
//! is one function over a [`Store`], so both backends answer the same questions.

mod common;

use chrono::{Duration, Utc};
use common::postgres::TestDb;
use ptcg_judge::cards::import::CardTexts;
use ptcg_judge::engine::RuleEdition;
use ptcg_judge::store::copy::{checksum, copy};
use ptcg_judge::store::{OwnerToken, ReplayId, Store, StoreError, StoredReplay};

const LOG: &[u8] = include_bytes!("../replays/prizes-win.log");

fn record(id: &ReplayId) -> StoredReplay {
    StoredReplay {
        id: id.clone(),
        report: ptcg_judge::verify(LOG, None, RuleEdition::default()).unwrap(),
        engine_version: "test".into(),
        card_data: 0,
        uploaded_at: Utc::now() - Duration::minutes(5),
        label: None,
    }
}

/// Every check, on one store.
fn suite(store: &Store) {
    an_upload_comes_back_whole(store);
    a_record_replaced_forgets_the_page_and_never_revives_a_deletion(store);
    pages_are_kept_under_their_key(store);
    a_deletion_removes_everything(store);
    card_data_comes_back_and_clears_pages(store);
    concurrent_uploads_are_all_kept(store);
    a_players_uploads_are_listed_and_old_records_load(store);
}

/// The uploads kept under one owner token are listed by its hash (not another token's, not one
/// deleted); a record stored before labels existed (its JSON has no `label`) still loads.
fn a_players_uploads_are_listed_and_old_records_load(store: &Store) {
    let (mine, theirs) = (OwnerToken::random().unwrap(), OwnerToken::random().unwrap());
    let mut ids: Vec<ReplayId> = (0..3).map(|_| ReplayId::random()).collect();
    for (i, id) in ids.iter().enumerate() {
        let rec = StoredReplay {
            label: Some(format!("round {i}")),
            ..record(id)
        };
        store.put_replay(LOG, &rec, Some(&mine.hash())).unwrap();
    }
    let other = ReplayId::random();
    store
        .put_replay(LOG, &record(&other), Some(&theirs.hash()))
        .unwrap();
    store
        .put_replay(LOG, &record(&ReplayId::random()), None)
        .unwrap();
    store.flush().unwrap();
    ids.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    assert_eq!(store.owned(&mine.hash()).unwrap(), ids);
    assert_eq!(store.owned(&theirs.hash()).unwrap(), vec![other.clone()]);
    assert_eq!(
        store
            .replay(&ids[0])
            .unwrap()
            .unwrap()
            .label
            .as_deref()
            .map(|l| l.starts_with("round")),
        Some(true)
    );
    assert!(store.delete(&ids[1]).unwrap());
    assert_eq!(
        store.owned(&mine.hash()).unwrap(),
        vec![ids[0].clone(), ids[2].clone()]
    );
    // A record as an older version wrote it: plain JSON without the label.
    let mut old = serde_json::to_value(record(&other)).unwrap();
    old.as_object_mut().unwrap().remove("label");
    assert!(!old.to_string().contains("\"label\""));
    store
        .backend()
        .put_record(&other, &serde_json::to_vec(&old).unwrap())
        .unwrap();
    let read = store.replay(&other).unwrap().unwrap();
    assert_eq!(read.label, None);
    assert_eq!(read.report, record(&other).report);
}

fn an_upload_comes_back_whole(store: &Store) {
    let before = store.replay_count().unwrap();
    let id = ReplayId::random();
    let token = OwnerToken::random().unwrap();
    let rec = record(&id);
    assert!(!store.contains(&id).unwrap());
    assert_eq!(store.replay(&id).unwrap(), None);
    assert_eq!(store.raw_len(&id).unwrap(), None);
    store.put_replay(LOG, &rec, Some(&token.hash())).unwrap();
    store.flush().unwrap();
    assert!(store.contains(&id).unwrap());
    assert_eq!(store.replay(&id).unwrap().as_ref(), Some(&rec));
    assert_eq!(store.raw(&id).unwrap().as_deref(), Some(LOG));
    assert_eq!(store.raw_len(&id).unwrap(), Some(LOG.len()));
    assert!(store.owner(&id).unwrap().unwrap().matches(token.as_str()));
    assert_eq!(store.replay_count().unwrap(), before + 1);
    assert!(store.replay_ids().unwrap().contains(&id));
    // A log of several of the sled store's 4 KB pieces, its last one full, is measured whole.
    let long_id = ReplayId::random();
    let long = LOG.repeat(8192 / LOG.len() + 1)[..8192].to_vec();
    store.put_replay(&long, &record(&long_id), None).unwrap();
    assert_eq!(store.raw_len(&long_id).unwrap(), Some(8192));
    // A second upload under the same id is refused, never an overwrite.
    assert!(matches!(
        store.put_replay(b"other", &rec, None),
        Err(StoreError::Duplicate(_))
    ));
    assert_eq!(store.raw(&id).unwrap().as_deref(), Some(LOG));
    // An upload without an owner token has none.
    let plain = ReplayId::random();
    store.put_replay(LOG, &record(&plain), None).unwrap();
    assert_eq!(store.owner(&plain).unwrap(), None);
}

fn a_record_replaced_forgets_the_page_and_never_revives_a_deletion(store: &Store) {
    let id = ReplayId::random();
    let rec = record(&id);
    store.put_replay(LOG, &rec, None).unwrap();
    store.put_page(&id, "key-1", b"<html>page</html>").unwrap();
    let newer = StoredReplay {
        engine_version: "newer".into(),
        ..rec.clone()
    };
    store.put_record(&newer).unwrap();
    assert_eq!(store.replay(&id).unwrap().unwrap().engine_version, "newer");
    assert_eq!(
        store.page(&id, "key-1").unwrap(),
        None,
        "the page went with the old record"
    );
    assert!(store.delete(&id).unwrap());
    store.put_record(&rec).unwrap();
    assert_eq!(store.replay(&id).unwrap(), None);
    assert!(!store.contains(&id).unwrap());
}

fn pages_are_kept_under_their_key(store: &Store) {
    let id = ReplayId::random();
    store.put_replay(LOG, &record(&id), None).unwrap();
    assert_eq!(store.page(&id, "k").unwrap(), None);
    store.put_page(&id, "k", b"<html>one</html>").unwrap();
    assert_eq!(
        store.page(&id, "k").unwrap().as_deref(),
        Some(&b"<html>one</html>"[..])
    );
    assert_eq!(store.page(&id, "other key").unwrap(), None);
    // The page of an upload deleted while it was rendered is not kept.
    assert!(store.delete(&id).unwrap());
    store.put_page(&id, "k", b"<html>late</html>").unwrap();
    assert_eq!(store.page(&id, "k").unwrap(), None);
}

fn a_deletion_removes_everything(store: &Store) {
    let id = ReplayId::random();
    let token = OwnerToken::random().unwrap();
    store
        .put_replay(LOG, &record(&id), Some(&token.hash()))
        .unwrap();
    store.put_page(&id, "k", b"<html>x</html>").unwrap();
    let count = store.replay_count().unwrap();
    assert!(store.delete(&id).unwrap());
    store.flush().unwrap();
    assert!(!store.contains(&id).unwrap());
    assert_eq!(store.replay(&id).unwrap(), None);
    assert_eq!(store.raw(&id).unwrap(), None);
    assert_eq!(store.raw_len(&id).unwrap(), None);
    assert_eq!(store.owner(&id).unwrap(), None);
    assert_eq!(store.page(&id, "k").unwrap(), None);
    assert_eq!(store.replay_count().unwrap(), count - 1);
    assert!(
        !store.delete(&id).unwrap(),
        "a second deletion finds nothing"
    );
}

fn card_data_comes_back_and_clears_pages(store: &Store) {
    let id = ReplayId::random();
    store.put_replay(LOG, &record(&id), None).unwrap();
    store.put_page(&id, "k", b"<html>x</html>").unwrap();
    let texts = CardTexts {
        files: vec![
            ("a.json".into(), "[]".into()),
            ("b.json".into(), "[{\"id\":\"x\"}]".into()),
        ],
        sets: Some("[]".into()),
    };
    store.import_cards(&texts).unwrap();
    assert_eq!(store.card_texts().unwrap(), Some(texts));
    assert_eq!(store.page(&id, "k").unwrap(), None);
    let without_sets = CardTexts {
        files: vec![("c.json".into(), "[]".into())],
        sets: None,
    };
    store.import_cards(&without_sets).unwrap();
    assert_eq!(store.card_texts().unwrap(), Some(without_sets));
}

fn concurrent_uploads_are_all_kept(store: &Store) {
    let before = store.replay_count().unwrap();
    let ids: Vec<ReplayId> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    (0..5)
                        .map(|_| {
                            let id = ReplayId::random();
                            store.put_replay(LOG, &record(&id), None).unwrap();
                            store.flush().unwrap();
                            id
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert_eq!(store.replay_count().unwrap(), before + 20);
    for id in &ids {
        assert_eq!(store.raw(id).unwrap().as_deref(), Some(LOG), "{id}");
    }
}

#[test]
fn the_suite_on_sled() {
    let dir = tempfile::tempdir().unwrap();
    suite(&Store::open(dir.path(), 8 << 20).unwrap());
}

#[test]
fn the_suite_on_postgres() {
    let Some(db) = TestDb::create("the store suite") else {
        return;
    };
    let store = Store::connect(&db.url).unwrap();
    suite(&store);
    // A second node on the same database sees the same uploads.
    let other = Store::connect(&db.url).unwrap();
    assert_eq!(other.replay_ids().unwrap(), store.replay_ids().unwrap());
}

/// A database whose schema is newer than this binary knows is refused, naming both versions,
/// and left as it is.
#[test]
fn a_newer_schema_is_refused() {
    let Some(db) = TestDb::create("the schema check") else {
        return;
    };
    let store = Store::connect(&db.url).unwrap();
    let id = ReplayId::random();
    store.put_replay(LOG, &record(&id), None).unwrap();
    drop(store);
    let supported = ptcg_judge::store::postgres::MIGRATIONS.len();
    set_schema_version(&db.url, 99);
    match Store::connect(&db.url) {
        Err(StoreError::SchemaNewer {
            found,
            supported: s,
            ..
        }) => {
            assert_eq!((found, s as usize), (99, supported));
        }
        Err(other) => panic!("another error: {other}"),
        Ok(_) => panic!("a newer schema was opened"),
    }
    let message = Store::connect(&db.url).err().unwrap().to_string();
    assert!(
        message.contains("99") && message.contains(&supported.to_string()),
        "{message}"
    );
    set_schema_version(&db.url, supported as i32);
    let again = Store::connect(&db.url).unwrap();
    assert!(
        again.contains(&id).unwrap(),
        "the refused database was left as it was"
    );
}

fn set_schema_version(url: &str, version: i32) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .unwrap();
        let task = tokio::spawn(connection);
        client
            .execute("UPDATE ptcg_judge_schema SET version = $1", &[&version])
            .await
            .unwrap();
        drop(client);
        let _ = task.await;
    });
}

/// A folder store copied to PostgreSQL and back: every upload byte for byte, the card data,
/// the same checksum on each side; a second run copies nothing.
#[test]
fn a_store_is_copied_to_postgres_and_back() {
    let Some(db) = TestDb::create("the store copy") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let folder = Store::open(&dir.path().join("from"), 8 << 20).unwrap();
    let token = OwnerToken::random().unwrap();
    let mut ids = Vec::new();
    for i in 0..5 {
        let id = ReplayId::random();
        let owner = (i % 2 == 0).then(|| token.hash());
        folder
            .put_replay(LOG, &record(&id), owner.as_ref())
            .unwrap();
        ids.push(id);
    }
    let texts = CardTexts {
        files: vec![("a.json".into(), "[]".into())],
        sets: None,
    };
    folder.import_cards(&texts).unwrap();
    let database = Store::connect(&db.url).unwrap();
    let done = copy(&folder, &database).unwrap();
    assert_eq!(
        (done.source, done.copied, done.present, done.target),
        (5, 5, 0, 5)
    );
    assert!(done.cards);
    assert_eq!(done.source_checksum, done.target_checksum);
    for id in &ids {
        assert_eq!(
            database.backend().upload(id).unwrap(),
            folder.backend().upload(id).unwrap().map(|mut u| {
                // PostgreSQL keeps times to the microsecond.
                u.uploaded_at = database.backend().upload(id).unwrap().unwrap().uploaded_at;
                u
            })
        );
        assert_eq!(database.replay(id).unwrap(), folder.replay(id).unwrap());
    }
    assert_eq!(database.card_texts().unwrap(), Some(texts));
    // Run again: nothing to copy, the same checksums.
    let again = copy(&folder, &database).unwrap();
    assert_eq!((again.copied, again.present), (0, 5));
    assert_eq!(again.target_checksum, done.target_checksum);
    // And back into a new folder.
    let back = Store::open(&dir.path().join("back"), 8 << 20).unwrap();
    let returned = copy(&database, &back).unwrap();
    assert_eq!(returned.copied, 5);
    assert_eq!(checksum(&back).unwrap(), done.source_checksum);
    assert!(
        back.owner(&ids[0])
            .unwrap()
            .unwrap()
            .matches(token.as_str())
    );
    assert_eq!(back.owner(&ids[1]).unwrap(), None);
}
