//! Downloads of the current run: per-epoch metrics (CSV and JSON) and the
//! final value of every unlabeled example (CSV). Made in the page, from
//! what the worker reported; nothing leaves the browser.

use leptos::prelude::*;
use policypu::export::{actions_csv, epochs_csv};
use wasm_bindgen::JsCast;

use crate::state::use_app_state;

/// Offer `text` as a file called `name`.
fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let describe = |e: wasm_bindgen::JsValue| format!("{e:?}");
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(describe)?;
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

/// The download buttons, enabled once there is something to download.
#[component]
pub fn ExportButtons() -> impl IntoView {
    let state = use_app_state();
    let error = RwSignal::new(None::<String>);
    let report = move |result: Result<(), String>| {
        error.set(result.err().map(|e| format!("The download failed: {e}")))
    };
    let no_reports = move || state.reports.with(Vec::is_empty);
    let metrics_csv = move |_| {
        report(
            state
                .reports
                .with(|r| download("policypu-epochs.csv", "text/csv", &epochs_csv(r))),
        )
    };
    let metrics_json = move |_| {
        let json = serde_json::json!({ "config": state.run_config.get_untracked(), "reports": state.reports.get_untracked() });
        report(download(
            "policypu-epochs.json",
            "application/json",
            &json.to_string(),
        ));
    };
    let actions = move |_| {
        let csv = state.started.with(|s| {
            let started = s.as_ref()?;
            let values = state.history.with(|h| h.last().cloned())?;
            Some(actions_csv(
                &values,
                &started.unlabeled_sources,
                started.unlabeled_truth.as_deref(),
            ))
        });
        report(
            csv.ok_or_else(|| "no values on U yet".to_string())
                .and_then(|csv| download("policypu-actions.csv", "text/csv", &csv)),
        );
    };
    view! {
        <div class="exports" aria-label="Downloads">
            <span class="hint">"Download: "</span>
            <button id="export-epochs-csv" on:click=metrics_csv disabled=no_reports>"Metrics (CSV)"</button>
            <button id="export-epochs-json" on:click=metrics_json disabled=no_reports>"Metrics (JSON)"</button>
            <button id="export-actions-csv" on:click=actions disabled=no_reports
                title="The final value of every unlabeled example, with its true label">"Actions on U (CSV)"</button>
            <span class="field-error" role="alert">{move || error.get()}</span>
        </div>
    }
}
