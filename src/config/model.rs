//! [`ModelPreset`]: which networks a run builds (their layers are in
//! `architecture.rs`).

use crate::keyed::Keyed;
use serde::{Deserialize, Serialize};

/// Network architectures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModelPreset {
    /// Small MLPs (classifier d-128-64-1, policy d-64-1): fast on any device.
    Fast,
    /// A linear classifier d-1 (logistic regression on the features) with
    /// the fast policy d-64-1: many tables are nearly linear, and a linear
    /// model cannot memorise U's positives as negatives the way a network can.
    Linear,
    /// The paper's CNNs: classifier d-C(3×3,96)-C(3×3,192)-C(1×1,10)-100-1,
    /// policy d-C(3×3,96)-C(3×3,10)-100-1. Images only.
    PaperCnn,
    /// The paper's tabular classifier d-100-50-50-30-1 with a 4-layer policy d-50-30-1.
    PaperMlp4,
    /// The paper's tabular classifier d-100-50-50-30-1 with a 6-layer policy d-100-50-50-30-1.
    PaperMlp6,
    /// A small CNN for images: classifier d-C(3×3,16,/2)-C(3×3,32,/2)-64-1,
    /// policy d-C(3×3,8,/2)-C(3×3,16,/2)-32-1 (stride 2, padding 1).
    SmallCnn,
}

impl Keyed for ModelPreset {
    const ALL: &'static [Self] = &[
        Self::Fast,
        Self::Linear,
        Self::SmallCnn,
        Self::PaperCnn,
        Self::PaperMlp4,
        Self::PaperMlp6,
    ];
    const WHAT: &'static str = "model";

    /// The command-line name.
    fn key(self) -> &'static str {
        match self {
            Self::Fast => "fast",
            Self::Linear => "linear",
            Self::PaperCnn => "paper-cnn",
            Self::PaperMlp4 => "paper-mlp4",
            Self::PaperMlp6 => "paper-mlp6",
            Self::SmallCnn => "small-cnn",
        }
    }
}

impl ModelPreset {
    /// How much larger the classifier's Adam step is than the settings'
    /// learning rate: 10× for the linear model, which has no batch norm and
    /// few weights and barely leaves its initial weights at a step sized for
    /// the networks (on the wine example, 20 epochs at 1e-3 left test ROC-AUC
    /// between 0.54 and 0.95 over three seeds; at 1e-2, 0.92 to 0.97).
    pub fn learning_rate_scale(self) -> f64 {
        match self {
            Self::Linear => 10.0,
            _ => 1.0,
        }
    }

    /// The name the page shows.
    pub fn label(self) -> &'static str {
        match self {
            Self::Fast => "Fast MLP",
            Self::Linear => "Linear (logistic regression)",
            Self::SmallCnn => "Small CNN",
            Self::PaperCnn => "Paper CNN",
            Self::PaperMlp4 => "Paper MLP, 4-layer policy",
            Self::PaperMlp6 => "Paper MLP, 6-layer policy",
        }
    }
}

crate::keyed::from_str_by_key!(ModelPreset);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        for &m in ModelPreset::ALL {
            assert_eq!(m.key().parse::<ModelPreset>(), Ok(m));
            assert_eq!(serde_json::to_value(m).unwrap(), m.key());
        }
    }
}
