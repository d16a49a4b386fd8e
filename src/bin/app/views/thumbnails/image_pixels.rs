//! Pixels of an image example: features in [0, 1], channel-major, one or
//! three channels, read as RGB bytes.

use policypu::data::FeatureShape;

/// The size of an image example.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageSize {
    /// 1 (grey) or 3 (RGB).
    pub channels: usize,
    /// Rows of pixels.
    pub height: usize,
    /// Columns of pixels.
    pub width: usize,
}

impl ImageSize {
    /// The size of examples of `shape`, when they are images.
    pub fn of(shape: FeatureShape) -> Option<Self> {
        match shape {
            FeatureShape::Image {
                channels,
                height,
                width,
            } if channels > 0 && height > 0 && width > 0 => Some(ImageSize {
                channels,
                height,
                width,
            }),
            _ => None,
        }
    }

    /// True for one-channel images.
    pub fn is_grey(&self) -> bool {
        self.channels < 3
    }

    /// The RGB bytes of pixel (`row`, `col`) of `example`; grey images repeat their channel.
    pub fn pixel(&self, example: &[f32], row: usize, col: usize) -> [u8; 3] {
        let plane = self.height * self.width;
        let at = row * self.width + col;
        let byte = |channel: usize| {
            let v = example.get(channel * plane + at).copied().unwrap_or(0.0);
            // + 0.5 and truncate: rounds a non-negative value without libm's roundf.
            (v.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
        };
        if self.is_grey() {
            [byte(0); 3]
        } else {
            [byte(0), byte(1), byte(2)]
        }
    }

    /// `example` as opaque RGBA bytes, row by row, for an `ImageData`.
    pub fn rgba(&self, example: &[f32]) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.height * self.width * 4);
        for row in 0..self.height {
            for col in 0..self.width {
                bytes.extend(self.pixel(example, row, col));
                bytes.push(255);
            }
        }
        bytes
    }
}
