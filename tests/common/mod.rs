//! Shared fixtures: a synthetic dataset with a known answer.

use policypu::config::{DataConfig, RunConfig};
use policypu::data::tasks::BuiltinDataset;
use policypu::data::{Dataset, FeatureShape};
use policypu::rng::PortableRng;

/// Two Gaussian classes in `dim` dimensions, means ±`separation`/2 on every
/// axis; class 1 is positive. Returns (train, test).
pub fn gaussian_blobs(
    n_train: usize,
    n_test: usize,
    dim: usize,
    separation: f64,
    seed: u64,
) -> (Dataset, Dataset) {
    let mut rng = PortableRng::new(seed, 99);
    let mut make = |n: usize| {
        let mut features = Vec::with_capacity(n * dim);
        let mut classes = Vec::with_capacity(n);
        for i in 0..n {
            let class = (i % 2) as u8;
            let centre = if class == 1 {
                separation / 2.0
            } else {
                -separation / 2.0
            };
            features.extend((0..dim).map(|_| (centre + rng.normal()) as f32));
            classes.push(class);
        }
        Dataset {
            shape: FeatureShape::Vector { dim },
            features,
            classes,
            n_classes: 2,
        }
    };
    (make(n_train), make(n_test))
}

/// A run on the blobs: class 1 positive, everything else from `RunConfig::default()`.
pub fn blob_config() -> RunConfig {
    RunConfig {
        data: DataConfig::Builtin {
            dataset: BuiltinDataset::Mnist,
            positive_classes: vec![1],
        },
        ..RunConfig::default()
    }
}
