//! Getting a CSV into the page: from a dropped or picked file, from an
//! example shipped with the app, or from a share link. The bytes stay in
//! this tab; choosing a file also switches the data source to CSV.

use std::sync::Arc;

use js_sys::Uint8Array;
use leptos::prelude::*;
use policypu::config::DataConfig;
use policypu::data::csv::{CsvColumns, CsvError, MAX_CSV_BYTES};
use policypu::data::examples::ExampleCsv;
use policypu::user_text::file_size;
use wasm_bindgen_futures::JsFuture;

use crate::browser::data_loader;
use crate::browser::next_paint::after_next_paint;
use crate::state::{AppState, CsvFile};

/// Use `bytes` as the CSV data. `columns`, when given, replaces the column
/// choice (examples and share links know theirs) and is kept for this file
/// where it fits, the default roles included, as are the roles a link that
/// awaits this file chose; a link's roles chosen for another file are
/// dropped for a guess; otherwise the current choice is kept where it fits
/// the new file, or guessed.
pub fn use_csv(state: AppState, name: String, bytes: Vec<u8>, columns: Option<CsvColumns>) {
    let awaited = state.link_awaits_file.get_untracked();
    state.link_awaits_file.set(None);
    let from_link = awaited.as_ref().is_some_and(|a| a.keeps_roles_for(&name));
    let for_another_file = awaited.as_ref().is_some_and(|a| a.roles_chosen) && !from_link;
    // (After a reload the address is the page's own, no shared link.)
    if let Some(made_on) = awaited
        .filter(|a| !a.reloaded)
        .and_then(|a| a.name)
        .filter(|made_on| *made_on != name)
    {
        crate::share::link::another_file_loaded(state, &made_on, &name);
    }
    state.csv.set(Some(CsvFile {
        name,
        bytes: Arc::new(bytes),
        roles_given: columns.is_some() || from_link,
    }));
    state.config.update(|c| {
        let kept = match &c.data {
            DataConfig::Csv { columns } if for_another_file => columns.unchosen_roles(),
            DataConfig::Csv { columns } => columns.clone(),
            DataConfig::Builtin { .. } => CsvColumns::default(),
        };
        c.switch_to_csv(columns.unwrap_or(kept));
    });
}

/// Read a file the user dropped or picked, saying so first (and waiting
/// for that to show): a large file holds the page for seconds.
pub async fn read_file(state: AppState, file: web_sys::File) -> Result<(), String> {
    let bytes = file_bytes(&file, |too_large| too_large.to_string()).await?;
    let name = file.name();
    state.csv_reading.set(Some(format!(
        "Reading {name} ({})…",
        file_size(bytes.len())
    )));
    after_next_paint().await;
    use_csv(state, name, bytes, None);
    Ok(())
}

/// The bytes of a CSV file the user chose, refused early when it is larger
/// than the reader takes (sparing reading it into memory), in the words
/// `too_large` gives the reader's error: training's or scoring's.
pub async fn file_bytes(
    file: &web_sys::File,
    too_large: impl FnOnce(CsvError) -> String,
) -> Result<Vec<u8>, String> {
    let name = file.name();
    if file.size() > MAX_CSV_BYTES as f64 {
        let bytes = file.size() as u64;
        return Err(format!(
            "{name}: {}",
            too_large(CsvError::FileTooLarge { bytes })
        ));
    }
    let buffer = JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| format!("{name} could not be read: {e:?}"))?;
    Ok(Uint8Array::new(&buffer).to_vec())
}

/// Fetch one of the example files shipped with the app, with its own
/// column roles or, from a link, the link's.
pub async fn open_example(
    state: AppState,
    example: &ExampleCsv,
    columns: Option<CsvColumns>,
) -> Result<(), String> {
    let bytes = data_loader::download(&example.url(), |_, _| {}).await?;
    use_csv(
        state,
        example.file.to_string(),
        bytes,
        Some(columns.unwrap_or_else(|| example.columns())),
    );
    Ok(())
}
