//! The settings form: one control per `RunConfig` field, each with bounds
//! and a hint. A value that does not parse or is out of range is refused at
//! its field with a message, and the configuration keeps its last good value.

use leptos::prelude::*;
use policypu::config::settings;
use policypu::config::{BackendChoice, DataConfig, Learner, ModelPreset, PolicyVariant, RunConfig};
use policypu::data::csv::CsvColumns;
use policypu::data::tasks::BuiltinDataset;
use policypu::keyed::Keyed;
use policypu::priors::PRIORS;
use policypu::selection::Criterion;

use crate::csv::panel::CsvPanel;
use crate::settings::field::{NumberField, SelectField};
use crate::state::{AppState, use_app_state};

/// Checkboxes choosing which classes of a built-in dataset are positive.
#[component]
fn PositiveClasses() -> impl IntoView {
    let state = use_app_state();
    let builtin = move || match state.config.get().data {
        DataConfig::Builtin {
            dataset,
            positive_classes,
        } => Some((dataset, positive_classes)),
        DataConfig::Csv { .. } => None,
    };
    let toggle = move |class: u8| {
        state.config.update(|c| {
            if let DataConfig::Builtin {
                positive_classes, ..
            } = &mut c.data
            {
                if let Some(i) = positive_classes.iter().position(|p| *p == class) {
                    positive_classes.remove(i);
                } else {
                    positive_classes.push(class);
                    positive_classes.sort_unstable();
                }
            }
        })
    };
    let error = move || {
        state.problems.with(|problems| {
            problems
                .iter()
                .find(|e| e.field == "data.positive_classes")
                .map(|e| e.message.clone())
        })
    };
    move || {
        builtin().map(|(dataset, positive)| {
            view! {
                <fieldset class="classes" class:invalid=move || error().is_some()>
                    <legend>{settings::POSITIVE_CLASSES_LABEL}</legend>
                    {dataset.class_names().into_iter().enumerate().map(|(i, name)| {
                        let class = i as u8;
                        view! {
                            <label class="check">
                                <input type="checkbox" id=format!("class-{i}") prop:checked=positive.contains(&class)
                                    on:change=move |_| toggle(class)/>
                                {name}
                            </label>
                        }
                    }).collect_view()}
                    <small class="hint" id="classes-hint">{dataset.describe_choice(&positive)}</small>
                    <small class="field-error" role="alert">{error}</small>
                </fieldset>
            }
        })
    }
}

/// "What if the prior were wrong": buttons that set nnPU's π off the
/// split's true ρ (built-in data, where ρ is known before the run), and back.
#[component]
fn WrongPrior() -> impl IntoView {
    let state = use_app_state();
    let rho = move || {
        state.config.with(|c| match c.data {
            DataConfig::Builtin { .. } if c.learner.prior_estimator().is_none() => {
                Some(c.split.rho)
            }
            _ => None,
        })
    };
    let set = move |prior: Option<f64>| state.config.update(|c| c.nnpu.prior = prior);
    move || {
        rho().map(|rho| {
            let (low, high) = wrong_priors(rho);
            view! {
                <div class="field wrong-prior" id="wrong-prior">
                    <small class="hint">{format!("This split's true ρ is {rho}. What if nnPU were told otherwise?")}</small>
                    <div class="buttons">
                        <button type="button" id="prior-low" on:click=move |_| set(Some(low))>{format!("π = {low}")}</button>
                        <button type="button" id="prior-true" on:click=move |_| set(None)>"the true ρ"</button>
                        <button type="button" id="prior-high" on:click=move |_| set(Some(high))>{format!("π = {high}")}</button>
                    </div>
                </div>
            }
        })
    }
}

/// Two wrong priors for a true ρ: halfway to 0 and halfway to 1, rounded
/// to 0.05 and kept within the allowed priors.
fn wrong_priors(rho: f64) -> (f64, f64) {
    let round = |p: f64| ((p * 20.0).round() / 20.0).clamp(PRIORS.0, PRIORS.1);
    (round(rho / 2.0), round((1.0 + rho) / 2.0))
}

/// The policyPU variant: this app's default or the paper's literal
/// algorithm, so a class can compare them. A link may carry another mix of
/// reward, threshold and baseline; it is then shown as such, and choosing a
/// variant replaces it.
#[component]
fn PolicyVariantField() -> impl IntoView {
    let state = use_app_state();
    let mixed = Memo::new(move |_| {
        state
            .config
            .with(|c| c.policy.variant() == PolicyVariant::Mixed)
    });
    move || {
        let mut variants = vec![PolicyVariant::Coherent, PolicyVariant::Paper];
        if mixed.get() {
            variants.push(PolicyVariant::Mixed);
        }
        view! {
            <SelectField label="Policy variant" id="policy-variant" hint=crate::teach::texts::POLICY_VARIANT_HINT
                options=variants.into_iter().map(|v| (v, v.label())).collect()
                get=|c| c.policy.variant() set=|c, v| c.policy = c.policy.clone().with_variant(v)/>
        }
    }
}

/// Where the examples come from, as the data source select offers it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Source {
    /// A built-in image subset.
    Builtin(BuiltinDataset),
    /// The user's CSV file.
    Csv,
}

fn source_of(c: &RunConfig) -> Source {
    match c.data {
        DataConfig::Builtin { dataset, .. } => Source::Builtin(dataset),
        DataConfig::Csv { .. } => Source::Csv,
    }
}

/// Switch the data source (CSV data gets the page's CSV settings,
/// [`RunConfig::switch_to_csv`]). Leaving a CSV file keeps its column roles and learner,
/// which coming back to it restores.
fn set_source(state: AppState, c: &mut RunConfig, source: Source) {
    if source_of(c) == source {
        return;
    }
    let file = state
        .csv
        .with_untracked(|f| f.as_ref().map(|f| f.name.clone()));
    match (source, &c.data) {
        (Source::Builtin(dataset), DataConfig::Csv { columns }) => {
            let left = file.map(|name| (name, columns.clone(), c.learner));
            state.csv_left.set_value(left);
            c.data = DataConfig::builtin(dataset);
        }
        (Source::Builtin(dataset), DataConfig::Builtin { .. }) => {
            c.data = DataConfig::builtin(dataset);
        }
        (Source::Csv, _) => match state.csv_left.get_value() {
            Some((name, columns, learner)) if Some(&name) == file.as_ref() => {
                c.switch_to_csv(columns);
                c.learner = learner;
            }
            _ => c.switch_to_csv(CsvColumns::default()),
        },
    }
}

/// The whole form.
#[component]
pub fn SettingsForm() -> impl IntoView {
    let state = use_app_state();
    let uses_policy = move || state.config.with(|c| c.learner.uses_policy());
    let uses_prior = move || state.config.with(|c| c.learner.uses_prior());
    let is_csv = move || state.config.with(|c| source_of(c) == Source::Csv);
    view! {
        <form class="settings" on:submit=|ev| ev.prevent_default() aria-label="Run settings">
            <h2>"Data"</h2>
            <SelectField label="Data source" id="dataset" hint="Built-in image subsets are downloaded once per session; a CSV file stays in this tab."
                options=BuiltinDataset::ALL.iter().map(|&d| (Source::Builtin(d), d.title()))
                    .chain([(Source::Csv, "Your CSV file")]).collect()
                get=source_of set=move |c, source| set_source(state, c, source)/>
            <Show when=is_csv fallback=|| view! {
                <PositiveClasses/>
                <h2>"PU training set"</h2>
                <NumberField setting=&settings::N_LABELED/>
                <NumberField setting=&settings::N_UNLABELED/>
                <NumberField setting=&settings::RHO/>
            }>
                <CsvPanel/>
            </Show>
            <NumberField setting=&settings::SEED/>
            <h2>"Learner"</h2>
            <SelectField label="Learner" id="learner"
                hint=Signal::derive(move || state.config.with(|c| c.learner.spec().about))
                options=Learner::all().map(|l| (l, l.name())).collect()
                get=|c| c.learner set=|c, l| c.learner = l/>
            <SelectField label=settings::MODEL_LABEL id="model" hint="Fast MLPs train in seconds; the paper's CNN needs a GPU."
                options=ModelPreset::ALL.iter().map(|m| (*m, m.label())).collect()
                get=|c| c.model set=|c, m| c.model = m/>
            <SelectField label="Backend" id="backend" hint="Auto times WebGPU against the CPU on a real GPU and keeps the faster; else the CPU."
                options=vec![(BackendChoice::Auto, "Auto"), (BackendChoice::Gpu, "WebGPU"), (BackendChoice::Cpu, "CPU")]
                get=|c| c.backend set=|c, b| c.backend = b/>
            <h2>"Training"</h2>
            <NumberField setting=&settings::EPOCHS/>
            <SelectField label="Keep the epoch chosen by" id="select-by" hint=crate::teach::texts::SELECT_BY_HINT
                options=Criterion::ALL.iter().map(|c| (*c, c.label())).collect()
                get=|c| c.select_by set=|c, v| c.select_by = v/>
            <NumberField setting=&settings::VALIDATION_FRACTION/>
            <NumberField setting=&settings::BATCH_SIZE/>
            <NumberField setting=&settings::LR/>
            <NumberField setting=&settings::WEIGHT_DECAY/>
            <Show when=uses_policy>
                <h2>"Policy"</h2>
                <PolicyVariantField/>
                <NumberField setting=&settings::POLICY_LR/>
                <NumberField setting=&settings::POLICY_WEIGHT_DECAY/>
                <NumberField setting=&settings::PRETRAIN_EPOCHS/>
                <NumberField setting=&settings::TARGET_UPDATE_EVERY/>
                <NumberField setting=&settings::ACTION_SPREAD/>
                <div class="field">
                    <label class="check">
                        <input type="checkbox" id="policy-frozen"
                            prop:checked=move || state.config.with(|c| c.policy.frozen)
                            on:change=move |ev| {
                                let frozen = event_target_checked(&ev);
                                state.config.update(|c| c.policy.frozen = frozen);
                            }/>
                        "Freeze the policy (ablation)"
                    </label>
                    <small class="hint">"Keep the pre-trained policy for the whole run, to see what learning it buys."</small>
                </div>
            </Show>
            <Show when=uses_prior>
                <h2>"Risk estimator"</h2>
                <NumberField setting=&settings::PRIOR/>
                <WrongPrior/>
                <NumberField setting=&settings::BETA/>
                <NumberField setting=&settings::GAMMA/>
            </Show>
        </form>
    }
}
