//! The classifier networks in and out of a [`SavedModel`]: recording one
//! without a synchronous device read, rebuilding them, and scoring rows.
//!
//! Burn's `Module::into_record` reads every parameter synchronously, which
//! panics on WebGPU, and moving a module to another backend reads it
//! synchronously too. So [`record_bytes`] first reads each parameter with
//! `into_data_async`, puts the values into a copy of the network on the
//! host CPU device, and records that copy, whose reads are plain memory.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

use burn::module::{Module, ModuleMapper, ModuleVisitor, Param, ParamId};
use burn::store::ModuleRecord;
use burn::tensor::{Bytes, Device, ExecutionError, Tensor, TensorData};

use super::TrainError;
use super::device_data::probabilities;
use super::network::{Network, Role};
use crate::auto_learner::average::members_mean;
use crate::rng::{PortableRng, stream};
use crate::saved_model::{SavedModel, SavedModelError};

/// A parameter's value on its way back from the device.
type PendingRead = Pin<Box<dyn Future<Output = Result<TensorData, ExecutionError>> + Send>>;

/// The network's parameters as Burn record bytes (burnpack), batch-norm
/// running statistics included, read from any device without a synchronous read.
pub async fn record_bytes(net: Network) -> Result<Vec<u8>, TrainError> {
    let mut reads = ParameterReads::default();
    net.visit(&mut reads);
    let mut values = HashMap::with_capacity(reads.pending.len());
    for (id, read) in reads.pending {
        let data = read.await.map_err(|e| {
            TrainError::Device(format!(
                "reading the classifier from the device failed: {e:?}"
            ))
        })?;
        values.insert(id, data);
    }
    let mut on_host = OntoHost {
        values,
        device: Device::flex(),
        missing: 0,
    };
    let host_net = net.map(&mut on_host);
    if on_host.missing > 0 || !on_host.values.is_empty() {
        return Err(TrainError::Device(format!(
            "copying the classifier to the host lost track of {} parameters",
            on_host.missing + on_host.values.len()
        )));
    }
    let bytes = host_net
        .into_record()
        .into_bytes()
        .map_err(|e| TrainError::Device(format!("recording the classifier failed: {e}")))?;
    Ok(bytes.to_vec())
}

impl SavedModel {
    /// The saved member classifiers on `device` (a plain device, without
    /// autodiff), in the header's order, ready for inference: batch norm
    /// uses the saved running statistics.
    ///
    /// # Errors
    /// [`SavedModelError::Corrupt`] if a record cannot be read or does not
    /// fit the network its member's model preset describes.
    pub fn classifiers(&self, device: &Device) -> Result<Vec<Network>, SavedModelError> {
        let header = &self.header;
        header
            .members
            .iter()
            .zip(&self.classifier_records)
            .map(|(member, record)| {
                let net = Network::new(
                    member.model,
                    Role::Classifier,
                    header.input.shape(),
                    &mut PortableRng::new(0, stream::WEIGHTS),
                    device,
                )
                .map_err(SavedModelError::Corrupt)?;
                let record = ModuleRecord::from_bytes(Bytes::from_bytes_vec(record.clone()))
                    .map_err(|e| {
                        SavedModelError::Corrupt(format!(
                            "the classifier's parameters cannot be read: {e}"
                        ))
                    })?;
                net.try_load_record(record).map_err(|e| {
                    SavedModelError::Corrupt(format!(
                        "the classifier's parameters do not fit its network: {e}"
                    ))
                })
            })
            .collect()
    }

    /// The model's probability of the positive class for each raw row
    /// (row-major, the model's input order), prepared exactly as the training
    /// rows were ([`SavedModel::prepare_rows`]): the mean of the member
    /// `classifiers`' probabilities, weighted where the model says so
    /// ([`members_mean`]); read back
    /// asynchronously.
    ///
    /// # Errors
    /// [`SavedModelError::FeatureCount`] if the values are not whole rows,
    /// [`SavedModelError::Device`] if reading back fails,
    /// [`SavedModelError::NotANumber`] if a probability is not a number.
    pub async fn score(
        &self,
        classifiers: &[Network],
        raw_rows: &[f32],
        device: &Device,
    ) -> Result<Vec<f32>, SavedModelError> {
        let rows = self.prepare_rows(raw_rows)?;
        self.score_prepared(classifiers, rows, device).await
    }

    /// The same for rows already prepared (standardised as the training
    /// rows were, row-major): the (weighted) mean of the member
    /// `classifiers'` probabilities.
    ///
    /// # Errors
    /// As [`SavedModel::score`], but for preparing the rows.
    pub async fn score_prepared(
        &self,
        classifiers: &[Network],
        rows: Vec<f32>,
        device: &Device,
    ) -> Result<Vec<f32>, SavedModelError> {
        let dim = self.header.input.dim();
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let n = rows.len() / dim;
        let x = Tensor::<2>::from_data(TensorData::new(rows, [n, dim]), device);
        let mut each = Vec::with_capacity(classifiers.len());
        for classifier in classifiers {
            each.push(
                probabilities(classifier, &x)
                    .await
                    .map_err(|e| SavedModelError::Device(e.to_string()))?,
            );
        }
        let probabilities = members_mean(&each, self.header.weights.as_deref());
        // Parameters damaged in the file (a NaN among them) load as any
        // others; their scores show it, as a row far outside the training
        // rows' range can.
        if let Some(row) = probabilities.iter().position(|p| !p.is_finite()) {
            return Err(SavedModelError::NotANumber { row: row + 1 });
        }
        Ok(probabilities)
    }
}

/// Starts an asynchronous read of every float parameter (running statistics
/// included: they are visited as parameters), keyed by parameter id.
#[derive(Default)]
struct ParameterReads {
    /// Parameter ids with their pending reads.
    pending: Vec<(ParamId, PendingRead)>,
}

impl ModuleVisitor for ParameterReads {
    fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
        self.pending
            .push((param.id, Box::pin(param.val().into_data_async())));
    }
}

/// Replaces every float parameter with its read-back value on the host device.
struct OntoHost {
    /// Values not placed yet, by parameter id.
    values: HashMap<ParamId, TensorData>,
    /// The host CPU device.
    device: Device,
    /// Parameters met without a read-back value.
    missing: usize,
}

impl ModuleMapper for OntoHost {
    fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
        match self.values.remove(&param.id) {
            Some(data) => {
                let device = self.device.clone();
                param.map(|_| Tensor::from_data(data, &device))
            }
            None => {
                self.missing += 1;
                param
            }
        }
    }
}
