//! What a run reports as it trains. Plain data, no tensors: the CLI prints
//! it, the worker sends it to the page, and result files store it.

use serde::{Deserialize, Serialize};

use crate::config::Stage;
use crate::metrics::{self, CurvePoint};
use crate::selection::{Criterion, ValidationScores};
use crate::user_text::counted;

/// Progress after one mini-batch: cheap, sent often.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BatchProgress {
    /// Current stage.
    pub stage: Stage,
    /// Epoch within the stage, from 1.
    pub epoch: usize,
    /// Mini-batches done in this epoch.
    pub batch: usize,
    /// Mini-batches per epoch.
    pub batches: usize,
    /// Mini-batches done in the whole run so far.
    pub done: usize,
}

/// Test-set metrics; `None` where a metric is undefined for this test set.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TestMetrics {
    /// Accuracy at probability 0.5.
    pub accuracy: Option<f64>,
    /// Area under the ROC curve.
    pub roc_auc: Option<f64>,
    /// Average precision.
    pub pr_auc: Option<f64>,
    /// When the test set holds no negatives (a CSV without a truth column):
    /// what can still be measured from positives and U alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pu: Option<PuMetrics>,
}

/// What a test set of held-out labeled positives, and U, can measure
/// without a single known negative. Under SCAR the held-out positives are a
/// uniform sample of all positives, so their recall is the classifier's.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PuMetrics {
    /// Held-out labeled positives in the test set.
    pub positives: usize,
    /// Share of them classified positive: the recall r.
    pub recall: f64,
    /// Share of U classified positive, q.
    pub u_positive_rate: f64,
    /// Lee & Liu's (ICML 2003) r² / q, under SCAR precision × recall over π:
    /// it grows with both, as F1 does, without needing negatives; higher is
    /// better (not bounded by 1). `None` where no row of U is classified
    /// positive (q = 0), which leaves it undefined.
    pub lee_liu: Option<f64>,
    /// The prior π (share of positives in U) the estimates below assume.
    pub prior: Option<f64>,
    /// Precision on U, estimated as π·r / q (at most 1).
    pub precision: Option<f64>,
    /// Accuracy on U, estimated as 1 − π − q + 2π·r.
    pub accuracy: Option<f64>,
}

impl PuMetrics {
    /// The name of [`PuMetrics::recall`] wherever it heads a figure.
    pub const RECALL_NAME: &'static str = "recall on held-out positives";

    /// What the test set is and what the figures say, in one sentence for
    /// the page and the command line.
    pub fn summary(&self) -> String {
        let lee_liu = match self.lee_liu {
            Some(value) => format!(
                "Lee–Liu r²/q {value:.3} (higher is better: it grows with precision × recall, \
                 as F1 grows with both, without negatives)"
            ),
            None => "Lee–Liu r²/q undefined, as no row of U is classified positive".to_string(),
        };
        let mut text = format!(
            "No truth column, so the test set holds only {} and no negatives: accuracy, \
             ROC-AUC and PR-AUC cannot be computed. Recall on them {:.3}; {:.1} % of U \
             classified positive; {lee_liu}",
            counted(self.positives, "held-out labeled positive"),
            self.recall,
            100.0 * self.u_positive_rate,
        );
        match (self.prior, self.precision, self.accuracy) {
            (Some(pi), Some(precision), Some(accuracy)) => {
                text += &format!(
                    "; assuming π = {pi:.3} positives in U: precision ≈ {precision:.3}, accuracy on U ≈ {accuracy:.3}"
                );
            }
            (Some(pi), _, _) => {
                text += &format!(
                    "; a class prior π = {pi:.3} does not fit these predictions: with that recall, \
                     π·r = {:.3} of U would be positives called positive, more than the {:.3} of U \
                     called positive at all, so precision and accuracy on U are not estimated (the \
                     prior is too high, or the recall, measured on {}, too high)",
                    pi * self.recall,
                    self.u_positive_rate,
                    counted(self.positives, "held-out positive")
                );
            }
            _ => {}
        }
        text + "."
    }

    /// From the classifier's probabilities on the held-out positives and on
    /// U, with the prior if one is known (given or estimated).
    pub fn of(positive_scores: &[f32], u_scores: &[f32], prior: Option<f64>) -> Option<Self> {
        if positive_scores.is_empty() || u_scores.is_empty() {
            return None;
        }
        let share = |scores: &[f32]| {
            scores.iter().filter(|&&p| p >= 0.5).count() as f64 / scores.len() as f64
        };
        let (recall, q) = (share(positive_scores), share(u_scores));
        // The estimates hold only where π can be the share of positives in
        // U: the positives called positive, π·r of U, fit in the q called
        // positive at all. Otherwise π is too high for these predictions,
        // and a clipped estimate would look like a perfect score.
        let fits = prior.filter(|&pi| pi * recall <= q + 1e-12);
        Some(PuMetrics {
            positives: positive_scores.len(),
            recall,
            u_positive_rate: q,
            lee_liu: (q > 0.0).then(|| recall * recall / q),
            prior,
            precision: fits.map(|pi| if q > 0.0 { pi * recall / q } else { 0.0 }),
            accuracy: fits.map(|pi| 1.0 - pi - q + 2.0 * pi * recall),
        })
    }
}

impl TestMetrics {
    /// All three metrics of probabilities against true labels.
    pub fn of(scores: &[f32], labels: &[bool]) -> Self {
        TestMetrics {
            accuracy: metrics::accuracy(scores, labels),
            roc_auc: metrics::roc_auc(scores, labels),
            pr_auc: metrics::pr_auc(scores, labels),
            pu: None,
        }
    }

    /// All three metrics of logits against true labels. The AUCs rank the
    /// logits themselves: probabilities round to 1.0 above a logit of about
    /// 17 in f32 and would make false ties. Accuracy thresholds at logit 0.
    pub fn of_logits(logits: &[f32], labels: &[bool]) -> Self {
        let decisions: Vec<f32> = logits
            .iter()
            .map(|&g| if g >= 0.0 { 1.0 } else { 0.0 })
            .collect();
        TestMetrics {
            accuracy: metrics::accuracy(&decisions, labels),
            roc_auc: metrics::roc_auc(logits, labels),
            pr_auc: metrics::pr_auc(logits, labels),
            pu: None,
        }
    }
}

/// The scores of a CSV file's rows by a saved classifier.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CsvScores {
    /// `row,score,predicted`: the 1-based data row, the probability of the
    /// positive class, and 1 where it is at least 0.5; the file's identifier
    /// column, if it has one, comes after `row`.
    pub table: String,
    /// Rows scored.
    pub rows: usize,
    /// The model that scored them, in words ([`crate::saved_model::ModelHeader::describe`]).
    pub model: String,
    /// The name of the file the model was trained on, when the model file
    /// says (models saved before it did, or from built-in data, do not).
    pub trained_on: Option<String>,
    /// The file's column the table carries after `row`, if any.
    pub identifier: Option<String>,
    /// The file's column names, in order: what another identifier column
    /// can be chosen from.
    #[serde(default)]
    pub columns: Vec<String>,
    /// With the run's truth column in the file: accuracy and ROC-AUC against
    /// it, over the rows whose class it holds.
    pub against_truth: Option<String>,
    /// What the reader noted about the file (decimal marks read), as sentences.
    pub notes: Vec<String>,
}

/// Where a run's class prior (the share of positives in U) came from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PriorSource {
    /// The split's true share (known for built-in data and CSVs with a truth column).
    Truth,
    /// Given in the settings.
    Given,
    /// Estimated from the PU data.
    Estimated(crate::priors::PriorMethod),
}

/// The class prior a run used, and how far it was from the truth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PriorUsed {
    /// Where it came from.
    pub source: PriorSource,
    /// ρ used.
    pub rho: f64,
    /// The split's true ρ, where known.
    pub true_rho: Option<f64>,
    /// For an estimate made without a known truth: its standard deviation
    /// over bootstrap resamples of the training rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spread: Option<f64>,
    /// False when the learner trains without a prior and the estimate is
    /// made for the PU metrics and as a reading of the file.
    #[serde(default = "yes")]
    pub learner_uses: bool,
}

fn yes() -> bool {
    true
}

impl PriorUsed {
    /// The estimate's error, ρ used − true ρ, where the truth is known.
    pub fn error(&self) -> Option<f64> {
        self.true_rho.map(|t| self.rho - t)
    }

    /// The prior, where it came from, and how far it is from the truth or
    /// how much it moves under resampling: one sentence for the page and the CLI.
    pub fn sentence(&self) -> String {
        let unused = match (self.learner_uses, self.true_rho) {
            (true, _) => "",
            (false, Some(_)) => {
                " This learner trains without a prior; the figure shows how well it is read from the file."
            }
            (false, None) => {
                " This learner trains without a prior; only the estimates of precision and accuracy on U use it."
            }
        };
        self.sentence_with(unused)
    }

    /// [`PriorUsed::sentence`] for the run charted beside `auto`'s mean,
    /// the candidate `charted`, whose candidates each estimate the prior
    /// they need.
    pub fn sentence_beside_auto(&self, charted: &str) -> String {
        self.sentence_with(&format!(
            " This is the prior of {charted}, charted beside auto's mean. auto trains with no \
             prior of its own: each candidate that needs one estimates it as it would alone."
        ))
    }

    /// The sentence with `remark` on who uses the prior.
    pub(crate) fn sentence_with(&self, remark: &str) -> String {
        format!(
            "Class prior {}.{remark}{}",
            self.figure(),
            self.spread_meaning().unwrap_or_default()
        )
    }

    /// The prior in a few words: "π = 0.463 ± 0.120, estimated by min(KM2,
    /// BBE) (true 0.410, error +0.052)", for lines that list several.
    pub fn figure(&self) -> String {
        let source = match self.source {
            PriorSource::Truth => "the split's true value".to_string(),
            PriorSource::Given => "given in the settings".to_string(),
            PriorSource::Estimated(method) => format!("estimated by {}", method.name()),
        };
        let spread = self
            .spread
            .map_or(String::new(), |spread| format!(" ± {spread:.3}"));
        let truth = match (self.source, self.true_rho) {
            (PriorSource::Truth, _) => String::new(),
            (_, Some(truth)) => format!(" (true {truth:.3}, error {:+.3})", self.rho - truth),
            (_, None) => "; no truth column to compare with".to_string(),
        };
        format!("π = {:.3}{spread}, {source}{truth}", self.rho)
    }

    /// What the ± of an estimate is and is not (none without a spread),
    /// with a leading space.
    pub fn spread_meaning(&self) -> Option<String> {
        self.spread.map(|_| {
            format!(
                " The ± is how far the estimate moves over {} bootstrap resamples of these rows, \
                 not an error bar: an estimator that is off the same way on every resample has a \
                 small ± and a large error.",
                crate::priors::bootstrap::BOOTSTRAP_SAMPLES
            )
        })
    }
}

/// ROC and PR curves of the test set, thinned for drawing.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Curves {
    /// False-positive rate → true-positive rate.
    pub roc: Vec<CurvePoint>,
    /// Recall → precision.
    pub pr: Vec<CurvePoint>,
}

/// Points kept per curve.
pub const CURVE_POINTS: usize = 101;

impl Curves {
    /// Both curves of scores against true labels (empty where undefined).
    pub fn of(scores: &[f32], labels: &[bool]) -> Self {
        let thin = |c: Option<Vec<CurvePoint>>| {
            c.map(|c| metrics::thin_curve(&c, CURVE_POINTS))
                .unwrap_or_default()
        };
        Curves {
            roc: thin(metrics::roc_curve(scores, labels)),
            pr: thin(metrics::pr_curve(scores, labels)),
        }
    }
}

/// Whose view of U is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ViewSource {
    /// The policy's action probability p(x) (policyPU learners).
    Policy,
    /// The classifier's predicted probability (baselines, which have no policy).
    Classifier,
}

/// How U is seen at the end of an epoch: per example, a value in (0, 1)
/// meaning "positive" towards 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnlabeledView {
    /// Whose output the values are.
    pub source: ViewSource,
    /// Share of U whose value falls on the side of 0.5 of its true class
    /// (for the Separator: its likelier action's correct-assignment rate,
    /// close to the paper's Fig. 5).
    pub correct_rate: Option<f64>,
    /// Mean value over the true positives in U.
    pub mean_on_positives: Option<f64>,
    /// Mean value over the true negatives in U.
    pub mean_on_negatives: Option<f64>,
    /// The value for each unlabeled example, in the split's order, when asked for.
    pub values: Option<Vec<f32>>,
}

impl UnlabeledView {
    /// Summarise values on U against U's true classes (when known).
    pub fn of(
        source: ViewSource,
        values: Vec<f32>,
        truth: Option<&[bool]>,
        keep_values: bool,
    ) -> Self {
        let mean_where = |class: bool| {
            let truth = truth?;
            let picked: Vec<f64> = values
                .iter()
                .zip(truth)
                .filter(|(_, y)| **y == class)
                .map(|(v, _)| *v as f64)
                .collect();
            (!picked.is_empty()).then(|| picked.iter().sum::<f64>() / picked.len() as f64)
        };
        UnlabeledView {
            source,
            correct_rate: truth.and_then(|t| metrics::accuracy(&values, t)),
            mean_on_positives: mean_where(true),
            mean_on_negatives: mean_where(false),
            values: keep_values.then_some(values),
        }
    }
}

/// Everything measured at the end of one epoch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EpochReport {
    /// Stage the epoch belonged to.
    pub stage: Stage,
    /// Epoch within the stage, from 1.
    pub epoch: usize,
    /// Test-set metrics of the classifier (empty when `test_skipped`).
    pub test: TestMetrics,
    /// Test-set curves (empty when `test_skipped`).
    pub curves: Curves,
    /// True when this epoch did not score the test set
    /// ([`crate::config::TestScoring::KeptAndLast`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub test_skipped: bool,
    /// Mean classifier loss over the epoch's mini-batches.
    pub classifier_loss: Option<f64>,
    /// Mean policy loss (the negated REINFORCE objective, or the pre-training loss).
    pub policy_loss: Option<f64>,
    /// Mean reward R(x, a) over the epoch, eq. (4).
    pub mean_reward: Option<f64>,
    /// Mean threshold of eq. (5) over the epoch's mini-batches.
    pub threshold: Option<f64>,
    /// How U is seen now.
    pub unlabeled: Option<UnlabeledView>,
    /// The PU-only scores on the validation split (training-stage epochs
    /// of a run with one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validation: Option<ValidationScores>,
    /// Wall time of this epoch, including evaluation, in milliseconds.
    pub epoch_ms: f64,
    /// Wall time since the run started, in milliseconds.
    pub elapsed_ms: f64,
}

impl EpochReport {
    /// The test metrics, when this epoch scored the test set.
    pub fn scored_test(&self) -> Option<&TestMetrics> {
        (!self.test_skipped).then_some(&self.test)
    }

    /// An epoch of `stage` with nothing measured: a start for tests to fill in.
    pub fn blank(stage: Stage, epoch: usize) -> EpochReport {
        EpochReport {
            stage,
            epoch,
            test: TestMetrics::default(),
            curves: Curves::default(),
            test_skipped: false,
            classifier_loss: None,
            policy_loss: None,
            mean_reward: None,
            threshold: None,
            unlabeled: None,
            validation: None,
            epoch_ms: 0.0,
            elapsed_ms: 0.0,
        }
    }
}

/// What one call of the trainer's `step` produced.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TrainEvent {
    /// One mini-batch done.
    Batch(BatchProgress),
    /// One epoch done and evaluated.
    Epoch(Box<EpochReport>),
    /// The run is complete.
    Done,
}

/// A finished run, as the CLI writes it to JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunResult {
    /// The configuration that produced it.
    pub config: crate::config::RunConfig,
    /// The device that trained, in words.
    pub device: String,
    /// The class prior the run used, for the learners that use one.
    #[serde(default)]
    pub prior: Option<PriorUsed>,
    /// Every epoch's report, in order.
    pub reports: Vec<EpochReport>,
    /// The epoch whose classifier the run kept, and by what.
    #[serde(default)]
    pub selected: Option<Selection>,
    /// The test-set probabilities, where a sweep keeps them so that `auto`'s
    /// averaged model can be scored from stored runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test_scores: Option<TestScores>,
    /// For an `auto` run: the model it kept, the mean of its first
    /// candidates, and its test metrics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub averaged: Option<Averaged>,
}

/// The model `auto` kept, the mean of its first candidates
/// (`auto_learner::average`), and its test metrics, which no choice read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Averaged {
    /// Its members: their positions among the candidates as trained, best
    /// first (in trained order where none could be ranked).
    pub members: Vec<usize>,
    /// The members trained again on the training and validation rows for
    /// their kept epochs, by the same positions (`auto_learner::refit`):
    /// their refits stand in for their kept classifiers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refitted: Vec<usize>,
    /// The test metrics of the mean of the members' kept classifiers
    /// (none where the test set lacks a class).
    pub kept: TestMetrics,
    /// The same for the mean of their last epochs' classifiers.
    pub last: TestMetrics,
    /// The ROC and precision-recall curves of the mean of the kept
    /// classifiers (the ROC curve empty where the test set lacks a class,
    /// both without a test set).
    #[serde(default)]
    pub curves: Curves,
}

/// A run's test-set probabilities at its kept and its last epoch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TestScores {
    /// The kept epoch's probabilities, in test-row order.
    pub kept: Vec<f32>,
    /// The last training epoch's.
    pub last: Vec<f32>,
    /// The test rows' classes, "1" positive and "0" negative.
    pub truth: String,
    /// Without a truth column (only held-out positives to test on): the
    /// kept epoch's probabilities on the training set's unlabeled rows, from
    /// which an average's PU-only figures ([`PuMetrics`]) are computed.
    /// Empty with a truth column.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kept_unlabeled: Vec<f32>,
    /// The same for the last epoch evaluated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_unlabeled: Vec<f32>,
}

impl TestScores {
    /// The test rows' classes.
    pub fn labels(&self) -> Vec<bool> {
        self.truth.chars().map(|c| c == '1').collect()
    }
}

/// Flags as a compact string, "1" for true and "0" for false (as
/// [`TestScores::truth`] holds them).
pub fn flag_string(flags: impl IntoIterator<Item = bool>) -> String {
    flags
        .into_iter()
        .map(|f| if f { '1' } else { '0' })
        .collect()
}

/// Which epoch a run kept, chosen on PU data alone.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Selection {
    /// Its stage: one of the learner's own training
    /// ([`Stage::is_own_training`]); files from before stages were named
    /// here chose only in [`Stage::Train`].
    #[serde(default = "train_stage")]
    pub stage: Stage,
    /// The epoch within that stage, from 1.
    pub epoch: usize,
    /// The criterion that chose it.
    pub criterion: Criterion,
    /// Its value there (risks negated: higher is better).
    pub value: f64,
}

/// The stage a [`Selection`] without one was made in.
fn train_stage() -> Stage {
    Stage::Train
}

/// The latest report that scored the test set: what the page shows as the
/// run's current test scores.
pub fn latest_scored(reports: &[EpochReport]) -> Option<&EpochReport> {
    reports.iter().rev().find(|r| r.scored_test().is_some())
}

/// The epoch `criterion` selects among the epochs of the learner's own
/// training in `reports`, by their validation scores (the trainer's rule);
/// `None` where none has a value for it, and the run keeps its last epoch.
pub fn selection_in(reports: &[EpochReport], criterion: Criterion) -> Option<Selection> {
    let own: Vec<&EpochReport> = reports
        .iter()
        .filter(|r| r.stage.is_own_training())
        .collect();
    let chosen =
        own[crate::selection::select_epoch(own.iter().map(|r| r.validation.as_ref()), criterion)?];
    Some(Selection {
        stage: chosen.stage,
        epoch: chosen.epoch,
        criterion,
        value: criterion.value(chosen.validation.as_ref()?)?,
    })
}

/// The report of the epoch `criterion` keeps among the epochs of the
/// learner's own training in `reports` ([`selection_in`]), else the last
/// training epoch's: what a page that holds only the reports shows as kept.
pub fn kept_report(reports: &[EpochReport], criterion: Criterion) -> Option<&EpochReport> {
    match selection_in(reports, criterion) {
        Some(s) => reports
            .iter()
            .find(|r| r.stage == s.stage && r.epoch == s.epoch),
        None => reports.iter().rev().find(|r| r.stage.is_own_training()),
    }
}

impl RunResult {
    /// An `auto` run's result, as its run file holds it: its settings, the
    /// device its candidates trained on, the prior its leaderboard assumed
    /// ([`crate::auto_learner::ranking_prior`]) and its mean; it has no
    /// epochs of its own.
    pub fn of_auto(
        config: crate::config::RunConfig,
        device: String,
        prior: Option<PriorUsed>,
        averaged: Option<Averaged>,
    ) -> Self {
        RunResult {
            config,
            device,
            prior,
            reports: Vec::new(),
            selected: None,
            test_scores: None,
            averaged,
        }
    }

    /// The report of the last training epoch.
    pub fn last(&self) -> Option<&EpochReport> {
        self.reports.iter().rev().find(|r| r.stage == Stage::Train)
    }

    /// The report of the epoch the run kept: the selected one, else the last.
    pub fn kept(&self) -> Option<&EpochReport> {
        match self.selected {
            Some(s) => self
                .reports
                .iter()
                .find(|r| r.stage == s.stage && r.epoch == s.epoch),
            None => self.last(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_selection_without_a_stage_was_made_in_training() {
        let old: Selection =
            serde_json::from_str(r#"{"epoch":3,"criterion":"lu-auc","value":0.7}"#).unwrap();
        assert_eq!((old.stage, old.epoch), (Stage::Train, 3));
        let warm_up: Selection = serde_json::from_str(
            r#"{"stage":"warmup","epoch":2,"criterion":"lu-auc","value":0.7}"#,
        )
        .unwrap();
        assert_eq!(warm_up.stage, Stage::Warmup);
    }

    #[test]
    fn prior_sentences_say_source_and_check() {
        let estimated = PriorUsed {
            source: PriorSource::Estimated(crate::priors::PriorMethod::Tice),
            rho: 0.3,
            true_rho: Some(0.25),
            spread: None,
            learner_uses: true,
        };
        assert_eq!(
            estimated.sentence(),
            "Class prior π = 0.300, estimated by TIcE (true 0.250, error +0.050)."
        );
        let blind = PriorUsed {
            true_rho: None,
            spread: Some(0.04),
            ..estimated
        };
        assert_eq!(
            blind.sentence(),
            "Class prior π = 0.300 ± 0.040, estimated by TIcE; no truth column to compare with. \
             The ± is how far the estimate moves over 10 bootstrap resamples of these rows, not \
             an error bar: an estimator that is off the same way on every resample has a small \
             ± and a large error."
        );
        let unused = PriorUsed {
            learner_uses: false,
            ..blind.clone()
        };
        assert!(
            unused
                .sentence()
                .contains("only the estimates of precision and accuracy on U use it. The ±"),
            "{}",
            unused.sentence()
        );
        let unused_known = PriorUsed {
            true_rho: Some(0.25),
            ..unused
        };
        assert!(
            unused_known
                .sentence()
                .contains("(true 0.250, error +0.050). This learner trains without a prior; the figure shows how well it is read from the file. The ±"),
            "{}",
            unused_known.sentence()
        );
        let beside_auto = unused_known.sentence_beside_auto("VPU");
        assert!(
            beside_auto.contains(
                "error +0.050). This is the prior of VPU, charted beside auto's mean. auto trains \
                 with no prior of its own: each candidate that needs one estimates it as it \
                 would alone. The ±"
            ) && !beside_auto.contains("This learner"),
            "{beside_auto}"
        );
    }

    #[test]
    fn pu_metrics_need_no_negatives() {
        // 3 of 4 held-out positives recalled; half of U called positive.
        let m = PuMetrics::of(&[0.9, 0.8, 0.6, 0.2], &[0.9, 0.1, 0.7, 0.3], Some(0.5)).unwrap();
        assert_eq!((m.positives, m.recall, m.u_positive_rate), (4, 0.75, 0.5));
        assert_eq!(m.lee_liu, Some(0.75 * 0.75 / 0.5));
        assert_eq!(m.precision, Some(0.75));
        assert_eq!(m.accuracy, Some(1.0 - 0.5 - 0.5 + 2.0 * 0.5 * 0.75));
        // Nothing in U called positive: r²/q is undefined, and says so.
        let unknown = PuMetrics::of(&[0.9], &[0.1], None).unwrap();
        assert_eq!(
            (unknown.lee_liu, unknown.precision, unknown.accuracy),
            (None, None, None)
        );
        assert!(
            unknown
                .summary()
                .ends_with("Lee–Liu r²/q undefined, as no row of U is classified positive."),
            "{}",
            unknown.summary()
        );
        assert_eq!(PuMetrics::of(&[], &[0.5], None), None);
        // π = 0.38 with every held-out positive recalled and a fifth of U called
        // positive: 0.38 of U cannot be positives called positive. Nothing is
        // clipped to a perfect score.
        let too_high = PuMetrics::of(&[0.9; 5], &[0.9, 0.1, 0.1, 0.1, 0.1], Some(0.38)).unwrap();
        assert_eq!((too_high.precision, too_high.accuracy), (None, None));
        assert!(
            too_high.summary().contains(
                "a class prior π = 0.380 does not fit these predictions: with that recall, \
                     π·r = 0.380 of U would be positives called positive, more than the 0.200 of \
                     U called positive at all, so precision and accuracy on U are not estimated \
                     (the prior is too high, or the recall, measured on 5 held-out positives, too \
                     high)."
            ),
            "{}",
            too_high.summary()
        );
        assert!(
            m.summary().ends_with(
                "Recall on them 0.750; 50.0 % of U classified positive; Lee–Liu r²/q 1.125 \
                 (higher is better: it grows with precision × recall, as F1 grows with both, \
                 without negatives); \
                 assuming π = 0.500 positives in U: precision ≈ 0.750, accuracy on U ≈ 0.750."
            ),
            "{}",
            m.summary()
        );
    }

    #[test]
    fn metrics_of_logits_rank_what_probabilities_would_tie() {
        // Logits 20 and 30 both round to probability 1.0 in f32.
        let labels = [false, true, false];
        let logits = [20.0, 30.0, -1.0];
        assert_eq!(1.0 / (1.0 + (-20.0f32).exp()), 1.0);
        let m = TestMetrics::of_logits(&logits, &labels);
        assert_eq!(m.roc_auc, Some(1.0));
        assert_eq!(m.accuracy, Some(2.0 / 3.0));
        let probabilities: Vec<f32> = logits.iter().map(|g| 1.0 / (1.0 + (-g).exp())).collect();
        assert_eq!(TestMetrics::of(&probabilities, &labels).roc_auc, Some(0.75));
    }

    #[test]
    fn unlabeled_view_summarises_by_class() {
        let v = UnlabeledView::of(
            ViewSource::Policy,
            vec![0.9, 0.2, 0.6, 0.1],
            Some(&[true, true, false, false]),
            false,
        );
        assert_eq!(v.correct_rate, Some(0.5));
        assert!((v.mean_on_positives.unwrap() - 0.55).abs() < 1e-6);
        assert!((v.mean_on_negatives.unwrap() - 0.35).abs() < 1e-6);
        assert_eq!(v.values, None);
        let blind = UnlabeledView::of(ViewSource::Classifier, vec![0.9], None, true);
        assert_eq!((blind.correct_rate, blind.values), (None, Some(vec![0.9])));
    }
}
