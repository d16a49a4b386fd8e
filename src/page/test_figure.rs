//! The test figures the page's comparison of runs tabulates and charts. A
//! run with a truth column has accuracy, ROC-AUC and PR-AUC; a run without
//! one tests on held-out labeled positives alone, so it has what
//! [`PuMetrics`] can measure with no negative instead. A run's figures are
//! one set or the other, never both: without a truth column its accuracy is
//! the recall, shown under that name.

use crate::report::{PuMetrics, TestMetrics};

/// One test figure a finished run can be compared by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestFigure {
    /// Area under the ROC curve.
    RocAuc,
    /// Accuracy at 0.5.
    Accuracy,
    /// Average precision.
    PrAuc,
    /// Without a truth column: the share of held-out positives called positive.
    Recall,
    /// Without a truth column: the share of U called positive.
    UPositiveShare,
    /// Without a truth column: Lee and Liu's r²/q.
    LeeLiu,
    /// Without a truth column: the accuracy on U the run's class prior implies.
    UAccuracy,
}

impl TestFigure {
    /// A test set with both classes, in the paper's table order.
    pub const WITH_TRUTH: [TestFigure; 3] = [Self::RocAuc, Self::Accuracy, Self::PrAuc];

    /// A test set of held-out labeled positives alone (no truth column).
    pub const WITHOUT_TRUTH: [TestFigure; 4] = [
        Self::Recall,
        Self::UPositiveShare,
        Self::LeeLiu,
        Self::UAccuracy,
    ];

    /// Its name, as a table heading or a score's label.
    pub fn name(self) -> &'static str {
        match self {
            Self::RocAuc => "ROC-AUC",
            Self::Accuracy => "Acc",
            Self::PrAuc => "PR-AUC",
            Self::Recall => PuMetrics::RECALL_NAME,
            Self::UPositiveShare => "share of U called positive",
            Self::LeeLiu => "Lee–Liu r²/q",
            Self::UAccuracy => "accuracy on U, estimated",
        }
    }

    /// Whether the highest value among runs is the best one, to be marked.
    /// Not for the recall or the share of U called positive (calling every
    /// row positive raises both), nor for the accuracy on U, which each run
    /// estimates with its own class prior.
    pub fn higher_is_better(self) -> bool {
        !matches!(self, Self::Recall | Self::UPositiveShare | Self::UAccuracy)
    }

    /// This figure of `test`, where `test` has it.
    pub fn of(self, test: &TestMetrics) -> Option<f64> {
        let pu = test.pu.as_ref();
        match self {
            // Without a truth column the accuracy is the recall, named so.
            Self::Accuracy => test.accuracy.filter(|_| pu.is_none()),
            Self::RocAuc => test.roc_auc,
            Self::PrAuc => test.pr_auc,
            Self::Recall => pu.map(|m| m.recall),
            Self::UPositiveShare => pu.map(|m| m.u_positive_rate),
            Self::LeeLiu => pu.and_then(|m| m.lee_liu),
            Self::UAccuracy => pu.and_then(|m| m.accuracy),
        }
    }

    /// The figures to compare runs whose kept test sets are `tests` by:
    /// those of a truth column where any run has one, those without where
    /// any run has none (both for a mix), the first set when no run scored
    /// a test set.
    pub fn for_tests<'a>(tests: impl IntoIterator<Item = &'a TestMetrics>) -> Vec<TestFigure> {
        let (mut with, mut without) = (false, false);
        for test in tests {
            if test.pu.is_some() {
                without = true;
            } else if test.accuracy.is_some() {
                with = true;
            }
        }
        let mut figures = Vec::new();
        if with || !without {
            figures.extend(Self::WITH_TRUTH);
        }
        if without {
            figures.extend(Self::WITHOUT_TRUTH);
        }
        figures
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_truth() -> TestMetrics {
        TestMetrics {
            accuracy: Some(0.9),
            roc_auc: Some(0.95),
            pr_auc: Some(0.94),
            pu: None,
        }
    }

    /// Held-out positives alone: 3 of 4 recalled, half of U called
    /// positive, π = 0.4.
    fn without_truth() -> TestMetrics {
        let positives = [0.9, 0.8, 0.7, 0.1];
        let u = [0.9, 0.6, 0.2, 0.1];
        let pu = PuMetrics::of(&positives, &u, Some(0.4));
        TestMetrics {
            accuracy: Some(0.75),
            roc_auc: None,
            pr_auc: None,
            pu,
        }
    }

    #[test]
    fn runs_with_a_truth_column_are_compared_by_the_papers_figures() {
        let tests = [with_truth(), with_truth()];
        assert_eq!(
            TestFigure::for_tests(&tests),
            TestFigure::WITH_TRUTH.to_vec()
        );
        assert_eq!(TestFigure::Accuracy.of(&tests[0]), Some(0.9));
        assert_eq!(TestFigure::Recall.of(&tests[0]), None);
    }

    #[test]
    fn runs_without_one_are_compared_by_what_positives_and_u_measure() {
        let tests = [without_truth()];
        assert_eq!(
            TestFigure::for_tests(&tests),
            TestFigure::WITHOUT_TRUTH.to_vec()
        );
        let test = &tests[0];
        assert_eq!(TestFigure::Recall.of(test), Some(0.75));
        assert_eq!(TestFigure::UPositiveShare.of(test), Some(0.5));
        assert_eq!(TestFigure::LeeLiu.of(test), Some(0.75 * 0.75 / 0.5));
        // 1 − π − q + 2π·r = 1 − 0.4 − 0.5 + 0.6
        let accuracy = TestFigure::UAccuracy.of(test).unwrap();
        assert!((accuracy - 0.7).abs() < 1e-12, "{accuracy}");
        // Its accuracy is the recall: not shown as an accuracy.
        assert_eq!(TestFigure::Accuracy.of(test), None);
        assert_eq!(TestFigure::RocAuc.of(test), None);
    }

    #[test]
    fn a_mix_shows_both_sets_and_no_test_shows_the_first() {
        let mix = [with_truth(), without_truth()];
        let both: Vec<_> = TestFigure::WITH_TRUTH
            .into_iter()
            .chain(TestFigure::WITHOUT_TRUTH)
            .collect();
        assert_eq!(TestFigure::for_tests(&mix), both);
        let none = [TestMetrics::default()];
        assert_eq!(
            TestFigure::for_tests(&none),
            TestFigure::WITH_TRUTH.to_vec()
        );
        assert_eq!(TestFigure::for_tests(&[]), TestFigure::WITH_TRUTH.to_vec());
    }

    #[test]
    fn only_figures_that_rank_runs_mark_a_best() {
        let ranking: Vec<_> = TestFigure::WITH_TRUTH
            .into_iter()
            .chain(TestFigure::WITHOUT_TRUTH)
            .filter(|f| f.higher_is_better())
            .collect();
        assert_eq!(
            ranking,
            [
                TestFigure::RocAuc,
                TestFigure::Accuracy,
                TestFigure::PrAuc,
                TestFigure::LeeLiu
            ]
        );
    }
}
