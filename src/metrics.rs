//! Test-set metrics on host vectors: accuracy, ROC-AUC, PR-AUC and curves.
//!
//! Scores are the classifier's probabilities of the positive class; labels
//! are the true classes. Anything undefined (an AUC with one class only) is
//! `None` rather than a made-up number.

use serde::{Deserialize, Serialize};

/// Fraction of examples whose score is on the right side of 0.5.
pub fn accuracy(scores: &[f32], labels: &[bool]) -> Option<f64> {
    if scores.is_empty() {
        return None;
    }
    let right = scores
        .iter()
        .zip(labels)
        .filter(|(s, y)| (**s >= 0.5) == **y)
        .count();
    Some(right as f64 / scores.len() as f64)
}

/// Area under the ROC curve: the probability that a random positive scores
/// above a random negative, ties counting one half (average ranks).
pub fn roc_auc(scores: &[f32], labels: &[bool]) -> Option<f64> {
    let n_pos = labels.iter().filter(|y| **y).count();
    let n_neg = labels.len() - n_pos;
    if n_pos == 0 || n_neg == 0 {
        return None;
    }
    let order = ascending_order(scores);
    let mut rank_sum_pos = 0.0;
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && scores[order[j + 1]] == scores[order[i]] {
            j += 1;
        }
        // Ranks i+1 ..= j+1 share their average.
        let average_rank = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            if labels[k] {
                rank_sum_pos += average_rank;
            }
        }
        i = j + 1;
    }
    let (p, n) = (n_pos as f64, n_neg as f64);
    Some((rank_sum_pos - p * (p + 1.0) / 2.0) / (p * n))
}

/// Area under the precision-recall curve as average precision
/// (scikit-learn's definition): Σ (Rₖ − Rₖ₋₁) Pₖ over distinct thresholds.
/// `None` unless both classes are present: with positives only it would be
/// 1 whatever the scores.
pub fn pr_auc(scores: &[f32], labels: &[bool]) -> Option<f64> {
    if !has_negatives(labels) {
        return None;
    }
    let points = threshold_counts(scores, labels)?;
    let n_pos = points.last().map(|c| c.tp)? as f64;
    let mut previous_recall = 0.0;
    let mut ap = 0.0;
    for c in &points {
        let recall = c.tp as f64 / n_pos;
        let precision = c.tp as f64 / (c.tp + c.fp) as f64;
        ap += (recall - previous_recall) * precision;
        previous_recall = recall;
    }
    Some(ap)
}

/// Some label is negative: without one, precision is 1 whatever the scores.
fn has_negatives(labels: &[bool]) -> bool {
    labels.contains(&false)
}

/// One point of a curve.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    /// Horizontal coordinate (false-positive rate, or recall).
    pub x: f64,
    /// Vertical coordinate (true-positive rate, or precision).
    pub y: f64,
}

/// ROC curve from (0,0) to (1,1), one point per distinct score.
pub fn roc_curve(scores: &[f32], labels: &[bool]) -> Option<Vec<CurvePoint>> {
    let points = threshold_counts(scores, labels)?;
    let last = *points.last()?;
    if last.fp == 0 {
        return None;
    }
    let mut curve = vec![CurvePoint { x: 0.0, y: 0.0 }];
    curve.extend(points.iter().map(|c| CurvePoint {
        x: c.fp as f64 / last.fp as f64,
        y: c.tp as f64 / last.tp as f64,
    }));
    Some(curve)
}

/// Precision-recall curve, recall rising, one point per distinct score.
/// `None` unless both classes are present, as [`pr_auc`]: with positives
/// only, precision would be 1 whatever the scores.
pub fn pr_curve(scores: &[f32], labels: &[bool]) -> Option<Vec<CurvePoint>> {
    if !has_negatives(labels) {
        return None;
    }
    let points = threshold_counts(scores, labels)?;
    let n_pos = points.last()?.tp as f64;
    Some(
        points
            .iter()
            .map(|c| CurvePoint {
                x: c.tp as f64 / n_pos,
                y: c.tp as f64 / (c.tp + c.fp) as f64,
            })
            .collect(),
    )
}

/// Keeps at most `max_points` points of a curve, always the first and last.
pub fn thin_curve(curve: &[CurvePoint], max_points: usize) -> Vec<CurvePoint> {
    if curve.len() <= max_points || max_points < 2 {
        return curve.to_vec();
    }
    let step = (curve.len() - 1) as f64 / (max_points - 1) as f64;
    (0..max_points)
        .map(|i| curve[((i as f64 * step).round() as usize).min(curve.len() - 1)])
        .collect()
}

/// True and false positives when predicting positive at or above one threshold.
#[derive(Clone, Copy, Debug)]
struct Counts {
    tp: usize,
    fp: usize,
}

/// Cumulative counts at each distinct score, highest score first.
/// `None` when there is no positive example.
fn threshold_counts(scores: &[f32], labels: &[bool]) -> Option<Vec<Counts>> {
    if !labels.iter().any(|y| *y) {
        return None;
    }
    let mut order = ascending_order(scores);
    order.reverse();
    let mut counts = Vec::new();
    let (mut tp, mut fp) = (0, 0);
    for (i, &k) in order.iter().enumerate() {
        if labels[k] {
            tp += 1;
        } else {
            fp += 1;
        }
        let next_differs = order.get(i + 1).is_none_or(|&n| scores[n] != scores[k]);
        if next_differs {
            counts.push(Counts { tp, fp });
        }
    }
    Some(counts)
}

/// Indices that sort `scores` ascending (NaN last).
fn ascending_order(scores: &[f32]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| scores[a].total_cmp(&scores[b]));
    order
}

#[cfg(test)]
mod tests {
    #[test]
    fn pr_auc_needs_both_classes() {
        assert_eq!(pr_auc(&[0.9, 0.1], &[true, true]), None);
        assert_eq!(roc_auc(&[0.9, 0.1], &[true, true]), None);
        assert!(pr_auc(&[0.9, 0.1], &[true, false]).is_some());
    }

    use super::*;

    fn close(a: Option<f64>, b: f64) {
        let a = a.expect("metric is defined");
        assert!((a - b).abs() < 1e-9, "{a} != {b}");
    }

    #[test]
    fn accuracy_counts_threshold_half() {
        close(
            accuracy(&[0.9, 0.5, 0.49, 0.1], &[true, true, true, false]),
            0.75,
        );
        assert_eq!(accuracy(&[], &[]), None);
    }

    #[test]
    fn roc_auc_perfect_and_reversed() {
        let y = [false, false, true, true];
        close(roc_auc(&[0.1, 0.2, 0.8, 0.9], &y), 1.0);
        close(roc_auc(&[0.9, 0.8, 0.2, 0.1], &y), 0.0);
    }

    #[test]
    fn roc_auc_hand_checked_with_ties() {
        // Pairs (pos, neg): pos 0.8 beats 0.1 and ties 0.8 (½); pos 0.4 beats 0.1, loses to 0.8.
        // (1 + 0.5 + 1 + 0) / 4 = 0.625
        let scores = [0.8, 0.4, 0.1, 0.8];
        let y = [true, true, false, false];
        close(roc_auc(&scores, &y), 0.625);
        // All scores tied: 0.5.
        close(roc_auc(&[0.3; 4], &y), 0.5);
    }

    #[test]
    fn roc_auc_undefined_with_one_class() {
        assert_eq!(roc_auc(&[0.1, 0.2], &[true, true]), None);
    }

    #[test]
    fn average_precision_matches_scikit_learn() {
        // sklearn.metrics.average_precision_score([0,0,1,1], [0.1,0.4,0.35,0.8]) = 0.8333…
        close(
            pr_auc(&[0.1, 0.4, 0.35, 0.8], &[false, false, true, true]),
            5.0 / 6.0,
        );
        // With a tie between a positive and a negative at the top: precision 1/2 at recall 1/2,
        // then 2/3 at recall 1: AP = 0.5·0.5 + 0.5·(2/3) = 0.58333…
        close(
            pr_auc(&[0.9, 0.9, 0.5], &[true, false, true]),
            0.5 * 0.5 + 0.5 * 2.0 / 3.0,
        );
        assert_eq!(pr_auc(&[0.2, 0.3], &[false, false]), None);
    }

    #[test]
    fn curves_start_and_end_right() {
        let scores = [0.1, 0.4, 0.35, 0.8];
        let y = [false, false, true, true];
        let roc = roc_curve(&scores, &y).unwrap();
        assert_eq!(roc.first().unwrap(), &CurvePoint { x: 0.0, y: 0.0 });
        assert_eq!(roc.last().unwrap(), &CurvePoint { x: 1.0, y: 1.0 });
        assert_eq!(roc.len(), 5);
        assert_eq!(roc[1], CurvePoint { x: 0.0, y: 0.5 });
        let pr = pr_curve(&scores, &y).unwrap();
        assert_eq!(pr[0], CurvePoint { x: 0.5, y: 1.0 });
        assert_eq!(pr.last().unwrap(), &CurvePoint { x: 1.0, y: 0.5 });
        // Held-out positives only (a CSV without a truth column): no curve.
        assert_eq!(roc_curve(&scores, &[true; 4]), None);
        assert_eq!(pr_curve(&scores, &[true; 4]), None);
    }

    #[test]
    fn thinning_keeps_ends() {
        let curve: Vec<CurvePoint> = (0..101)
            .map(|i| CurvePoint {
                x: i as f64,
                y: 0.0,
            })
            .collect();
        let thin = thin_curve(&curve, 11);
        assert_eq!(thin.len(), 11);
        assert_eq!(thin[0].x, 0.0);
        assert_eq!(thin[10].x, 100.0);
        assert_eq!(thin[5].x, 50.0);
    }
}
