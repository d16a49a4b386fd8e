//! `policypu bench`: training speed of each model preset on the chosen
//! backend (examples/s, ms per epoch) and the process's peak memory.

use clap::Args;
use policypu::config::{ModelPreset, RunConfig};
use policypu::learn::Trainer;
use policypu::report::TrainEvent;

use crate::args::RunArgs;
use crate::learner_spec::LearnerSpec;
use crate::native::{DataCache, device_for};

/// Flags of `bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Base settings (dataset, backend, n_l, …); n_l defaults to 1000, a 4,000-example split.
    #[command(flatten)]
    pub run: RunArgs,
    /// Presets to measure.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "fast,small-cnn,paper-mlp4,paper-mlp6,paper-cnn"
    )]
    pub models: Vec<ModelPreset>,
    /// Learners to measure (a baseline trains one network, policyPU two).
    #[arg(long, value_delimiter = ',', default_value = "biased-pu,weighter")]
    pub learners: Vec<LearnerSpec>,
    /// Mini-batches to time per measurement (default: a whole epoch, 3 for the CNN).
    #[arg(long)]
    pub batches: Option<usize>,
}

/// Time each preset × learner and print a table.
pub fn bench(args: &BenchArgs) -> Result<(), String> {
    let mut base = args.run.to_config()?;
    if args.run.n_labeled.is_none() {
        base.split.n_labeled = 1000;
    }
    base.policy.pretrain_epochs = 0;
    let mut cache = DataCache::new(args.run.data_dir.as_deref());
    let (device, device_name) = device_for(base.backend)?;
    println!("backend: {device_name}\n");
    println!(
        "| model | learner | examples/s | ms per batch | ms per epoch (batches) | batches timed |"
    );
    println!("|---|---|---|---|---|---|");
    for &model in &args.models {
        for learner in &args.learners {
            let mut config = RunConfig {
                model,
                ..base.clone()
            };
            learner.apply(&mut config);
            let split = cache.split(&config, args.run.csv.as_deref())?;
            let mut trainer = Trainer::new(&config, &split, &device).map_err(|e| e.to_string())?;
            let per_epoch = trainer.batches_per_epoch();
            let timed = args.batches.unwrap_or(if model == ModelPreset::PaperCnn {
                3
            } else {
                per_epoch
            });
            // One warm-up step (allocations, shader compilation on GPUs).
            pollster::block_on(trainer.step()).map_err(|e| e.to_string())?;
            let mut examples = 0usize;
            let started = std::time::Instant::now();
            for _ in 0..timed {
                for event in pollster::block_on(trainer.step()).map_err(|e| e.to_string())? {
                    if let TrainEvent::Batch(_) = event {
                        examples += split.n_train() / per_epoch;
                    }
                }
            }
            let seconds = started.elapsed().as_secs_f64();
            let ms_per_batch = seconds * 1e3 / timed as f64;
            println!(
                "| {} | {} | {:.0} | {:.1} | {:.0} ({per_epoch}) | {timed} |",
                model.name(),
                learner.label(),
                examples as f64 / seconds,
                ms_per_batch,
                ms_per_batch * per_epoch as f64,
            );
        }
    }
    match peak_memory_mb() {
        Some(mb) => println!("\npeak memory (resident): {mb:.0} MB"),
        None => println!("\npeak memory: not available on this platform"),
    }
    Ok(())
}

/// The process's peak resident memory, from /proc (Linux).
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
