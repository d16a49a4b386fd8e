//! Batch norm on channels-last rows `[rows, channels]`, the layout of the
//! CPU path's convolutions (`conv_rows`).
//!
//! Burn's `BatchNorm` computes its statistics after swapping the batch and
//! channel dimensions and reshaping, which on rows is an element-by-element
//! transposing copy, twice forward and twice backward. Here the statistics
//! are means over dimension 0, which Burn flex reduces row by row, and
//! autodiff differentiates the few element-wise operations. The function
//! and the running statistics are `BatchNorm`'s (a test in `network.rs`
//! compares them).
//!
//! In inference, batch norm is an affine map per channel, so it is folded
//! into the convolution before it (`folded_into`): the layer then costs no
//! pass over its output beyond the bias, where `BatchNorm::forward` makes
//! four.

use burn::module::Param;
use burn::nn::BatchNorm;
use burn::nn::conv::Conv2d;
use burn::tensor::{Device, Tensor};

/// Whether `norm` normalises with the batch's statistics on `device`
/// (training: an autodiff device and a trainable layer) rather than with its
/// running ones.
pub fn normalises_by_batch(norm: &BatchNorm, device: &Device) -> bool {
    device.is_autodiff() && norm.training.is_enabled()
}

/// `norm` applied in training to `x` `[rows, channels]`, with the batch's
/// statistics, updating the running ones as `BatchNorm::forward` does.
pub fn batch_norm_rows(norm: &BatchNorm, x: Tensor<2>) -> Tensor<2> {
    let mean: Tensor<2> = x.clone().mean_dim(0);
    let centred = x - mean.clone();
    // The biased variance, as Burn's batch_norm_train returns it.
    let variance: Tensor<2> = centred.clone().square().mean_dim(0);
    let inv_std = variance.clone().add_scalar(norm.epsilon).sqrt().recip();
    let gamma: Tensor<2> = norm.gamma.val().unsqueeze();
    let beta: Tensor<2> = norm.beta.val().unsqueeze();
    let output = centred * (inv_std * gamma) + beta;
    update_running(norm, mean, variance);
    output
}

/// `norm` applied in training to the product `patches · kernel + bias`
/// (`[rows, k]` times `[k, channels]`), without forming the product before
/// normalising: its channels' means and biased variances follow from the
/// patches' mean μ and covariance Σ (μ·W + b and the diagonal of WᵀΣW), so
/// batch norm becomes one product with the kernel scaled per channel, and
/// the bias cancels. The same function and running statistics as
/// [`batch_norm_rows`] of the product, for a `k × k` pass instead of
/// several over `[rows, channels]`: worth it when k ≤ channels.
pub fn normalised_product(
    norm: &BatchNorm,
    patches: Tensor<2>,
    kernel: Tensor<2>,
    bias: Option<Tensor<1>>,
) -> Tensor<2> {
    let [rows, _] = patches.dims();
    let patch_mean: Tensor<2> = patches.clone().mean_dim(0);
    let second_moment = patches
        .clone()
        .transpose()
        .matmul(patches.clone())
        .div_scalar(rows.max(1) as f64);
    let covariance = second_moment - patch_mean.clone().transpose().matmul(patch_mean.clone());
    let product_mean = patch_mean.matmul(kernel.clone());
    // The biased variance, as Burn's batch_norm_train returns it.
    let variance: Tensor<2> = (covariance.matmul(kernel.clone()) * kernel.clone())
        .sum_dim(0)
        .clamp_min(0.0);
    let gamma: Tensor<2> = norm.gamma.val().unsqueeze();
    let beta: Tensor<2> = norm.beta.val().unsqueeze();
    let scale = variance.clone().add_scalar(norm.epsilon).sqrt().recip() * gamma;
    let shift = beta - product_mean.clone() * scale.clone();
    let output = patches.matmul(kernel * scale) + shift;
    let mean = match bias {
        Some(bias) => product_mean + bias.unsqueeze(),
        None => product_mean,
    };
    update_running(norm, mean, variance);
    output
}

/// The running statistics moved towards the batch's `mean` and `variance`
/// (`[1, channels]`) by the momentum, as `BatchNorm::forward` does.
fn update_running(norm: &BatchNorm, mean: Tensor<2>, variance: Tensor<2>) {
    let keep = 1.0 - norm.momentum;
    let device = mean.device();
    let update = |running: Tensor<1>, batch: Tensor<2>| {
        running
            .to_device(&device)
            .mul_scalar(keep)
            .add(batch.detach().flatten::<1>(0, 1).mul_scalar(norm.momentum))
            .detach()
    };
    norm.running_mean
        .update(update(norm.running_mean.value_sync(), mean));
    norm.running_var
        .update(update(norm.running_var.value_sync(), variance));
    settle_running(norm);
}

/// Burn's `BatchNorm::forward`, with the running statistics it updates in
/// training settled at once (see [`settle_running`]).
pub fn batch_norm<const D: usize>(norm: &BatchNorm, x: Tensor<D>) -> Tensor<D> {
    let y = norm.forward(x);
    settle_running(norm);
    y
}

/// Fold the running statistics a training pass just left on this thread
/// into their value. Burn keeps each thread's update apart until it is read
/// on the thread that made it, then averages the threads' updates, so a run
/// whose steps move between threads (a rayon pool) would depend on which
/// thread took which step; settled at once, the statistics are those of
/// one thread whatever the threads.
pub fn settle_running(norm: &BatchNorm) {
    norm.running_mean.value_sync();
    norm.running_var.value_sync();
}

/// `conv` followed by `norm` with its running statistics, as one
/// convolution: each output channel's weights and bias scaled by
/// γ / √(running variance + ε), and the bias shifted by β − scale · running mean.
pub fn folded_into(norm: &BatchNorm, conv: &Conv2d) -> Conv2d {
    let device = conv.weight.device();
    let scale = norm.gamma.val()
        / norm
            .running_var
            .value()
            .to_device(&device)
            .add_scalar(norm.epsilon)
            .sqrt();
    let [c_out, ..] = conv.weight.dims();
    let weight = conv.weight.val() * scale.clone().reshape([c_out, 1, 1, 1]);
    let bias = match &conv.bias {
        Some(bias) => bias.val(),
        None => Tensor::zeros([c_out], &device),
    };
    let bias = (bias - norm.running_mean.value().to_device(&device)) * scale + norm.beta.val();
    Conv2d {
        weight: Param::from_tensor(weight),
        bias: Some(Param::from_tensor(bias)),
        ..conv.clone()
    }
}
