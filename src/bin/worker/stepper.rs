//! Where a run's training steps execute: on the worker's own thread, or, in
//! the threaded worker, on its pool of threads when the run's first steps
//! show the pool to be faster (small steps lose more to the threads'
//! overhead than they gain). Where the mini-batches stay on one thread, the
//! threaded worker still ends each epoch on the pool: that step's forward
//! passes over the test set, U and the validation rows are large, and split
//! over two threads.

use std::cell::RefCell;
use std::collections::HashMap;

use policypu::learn::bench::time_steps_with;
use policypu::learn::{TrainError, Trainer};
use policypu::page::protocol::{DeviceInfo, ThreadUse};
use policypu::plan::RunPlan;
use policypu::report::TrainEvent;
use policypu::split::PuSplit;
use policypu::step_timing::StepPlan;

#[cfg(feature = "threads")]
use crate::pool;

/// How a run takes its steps.
#[derive(Clone, Copy)]
pub enum Stepper {
    /// On the worker's own thread.
    Alone,
    /// On the pool of threads, while the worker's own thread waits.
    #[cfg(feature = "threads")]
    Pool(&'static rayon::ThreadPool),
    /// Mini-batches on the worker's own thread, a step that ends an epoch
    /// on the pool.
    #[cfg(feature = "threads")]
    EpochEndsOnPool(&'static rayon::ThreadPool),
}

thread_local! {
    /// Each run shape's timings (pool ms, one-thread ms), so that `auto`'s
    /// candidates, which share a shape, are timed once.
    static TIMED: RefCell<HashMap<String, (f64, f64)>> = RefCell::new(HashMap::new());
}

impl Stepper {
    /// Take one training step.
    pub async fn step(self, trainer: &mut Trainer) -> Result<Vec<TrainEvent>, TrainError> {
        match self {
            Stepper::Alone => trainer.step().await,
            #[cfg(feature = "threads")]
            Stepper::Pool(pool) => on_pool(pool, trainer),
            #[cfg(feature = "threads")]
            Stepper::EpochEndsOnPool(pool) if trainer.next_step_ends_epoch() => {
                on_pool(pool, trainer)
            }
            #[cfg(feature = "threads")]
            Stepper::EpochEndsOnPool(_) => trainer.step().await,
        }
    }

    /// How `plan`'s run on `device` takes its steps, and the device's
    /// description with the threads added. `use_` forces one way (the
    /// browser benchmark); otherwise the pool is timed against one thread.
    pub async fn choose(
        plan: &RunPlan,
        split: &PuSplit,
        device: &burn::tensor::Device,
        info: DeviceInfo,
        use_: ThreadUse,
    ) -> Result<(Stepper, DeviceInfo), String> {
        let pool = match Self::pool(&info).await {
            Ok(Some(pool)) => pool,
            Ok(None) => return Ok((Stepper::Alone, info)),
            Err(why) => {
                let reason = format!("{} One thread: {why}.", info.reason);
                return Ok((Stepper::Alone, DeviceInfo { reason, ..info }));
            }
        };
        let threads = pool.threads();
        match use_ {
            ThreadUse::One => return Ok((Stepper::Alone, info)),
            ThreadUse::Pool => return Ok((pool, DeviceInfo { threads, ..info })),
            ThreadUse::Measure => {}
        }
        let shape = format!(
            "{:?} {} {:?}",
            plan.config.model, plan.config.optim.batch_size, split.shape
        );
        let (pool_ms, one_ms) = match TIMED.with(|t| t.borrow().get(&shape).copied()) {
            Some(timed) => timed,
            None => {
                let timed = async {
                    Ok::<_, String>((
                        pool.time(plan, split, device).await?,
                        Stepper::Alone.time(plan, split, device).await?,
                    ))
                };
                match timed.await {
                    Ok(timed) => {
                        TIMED.with(|t| t.borrow_mut().insert(shape, timed));
                        timed
                    }
                    // A run of a few steps (fewer rows than a batch: every
                    // step ends an epoch) has nothing to gain from threads.
                    Err(why) => {
                        let reason = format!("{} One thread: {why}.", info.reason);
                        return Ok((Stepper::Alone, DeviceInfo { reason, ..info }));
                    }
                }
            }
        };
        let info = info.with_threads_measured(threads, pool_ms, one_ms);
        let stepper = match pool {
            #[cfg(feature = "threads")]
            Stepper::Pool(pool) if info.threads == 1 => Stepper::EpochEndsOnPool(pool),
            pool => pool,
        };
        Ok((stepper, info))
    }

    /// How many threads a step runs on.
    fn threads(self) -> u32 {
        match self {
            Stepper::Alone => 1,
            #[cfg(feature = "threads")]
            Stepper::Pool(pool) | Stepper::EpochEndsOnPool(pool) => {
                pool.current_num_threads() as u32
            }
        }
    }

    /// The median step of a fresh trainer of `plan`, taken this way, in
    /// its training stage: policyPU's pre-training is skipped, as its steps
    /// are the classifier's alone, while the interaction's update the
    /// policy beside the classifier where a thread is spare.
    async fn time(
        self,
        plan: &RunPlan,
        split: &PuSplit,
        device: &burn::tensor::Device,
    ) -> Result<f64, String> {
        let steps = StepPlan {
            warmup: 1,
            timed: 3,
        };
        let mut plan = plan.clone();
        plan.config.policy.pretrain_epochs = 0;
        plan.stages = (plan.config.learner.spec().stages)(&plan.config);
        // Why there is no timing, as the device line words it.
        let why = |e: TrainError| match e {
            TrainError::TooShortToTime { batch, .. } => format!(
                "this run is too short to gain from more: its epochs have too few mini-batches \
                 of {batch} rows to time several threads against one"
            ),
            e => format!("its steps could not be timed ({e})"),
        };
        let mut trainer = Trainer::new(&plan, split, device).map_err(why)?;
        time_steps_with(&mut trainer, steps, async |t: &mut Trainer| {
            self.step(t).await
        })
        .await
        .map(|t| t.median_ms)
        .map_err(why)
    }

    /// The pool, for a run on the CPU in the threaded worker.
    #[cfg(feature = "threads")]
    async fn pool(info: &DeviceInfo) -> Result<Option<Stepper>, String> {
        if info.gpu {
            return Ok(None);
        }
        Ok(pool::pool().await?.map(Stepper::Pool))
    }

    /// No pool in the single-threaded worker.
    #[cfg(not(feature = "threads"))]
    async fn pool(_info: &DeviceInfo) -> Result<Option<Stepper>, String> {
        Ok(None)
    }
}

/// One step on `pool`, while the worker's own thread waits. On the CPU
/// backend a step never waits on the browser, so it completes within one
/// poll.
#[cfg(feature = "threads")]
fn on_pool(pool: &rayon::ThreadPool, trainer: &mut Trainer) -> Result<Vec<TrainEvent>, TrainError> {
    pool.install(|| pollster::block_on(trainer.step()))
}
