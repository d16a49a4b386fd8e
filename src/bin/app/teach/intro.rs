//! "What is PU learning?": a few sentences at the top of the page, and a
//! "more" disclosure with the ideas behind the views (PU data and SCAR,
//! biased PU, the class prior, the policy), each with the paper's equations.

use leptos::prelude::*;

use policypu::page::lessons::LESSONS;

use crate::teach::explainer::ExplanationText;
use crate::teach::texts::{INTRO_SUMMARY, INTRO_TOPICS, explanation};

/// The intro: the summary, then the topics behind a closed disclosure.
#[component]
pub fn Intro() -> impl IntoView {
    let topics = INTRO_TOPICS
        .iter()
        .filter_map(|id| explanation(id))
        .map(|text| {
            view! {
                <section class="intro-topic" id=format!("intro-{}", text.id)>
                    <h3>{text.title}</h3>
                    <ExplanationText text/>
                </section>
            }
        })
        .collect_view();
    view! {
        <section class="intro" id="intro" aria-labelledby="intro-title">
            <h2 id="intro-title">"What is PU learning?"</h2>
            <p class="intro-summary">{INTRO_SUMMARY}</p>
            <nav class="lessons" id="lessons" aria-label="Lessons">
                <h3>"Lessons, one idea each:"</h3>
                <ul>
                    {LESSONS.iter().map(|lesson| view! {
                        <li><a id=format!("lesson-link-{}", lesson.key) href=format!("#{}", lesson.hash())>{lesson.title}</a></li>
                    }).collect_view()}
                </ul>
            </nav>
            <details class="intro-more" id="intro-more">
                <summary>"More: PU data and SCAR, biased PU, the class prior, the policy"</summary>
                <div class="intro-topics">{topics}</div>
            </details>
        </section>
    }
}
