//! Saving a trained classifier and scoring with it again, on the CPU backend.

mod common;

use burn::module::{Module, ModuleMapper, Param};
use burn::store::ModuleRecord;
use burn::tensor::{Bytes, Device, Tensor, TensorData};
use policypu::config::{Learner, ModelPreset, RunConfig};
use policypu::data::csv::{CsvColumns, TabularData, read_csv};
use policypu::data::standardise::Standardiser;
use policypu::learn::Trainer;
use policypu::learn::device_data::probabilities;
use policypu::learn::trainer::run_to_end;
use policypu::plan::RunPlan;
use policypu::rng::PortableRng;
use policypu::saved_model::{ModelInput, SavedModel, SavedModelError};
use policypu::split::{PuSplit, split_builtin, split_csv};

/// A PU table of 300 rows: x1 and x2 lean with the class, x3 is noise; a
/// third of the positives are labeled; the truth column is `y`.
fn pu_csv() -> String {
    let mut rng = PortableRng::new(3, 1);
    let mut text = String::from("x1,x2,x3,labeled,y\n");
    for i in 0..300 {
        let positive = i % 2 == 0;
        let centre = if positive { 4.0 } else { 2.0 };
        let labeled = positive && i % 3 == 0;
        text += &format!(
            "{},{},{},{},{}\n",
            centre + rng.normal(),
            10.0 * (centre + rng.normal()),
            rng.normal(),
            u8::from(labeled),
            u8::from(positive)
        );
    }
    text
}

/// The table, its split and a short Weighter run on it.
fn csv_problem() -> (TabularData, PuSplit, RunConfig) {
    let columns = CsvColumns {
        truth: Some("y".into()),
        ..CsvColumns::default()
    };
    let table = read_csv(pu_csv().as_bytes(), &columns).unwrap();
    let mut config = RunConfig::default();
    config.use_csv(columns);
    config.model = ModelPreset::PaperMlp4;
    config.learner = Learner::Weighter;
    config.optim.epochs = 2;
    config.policy.pretrain_epochs = 2;
    let split = split_csv(&table, &config).unwrap();
    (table, split, config)
}

/// Train to the end on the CPU and return the trainer.
fn trained(config: &RunConfig, split: &PuSplit) -> Trainer {
    let plan = RunPlan::new(config, split).unwrap();
    let mut trainer = Trainer::new(&plan, split, &Device::flex()).unwrap();
    pollster::block_on(run_to_end(&mut trainer, |_| {})).unwrap();
    trainer
}

/// The trainer's model, through its file bytes and back.
fn saved_and_loaded(trainer: &Trainer) -> SavedModel {
    let model = pollster::block_on(trainer.export_model()).unwrap();
    SavedModel::from_bytes(&model.to_bytes().unwrap()).unwrap()
}

/// Rows of a row-major matrix.
fn gather(features: &[f32], dim: usize, rows: &[usize]) -> Vec<f32> {
    rows.iter()
        .flat_map(|&r| features[r * dim..(r + 1) * dim].iter().copied())
        .collect()
}

fn assert_close(a: &[f32], b: &[f32]) {
    assert_eq!(a.len(), b.len());
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert!((x - y).abs() < 1e-5, "row {i}: {x} vs {y}");
    }
}

#[test]
fn a_saved_csv_model_scores_the_test_set_as_the_trainer_did() {
    let (table, split, config) = csv_problem();
    let trainer = trained(&config, &split);
    let expected = trainer.kept_test_scores();
    assert_eq!(expected.len(), 75);
    let highest = expected.iter().copied().fold(f32::MIN, f32::max);
    let lowest = expected.iter().copied().fold(f32::MAX, f32::min);
    assert!(
        highest - lowest > 0.05,
        "the scores barely differ: {expected:?}"
    );

    let model = saved_and_loaded(&trainer);
    assert_eq!(model.header.config, config);
    let device = Device::flex();
    let classifiers = model.classifiers(&device).unwrap();
    assert_eq!(classifiers.len(), 1);

    // The standardised test rows, through the loaded network.
    let test_x = Tensor::<2>::from_data(TensorData::new(split.test_x.clone(), [75, 3]), &device);
    let scores = pollster::block_on(probabilities(&classifiers[0], &test_x)).unwrap();
    assert_close(&scores, expected);

    // The raw test rows, prepared by the model itself. The split does not
    // keep the test rows' order, so compare the sorted scores.
    let test_rows: Vec<usize> = (0..table.rows())
        .filter(|r| !split.train_source.contains(r) && !split.validation.source.contains(r))
        .collect();
    let raw = gather(&table.features, 3, &test_rows);
    let mut from_raw = pollster::block_on(model.score(&classifiers, &raw, &device)).unwrap();
    let mut sorted_expected = expected.to_vec();
    from_raw.sort_by(f32::total_cmp);
    sorted_expected.sort_by(f32::total_cmp);
    assert_close(&from_raw, &sorted_expected);
}

/// Sets every float parameter to NaN, as damaged bytes in a file can.
struct NotANumber;

impl ModuleMapper for NotANumber {
    fn map_float<const D: usize>(&mut self, param: Param<Tensor<D>>) -> Param<Tensor<D>> {
        param.map(|t| t.mul_scalar(f32::NAN))
    }
}

#[test]
fn damaged_parameters_are_refused_not_scored() {
    let (table, split, config) = csv_problem();
    let model = saved_and_loaded(&trained(&config, &split));
    let device = Device::flex();
    let damaged: Vec<_> = model
        .classifiers(&device)
        .unwrap()
        .into_iter()
        .map(|net| net.map(&mut NotANumber))
        .collect();
    let raw = gather(&table.features, 3, &[0, 1, 2]);
    let scored = pollster::block_on(model.score(&damaged, &raw, &device));
    assert_eq!(scored, Err(SavedModelError::NotANumber { row: 1 }));
}

#[test]
fn a_csv_model_keeps_its_columns_standardiser_and_batch_norm_statistics() {
    let (table, split, config) = csv_problem();
    let trainer = trained(&config, &split);
    let model = saved_and_loaded(&trainer);
    let ModelInput::Tabular(features) = &model.header.input else {
        panic!("a CSV model reads tabular input");
    };
    assert_eq!(features.columns(), ["x1", "x2", "x3"]);
    assert_eq!(
        features.standardiser,
        Standardiser::fit(&table.features, 3, &split.train_source)
    );
    // Raw training rows prepared by the model are the split's training rows.
    let raw_train = gather(&table.features, 3, &split.train_source);
    assert_eq!(model.prepare_rows(&raw_train).unwrap(), split.train_x);

    // paper-mlp4's classifier: 4 hidden linear layers (weight, bias), 4 batch
    // norms (gamma, beta, running mean, running variance), the output layer.
    let record =
        ModuleRecord::from_bytes(Bytes::from_bytes_vec(model.classifier_records[0].clone()))
            .unwrap();
    assert_eq!(record.len(), 4 * 2 + 4 * 4 + 2);
}

#[test]
fn a_builtin_model_scores_raw_examples_as_the_trainer_did() {
    let (train, test) = common::gaussian_blobs(600, 200, 5, 2.0, 11);
    let mut config = common::blob_config();
    config.split.n_labeled = 60;
    config.optim.epochs = 2;
    config.policy.pretrain_epochs = 1;
    config.learner = Learner::NnPu;
    let split = split_builtin(&train, &test, &config).unwrap();
    let trainer = trained(&config, &split);
    let model = saved_and_loaded(&trainer);
    assert_eq!(
        model.header.input,
        ModelInput::Builtin { shape: split.shape }
    );
    let device = Device::flex();
    let classifiers = model.classifiers(&device).unwrap();
    let scores = pollster::block_on(model.score(&classifiers, &test.features, &device)).unwrap();
    assert_close(&scores, trainer.kept_test_scores());
    assert_eq!(
        model.tabular_features().unwrap_err(),
        SavedModelError::NotTabular {
            dataset: "MNIST".into()
        }
    );
}

#[test]
fn a_damaged_or_mismatched_record_is_refused_when_loading() {
    let (_, split, config) = csv_problem();
    let trainer = trained(&config, &split);
    let model = saved_and_loaded(&trainer);
    let device = Device::flex();

    let mut cut = model.clone();
    let half = cut.classifier_records[0].len() / 2;
    cut.classifier_records[0].truncate(half);
    let reloaded = SavedModel::from_bytes(&cut.to_bytes().unwrap()).unwrap();
    let Err(SavedModelError::Corrupt(message)) = reloaded.classifiers(&device) else {
        panic!("a cut record must be refused");
    };
    assert!(message.contains("cannot be read"), "{message}");

    let mut other_preset = model;
    other_preset.header.members[0].model = ModelPreset::Fast;
    let Err(SavedModelError::Corrupt(message)) = other_preset.classifiers(&device) else {
        panic!("a record of another network must be refused");
    };
    assert!(message.contains("do not fit"), "{message}");
}

#[test]
fn an_averaging_model_scores_each_row_as_the_mean_of_its_members() {
    let (table, split, config) = csv_problem();
    let first = trained(&config, &split);
    let linear = RunConfig {
        learner: Learner::BiasedPu,
        model: ModelPreset::Linear,
        ..config.clone()
    };
    let second = trained(&linear, &split);
    let auto = RunConfig {
        learner: Learner::Auto,
        ..config.clone()
    };
    let model = SavedModel::averaging(
        auto,
        vec![saved_and_loaded(&first), saved_and_loaded(&second)],
    )
    .unwrap();
    let model = SavedModel::from_bytes(&model.to_bytes().unwrap()).unwrap();
    let models: Vec<ModelPreset> = model.header.members.iter().map(|m| m.model).collect();
    assert_eq!(models, [config.model, ModelPreset::Linear]);
    let device = Device::flex();
    let classifiers = model.classifiers(&device).unwrap();
    let test_x = Tensor::<2>::from_data(TensorData::new(split.test_x.clone(), [75, 3]), &device);
    let each = [first.kept_test_scores(), second.kept_test_scores()];
    let expected: Vec<f32> = each[0]
        .iter()
        .zip(each[1])
        .map(|(a, b)| (a + b) / 2.0)
        .collect();
    assert!(
        each[0]
            .iter()
            .zip(each[1])
            .any(|(a, b)| (a - b).abs() > 0.01),
        "the members must differ for the mean to mean something"
    );
    let mut scored = Vec::new();
    for classifier in &classifiers {
        scored.push(pollster::block_on(probabilities(classifier, &test_x)).unwrap());
    }
    assert_close(&scored[0], each[0]);
    assert_close(&scored[1], each[1]);
    assert_close(
        &policypu::auto_learner::average::mean_probabilities(&scored),
        &expected,
    );
    // Scoring raw rows averages the members too (the split does not keep the
    // test rows' order, so compare sorted scores).
    let test_rows: Vec<usize> = (0..table.rows())
        .filter(|r| !split.train_source.contains(r) && !split.validation.source.contains(r))
        .collect();
    let raw = gather(&table.features, 3, &test_rows);
    let mut from_raw = pollster::block_on(model.score(&classifiers, &raw, &device)).unwrap();
    let mut sorted_expected = expected;
    from_raw.sort_by(f32::total_cmp);
    sorted_expected.sort_by(f32::total_cmp);
    assert_close(&from_raw, &sorted_expected);
}
