//! The split's features uploaded once to the device, with batch gathering
//! and chunked, asynchronous inference.

use burn::tensor::activation::sigmoid;
use burn::tensor::{Device, Int, Tensor, TensorData};

use super::TrainError;
use super::conv_rows::index_tensor;
use super::network::Network;
use crate::concurrent::{map_items, spare_thread};
use crate::selection::scores::sigmoid_of;
use crate::split::PuSplit;

/// `rows` row-major rows of `width` values as a `[rows, width]` tensor on `device`.
fn rows_tensor(x: &[f32], rows: usize, width: usize, device: &Device) -> Tensor<2> {
    Tensor::<2>::from_data(TensorData::new(x.to_vec(), [rows, width]), device)
}

/// Training and test features on the device (no autodiff).
#[derive(Clone, Debug)]
pub struct DeviceData {
    /// Training rows `[n_train, d]`.
    pub train_x: Tensor<2>,
    /// Test rows `[n_test, d]`.
    pub test_x: Tensor<2>,
    /// Values in a row.
    width: usize,
    /// The device holding them.
    pub device: Device,
}

impl DeviceData {
    /// Upload a split's features.
    pub fn upload(split: &PuSplit, device: &Device) -> Self {
        let width = split.shape.len();
        DeviceData {
            train_x: rows_tensor(&split.train_x, split.n_train(), width, device),
            test_x: rows_tensor(&split.test_x, split.n_test(), width, device),
            width,
            device: device.clone(),
        }
    }

    /// Other rows of the same width, row-major, on the data's device.
    pub fn matrix(&self, x: &[f32], rows: usize) -> Tensor<2> {
        rows_tensor(x, rows, self.width, &self.device)
    }

    /// Training rows at `indices`.
    pub fn train_rows(&self, indices: &[usize]) -> Tensor<2> {
        self.train_x.clone().select(0, self.index_tensor(indices))
    }

    /// An index tensor on the data's device.
    pub fn index_tensor(&self, indices: &[usize]) -> Tensor<1, Int> {
        index_tensor(indices, &self.device)
    }

    /// A float vector on the data's device.
    pub fn vector(&self, values: Vec<f32>) -> Tensor<1> {
        let n = values.len();
        Tensor::<1>::from_data(TensorData::new(values, [n]), &self.device)
    }
}

/// sigmoid(net(x)) for every row of `x`, read back to the host.
pub async fn probabilities(net: &Network, x: &Tensor<2>) -> Result<Vec<f32>, TrainError> {
    Ok(sigmoid_of(&logits_of(net, x).await?))
}

/// net(x) for every row of `x`, in chunks on the device (side by side
/// where a thread is spare: each chunk's values are the same either way),
/// read back to the host once (each read-back is a wait for the device on
/// WebGPU).
pub async fn logits_of(net: &Network, x: &Tensor<2>) -> Result<Vec<f32>, TrainError> {
    let [rows, _] = x.dims();
    let chunk_rows = net.inference_rows();
    let starts: Vec<usize> = (0..rows).step_by(chunk_rows).collect();
    let chunks = map_items(starts, spare_thread(&x.device()), |start| {
        let end = (start + chunk_rows).min(rows);
        #[allow(clippy::single_range_in_vec_init)] // Burn's per-dimension range list
        let chunk = x.clone().slice([start..end]);
        net.forward(chunk).flatten::<1>(0, 1)
    });
    if chunks.is_empty() {
        return Ok(Vec::new());
    }
    read_vec(Tensor::cat(chunks, 0)).await
}

/// sigmoid of a batch's logits, as a device tensor.
pub fn probability_tensor(logits: Tensor<2>) -> Tensor<1> {
    sigmoid(logits.flatten::<1>(0, 1))
}

/// Read a float tensor back to the host asynchronously (safe on WebGPU).
pub async fn read_vec<const D: usize>(tensor: Tensor<D>) -> Result<Vec<f32>, TrainError> {
    let data = tensor.into_data_async().await.map_err(|e| {
        TrainError::Device(format!("reading results from the device failed: {e:?}"))
    })?;
    data.try_into_vec_as::<f32>()
        .map_err(|e| TrainError::Device(format!("unexpected tensor data: {e:?}")))
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use super::*;
    use crate::concurrent::on_threads;
    use crate::config::ModelPreset;
    use crate::config::architecture::Role;
    use crate::data::FeatureShape;
    use crate::rng::{PortableRng, stream};

    #[test]
    fn chunks_scored_side_by_side_keep_each_rows_value_and_place() {
        let device = Device::flex();
        let mut rng = PortableRng::new(3, stream::WEIGHTS);
        let (preset, role) = (ModelPreset::Fast, Role::Classifier);
        let shape = FeatureShape::Vector { dim: 5 };
        let net = Network::new(preset, role, shape, &mut rng, &device).unwrap();
        // Three chunks of an MLP, the last one short.
        let rows = 2 * net.inference_rows() + 552;
        let values: Vec<f32> = (0..rows * 5)
            .map(|i| (i * 37 % 101) as f32 / 50.0 - 1.0)
            .collect();
        let x = rows_tensor(&values, rows, 5, &device);
        let score = |threads| on_threads(threads, || pollster::block_on(logits_of(&net, &x)));
        let (one, two) = (score(1).unwrap(), score(2).unwrap());
        assert_eq!(one.len(), rows);
        assert_eq!(one, two);
        // The last chunk's rows, scored alone, give the values at its place.
        let tail_start = 2 * net.inference_rows();
        let tail = rows_tensor(&values[tail_start * 5..], rows - tail_start, 5, &device);
        let alone = pollster::block_on(logits_of(&net, &tail)).unwrap();
        assert_eq!(two[tail_start..], alone[..]);
    }
}
