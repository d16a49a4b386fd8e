//! Property tests for every reader of outside bytes: CSV files (with column
//! roles, preview, rows to score), share links, base64url, CSV data in
//! links, saved models and `.pubin` datasets (plain and gzipped).
//!
//! Each reader gets random and mutated inputs and must answer without
//! panicking: an error whose message is a short line of printable text, or a
//! value that keeps the reader's promises. Where a writer exists, what it
//! writes must read back exactly. CI runs a bounded number of cases
//! ([`CASES`]); `scripts/fuzz.sh` runs many more with the same readers.

mod arbitrary;

use policypu::keyed::Keyed;
use std::io::Write;

use arbitrary::valid_run_config;
use policypu::config::settings::SETTINGS;
use policypu::config::{DataConfig, RunConfig};
use policypu::data::csv::{
    CsvColumns, CsvError, DateOrderChoice, IdColumn, MAX_LISTED_VALUES, MAX_ROWS, MissingValues,
    ScoringGaps, guess_positive_value, preview_csv, read_csv, read_feature_rows,
};
use policypu::data::pubin::{parse_pubin, parse_pubin_gz};
use policypu::data::standardise::Standardiser;
use policypu::data::tabular_features::{Input, TabularFeatures};
use policypu::page::base64url;
use policypu::page::lessons::PageView;
use policypu::page::link_data;
use policypu::page::share::{LinkCsv, MAX_NOTICES, from_hash, to_hash};
use policypu::saved_model::{Member, ModelHeader, ModelInput, SavedModel, created_by};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

/// Cases per property in CI.
const CASES: u32 = 200;
/// Longest message a reader may give, in characters.
const MAX_MESSAGE_CHARS: usize = 1_200;

/// The example files, as starting points for mutations.
const EXAMPLE_CSVS: [&[u8]; 3] = [
    include_bytes!("../public/examples/breast_cancer.csv"),
    include_bytes!("../public/examples/wine.csv"),
    include_bytes!("../public/examples/two_moons.csv"),
];

/// A message users see: short, one line, no control characters.
fn assert_readable(message: &str) {
    assert!(
        message.chars().count() <= MAX_MESSAGE_CHARS,
        "{} characters: {message:.200}",
        message.chars().count()
    );
    assert!(
        !message.chars().any(char::is_control),
        "control character in {message:?}"
    );
}

/// One edit of a byte string: (position, byte, kind).
type Edit = (usize, u8, u8);

/// `bytes` after `edits`: overwrite, insert, delete or cut at a position.
fn apply_edits(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for &(at, byte, kind) in edits {
        let at = at % (bytes.len() + 1);
        match kind % 4 {
            0 if at < bytes.len() => bytes[at] = byte,
            1 => bytes.insert(at, byte),
            2 if at < bytes.len() => {
                bytes.remove(at);
            }
            3 => bytes.truncate(at.max(bytes.len().saturating_sub(64))),
            _ => {}
        }
    }
    bytes
}

/// `seed` with a few random edits.
fn mutated(seed: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    vec(any::<Edit>(), 0..8).prop_map(move |edits| apply_edits(seed.clone(), &edits))
}

/// Bytes that look like CSV: mutated examples, text of CSV's own characters,
/// or anything.
fn csv_like_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        select(EXAMPLE_CSVS.to_vec())
            .prop_flat_map(|seed| mutated(seed.to_vec()))
            .boxed(),
        "[a-c0-9,;\t\"\r\n .e+-]{0,120}"
            .prop_map(String::into_bytes)
            .boxed(),
        vec(any::<u8>(), 0..200).boxed(),
    ]
}

/// Column choices, mostly naming columns the examples have.
fn csv_columns() -> impl Strategy<Value = CsvColumns> {
    let name = || {
        prop_oneof![
            select(vec![
                "labeled",
                "label",
                "malignant",
                "class",
                "x",
                "y",
                "a"
            ])
            .prop_map(str::to_owned),
            "[a-c,\"]{0,3}",
        ]
    };
    (
        name(),
        proptest::option::of(select(vec!["1", "P", "yes", ""]).prop_map(str::to_owned)),
        proptest::option::of(name()),
        proptest::option::of(select(vec!["1", "M", "benign", ""]).prop_map(str::to_owned)),
        proptest::option::of(vec(name(), 0..3)),
        select(MissingValues::ALL.to_vec()),
        select(DateOrderChoice::ALL.to_vec()),
    )
        .prop_map(
            |(labeled, labeled_value, truth, truth_value, features, missing, date_order)| {
                CsvColumns {
                    labeled,
                    labeled_value,
                    truth,
                    truth_value,
                    features,
                    missing,
                    date_order,
                }
            },
        )
}

/// A finite f32, often an awkward one.
fn feature_value() -> impl Strategy<Value = f32> {
    prop_oneof![
        -1e3f32..1e3,
        select(vec![
            0.0,
            -0.0,
            f32::MAX,
            f32::MIN,
            3e38,
            f32::MIN_POSITIVE,
            1e-45,
            1.5
        ]),
        any::<f32>().prop_filter("finite", |x| x.is_finite()),
    ]
}

/// How a table is written out as text.
#[derive(Clone, Debug)]
struct Layout {
    delimiter: char,
    line_end: &'static str,
    bom: bool,
    quoted: bool,
    /// Blank lines before each line, cycled.
    blank_lines: Vec<u8>,
}

fn layout() -> impl Strategy<Value = Layout> {
    (
        select(vec![',', ';', '\t']),
        select(vec!["\n", "\r\n", "\r"]),
        any::<bool>(),
        any::<bool>(),
        vec(0u8..3, 1..4),
    )
        .prop_map(|(delimiter, line_end, bom, quoted, blank_lines)| Layout {
            delimiter,
            line_end,
            bom,
            quoted,
            blank_lines,
        })
}

/// A table of `rows × columns` features with a labeled flag per row.
fn table() -> impl Strategy<Value = (Vec<Vec<f32>>, Vec<bool>)> {
    (1usize..5, 2usize..25).prop_flat_map(|(columns, rows)| {
        (
            vec(vec(feature_value(), columns), rows),
            vec(any::<bool>(), rows),
        )
    })
}

/// The table's cells as text.
fn cells(features: &[Vec<f32>]) -> Vec<Vec<String>> {
    features
        .iter()
        .map(|row| row.iter().map(ToString::to_string).collect())
        .collect()
}

/// The cells as CSV text: header `f0,f1,…,labeled`; and the line each data
/// row is written on.
fn write_table(cells: &[Vec<String>], labeled: &[bool], layout: &Layout) -> (String, Vec<u64>) {
    let quote = |text: &str| {
        if layout.quoted {
            format!("\"{text}\"")
        } else {
            text.to_owned()
        }
    };
    let delimiter = layout.delimiter.to_string();
    let columns = cells.first().map_or(0, Vec::len);
    let mut records = vec![
        (0..columns)
            .map(|c| quote(&format!("f{c}")))
            .chain([quote("labeled")])
            .collect::<Vec<_>>()
            .join(&delimiter),
    ];
    for (row, &flag) in cells.iter().zip(labeled) {
        let flag = u8::from(flag).to_string();
        let record: Vec<String> = row.iter().chain([&flag]).map(|c| quote(c)).collect();
        records.push(record.join(&delimiter));
    }
    let mut text = String::from(if layout.bom { "\u{feff}" } else { "" });
    let mut line = 1;
    let mut lines = Vec::new();
    for (index, record) in records.iter().enumerate() {
        for _ in 0..layout.blank_lines[index % layout.blank_lines.len()] {
            text += layout.line_end;
            line += 1;
        }
        if index > 0 {
            lines.push(line);
        }
        text += record;
        text += layout.line_end;
        line += 1;
    }
    (text, lines)
}

/// A model of the run `config` with a made-up record: a CSV model reads two
/// features, a built-in one its dataset's examples.
fn model_of(config: RunConfig) -> SavedModel {
    let input = match &config.data {
        DataConfig::Csv { .. } => ModelInput::Tabular(TabularFeatures {
            inputs: vec![Input::Number("a".into()), Input::Number("b".into())],
            standardiser: Standardiser {
                mean: vec![1.0, -2.0],
                std: vec![2.0, 0.5],
            },
        }),
        DataConfig::Builtin { dataset, .. } => ModelInput::Builtin {
            shape: dataset.shape(),
        },
    };
    SavedModel {
        header: ModelHeader {
            created_by: created_by(),
            members: vec![Member::of(&config)],
            weights: None,
            config,
            input,
            saved: None,
        },
        classifier_records: vec![vec![1, 2, 3, 4, 5]],
    }
}

/// The default run on a CSV file.
fn csv_run() -> RunConfig {
    let mut config = RunConfig::default();
    config.use_csv(CsvColumns::default());
    config
}

/// A valid model file: a CSV model reading two features.
fn model_bytes() -> Vec<u8> {
    model_of(csv_run()).to_bytes().expect("a model writes")
}

/// The bits of every numeric setting of `config` (`None`: unset). `==` on
/// `RunConfig` compares its floats with f64's `==`, which is bit for bit
/// except for NaN (never equal to itself; no valid configuration holds one)
/// and zero's sign (`-0.0 == 0.0`; the generators draw no −0.0); these bits
/// leave neither out.
fn setting_bits(config: &RunConfig) -> Vec<Option<u64>> {
    SETTINGS
        .iter()
        .map(|setting| (setting.get)(config).map(f64::to_bits))
        .collect()
}

/// A valid `.pubin` file of two 1×1×2 images in three classes.
fn pubin_bytes() -> Vec<u8> {
    let mut bytes = b"PUDS".to_vec();
    for field in [1u32, 2, 1, 1, 2, 3] {
        bytes.extend(field.to_le_bytes());
    }
    bytes.extend([2u8, 0, 0, 255, 51, 102]);
    bytes
}

fn gzipped(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes).expect("gzip in memory");
    encoder.finish().expect("gzip in memory")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn csv_reading_answers_every_file(bytes in csv_like_bytes(), columns in csv_columns()) {
        match read_csv(&bytes, &columns) {
            Ok(table) => {
                prop_assert_eq!(table.features.len(), table.rows() * table.dim());
                prop_assert!(table.features.iter().all(|x| x.is_finite()));
                prop_assert!(table.rows() <= MAX_ROWS);
                prop_assert!(table.labeled.contains(&true) && table.labeled.contains(&false));
            }
            Err(error) => assert_readable(&error.to_string()),
        }
    }

    #[test]
    fn a_guessed_positive_value_reads_the_truth_column(
        bytes in csv_like_bytes(),
        columns in csv_columns(),
    ) {
        let columns = CsvColumns { truth_value: None, ..columns };
        if let Some(guess) = guess_positive_value(&bytes, &columns) {
            prop_assert!(guess.holding >= 1 && guess.holding <= guess.labeled);
            let guessed = CsvColumns { truth_value: Some(guess.value), ..columns };
            if let Ok(table) = read_csv(&bytes, &guessed) {
                let truth = table.truth.unwrap_or_default();
                prop_assert!(truth.contains(&true), "no positive in {:?}", truth);
            }
        }
    }

    #[test]
    fn csv_preview_answers_every_file(bytes in csv_like_bytes(), max_rows in 0usize..8) {
        match preview_csv(&bytes, max_rows) {
            Ok(preview) => {
                prop_assert_eq!(preview.kinds.len(), preview.header.len());
                prop_assert!(preview.rows.len() <= max_rows.min(preview.total_rows));
                prop_assert!(preview.rows.iter().all(|row| row.len() == preview.header.len()));
                prop_assert_eq!(preview.values.columns(), preview.header.len());
                prop_assert!(
                    (0..preview.header.len()).all(|c| preview.values.count(c) <= MAX_LISTED_VALUES)
                );
            }
            Err(error) => assert_readable(&error.to_string()),
        }
    }

    #[test]
    fn feature_rows_answer_every_file(
        bytes in csv_like_bytes(),
        names in vec(select(vec!["x", "y", "mean_radius", "alcohol", "a"]).prop_map(str::to_owned), 0..3),
        truth in proptest::option::of(select(vec!["class", "malignant", "z"])),
        truth_value in proptest::option::of(select(vec!["1", "benign"])),
        missing in select(MissingValues::ALL.to_vec()),
        id in proptest::option::of(select(vec!["", "id", "x", "customer_id"])),
    ) {
        let fill = vec![0.5; names.len()];
        let gaps = ScoringGaps { choice: missing, fill: &fill };
        let id = IdColumn::from_flag(id);
        let inputs: Vec<Input> = names.iter().cloned().map(Input::Number).collect();
        match read_feature_rows(&bytes, &inputs, truth, truth_value, &id, gaps) {
            Ok(rows) => {
                prop_assert_eq!(rows.features.len(), rows.rows * names.len());
                if let Some((_, cells)) = &rows.identifiers {
                    prop_assert_eq!(cells.len(), rows.rows);
                }
                prop_assert!(rows.features.iter().all(|x| x.is_finite()));
                prop_assert_eq!(rows.numbers.len(), rows.rows);
                prop_assert!(rows.numbers.windows(2).all(|w| w[0] < w[1]));
            }
            Err(error) => assert_readable(&error.to_string()),
        }
    }

    #[test]
    fn a_written_table_reads_back_exactly((features, labeled) in table(), layout in layout()) {
        let (text, _) = write_table(&cells(&features), &labeled, &layout);
        let result = read_csv(text.as_bytes(), &CsvColumns::default());
        if !labeled.contains(&true) || !labeled.contains(&false) {
            prop_assert!(matches!(result, Err(CsvError::NoLabeledPositives(_) | CsvError::NoUnlabeledRows(_))));
            return Ok(());
        }
        let columns = features[0].len();
        let varying: Vec<usize> = (0..columns)
            .filter(|&c| features.iter().any(|row| row[c] != features[0][c]))
            .collect();
        match result {
            Ok(table) => {
                let names: Vec<String> = varying.iter().map(|c| format!("f{c}")).collect();
                prop_assert_eq!(&table.feature_names(), &names);
                let expected: Vec<f32> = features
                    .iter()
                    .flat_map(|row| varying.iter().map(move |&c| row[c]))
                    .collect();
                prop_assert_eq!(table.features, expected);
                prop_assert_eq!(table.labeled, labeled);
            }
            Err(error) => prop_assert!(
                varying.is_empty() && matches!(error, CsvError::NoFeatures { .. }),
                "{error}"
            ),
        }
    }

    #[test]
    fn a_bad_cell_is_found_on_its_line(
        (features, labeled) in table(),
        layout in layout(),
        at in any::<(usize, usize)>(),
    ) {
        let row = at.0 % features.len();
        let column = at.1 % features[0].len();
        let mut cells = cells(&features);
        cells[row][column] = "abc".into();
        let (text, lines) = write_table(&cells, &labeled, &layout);
        let columns = CsvColumns {
            labeled_value: Some("1".into()),
            ..CsvColumns::default()
        };
        match read_csv(text.as_bytes(), &columns) {
            Err(CsvError::NonNumeric { at, value }) => {
                prop_assert_eq!(at.line, lines[row]);
                prop_assert_eq!(at.row, row + 1);
                prop_assert_eq!(at.column, format!("f{column}"));
                prop_assert_eq!(value, "abc");
            }
            other => prop_assert!(false, "{other:?} for {text:?}"),
        }
    }

    #[test]
    fn any_hash_reads_to_a_valid_configuration(hash in prop_oneof![
        any::<String>(),
        "[a-z._=&~%,0-9#]{0,80}",
        valid_run_config().prop_flat_map(|c| mutated(to_hash(&c, true, &LinkCsv::default(), &PageView::default()).into_bytes()))
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
    ]) {
        let run = from_hash(&hash);
        prop_assert!(run.config.validate().is_empty());
        prop_assert!(run.notices.len() <= MAX_NOTICES);
        for notice in &run.notices {
            assert_readable(notice);
        }
    }

    #[test]
    fn valid_configurations_round_trip_through_a_link(
        config in valid_run_config(),
        autorun in any::<bool>(),
        data in proptest::option::of("[A-Za-z0-9_-]{0,40}"),
    ) {
        let csv = LinkCsv { name: None, data };
        let run = from_hash(&format!("#{}", to_hash(&config, autorun, &csv, &PageView::default())));
        prop_assert_eq!(&run.config, &config);
        prop_assert_eq!(run.autorun, autorun);
        prop_assert_eq!(run.csv, csv);
        prop_assert!(run.notices.is_empty(), "{:?}", run.notices);
    }

    #[test]
    fn valid_configurations_round_trip_through_json_and_a_model_file_bit_for_bit(
        config in valid_run_config(),
    ) {
        let json = serde_json::to_string(&config).expect("a configuration writes");
        let from_json: RunConfig = serde_json::from_str(&json).expect("its JSON reads");
        let bytes = model_of(config.clone()).to_bytes().expect("a model writes");
        let from_model = SavedModel::from_bytes(&bytes).expect("its file reads").header.config;
        for back in [&from_json, &from_model] {
            prop_assert_eq!(back, &config);
            prop_assert_eq!(setting_bits(back), setting_bits(&config));
        }
    }

    #[test]
    fn base64url_round_trips(bytes in vec(any::<u8>(), 0..300)) {
        prop_assert_eq!(base64url::decode(&base64url::encode(&bytes)), Ok(bytes));
    }

    #[test]
    fn base64url_answers_any_text(text in prop_oneof![any::<String>(), "[A-Za-z0-9_=-]{0,20}"]) {
        if let Err(message) = base64url::decode(&text) {
            assert_readable(&message);
        }
    }

    #[test]
    fn link_data_round_trips_and_answers_any_text(
        bytes in vec(any::<u8>(), 0..400),
        text in prop_oneof![any::<String>(), "[A-Za-z0-9_-]{0,60}"],
    ) {
        let encoded = link_data::encode(&bytes).expect("400 bytes fit a link");
        prop_assert_eq!(link_data::decode(&encoded), Ok(bytes));
        if let Err(error) = link_data::decode(&text) {
            assert_readable(&error.to_string());
        }
    }

    #[test]
    fn saved_models_answer_any_bytes(bytes in prop_oneof![
        mutated(model_bytes()),
        vec(any::<u8>(), 0..64).prop_map(|tail| [b"PPUMODEL".as_slice(), &tail].concat()),
    ]) {
        match SavedModel::from_bytes(&bytes) {
            Ok(model) => {
                prop_assert!(model.header.check().is_ok());
                prop_assert!(model.header.config.validate().is_empty());
            }
            Err(error) => assert_readable(&error.to_string()),
        }
    }

    #[test]
    fn pubin_files_answer_any_bytes(bytes in prop_oneof![
        mutated(pubin_bytes()),
        vec(any::<u8>(), 0..64).prop_map(|tail| [b"PUDS\x01\0\0\0".as_slice(), &tail].concat()),
    ]) {
        let plain = parse_pubin(&bytes);
        if let Ok(data) = &plain {
            prop_assert_eq!(data.features.len(), data.len() * data.shape.len());
            prop_assert!(data.classes.iter().all(|&c| usize::from(c) < data.n_classes));
        }
        if let Err(error) = &plain {
            assert_readable(&error.to_string());
        }
        prop_assert_eq!(parse_pubin_gz(&gzipped(&bytes)), plain);
        if let Err(error) = parse_pubin_gz(&bytes) {
            assert_readable(&error.to_string());
        }
    }
}

/// Found by the round-trip property: a number in a model header with more
/// digits than an f64 keeps must read as the f64 nearest to it, or writing
/// the model and reading it again moves it by a rounding step (serde_json's
/// default float parser is not exact past about 16 digits; the
/// `float_roundtrip` feature makes it so).
#[test]
fn a_long_number_in_a_model_header_reads_as_the_nearest_f64_and_keeps_its_bits() {
    const LONG: &str = "0.009223372036854775808922";
    let nearest: f64 = LONG.parse().expect("a number");
    let mut config = csv_run();
    config.optim.lr = 0.0123;
    let bytes = model_of(config).to_bytes().expect("a model writes");
    // Magic and version (12 bytes), the header's length, the header, the
    // record, the checksum (4 bytes).
    let header_len = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
    let header = std::str::from_utf8(&bytes[16..16 + header_len]).expect("UTF-8");
    let long_header = header.replacen("\"lr\":0.0123", &format!("\"lr\": {LONG}"), 1);
    assert_ne!(long_header, header, "the header names the learning rate");
    let long_len = u32::try_from(long_header.len()).expect("a short header");
    // The record as it was, and a checksum of the edited bytes.
    let mut file = [
        &bytes[..12],
        &long_len.to_le_bytes(),
        long_header.as_bytes(),
        &bytes[16 + header_len..bytes.len() - 4],
    ]
    .concat();
    file.extend_from_slice(&crc32fast::hash(&file).to_le_bytes());

    let read = SavedModel::from_bytes(&file).expect("the file reads");
    assert_eq!(read.header.config.optim.lr.to_bits(), nearest.to_bits());
    let written = read.to_bytes().expect("a model writes");
    let read_again = SavedModel::from_bytes(&written).expect("the file reads");
    assert_eq!(
        read_again.header.config.optim.lr.to_bits(),
        nearest.to_bits()
    );
    assert_eq!(read_again, read);
}
