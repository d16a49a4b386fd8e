//! The run configuration mirrored in the URL hash: read on load (with a
//! notice for anything ignored), rewritten as the form changes, and copied
//! to the clipboard as a link that starts training when opened.

use leptos::prelude::*;
use policypu::share::{from_hash, to_hash};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen_futures::JsFuture;

use crate::controls::start_run;
use crate::state::{AppState, use_app_state};

/// Apply the page's hash to the state, now and whenever it is edited in the
/// address bar, and keep the hash in step with the form. Starts training
/// when the link asks for it.
pub fn restore_and_mirror(state: AppState) {
    apply_hash(state);
    let on_hash_change = Closure::<dyn FnMut()>::new(move || apply_hash(state));
    if let Some(window) = web_sys::window() {
        let _ = window.add_event_listener_with_callback(
            "hashchange",
            on_hash_change.as_ref().unchecked_ref(),
        );
    }
    on_hash_change.forget();
    Effect::new(move |_| {
        let hash = to_hash(&state.config.get(), false, None);
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&format!("#{hash}")),
            );
        }
    });
}

/// Read the settings from the location's hash, if it has any.
fn apply_hash(state: AppState) {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    if hash.trim_start_matches('#').is_empty() {
        return;
    }
    let shared = from_hash(&hash);
    state.config.set(shared.config);
    state.link_notices.set(shared.notices);
    if shared.autorun && !state.status.get_untracked().is_active() {
        start_run(state);
    }
}

/// The link that reproduces the form's run: this page, the settings in the hash, autorun on.
fn share_url(state: AppState) -> Option<String> {
    let location = web_sys::window()?.location();
    let page = location.href().ok()?;
    let base = page.split('#').next().unwrap_or(&page).to_string();
    Some(format!(
        "{base}#{}",
        to_hash(&state.config.get_untracked(), true, None)
    ))
}

/// "Copy link" and what became of it; the notice about an edited link.
#[component]
pub fn ShareControls() -> impl IntoView {
    let state = use_app_state();
    let feedback = RwSignal::new(String::new());
    let copy = move |_| {
        let Some(url) = share_url(state) else { return };
        let clipboard = web_sys::window().map(|w| w.navigator().clipboard());
        leptos::task::spawn_local(async move {
            let copied = match clipboard {
                Some(c) => JsFuture::from(c.write_text(&url)).await.is_ok(),
                None => false,
            };
            feedback.set(if copied {
                "Link copied: opening it reproduces this run (same split, same initial weights) and starts training.".into()
            } else {
                format!("Copying was blocked by the browser; copy this link by hand: {url}")
            });
        });
    };
    view! {
        <div class="share">
            <button id="copy-link" on:click=copy title="Copy a link that reproduces this run">"Copy link"</button>
            <span id="share-feedback" class="hint" aria-live="polite">{move || feedback.get()}</span>
            <Show when=move || !state.link_notices.with(Vec::is_empty)>
                <div id="link-notice" class="notice" role="status">
                    <p>"Some settings in this link could not be used and were replaced by defaults:"</p>
                    <ul>{move || state.link_notices.get().into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
                    <button on:click=move |_| state.link_notices.set(Vec::new())>"Dismiss"</button>
                </div>
            </Show>
        </div>
    }
}
