//! The lesson a link opened: its title and text above the settings and the
//! results, and a way back to the whole page.

use leptos::prelude::*;
use policypu::page::lessons::PageView;

use crate::state::use_app_state;

/// The lesson's title and text, while the link names one or hides parts of the page.
#[component]
pub fn LessonBanner() -> impl IntoView {
    let state = use_app_state();
    let shown = move || state.view.with(|v| *v != PageView::default());
    let leave = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        state.view.set(PageView::default());
    };
    view! {
        <Show when=shown>
            <section class="lesson" id="lesson" aria-labelledby="lesson-title">
                {move || state.view.with(|v| v.lesson).map(|lesson| view! {
                    <h2 id="lesson-title">{format!("Lesson: {}", lesson.title)}</h2>
                    <p id="lesson-text">{lesson.text}</p>
                })}
                <a href="#" id="lesson-leave" on:click=leave>"Show the whole page"</a>
            </section>
        </Show>
    }
}
