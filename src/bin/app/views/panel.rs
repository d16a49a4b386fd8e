//! A titled panel of the views grid: a heading, one plain-words sentence on
//! what it shows, an optional "What is this?" explanation, then the view.

use leptos::prelude::*;

use crate::teach::explainer::Explainer;

/// A panel with a heading, a caption and, optionally, an explanation.
#[component]
pub fn Panel(
    /// The panel's id; its heading gets `{id}-title`.
    id: &'static str,
    /// The heading.
    title: &'static str,
    /// One sentence on what the panel shows, in plain words.
    #[prop(into)]
    caption: Signal<String>,
    /// Id of the teaching text shown under the caption (`crate::teach::texts`);
    /// empty: none.
    #[prop(optional)]
    explain: &'static str,
    /// Spans the whole width of the grid.
    #[prop(optional)]
    wide: bool,
    /// The view.
    children: Children,
) -> impl IntoView {
    let heading_id = format!("{id}-title");
    let labelled_by = heading_id.clone();
    view! {
        <section class="panel view-panel" class:wide=wide id=id aria-labelledby=labelled_by>
            <h3 id=heading_id>{title}</h3>
            <p class="caption">{move || caption.get()}</p>
            <Explainer id=explain/>
            {children()}
        </section>
    }
}
