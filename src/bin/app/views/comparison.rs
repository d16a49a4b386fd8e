//! The session's runs side by side: a list of every finished run (tick any
//! to compare, download its model), the ticked runs' test curves overlaid
//! as in the paper's Figs. 3–4, and their final scores in the layout of the
//! paper's tables.

use leptos::prelude::*;
use policypu::export::epochs_csv;
use policypu::page::test_figure::TestFigure;
use policypu::user_text::capitalised;

use super::charts::line_chart::{LineChart, Series};
use super::panel::Panel;
use super::run_metrics::{EpochCount, kept_curve_epoch, kept_test, split_summary, training_curve};
use super::run_style::run_style;
use super::table_scroll::TableScroll;
use crate::browser::download::{download, download_model, run_file_name};
use crate::state::{RunOutcome, RunRecord, use_app_state};

/// The whole comparison panel; shown once a run has finished.
#[component]
pub fn ComparisonPanel() -> impl IntoView {
    let state = use_app_state();
    let compared = Memo::new(move |_| {
        let ids = state.compared.get();
        state.runs.with(|runs| {
            runs.iter()
                .filter(|r| ids.contains(&r.id))
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    // The figures the compared runs have (without a truth column, what
    // held-out positives and U measure), and the one charted: the user's
    // choice while the runs have it, else their first.
    let figures = Memo::new(move |_| {
        compared.with(|runs| TestFigure::for_tests(&runs.iter().map(kept_test).collect::<Vec<_>>()))
    });
    let chosen = RwSignal::new(None::<TestFigure>);
    let figure = Memo::new(move |_| {
        figures.with(|all| chosen.get().filter(|f| all.contains(f)).unwrap_or(all[0]))
    });
    let series = Signal::derive(move || {
        let figure = figure.get();
        compared.with(|runs| {
            runs.iter()
                .enumerate()
                .map(|(i, run)| {
                    Series::per_epoch_sparse(
                        run.label(),
                        run_style(i),
                        training_curve(&run.reports, figure),
                    )
                    .keeping(kept_curve_epoch(run))
                })
                .collect::<Vec<_>>()
        })
    });
    let charted = move || series.with(|all| !all.iter().all(Series::is_empty));
    let caption = Signal::derive(move || {
        let after_auto = if state
            .auto
            .with(|a| a.as_ref().is_some_and(|a| a.averaged.is_some()))
        {
            " After auto, the candidates in its mean are ticked, and any candidate kept instead; \
             the leaderboard above has every candidate's scores."
        } else {
            ""
        };
        format!(
            "Tick runs in the list to compare them: their test score over the training epochs, a \
             ring on the epoch each kept (the legend gives its score there; a faint stretch \
             joins epochs that did not score the test set), and their scores at \
             that epoch in the paper's table layout (the best PU-only score in bold).{after_auto}"
        )
    });
    view! {
        <Panel id="panel-compare" title="Runs of this session" caption explain="compare" wide=true>
            <HistoryList/>
            <Show when=move || !compared.with(Vec::is_empty)
                fallback=|| view! { <p class="hint">"No run ticked for comparison yet."</p> }>
                <CompareTable runs=compared figures/>
                <div class="field inline">
                    <label for="compare-metric">"Curve of"</label>
                    <select id="compare-metric" on:change=move |ev| {
                        let i: usize = event_target_value(&ev).parse().unwrap_or(0);
                        chosen.set(figures.with(|all| all.get(i).copied()));
                    }>
                        {move || figures.get().into_iter().enumerate().map(|(i, f)| view! {
                            <option value=i.to_string() prop:selected=move || figure.get() == f>{capitalised(f.name())}</option>
                        }).collect_view()}
                    </select>
                </div>
                <Show when=charted fallback=move || view! {
                    <p class="hint" id="compare-no-curve">{move || format!(
                        "No compared run scored its test set's {} at any epoch, so there is no curve to draw.",
                        figure.get().name()
                    )}</p>
                }>
                    <LineChart title="Test score of each compared run over the training epochs"
                        series x_title="training epoch" y_title="test score" epochs=true/>
                </Show>
            </Show>
        </Panel>
    }
}

/// Every finished run, with a tick box and a model download.
#[component]
fn HistoryList() -> impl IntoView {
    let state = use_app_state();
    let error = RwSignal::new(None::<String>);
    let toggle = move |id: u64| {
        state
            .compared
            .update(|c| match c.iter().position(|x| *x == id) {
                Some(i) => {
                    c.remove(i);
                }
                None => c.push(id),
            })
    };
    let save_model = move |run: &RunRecord| {
        let result = match &run.model {
            Some(bytes) => download_model(
                &run_file_name(
                    Some(&run.config),
                    run.data_file.as_deref(),
                    &format!("-run{}.ppumodel", run.id),
                ),
                bytes,
                run.data_file.as_deref(),
            ),
            None => Err("this run's model did not arrive".to_string()),
        };
        error.set(result.err());
    };
    let save_metrics = move |run: &RunRecord| {
        let name = run_file_name(
            Some(&run.config),
            run.data_file.as_deref(),
            &format!("-run{}-epochs.csv", run.id),
        );
        error.set(
            download(
                &name,
                "text/csv",
                epochs_csv(&run.reports, run.config.criterion()).as_bytes(),
            )
            .err(),
        );
    };
    view! {
        // Above the table, not its caption: a caption is as wide as the
        // table, which a phone scrolls sideways.
        <p class="hint" id="history-note">"Every run that ended in this session, oldest first (a comparison's \
            runs in the order it planned them, whichever worker ended first). Epochs counts \
            the learner's own training; “+ 50 before”, the epochs it trained first (click or tap \
            it for each stage's count): policyPU's pre-training, PMPU's warm-up, RankPruning's cross-validation folds."</p>
        <TableScroll label="Finished runs, one a row">
            <table class="history" id="history-table" aria-describedby="history-note">
                <thead><tr>
                    <th scope="col">"Compare"</th><th scope="col">"Run"</th><th scope="col">"Split"</th>
                    <th scope="col">"Epochs"</th><th scope="col">"Downloads"</th>
                </tr></thead>
                <tbody>
                    <For each=move || state.runs.get() key=RunRecord::row_key let:run>
                        {
                            let id = run.id;
                            let label = run.label();
                            let count = EpochCount::of(&run.reports);
                            let epochs = format!("{}{}", count.own,
                                if run.outcome == RunOutcome::Stopped { " (stopped)" } else { "" });
                            // A tap opens it: a title would show only under a mouse.
                            let before = count.before_note().map(|note| view! {
                                <details class="hint"><summary>{note}</summary>{count.before_detail()}</details>
                            });
                            let has_model = run.model.is_some();
                            let record = run.clone();
                            let metrics_of = run.clone();
                            view! {
                                <tr>
                                    <td><input type="checkbox" id=format!("compare-run-{id}") aria-label=format!("Compare {label}")
                                        prop:checked=move || state.compared.with(|c| c.contains(&id))
                                        on:change=move |_| toggle(id)/></td>
                                    <td>{label.clone()}</td>
                                    <td class="split">{split_summary(&run)}</td>
                                    <td class="epochs">{epochs}{before}</td>
                                    <td><button type="button" id=format!("model-run-{id}") disabled=!has_model
                                        aria-label=format!("Download the model of {label}")
                                        on:click=move |_| save_model(&record)>"Model"</button>
                                        <button type="button" id=format!("metrics-run-{id}")
                                        aria-label=format!("Download the per-epoch metrics of {label}")
                                        on:click=move |_| save_metrics(&metrics_of)>"Metrics (CSV)"</button></td>
                                </tr>
                            }
                        }
                    </For>
                </tbody>
            </table>
        </TableScroll>
        <p class="field-error" role="alert">{move || error.get()}</p>
    }
}

/// True for a run whose learner sees what PU data hides (the true labels,
/// or the true class prior): a reference for the others, not one of them.
fn sees_the_truth(run: &RunRecord) -> bool {
    let prior_given = run.config.given_prior().is_some();
    run.config.learner.truth_need(prior_given).is_some()
}

/// Test scores of the compared runs at the epoch each kept, one row per
/// run, the best PU-only score of each column in bold (a run that sees the
/// truth is a reference, in italics); each run's split where they differ.
#[component]
fn CompareTable(runs: Memo<Vec<RunRecord>>, figures: Memo<Vec<TestFigure>>) -> impl IntoView {
    let best = move |figure: TestFigure| {
        if !figure.higher_is_better() {
            return None;
        }
        runs.with(|runs| {
            let contenders: Vec<&RunRecord> = runs.iter().filter(|r| !sees_the_truth(r)).collect();
            // With only references ticked, they are the ones compared.
            let pool = if contenders.is_empty() {
                runs.iter().collect()
            } else {
                contenders
            };
            pool.into_iter()
                .filter_map(|r| figure.of(&kept_test(r)))
                .fold(None, |best: Option<f64>, v| {
                    Some(best.map_or(v, |b| b.max(v)))
                })
        })
    };
    let splits = move || {
        runs.with(|runs| {
            let mut s: Vec<String> = runs.iter().map(split_summary).collect();
            s.sort();
            s.dedup();
            s
        })
    };
    let splits_differ = move || splits().len() > 1;
    let references = move || {
        runs.with(|runs| {
            let mut names: Vec<String> = runs
                .iter()
                .filter(|r| sees_the_truth(r))
                .map(|r| r.config.learner_label())
                .collect();
            names.dedup();
            names
        })
    };
    let reference_note =
        move || {
            let names = references();
            (!names.is_empty() && names.len() < runs.with(Vec::len)).then(|| {
            format!(
                "In italics, {}: {} what PU data hides (the true labels or the true class prior), \
                 so {} a reference, not a contender; bold marks the best of the others.",
                names.join(" and "),
                if names.len() == 1 { "it sees" } else { "they see" },
                if names.len() == 1 { "it is" } else { "they are" },
            )
        })
        };
    view! {
        <p class="hint" id="compare-split">{move || {
            let splits = splits();
            if splits.len() == 1 {
                format!("All on the same split: {}.", splits[0])
            } else {
                "These runs used different splits (the Split column), so their scores differ by \
                 split as well as by learner.".to_string()
            }
        }}</p>
        <TableScroll label="Scores of the compared runs">
            <table class="paper-table" id="compare-table">
                <thead><tr>
                    <th scope="col">"Model"</th>
                    <Show when=splits_differ><th scope="col">"Split"</th></Show>
                    {move || figures.get().into_iter().map(|f| view! { <th scope="col">{capitalised(f.name())}</th> }).collect_view()}
                </tr></thead>
                <tbody>
                    {move || runs.get().into_iter().map(|run| {
                        let test = kept_test(&run);
                        let split = splits_differ().then(|| view! { <td class="split">{split_summary(&run)}</td> });
                        view! {
                            <tr data-learner=run.config.learner.name() class:reference=sees_the_truth(&run)>
                                <th scope="row">{run.label()}</th>
                                {split}
                                {figures.get().into_iter().map(|f| {
                                    let value = f.of(&test);
                                    let is_best = value.is_some() && value == best(f);
                                    view! {
                                        <td class:best=is_best data-metric=f.name()
                                            data-value=value.map(|v| format!("{v:.4}"))>
                                            {value.map_or_else(|| "n/a".to_string(), |v| format!("{v:.3}"))}
                                        </td>
                                    }
                                }).collect_view()}
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </TableScroll>
        <p class="hint" id="compare-reference">{reference_note}</p>
        <p class="hint" id="compare-no-truth">{move || figures.with(|f| f.contains(&TestFigure::Recall)).then_some(
            "Without a truth column a test set holds only held-out labeled positives. Their recall \
             and the share of U called positive both rise as a run calls more rows positive, so \
             neither marks a best; Lee–Liu r²/q, the recall squared over that share, grows with \
             precision × recall, and bold marks its highest. The accuracy on U is estimated with \
             each run's own class prior."
        )}</p>
    }
}
