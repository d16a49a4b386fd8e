//! The page: settings on the left, training controls and live views on the
//! right. Training runs in a Web Worker; this program only draws.

mod controls;
mod data_loader;
mod export_buttons;
mod form;
mod share_link;
mod state;
mod views;
mod worker_client;

use leptos::prelude::*;

use controls::RunControls;
use export_buttons::ExportButtons;
use form::SettingsForm;
use share_link::ShareControls;
use state::AppState;
use views::TrainingViews;

#[component]
fn App() -> impl IntoView {
    let state = AppState::new();
    provide_context(state);
    worker_client::start_watchdog(state);
    share_link::restore_and_mirror(state);
    view! {
        <header class="top">
            <h1>"policyPU"</h1>
            <p class="tagline">
                "Learning a classifier from positive and unlabeled data with policy gradient "
                <a href="https://doi.org/10.1109/ICDM.2019.00049" target="_blank" rel="noopener">"(Li et al., ICDM 2019)"</a>
                ". Everything runs in your browser."
            </p>
        </header>
        <main class="layout">
            <aside class="sidebar"><SettingsForm/></aside>
            <section class="workspace">
                <RunControls/>
                <div class="run-tools">
                    <ShareControls/>
                    <ExportButtons/>
                </div>
                <TrainingViews/>
            </section>
        </main>
    }
}

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
