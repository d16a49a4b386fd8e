//! Fetching the built-in datasets: download with progress, gunzip with the
//! browser's DecompressionStream, and keep them for the session.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use js_sys::Uint8Array;
use policypu::data::tasks::BuiltinDataset;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ReadableStreamDefaultReader, Response};

use crate::browser::compression;
use crate::browser::js_error::describe;
use crate::state::DownloadProgress;

/// The uncompressed `.pubin` training and test files of one dataset.
pub struct DatasetBytes {
    /// `{stem}_train.pubin`.
    pub train: Vec<u8>,
    /// `{stem}_test.pubin`.
    pub test: Vec<u8>,
}

thread_local! {
    static CACHE: RefCell<HashMap<BuiltinDataset, Rc<DatasetBytes>>> = RefCell::new(HashMap::new());
}

/// The dataset's files, downloaded once per session.
pub async fn load(
    dataset: BuiltinDataset,
    on_progress: impl Fn(DownloadProgress),
) -> Result<Rc<DatasetBytes>, String> {
    if let Some(bytes) = CACHE.with(|c| c.borrow().get(&dataset).cloned()) {
        return Ok(bytes);
    }
    let mut parts = Vec::new();
    for part in ["train", "test"] {
        let url = format!("data/{}_{part}.pubin.gz", dataset.file_stem());
        let label = format!("{} {part} set", dataset.title());
        let gz = download(&url, |loaded, total| {
            on_progress(DownloadProgress {
                label: label.clone(),
                loaded,
                total,
            })
        })
        .await?;
        parts.push(
            compression::gunzip(&gz)
                .await
                .map_err(|e| format!("{url} could not be unpacked: {e}"))?,
        );
    }
    let test = parts.pop().unwrap_or_default();
    let train = parts.pop().unwrap_or_default();
    let bytes = Rc::new(DatasetBytes { train, test });
    CACHE.with(|c| c.borrow_mut().insert(dataset, bytes.clone()));
    Ok(bytes)
}

/// GET `url`, reporting bytes received as they arrive.
pub async fn download(
    url: &str,
    on_progress: impl Fn(u64, Option<u64>),
) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response: Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| {
            let offline = !window.navigator().on_line();
            let advice = if offline {
                "This browser is offline, and keeps for offline use only the datasets opened \
                 before: connect, or choose one of those."
            } else {
                "Check the connection and try again."
            };
            format!("downloading {url} failed: {}. {advice}", describe(e))
        })?
        .unchecked_into();
    if !response.ok() {
        return Err(format!(
            "downloading {url} failed with HTTP {}",
            response.status()
        ));
    }
    let total = response
        .headers()
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|v| v.parse().ok());
    let body = response
        .body()
        .ok_or_else(|| format!("{url} has no body"))?;
    let reader: ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let mut bytes = Vec::with_capacity(total.unwrap_or(0) as usize);
    loop {
        let chunk = JsFuture::from(reader.read())
            .await
            .map_err(|e| format!("reading {url} failed: {}", describe(e)))?;
        let done = js_sys::Reflect::get(&chunk, &"done".into())
            .ok()
            .and_then(|d| d.as_bool())
            .unwrap_or(true);
        if done {
            break;
        }
        let value = js_sys::Reflect::get(&chunk, &"value".into()).map_err(describe)?;
        bytes.extend(Uint8Array::new(&value).to_vec());
        on_progress(bytes.len() as u64, total);
    }
    Ok(bytes)
}
