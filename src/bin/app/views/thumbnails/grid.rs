//! The unlabeled examples as thumbnails on one canvas, most positive first,
//! redrawn once per epoch while on screen (off screen: when it scrolls in,
//! and when the run ends); click or use the keyboard to pick one and see it
//! beside the grid.

use leptos::html::{Canvas, Div};
use leptos::prelude::*;
use web_sys::{KeyboardEvent, MouseEvent};

use super::canvas::log_failure;
use super::example_detail::ExampleDetail;
use super::image_pixels::ImageSize;
use super::layout::{GridLayout, MAX_THUMBNAILS};
use super::navigation::{key_target, scroll_to_rank};
use super::paint::draw_grid;
use crate::state::{RunStatus, use_app_state};
use crate::views::charts::colour_scale::css_gradient;
use crate::views::charts::line_chart::Band;
use crate::views::on_screen::on_screen;
use crate::views::panel::Panel;
use crate::views::value_name::ValueName;

/// The thumbnail grid of U with the selected example's details beside it.
#[component]
pub fn ThumbnailGrid(
    /// Shaded pre-training epochs on the selected example's history chart.
    #[prop(into)]
    bands: Signal<Vec<Band>>,
) -> impl IntoView {
    let state = use_app_state();
    let layout = Memo::new(move |_| {
        let size = state
            .images
            .with(|d| d.as_ref().and_then(|d| ImageSize::of(d.shape)))?;
        state
            .history
            .with(|h| h.last().map(|values| GridLayout::new(size, values)))
    });
    let canvas = NodeRef::<Canvas>::new();
    let scroller = NodeRef::<Div>::new();
    // The keyboard's position in the grid, as a rank.
    let cursor = RwSignal::new(None::<usize>);
    let focused = RwSignal::new(false);
    let seen = on_screen(canvas);

    Effect::new(move |_| {
        let Some(canvas) = canvas.get() else {
            return;
        };
        // Off screen during a run, the page's time is the training's.
        if !seen.get() && state.status.with(RunStatus::is_active) {
            return;
        }
        let images = state.images.get();
        layout.with(|layout| {
            state.started.with(|started| {
                let (Some(layout), Some(images), Some(started)) = (layout, images, started) else {
                    return;
                };
                let drawn = draw_grid(
                    &canvas,
                    layout,
                    &images,
                    &started.unlabeled_sources,
                    started.unlabeled_truth.as_deref(),
                );
                if let Err(error) = drawn {
                    log_failure("The thumbnail grid", &error);
                }
            })
        });
    });

    let select = move |rank: usize| {
        cursor.set(Some(rank));
        let index = layout.with_untracked(|l| l.as_ref().and_then(|l| l.order.get(rank).copied()));
        if index.is_some() {
            state.selected.set(index);
        }
    };
    let on_click = move |event: MouseEvent| {
        let Some(element) = canvas.get_untracked() else {
            return;
        };
        let x =
            event.offset_x() as f64 * element.width() as f64 / element.client_width().max(1) as f64;
        let y = event.offset_y() as f64 * element.height() as f64
            / element.client_height().max(1) as f64;
        if let Some(rank) = layout.with_untracked(|l| l.as_ref().and_then(|l| l.rank_at(x, y))) {
            select(rank);
        }
    };
    let on_keydown = move |event: KeyboardEvent| {
        let Some((count, columns)) =
            layout.with_untracked(|l| l.as_ref().map(|l| (l.order.len(), l.columns)))
        else {
            return;
        };
        if count == 0 {
            return;
        }
        let here = cursor.get_untracked().unwrap_or(0).min(count - 1);
        let key = event.key();
        if key == "Enter" || key == " " {
            event.prevent_default();
            select(here);
            return;
        }
        let Some(target) = key_target(&key, here, count, columns) else {
            return;
        };
        event.prevent_default();
        cursor.set(Some(target));
        if let (Some(scroller), Some(canvas)) = (scroller.get_untracked(), canvas.get_untracked()) {
            layout.with_untracked(|l| {
                if let Some(l) = l {
                    scroll_to_rank(&scroller, &canvas, l, target);
                }
            });
        }
    };
    let on_focus = move |_| {
        focused.set(true);
        if cursor.get_untracked().is_none() {
            let selected_rank = state.selected.get_untracked().and_then(|index| {
                layout.with_untracked(|l| l.as_ref().and_then(|l| l.rank_of(index)))
            });
            cursor.set(Some(selected_rank.unwrap_or(0)));
        }
    };

    let frame_style = move |rank: usize| {
        layout.with(|l| {
            let [left, top, width, height] = l.as_ref()?.frame_percent(rank);
            Some(format!(
                "left: {left:.3}%; top: {top:.3}%; width: {width:.3}%; height: {height:.3}%"
            ))
        })
    };
    let cursor_box = move || {
        let rank = cursor.get().filter(|_| focused.get())?;
        let style = frame_style(rank)?;
        Some(view! { <div class="grid-cursor" style=style aria-hidden="true"></div> })
    };
    let selected_box = move || {
        let index = state.selected.get()?;
        let rank = layout.with(|l| l.as_ref()?.rank_of(index))?;
        let style = frame_style(rank)?;
        Some(view! { <div class="grid-selected" style=style aria-hidden="true"></div> })
    };
    let name = Memo::new(move |_| state.reports.with(|r| ValueName::of_latest(r)));
    let cursor_words = move || {
        let rank = cursor.get().filter(|_| focused.get())?;
        layout.with(|l| {
            let l = l.as_ref()?;
            let index = *l.order.get(rank)?;
            let positive = state.started.with(|s| {
                s.as_ref()
                    .and_then(|s| s.unlabeled_truth.as_ref())
                    .and_then(|t| t.get(index).copied())
            });
            let class = match positive {
                Some(true) => ", true positive",
                Some(false) => ", true negative",
                None => "",
            };
            Some(format!(
                "Thumbnail {} of {}: {} {:.3}{class}. Enter shows it.",
                rank + 1,
                l.order.len(),
                name.get().symbol,
                l.values.get(rank)?
            ))
        })
    };
    let canvas_label = move || {
        let shown = layout.with(|l| l.as_ref().map_or(0, |l| l.order.len()));
        format!(
            "{shown} unlabeled examples as thumbnails, ordered by the {}, most positive first. \
             Arrow keys move, Enter shows the example beside the grid.",
            name.get().title
        )
    };
    let cap_note = move || {
        layout.with(|l| {
            let l = l.as_ref()?;
            (l.total > l.order.len()).then(|| {
                format!(
                    "Showing the first {MAX_THUMBNAILS} of {} unlabeled examples.",
                    l.total
                )
            })
        })
    };
    let canvas_width = move || {
        layout.with(|l| {
            l.as_ref()
                .map(|l| format!("width: {}px", l.canvas_size().0))
        })
    };
    let caption = Signal::derive(move || {
        format!(
            "Every unlabeled example, most positive first: the frame and tint show its {} (blue: \
             positive, orange: negative), ▲ marks true positives and □ true negatives.",
            name.get().symbol
        )
    });
    view! {
        <Panel id="panel-thumbnails" title="The unlabeled examples" caption explain="thumbnails" wide=true>
            <div class="grid-and-detail">
                <div class="thumbnails">
                    <div class="colour-key" aria-hidden="true">
                        <span>"0 negative"</span>
                        <span class="ramp" style=format!("background: {}", css_gradient())></span>
                        <span>"1 positive"</span>
                        <span><span class="mark positive">"▲"</span>" true positive"</span>
                        <span><span class="mark negative">"□"</span>" true negative"</span>
                    </div>
                    <div class="thumbnail-scroller" node_ref=scroller>
                        <div class="thumbnail-canvas" style=canvas_width>
                            <canvas node_ref=canvas id="thumbnail-grid" tabindex="0" role="application"
                                aria-label=canvas_label aria-describedby="thumbnail-cursor"
                                on:click=on_click on:keydown=on_keydown on:focus=on_focus
                                on:blur=move |_| focused.set(false)></canvas>
                            {selected_box}
                            {cursor_box}
                        </div>
                    </div>
                    <p class="sr-only" id="thumbnail-cursor" aria-live="polite">{cursor_words}</p>
                    <p class="note">{cap_note}</p>
                </div>
                <ExampleDetail bands/>
            </div>
        </Panel>
    }
}
