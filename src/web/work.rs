//! Verifying and rendering off the HTTP workers: the work runs on the blocking thread pool,
//! for logs of [`INLINE_BYTES`] or more, within a budget of log bytes in progress (a job costs its log's size, at least
//! [`MIN_COST`]; a job alone may exceed the budget); past the budget the request is answered 503
//! with `Retry-After` at once, so a burst of large uploads never stalls the workers that answer
//! everyone else, while many small ones run side by side.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

use actix_web::web;

use super::error::WebError;
use super::state::AppState;

/// The heavy jobs (verifying an upload, replaying a log for a board view) in progress, by the
/// bytes of log they read.
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
pub const MIN_COST: usize = 64 * 1024;

/// Logs smaller than this are verified on the worker that read them.
pub const INLINE_BYTES: usize = 128 * 1024;

/// Seconds a client is asked to wait when the work queue is full.
pub const RETRY_AFTER: u64 = 2;

impl Work {
    /// A budget of `budget` bytes of log in progress.
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

    /// The default: two maximum-size logs per CPU.
    pub fn for_machine() -> Work {
        let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
        Work::new(2 * cpus * crate::log::MAX_LOG_BYTES)
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

/// Gives the budget back however the job ends.
struct Slot(web::Data<AppState>, usize);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.work.give_back(self.1);
    }
}

/// Run `job`, which reads about `bytes` of log, on the blocking pool when the budget allows;
/// [`WebError::Busy`] at once when not.
pub async fn run<T: Send + 'static>(
    state: &web::Data<AppState>,
    bytes: usize,
    job: impl FnOnce(&AppState) -> Result<T, WebError> + Send + 'static,
) -> Result<T, WebError> {
    // A small log is verified in about a millisecond: handing it to another thread costs more
    // than it saves.
    if bytes < INLINE_BYTES {
        return job(state);
    }
    let cost = bytes.max(MIN_COST);
    if !state.work.try_take(cost) {
        return Err(WebError::Busy(RETRY_AFTER));
    }
    let slot = Slot(state.clone(), cost);
    web::block(move || {
        let slot = slot;
        slot.0.work.wait_while_held();
        job(&slot.0)
    })
    .await
    .map_err(|e| WebError::Render(e.to_string()))?
}
