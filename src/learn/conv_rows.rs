//! Convolution as a gather and a matrix product, on channels-last rows
//! `[images·h·w, channels]`: the CPU backend's path for the CNN presets.
//!
//! Burn flex convolves through im2col tiles, but its weight gradient runs a
//! second convolution with the output gradient as the kernel (for the paper
//! CNN's 96 → 192 layer: 96 thin products that each stream the whole
//! gradient). Here the patches are gathered once with `select` (whose
//! backward is one scatter-add) and multiplied with the kernel as a
//! `[k·k·c_in, c_out]` matrix, so the forward pass, the input gradient and
//! the weight gradient are three large, well-shaped matrix products.
//! Measured in `results/bench-native.md`.
//!
//! A layer with fewer output than input channels and stride 1 (the paper
//! policy's 96 → 10) gathers on the other side: it multiplies every input
//! row by the kernel of every tap at once, `[rows, c_in] × [c_in, k·k·c_out]`,
//! then gathers and sums the taps' `c_out`-wide results. It moves
//! `c_out / c_in` of the data the patch gather would, and its products have
//! `c_in` and `k·k·c_out` as their small sides instead of `c_out`.
//!
//! The parameters are the same `Conv2d` weights and biases, and batch norm
//! over `[rows, channels]` (`batch_norm_rows`) normalises each channel over
//! images and pixels as it does on `[images, channels, h, w]`, so a network
//! computes the same function on either path (`network.rs` tests it) and
//! saved models move between devices.

use burn::nn::PaddingConfig2d;
use burn::nn::conv::Conv2d;
use std::ops::Range;

use burn::tensor::{Device, Int, Tensor, TensorData};

/// The patch matrix of one gather holds at most this many values (64 MiB of
/// f32); larger batches are gathered and multiplied in groups of images.
const MAX_PATCH_VALUES: usize = 16 << 20;

/// Spatial size of a stack of channels-last feature maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapSize {
    /// Images in the batch.
    pub images: usize,
    /// Height of each map.
    pub height: usize,
    /// Width of each map.
    pub width: usize,
}

/// A layer's geometry: kernel side, stride and padding of `conv`, and the
/// size of its output for an input of `size`. For the layers `network.rs`
/// builds: square kernels, equal strides, symmetric explicit zero padding or
/// none, no dilation or groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Geometry {
    kernel: usize,
    stride: usize,
    pad: usize,
    out: MapSize,
}

impl Geometry {
    fn of(conv: &Conv2d, size: MapSize) -> Self {
        let kernel = conv.kernel_size[0];
        let stride = conv.stride[0];
        let pad = match conv.padding {
            PaddingConfig2d::Explicit(top, ..) => top,
            _ => 0,
        };
        let side = |input: usize| (input + 2 * pad).saturating_sub(kernel) / stride + 1;
        Geometry {
            kernel,
            stride,
            pad,
            out: MapSize {
                images: size.images,
                height: side(size.height),
                width: side(size.width),
            },
        }
    }

    /// How a layer from `c_in` to `c_out` channels is computed.
    fn plan(&self, c_in: usize, c_out: usize) -> Plan {
        if self.kernel == 1 && self.stride == 1 {
            Plan::Product
        } else if self.stride == 1 && c_out < c_in {
            Plan::GatherOutputs
        } else {
            Plan::GatherInputs
        }
    }

    /// The batch's images in groups whose gathers stay within
    /// `MAX_PATCH_VALUES` values.
    fn image_groups(
        &self,
        size: MapSize,
        c_in: usize,
        c_out: usize,
    ) -> impl Iterator<Item = Range<usize>> + use<> {
        image_groups(size, self.gathered_values(maps_of(size, 1), c_in, c_out))
    }

    /// Values gathered (and kept for the backward pass) for the input maps
    /// `size` going from `c_in` to `c_out` channels.
    fn gathered_values(&self, size: MapSize, c_in: usize, c_out: usize) -> usize {
        let taps = self.kernel * self.kernel;
        let out_rows = size.images * self.out.height * self.out.width;
        match self.plan(c_in, c_out) {
            Plan::Product => 0,
            Plan::GatherInputs => out_rows * taps * c_in,
            // The per-tap products, then their gathered copies.
            Plan::GatherOutputs => {
                (size.images * size.height * size.width + out_rows) * taps * c_out
            }
        }
    }
}

/// The three ways `conv_rows` computes a layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Plan {
    /// A 1×1 kernel with stride 1: one matrix product.
    Product,
    /// Gather each output pixel's patch of inputs, then multiply.
    GatherInputs,
    /// Multiply each input row by every tap's kernel, then gather and sum.
    GatherOutputs,
}

/// Values in the matrices that `convs` gather for a batch of `size` with
/// `channels` input channels. Training keeps them for the backward pass,
/// and their gradients take as many again.
pub fn patch_values(convs: &[Conv2d], channels: usize, size: MapSize) -> usize {
    let mut values = 0usize;
    let (mut c_in, mut size) = (channels, size);
    for conv in convs {
        let geometry = Geometry::of(conv, size);
        let c_out = conv.weight.dims()[0];
        values = values.saturating_add(geometry.gathered_values(size, c_in, c_out));
        c_in = c_out;
        size = geometry.out;
    }
    values
}

/// `conv` applied to channels-last rows `[images·h·w, c_in]` (row order:
/// image, y, x): rows `[images·oh·ow, c_out]` and their size.
pub fn conv_rows(conv: &Conv2d, x: Tensor<2>, size: MapSize) -> (Tensor<2>, MapSize) {
    let [c_out, c_in, ..] = conv.weight.dims();
    let geometry = Geometry::of(conv, size);
    let y = match geometry.plan(c_in, c_out) {
        Plan::Product => x.matmul(patch_kernel(conv)),
        Plan::GatherInputs => gather_inputs(conv, x, size, geometry),
        Plan::GatherOutputs => gather_outputs(conv, x, size, geometry),
    };
    let y = match &conv.bias {
        Some(bias) => y + bias.val().unsqueeze::<2>(),
        None => y,
    };
    (y, geometry.out)
}

/// The kernel as a `[k·k·c_in, c_out]` matrix, rows in patch order (ky, kx, c_in).
fn patch_kernel(conv: &Conv2d) -> Tensor<2> {
    let [c_out, c_in, k, _] = conv.weight.dims();
    conv.weight
        .val()
        .permute([2, 3, 1, 0])
        .reshape([k * k * c_in, c_out])
}

/// The kernel as a `[c_in, k·k·c_out]` matrix, columns in tap order (ky, kx, c_out).
fn tap_kernel(conv: &Conv2d) -> Tensor<2> {
    let [c_out, c_in, k, _] = conv.weight.dims();
    conv.weight
        .val()
        .permute([1, 2, 3, 0])
        .reshape([c_in, k * k * c_out])
}

/// A layer's gathered patches and its kernel matrix: the layer computes
/// `rows · kernel` plus its bias.
pub struct Patches {
    /// One row per output pixel, `[images·oh·ow, k·k·c_in]`.
    pub rows: Tensor<2>,
    /// The kernel, `[k·k·c_in, c_out]`.
    pub kernel: Tensor<2>,
    /// The size of the layer's output maps.
    pub out: MapSize,
}

/// The patches of a layer whose patches are no wider than its output
/// (`k·k·c_in ≤ c_out`: the paper CNN's first layer), for a batch gathered in one
/// group; `None` for other layers and batches. Batch norm in training then
/// takes its statistics from the patches' moments (`batch_norm_rows::
/// normalised_product`), a `k·k·c_in`-wide matrix, instead of from the wider
/// output.
pub fn narrow_patches(conv: &Conv2d, x: &Tensor<2>, size: MapSize) -> Option<Patches> {
    let [c_out, c_in, k, _] = conv.weight.dims();
    let geometry = Geometry::of(conv, size);
    let narrow = geometry.plan(c_in, c_out) == Plan::GatherInputs && k * k * c_in <= c_out;
    if !narrow || geometry.image_groups(size, c_in, c_out).count() != 1 {
        return None;
    }
    let x = with_zero_row(x.clone(), geometry.pad);
    Some(Patches {
        rows: gather_patches(&x, 0..size.images, size, geometry, k * k * c_in),
        kernel: patch_kernel(conv),
        out: geometry.out,
    })
}

/// The patches `[images·oh·ow, width]` of `images`, gathered from `x`
/// (padded with one zero row after the last image when the layer pads).
fn gather_patches(
    x: &Tensor<2>,
    images: Range<usize>,
    size: MapSize,
    geometry: Geometry,
    width: usize,
) -> Tensor<2> {
    let zero_row = size.images * size.height * size.width;
    let rows = images.len() * geometry.out.height * geometry.out.width;
    let index = patch_index(images, size, geometry, zero_row);
    x.clone()
        .select(0, index_tensor(&index, &x.device()))
        .reshape([rows, width])
}

/// Each output pixel's patch of input rows, gathered, times the patch kernel.
fn gather_inputs(conv: &Conv2d, x: Tensor<2>, size: MapSize, geometry: Geometry) -> Tensor<2> {
    let [c_out, c_in, k, _] = conv.weight.dims();
    let kernel = patch_kernel(conv);
    let x = with_zero_row(x, geometry.pad);
    let parts = geometry
        .image_groups(size, c_in, c_out)
        .map(|images| {
            gather_patches(&x, images, size, geometry, k * k * c_in).matmul(kernel.clone())
        })
        .collect();
    join_rows(parts, c_out, &x.device())
}

/// Every input row times every tap's kernel, then for each output pixel the
/// sum of its taps' products, gathered.
fn gather_outputs(conv: &Conv2d, x: Tensor<2>, size: MapSize, geometry: Geometry) -> Tensor<2> {
    let [c_out, c_in, k, _] = conv.weight.dims();
    let taps = k * k;
    let kernel = tap_kernel(conv);
    let out = geometry.out;
    let in_rows = size.height * size.width;
    let parts = geometry
        .image_groups(size, c_in, c_out)
        .map(|images| {
            let first_row = images.start * in_rows;
            let group_rows = images.len() * in_rows;
            // Row (input row r, tap t) of the products is r·taps + t; a padding
            // tap reads one zero row after them.
            let zero_row = group_rows * taps;
            let products = x
                .clone()
                .narrow(0, first_row, group_rows)
                .matmul(kernel.clone())
                .reshape([zero_row, c_out]);
            let products = with_zero_row(products, geometry.pad);
            let index: Vec<usize> = patch_index(images.clone(), size, geometry, usize::MAX)
                .into_iter()
                .enumerate()
                .map(|(i, row)| match row {
                    usize::MAX => zero_row,
                    row => (row - first_row) * taps + i % taps,
                })
                .collect();
            let rows = images.len() * out.height * out.width;
            products
                .select(0, index_tensor(&index, &x.device()))
                .reshape([rows, taps, c_out])
                .sum_dim(1)
                .reshape([rows, c_out])
        })
        .collect();
    join_rows(parts, c_out, &x.device())
}

/// `x` with one row of zeros appended when the layer pads.
fn with_zero_row(x: Tensor<2>, pad: usize) -> Tensor<2> {
    if pad == 0 {
        return x;
    }
    let [_, width] = x.dims();
    let zeros = Tensor::zeros([1, width], &x.device());
    Tensor::cat(vec![x, zeros], 0)
}

/// The batch's images in consecutive groups small enough that one group
/// gathers at most `MAX_PATCH_VALUES` values (`per_image` each).
fn image_groups(size: MapSize, per_image: usize) -> impl Iterator<Item = Range<usize>> {
    let group = (MAX_PATCH_VALUES / per_image.max(1)).clamp(1, size.images.max(1));
    (0..size.images)
        .step_by(group)
        .map(move |first| first..(first + group).min(size.images))
}

/// `size` with `images` images.
fn maps_of(size: MapSize, images: usize) -> MapSize {
    MapSize { images, ..size }
}

/// Row indices as an index tensor for `select`, on `device`: the gathers
/// here, and the batches of `DeviceData::index_tensor`.
pub fn index_tensor(indices: &[usize], device: &Device) -> Tensor<1, Int> {
    let as_i64: Vec<i64> = indices.iter().map(|&i| i as i64).collect();
    Tensor::<1, Int>::from_data(TensorData::new(as_i64, [indices.len()]), device)
}

/// The groups' output rows, stacked.
fn join_rows(mut parts: Vec<Tensor<2>>, c_out: usize, device: &Device) -> Tensor<2> {
    match parts.len() {
        0 => Tensor::zeros([0, c_out], device),
        1 => parts.remove(0),
        _ => Tensor::cat(parts, 0),
    }
}

/// For each output pixel of `images` (in order image, oy, ox) and each tap
/// (ky, kx), the input row it reads, or `zero_row` where the tap falls in the
/// padding.
fn patch_index(
    images: Range<usize>,
    size: MapSize,
    geometry: Geometry,
    zero_row: usize,
) -> Vec<usize> {
    let Geometry {
        kernel: k,
        stride,
        pad,
        out,
    } = geometry;
    let mut index = Vec::with_capacity(images.len() * out.height * out.width * k * k);
    for image in images {
        let base = image * size.height * size.width;
        for oy in 0..out.height {
            for ox in 0..out.width {
                for ky in 0..k {
                    for kx in 0..k {
                        let iy = (oy * stride + ky).checked_sub(pad);
                        let ix = (ox * stride + kx).checked_sub(pad);
                        let row = match (iy, ix) {
                            (Some(iy), Some(ix)) if iy < size.height && ix < size.width => {
                                base + iy * size.width + ix
                            }
                            _ => zero_row,
                        };
                        index.push(row);
                    }
                }
            }
        }
    }
    index
}

/// Images `[n, c·h·w]` (channel-major, as the datasets store them) as
/// channels-last rows `[n·h·w, c]`.
pub fn to_rows(x: Tensor<2>, channels: usize, size: MapSize) -> Tensor<2> {
    let pixels = size.height * size.width;
    x.reshape([size.images, channels, pixels])
        .swap_dims(1, 2)
        .reshape([size.images * pixels, channels])
}

/// Channels-last rows `[n·h·w, c]` back to flat channel-major features
/// `[n, c·h·w]`, the order the dense layer's weights expect.
pub fn from_rows(rows: Tensor<2>, size: MapSize) -> Tensor<2> {
    let [_, channels] = rows.dims();
    let pixels = size.height * size.width;
    rows.reshape([size.images, pixels, channels])
        .swap_dims(1, 2)
        .reshape([size.images, channels * pixels])
}

#[cfg(test)]
mod tests {
    use burn::nn::PaddingConfig2d;
    use burn::nn::conv::Conv2dConfig;
    use burn::tensor::Distribution;

    use super::*;

    /// `images` square maps of side `side`.
    fn maps(images: usize, side: usize) -> MapSize {
        MapSize {
            images,
            height: side,
            width: side,
        }
    }

    /// A 3×3 kernel with this stride and padding, giving maps of `out`.
    fn three_by_three(stride: usize, pad: usize, out: MapSize) -> Geometry {
        Geometry {
            kernel: 3,
            stride,
            pad,
            out,
        }
    }

    #[test]
    fn padded_stride_two_taps_read_the_zero_row_outside_the_map() {
        // One 3×3 image, 3×3 kernel, stride 2, padding 1 → 2×2 outputs.
        let index = patch_index(0..1, maps(1, 3), three_by_three(2, 1, maps(1, 2)), 9);
        assert_eq!(index.len(), 4 * 9);
        // Output (0, 0) is centred on input (0, 0): its first row and column of taps are padding.
        assert_eq!(&index[..9], &[9, 9, 9, 9, 0, 1, 9, 3, 4]);
        // Output (1, 1) is centred on input (2, 2): its last row and column are padding.
        assert_eq!(&index[27..], &[4, 5, 9, 7, 8, 9, 9, 9, 9]);
    }

    /// Values of `t`, flat.
    fn read<const D: usize>(t: Tensor<D>) -> Vec<f32> {
        t.into_data().try_to_vec::<f32>().unwrap()
    }

    /// A 3×3 convolution from `c_in` to `c_out` channels with padding 1.
    fn padded_conv(c_in: usize, c_out: usize, device: &Device) -> Conv2d {
        Conv2dConfig::new([c_in, c_out], [3, 3])
            .with_padding(PaddingConfig2d::Explicit(1, 1, 1, 1))
            .init(device)
    }

    /// Asserts that `by_rows` and `by_conv2d` agree value by value.
    fn assert_close(what: &str, by_rows: &[f32], by_conv2d: &[f32]) {
        assert_eq!(by_rows.len(), by_conv2d.len(), "{what}");
        for (i, (x, y)) in by_rows.iter().zip(by_conv2d).enumerate() {
            assert!(
                (x - y).abs() < 1e-4,
                "{what}[{i}]: {x} by rows, {y} by Conv2d"
            );
        }
    }

    #[test]
    fn gathering_outputs_of_a_padded_narrowing_layer_matches_conv2d() {
        let device = Device::flex().autodiff();
        let conv = padded_conv(5, 3, &device);
        let size = maps(2, 4);
        let geometry = Geometry::of(&conv, size);
        assert_eq!(geometry.plan(5, 3), Plan::GatherOutputs);
        let images: Tensor<4> = Tensor::random([2, 5, 4, 4], Distribution::Default, &device);
        let flat = images.clone().reshape([2, 5 * 16]);
        let (rows, out) = conv_rows(&conv, to_rows(flat, 5, size), size);
        assert_eq!(out, size, "padding 1 keeps a 3×3 kernel's maps 4×4");
        let by_rows = from_rows(rows, out);
        let by_conv2d = conv.forward(images).reshape([2, 3 * 16]);
        // Weigh the outputs so the gradients differ between positions.
        let weights: Tensor<2> = Tensor::random([2, 3 * 16], Distribution::Default, &device);
        let grads_rows = (by_rows.clone() * weights.clone()).sum().backward();
        let grads_conv2d = (by_conv2d.clone() * weights).sum().backward();
        let weight_grad = |grads| read(conv.weight.val().grad(grads).unwrap());
        assert_close("outputs", &read(by_rows), &read(by_conv2d));
        assert_close(
            "weight gradient",
            &weight_grad(&grads_rows),
            &weight_grad(&grads_conv2d),
        );
    }

    #[test]
    fn batches_gathered_in_groups_of_images_match_conv2d() {
        let device = Device::flex();
        for (c_in, c_out) in [(5, 3), (3, 5)] {
            let conv = padded_conv(c_in, c_out, &device);
            let geometry = Geometry::of(&conv, maps(1, 4));
            let per_image = geometry.gathered_values(maps(1, 4), c_in, c_out);
            // Enough images for three groups.
            let images = 2 * MAX_PATCH_VALUES / per_image + 1;
            let size = maps(images, 4);
            assert_eq!(image_groups(size, per_image).count(), 3);
            let input: Tensor<4> =
                Tensor::random([images, c_in, 4, 4], Distribution::Default, &device);
            let flat = input.clone().reshape([images, c_in * 16]);
            let (rows, out) = conv_rows(&conv, to_rows(flat, c_in, size), size);
            let what = format!("{c_in} → {c_out}");
            assert_close(
                &what,
                &read(from_rows(rows, out)),
                &read(conv.forward(input)),
            );
        }
    }

    #[test]
    fn unpadded_taps_of_the_second_image_are_offset_by_one_map() {
        let index = patch_index(1..2, maps(2, 3), three_by_three(1, 0, maps(2, 1)), 18);
        assert_eq!(index, (9..18).collect::<Vec<usize>>());
    }
}
