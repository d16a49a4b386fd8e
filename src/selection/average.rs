//! The model `auto` keeps: the mean of the probabilities of the candidates
//! its leaderboard ranks first. On two development sets no reported table
//! uses, the mean of the first three was more accurate than the first alone
//! (`results/dev-ensemble.md`; the rule was written before the runs).

use crate::report::{Averaged, TestMetrics, TestScores};

/// How many of the ranked candidates `auto` averages.
pub const AVERAGED: usize = 3;

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
/// as trained, best first: `Leaderboard::member_positions`), scored from their
/// test-set probabilities (`scores[i]` is candidate `i`'s); `None` without a
/// member or when a member's probabilities are missing.
pub fn averaged(members: Vec<usize>, scores: &[Option<&TestScores>]) -> Option<Averaged> {
    let runs: Vec<&TestScores> = members
        .iter()
        .map(|&i| scores.get(i).copied().flatten())
        .collect::<Option<_>>()?;
    let labels = runs.first()?.labels();
    let metrics = |pick: fn(&TestScores) -> &[f32]| {
        let each: Vec<&[f32]> = runs.iter().map(|r| pick(r)).collect();
        match labels.contains(&true) && labels.contains(&false) {
            true => TestMetrics::of(&mean_probabilities(&each), &labels),
            false => TestMetrics::default(),
        }
    };
    Some(Averaged {
        kept: metrics(|r| &r.kept),
        last: metrics(|r| &r.last),
        members,
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
    }

    fn scores(kept: [f32; 4], truth: &str) -> TestScores {
        TestScores {
            kept: kept.to_vec(),
            last: vec![0.9; 4],
            truth: truth.into(),
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
        let mean = averaged(vec![2, 0, 1], &all).unwrap();
        assert_eq!(mean.members, [2, 0, 1]);
        // Means of candidates 2, 0 and 1: 0.75, 0.25, 0.5, 0.25 for classes
        // 1, 1, 0, 0: rows 1 and 4 right at 0.5; of the four positive-negative
        // pairs two are ordered, one tied and one reversed.
        assert_eq!(mean.kept.accuracy, Some(0.5));
        assert_eq!(mean.kept.roc_auc, Some(0.625));
        assert_eq!(mean.last.accuracy, Some(0.5));
        // The fourth candidate is not a member: its missing scores do not matter.
        let without_fourth = [all[0], all[1], all[2], None];
        assert_eq!(averaged(vec![2, 0, 1], &without_fourth), Some(mean));
        // A member's missing scores leave nothing to score.
        assert_eq!(
            averaged(vec![2, 0, 1], &[all[0], None, all[2], all[3]]),
            None
        );
        // Held-out positives alone: no accuracy or AUC to show.
        let positives = [
            scores([0.9; 4], "1111"),
            scores([0.9; 4], "1111"),
            scores([0.9; 4], "1111"),
        ];
        let only: Vec<Option<&TestScores>> = positives.iter().map(Some).collect();
        let blind = averaged(vec![2, 0, 1], &only).unwrap();
        assert_eq!(blind.kept, TestMetrics::default());
    }
}
