//! Verifying and rendering off the HTTP workers: the work runs on the blocking thread pool,
//! for logs of [`INLINE_BYTES`] or more, within a budget of memory in progress. A job costs
//! the memory it may take at its peak, [`MEMORY_PER_LOG_BYTE`] times its log's size (at least
//! [`MIN_COST`]); a job alone may exceed the budget. Past the budget the request is answered
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

/// The least a job costs against the budget.
pub const MIN_COST: usize = 2 * 1024 * 1024;

/// Peak memory of a job per byte of its log, measured (massif and RSS, a 5 MB game-shaped
/// log): verifying holds the parsed lines, the replay's records and the report being built at
/// once, about 25 times the log; a board view about a third of that. Rounded up.
pub const MEMORY_PER_LOG_BYTE: usize = 28;

/// The memory budget of the jobs in progress by default: with the service's own memory (the
/// built-in card data, about 50 MB) and the records kept of long games
/// ([`super::recent::RECORD_BUDGET_LINES`]), the server stays under about 500 MB.
pub const DEFAULT_MEMORY_BUDGET: usize = 300 * 1024 * 1024;

/// Logs smaller than this are verified on the worker that read them.
pub const INLINE_BYTES: usize = 128 * 1024;

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

    /// What a job over `log_bytes` of log costs against the budget.
    pub fn cost(log_bytes: usize) -> usize {
        log_bytes.saturating_mul(MEMORY_PER_LOG_BYTE).max(MIN_COST)
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

/// Take the share of a job over `bytes` of log: `None` for a small log (run on the worker),
/// [`WebError::Busy`] at once when the budget is spent.
pub fn admit(state: &web::Data<AppState>, bytes: usize) -> Result<Option<Slot>, WebError> {
    if bytes < INLINE_BYTES {
        return Ok(None);
    }
    let cost = Work::cost(bytes);
    if !state.work.try_take(cost) {
        return Err(WebError::Busy(RETRY_AFTER));
    }
    Ok(Some(Slot(state.clone(), cost)))
}

/// Run `job`, which reads about `bytes` of log, on the blocking pool when the budget allows;
/// [`WebError::Busy`] at once when not.
pub async fn run<T: Send + 'static>(
    state: &web::Data<AppState>,
    bytes: usize,
    job: impl FnOnce(&AppState) -> Result<T, WebError> + Send + 'static,
) -> Result<T, WebError> {
    let slot = admit(state, bytes)?;
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
        slot.0.work.wait_while_held();
        job(&slot.0)
    })
    .await
    .map_err(|e| WebError::Render(e.to_string()))?
}
