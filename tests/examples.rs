//! The shipped example CSVs read as documented, and the malformed fixtures of the
//! browser tests fail with the messages that tests/e2e/fixtures/README.md quotes.

use std::path::Path;

use policypu::config::RunConfig;
use policypu::data::column_guess::suggest_columns;
use policypu::data::csv::{CsvColumns, CsvError, guess_positive_value, preview_csv, read_csv};
use policypu::data::examples::{EXAMPLE_CSVS, ExampleCsv};
use policypu::split::{SplitError, csv_row_roles, split_csv};

/// What reading one example file must give.
struct Expected {
    /// Data rows.
    rows: usize,
    /// Feature columns.
    features: usize,
    /// True positives.
    positives: usize,
    /// Labeled rows.
    labeled: usize,
    /// Detected separator.
    delimiter: u8,
}

/// The expected shape of the example named `file`.
fn expected(file: &str) -> Expected {
    match file {
        "breast_cancer.csv" => Expected {
            rows: 569,
            features: 10,
            positives: 212,
            labeled: 64,
            delimiter: b',',
        },
        "wine.csv" => Expected {
            rows: 178,
            features: 13,
            positives: 59,
            labeled: 18,
            delimiter: b';',
        },
        "two_moons.csv" => Expected {
            rows: 600,
            features: 2,
            positives: 300,
            labeled: 90,
            delimiter: b',',
        },
        other => panic!("no expectations for example {other}"),
    }
}

/// The bytes of a file, by path from the crate root.
fn bytes(path: impl AsRef<Path>) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The bytes of an example file, found through its URL under `public/`.
fn example_bytes(example: &ExampleCsv) -> Vec<u8> {
    bytes(Path::new("public").join(example.url()))
}

#[test]
fn examples_are_listed_once_each() {
    let files: Vec<&str> = EXAMPLE_CSVS.iter().map(|example| example.file).collect();
    assert_eq!(files, ["breast_cancer.csv", "wine.csv", "two_moons.csv"]);
    for example in EXAMPLE_CSVS {
        assert_eq!(example.url(), format!("examples/{}", example.file));
        assert!(!example.title.is_empty());
        assert!(example.description.ends_with('.'));
    }
}

#[test]
fn examples_read_with_their_columns() {
    for example in EXAMPLE_CSVS {
        let want = expected(example.file);
        let bytes = example_bytes(example);
        assert!(bytes.len() < 150_000, "{} is too large", example.file);
        let table = read_csv(&bytes, &example.columns())
            .unwrap_or_else(|err| panic!("{}: {err}", example.file));
        assert_eq!(table.rows(), want.rows, "{}", example.file);
        assert_eq!(table.dim(), want.features, "{}", example.file);
        assert_eq!(table.delimiter, want.delimiter, "{}", example.file);
        let truth = table
            .truth
            .as_ref()
            .expect("every example has ground truth");
        let labeled = table.labeled.iter().filter(|&&s| s).count();
        let positives = truth.iter().filter(|&&y| y).count();
        assert_eq!(labeled, want.labeled, "{}", example.file);
        assert_eq!(positives, want.positives, "{}", example.file);
        // SCAR: labeled rows are true positives, and U holds positives and negatives.
        assert!(
            table.labeled.iter().zip(truth).all(|(&s, &y)| !s || y),
            "{}: a labeled row is negative",
            example.file
        );
        let share = labeled as f64 / positives as f64;
        assert!((0.2..=0.4).contains(&share), "{}: {share}", example.file);
        assert!(table.rows() - labeled > positives - labeled);
        // Only the separator warning: no constant column was dropped.
        let separator_warnings = usize::from(want.delimiter != b',');
        assert_eq!(
            table.warnings.len(),
            separator_warnings,
            "{}: {:?}",
            example.file,
            table.warnings
        );
    }
}

#[test]
fn examples_preview_with_their_separator() {
    for example in EXAMPLE_CSVS {
        let want = expected(example.file);
        let preview = preview_csv(&example_bytes(example), 5).unwrap();
        assert_eq!(preview.delimiter, want.delimiter, "{}", example.file);
        assert_eq!(preview.total_rows, want.rows, "{}", example.file);
        assert_eq!(preview.header.len(), want.features + 2, "{}", example.file);
        let columns = example.columns();
        assert!(preview.header.contains(&columns.labeled));
        assert!(preview.header.contains(&columns.truth.unwrap()));
    }
}

#[test]
fn dropped_examples_are_read_with_the_guessed_columns() {
    // A user who downloads an example and drops it back in gets a column
    // guess that reads it as the example's own choice does.
    for example in EXAMPLE_CSVS {
        let data = example_bytes(example);
        let preview = preview_csv(&data, 5).unwrap();
        let guess = suggest_columns(&preview, &CsvColumns::default());
        assert_eq!(guess.labeled, example.columns.labeled, "{}", example.file);
        assert_eq!(
            guess.truth.as_deref(),
            Some(example.columns.truth),
            "{}",
            example.file
        );
        let guessed = read_csv(&data, &guess).unwrap();
        let chosen = read_csv(&data, &example.columns()).unwrap();
        assert_eq!(guessed.labeled, chosen.labeled, "{}", example.file);
        assert_eq!(
            guessed.feature_names(),
            chosen.feature_names(),
            "{}",
            example.file
        );
    }
}

#[test]
fn examples_split_for_training() {
    for example in EXAMPLE_CSVS {
        let columns = example.columns();
        let table = read_csv(&example_bytes(example), &columns).unwrap();
        // As the page and the CLI make a CSV run's settings.
        let mut config = RunConfig::default();
        config.use_csv(columns);
        let split =
            split_csv(&table, &config).unwrap_or_else(|err| panic!("{}: {err}", example.file));
        assert!(split.test_y.contains(&false), "{}", example.file);
        assert!(split.prior.is_some_and(|prior| prior > 0.0 && prior < 1.0));
    }
}

/// Reads a fixture of the browser tests, expecting an error, and returns its message.
fn fixture_error(file: &str, columns: &CsvColumns) -> (CsvError, String) {
    let bytes = bytes(Path::new("tests/e2e/fixtures").join(file));
    let err = read_csv(&bytes, columns).expect_err(file);
    let message = err.to_string();
    (err, message)
}

/// The column choice the fixtures README gives: labeled 1/0 flags, truth "truth".
fn fixture_columns() -> CsvColumns {
    CsvColumns {
        labeled: "labeled".to_owned(),
        labeled_value: None,
        truth: Some("truth".to_owned()),
        features: None,
        ..CsvColumns::default()
    }
}

#[test]
fn bad_number_fixture_names_row_and_column() {
    let (err, message) = fixture_error("bad_number.csv", &fixture_columns());
    assert!(matches!(err, CsvError::NonNumeric { .. }), "{err:?}");
    assert!(
        message
            .starts_with("Line 7 (data row 6), column \"width\": \"n/a\" marks a missing value."),
        "{message}"
    );
}

#[test]
fn ragged_row_fixture_names_the_line() {
    let bytes = bytes("tests/e2e/fixtures/ragged_row.csv");
    let ragged = CsvError::Ragged {
        line: 8,
        expected: 5,
        found: 6,
    };
    // The preview already refuses the file, before any column is chosen.
    assert_eq!(preview_csv(&bytes, 5), Err(ragged.clone()));
    let (err, message) = fixture_error("ragged_row.csv", &fixture_columns());
    assert_eq!(err, ragged);
    assert!(
        message.starts_with("Line 8 has 6 fields but the header has 5."),
        "{message}"
    );
}

#[test]
fn bad_label_fixture_names_row_and_column() {
    let (err, message) = fixture_error("bad_label.csv", &fixture_columns());
    assert!(matches!(err, CsvError::InvalidLabeled { .. }), "{err:?}");
    assert!(
        message.starts_with(
            "Line 9 (data row 8), column \"labeled\": \"unknown\" is not a labeled flag."
        ),
        "{message}"
    );
}

#[test]
fn malformed_fixtures_preview_except_the_ragged_one() {
    for file in ["bad_number.csv", "bad_label.csv"] {
        let preview = preview_csv(&bytes(Path::new("tests/e2e/fixtures").join(file)), 5).unwrap();
        assert_eq!(preview.total_rows, 10, "{file}");
        assert_eq!(
            preview.header,
            ["length", "width", "height", "labeled", "truth"],
            "{file}"
        );
    }
}

#[test]
fn spreadsheet_export_fixture_reads_as_bad_number_would_with_points() {
    let export = bytes("tests/e2e/fixtures/spreadsheet_export.csv");
    let data = read_csv(&export, &fixture_columns()).unwrap();
    assert_eq!(data.delimiter, b';');
    assert_eq!(data.feature_names(), ["length", "width", "height"]);
    assert_eq!(data.rows(), 10);
    assert_eq!(&data.features[..6], &[1.21, 3.40, 0.52, 0.84, 2.93, 0.71]);
    assert!(
        data.warnings[1].starts_with("A comma was read as the decimal mark in 30 cells"),
        "{:?}",
        data.warnings
    );
}

#[test]
fn class_names_fixture_reads_with_the_class_of_its_labeled_rows_as_positive() {
    let file = bytes("tests/e2e/fixtures/class_names.csv");
    let preview = preview_csv(&file, 5).unwrap();
    let guessed = suggest_columns(&preview, &CsvColumns::default());
    assert_eq!(guessed.truth.as_deref(), Some("diagnosis"));
    let guess = guess_positive_value(&file, &guessed).unwrap();
    assert_eq!(
        (guess.value.as_str(), guess.holding, guess.labeled),
        ("malignant", 3, 3)
    );
    let columns = CsvColumns {
        truth_value: Some(guess.value),
        ..guessed
    };
    let data = read_csv(&file, &columns).unwrap();
    assert_eq!(
        data.truth,
        Some(vec![
            true, false, true, false, true, false, true, false, true, false
        ])
    );
    assert!(data.warnings.is_empty(), "{:?}", data.warnings);
}

#[test]
fn far_value_fixture_passes_the_pages_check_and_is_refused_by_the_split_on_seed_1() {
    // The browser test's refusal at Train: the page's check before a run
    // (the rows' roles) passes, and only the worker's split, standardising,
    // refuses; another seed trains.
    let data = bytes("tests/e2e/fixtures/far_value.csv");
    let columns = suggest_columns(&preview_csv(&data, 5).unwrap(), &CsvColumns::default());
    let table = read_csv(&data, &columns).unwrap();
    // x2 counts the rows, so it is taken for an identifier and left out.
    assert_eq!(
        (table.rows(), table.feature_names()),
        (40, vec!["x1".to_string()])
    );
    let mut config = RunConfig::default();
    config.use_csv(columns);
    assert_eq!(config.seed, 1);
    assert!(csv_row_roles(&table, &config).is_ok());
    assert_eq!(
        split_csv(&table, &config).unwrap_err(),
        SplitError::NotFinite {
            row: 7,
            column: "x1".into()
        }
    );
    config.seed = 5;
    assert!(split_csv(&table, &config).is_ok());
}
