//! How long a run has left, at the pace it has kept since it last started
//! running (a pause restarts the clock): a teacher who pressed Train on the
//! paper's CNN on a CPU learns it takes half an hour before the class does.

/// Where the clock started: the time and the mini-batches done then.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// Milliseconds on the page's clock.
    since_ms: f64,
    /// Mini-batches of the run done then.
    done: usize,
}

/// Below this many seconds left, a run is short enough to need no estimate.
const WORTH_SAYING_S: f64 = 30.0;

impl Pace {
    /// The clock, started at `now_ms` with `done` mini-batches done.
    pub fn start(now_ms: f64, done: usize) -> Self {
        Pace {
            since_ms: now_ms,
            done,
        }
    }

    /// "about 12 min left", at `now_ms` with `done` of `total` mini-batches
    /// done; None until two mini-batches and three seconds have passed, or
    /// when less than half a minute is left.
    pub fn left(&self, now_ms: f64, done: usize, total: usize) -> Option<String> {
        let measured = done.checked_sub(self.done).filter(|&d| d >= 2)?;
        let elapsed_s = (now_ms - self.since_ms) / 1000.0;
        if elapsed_s < 3.0 {
            return None;
        }
        let left_s = elapsed_s / measured as f64 * total.saturating_sub(done) as f64;
        (left_s >= WORTH_SAYING_S).then(|| format!("about {} left", duration_words(left_s)))
    }
}

/// A duration in words, as rough as an estimate: "40 s", "12 min", "1.5 h".
fn duration_words(seconds: f64) -> String {
    if seconds < 55.0 {
        format!("{} s", (seconds / 10.0).round() as u64 * 10)
    } else if seconds < 90.0 * 60.0 {
        format!("{} min", (seconds / 60.0).round() as u64)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_follows_the_pace_since_the_clock_started() {
        let pace = Pace::start(10_000.0, 40);
        // 10 batches in 5 s: 0.5 s a batch, 1000 batches left.
        assert_eq!(
            pace.left(15_000.0, 50, 1_050).as_deref(),
            Some("about 8 min left")
        );
        assert_eq!(
            pace.left(15_000.0, 50, 150).as_deref(),
            Some("about 50 s left")
        );
        assert_eq!(
            pace.left(15_000.0, 50, 170).as_deref(),
            Some("about 1 min left")
        );
        assert_eq!(
            pace.left(15_000.0, 50, 20_050).as_deref(),
            Some("about 2.8 h left")
        );
    }

    #[test]
    fn nothing_is_said_too_early_or_for_a_short_run() {
        let pace = Pace::start(0.0, 0);
        assert_eq!(pace.left(10_000.0, 1, 10_000), None, "one batch measured");
        assert_eq!(pace.left(2_000.0, 10, 10_000), None, "two seconds measured");
        assert_eq!(pace.left(10_000.0, 100, 120), None, "two seconds left");
        assert_eq!(pace.left(10_000.0, 100, 100), None, "done");
    }
}
