//! Mix-up (Zhang, Cisse, Dauphin & Lopez-Paz, ICLR 2018) of a mini-batch's
//! rows: x̃ = γ·x_a + (1 − γ)·x_b for pairs of rows, the regulariser VPU and
//! Dist-PU train with. Rows are mixed in the flattened feature space the
//! networks read, images included.

use burn::tensor::Tensor;

use super::conv_rows::index_tensor;

/// γ·x[first[k]] + (1 − γ)·x[second[k]] for each k: one mixed row per pair.
pub fn mix_rows(x: &Tensor<2>, first: &[usize], second: &[usize], gamma: f64) -> Tensor<2> {
    let device = x.device();
    let a = x.clone().select(0, index_tensor(first, &device));
    let b = x.clone().select(0, index_tensor(second, &device));
    a.mul_scalar(gamma) + b.mul_scalar(1.0 - gamma)
}

#[cfg(test)]
mod tests {
    use burn::tensor::{Device, TensorData};

    use super::*;

    #[test]
    fn mixes_the_named_rows() {
        let device = Device::flex();
        let x = Tensor::<2>::from_data(
            TensorData::new(vec![0.0f32, 10.0, 1.0, 20.0, 2.0, 30.0], [3, 2]),
            &device,
        );
        // Row 2 with row 0 at γ = 0.25, row 1 with itself.
        let mixed = mix_rows(&x, &[2, 1], &[0, 1], 0.25);
        let values = mixed.into_data().try_to_vec::<f32>().unwrap();
        assert_eq!(values, vec![0.5, 15.0, 1.0, 20.0]);
    }
}
