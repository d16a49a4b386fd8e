//! The settings form: one control per `RunConfig` field, each with bounds
//! and a hint. A value that does not parse or is out of range is refused at
//! its field with a message, and the configuration keeps its last good value.

use leptos::prelude::*;
use policypu::config::{BackendChoice, DataConfig, Learner, ModelPreset, RunConfig};
use policypu::data::csv::CsvColumns;
use policypu::data::tasks::BuiltinDataset;

use crate::csv_panel::CsvPanel;
use crate::state::use_app_state;

/// Reads a field of the configuration (`None`: empty, meaning the default).
type Getter = fn(&RunConfig) -> Option<f64>;
/// Writes a field of the configuration.
type Setter = fn(&mut RunConfig, Option<f64>);

/// A numeric field.
#[component]
pub fn NumberField(
    /// Visible label.
    label: &'static str,
    /// One line under the field.
    hint: &'static str,
    /// Dotted `RunConfig` path; also the input's id.
    field: &'static str,
    /// Read the value.
    get: Getter,
    /// Write the value.
    set: Setter,
    /// Smallest allowed value.
    min: f64,
    /// Largest allowed value.
    max: f64,
    /// Whole numbers only.
    #[prop(optional)]
    integer: bool,
    /// Empty means "use the default".
    #[prop(optional)]
    optional: bool,
) -> impl IntoView {
    let state = use_app_state();
    let show = |v: Option<f64>| v.map(|v| format!("{v}")).unwrap_or_default();
    let text = RwSignal::new(show(get(&state.config.get_untracked())));
    let local_error = RwSignal::new(None::<String>);
    // Follow outside changes of the configuration (presets, links).
    Effect::new(move |_| {
        let value = get(&state.config.get());
        if local_error.get_untracked().is_none()
            && parse(&text.get_untracked(), integer).ok().flatten() != value
        {
            text.set(show(value));
        }
    });
    let on_input = move |ev| {
        let raw = event_target_value(&ev);
        text.set(raw.clone());
        match parse(&raw, integer) {
            Ok(None) if optional => {
                local_error.set(None);
                state.config.update(|c| set(c, None));
            }
            Ok(None) => local_error.set(Some("Enter a value.".into())),
            Ok(Some(v)) if v < min || v > max => {
                local_error.set(Some(format!("Must be between {min} and {max}.")))
            }
            Ok(Some(v)) => {
                local_error.set(None);
                state.config.update(|c| set(c, Some(v)));
            }
            Err(message) => local_error.set(Some(message)),
        }
    };
    // The page must not start a run while this field shows text it refused.
    Effect::new(move |_| {
        let refused = local_error.get().is_some();
        state.rejected_fields.update(|fields| {
            fields.retain(|f| *f != field);
            if refused {
                fields.push(field);
            }
        });
    });
    on_cleanup(move || {
        state
            .rejected_fields
            .update(|fields| fields.retain(|f| *f != field))
    });
    let error = move || {
        local_error.get().or_else(|| {
            state.config.with(|c| {
                c.validate()
                    .into_iter()
                    .find(|e| e.field == field)
                    .map(|e| format!("Must {}", e.message.trim_start_matches("must ")))
            })
        })
    };
    let hint_id = format!("{field}-hint");
    let error_id = format!("{field}-error");
    view! {
        <div class="field" class:invalid=move || error().is_some()>
            <label for=field>{label}</label>
            <input id=field type="text" inputmode=if integer { "numeric" } else { "decimal" }
                prop:value=move || text.get() on:input=on_input
                aria-invalid=move || error().is_some().to_string()
                aria-describedby=format!("{hint_id} {error_id}")/>
            <small id=hint_id class="hint">{hint}</small>
            <small id=error_id class="field-error" role="alert">{error}</small>
        </div>
    }
}

fn parse(raw: &str, integer: bool) -> Result<Option<f64>, String> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    let value: f64 = raw
        .parse()
        .map_err(|_| format!("\"{raw}\" is not a number."))?;
    if !value.is_finite() {
        return Err("Enter a finite number.".into());
    }
    if integer && value.fract() != 0.0 {
        return Err("Enter a whole number.".into());
    }
    Ok(Some(value))
}

/// A drop-down over a fixed set of choices.
#[component]
pub fn SelectField<T>(
    /// Visible label.
    label: &'static str,
    /// One line under the field.
    hint: &'static str,
    /// The select's id.
    id: &'static str,
    /// The choices and their labels.
    options: Vec<(T, &'static str)>,
    /// Read the value.
    get: fn(&RunConfig) -> T,
    /// Write the value.
    set: fn(&mut RunConfig, T),
) -> impl IntoView
where
    T: Copy + PartialEq + Send + Sync + 'static,
{
    let state = use_app_state();
    let choices = options.clone();
    let on_change = move |ev| {
        if let Some((value, _)) = event_target_value(&ev)
            .parse::<usize>()
            .ok()
            .and_then(|i| choices.get(i))
        {
            let value = *value;
            state.config.update(|c| set(c, value));
        }
    };
    let hint_id = format!("{id}-hint");
    view! {
        <div class="field">
            <label for=id>{label}</label>
            <select id=id on:change=on_change aria-describedby=hint_id.clone()>
                {options.into_iter().enumerate().map(|(i, (value, text))| view! {
                    <option value=i.to_string() selected=move || state.config.with(|c| get(c) == value)>{text}</option>
                }).collect_view()}
            </select>
            <small id=hint_id class="hint">{hint}</small>
        </div>
    }
}

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
        state.config.with(|c| {
            c.validate()
                .into_iter()
                .find(|e| e.field == "data.positive_classes")
                .map(|e| e.message)
        })
    };
    move || {
        builtin().map(|(dataset, positive)| {
            view! {
                <fieldset class="classes" class:invalid=move || error().is_some()>
                    <legend>"Positive classes"</legend>
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
                    <small class="hint">{format!("Standard task: {}.", dataset.task_description())}</small>
                    <small class="field-error" role="alert">{error}</small>
                </fieldset>
            }
        })
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

/// Switch the data source (CSV data gets the settings of `RunConfig::use_csv`).
fn set_source(c: &mut RunConfig, source: Source) {
    if source_of(c) == source {
        return;
    }
    match source {
        Source::Builtin(dataset) => c.data = DataConfig::builtin(dataset),
        Source::Csv => c.use_csv(CsvColumns::default()),
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
                options=vec![(Source::Builtin(BuiltinDataset::Mnist), "MNIST"), (Source::Builtin(BuiltinDataset::FashionMnist), "Fashion-MNIST"),
                    (Source::Builtin(BuiltinDataset::Cifar10), "CIFAR-10"), (Source::Csv, "Your CSV file")]
                get=source_of set=set_source/>
            <Show when=is_csv fallback=|| view! {
                <PositiveClasses/>
                <h2>"PU training set"</h2>
                <NumberField label="Labeled positives n_l" field="split.n_labeled" min=1.0 max=20000.0 integer=true
                    hint="Drawn at random from all positives (SCAR)."
                    get=|c| Some(c.split.n_labeled as f64) set=|c, v| c.split.n_labeled = v.unwrap_or(300.0) as usize/>
                <NumberField label="Unlabeled |U|" field="split.n_unlabeled" min=1.0 max=100000.0 integer=true optional=true
                    hint="Empty: 3 × n_l, as in the paper."
                    get=|c| c.split.n_unlabeled.map(|v| v as f64) set=|c, v| c.split.n_unlabeled = v.map(|v| v as usize)/>
                <NumberField label="Positives in U, ρ" field="split.rho" min=0.0 max=0.95
                    hint="Fraction of U that is secretly positive (0.3, 0.5, 0.7 in the paper)."
                    get=|c| Some(c.split.rho) set=|c, v| c.split.rho = v.unwrap_or(0.3)/>
            }>
                <CsvPanel/>
            </Show>
            <NumberField label="Seed" field="seed" min=0.0 max=4294967295.0 integer=true
                hint="Same seed, same split, same initial weights, same run."
                get=|c| Some(c.seed as f64) set=|c, v| c.seed = v.unwrap_or(1.0) as u64/>
            <h2>"Learner"</h2>
            <SelectField label="Learner" id="learner" hint=crate::teaching::LEARNER_HINT
                options=Learner::ALL.iter().map(|l| (*l, l.name())).collect()
                get=|c| c.learner set=|c, l| c.learner = l/>
            <SelectField label="Model" id="model" hint="Fast MLPs train in seconds; the paper's CNN needs a GPU."
                options=vec![(ModelPreset::Fast, "Fast MLP"), (ModelPreset::PaperCnn, "Paper CNN"),
                    (ModelPreset::PaperMlp4, "Paper MLP, 4-layer policy"), (ModelPreset::PaperMlp6, "Paper MLP, 6-layer policy")]
                get=|c| c.model set=|c, m| c.model = m/>
            <SelectField label="Backend" id="backend" hint="Auto uses WebGPU on a real GPU and the CPU otherwise."
                options=vec![(BackendChoice::Auto, "Auto"), (BackendChoice::Gpu, "WebGPU"), (BackendChoice::Cpu, "CPU")]
                get=|c| c.backend set=|c, b| c.backend = b/>
            <h2>"Training"</h2>
            <NumberField label="Epochs" field="optim.epochs" min=1.0 max=2000.0 integer=true
                hint="Passes over the training set after pre-training."
                get=|c| Some(c.optim.epochs as f64) set=|c, v| c.optim.epochs = v.unwrap_or(20.0) as usize/>
            <NumberField label="Batch size m" field="optim.batch_size" min=2.0 max=4096.0 integer=true
                hint="Examples per mini-batch (128 in the paper)."
                get=|c| Some(c.optim.batch_size as f64) set=|c, v| c.optim.batch_size = v.unwrap_or(128.0) as usize/>
            <NumberField label="Classifier learning rate" field="optim.lr" min=1e-7 max=1.0
                hint="Adam step size (the paper: 1e-5 over 300 epochs)."
                get=|c| Some(c.optim.lr) set=|c, v| c.optim.lr = v.unwrap_or(1e-4)/>
            <NumberField label="Classifier weight decay" field="optim.weight_decay" min=0.0 max=10.0
                hint="L2 penalty on the classifier's weights."
                get=|c| Some(c.optim.weight_decay) set=|c, v| c.optim.weight_decay = v.unwrap_or(0.0)/>
            <Show when=uses_policy>
                <h2>"Policy"</h2>
                <NumberField label="Policy learning rate η" field="policy.lr" min=1e-7 max=1.0
                    hint="Step size of the REINFORCE update, eq. (7)."
                    get=|c| Some(c.policy.lr) set=|c, v| c.policy.lr = v.unwrap_or(1e-4)/>
                <NumberField label="Policy weight decay" field="policy.weight_decay" min=0.0 max=10.0
                    hint="L2 penalty on the policy's weights."
                    get=|c| Some(c.policy.weight_decay) set=|c, v| c.policy.weight_decay = v.unwrap_or(0.0)/>
                <NumberField label="Pre-training epochs" field="policy.pretrain_epochs" min=0.0 max=100.0 integer=true
                    hint="Classifier on P vs U, then the policy on its predictions."
                    get=|c| Some(c.policy.pretrain_epochs as f64) set=|c, v| c.policy.pretrain_epochs = v.unwrap_or(0.0) as usize/>
                <NumberField label="Target update every k epochs" field="policy.target_update_every" min=1.0 max=100.0 integer=true
                    hint="Actions are sampled from a copy Θ′ refreshed every k epochs (Algorithm 1)."
                    get=|c| Some(c.policy.target_update_every as f64) set=|c, v| c.policy.target_update_every = v.unwrap_or(3.0) as usize/>
                <NumberField label="Weighter action spread σ" field="policy.action_spread" min=0.01 max=5.0
                    hint="Spread of the logit-normal weight around the policy's output."
                    get=|c| Some(c.policy.action_spread) set=|c, v| c.policy.action_spread = v.unwrap_or(0.5)/>
            </Show>
            <Show when=uses_prior>
                <h2>"Risk estimator"</h2>
                <NumberField label="Class prior π" field="nnpu.prior" min=0.001 max=0.999 optional=true
                    hint="Share of positives in U. Empty: the split's true ρ, which a demo knows."
                    get=|c| c.nnpu.prior set=|c, v| c.nnpu.prior = v/>
                <NumberField label="β" field="nnpu.beta" min=0.0 max=1.0
                    hint="nnPU: how far the negative risk may dip below zero."
                    get=|c| Some(c.nnpu.beta) set=|c, v| c.nnpu.beta = v.unwrap_or(0.0)/>
                <NumberField label="γ" field="nnpu.gamma" min=0.001 max=1.0
                    hint="nnPU: step size of the correction."
                    get=|c| Some(c.nnpu.gamma) set=|c, v| c.nnpu.gamma = v.unwrap_or(1.0)/>
            </Show>
        </form>
    }
}
