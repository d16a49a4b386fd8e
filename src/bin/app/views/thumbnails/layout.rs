//! Where each unlabeled example sits in the thumbnail grid: ordered by its
//! latest value, most positive first, at most [`MAX_THUMBNAILS`] of them.

use super::image_pixels::ImageSize;

/// Thumbnails drawn at most; larger U shows its first examples only.
pub const MAX_THUMBNAILS: usize = 1_000;
/// Thumbnails per row at most.
const MAX_COLUMNS: usize = 24;
/// Width of the value-coloured frame around each image, in canvas pixels.
pub const FRAME: usize = 2;
/// Blank space between neighbouring thumbnails, in canvas pixels.
const GAP: usize = 2;

/// The grid's order and geometry for one epoch's values.
#[derive(Clone, Debug, PartialEq)]
pub struct GridLayout {
    /// Size of one image.
    pub size: ImageSize,
    /// Index into U of the example at each rank, most positive first.
    pub order: Vec<usize>,
    /// The value of the example at each rank.
    pub values: Vec<f32>,
    /// Thumbnails per row.
    pub columns: usize,
    /// Examples in U, shown or not.
    pub total: usize,
}

impl GridLayout {
    /// The first [`MAX_THUMBNAILS`] examples of U, sorted by `values` (per U example).
    pub fn new(size: ImageSize, values: &[f32]) -> Self {
        let mut order: Vec<usize> = (0..values.len().min(MAX_THUMBNAILS)).collect();
        // Most positive first; a value that is not a number goes last.
        let key = |i: usize| {
            Some(values[i])
                .filter(|v| v.is_finite())
                .unwrap_or(f32::MIN)
        };
        order.sort_by(|&a, &b| key(b).total_cmp(&key(a)));
        GridLayout {
            size,
            values: order.iter().map(|&i| values[i]).collect(),
            columns: order.len().clamp(1, MAX_COLUMNS),
            order,
            total: values.len(),
        }
    }

    /// Rows of thumbnails.
    pub fn rows(&self) -> usize {
        self.order.len().div_ceil(self.columns).max(1)
    }

    /// Width and height of one cell (image, frame and gap), in canvas pixels.
    pub fn cell(&self) -> (usize, usize) {
        let pad = 2 * FRAME + GAP;
        (self.size.width + pad, self.size.height + pad)
    }

    /// Width and height of the whole canvas.
    pub fn canvas_size(&self) -> (usize, usize) {
        let (w, h) = self.cell();
        (self.columns * w, self.rows() * h)
    }

    /// Column and row of the thumbnail at `rank`.
    pub fn position(&self, rank: usize) -> (usize, usize) {
        (rank % self.columns, rank / self.columns)
    }

    /// Top-left corner of the frame of the thumbnail at `rank`, in canvas pixels.
    pub fn origin(&self, rank: usize) -> (usize, usize) {
        let (col, row) = self.position(rank);
        let (w, h) = self.cell();
        (col * w + GAP / 2, row * h + GAP / 2)
    }

    /// Left, top, width and height of the frame of the thumbnail at `rank`,
    /// in percent of the canvas, for an overlay.
    pub fn frame_percent(&self, rank: usize) -> [f64; 4] {
        let (canvas_w, canvas_h) = self.canvas_size();
        let (x, y) = self.origin(rank);
        let (w, h) = (self.size.width + 2 * FRAME, self.size.height + 2 * FRAME);
        let percent = |v: usize, of: usize| v as f64 * 100.0 / of.max(1) as f64;
        [
            percent(x, canvas_w),
            percent(y, canvas_h),
            percent(w, canvas_w),
            percent(h, canvas_h),
        ]
    }

    /// The rank of the thumbnail under canvas point (`x`, `y`), if any.
    pub fn rank_at(&self, x: f64, y: f64) -> Option<usize> {
        let (w, h) = self.cell();
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let (col, row) = ((x / w as f64) as usize, (y / h as f64) as usize);
        let rank = row * self.columns + col;
        (col < self.columns && rank < self.order.len()).then_some(rank)
    }

    /// The rank of U example `index`, if shown.
    pub fn rank_of(&self, index: usize) -> Option<usize> {
        self.order.iter().position(|&i| i == index)
    }
}
