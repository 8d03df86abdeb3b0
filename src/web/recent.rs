//! Replays of long games viewed lately, kept in memory within fixed budgets: stepping through
//! a long game's boards reads its record once, and replays the log once per part of the page
//! (for all of that part's lines at once) instead of once per request.
//!
//! Both caches are bounded by a count of log lines, not of entries, so that a few long games
//! cannot hold more memory than the budget whatever their length; the least recently used
//! entry goes first. Deleting an upload forgets it here too.

use std::sync::{Arc, Mutex, PoisonError};

use crate::store::StoredReplay;

use super::views::{BoardView, LINES_PER_PART};

/// A record is kept only for a game of at least this many lines: a shorter one reads in about
/// a millisecond.
pub const RECORD_MIN_LINES: usize = 3_000;

/// Lines of records kept at once: one game of the longest a log can be (5 MB is about 135,000
/// lines). A record decoded from the store holds about 13 bytes per byte of its log (a 600 KB
/// game's, counted once with the allocator of the library's tests on 2026-11-28), so about
/// 70 MB for the longest: most of what a 5 MB board view leaves behind (`ptcg-judge-bench
/// --mixes`: about 120 MiB after it, 42 idle), within the service's memory bound (see
/// [`super::work::DEFAULT_MEMORY_BUDGET`]).
pub const RECORD_BUDGET_LINES: usize = 140_000;

/// Boards kept at once, one per line: eight parts of a page.
pub const BOARD_BUDGET_LINES: usize = 8 * LINES_PER_PART;

/// A least-recently-used map whose entries each weigh something, within a budget of weight.
struct Lru<K, V> {
    entries: Vec<Entry<K, V>>,
    budget: usize,
    weight: usize,
    clock: u64,
}

struct Entry<K, V> {
    key: K,
    value: Arc<V>,
    weight: usize,
    used: u64,
}

impl<K: PartialEq, V> Lru<K, V> {
    fn new(budget: usize) -> Lru<K, V> {
        Lru {
            entries: Vec::new(),
            budget,
            weight: 0,
            clock: 0,
        }
    }

    fn get(&mut self, key: &K) -> Option<Arc<V>> {
        self.clock += 1;
        let clock = self.clock;
        let entry = self.entries.iter_mut().find(|e| e.key == *key)?;
        entry.used = clock;
        Some(entry.value.clone())
    }

    /// Keep `value` (replacing what `key` held), then drop the least recently used entries
    /// until the weight is within the budget. An entry heavier than the whole budget is not
    /// kept.
    fn put(&mut self, key: K, value: Arc<V>, weight: usize) {
        self.remove_where(|k| *k == key);
        if weight > self.budget {
            return;
        }
        self.clock += 1;
        self.entries.push(Entry {
            key,
            value,
            weight,
            used: self.clock,
        });
        self.weight += weight;
        while self.weight > self.budget {
            let oldest = self
                .entries
                .iter()
                .enumerate()
                .min_by_key(|(_, e)| e.used)
                .map(|(i, _)| i)
                .expect("over budget means some entry");
            let gone = self.entries.swap_remove(oldest);
            self.weight -= gone.weight;
        }
    }

    fn remove_where(&mut self, drop: impl Fn(&K) -> bool) {
        let weight = &mut self.weight;
        self.entries.retain(|e| {
            let keep = !drop(&e.key);
            if !keep {
                *weight -= e.weight;
            }
            keep
        });
    }

    fn weight(&self) -> usize {
        self.weight
    }
}

/// The boards after each line of one part of a game's page, in line order.
pub type PartBoards = Vec<BoardView>;

/// The two caches.
pub struct Recent {
    records: Mutex<Lru<String, StoredReplay>>,
    boards: Mutex<Lru<(String, usize), PartBoards>>,
}

impl Default for Recent {
    fn default() -> Recent {
        Recent::new(RECORD_BUDGET_LINES, BOARD_BUDGET_LINES)
    }
}

impl Recent {
    pub fn new(record_lines: usize, board_lines: usize) -> Recent {
        Recent {
            records: Mutex::new(Lru::new(record_lines)),
            boards: Mutex::new(Lru::new(board_lines)),
        }
    }

    pub fn record(&self, id: &str) -> Option<Arc<StoredReplay>> {
        lock(&self.records).get(&id.to_string())
    }

    /// Keep `record` when its game is long enough to be worth it.
    pub fn keep_record(&self, record: Arc<StoredReplay>) {
        let lines = record.report.steps.len();
        if lines >= RECORD_MIN_LINES {
            lock(&self.records).put(record.id.to_string(), record, lines);
        }
    }

    pub fn boards(&self, id: &str, part: usize) -> Option<Arc<PartBoards>> {
        lock(&self.boards).get(&(id.to_string(), part))
    }

    pub fn keep_boards(&self, id: &str, part: usize, boards: Arc<PartBoards>) {
        let lines = boards.len().max(1);
        lock(&self.boards).put((id.to_string(), part), boards, lines);
    }

    /// Forget everything of the upload `id`.
    pub fn forget(&self, id: &str) {
        lock(&self.records).remove_where(|k| k == id);
        lock(&self.boards).remove_where(|(k, _)| k == id);
    }

    /// Lines held now: records, boards.
    pub fn held(&self) -> (usize, usize) {
        (lock(&self.records).weight(), lock(&self.boards).weight())
    }
}

/// A panic while a cache was held leaves it consistent (every change is one push or removal),
/// so a poisoned lock is used as it is.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_entry_goes_first_and_the_budget_holds() {
        let mut lru: Lru<&str, u32> = Lru::new(10);
        lru.put("a", Arc::new(1), 4);
        lru.put("b", Arc::new(2), 4);
        assert_eq!(lru.get(&"a").as_deref(), Some(&1));
        lru.put("c", Arc::new(3), 4);
        assert!(lru.get(&"b").is_none(), "b was the least recently used");
        assert_eq!(lru.get(&"a").as_deref(), Some(&1));
        assert_eq!(lru.get(&"c").as_deref(), Some(&3));
        assert_eq!(lru.weight(), 8);
        lru.put("huge", Arc::new(4), 11);
        assert!(
            lru.get(&"huge").is_none(),
            "heavier than the budget: not kept"
        );
        assert_eq!(lru.weight(), 8);
    }

    #[test]
    fn putting_a_key_again_replaces_it_and_removing_gives_the_weight_back() {
        let mut lru: Lru<&str, u32> = Lru::new(10);
        lru.put("a", Arc::new(1), 4);
        lru.put("a", Arc::new(2), 5);
        assert_eq!(lru.weight(), 5);
        assert_eq!(lru.get(&"a").as_deref(), Some(&2));
        lru.remove_where(|k| *k == "a");
        assert_eq!(lru.weight(), 0);
        assert!(lru.get(&"a").is_none());
    }
}
