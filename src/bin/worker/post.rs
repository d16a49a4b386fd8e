//! Sending messages to the page, and yielding to the event loop.

use policypu::page::protocol::FromWorker;
use serde::Serialize;
use wasm_bindgen::JsCast;
use web_sys::DedicatedWorkerGlobalScope;

/// Post one message to the page.
pub fn send(message: &FromWorker) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    // Maps, not plain objects, would break the page's decoding: serialise maps as objects.
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    match message.serialize(&serializer) {
        Ok(value) => {
            if let Err(e) = scope.post_message(&value) {
                web_sys::console::error_2(&"posting a message failed".into(), &e);
            }
        }
        Err(e) => web_sys::console::error_1(&format!("cannot encode a message: {e}").into()),
    }
}

/// Let the worker handle the messages waiting for it (Pause, Stop) and go
/// on at once: a message to itself, since a zero-delay timer in a loop is
/// clamped to 4 ms (1.6 s over the default demo's 400 steps).
pub async fn yield_now() {
    let Ok(channel) = web_sys::MessageChannel::new() else {
        return sleep(0).await;
    };
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        channel.port1().set_onmessage(Some(&resolve));
        if channel
            .port2()
            .post_message(&wasm_bindgen::JsValue::NULL)
            .is_err()
        {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    channel.port1().close();
    channel.port2().close();
}

/// Wait `ms` milliseconds, letting the worker handle incoming messages.
pub async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        if scope
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .is_err()
        {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
