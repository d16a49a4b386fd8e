//! Downloads of the current run: per-epoch metrics (CSV and JSON), the
//! final value of every unlabeled example (CSV) and the trained classifier. Made in the page, from
//! what the worker reported; nothing leaves the browser. After `auto` the
//! metrics are auto's, not its last candidate's: its leaderboard (CSV), and
//! its run file as `policypu run --learner auto --out` writes it (JSON).

use leptos::prelude::*;
use policypu::config::RunConfig;
use policypu::export::{AutoResult, actions_csv, epochs_csv, leaderboard_csv};
use policypu::report::{RunResult, selection_in};
use policypu::selection::Criterion;

use crate::browser::download::{download, download_model, run_file_name};
use crate::state::{AppState, AutoOutcome, use_app_state};

/// auto's run file (JSON): its settings, its mean's test metrics, the
/// leaderboard and the model the page keeps.
fn auto_json(state: AppState, outcome: &AutoOutcome) -> Result<String, String> {
    let result = RunResult::of_auto(
        outcome.config.clone(),
        state.device().map(|d| d.label()).unwrap_or_default(),
        outcome.prior.clone(),
        outcome.averaged.clone(),
    );
    let kept = outcome
        .kept_model()
        .map(|(name, _)| name)
        .unwrap_or_default();
    let file = AutoResult {
        result: &result,
        auto: &outcome.board,
        kept,
    };
    serde_json::to_string_pretty(&file).map_err(|e| e.to_string())
}

/// The titles of *Metrics (CSV)*, *Metrics (JSON)* and *Actions on U*, in
/// that order: after `auto` the first two are auto's files.
fn download_titles(after_auto: bool) -> [&'static str; 3] {
    if after_auto {
        [
            "auto's leaderboard: its mean and each candidate, with the PU-only scores that ranked \
             them and the test scores they did not read",
            "auto's run file, as `policypu run --learner auto --out` writes it: its settings, its \
             mean's test scores and the leaderboard",
            "The charted candidate's final value of every unlabeled example, with its true \
             label (auto's mean has none of its own)",
        ]
    } else {
        [
            "Every epoch's test, training and PU validation figures, with the kept epoch marked",
            "The settings, every epoch's report and the epoch kept",
            "The final value of every unlabeled example, with its true label",
        ]
    }
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
    let name = move |suffix: &str| {
        state
            .run_config
            .with_untracked(|c| run_file_name(c.as_ref(), state.trained_file().as_deref(), suffix))
    };
    let auto = move || state.auto.get_untracked();
    // After auto the model is its mean, or the candidate kept instead: named
    // by its settings, not the charted candidate's.
    let model_name = move || {
        run_file_name(
            state.model_config().as_ref(),
            state.trained_file().as_deref(),
            ".ppumodel",
        )
    };
    let metrics_csv = move |_| {
        if let Some(outcome) = auto() {
            let csv = leaderboard_csv(
                &outcome.board,
                outcome.averaged.as_ref(),
                outcome.config.model,
                outcome.kept_candidate(),
            );
            let name = run_file_name(
                Some(&outcome.config),
                state.trained_file().as_deref(),
                "-leaderboard.csv",
            );
            return report(download(&name, "text/csv", csv.as_bytes()));
        }
        let criterion = state.run_config.with_untracked(|c| {
            c.as_ref()
                .map_or(Criterion::LastEpoch, RunConfig::criterion)
        });
        let csv = state.reports.with_untracked(|r| epochs_csv(r, criterion));
        report(download(&name("-epochs.csv"), "text/csv", csv.as_bytes()))
    };
    let metrics_json = move |_| {
        if let Some(outcome) = auto() {
            let name = run_file_name(
                Some(&outcome.config),
                state.trained_file().as_deref(),
                ".json",
            );
            return report(
                auto_json(state, &outcome)
                    .and_then(|json| download(&name, "application/json", json.as_bytes())),
            );
        }
        let config = state.run_config.get_untracked();
        let reports = state.reports.get_untracked();
        // The epoch kept, as in the CLI's run JSON: none where it is the last.
        let selected = config
            .as_ref()
            .and_then(|c| selection_in(&reports, c.criterion()));
        let json =
            serde_json::json!({ "config": config, "reports": reports, "selected": selected });
        report(download(
            &name("-epochs.json"),
            "application/json",
            json.to_string().as_bytes(),
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
                .and_then(|csv| download(&name("-actions.csv"), "text/csv", csv.as_bytes())),
        );
    };
    let model = move |_| {
        report(
            state
                .model
                .get_untracked()
                .ok_or_else(|| "the trained model has not arrived yet".to_string())
                .and_then(|bytes| {
                    download_model(&model_name(), &bytes, state.trained_file().as_deref())
                }),
        )
    };
    let titles = move || download_titles(state.auto.with(Option::is_some));
    view! {
        <div class="exports" role="group" aria-label="Downloads">
            <span class="hint">"Download: "</span>
            <button id="export-epochs-csv" on:click=metrics_csv disabled=no_reports title=move || titles()[0]>"Metrics (CSV)"</button>
            <button id="export-epochs-json" on:click=metrics_json disabled=no_reports title=move || titles()[1]>"Metrics (JSON)"</button>
            <button id="export-actions-csv" on:click=actions disabled=no_reports
                title=move || titles()[2]>"Actions on U (CSV)"</button>
            <button id="export-model" on:click=model disabled=move || state.model.with(Option::is_none)
                title="The trained classifier and its settings; score a CSV with `policypu predict`">"Trained model"</button>
            <span class="field-error" role="alert">{move || error.get()}</span>
        </div>
    }
}
