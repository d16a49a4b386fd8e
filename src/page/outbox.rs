//! What the worker tells the page of a run's training, posted at most every
//! [`EVERY_MS`]. A fast run finishes hundreds of mini-batches and tens of
//! epochs a second (`auto` trains its candidates one after another), and
//! every post makes the page render, lay out and paint again on the cores
//! that train. So the worker keeps finished epochs and the newest mini-batch
//! back, and posts them together as one [`Trained`]. What is kept back is
//! posted before anything else the page is told (a pause, one Step, the
//! end), so what the page shows then is exact.

use crate::page::protocol::Trained;
use crate::report::{BatchProgress, EpochReport};

/// The least time between two posts, in milliseconds: four a second. Each
/// post costs the page a render, a layout and a paint (about 36 ms in the
/// example's auto on 2 cores); at ten a second the main thread was busy for
/// half of that run, taking from the two workers that train.
pub const EVERY_MS: f64 = 250.0;

/// When the worker last posted, and what it keeps back.
#[derive(Debug, Default)]
pub struct Outbox {
    /// When it last posted (ms on the caller's clock); `None` before the first post.
    last_ms: Option<f64>,
    /// Epochs finished since then, in order.
    epochs: Vec<EpochReport>,
    /// The newest mini-batch not yet posted.
    batch: Option<BatchProgress>,
}

impl Outbox {
    /// A mini-batch finished at `now_ms`: what to post now, if a post is due.
    pub fn batch_done(&mut self, progress: BatchProgress, now_ms: f64) -> Option<Trained> {
        self.batch = Some(progress);
        self.post_if_due(now_ms)
    }

    /// An epoch finished at `now_ms`: what to post now, if a post is due.
    pub fn epoch_done(&mut self, report: EpochReport, now_ms: f64) -> Option<Trained> {
        self.epochs.push(report);
        self.post_if_due(now_ms)
    }

    /// Everything kept back, if anything, to post now (at `now_ms`).
    pub fn flush(&mut self, now_ms: f64) -> Option<Trained> {
        if self.epochs.is_empty() && self.batch.is_none() {
            return None;
        }
        self.last_ms = Some(now_ms);
        Some(Trained {
            epochs: std::mem::take(&mut self.epochs),
            batch: self.batch.take(),
        })
    }

    /// A post is due when the last is [`EVERY_MS`] old, or there was none.
    fn post_if_due(&mut self, now_ms: f64) -> Option<Trained> {
        let due = self.last_ms.is_none_or(|last| now_ms - last >= EVERY_MS);
        if due { self.flush(now_ms) } else { None }
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

    /// The time `intervals` intervals after the start, in ms.
    fn at(intervals: f64) -> f64 {
        intervals * EVERY_MS
    }

    /// What a post holds: its epochs' numbers, and its mini-batch's count.
    fn contents(post: &Trained) -> (Vec<usize>, Option<usize>) {
        let epochs = post.epochs.iter().map(|r| r.epoch).collect();
        (epochs, post.batch.as_ref().map(|b| b.done))
    }

    #[test]
    fn the_first_batch_is_posted_then_at_most_one_post_per_interval() {
        let mut outbox = Outbox::default();
        let posted: Vec<usize> = (1..=25)
            // Ten mini-batches per interval.
            .filter_map(|i| outbox.batch_done(batch(i), at(i as f64 / 10.0)))
            .filter_map(|post| post.batch.map(|b| b.done))
            .collect();
        assert_eq!(posted, vec![1, 11, 21]);
    }

    #[test]
    fn epochs_kept_back_are_posted_together_in_order_with_the_newest_batch() {
        let mut outbox = Outbox::default();
        let first = outbox
            .batch_done(batch(1), 0.0)
            .expect("the first post is due");
        assert_eq!(contents(&first), (vec![], Some(1)));
        // Two short epochs of one mini-batch each, a fifth of the interval apart.
        assert!(
            outbox
                .epoch_done(EpochReport::blank(Stage::Train, 1), at(0.2))
                .is_none()
        );
        assert!(outbox.batch_done(batch(2), at(0.4)).is_none());
        assert!(
            outbox
                .epoch_done(EpochReport::blank(Stage::Train, 2), at(0.6))
                .is_none()
        );
        assert!(outbox.batch_done(batch(3), at(0.8)).is_none());
        let due = outbox.epoch_done(EpochReport::blank(Stage::Train, 3), at(1.0));
        assert_eq!(due.as_ref().map(contents), Some((vec![1, 2, 3], Some(3))));
    }

    #[test]
    fn a_flush_posts_what_is_kept_back_once_and_counts_as_a_post() {
        let mut outbox = Outbox::default();
        assert!(outbox.batch_done(batch(1), 0.0).is_some());
        assert!(outbox.batch_done(batch(2), at(0.05)).is_none());
        assert!(
            outbox
                .epoch_done(EpochReport::blank(Stage::Train, 1), at(0.09))
                .is_none()
        );
        let flushed = outbox.flush(at(0.12));
        assert_eq!(flushed.as_ref().map(contents), Some((vec![1], Some(2))));
        assert!(outbox.flush(at(0.13)).is_none());
        // The next post waits its interval from the flush.
        assert!(outbox.batch_done(batch(3), at(0.5)).is_none());
        let due = outbox.batch_done(batch(4), at(1.12));
        assert_eq!(due.as_ref().map(contents), Some((vec![], Some(4))));
    }
}
