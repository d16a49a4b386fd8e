//! Offering bytes made in the page as a file download (a Blob and a
//! temporary link); nothing leaves the browser.

use policypu::config::RunConfig;
use policypu::export::file_stem;
use policypu::saved_model::{SavedFrom, SavedModel};
use wasm_bindgen::JsCast;

use crate::browser::js_error::describe;

/// Offer `bytes` as a file called `name` of type `mime`.
pub fn download(name: &str, mime: &str, bytes: &[u8]) -> Result<(), String> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(describe)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(describe)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(describe)?
        .unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    web_sys::Url::revoke_object_url(&url).map_err(describe)
}

/// File name of a run's download: `{stem}{suffix}`, the stem naming the
/// learner, data (the CSV file `data_file`, if any) and seed, so files of a
/// comparison, or of runs on two files, tell each other apart.
pub fn run_file_name(config: Option<&RunConfig>, data_file: Option<&str>, suffix: &str) -> String {
    let stem = config.map_or_else(|| "policypu".to_string(), |c| file_stem(c, data_file));
    format!("{stem}{suffix}")
}

/// Offer a model file as the download `name`, with the name of the CSV file
/// it was trained on (`data_file`) and the browser's time written into it.
pub fn download_model(name: &str, bytes: &[u8], data_file: Option<&str>) -> Result<(), String> {
    let seconds = (js_sys::Date::now() / 1000.0).max(0.0) as u64;
    let bytes = SavedModel::from_bytes(bytes)
        .and_then(|model| model.stamped(SavedFrom::new(data_file, seconds)).to_bytes())
        .map_err(|e| e.to_string())?;
    download(name, "application/octet-stream", &bytes)
}
