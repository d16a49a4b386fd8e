//! SCAR construction of a PU training set, and the held-out test set.
//!
//! Built-in data: n_l labeled positives are drawn uniformly from the
//! training positives (Selected Completely At Random); U holds round(ρ·|U|)
//! further positives and the rest negatives. The test set is the dataset's
//! own test split with its true binary labels.
//!
//! CSV data is already PU. With a ground-truth column, a random
//! `test_fraction` of rows is held out and scored against it. Without one,
//! only labeled positives can be held out, so only the rate at which they are
//! recognised can be measured: no negatives, no AUCs.
//!
//! Both also set aside a PU validation split, never trained on and whose
//! truth no choice reads, to choose the epoch a run keeps (`selection`): built-in data
//! draws it from the training images the split left unused, with the
//! cell's n_l : |U| ratio and ρ, so the training set is the paper's; a CSV
//! gives a share of its labeled and of its unlabeled training rows.

use crate::config::{DataConfig, Refit, RunConfig};
use crate::data::csv::TabularData;
use crate::data::standardise::{NotFinite, Standardiser};
use crate::data::tabular_features::TabularFeatures;
use crate::data::{Dataset, FeatureShape};
use crate::pca::Pca2;
use crate::rng::{PortableRng, stream};
use crate::user_text::{clip, counted, plural_s};

/// A PU training set with its hidden truth, and a test set.
#[derive(Clone, Debug, PartialEq)]
pub struct PuSplit {
    /// Shape of one example.
    pub shape: FeatureShape,
    /// Training features, row-major.
    pub train_x: Vec<f32>,
    /// s: true for labeled positives, false for unlabeled.
    pub train_labeled: Vec<bool>,
    /// y of each training example where known (hidden from PU learners).
    pub train_truth: Option<Vec<bool>>,
    /// Row of each training example in the source data (thumbnails, exports).
    pub train_source: Vec<usize>,
    /// Test features, row-major.
    pub test_x: Vec<f32>,
    /// True class of each test example.
    pub test_y: Vec<bool>,
    /// Row of each test example in the source data.
    pub test_source: Vec<usize>,
    /// CSV data: the 1-based data row in the file of each source row (the
    /// reader may have left rows out); None for built-in data.
    pub file_rows: Option<Vec<usize>>,
    /// True fraction of positives in U, where known.
    pub prior: Option<f64>,
    /// Plain-language notes on what this split can and cannot measure.
    pub notes: Vec<String>,
    /// CSV data: the feature columns and the standardiser fitted on the
    /// training rows, to score new rows as these were; None for built-in data.
    pub tabular: Option<TabularFeatures>,
    /// The PU validation split.
    pub validation: ValidationRows,
}

/// PU rows set aside to choose a model: never trained on, and no choice
/// reads their truth.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValidationRows {
    /// Features, row-major, prepared as the training rows are.
    pub x: Vec<f32>,
    /// s of each row: true for labeled positives.
    pub labeled: Vec<bool>,
    /// y of each row where known, hidden as the training rows' is: read only
    /// to score the validation split's truth for analysis
    /// ([`crate::selection::ValidationScores::truth_auc`]).
    pub truth: Option<Vec<bool>>,
    /// Row of each in the source data.
    pub source: Vec<usize>,
}

impl ValidationRows {
    /// The split's note on these rows (none without a row): how many, and
    /// that no model trains on them.
    pub fn note(&self) -> Option<String> {
        validation_note(&self.labeled)
    }

    /// True when it holds both labeled and unlabeled rows, so it can score.
    pub fn is_usable(&self) -> bool {
        self.labeled.contains(&true) && self.labeled.contains(&false)
    }
}

impl PuSplit {
    /// A source row as the user finds it: its 1-based data row in a CSV
    /// file, its index in a built-in subset.
    pub fn source_row_shown(&self, source: usize) -> usize {
        self.file_rows
            .as_ref()
            .and_then(|rows| rows.get(source).copied())
            .unwrap_or(source)
    }

    /// Number of training examples.
    pub fn n_train(&self) -> usize {
        self.train_labeled.len()
    }

    /// Number of test examples.
    pub fn n_test(&self) -> usize {
        self.test_y.len()
    }

    /// Indices of the unlabeled training examples, in order.
    pub fn unlabeled_indices(&self) -> Vec<usize> {
        (0..self.n_train())
            .filter(|&i| !self.train_labeled[i])
            .collect()
    }

    /// For tabular data, where each unlabeled example lies on the first two
    /// principal axes of the unlabeled features (in `unlabeled_indices`
    /// order); `None` for images, which are shown as thumbnails instead.
    pub fn unlabeled_projection(&self) -> Option<Vec<[f32; 2]>> {
        let FeatureShape::Vector { dim } = self.shape else {
            return None;
        };
        let unlabeled = gather_rows(&self.train_x, dim, &self.unlabeled_indices());
        Some(Pca2::fit(&unlabeled, dim).project_all(&unlabeled))
    }
}

/// Why a split cannot be drawn.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SplitError {
    /// More positives or negatives asked for than the data holds.
    #[error(
        "the training data has {available} {what}, but the split needs {needed} \
         (n_l = {n_labeled}, |U| = {n_unlabeled}, ρ = {rho}); lower n_l, |U| or ρ"
    )]
    NotEnough {
        /// "positives" or "negatives".
        what: &'static str,
        /// How many the split needs.
        needed: usize,
        /// How many there are.
        available: usize,
        /// n_l asked for.
        n_labeled: usize,
        /// |U| asked for.
        n_unlabeled: usize,
        /// ρ asked for.
        rho: f64,
    },
    /// The configuration names built-in data but CSV data was given, or the reverse.
    #[error("the run configuration describes {expected} data, but {given} data was given")]
    WrongSource {
        /// What the configuration describes.
        expected: &'static str,
        /// What was given.
        given: &'static str,
    },
    /// A feature value that standardising makes infinite.
    #[error(
        "data row {row}, column \"{column}\": standardised with the training rows' mean and \
         standard deviation, this value is not a finite number (it lies far outside the \
         training rows' range); check the value, or remove the row"
    )]
    NotFinite {
        /// 1-based data row of the file.
        row: usize,
        /// Name of the feature column, shortened.
        column: String,
    },
    /// Too few rows for a test set, validation rows and training.
    #[error("the CSV has too few rows for a test set, validation rows and training: {0}")]
    TooSmall(String),
}

/// Draw the PU split of a built-in dataset.
pub fn split_builtin(
    train: &Dataset,
    test: &Dataset,
    config: &RunConfig,
) -> Result<PuSplit, SplitError> {
    let DataConfig::Builtin {
        positive_classes, ..
    } = &config.data
    else {
        return Err(SplitError::WrongSource {
            expected: "CSV",
            given: "built-in",
        });
    };
    let is_positive = |class: u8| positive_classes.contains(&class);
    let s = &config.split;
    let n_labeled = s.n_labeled;
    let n_unlabeled = s.unlabeled_count();
    let n_u_pos = (s.rho * n_unlabeled as f64).round() as usize;
    let n_u_neg = n_unlabeled - n_u_pos;

    let positives: Vec<usize> = (0..train.len())
        .filter(|&i| is_positive(train.classes[i]))
        .collect();
    let negatives: Vec<usize> = (0..train.len())
        .filter(|&i| !is_positive(train.classes[i]))
        .collect();
    let not_enough = |what, needed, available| SplitError::NotEnough {
        what,
        needed,
        available,
        n_labeled,
        n_unlabeled,
        rho: s.rho,
    };
    if n_labeled + n_u_pos > positives.len() {
        return Err(not_enough(
            "positives",
            n_labeled + n_u_pos,
            positives.len(),
        ));
    }
    if n_u_neg > negatives.len() {
        return Err(not_enough("negatives", n_u_neg, negatives.len()));
    }

    let mut rng = PortableRng::new(config.seed, stream::SPLIT);
    let drawn_pos = rng.sample(&positives, n_labeled + n_u_pos);
    let drawn_neg = rng.sample(&negatives, n_u_neg);
    let (labeled, u_pos) = drawn_pos.split_at(n_labeled);
    let mut unlabeled: Vec<usize> = u_pos.iter().chain(&drawn_neg).copied().collect();
    rng.shuffle(&mut unlabeled);

    let validation = builtin_validation(
        train,
        &config.split,
        config.seed,
        (&drawn_pos, &positives),
        (&drawn_neg, &negatives),
    );
    let train_source: Vec<usize> = labeled.iter().chain(&unlabeled).copied().collect();
    let train_labeled = (0..train_source.len()).map(|i| i < n_labeled).collect();
    let train_truth = train_source
        .iter()
        .map(|&i| is_positive(train.classes[i]))
        .collect();
    let test_y: Vec<bool> = test.classes.iter().map(|&c| is_positive(c)).collect();
    let positive_names: Vec<String> = positive_classes.iter().map(u8::to_string).collect();
    let mut notes = vec![format!(
        "{n_labeled} labeled positives; {n_unlabeled} unlabeled of which {n_u_pos} positive; \
         positive classes {}",
        positive_names.join(",")
    )];
    notes.extend(validation.note());
    Ok(PuSplit {
        shape: train.shape,
        train_x: gather_rows(&train.features, train.shape.len(), &train_source),
        train_labeled,
        train_truth: Some(train_truth),
        train_source,
        test_x: test.features.clone(),
        test_source: (0..test_y.len()).collect(),
        test_y,
        file_rows: None,
        prior: (n_unlabeled > 0).then(|| n_u_pos as f64 / n_unlabeled as f64),
        notes,
        tabular: None,
        validation,
    })
}

/// The validation split of a built-in subset: from the positives and
/// negatives the training split did not draw, round(f·n_l) labeled
/// positives and round(f·|U|) unlabeled rows of which a share ρ positive,
/// all scaled down together when the unused images are too few.
fn builtin_validation(
    train: &Dataset,
    split: &crate::config::SplitConfig,
    seed: u64,
    (drawn_pos, positives): (&[usize], &[usize]),
    (drawn_neg, negatives): (&[usize], &[usize]),
) -> ValidationRows {
    let unused = |drawn: &[usize], all: &[usize]| {
        let drawn: std::collections::HashSet<usize> = drawn.iter().copied().collect();
        all.iter()
            .copied()
            .filter(|i| !drawn.contains(i))
            .collect::<Vec<_>>()
    };
    let (free_pos, free_neg) = (unused(drawn_pos, positives), unused(drawn_neg, negatives));
    let f = split.validation_fraction;
    let want_l = f * split.n_labeled as f64;
    let want_u = f * split.unlabeled_count() as f64;
    let want_pos = want_l + split.rho * want_u;
    let want_neg = (1.0 - split.rho) * want_u;
    let room = |free: usize, want: f64| {
        if want > 0.0 {
            free as f64 / want
        } else {
            f64::INFINITY
        }
    };
    let scale = room(free_pos.len(), want_pos)
        .min(room(free_neg.len(), want_neg))
        .min(1.0);
    // Round n_l down, then keep the cell's ratio |U| / n_l from it.
    let n_l = ((scale * want_l + 1e-9).floor() as usize).min(free_pos.len());
    let n_u = if split.n_labeled > 0 {
        (n_l as f64 * split.unlabeled_count() as f64 / split.n_labeled as f64).round() as usize
    } else {
        (scale * want_u).floor() as usize
    };
    let n_u_pos = ((split.rho * n_u as f64).round() as usize).min(free_pos.len() - n_l);
    let n_u_neg = (n_u - n_u_pos).min(free_neg.len());
    let mut rng = PortableRng::new(seed, stream::VALIDATION);
    let pos = rng.sample(&free_pos, (n_l + n_u_pos).min(free_pos.len()));
    let neg = rng.sample(&free_neg, n_u_neg);
    let rows: Vec<usize> = pos.iter().chain(&neg).copied().collect();
    ValidationRows {
        x: gather_rows(&train.features, train.shape.len(), &rows),
        labeled: (0..rows.len()).map(|i| i < n_l).collect(),
        truth: Some((0..rows.len()).map(|i| i < pos.len()).collect()),
        source: rows,
    }
}

/// Under this many test rows, a run's note says its test scores are rough.
const FEW_TEST_ROWS: usize = 30;

/// The split's note on a test set small enough that one row moves its
/// accuracy by more than 1/[`FEW_TEST_ROWS`].
fn small_test_note(rows: usize) -> Option<String> {
    (rows > 0 && rows < FEW_TEST_ROWS).then(|| {
        format!(
            "Only {rows} test row{}: one row moves a test score by {:.3}, so read the test \
             scores as rough (a larger file, or a larger test share, steadies them)",
            plural_s(rows),
            1.0 / rows as f64
        )
    })
}

/// The split's note on a test set whose truth column gives it one class
/// only, so that ROC-AUC and PR-AUC, which rank one class against the
/// other, do not exist for it.
fn one_class_test_note(test_truth: &[bool]) -> Option<String> {
    let positives = test_truth.iter().filter(|y| **y).count();
    let (class, other) = match positives {
        _ if test_truth.is_empty() => return None,
        0 => ("negative", "positive"),
        n if n == test_truth.len() => ("positive", "negative"),
        _ => return None,
    };
    Some(format!(
        "The test set drew {}, all {class} by the truth column: accuracy is the share of them \
         classified correctly, and ROC-AUC and PR-AUC, which need both classes, cannot be \
         computed (a larger test share, or a file with more {other} rows, gives them)",
        counted(test_truth.len(), "row")
    ))
}

/// Which of a CSV's rows a run tests on, sets aside for validation and
/// trains on (indices into the table), with the notes the choice needs.
#[derive(Clone, Debug, PartialEq)]
pub struct CsvRowRoles {
    /// The test set.
    pub test: Vec<usize>,
    /// The PU validation rows.
    pub validation: Vec<usize>,
    /// The rows trained on.
    pub train: Vec<usize>,
    /// What the split can and cannot measure, so far.
    pub notes: Vec<String>,
}

/// Assign each of `table`'s rows its role in a run with `config`, as
/// [`split_csv`] does; cheap, so the page can check a file and its split
/// settings before a run.
///
/// # Errors
/// [`SplitError::TooSmall`] where the roles leave no test row or no
/// labeled or no unlabeled training row.
pub fn csv_row_roles(table: &TabularData, config: &RunConfig) -> Result<CsvRowRoles, SplitError> {
    let mut rng = PortableRng::new(config.seed, stream::SPLIT);
    let rows = table.rows();
    let fraction = config.split.test_fraction;
    let labeled_rows: Vec<usize> = (0..rows).filter(|&i| table.labeled[i]).collect();
    let (test_rows, notes) = match &table.truth {
        Some(_) => {
            let mut all: Vec<usize> = (0..rows).collect();
            rng.shuffle(&mut all);
            let n_test = ((fraction * rows as f64).round() as usize).min(rows);
            keep_a_labeled_row_for_training(&mut all, n_test, &table.labeled);
            (all[..n_test].to_vec(), Vec::new())
        }
        None => {
            let n_test = (fraction * labeled_rows.len() as f64).round() as usize;
            let note = format!(
                "No ground-truth column: {} {} held out as the test set. \
                 Without known negatives, accuracy is the share of held-out positives recognised, \
                 and ROC-AUC and PR-AUC cannot be computed.",
                counted(n_test, "labeled positive"),
                if n_test == 1 { "is" } else { "are" }
            );
            (rng.sample(&labeled_rows, n_test), vec![note])
        }
    };
    let mut is_test = vec![false; rows];
    for &r in &test_rows {
        is_test[r] = true;
    }
    let (train_rows, valid_rows, no_validation) = set_aside_validation(
        (0..rows).filter(|&r| !is_test[r]).collect(),
        &table.labeled,
        config,
    );
    let n_train_labeled = train_rows.iter().filter(|&&r| table.labeled[r]).count();
    if test_rows.is_empty() || n_train_labeled == 0 || n_train_labeled == train_rows.len() {
        let remedy = if test_rows.is_empty() && table.truth.is_none() && labeled_rows.len() < 2 {
            "without a truth column the test set is made of held-out labeled rows, and \
             training needs a labeled row too, so mark more rows as labeled (at least 2, and \
             enough for the test share to take one), or name a truth column"
        } else if test_rows.is_empty() {
            "a test set needs at least one row: a larger test share, or more labeled rows"
        } else if valid_rows.is_empty() {
            "training needs both labeled and unlabeled rows: mark more rows as labeled"
        } else {
            "training needs both labeled and unlabeled rows: a smaller validation share leaves \
             more"
        };
        let sample = table.sampled_from.map_or_else(String::new, |total| {
            format!(" (a random sample of the file's {total})")
        });
        return Err(SplitError::TooSmall(format!(
            "{rows} rows{sample}, {} labeled. After holding out {} for testing and {} for \
             validation: {remedy}.",
            labeled_rows.len(),
            test_rows.len(),
            valid_rows.len()
        )));
    }

    let mut notes = notes;
    notes.extend(no_validation);
    Ok(CsvRowRoles {
        test: test_rows,
        validation: valid_rows,
        train: train_rows,
        notes,
    })
}

/// Split a PU table into training rows and a test set, standardising
/// features with statistics of the training rows (and filling a missing
/// value with its column's mean over them, see [`TabularData::filled`]).
pub fn split_csv(table: &TabularData, config: &RunConfig) -> Result<PuSplit, SplitError> {
    if !matches!(config.data, DataConfig::Csv { .. }) {
        return Err(SplitError::WrongSource {
            expected: "built-in",
            given: "CSV",
        });
    }
    let CsvRowRoles {
        test: test_rows,
        validation: valid_rows,
        train: train_rows,
        mut notes,
    } = csv_row_roles(table, config)?;
    let dim = table.dim();
    // The rows the standardiser is fitted on: those trained on. Cross-fitted
    // folds (`validation_fold`) share one, fitted on every training row of
    // every fold (their features, never a label), so that the folds'
    // classifiers read the same inputs and average into one model; sorted,
    // so that each fold sums them in the same order.
    let fitted_rows = match config.split.validation_fold {
        None => train_rows.clone(),
        Some(_) => {
            let mut all: Vec<usize> = train_rows.iter().chain(&valid_rows).copied().collect();
            all.sort_unstable();
            all
        }
    };
    // A member of auto trained again (`Refit::MemberRun`) trains on the
    // validation rows too, read through the standardiser of its first
    // training, so that it averages with the other members into one model.
    let (train_rows, valid_rows) = match config.refit {
        Refit::MemberRun => {
            let mut all: Vec<usize> = train_rows.iter().chain(&valid_rows).copied().collect();
            all.sort_unstable();
            (all, Vec::new())
        }
        _ => (train_rows, valid_rows),
    };
    // A value filled in for a missing one is its column's mean over those
    // rows, the mean the standardiser then holds.
    let means = table.filled.means_over(&table.features, dim, &fitted_rows);
    let gathered = |rows: &[usize]| {
        let mut x = gather_rows(&table.features, dim, rows);
        table.filled.refill(&mut x, dim, rows, &means);
        x
    };
    let mut train_x = gathered(&train_rows);
    let mut test_x = gathered(&test_rows);
    let mut valid_x = gathered(&valid_rows);
    let every_fitted_row: Vec<usize> = (0..fitted_rows.len()).collect();
    let standardiser = Standardiser::fit(&gathered(&fitted_rows), dim, &every_fitted_row);
    let not_finite = |rows: &[usize], at: NotFinite| SplitError::NotFinite {
        row: rows
            .get(at.row)
            .and_then(|&row| table.row_numbers.get(row).copied())
            .unwrap_or(0),
        column: clip(
            &table
                .inputs
                .get(at.column)
                .map_or_else(String::new, ToString::to_string),
        ),
    };
    standardiser
        .apply(&mut train_x)
        .map_err(|at| not_finite(&train_rows, at))?;
    standardiser
        .apply(&mut test_x)
        .map_err(|at| not_finite(&test_rows, at))?;
    standardiser
        .apply(&mut valid_x)
        .map_err(|at| not_finite(&valid_rows, at))?;
    let valid_labeled: Vec<bool> = valid_rows.iter().map(|&r| table.labeled[r]).collect();
    notes.extend(validation_note(&valid_labeled));
    notes.extend(small_test_note(test_rows.len()));
    let truth_of = |rows: &[usize]| {
        table
            .truth
            .as_ref()
            .map(|t| rows.iter().map(|&r| t[r]).collect::<Vec<_>>())
    };
    let test_truth = truth_of(&test_rows);
    notes.extend(test_truth.as_deref().and_then(one_class_test_note));
    let train_truth = truth_of(&train_rows);
    let prior = train_truth.as_ref().and_then(|t: &Vec<bool>| {
        let unlabeled: Vec<bool> = train_rows
            .iter()
            .zip(t)
            .filter(|(r, _)| !table.labeled[**r])
            .map(|(_, y)| *y)
            .collect();
        (!unlabeled.is_empty())
            .then(|| unlabeled.iter().filter(|y| **y).count() as f64 / unlabeled.len() as f64)
    });
    Ok(PuSplit {
        shape: FeatureShape::Vector { dim },
        train_x,
        train_labeled: train_rows.iter().map(|&r| table.labeled[r]).collect(),
        train_truth,
        test_y: test_truth.unwrap_or_else(|| vec![true; test_rows.len()]),
        test_source: test_rows,
        file_rows: Some(table.row_numbers.clone()),
        train_source: train_rows,
        test_x,
        prior,
        notes,
        tabular: Some(TabularFeatures {
            inputs: table.inputs.clone(),
            standardiser,
        }),
        validation: ValidationRows {
            x: valid_x,
            labeled: valid_labeled,
            truth: truth_of(&valid_rows),
            source: valid_rows,
        },
    })
}

/// Where the first `n_test` rows of the shuffled `order` (the test set) hold
/// every labeled row, swaps the last of them with the first unlabeled row
/// after, so that training keeps a labeled row; any other draw is left as it is.
fn keep_a_labeled_row_for_training(order: &mut [usize], n_test: usize, labeled: &[bool]) {
    let (test, rest) = order.split_at_mut(n_test.min(order.len()));
    if rest.iter().any(|&r| labeled[r]) {
        return;
    }
    let in_test = test.iter().rposition(|&r| labeled[r]);
    let unlabeled = rest.iter().position(|&r| !labeled[r]);
    if let (Some(t), Some(u)) = (in_test, unlabeled) {
        std::mem::swap(&mut test[t], &mut rest[u]);
    }
}

/// Split a CSV's training rows into those trained on and the validation
/// rows: round(f·n) of its labeled and of its unlabeled rows, drawn apart
/// so each side keeps its share. Where a side would set aside no row, none
/// is set aside (rows that could judge nothing are better trained on), with
/// a note saying so.
fn set_aside_validation(
    rows: Vec<usize>,
    labeled: &[bool],
    config: &RunConfig,
) -> (Vec<usize>, Vec<usize>, Option<String>) {
    let f = config.split.validation_fraction;
    let sides = [true, false].map(|side| -> Vec<usize> {
        rows.iter()
            .copied()
            .filter(|&r| labeled[r] == side)
            .collect()
    });
    let wanted = sides
        .each_ref()
        .map(|of_side| (f * of_side.len() as f64).round() as usize);
    if f > 0.0 && wanted.contains(&0) {
        let note = format!(
            "No PU validation rows: a validation share of {f} of the {} labeled and {} \
             unlabeled training rows leaves a side empty, so the rows stay in training and \
             the run keeps its last epoch (more labeled rows, or a larger share, let it choose)",
            sides[0].len(),
            sides[1].len()
        );
        return (rows, Vec::new(), Some(note));
    }
    let mut rng = PortableRng::new(config.seed, stream::VALIDATION);
    let mut valid = Vec::new();
    for (of_side, n) in sides.iter().zip(wanted) {
        match config.split.validation_fold {
            None => valid.extend(rng.sample(of_side, n)),
            Some(fold) => {
                let dealt = rng.sample(of_side, of_side.len());
                let start = (fold * n).min(dealt.len());
                valid.extend_from_slice(&dealt[start..(start + n).min(dealt.len())]);
            }
        }
    }
    valid.sort_unstable();
    let is_valid = |r: &usize| valid.binary_search(r).is_ok();
    let train = rows.iter().copied().filter(|r| !is_valid(r)).collect();
    (train, valid, None)
}

/// The split's note on its validation rows.
fn validation_note(labeled: &[bool]) -> Option<String> {
    let n_l = labeled.iter().filter(|s| **s).count();
    (!labeled.is_empty()).then(|| {
        format!(
            "{} PU validation rows ({n_l} labeled, {} unlabeled) set aside to choose the epoch; \
             never trained on",
            labeled.len(),
            labeled.len() - n_l
        )
    })
}

/// The given rows of a row-major matrix with `dim` columns.
fn gather_rows(features: &[f32], dim: usize, rows: &[usize]) -> Vec<f32> {
    let mut out = Vec::with_capacity(rows.len() * dim);
    for &r in rows {
        out.extend_from_slice(&features[r * dim..(r + 1) * dim]);
    }
    out
}

/// A small synthetic split for unit tests (the plan's, the learning layer's): two
/// Gaussian classes in 4 dimensions, 40 labeled positives, U of 120 with ρ = 0.5.
#[cfg(test)]
pub(crate) fn tiny_split() -> crate::split::PuSplit {
    use crate::rng::PortableRng;
    let mut rng = PortableRng::new(5, 0);
    let mut row = |positive: bool| -> Vec<f32> {
        let centre = if positive { 1.5 } else { -1.5 };
        (0..4).map(|_| (centre + rng.normal()) as f32).collect()
    };
    let truth: Vec<bool> = (0..160).map(|i| i < 40 || i % 2 == 0).collect();
    let test_y: Vec<bool> = (0..60).map(|i| i % 2 == 0).collect();
    crate::split::PuSplit {
        shape: crate::data::FeatureShape::Vector { dim: 4 },
        train_x: truth.iter().flat_map(|&y| row(y)).collect(),
        train_labeled: (0..160).map(|i| i < 40).collect(),
        train_truth: Some(truth),
        train_source: (0..160).collect(),
        test_x: test_y.iter().flat_map(|&y| row(y)).collect(),
        test_source: (0..60).collect(),
        file_rows: None,
        test_y,
        // 10 labeled and 30 unlabeled rows, half of them positive.
        validation: ValidationRows {
            x: (0..40).flat_map(|i| row(i < 10 || i % 2 == 0)).collect(),
            labeled: (0..40).map(|i| i < 10).collect(),
            truth: Some((0..40).map(|i| i < 10 || i % 2 == 0).collect()),
            source: (160..200).collect(),
        },
        prior: Some(0.5),
        notes: Vec::new(),
        tabular: None,
    }
}

#[cfg(test)]
mod tests {
    use super::one_class_test_note;

    #[test]
    fn a_test_set_of_one_class_either_way_is_noted_and_of_both_is_not() {
        assert_eq!(
            one_class_test_note(&[false, false]).as_deref(),
            Some(
                "The test set drew 2 rows, all negative by the truth column: accuracy is the \
                 share of them classified correctly, and ROC-AUC and PR-AUC, which need both \
                 classes, cannot be computed (a larger test share, or a file with more positive \
                 rows, gives them)"
            )
        );
        assert!(one_class_test_note(&[true]).is_some_and(|n| n.contains("1 row, all positive")));
        assert_eq!(one_class_test_note(&[true, false]), None);
        assert_eq!(one_class_test_note(&[]), None);
    }
}
