//! The service under test, run as a child process (`ptcg-judge serve`) on 127.0.0.1:0 with a
//! temporary store: its own process, so the load generator's threads and memory are not counted
//! in its figures, and its RSS is read from /proc/PID/status.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use super::BenchCards;
use super::machine::proc_field;

/// A running `ptcg-judge serve`, stopped (and its store removed) when dropped.
pub struct ServerProcess {
    child: Child,
    pub addr: SocketAddr,
    dir: PathBuf,
    /// Whether the store's folder is removed with the server (one it made itself).
    owns_dir: bool,
}

impl ServerProcess {
    /// Start `exe serve` with a new folder store (or on the PostgreSQL store `store`), `cards`
    /// (a folder, the built-in data or none), trusting `X-Forwarded-For` (each simulated client
    /// sends its own address) and the default upload limit.
    pub fn start(
        exe: &Path,
        cards: &BenchCards,
        store: Option<&str>,
    ) -> Result<ServerProcess, String> {
        ServerProcess::start_in(exe, cards, store, &new_store_dir(), true)
    }

    /// Start `exe serve` as [`ServerProcess::start`] does, on the folder store `dir` (one that
    /// exists is opened as it is), left on disk when the server stops.
    pub fn start_on(exe: &Path, cards: &BenchCards, dir: &Path) -> Result<ServerProcess, String> {
        ServerProcess::start_in(exe, cards, None, dir, false)
    }

    fn start_in(
        exe: &Path,
        cards: &BenchCards,
        store: Option<&str>,
        dir: &Path,
        owns_dir: bool,
    ) -> Result<ServerProcess, String> {
        let dir = dir.to_path_buf();
        let mut command = Command::new(exe);
        command
            .arg("serve")
            .arg("--addr")
            .arg("127.0.0.1:0")
            .arg("--trust-proxy")
            .env_remove("PTCG_JUDGE_CARDS")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        match store {
            Some(url) => command.arg("--store").arg(url),
            None => command.arg("--data").arg(&dir),
        };
        match cards {
            BenchCards::Folder(dir) => {
                command.arg("--cards").arg(dir);
            }
            BenchCards::NoCards => {
                command.arg("--no-cards");
            }
            BenchCards::Builtin => {}
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {} serve: {e}", exe.display()))?;
        let stderr = child.stderr.take().expect("piped");
        // Read the address it bound from its first line; keep draining its standard error after.
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut sent = false;
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if !sent {
                    let found = line
                        .split("serving on http://")
                        .nth(1)
                        .and_then(|rest| rest.split_whitespace().next())
                        .and_then(|a| a.parse::<SocketAddr>().ok());
                    if let Some(addr) = found {
                        let _ = tx.send(Ok(addr));
                        sent = true;
                    } else {
                        let _ = tx.send(Err(line));
                    }
                }
            }
        });
        let mut said = Vec::new();
        let addr = loop {
            match rx.recv_timeout(Duration::from_secs(120)) {
                Ok(Ok(addr)) => break addr,
                Ok(Err(line)) => said.push(line),
                Err(_) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    if owns_dir {
                        let _ = std::fs::remove_dir_all(&dir);
                    }
                    return Err(format!(
                        "the server did not start: {}",
                        if said.is_empty() {
                            "no output".to_string()
                        } else {
                            said.join(" / ")
                        }
                    ));
                }
            }
        };
        Ok(ServerProcess {
            child,
            addr,
            dir,
            owns_dir,
        })
    }

    /// The store's folder.
    pub fn data_dir(&self) -> &Path {
        &self.dir
    }

    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Resident memory now, in KiB.
    pub fn rss_kib(&self) -> Option<u64> {
        proc_field(&format!("/proc/{}/status", self.pid()), "VmRSS:")
    }

    /// Start [`ServerProcess::peak_rss_kib`] again from the resident memory now (Linux's
    /// `clear_refs`); false when the kernel refused.
    pub fn reset_peak_rss(&self) -> bool {
        std::fs::write(format!("/proc/{}/clear_refs", self.pid()), "5").is_ok()
    }

    /// The most resident memory so far, in KiB.
    pub fn peak_rss_kib(&self) -> Option<u64> {
        proc_field(&format!("/proc/{}/status", self.pid()), "VmHWM:")
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if self.owns_dir {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// A new folder name for a store under the temporary folder.
pub fn new_store_dir() -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!("ptcg-judge-bench-{}-{nanos}", std::process::id()))
}
