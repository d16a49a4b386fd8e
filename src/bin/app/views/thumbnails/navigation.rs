//! Keyboard navigation of the thumbnail grid: which thumbnail an arrow key
//! moves to, and scrolling it into view.

use super::layout::GridLayout;

/// Scroll `scroller` so that the row of the thumbnail at `rank` is visible.
pub fn scroll_to_rank(
    scroller: &web_sys::Element,
    canvas: &web_sys::HtmlCanvasElement,
    layout: &GridLayout,
    rank: usize,
) {
    let shown_per_canvas_pixel = canvas.client_height() as f64 / canvas.height().max(1) as f64;
    let (_, row) = layout.position(rank);
    let (_, cell_height) = layout.cell();
    let top = (row * cell_height) as f64 * shown_per_canvas_pixel;
    let bottom = top + cell_height as f64 * shown_per_canvas_pixel;
    let view_top = scroller.scroll_top() as f64;
    let view_height = scroller.client_height() as f64;
    if top < view_top {
        scroller.set_scroll_top(top.floor() as i32);
    } else if bottom > view_top + view_height {
        scroller.set_scroll_top((bottom - view_height).ceil() as i32);
    }
}

/// The rank a navigation key moves to from `here`, in a grid of `count`
/// thumbnails, `columns` per row; `None` for other keys.
pub fn key_target(key: &str, here: usize, count: usize, columns: usize) -> Option<usize> {
    let last = count.saturating_sub(1);
    Some(match key {
        "ArrowRight" => (here + 1).min(last),
        "ArrowLeft" => here.saturating_sub(1),
        "ArrowDown" if here + columns <= last => here + columns,
        "ArrowUp" if here >= columns => here - columns,
        "ArrowDown" | "ArrowUp" => here,
        "Home" => 0,
        "End" => last,
        _ => return None,
    })
}
