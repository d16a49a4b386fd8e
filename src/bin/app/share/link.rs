//! The run configuration mirrored in the URL hash: read on load (with a
//! notice for anything ignored), rewritten as the form changes, and copied
//! to the clipboard as a link that starts training when opened. For CSV
//! runs the link may carry the file too (see `crate::csv::link`); a lesson on an
//! example file loads that file.

use leptos::prelude::*;
use leptos::task::spawn_local;
use policypu::config::{DataConfig, Learner};
use policypu::data::examples::{EXAMPLE_CSVS, ExampleCsv};
use policypu::page::share::{LinkCsv, from_hash, to_hash};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen_futures::JsFuture;

use crate::csv::file::{open_example, use_csv};
use crate::csv::link::{MAX_LINK_DATA_BYTES, decode_from_link, encode_for_link};
use crate::run::lifecycle::start_run;
use crate::state::{AppState, AutoKept, AwaitedFile, use_app_state};

/// Apply the page's hash to the state, now and whenever it is edited in the
/// address bar, and keep the hash in step with the form. Starts training
/// when the link asks for it.
pub fn restore_and_mirror(state: AppState) {
    apply_hash(state, page_was_reloaded());
    let on_hash_change = Closure::<dyn FnMut()>::new(move || apply_hash(state, false));
    if let Some(window) = web_sys::window() {
        let _ = window.add_event_listener_with_callback(
            "hashchange",
            on_hash_change.as_ref().unchecked_ref(),
        );
    }
    on_hash_change.forget();
    encode_csv_while_shared(state);
    Effect::new(move |_| {
        if state.reading_link_file.get() {
            return;
        }
        let hash = to_hash(
            &state.config.get(),
            false,
            &link_csv(state),
            &state.view.get(),
        );
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("#{hash}")),
            );
        }
    });
}

/// Keep `csv_in_link` up to date with the file while sharing it is on.
fn encode_csv_while_shared(state: AppState) {
    Effect::new(move |_| {
        let file = state.csv.get();
        match (state.share_csv.get(), file) {
            (true, Some(file)) => spawn_local(async move {
                let encoded = encode_for_link(&file.bytes);
                // The file may have changed while compressing.
                if state.csv.with_untracked(|f| f.as_ref() == Some(&file)) {
                    state.csv_in_link.set(Some(encoded));
                    state.reading_link_file.set(false);
                }
            }),
            _ => state.csv_in_link.set(None),
        }
    });
}

/// The notice on a link that trains a shared run as it opens.
const SHARED_RUN: &str = "This link reproduces a run someone shared: it trains the same split \
    from the same initial weights, so on the same kind of device (CPU or GPU) its scores match \
    the ones they saw.";

/// The notice, in place of [`SHARED_RUN`], on a link that asks to train
/// but has settings that could not be read: it does not train by itself.
const CHANGED_RUN: &str = "This link asks to train a run someone shared, but parts of it \
    could not be read (listed below), so the run may not be the one shared. Check the form, \
    then press Train.";

/// Say, in place of [`SHARED_RUN`], that the file loaded is not the one the
/// link was made on, so its run is not the one shared.
pub fn another_file_loaded(state: AppState, made_on: &str, loaded: &str) {
    let said = format!(
        "This link was made on “{made_on}”, and you loaded “{loaded}”: the link's column \
         choices are not used, and the run is not the one shared."
    );
    state.link_notices.update(|notices| {
        notices.retain(|n| n != SHARED_RUN);
        notices.push(said);
    });
}

/// Whether the page was loaded by reloading it (its address then is the
/// page's own, not a link someone shared).
fn page_was_reloaded() -> bool {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.get_entries_by_type("navigation").get(0))
        .and_then(|entry| js_sys::Reflect::get(&entry, &"type".into()).ok())
        .and_then(|kind| kind.as_string())
        .is_some_and(|kind| kind == "reload")
}

/// Read the settings (and any CSV data) from the location's hash, if it has
/// any, `reloaded` saying whether it came from reloading the page; a lesson
/// on an example file loads that file.
fn apply_hash(state: AppState, reloaded: bool) {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    if hash.trim_start_matches('#').is_empty() {
        return;
    }
    let shared = from_hash(&hash);
    // An earlier link no longer waits for a file.
    state.link_awaits_file.set(None);
    let columns = match &shared.config.data {
        DataConfig::Csv { columns } => Some(columns.clone()),
        DataConfig::Builtin { .. } => None,
    };
    let lesson_file = shared.view.lesson.and_then(|lesson| lesson.example);
    let mut notices = shared.notices;
    // A link with parts that could not be read would not give the run shared.
    let changed = !notices.is_empty();
    // A lesson's link has its banner; a reloaded one is the user's own run.
    if shared.autorun && !reloaded && shared.view.lesson.is_none() {
        let notice = if changed { CHANGED_RUN } else { SHARED_RUN };
        notices.insert(0, notice.to_string());
    }
    state.config.set(shared.config);
    state.link_notices.set(notices);
    state.view.set(shared.view);
    let autorun = shared.autorun && !changed && !state.status.get_untracked().is_active();
    let file_name = shared.csv.name.clone();
    match (shared.csv.data, columns, lesson_file) {
        (Some(data), Some(columns), _) => {
            state.reading_link_file.set(true);
            spawn_local(async move {
                match decode_from_link(&data) {
                    Ok(bytes) => {
                        state.share_csv.set(true);
                        let name = file_name.unwrap_or_else(|| "CSV from the link".to_string());
                        use_csv(state, name, bytes, Some(columns));
                        if autorun {
                            start_run(state);
                        }
                    }
                    Err(message) => {
                        state.reading_link_file.set(false);
                        state.link_notices.update(|n| {
                            n.retain(|n| n != SHARED_RUN);
                            n.push(message);
                        });
                    }
                }
            })
        }
        (None, Some(columns), Some(example)) => spawn_local(async move {
            match open_example(state, example, Some(columns)).await {
                Ok(()) if autorun => start_run(state),
                Ok(()) => {}
                Err(message) => state.link_notices.update(|n| {
                    n.push(format!(
                        "The lesson's example file {} could not be loaded ({message}): \
                         press “{}” under the data panel to try again.",
                        example.file, example.title
                    ))
                }),
            }
        }),
        (None, Some(columns), None) if state.csv.with_untracked(Option::is_none) => {
            // The link's roles are the user's: its file, loaded next, keeps them.
            // Roles made on a named file are for it, even the default ones a
            // guess would change; without a file only a choice counts.
            let roles_chosen = file_name.is_some() || columns != columns.unchosen_roles();
            state.link_awaits_file.set(Some(AwaitedFile {
                name: file_name,
                roles_chosen,
                shown: true,
                reloaded,
            }));
        }
        (None, Some(_), None) => {
            // The link's roles are the user's: the file loaded keeps them
            // where they fit.
            let loaded = state.csv.try_update_untracked(|f| {
                f.as_mut().map(|f| {
                    f.roles_given = true;
                    f.name.clone()
                })
            });
            if let (Some(Some(loaded)), Some(linked)) = (loaded, file_name)
                && loaded != linked
            {
                state.link_notices.update(|n| {
                    n.push(format!(
                        "This link describes a run on “{linked}”; it runs on the file loaded \
                         here, “{loaded}”, with the link's column choices where they fit it."
                    ))
                });
            }
            if autorun {
                start_run(state);
            }
        }
        _ if autorun => start_run(state),
        _ => {}
    }
}

/// The link that reproduces the form's run: this page, the settings (and
/// the CSV when shared) in the hash, autorun on.
fn share_url(state: AppState) -> Option<String> {
    let location = web_sys::window()?.location();
    let page = location.href().ok()?;
    let base = page.split('#').next().unwrap_or(&page).to_string();
    let csv = untrack(|| link_csv(state));
    Some(format!(
        "{base}#{}",
        to_hash(
            &state.config.get_untracked(),
            true,
            &csv,
            &state.view.get_untracked()
        )
    ))
}

/// The CSV file as links carry it: its name whenever the run is on a CSV
/// file, its data while sharing it is on.
fn link_csv(state: AppState) -> LinkCsv {
    let on_csv = state
        .config
        .with(|c| matches!(c.data, DataConfig::Csv { .. }));
    LinkCsv {
        name: on_csv
            .then(|| state.csv.with(|f| f.as_ref().map(|f| f.name.clone())))
            .flatten(),
        data: state.csv_in_link.with(|d| d.clone().and_then(Result::ok)),
    }
}

/// The form's learner and the one the results show, named, where a
/// comparison left them different (auto's candidates aside).
fn learner_not_shown(state: AppState) -> Option<(String, String)> {
    let form = state.config.get_untracked();
    let shown = state.run_config.get_untracked()?;
    (form.learner != shown.learner && !form.learner.is_auto())
        .then(|| (form.learner_label(), shown.learner_label()))
}

/// The candidate kept on auto's leaderboard in place of auto's own model,
/// named as there, while the form still asks for auto: a link holds the
/// settings, so it trains auto again and keeps auto's choice.
fn candidate_kept_instead_of_auto(state: AppState) -> Option<String> {
    if !state.config.with_untracked(|c| c.learner == Learner::Auto) {
        return None;
    }
    state.auto.with_untracked(|auto| {
        let auto = auto.as_ref()?;
        matches!(auto.kept, AutoKept::Candidate(_))
            .then(|| auto.kept_model().map(|(name, _)| name))
            .flatten()
    })
}

/// "Copy link" and what became of it; the choice to put the CSV in the
/// link; the notice about an edited link.
#[component]
pub fn ShareControls() -> impl IntoView {
    let state = use_app_state();
    let feedback = RwSignal::new(String::new());
    // What was said on copying holds for that moment: another setting,
    // file or run makes it stale.
    Effect::new(move |_| {
        state.config.track();
        state.csv.track();
        state.run_config.track();
        feedback.set(String::new());
    });
    // What the link had that could not be used, and what it waits for.
    let notices = move || {
        let mut notices = state.link_notices.get();
        if let Some(awaited) = state.link_awaits_file.get().filter(|a| a.shown) {
            notices.push(awaited.notice());
        }
        notices
    };
    let heading = move || {
        let reloaded = state
            .link_awaits_file
            .with(|a| a.as_ref().is_some_and(|a| a.reloaded));
        if reloaded && state.link_notices.with(Vec::is_empty) {
            "After the reload:"
        } else {
            "About this link:"
        }
    };
    // The file awaited, when it is one the page ships: one press loads it.
    let awaited_example = move || {
        let awaited = state.link_awaits_file.get().filter(|a| a.shown)?;
        let name = awaited.name.as_deref()?;
        EXAMPLE_CSVS.iter().find(|e| e.file == name)
    };
    let load_example = move |example: &'static ExampleCsv| {
        // The link's roles, where it chose them for this file.
        let columns = state
            .link_awaits_file
            .get_untracked()
            .filter(|a| a.keeps_roles_for(example.file))
            .and_then(|_| match state.config.get_untracked().data {
                DataConfig::Csv { columns } => Some(columns),
                DataConfig::Builtin { .. } => None,
            });
        spawn_local(async move {
            if let Err(message) = open_example(state, example, columns).await {
                state.link_notices.update(|n| {
                    n.push(format!("{} could not be loaded ({message}).", example.file))
                });
            }
        });
    };
    let dismiss = move |_| {
        state.link_notices.set(Vec::new());
        state
            .link_awaits_file
            .update(|a| a.iter_mut().for_each(|a| a.shown = false));
    };
    let copy = move |_| {
        let Some(url) = share_url(state) else { return };
        let clipboard = web_sys::window().map(|w| w.navigator().clipboard());
        spawn_local(async move {
            let copied = match clipboard {
                Some(c) => JsFuture::from(c.write_text(&url)).await.is_ok(),
                None => false,
            };
            let without_file = state
                .config
                .with_untracked(|c| matches!(c.data, DataConfig::Csv { .. }))
                && !state
                    .csv_in_link
                    .with_untracked(|d| matches!(d, Some(Ok(_))));
            let mut said = if copied && without_file {
                let name = state
                    .csv
                    .with_untracked(|f| f.as_ref().map(|f| f.name.clone()))
                    .unwrap_or_default();
                format!(
                    "Link copied. It holds the settings but not the CSV file: whoever opens it must load \
                     the same file ({name}) for the run to be the same."
                )
            } else if copied && state.form_changed_since_run() {
                "Link copied. It holds the form's settings, which have changed since the run \
                 shown: opening it trains these (the same split and initial weights for whoever \
                 opens it), not that run."
                    .into()
            } else if let Some((form, shown)) = copied.then(|| learner_not_shown(state)).flatten() {
                format!(
                    "Link copied. It holds the form's settings, whose learner is {form}: opening \
                     it trains {form}, not {shown} shown above, and not the comparison (a link \
                     holds one run). To share {shown}, choose it as the learner first."
                )
            } else if copied {
                "Link copied: opening it reproduces this run (same split, same initial weights) and starts training.".into()
            } else {
                format!("Copying was blocked by the browser; copy this link by hand: {url}")
            };
            if let Some(name) = candidate_kept_instead_of_auto(state) {
                said += &format!(
                    " It trains auto again, which keeps its own model, not {name} that you kept: \
                     to share {name} alone, choose it in the form."
                );
            }
            feedback.set(said);
        });
    };
    let csv_loaded = move || {
        state.csv.with(Option::is_some)
            && state
                .config
                .with(|c| matches!(c.data, DataConfig::Csv { .. }))
    };
    let link_data_note = move || {
        state.csv_in_link.with(|d| match d {
            Some(Ok(text)) => format!(
                "The link carries the file ({:.1} kB).",
                text.len() as f64 / 1024.0
            ),
            Some(Err(message)) => message.clone(),
            None => format!(
                "Off: the link holds the settings only. Files up to {} kB compressed fit.",
                MAX_LINK_DATA_BYTES / 1024
            ),
        })
    };
    view! {
        <div class="share">
            <button id="copy-link" on:click=copy title="Copy a link that reproduces this run">"Copy link"</button>
            <Show when=csv_loaded>
                <label class="check">
                    <input type="checkbox" id="share-csv" prop:checked=move || state.share_csv.get()
                        on:change=move |_| state.share_csv.update(|s| *s = !*s)
                        aria-describedby="share-csv-note"/>
                    "Put the CSV data in the link"
                </label>
                <span class="hint" id="share-csv-note">{link_data_note}</span>
            </Show>
            <span id="share-feedback" class="hint" aria-live="polite">{move || feedback.get()}</span>
            <Show when=move || !notices().is_empty()>
                <div id="link-notice" class="notice" role="status">
                    <p>{heading}</p>
                    <ul>{move || notices().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
                    {move || awaited_example().map(|example| view! {
                        <button id="load-awaited-example" on:click=move |_| load_example(example)>
                            {format!("Load the example {} shipped with the page", example.file)}
                        </button>
                        " "
                    })}
                    <button on:click=dismiss>"Dismiss"</button>
                </div>
            </Show>
        </div>
    }
}
