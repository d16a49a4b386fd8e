//! A network with its Adam optimiser and learning rate.

use std::sync::atomic::{AtomicU64, Ordering};

use burn::module::Module;
use burn::optim::decay::WeightDecayConfig;
use burn::optim::{AdamConfig, GradientsParams, ModuleOptimizer};
use burn::tensor::Tensor;

use super::network::Network;

/// A network being trained by Adam with L2 weight decay.
pub struct Trained {
    /// The network, on an autodiff device.
    pub net: Network,
    optimizer: ModuleOptimizer,
    lr: f64,
    stamp: u64,
}

/// Source of [`Trained::weights_stamp`]: unique across every network trained.
static NEXT_STAMP: AtomicU64 = AtomicU64::new(0);

fn next_stamp() -> u64 {
    NEXT_STAMP.fetch_add(1, Ordering::Relaxed)
}

impl Trained {
    /// Train `net` at learning rate `lr` with weight decay `weight_decay` (0 for none).
    pub fn new(net: Network, lr: f64, weight_decay: f64) -> Self {
        let decay = (weight_decay > 0.0).then(|| WeightDecayConfig::new(weight_decay as f32));
        Trained {
            net,
            optimizer: AdamConfig::new().with_weight_decay(decay).init(),
            lr,
            stamp: next_stamp(),
        }
    }

    /// One Adam step on `loss`, which must depend on this network.
    pub fn descend(&mut self, loss: Tensor<1>) {
        let grads = GradientsParams::from_grads(loss.backward(), &self.net);
        self.net = self.optimizer.step(self.lr, self.net.clone(), grads);
        self.stamp = next_stamp();
    }

    /// Add `delta` to every output logit (the output layer's bias), as a
    /// learner that sets its own decision point does.
    pub fn shift_output(&mut self, delta: f32) {
        self.net = self.net.clone().with_output_shift(delta);
        self.stamp = next_stamp();
    }

    /// Changes whenever the weights do (and differs between networks), so
    /// an evaluation made under one stamp can be reused while it holds.
    pub fn weights_stamp(&self) -> u64 {
        self.stamp
    }

    /// The network without autodiff, batch norm in inference mode.
    pub fn inference(&self) -> Network {
        self.net.valid()
    }
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    use super::*;
    use crate::learn::network::test_classifier;
    use crate::rng::PortableRng;

    #[test]
    fn the_weights_stamp_changes_with_each_step_and_between_networks() {
        let device = Device::flex().autodiff();
        let mut rng = PortableRng::new(1, 0);
        let mut new = || Trained::new(test_classifier(3, &mut rng, &device), 0.1, 0.0);
        let (mut a, b) = (new(), new());
        assert_ne!(a.weights_stamp(), b.weights_stamp());
        let before = a.weights_stamp();
        assert_eq!(a.weights_stamp(), before, "changed without a step");
        let x = Tensor::<2>::from_floats([[1.0, 2.0, 3.0]], &device);
        let loss = a.net.forward(x).sum();
        a.descend(loss);
        assert_ne!(a.weights_stamp(), before);
    }
}
