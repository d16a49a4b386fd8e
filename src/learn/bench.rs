//! Timing training steps, the same way natively (`policypu bench`) and in
//! the browser's worker (`scripts/bench-browser.sh`, and Auto's choice of
//! device): one step is one mini-batch's forward pass, backward pass and
//! optimiser update (for policyPU also the policy's), until the device has
//! finished it (WebGPU queues work and returns at once); warm-up steps come
//! first and are not counted; the result is the median. Steps that end an
//! epoch also evaluate, so they are run but not timed.

use web_time::Instant;

use super::{TrainError, Trainer};
use crate::report::TrainEvent;
use crate::step_timing::{StepPlan, StepTiming};

/// Run `plan` on `trainer` (which must have training steps left) and time it.
pub async fn time_steps(trainer: &mut Trainer, plan: StepPlan) -> Result<StepTiming, TrainError> {
    time_steps_with(trainer, plan, async |trainer: &mut Trainer| {
        trainer.step().await
    })
    .await
}

/// [`time_steps`], with each step taken by `step` (the browser's threaded
/// worker runs them on its pool of threads or on its own).
pub async fn time_steps_with(
    trainer: &mut Trainer,
    plan: StepPlan,
    mut step: impl AsyncFnMut(&mut Trainer) -> Result<Vec<TrainEvent>, TrainError>,
) -> Result<StepTiming, TrainError> {
    let batch = trainer.config().optim.batch_size;
    let mut times = Vec::with_capacity(plan.timed);
    let mut warmed = 0;
    while times.len() < plan.timed {
        if trainer.is_done() {
            return Err(TrainError::TooShortToTime {
                timed: times.len(),
                asked: plan.timed,
                batch,
            });
        }
        let started = Instant::now();
        let events = step(trainer).await?;
        trainer.settle().await?;
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let evaluated = events.iter().any(|e| matches!(e, TrainEvent::Epoch(_)));
        if warmed < plan.warmup {
            warmed += 1;
        } else if !evaluated {
            times.push(ms);
        }
    }
    let median_ms = median(&mut times);
    Ok(StepTiming {
        plan,
        median_ms,
        examples_per_s: batch as f64 / (median_ms / 1e3),
    })
}

/// The median (the mean of the middle two for an even count).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    use super::*;
    use crate::config::RunConfig;
    use crate::plan::RunPlan;
    use crate::split::tiny_split;
    use crate::step_timing::StepPlan;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn times_only_steps_that_do_not_evaluate() {
        let mut config = RunConfig::default();
        config.optim.batch_size = 16; // 10 batches per epoch of the tiny split
        config.policy.pretrain_epochs = 0;
        let split = tiny_split();
        let run = RunPlan::new(&config, &split).unwrap();
        let mut trainer = Trainer::new(&run, &split, &Device::flex()).unwrap();
        let steps = StepPlan {
            warmup: 2,
            timed: 12,
        };
        let timing = pollster::block_on(time_steps(&mut trainer, steps)).unwrap();
        assert!(timing.median_ms > 0.0 && timing.examples_per_s > 0.0);
        // 2 warm-ups, 12 timed, and at least one epoch end skipped: over 14 steps in all.
        assert!(trainer.batches_done() > 14, "{}", trainer.batches_done());
    }
}
