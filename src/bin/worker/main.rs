//! The training worker: owns the Trainer and the device, answers the page's
//! commands between mini-batches, and streams progress back.

mod device;
#[cfg(feature = "threads")]
mod pool;
mod post;
mod runner;
mod stepper;

use std::cell::RefCell;
use std::rc::Rc;

use policypu::page::protocol::{FromWorker, ToWorker};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use runner::Control;

// Burn's WebGPU stack registers itself in static constructors (`inventory`).
// Unless the program calls them itself, the linker makes every entry into
// the module (each callback, each await resumed, each value handed to JS)
// run them all again: 60% of a training run's time (a CPU profile of the
// default demo). So they run once, here.
unsafe extern "C" {
    fn __wasm_call_ctors();
}

fn main() {
    // A pool thread instantiates this program too; it only runs rayon's loop.
    #[cfg(feature = "threads")]
    if pool::is_pool_thread() {
        return;
    }
    // SAFETY: called once, before anything reads what the constructors register.
    unsafe { __wasm_call_ctors() };
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        post::send(&FromWorker::Crashed(format!(
            "The training worker crashed ({info}). Press Train to start again in a fresh worker; \
             if it happens again on WebGPU, choose the CPU backend."
        )));
    }));
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let control = Rc::new(RefCell::new(Control::default()));
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        match serde_wasm_bindgen::from_value::<ToWorker>(event.data()) {
            Ok(command) => runner::handle(command, &control),
            Err(e) => post::send(&FromWorker::Error(format!(
                "The worker got a message it does not understand: {e}"
            ))),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post::send(&FromWorker::Ready);
}
