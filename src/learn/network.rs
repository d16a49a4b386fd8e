//! The networks: MLPs for vectors (and the fast image preset) and the
//! paper's CNNs for images. Every network maps a batch of flat feature rows
//! `[batch, d]` to one logit per row `[batch, 1]`; a sigmoid of the logit is
//! the classifier's ŷ or the policy's p(x).

use burn::module::Module;
use burn::nn::conv::{Conv2d, Conv2dConfig};
use burn::nn::{BatchNorm, BatchNormConfig, Linear, LinearConfig};
use burn::tensor::activation::relu;
use burn::tensor::{Device, Tensor};

use crate::config::ModelPreset;
use crate::data::FeatureShape;

/// Which of the two networks of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The classifier F_Φ.
    Classifier,
    /// The policy π_Θ.
    Policy,
}

/// Fully connected layers, each hidden one followed by batch norm and ReLU.
#[derive(Module, Debug)]
pub struct Mlp {
    hidden: Vec<Linear>,
    norms: Vec<BatchNorm>,
    output: Linear,
}

impl Mlp {
    /// An MLP `input-widths…-1`.
    pub fn new(input: usize, widths: &[usize], device: &Device) -> Self {
        let sizes: Vec<usize> = std::iter::once(input)
            .chain(widths.iter().copied())
            .collect();
        Mlp {
            hidden: sizes
                .windows(2)
                .map(|w| LinearConfig::new(w[0], w[1]).init(device))
                .collect(),
            norms: widths
                .iter()
                .map(|&w| BatchNormConfig::new(w).init(device))
                .collect(),
            output: LinearConfig::new(*sizes.last().unwrap_or(&input), 1).init(device),
        }
    }

    /// Logits `[batch, 1]` of rows `[batch, input]`.
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        let x = self
            .hidden
            .iter()
            .zip(&self.norms)
            .fold(x, |x, (linear, norm)| relu(norm.forward(linear.forward(x))));
        self.output.forward(x)
    }
}

/// Convolutions (3×3 or 1×1, stride 1, no padding), each followed by batch
/// norm and ReLU, then a dense layer of 100 with batch norm and ReLU, then 1.
#[derive(Module, Debug)]
pub struct Cnn {
    convs: Vec<Conv2d>,
    conv_norms: Vec<BatchNorm>,
    dense: Linear,
    dense_norm: BatchNorm,
    output: Linear,
    channels: usize,
    height: usize,
    width: usize,
}

impl Cnn {
    /// A CNN over `channels×height×width` images with the given (filters, kernel) layers.
    pub fn new(
        channels: usize,
        height: usize,
        width: usize,
        layers: &[(usize, usize)],
        device: &Device,
    ) -> Self {
        let mut convs = Vec::new();
        let mut conv_norms = Vec::new();
        let (mut c, mut h, mut w) = (channels, height, width);
        for &(filters, kernel) in layers {
            convs.push(Conv2dConfig::new([c, filters], [kernel, kernel]).init(device));
            conv_norms.push(BatchNormConfig::new(filters).init(device));
            (c, h, w) = (filters, h + 1 - kernel, w + 1 - kernel);
        }
        Cnn {
            convs,
            conv_norms,
            dense: LinearConfig::new(c * h * w, 100).init(device),
            dense_norm: BatchNormConfig::new(100).init(device),
            output: LinearConfig::new(100, 1).init(device),
            channels,
            height,
            width,
        }
    }

    /// Logits `[batch, 1]` of flat image rows `[batch, c·h·w]`.
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        let [batch, _] = x.dims();
        let images: Tensor<4> = x.reshape([batch, self.channels, self.height, self.width]);
        let maps = self
            .convs
            .iter()
            .zip(&self.conv_norms)
            .fold(images, |x, (conv, norm)| {
                relu(norm.forward(conv.forward(x)))
            });
        let flat: Tensor<2> = maps.flatten(1, 3);
        self.output
            .forward(relu(self.dense_norm.forward(self.dense.forward(flat))))
    }
}

/// A classifier or policy network of any preset.
#[derive(Module, Debug)]
pub enum Network {
    /// Fully connected.
    Mlp(Mlp),
    /// Convolutional.
    Cnn(Cnn),
}

impl Network {
    /// The network a preset prescribes for `role` on data of `shape`.
    pub fn new(
        preset: ModelPreset,
        role: Role,
        shape: FeatureShape,
        device: &Device,
    ) -> Result<Self, String> {
        if let Some((classifier, policy)) = preset.mlp_widths() {
            let widths = if role == Role::Classifier {
                classifier
            } else {
                policy
            };
            return Ok(Network::Mlp(Mlp::new(shape.len(), widths, device)));
        }
        let FeatureShape::Image {
            channels,
            height,
            width,
        } = shape
        else {
            return Err("the paper's CNN needs image data; use an MLP preset for vectors".into());
        };
        if height < 5 || width < 5 {
            return Err(format!(
                "images of {height}×{width} are too small for the paper's CNN"
            ));
        }
        // The paper: classifier d-C(3×3,96)-C(3×3,192)-C(1×1,10)-100-1,
        // policy d-C(3×3,96)-C(3×3,10)-100-1.
        let layers: &[(usize, usize)] = match role {
            Role::Classifier => &[(96, 3), (192, 3), (10, 1)],
            Role::Policy => &[(96, 3), (10, 3)],
        };
        Ok(Network::Cnn(Cnn::new(
            channels, height, width, layers, device,
        )))
    }

    /// Logits `[batch, 1]` of flat feature rows `[batch, d]`.
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        match self {
            Network::Mlp(m) => m.forward(x),
            Network::Cnn(c) => c.forward(x),
        }
    }
}
