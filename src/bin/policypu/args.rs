//! Command-line flags that override a [`RunConfig`].

use std::path::PathBuf;

use clap::Args;
use policypu::config::{BackendChoice, DataConfig, Learner, ModelPreset, RunConfig};

use crate::learner_spec::LearnerSpec;
use policypu::data::csv::CsvColumns;
use policypu::data::tasks::BuiltinDataset;

/// Where the data comes from and how training runs; every flag is optional
/// and overrides the configuration file (or the defaults).
#[derive(Args, Debug, Clone, Default)]
pub struct RunArgs {
    /// JSON file holding a RunConfig (any subset of its fields).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Start from the paper's settings (CNNs, lr 1e-5, 300 epochs, …) for the dataset and learner.
    #[arg(long)]
    pub paper: bool,
    /// Built-in dataset: mnist, fashion-mnist or cifar10.
    #[arg(long)]
    pub dataset: Option<BuiltinDataset>,
    /// Positive class ids of a built-in dataset, e.g. 0,2,4,6,8.
    #[arg(long, value_delimiter = ',')]
    pub positive: Option<Vec<u8>>,
    /// A PU CSV file instead of a built-in dataset.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// CSV column that marks labeled positives.
    #[arg(long, default_value = "labeled")]
    pub label_column: String,
    /// CSV: the value of the label column that means "labeled" (default: parse 1/0, yes/no, true/false, P/U).
    #[arg(long)]
    pub labeled_value: Option<String>,
    /// CSV column holding the true class, used only for evaluation.
    #[arg(long)]
    pub truth_column: Option<String>,
    /// CSV feature columns (default: all other columns).
    #[arg(long, value_delimiter = ',')]
    pub feature_columns: Option<Vec<String>>,
    /// Learner: weighter, separator, nnpu (true prior), tice, km2, elkan-noto, upu,
    /// biased-pu, rank-pruning, pmpu, oracle-pn; policyPU takes modifiers, e.g.
    /// weighter/paper, weighter/frozen, weighter/eq5-threshold, weighter/no-baseline.
    #[arg(long)]
    pub learner: Option<LearnerSpec>,
    /// policyPU: `paper` runs the paper's literal algorithm (eq. 4's reward,
    /// eq. 5's threshold, no baseline); `coherent` (default) rewards the
    /// action's agreement with the classifier, with a baseline.
    #[arg(long)]
    pub variant: Option<Variant>,
    /// policyPU ablation: keep the pre-trained policy for the whole run.
    #[arg(long)]
    pub freeze_policy: bool,
    /// Model preset: fast, small-cnn, paper-cnn, paper-mlp4, paper-mlp6.
    #[arg(long)]
    pub model: Option<ModelPreset>,
    /// n_l, the number of labeled positives.
    #[arg(long)]
    pub n_labeled: Option<usize>,
    /// |U| (default 3·n_l).
    #[arg(long)]
    pub n_unlabeled: Option<usize>,
    /// ρ, the fraction of positives in U.
    #[arg(long)]
    pub rho: Option<f64>,
    /// Training epochs.
    #[arg(long)]
    pub epochs: Option<usize>,
    /// Mini-batch size.
    #[arg(long)]
    pub batch_size: Option<usize>,
    /// Classifier learning rate.
    #[arg(long)]
    pub lr: Option<f64>,
    /// Classifier weight decay.
    #[arg(long)]
    pub weight_decay: Option<f64>,
    /// Policy learning rate.
    #[arg(long)]
    pub policy_lr: Option<f64>,
    /// Policy weight decay.
    #[arg(long)]
    pub policy_weight_decay: Option<f64>,
    /// Pre-training epochs (policyPU).
    #[arg(long)]
    pub pretrain_epochs: Option<usize>,
    /// k: copy the target policy every k epochs.
    #[arg(long)]
    pub k: Option<usize>,
    /// Weighter: spread σ of the logit-normal action.
    #[arg(long)]
    pub action_spread: Option<f64>,
    /// Class prior for uPU/nnPU (default: the split's true ρ).
    #[arg(long)]
    pub prior: Option<f64>,
    /// nnPU β.
    #[arg(long)]
    pub beta: Option<f64>,
    /// nnPU γ.
    #[arg(long)]
    pub gamma: Option<f64>,
    /// Seed of the split, initial weights, batch order and actions.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Backend: cpu (Burn's flex) or wgpu.
    #[arg(long)]
    pub backend: Option<Backend>,
    /// Folder holding the .pubin.gz files.
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
}

/// The policyPU variants.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// The paper's Algorithm 1 with eqs. (4)–(5) as written.
    Paper,
    /// The coherence reward with a baseline (the default).
    Coherent,
}

/// The native backends.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Burn's CPU backend (flex).
    Cpu,
    /// Burn's wgpu backend (Vulkan/Metal; Mesa lavapipe without a GPU).
    Wgpu,
}

impl RunArgs {
    /// The configuration these flags describe.
    pub fn to_config(&self) -> Result<RunConfig, String> {
        let mut c = match &self.config {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                serde_json::from_str(&text).map_err(|e| {
                    format!("{} is not a valid run configuration: {e}", path.display())
                })?
            }
            None if self.paper => RunConfig::paper(
                self.dataset.unwrap_or(BuiltinDataset::Mnist),
                self.learner
                    .as_ref()
                    .map_or(Learner::Weighter, |l| l.learner),
            ),
            None => RunConfig {
                backend: BackendChoice::Cpu,
                ..RunConfig::default()
            },
        };
        if let Some(dataset) = self.dataset {
            c.data = DataConfig::builtin(dataset);
        }
        if let (
            Some(classes),
            DataConfig::Builtin {
                positive_classes, ..
            },
        ) = (&self.positive, &mut c.data)
        {
            *positive_classes = classes.clone();
        }
        if self.csv.is_some() {
            c.use_csv(CsvColumns {
                labeled: self.label_column.clone(),
                labeled_value: self.labeled_value.clone(),
                truth: self.truth_column.clone(),
                features: self.feature_columns.clone(),
            });
        }
        if let Some(spec) = &self.learner {
            spec.apply(&mut c);
        }
        match self.variant {
            Some(Variant::Paper) => c.policy = c.policy.clone().paper_variant(),
            Some(Variant::Coherent) => {
                let defaults = policypu::config::PolicyConfig::default();
                c.policy.reward = defaults.reward;
                c.policy.verdict_threshold = defaults.verdict_threshold;
                c.policy.baseline = defaults.baseline;
            }
            None => {}
        }
        if self.freeze_policy {
            c.policy.frozen = true;
        }
        set(&mut c.model, self.model);
        set(&mut c.split.n_labeled, self.n_labeled);
        if self.n_unlabeled.is_some() {
            c.split.n_unlabeled = self.n_unlabeled;
        }
        set(&mut c.split.rho, self.rho);
        set(&mut c.optim.epochs, self.epochs);
        set(&mut c.optim.batch_size, self.batch_size);
        set(&mut c.optim.lr, self.lr);
        set(&mut c.optim.weight_decay, self.weight_decay);
        set(&mut c.policy.lr, self.policy_lr);
        set(&mut c.policy.weight_decay, self.policy_weight_decay);
        set(&mut c.policy.pretrain_epochs, self.pretrain_epochs);
        set(&mut c.policy.target_update_every, self.k);
        set(&mut c.policy.action_spread, self.action_spread);
        if self.prior.is_some() {
            c.nnpu.prior = self.prior;
        }
        set(&mut c.nnpu.beta, self.beta);
        set(&mut c.nnpu.gamma, self.gamma);
        set(&mut c.seed, self.seed);
        if let Some(backend) = self.backend {
            c.backend = match backend {
                Backend::Cpu => BackendChoice::Cpu,
                Backend::Wgpu => BackendChoice::Gpu,
            };
        }
        let problems = c.validate();
        if !problems.is_empty() {
            let listed: Vec<String> = problems.iter().map(ToString::to_string).collect();
            return Err(format!("invalid settings: {}", listed.join("; ")));
        }
        Ok(c)
    }
}

fn set<T>(field: &mut T, value: Option<T>) {
    if let Some(v) = value {
        *field = v;
    }
}
