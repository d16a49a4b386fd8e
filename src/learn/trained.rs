//! A network with its Adam optimiser and learning rate.

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
}

impl Trained {
    /// Train `net` at learning rate `lr` with weight decay `weight_decay` (0 for none).
    pub fn new(net: Network, lr: f64, weight_decay: f64) -> Self {
        let decay = (weight_decay > 0.0).then(|| WeightDecayConfig::new(weight_decay as f32));
        Trained {
            net,
            optimizer: AdamConfig::new().with_weight_decay(decay).init(),
            lr,
        }
    }

    /// One Adam step on `loss`, which must depend on this network.
    pub fn descend(&mut self, loss: Tensor<1>) {
        let grads = GradientsParams::from_grads(loss.backward(), &self.net);
        self.net = self.optimizer.step(self.lr, self.net.clone(), grads);
    }

    /// The network without autodiff, batch norm in inference mode.
    pub fn inference(&self) -> Network {
        self.net.valid()
    }
}
