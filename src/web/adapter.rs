//! Asking the browser for a WebGPU adapter, without touching wgpu: the page
//! does it to choose which worker to load, the worker to choose its device.

use js_sys::{Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// What `navigator.gpu.requestAdapter()` reported.
pub struct Adapter {
    /// The adapter's vendor.
    pub vendor: String,
    /// Its architecture.
    pub architecture: String,
    /// True for a software (fallback) adapter, slower than the CPU backend.
    pub fallback: bool,
}

/// Ask `navigator.gpu` for an adapter without touching wgpu (a panic there
/// would poison the worker).
pub async fn probe_adapter() -> Result<Option<Adapter>, String> {
    let describe = |e: JsValue| e.as_string().unwrap_or_else(|| format!("{e:?}"));
    let navigator = Reflect::get(&js_sys::global(), &"navigator".into()).map_err(describe)?;
    let gpu = Reflect::get(&navigator, &"gpu".into()).map_err(describe)?;
    if gpu.is_undefined() || gpu.is_null() {
        return Ok(None);
    }
    let request = Reflect::get(&gpu, &"requestAdapter".into()).map_err(describe)?;
    let request: js_sys::Function = request
        .dyn_into()
        .map_err(|_| "requestAdapter is not a function".to_string())?;
    let promise: Promise = request
        .call0(&gpu)
        .map_err(describe)?
        .dyn_into()
        .map_err(describe)?;
    let adapter = JsFuture::from(promise).await.map_err(describe)?;
    if adapter.is_null() || adapter.is_undefined() {
        return Ok(None);
    }
    let info = Reflect::get(&adapter, &"info".into()).unwrap_or(JsValue::UNDEFINED);
    let text = |object: &JsValue, key: &str| {
        Reflect::get(object, &key.into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    };
    let flag = |object: &JsValue, key: &str| {
        Reflect::get(object, &key.into())
            .ok()
            .and_then(|v| v.as_bool())
    };
    Ok(Some(Adapter {
        vendor: text(&info, "vendor"),
        architecture: text(&info, "architecture"),
        fallback: flag(&info, "isFallbackAdapter")
            .or_else(|| flag(&adapter, "isFallbackAdapter"))
            .unwrap_or(false),
    }))
}
