//! "Score another CSV": the trained classifier of a CSV run scores the rows
//! of a file the user picks, in the worker, as `policypu predict` does, and
//! the page downloads the `row,score,predicted` table. The file never leaves
//! the browser.

use leptos::prelude::*;
use leptos::task::spawn_local;
use policypu::config::DataConfig;
use policypu::page::protocol::ToWorker;
use serde_bytes::ByteBuf;
use wasm_bindgen::JsCast;

use crate::browser::download::{download, run_file_name};
use crate::csv::file::file_bytes;
use crate::run::worker_client;
use crate::state::use_app_state;

/// The file picker and what came of the last file, once a CSV run has a model.
#[component]
pub fn ScoreCsv() -> impl IntoView {
    let state = use_app_state();
    // The file being scored, to name the download; None when nothing is pending.
    let pending = RwSignal::new(None::<String>);
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let shown = move || {
        state.model.with(Option::is_some)
            && state.run_config.with(|c| {
                c.as_ref()
                    .is_some_and(|c| matches!(c.data, DataConfig::Csv { .. }))
            })
    };
    Effect::new(move |_| {
        let Some(answer) = state.scored.get() else {
            return;
        };
        let Some(file) = pending.get_untracked() else {
            return;
        };
        pending.set(None);
        state.scored.set(None);
        outcome.set(Some(answer.and_then(|scores| {
            let stem = file
                .rsplit_once('.')
                .map_or(file.as_str(), |(stem, _)| stem);
            let name = run_file_name(
                state.model_config().as_ref(),
                &format!("-scores-{stem}.csv"),
            );
            download(&name, "text/csv", scores.table.as_bytes())?;
            let truth = scores
                .against_truth
                .map(|t| format!(" Scored {t}."))
                .unwrap_or_default();
            let notes: String = scores.notes.iter().map(|n| format!(" {n}")).collect();
            Ok(format!(
                "Scored {} rows of {file}: downloaded {name}.{truth}{notes}",
                scores.rows
            ))
        })));
    });
    let on_change = move |ev: leptos::ev::Event| {
        let Some(file) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|input| input.files())
            .and_then(|files| files.get(0))
        else {
            return;
        };
        let Some(model) = state.model.get_untracked() else {
            return;
        };
        outcome.set(None);
        spawn_local(async move {
            match file_bytes(&file).await {
                Ok(csv) => {
                    pending.set(Some(file.name()));
                    worker_client::send(
                        state,
                        ToWorker::Score {
                            model: ByteBuf::from(model.to_vec()),
                            csv: ByteBuf::from(csv),
                        },
                    );
                }
                Err(message) => outcome.set(Some(Err(message))),
            }
        });
    };
    view! {
        <Show when=shown>
            <div class="score-csv" id="score-csv">
                <label for="score-csv-input">"Score another CSV with this classifier: "</label>
                <input type="file" id="score-csv-input" accept=".csv,.tsv,.txt,text/csv" on:change=on_change/>
                {move || outcome.get().map(|o| match o {
                    Ok(text) => view! { <p class="ok" id="score-csv-result" role="status">{text}</p> }.into_any(),
                    Err(text) => view! { <p class="error" id="score-csv-result" role="alert">{text}</p> }.into_any(),
                })}
            </div>
        </Show>
    }
}
