//! Datasets: the built-in image subsets, user CSV files and the example CSV files.

pub mod column_guess;
pub mod csv;
pub mod examples;
pub mod pubin;
pub mod standardise;
pub mod tabular_features;
pub mod tasks;

/// The shape of one example's features.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FeatureShape {
    /// An image, channels × height × width, stored channel-major.
    Image {
        /// Number of colour planes (1 or 3).
        channels: usize,
        /// Rows of pixels.
        height: usize,
        /// Columns of pixels.
        width: usize,
    },
    /// A flat vector of `dim` numeric features.
    Vector {
        /// Number of features.
        dim: usize,
    },
}

impl FeatureShape {
    /// Number of f32 values per example, or None when channels × height ×
    /// width does not fit in a `usize` (only a damaged file declares such a
    /// shape; readers refuse it through this check).
    pub fn checked_len(&self) -> Option<usize> {
        match *self {
            FeatureShape::Image {
                channels,
                height,
                width,
            } => channels.checked_mul(height)?.checked_mul(width),
            FeatureShape::Vector { dim } => Some(dim),
        }
    }

    /// Number of f32 values per example. Never panics: a shape too large to
    /// count saturates at `usize::MAX` (see [`FeatureShape::checked_len`]).
    pub fn len(&self) -> usize {
        self.checked_len().unwrap_or(usize::MAX)
    }

    /// True when an example has no features at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl std::fmt::Display for FeatureShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            FeatureShape::Image {
                channels,
                height,
                width,
            } => write!(f, "{channels}×{height}×{width}"),
            FeatureShape::Vector { dim } => write!(f, "{dim}"),
        }
    }
}

/// Examples with multi-class labels: features in row-major order, one row per example.
#[derive(Clone, Debug, PartialEq)]
pub struct Dataset {
    /// Shape of one example.
    pub shape: FeatureShape,
    /// `n × shape.len()` features; images are scaled to [0, 1].
    pub features: Vec<f32>,
    /// Class id of each example.
    pub classes: Vec<u8>,
    /// Number of distinct classes the ids are drawn from.
    pub n_classes: usize,
}

impl Dataset {
    /// Number of examples.
    pub fn len(&self) -> usize {
        self.classes.len()
    }

    /// True when the dataset holds no examples.
    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// The features of example `i`.
    pub fn example(&self, i: usize) -> &[f32] {
        let d = self.shape.len();
        &self.features[i * d..(i + 1) * d]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_length_is_checked() {
        let image = FeatureShape::Image {
            channels: 3,
            height: 32,
            width: 32,
        };
        assert_eq!((image.checked_len(), image.len()), (Some(3072), 3072));
        let huge = FeatureShape::Image {
            channels: 1 << 32,
            height: 1 << 32,
            width: 2,
        };
        assert_eq!(huge.checked_len(), None);
        assert_eq!(huge.len(), usize::MAX);
        assert!(!huge.is_empty());
        assert_eq!(huge.to_string(), "4294967296×4294967296×2");
    }
}
