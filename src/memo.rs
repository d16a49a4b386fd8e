//! A process-wide memo of the last few values made, by a 64-bit key: what
//! the prior estimates keep so that the runs of one split (`auto`'s
//! candidates, a comparison, a sweep's learners) estimate once, whichever
//! thread asks. The lock is held only to look up or add a value, never while
//! one is made.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// How many values each of the prior estimates' memos keeps.
pub const PRIOR_MEMO_KEPT: usize = 64;

/// The last `kept` values made, by key.
pub struct Memo<V> {
    kept: usize,
    made: Mutex<Vec<(u64, V)>>,
}

impl<V: Clone> Memo<V> {
    /// An empty memo that keeps the last `kept` values.
    pub const fn new(kept: usize) -> Self {
        Memo {
            kept,
            made: Mutex::new(Vec::new()),
        }
    }

    /// The value made for `key`, if it is still kept.
    pub fn get(&self, key: u64) -> Option<V> {
        self.lock()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
    }

    /// Every value kept, oldest first, with its key.
    pub fn entries(&self) -> Vec<(u64, V)> {
        self.lock().clone()
    }

    /// Keep `value` for `key`, dropping the oldest beyond the last few; a
    /// value another thread made for `key` meanwhile stays.
    pub fn put(&self, key: u64, value: V) {
        let mut made = self.lock();
        if made.iter().any(|(k, _)| *k == key) {
            return;
        }
        if made.len() == self.kept {
            made.remove(0);
        }
        made.push((key, value));
    }

    /// The values, locked; a thread that panicked holding them left them whole.
    fn lock(&self) -> MutexGuard<'_, Vec<(u64, V)>> {
        self.made.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_values_and_the_first_made_for_a_key() {
        let memo = Memo::new(2);
        memo.put(1, "a");
        memo.put(1, "b");
        assert_eq!(memo.get(1), Some("a"));
        memo.put(2, "c");
        memo.put(3, "d");
        assert_eq!(
            (memo.get(1), memo.get(2), memo.get(3)),
            (None, Some("c"), Some("d"))
        );
    }
}
