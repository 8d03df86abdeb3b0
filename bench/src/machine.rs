//! What the figures were measured on: date, CPUs, memory, load, build, commit.

use std::process::Command;

use chrono::Utc;

/// The machine and build a run was made on.
#[derive(Debug, Clone)]
pub struct Machine {
    pub date: String,
    pub cpus: usize,
    pub memory_gib: Option<f64>,
    pub kernel: Option<String>,
    pub commit: Option<String>,
    pub release_build: bool,
}

impl Machine {
    pub fn read() -> Machine {
        Machine {
            date: Utc::now().format("%Y-%m-%d %H:%M UTC").to_string(),
            cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            memory_gib: mem_total_kib().map(|kib| kib as f64 / (1024.0 * 1024.0)),
            kernel: std::fs::read_to_string("/proc/sys/kernel/osrelease")
                .ok()
                .map(|s| s.trim().to_string()),
            commit: git_commit(),
            release_build: !cfg!(debug_assertions),
        }
    }

    /// One line: `2 CPUs, 23.4 GiB memory, Linux 6.1.0; commit 3710aa7; release build`.
    pub fn describe(&self) -> String {
        let memory = self.memory_gib.map_or_else(
            || "memory unknown".to_string(),
            |g| format!("{g:.1} GiB memory"),
        );
        let kernel = self
            .kernel
            .as_deref()
            .map_or_else(String::new, |k| format!(", Linux {k}"));
        let commit = self
            .commit
            .as_deref()
            .unwrap_or("unknown (not a git checkout)");
        let build = if self.release_build {
            "release build"
        } else {
            "DEBUG BUILD: figures are not representative, use --release"
        };
        format!(
            "{} CPUs, {memory}{kernel}; commit {commit}; {build}",
            self.cpus
        )
    }
}

/// `MemTotal` of /proc/meminfo, in KiB.
pub fn mem_total_kib() -> Option<u64> {
    proc_field("/proc/meminfo", "MemTotal:")
}

/// The 1-minute load average (how busy the machine was, other programs included).
pub fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// A `kB` field of a /proc file, e.g. `VmRSS:` of /proc/PID/status.
pub fn proc_field(path: &str, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix(field))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The short commit of the working directory, `+ changes` when tracked files differ from it.
fn git_commit() -> Option<String> {
    let out = Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let commit = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let dirty = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=no"])
        .output()
        .ok()
        .is_some_and(|o| o.status.success() && !o.stdout.is_empty());
    Some(if dirty {
        format!("{commit} + uncommitted changes")
    } else {
        commit
    })
}
