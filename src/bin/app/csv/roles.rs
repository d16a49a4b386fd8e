//! Which column plays which role: the labeled column and its "labeled"
//! value, the optional ground truth and its "positive" value, the features.
//! Every change is checked
//! at once with the core's reader; its error, naming row and column, is
//! shown beside the choices, which stay as they are.

use leptos::prelude::*;
use policypu::config::settings;
use policypu::config::{DataConfig, RunConfig};
use policypu::data::column_guess::{guess_truth_column, other_flag_columns_note, usable_features};
use policypu::data::csv::{
    self as csv, CsvColumns, CsvPreview, DateOrderChoice, MissingValues, TabularData,
    guess_labeled_value, guess_positive_value, read_csv,
};
use policypu::data::tabular_features::input_columns;
use policypu::keyed::Keyed;
use policypu::plan;
use policypu::split::csv_row_roles;
use policypu::user_text::{capitalised, plural_s};

use crate::settings::field::{NumberField, keyed_options};
use crate::state::{AppState, use_app_state};
use crate::views::notes::{Summary, notes_view};

/// The current column choice (the default while the source is not a CSV).
fn columns_of(config: &RunConfig) -> CsvColumns {
    match &config.data {
        DataConfig::Csv { columns } => columns.clone(),
        DataConfig::Builtin { .. } => CsvColumns::default(),
    }
}

/// Change the column choice.
fn edit_columns(state: AppState, edit: impl FnOnce(&mut CsvColumns)) {
    state.config.update(|c| {
        if let DataConfig::Csv { columns } = &mut c.data {
            edit(columns);
        }
    });
}

/// `columns` with the value that means positive guessed from the loaded
/// file, when its truth column holds class names and no value is chosen.
pub fn with_guessed_truth_value(state: AppState, mut columns: CsvColumns) -> CsvColumns {
    let guess = state.csv.with_untracked(|f| {
        f.as_ref()
            .and_then(|f| guess_positive_value(&f.bytes, &columns))
    });
    if let Some(guess) = guess {
        columns.truth_value = Some(guess.value);
    }
    columns
}

/// Where `columns` names no features (every other column), names those
/// [`usable_features`] keeps under its roles, as the command line does: a
/// column a role frees that is no feature (one named as the true class, a
/// row label) is then not trained on.
fn name_usable_features(preview: &CsvPreview, columns: &mut CsvColumns) {
    if columns.features.is_none() {
        columns.features =
            usable_features(preview, &columns.labeled, columns.truth.as_deref()).chosen();
    }
}

/// Change the labeled column or its value (and the truth column with it).
/// The value that means positive is guessed again when it is empty or the
/// one the old choice guessed, since that guess came from the old labeled
/// rows (and a choice that marked no row guessed none), or when the truth
/// column changed; a value the guess did not give stays.
fn edit_labeled(state: AppState, edit: impl FnOnce(&mut CsvColumns)) {
    let guess = |columns: &CsvColumns| {
        let unchosen = CsvColumns {
            truth_value: None,
            ..columns.clone()
        };
        with_guessed_truth_value(state, unchosen).truth_value
    };
    let mut columns = state.config.with_untracked(columns_of);
    let guess_again = columns.truth_value.is_none() || columns.truth_value == guess(&columns);
    let truth = columns.truth.clone();
    edit(&mut columns);
    if guess_again || columns.truth != truth {
        columns.truth_value = guess(&columns);
    }
    edit_columns(state, move |c| *c = columns);
}

/// The loaded file as the reader makes it with the column choice: read
/// again only when the file or the choice changes, not when another setting
/// does (reading a 49,000-row file took the page over half a second,
/// `results/bench-browser-large-csv-before.md`). The old table is dropped
/// before the new one is read, so two are never held at once, and the new
/// one counts as changed: comparing them costs as much as it could spare.
fn read_table(state: AppState, columns: Memo<CsvColumns>) -> Memo<Result<TabularData, String>> {
    Memo::new_owning(move |old| {
        drop(old);
        let table = columns.with(|columns| {
            state.csv.with(|f| match f {
                Some(f) => read_csv(&f.bytes, columns).map_err(|e| e.to_string()),
                None => Err("No file loaded.".to_string()),
            })
        });
        (table, true)
    })
}

/// What the reader made of the file (previewed as `preview`, read as
/// `table`): a headline of rows and columns, then the reader's notes
/// (currency signs read, categories made, a sample taken, another flag
/// column); or why the run's split leaves it too few rows (with settings
/// in range; the form marks the others).
fn check(
    state: AppState,
    preview: &CsvPreview,
    table: Memo<Result<TabularData, String>>,
) -> Result<Summary, String> {
    let config = state.config.get();
    let columns = columns_of(&config);
    table.with(|table| {
        let table = table.as_ref().map_err(Clone::clone)?;
        if plan::check(&config).is_empty() {
            csv_row_roles(table, &config).map_err(|e| e.to_string())?;
        }
        let labeled = table.labeled.iter().filter(|l| **l).count();
        let truth = match &table.truth {
            Some(t) => format!(
                "; truth known{}: {} positive, {} negative",
                columns
                    .truth_value
                    .as_ref()
                    .map_or_else(String::new, |v| format!(" (\"{v}\" is positive)")),
                t.iter().filter(|y| **y).count(),
                t.iter().filter(|y| !**y).count()
            ),
            None => "; no truth column, so only held-out positives can be scored".to_string(),
        };
        let (dim, read) = (table.dim(), input_columns(&table.inputs).len());
        let features = if dim > read {
            format!("{read} feature column{} ({dim} inputs)", plural_s(read))
        } else {
            format!("{dim} feature{}", plural_s(dim))
        };
        let headline = format!(
            "Ready: {} rows, {labeled} labeled positive{}, {} unlabeled, {features}{truth}.",
            table.rows(),
            plural_s(labeled),
            table.rows() - labeled,
        );
        let notes = table
            .warnings
            .iter()
            .cloned()
            .chain(other_flag_columns_note(preview, &columns))
            .collect();
        Ok(Summary { headline, notes })
    })
}

/// The hint under "Missing values": which cells count as missing and what
/// the choice leaves alone.
fn missing_hint() -> String {
    format!(
        "{} in a feature column; a row whose true class is missing is left out whatever \
         the choice. The summary below says how many rows or cells it changed.",
        capitalised(&csv::missing_cells_text())
    )
}

/// The role pickers and the reader's verdict.
#[component]
pub fn ColumnRoles(
    /// The file's header and column kinds.
    preview: CsvPreview,
) -> impl IntoView {
    let state = use_app_state();
    let columns = Memo::new(move |_| state.config.with(columns_of));
    let table = read_table(state, columns);
    let verdict = {
        let preview = preview.clone();
        Memo::new(move |_| check(state, &preview, table))
    };
    Effect::new(move |_| state.csv_problem.set(verdict.get().err()));
    on_cleanup(move || state.csv_problem.set(None));
    let header = preview.header.clone();
    let labeled_options = header.clone();
    let truth_options = header.clone();
    let values_of = {
        let (header, values) = (header.clone(), preview.values.clone());
        move |name: Option<String>| -> Vec<String> {
            name.and_then(|name| header.iter().position(|h| *h == name))
                .map(|i| values.of(i).into_iter().map(str::to_owned).collect())
                .unwrap_or_default()
        }
    };
    let labeled_values = {
        let values_of = values_of.clone();
        Memo::new(move |_| values_of(Some(columns.with(|c| c.labeled.clone()))))
    };
    let truth_values = Memo::new(move |_| values_of(columns.with(|c| c.truth.clone())));
    // Another labeled column drops the value chosen for the old one, as
    // another truth column does; the new one's is guessed where it has gaps
    // or two words. Without a truth column (or with the new labeled one as
    // it), the truth is guessed beside the new labeled column.
    let set_labeled = {
        let preview = preview.clone();
        move |ev| {
            let name = event_target_value(&ev);
            let value = guess_labeled_value(&preview, &name);
            let truth = guess_truth_column(&preview, &name);
            edit_labeled(state, |c| {
                if c.truth.as_ref().is_none_or(|truth| *truth == name) {
                    if let (Some(features), Some(truth)) = (&mut c.features, &truth) {
                        features.retain(|feature| feature != truth);
                    }
                    c.truth = truth;
                    c.truth_value = None;
                }
                // A column taken for a role leaves the features ticked by hand.
                if let Some(features) = &mut c.features {
                    features.retain(|feature| *feature != name);
                }
                c.labeled = name;
                c.labeled_value = value;
                name_usable_features(&preview, c);
            });
        }
    };
    let set_truth = {
        let preview = preview.clone();
        move |ev| {
            let name = event_target_value(&ev);
            let mut columns = columns.get_untracked();
            if let Some(features) = &mut columns.features {
                features.retain(|feature| *feature != name);
            }
            columns.truth = (!name.is_empty()).then_some(name);
            columns.truth_value = None;
            name_usable_features(&preview, &mut columns);
            let columns = with_guessed_truth_value(state, columns);
            edit_columns(state, move |c| *c = columns);
        }
    };
    let set_missing = move |ev| {
        if let Some(choice) = MissingValues::from_key(&event_target_value(&ev)) {
            edit_columns(state, |c| c.missing = choice);
        }
    };
    let set_date_order = move |ev| {
        if let Some(choice) = DateOrderChoice::from_key(&event_target_value(&ev)) {
            edit_columns(state, |c| c.date_order = choice);
        }
    };
    // Shown where the file has dates whose order the choice settles, or a
    // link chose one.
    let has_dates = preview.has_dates_day_or_month_first();
    let dates_matter =
        move || has_dates || columns.with(|c| c.date_order != DateOrderChoice::Shown);
    view! {
        <fieldset class="csv-roles">
            <legend>"Column roles"</legend>
            <div class="field">
                <label for="csv-labeled">"Labeled positives are marked in"</label>
                <select id="csv-labeled" on:change=set_labeled>
                    {labeled_options.into_iter().map(|name| {
                        let selected = name.clone();
                        let value = name.clone();
                        view! { <option value=value prop:selected=move || columns.with(|c| c.labeled == selected)>{name}</option> }
                    }).collect_view()}
                </select>
            </div>
            <ValueField id="csv-labeled-value" label="Value that means “labeled”"
                placeholder=format!("empty: flags {}", csv::labeled_flag_pairs())
                hint="Rows with this value are labeled positives; all others are unlabeled."
                value=Signal::derive(move || columns.with(|c| c.labeled_value.clone()))
                options=labeled_values
                set=move |value| edit_labeled(state, |c| c.labeled_value = value)/>
            <div class="field">
                <label for="csv-truth">"True class (for evaluation only)"</label>
                <select id="csv-truth" on:change=set_truth aria-describedby="csv-truth-hint">
                    <option value="" prop:selected=move || columns.with(|c| c.truth.is_none())>"none"</option>
                    {truth_options.into_iter().map(|name| {
                        let selected = name.clone();
                        let value = name.clone();
                        view! { <option value=value prop:selected=move || columns.with(|c| c.truth.as_deref() == Some(selected.as_str()))>{name}</option> }
                    }).collect_view()}
                </select>
                <small class="hint" id="csv-truth-hint">"Never shown to the learners; it scores the test set and colours the scatter."</small>
            </div>
            <Show when=move || columns.with(|c| c.truth.is_some())>
                <ValueField id="csv-truth-value" label="Value that means “positive”"
                    placeholder=format!("empty: {}", csv::truth_value_pairs())
                    hint="For a column of class names: rows with this value are positives, all others negatives. Guessed as the class most labeled rows hold, and again when the labeled rows change, unless you typed another."
                    value=Signal::derive(move || columns.with(|c| c.truth_value.clone()))
                    options=truth_values
                    set=move |value| edit_columns(state, |c| c.truth_value = value)/>
            </Show>
            <div class="field">
                <label for="csv-missing">"Missing values"</label>
                <select id="csv-missing" on:change=set_missing aria-describedby="csv-missing-hint">
                    {keyed_options(MissingValues::label, move || columns.with(|c| c.missing))}
                </select>
                <small class="hint" id="csv-missing-hint">{missing_hint()}</small>
            </div>
            <Show when=dates_matter>
                <div class="field">
                    <label for="csv-date-order">"Dates written"</label>
                    <select id="csv-date-order" on:change=set_date_order aria-describedby="csv-date-order-hint">
                        {keyed_options(DateOrderChoice::label, move || columns.with(|c| c.date_order))}
                    </select>
                    <small class="hint" id="csv-date-order-hint">"For dates such as 05/01/2023 in a feature column: which part is the day. A day past 12 (15/01/2023) shows it; name it for a column that has none, such as the first of each month."</small>
                </div>
            </Show>
            <FeatureChoice preview=preview.clone()/>
            <NumberField setting=&settings::TEST_FRACTION/>
            {move || match verdict.get() {
                Ok(summary) => summary.view("csv-summary", "csv-reader-notes"),
                Err(message) => view! { <p class="error" id="csv-error" role="alert">{message}</p> }.into_any(),
            }}
        </fieldset>
    }
}

/// A text field for the value that means "labeled" or "positive" in a
/// column, offering the column's values; empty means the column's words.
#[component]
fn ValueField(
    /// The input's id; its list and hint take it as a prefix.
    id: &'static str,
    /// The label.
    label: &'static str,
    /// What an empty field means.
    placeholder: String,
    /// The hint below the field.
    hint: &'static str,
    /// The chosen value.
    value: Signal<Option<String>>,
    /// The column's values, offered as choices.
    options: Memo<Vec<String>>,
    /// Takes the new value, None when the field is emptied.
    set: impl Fn(Option<String>) + 'static,
) -> impl IntoView {
    let (list, hint_id) = (format!("{id}s"), format!("{id}-hint"));
    let change = move |ev| {
        let value = event_target_value(&ev).trim().to_string();
        set((!value.is_empty()).then_some(value));
    };
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <input id=id type="text" list=list.clone() placeholder=placeholder
                prop:value=move || value.get().unwrap_or_default()
                on:change=change aria-describedby=hint_id.clone()/>
            <datalist id=list>
                {move || options.get().into_iter().map(|v| view! { <option value=v/> }).collect_view()}
            </datalist>
            <small class="hint" id=hint_id>{hint}</small>
        </div>
    }
}

/// A checkbox per column that may be a feature (all but the labeled and
/// truth columns); with no explicit list, all of them are features. The
/// columns the reader leaves out (`usable_features`) say why: text, or
/// numbers with a few stray cells, the first of those located.
#[component]
fn FeatureChoice(preview: CsvPreview) -> impl IntoView {
    let state = use_app_state();
    let columns = Memo::new(move |_| state.config.with(columns_of));
    let header = preview.header.clone();
    let all = header.clone();
    let toggle = move |name: String| {
        let all = all.clone();
        edit_columns(state, move |c| {
            let mut chosen: Vec<String> = c.features.clone().unwrap_or_else(|| {
                all.iter()
                    .filter(|n| **n != c.labeled && c.truth.as_ref() != Some(*n))
                    .cloned()
                    .collect()
            });
            match chosen.iter().position(|n| *n == name) {
                Some(i) => {
                    chosen.remove(i);
                }
                None => chosen.push(name),
            }
            // Keep file order, so the features read the same way every time.
            chosen.sort_by_key(|n| all.iter().position(|h| h == n));
            c.features = Some(chosen);
        });
    };
    // Many columns: tick every numeric one, or none, in one click.
    let numeric = {
        let preview = preview.clone();
        move || {
            edit_columns(state, |c| {
                c.features = usable_features(&preview, &c.labeled, c.truth.as_deref()).chosen();
            })
        }
    };
    let none = move || edit_columns(state, |c| c.features = Some(Vec::new()));
    let left_out = Signal::derive(move || {
        let usable = columns.with(|c| usable_features(&preview, &c.labeled, c.truth.as_deref()));
        // A column the user ticked is not left out: the reader's message
        // says what is wrong with it instead.
        columns.with(|c| {
            usable.notes_except(&|name| {
                c.features
                    .as_ref()
                    .is_some_and(|f| f.iter().any(|n| n == name))
            })
        })
    });
    view! {
        <fieldset class="features">
            <legend>"Features"</legend>
            <p class="feature-all">
                <button type="button" id="csv-features-numeric" on:click=move |_| numeric()>"Tick every numeric column"</button>
                " "
                <button type="button" id="csv-features-none" on:click=move |_| none()>"Untick all"</button>
            </p>
            <div class="feature-columns" role="group" aria-label="Feature columns">
            {header.into_iter().enumerate().map(|(i, name)| {
                let (shown, checked_name, toggled) = (name.clone(), name.clone(), name.clone());
                let toggle = toggle.clone();
                let role = Signal::derive(move || columns.with(|c| {
                    if c.labeled == name { Some("labeled") }
                    else if c.truth.as_deref() == Some(name.as_str()) { Some("truth") }
                    else { None }
                }));
                let checked = move || columns.with(|c| {
                    c.labeled != checked_name
                        && c.truth.as_deref() != Some(checked_name.as_str())
                        && c.features.as_ref().is_none_or(|f| f.contains(&checked_name))
                });
                view! {
                    <label class="check">
                        <input type="checkbox" id=format!("csv-feature-{i}") prop:checked=checked
                            disabled=move || role.get().is_some() on:change=move |_| toggle(toggled.clone())/>
                        {shown}
                        {move || role.get().map(|r| view! { <small class="hint">{format!(" ({r})")}</small> })}
                    </label>
                }
            }).collect_view()}
            </div>
            {move || notes_view(left_out.get(), "hint text-columns", "csv-text-columns")}
        </fieldset>
    }
}
