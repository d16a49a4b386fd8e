//! Small helpers for drawing on a `<canvas>` that fail softly: a missing
//! context is logged and the drawing skipped, never a panic.

use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

/// The canvas' 2D context, or a message saying why there is none.
pub fn context_2d(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d, String> {
    canvas
        .get_context("2d")
        .map_err(|e| format!("{e:?}"))?
        .ok_or_else(|| "this browser gives no 2D canvas context".to_string())?
        .dyn_into::<CanvasRenderingContext2d>()
        .map_err(|_| "the canvas context is not a 2D context".to_string())
}

/// Paint RGBA bytes of a `width` × `height` image at the canvas' top-left corner.
pub fn put_rgba(
    context: &CanvasRenderingContext2d,
    rgba: &[u8],
    width: usize,
    height: usize,
) -> Result<(), String> {
    let image =
        ImageData::new_with_u8_clamped_array_and_sh(Clamped(rgba), width as u32, height as u32)
            .map_err(|e| format!("{e:?}"))?;
    context
        .put_image_data(&image, 0.0, 0.0)
        .map_err(|e| format!("{e:?}"))
}

/// Log a drawing failure to the console.
pub fn log_failure(what: &str, error: &str) {
    web_sys::console::warn_1(&format!("{what} could not be drawn: {error}").into());
}
