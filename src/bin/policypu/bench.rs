//! `policypu bench`: the time of one training step (forward, backward and
//! optimiser update of a mini-batch; for policyPU the policy's too) for each
//! model preset and learner, as the median of timed steps after warm-ups
//! (`learn::bench`, the same definition the browser benchmark uses), and the
//! process's peak memory.

use clap::Args;
use policypu::config::{ModelPreset, RunConfig};
use policypu::keyed::Keyed;
use policypu::learn::Trainer;
use policypu::learn::bench::time_steps;
use policypu::plan::RunPlan;
use policypu::step_timing::StepPlan;

use crate::args::RunArgs;
use crate::learner_spec::LearnerSpec;
use crate::native::{DataCache, device_for};
use policypu::config::settings::N_LABELED;

/// Flags of `bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Base settings (dataset, backend, batch size, …); n_l defaults to 1000,
    /// a 4,000-example split, so the timed steps fit in one epoch.
    #[command(flatten)]
    pub run: RunArgs,
    /// Presets to measure (default: --model's; else, for images, fast,
    /// small-cnn, paper-mlp4, paper-mlp6 and paper-cnn; for a CSV file, every
    /// preset but the CNNs).
    #[arg(long, value_delimiter = ',')]
    pub models: Option<Vec<ModelPreset>>,
    /// Learners to measure (a baseline trains one network, policyPU two).
    #[arg(long, value_delimiter = ',', default_value = "biased-pu,weighter")]
    pub learners: Vec<LearnerSpec>,
}

/// Time each preset × learner and print a table.
pub fn bench(args: &BenchArgs) -> Result<(), String> {
    let mut base = args.run.to_config()?;
    if args.run.settings.value(&N_LABELED).is_none() {
        base.split.n_labeled = 1000;
    }
    base.policy.pretrain_epochs = 0;
    let mut cache = DataCache::new(args.run.data_dir.as_deref());
    let (device, device_name) = device_for(base.backend)?;
    // The table's head waits for its first row, so a refused first step
    // prints only its message.
    let mut head = Some(format!(
        "backend: {device_name}, batch {}\n\n\
         | model | learner | ms per step | examples/s | steps timed (after warm-ups) |\n\
         |---|---|---|---|---|",
        base.optim.batch_size
    ));
    for model in presets(args) {
        for learner in &args.learners {
            let mut config = RunConfig {
                model,
                ..base.clone()
            };
            learner.apply(&mut config);
            let split = cache.split(&config, args.run.csv.as_deref())?;
            let run = RunPlan::new(&config, &split).map_err(|e| e.to_string())?;
            let mut trainer = Trainer::new(&run, &split, &device).map_err(|e| e.to_string())?;
            let plan = StepPlan::for_model(model);
            let timing = pollster::block_on(time_steps(&mut trainer, plan)).map_err(|e| {
                format!(
                    "{e}. A small file has few mini-batches an epoch: time it with a smaller \
                         --batch-size (more steps an epoch), or more --epochs."
                )
            })?;
            if let Some(head) = head.take() {
                println!("{head}");
            }
            println!(
                "| {} | {} | {:.1} | {:.0} | {} ({}) |",
                model.key(),
                learner.label(),
                timing.median_ms,
                timing.examples_per_s,
                plan.timed,
                plan.warmup,
            );
        }
    }
    match peak_memory_mb() {
        Some(mb) => println!("\npeak memory (resident): {mb:.0} MB"),
        None => println!("\npeak memory: not available on this platform"),
    }
    Ok(())
}

/// The presets `bench` times: see [`BenchArgs::models`].
fn presets(args: &BenchArgs) -> Vec<ModelPreset> {
    if let Some(models) = &args.models {
        return models.clone();
    }
    if let Some(model) = args.run.model {
        return vec![model];
    }
    if args.run.csv.is_some() {
        return ModelPreset::ALL
            .iter()
            .copied()
            .filter(|m| !m.is_convolutional())
            .collect();
    }
    use ModelPreset::{Fast, PaperCnn, PaperMlp4, PaperMlp6, SmallCnn};
    vec![Fast, SmallCnn, PaperMlp4, PaperMlp6, PaperCnn]
}

/// The process's peak resident memory, from /proc (Linux).
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
