//! The PostgreSQL backend: the store of a hosted service, shared by every web node that points
//! at the same database.
//!
//! - Every write is one statement or one transaction, so it is committed (and durable, with
//!   PostgreSQL's default `synchronous_commit`) when the call returns: an upload that was
//!   acknowledged is never lost, whichever node took it, and [`Backend::flush`] has nothing
//!   left to do.
//! - An upload is one row, so it exists whole or not at all; ids are 128-bit random and the
//!   primary key refuses a second row under one id rather than overwrite it.
//! - The schema is created and migrated by the program ([`MIGRATIONS`]), under an advisory
//!   lock so that two nodes starting together do not both migrate. A database whose schema is
//!   newer than this binary knows is refused, with both versions named.
//!
//! The client is tokio-postgres with a deadpool pool, run on a small runtime of the store's
//! own: the store's methods are blocking, like sled's, and may be called from any thread.

use std::future::Future;

use chrono::{DateTime, Utc};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio_postgres::NoTls;

use super::backend::{Backend, Upload};
use super::owner::OwnerHash;
use super::{ReplayId, StoreError};
use crate::cards::import::CardTexts;

/// The schema, one step per version: the database's version is the number of steps applied.
pub const MIGRATIONS: &[&str] = &[
    // 1: uploads, imported card data, settings.
    "CREATE TABLE replays (
        id text PRIMARY KEY,
        uploaded_at timestamptz NOT NULL,
        raw bytea NOT NULL,
        record bytea NOT NULL,
        owner bytea,
        page_key text,
        page bytea
    );
    CREATE TABLE cards (name text PRIMARY KEY, body text NOT NULL);
    CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL);",
    // 2: a player's own uploads are listed by their owner hash.
    "CREATE INDEX replays_owner ON replays (owner);",
];

/// The advisory lock held while the schema is migrated (any fixed number of ours).
const MIGRATION_LOCK: i64 = 0x7074_6367_6a75_6467;

/// How long a node waits to connect, or for a free connection, before the request fails
/// (503 with `Retry-After` in the service).
const TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Connections a node keeps to the database at most.
const POOL_SIZE: usize = 8;

const META_CARD_SETS: &str = "card-sets";

const INSERT_UPLOAD: &str =
    "INSERT INTO replays (id, uploaded_at, raw, record, owner) VALUES ($1, $2, $3, $4, $5)";

/// The PostgreSQL-backed store.
pub struct PgStore {
    url: String,
    pool: Pool,
    /// Runs the client; shut down in the background when the store is dropped, so dropping
    /// it inside another runtime is safe.
    runtime: Option<tokio::runtime::Runtime>,
}

/// `url` with its password hidden, for messages and logs.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let Some((userinfo, host)) = rest.rsplit_once('@') else {
        return url.to_string();
    };
    match userinfo.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

fn db_error(e: impl std::error::Error) -> StoreError {
    StoreError::Postgres(chain(&e))
}

/// An error and its causes, in one line: the client's own errors say little on top ("db
/// error"), the server's words are in their source.
fn chain(e: &dyn std::error::Error) -> String {
    let mut said = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let more = c.to_string();
        if !said.contains(&more) {
            said.push_str(": ");
            said.push_str(&more);
        }
        cause = c.source();
    }
    said
}

impl PgStore {
    /// Connect to `url` and bring its schema to this version's.
    pub fn connect(url: &str) -> Result<PgStore, StoreError> {
        let shown = redact(url);
        let connect_error = |reason: String| StoreError::Connect {
            url: shown.clone(),
            reason,
        };
        let mut config: tokio_postgres::Config =
            url.parse().map_err(|e| connect_error(format!("{e}")))?;
        // A server that does not answer is an error after a while, not a request that hangs.
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(TIMEOUT);
        }
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("ptcg-judge-postgres")
            .enable_all()
            .build()
            .map_err(|e| connect_error(format!("cannot start the client: {e}")))?;
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .wait_timeout(Some(TIMEOUT))
            .create_timeout(Some(TIMEOUT))
            .recycle_timeout(Some(TIMEOUT))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .build()
            .map_err(|e| connect_error(e.to_string()))?;
        let store = PgStore {
            url: shown.clone(),
            pool,
            runtime: Some(runtime),
        };
        let pool = store.pool.clone();
        let url_shown = shown.clone();
        store.run(async move {
            let mut client = pool.get().await.map_err(|e| StoreError::Connect {
                url: url_shown.clone(),
                reason: chain(&e),
            })?;
            migrate(&mut client, &url_shown).await
        })?;
        Ok(store)
    }

    /// Run `work` on the store's runtime and wait for it (from any thread, in a runtime or not).
    fn run<T: Send + 'static>(
        &self,
        work: impl Future<Output = Result<T, StoreError>> + Send + 'static,
    ) -> Result<T, StoreError> {
        let runtime = self
            .runtime
            .as_ref()
            .expect("the runtime lives as long as the store");
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        runtime.spawn(async move {
            let _ = tx.send(work.await);
        });
        rx.recv()
            .map_err(|_| StoreError::Postgres("the database task stopped".into()))?
    }

    /// One statement's rows (none for a write without `RETURNING`).
    fn query(
        &self,
        sql: &'static str,
        params: Vec<Param>,
    ) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(db_error)?;
            let statement = client.prepare_cached(sql).await.map_err(db_error)?;
            let refs: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
                params.iter().map(Param::as_sql).collect();
            client.query(&statement, &refs).await.map_err(db_error)
        })
    }

    fn bytes_of(&self, sql: &'static str, id: &ReplayId) -> Result<Option<Vec<u8>>, StoreError> {
        let rows = self.query(sql, vec![Param::Text(id.to_string())])?;
        rows.first()
            .map(|row| row.try_get::<_, Vec<u8>>(0).map_err(db_error))
            .transpose()
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

/// A query parameter, owned so that the query can run on the store's runtime.
enum Param {
    Text(String),
    Bytes(Vec<u8>),
    OptBytes(Option<Vec<u8>>),
    Time(DateTime<Utc>),
}

impl Param {
    fn as_sql(&self) -> &(dyn tokio_postgres::types::ToSql + Sync) {
        match self {
            Param::Text(v) => v,
            Param::Bytes(v) => v,
            Param::OptBytes(v) => v,
            Param::Time(v) => v,
        }
    }
}

/// A stored owner hash read back (none for an upload from before owner tokens).
fn owner_hash(id: &ReplayId, bytes: Option<Vec<u8>>) -> Result<Option<OwnerHash>, StoreError> {
    bytes
        .map(|b| {
            OwnerHash::from_bytes(&b).ok_or_else(|| StoreError::Corrupt {
                key: format!("owner of {id}"),
                reason: format!("an owner hash has 32 bytes, this one {}", b.len()),
            })
        })
        .transpose()
}

/// Bring the schema to [`MIGRATIONS`]' length, in one transaction under an advisory lock.
async fn migrate(client: &mut deadpool_postgres::Client, url: &str) -> Result<(), StoreError> {
    let tx = client.transaction().await.map_err(db_error)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(db_error)?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS ptcg_judge_schema (version integer NOT NULL)")
        .await
        .map_err(db_error)?;
    let found: i32 = match tx
        .query_opt("SELECT version FROM ptcg_judge_schema", &[])
        .await
        .map_err(db_error)?
    {
        Some(row) => row.try_get(0).map_err(db_error)?,
        None => {
            tx.execute("INSERT INTO ptcg_judge_schema (version) VALUES (0)", &[])
                .await
                .map_err(db_error)?;
            0
        }
    };
    let supported = MIGRATIONS.len() as i32;
    if found > supported {
        return Err(StoreError::SchemaNewer {
            url: url.to_string(),
            found,
            supported,
        });
    }
    for step in &MIGRATIONS[found as usize..] {
        tx.batch_execute(step).await.map_err(db_error)?;
    }
    tx.execute("UPDATE ptcg_judge_schema SET version = $1", &[&supported])
        .await
        .map_err(db_error)?;
    tx.commit().await.map_err(db_error)
}

impl Backend for PgStore {
    fn describe(&self) -> String {
        format!("PostgreSQL store at {}", self.url)
    }

    fn remote(&self) -> bool {
        true
    }

    /// Every write is committed when it returns.
    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn put_upload(&self, upload: &Upload) -> Result<(), StoreError> {
        let id = upload.id.to_string();
        let pool = self.pool.clone();
        let row = [
            Param::Text(id.clone()),
            Param::Time(upload.uploaded_at),
            Param::Bytes(upload.raw.clone()),
            Param::Bytes(upload.record.clone()),
            Param::OptBytes(upload.owner.map(|o| o.as_bytes().to_vec())),
        ];
        self.run(async move {
            let client = pool.get().await.map_err(db_error)?;
            let refs: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
                row.iter().map(Param::as_sql).collect();
            match client.execute(INSERT_UPLOAD, &refs).await {
                Ok(_) => Ok(()),
                Err(e) if e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) => {
                    Err(StoreError::Duplicate(id))
                }
                Err(e) => Err(db_error(e)),
            }
        })
    }

    fn put_record(&self, id: &ReplayId, record: &[u8]) -> Result<(), StoreError> {
        self.query(
            "UPDATE replays SET record = $2, page_key = NULL, page = NULL WHERE id = $1",
            vec![Param::Text(id.to_string()), Param::Bytes(record.to_vec())],
        )?;
        Ok(())
    }

    fn record(&self, id: &ReplayId) -> Result<Option<Vec<u8>>, StoreError> {
        self.bytes_of("SELECT record FROM replays WHERE id = $1", id)
    }

    fn contains(&self, id: &ReplayId) -> Result<bool, StoreError> {
        let rows = self.query(
            "SELECT 1 FROM replays WHERE id = $1",
            vec![Param::Text(id.to_string())],
        )?;
        Ok(!rows.is_empty())
    }

    fn raw(&self, id: &ReplayId) -> Result<Option<Vec<u8>>, StoreError> {
        self.bytes_of("SELECT raw FROM replays WHERE id = $1", id)
    }

    fn raw_len(&self, id: &ReplayId) -> Result<Option<usize>, StoreError> {
        let rows = self.query(
            "SELECT octet_length(raw) FROM replays WHERE id = $1",
            vec![Param::Text(id.to_string())],
        )?;
        rows.first()
            .map(|row| {
                row.try_get::<_, i32>(0)
                    .map_err(db_error)
                    .map(|n| usize::try_from(n).unwrap_or(0))
            })
            .transpose()
    }

    fn upload(&self, id: &ReplayId) -> Result<Option<Upload>, StoreError> {
        let rows = self.query(
            "SELECT uploaded_at, raw, record, owner FROM replays WHERE id = $1",
            vec![Param::Text(id.to_string())],
        )?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let owner = owner_hash(id, row.try_get(3).map_err(db_error)?)?;
        Ok(Some(Upload {
            id: id.clone(),
            uploaded_at: row.try_get(0).map_err(db_error)?,
            raw: row.try_get(1).map_err(db_error)?,
            record: row.try_get(2).map_err(db_error)?,
            owner,
        }))
    }

    fn count(&self) -> Result<usize, StoreError> {
        let rows = self.query("SELECT count(*) FROM replays", Vec::new())?;
        let n: i64 = rows
            .first()
            .map(|r| r.try_get(0))
            .transpose()
            .map_err(db_error)?
            .unwrap_or(0);
        Ok(n.max(0) as usize)
    }

    fn ids(&self) -> Result<Vec<ReplayId>, StoreError> {
        let rows = self.query("SELECT id FROM replays ORDER BY id", Vec::new())?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get(0).map_err(db_error)?;
                ReplayId::parse(&id).map_err(|e| StoreError::Corrupt {
                    key: id.clone(),
                    reason: e.to_string(),
                })
            })
            .collect()
    }

    fn owned(&self, owner: &OwnerHash) -> Result<Vec<ReplayId>, StoreError> {
        let rows = self.query(
            "SELECT id FROM replays WHERE owner = $1 ORDER BY id",
            vec![Param::OptBytes(Some(owner.as_bytes().to_vec()))],
        )?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get(0).map_err(db_error)?;
                ReplayId::parse(&id).map_err(|e| StoreError::Corrupt {
                    key: id.clone(),
                    reason: e.to_string(),
                })
            })
            .collect()
    }

    fn owner(&self, id: &ReplayId) -> Result<Option<OwnerHash>, StoreError> {
        let rows = self.query(
            "SELECT owner FROM replays WHERE id = $1",
            vec![Param::Text(id.to_string())],
        )?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        owner_hash(id, row.try_get(0).map_err(db_error)?)
    }

    fn delete(&self, id: &ReplayId) -> Result<bool, StoreError> {
        let gone = self.query(
            "DELETE FROM replays WHERE id = $1 RETURNING 1",
            vec![Param::Text(id.to_string())],
        )?;
        Ok(!gone.is_empty())
    }

    fn page(&self, id: &ReplayId, page_key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let rows = self.query(
            "SELECT page FROM replays WHERE id = $1 AND page_key = $2 AND page IS NOT NULL",
            vec![
                Param::Text(id.to_string()),
                Param::Text(page_key.to_string()),
            ],
        )?;
        rows.first()
            .map(|row| row.try_get::<_, Vec<u8>>(0).map_err(db_error))
            .transpose()
    }

    /// An upload deleted meanwhile has no row to update: its page is not kept.
    fn put_page(&self, id: &ReplayId, page_key: &str, page: &[u8]) -> Result<(), StoreError> {
        self.query(
            "UPDATE replays SET page_key = $2, page = $3 WHERE id = $1",
            vec![
                Param::Text(id.to_string()),
                Param::Text(page_key.to_string()),
                Param::Bytes(page.to_vec()),
            ],
        )?;
        Ok(())
    }

    fn import_cards(&self, texts: &CardTexts) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let texts = texts.clone();
        self.run(async move {
            let mut client = pool.get().await.map_err(db_error)?;
            let tx = client.transaction().await.map_err(db_error)?;
            tx.execute("DELETE FROM cards", &[])
                .await
                .map_err(db_error)?;
            let insert = tx
                .prepare("INSERT INTO cards (name, body) VALUES ($1, $2)")
                .await
                .map_err(db_error)?;
            for (name, body) in &texts.files {
                tx.execute(&insert, &[name, body]).await.map_err(db_error)?;
            }
            match &texts.sets {
                Some(sets) => tx
                    .execute(
                        "INSERT INTO meta (key, value) VALUES ($1, $2)
                         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                        &[&META_CARD_SETS, sets],
                    )
                    .await
                    .map_err(db_error)?,
                None => tx
                    .execute("DELETE FROM meta WHERE key = $1", &[&META_CARD_SETS])
                    .await
                    .map_err(db_error)?,
            };
            // Pages rendered with the old card data would show old facts.
            tx.execute("UPDATE replays SET page_key = NULL, page = NULL", &[])
                .await
                .map_err(db_error)?;
            tx.commit().await.map_err(db_error)
        })
    }

    fn card_texts(&self) -> Result<Option<CardTexts>, StoreError> {
        let rows = self.query("SELECT name, body FROM cards ORDER BY name", Vec::new())?;
        if rows.is_empty() {
            return Ok(None);
        }
        let files = rows
            .iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect::<Result<Vec<(String, String)>, tokio_postgres::Error>>()
            .map_err(db_error)?;
        let sets = self
            .query(
                "SELECT value FROM meta WHERE key = $1",
                vec![Param::Text(META_CARD_SETS.to_string())],
            )?
            .first()
            .map(|row| row.try_get::<_, String>(0))
            .transpose()
            .map_err(db_error)?;
        Ok(Some(CardTexts { files, sets }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            redact("postgres://judge:s3cret@db.example:5432/ptcg"),
            "postgres://judge:***@db.example:5432/ptcg"
        );
        assert_eq!(
            redact("postgres://postgres@127.0.0.1/test"),
            "postgres://postgres@127.0.0.1/test"
        );
        assert_eq!(
            redact("postgres://127.0.0.1/test"),
            "postgres://127.0.0.1/test"
        );
    }
}
