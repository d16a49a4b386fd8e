//! The CSV data panel of the form: a drop zone and file picker, the example
//! files, the preview and the column roles. The file and the choices stay
//! while the user fixes any one of them.

use leptos::prelude::*;
use leptos::task::spawn_local;
use policypu::config::DataConfig;
use policypu::data::column_guess::{fitted_choice, keeps_choice, suggest_columns};
use policypu::data::csv::{CsvColumns, CsvPreview, preview_csv};
use policypu::data::examples::EXAMPLE_CSVS;
use policypu::user_text::{counted, file_size};
use wasm_bindgen::JsCast;

use crate::csv::file::{open_example, read_file};
use crate::csv::preview::PreviewTable;
use crate::csv::roles::{ColumnRoles, with_guessed_truth_value};
use crate::state::{AppState, use_app_state};

/// Rows shown in the preview.
const PREVIEW_ROWS: usize = 5;

/// The whole CSV panel (shown when the data source is a CSV).
#[component]
pub fn CsvPanel() -> impl IntoView {
    let state = use_app_state();
    let load_error = RwSignal::new(None::<String>);
    let preview: Memo<Option<Result<CsvPreview, String>>> = Memo::new(move |_| {
        state.csv.with(|f| {
            f.as_ref()
                .map(|f| preview_csv(&f.bytes, PREVIEW_ROWS).map_err(|e| e.to_string()))
        })
    });
    suggest_roles_for_new_files(state, preview);
    Effect::new(move |_| {
        state
            .csv_file_problem
            .set(preview.with(|p| p.as_ref().and_then(|r| r.as_ref().err().cloned())));
        // The file read has its preview, or an error instead (tracked by
        // the file too: the same file chosen again makes the same preview).
        state.csv.track();
        state.csv_reading.set(None);
    });
    on_cleanup(move || state.csv_file_problem.set(None));
    let file_line = move || {
        state.csv.with(|f| {
            f.as_ref().map(|f| {
                let rows = match preview.get() {
                    Some(Ok(p)) => format!(", {}", counted(p.total_rows, "row")),
                    _ => String::new(),
                };
                format!("{} ({}{rows})", f.name, file_size(f.bytes.len()))
            })
        })
    };
    view! {
        <div class="csv-panel" id="csv-panel">
            <DropZone load_error/>
            {move || state.csv_reading.get().map(|text| view! {
                <p class="hint" id="csv-reading" role="status">{text}</p>
            })}
            <p class="hint privacy">"Nothing is uploaded: the file is read by this page, in this browser tab only."</p>
            <div class="examples" role="group" aria-label="Example files">
                <span class="hint">"Or try an example: "</span>
                {EXAMPLE_CSVS.iter().enumerate().map(|(i, example)| view! {
                    <button type="button" id=format!("example-{i}") title=example.description
                        on:click=move |_| {
                            load_error.set(None);
                            spawn_local(async move {
                                if let Err(e) = open_example(state, &EXAMPLE_CSVS[i], None).await {
                                    load_error.set(Some(e));
                                }
                            });
                        }>{example.title}</button>
                }).collect_view()}
            </div>
            <p class="field-error" role="alert" id="csv-load-error">{move || load_error.get()}</p>
            <Show when=move || state.csv.with(Option::is_some)>
                <p class="file-name" id="csv-file">{file_line}</p>
                {move || match preview.get() {
                    Some(Ok(p)) => view! {
                        <PreviewTable preview=p.clone()/>
                        <ColumnRoles preview=p/>
                    }.into_any(),
                    Some(Err(message)) => view! {
                        <p class="error" role="alert" id="csv-error">{message}</p>
                    }.into_any(),
                    None => ().into_any(),
                }}
            </Show>
        </div>
    }
}

/// When a file arrives (or the source switches to CSV), guess its column
/// roles: afresh where the choice is still the guess made for the last file
/// (the user changed nothing), else keeping the user's choices (or a link's
/// or an example's) where they fit the new header; later edits are the user's.
fn suggest_roles_for_new_files(state: AppState, preview: Memo<Option<Result<CsvPreview, String>>>) {
    let last_guess: StoredValue<Option<CsvColumns>> = StoredValue::new(None);
    let is_csv = Memo::new(move |_| {
        state
            .config
            .with(|c| matches!(c.data, DataConfig::Csv { .. }))
    });
    Effect::new(move |_| {
        let (Some(Ok(preview)), true) = (preview.get(), is_csv.get()) else {
            return;
        };
        let current = state.config.with_untracked(|c| match &c.data {
            DataConfig::Csv { columns } => Some(columns.clone()),
            DataConfig::Builtin { .. } => None,
        });
        if let Some(current) = current {
            // Roles a link or an example gave are kept for their file where
            // they fit, even the default ones.
            let given = state
                .csv
                .with_untracked(|f| f.as_ref().is_some_and(|f| f.roles_given));
            let kept = given.then(|| fitted_choice(&preview, &current)).flatten();
            // The roles are still the last guess, whatever the reading
            // settings (which stay whatever happens to the roles).
            let still_guessed = last_guess.with_value(|guess| {
                guess
                    .as_ref()
                    .is_some_and(|guess| guess.clone().reading_as(&current) == current)
            });
            let base = if still_guessed && !given {
                current.unchosen_roles()
            } else {
                current.clone()
            };
            // Only a guess is recorded: a choice the user made, kept here,
            // must not be taken for one on the next file.
            let guessed = kept.is_none() && !keeps_choice(&preview, &base);
            // A value already chosen is kept: the guess only fills an empty one.
            let suggested = with_guessed_truth_value(
                state,
                kept.unwrap_or_else(|| suggest_columns(&preview, &base)),
            );
            last_guess.set_value(guessed.then(|| suggested.clone()));
            if suggested != current {
                state
                    .config
                    .update(|c| c.data = DataConfig::Csv { columns: suggested });
            }
        }
    });
}

/// A labelled file input that also takes a dropped file.
#[component]
fn DropZone(load_error: RwSignal<Option<String>>) -> impl IntoView {
    let state = use_app_state();
    let dragging = RwSignal::new(false);
    let take = move |file: Option<web_sys::File>| {
        let Some(file) = file else { return };
        load_error.set(None);
        spawn_local(async move {
            if let Err(e) = read_file(state, file).await {
                load_error.set(Some(e));
            }
        });
    };
    let on_drop = move |ev: web_sys::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        take(
            ev.data_transfer()
                .and_then(|t| t.files())
                .and_then(|f| f.get(0)),
        );
    };
    let on_pick = move |ev: web_sys::Event| {
        let input = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        take(
            input
                .as_ref()
                .and_then(|i| i.files())
                .and_then(|f| f.get(0)),
        );
        // Picking the same file again after editing it must load it again.
        if let Some(input) = input {
            input.set_value("");
        }
    };
    view! {
        <label class="drop-zone" class:dragging=move || dragging.get() for="csv-input"
            on:dragover=move |ev: web_sys::DragEvent| { ev.prevent_default(); dragging.set(true); }
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop>
            <span class="drop-title">"Drop a CSV file here, or choose one"</span>
            <span class="hint">"Comma, semicolon or tab separated; first line names the columns; one column marks the labeled positives."</span>
            // The browser's own file button would keep saying "No file chosen"
            // for a file that was dropped or came from an example or a link:
            // it is hidden, and this one names what to do now.
            <span class="choose-file" aria-hidden="true">
                {move || if state.csv.with(Option::is_some) { "Choose another file…" } else { "Choose a file…" }}
            </span>
            <input id="csv-input" class="sr-only" type="file" accept=".csv,.tsv,.txt,text/csv" on:change=on_pick/>
        </label>
    }
}
