//! The guided first run: a small, non-modal callout that walks through the
//! controls in order, outlining each one and scrolling it into view. It starts
//! by itself on the first visit (not when a shared link starts training),
//! remembers in localStorage that it has been seen, and "Take the tour" in
//! the header starts it again. Esc ends it from anywhere on the page. Stops
//! whose control is not on the page (a CSV source has no classes) are passed.
//! Pressing Train ends it, so it never covers a run's results.

use leptos::ev;
use leptos::html::Div;
use leptos::prelude::*;
use web_sys::{Element, ScrollIntoViewOptions, ScrollLogicalPosition};

use crate::state::{RunStatus, use_app_state};

/// localStorage key set once the tour has been shown.
const DONE_KEY: &str = "policypu.tour.done";

/// The attribute that outlines the control the tour is at (see style.css).
const TARGET_ATTRIBUTE: &str = "data-tour-target";

/// One stop of the tour.
struct Stop {
    /// CSS selector of the element it outlines.
    target: &'static str,
    /// The callout's heading.
    title: &'static str,
    /// What to do there, in a sentence or two.
    text: &'static str,
}

/// The stops, in page order.
const STOPS: [Stop; 7] = [
    Stop {
        target: "#dataset",
        title: "Choose the data",
        text: "A built-in image set, or your own CSV file. Its examples are positive or \
               negative, and the learner sees labels for only a few positives.",
    },
    Stop {
        target: ".settings .classes",
        title: "Say what is positive",
        text: "Tick the classes that count as positive; all others are negative. The paper uses \
               the even digits of MNIST.",
    },
    Stop {
        target: "[id='split.n_labeled']",
        title: "How many positives are labeled",
        text: "n_l positives get a label, drawn at random (SCAR). The unlabeled set U is drawn \
               from the rest: three times as many examples by default, as in the paper.",
    },
    Stop {
        target: "[id='split.rho']",
        title: "How many positives hide in U",
        text: "ρ is the share of U that is secretly positive. The larger it is, the more wrong it \
               is to treat U as negative.",
    },
    Stop {
        target: "#learner",
        title: "Pick a learner",
        text: "The two policyPU variants learn how to use each unlabeled example; the others are \
               the paper's baselines and later PU learners, and auto picks among them on PU data \
               alone.",
    },
    Stop {
        target: "#train",
        title: "Train",
        text: "Training runs in the background of this page. Pause, Step one mini-batch, or Stop \
               at any time.",
    },
    Stop {
        target: ".training-views",
        title: "Watch it learn",
        text: "Scores and charts grow by one point per epoch. Each chart has a \"What is this?\" \
               that explains it with the paper's equations.",
    },
];

/// Where the tour is: the index of the shown stop, or None when it is closed.
#[derive(Clone, Copy)]
pub struct TourState {
    stop: RwSignal<Option<usize>>,
    /// Open once the page is on screen: a first visit, not from a link that starts training.
    starts_by_itself: bool,
}

impl TourState {
    /// A closed tour that knows whether to open by itself (read the hash
    /// before anything rewrites it).
    pub fn new() -> Self {
        let first_visit = storage().is_some_and(|s| s.get_item(DONE_KEY).ok().flatten().is_none());
        TourState {
            stop: RwSignal::new(None),
            starts_by_itself: first_visit && !link_starts_training(),
        }
    }

    /// Start from the first stop.
    fn start(self) {
        self.stop.set(Some(0));
    }

    /// Close the tour and remember that it was seen.
    fn finish(self) {
        remember_done();
        self.stop.set(None);
    }
}

/// The page's localStorage, when the browser allows it.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Record that the tour has been shown.
fn remember_done() {
    if let Some(storage) = storage() {
        let _ = storage.set_item(DONE_KEY, "1");
    }
}

/// True when the location's hash is a shared link that starts training.
fn link_starts_training() -> bool {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    !hash.trim_start_matches('#').is_empty() && policypu::page::share::from_hash(&hash).autorun
}

/// The control of stop `stop`, when it is on the page.
fn target_of(stop: usize) -> Option<Element> {
    document().query_selector(STOPS[stop].target).ok().flatten()
}

/// The stops whose controls are on the page now, in order.
fn present_stops() -> Vec<usize> {
    (0..STOPS.len())
        .filter(|&stop| target_of(stop).is_some())
        .collect()
}

/// Outline `target`, with its label and hint when it is a form field, and
/// bring it into view (its top, when taller than half the window). Returns
/// the outlined element.
fn highlight(target: Element) -> Element {
    let target = target.closest(".field").ok().flatten().unwrap_or(target);
    let _ = target.set_attribute(TARGET_ATTRIBUTE, "");
    let window_height = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    let options = ScrollIntoViewOptions::new();
    options.set_block(if f64::from(target.client_height()) > window_height / 2.0 {
        ScrollLogicalPosition::Start
    } else {
        ScrollLogicalPosition::Center
    });
    target.scroll_into_view_with_scroll_into_view_options(&options);
    target
}

/// "Take the tour": starts the tour again from its first stop.
#[component]
pub fn TourButton(
    /// The tour to start.
    tour: TourState,
) -> impl IntoView {
    view! {
        <button type="button" id="take-tour" class="take-tour" on:click=move |_| tour.start()>
            "Take the tour"
        </button>
    }
}

/// The callout of the shown stop, at the bottom of the window, and the
/// outline on its control. Non-modal: the rest of the page stays usable.
#[component]
pub fn TourCallout(
    /// Where the tour is.
    tour: TourState,
) -> impl IntoView {
    let callout = NodeRef::<Div>::new();
    // Effects run once the page is mounted, so the stops' controls can be found.
    Effect::new(move |_| {
        if tour.starts_by_itself {
            remember_done();
            tour.start();
        }
    });
    // Move the outline to the shown stop's control; drop it when the tour ends.
    Effect::new(move |outlined: Option<Option<Element>>| {
        if let Some(previous) = outlined.flatten() {
            let _ = previous.remove_attribute(TARGET_ATTRIBUTE);
        }
        Some(highlight(target_of(tour.stop.get()?)?))
    });
    // Focus follows the callout, so a screen reader reads each stop.
    Effect::new(move |_| {
        if let (Some(_), Some(callout)) = (tour.stop.get(), callout.get()) {
            let _ = callout.focus();
        }
    });
    // A run started while the tour is open: the tour ends (and counts as
    // seen), so its callout never covers the scores and charts of the run.
    let state = use_app_state();
    Effect::new(move |was_active: Option<bool>| {
        let active = state.status.with(RunStatus::is_active);
        if active && was_active == Some(false) && tour.stop.get_untracked().is_some() {
            tour.finish();
        }
        active
    });
    let escape = window_event_listener(ev::keydown, move |event| {
        if event.key() == "Escape" && tour.stop.get_untracked().is_some() {
            tour.finish();
        }
    });
    on_cleanup(move || escape.remove());

    let shown = move || tour.stop.get().map(|i| &STOPS[i]);
    // The neighbouring stops on the page; None at either end.
    let following = move || {
        let here = tour.stop.get()?;
        present_stops().into_iter().find(|&stop| stop > here)
    };
    let preceding = move || {
        let here = tour.stop.get()?;
        present_stops().into_iter().rev().find(|&stop| stop < here)
    };
    let count = move || {
        let present = present_stops();
        let here = tour.stop.get().unwrap_or(0);
        let position = present.iter().filter(|&&stop| stop <= here).count().max(1);
        format!("Step {position} of {}", present.len())
    };
    let next = move |_| match following() {
        Some(stop) => tour.stop.set(Some(stop)),
        None => tour.finish(),
    };
    let back = move |_| {
        if let Some(stop) = preceding() {
            tour.stop.set(Some(stop));
        }
    };
    view! {
        <Show when=move || shown().is_some()>
            <div class="tour" id="tour" node_ref=callout role="dialog" aria-modal="false"
                aria-labelledby="tour-title" aria-describedby="tour-text" tabindex="-1">
                <p class="tour-count" id="tour-count">{count}</p>
                <h2 id="tour-title">{move || shown().map(|s| s.title)}</h2>
                <p id="tour-text">{move || shown().map(|s| s.text)}</p>
                <div class="tour-buttons">
                    <button type="button" id="tour-back" on:click=back
                        disabled=move || preceding().is_none()>"Back"</button>
                    <button type="button" id="tour-next" class="primary" on:click=next>
                        {move || if following().is_some() { "Next" } else { "Done" }}
                    </button>
                    <button type="button" id="tour-skip" class="link" on:click=move |_| tour.finish()>
                        "Skip tour"
                    </button>
                </div>
            </div>
        </Show>
    }
}
