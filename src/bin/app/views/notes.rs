//! Notes under a summary, one to a line: the reader's notes on a file, the
//! columns left out of the features, what scoring a file noted.

use leptos::prelude::*;

/// A headline, then the notes on it, one each: what the reader made of a
/// file, what scoring a file came to.
#[derive(Clone, PartialEq)]
pub struct Summary {
    /// The one sentence or two that say what came of it.
    pub headline: String,
    /// What else the user should know, each with its remedy.
    pub notes: Vec<String>,
}

impl Summary {
    /// The summary as a status under the id `id`, its notes under
    /// `notes_id` (see [`notes_view`]).
    pub fn view(self, id: &'static str, notes_id: &'static str) -> AnyView {
        view! {
            <div class="ok" id=id role="status">
                <p>{self.headline}</p>
                {notes_view(self.notes, "notes", notes_id)}
            </div>
        }
        .into_any()
    }
}

/// `notes` as a paragraph where there is one, else a list, with `class` and
/// `id`; nothing where there are none.
pub fn notes_view(notes: Vec<String>, class: &'static str, id: &'static str) -> Option<AnyView> {
    match notes.as_slice() {
        [] => None,
        [note] => Some(view! { <p class=class id=id>{note.clone()}</p> }.into_any()),
        _ => Some(
            view! {
                <ul class=class id=id>
                    {notes.into_iter().map(|note| view! { <li>{note}</li> }).collect_view()}
                </ul>
            }
            .into_any(),
        ),
    }
}
