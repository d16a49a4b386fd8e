//! `auto`: choosing the learner, not only the epoch, on PU data alone. It
//! trains its candidates (the learner table's `auto` row) on one split, each
//! keeping its own best epoch, and ranks the kept classifiers by one PU-only
//! criterion on the shared validation split: a [`Leaderboard`]. It keeps the
//! mean of the first few, or of all where the split has too few labeled rows
//! to rank by or none to score with ([`Leaderboard::members`],
//! [`average`]). The
//! test set, where there is one, is shown beside the ranking and never read
//! by it.
//!
//! The scores that need the class prior (proxy accuracy, the PU risks, and
//! the mean's PU figures) are computed for every candidate under one prior
//! (`assumed_prior`): the one every prior-free run of the data shows (on a
//! CSV file the default estimate, min(KM2, BBE), or the π the settings
//! give), else KM2's estimate that the candidate KM2+nnPU trained with. A
//! criterion that needs it falls back to the labeled-vs-unlabeled AUC, which
//! needs none, where there is none.

pub mod average;
pub mod refit;

use serde::{Deserialize, Serialize};

use crate::config::{Learner, ModelPreset, PriorNeed, RunConfig, Stage};
use crate::priors::PriorMethod;
use crate::report::{EpochReport, PriorSource, PriorUsed, PuMetrics, TestMetrics, kept_report};
use crate::saved_model::Member;
use crate::selection::scores::FEW_LABELED;
use crate::selection::{Criterion, ValidationScores, improves};
use crate::user_text::{counted, mean_of};
use average::AVERAGED;

/// The estimator of the candidate whose prior auto assumes where none of its
/// prior-free candidates carries one (`assumed_prior`): KM2+nnPU's.
pub const FALLBACK_ESTIMATOR: PriorMethod = PriorMethod::Km2;

/// The prior auto's leaderboard and its mean's PU figures assume, from its
/// candidates (each its learner and prior, in the order trained): that of
/// the first candidate that trains without a prior of its own and carries
/// one, which is the prior every such run of the data shows (the π the
/// settings give, or on a CSV file the default estimate,
/// `priors::DEFAULT_ESTIMATOR`); where none carries one (the built-in
/// images, whose prior-free runs estimate none when the cell knows its
/// own), the estimate of the candidate whose estimator is
/// [`FALLBACK_ESTIMATOR`]; none where neither ran.
fn assumed_prior<T>(candidates: impl IntoIterator<Item = (Learner, Option<T>)>) -> Option<T> {
    let mut fallback = None;
    for (learner, prior) in candidates {
        let Some(prior) = prior else { continue };
        match learner.spec().prior {
            PriorNeed::None => return Some(prior),
            PriorNeed::Estimated(method) if method == FALLBACK_ESTIMATOR => {
                fallback.get_or_insert(prior);
            }
            _ => {}
        }
    }
    fallback
}

/// auto's prior (`assumed_prior`) as its run file reports it, marked as
/// one auto itself does not train with; none where no candidate had one.
pub fn ranking_prior<'a>(
    candidates: impl IntoIterator<Item = (Learner, Option<&'a PriorUsed>)>,
) -> Option<PriorUsed> {
    assumed_prior(candidates).map(|prior| PriorUsed {
        learner_uses: false,
        ..prior.clone()
    })
}

/// auto's prior ([`ranking_prior`]) in one sentence, for the CLI and the
/// page: the one its PU figures assume, which auto itself does not train
/// with, and whose it is.
pub fn prior_sentence(prior: &PriorUsed) -> String {
    prior.sentence_with(&format!(
        " auto trains with no prior of its own: its mean's estimates of precision and accuracy \
         on U use this one, {}.",
        prior_whose(prior)
    ))
}

/// Whose estimate auto's prior is: "the one its KM2+nnPU candidate trains
/// with" (the built-in images), or "the one its candidates that train
/// without a prior show too".
pub fn prior_whose(prior: &PriorUsed) -> String {
    let fallback = Learner::Auto
        .spec()
        .candidates
        .iter()
        .map(|c| c.learner)
        .find(|l| l.prior_estimator() == Some(FALLBACK_ESTIMATOR));
    match (prior.source, fallback) {
        (PriorSource::Estimated(method), Some(learner)) if method == FALLBACK_ESTIMATOR => {
            format!("the one its {} candidate trains with", learner.name())
        }
        _ => "the one its candidates that train without a prior show too".to_string(),
    }
}

/// The criterion `auto` ranks its candidates by: the call gap, the share of
/// labeled minus the share of unlabeled validation rows called positive,
/// which ranks by balanced accuracy and needs no prior. U's share of
/// positives is how the training sample was drawn, not the data a
/// classifier will score (the paper's test set stays while ρ in U goes from
/// 0.3 to 0.7; a CSV's test rows keep the positives U lost to L), and the
/// proxy accuracy, ranked by before, weighs the two kinds of error by it.
/// It replaced the proxy accuracy after a study on development sets no
/// reported table uses, confirmed on more runs (`scripts/results.sh
/// ranking`, rules in commits b955832 and deecc25; docs/results.md,
/// "Development study").
pub const AUTO_CRITERION: Criterion = Criterion::CallGap;

/// The runs `auto` trains for `config`: one per candidate, each the same
/// settings (data, split, seed, epochs) with the candidate's learner and preset.
pub fn candidate_configs(config: &RunConfig) -> Vec<RunConfig> {
    Learner::Auto
        .spec()
        .candidates
        .iter()
        .map(|candidate| RunConfig {
            learner: candidate.learner,
            model: candidate.model.unwrap_or(config.model),
            ..config.clone()
        })
        .collect()
}

/// One candidate's place on the leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// Its position among the candidates as trained (0 = first).
    pub candidate: usize,
    /// Its learner.
    pub learner: Learner,
    /// Its model preset.
    pub model: ModelPreset,
    /// The epoch it kept, counted within its stage.
    pub epoch: Option<usize>,
    /// The stage of that epoch: its own training, or Dist-PU's warm-up.
    #[serde(default = "own_training")]
    pub stage: Stage,
    /// Its kept epoch's PU-only scores, under the leaderboard's prior.
    pub validation: Option<ValidationScores>,
    /// The value the ranking read (higher is better), if it has one.
    pub value: Option<f64>,
    /// Its kept epoch's test-set scores: shown, never used to rank.
    pub test: TestMetrics,
}

impl Standing {
    /// "KM2+nnPU (linear)", or the learner's name on the run's own preset.
    pub fn label(&self, own: ModelPreset) -> String {
        let member = Member {
            learner: self.learner,
            model: self.model,
        };
        member.label(own)
    }

    /// Its kept epoch as a leaderboard writes it: "12" for an epoch of its
    /// training, "warm-up 4" for one of another stage, "n/a" where it kept none.
    pub fn kept_epoch(&self) -> String {
        match (self.epoch, self.stage) {
            (None, _) => "n/a".to_string(),
            (Some(epoch), Stage::Train) => epoch.to_string(),
            (Some(epoch), stage) => format!("{} {epoch}", stage.label()),
        }
    }
}

/// The stage a leaderboard read without one names: the learner's training.
fn own_training() -> Stage {
    Stage::Train
}

/// The test-set figures a leaderboard shows beside its ranking, which never
/// reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TestColumns {
    /// No test set was scored.
    None,
    /// A test set of held-out labeled positives alone (no truth column): the
    /// share of them each candidate calls positive.
    Recall,
    /// A test set with both classes: accuracy and ROC-AUC.
    Scores,
}

impl TestColumns {
    /// The headings of the columns, in order.
    pub fn headings(self) -> &'static [&'static str] {
        match self {
            Self::None => &[],
            Self::Recall => &[PuMetrics::RECALL_NAME],
            Self::Scores => &["test accuracy", "test ROC-AUC"],
        }
    }

    /// The figures of `test` under those headings.
    pub fn values(self, test: &TestMetrics) -> Vec<Option<f64>> {
        match self {
            Self::None => Vec::new(),
            Self::Recall => vec![test.accuracy],
            Self::Scores => vec![test.accuracy, test.roc_auc],
        }
    }
}

/// `auto`'s candidates, best first, and what ranked them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    /// The criterion that ranked them (the asked one, or the L-vs-U AUC
    /// where it needed a prior and none was estimated).
    pub criterion: Criterion,
    /// The class prior every candidate's scores assume.
    pub prior: Option<f64>,
    /// Every candidate, best first; a candidate without a value comes last.
    pub standings: Vec<Standing>,
}

impl Leaderboard {
    /// Rank the candidate runs `runs` (each its settings and epoch reports,
    /// in the order trained) by `criterion`.
    pub fn rank(runs: &[(&RunConfig, &[EpochReport])], criterion: Criterion) -> Leaderboard {
        let prior = assumed_prior(runs.iter().map(|(config, reports)| {
            let kept = kept_report(reports, config.criterion());
            (
                config.learner,
                kept.and_then(|r| r.validation.as_ref())
                    .and_then(|v| v.prior),
            )
        }));
        let criterion = if criterion.needs_prior() && prior.is_none() {
            Criterion::LuAuc
        } else {
            criterion
        };
        let mut standings: Vec<Standing> = runs
            .iter()
            .enumerate()
            .map(|(candidate, (config, reports))| {
                let kept = kept_report(reports, config.criterion());
                let validation = kept
                    .and_then(|r| r.validation.as_ref())
                    .map(|v| v.with_prior(prior));
                Standing {
                    candidate,
                    learner: config.learner,
                    model: config.model,
                    epoch: kept.map(|r| r.epoch),
                    stage: kept.map_or(Stage::Train, |r| r.stage),
                    value: validation.as_ref().and_then(|v| criterion.value(v)),
                    validation,
                    test: kept.map(|r| r.test.clone()).unwrap_or_default(),
                }
            })
            .collect();
        // Stable: among equal values the candidate trained first stays first.
        standings.sort_by(|a, b| match (a.value, b.value) {
            (Some(x), Some(y)) => y.total_cmp(&x),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
        Leaderboard {
            criterion,
            prior,
            standings,
        }
    }

    /// The first of auto's members: the candidate ranked first, or the first
    /// trained where none could be ranked ([`Leaderboard::unranked`]).
    pub fn chosen(&self) -> Option<&Standing> {
        self.members().into_iter().next()
    }

    /// The place (1 = first) of the candidate at position `index` of the
    /// standings, when the ranking had a value for it and the split enough
    /// labeled rows to rank by ([`Leaderboard::too_few_labeled`]); `None`:
    /// not ranked.
    pub fn place(&self, index: usize) -> Option<usize> {
        self.standings.get(index)?.value?;
        self.too_few_labeled().is_none().then_some(index + 1)
    }

    /// True when `standing` is one of the candidates auto's mean averages.
    pub fn is_member(&self, standing: &Standing) -> bool {
        self.members()
            .iter()
            .any(|m| m.candidate == standing.candidate)
    }

    /// The candidates whose mean `auto` keeps: the first [`AVERAGED`] that
    /// have a value, best first (fewer when fewer could be scored), or every
    /// one with a value where the split has too few labeled rows to rank by;
    /// where none could be scored ([`Leaderboard::unranked`]), every one that
    /// trained, in the order trained.
    pub fn members(&self) -> Vec<&Standing> {
        if self.unranked() {
            return self
                .standings
                .iter()
                .filter(|s| s.epoch.is_some())
                .collect();
        }
        let count = if self.too_few_labeled().is_some() {
            self.standings.len()
        } else {
            AVERAGED
        };
        self.standings
            .iter()
            .take_while(|s| s.value.is_some_and(|v| improves(v, None)))
            .take(count)
            .collect()
    }

    /// True when no candidate has a value to rank by: the validation split
    /// lacks labeled or unlabeled rows (a share of 0, or a file with too few
    /// labeled rows to give it one), so the candidates kept their last
    /// epochs and `auto` keeps the mean of all, the limit of
    /// [`Leaderboard::too_few_labeled`]'s rule.
    pub fn unranked(&self) -> bool {
        self.standings.iter().all(|s| s.value.is_none())
    }

    /// The note beside the criterion's column heading: "(ranks)" where its
    /// values ranked the candidates, "(not used to rank)" where auto keeps
    /// the mean of all instead ([`Leaderboard::unranked`],
    /// [`Leaderboard::too_few_labeled`]).
    pub fn criterion_note(&self) -> &'static str {
        if self.unranked() || self.too_few_labeled().is_some() {
            "(not used to rank)"
        } else {
            "(ranks)"
        }
    }

    /// The labeled rows of the validation split, when fewer than
    /// [`FEW_LABELED`]: too few to rank the candidates by, so `auto` keeps
    /// the mean of all.
    pub fn too_few_labeled(&self) -> Option<usize> {
        self.standings
            .iter()
            .find_map(|s| s.validation.as_ref())
            .map(|v| v.labeled)
            .filter(|&labeled| labeled < FEW_LABELED)
    }

    /// auto's own model in words: "the mean of A, B and C", or "the mean of
    /// all 11 candidates" where it averages every one.
    pub fn members_label(&self, own: ModelPreset) -> String {
        let members = self.members();
        let all = self.too_few_labeled().is_some() || self.unranked();
        if all && members.len() > AVERAGED {
            return format!("the mean of all {} candidates", members.len());
        }
        let names: Vec<String> = members.iter().map(|s| s.label(own)).collect();
        mean_of(&names)
    }

    /// The members' positions among the candidates as trained, best first.
    pub fn member_positions(&self) -> Vec<usize> {
        self.members().iter().map(|s| s.candidate).collect()
    }

    /// What the test set beside the ranking can show: see [`TestColumns`].
    pub fn test_columns(&self) -> TestColumns {
        let tests = || self.standings.iter().map(|s| &s.test);
        if tests().any(|t| t.roc_auc.is_some()) {
            TestColumns::Scores
        } else if tests().any(|t| t.accuracy.is_some()) {
            TestColumns::Recall
        } else {
            TestColumns::None
        }
    }

    /// What `auto` kept and why, in one or two sentences for the user.
    pub fn reason(&self, own: ModelPreset) -> String {
        let members = self.members();
        if members.is_empty() {
            return if self.standings.iter().all(|s| s.epoch.is_none()) {
                "No candidate trained an epoch, so none was chosen."
            } else {
                "No candidate's score on the PU validation split is a number, so none was chosen."
            }
            .into();
        }
        if self.unranked() {
            let kept = match members.as_slice() {
                [one] => format!("{} alone, at its last epoch", one.label(own)),
                _ => format!("{}, each at its last epoch", self.members_label(own)),
            };
            return format!(
                "auto keeps {kept}: the PU validation split has no labeled row or no \
                 unlabeled row (a validation share of 0, or too few labeled rows in the file \
                 to set one aside), so it can rank neither the candidates nor their epochs. \
                 As with fewer than {FEW_LABELED} labeled validation rows, auto then averages \
                 every candidate that trained; a larger validation share lets it rank. No \
                 test-set score was read to choose.",
            );
        }
        if let Some(labeled) = self.too_few_labeled().filter(|_| members.len() > 1) {
            return format!(
                "auto keeps {}: the PU validation split has only {}, too few to rank the \
                 candidates by the {} (each labeled row called positive or not moves it by \
                 {}). Under {FEW_LABELED} labeled rows auto averages every candidate it could \
                 score: on development tables that no reported result uses, that mean was \
                 more accurate than the mean of the first {AVERAGED}. A larger validation \
                 share lets it rank. No test-set score was read to choose.",
                self.members_label(own),
                counted(labeled, "labeled row"),
                self.criterion.label(),
                if labeled == 1 {
                    "all of 1".to_string()
                } else {
                    format!("1/{labeled}")
                },
            );
        }
        let prior = match (self.criterion.needs_prior(), self.prior) {
            (true, Some(pi)) => format!(", assuming the class prior π = {pi:.3}"),
            _ => String::new(),
        };
        let named: Vec<String> = members
            .iter()
            .map(|s| {
                let value = self.criterion.shown(s.value.unwrap_or(f64::NAN));
                format!("{} ({value:.3})", s.label(own))
            })
            .collect();
        let kept = match named.as_slice() {
            [one] => format!("{one} alone"),
            _ => mean_of(&named),
        };
        format!(
            "auto keeps {kept}: the candidates with the best {} on the PU validation \
             split{prior}. It averages their probabilities: on development tables kept apart \
             from every reported result, that mean was more accurate than the first candidate \
             alone on average, though not on every table. No test-set score was read to choose.",
            self.criterion.label(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::TestMetrics;

    /// One training epoch whose validation scores have these shares and prior.
    fn epoch(lu_auc: f64, called: (f64, f64), prior: Option<f64>, accuracy: f64) -> EpochReport {
        let scores = ValidationScores {
            labeled: 10,
            unlabeled: 30,
            lu_auc: Some(lu_auc),
            shares: Some(crate::selection::scores::ScoreShares {
                labeled_mean: called.0,
                unlabeled_mean: called.1,
                labeled_called: called.0,
                unlabeled_called: called.1,
            }),
            ..ValidationScores::default()
        };
        EpochReport {
            validation: Some(scores.with_prior(prior)),
            test: TestMetrics {
                accuracy: Some(accuracy),
                ..TestMetrics::default()
            },
            ..EpochReport::blank(Stage::Train, 1)
        }
    }

    #[test]
    fn candidates_are_the_tables_with_their_presets() {
        let configs = candidate_configs(&RunConfig::default());
        assert_eq!(configs.len(), Learner::Auto.spec().candidates.len());
        assert_eq!(configs[0].learner, Learner::Weighter);
        assert!(configs.iter().all(|c| !c.learner.is_auto() && c.seed == 1));
        assert!(configs.iter().any(|c| c.model == ModelPreset::Linear));
        assert!(
            configs
                .iter()
                .any(|c| c.learner.prior_estimator() == Some(FALLBACK_ESTIMATOR)),
            "on the images the ranking's prior comes from the candidate with the fallback estimator"
        );
    }

    /// The default settings with `learner`.
    fn with_learner(learner: Learner) -> RunConfig {
        RunConfig {
            learner,
            ..RunConfig::default()
        }
    }

    #[test]
    fn the_ranking_reads_the_candidates_prior_and_never_the_test_set() {
        let nnpu = with_learner(Learner::Km2NnPu);
        let biased = with_learner(Learner::BiasedPu);
        let weighter = RunConfig::default();
        // biased PU: best L-vs-U AUC, but calls few rows positive (r = 0.5, q = 0.1);
        // nnPU: r = 0.9, q = 0.5 under π = 0.5 → proxy 1 − 0.5 − 0.5 + 0.9 = 0.9.
        let runs_reports = [
            vec![epoch(0.90, (0.9, 0.5), Some(0.5), 0.10)],
            vec![epoch(0.95, (0.5, 0.1), None, 0.99)],
            vec![epoch(0.80, (0.6, 0.3), None, 0.50)],
        ];
        let runs: Vec<(&RunConfig, &[EpochReport])> = [&nnpu, &biased, &weighter]
            .into_iter()
            .zip(runs_reports.iter().map(Vec::as_slice))
            .collect();
        let board = Leaderboard::rank(&runs, Criterion::ProxyAccuracy);
        assert_eq!(board.prior, Some(0.5));
        assert_eq!(board.criterion, Criterion::ProxyAccuracy);
        let order: Vec<Learner> = board.standings.iter().map(|s| s.learner).collect();
        // biased PU: 1 − 0.5 − 0.1 + 0.5 = 0.9 ties nnPU, which was trained first;
        // the Weighter: 1 − 0.5 − 0.3 + 0.6 = 0.8.
        assert_eq!(
            order,
            [Learner::Km2NnPu, Learner::BiasedPu, Learner::Weighter]
        );
        let chosen = board.chosen().unwrap();
        assert!((chosen.value.unwrap() - 0.9).abs() < 1e-12);
        assert_eq!(
            chosen.test.accuracy,
            Some(0.10),
            "the test set is shown, not read"
        );
        let reason = board.reason(ModelPreset::Fast);
        assert!(
            reason.starts_with(
                "auto keeps the mean of KM2+nnPU (0.900), biased PU (0.900) and \
                 policyPU_weighter (0.800): the candidates with the best proxy accuracy"
            ),
            "{reason}"
        );
        assert!(reason.contains("π = 0.500"), "{reason}");
        assert!(
            reason.contains("that mean was more accurate than the first candidate alone"),
            "{reason}"
        );
        let members: Vec<usize> = board.members().iter().map(|s| s.candidate).collect();
        assert_eq!(members, [0, 1, 2]);
        // Where a prior-free candidate carries a prior (a CSV file's default
        // estimate), every candidate is scored under that one.
        let default_reports = [epoch(0.80, (0.6, 0.3), Some(0.2), 0.50)];
        let with_default: Vec<(&RunConfig, &[EpochReport])> =
            [runs[0], runs[1], (&weighter, &default_reports[..])].to_vec();
        let board = Leaderboard::rank(&with_default, Criterion::ProxyAccuracy);
        assert_eq!(board.prior, Some(0.2));
        // nnPU under π = 0.2: 1 − 0.2 − 0.5 + 2·0.2·0.9 = 0.66.
        let nnpu_value = board
            .standings
            .iter()
            .find(|s| s.candidate == 0)
            .unwrap()
            .value;
        assert!((nnpu_value.unwrap() - 0.66).abs() < 1e-12, "{nnpu_value:?}");
        // Without the nnPU there is no prior: the AUC ranks.
        let board = Leaderboard::rank(&runs[1..], Criterion::ProxyAccuracy);
        assert_eq!(board.criterion, Criterion::LuAuc);
        assert_eq!(board.standings[0].learner, Learner::BiasedPu);
        assert_eq!(board.standings[0].candidate, 0);
    }

    #[test]
    fn autos_prior_is_its_prior_free_candidates_else_km2s_and_none_without_either() {
        use crate::priors::DEFAULT_ESTIMATOR;
        let used = |method, rho| PriorUsed {
            source: PriorSource::Estimated(method),
            rho,
            true_rho: None,
            spread: Some(0.02),
            learner_uses: true,
        };
        let (default, km2) = (used(DEFAULT_ESTIMATOR, 0.3), used(FALLBACK_ESTIMATOR, 0.4));
        let tice = used(PriorMethod::Tice, 0.9);
        // A CSV file: the prior-free candidates carry the default estimate,
        // the one auto assumes though the KM2 candidate trained first.
        let csv = [
            (Learner::TiceNnPu, Some(&tice)),
            (Learner::Km2NnPu, Some(&km2)),
            (Learner::BiasedPu, Some(&default)),
            (Learner::Vpu, Some(&default)),
        ];
        let auto = ranking_prior(csv).unwrap();
        assert_eq!(
            (auto.source, auto.rho),
            (PriorSource::Estimated(DEFAULT_ESTIMATOR), 0.3)
        );
        assert_eq!(auto.spread, Some(0.02));
        assert!(!auto.learner_uses, "auto trains with no prior of its own");
        // The images: prior-free runs carry none, the KM2 candidate's is kept.
        let images = [
            (Learner::TiceNnPu, Some(&tice)),
            (Learner::BiasedPu, None),
            (Learner::Km2NnPu, Some(&km2)),
        ];
        assert_eq!(ranking_prior(images).map(|p| p.rho), Some(0.4));
        assert_eq!(ranking_prior([images[0], images[1]]), None);
        let sentence = prior_sentence(&auto);
        assert!(
            sentence.contains("estimated by min(KM2, BBE)")
                && sentence.contains(
                    "auto trains with no prior of its own: its mean's estimates of precision and \
                     accuracy on U use this one, the one its candidates that train without a \
                     prior show too."
                )
                && !sentence.contains("This learner"),
            "{sentence}"
        );
        let on_images = prior_sentence(&ranking_prior(images).unwrap());
        assert!(
            on_images.contains("estimated by KM2")
                && on_images.contains("use this one, the one its KM2+nnPU candidate trains with."),
            "{on_images}"
        );
    }

    #[test]
    fn the_call_gap_ranks_by_balanced_accuracy_without_a_prior() {
        let nnpu = with_learner(Learner::Km2NnPu);
        let biased = with_learner(Learner::BiasedPu);
        // Under π = 0.7 the proxy accuracy rewards calling labeled rows
        // positive 1.4 times as much as it charges for unlabeled ones:
        // nnPU 1 − 0.7 − 0.5 + 1.4·0.9 = 1.06, biased PU 1 − 0.7 − 0.05 + 1.4·0.5 = 0.95.
        // The call gap weighs both alike: nnPU 0.9 − 0.5 = 0.4, biased PU 0.5 − 0.05 = 0.45.
        let reports = [
            vec![epoch(0.90, (0.9, 0.5), Some(0.7), 0.5)],
            vec![epoch(0.90, (0.5, 0.05), None, 0.5)],
        ];
        let runs: Vec<(&RunConfig, &[EpochReport])> = [&nnpu, &biased]
            .into_iter()
            .zip(reports.iter().map(Vec::as_slice))
            .collect();
        let first = |c| Leaderboard::rank(&runs, c).standings[0].learner;
        assert_eq!(first(Criterion::ProxyAccuracy), Learner::Km2NnPu);
        assert_eq!(first(Criterion::CallGap), Learner::BiasedPu);
        let board = Leaderboard::rank(&runs, Criterion::CallGap);
        assert!((board.standings[0].value.unwrap() - 0.45).abs() < 1e-12);
        assert!(!board.reason(ModelPreset::Fast).contains("π ="));
        // Without the nnPU there is no prior, and the gap still ranks.
        let board = Leaderboard::rank(&runs[1..], Criterion::CallGap);
        assert_eq!(board.criterion, Criterion::CallGap);
    }

    #[test]
    fn auto_keeps_at_most_three_and_never_one_without_a_value() {
        let configs: Vec<RunConfig> = [
            Learner::Weighter,
            Learner::BiasedPu,
            Learner::Pmpu,
            Learner::Vpu,
        ]
        .into_iter()
        .map(with_learner)
        .collect();
        let scored = |auc: f64| vec![epoch(auc, (0.5, 0.5), None, 0.5)];
        let reports = [scored(0.7), scored(0.9), scored(0.8), scored(0.6)];
        let runs: Vec<(&RunConfig, &[EpochReport])> = configs
            .iter()
            .zip(reports.iter().map(Vec::as_slice))
            .collect();
        let board = Leaderboard::rank(&runs, Criterion::LuAuc);
        assert_eq!(board.member_positions(), [1, 2, 0]);
        // Only one candidate has epochs to score: it is kept alone.
        let empty: Vec<EpochReport> = Vec::new();
        let runs: Vec<(&RunConfig, &[EpochReport])> = vec![
            (&configs[0], empty.as_slice()),
            (&configs[1], reports[1].as_slice()),
        ];
        let board = Leaderboard::rank(&runs, Criterion::LuAuc);
        assert_eq!(board.members().len(), 1);
        let reason = board.reason(ModelPreset::Fast);
        assert!(
            reason.starts_with("auto keeps biased PU (0.900) alone"),
            "{reason}"
        );
    }

    #[test]
    fn too_few_labeled_rows_to_rank_by_keep_the_mean_of_every_scored_candidate() {
        let configs: Vec<RunConfig> = [
            Learner::Weighter,
            Learner::BiasedPu,
            Learner::Pmpu,
            Learner::Vpu,
            Learner::DistPu,
        ]
        .into_iter()
        .map(with_learner)
        .collect();
        let with_labeled = |labeled: usize| -> Vec<Vec<EpochReport>> {
            [0.7, 0.9, 0.8, 0.6]
                .into_iter()
                .map(|auc| {
                    let mut report = epoch(auc, (0.5, 0.5), None, 0.5);
                    report.validation.as_mut().unwrap().labeled = labeled;
                    vec![report]
                })
                .chain([Vec::new()]) // Dist-PU kept no epoch: no value.
                .collect()
        };
        let board = |reports: &[Vec<EpochReport>]| {
            let runs: Vec<(&RunConfig, &[EpochReport])> = configs
                .iter()
                .zip(reports.iter().map(Vec::as_slice))
                .collect();
            Leaderboard::rank(&runs, Criterion::LuAuc)
        };
        let few = board(&with_labeled(FEW_LABELED - 1));
        assert_eq!(few.too_few_labeled(), Some(FEW_LABELED - 1));
        assert_eq!(
            few.member_positions(),
            [1, 2, 0, 3],
            "every scored one, best first"
        );
        assert_eq!(
            few.members_label(ModelPreset::Fast),
            "the mean of all 4 candidates"
        );
        let reason = few.reason(ModelPreset::Fast);
        assert!(
            reason.starts_with(
                "auto keeps the mean of all 4 candidates: the PU validation split has only 9 \
                 labeled rows"
            ),
            "{reason}"
        );
        assert!(reason.contains("moves it by 1/9)"), "{reason}");
        assert_eq!(few.place(0), None, "too few labeled rows to rank by");
        let one = board(&with_labeled(1)).reason(ModelPreset::Fast);
        assert!(one.contains("has only 1 labeled row, too few"), "{one}");
        assert!(one.contains("moves it by all of 1)"), "{one}");
        let enough = board(&with_labeled(FEW_LABELED));
        assert_eq!(enough.too_few_labeled(), None);
        assert_eq!(enough.member_positions(), [1, 2, 0]);
        assert_eq!(enough.place(0), Some(1));
        assert_eq!(
            enough.members_label(ModelPreset::Fast),
            "the mean of biased PU, PMPU and policyPU_weighter"
        );
    }

    #[test]
    fn a_kept_epoch_of_another_stage_than_training_is_named_by_it() {
        let configs: Vec<RunConfig> = [Learner::DistPu, Learner::BiasedPu, Learner::Pmpu]
            .into_iter()
            .map(with_learner)
            .collect();
        let reports = [
            vec![EpochReport::blank(Stage::Warmup, 3)],
            vec![EpochReport::blank(Stage::Train, 5)],
            Vec::new(),
        ];
        let runs: Vec<(&RunConfig, &[EpochReport])> = configs
            .iter()
            .zip(reports.iter().map(Vec::as_slice))
            .collect();
        let board = Leaderboard::rank(&runs, AUTO_CRITERION);
        let kept: Vec<String> = board.standings.iter().map(Standing::kept_epoch).collect();
        assert_eq!(kept, ["warm-up 3", "5", "n/a"]);
    }

    #[test]
    fn without_a_validation_split_to_score_auto_keeps_the_mean_of_every_trained_candidate() {
        let configs: Vec<RunConfig> = [Learner::Weighter, Learner::BiasedPu, Learner::Pmpu]
            .into_iter()
            .map(with_learner)
            .collect();
        // Two candidates trained with no validation scores (their last epoch
        // is kept); the one between them never reported an epoch.
        let unscored = EpochReport {
            test: TestMetrics {
                accuracy: Some(0.5),
                ..TestMetrics::default()
            },
            ..EpochReport::blank(Stage::Train, 20)
        };
        let reports = [vec![unscored.clone()], Vec::new(), vec![unscored]];
        let runs: Vec<(&RunConfig, &[EpochReport])> = configs
            .iter()
            .zip(reports.iter().map(Vec::as_slice))
            .collect();
        let board = Leaderboard::rank(&runs, AUTO_CRITERION);
        assert!(board.unranked());
        assert_eq!(
            board.member_positions(),
            [0, 2],
            "every trained one, in order"
        );
        let in_mean: Vec<bool> = board.standings.iter().map(|s| board.is_member(s)).collect();
        assert_eq!(in_mean, [true, false, true]);
        assert_eq!(board.place(0), None, "no candidate is ranked");
        assert_eq!(board.standings[0].epoch, Some(20), "its last epoch");
        let reason = board.reason(ModelPreset::Fast);
        assert!(
            reason.starts_with(
                "auto keeps the mean of policyPU_weighter and PMPU, each at its last \
                 epoch: the PU validation split has no labeled row or no unlabeled row"
            ),
            "{reason}"
        );
        // One trained: it is kept alone.
        let board = Leaderboard::rank(&runs[..2], AUTO_CRITERION);
        let reason = board.reason(ModelPreset::Fast);
        assert!(
            reason.starts_with("auto keeps policyPU_weighter alone, at its last epoch: "),
            "{reason}"
        );
        // Nothing trained: nothing to keep, and the reason says so.
        let board = Leaderboard::rank(&runs[1..2], AUTO_CRITERION);
        assert!(board.members().is_empty());
        assert_eq!(
            board.reason(ModelPreset::Fast),
            "No candidate trained an epoch, so none was chosen."
        );
        // One candidate with a value ranks as before: the unscored ones are not members.
        let scored = [epoch(0.8, (0.6, 0.2), None, 0.5)];
        let runs = [(&configs[0], &reports[0][..]), (&configs[1], &scored[..])];
        let board = Leaderboard::rank(&runs, AUTO_CRITERION);
        assert!(!board.unranked());
        assert_eq!(board.member_positions(), [1]);
        assert_eq!(board.place(0), Some(1));
        assert_eq!(board.place(1), None);
    }

    #[test]
    fn the_test_columns_say_what_the_test_set_can_measure() {
        let config = RunConfig::default();
        let reports = [epoch(0.8, (0.5, 0.5), None, 0.75)];
        let mut board = Leaderboard::rank(&[(&config, &reports)], Criterion::LuAuc);
        // Held-out positives alone: an accuracy (the recall), no ROC-AUC.
        assert_eq!(board.test_columns(), TestColumns::Recall);
        let test = &board.standings[0].test;
        assert_eq!(TestColumns::Recall.values(test), [Some(0.75)]);
        board.standings[0].test.roc_auc = Some(0.9);
        assert_eq!(board.test_columns(), TestColumns::Scores);
        assert_eq!(
            TestColumns::Scores.values(&board.standings[0].test),
            [Some(0.75), Some(0.9)]
        );
        board.standings[0].test = TestMetrics::default();
        assert_eq!(board.test_columns(), TestColumns::None);
        assert!(TestColumns::None.headings().is_empty());
    }
}
