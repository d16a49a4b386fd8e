//! The model `auto` keeps: the mean of the probabilities of the candidates
//! its leaderboard ranks first. On two development sets no reported table
//! uses, the mean of the first three was more accurate than the first alone
//! (`results/dev-ensemble.md`; the rule was written before the runs), and
//! on a validation split with too few labeled rows to rank by, the mean of
//! all ([`crate::selection::scores::FEW_LABELED`]).

use crate::report::{Averaged, Curves, PuMetrics, TestMetrics, TestScores};

/// How many of the ranked candidates `auto` averages.
pub const AVERAGED: usize = 3;

/// The row-by-row mean of a model's members' probabilities on the same rows:
/// weighted by `weights` (each member's share, in order) where the model
/// has them, else [`mean_probabilities`].
pub fn members_mean<S: AsRef<[f32]>>(each: &[S], weights: Option<&[f64]>) -> Vec<f32> {
    let Some(weights) = weights else {
        return mean_probabilities(each);
    };
    let Some(rows) = each.iter().map(|p| p.as_ref().len()).min() else {
        return Vec::new();
    };
    (0..rows)
        .map(|i| {
            let sum: f64 = each
                .iter()
                .zip(weights)
                .map(|(p, w)| f64::from(p.as_ref()[i]) * w)
                .sum();
            sum as f32
        })
        .collect()
}

/// The row-by-row mean of several classifiers' probabilities on the same
/// rows; empty without a classifier. Rows beyond the shortest are dropped.
pub fn mean_probabilities<S: AsRef<[f32]>>(each: &[S]) -> Vec<f32> {
    let Some(rows) = each.iter().map(|p| p.as_ref().len()).min() else {
        return Vec::new();
    };
    let n = each.len() as f32;
    (0..rows)
        .map(|i| each.iter().map(|p| p.as_ref()[i]).sum::<f32>() / n)
        .collect()
}

/// auto's model of the candidates `members` (positions among the candidates
/// as trained, in the mean's order: `Leaderboard::member_positions`), scored from their
/// test-set probabilities (`scores[i]` is candidate `i`'s); `None` without a
/// member or when a member's probabilities are missing. Without a truth
/// column (the members then kept their probabilities on U) it has its
/// PU-only figures under `prior` too, and its accuracy is the recall on the
/// held-out positives.
pub fn averaged(
    members: Vec<usize>,
    scores: &[Option<&TestScores>],
    prior: Option<f64>,
) -> Option<Averaged> {
    let runs: Vec<&TestScores> = members
        .iter()
        .map(|&i| scores.get(i).copied().flatten())
        .collect::<Option<_>>()?;
    let labels = runs.first()?.labels();
    let mean_of = |pick: fn(&TestScores) -> &[f32]| {
        mean_probabilities(&runs.iter().map(|r| pick(r)).collect::<Vec<_>>())
    };
    let metrics = |test: fn(&TestScores) -> &[f32], unlabeled: fn(&TestScores) -> &[f32]| {
        let mean = mean_of(test);
        let mut metrics = match labels.is_empty() {
            true => TestMetrics::default(),
            false => TestMetrics::of(&mean, &labels),
        };
        // The members kept their probabilities on U only without a truth
        // column (`TestScores::kept_unlabeled`); `of` is None without them.
        metrics.pu = PuMetrics::of(&mean, &mean_of(unlabeled), prior);
        metrics
    };
    Some(Averaged {
        kept: metrics(|r| &r.kept, |r| &r.kept_unlabeled),
        last: metrics(|r| &r.last, |r| &r.last_unlabeled),
        curves: Curves::of(&mean_of(|r| &r.kept), &labels),
        members,
        refitted: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_row_by_row() {
        let each = [
            vec![0.9, 0.2, 0.4],
            vec![0.3, 0.2, 0.7],
            vec![0.6, 0.5, 0.1],
        ];
        let mean = mean_probabilities(&each);
        let expected = [0.6, 0.3, 0.4];
        assert!(
            mean.iter().zip(expected).all(|(m, e)| (m - e).abs() < 1e-6),
            "{mean:?}"
        );
        assert_eq!(mean_probabilities(&[vec![0.25_f32]]), [0.25]);
        assert!(mean_probabilities::<Vec<f32>>(&[]).is_empty());
        assert_eq!(members_mean(&each, None), mean);
        // A member with half the weight of each of the others.
        let weighted = members_mean(&each, Some(&[0.4, 0.4, 0.2]));
        let expected = [0.6, 0.26, 0.46];
        assert!(
            weighted
                .iter()
                .zip(expected)
                .all(|(m, e)| (m - e).abs() < 1e-6),
            "{weighted:?}"
        );
    }

    fn scores(kept: [f32; 4], truth: &str) -> TestScores {
        TestScores {
            kept: kept.to_vec(),
            last: vec![0.9; 4],
            truth: truth.into(),
            kept_unlabeled: Vec::new(),
            last_unlabeled: Vec::new(),
        }
    }

    #[test]
    fn auto_s_model_is_scored_as_the_mean_of_its_first_three() {
        let runs = [
            scores([1.0, 0.5, 0.5, 0.0], "1100"),
            scores([0.5, 0.25, 0.5, 0.0], "1100"),
            scores([0.75, 0.0, 0.5, 0.75], "1100"),
            scores([0.0, 0.0, 1.0, 1.0], "1100"),
        ];
        let all: Vec<Option<&TestScores>> = runs.iter().map(Some).collect();
        let mean = averaged(vec![2, 0, 1], &all, None).unwrap();
        assert_eq!(mean.members, [2, 0, 1]);
        // Means of candidates 2, 0 and 1: 0.75, 0.25, 0.5, 0.25 for classes
        // 1, 1, 0, 0: rows 1 and 4 right at 0.5; of the four positive-negative
        // pairs two are ordered, one tied and one reversed.
        assert_eq!(mean.kept.accuracy, Some(0.5));
        assert_eq!(mean.kept.roc_auc, Some(0.625));
        assert_eq!(mean.last.accuracy, Some(0.5));
        // Its curves are the mean's: from the corner to the corner through
        // the tie between a positive and the two negatives at 0.25.
        let truth = [true, true, false, false];
        assert_eq!(mean.curves, Curves::of(&[0.75, 0.25, 0.5, 0.25], &truth));
        assert_ne!(mean.curves, Curves::of(&[1.0, 0.5, 0.5, 0.0], &truth));
        assert!(!mean.curves.roc.is_empty() && !mean.curves.pr.is_empty());
        // The fourth candidate is not a member: its missing scores do not matter.
        let without_fourth = [all[0], all[1], all[2], None];
        assert_eq!(averaged(vec![2, 0, 1], &without_fourth, None), Some(mean));
        // A member's missing scores leave nothing to score.
        assert_eq!(
            averaged(vec![2, 0, 1], &[all[0], None, all[2], all[3]], None),
            None
        );
        // No test set: nothing to show.
        let empty = scores([0.9; 4], "");
        let none = averaged(vec![0], &[Some(&empty)], None).unwrap();
        assert_eq!(none.kept, TestMetrics::default());
        assert_eq!(none.curves, Curves::default());
    }

    #[test]
    fn without_negatives_the_mean_has_a_recall_and_pu_only_figures() {
        let member = |kept: [f32; 4], unlabeled: [f32; 4]| TestScores {
            kept_unlabeled: unlabeled.to_vec(),
            ..scores(kept, "1111")
        };
        let runs = [
            member([0.9, 0.6, 0.2, 0.8], [0.9, 0.1, 0.6, 0.2]),
            member([0.7, 0.2, 0.4, 0.8], [0.6, 0.2, 0.1, 0.1]),
            member([0.8, 0.4, 0.3, 0.2], [0.6, 0.0, 0.5, 0.3]),
        ];
        let all: Vec<Option<&TestScores>> = runs.iter().map(Some).collect();
        let mean = averaged(vec![0, 1, 2], &all, Some(0.3)).unwrap();
        // Means on the held-out positives 0.8, 0.4, 0.3, 0.6: recall 1/2;
        // on U 0.7, 0.1, 0.4, 0.2: q = 1/4 called positive.
        assert_eq!(mean.kept.accuracy, Some(0.5));
        assert_eq!(mean.kept.roc_auc, None);
        let pu = mean.kept.pu.expect("PU-only figures");
        assert_eq!(
            (pu.positives, pu.recall, pu.u_positive_rate),
            (4, 0.5, 0.25)
        );
        // π r / q = 0.3 · 0.5 / 0.25; 1 − π − q + 2π r = 1 − 0.3 − 0.25 + 0.3.
        assert!((pu.precision.unwrap() - 0.6).abs() < 1e-9);
        assert!((pu.accuracy.unwrap() - 0.75).abs() < 1e-9);
        // The last epochs' probabilities on U are missing: their recall alone.
        assert_eq!((mean.last.accuracy, mean.last.pu), (Some(1.0), None));
    }
}
