//! The page: settings on the left, training controls and live views on the
//! right. Training runs in a Web Worker; this program only draws.

mod compare_controls;
mod comparison;
mod compression;
mod controls;
mod csv_file;
mod csv_link;
mod csv_panel;
mod csv_preview;
mod csv_roles;
mod data_loader;
mod download;
mod explainer;
mod export_buttons;
mod form;
mod intro;
mod js_error;
mod lesson_banner;
mod run_history;
mod run_lifecycle;
mod score_csv;
mod setting_field;
mod share_link;
mod state;
mod teaching;
mod tour;
mod views;
mod worker_client;

use leptos::prelude::*;

use compare_controls::CompareControls;
use controls::RunControls;
use export_buttons::ExportButtons;
use form::SettingsForm;
use intro::Intro;
use lesson_banner::LessonBanner;
use policypu::page::lessons::Part;
use score_csv::ScoreCsv;
use share_link::ShareControls;
use state::{AppState, shows};
use tour::{TourButton, TourCallout, TourState};
use views::TrainingViews;

#[component]
fn App() -> impl IntoView {
    let state = AppState::new();
    provide_context(state);
    // Before the hash is rewritten from the form: a link that autoruns skips the tour.
    let tour = TourState::new();
    worker_client::start_watchdog(state);
    worker_client::expose_crash_hook(state);
    share_link::restore_and_mirror(state);
    view! {
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
        <main class="layout" class:no-sidebar=move || !shows(state, Part::Settings)>
            <Show when=move || shows(state, Part::Settings)>
                <aside class="sidebar"><SettingsForm/></aside>
            </Show>
            <section class="workspace">
                <LessonBanner/>
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
