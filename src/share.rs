//! A [`RunConfig`] as a URL hash, so a link reproduces a run.
//!
//! The hash is flat, `#learner=weighter&split.rho=0.3&…`: one key per
//! field, named by its dotted path, arrays as comma lists, `None` as an
//! empty value. Reading is forgiving, as hand-edited and truncated links
//! must never break the page: unknown keys are ignored, values that do not
//! fit their field fall back to the default, and every such case is listed
//! in [`SharedRun::notices`].

use serde_json::{Map, Value};

use crate::config::RunConfig;

/// Key that asks the page to start training on open.
pub const AUTORUN_KEY: &str = "autorun";
/// Key that carries a CSV file (gzip, base64url) inside the hash.
pub const CSV_DATA_KEY: &str = "csv";

/// What a hash describes.
#[derive(Clone, Debug, PartialEq)]
pub struct SharedRun {
    /// The configuration, with every unusable value replaced by its default.
    pub config: RunConfig,
    /// Start training right away.
    pub autorun: bool,
    /// The embedded CSV payload (gzip + base64url), if any.
    pub csv_data: Option<String>,
    /// What was ignored or replaced, in words, for a notice.
    pub notices: Vec<String>,
}

/// The hash (without `#`) for a configuration.
pub fn to_hash(config: &RunConfig, autorun: bool, csv_data: Option<&str>) -> String {
    let mut pairs = Vec::new();
    if let Ok(value) = serde_json::to_value(config) {
        flatten("", &value, &mut pairs);
    }
    if autorun {
        pairs.push((AUTORUN_KEY.to_string(), "1".to_string()));
    }
    if let Some(data) = csv_data {
        pairs.push((CSV_DATA_KEY.to_string(), data.to_string()));
    }
    pairs
        .iter()
        .map(|(k, v)| format!("{k}={}", encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

fn flatten(prefix: &str, value: &Value, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                flatten(&path, child, out);
            }
        }
        leaf => out.push((prefix.to_string(), leaf_text(leaf))),
    }
}

fn leaf_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(leaf_text).collect::<Vec<_>>().join(","),
        other => other.to_string(),
    }
}

/// Read a hash (with or without `#`).
pub fn from_hash(hash: &str) -> SharedRun {
    let defaults = serde_json::to_value(RunConfig::default()).unwrap_or(Value::Null);
    let mut value = defaults.clone();
    let mut run = SharedRun {
        config: RunConfig::default(),
        autorun: false,
        csv_data: None,
        notices: Vec::new(),
    };
    let mut pairs: Vec<(String, String)> = hash
        .trim_start_matches('#')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (decode(k), decode(v)),
            None => (decode(p), String::new()),
        })
        .collect();
    // The data kind decides which other keys exist, so it goes first.
    pairs.sort_by_key(|(k, _)| k != "data.kind");
    for (key, text) in pairs {
        match key.as_str() {
            AUTORUN_KEY => run.autorun = matches!(text.as_str(), "1" | "true" | "yes"),
            CSV_DATA_KEY => run.csv_data = Some(text),
            "data.kind" => apply_data_kind(&mut value, &text, &mut run.notices),
            _ => apply(&mut value, &key, &text, &mut run.notices),
        }
    }
    run.config = serde_json::from_value(value.clone()).unwrap_or_default();
    for problem in run.config.validate() {
        if let Some(default) = lookup(&defaults, &problem.field).cloned() {
            if let Some(slot) = lookup_mut(&mut value, &problem.field) {
                *slot = default;
                run.notices.push(format!(
                    "{}: {}; the default is used",
                    problem.field, problem.message
                ));
            }
        }
    }
    run.config = serde_json::from_value(value).unwrap_or_default();
    run
}

fn apply_data_kind(value: &mut Value, kind: &str, notices: &mut Vec<String>) {
    let template = match kind {
        "builtin" => serde_json::to_value(RunConfig::default().data),
        "csv" => serde_json::to_value(crate::config::DataConfig::Csv {
            columns: Default::default(),
        }),
        other => {
            notices.push(format!(
                "data.kind: \"{other}\" is not builtin or csv; ignored"
            ));
            return;
        }
    };
    if let (Ok(template), Some(slot)) = (template, lookup_mut(value, "data")) {
        *slot = template;
    }
}

/// Set one leaf if the key names one and the value fits; note it otherwise.
fn apply(value: &mut Value, key: &str, text: &str, notices: &mut Vec<String>) {
    let Some(old) = lookup(value, key).cloned() else {
        notices.push(format!("{key}: not a setting; ignored"));
        return;
    };
    if old.is_object() {
        notices.push(format!("{key}: not a setting; ignored"));
        return;
    }
    let Some(new) = parse_leaf(text, &old) else {
        notices.push(format!(
            "{key}: \"{text}\" is not a valid value; the default is used"
        ));
        return;
    };
    if let Some(slot) = lookup_mut(value, key) {
        *slot = new;
    }
    if serde_json::from_value::<RunConfig>(value.clone()).is_err() {
        if let Some(slot) = lookup_mut(value, key) {
            *slot = old;
        }
        notices.push(format!(
            "{key}: \"{text}\" is not a valid value; the default is used"
        ));
    }
}

/// A leaf value of the same kind as `like`.
fn parse_leaf(text: &str, like: &Value) -> Option<Value> {
    let number = |t: &str| -> Option<Value> {
        let t = t.trim();
        t.parse::<u64>().map(Value::from).ok().or_else(|| {
            t.parse::<f64>()
                .ok()
                .filter(|f| f.is_finite())
                .and_then(|f| serde_json::Number::from_f64(f).map(Value::Number))
        })
    };
    match like {
        Value::Number(_) => number(text),
        Value::Bool(_) => match text {
            "true" | "1" => Some(Value::Bool(true)),
            "false" | "0" => Some(Value::Bool(false)),
            _ => None,
        },
        Value::String(_) => Some(Value::String(text.to_string())),
        Value::Array(_) if text.is_empty() => Some(Value::Array(Vec::new())),
        Value::Array(_) => text
            .split(',')
            .map(number)
            .collect::<Option<Vec<_>>>()
            .map(Value::Array),
        Value::Null if text.is_empty() => Some(Value::Null),
        Value::Null => number(text).or_else(|| Some(Value::String(text.to_string()))),
        Value::Object(_) => None,
    }
}

fn lookup<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(value, |v, key| {
        v.as_object().and_then(|m: &Map<String, Value>| m.get(key))
    })
}

fn lookup_mut<'a>(value: &'a mut Value, path: &str) -> Option<&'a mut Value> {
    path.split('.').try_fold(value, |v, key| {
        v.as_object_mut().and_then(|m| m.get_mut(key))
    })
}

/// Percent-encode everything but unreserved characters and commas.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b',' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Undo percent-encoding; malformed escapes are kept as they are.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{DataConfig, Learner};
    use crate::data::csv::CsvColumns;
    use crate::data::tasks::BuiltinDataset;

    fn custom() -> RunConfig {
        let mut c = RunConfig {
            learner: Learner::NnPu,
            seed: 42,
            ..RunConfig::default()
        };
        c.data = DataConfig::Builtin {
            dataset: BuiltinDataset::Cifar10,
            positive_classes: vec![0, 1, 8, 9],
        };
        c.split.rho = 0.7;
        c.split.n_unlabeled = Some(1234);
        c.nnpu.prior = Some(0.25);
        c
    }

    #[test]
    fn round_trip_is_exact() {
        let c = custom();
        let hash = to_hash(&c, true, None);
        assert!(hash.contains("split.rho=0.7"), "{hash}");
        assert!(hash.contains("data.positive_classes=0,1,8,9"), "{hash}");
        let run = from_hash(&format!("#{hash}"));
        assert_eq!(run.config, c);
        assert!(run.autorun);
        assert!(run.notices.is_empty(), "{:?}", run.notices);
    }

    #[test]
    fn csv_columns_with_odd_names_round_trip() {
        let c = RunConfig {
            data: DataConfig::Csv {
                columns: CsvColumns {
                    labeled: "is labeled?".into(),
                    labeled_value: Some("P".into()),
                    truth: Some("y&z=1".into()),
                    features: None,
                },
            },
            ..RunConfig::default()
        };
        let run = from_hash(&to_hash(&c, false, Some("H4sIAAAA")));
        assert_eq!(run.config, c);
        assert_eq!(run.csv_data.as_deref(), Some("H4sIAAAA"));
    }

    #[test]
    fn hand_edited_links_keep_what_works_and_say_what_did_not() {
        let run = from_hash(
            "#learner=separator&split.rho=banana&colour=blue&optim.epochs=5&split.n_labeled=-3&nnpu.beta=7",
        );
        assert_eq!(run.config.learner, Learner::Separator);
        assert_eq!(run.config.optim.epochs, 5);
        let defaults = RunConfig::default();
        assert_eq!(run.config.split.rho, defaults.split.rho);
        assert_eq!(run.config.split.n_labeled, defaults.split.n_labeled);
        assert_eq!(run.config.nnpu.beta, defaults.nnpu.beta);
        let all = run.notices.join(" | ");
        for key in ["split.rho", "colour", "split.n_labeled", "nnpu.beta"] {
            assert!(all.contains(key), "no notice for {key}: {all}");
        }
    }

    #[test]
    fn truncated_and_garbled_hashes_do_not_panic() {
        for hash in [
            "",
            "#",
            "#learner",
            "#learner=",
            "#split.rho=0.",
            "#%zz=%",
            "#data.kind=tape",
            "#a.b.c.d=1&&&",
            "#learner=weigh",
        ] {
            let run = from_hash(hash);
            assert!(run.config.validate().is_empty(), "{hash}");
        }
        assert_eq!(from_hash("#learner=weigh").notices.len(), 1);
    }
}
