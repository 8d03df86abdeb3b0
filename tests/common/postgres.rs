//! A PostgreSQL database of a test's own: made on the server the project's machines run
//! (127.0.0.1:5432, user postgres, no password; `PTCG_JUDGE_TEST_POSTGRES` names another
//! server's admin URL) and dropped when the test ends. `None` when no server answers: the
//! caller says SKIPPED.

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
    /// A new, empty database, or `None` (with the reason printed) when no server answers.
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
            Err(e) => {
                eprintln!(
                    "SKIPPED {suite} on PostgreSQL: no server answers at {} ({e})",
                    admin_url()
                );
                None
            }
        }
    }
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
