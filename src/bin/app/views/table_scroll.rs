//! A table wider than a phone: it scrolls sideways inside its panel, with
//! shadows at the edges past which more of it lies (`.table-scroll` in
//! style.css), and takes the keyboard's focus so arrow keys scroll it.

use leptos::prelude::*;

/// Wraps a table that may be wider than the screen.
#[component]
pub fn TableScroll(
    /// What the table is, for screen readers (the region's name).
    label: &'static str,
    /// The table.
    children: Children,
) -> impl IntoView {
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-label=label>
            {children()}
        </div>
    }
}
