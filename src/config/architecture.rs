//! The shapes of the networks each model preset builds, without tensors:
//! `learn::network` builds them with Burn, and `workload` sizes their
//! activations from the same lists, so the two cannot disagree.

use super::ModelPreset;

/// Which of the two networks of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The classifier F_Φ.
    Classifier,
    /// The policy π_Θ.
    Policy,
}

/// One convolution: filters, square kernel, stride. Stride 2 pads by
/// kernel/2 (halving the map); stride 1 does not pad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConvLayer {
    /// Output channels.
    pub filters: usize,
    /// Kernel size.
    pub kernel: usize,
    /// Stride in both directions.
    pub stride: usize,
}

impl ConvLayer {
    const fn new(filters: usize, kernel: usize, stride: usize) -> Self {
        ConvLayer {
            filters,
            kernel,
            stride,
        }
    }

    /// Padding on each side.
    pub fn padding(self) -> usize {
        if self.stride > 1 { self.kernel / 2 } else { 0 }
    }

    /// Output side length for an input side, or None if the kernel does not fit.
    pub fn output_side(self, side: usize) -> Option<usize> {
        (side + 2 * self.padding())
            .checked_sub(self.kernel)
            .map(|room| room / self.stride + 1)
    }
}

/// An image network: convolutions (each with batch norm and ReLU), then one
/// dense layer (batch norm, ReLU), then the logit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CnnLayout {
    /// The convolutions, in order.
    pub convs: &'static [ConvLayer],
    /// Width of the dense layer.
    pub dense: usize,
}

/// The paper: classifier d-C(3×3,96)-C(3×3,192)-C(1×1,10)-100-1.
const PAPER_CLASSIFIER: CnnLayout = CnnLayout {
    convs: &[
        ConvLayer::new(96, 3, 1),
        ConvLayer::new(192, 3, 1),
        ConvLayer::new(10, 1, 1),
    ],
    dense: 100,
};
/// The paper: policy d-C(3×3,96)-C(3×3,10)-100-1.
const PAPER_POLICY: CnnLayout = CnnLayout {
    convs: &[ConvLayer::new(96, 3, 1), ConvLayer::new(10, 3, 1)],
    dense: 100,
};
/// The small CNN's classifier: d-C(3×3,16,/2)-C(3×3,32,/2)-64-1.
const SMALL_CLASSIFIER: CnnLayout = CnnLayout {
    convs: &[ConvLayer::new(16, 3, 2), ConvLayer::new(32, 3, 2)],
    dense: 64,
};
/// The small CNN's policy, narrower: d-C(3×3,8,/2)-C(3×3,16,/2)-32-1.
const SMALL_POLICY: CnnLayout = CnnLayout {
    convs: &[ConvLayer::new(8, 3, 2), ConvLayer::new(16, 3, 2)],
    dense: 32,
};

/// What a preset builds for one role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Architecture {
    /// Fully connected, with these hidden widths.
    Mlp(&'static [usize]),
    /// Convolutional.
    Cnn(CnnLayout),
}

impl ModelPreset {
    /// The network this preset builds for `role`.
    pub fn architecture(self, role: Role) -> Architecture {
        let (classifier, policy) = match self {
            ModelPreset::Fast => (Architecture::Mlp(&[128, 64]), Architecture::Mlp(&[64])),
            ModelPreset::Linear => (Architecture::Mlp(&[]), Architecture::Mlp(&[64])),
            ModelPreset::PaperMlp4 => (
                Architecture::Mlp(&[100, 50, 50, 30]),
                Architecture::Mlp(&[50, 30]),
            ),
            ModelPreset::PaperMlp6 => (
                Architecture::Mlp(&[100, 50, 50, 30]),
                Architecture::Mlp(&[100, 50, 50, 30]),
            ),
            ModelPreset::PaperCnn => (
                Architecture::Cnn(PAPER_CLASSIFIER),
                Architecture::Cnn(PAPER_POLICY),
            ),
            ModelPreset::SmallCnn => (
                Architecture::Cnn(SMALL_CLASSIFIER),
                Architecture::Cnn(SMALL_POLICY),
            ),
        };
        if role == Role::Classifier {
            classifier
        } else {
            policy
        }
    }

    /// True for the presets that need images.
    pub fn is_convolutional(self) -> bool {
        matches!(self.architecture(Role::Classifier), Architecture::Cnn(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layer_sides_follow_stride_and_padding() {
        let same = ConvLayer::new(8, 3, 1);
        assert_eq!(same.output_side(28), Some(26));
        let halving = ConvLayer::new(8, 3, 2);
        assert_eq!(halving.output_side(28), Some(14));
        assert_eq!(halving.output_side(14), Some(7));
        assert_eq!(same.output_side(2), None);
    }

    #[test]
    fn convolutional_presets_are_the_cnns() {
        use crate::keyed::Keyed;
        let cnns: Vec<ModelPreset> = ModelPreset::ALL
            .iter()
            .copied()
            .filter(|m| m.is_convolutional())
            .collect();
        assert_eq!(cnns, vec![ModelPreset::SmallCnn, ModelPreset::PaperCnn]);
    }
}
