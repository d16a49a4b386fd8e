//! Starting a training worker of a kind, and talking to it: its decoded
//! messages and its errors go to the functions it was started with. The
//! live worker (`worker_client`) and the second worker (`side_worker`)
//! both start theirs here.

use policypu::page::protocol::{FromWorker, ToWorker};
use serde::Serialize;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker, WorkerOptions, WorkerType};

use super::worker_kind::WorkerKind;

/// A started worker, with the handlers that must live as long as it.
pub struct Spawned {
    /// The worker.
    pub worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

/// Start a worker of `kind`: `on_message` gets each message it sends,
/// `on_error` what its error event says (a script that failed to load says
/// so). The error says why when the browser refused to start it.
pub fn spawn(
    kind: WorkerKind,
    mut on_message: impl FnMut(FromWorker) + 'static,
    mut on_error: impl FnMut(String) + 'static,
) -> Result<Spawned, String> {
    let options = WorkerOptions::new();
    if kind == WorkerKind::Threads {
        options.set_type(WorkerType::Module);
    }
    let worker = Worker::new_with_options(kind.script(), &options)
        .map_err(|e| format!("The training worker could not start ({e:?}). Reload the page."))?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        match serde_wasm_bindgen::from_value::<FromWorker>(event.data()) {
            Ok(message) => on_message(message),
            Err(e) => web_sys::console::error_1(
                &format!("unreadable message from the worker: {e}").into(),
            ),
        }
    });
    let on_error = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
        event.prevent_default();
        // A script that failed to load fires a plain `Event`, with no message.
        let message = event.dyn_ref::<ErrorEvent>().map_or_else(
            || "its script could not be loaded".to_string(),
            ErrorEvent::message,
        );
        on_error(message);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Spawned {
        worker,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// Send `command` to `worker`; a failure goes to the console.
pub fn post(worker: &Worker, command: &ToWorker) {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    match command.serialize(&serializer) {
        Ok(value) => {
            if let Err(e) = worker.post_message(&value) {
                web_sys::console::error_2(&"posting to the worker failed".into(), &e);
            }
        }
        Err(e) => web_sys::console::error_1(&format!("cannot encode a command: {e}").into()),
    }
}
