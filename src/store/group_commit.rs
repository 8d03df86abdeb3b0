//! Group commit: many writers wait for one flush. A caller is answered once a flush that began
//! after its call returned has completed, so what it wrote is on disk; concurrent callers share
//! the same flush instead of each paying for its own.

use std::sync::{Condvar, Mutex};

/// Flush generations: how many were asked for, how many are known done, whether one runs.
#[derive(Debug, Default)]
struct Generations {
    requested: u64,
    done: u64,
    running: bool,
}

/// Shares flushes between concurrent callers.
#[derive(Debug, Default)]
pub struct GroupCommit {
    state: Mutex<Generations>,
    finished: Condvar,
}

impl GroupCommit {
    /// Return once a call of `flush` that began after this call has succeeded (or with the
    /// error of the flush this caller ran itself).
    pub fn durable<E>(&self, flush: impl Fn() -> Result<(), E>) -> Result<(), E> {
        let mut g = self.state.lock().unwrap_or_else(|p| p.into_inner());
        g.requested += 1;
        let ticket = g.requested;
        loop {
            if g.done >= ticket {
                return Ok(());
            }
            if !g.running {
                // Lead a flush for every request made so far.
                g.running = true;
                let target = g.requested;
                drop(g);
                let result = flush();
                g = self.state.lock().unwrap_or_else(|p| p.into_inner());
                g.running = false;
                if result.is_ok() {
                    g.done = g.done.max(target);
                }
                self.finished.notify_all();
                result?;
                continue;
            }
            g = self.finished.wait(g).unwrap_or_else(|p| p.into_inner());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn concurrent_callers_share_flushes_and_each_sees_one_that_began_after_it() {
        let group = Arc::new(GroupCommit::default());
        let flushes = Arc::new(AtomicUsize::new(0));
        let writes = Arc::new(AtomicUsize::new(0));
        // What the last completed flush covered.
        let durable = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..16)
            .map(|_| {
                let (group, flushes, writes, durable) = (
                    group.clone(),
                    flushes.clone(),
                    writes.clone(),
                    durable.clone(),
                );
                std::thread::spawn(move || {
                    for _ in 0..20 {
                        let mine = writes.fetch_add(1, Ordering::SeqCst) + 1;
                        group
                            .durable(|| -> Result<(), ()> {
                                let covered = writes.load(Ordering::SeqCst);
                                std::thread::sleep(std::time::Duration::from_millis(1));
                                flushes.fetch_add(1, Ordering::SeqCst);
                                durable.fetch_max(covered, Ordering::SeqCst);
                                Ok(())
                            })
                            .unwrap();
                        assert!(durable.load(Ordering::SeqCst) >= mine);
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let n = flushes.load(Ordering::SeqCst);
        assert!(n < 320, "{n} flushes for 320 writes: none shared");
    }

    #[test]
    fn a_failed_flush_is_reported_and_retried() {
        let group = GroupCommit::default();
        let calls = AtomicUsize::new(0);
        let r = group.durable(|| {
            if calls.fetch_add(1, Ordering::SeqCst) == 0 {
                Err("disk full")
            } else {
                Ok(())
            }
        });
        assert_eq!(r, Err("disk full"));
        assert_eq!(group.durable(|| Ok::<(), &str>(())), Ok(()));
    }
}
