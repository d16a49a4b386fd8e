//! Whether an element can be seen, so that a view that is costly to draw
//! (the thumbnail grid repaints every pixel of U) waits until it can: an
//! `auto` run reports hundreds of epochs, and on 2 cores every millisecond
//! the page spends drawing off-screen is taken from training.

use leptos::html::ElementType;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit};

/// How far outside the window an element already counts as on screen, so
/// that it is drawn just before it scrolls in.
const MARGIN: &str = "200px";

/// True while `target`'s element lies at least partly within the window
/// (or within [`MARGIN`] of it). False until the browser first says (it
/// does as soon as it watches), and true where it cannot say.
pub fn on_screen<E>(target: NodeRef<E>) -> Signal<bool>
where
    E: ElementType,
    E::Output: JsCast + Clone + 'static,
{
    let visible = RwSignal::new(false);
    Effect::new(move |_| {
        let Some(element) = target.get() else {
            return;
        };
        let element: web_sys::Element = element.unchecked_into();
        let on_change = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            // The newest entry says where the element is now.
            if let Some(entry) = entries.iter().last() {
                let entry: IntersectionObserverEntry = entry.unchecked_into();
                visible.set(entry.is_intersecting());
            }
        });
        let options = IntersectionObserverInit::new();
        options.set_root_margin(MARGIN);
        let Ok(observer) =
            IntersectionObserver::new_with_options(on_change.as_ref().unchecked_ref(), &options)
        else {
            visible.set(true);
            return;
        };
        observer.observe(&element);
        // Kept alive until the element goes or the effect runs again.
        let kept = StoredValue::new_local((observer, on_change));
        on_cleanup(move || {
            kept.with_value(|(observer, _)| observer.disconnect());
            kept.dispose();
        });
    });
    visible.into()
}
