//! Showing a list of heavy views one per task instead of all in one.

use std::time::Duration;

use leptos::prelude::*;

/// A counter of revealed items that, once `ready` first holds, counts up to
/// `total` one item per browser task (a zero-delay timeout), so each item is
/// built in a task of its own. (One per animation frame instead put each
/// item's building into the frame's rendering task, which made that task
/// longer.) It never counts down: later runs show every item at once, their
/// code already compiled.
#[derive(Clone, Copy)]
pub struct StagedReveal {
    shown: RwSignal<usize>,
}

impl StagedReveal {
    /// Starts counting once `ready` returns true.
    pub fn new(total: usize, ready: impl Fn() -> bool + Send + Sync + 'static) -> Self {
        let shown = RwSignal::new(0);
        Effect::new(move |_| {
            let count = shown.get();
            if count < total && ready() {
                set_timeout(move || shown.set(count + 1), Duration::ZERO);
            }
        });
        StagedReveal { shown }
    }

    /// Whether item `index` (0-based) is revealed yet.
    pub fn includes(&self, index: usize) -> bool {
        self.shown.get() > index
    }
}
