//! `auto`'s leaderboard: its candidates ranked by a PU-only score on the
//! validation split, the mean of the first ones that auto keeps and why,
//! the test scores beside them (marked as not used for the choice: without a
//! truth column, the recall on held-out positives and the mean's PU-only
//! figures), buttons to keep one candidate's model instead, and buttons to
//! show the mean or a candidate's run in the charts.

use leptos::prelude::*;
use policypu::auto_learner::TestColumns;
use policypu::keyed::Keyed;
use policypu::user_text::capitalised;

use super::panel::Panel;
use super::table_scroll::TableScroll;
use crate::run::{charted_run, comparison};
use crate::state::{AutoKept, Charted, use_app_state};

fn shown(value: Option<f64>) -> String {
    value.map_or_else(|| "n/a".to_string(), |v| format!("{v:.3}"))
}

/// `text` that may wrap between its words but not at a hyphen ("ROC-AUC"
/// stays whole).
fn whole_words(text: &str) -> impl IntoView + use<> {
    let words: Vec<String> = text.split(' ').map(str::to_string).collect();
    let last = words.len().saturating_sub(1);
    words
        .into_iter()
        .enumerate()
        .map(|(i, word)| view! { <span class="whole">{word}</span>{(i < last).then_some(" ")} })
        .collect_view()
}

/// A column heading: its name in whole words, and `note` on a line below it.
fn heading(name: &str, note: &'static str) -> impl IntoView + use<> {
    view! { {whole_words(name)}" "<span class="heading-note">{note}</span> }
}

/// One row's test-set cells (`TestColumns::values`), greyed: the ranking
/// never read them.
fn test_cells(values: Vec<Option<f64>>) -> impl IntoView {
    values
        .into_iter()
        .map(|v| view! { <td class="not-used">{shown(v)}</td> })
        .collect_view()
}

/// A cell of one of the row's choices (the model kept, the run charted):
/// the word `mark` (as `#mark_id`, of that class) where the row is the one chosen, else a
/// button (`#button_id`, read as `aria`) that chooses it.
struct ChoiceCell {
    chosen: bool,
    mark: &'static str,
    mark_id: &'static str,
    button: &'static str,
    button_id: String,
    aria: String,
}

impl ChoiceCell {
    fn view(self, on_click: impl Fn() + 'static) -> impl IntoView {
        let ChoiceCell {
            chosen,
            mark,
            mark_id,
            button,
            button_id,
            aria,
        } = self;
        view! {
            <td>{if chosen {
                view! { <span class=mark id=mark_id>{mark}</span> }.into_any()
            } else {
                view! {
                    <button type="button" id=button_id aria-label=aria on:click=move |_| on_click()>{button}</button>
                }.into_any()
            }}</td>
        }
    }
}

/// The cell that keeps the model of a row (`key` in its button's id), or says it is kept.
fn keep_cell(kept: bool, key: String, aria: String, keep: impl Fn() + 'static) -> impl IntoView {
    ChoiceCell {
        chosen: kept,
        mark: "kept",
        mark_id: "auto-kept",
        button: "Keep",
        button_id: format!("auto-keep-{key}"),
        aria,
    }
    .view(keep)
}

/// The leaderboard panel; shown once an `auto` run's candidates have ended.
#[component]
pub fn AutoBoardPanel() -> impl IntoView {
    let state = use_app_state();
    let caption = Signal::derive(move || {
        state.auto.with(|a| {
            a.as_ref().map_or_else(String::new, |a| {
                let missing = a.planned - a.runs.len() - a.left_out.len();
                let mut text = a.board.reason(a.config.model);
                let notes = a.refit_note.iter().chain(&a.refits_failed);
                for note in notes.chain(&a.left_out) {
                    text.push(' ');
                    text.push_str(note);
                }
                if missing > 0 {
                    text.push_str(&format!(
                        " {missing} of {} candidates did not finish and are not ranked.",
                        a.planned
                    ));
                }
                text
            })
        })
    });
    let tests = Memo::new(move |_| {
        state.auto.with(|a| {
            a.as_ref()
                .map_or(TestColumns::None, |a| a.board.test_columns())
        })
    });
    // The mean's PU-only figures, without a truth column.
    let pu_note = move || {
        state.auto.with(|a| {
            a.as_ref()
                .and_then(|a| a.averaged.as_ref())
                .and_then(|m| m.kept.pu.as_ref())
                .map(|pu| format!("auto's mean: {}", pu.summary()))
        })
    };
    let criterion = move || {
        state.auto.with(|a| {
            a.as_ref().map_or(("", ""), |a| {
                (a.board.criterion.label(), a.board.criterion_note())
            })
        })
    };
    view! {
        <Panel id="panel-auto" title="auto: the candidates ranked on PU data" caption explain="auto" wide=true>
            <TableScroll label="auto's candidates">
                <table class="paper-table" id="auto-table">
                    <thead><tr>
                        <th scope="col">"Rank"</th>
                        <th scope="col">"Candidate"</th>
                        <th scope="col">"Kept epoch"</th>
                        <th scope="col">{move || { let (name, note) = criterion(); heading(name, note) }}</th>
                        <th scope="col">{whole_words("L-vs-U AUC")}</th>
                        {move || tests.get().headings().iter().map(|h| view! {
                            <th scope="col">{heading(&capitalised(h), "(not used to choose)")}</th>
                        }).collect_view()}
                        <th scope="col">"Model"</th>
                        <th scope="col">"Charts"</th>
                    </tr></thead>
                    <tbody>
                        {move || state.auto.get().and_then(|outcome| {
                            let averaged = outcome.averaged.clone()?;
                            let kept = outcome.kept == AutoKept::Averaged;
                            let members = averaged.members.len();
                            let ranks = if outcome.board.unranked() {
                                format!("unranked: all {members}")
                            } else if outcome.board.too_few_labeled().is_some() {
                                format!("all {members}: too few labeled rows to rank")
                            } else {
                                format!("ranks 1 to {members}")
                            };
                            let keep = {
                                let outcome = outcome.clone();
                                move || comparison::keep(state, &outcome, AutoKept::Averaged)
                            };
                            Some(view! {
                                <tr class="averaged" class:best=kept data-kind="averaged">
                                    <td>"auto"</td>
                                    <th scope="row">{outcome.averaged_label()}</th>
                                    <td>"their own"</td>
                                    <td>{ranks}</td>
                                    <td>""</td>
                                    {test_cells(tests.get().values(&averaged.kept))}
                                    {keep_cell(kept, "averaged".into(),
                                        "Keep auto's model, the mean of its first candidates".into(), keep)}
                                    {ChoiceCell {
                                        chosen: outcome.charted == Some(Charted::Mean),
                                        mark: "shown",
                                        mark_id: "auto-charted",
                                        button: "Show",
                                        button_id: "auto-show-averaged".into(),
                                        aria: "Show auto's mean in the charts: its curves, and its first member's epochs".into(),
                                    }.view(move || charted_run::show(state, Charted::Mean))}
                                </tr>
                            })
                        })}
                        {move || state.auto.get().map(|outcome| {
                            outcome.board.standings.iter().enumerate().map(|(rank, s)| {
                                let id = outcome.runs[s.candidate];
                                let kept = outcome.kept == AutoKept::Candidate(id);
                                let in_mean = outcome.board.is_member(s) && outcome.averaged.is_some();
                                let label = s.label(outcome.config.model);
                                let value = s.value.map(|v| outcome.board.criterion.shown(v));
                                let lu_auc = s.validation.as_ref().and_then(|v| v.lu_auc);
                                let keep = {
                                    let outcome = outcome.clone();
                                    move || comparison::keep(state, &outcome, AutoKept::Candidate(id))
                                };
                                view! {
                                    <tr class:best=kept class:in-mean=in_mean data-learner=s.learner.key() data-model=s.model.key()>
                                        <td>{outcome.board.place(rank).map_or("–".to_string(), |p| p.to_string())}</td>
                                        <th scope="row"><span class="whole">{label.clone()}</span>{in_mean.then(|| view! {
                                            " "<span class="in-mean-tag">"(in the mean)"</span>
                                        })}</th>
                                        <td class="kept-epoch">{s.kept_epoch()}</td>
                                        <td data-metric="rank-value">{shown(value)}</td>
                                        <td>{shown(lu_auc)}</td>
                                        {test_cells(tests.get().values(&s.test))}
                                        {keep_cell(kept, (rank + 1).to_string(), format!("Keep the model of {label}"), keep)}
                                        {ChoiceCell {
                                            chosen: outcome.charted == Some(Charted::Candidate(id)),
                                            mark: "shown",
                                            mark_id: "auto-charted",
                                            button: "Show",
                                            button_id: format!("auto-show-{}", rank + 1),
                                            aria: format!("Show the run of {label} in the charts"),
                                        }.view(move || charted_run::show(state, Charted::Candidate(id)))}
                                    </tr>
                                }
                            }).collect_view()
                        })}
                    </tbody>
                </table>
            </TableScroll>
            {move || pu_note().map(|text| view! { <p class="hint" id="auto-pu-note">{text}</p> })}
        </Panel>
    }
}
