//! Waiting for the browser to paint, so that a message shows before a long
//! task on the page's thread starts.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen_futures::JsFuture;

/// Resolves once the browser has painted a frame: in a task of its own
/// after the next animation frame. What the page changed just before then
/// shows before the work that follows holds the thread (reading a large
/// file holds it for seconds). At once where there is no window.
pub async fn after_next_paint() {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let Some(window) = web_sys::window() else {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
            return;
        };
        let later = window.clone();
        let after_frame = Closure::once_into_js(move || {
            let _ = later.set_timeout_with_callback(&resolve);
        });
        let _ = window.request_animation_frame(after_frame.unchecked_ref());
    });
    let _ = JsFuture::from(promise).await;
}
