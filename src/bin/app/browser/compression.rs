//! Gunzip in the browser with `DecompressionStream` (built through js-sys:
//! web-sys offers it only behind an unstable flag), for the built-in
//! datasets' downloads.

use js_sys::Uint8Array;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ReadableWritablePair, Response};

use crate::browser::js_error::describe;

/// Gunzip `gz`.
pub async fn gunzip(gz: &[u8]) -> Result<Vec<u8>, String> {
    through_stream("DecompressionStream", gz).await
}

/// Pipe `bytes` through `new {stream}('gzip')` and collect the output.
async fn through_stream(stream: &str, bytes: &[u8]) -> Result<Vec<u8>, String> {
    let parts = js_sys::Array::of1(&Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts).map_err(describe)?;
    let constructor: js_sys::Function = js_sys::Reflect::get(&js_sys::global(), &stream.into())
        .map_err(describe)?
        .dyn_into()
        .map_err(|_| format!("this browser has no {stream}; use a current browser"))?;
    let pair: ReadableWritablePair =
        js_sys::Reflect::construct(&constructor, &js_sys::Array::of1(&"gzip".into()))
            .map_err(describe)?
            .unchecked_into();
    let output = blob.stream().pipe_through(&pair);
    let response = Response::new_with_opt_readable_stream(Some(&output)).map_err(describe)?;
    let buffer = JsFuture::from(response.array_buffer().map_err(describe)?)
        .await
        .map_err(describe)?;
    Ok(Uint8Array::new(&buffer).to_vec())
}
