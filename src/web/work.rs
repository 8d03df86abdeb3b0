//! Verifying and rendering off the HTTP workers: the work runs on the blocking thread pool, at
//! most a fixed number of jobs at once; past that the request is answered 503 with
//! `Retry-After` at once, so a burst of large uploads never stalls the workers that answer
//! everyone else.

use std::sync::atomic::{AtomicUsize, Ordering};

use actix_web::web;

use super::error::WebError;
use super::state::AppState;

/// How many heavy jobs (verifying an upload, replaying a log for a board view) may be in
/// progress at once.
#[derive(Debug)]
pub struct Work {
    in_flight: AtomicUsize,
    limit: usize,
}

/// Seconds a client is asked to wait when the work queue is full.
pub const RETRY_AFTER: u64 = 2;

impl Work {
    pub fn new(limit: usize) -> Work {
        Work {
            in_flight: AtomicUsize::new(0),
            limit: limit.max(1),
        }
    }

    /// The default: four jobs per CPU, at least four.
    pub fn for_machine() -> Work {
        let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
        Work::new((4 * cpus).max(4))
    }

    /// Jobs in progress now.
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::Relaxed)
    }

    fn try_take(&self) -> bool {
        let taken = self.in_flight.fetch_add(1, Ordering::AcqRel);
        if taken >= self.limit {
            self.in_flight.fetch_sub(1, Ordering::AcqRel);
            false
        } else {
            true
        }
    }

    fn give_back(&self) {
        self.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Gives the slot back however the job ends.
struct Slot(web::Data<AppState>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.work.give_back();
    }
}

/// Run `job` on the blocking pool when a slot is free; [`WebError::Busy`] at once when not.
pub async fn run<T: Send + 'static>(
    state: &web::Data<AppState>,
    job: impl FnOnce(&AppState) -> Result<T, WebError> + Send + 'static,
) -> Result<T, WebError> {
    if !state.work.try_take() {
        return Err(WebError::Busy(RETRY_AFTER));
    }
    let slot = Slot(state.clone());
    web::block(move || {
        let slot = slot;
        job(&slot.0)
    })
    .await
    .map_err(|e| WebError::Render(e.to_string()))?
}
