//! The networks: MLPs for vectors (and the fast image preset) and CNNs for
//! images (a small one, and the paper's). Every network maps a batch of flat
//! feature rows `[batch, d]` to one logit per row `[batch, 1]`; a sigmoid of
//! the logit is the classifier's ŷ or the policy's p(x).
//!
//! Initial weights are drawn on the host from the run's seeded stream
//! (uniform in ±1/√fan-in, Burn's and PyTorch's default for these layers),
//! not by the device's own generator, so a seed starts a run from the same
//! weights on the CPU backend and on WebGPU alike.

use crate::keyed::Keyed;
use burn::module::{Module, Param};
use burn::nn::conv::{Conv2d, Conv2dConfig};
use burn::nn::{BatchNorm, BatchNormConfig, Linear, LinearConfig, PaddingConfig2d};
use burn::tensor::activation::relu;
use burn::tensor::{Device, Tensor, TensorData};

use super::batch_norm_rows::{
    batch_norm, batch_norm_rows, folded_into, normalised_product, normalises_by_batch,
};
use super::conv_rows::{MapSize, conv_rows, from_rows, narrow_patches, patch_values, to_rows};
use crate::config::ModelPreset;
pub use crate::config::architecture::Role;
use crate::config::architecture::{Architecture, CnnLayout, ConvLayer};
use crate::data::FeatureShape;
use crate::rng::PortableRng;

/// Fully connected layers, each hidden one followed by batch norm and ReLU.
#[derive(Module, Debug)]
pub struct Mlp {
    hidden: Vec<Linear>,
    norms: Vec<BatchNorm>,
    output: Linear,
}

impl Mlp {
    /// An MLP `input-widths…-1`.
    pub fn new(input: usize, widths: &[usize], rng: &mut PortableRng, device: &Device) -> Self {
        let sizes: Vec<usize> = std::iter::once(input)
            .chain(widths.iter().copied())
            .collect();
        Mlp {
            hidden: sizes
                .windows(2)
                .map(|w| linear(w[0], w[1], rng, device))
                .collect(),
            norms: widths
                .iter()
                .map(|&w| BatchNormConfig::new(w).init(device))
                .collect(),
            output: linear(*sizes.last().unwrap_or(&input), 1, rng, device),
        }
    }

    /// Logits `[batch, 1]` of rows `[batch, input]`.
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        let x = self
            .hidden
            .iter()
            .zip(&self.norms)
            .fold(x, |x, (linear, norm)| {
                relu(batch_norm(norm, linear.forward(x)))
            });
        self.output.forward(x)
    }
}

/// Most memory the CPU path's patch matrices and their gradients may hold in
/// a training step (the paper CNN's batch of 128 needs 0.5 GB on MNIST and
/// 0.7 GB on CIFAR-10). A larger batch convolves with `Conv2d`, whose memory
/// `workload.rs` bounds; inference gathers in groups and needs no budget.
const MAX_TRAINING_PATCH_BYTES: usize = 1 << 30;

/// Convolutions, each followed by batch norm and ReLU, then a dense layer
/// with batch norm and ReLU, then one output.
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
    /// A CNN over `channels×height×width` images, or why the images are too small.
    fn new(
        [channels, height, width]: [usize; 3],
        layout: &CnnLayout,
        rng: &mut PortableRng,
        device: &Device,
    ) -> Result<Self, String> {
        let mut convs = Vec::new();
        let mut conv_norms = Vec::new();
        let (mut c, mut h, mut w) = (channels, height, width);
        for &layer in layout.convs {
            let (Some(next_h), Some(next_w)) = (layer.output_side(h), layer.output_side(w)) else {
                return Err(format!(
                    "images of {height}×{width} are too small for this CNN"
                ));
            };
            convs.push(conv2d(c, layer, rng, device));
            conv_norms.push(BatchNormConfig::new(layer.filters).init(device));
            (c, h, w) = (layer.filters, next_h, next_w);
        }
        Ok(Cnn {
            convs,
            conv_norms,
            dense: linear(c * h * w, layout.dense, rng, device),
            dense_norm: BatchNormConfig::new(layout.dense).init(device),
            output: linear(layout.dense, 1, rng, device),
            channels,
            height,
            width,
        })
    }

    /// Logits `[batch, 1]` of flat image rows `[batch, c·h·w]`. On the CPU
    /// backend the convolutions run as gathers and matrix products
    /// (`conv_rows`), elsewhere, or for a training batch whose patches would
    /// pass `MAX_TRAINING_PATCH_BYTES`, as Burn's `Conv2d`: the same function.
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        let device = x.device();
        let [batch, _] = x.dims();
        let by_rows = device == Device::flex()
            && (!device.is_autodiff()
                || self.training_patch_bytes(batch) <= MAX_TRAINING_PATCH_BYTES);
        let flat = if by_rows {
            self.features_by_rows(x)
        } else {
            self.features_by_images(x)
        };
        self.output
            .forward(relu(batch_norm(&self.dense_norm, self.dense.forward(flat))))
    }

    /// Bytes a training step on `batch` images keeps for the gathered path's
    /// patch matrices and their gradients.
    fn training_patch_bytes(&self, batch: usize) -> usize {
        patch_values(&self.convs, self.channels, self.maps(batch))
            .saturating_mul(2 * size_of::<f32>())
    }

    /// The size of a batch of input images.
    fn maps(&self, images: usize) -> MapSize {
        MapSize {
            images,
            height: self.height,
            width: self.width,
        }
    }

    /// The convolutional features, flat, with Burn's `Conv2d` on `[b, c, h, w]`.
    fn features_by_images(&self, x: Tensor<2>) -> Tensor<2> {
        let [batch, _] = x.dims();
        let images: Tensor<4> = x.reshape([batch, self.channels, self.height, self.width]);
        self.convs
            .iter()
            .zip(&self.conv_norms)
            .fold(images, |x, (conv, norm)| {
                relu(batch_norm(norm, conv.forward(x)))
            })
            .flatten(1, 3)
    }

    /// The same features, convolved on channels-last rows `[b·h·w, c]`.
    fn features_by_rows(&self, x: Tensor<2>) -> Tensor<2> {
        let [batch, _] = x.dims();
        let size = self.maps(batch);
        let rows = to_rows(x, self.channels, size);
        let (rows, size) = self.convs.iter().zip(&self.conv_norms).fold(
            (rows, size),
            |(x, size), (conv, norm)| {
                let (y, size) = if !normalises_by_batch(norm, &x.device()) {
                    conv_rows(&folded_into(norm, conv), x, size)
                } else if let Some(p) = narrow_patches(conv, &x, size) {
                    let bias = conv.bias.as_ref().map(|b| b.val());
                    (normalised_product(norm, p.rows, p.kernel, bias), p.out)
                } else {
                    let (y, size) = conv_rows(conv, x, size);
                    (batch_norm_rows(norm, y), size)
                };
                (relu(y), size)
            },
        );
        from_rows(rows, size)
    }
}

/// A linear layer with host-drawn weights and bias.
fn linear(input: usize, output: usize, rng: &mut PortableRng, device: &Device) -> Linear {
    let mut layer = LinearConfig::new(input, output).init(device);
    let bound = 1.0 / (input.max(1) as f64).sqrt();
    layer.weight = Param::from_tensor(uniform([input, output], bound, rng, device));
    layer.bias = Some(Param::from_tensor(uniform([output], bound, rng, device)));
    layer
}

/// A convolution with host-drawn weights and bias.
fn conv2d(input: usize, layer: ConvLayer, rng: &mut PortableRng, device: &Device) -> Conv2d {
    let k = layer.kernel;
    let p = layer.padding();
    let mut conv = Conv2dConfig::new([input, layer.filters], [k, k])
        .with_stride([layer.stride, layer.stride])
        .with_padding(PaddingConfig2d::Explicit(p, p, p, p))
        .init(device);
    let bound = 1.0 / ((input * k * k).max(1) as f64).sqrt();
    conv.weight = Param::from_tensor(uniform([layer.filters, input, k, k], bound, rng, device));
    conv.bias = Some(Param::from_tensor(uniform(
        [layer.filters],
        bound,
        rng,
        device,
    )));
    conv
}

/// A tensor of values uniform in ±bound, drawn on the host.
fn uniform<const D: usize>(
    shape: [usize; D],
    bound: f64,
    rng: &mut PortableRng,
    device: &Device,
) -> Tensor<D> {
    let count: usize = shape.iter().product();
    let values: Vec<f32> = (0..count)
        .map(|_| ((2.0 * rng.unit() - 1.0) * bound) as f32)
        .collect();
    Tensor::from_data(TensorData::new(values, shape), device)
}

/// A classifier or policy network of any preset.
#[derive(Module, Debug)]
#[allow(clippy::large_enum_variant)] // two per run, never in collections
pub enum Network {
    /// Fully connected.
    Mlp(Mlp),
    /// Convolutional.
    Cnn(Cnn),
}

impl Network {
    /// The network a preset prescribes for `role` on data of `shape`, with
    /// weights drawn from `rng`.
    pub fn new(
        preset: ModelPreset,
        role: Role,
        shape: FeatureShape,
        rng: &mut PortableRng,
        device: &Device,
    ) -> Result<Self, String> {
        match (preset.architecture(role), shape) {
            (Architecture::Mlp(widths), _) => {
                Ok(Network::Mlp(Mlp::new(shape.len(), widths, rng, device)))
            }
            (
                Architecture::Cnn(layout),
                FeatureShape::Image {
                    channels,
                    height,
                    width,
                },
            ) => Ok(Network::Cnn(Cnn::new(
                [channels, height, width],
                &layout,
                rng,
                device,
            )?)),
            (Architecture::Cnn(_), FeatureShape::Vector { .. }) => Err(format!(
                "the {} model needs image data; use an MLP preset for vectors",
                preset.key()
            )),
        }
    }

    /// Logits `[batch, 1]` of flat feature rows `[batch, d]`.
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        match self {
            Network::Mlp(m) => m.forward(x),
            Network::Cnn(c) => c.forward(x),
        }
    }

    /// Rows per forward pass when scoring many examples: 256 images bound
    /// a CNN's activation memory; an MLP's activations are a few hundred
    /// values a row, and its products run faster on 1,024 rows
    /// (`results/bench-auto-speed.md`).
    pub fn inference_rows(&self) -> usize {
        match self {
            Network::Mlp(_) => 1024,
            Network::Cnn(_) => 256,
        }
    }

    /// The same network with `delta` added to its output bias, which stays a
    /// trainable parameter.
    pub fn with_output_shift(self, delta: f32) -> Network {
        let shift = |output: &mut burn::nn::Linear| {
            if let Some(bias) = output.bias.take() {
                output.bias = Some(bias.map(|b| {
                    let tracked = b.is_require_grad();
                    let shifted = Tensor::from_inner(b.inner().add_scalar(delta as f64));
                    if tracked {
                        shifted.require_grad()
                    } else {
                        shifted
                    }
                }));
            }
        };
        match self {
            Network::Mlp(mut m) => {
                shift(&mut m.output);
                Network::Mlp(m)
            }
            Network::Cnn(mut c) => {
                shift(&mut c.output);
                Network::Cnn(c)
            }
        }
    }

    /// The output layer's bias: one value that every training step updates
    /// last, so reading it back waits for the step's work.
    pub fn output_bias(&self) -> Option<Tensor<1>> {
        let output = match self {
            Network::Mlp(m) => &m.output,
            Network::Cnn(c) => &c.output,
        };
        output.bias.as_ref().map(|bias| bias.val())
    }
}

/// A fast-preset classifier on `dim` features, its weights drawn from `rng`
/// (for tests elsewhere in `learn`).
#[cfg(test)]
pub fn test_classifier(dim: usize, rng: &mut PortableRng, device: &Device) -> Network {
    let shape = FeatureShape::Vector { dim };
    Network::new(ModelPreset::Fast, Role::Classifier, shape, rng, device).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::tasks::BuiltinDataset;
    use crate::rng::stream;

    fn first_weights(seed: u64) -> Vec<f32> {
        let device = Device::flex();
        let mut rng = PortableRng::new(seed, stream::WEIGHTS);
        let Network::Mlp(mlp) = Network::new(
            ModelPreset::Fast,
            Role::Classifier,
            FeatureShape::Vector { dim: 3 },
            &mut rng,
            &device,
        )
        .unwrap() else {
            panic!("the fast preset is an MLP")
        };
        mlp.hidden[0]
            .weight
            .val()
            .into_data()
            .try_to_vec::<f32>()
            .unwrap()
    }

    #[test]
    fn an_output_shift_moves_every_logit_and_stays_trainable() {
        let device = Device::flex().autodiff();
        let mut rng = PortableRng::new(1, stream::WEIGHTS);
        let net = Network::new(
            ModelPreset::Fast,
            Role::Classifier,
            FeatureShape::Vector { dim: 3 },
            &mut rng,
            &device,
        )
        .unwrap();
        let x = Tensor::<2>::from_data(
            TensorData::new(vec![0.5f32, -1.0, 2.0, 0.0, 1.0, -0.5], [2, 3]),
            &device,
        );
        let logits = |n: &Network| {
            n.forward(x.clone())
                .into_data()
                .try_to_vec::<f32>()
                .unwrap()
        };
        let before = logits(&net);
        let shifted = net.with_output_shift(1.5);
        let after = logits(&shifted);
        for (b, a) in before.iter().zip(&after) {
            assert!((a - b - 1.5).abs() < 1e-5, "{b} → {a}");
        }
        assert!(shifted.output_bias().unwrap().is_require_grad());
    }

    #[test]
    fn weights_come_from_the_seed_within_the_fan_in_bound() {
        let a = first_weights(7);
        assert_eq!(a, first_weights(7));
        assert_ne!(a, first_weights(8));
        let bound = 1.0 / 3f32.sqrt();
        assert!(a.iter().all(|w| w.abs() <= bound), "{a:?}");
        assert!(a.iter().any(|w| w.abs() > bound / 2.0));
    }

    /// What a CNN preset's network for `role` computes on 3 random images of
    /// `shape` by one path (`by_rows`: the gathers, else `Conv2d`): the
    /// logits in training mode, the first and last convolutions' weight
    /// gradients of their sum, the batch-norm running means of the first
    /// convolution and running variances of the last, and the logits in
    /// inference mode. The batch norms' γ and β are drawn, not 1 and 0.
    fn one_path(
        preset: ModelPreset,
        role: Role,
        shape: FeatureShape,
        by_rows: bool,
    ) -> [Vec<f32>; 6] {
        let device = Device::flex().autodiff();
        let mut rng = PortableRng::new(3, 0);
        let Network::Cnn(mut cnn) = Network::new(preset, role, shape, &mut rng, &device).unwrap()
        else {
            panic!("{} is a CNN", preset.key())
        };
        for norm in &mut cnn.conv_norms {
            let [channels] = norm.gamma.dims();
            norm.gamma = Param::from_tensor(uniform([channels], 0.5, &mut rng, &device) + 1.0);
            norm.beta = Param::from_tensor(uniform([channels], 0.5, &mut rng, &device));
        }
        let x = uniform([3, shape.len()], 1.0, &mut rng, &device);
        let logits = |cnn: &Cnn, x: Tensor<2>| {
            let features = match by_rows {
                true => cnn.features_by_rows(x),
                false => cnn.features_by_images(x),
            };
            let hidden = relu(cnn.dense_norm.forward(cnn.dense.forward(features)));
            cnn.output.forward(hidden)
        };
        let read = |t: TensorData| t.try_to_vec::<f32>().unwrap();
        let trained = logits(&cnn, x.clone());
        let grads = trained.clone().sum().backward();
        let weight_grad = |conv: &Conv2d| read(conv.weight.val().grad(&grads).unwrap().into_data());
        let last = cnn.conv_norms.len() - 1;
        [
            read(trained.into_data()),
            weight_grad(&cnn.convs[0]),
            weight_grad(&cnn.convs[last]),
            read(cnn.conv_norms[0].running_mean.value().into_data()),
            read(cnn.conv_norms[last].running_var.value().into_data()),
            read(logits(&cnn.valid(), x.inner()).into_data()),
        ]
    }

    #[test]
    fn gathered_convolutions_compute_what_conv2d_computes() {
        // The paper policy's 96 → 10 layer gathers its outputs, the others their inputs.
        let cases = [
            (ModelPreset::PaperCnn, Role::Classifier, 1, 9),
            (ModelPreset::PaperCnn, Role::Policy, 1, 9),
            (ModelPreset::SmallCnn, Role::Classifier, 1, 9),
            (ModelPreset::SmallCnn, Role::Classifier, 3, 8),
        ];
        for (preset, role, channels, side) in cases {
            let shape = FeatureShape::Image {
                channels,
                height: side,
                width: side,
            };
            let by_rows = one_path(preset, role, shape, true);
            let by_images = one_path(preset, role, shape, false);
            let what = [
                "logits",
                "first weight gradient",
                "last weight gradient",
                "running mean",
                "running variance",
                "inference logits",
            ];
            for (what, (a, b)) in what.iter().zip(by_rows.iter().zip(&by_images)) {
                assert_eq!(a.len(), b.len(), "{what}");
                let scale = b.iter().fold(1e-3f32, |m, v| m.max(v.abs()));
                for (i, (x, y)) in a.iter().zip(b).enumerate() {
                    assert!(
                        (x - y).abs() <= 1e-4 * scale,
                        "{} {role:?} {channels}x{side}: {what}[{i}] {x} by rows, {y} by Conv2d",
                        preset.key()
                    );
                }
            }
        }
    }

    #[test]
    fn the_paper_cnn_trains_on_gathers_up_to_266_mnist_images_a_batch() {
        let mut rng = PortableRng::new(1, 0);
        let device = Device::flex();
        let Network::Cnn(cnn) = Network::new(
            ModelPreset::PaperCnn,
            Role::Classifier,
            BuiltinDataset::Mnist.shape(),
            &mut rng,
            &device,
        )
        .unwrap() else {
            panic!("the paper CNN is a CNN")
        };
        // Per image: conv 1 gathers 26·26 patches of 3·3·1, conv 2 24·24 of
        // 3·3·96, the 1×1 conv 3 none; values and gradients, 4 bytes each.
        let per_image = (26 * 26 * 9 + 24 * 24 * 9 * 96) * 2 * 4;
        assert_eq!(cnn.training_patch_bytes(128), 128 * per_image);
        assert!(cnn.training_patch_bytes(266) <= MAX_TRAINING_PATCH_BYTES);
        assert!(cnn.training_patch_bytes(267) > MAX_TRAINING_PATCH_BYTES);
    }

    #[test]
    fn small_cnn_fits_cifar_and_mnist_and_refuses_tiny_images() {
        let device = Device::flex();
        let mut rng = PortableRng::new(1, 0);
        for (c, side) in [(1, 28), (3, 32)] {
            let shape = FeatureShape::Image {
                channels: c,
                height: side,
                width: side,
            };
            let net = Network::new(
                ModelPreset::SmallCnn,
                Role::Classifier,
                shape,
                &mut rng,
                &device,
            )
            .unwrap();
            let x = Tensor::<2>::zeros([2, shape.len()], &device);
            assert_eq!(net.forward(x).dims(), [2, 1]);
        }
        let tiny = FeatureShape::Image {
            channels: 1,
            height: 2,
            width: 2,
        };
        assert!(
            Network::new(
                ModelPreset::PaperCnn,
                Role::Classifier,
                tiny,
                &mut rng,
                &device
            )
            .is_err()
        );
    }
}
