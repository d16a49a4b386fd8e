//! One run at a time: prepare the split and trainer, then step it,
//! checking between mini-batches for pause, step and stop.

use std::cell::RefCell;
use std::rc::Rc;

use burn::tensor::Device;
use policypu::config::{DataConfig, RunConfig, TestScoring};
use policypu::data::csv::read_csv;
use policypu::data::pubin::parse_pubin;
use policypu::learn::Trainer;
use policypu::learn::bench::{time_steps, time_steps_with};
use policypu::learn::score_csv::score_csv;
use policypu::page::outbox::Outbox;
use policypu::page::protocol::{
    DataPayload, DeviceInfo, FromWorker, RunStarted, ThreadUse, ToWorker,
};
use policypu::plan::RunPlan;
use policypu::plan::known_estimates::KnownEstimates;
use policypu::report::TrainEvent;
use policypu::split::{PuSplit, split_builtin, split_csv};
use policypu::step_timing::StepPlan;
use serde_bytes::ByteBuf;

use crate::device::{self, Chosen};
use crate::post;
use crate::stepper::Stepper;

/// Commands shared between the message handler and the running loop.
#[derive(Default)]
pub struct Control {
    /// Id of the newest run; an older run's loop ends quietly.
    current: u64,
    /// Stop requested for the newest run.
    stopped: bool,
    /// Pause requested.
    paused: bool,
    /// While paused, run one more mini-batch.
    step_once: bool,
}

/// Act on one message from the page.
pub fn handle(command: ToWorker, control: &Rc<RefCell<Control>>) {
    let mut c = control.borrow_mut();
    match command {
        ToWorker::Start {
            config,
            data,
            test_scoring,
            estimates,
        } => {
            estimates.remember();
            c.current += 1;
            c.stopped = false;
            c.paused = false;
            c.step_once = false;
            let (id, control) = (c.current, control.clone());
            wasm_bindgen_futures::spawn_local(async move {
                run(id, *config, data, test_scoring, control).await;
            });
        }
        ToWorker::Pause => c.paused = true,
        ToWorker::Resume => {
            c.paused = false;
            post::send(&FromWorker::Resumed);
        }
        ToWorker::Step => c.step_once = true,
        ToWorker::Stop => c.stopped = true,
        ToWorker::Bench {
            config,
            data,
            plan,
            threads,
        } => {
            c.current += 1;
            wasm_bindgen_futures::spawn_local(
                async move { bench(*config, data, plan, threads).await },
            );
        }
        ToWorker::Score {
            model,
            csv,
            missing,
            id,
        } => wasm_bindgen_futures::spawn_local(async move {
            // A small table: the CPU backend scores it without read-back delays.
            let scores = score_csv(&model, &csv, Some(missing), &id, &Device::flex()).await;
            post::send(&FromWorker::Scored(scores.map_err(|e| e.to_string())));
        }),
        ToWorker::CrashForTest => panic!("a crash requested by a browser test"),
        ToWorker::HangForTest => loop {
            std::hint::spin_loop();
        },
    }
}

async fn run(
    id: u64,
    config: RunConfig,
    data: DataPayload,
    test_scoring: TestScoring,
    control: Rc<RefCell<Control>>,
) {
    let (mut trainer, stepper, started) = match prepare(&config, data, ThreadUse::Measure).await {
        Ok(ready) => ready,
        Err(message) => return post::send(&FromWorker::Error(message)),
    };
    trainer.set_keep_values(true);
    trainer.set_test_scoring(test_scoring);
    post::send(&FromWorker::Started(Box::new(started)));
    let mut announced_pause = false;
    let mut outbox = Outbox::default();
    loop {
        let (current, stopped, paused, step_once) = {
            let c = control.borrow();
            (c.current, c.stopped, c.paused, c.step_once)
        };
        if current != id {
            return; // replaced by a newer run, which reports for itself
        }
        if stopped {
            post_kept(&mut outbox);
            send_model(&trainer).await;
            return post::send(&FromWorker::Stopped);
        }
        if paused && !step_once {
            if !announced_pause {
                post_kept(&mut outbox);
                post::send(&FromWorker::Paused);
                announced_pause = true;
            }
            post::sleep(30).await;
            continue;
        }
        announced_pause = announced_pause && paused;
        control.borrow_mut().step_once = false;
        match stepper.step(&mut trainer).await {
            Ok(events) => {
                for event in events {
                    let due = match event {
                        TrainEvent::Batch(done) => outbox.batch_done(done, js_sys::Date::now()),
                        TrainEvent::Epoch(report) => {
                            outbox.epoch_done(*report, js_sys::Date::now())
                        }
                        TrainEvent::Done => {
                            post_kept(&mut outbox);
                            send_model(&trainer).await;
                            return post::send(&FromWorker::Done);
                        }
                    };
                    if let Some(trained) = due {
                        post::send(&FromWorker::Trained(Box::new(trained)));
                    }
                }
            }
            Err(e) => return post::send(&FromWorker::Error(format!("Training stopped: {e}"))),
        }
        if step_once {
            // One Step while paused: the page shows exactly that mini-batch.
            post_kept(&mut outbox);
        }
        post::yield_now().await;
    }
}

/// Post what training did that the outbox kept back, if anything.
fn post_kept(outbox: &mut Outbox) {
    if let Some(kept) = outbox.flush(js_sys::Date::now()) {
        post::send(&FromWorker::Trained(Box::new(kept)));
    }
}

/// Send the run's test-set probabilities, then the trained classifier as a
/// saved-model file. A failure to save does not spoil the run, so it is
/// only logged.
async fn send_model(trainer: &Trainer) {
    post::send(&FromWorker::TestScores(Box::new(trainer.test_scores())));
    let bytes = match trainer.export_model().await {
        Ok(model) => model.to_bytes().map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    match bytes {
        Ok(bytes) => post::send(&FromWorker::Model(ByteBuf::from(bytes))),
        Err(e) => {
            web_sys::console::warn_1(&format!("the trained model could not be saved: {e}").into())
        }
    }
}

/// Time the steps of a run and report only that.
async fn bench(config: RunConfig, data: DataPayload, plan: StepPlan, threads: ThreadUse) {
    let outcome = async {
        let (mut trainer, stepper, started) = prepare(&config, data, threads).await?;
        let timing = time_steps_with(&mut trainer, plan, async |t: &mut Trainer| {
            stepper.step(t).await
        })
        .await
        .map_err(|e| e.to_string())?;
        Ok::<_, String>(FromWorker::BenchDone {
            timing,
            device: started.device,
        })
    };
    match outcome.await {
        Ok(done) => post::send(&done),
        Err(message) => post::send(&FromWorker::Error(message)),
    }
}

/// The device to train on: the one chosen, or for Auto with a real GPU the
/// faster of it and the CPU backend over the run's first steps (each timed
/// on a trainer of the same plan, so nothing is checked or estimated again).
async fn device_for(plan: &RunPlan, split: &PuSplit) -> Result<(Device, DeviceInfo), String> {
    let (gpu, adapter) = match device::choose(plan.config.backend).await? {
        Chosen::Ready(device, info) => return Ok((device, info)),
        Chosen::Measure { gpu, adapter } => (gpu, adapter),
    };
    let steps = StepPlan {
        warmup: 1,
        timed: 2,
    };
    let time_on = |device: Device| async move {
        let mut trainer = Trainer::new(plan, split, &device).map_err(|e| e.to_string())?;
        time_steps(&mut trainer, steps)
            .await
            .map(|t| t.median_ms)
            .map_err(|e| e.to_string())
    };
    let timed =
        async { Ok::<_, String>((time_on(gpu.clone()).await?, time_on(Device::flex()).await?)) };
    let info = match timed.await {
        Ok((gpu_ms, cpu_ms)) => {
            DeviceInfo::measured(adapter.vendor, adapter.architecture, gpu_ms, cpu_ms)
        }
        // Too short a run to time (every step ends an epoch): a few steps
        // are not worth compiling WebGPU's shaders for.
        Err(why) => DeviceInfo {
            gpu: false,
            vendor: Some(adapter.vendor),
            architecture: Some(adapter.architecture),
            fallback: false,
            reason: format!(
                "Auto could not time this run's steps ({why}), so the CPU backend trains it."
            ),
            threads: 1,
        },
    };
    Ok((if info.gpu { gpu } else { Device::flex() }, info))
}

async fn prepare(
    config: &RunConfig,
    data: DataPayload,
    threads: ThreadUse,
) -> Result<(Trainer, Stepper, RunStarted), String> {
    let split = split_of(config, data)?;
    let plan = plan_of(config, &split).await?;
    let (device, info) = device_for(&plan, &split).await?;
    let (stepper, info) = Stepper::choose(&plan, &split, &device, info, threads).await?;
    let trainer = Trainer::new(&plan, &split, &device).map_err(|e| e.to_string())?;
    let unlabeled = split.unlabeled_indices();
    let started = RunStarted {
        device: info,
        total_batches: trainer.total_batches(),
        unlabeled_sources: unlabeled
            .iter()
            .map(|&i| split.source_row_shown(split.train_source[i]) as u32)
            .collect(),
        unlabeled_truth: split
            .train_truth
            .as_ref()
            .map(|t| unlabeled.iter().map(|&i| t[i]).collect()),
        n_labeled: split.n_train() - unlabeled.len(),
        unlabeled_projection: split.unlabeled_projection(),
        notes: split.notes.iter().chain(&plan.warnings).cloned().collect(),
        prior: plan.prior,
        estimates: KnownEstimates::made_here(),
    };
    Ok((trainer, stepper, started))
}

/// The run's plan. The threaded worker makes it on its pool, whose threads
/// estimate a prior and its bootstrap resamples side by side.
async fn plan_of(config: &RunConfig, split: &PuSplit) -> Result<RunPlan, String> {
    let plan = || RunPlan::new(config, split).map_err(|e| e.to_string());
    #[cfg(feature = "threads")]
    return crate::pool::install(plan).await;
    #[cfg(not(feature = "threads"))]
    plan()
}

fn split_of(config: &RunConfig, data: DataPayload) -> Result<PuSplit, String> {
    match (&config.data, data) {
        (DataConfig::Builtin { dataset, .. }, DataPayload::Builtin { train, test }) => {
            let train = parse_pubin(&train).map_err(|e| e.to_string())?;
            let test = parse_pubin(&test).map_err(|e| e.to_string())?;
            dataset.check_file("training", &train)?;
            dataset.check_file("test", &test)?;
            split_builtin(&train, &test, config).map_err(|e| e.to_string())
        }
        (DataConfig::Csv { columns }, DataPayload::Csv { bytes }) => {
            let table = read_csv(&bytes, columns).map_err(|e| e.to_string())?;
            split_csv(&table, config).map_err(|e| e.to_string())
        }
        _ => Err(
            "The settings and the data sent to the worker do not match; reload the page."
                .to_string(),
        ),
    }
}
