//! Getting to Train without going through the form: "Skip to Train", the
//! page's first focusable control (shown on focus on a wide screen; on a
//! phone, where Train is below the whole form, a floating button while Train
//! is further down the page), and bringing the run's progress and scores into view when
//! Train is pressed.

use leptos::ev;
use leptos::prelude::*;
use web_sys::{Element, ScrollIntoViewOptions, ScrollLogicalPosition};

use crate::state::use_app_state;

/// The Train button's id.
const TRAIN_ID: &str = "train";

/// The element with `id`, if it is on the page.
fn element(id: &str) -> Option<Element> {
    document().get_element_by_id(id)
}

/// The window's height in CSS pixels.
fn window_height() -> f64 {
    web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0)
}

/// True when `target` lies (partly) below the window.
fn below_window(target: &Element) -> bool {
    target.get_bounding_client_rect().bottom() > window_height()
}

/// Scroll so that `target`'s top is at the top of the window.
fn scroll_to_top_of_window(target: &Element) {
    let options = ScrollIntoViewOptions::new();
    options.set_block(ScrollLogicalPosition::Start);
    target.scroll_into_view_with_scroll_into_view_options(&options);
}

/// After Train: when the run's panel (`panel_id`) would leave its progress
/// and scores low in the window, scroll it to the top.
pub fn bring_run_into_view(panel_id: &str) {
    if let Some(panel) = element(panel_id) {
        let top = panel.get_bounding_client_rect().top();
        if top < 0.0 || top > window_height() / 4.0 {
            scroll_to_top_of_window(&panel);
        }
    }
}

/// "Skip to Train": focuses Train and brings it into view.
#[component]
pub fn SkipToTrain() -> impl IntoView {
    let state = use_app_state();
    let train_below = RwSignal::new(true);
    let measure = move || {
        let below = element(TRAIN_ID).is_some_and(|train| below_window(&train));
        if below != train_below.get_untracked() {
            train_below.set(below);
        }
    };
    Effect::new(move |_| measure());
    let on_scroll = window_event_listener(ev::scroll, move |_| measure());
    let on_resize = window_event_listener(ev::resize, move |_| measure());
    on_cleanup(move || {
        on_scroll.remove();
        on_resize.remove();
    });
    let skip = move |_| {
        if let Some(train) = element(TRAIN_ID) {
            let options = ScrollIntoViewOptions::new();
            options.set_block(ScrollLogicalPosition::Center);
            train.scroll_into_view_with_scroll_into_view_options(&options);
            if let Some(train) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&train) {
                let _ = train.focus();
            }
        }
        measure();
    };
    view! {
        <button type="button" id="skip-to-train" class="skip-to-train" on:click=skip
            class:away=move || !train_below.get() || state.status.get().is_active()>
            "Skip to Train ↓"
        </button>
    }
}
