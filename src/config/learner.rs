//! The learners, each described once in [`LEARNERS`]: its key, the name
//! tables show, the other names a command line accepts, what it needs (a
//! policy network, a class prior and from where, the true labels) and its
//! stages as a function of the settings. The CLI's list and help, the page's
//! select, the run plan and the trainer all read this table; the training
//! itself is one file per learner in `learn/learners/`. One row, `auto`,
//! trains no model of its own: it names the candidates it trains on the
//! same split and chooses among on PU data (`auto_learner`).

use serde::{Deserialize, Serialize};

use super::stage::{EpochRows, Stage, StageSpan};
use super::{ModelPreset, RunConfig};
use crate::priors::PriorMethod;
use crate::selection::Criterion;

/// A learning method; its facts are its [`LearnerSpec`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Learner {
    /// policyPU with continuous actions used as weights, eq. (8).
    Weighter,
    /// policyPU with hard assignments of U to P′ or N′, eq. (9).
    Separator,
    /// Non-negative PU risk (Kiryo et al. 2017) with the split's true prior.
    NnPu,
    /// nnPU with the prior estimated by TIcE (Bekker & Davis 2018).
    TiceNnPu,
    /// nnPU with the prior estimated by KM2 (Ramaswamy et al. 2016).
    Km2NnPu,
    /// nnPU with the prior estimated by Elkan & Noto's e1 (2008).
    ElkanNotoNnPu,
    /// Unbiased PU risk (du Plessis et al. 2015) with the true prior.
    UPu,
    /// Unlabeled treated as negative.
    BiasedPu,
    /// RankPruning (Northcutt et al. 2017) adapted to PU.
    RankPruning,
    /// PMPU (Gong et al. 2018) as the policyPU paper adapts it.
    Pmpu,
    /// VPU (Chen et al. 2020): a variational loss that needs no class prior.
    Vpu,
    /// Dist-PU (Zhao et al. 2022): label-distribution alignment, with KM2's prior as KM2+nnPU.
    DistPu,
    /// Trained on the true labels: the ceiling.
    OraclePn,
    /// Trains its candidates on one split and keeps the mean of the first
    /// few the PU validation split ranks, or of all where it has too few
    /// labeled rows to rank by (`auto_learner::Leaderboard::members`).
    Auto,
}

/// One model `auto` trains: a learner on the run's model preset, or on
/// another preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AutoCandidate {
    /// The learner.
    pub learner: Learner,
    /// The preset, when not the run's own.
    pub model: Option<ModelPreset>,
}

const fn own(learner: Learner) -> AutoCandidate {
    AutoCandidate {
        learner,
        model: None,
    }
}

const fn linear(learner: Learner) -> AutoCandidate {
    AutoCandidate {
        learner,
        model: Some(ModelPreset::Linear),
    }
}

/// `auto`'s candidates: every learner a practitioner can run (none needs
/// the true labels or the true prior; of the nnPUs, the one with KM2's
/// estimate) on the run's preset, and the cheap learners also as a linear
/// model.
const AUTO_CANDIDATES: &[AutoCandidate] = &[
    own(Learner::Weighter),
    own(Learner::Separator),
    own(Learner::Km2NnPu),
    own(Learner::BiasedPu),
    own(Learner::RankPruning),
    own(Learner::Pmpu),
    own(Learner::Vpu),
    own(Learner::DistPu),
    linear(Learner::Km2NnPu),
    linear(Learner::BiasedPu),
    linear(Learner::RankPruning),
];

/// Where a learner's class prior comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PriorNeed {
    /// It trains without one.
    None,
    /// The split's true prior, or the one given in the settings: a reference
    /// row, as no practitioner knows the truth.
    TrueOrGiven,
    /// Estimated from the PU training rows by this estimator.
    Estimated(PriorMethod),
}

/// What a learner takes from a truth column that the settings do not give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TruthNeed {
    /// The true labels (optimal PN).
    Labels,
    /// The true class prior (uPU and nnPU, when no prior is given).
    Prior,
}

impl TruthNeed {
    /// Why `learner` cannot train on data without a truth column, and what
    /// to do instead, as a sentence.
    pub fn refusal(self, learner: Learner) -> String {
        match self {
            Self::Labels => format!(
                "{} trains on the true labels, and this data has no ground-truth column: \
                 name one, or choose another learner.",
                learner.name()
            ),
            Self::Prior => format!(
                "{} trains with the true class prior, and this data has no ground-truth column \
                 to take it from: name one, give the class prior π (the field \"{}\", or \
                 --{} on the command line), or choose a learner that estimates it, such as \
                 KM2+nnPU.",
                learner.name(),
                super::settings::PRIOR.label,
                super::settings::PRIOR.flag
            ),
        }
    }
}

/// Everything the rest of the program knows about a learner.
#[derive(Debug)]
pub struct LearnerSpec {
    /// Which learner.
    pub learner: Learner,
    /// The kebab-case key of JSON, links and command lines (serde's name).
    pub key: &'static str,
    /// The name tables, the page and the CLI show.
    pub name: &'static str,
    /// What it does and where it comes from, in a sentence or two: the
    /// page's hint under the learner and the CLI's `learners` table.
    pub about: &'static str,
    /// Other names a command line accepts (after lower-casing and turning
    /// `_` and `+` into `-`).
    pub aliases: &'static [&'static str],
    /// True when it trains a policy network (policyPU).
    pub policy: bool,
    /// Its class prior.
    pub prior: PriorNeed,
    /// True when it trains on the true labels, which only a split with a
    /// truth column has.
    pub truth: bool,
    /// Its stages, in order, for these settings.
    pub stages: fn(&RunConfig) -> Vec<StageSpan>,
    /// The models it trains and chooses among; empty for a learner that
    /// trains one model itself.
    pub candidates: &'static [AutoCandidate],
    /// How it keeps an epoch unless the settings say otherwise: L-vs-U AUC,
    /// or VPU's variational loss, its authors' rule, for VPU and for the
    /// learners it kept better epochs for on development data
    /// (docs/results.md, "Checkpoint rules").
    pub checkpoint: Criterion,
}

/// Every learner, in the order lists show them (policyPU first).
pub static LEARNERS: [LearnerSpec; 14] = [
    LearnerSpec {
        learner: Learner::Weighter,
        key: "weighter",
        name: "policyPU_weighter",
        about: "The paper's Weighter (Li et al., ICDM 2019): a policy network gives each unlabeled \
            example a soft label in (0, 1), how far the classifier counts it as positive, and \
            learns it by policy gradient from the classifier's rewards. Needs no class prior.",
        aliases: &["policypu-weighter"],
        policy: true,
        prior: PriorNeed::None,
        truth: false,
        stages: policy_stages,
        candidates: &[],
        checkpoint: Criterion::LuAuc,
    },
    LearnerSpec {
        learner: Learner::Separator,
        key: "separator",
        name: "policyPU_separator",
        about: "The paper's Separator (Li et al., ICDM 2019): a policy network calls each \
            unlabeled example positive or negative, the classifier trains on the labeled positives \
            and those calls, and the policy learns by policy gradient. Needs no class prior.",
        aliases: &["policypu-separator"],
        policy: true,
        prior: PriorNeed::None,
        truth: false,
        stages: policy_stages,
        candidates: &[],
        checkpoint: Criterion::LuAuc,
    },
    LearnerSpec {
        learner: Learner::NnPu,
        key: "nn-pu",
        name: "nnPU (true π)",
        about: "nnPU (Kiryo et al., NeurIPS 2017): the unbiased PU risk with its negative-class \
            part kept at or above zero, so a flexible network cannot overfit. It is given the true \
            class prior, or the one you enter: a reference, since real data rarely tells you it.",
        aliases: &["nnpu"],
        policy: false,
        prior: PriorNeed::TrueOrGiven,
        truth: false,
        stages: train_only,
        candidates: &[],
        checkpoint: Criterion::LuAuc,
    },
    LearnerSpec {
        learner: Learner::TiceNnPu,
        key: "tice-nn-pu",
        name: "TIcE+nnPU",
        about: "nnPU with the class prior estimated from the PU data by TIcE (Bekker and Davis, \
            AAAI 2018), the pairing the paper compares against.",
        aliases: &["tice", "tice-nnpu"],
        policy: false,
        prior: PriorNeed::Estimated(PriorMethod::Tice),
        truth: false,
        stages: train_only,
        candidates: &[],
        checkpoint: Criterion::LuAuc,
    },
    LearnerSpec {
        learner: Learner::Km2NnPu,
        key: "km2-nn-pu",
        name: "KM2+nnPU",
        about: "nnPU with the class prior estimated from the PU data by KM2 (Ramaswamy et al., \
            ICML 2016), a kernel estimate of the share of positives in U.",
        aliases: &["km2", "km2-nnpu"],
        policy: false,
        prior: PriorNeed::Estimated(PriorMethod::Km2),
        truth: false,
        stages: train_only,
        candidates: &[],
        checkpoint: Criterion::VariationalLoss,
    },
    LearnerSpec {
        learner: Learner::ElkanNotoNnPu,
        key: "elkan-noto-nn-pu",
        name: "EN+nnPU",
        about: "nnPU with the class prior from Elkan and Noto's c (KDD 2008): the chance that a \
            positive is labeled, the mean held-out score of the labeled rows.",
        aliases: &["en-nnpu", "elkan-noto", "elkan-noto-nnpu"],
        policy: false,
        prior: PriorNeed::Estimated(PriorMethod::ElkanNoto),
        truth: false,
        stages: train_only,
        candidates: &[],
        checkpoint: Criterion::LuAuc,
    },
    LearnerSpec {
        learner: Learner::UPu,
        key: "u-pu",
        name: "uPU (true π)",
        about: "uPU (du Plessis et al., ICML 2015): the unbiased PU risk without nnPU's floor, \
            which a flexible network drives below zero and overfits. It is given the true class \
            prior, or the one you enter.",
        aliases: &["upu"],
        policy: false,
        prior: PriorNeed::TrueOrGiven,
        truth: false,
        stages: train_only,
        candidates: &[],
        checkpoint: Criterion::LuAuc,
    },
    LearnerSpec {
        learner: Learner::BiasedPu,
        key: "biased-pu",
        name: "biased PU",
        about: "Calls every unlabeled example negative and trains an ordinary classifier: the \
            naive baseline, worse the more positives hide in U.",
        aliases: &["biased"],
        policy: false,
        prior: PriorNeed::None,
        truth: false,
        stages: train_only,
        candidates: &[],
        checkpoint: Criterion::LuAuc,
    },
    LearnerSpec {
        learner: Learner::RankPruning,
        key: "rank-pruning",
        name: "RankPruning",
        about: "RankPruning (Northcutt et al., UAI 2017): cross-validated scores find the \
            unlabeled examples most likely positive, those are pruned, and a reweighted classifier \
            trains on the rest.",
        aliases: &["rankpruning", "rp"],
        policy: false,
        prior: PriorNeed::None,
        truth: false,
        stages: rank_pruning_stages,
        candidates: &[],
        checkpoint: Criterion::VariationalLoss,
    },
    LearnerSpec {
        learner: Learner::Pmpu,
        key: "pmpu",
        name: "PMPU",
        about: "PMPU (Gong et al., AAAI 2018): a warm-up as biased PU, then training with a margin \
            set by the labeled positives, U resampled each mini-batch.",
        aliases: &[],
        policy: false,
        prior: PriorNeed::None,
        truth: false,
        stages: pmpu_stages,
        candidates: &[],
        checkpoint: Criterion::LuAuc,
    },
    LearnerSpec {
        learner: Learner::Vpu,
        key: "vpu",
        name: "VPU",
        about: "VPU (Chen et al., NeurIPS 2020): a variational loss that needs no class prior, \
            with a mix-up penalty between labeled and unlabeled rows.",
        aliases: &[],
        policy: false,
        prior: PriorNeed::None,
        truth: false,
        stages: train_only,
        candidates: &[],
        checkpoint: Criterion::VariationalLoss,
    },
    LearnerSpec {
        learner: Learner::DistPu,
        key: "dist-pu",
        name: "Dist-PU",
        about: "Dist-PU (Zhao et al., CVPR 2022): makes the share of U the classifier calls \
            positive match the class prior (estimated by KM2), then refines with pseudo-labels, \
            entropy and mix-up.",
        aliases: &["distpu"],
        policy: false,
        prior: PriorNeed::Estimated(PriorMethod::Km2),
        truth: false,
        stages: dist_pu_stages,
        candidates: &[],
        checkpoint: Criterion::VariationalLoss,
    },
    LearnerSpec {
        learner: Learner::OraclePn,
        key: "oracle-pn",
        name: "optimal PN",
        about: "Optimal PN: trained on the true labels of every training row, which PU learning \
            never has; a reference, usually but not always the best.",
        aliases: &["oracle", "pn", "optimal-pn"],
        policy: false,
        prior: PriorNeed::None,
        truth: true,
        stages: train_only,
        candidates: &[],
        checkpoint: Criterion::LuAuc,
    },
    LearnerSpec {
        learner: Learner::Auto,
        key: "auto",
        name: "auto (chosen on PU data)",
        about: "Trains several learners (its candidates) on one split, ranks them on the PU \
            validation rows with no negative (by the L−U call gap) and keeps the mean of the first \
            three; it takes as long as all its candidates together.",
        aliases: &[],
        policy: false,
        prior: PriorNeed::None,
        truth: false,
        stages: auto_stages,
        candidates: AUTO_CANDIDATES,
        checkpoint: Criterion::LuAuc,
    },
];

/// One stage of training on every row.
fn train_only(c: &RunConfig) -> Vec<StageSpan> {
    vec![StageSpan::all_rows(Stage::Train, c.optim.epochs)]
}

/// policyPU: the classifier pre-trained on P vs U, then the policy on its
/// predictions, then the interaction (Algorithm 1).
fn policy_stages(c: &RunConfig) -> Vec<StageSpan> {
    let pre = c.policy.pretrain_epochs;
    vec![
        StageSpan::all_rows(Stage::PretrainClassifier, pre),
        StageSpan::all_rows(Stage::PretrainPolicy, pre),
        StageSpan::all_rows(Stage::Train, c.optim.epochs),
    ]
}

/// RankPruning: one classifier per fold scores its held-out fold, then a
/// fresh one trains on the rows pruning keeps.
fn rank_pruning_stages(c: &RunConfig) -> Vec<StageSpan> {
    let b = &c.baselines;
    vec![
        StageSpan {
            stage: Stage::CrossValidate,
            epochs: b
                .rank_pruning_folds
                .saturating_mul(b.rank_pruning_fold_epochs),
            rows: EpochRows::OutOfFold {
                folds: b.rank_pruning_folds,
                fold_epochs: b.rank_pruning_fold_epochs,
            },
        },
        StageSpan {
            stage: Stage::Train,
            epochs: c.optim.epochs,
            rows: EpochRows::Kept,
        },
    ]
}

/// PMPU: a warm-up as biased PU, then the margin rule.
fn pmpu_stages(c: &RunConfig) -> Vec<StageSpan> {
    vec![
        StageSpan::all_rows(Stage::PretrainClassifier, c.baselines.pmpu_warmup_epochs),
        StageSpan::all_rows(Stage::Train, c.optim.epochs),
    ]
}

/// Dist-PU: a warm-up on the distribution loss, then the pseudo-labelled
/// mix-up stage; half the epochs each, so it trains as long as the others.
fn dist_pu_stages(c: &RunConfig) -> Vec<StageSpan> {
    let warmup = c.optim.epochs / 2;
    vec![
        StageSpan::all_rows(Stage::Warmup, warmup),
        StageSpan::all_rows(Stage::Train, c.optim.epochs - warmup),
    ]
}

/// `auto`: its candidates' stages, one after another.
fn auto_stages(c: &RunConfig) -> Vec<StageSpan> {
    AUTO_CANDIDATES
        .iter()
        .flat_map(|candidate| (candidate.learner.spec().stages)(c))
        .collect()
}

impl Learner {
    /// Every learner, in the order lists show them.
    pub fn all() -> impl Iterator<Item = Learner> {
        LEARNERS.iter().map(|spec| spec.learner)
    }

    /// This learner's facts.
    pub fn spec(self) -> &'static LearnerSpec {
        LEARNERS
            .iter()
            .find(|spec| spec.learner == self)
            .expect("LEARNERS holds every learner (checked by a test)")
    }

    /// Every learner that trains a model itself (all but `auto`).
    pub fn trainable() -> impl Iterator<Item = Learner> {
        Self::all().filter(|l| !l.is_auto())
    }

    /// True for `auto`, which trains its candidates and keeps the mean of the first ones.
    pub fn is_auto(self) -> bool {
        !self.spec().candidates.is_empty()
    }

    /// True for the two policyPU variants, which train a policy network.
    pub fn uses_policy(self) -> bool {
        self.spec().policy
    }

    /// True for the learners that minimise a PU risk and so need the class prior.
    pub fn uses_prior(self) -> bool {
        self.spec().prior != PriorNeed::None
    }

    /// What it needs from a truth column when `prior_given` says whether
    /// the settings give a class prior; None if it trains without one.
    pub fn truth_need(self, prior_given: bool) -> Option<TruthNeed> {
        let spec = self.spec();
        if spec.truth {
            Some(TruthNeed::Labels)
        } else if spec.prior == PriorNeed::TrueOrGiven && !prior_given {
            Some(TruthNeed::Prior)
        } else {
            None
        }
    }

    /// The estimator that supplies this learner's prior, if it estimates one.
    pub fn prior_estimator(self) -> Option<PriorMethod> {
        match self.spec().prior {
            PriorNeed::Estimated(method) => Some(method),
            _ => None,
        }
    }

    /// The name used in tables and on the command line.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// The kebab-case key used in JSON, links and command lines.
    pub fn key(self) -> &'static str {
        self.spec().key
    }

    /// The learners for `--help`: each key with its name.
    pub fn help_list() -> String {
        let listed: Vec<String> = LEARNERS
            .iter()
            .map(|spec| format!("{} ({})", spec.key, spec.name))
            .collect();
        listed.join(", ")
    }
}

impl std::str::FromStr for Learner {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let key = s.trim().to_ascii_lowercase().replace(['_', '+'], "-");
        LEARNERS
            .iter()
            .find(|spec| spec.key == key || spec.aliases.contains(&key.as_str()))
            .map(|spec| spec.learner)
            .ok_or_else(|| {
                let known: Vec<&str> = LEARNERS.iter().map(|spec| spec.key).collect();
                format!(
                    "unknown learner '{}': use one of {}",
                    s.trim(),
                    known.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_tries_every_learner_a_practitioner_can_run_on_the_runs_preset() {
        let runnable: std::collections::HashSet<Learner> = LEARNERS
            .iter()
            .filter(|s| !s.truth && !s.learner.is_auto())
            .filter(|s| {
                matches!(
                    s.prior,
                    PriorNeed::None | PriorNeed::Estimated(PriorMethod::Km2)
                )
            })
            .map(|s| s.learner)
            .collect();
        let own: std::collections::HashSet<Learner> = AUTO_CANDIDATES
            .iter()
            .filter(|c| c.model.is_none())
            .map(|c| c.learner)
            .collect();
        assert_eq!(own, runnable);
        assert_eq!(own.len(), 8, "{own:?}");
    }

    #[test]
    fn the_table_holds_every_learner_once_under_serdes_key() {
        // serde's own list of variants, from the error for an unknown one.
        let err = serde_json::from_str::<Learner>("\"none-such\"")
            .unwrap_err()
            .to_string();
        let variants: Vec<&str> = err
            .split('`')
            .skip(3)
            .step_by(2)
            .filter(|s| !s.is_empty())
            .collect();
        let keys: Vec<&str> = LEARNERS.iter().map(|spec| spec.key).collect();
        assert_eq!(variants, keys, "{err}");
        for spec in &LEARNERS {
            let json = serde_json::to_value(spec.learner).unwrap();
            assert_eq!(json.as_str(), Some(spec.key));
            assert!(std::ptr::eq(spec.learner.spec(), spec));
        }
    }

    #[test]
    fn keys_and_aliases_parse_to_their_learner_and_nothing_else() {
        for spec in &LEARNERS {
            for name in std::iter::once(&spec.key).chain(spec.aliases) {
                assert_eq!(name.parse::<Learner>(), Ok(spec.learner), "{name}");
                assert_eq!(name.to_uppercase().parse::<Learner>(), Ok(spec.learner));
            }
        }
        assert_eq!("KM2+nnPU".parse::<Learner>(), Ok(Learner::Km2NnPu));
        assert_eq!(
            "policyPU_weighter".parse::<Learner>(),
            Ok(Learner::Weighter)
        );
        assert_eq!(" Dist-PU ".parse::<Learner>(), Ok(Learner::DistPu));
        let err = " nn ".parse::<Learner>().unwrap_err();
        assert!(err.starts_with("unknown learner 'nn': use one of weighter, separator, nn-pu"));
    }

    #[test]
    fn each_learner_says_what_it_does_in_agreement_with_its_needs() {
        for spec in &LEARNERS {
            let (key, about) = (spec.key, spec.about);
            assert!(about.ends_with('.') && about.len() < 300, "{key}: {about}");
            let says = |words: &str| about.contains(words);
            let prior = says("class prior") && !says("no class prior");
            assert_eq!(
                (
                    says("policy"),
                    prior,
                    says("true labels"),
                    says("candidates")
                ),
                (
                    spec.policy,
                    spec.prior != PriorNeed::None,
                    spec.truth,
                    !spec.candidates.is_empty()
                ),
                "{key}: {about}"
            );
        }
    }

    #[test]
    fn needs_follow_the_table() {
        let policy: Vec<Learner> = Learner::all().filter(|l| l.uses_policy()).collect();
        assert_eq!(policy, [Learner::Weighter, Learner::Separator]);
        let prior: Vec<Learner> = Learner::all().filter(|l| l.uses_prior()).collect();
        assert_eq!(
            prior,
            [
                Learner::NnPu,
                Learner::TiceNnPu,
                Learner::Km2NnPu,
                Learner::ElkanNotoNnPu,
                Learner::UPu,
                Learner::DistPu
            ]
        );
        assert_eq!(Learner::Km2NnPu.prior_estimator(), Some(PriorMethod::Km2));
        assert_eq!(Learner::NnPu.prior_estimator(), None);
    }

    #[test]
    fn each_learner_keeps_its_epoch_by_a_rule_unless_the_settings_name_one() {
        let own: Vec<Learner> = LEARNERS
            .iter()
            .filter(|s| s.checkpoint != Criterion::LuAuc)
            .map(|s| s.learner)
            .collect();
        assert_eq!(
            own,
            [
                Learner::Km2NnPu,
                Learner::RankPruning,
                Learner::Vpu,
                Learner::DistPu
            ],
            "VPU's rule for VPU and the learners the development study moved to it"
        );
        let mut c = RunConfig {
            learner: Learner::Vpu,
            ..RunConfig::default()
        };
        assert_eq!(c.select_by, Criterion::LearnerDefault);
        assert_eq!(c.criterion(), Criterion::VariationalLoss);
        c.learner = Learner::BiasedPu;
        assert_eq!(c.criterion(), Criterion::LuAuc);
        c.select_by = Criterion::CallGap;
        assert_eq!(c.criterion(), Criterion::CallGap, "the settings win");
    }

    #[test]
    fn stages_follow_the_settings() {
        let mut c = RunConfig::default();
        c.optim.epochs = 7;
        c.policy.pretrain_epochs = 2;
        c.baselines.rank_pruning_folds = 3;
        c.baselines.rank_pruning_fold_epochs = 4;
        c.baselines.pmpu_warmup_epochs = 5;
        let lengths = |l: Learner| -> Vec<(Stage, usize)> {
            (l.spec().stages)(&c)
                .iter()
                .map(|s| (s.stage, s.epochs))
                .collect()
        };
        assert_eq!(
            lengths(Learner::Separator),
            [
                (Stage::PretrainClassifier, 2),
                (Stage::PretrainPolicy, 2),
                (Stage::Train, 7)
            ]
        );
        assert_eq!(
            lengths(Learner::RankPruning),
            [(Stage::CrossValidate, 12), (Stage::Train, 7)]
        );
        assert_eq!(
            lengths(Learner::Pmpu),
            [(Stage::PretrainClassifier, 5), (Stage::Train, 7)]
        );
        assert_eq!(
            lengths(Learner::DistPu),
            [(Stage::Warmup, 3), (Stage::Train, 4)]
        );
        assert_eq!(lengths(Learner::BiasedPu), [(Stage::Train, 7)]);
    }
}
