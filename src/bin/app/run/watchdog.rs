//! Telling a hung worker from a busy one. Each worker's client keeps a
//! [`Clock`] of when its worker last spoke (or was last sent a command) and
//! checks it every few seconds while a run waits on that worker: a worker
//! that trains posts its progress several times a second, so a long
//! silence means it is stuck (a lost GPU device can leave a read-back
//! waiting forever). A browser test can lower one clock's limit for one
//! hang ([`Clock::lower_limit_for_test`]) to see a hang handled in seconds.

use std::cell::Cell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Silence after which a running worker is taken for hung. Long enough for
/// the paper's CNN on a slow device.
const SILENCE_LIMIT_MS: f64 = 120_000.0;

/// How often the clocks are checked.
const CHECK_EVERY_MS: i32 = 5_000;

/// A tick this long after the one before it comes late.
const LATE_TICK_MS: f64 = 3.0 * CHECK_EVERY_MS as f64;

/// When a worker last spoke, and how long a silence it is allowed.
pub struct Clock {
    /// When the worker last spoke, in ms since the epoch.
    heard: Cell<f64>,
    /// The silence limit in force: [`SILENCE_LIMIT_MS`] unless a test lowered it.
    limit_ms: Cell<f64>,
}

impl Clock {
    /// A clock that has heard nothing yet.
    pub const fn new() -> Clock {
        Clock {
            heard: Cell::new(0.0),
            limit_ms: Cell::new(SILENCE_LIMIT_MS),
        }
    }

    /// The worker spoke, or was sent a command: its silence starts now.
    pub fn heard_now(&self) {
        self.heard.set(js_sys::Date::now());
    }

    /// How many seconds the worker has been silent, when that is over the
    /// limit (a lowered limit then returns to the usual one).
    pub fn hung_for(&self) -> Option<f64> {
        let silent_ms = js_sys::Date::now() - self.heard.get();
        let hung = silent_ms > self.limit_ms.get();
        if hung {
            self.limit_ms.set(SILENCE_LIMIT_MS);
        }
        hung.then_some(silent_ms / 1000.0)
    }

    /// Take this worker for hung after `limit_ms` of silence, once (a
    /// browser test's hook; the page never calls it).
    pub fn lower_limit_for_test(&self, limit_ms: f64) {
        self.limit_ms.set(limit_ms);
    }
}

/// Call `check` every few seconds for as long as the page is open, but not
/// on a tick that comes late: after the machine slept, or while the
/// browser throttles a hidden tab's timers, the workers may not have been
/// heard since only because they, or the page, were held up too.
pub fn every_few_seconds(mut check: impl FnMut() + 'static) {
    let mut last_tick = js_sys::Date::now();
    let check = Closure::<dyn FnMut()>::new(move || {
        let now = js_sys::Date::now();
        let late = now - last_tick > LATE_TICK_MS;
        last_tick = now;
        if !late {
            check();
        }
    });
    if let Some(window) = web_sys::window() {
        let _ = window.set_interval_with_callback_and_timeout_and_arguments_0(
            check.as_ref().unchecked_ref(),
            CHECK_EVERY_MS,
        );
    }
    check.forget();
}
