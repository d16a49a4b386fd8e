//! Painting the thumbnail grid on one canvas: every image framed and tinted
//! by its value, then a class marker in its corner (a filled triangle for a
//! true positive, a hollow square for a true negative).

use policypu::data::Dataset;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::canvas::{context_2d, put_rgba};
use super::colour_scale::{css_rgb, value_colour};
use super::thumbnail_layout::{FRAME, GridLayout};

/// Side of a class marker, in canvas pixels.
const MARKER: f64 = 8.0;
/// How much of a colour image's pixel is kept under the tint.
const IMAGE_SHARE: f32 = 0.75;

/// Paint the grid of `layout` on `canvas`: images from `images` at rows
/// `sources` (per U example), markers from `truth` (per U example) when known.
pub fn draw_grid(
    canvas: &HtmlCanvasElement,
    layout: &GridLayout,
    images: &Dataset,
    sources: &[u32],
    truth: Option<&[bool]>,
) -> Result<(), String> {
    let (width, height) = layout.canvas_size();
    canvas.set_width(width as u32);
    canvas.set_height(height as u32);
    let context = context_2d(canvas)?;
    let mut rgba = vec![255u8; width * height * 4];
    for (rank, (&index, &value)) in layout.order.iter().zip(&layout.values).enumerate() {
        let source = sources.get(index).map(|&s| s as usize);
        if let Some(source) = source.filter(|&s| s < images.len()) {
            paint_thumbnail(
                &mut rgba,
                width,
                layout,
                rank,
                images.example(source),
                value,
            );
        }
    }
    put_rgba(&context, &rgba, width, height)?;
    if let Some(truth) = truth {
        for (rank, &index) in layout.order.iter().enumerate() {
            if let Some(&positive) = truth.get(index) {
                let (x, y) = layout.origin(rank);
                let corner = ((x + FRAME) as f64 + 1.0, (y + FRAME) as f64 + 1.0);
                draw_class_marker(&context, corner, positive);
            }
        }
    }
    Ok(())
}

/// Write the framed, tinted thumbnail at `rank` into the canvas bytes.
fn paint_thumbnail(
    rgba: &mut [u8],
    canvas_width: usize,
    layout: &GridLayout,
    rank: usize,
    example: &[f32],
    value: f32,
) {
    let size = layout.size;
    let tint = value_colour(value);
    let (x0, y0) = layout.origin(rank);
    for dy in 0..size.height + 2 * FRAME {
        for dx in 0..size.width + 2 * FRAME {
            let inside = (FRAME..FRAME + size.width).contains(&dx)
                && (FRAME..FRAME + size.height).contains(&dy);
            let colour = if inside {
                let pixel = size.pixel(example, dy - FRAME, dx - FRAME);
                tinted(pixel, tint, size.is_grey())
            } else {
                tint
            };
            let at = ((y0 + dy) * canvas_width + x0 + dx) * 4;
            if let Some(target) = rgba.get_mut(at..at + 3) {
                target.copy_from_slice(&colour);
            }
        }
    }
}

/// A pixel under the tint: grey images run from the tint (dark) to white
/// (bright), so the shape stays crisp; colour images keep most of their colour.
fn tinted(pixel: [u8; 3], tint: [u8; 3], grey: bool) -> [u8; 3] {
    std::array::from_fn(|i| {
        let (p, t) = (pixel[i] as f32, tint[i] as f32);
        let mixed = if grey {
            t + (255.0 - t) * p / 255.0
        } else {
            p * IMAGE_SHARE + t * (1.0 - IMAGE_SHARE)
        };
        mixed.round() as u8
    })
}

/// A filled white triangle outlined in blue (true positive) or a hollow
/// orange square haloed in white (true negative) with its top-left corner
/// at `(x, y)`: both show on any tint.
fn draw_class_marker(context: &CanvasRenderingContext2d, (x, y): (f64, f64), positive: bool) {
    if positive {
        context.begin_path();
        context.move_to(x, y + MARKER);
        context.line_to(x + MARKER / 2.0, y);
        context.line_to(x + MARKER, y + MARKER);
        context.close_path();
        context.set_line_width(2.0);
        context.set_stroke_style_str(&css_rgb(value_colour(1.0)));
        context.stroke();
        context.set_fill_style_str("white");
        context.fill();
    } else {
        context.set_stroke_style_str("white");
        let inner = (x + 1.0, y + 1.0, MARKER - 2.0, MARKER - 2.0);
        context.set_line_width(4.0);
        context.stroke_rect(inner.0, inner.1, inner.2, inner.3);
        context.set_stroke_style_str(&css_rgb(value_colour(0.0)));
        context.set_line_width(2.0);
        context.stroke_rect(inner.0, inner.1, inner.2, inner.3);
    }
}
