//! Teaching texts on the page: "What is this?", a closed-by-default
//! disclosure beside a view, and the bare text for places that frame it
//! themselves (the intro). The disclosure is a native `<details>`, so it
//! opens with Enter or Space and reads out as expanded or collapsed.

use leptos::prelude::*;

use crate::teach::texts::{Explanation, explanation, filled};

/// The paragraphs of `text`, then the paper's equations it refers to.
#[component]
pub fn ExplanationText(
    /// What to show.
    text: &'static Explanation,
) -> impl IntoView {
    let paragraphs = text
        .paragraphs
        .iter()
        .map(|p| view! { <p>{filled(p)}</p> })
        .collect_view();
    view! {
        {paragraphs}
        {text.equation_note().map(|note| view! { <p class="equations">{note}</p> })}
    }
}

/// The explanation `id` of `crate::teach::texts` behind "What is this?";
/// nothing when no explanation has that id (an empty id, say).
#[component]
pub fn Explainer(
    /// The explanation's id (`crate::teach::texts::EXPLANATIONS`).
    id: &'static str,
) -> impl IntoView {
    explanation(id).map(|text| {
        view! {
            <details class="explainer" id=format!("explain-{id}")>
                <summary>"What is this?"</summary>
                <div class="explainer-body">
                    <ExplanationText text/>
                </div>
            </details>
        }
    })
}
