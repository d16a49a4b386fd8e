//! Batch norm on channels-last rows `[rows, channels]`, the layout of the
//! CPU path's convolutions (`conv_rows`).
//!
//! Burn's `BatchNorm` computes its statistics after swapping the batch and
//! channel dimensions and reshaping, which on rows is an element-by-element
//! transposing copy, twice forward and twice backward. Here the statistics
//! are means over dimension 0, which Burn flex reduces row by row, and
//! autodiff differentiates the few element-wise operations. The function
//! and the running statistics are `BatchNorm`'s (a test in `network.rs`
//! compares them); inference uses `BatchNorm` itself, which needs no
//! statistics.

use burn::nn::BatchNorm;
use burn::tensor::Tensor;

/// `norm` applied to `x` `[rows, channels]`: in training (an autodiff device
/// and a trainable layer) with the batch's statistics, updating the running
/// ones as `BatchNorm::forward` does; otherwise `BatchNorm::forward`.
pub fn batch_norm_rows(norm: &BatchNorm, x: Tensor<2>) -> Tensor<2> {
    if !(x.device().is_autodiff() && norm.training.is_enabled()) {
        return norm.forward(x);
    }
    let mean: Tensor<2> = x.clone().mean_dim(0);
    let centred = x - mean.clone();
    // The biased variance, as Burn's batch_norm_train returns it.
    let variance: Tensor<2> = centred.clone().square().mean_dim(0);
    let inv_std = variance.clone().add_scalar(norm.epsilon).sqrt().recip();
    let gamma: Tensor<2> = norm.gamma.val().unsqueeze();
    let beta: Tensor<2> = norm.beta.val().unsqueeze();
    let output = centred * (inv_std * gamma) + beta;
    let keep = 1.0 - norm.momentum;
    let update = |running: Tensor<1>, batch: Tensor<2>| {
        running
            .mul_scalar(keep)
            .add(batch.detach().flatten::<1>(0, 1).mul_scalar(norm.momentum))
            .detach()
    };
    let device = output.device();
    norm.running_mean.update(update(
        norm.running_mean.value_sync().to_device(&device),
        mean,
    ));
    norm.running_var.update(update(
        norm.running_var.value_sync().to_device(&device),
        variance,
    ));
    output
}
