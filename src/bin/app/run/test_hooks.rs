//! The browser tests' hooks into the workers, set on `window` (the page
//! never calls them):
//! - `policypuCrashWorkerForTest()`: the live worker panics.
//! - `policypuHangWorkerForTest(which, limitMs)`: the live worker
//!   (`which` = "live") or the second one ("side") stops answering, and is
//!   taken for hung after `limitMs` of silence (not the usual two minutes).
//!   Gives false when that worker had no run to hang.

use policypu::page::protocol::ToWorker;
use wasm_bindgen::prelude::*;

use super::{side_worker, worker_client};
use crate::state::AppState;

/// Set the hooks on `window`.
pub fn expose(state: AppState) {
    let crash =
        Closure::<dyn FnMut()>::new(move || worker_client::send(state, ToWorker::CrashForTest));
    set("policypuCrashWorkerForTest", crash.as_ref());
    crash.forget();
    let hang = Closure::<dyn FnMut(String, f64) -> bool>::new(move |which: String, limit_ms| {
        if which == "side" {
            side_worker::hang_for_test(limit_ms)
        } else {
            worker_client::hang_for_test(state, limit_ms)
        }
    });
    set("policypuHangWorkerForTest", hang.as_ref());
    hang.forget();
}

fn set(name: &str, hook: &JsValue) {
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &name.into(), hook);
    }
}
