//! RankPruning (Northcutt, Wu & Chuang, UAI 2017) adapted to PU, as the
//! policyPU paper runs it: 5-fold cross-validation scores every training row
//! out of sample with a labeled-vs-unlabeled classifier g; the confident
//! counts estimate ρ̂₁, the share of positives left unlabeled; the
//! π̂₀·|U| unlabeled rows that g ranks highest (the likeliest hidden
//! positives) are pruned; and a fresh classifier trains on the rest with
//! labeled rows weighted 1/(1 − ρ̂₁).
//!
//! In PU no negative is labeled, so the other side's noise rate ρ₀ is 0 and
//! the labeled set is never pruned.

use super::{Method, Pending};
use crate::config::Stage;
use crate::learn::TrainError;
use crate::learn::context::{Batch, TrainContext, as_targets};
use crate::learn::device_data::logits_of;
use crate::selection::scores::sigmoid_of;

/// Unlabeled rows always kept.
const MIN_KEPT: usize = 10;

/// RankPruning's state: folds, out-of-fold scores, then the pruned set.
pub struct RankPruning {
    fold_of: Vec<usize>,
    folds: usize,
    fold_epochs: usize,
    scores: Vec<f32>,
    plan: Option<PruningPlan>,
}

impl RankPruning {
    /// Assign rows to folds, labeled and unlabeled separately so each fold keeps their ratio.
    pub fn new(ctx: &mut TrainContext) -> Self {
        let b = &ctx.config.baselines;
        let (folds, fold_epochs) = (b.rank_pruning_folds, b.rank_pruning_fold_epochs);
        let mut fold_of = vec![0; ctx.labeled.len()];
        for side in [true, false] {
            let mut rows: Vec<usize> = (0..ctx.labeled.len())
                .filter(|&i| ctx.labeled[i] == side)
                .collect();
            ctx.rng.shuffle(&mut rows);
            for (k, &i) in rows.iter().enumerate() {
                fold_of[i] = k % folds;
            }
        }
        RankPruning {
            scores: vec![0.0; fold_of.len()],
            fold_of,
            folds,
            fold_epochs,
            plan: None,
        }
    }

    fn fold(&self, epoch: usize) -> usize {
        (epoch - 1) / self.fold_epochs
    }

    /// Score the held-out fold, then start the classifier afresh; after the
    /// last fold, decide what to prune.
    async fn close_fold(&mut self, ctx: &mut TrainContext, epoch: usize) -> Result<(), TrainError> {
        let fold = self.fold(epoch);
        let held_out: Vec<usize> = (0..self.fold_of.len())
            .filter(|&i| self.fold_of[i] == fold)
            .collect();
        let x = ctx.data.train_rows(&held_out);
        let logits = logits_of(&ctx.classifier.inference(), &x).await?;
        for (&i, p) in held_out.iter().zip(sigmoid_of(&logits)) {
            self.scores[i] = p;
        }
        ctx.reset_classifier()?;
        if fold + 1 == self.folds {
            self.plan = Some(prune_plan(&self.scores, &ctx.labeled));
        }
        Ok(())
    }
}

impl Method for RankPruning {
    fn epoch_rows(&self, stage: Stage, epoch: usize) -> Option<Vec<usize>> {
        match (stage, &self.plan) {
            (Stage::CrossValidate, _) => {
                let fold = self.fold(epoch);
                Some(
                    (0..self.fold_of.len())
                        .filter(|&i| self.fold_of[i] != fold)
                        .collect(),
                )
            }
            (_, Some(plan)) => Some(plan.kept.clone()),
            _ => None,
        }
    }

    fn train_batch<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        stage: Stage,
        batch: Batch,
    ) -> Pending<'a> {
        let targets = as_targets(&batch.labeled);
        match (stage, &self.plan) {
            (Stage::Train, Some(plan)) => {
                let weights = batch
                    .labeled
                    .iter()
                    .map(|&s| if s { plan.labeled_weight as f32 } else { 1.0 })
                    .collect();
                let logits = ctx.classifier_logits(&batch.x);
                let m = batch.indices.len() as f64;
                ctx.fit_weighted(logits, targets, weights, m);
            }
            _ => ctx.fit_classifier(&batch.x, targets),
        }
        super::done()
    }

    fn end_epoch<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        stage: Stage,
        epoch: usize,
    ) -> Pending<'a> {
        if stage == Stage::CrossValidate && epoch.is_multiple_of(self.fold_epochs) {
            Box::pin(self.close_fold(ctx, epoch))
        } else {
            super::done()
        }
    }
}

/// What RankPruning keeps and how it weighs it.
#[derive(Clone, Debug, PartialEq)]
pub struct PruningPlan {
    /// ρ̂₁: the estimated share of positives that are unlabeled.
    pub rho1: f64,
    /// π̂₀: the estimated share of positives in U (what is pruned from it).
    pub pi0: f64,
    /// Training rows kept, in order.
    pub kept: Vec<usize>,
    /// Weight of each labeled row, 1/(1 − ρ̂₁); kept unlabeled rows weigh 1.
    pub labeled_weight: f64,
}

/// RankPruning's decision from out-of-sample scores g ≈ P(s = 1 | x):
/// LB = mean g over labeled rows; ρ̂₁ = b/(a + b) with a labeled and b
/// unlabeled rows scoring at least LB; π̂₀ = ρ̂₁/(1 − ρ̂₁)·|P|/|U|; prune the
/// round(π̂₀·|U|) unlabeled rows with the highest g (ties by index), keeping
/// at least ten.
pub fn prune_plan(scores: &[f32], labeled: &[bool]) -> PruningPlan {
    let n_labeled = labeled.iter().filter(|s| **s).count();
    let n_unlabeled = labeled.len() - n_labeled;
    let labeled_mean = scores
        .iter()
        .zip(labeled)
        .filter(|(_, s)| **s)
        .map(|(g, _)| *g as f64)
        .sum::<f64>()
        / n_labeled.max(1) as f64;
    let confident = |side: bool| {
        scores
            .iter()
            .zip(labeled)
            .filter(|(g, s)| **s == side && **g as f64 >= labeled_mean)
            .count() as f64
    };
    let (a, b) = (confident(true), confident(false));
    let rho1 = if a + b > 0.0 {
        (b / (a + b)).min(0.9999)
    } else {
        0.0
    };
    let pi0 = (rho1 / (1.0 - rho1) * n_labeled as f64 / n_unlabeled.max(1) as f64).min(0.9999);
    let prune =
        ((pi0 * n_unlabeled as f64).round() as usize).min(n_unlabeled.saturating_sub(MIN_KEPT));
    let mut unlabeled: Vec<usize> = (0..labeled.len()).filter(|&i| !labeled[i]).collect();
    unlabeled.sort_by(|&i, &j| scores[j].total_cmp(&scores[i]).then(i.cmp(&j)));
    let mut pruned = vec![false; labeled.len()];
    for &i in &unlabeled[..prune] {
        pruned[i] = true;
    }
    PruningPlan {
        rho1,
        pi0,
        kept: (0..labeled.len()).filter(|&i| !pruned[i]).collect(),
        labeled_weight: 1.0 / (1.0 - rho1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ideal_scores_prune_exactly_the_hidden_positives() {
        // n_l = 300, |U| = 900 with 270 positives; g = 1 on positives, 0 on negatives.
        let labeled: Vec<bool> = (0..1200).map(|i| i < 300).collect();
        let positive = |i: usize| i < 570;
        let scores: Vec<f32> = (0..1200)
            .map(|i| if positive(i) { 1.0 } else { 0.0 })
            .collect();
        let plan = prune_plan(&scores, &labeled);
        assert!((plan.rho1 - 270.0 / 570.0).abs() < 1e-12);
        assert!((plan.pi0 - 0.3).abs() < 1e-12);
        assert!((plan.labeled_weight - 1.9).abs() < 1e-12);
        assert_eq!(plan.kept.len(), 1200 - 270);
        assert!(plan.kept.iter().all(|&i| i < 300 || !positive(i)));
    }

    #[test]
    fn never_prunes_labeled_rows_and_keeps_ten_unlabeled() {
        let labeled = [true, true, false, false, false];
        let plan = prune_plan(&[0.9, 0.9, 0.95, 0.9, 0.1], &labeled);
        assert!(plan.kept.contains(&0) && plan.kept.contains(&1));
        let all_high: Vec<f32> = vec![1.0; 30];
        let labeled: Vec<bool> = (0..30).map(|i| i < 5).collect();
        let plan = prune_plan(&all_high, &labeled);
        assert_eq!(plan.kept.iter().filter(|&&i| i >= 5).count(), MIN_KEPT);
    }
}
