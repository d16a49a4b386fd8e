//! Training one run with a progress bar and per-epoch lines.

use burn::tensor::Device;
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use policypu::config::TestScoring;
use policypu::learn::Trainer;
use policypu::learn::trainer::run_to_end;
use policypu::plan::RunPlan;
use policypu::report::{EpochReport, RunResult, TestMetrics, TrainEvent};
use policypu::split::PuSplit;

/// How a run trains on the command line: what it prints, and after which
/// epochs it scores the test set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verbosity {
    /// A progress bar and a line per epoch, each with its test scores.
    Epochs,
    /// A progress bar only; the test set scored after every epoch (sweep
    /// rows, whose test-oracle reports and selection studies read them all).
    Bar,
    /// A progress bar only; the test set scored only after the epochs the
    /// checkpoint keeps and the last (auto's candidates, whose leaderboard
    /// reads no other).
    Candidate,
}

impl Verbosity {
    /// After which epochs the run scores its test set.
    fn test_scoring(self) -> TestScoring {
        match self {
            Self::Epochs | Self::Bar => TestScoring::EveryEpoch,
            Self::Candidate => TestScoring::KeptAndLast,
        }
    }
}

/// Train `plan` on `split` (the split it was planned on) to the end, its
/// progress bar among `bars` where runs train side by side; returns the run
/// and the trainer (final test scores, the classifier to export).
pub fn train(
    plan: &RunPlan,
    split: &PuSplit,
    device: &Device,
    device_name: &str,
    verbosity: Verbosity,
    bars: Option<&MultiProgress>,
) -> Result<(RunResult, Trainer), String> {
    let mut trainer = Trainer::new(plan, split, device).map_err(|e| e.to_string())?;
    trainer.set_test_scoring(verbosity.test_scoring());
    let bar = ProgressBar::new(trainer.total_batches() as u64);
    let bar = match bars {
        Some(bars) => bars.add(bar),
        None => bar,
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} {msg:24} [{bar:30}] {pos}/{len} batches, {eta} left",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let reports = pollster::block_on(run_to_end(&mut trainer, |event| match event {
        TrainEvent::Batch(p) => {
            bar.set_message(format!("{} {}", p.stage.label(), p.epoch));
            bar.inc(1);
        }
        TrainEvent::Epoch(report) if verbosity == Verbosity::Epochs => {
            bar.suspend(|| println!("{}", epoch_line(report)))
        }
        _ => {}
    }))
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    Ok((
        RunResult {
            config: plan.config.clone(),
            device: device_name.to_string(),
            prior: plan.prior.clone(),
            reports,
            selected: trainer.selection(),
            test_scores: None,
            averaged: None,
        },
        trainer,
    ))
}

/// A classifier's test figures on one line: accuracy and the AUCs, or
/// without negatives what P and U alone can measure.
pub fn test_figures(test: &TestMetrics) -> String {
    let metric = |v: Option<f64>| v.map_or("  n/a".to_string(), |v| format!("{v:.3}"));
    match &test.pu {
        Some(pu) => format!(
            "recall {:.3} (n={})  U+ {:.3}  lee-liu {}  est-acc-U {}",
            pu.recall,
            pu.positives,
            pu.u_positive_rate,
            metric(pu.lee_liu),
            metric(pu.accuracy)
        ),
        None => format!(
            "acc {}  roc-auc {}  pr-auc {}",
            metric(test.accuracy),
            metric(test.roc_auc),
            metric(test.pr_auc)
        ),
    }
}

/// One line summarising an epoch.
pub fn epoch_line(r: &EpochReport) -> String {
    let metric = |v: Option<f64>| v.map_or("  n/a".to_string(), |v| format!("{v:.3}"));
    let mut line = format!(
        "{:<20} {:>3}  {}",
        r.stage.label(),
        r.epoch,
        test_figures(&r.test)
    );
    if let Some(loss) = r.classifier_loss {
        line += &format!("  loss {loss:.4}");
    }
    if let Some(loss) = r.policy_loss {
        line += &format!("  policy-loss {loss:.4}");
    }
    if let (Some(reward), Some(threshold)) = (r.mean_reward, r.threshold) {
        line += &format!("  reward {reward:.3}  threshold {threshold:.3}");
    }
    if let Some(rate) = r.unlabeled.as_ref().and_then(|u| u.correct_rate) {
        line += &format!("  U-correct {rate:.3}");
    }
    if let Some(v) = &r.validation {
        line += &format!(
            "  val: L-U-auc {}  call-gap {}  var-loss {}",
            metric(v.lu_auc),
            metric(v.call_gap()),
            metric(v.variational_loss)
        );
        if v.prior.is_some() {
            line += &format!(
                "  nnpu-risk {}  proxy-acc {}",
                metric(v.nnpu_risk),
                metric(v.proxy_accuracy)
            );
        }
    }
    line + &format!("  {:.0} ms", r.epoch_ms)
}
