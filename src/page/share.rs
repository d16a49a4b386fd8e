//! A [`RunConfig`] as a URL hash, so a link reproduces a run.
//!
//! The hash is flat, `#learner=weighter&split.rho=0.3&…`: one key per
//! field, named by its dotted path. A value is written, and read back, by its
//! field's type, never guessed from its text:
//! - text is percent-encoded: every byte but `A–Z a–z 0–9 - . _`;
//! - numbers are written as they are (`0.3`, `1e-5`, `42`);
//! - a list is its items (numbers, or percent-encoded text) joined by
//!   commas, with one more comma at the end when the last item is empty
//!   (`a,,` is `["a", ""]` and `,` is `[""]`);
//! - an empty value is an optional setting left unset (`None`), and `~` a
//!   text or list that is set but empty.
//!
//! Links written before `~` existed read as they did, except a value that
//! was exactly `~`, which now means empty text.
//!
//! Reading is forgiving, as hand-edited and truncated links must never break
//! the page, and takes time in proportion to the hash: unknown keys are
//! ignored, a choice's key is read in any case (with `_` for `-`), values
//! that do not fit their field fall back to the default (a choice's notice
//! names the keys it takes), a key given twice takes its last value, a hash
//! over [`MAX_HASH_CHARS`] or with more than [`MAX_KEYS`] keys is read only
//! that far, and every such case is listed in [`SharedRun::notices`].

use std::collections::HashMap;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::config::settings::NumberSetting;
use crate::config::{DataConfig, RunConfig};
use crate::keyed::{Keyed, as_key, keys_listed, listed};
use crate::page::lessons::{Lesson, PageView, Part};
use crate::user_text::{capped, clip, file_name};

/// Key that asks the page to start training on open.
pub const AUTORUN_KEY: &str = "autorun";
/// Key that carries a CSV file (gzip, base64url) inside the hash.
pub const CSV_DATA_KEY: &str = "csv";
/// Key naming the CSV file a link's run used, so a link without the data
/// can say which file to load.
pub const CSV_NAME_KEY: &str = "file";
/// The key listing the parts of the page a link hides (see [`crate::page::lessons`]).
pub const HIDE_KEY: &str = "hide";
/// The key naming the lesson whose text the page shows.
pub const LESSON_KEY: &str = "lesson";
/// Longest hash read, in bytes: room for the largest CSV data a link
/// carries (about 44,000 characters) and settings with long column names.
pub const MAX_HASH_CHARS: usize = 128 * 1024;
/// Most keys read from a hash; a configuration has about 30.
pub const MAX_KEYS: usize = 100;
/// Most notices kept; past that the last one says how many more there were.
pub const MAX_NOTICES: usize = 10;
/// The value of a text or list setting that is set but empty.
const EMPTY_VALUE: &str = "~";
/// The key naming the data source, read before the keys that depend on it.
const DATA_KIND_KEY: &str = "data.kind";

/// What a hash describes.
#[derive(Clone, Debug, PartialEq)]
pub struct SharedRun {
    /// The configuration, with every unusable value replaced by its default.
    pub config: RunConfig,
    /// Start training right away.
    pub autorun: bool,
    /// The CSV file the run used: its name and data, when the link has them.
    pub csv: LinkCsv,
    /// The parts of the page to hide and the lesson to show.
    pub view: PageView,
    /// What was ignored or replaced, in words, for a notice; at most
    /// [`MAX_NOTICES`], user text clipped.
    pub notices: Vec<String>,
}

/// A CSV run's file as a link carries it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LinkCsv {
    /// The file's name (clipped when read from a link).
    pub name: Option<String>,
    /// The file itself (gzip + base64url), when the user chose to share it.
    pub data: Option<String>,
}

/// The hash (without `#`) for a configuration.
pub fn to_hash(config: &RunConfig, autorun: bool, csv: &LinkCsv, view: &PageView) -> String {
    let mut pairs = Vec::new();
    if let Ok(value) = serde_json::to_value(config) {
        let mut config_leaves = Vec::new();
        leaves("", &value, &mut config_leaves);
        pairs.extend(
            config_leaves
                .into_iter()
                .map(|(path, leaf)| (path, leaf_text(leaf))),
        );
    }
    if autorun {
        pairs.push((AUTORUN_KEY.to_string(), "1".to_string()));
    }
    if let Some(name) = &csv.name {
        pairs.push((CSV_NAME_KEY.to_string(), encode(name)));
    }
    if let Some(data) = &csv.data {
        pairs.push((CSV_DATA_KEY.to_string(), encode(data)));
    }
    if !view.hidden.is_empty() {
        let keys: Vec<&str> = view.hidden.iter().map(|p| p.key()).collect();
        pairs.push((HIDE_KEY.to_string(), keys.join(",")));
    }
    if let Some(lesson) = view.lesson {
        pairs.push((LESSON_KEY.to_string(), lesson.key.to_string()));
    }
    pairs
        .iter()
        .map(|(k, v)| format!("{}={v}", encode(k)))
        .collect::<Vec<_>>()
        .join("&")
}

/// A leaf's value text, by the rules in the module's documentation.
fn leaf_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) if s.is_empty() => EMPTY_VALUE.to_string(),
        Value::String(s) => encode(s),
        Value::Array(items) if items.is_empty() => EMPTY_VALUE.to_string(),
        Value::Array(items) => {
            let mut text = items.iter().map(item_text).collect::<Vec<_>>().join(",");
            if items.last().is_some_and(|last| last.as_str() == Some("")) {
                text.push(',');
            }
            text
        }
        other => other.to_string(),
    }
}

/// A list item's text: percent-encoded text, or a number as it is.
fn item_text(value: &Value) -> String {
    match value {
        Value::String(s) => encode(s),
        other => other.to_string(),
    }
}

/// Read a hash (with or without `#`).
pub fn from_hash(hash: &str) -> SharedRun {
    let mut notices = Vec::new();
    let pairs = read_pairs(hash, &mut notices);
    let kind = pairs
        .iter()
        .find(|(key, _)| key == DATA_KIND_KEY)
        .map(|(_, raw)| decode(raw));
    let template = template(kind.as_deref(), &mut notices);
    let base = serde_json::to_value(&template).unwrap_or(Value::Null);
    let fields = Field::all(&template);
    let mut value = base.clone();
    let mut autorun = false;
    let mut csv = LinkCsv::default();
    let mut view = PageView::default();
    for (key, raw) in pairs {
        match key.as_str() {
            AUTORUN_KEY => autorun = matches!(decode(raw).as_str(), "1" | "true" | "yes"),
            CSV_DATA_KEY => csv.data = Some(decode(raw)),
            CSV_NAME_KEY => csv.name = Some(file_name(&decode(raw))),
            HIDE_KEY => view.hidden = hidden_parts(&decode(raw), &mut notices),
            LESSON_KEY => {
                let name = decode(raw);
                view.lesson = Lesson::find(&name);
                if view.lesson.is_none() {
                    notices.push(format!(
                        "lesson: there is no lesson \"{}\"; ignored",
                        clip(&name)
                    ));
                }
            }
            DATA_KIND_KEY => {}
            _ => apply(&mut value, &base, &fields, &key, raw, &mut notices),
        }
    }
    let mut config = RunConfig::deserialize(&value).unwrap_or_else(|_| template.clone());
    // Resetting a field can leave another refused (too much work with the
    // default epochs and the link's batch), so look again, then give up.
    for _ in 0..2 {
        let problems = crate::plan::check(&config);
        if problems.is_empty() {
            break;
        }
        for problem in problems {
            if let (Some(default), Some(slot)) = (
                lookup(&base, &problem.field).cloned(),
                lookup_mut(&mut value, &problem.field),
            ) {
                *slot = default;
                let named = fields
                    .get(&problem.field)
                    .and_then(|field| field.number.as_ref())
                    .map_or_else(String::new, |number| format!(", {},", number.default));
                notices.push(format!(
                    "{}: {}; the default{named} is used",
                    problem.field, problem.message
                ));
            }
        }
        config = RunConfig::deserialize(&value).unwrap_or_else(|_| template.clone());
    }
    if !crate::plan::check(&config).is_empty() {
        notices.push(
            "The link's settings together ask for too much work; the defaults are used.".into(),
        );
        config = template;
    }
    SharedRun {
        config,
        autorun,
        csv,
        view,
        notices: capped(notices, MAX_NOTICES),
    }
}

/// The parts named in a `hide` list; unknown names get a notice.
fn hidden_parts(list: &str, notices: &mut Vec<String>) -> Vec<Part> {
    let mut parts = Vec::new();
    for name in list.split(',').filter(|n| !n.trim().is_empty()) {
        match Part::from_key(name) {
            Some(part) if !parts.contains(&part) => parts.push(part),
            Some(_) => {}
            None => {
                notices.push(format!(
                    "hide: \"{}\" is not a part of the page ({}); ignored",
                    clip(name),
                    keys_listed::<Part>()
                ));
            }
        }
    }
    parts
}

/// The hash's (key, raw value) pairs, keys percent-decoded, each key once
/// with its last value, within [`MAX_HASH_CHARS`] and [`MAX_KEYS`].
fn read_pairs<'a>(hash: &'a str, notices: &mut Vec<String>) -> Vec<(String, &'a str)> {
    let mut hash = hash.trim_start_matches('#');
    if hash.len() > MAX_HASH_CHARS {
        // '&' is ASCII, so where it is the text can be cut.
        let end = hash
            .as_bytes()
            .get(..=MAX_HASH_CHARS)
            .and_then(|start| start.iter().rposition(|&byte| byte == b'&'))
            .unwrap_or(0);
        notices.push(format!(
            "The link's settings are {} characters long, over the limit of {MAX_HASH_CHARS}; \
             only the first {end} were read.",
            hash.len()
        ));
        hash = hash.get(..end).unwrap_or_default();
    }
    let mut pairs: Vec<(String, &str)> = Vec::new();
    let mut index_of: HashMap<String, usize> = HashMap::new();
    let mut repeats: Vec<(usize, usize)> = Vec::new();
    let mut parts = hash.split('&').filter(|part| !part.is_empty());
    for part in parts.by_ref().take(MAX_KEYS) {
        let (key, raw) = part.split_once('=').unwrap_or((part, ""));
        let key = decode(key);
        match index_of.get(&key) {
            Some(&index) => {
                pairs[index].1 = raw;
                match repeats.iter_mut().find(|(at, _)| *at == index) {
                    Some((_, count)) => *count += 1,
                    None => repeats.push((index, 2)),
                }
            }
            None => {
                index_of.insert(key.clone(), pairs.len());
                pairs.push((key, raw));
            }
        }
    }
    for (index, count) in repeats {
        notices.push(format!(
            "{}: given {count} times; the last value is used",
            clip(&pairs[index].0)
        ));
    }
    let ignored = parts.count();
    if ignored > 0 {
        notices.push(format!(
            "The link holds more than {MAX_KEYS} settings; the last {ignored} were ignored."
        ));
    }
    pairs
}

/// The default configuration for the data source the link names.
fn template(kind: Option<&str>, notices: &mut Vec<String>) -> RunConfig {
    match kind {
        Some("csv") => RunConfig::csv_default(),
        None | Some("builtin") => RunConfig::default(),
        Some(other) => {
            notices.push(format!(
                "{DATA_KIND_KEY}: \"{}\" is not builtin or csv; ignored",
                clip(other)
            ));
            RunConfig::default()
        }
    }
}

/// Set one leaf if the key names a setting and the value fits it
/// ([`fitted`]); note it otherwise.
fn apply(
    value: &mut Value,
    base: &Value,
    fields: &HashMap<String, Field>,
    key: &str,
    raw: &str,
    notices: &mut Vec<String>,
) {
    let Some(field) = fields.get(key) else {
        notices.push(format!("{}: not a setting; ignored", clip(key)));
        return;
    };
    let parsed = match &field.number {
        Some(number) => number.parse(raw).map_err(|message| {
            format!(
                "{}: {message}; the default, {}, is used",
                clip(key),
                number.default
            )
        }),
        None => field
            .parse(raw)
            .ok_or_else(|| refusal(field, base, key, raw)),
    };
    let fits =
        parsed.and_then(|new| fitted(base, key, new).ok_or_else(|| refusal(field, base, key, raw)));
    match (fits, lookup_mut(value, key)) {
        (Ok(new), Some(slot)) => *slot = new,
        (Err(notice), _) => notices.push(notice),
        (Ok(_), None) => notices.push(refusal(field, base, key, raw)),
    }
}

/// `new` if it fits the setting at `key`, judged on the defaults (`base`)
/// with this leaf alone, so each key costs time in proportion to its own
/// length.
fn fitted(base: &Value, key: &str, new: Value) -> Option<Value> {
    let mut alone = base.clone();
    *lookup_mut(&mut alone, key)? = new;
    let fits = RunConfig::deserialize(&alone).is_ok();
    let new = std::mem::take(lookup_mut(&mut alone, key)?);
    fits.then_some(new)
}

/// The notice for a value that does not fit its field: a choice's names the
/// keys it takes and the default.
fn refusal(field: &Field, base: &Value, key: &str, raw: &str) -> String {
    match (&field.choices, lookup(base, key)) {
        (Some(choices), Some(Value::String(default))) => format!(
            "{}: \"{}\" is not one of {}; the default, {default}, is used",
            clip(key),
            clip(&decode(raw)),
            listed(choices)
        ),
        _ => format!(
            "{}: \"{}\" is not a valid value; the default is used",
            clip(key),
            clip(&decode(raw))
        ),
    }
}

/// A field that holds one of the numeric settings: read as the form and the
/// command line read it ([`NumberSetting::parse`]), so a link's value is
/// refused with the same words and bounds.
#[derive(Clone, Debug)]
struct NumberField {
    /// The setting, from the settings table.
    setting: &'static NumberSetting,
    /// A whole number in the configuration's JSON (else a real number).
    whole: bool,
    /// The default of the link's data source, as a notice writes it.
    default: String,
}

impl NumberField {
    /// The value the raw (percent-encoded) text stands for (`null` for an
    /// empty one where the setting may be unset), or why it is refused,
    /// quoting the text clipped.
    fn parse(&self, raw: &str) -> Result<Value, String> {
        let text = decode(raw);
        let text = text.trim();
        match self.setting.parse(text) {
            Ok(None) => Ok(Value::Null),
            // Whole settings have bounds of 0 or more, so the cast is exact.
            Ok(Some(value)) if self.whole => Ok(Value::from(value as u64)),
            Ok(Some(value)) => serde_json::Number::from_f64(value)
                .map(Value::Number)
                .ok_or_else(|| "must be a finite number".to_string()),
            Err(message) if text.is_empty() => Err(message),
            Err(message) => Err(message.replace(text, &clip(text))),
        }
    }
}

/// What kind of value a setting holds.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// A whole number (counts, seed).
    Integer,
    /// A real number (rates, ρ, priors).
    Float,
    /// Text, names of choices included.
    Text,
    /// A list of whole numbers.
    IntegerList,
    /// A list of texts.
    TextList,
    /// Yes or no (`true`/`false`, `1`/`0`).
    Boolean,
}

/// A setting's kind, whether it may be left unset and, for a setting that
/// names a choice, the keys it takes.
#[derive(Clone, Debug)]
struct Field {
    /// The kind of value.
    kind: Kind,
    /// An `Option`: an empty value means `None`.
    optional: bool,
    /// The keys of a choice (`learner`, `model`), in their order; None for
    /// free text and every other kind.
    choices: Option<Vec<String>>,
    /// The numeric setting the field holds, if it is one.
    number: Option<NumberField>,
}

impl Field {
    /// Every setting of configurations with `template`'s data source, by
    /// dotted path. Kinds come from the template with every optional setting
    /// set; optional settings are the ones the template leaves unset.
    fn all(template: &RunConfig) -> HashMap<String, Field> {
        let mut set = template.clone();
        set.split.n_unlabeled = Some(0);
        set.nnpu.prior = Some(0.5);
        if let DataConfig::Csv { columns } = &mut set.data {
            columns.labeled_value = Some(String::new());
            columns.truth = Some(String::new());
            columns.truth_value = Some(String::new());
            columns.features = Some(vec![String::new()]);
        }
        let set = serde_json::to_value(&set).unwrap_or(Value::Null);
        let defaults = serde_json::to_value(template).unwrap_or(Value::Null);
        let mut set_leaves = Vec::new();
        let mut template_leaves = Vec::new();
        leaves("", &set, &mut set_leaves);
        leaves("", &defaults, &mut template_leaves);
        set_leaves
            .into_iter()
            .zip(template_leaves)
            .filter_map(|((path, like), (_, default))| {
                let kind = Kind::of(like)?;
                let choices = (kind == Kind::Text)
                    .then(|| choices_at(&set, &path))
                    .flatten();
                let number = NumberSetting::at(&path).map(|setting| NumberField {
                    setting,
                    whole: kind == Kind::Integer,
                    default: setting.shown(template),
                });
                Some((
                    path,
                    Field {
                        kind,
                        optional: default.is_null(),
                        choices,
                        number,
                    },
                ))
            })
            .collect()
    }

    /// The value the raw (percent-encoded) text stands for, if it fits; a
    /// choice's key is read as [`Keyed::from_key`] reads one ([`as_key`])
    /// and written back as the key itself.
    fn parse(&self, raw: &str) -> Option<Value> {
        if let (Some(choices), false) = (&self.choices, raw.is_empty() || raw == EMPTY_VALUE) {
            let wanted = as_key(&decode(raw));
            return choices
                .iter()
                .find(|key| **key == wanted)
                .map(|key| Value::String(key.clone()));
        }
        let is_list = matches!(self.kind, Kind::IntegerList | Kind::TextList);
        if raw.is_empty() {
            return match self.kind {
                _ if self.optional => Some(Value::Null),
                Kind::Text => Some(Value::String(String::new())),
                _ if is_list => Some(Value::Array(Vec::new())),
                _ => None,
            };
        }
        if raw == EMPTY_VALUE {
            return match self.kind {
                Kind::Text => Some(Value::String(String::new())),
                _ if is_list => Some(Value::Array(Vec::new())),
                _ => None,
            };
        }
        let items = || raw.strip_suffix(',').unwrap_or(raw).split(',');
        match self.kind {
            Kind::Integer => integer(raw),
            Kind::Float => float(raw),
            Kind::Text => Some(Value::String(decode(raw))),
            Kind::IntegerList => items()
                .map(integer)
                .collect::<Option<Vec<_>>>()
                .map(Value::Array),
            Kind::TextList => Some(Value::Array(
                items().map(|item| Value::String(decode(item))).collect(),
            )),
            Kind::Boolean => match decode(raw).trim() {
                "true" | "1" => Some(Value::Bool(true)),
                "false" | "0" => Some(Value::Bool(false)),
                _ => None,
            },
        }
    }
}

impl Kind {
    /// The kind of a leaf whose value is set; None for kinds no setting has.
    fn of(leaf: &Value) -> Option<Kind> {
        match leaf {
            Value::Number(n) if n.is_f64() => Some(Kind::Float),
            Value::Number(_) => Some(Kind::Integer),
            Value::String(_) => Some(Kind::Text),
            Value::Bool(_) => Some(Kind::Boolean),
            Value::Array(items) => match items.first() {
                Some(Value::String(_)) => Some(Kind::TextList),
                _ => Some(Kind::IntegerList),
            },
            _ => None,
        }
    }
}

/// The keys the text setting at `path` of `config` (a configuration as
/// JSON) takes, if it names a choice: asked of serde with an empty value,
/// whose refusal of an unknown variant lists them (`expected one of `a`,
/// `b``, `expected `a` or `b``). None for free text, which takes it.
fn choices_at(config: &Value, path: &str) -> Option<Vec<String>> {
    let mut probe = config.clone();
    *lookup_mut(&mut probe, path)? = Value::String(String::new());
    let refusal = RunConfig::deserialize(&probe).err()?.to_string();
    let (_, expected) = refusal.split_once("unknown variant ``, expected ")?;
    let keys: Vec<String> = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect();
    (!keys.is_empty()).then_some(keys)
}

/// Every leaf of `value`, by dotted path, in order.
fn leaves<'a>(prefix: &str, value: &'a Value, out: &mut Vec<(String, &'a Value)>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                leaves(&path, child, out);
            }
        }
        leaf => out.push((prefix.to_string(), leaf)),
    }
}

/// A whole number from percent-encoded text.
fn integer(raw: &str) -> Option<Value> {
    decode(raw).trim().parse::<u64>().ok().map(Value::from)
}

/// A finite real number from percent-encoded text.
fn float(raw: &str) -> Option<Value> {
    decode(raw)
        .trim()
        .parse::<f64>()
        .ok()
        .and_then(serde_json::Number::from_f64)
        .map(Value::Number)
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

/// A lesson's link is written here, beside [`to_hash`], so that
/// [`lessons`](crate::page::lessons) does not depend on this module.
impl Lesson {
    /// The lesson's link (the part after `#`).
    pub fn hash(&'static self) -> String {
        to_hash(&(self.config)(), false, &LinkCsv::default(), &self.view())
    }
}

/// What [`encode`] escapes: every byte but `A–Z a–z 0–9 - . _`, so the
/// separators `& = , #`, `~`, `%`, `+` and non-ASCII text all are.
const ESCAPED: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_');

/// Percent-encode every byte in [`ESCAPED`].
fn encode(text: &str) -> String {
    utf8_percent_encode(text, ESCAPED).to_string()
}

/// Undo percent-encoding, reading `+` as a space; malformed escapes are kept
/// as they are, and bytes that are not UTF-8 become `�`. Decodes into one
/// buffer of the text's length (decoding never lengthens it), so a link
/// carrying a file costs one copy of it, not three.
fn decode(text: &str) -> String {
    let mut bytes = Vec::with_capacity(text.len());
    for (i, piece) in text.split('+').enumerate() {
        if i > 0 {
            bytes.push(b' ');
        }
        bytes.extend(percent_decode_str(piece));
    }
    String::from_utf8(bytes)
        .unwrap_or_else(|not_utf8| String::from_utf8_lossy(not_utf8.as_bytes()).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{DataConfig, Learner, PolicyVariant, RewardRule, VerdictThreshold};
    use crate::data::csv::{CsvColumns, DateOrderChoice};
    use crate::data::examples::{BREAST_CANCER, TWO_MOONS};
    use crate::data::tasks::BuiltinDataset;
    use crate::page::lessons::LESSONS;

    /// Every setting of both data sources is a link field: an optional
    /// setting `Field::all` does not know would be dropped from every link.
    #[test]
    fn every_setting_is_a_link_field() {
        for template in [RunConfig::default(), RunConfig::csv_default()] {
            let fields = Field::all(&template);
            let value = serde_json::to_value(&template).unwrap();
            let mut paths = Vec::new();
            leaves("", &value, &mut paths);
            for (path, _) in paths {
                assert!(fields.contains_key(&path), "{path} is no link field");
            }
        }
    }

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
        let hash = to_hash(&c, true, &LinkCsv::default(), &PageView::default());
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
                    ..CsvColumns::default()
                },
            },
            ..RunConfig::default()
        };
        let mut csv = LinkCsv {
            name: Some("my data & more.csv".into()),
            data: Some("H4sIAAAA".into()),
        };
        let run = from_hash(&to_hash(&c, false, &csv, &PageView::default()));
        assert_eq!(run.config, c);
        assert_eq!(run.csv, csv);
        // A long name comes back whole, as it names the file to load.
        csv.name = Some("données clients été 2024 – export (final) v2 for the team.csv".into());
        let run = from_hash(&to_hash(&c, false, &csv, &PageView::default()));
        assert_eq!(run.csv, csv);
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
    fn a_csv_link_missing_settings_gets_the_csv_defaults() {
        let run = from_hash("#data.kind=csv&learner=separator");
        let csv = RunConfig {
            learner: Learner::Separator,
            ..csv_config(CsvColumns::default())
        };
        assert_eq!(run.config, csv);
        assert_ne!(
            run.config.split.validation_fraction,
            RunConfig::default().split.validation_fraction
        );
    }

    #[test]
    fn a_policy_variant_travels_and_a_bad_one_is_named() {
        let mut paper = RunConfig::default();
        paper.policy = paper.policy.with_variant(PolicyVariant::Paper);
        paper.policy.frozen = true;
        let hash = to_hash(&paper, false, &LinkCsv::default(), &PageView::default());
        assert!(hash.contains("policy.reward=paper"), "{hash}");
        let back = from_hash(&hash);
        assert_eq!(back.config, paper);
        assert_eq!(back.config.policy.variant(), PolicyVariant::Paper);
        let run = from_hash("#policy.reward=banana&policy.verdict_threshold=paper&seed=9");
        assert_eq!(run.config.policy.reward, RewardRule::Coherence);
        assert_eq!(run.config.policy.verdict_threshold, VerdictThreshold::Paper);
        assert_eq!(run.config.policy.variant(), PolicyVariant::Mixed);
        assert_eq!(run.config.seed, 9);
        assert!(
            run.notices.iter().any(|n| n.contains("policy.reward")),
            "{:?}",
            run.notices
        );
    }

    #[test]
    fn a_choice_is_read_in_any_case_and_a_wrong_one_is_told_the_keys() {
        let fields = Field::all(&RunConfig::default());
        let mut learner_keys = fields["learner"].choices.clone().unwrap();
        let mut table_keys: Vec<String> = crate::config::LEARNERS
            .iter()
            .map(|spec| spec.key.to_owned())
            .collect();
        learner_keys.sort();
        table_keys.sort();
        assert_eq!(learner_keys, table_keys);
        assert_eq!(fields["seed"].choices, None);
        let csv_fields = Field::all(&RunConfig::csv_default());
        assert_eq!(csv_fields["data.columns.labeled"].choices, None);

        let run = from_hash("#learner=Rank_Pruning&model=%20LINEAR");
        assert_eq!(run.config.learner, Learner::RankPruning);
        assert_eq!(run.config.model, crate::config::ModelPreset::Linear);
        assert!(run.notices.is_empty(), "{:?}", run.notices);

        let run = from_hash("#learner=weigh");
        assert_eq!(run.config.learner, RunConfig::default().learner);
        assert_eq!(run.notices.len(), 1);
        let notice = &run.notices[0];
        assert!(
            notice.starts_with("learner: \"weigh\" is not one of weighter, separator, "),
            "{notice}"
        );
        assert!(
            notice.ends_with("; the default, weighter, is used"),
            "{notice}"
        );
    }

    #[test]
    fn a_number_is_read_as_the_form_reads_it_and_refused_in_its_words() {
        use crate::config::settings::{N_LABELED, RHO, SETTINGS};
        for template in [RunConfig::default(), RunConfig::csv_default()] {
            let fields = Field::all(&template);
            for setting in SETTINGS {
                let number = fields[setting.path].number.as_ref();
                assert_eq!(
                    number.map(|n| n.whole),
                    Some(setting.whole),
                    "{}",
                    setting.path
                );
            }
        }
        let defaults = RunConfig::default();
        let run = from_hash("#split.rho=banana&split.n_labeled=-3&optim.lr=0%2C002&nnpu.prior=");
        assert_eq!(run.config.split.rho, defaults.split.rho);
        assert_eq!(run.config.split.n_labeled, defaults.split.n_labeled);
        assert_eq!(run.config.optim.lr, 0.002);
        assert_eq!(run.config.nnpu.prior, None);
        assert_eq!(
            run.notices,
            [
                format!(
                    "split.rho: \"banana\" is not a number; the default, {}, is used",
                    RHO.shown(&defaults)
                ),
                format!(
                    "split.n_labeled: must be {}; the default, {}, is used",
                    N_LABELED.bounds(),
                    N_LABELED.shown(&defaults)
                ),
            ]
        );
        let long = from_hash(&format!("#split.rho={}", "x".repeat(10_000)));
        assert_eq!(
            long.notices,
            [format!(
                "split.rho: \"{}…\" is not a number; the default, {}, is used",
                "x".repeat(40),
                RHO.shown(&defaults)
            )]
        );
    }

    /// A CSV configuration with these column choices, as the page makes it.
    fn csv_config(columns: CsvColumns) -> RunConfig {
        let mut config = RunConfig::default();
        config.use_csv(columns);
        config
    }

    #[test]
    fn column_choices_of_every_shape_round_trip() {
        for columns in [
            CsvColumns {
                labeled: "7".into(),
                labeled_value: Some("1".into()),
                truth: Some("0.5".into()),
                truth_value: Some("Malignant & co".into()),
                features: Some(vec!["a,b".into(), "".into(), "~".into(), "x%2Cy".into()]),
                ..CsvColumns::default()
            },
            CsvColumns {
                labeled: "".into(),
                labeled_value: Some("".into()),
                truth: None,
                features: Some(vec![]),
                ..CsvColumns::default()
            },
            CsvColumns {
                features: Some(vec!["".into()]),
                date_order: DateOrderChoice::DayFirst,
                ..CsvColumns::default()
            },
            CsvColumns {
                features: Some(vec!["a".into(), "".into()]),
                truth: Some("~ & = + # %".into()),
                ..CsvColumns::default()
            },
        ] {
            let c = csv_config(columns);
            let run = from_hash(&to_hash(
                &c,
                false,
                &LinkCsv::default(),
                &PageView::default(),
            ));
            assert_eq!(run.config, c);
            assert!(run.notices.is_empty(), "{:?}", run.notices);
        }
    }

    #[test]
    fn hidden_parts_and_lessons_round_trip_and_unknown_ones_are_noticed() {
        let view = PageView {
            hidden: vec![Part::Settings, Part::Tour],
            lesson: Lesson::find("policy"),
        };
        let hash = to_hash(&RunConfig::default(), false, &LinkCsv::default(), &view);
        assert!(
            hash.ends_with("&hide=settings,tour&lesson=policy"),
            "{hash}"
        );
        assert_eq!(from_hash(&hash).view, view);
        let odd = from_hash("#hide=tour,everything,tour&lesson=nope");
        assert_eq!(odd.view.hidden, vec![Part::Tour]);
        assert_eq!(odd.view.lesson, None);
        assert_eq!(odd.notices.len(), 2);
        assert!(
            odd.notices[0].starts_with("hide: \"everything\" is not a part of the page (intro,")
        );
        assert_eq!(
            odd.notices[1],
            "lesson: there is no lesson \"nope\"; ignored"
        );
    }

    #[test]
    fn none_and_empty_are_written_differently() {
        let hash = to_hash(
            &csv_config(CsvColumns {
                labeled_value: Some(String::new()),
                features: Some(vec!["a".into(), String::new()]),
                ..CsvColumns::default()
            }),
            false,
            &LinkCsv::default(),
            &PageView::default(),
        );
        assert!(hash.contains("data.columns.labeled_value=~&"), "{hash}");
        assert!(hash.contains("data.columns.truth=&"), "{hash}");
        assert!(hash.contains("data.columns.features=a,,"), "{hash}");
    }

    #[test]
    fn links_in_the_earlier_format_still_read() {
        let run = from_hash(
            "#data.kind=csv&data.columns.labeled=is%20labeled%3F&data.columns.labeled_value=\
             &data.columns.truth=y%26z%3D1&data.columns.features=&split.n_unlabeled=\
             &split.rho=0.7&learner=nn-pu&seed=42&nnpu.prior=0.25",
        );
        let expected = RunConfig {
            learner: Learner::NnPu,
            seed: 42,
            ..csv_config(CsvColumns {
                labeled: "is labeled?".into(),
                labeled_value: None,
                truth: Some("y&z=1".into()),
                features: None,
                ..CsvColumns::default()
            })
        };
        let mut expected = expected;
        expected.split.rho = 0.7;
        expected.nnpu.prior = Some(0.25);
        assert_eq!(run.config, expected);
        assert!(run.notices.is_empty(), "{:?}", run.notices);
        let run = from_hash("#data.kind=builtin&data.positive_classes=1,3,5");
        assert_eq!(
            run.config.data,
            DataConfig::Builtin {
                dataset: BuiltinDataset::Mnist,
                positive_classes: vec![1, 3, 5]
            }
        );
    }

    #[test]
    fn a_repeated_key_takes_its_last_value_with_a_notice() {
        for hash in [
            "#learner=separator&seed=5&learner=nn-pu",
            "#seed=5&learner=separator&learner=nn-pu",
        ] {
            let run = from_hash(hash);
            assert_eq!(run.config.learner, Learner::NnPu, "{hash}");
            assert_eq!(run.config.seed, 5);
            assert_eq!(
                run.notices,
                vec!["learner: given 2 times; the last value is used"]
            );
        }
        let run = from_hash("#data.kind=csv&data.columns.truth=t&data.kind=builtin");
        assert!(matches!(run.config.data, DataConfig::Builtin { .. }));
        assert_eq!(run.notices.len(), 2, "{:?}", run.notices);
    }

    #[test]
    fn huge_hashes_are_capped_with_notices() {
        let flood = "x=1&".repeat(512 * 1024);
        let started = std::time::Instant::now();
        let run = from_hash(&flood);
        assert!(
            started.elapsed().as_secs_f64() < 3.0,
            "{:?}",
            started.elapsed()
        );
        assert_eq!(run.config, RunConfig::default());
        assert_eq!(
            run.notices,
            vec![
                "The link's settings are 2097152 characters long, over the limit of 131072; \
                 only the first 131071 were read."
                    .to_string(),
                "x: given 100 times; the last value is used".into(),
                "The link holds more than 100 settings; the last 32668 were ignored.".into(),
                "x: not a setting; ignored".into(),
            ]
        );
        // An odd prefix puts the limit inside a two-byte character.
        let wide = format!("learner=nn-pu&xx=1&{}", "é".repeat(MAX_HASH_CHARS));
        assert_eq!(from_hash(&wide).config.learner, Learner::NnPu);
        let distinct: String = (0..200_000).map(|i| format!("x{i}=1&")).collect();
        let run = from_hash(&distinct);
        assert_eq!(run.notices.len(), MAX_NOTICES);
        assert_eq!(run.notices[2], "x0: not a setting; ignored");
        assert_eq!(run.notices[9], "…and 93 more");
        // One long value per key, every key a setting: time grows with the
        // hash, not with keys × length.
        let name = "n".repeat(1_000);
        let mut hash = String::from("data.kind=csv");
        for i in 0..99 {
            hash += &format!("&data.columns.truth={name}{i}");
        }
        let started = std::time::Instant::now();
        let run = from_hash(&hash);
        assert!(
            started.elapsed().as_secs_f64() < 3.0,
            "{:?}",
            started.elapsed()
        );
        let DataConfig::Csv { columns } = &run.config.data else {
            panic!("{:?}", run.config.data)
        };
        assert_eq!(columns.truth, Some(format!("{name}98")));
    }

    #[test]
    fn settings_that_together_ask_too_much_fall_back_to_defaults() {
        let run = from_hash(
            "#split.n_labeled=20000&split.n_unlabeled=100000&optim.batch_size=2&optim.epochs=2000",
        );
        assert!(crate::plan::check(&run.config).is_empty());
        assert_eq!(run.config, RunConfig::default());
        assert_eq!(
            run.notices.last().map(String::as_str),
            Some("The link's settings together ask for too much work; the defaults are used.")
        );
        let run = from_hash("#split.n_labeled=1750&optim.batch_size=2&optim.epochs=2000");
        assert_eq!(run.config.optim.batch_size, 2);
        assert_eq!(run.config.optim.epochs, 20);
        assert!(run.notices[0].starts_with("optim.epochs: 2000 epochs in batches of 2 take"));
        assert!(
            run.notices[0]
                .ends_with("use fewer epochs or a larger batch; the default, 20, is used"),
            "{:?}",
            run.notices
        );
    }

    #[test]
    fn huge_counts_in_a_link_are_refused_not_overflowed() {
        // Found by scripts/fuzz.sh: validate() doubled this and overflowed.
        let run = from_hash("#policy.pretrain_epochs=10000000000000000000");
        assert_eq!(run.config.policy.pretrain_epochs, 10);
        assert!(
            run.notices[0].starts_with("policy.pretrain_epochs: must be between 0 and 100"),
            "{:?}",
            run.notices
        );
    }

    #[test]
    fn notices_quote_user_text_clipped() {
        let key = "k".repeat(10_000);
        let run = from_hash(&format!("#{key}=1&learner={}", "w".repeat(10_000)));
        assert_eq!(run.notices.len(), 2);
        assert!(
            run.notices
                .iter()
                .all(|n| !n.contains(&"k".repeat(41)) && !n.contains(&"w".repeat(41))),
            "{:?}",
            run.notices
        );
        assert_eq!(
            run.notices[0],
            format!("{}…: not a setting; ignored", "k".repeat(40))
        );
    }

    #[test]
    fn text_is_escaped_and_read_back_as_links_have_always_had_it() {
        assert_eq!(
            encode("a b~é%&=,#+-._Z9"),
            "a%20b%7E%C3%A9%25%26%3D%2C%23%2B-._Z9"
        );
        // `+` is a space, a bad escape stays, broken UTF-8 is replaced.
        assert_eq!(decode("a+b%2Bc%zz%4%C3"), "a b+c%zz%4\u{fffd}");
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
            assert!(crate::plan::check(&run.config).is_empty(), "{hash}");
        }
        assert_eq!(from_hash("#learner=weigh").notices.len(), 1);
    }

    #[test]
    fn every_lesson_link_opens_its_settings_view_and_text() {
        for lesson in &LESSONS {
            let shared = from_hash(&lesson.hash());
            assert_eq!(shared.config, (lesson.config)(), "{}", lesson.key);
            assert!(shared.notices.is_empty(), "{:?}", shared.notices);
            assert_eq!(shared.view, lesson.view());
            assert!(lesson.hash().contains(&format!("lesson={}", lesson.key)));
        }
        let lesson = |key| Lesson::find(key).unwrap();
        assert_eq!(
            lesson("nnpu-prior")
                .hash()
                .matches("nnpu.prior=0.2")
                .count(),
            1
        );
        let paper = (lesson("paper-reward").config)();
        assert_eq!(paper.policy.variant(), PolicyVariant::Paper);
        // The two-moons and the no-negatives lessons open a file, and each link reads its columns.
        let ranking = lesson("ranking");
        assert_eq!(ranking.example, Some(&TWO_MOONS));
        let moons = (ranking.config)();
        assert_eq!(
            moons.data,
            crate::config::DataConfig::Csv {
                columns: TWO_MOONS.columns()
            }
        );
        assert_eq!(moons.learner, Learner::BiasedPu);
        let with_files: Vec<&str> = LESSONS
            .iter()
            .filter(|l| l.example.is_some())
            .map(|l| l.key)
            .collect();
        assert_eq!(with_files, ["ranking", "no-negatives"]);
        let choosing = lesson("no-negatives");
        assert_eq!(choosing.example, Some(&BREAST_CANCER));
        let cancer = (choosing.config)();
        assert_eq!(cancer.learner, Learner::Auto);
        assert_eq!(
            cancer.data,
            crate::config::DataConfig::Csv {
                columns: BREAST_CANCER.columns()
            }
        );
    }
}
