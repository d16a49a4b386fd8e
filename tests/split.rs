//! The SCAR split: counts, ρ, determinism, and refusals.

mod common;

use policypu::config::{Refit, RunConfig, SplitConfig};
use policypu::data::csv::{CsvColumns, TabularData, read_csv};
use policypu::split::{PuSplit, SplitError, csv_row_roles, split_builtin, split_csv};

#[test]
fn counts_and_rho_are_exact() {
    let (train, test) = common::gaussian_blobs(2000, 100, 3, 2.0, 1);
    let mut config = common::blob_config();
    config.split.n_labeled = 100;
    config.split.n_unlabeled = Some(400);
    config.split.rho = 0.3;
    let split = split_builtin(&train, &test, &config).unwrap();
    assert_eq!(split.n_train(), 500);
    assert_eq!(split.train_labeled.iter().filter(|s| **s).count(), 100);
    let truth = split.train_truth.as_ref().unwrap();
    // Every labeled example is a true positive (SCAR: s = 1 implies y = 1).
    assert!(split.train_labeled.iter().zip(truth).all(|(s, y)| !s || *y));
    let u_pos = split
        .train_labeled
        .iter()
        .zip(truth)
        .filter(|(s, y)| !**s && **y)
        .count();
    assert_eq!(u_pos, 120);
    assert_eq!(split.prior, Some(0.3));
    // No example is drawn twice.
    let mut sources = split.train_source.clone();
    sources.sort();
    sources.dedup();
    assert_eq!(sources.len(), 500);
    assert_eq!(split.n_test(), 100);
    assert_eq!(split.test_y.iter().filter(|y| **y).count(), 50);
}

#[test]
fn validation_comes_from_unused_images_with_the_cells_ratio_and_leaves_training_alone() {
    let (train, test) = common::gaussian_blobs(2000, 100, 3, 2.0, 1);
    let mut config = common::blob_config();
    config.split.n_labeled = 100;
    config.split.n_unlabeled = Some(400);
    config.split.rho = 0.3;
    config.split.validation_fraction = 0.0;
    let without = split_builtin(&train, &test, &config).unwrap();
    assert!(without.validation.labeled.is_empty());
    config.split.validation_fraction = 0.25;
    let split = split_builtin(&train, &test, &config).unwrap();
    assert_eq!(
        split.train_source, without.train_source,
        "the training draw is unchanged"
    );
    let valid = &split.validation;
    // 25 labeled, 100 unlabeled of which 30 positive.
    assert_eq!(valid.labeled.iter().filter(|s| **s).count(), 25);
    assert_eq!(valid.labeled.len(), 125);
    let positive = |row: usize| train.classes[row] == 1;
    let u_pos = valid
        .labeled
        .iter()
        .zip(&valid.source)
        .filter(|(s, r)| !**s && positive(**r))
        .count();
    assert_eq!(u_pos, 30);
    assert!(
        valid
            .labeled
            .iter()
            .zip(&valid.source)
            .all(|(s, r)| !s || positive(*r))
    );
    assert!(valid.source.iter().all(|r| !split.train_source.contains(r)));
    // The hidden truth, kept for analysis only, is each row's class.
    let truth = valid.truth.as_ref().unwrap();
    assert_eq!(truth.len(), valid.source.len());
    assert!(
        valid
            .source
            .iter()
            .zip(truth)
            .all(|(r, y)| positive(*r) == *y)
    );
    assert_eq!(truth.iter().filter(|y| **y).count(), 25 + 30);
    // Too few unused positives: everything shrinks together.
    // 750 of the 1,000 positives are drawn for training, 250 are left.
    config.split.n_labeled = 300;
    config.split.n_unlabeled = Some(900);
    config.split.rho = 0.5;
    config.split.validation_fraction = 0.5;
    let tight = split_builtin(&train, &test, &config).unwrap();
    let v = &tight.validation;
    let labeled = v.labeled.iter().filter(|s| **s).count();
    assert_eq!(labeled, 100, "150 asked for, scaled by 250 / 375");
    let unlabeled = v.labeled.len() - labeled;
    assert_eq!(unlabeled, 3 * labeled, "n_l : |U| kept");
    assert!(tight.notes.iter().any(|n| n.contains("PU validation rows")));
}

#[test]
fn default_unlabeled_count_is_three_times_labeled() {
    let (train, test) = common::gaussian_blobs(2000, 10, 2, 2.0, 1);
    let split = split_builtin(&train, &test, &common::blob_config()).unwrap();
    assert_eq!(split.n_train(), 300 + 900);
}

#[test]
fn same_seed_same_split_other_seed_other_split() {
    let (train, test) = common::gaussian_blobs(2000, 10, 2, 2.0, 1);
    let config = common::blob_config();
    let a = split_builtin(&train, &test, &config).unwrap();
    let b = split_builtin(&train, &test, &config).unwrap();
    assert_eq!(a, b);
    let c = split_builtin(&train, &test, &RunConfig { seed: 2, ..config }).unwrap();
    assert_ne!(a.train_source, c.train_source);
}

#[test]
fn pinned_split_is_platform_independent() {
    // The first sources of seed 1, pinned natively; wasm must draw the same.
    let (train, test) = common::gaussian_blobs(2000, 10, 2, 2.0, 1);
    let split = split_builtin(&train, &test, &common::blob_config()).unwrap();
    assert_eq!(&split.train_source[..5], PINNED_SOURCES);
}
const PINNED_SOURCES: &[usize] = &[191, 1165, 101, 1579, 1199];

#[test]
fn refuses_a_split_the_data_cannot_fill() {
    let (train, test) = common::gaussian_blobs(200, 10, 2, 2.0, 1);
    let mut config = common::blob_config();
    config.split.n_labeled = 90;
    config.split.rho = 0.5;
    let err = split_builtin(&train, &test, &config).unwrap_err();
    assert!(matches!(
        err,
        SplitError::NotEnough {
            what: "positives",
            needed: 225,
            available: 100,
            ..
        }
    ));
    assert!(err.to_string().contains("lower n_l"));
}

/// A CSV run's settings, as the page and the CLI make them.
fn csv_config(truth: Option<&str>) -> RunConfig {
    let mut config = RunConfig::default();
    config.use_csv(CsvColumns {
        truth: truth.map(str::to_string),
        ..CsvColumns::default()
    });
    config
}

fn small_csv(rows: usize) -> Vec<u8> {
    let mut text = String::from("x1,x2,labeled,truth\n");
    for i in 0..rows {
        let positive = i % 2 == 0;
        let labeled = positive && i % 4 == 0;
        text += &format!(
            "{},{},{},{}\n",
            i as f32 * 0.1,
            if positive { 5 } else { 1 },
            u8::from(labeled),
            u8::from(positive)
        );
    }
    text.into_bytes()
}

/// `small_csv(rows)` read with its truth column.
fn small_table_with_truth(rows: usize) -> TabularData {
    let columns = CsvColumns {
        truth: Some("truth".into()),
        ..CsvColumns::default()
    };
    read_csv(&small_csv(rows), &columns).unwrap()
}

/// The roles the page checks before a run are the split's, and refuse
/// where it does, with its words; settings out of range do not panic.
#[test]
fn csv_row_roles_are_the_splits_and_refuse_as_it_does() {
    for truth in [Some("truth"), None] {
        let columns = CsvColumns {
            truth: truth.map(str::to_string),
            ..CsvColumns::default()
        };
        let table = read_csv(&small_csv(120), &columns).unwrap();
        for seed in 1..=4 {
            let config = RunConfig {
                seed,
                ..csv_config(truth)
            };
            let roles = csv_row_roles(&table, &config).unwrap();
            let split = split_csv(&table, &config).unwrap();
            assert_eq!(roles.test, split.test_source, "{truth:?}, seed {seed}");
            assert_eq!(roles.validation, split.validation.source);
            assert_eq!(roles.train, split.train_source);
            assert!(!roles.validation.is_empty());
            assert!(roles.notes.iter().all(|n| split.notes.contains(n)));
        }
        // A validation share of 1 leaves nothing to train on.
        let mut config = csv_config(truth);
        config.split.validation_fraction = 1.0;
        let refused = csv_row_roles(&table, &config).unwrap_err();
        assert_eq!(split_csv(&table, &config).unwrap_err(), refused);
        assert!(
            refused
                .to_string()
                .ends_with("training needs both labeled and unlabeled rows: a smaller validation share leaves more."),
            "{refused}"
        );
        config.split.test_fraction = 3.0;
        assert!(csv_row_roles(&table, &config).is_err());
    }
}

/// A development study's folds (`validation_fold`) deal one seed's training
/// rows into disjoint validation splits of the share's size (the last may
/// be short where the size was rounded up), each side apart, leaving the
/// test set as it is.
#[test]
fn validation_folds_are_disjoint_splits_of_the_same_training_rows() {
    let table = small_table_with_truth(400);
    let config = csv_config(Some("truth"));
    let drawn = csv_row_roles(&table, &config).unwrap();
    let mut seen = Vec::new();
    for fold in 0..5 {
        let mut config = config.clone();
        config.split.validation_fold = Some(fold);
        let roles = csv_row_roles(&table, &config).unwrap();
        assert_eq!(roles.test, drawn.test, "fold {fold}");
        let labeled = |rows: &[usize]| rows.iter().filter(|&&r| table.labeled[r]).count();
        let sides = |rows: &[usize]| (labeled(rows), rows.len() - labeled(rows));
        let (full, this) = (sides(&drawn.validation), sides(&roles.validation));
        if fold < 4 {
            assert_eq!(this, full, "fold {fold}");
        } else {
            assert!(
                this.0 <= full.0 && this.1 <= full.1 && this.0 > 0,
                "{this:?}"
            );
        }
        let mut rows: Vec<usize> = roles
            .train
            .iter()
            .chain(&roles.validation)
            .copied()
            .collect();
        rows.sort_unstable();
        let mut all: Vec<usize> = drawn
            .train
            .iter()
            .chain(&drawn.validation)
            .copied()
            .collect();
        all.sort_unstable();
        assert_eq!(rows, all, "fold {fold} trains on the other rows");
        seen.extend(roles.validation);
    }
    let count = seen.len();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), count, "the folds overlap");
}

#[test]
fn cross_fitted_folds_share_the_standardiser_of_every_training_row() {
    let table = small_table_with_truth(400);
    let one_split = split_csv(&table, &csv_config(Some("truth"))).unwrap();
    let folds: Vec<PuSplit> = (0..5)
        .map(|fold| {
            let mut config = csv_config(Some("truth"));
            config.split.validation_fold = Some(fold);
            split_csv(&table, &config).unwrap()
        })
        .collect();
    let input = |split: &PuSplit| split.tabular.clone().unwrap();
    for (fold, split) in folds.iter().enumerate() {
        assert_eq!(input(split), input(&folds[0]), "fold {fold}");
        assert_eq!(split.test_x, folds[0].test_x, "fold {fold}");
    }
    // Fitted on training and validation rows together: their columns have
    // mean 0, which the training rows alone of one split (fitted on those)
    // also have, with another standardiser.
    let split = &folds[2];
    let n = split.n_train() + split.validation.labeled.len();
    for column in 0..2 {
        let values = (0..split.n_train())
            .map(|r| split.train_x[r * 2 + column])
            .chain((0..split.validation.labeled.len()).map(|r| split.validation.x[r * 2 + column]));
        let mean = values.sum::<f32>() / n as f32;
        assert!(mean.abs() < 1e-4, "column {column} mean {mean}");
    }
    assert_ne!(input(&one_split), input(&folds[0]));
}

/// auto's member trained again trains on the split's training and
/// validation rows, read as its first training read them.
#[test]
fn a_member_refit_trains_on_the_validation_rows_through_the_same_standardiser() {
    let table = small_table_with_truth(400);
    let config = csv_config(Some("truth"));
    let first = split_csv(&table, &config).unwrap();
    assert!(!first.validation.labeled.is_empty());
    let again = split_csv(
        &table,
        &RunConfig {
            refit: Refit::MemberRun,
            ..config
        },
    )
    .unwrap();
    assert!(again.validation.labeled.is_empty() && again.validation.x.is_empty());
    let mut rows: Vec<usize> = first
        .train_source
        .iter()
        .chain(&first.validation.source)
        .copied()
        .collect();
    rows.sort_unstable();
    assert_eq!(again.train_source, rows);
    assert_eq!(again.tabular, first.tabular);
    assert_eq!(
        (&again.test_source, &again.test_x),
        (&first.test_source, &first.test_x)
    );
    // A validation row, standardised as the first training's were.
    let row = first.validation.source[0];
    let at = again.train_source.iter().position(|&r| r == row).unwrap();
    assert_eq!(again.train_x[at * 2..at * 2 + 2], first.validation.x[..2]);
}

#[test]
fn csv_with_truth_holds_out_rows_and_standardises_on_training_rows() {
    let table = small_table_with_truth(80);
    let split = split_csv(&table, &csv_config(Some("truth"))).unwrap();
    assert_eq!(split.n_test(), 20);
    // A fifth of the 60 other rows' labeled and unlabeled rows is set aside
    // for validation (rounded on each side).
    let valid = &split.validation;
    let valid_labeled = valid.labeled.iter().filter(|s| **s).count();
    let train_labeled = split.train_labeled.iter().filter(|s| **s).count();
    assert_eq!(
        valid_labeled,
        ((train_labeled + valid_labeled) as f64 * 0.2).round() as usize
    );
    assert_eq!(split.n_train() + valid.labeled.len(), 60);
    assert!(valid.is_usable() && (11..=13).contains(&valid.labeled.len()));
    assert!(valid.source.iter().all(|r| !split.train_source.contains(r)));
    assert_eq!(valid.x.len(), 2 * valid.labeled.len());
    // The truth column's value of each validation row (even rows positive).
    let truth = valid.truth.as_ref().unwrap();
    assert!(
        valid
            .source
            .iter()
            .zip(truth)
            .all(|(r, y)| (r % 2 == 0) == *y)
    );
    assert!(truth.contains(&false));
    // Training columns have mean 0 after standardising.
    let n = split.n_train();
    for column in 0..2 {
        let mean: f32 = (0..n).map(|r| split.train_x[r * 2 + column]).sum::<f32>() / n as f32;
        assert!(mean.abs() < 1e-4, "column {column} mean {mean}");
    }
    assert!(split.prior.unwrap() > 0.0 && split.prior.unwrap() < 1.0);
}

#[test]
fn csv_without_truth_tests_on_held_out_positives_and_says_so() {
    let table = read_csv(&small_csv(80), &CsvColumns::default()).unwrap();
    let split = split_csv(&table, &csv_config(None)).unwrap();
    assert_eq!(split.n_test(), 5); // a quarter of the 20 labeled rows
    assert!(split.test_y.iter().all(|y| *y));
    assert_eq!(split.validation.truth, None);
    assert!(split.notes[0].contains("cannot be computed"));
    assert!(
        split.notes.iter().any(|n| n.starts_with(
            "Only 5 test rows: one row moves a test score by 0.200, so read the test scores as rough"
        )),
        "{:?}",
        split.notes
    );
    assert_eq!(split.prior, None);
}

/// A truth column whose rows are nearly all positive: some seeds' test sets
/// draw no negative, and their note says so and why no AUC; the others have none.
#[test]
fn a_test_set_of_one_class_by_the_truth_column_says_why_it_has_no_auc() {
    let mut text = String::from("x1,labeled,truth\n");
    for i in 0..40 {
        let positive = i >= 2;
        let labeled = positive && i % 3 == 0;
        text += &format!("{},{},{}\n", i, u8::from(labeled), u8::from(positive));
    }
    let columns = CsvColumns {
        truth: Some("truth".into()),
        ..CsvColumns::default()
    };
    let table = read_csv(text.as_bytes(), &columns).unwrap();
    let (mut one_class, mut both) = (0, 0);
    for seed in 1..=20 {
        let mut config = csv_config(Some("truth"));
        config.seed = seed;
        let split = split_csv(&table, &config).unwrap();
        let note = split
            .notes
            .iter()
            .find(|n| n.starts_with("The test set drew"));
        if split.test_y.contains(&false) {
            both += 1;
            assert_eq!(note, None, "seed {seed}");
        } else {
            one_class += 1;
            assert_eq!(
                note.map(String::as_str),
                Some(
                    "The test set drew 10 rows, all positive by the truth column: accuracy is the \
                     share of them classified correctly, and ROC-AUC and PR-AUC, which need both \
                     classes, cannot be computed (a larger test share, or a file with more \
                     negative rows, gives them)"
                ),
                "seed {seed}"
            );
        }
    }
    assert!(one_class > 0 && both > 0, "{one_class} and {both}");
}

/// The split of every seed from 1 to `seeds` of a file of `rows` rows with a
/// truth column (even rows positive) in which only rows 0 and 2 are labeled.
fn splits_of_two_labeled_rows(rows: usize, seeds: u64) -> Vec<(u64, PuSplit)> {
    let mut text = String::from("x,labeled,truth\n");
    for i in 0..rows {
        let labeled = u8::from(i == 0 || i == 2);
        text += &format!("{i}.5,{labeled},{}\n", u8::from(i % 2 == 0));
    }
    let columns = CsvColumns {
        truth: Some("truth".into()),
        ..CsvColumns::default()
    };
    let table = read_csv(text.as_bytes(), &columns).unwrap();
    (1..=seeds)
        .map(|seed| {
            let config = RunConfig {
                seed,
                ..csv_config(Some("truth"))
            };
            let split = split_csv(&table, &config).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            (seed, split)
        })
        .collect()
}

#[test]
fn the_test_set_never_takes_every_labeled_row() {
    // Over 40 seeds some draw of 8 test rows of 30 holds both labeled rows;
    // training keeps one of them instead, with the test set's size.
    for (seed, split) in splits_of_two_labeled_rows(30, 40) {
        assert_eq!(split.n_test(), 8, "seed {seed}");
        assert!(split.train_labeled.contains(&true), "seed {seed}");
    }
    // Without a truth column one labeled row is too few for a test set of
    // held-out positives, and the message says what would do.
    let one = "x,labeled\n1,1\n2,0\n3,0\n4,0\n";
    let table = read_csv(one.as_bytes(), &CsvColumns::default()).unwrap();
    let message = split_csv(&table, &csv_config(None))
        .unwrap_err()
        .to_string();
    assert!(
        message.ends_with(
            "4 rows, 1 labeled. After holding out 0 for testing and 0 for validation: without a \
             truth column the test set is made of held-out labeled rows, and training needs a \
             labeled row too, so mark more rows as labeled (at least 2, and enough for the test \
             share to take one), or name a truth column."
        ),
        "{message}"
    );
    // Rows that are a sample of a larger file say so.
    let sampled = policypu::data::csv::TabularData {
        sampled_from: Some(60_000),
        ..table
    };
    let message = split_csv(&sampled, &csv_config(None))
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("4 rows (a random sample of the file's 60000), 1 labeled."),
        "{message}"
    );
    // With two, a test share that rounds to none asks for a larger one.
    let two = "x,labeled\n1,1\n2,1\n3,0\n4,0\n";
    let table = read_csv(two.as_bytes(), &CsvColumns::default()).unwrap();
    let config = RunConfig {
        split: SplitConfig {
            test_fraction: 0.1,
            ..csv_config(None).split
        },
        ..csv_config(None)
    };
    let message = split_csv(&table, &config).unwrap_err().to_string();
    assert!(
        message.ends_with(
            "a test set needs at least one row: a larger test share, or more labeled rows."
        ),
        "{message}"
    );
}

#[test]
fn a_validation_split_without_a_labeled_row_is_not_set_aside() {
    // A fifth of at most two labeled training rows rounds to none, so no
    // row is set aside and the note says why.
    for (seed, split) in splits_of_two_labeled_rows(24, 8) {
        assert!(split.validation.labeled.is_empty(), "seed {seed}");
        assert_eq!(
            split.n_train() + split.n_test(),
            24,
            "seed {seed}: every other row trains"
        );
        let note = split
            .notes
            .iter()
            .find(|n| n.starts_with("No PU validation rows"));
        assert!(
            note.is_some_and(|n| n.contains("keeps its last epoch")),
            "seed {seed}: {:?}",
            split.notes
        );
        assert!(
            !split
                .notes
                .iter()
                .any(|n| n.contains("set aside to choose the epoch"))
        );
    }
}

#[test]
fn a_csv_validation_share_that_leaves_no_training_rows_is_refused_with_a_remedy() {
    let table = read_csv(&small_csv(80), &CsvColumns::default()).unwrap();
    let mut config = csv_config(None);
    config.split.validation_fraction = 1.0;
    let message = split_csv(&table, &config).unwrap_err().to_string();
    assert!(
        message.contains("75 for validation") && message.contains("smaller validation share"),
        "{message}"
    );
}

#[test]
fn tabular_unlabeled_projection_puts_the_classes_apart() {
    // Two correlated features that both separate the classes, plus jitter:
    // the first principal axis runs between the two clusters.
    let mut text = String::from("a,b,labeled,truth\n");
    for i in 0..80 {
        let positive = i % 2 == 0;
        let centre = if positive { 5.0 } else { 1.0 };
        let jitter = (i % 7) as f32 * 0.05;
        let labeled = positive && i % 4 == 0;
        text += &format!(
            "{},{},{},{}\n",
            centre + jitter,
            centre - jitter,
            u8::from(labeled),
            u8::from(positive)
        );
    }
    let columns = CsvColumns {
        truth: Some("truth".into()),
        ..CsvColumns::default()
    };
    let table = read_csv(text.as_bytes(), &columns).unwrap();
    let split = split_csv(&table, &csv_config(Some("truth"))).unwrap();
    let unlabeled = split.unlabeled_indices();
    let points = split.unlabeled_projection().unwrap();
    assert_eq!(points.len(), unlabeled.len());
    let truth = split.train_truth.as_ref().unwrap();
    let first_axis = |positive: bool| -> Vec<f32> {
        unlabeled
            .iter()
            .zip(&points)
            .filter(|(i, _)| truth[**i] == positive)
            .map(|(_, p)| p[0])
            .collect()
    };
    let (pos, neg) = (first_axis(true), first_axis(false));
    assert!(!pos.is_empty() && !neg.is_empty());
    let max = |v: &[f32]| v.iter().copied().fold(f32::MIN, f32::max);
    let min = |v: &[f32]| v.iter().copied().fold(f32::MAX, f32::min);
    assert!(
        max(&pos) < min(&neg) || max(&neg) < min(&pos),
        "positives {pos:?} negatives {neg:?}"
    );
}

#[test]
fn a_value_standardising_makes_infinite_is_refused_with_row_and_column() {
    // x1 barely varies (std about 6e-8) except on data row 7, which holds 3e38:
    // wherever row 7 is held out for testing, standardising it overflows f32.
    let mut text = String::from("x1,x2,labeled,truth\n");
    for i in 0..40 {
        let x1 = if i == 6 {
            "3e38"
        } else if i % 2 == 0 {
            "1"
        } else {
            "1.0000001"
        };
        text += &format!(
            "{x1},{i},{},{}\n",
            u8::from(i % 4 == 0),
            u8::from(i % 2 == 0)
        );
    }
    let columns = CsvColumns {
        truth: Some("truth".into()),
        ..CsvColumns::default()
    };
    let table = read_csv(text.as_bytes(), &columns).unwrap();
    let mut refused = 0;
    for seed in 1..=12 {
        let config = RunConfig {
            seed,
            ..csv_config(Some("truth"))
        };
        match split_csv(&table, &config) {
            Ok(split) => assert!(split.train_x.iter().all(|x| x.is_finite()), "seed {seed}"),
            Err(error) => {
                refused += 1;
                assert_eq!(
                    error,
                    SplitError::NotFinite {
                        row: 7,
                        column: "x1".into()
                    }
                );
                assert!(error.to_string().starts_with(
                    "data row 7, column \"x1\": standardised with the training rows' mean"
                ));
            }
        }
    }
    assert!(refused > 0, "row 7 was never held out");
}
