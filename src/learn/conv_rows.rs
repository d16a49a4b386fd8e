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
//! The parameters are the same `Conv2d` weights and biases, and batch norm
//! over `[rows, channels]` (`batch_norm_rows`) normalises each channel over
//! images and pixels as it does on `[images, channels, h, w]`, so a network
//! computes the same function on either path (`network.rs` tests it) and
//! saved models move between devices.

use burn::nn::PaddingConfig2d;
use burn::nn::conv::Conv2d;
use burn::tensor::{Int, Tensor, TensorData};

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

    /// Whether the layer needs gathered patches (not a plain 1×1 product).
    fn gathers(&self) -> bool {
        self.kernel > 1 || self.stride > 1
    }

    /// Values in the patches of `images` output maps over `c_in` channels.
    fn patch_values(&self, images: usize, c_in: usize) -> usize {
        images * self.out.height * self.out.width * self.kernel * self.kernel * c_in
    }
}

/// Values in the patch matrices that `convs` gather for a batch of `size`
/// with `channels` input channels. Training keeps them for the backward
/// pass, and their gradients take as many again.
pub fn patch_values(convs: &[Conv2d], channels: usize, size: MapSize) -> usize {
    let mut values = 0usize;
    let (mut c_in, mut size) = (channels, size);
    for conv in convs {
        let geometry = Geometry::of(conv, size);
        if geometry.gathers() {
            values = values.saturating_add(geometry.patch_values(size.images, c_in));
        }
        c_in = conv.weight.dims()[0];
        size = geometry.out;
    }
    values
}

/// `conv` applied to channels-last rows `[images·h·w, c_in]` (row order:
/// image, y, x): rows `[images·oh·ow, c_out]` and their size.
pub fn conv_rows(conv: &Conv2d, x: Tensor<2>, size: MapSize) -> (Tensor<2>, MapSize) {
    let weight = conv.weight.val();
    let [c_out, c_in, k, _] = weight.dims();
    let geometry = Geometry::of(conv, size);
    let Geometry { pad, out, .. } = geometry;
    // Rows of the kernel matrix in the patch order (ky, kx, c_in).
    let kernel: Tensor<2> = weight.permute([2, 3, 1, 0]).reshape([k * k * c_in, c_out]);
    let y = if !geometry.gathers() {
        x.matmul(kernel)
    } else {
        let per_image = geometry.patch_values(1, c_in);
        let group = (MAX_PATCH_VALUES / per_image.max(1)).clamp(1, size.images);
        let in_rows = size.height * size.width;
        // Padding taps read one zero row appended after the last image.
        let zero_row = size.images * in_rows;
        let x = if pad > 0 {
            let zeros = Tensor::zeros([1, c_in], &x.device());
            Tensor::cat(vec![x, zeros], 0)
        } else {
            x
        };
        let mut parts: Vec<Tensor<2>> = (0..size.images)
            .step_by(group)
            .map(|first| {
                let images = first..(first + group).min(size.images);
                let index = patch_index(images.clone(), size, geometry, zero_row);
                let count = index.len();
                let index =
                    Tensor::<1, Int>::from_data(TensorData::new(index, [count]), &x.device());
                let rows = images.len() * out.height * out.width;
                x.clone()
                    .select(0, index)
                    .reshape([rows, k * k * c_in])
                    .matmul(kernel.clone())
            })
            .collect();
        match parts.len() {
            0 => Tensor::zeros([0, c_out], &x.device()),
            1 => parts.remove(0),
            _ => Tensor::cat(parts, 0),
        }
    };
    let y = match &conv.bias {
        Some(bias) => y + bias.val().unsqueeze::<2>(),
        None => y,
    };
    (y, out)
}

/// For each output pixel of `images` (in order image, oy, ox) and each tap
/// (ky, kx), the input row it reads, or `zero_row` where the tap falls in the
/// padding.
fn patch_index(
    images: std::ops::Range<usize>,
    size: MapSize,
    geometry: Geometry,
    zero_row: usize,
) -> Vec<i64> {
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
                        index.push(row as i64);
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

    #[test]
    fn unpadded_taps_of_the_second_image_are_offset_by_one_map() {
        let index = patch_index(1..2, maps(2, 3), three_by_three(1, 0, maps(2, 1)), 18);
        assert_eq!(index, (9..18).collect::<Vec<i64>>());
    }
}
