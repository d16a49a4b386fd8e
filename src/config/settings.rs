//! The numeric settings of a run, each written once: its place in
//! [`RunConfig`], its command-line flag, its label and hint, its bounds and
//! whether it takes whole numbers. [`RunConfig::validate`], the page's form
//! and the CLI's flags and help all read this table, so they cannot
//! disagree; the defaults are [`RunConfig::default`]'s.

use super::RunConfig;
use crate::priors::PRIORS;

/// The largest seed: 2^53 − 1, the largest whole number a JSON number in a
/// browser (an f64) and the form keep exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// Reads a setting's value (`None`: unset, the setting's automatic choice).
pub type Getter = fn(&RunConfig) -> Option<f64>;
/// Writes a setting's value.
pub type Putter = fn(&mut RunConfig, f64);

/// One numeric setting.
#[derive(Debug)]
pub struct NumberSetting {
    /// Dotted path in `RunConfig`, e.g. `split.rho`; the form's input id and the name `validate()` reports.
    pub path: &'static str,
    /// The long command-line flag, without the dashes.
    pub flag: &'static str,
    /// A name the flag had before, still read so that older commands (the
    /// `Command:` lines of `results/`) run as written; hidden from `--help`.
    pub former_flag: Option<&'static str>,
    /// The form's label.
    pub label: &'static str,
    /// One line of explanation, under the form's field and in `--help`.
    pub hint: &'static str,
    /// Smallest allowed value.
    pub min: f64,
    /// True when `min` itself is refused (the value must be above it).
    pub min_excluded: bool,
    /// Largest allowed value.
    pub max: f64,
    /// Whole numbers only.
    pub whole: bool,
    /// Reads the value (`None`: unset, the setting's automatic choice).
    pub get: Getter,
    /// Writes a value already checked by [`NumberSetting::parse`].
    pub put: Putter,
    /// For a setting that may be left empty: clears it back to its automatic choice.
    pub clear: Option<fn(&mut RunConfig)>,
    /// What an empty value means, for a setting that may be left empty.
    pub when_empty: &'static str,
    /// The data the setting applies to.
    pub applies_to: AppliesTo,
}

/// The data a setting applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AppliesTo {
    /// Every run.
    Any,
    /// The built-in image subsets, whose PU training set the split draws.
    Images,
    /// A CSV file.
    Csv,
}

impl AppliesTo {
    /// Whether a run on CSV data (`csv`) or on images uses the setting.
    pub fn includes(self, csv: bool) -> bool {
        match self {
            AppliesTo::Any => true,
            AppliesTo::Images => !csv,
            AppliesTo::Csv => csv,
        }
    }

    /// The data, in words: "the built-in image data".
    pub fn in_words(self) -> &'static str {
        match self {
            AppliesTo::Any => "every run",
            AppliesTo::Images => "the built-in image data",
            AppliesTo::Csv => "a CSV file",
        }
    }
}

/// A number for messages: `1e-7` rather than `0.0000001`.
fn show(x: f64) -> String {
    if x != 0.0 && x.abs() < 1e-3 {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

impl NumberSetting {
    /// The allowed values in words: "between 0 and 0.95", "above 0 and at most 5".
    pub fn bounds(&self) -> String {
        let (min, max) = (show(self.min), show(self.max));
        if self.min_excluded {
            format!("above {min} and at most {max}")
        } else {
            format!("between {min} and {max}")
        }
    }

    /// Why `value` is refused ("must be …"), or `None` when it is allowed.
    pub fn refusal(&self, value: f64) -> Option<String> {
        let below = value < self.min || (self.min_excluded && value == self.min);
        if !value.is_finite() {
            Some("must be a finite number".into())
        } else if self.whole && value.fract() != 0.0 {
            Some("must be a whole number".into())
        } else if below || value > self.max {
            Some(format!("must be {}", self.bounds()))
        } else {
            None
        }
    }

    /// Reads typed text: `Ok(None)` for an empty text where the setting may
    /// be left empty, the value when it is allowed, else what is wrong. A
    /// fractional setting reads one comma as the decimal point ("0,3"), as
    /// many keyboards type it; a whole one refuses a comma, which may be a
    /// thousands separator ("1,000").
    pub fn parse(&self, text: &str) -> Result<Option<f64>, String> {
        let text = text.trim();
        if text.is_empty() {
            return match self.clear {
                Some(_) => Ok(None),
                None => Err("must not be empty: enter a value".into()),
            };
        }
        let decimal_comma = !self.whole && text.matches(',').count() == 1 && !text.contains('.');
        let read = match decimal_comma {
            true => text.replace(',', "."),
            false => text.to_string(),
        };
        let value: f64 = read.parse().map_err(|_| match text.contains(',') {
            true => format!("\"{text}\" is not a number: write it without separators"),
            false => format!("\"{text}\" is not a number"),
        })?;
        match self.refusal(value) {
            Some(message) => Err(message),
            None => Ok(Some(value)),
        }
    }

    /// Reads a flag's text, which must hold a value: the value when it is
    /// allowed, else what is wrong.
    pub fn parse_given(&self, text: &str) -> Result<f64, String> {
        match self.parse(text) {
            Ok(Some(value)) => Ok(value),
            Ok(None) => Err(format!("--{} needs a value", self.flag)),
            Err(message) => Err(message),
        }
    }

    /// Writes a parsed value; `None` clears a setting that may be empty.
    pub fn set(&self, config: &mut RunConfig, value: Option<f64>) {
        match (value, self.clear) {
            (Some(v), _) => (self.put)(config, v),
            (None, Some(clear)) => clear(config),
            (None, None) => {}
        }
    }

    /// Its value in `config` as `--help` and notices write it ("0.3",
    /// "1e-5"), or what an empty value means where it is unset.
    pub fn shown(&self, config: &RunConfig) -> String {
        match (self.get)(config) {
            Some(v) => show(v),
            None => self.when_empty.to_string(),
        }
    }

    /// The setting at dotted `path`, if a numeric one is there.
    pub fn at(path: &str) -> Option<&'static NumberSetting> {
        SETTINGS.iter().copied().find(|s| s.path == path)
    }

    /// The `--help` text: the hint, the bounds and the default, and a CSV
    /// run's where it starts elsewhere ([`RunConfig::use_csv`]).
    pub fn help(&self) -> String {
        let default = self.shown(&RunConfig::default());
        let csv = self.shown(&RunConfig::csv_default());
        let csv = match self.applies_to.includes(true) && csv != default {
            true => format!(", {csv} for a CSV file"),
            false => String::new(),
        };
        format!("{} [{}; default {default}{csv}]", self.hint, self.bounds())
    }
}

/// A setting with a closed range and no empty value.
const fn setting(
    path: &'static str,
    flag: &'static str,
    label: &'static str,
    hint: &'static str,
    (min, max): (f64, f64),
    whole: bool,
    (get, put): (Getter, Putter),
) -> NumberSetting {
    NumberSetting {
        path,
        flag,
        former_flag: None,
        label,
        hint,
        min,
        min_excluded: false,
        max,
        whole,
        get,
        put,
        clear: None,
        when_empty: "",
        applies_to: AppliesTo::Any,
    }
}

/// n_l.
pub static N_LABELED: NumberSetting = NumberSetting {
    applies_to: AppliesTo::Images,
    ..setting(
        "split.n_labeled",
        "n-labeled",
        "Labeled positives n_l",
        "Drawn at random from all positives (SCAR).",
        (1.0, 20_000.0),
        true,
        (
            |c| Some(c.split.n_labeled as f64),
            |c, v| c.split.n_labeled = v as usize,
        ),
    )
};
/// |U|.
pub static N_UNLABELED: NumberSetting = NumberSetting {
    applies_to: AppliesTo::Images,
    clear: Some(|c| c.split.n_unlabeled = None),
    when_empty: "3 × n_l",
    ..setting(
        "split.n_unlabeled",
        "n-unlabeled",
        "Unlabeled |U|",
        "Empty: 3 × n_l, as in the paper.",
        (1.0, 100_000.0),
        true,
        (
            |c| c.split.n_unlabeled.map(|v| v as f64),
            |c, v| c.split.n_unlabeled = Some(v as usize),
        ),
    )
};
/// ρ.
pub static RHO: NumberSetting = NumberSetting {
    applies_to: AppliesTo::Images,
    ..setting(
        "split.rho",
        "rho",
        "Positives in U, ρ",
        "Fraction of U that is secretly positive (0.3, 0.5, 0.7 in the paper).",
        (0.0, 0.95),
        false,
        (|c| Some(c.split.rho), |c, v| c.split.rho = v),
    )
};
/// The CSV test share.
pub static TEST_FRACTION: NumberSetting = NumberSetting {
    applies_to: AppliesTo::Csv,
    former_flag: Some("test-fraction"),
    ..setting(
        "split.test_fraction",
        "test-share",
        "Held-out test share",
        "CSV only: rows set aside to measure accuracy, ROC-AUC and PR-AUC.",
        (0.05, 0.5),
        false,
        (
            |c| Some(c.split.test_fraction),
            |c, v| c.split.test_fraction = v,
        ),
    )
};
/// The validation share.
pub static VALIDATION_FRACTION: NumberSetting = NumberSetting {
    former_flag: Some("validation-fraction"),
    ..setting(
        "split.validation_fraction",
        "validation-share",
        "Validation share",
        "PU rows set aside, as a share of the training set's size, to choose the epoch a run \
         keeps and the candidates auto keeps (images: drawn from the unused images, as many as \
         there are; a CSV file starts at 0.2, taken from its training rows); 0 keeps the last \
         epoch. With too few labeled rows here to rank its candidates, auto averages them all.",
        (0.0, 1.0),
        false,
        (
            |c| Some(c.split.validation_fraction),
            |c, v| c.split.validation_fraction = v,
        ),
    )
};
/// The seed.
pub static SEED: NumberSetting = setting(
    "seed",
    "seed",
    "Seed",
    "Same seed, same split and initial weights; on the same kind of processor or GPU, the same \
     run (another rounds sums differently, and training drifts from there).",
    (0.0, MAX_SEED as f64),
    true,
    (|c| Some(c.seed as f64), |c, v| c.seed = v as u64),
);
/// Epochs.
pub static EPOCHS: NumberSetting = setting(
    "optim.epochs",
    "epochs",
    "Epochs",
    "Passes over the training set after pre-training.",
    (1.0, 2000.0),
    true,
    (
        |c| Some(c.optim.epochs as f64),
        |c, v| c.optim.epochs = v as usize,
    ),
);
/// m.
pub static BATCH_SIZE: NumberSetting = setting(
    "optim.batch_size",
    "batch-size",
    "Batch size m",
    "Examples per mini-batch (128 in the paper).",
    (2.0, 4096.0),
    true,
    (
        |c| Some(c.optim.batch_size as f64),
        |c, v| c.optim.batch_size = v as usize,
    ),
);
/// Allowed Adam learning rates, of the classifier and of the policy.
const LEARNING_RATES: (f64, f64) = (1e-7, 1.0);
/// Allowed L2 weight decays, of the classifier and of the policy.
const WEIGHT_DECAYS: (f64, f64) = (0.0, 10.0);
/// The classifier's learning rate.
pub static LR: NumberSetting = setting(
    "optim.lr",
    "lr",
    "Classifier learning rate",
    "Adam step size (the paper: 1e-5 over 300 epochs).",
    LEARNING_RATES,
    false,
    (|c| Some(c.optim.lr), |c, v| c.optim.lr = v),
);
/// The classifier's weight decay.
pub static WEIGHT_DECAY: NumberSetting = setting(
    "optim.weight_decay",
    "weight-decay",
    "Classifier weight decay",
    "L2 penalty on the classifier's weights.",
    WEIGHT_DECAYS,
    false,
    (
        |c| Some(c.optim.weight_decay),
        |c, v| c.optim.weight_decay = v,
    ),
);
/// η.
pub static POLICY_LR: NumberSetting = setting(
    "policy.lr",
    "policy-lr",
    "Policy learning rate η",
    "policyPU: step size of the REINFORCE update, eq. (7).",
    LEARNING_RATES,
    false,
    (|c| Some(c.policy.lr), |c, v| c.policy.lr = v),
);
/// The policy's weight decay.
pub static POLICY_WEIGHT_DECAY: NumberSetting = setting(
    "policy.weight_decay",
    "policy-weight-decay",
    "Policy weight decay",
    "policyPU: L2 penalty on the policy's weights.",
    WEIGHT_DECAYS,
    false,
    (
        |c| Some(c.policy.weight_decay),
        |c, v| c.policy.weight_decay = v,
    ),
);
/// Pre-training epochs.
pub static PRETRAIN_EPOCHS: NumberSetting = setting(
    "policy.pretrain_epochs",
    "pretrain-epochs",
    "Pre-training epochs",
    "policyPU: the classifier on P vs U for this many epochs, then the policy on its predictions for as many.",
    (0.0, 100.0),
    true,
    (
        |c| Some(c.policy.pretrain_epochs as f64),
        |c, v| c.policy.pretrain_epochs = v as usize,
    ),
);
/// k.
pub static TARGET_UPDATE_EVERY: NumberSetting = setting(
    "policy.target_update_every",
    "k",
    "Target update every k epochs",
    "policyPU: actions are sampled from a copy Θ′ refreshed every k epochs (Algorithm 1).",
    (1.0, 100.0),
    true,
    (
        |c| Some(c.policy.target_update_every as f64),
        |c, v| c.policy.target_update_every = v as usize,
    ),
);
/// σ. Below 0.001 the policy gradient, which divides by σ², overflows
/// (at 1e-8 the policy loss reads −7e5 on the two-moons example, and
/// training diverges further down).
pub static ACTION_SPREAD: NumberSetting = setting(
    "policy.action_spread",
    "action-spread",
    "Weighter action spread σ",
    "Weighter: spread of the logit-normal weight around the policy's output.",
    (0.001, 5.0),
    false,
    (
        |c| Some(c.policy.action_spread),
        |c, v| c.policy.action_spread = v,
    ),
);
/// π.
pub static PRIOR: NumberSetting = NumberSetting {
    clear: Some(|c| c.nnpu.prior = None),
    when_empty: "the split's true ρ",
    ..setting(
        "nnpu.prior",
        "prior",
        "Class prior π",
        "uPU and nnPU (true π): the share of positives in U they assume; given, it replaces the true π, and the run is named nnPU (π = …). Empty: the split's true ρ, which a demo knows.",
        PRIORS,
        false,
        (|c| c.nnpu.prior, |c, v| c.nnpu.prior = Some(v)),
    )
};
/// β.
pub static BETA: NumberSetting = setting(
    "nnpu.beta",
    "beta",
    "β",
    "nnPU: how far the negative risk may dip below zero.",
    (0.0, 1.0),
    false,
    (|c| Some(c.nnpu.beta), |c, v| c.nnpu.beta = v),
);
/// γ.
pub static GAMMA: NumberSetting = NumberSetting {
    min_excluded: true,
    ..setting(
        "nnpu.gamma",
        "gamma",
        "γ",
        "nnPU: step size of the correction.",
        (0.0, 1.0),
        false,
        (|c| Some(c.nnpu.gamma), |c, v| c.nnpu.gamma = v),
    )
};
/// RankPruning's folds.
pub static RANK_PRUNING_FOLDS: NumberSetting = setting(
    "baselines.rank_pruning_folds",
    "rank-pruning-folds",
    "RankPruning folds",
    "RankPruning: folds of the cross-validation that scores every training row out of sample.",
    (2.0, 10.0),
    true,
    (
        |c| Some(c.baselines.rank_pruning_folds as f64),
        |c, v| c.baselines.rank_pruning_folds = v as usize,
    ),
);
/// RankPruning's epochs per fold.
pub static RANK_PRUNING_FOLD_EPOCHS: NumberSetting = setting(
    "baselines.rank_pruning_fold_epochs",
    "rank-pruning-fold-epochs",
    "RankPruning epochs per fold",
    "RankPruning: epochs each fold's classifier trains.",
    (1.0, 500.0),
    true,
    (
        |c| Some(c.baselines.rank_pruning_fold_epochs as f64),
        |c, v| c.baselines.rank_pruning_fold_epochs = v as usize,
    ),
);
/// PMPU's warm-up.
pub static PMPU_WARMUP_EPOCHS: NumberSetting = setting(
    "baselines.pmpu_warmup_epochs",
    "pmpu-warmup-epochs",
    "PMPU warm-up epochs",
    "PMPU: epochs trained as biased PU before the margins are trusted.",
    (0.0, 100.0),
    true,
    (
        |c| Some(c.baselines.pmpu_warmup_epochs as f64),
        |c, v| c.baselines.pmpu_warmup_epochs = v as usize,
    ),
);
/// PMPU's resampled share.
pub static PMPU_RESAMPLE: NumberSetting = NumberSetting {
    min_excluded: true,
    ..setting(
        "baselines.pmpu_resample",
        "pmpu-resample",
        "PMPU resampled share of U",
        "PMPU: share of each mini-batch's unlabeled examples resampled into the loss.",
        (0.0, 1.0),
        false,
        (
            |c| Some(c.baselines.pmpu_resample),
            |c, v| c.baselines.pmpu_resample = v,
        ),
    )
};

/// Every numeric setting, in the order `validate()` reports them.
pub static SETTINGS: [&NumberSetting; 22] = [
    &N_LABELED,
    &N_UNLABELED,
    &RHO,
    &TEST_FRACTION,
    &VALIDATION_FRACTION,
    &SEED,
    &EPOCHS,
    &BATCH_SIZE,
    &LR,
    &WEIGHT_DECAY,
    &POLICY_LR,
    &POLICY_WEIGHT_DECAY,
    &PRETRAIN_EPOCHS,
    &TARGET_UPDATE_EVERY,
    &ACTION_SPREAD,
    &PRIOR,
    &BETA,
    &GAMMA,
    &RANK_PRUNING_FOLDS,
    &RANK_PRUNING_FOLD_EPOCHS,
    &PMPU_WARMUP_EPOCHS,
    &PMPU_RESAMPLE,
];

/// The form's label of the positive-class checkboxes.
pub const POSITIVE_CLASSES_LABEL: &str = "Positive classes";
/// The form's label of the model preset.
pub const MODEL_LABEL: &str = "Model";

/// The fields a check can refuse that are not numeric settings, with the
/// labels the form shows for them.
const OTHER_FIELDS: [(&str, &str); 2] = [
    ("data.positive_classes", POSITIVE_CLASSES_LABEL),
    ("model", MODEL_LABEL),
];

/// The label the form shows for the field at `path` ("Labeled positives
/// n_l" for `split.n_labeled`); the path itself for a field it does not show.
pub fn label_of(path: &str) -> &str {
    SETTINGS
        .iter()
        .map(|s| (s.path, s.label))
        .chain(OTHER_FIELDS)
        .find(|(p, _)| *p == path)
        .map_or(path, |(_, label)| label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_names_its_label() {
        assert_eq!(label_of("split.n_labeled"), "Labeled positives n_l");
        assert_eq!(label_of("data.positive_classes"), "Positive classes");
        assert_eq!(label_of("no.such.field"), "no.such.field");
    }

    /// A value just inside each end of the range, and one just outside.
    fn probes(s: &NumberSetting) -> ([f64; 2], [f64; 2]) {
        let step = if s.whole { 1.0 } else { (s.max - s.min) * 1e-6 };
        let low_in = if s.min_excluded { s.min + step } else { s.min };
        let low_out = if s.min_excluded { s.min } else { s.min - step };
        ([low_in, s.max], [low_out, s.max + step])
    }

    #[test]
    fn every_setting_round_trips_and_validate_agrees_with_its_bounds() {
        let mut paths = std::collections::HashSet::new();
        let mut flags = std::collections::HashSet::new();
        for s in SETTINGS {
            assert!(
                paths.insert(s.path) && flags.insert(s.flag),
                "{} twice",
                s.path
            );
            let (inside, outside) = probes(s);
            for v in inside {
                let mut c = RunConfig::default();
                s.set(&mut c, s.parse(&v.to_string()).unwrap());
                assert_eq!((s.get)(&c), Some(v), "{}", s.path);
                assert!(
                    c.validate().iter().all(|e| e.field != s.path),
                    "{} refused {v}",
                    s.path
                );
            }
            for v in outside {
                assert!(s.parse(&v.to_string()).is_err(), "{} took {v}", s.path);
                let mut c = RunConfig::default();
                (s.put)(&mut c, v);
                if (s.get)(&c) != Some(v) {
                    // An unsigned field cannot hold a negative value at all.
                    assert!(v < 0.0, "{} cannot store {v}", s.path);
                    continue;
                }
                let refused: Vec<_> = c
                    .validate()
                    .into_iter()
                    .filter(|e| e.field == s.path)
                    .collect();
                assert_eq!(refused.len(), 1, "{} let {v} through validate()", s.path);
                assert_eq!(refused[0].message, s.refusal(v).unwrap());
            }
            let default = (s.get)(&RunConfig::default());
            assert!(
                default.is_none_or(|v| s.refusal(v).is_none()),
                "{}'s default is outside its bounds",
                s.path
            );
            assert_eq!(default.is_none(), s.clear.is_some(), "{}", s.path);
        }
    }

    #[test]
    fn texts_are_read_with_a_reason_for_each_refusal() {
        assert_eq!(RHO.parse(" 0.3 "), Ok(Some(0.3)));
        assert_eq!(RHO.parse("x"), Err("\"x\" is not a number".into()));
        assert_eq!(
            RHO.parse(""),
            Err("must not be empty: enter a value".into())
        );
        assert_eq!(PRIOR.parse(""), Ok(None));
        assert_eq!(RHO.parse("0,3"), Ok(Some(0.3)));
        assert_eq!(
            RHO.parse("0,3,5"),
            Err("\"0,3,5\" is not a number: write it without separators".into())
        );
        assert_eq!(
            EPOCHS.parse("1,000"),
            Err("\"1,000\" is not a number: write it without separators".into())
        );
        assert_eq!(EPOCHS.parse("2.5"), Err("must be a whole number".into()));
        assert_eq!(LR.parse("inf"), Err("must be a finite number".into()));
        assert_eq!(LR.parse("1e-8"), Err("must be between 1e-7 and 1".into()));
        assert_eq!(
            GAMMA.parse("0"),
            Err("must be above 0 and at most 1".into())
        );
        assert_eq!(
            SEED.parse("9007199254740992"),
            Err("must be between 0 and 9007199254740991".into())
        );
        assert_eq!(
            RHO.help(),
            "Fraction of U that is secretly positive (0.3, 0.5, 0.7 in the paper). [between 0 and 0.95; default 0.5]"
        );
        assert!(PRIOR.help().ends_with("default the split's true ρ]"));
        assert!(
            BATCH_SIZE
                .help()
                .ends_with("; default 128, 32 for a CSV file]")
        );
        assert!(EPOCHS.help().ends_with("; default 20]"));
    }
}
