//! Offering bytes made in the page as a file download (a Blob and a
//! temporary link); nothing leaves the browser.

use policypu::config::RunConfig;
use policypu::export::file_stem;
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
/// learner, split and seed, so files of a comparison tell each other apart.
pub fn run_file_name(config: Option<&RunConfig>, suffix: &str) -> String {
    let stem = config.map_or_else(|| "policypu".to_string(), file_stem);
    format!("{stem}{suffix}")
}
