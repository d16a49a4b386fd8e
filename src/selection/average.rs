//! The model `auto` keeps: the mean of the probabilities of the candidates
//! its leaderboard ranks first. On two development sets no reported table
//! uses, the mean of the first three was more accurate than the first alone
//! (`results/dev-ensemble.md`; the rule was written before the runs).

use serde::{Deserialize, Serialize};

use super::auto::Leaderboard;
use crate::report::{TestMetrics, TestScores};

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

/// The model `auto` kept and its test metrics, which no choice read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Averaged {
    /// Its members: their positions among the candidates as trained, best first.
    pub members: Vec<usize>,
    /// The test metrics of the mean of the members' kept classifiers
    /// (none where the test set lacks a class).
    pub kept: TestMetrics,
    /// The same for the mean of their last epochs' classifiers.
    pub last: TestMetrics,
}

impl Averaged {
    /// The members of `board`, scored from their candidates' test-set
    /// probabilities (`scores[i]` is candidate `i`'s); `None` without a
    /// member or when a member's probabilities are missing.
    pub fn of(board: &Leaderboard, scores: &[Option<&TestScores>]) -> Option<Averaged> {
        let members: Vec<usize> = board.members().iter().map(|s| s.candidate).collect();
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

    /// A leaderboard of four candidates ranked 2, 0, 1, 3.
    fn board() -> Leaderboard {
        use super::super::auto::Standing;
        use crate::config::{Learner, ModelPreset};
        let standing = |candidate: usize, value: f64| Standing {
            candidate,
            learner: Learner::BiasedPu,
            model: ModelPreset::Fast,
            epoch: Some(1),
            validation: None,
            value: Some(value),
            test: TestMetrics::default(),
        };
        Leaderboard {
            criterion: super::super::Criterion::LuAuc,
            prior: None,
            standings: vec![
                standing(2, 0.9),
                standing(0, 0.8),
                standing(1, 0.7),
                standing(3, 0.6),
            ],
        }
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
        let averaged = Averaged::of(&board(), &all).unwrap();
        assert_eq!(averaged.members, [2, 0, 1]);
        // Means of candidates 2, 0 and 1: 0.75, 0.25, 0.5, 0.25 for classes
        // 1, 1, 0, 0: rows 1 and 4 right at 0.5; of the four positive-negative
        // pairs two are ordered, one tied and one reversed.
        assert_eq!(averaged.kept.accuracy, Some(0.5));
        assert_eq!(averaged.kept.roc_auc, Some(0.625));
        assert_eq!(averaged.last.accuracy, Some(0.5));
        // The fourth candidate is not a member: its missing scores do not matter.
        let without_fourth = [all[0], all[1], all[2], None];
        assert_eq!(Averaged::of(&board(), &without_fourth), Some(averaged));
        // A member's missing scores leave nothing to score.
        assert_eq!(
            Averaged::of(&board(), &[all[0], None, all[2], all[3]]),
            None
        );
        // Held-out positives alone: no accuracy or AUC to show.
        let positives = [
            scores([0.9; 4], "1111"),
            scores([0.9; 4], "1111"),
            scores([0.9; 4], "1111"),
        ];
        let only: Vec<Option<&TestScores>> = positives.iter().map(Some).collect();
        let blind = Averaged::of(&board(), &only).unwrap();
        assert_eq!(blind.kept, TestMetrics::default());
    }
}
