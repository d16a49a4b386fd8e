//! Form controls bound to one field of the configuration. A number's
//! label, hint, bounds and parsing come from the core's settings table, so
//! the form says exactly what `RunConfig::validate` and the CLI say. Text
//! that does not parse or is out of range is refused at its field with a
//! message, and the configuration keeps its last good value.

use leptos::prelude::*;
use policypu::config::RunConfig;
use policypu::config::settings::NumberSetting;
use policypu::keyed::Keyed;

use crate::state::use_app_state;

/// "must be …" as a sentence: "Must be ….".
fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// A numeric setting's text field.
#[component]
pub fn NumberField(
    /// The setting, from `policypu::config::settings`.
    setting: &'static NumberSetting,
) -> impl IntoView {
    let state = use_app_state();
    let field = setting.path;
    let show = |v: Option<f64>| v.map(|v| format!("{v}")).unwrap_or_default();
    let text = RwSignal::new(show((setting.get)(&state.config.get_untracked())));
    let local_error = RwSignal::new(None::<String>);
    // Follow outside changes of the configuration (presets, links).
    Effect::new(move |_| {
        let value = (setting.get)(&state.config.get());
        if local_error.get_untracked().is_none()
            && setting.parse(&text.get_untracked()).ok().flatten() != value
        {
            text.set(show(value));
        }
    });
    let on_input = move |ev| {
        let raw = event_target_value(&ev);
        text.set(raw.clone());
        match setting.parse(&raw) {
            Ok(value) => {
                local_error.set(None);
                state.config.update(|c| setting.set(c, value));
            }
            Err(message) => local_error.set(Some(sentence(&message))),
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
            state.problems.with(|problems| {
                problems
                    .iter()
                    .find(|e| e.field == field)
                    .map(|e| sentence(&e.message))
            })
        })
    };
    let hint_id = format!("{field}-hint");
    let error_id = format!("{field}-error");
    view! {
        <div class="field" class:invalid=move || error().is_some()>
            <label for=field>{setting.label}</label>
            <input id=field type="text" inputmode=if setting.whole { "numeric" } else { "decimal" }
                prop:value=move || text.get() on:input=on_input
                aria-invalid=move || error().is_some().to_string()
                aria-describedby=format!("{hint_id} {error_id}")/>
            <small id=hint_id class="hint">{setting.hint}</small>
            <small id=error_id class="field-error" role="alert">{error}</small>
        </div>
    }
}

/// The `<option>`s of a keyed choice, each with its key as its value
/// (read it back with [`Keyed::from_key`]) and `label`'s words, selected
/// where `chosen` says.
pub fn keyed_options<T>(
    label: fn(T) -> &'static str,
    chosen: impl Fn() -> T + Copy + Send + Sync + 'static,
) -> impl IntoView
where
    T: Keyed + PartialEq + Send + Sync,
{
    T::ALL
        .iter()
        .map(|&value| {
            view! { <option value=value.key() prop:selected=move || chosen() == value>{label(value)}</option> }
        })
        .collect_view()
}

/// A drop-down over a fixed set of choices.
#[component]
pub fn SelectField<T>(
    /// Visible label.
    label: &'static str,
    /// One line under the field (for the learner, the chosen one's).
    #[prop(into)]
    hint: Signal<&'static str>,
    /// The select's id.
    id: &'static str,
    /// The choices and their labels.
    options: Vec<(T, &'static str)>,
    /// Read the value.
    get: fn(&RunConfig) -> T,
    /// Write the value.
    set: impl Fn(&mut RunConfig, T) + 'static,
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
                    <option value=i.to_string() prop:selected=move || state.config.with(|c| get(c) == value)>{text}</option>
                }).collect_view()}
            </select>
            <small id=hint_id class="hint">{move || hint.get()}</small>
        </div>
    }
}
