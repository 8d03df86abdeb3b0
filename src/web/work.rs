//! Verifying and rendering off the HTTP workers: the work runs on the blocking thread pool,
//! for logs of [`INLINE_BYTES`] or more, within a budget of memory in progress. A job costs
//! the memory it takes at its peak, measured per byte of its log for each kind of job
//! ([`UPLOAD_BYTES_PER_LOG_BYTE`], [`VIEW_BYTES_PER_LOG_BYTE`]) beyond a fixed
//! [`BASE_COST`]; a job alone may exceed the budget. Past the budget the request is answered
//! 503 with `Retry-After` at once, so a burst of large uploads or views never stalls the
//! workers that answer everyone else nor takes the server past its memory bound, while many
//! small ones run side by side. An upload to the API takes its share before its body is read,
//! when it says its length (the home page's form takes it after).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

use actix_web::web;

use super::error::WebError;
use super::state::AppState;

/// The heavy jobs (verifying an upload, replaying a log for a board view) in progress, by the
/// memory they may take.
#[derive(Debug)]
pub struct Work {
    in_flight: AtomicUsize,
    bytes: AtomicUsize,
    budget: usize,
    /// See [`Work::hold`]: a test hook, never set by the service itself.
    held: AtomicBool,
    hold_lock: Mutex<()>,
    released: Condvar,
}

/// What a job costs against the budget whatever its log's size (the page of a part rendered,
/// the compressor's tables, card lookups): a job of 200 KB of log measured 7 to 10 MB below.
pub const BASE_COST: usize = 8 * 1024 * 1024;

/// A heavy job, by what it holds at its peak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// Verifying an upload and storing it: the parsed lines, the replay's records and the
    /// report being built, then the record encoded for the store.
    Upload,
    /// A replay page made from the store: the record decoded (or recomputed), the log parsed
    /// and replayed to the board's part, the page rendered.
    View,
}

/// Memory of an upload per byte of its log beyond [`BASE_COST`], as charged. The test
/// `web::job_memory::a_job_holds_no_more_than_it_is_charged` measures the bytes the thread
/// that runs a job holds at its peak (real games' turns repeated into games of 200 KB, 600 KB
/// and 1.2 MB), adds [`ALLOCATOR_ROOM_PERCENT`], and fails when that exceeds the charge. On
/// 2026-11-28, with that room, an upload grew by 24–25 bytes per byte of log from 600 KB to
/// 1.2 MB (the body read, the parsed lines, the replay's records and the report, the record
/// encoded for the store), 22–25 bytes a byte in all at 1.2 MB.
pub const UPLOAD_BYTES_PER_LOG_BYTE: usize = 28;

/// The same for a page view ([`Job::View`]): it grew by 21–26 bytes per byte from 600 KB to
/// 1.2 MB, 22–26 bytes a byte in all at 1.2 MB (the record decoded and kept, the log read,
/// parsed and replayed to the board's part, the page rendered).
pub const VIEW_BYTES_PER_LOG_BYTE: usize = 28;

/// What the allocator takes beyond the bytes asked for, as a share of them: its size classes
/// (within an eighth) and the pages it keeps for each thread. The test asks each factor to
/// cover the bytes measured plus this.
pub const ALLOCATOR_ROOM_PERCENT: usize = 15;

/// The memory budget of the jobs in progress by default: two jobs on logs of the largest size
/// ([`crate::log::MAX_LOG_BYTES`]) at once. With the service's own memory (the built-in card
/// data, about 45 MB) and the records kept of long games
/// ([`super::recent::RECORD_BUDGET_LINES`]), the server stays under 500 MB
/// (`ptcg-judge-bench --mixes`).
pub const DEFAULT_MEMORY_BUDGET: usize = 300 * 1024 * 1024;

/// Logs smaller than this are verified on the worker that read them.
pub const INLINE_BYTES: usize = 128 * 1024;

/// The nice value a heavy job runs at (Linux; the HTTP workers keep 0): the scheduler then
/// gives a worker that wakes with a request about nine tenths of a CPU against a job, so that
/// `/healthz` and small pages answer at once while large logs are verified on every CPU.
pub const JOB_NICENESS: i32 = 10;

/// Lower the calling thread's scheduling priority to [`JOB_NICENESS`]; whether it was set
/// (Linux only). A thread of the blocking pool stays lowered: raising a priority back needs a
/// privilege the service should not have, and the pool's other calls (a flush, a remote
/// store's read) wait on the disk or the network rather than the CPU.
pub fn lower_this_thread() -> bool {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid and setpriority read and change this thread's nice value only.
        unsafe {
            let tid = libc::gettid();
            libc::setpriority(libc::PRIO_PROCESS as _, tid as libc::id_t, JOB_NICENESS) == 0
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        false
    }
}

/// Seconds a client is asked to wait when the work queue is full.
pub const RETRY_AFTER: u64 = 2;

impl Work {
    /// A budget of `budget` bytes of memory for the jobs in progress.
    pub fn new(budget: usize) -> Work {
        Work {
            in_flight: AtomicUsize::new(0),
            bytes: AtomicUsize::new(0),
            budget,
            held: AtomicBool::new(false),
            hold_lock: Mutex::new(()),
            released: Condvar::new(),
        }
    }

    /// The default budget ([`DEFAULT_MEMORY_BUDGET`]).
    pub fn for_machine() -> Work {
        Work::new(DEFAULT_MEMORY_BUDGET)
    }

    /// What `job` over `log_bytes` of log costs against the budget.
    pub fn cost(job: Job, log_bytes: usize) -> usize {
        let per_byte = match job {
            Job::Upload => UPLOAD_BYTES_PER_LOG_BYTE,
            Job::View => VIEW_BYTES_PER_LOG_BYTE,
        };
        log_bytes.saturating_mul(per_byte).saturating_add(BASE_COST)
    }

    /// Jobs in progress now.
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::Relaxed)
    }

    /// For tests: until [`Work::release`], a job on the pool waits after taking its slot and
    /// before it starts, so a test can observe a job in flight (`in_flight() == 1`) for as long
    /// as it needs instead of racing it with a clock. The service never calls this; a job that
    /// is not held pays one atomic load.
    pub fn hold(&self) {
        self.held.store(true, Ordering::SeqCst);
    }

    /// Let the held jobs go on (see [`Work::hold`]).
    pub fn release(&self) {
        let _guard = self.hold_lock.lock().unwrap_or_else(|e| e.into_inner());
        self.held.store(false, Ordering::SeqCst);
        self.released.notify_all();
    }

    /// Wait while [`Work::hold`] is in force (on the blocking pool, never on a worker).
    fn wait_while_held(&self) {
        if !self.held.load(Ordering::SeqCst) {
            return;
        }
        let mut guard = self.hold_lock.lock().unwrap_or_else(|e| e.into_inner());
        while self.held.load(Ordering::SeqCst) {
            guard = self.released.wait(guard).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn try_take(&self, cost: usize) -> bool {
        let before = self.bytes.fetch_add(cost, Ordering::AcqRel);
        // A job alone may exceed the budget: otherwise a log larger than it would never run.
        if before > 0 && before + cost > self.budget {
            self.bytes.fetch_sub(cost, Ordering::AcqRel);
            return false;
        }
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        true
    }

    fn give_back(&self, cost: usize) {
        self.in_flight.fetch_sub(1, Ordering::AcqRel);
        self.bytes.fetch_sub(cost, Ordering::AcqRel);
    }
}

/// A job's share of the budget, given back however the job ends.
pub struct Slot(web::Data<AppState>, usize);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.work.give_back(self.1);
    }
}

/// A store call: on this worker when the store is on a local disk (sled answers from its
/// cache in microseconds), on the blocking pool when it waits on a database over the network,
/// so that the worker answers others meanwhile.
pub async fn store_call<T: Send + 'static>(
    state: &web::Data<AppState>,
    call: impl FnOnce(&crate::store::Store) -> Result<T, crate::store::StoreError> + Send + 'static,
) -> Result<T, WebError> {
    if !state.store.remote() {
        return Ok(call(&state.store)?);
    }
    let state = state.clone();
    web::block(move || call(&state.store))
        .await
        .map_err(|e| WebError::Render(e.to_string()))?
        .map_err(WebError::from)
}

/// Take the share of `job` over `bytes` of log: `None` for a small log (run on the worker),
/// [`WebError::Busy`] at once when the budget is spent.
pub fn admit(
    state: &web::Data<AppState>,
    job: Job,
    bytes: usize,
) -> Result<Option<Slot>, WebError> {
    if bytes < INLINE_BYTES {
        return Ok(None);
    }
    let cost = Work::cost(job, bytes);
    if !state.work.try_take(cost) {
        return Err(WebError::Busy(RETRY_AFTER));
    }
    Ok(Some(Slot(state.clone(), cost)))
}

/// Run `job`, a `kind` of job that reads about `bytes` of log, on the blocking pool when the
/// budget allows; [`WebError::Busy`] at once when not.
pub async fn run<T: Send + 'static>(
    state: &web::Data<AppState>,
    kind: Job,
    bytes: usize,
    job: impl FnOnce(&AppState) -> Result<T, WebError> + Send + 'static,
) -> Result<T, WebError> {
    let slot = admit(state, kind, bytes)?;
    run_admitted(state, slot, job).await
}

/// Run `job` in the share `slot` took (see [`admit`]); with none, on this worker: a small log
/// is verified in about a millisecond, and handing it to another thread costs more than that.
pub async fn run_admitted<T: Send + 'static>(
    state: &web::Data<AppState>,
    slot: Option<Slot>,
    job: impl FnOnce(&AppState) -> Result<T, WebError> + Send + 'static,
) -> Result<T, WebError> {
    let Some(slot) = slot else {
        return job(state);
    };
    web::block(move || {
        let slot = slot;
        lower_this_thread();
        slot.0.work.wait_while_held();
        let done = job(&slot.0);
        // What the job freed goes back to the system now, not when this thread next allocates
        // (blocking threads idle for long): the next job on any thread finds it there.
        crate::allocator::give_back_now();
        done
    })
    .await
    .map_err(|e| WebError::Render(e.to_string()))?
}

#[cfg(test)]
mod tests {
    /// A job's thread runs at the job's nice value, and only that thread.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_job_thread_is_lowered_and_no_other() {
        // SAFETY: gettid and getpriority read this thread's nice value only.
        let nice =
            || unsafe { libc::getpriority(libc::PRIO_PROCESS as _, libc::gettid() as libc::id_t) };
        let before = nice();
        let lowered = std::thread::spawn(move || (super::lower_this_thread(), nice()))
            .join()
            .unwrap();
        assert_eq!(lowered, (true, super::JOB_NICENESS.max(before)));
        assert_eq!(nice(), before, "the calling thread keeps its priority");
    }
}
