//! Painting the thumbnail grid on one canvas: every image framed and tinted
//! by its value, then a class marker in its corner (a filled triangle for a
//! true positive, a hollow square for a true negative).

use policypu::data::Dataset;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

use super::canvas::{context_2d, put_rgba};
use super::layout::{FRAME, GridLayout};
use crate::views::charts::colour_scale::{css_rgb, value_colour};

/// Side of a class marker, in canvas pixels.
const MARKER: f64 = 8.0;

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
        let markers: Vec<((f64, f64), bool)> = layout
            .order
            .iter()
            .enumerate()
            .filter_map(|(rank, &index)| {
                let positive = *truth.get(index)?;
                let (x, y) = layout.origin(rank);
                Some((
                    ((x + FRAME) as f64 + 1.0, (y + FRAME) as f64 + 1.0),
                    positive,
                ))
            })
            .collect();
        draw_class_markers(&context, &markers);
    }
    Ok(())
}

/// Write the framed, tinted thumbnail at `rank` into the canvas bytes, a
/// row at a time (this runs for every pixel of U at each epoch: it must stay
/// well under a frame).
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
    let grey = size.is_grey();
    let (x0, y0) = layout.origin(rank);
    let framed_width = size.width + 2 * FRAME;
    for dy in 0..size.height + 2 * FRAME {
        let start = ((y0 + dy) * canvas_width + x0) * 4;
        let Some(row) = rgba.get_mut(start..start + framed_width * 4) else {
            continue;
        };
        let image_row = (FRAME..FRAME + size.height).contains(&dy);
        for (dx, target) in row.chunks_exact_mut(4).enumerate() {
            let colour = if image_row && (FRAME..FRAME + size.width).contains(&dx) {
                tinted(size.pixel(example, dy - FRAME, dx - FRAME), tint, grey)
            } else {
                tint
            };
            target[..3].copy_from_slice(&colour);
        }
    }
}

/// A pixel under the tint: grey images run from the tint (dark) to white
/// (bright), so the shape stays crisp; colour images keep 3/4 of their colour.
/// Integer arithmetic, rounded to the nearest byte.
fn tinted(pixel: [u8; 3], tint: [u8; 3], grey: bool) -> [u8; 3] {
    std::array::from_fn(|i| {
        let (p, t) = (pixel[i] as u32, tint[i] as u32);
        let mixed = if grey {
            t + ((255 - t) * p + 127) / 255
        } else {
            (3 * p + t + 2) / 4
        };
        mixed as u8
    })
}

/// Class markers at their top-left corners: a filled white triangle outlined
/// in blue for a true positive, a hollow orange square haloed in white for a
/// true negative; both show on any tint. One path per kind, so a grid of a
/// thousand costs a few canvas calls, not thousands.
fn draw_class_markers(context: &CanvasRenderingContext2d, markers: &[((f64, f64), bool)]) {
    context.begin_path();
    for &((x, y), _) in markers.iter().filter(|(_, positive)| *positive) {
        context.move_to(x, y + MARKER);
        context.line_to(x + MARKER / 2.0, y);
        context.line_to(x + MARKER, y + MARKER);
        context.close_path();
    }
    context.set_line_width(2.0);
    context.set_stroke_style_str(&css_rgb(value_colour(1.0)));
    context.stroke();
    context.set_fill_style_str("white");
    context.fill();

    context.begin_path();
    for &((x, y), _) in markers.iter().filter(|(_, positive)| !*positive) {
        context.rect(x + 1.0, y + 1.0, MARKER - 2.0, MARKER - 2.0);
    }
    context.set_stroke_style_str("white");
    context.set_line_width(4.0);
    context.stroke();
    context.set_stroke_style_str(&css_rgb(value_colour(0.0)));
    context.set_line_width(2.0);
    context.stroke();
}
