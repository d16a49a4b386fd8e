//! `--config FILE`: a run configuration read from JSON. Any subset of a
//! `RunConfig`'s fields may be given; those left out take the defaults of
//! the run's data (a CSV file's where `--csv` is given, or where the file
//! names CSV data and no `--dataset` replaces it). A file describing the
//! other kind of data than the flags name is refused, as its settings were
//! chosen for that data. A key that names no setting is refused with its
//! place in the file, as a misspelt one would otherwise be dropped in
//! silence and the run use the default. A run file written by `run --out`
//! gives the configuration it ran.

use std::path::Path;

use policypu::config::RunConfig;
use policypu::saved_model::MAGIC;
use serde_json::{Map, Value};

/// The configuration in the JSON file at `path`; `csv_by_flags`: the data
/// the flags name, a CSV file (`--csv`: `Some(true)`), the image data
/// (`--dataset`: `Some(false)`), or neither (`None`).
pub fn read_config_file(path: &Path, csv_by_flags: Option<bool>) -> Result<RunConfig, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.starts_with(MAGIC) {
        return Err(format!(
            "{} is a saved model, not a run configuration: score a file with it by `policypu \
             predict --model {0} --csv FILE`, or give --config the run file `run --out` wrote",
            path.display()
        ));
    }
    // A byte-order mark, as Notepad writes one, is no part of the JSON.
    let text = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(&bytes);
    let text = std::str::from_utf8(text).map_err(|_| {
        format!(
            "{} is not a run configuration: it is not UTF-8 text, as a JSON file must be; \
             save it as UTF-8",
            path.display()
        )
    })?;
    parse_config(text, csv_by_flags)
        .map_err(|e| format!("{} is not a valid run configuration: {e}", path.display()))
}

/// The configuration in `text`: a `RunConfig`, or a run file holding one
/// under "config" beside its "reports"; `csv_by_flags` as
/// [`read_config_file`].
fn parse_config(text: &str, csv_by_flags: Option<bool>) -> Result<RunConfig, String> {
    let mut value: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let config: RunConfig = match &mut value {
        Value::Object(top) if top.contains_key("reports") && top.contains_key("config") => {
            value = top.remove("config").unwrap_or_default();
            serde_json::from_value(value.clone())
                .map_err(|e| format!("its \"config\" is not one: {e}"))?
        }
        // From the text, so that an error names its line and column.
        _ => serde_json::from_str(text).map_err(|e| e.to_string())?,
    };
    let known = serde_json::to_value(&config).map_err(|e| e.to_string())?;
    let Value::Object(given) = &value else {
        return Err("it holds no JSON object of settings".to_string());
    };
    if let Value::Object(known) = &known {
        unknown_key(given, known, "")?;
    }
    let names_csv = given
        .get("data")
        .map(|data| data.get("kind").and_then(Value::as_str) == Some("csv"));
    let on_csv = match (csv_by_flags, names_csv) {
        (Some(true), Some(false)) => {
            return Err(
                "it describes a run on the built-in image data, and --csv names a \
                 CSV file: give the configuration of a CSV run, or leave out its \"data\""
                    .to_string(),
            );
        }
        (Some(false), Some(true)) => {
            return Err(
                "it describes a run on a CSV file, and --dataset names the built-in \
                 image data: give the configuration of an image run, or leave out its \"data\""
                    .to_string(),
            );
        }
        (Some(csv), _) => csv,
        (None, names_csv) => names_csv == Some(true),
    };
    if !on_csv {
        return Ok(config);
    }
    // The settings the file gives, over CSV data's defaults.
    let mut merged = serde_json::to_value(RunConfig::csv_default()).map_err(|e| e.to_string())?;
    overlay(&mut merged, &value);
    serde_json::from_value(merged).map_err(|e| e.to_string())
}

/// `given`'s settings written over `base`'s, object by object; the data
/// source is taken whole, as its kind decides its fields.
fn overlay(base: &mut Value, given: &Value) {
    match (base, given) {
        (Value::Object(base), Value::Object(given)) => {
            for (key, value) in given {
                match base.get_mut(key) {
                    Some(slot) if key != "data" => overlay(slot, value),
                    _ => {
                        base.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (base, given) => *base = given.clone(),
    }
}

/// An error naming every key of `given` (at `place`, a dotted path, and
/// below it) that `known`, the same settings as the program writes them,
/// lacks: a sentence for each place, so one fix of the file clears them all.
fn unknown_key(
    given: &Map<String, Value>,
    known: &Map<String, Value>,
    place: &str,
) -> Result<(), String> {
    let mut sentences = Vec::new();
    unknown_keys(given, known, place, &mut sentences);
    if sentences.is_empty() {
        Ok(())
    } else {
        Err(sentences.join(" "))
    }
}

/// Adds to `sentences` the one for `place`'s unknown keys, then those of
/// the settings nested in it.
fn unknown_keys(
    given: &Map<String, Value>,
    known: &Map<String, Value>,
    place: &str,
    sentences: &mut Vec<String>,
) {
    let unknown: Vec<String> = given
        .keys()
        .filter(|key| !known.contains_key(*key))
        .map(|key| format!("\"{key}\""))
        .collect();
    if let Some((last, first)) = unknown.split_last() {
        let names: Vec<&str> = known.keys().map(String::as_str).collect();
        let at = if place.is_empty() {
            "at the top level".to_string()
        } else {
            format!("in \"{place}\"")
        };
        let (keys, verb, them) = if first.is_empty() {
            (last.clone(), "is not a setting", "it")
        } else {
            (
                format!("{} and {last}", first.join(", ")),
                "are not settings",
                "them",
            )
        };
        let elsewhere: String = given
            .keys()
            .filter(|key| !known.contains_key(*key))
            .filter_map(|key| {
                let groups: Vec<String> = known
                    .iter()
                    .filter(|(_, inner)| inner.get(key.as_str()).is_some())
                    .map(|(group, _)| match place {
                        "" => format!("\"{group}\""),
                        _ => format!("\"{place}.{group}\""),
                    })
                    .collect();
                (!groups.is_empty())
                    .then(|| format!(" \"{key}\" is a setting in {}.", groups.join(" and ")))
            })
            .collect();
        sentences.push(format!(
            "{keys} {at} {verb}; the settings there are {}. Remove or rename {them}.{elsewhere}",
            names.join(", ")
        ));
    }
    for (key, value) in given {
        if let (Some(Value::Object(known)), Value::Object(given)) = (known.get(key), value) {
            let inner = if place.is_empty() {
                key.clone()
            } else {
                format!("{place}.{key}")
            };
            unknown_keys(given, known, &inner, sentences);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use policypu::data::csv::{CsvColumns, DateOrderChoice, MissingValues};

    #[test]
    fn a_file_with_a_byte_order_mark_reads_and_a_model_file_is_named_as_one() {
        let dir = std::env::temp_dir().join(format!("policypu-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let with_mark = dir.join("notepad.json");
        std::fs::write(&with_mark, "\u{feff}{\"seed\": 7}").unwrap();
        assert_eq!(read_config_file(&with_mark, Some(true)).unwrap().seed, 7);
        let model = dir.join("model.ppu");
        std::fs::write(&model, [MAGIC.as_slice(), &[1, 0, 0, 0, 0xff]].concat()).unwrap();
        let err = read_config_file(&model, Some(true)).unwrap_err();
        assert!(
            err.contains(
                "model.ppu is a saved model, not a run configuration: score a file with it \
                 by `policypu predict --model "
            ),
            "{err}"
        );
        let latin = dir.join("latin.json");
        std::fs::write(&latin, b"{\"seed\": 1, \"x\": \"\xe9\"}").unwrap();
        assert!(
            read_config_file(&latin, Some(true))
                .unwrap_err()
                .ends_with("it is not UTF-8 text, as a JSON file must be; save it as UTF-8")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_subset_of_the_settings_reads_over_the_defaults() {
        let config = parse_config(r#"{"seed": 7, "optim": {"epochs": 3}}"#, None).unwrap();
        assert_eq!((config.seed, config.optim.epochs), (7, 3));
        assert_eq!(
            config.optim.batch_size,
            RunConfig::default().optim.batch_size
        );
    }

    #[test]
    fn a_key_that_names_no_setting_is_refused_with_its_place() {
        let top = parse_config(r#"{"seeds": 7}"#, None).unwrap_err();
        assert!(
            top.starts_with("\"seeds\" at the top level is not a setting"),
            "{top}"
        );
        assert!(top.contains("seed, "), "{top}");
        let nested = parse_config(r#"{"optim": {"epoch": 3}}"#, None).unwrap_err();
        assert!(
            nested.starts_with("\"epoch\" in \"optim\" is not a setting"),
            "{nested}"
        );
        assert!(nested.contains("epochs"), "{nested}");
        assert!(parse_config("[1, 2]", None).is_err());
        // Every unknown key is named at once, each place in its own sentence.
        let several =
            parse_config(r#"{"zeta": 1, "alpha": 2, "optim": {"epoch": 3}}"#, None).unwrap_err();
        assert!(
            several.contains("\"alpha\" and \"zeta\" at the top level are not settings")
                && several.contains("Remove or rename them.")
                && several.contains("\"epoch\" in \"optim\" is not a setting"),
            "{several}"
        );
        // A setting one level away is pointed to.
        let misplaced = parse_config(r#"{"epochs": 3}"#, None).unwrap_err();
        assert!(
            misplaced.ends_with("\"epochs\" is a setting in \"optim\"."),
            "{misplaced}"
        );
        let twice = parse_config(r#"{"lr": 0.1}"#, None).unwrap_err();
        assert!(
            twice.ends_with("\"lr\" is a setting in \"optim\" and \"policy\"."),
            "{twice}"
        );
    }

    /// The settings a file leaves out are CSV data's where the run is on a
    /// CSV file; those it gives are kept.
    #[test]
    fn a_csv_run_fills_what_the_file_leaves_out_with_the_csv_defaults() {
        let csv = RunConfig::csv_default();
        let given = r#"{"optim": {"epochs": 2, "lr": 0.0005, "batch_size": 64}}"#;
        let names_csv = r#"{"data": {"kind": "csv", "columns": {"labeled": "s"}},
            "optim": {"epochs": 2, "lr": 0.0005, "batch_size": 64}}"#;
        for (text, csv_by_flags) in [
            (given, Some(true)),
            (names_csv, None),
            (names_csv, Some(true)),
        ] {
            let config = parse_config(text, csv_by_flags).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(
                (
                    config.optim.epochs,
                    config.optim.lr,
                    config.optim.batch_size
                ),
                (2, 0.0005, 64),
                "{text}"
            );
            assert_eq!(
                config.split.validation_fraction,
                csv.split.validation_fraction
            );
            assert_eq!(config.policy.lr, csv.policy.lr);
            assert_eq!(config.model, csv.model);
        }
        // Image data's defaults where the run is not on a CSV file.
        let images = parse_config(given, None).unwrap();
        assert_eq!(
            images.split.validation_fraction,
            RunConfig::default().split.validation_fraction
        );
    }

    #[test]
    fn a_wrong_value_is_named_with_its_line() {
        let wrong = parse_config("{\n  \"seed\": \"x\"\n}", None).unwrap_err();
        assert!(wrong.contains("line 2"), "{wrong}");
    }

    /// The check compares keys with the configuration as written back, so
    /// every field must be written whatever its value (no
    /// `skip_serializing_if`, `flatten` or `alias` in the configuration):
    /// a CSV configuration with every optional setting given reads back.
    #[test]
    fn every_setting_the_program_writes_reads_back() {
        let mut config = RunConfig::default();
        config.use_csv(CsvColumns {
            labeled: "s".into(),
            labeled_value: Some("yes".into()),
            truth: Some("y".into()),
            truth_value: Some("M".into()),
            features: Some(vec!["a".into()]),
            missing: MissingValues::ColumnMean,
            date_order: DateOrderChoice::DayFirst,
        });
        config.split.n_unlabeled = Some(40);
        config.nnpu.prior = Some(0.3);
        let text = serde_json::to_string_pretty(&config).unwrap();
        assert_eq!(parse_config(&text, Some(true)).unwrap(), config);
        assert_eq!(parse_config(&text, None).unwrap(), config);
        let builtin = serde_json::to_string(&RunConfig::paper(
            policypu::data::tasks::BuiltinDataset::Cifar10,
            policypu::config::Learner::Separator,
        ))
        .unwrap();
        assert!(parse_config(&builtin, None).is_ok());
        assert!(parse_config(&builtin, Some(false)).is_ok());
        let refused = parse_config(&builtin, Some(true)).unwrap_err();
        assert!(
            refused.starts_with("it describes a run on the built-in image data, and --csv"),
            "{refused}"
        );
        let refused = parse_config(&text, Some(false)).unwrap_err();
        assert!(
            refused.starts_with("it describes a run on a CSV file, and --dataset"),
            "{refused}"
        );
    }

    #[test]
    fn a_run_file_gives_the_configuration_it_ran() {
        let ran = RunConfig {
            seed: 11,
            ..RunConfig::default()
        };
        let file = serde_json::json!({"config": ran, "reports": [], "device": "CPU"});
        assert_eq!(parse_config(&file.to_string(), None).unwrap(), ran);
    }
}
