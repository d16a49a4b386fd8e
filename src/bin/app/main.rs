//! The page: settings on the left, training controls and live views on the
//! right. Training runs in a Web Worker; this program only draws.

mod browser;
mod csv;
mod run;
mod settings;
mod share;
mod state;
mod teach;
mod views;

use leptos::prelude::*;

use policypu::page::lessons::Part;
use run::compare_controls::CompareControls;
use run::controls::RunControls;
use run::skip_to_train::SkipToTrain;
use settings::form::SettingsForm;
use share::exports::ExportButtons;
use share::link::ShareControls;
use share::score_csv::ScoreCsv;
use state::{AppState, shows};
use teach::intro::Intro;
use teach::lesson_banner::LessonBanner;
use teach::tour::{TourButton, TourCallout, TourState};
use views::TrainingViews;

#[component]
fn App() -> impl IntoView {
    let state = AppState::new();
    provide_context(state);
    // Before the hash is rewritten from the form: a link that autoruns skips the tour.
    let tour = TourState::new();
    run::worker_kind::probe_gpu();
    run::worker_client::start_watchdog(state);
    run::side_worker::start_watchdog(state);
    run::test_hooks::expose(state);
    run::leave_guard::ask_before_leaving(state);
    share::link::restore_and_mirror(state);
    view! {
        <SkipToTrain/>
        <header class="top">
            <div class="title">
                <h1>"policyPU"</h1>
                <p class="tagline">
                    "Learning a classifier from positive and unlabeled data with policy gradient "
                    <a href="https://doi.org/10.1109/ICDM.2019.00049" target="_blank" rel="noopener">"(Li et al., ICDM 2019)"</a>
                    ". Everything runs in your browser."
                </p>
            </div>
            <Show when=move || shows(state, Part::Tour)><TourButton tour/></Show>
        </header>
        <Show when=move || shows(state, Part::Intro)><Intro/></Show>
        // Above the form and the run, so a phone shows it before the settings.
        <LessonBanner/>
        <main class="layout" class:no-sidebar=move || !shows(state, Part::Settings)>
            <Show when=move || shows(state, Part::Settings)>
                <aside class="sidebar"><SettingsForm/></aside>
            </Show>
            <section class="workspace">
                <RunControls/>
                <Show when=move || shows(state, Part::Comparison)><CompareControls/></Show>
                <Show when=move || shows(state, Part::Share)>
                    <div class="run-tools">
                        <ShareControls/>
                        <ExportButtons/>
                    </div>
                    <ScoreCsv/>
                </Show>
                <TrainingViews/>
            </section>
        </main>
        <Show when=move || shows(state, Part::Tour)><TourCallout tour/></Show>
    }
}

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
