//! A PostgreSQL database of a test's own: made on the server the project's machines run
//! (127.0.0.1:5432, user postgres, no password; `PTCG_JUDGE_TEST_POSTGRES` names another
//! server's admin URL) and dropped when the test ends. `None` when nothing listens there (the
//! caller skips; under CI that is a failure, see `common::missing_input`); any other error (a
//! role that does not exist, a refused login) fails the test.

use std::sync::atomic::{AtomicU32, Ordering};

/// The admin connection: a database that always exists, to create and drop ours from.
fn admin_url() -> String {
    std::env::var("PTCG_JUDGE_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_string())
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime for the admin connection")
}

async fn admin(sql: &str) -> Result<(), tokio_postgres::Error> {
    let (client, connection) = tokio_postgres::connect(&admin_url(), tokio_postgres::NoTls).await?;
    let task = tokio::spawn(connection);
    let result = client.batch_execute(sql).await;
    drop(client);
    let _ = task.await;
    result
}

/// Run `sql` on the admin connection, on a thread of its own (so that a test running inside a
/// runtime may call it too).
fn admin_blocking(sql: String) -> Result<(), tokio_postgres::Error> {
    std::thread::spawn(move || runtime().block_on(admin(&sql)))
        .join()
        .expect("the admin thread")
}

/// A database that exists while this value lives.
pub struct TestDb {
    name: String,
    pub url: String,
}

impl TestDb {
    /// A new, empty database, or `None` (after `common::missing_input`) when no server listens.
    pub fn create(suite: &str) -> Option<TestDb> {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "ptcg_judge_test_{}_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed),
            chrono::Utc::now().timestamp_micros() % 1_000_000
        );
        match admin_blocking(format!("CREATE DATABASE {name}")) {
            Ok(()) => {
                let base = admin_url();
                let server = base.rsplit_once('/').map_or(base.as_str(), |(s, _)| s);
                Some(TestDb {
                    url: format!("{server}/{name}"),
                    name,
                })
            }
            Err(e) if connection_refused(&e) => {
                super::missing_input(
                    &format!("{suite} on PostgreSQL"),
                    &format!("no PostgreSQL server answers at {} ({e})", admin_url()),
                );
                None
            }
            // A server that answers but refuses us (a wrong role or password, no right to create
            // a database) is a broken set-up, not a missing server: it fails the test.
            Err(e) => panic!(
                "{suite} on PostgreSQL: the server at {} answered with an error: {}",
                admin_url(),
                e.as_db_error()
                    .map_or_else(|| e.to_string(), |d| d.message().to_string())
            ),
        }
    }
}

/// Whether `e` says that nothing listens at the server's address (the one case that means "no
/// PostgreSQL server here"): a refused TCP connection, or no socket file.
pub fn connection_refused(e: &tokio_postgres::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<std::io::Error>() {
            return matches!(
                io.kind(),
                std::io::ErrorKind::ConnectionRefused | std::io::ErrorKind::NotFound
            );
        }
        source = s.source();
    }
    false
}

impl TestDb {
    /// Drop the database now (its connections cut): a store whose database went away.
    pub fn drop_now(&self) {
        admin_blocking(format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ))
        .expect("drop the test database");
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let sql = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
        if let Err(e) = admin_blocking(sql) {
            eprintln!("could not drop the test database {}: {e}", self.name);
        }
    }
}
