//! A thrown JavaScript value (an `Error`, a string, anything) in words, for
//! the page's messages.

use wasm_bindgen::JsValue;

/// Its `message`, or the value itself when it is a string, or its debug form.
pub fn describe(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
        })
        .unwrap_or_else(|| format!("{e:?}"))
}
