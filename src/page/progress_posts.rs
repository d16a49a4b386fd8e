//! When the worker tells the page of a finished mini-batch: at most every
//! [`EVERY_MS`]. A fast run takes hundreds of mini-batches a second (`auto`
//! trains eleven runs in a row), and every post makes the page lay out and
//! paint again on the cores that train. The newest progress kept back is
//! posted before anything else the page is told (an epoch's report, a
//! pause, one Step, the end), so what the page shows then is exact.

use crate::report::BatchProgress;

/// The least time between two progress posts, in milliseconds.
pub const EVERY_MS: f64 = 100.0;

/// When progress was last posted, and the newest progress kept back.
#[derive(Debug, Default)]
pub struct ProgressPosts {
    /// When progress was last posted (ms on the caller's clock); `None` before the first post.
    last_ms: Option<f64>,
    /// Progress not yet posted.
    kept: Option<BatchProgress>,
}

impl ProgressPosts {
    /// A mini-batch finished at `now_ms`: its progress, to post now when the
    /// last post is [`EVERY_MS`] old (or there was none); else it is kept back.
    pub fn batch_done(&mut self, progress: BatchProgress, now_ms: f64) -> Option<BatchProgress> {
        self.kept = Some(progress);
        let due = self.last_ms.is_none_or(|last| now_ms - last >= EVERY_MS);
        if due { self.flush(now_ms) } else { None }
    }

    /// The progress kept back, if any, to post now (at `now_ms`).
    pub fn flush(&mut self, now_ms: f64) -> Option<BatchProgress> {
        let kept = self.kept.take()?;
        self.last_ms = Some(now_ms);
        Some(kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Stage;

    fn batch(done: usize) -> BatchProgress {
        BatchProgress {
            stage: Stage::Train,
            epoch: 1,
            batch: done,
            batches: 100,
            done,
        }
    }

    #[test]
    fn the_first_batch_is_posted_then_at_most_one_per_interval() {
        let mut posts = ProgressPosts::default();
        let posted: Vec<usize> = (1..=25)
            // One mini-batch every 10 ms.
            .filter_map(|i| posts.batch_done(batch(i), i as f64 * 10.0))
            .map(|p| p.done)
            .collect();
        assert_eq!(posted, vec![1, 11, 21]);
    }

    #[test]
    fn a_flush_posts_the_newest_kept_back_once() {
        let mut posts = ProgressPosts::default();
        assert_eq!(posts.batch_done(batch(1), 0.0).map(|p| p.done), Some(1));
        assert_eq!(posts.batch_done(batch(2), 5.0), None);
        assert_eq!(posts.batch_done(batch(3), 9.0), None);
        assert_eq!(posts.flush(12.0).map(|p| p.done), Some(3));
        assert_eq!(posts.flush(13.0), None);
        // The flush counts as a post: the next batch waits its interval.
        assert_eq!(posts.batch_done(batch(4), 50.0), None);
        assert_eq!(posts.batch_done(batch(5), 112.0).map(|p| p.done), Some(5));
    }
}
