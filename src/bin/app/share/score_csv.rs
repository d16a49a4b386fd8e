//! "Score another CSV": the trained classifier of a CSV run scores the rows
//! of a file the user picks, or of the file it trained on in one click, in
//! the worker, as `policypu predict` does, and
//! the page downloads the `row,score,predicted` table (with the file's
//! identifier column after `row`, if it has one). The file never leaves
//! the browser. Missing feature values are handled as the run handled them,
//! and the identifier column is guessed by its name, unless the user picks
//! another choice, which scores the last file again.

use leptos::prelude::*;
use leptos::task::spawn_local;
use policypu::config::DataConfig;
use policypu::data::csv::{IdColumn, MissingValues, NO_IDENTIFIER};
use policypu::keyed::Keyed;
use policypu::page::protocol::ToWorker;
use policypu::user_text::{clip, counted};
use serde_bytes::ByteBuf;
use wasm_bindgen::JsCast;

use policypu::export::name_in_file_names;

use crate::browser::download::{download, run_file_name};
use crate::csv::file::file_bytes;
use crate::run::worker_client;
use crate::settings::field::keyed_options;
use crate::state::use_app_state;
use crate::views::notes::Summary;

/// The file picker and what came of the last file, once a CSV run has a model.
#[component]
pub fn ScoreCsv() -> impl IntoView {
    let state = use_app_state();
    // The file being scored, to name the download, and whether it is the
    // file the model trained on; None when nothing is pending.
    let pending = RwSignal::new(None::<(String, bool)>);
    let outcome = RwSignal::new(None::<Result<Summary, String>>);
    // The last file picked, scored again when the missing-values choice changes.
    let last_file = StoredValue::new(None::<(String, Vec<u8>)>);
    // The user's missing-values choice; None follows the run's.
    let chosen_missing = RwSignal::new(None::<MissingValues>);
    // The user's identifier column, and the last scored file's columns and
    // the one its table carried: what the choice offers and shows.
    let chosen_id = RwSignal::new(IdColumn::Guessed);
    let columns = RwSignal::new(Vec::<String>::new());
    let carried = RwSignal::new(None::<String>);
    let missing = move || {
        chosen_missing.get().unwrap_or_else(|| {
            state
                .run_config
                .with(|c| match c.as_ref().map(|c| &c.data) {
                    Some(DataConfig::Csv { columns }) => columns.missing,
                    _ => MissingValues::Refuse,
                })
        })
    };
    let score = move |name: String, csv: Vec<u8>| {
        let Some(model) = state.model.get_untracked() else {
            return;
        };
        outcome.set(None);
        let trained_on_it = state.trained_on(&name, &csv);
        pending.set(Some((name.clone(), trained_on_it)));
        last_file.set_value(Some((name, csv.clone())));
        worker_client::send(
            state,
            ToWorker::Score {
                model: ByteBuf::from(model.to_vec()),
                csv: ByteBuf::from(csv),
                missing: missing(),
                id: chosen_id.get_untracked(),
            },
        );
    };
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
        let Some((file, trained_on_it)) = pending.get_untracked() else {
            return;
        };
        pending.set(None);
        state.scored.set(None);
        // The choice offers the columns of the file last scored, not of an
        // earlier one where this file could not be read.
        match &answer {
            Ok(scores) => {
                columns.set(scores.columns.clone());
                carried.set(scores.identifier.clone());
            }
            Err(_) => {
                columns.set(Vec::new());
                carried.set(None);
            }
        }
        outcome.set(Some(answer.and_then(|scores| {
            let stem = name_in_file_names(&file);
            let name = run_file_name(
                state.model_config().as_ref(),
                state.trained_file().as_deref(),
                &format!("-scores-{stem}.csv"),
            );
            download(&name, "text/csv", scores.table.as_bytes())?;
            let truth = scores
                .against_truth
                .as_ref()
                .map(|t| format!(" Scored {t}."))
                .unwrap_or_default();
            let caution = (trained_on_it && scores.against_truth.is_some()).then(|| {
                "This is the file the model was trained on: these figures include its training \
                 rows and read higher than on new data; the run's test figures are the fair ones."
                    .to_string()
            });
            // The page names its own choice where the command line names a flag.
            let notes = caution
                .into_iter()
                .chain(scores.notes.into_iter().map(|note| {
                    if note == NO_IDENTIFIER {
                        format!(
                            "{note} To carry one of its columns instead, choose it under \
                             “Identifier column”."
                        )
                    } else {
                        note
                    }
                }))
                .collect();
            let joined = scores
                .identifier
                .as_ref()
                .map(|column| format!(" Each row has its \"{}\" beside its number.", clip(column)))
                .unwrap_or_default();
            let headline = format!(
                "Scored {} of {file}: downloaded {name}.{joined}{truth}",
                counted(scores.rows, "row")
            );
            Ok(Summary { headline, notes })
        })));
    });
    // Another classifier kept (an auto candidate, a run from the list):
    // the last result was another's, so it goes.
    Effect::new(move |seen: Option<()>| {
        state.model.track();
        if seen.is_some() {
            outcome.set(None);
        }
    });
    let on_change = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|files| files.get(0)) else {
            return;
        };
        // Picking the same file again (after fixing it) fires a change too.
        input.set_value("");
        outcome.set(None);
        spawn_local(async move {
            match file_bytes(&file, |too_large| too_large.when_scoring()).await {
                Ok(csv) => score(file.name(), csv),
                Err(message) => outcome.set(Some(Err(message))),
            }
        });
    };
    let on_missing = move |ev| {
        if let Some(choice) = MissingValues::from_key(&event_target_value(&ev)) {
            chosen_missing.set(Some(choice));
            if let Some((name, csv)) = last_file.get_value() {
                score(name, csv);
            }
        }
    };
    let on_id = move |ev| {
        chosen_id.set(id_choice(&event_target_value(&ev)));
        // The column found was the last choice's; this one's comes with its answer.
        carried.set(None);
        if let Some((name, csv)) = last_file.get_value() {
            score(name, csv);
        }
    };
    // The choices of identifier: the guess, none, and each column of the
    // last file scored (with the chosen one, should that file lack it).
    let id_options = move || {
        let chosen = chosen_id.get();
        let guess = match (chosen == IdColumn::Guessed, carried.get()) {
            (true, Some(column)) => format!("guessed from its name: {}", clip(&column)),
            _ => "guessed from its name".to_string(),
        };
        let mut names = columns.get();
        if let IdColumn::Named(name) = &chosen
            && !names.contains(name)
        {
            names.push(name.clone());
        }
        [
            (GUESSED.to_string(), guess, IdColumn::Guessed),
            (
                WITHOUT.to_string(),
                "none: row numbers only".to_string(),
                IdColumn::Without,
            ),
        ]
        .into_iter()
        .chain(
            names
                .into_iter()
                .map(|name| (format!("{NAMED}{name}"), clip(&name), IdColumn::Named(name))),
        )
        .map(|(value, label, choice)| {
            let selected = choice == chosen;
            view! { <option value=value prop:selected=selected>{label}</option> }
        })
        .collect_view()
    };
    // The file the model trained on, scored in one click: its every row,
    // unlabeled ones included, which is what a PU user came to rank.
    let trained_file = move || {
        state
            .trained_form
            .with(|form| form.as_ref().and_then(|(_, file)| file.clone()))
    };
    let score_trained_file = move |_| {
        let bytes = state.trained_bytes.get_untracked();
        if let (Some(name), Some(bytes)) = (trained_file(), bytes) {
            score(name, bytes.to_vec());
        }
    };
    view! {
        <Show when=shown>
            <div class="score-csv" id="score-csv">
                {move || trained_file().map(|file| view! {
                    <button type="button" id="score-trained-file" on:click=score_trained_file>
                        {format!("Score every row of {}", clip(&file))}
                    </button>
                    " (the file it trained on), or "
                })}
                <label for="score-csv-input">
                    {move || match trained_file() {
                        Some(_) => "score another CSV with this classifier: ",
                        None => "Score another CSV with this classifier: ",
                    }}
                </label>
                <input type="file" id="score-csv-input" accept=".csv,.tsv,.txt,text/csv" on:change=on_change/>
                <div class="score-choices">
                    <span>
                        <label for="score-csv-missing">"Missing values: "</label>
                        <select id="score-csv-missing" on:change=on_missing>
                            {keyed_options(MissingValues::scoring_label, missing)}
                        </select>
                    </span>
                    <span>
                        <label for="score-csv-id">"Identifier column: "</label>
                        <select id="score-csv-id" on:change=on_id>{id_options}</select>
                    </span>
                </div>
                {move || outcome.get().map(|o| match o {
                    Ok(summary) => summary.view("score-csv-result", "score-csv-notes"),
                    Err(text) => view! { <p class="error" id="score-csv-result" role="alert">{text}</p> }.into_any(),
                })}
            </div>
        </Show>
    }
}

/// The identifier choice's option values: the guess, none, and a column
/// (this prefix, then its name).
const GUESSED: &str = "guessed";
const WITHOUT: &str = "none";
const NAMED: &str = "=";

/// The identifier column an option's value stands for.
fn id_choice(value: &str) -> IdColumn {
    match value.strip_prefix(NAMED) {
        Some(name) => IdColumn::Named(name.to_owned()),
        None if value == WITHOUT => IdColumn::Without,
        None => IdColumn::Guessed,
    }
}
