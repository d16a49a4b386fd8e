//! Command-line flags that override a [`RunConfig`].

use policypu::keyed::{Keyed, keys_listed};
use std::path::PathBuf;

use clap::Args;
use policypu::config::{
    BackendChoice, DataConfig, Learner, ModelPreset, PolicyVariant, Refit, RunConfig,
};

use crate::column_names::ColumnNames;
use crate::config_file::read_config_file;
use crate::learner_spec::{self, LearnerSpec};
use crate::setting_flags::SettingFlags;
use policypu::data::column_guess::{
    guess_labeled_column, guess_truth_column, other_flag_columns_note,
};
use policypu::data::csv::{
    self as csv, CsvColumns, DateOrderChoice, MissingValues, guess_labeled_value,
    guess_positive_value, preview_csv,
};
use policypu::data::tasks::BuiltinDataset;
use policypu::selection::Criterion;

/// Where the data comes from and how training runs; every flag is optional
/// and overrides the configuration file (or the defaults).
#[derive(Args, Debug, Clone, Default)]
pub struct RunArgs {
    /// JSON file holding a RunConfig (any subset of its fields; a key that names no setting is
    /// refused), or a run file written by `run --out` (the configuration it ran).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Start from the paper's settings (CNNs, lr 1e-5, 300 epochs, …) for the dataset and learner
    /// (its image datasets only, and not with a configuration file, which holds its own).
    #[arg(long, conflicts_with_all = ["config", "csv"])]
    pub paper: bool,
    /// Built-in dataset.
    #[arg(long, help = format!("Built-in dataset: {}", keys_listed::<BuiltinDataset>()))]
    pub dataset: Option<BuiltinDataset>,
    /// Positive class ids of a built-in dataset, e.g. 0,2,4,6,8.
    #[arg(long, value_delimiter = ',')]
    pub positive: Option<Vec<u8>>,
    /// A PU CSV file instead of a built-in dataset.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// CSV column that marks labeled positives (default: the --config file's, else "labeled";
    /// a file without that column has one guessed, with a note, as the page guesses it).
    #[arg(long)]
    pub label_column: Option<String>,
    /// CSV: the value of the label column that means "labeled" (help text: `labeled_value_help`).
    #[arg(long, help = labeled_value_help())]
    pub labeled_value: Option<String>,
    /// CSV column holding the true class, used only for evaluation (default: the --config
    /// file's, else a column that looks like the true class, with a note, else none; an empty
    /// name means none).
    #[arg(long)]
    pub truth_column: Option<String>,
    /// CSV: the value of the truth column that means positive (help text: `truth_value_help`).
    #[arg(long, help = truth_value_help())]
    pub truth_value: Option<String>,
    /// CSV: what to do with missing feature values (help text: `missing_help`).
    #[arg(long, help = missing_help())]
    pub missing: Option<MissingValues>,
    /// CSV: the order of dates written day or month first (05/01/2023) in the feature
    /// columns: shown (the one a part past 12 in each column shows), day-first or month-first
    /// (default: the --config file's, else shown).
    #[arg(long)]
    pub date_order: Option<DateOrderChoice>,
    /// CSV feature columns (default: the --config file's, else all other columns holding
    /// numbers; text columns are left out with a note; an empty list means that default
    /// over a --config file's list). Amounts with a currency sign and percentages named
    /// here are read as numbers without their signs, negative numbers in parentheses
    /// ("(1,200)") as negatives, dates written year first (2023-01-10), or day
    /// or month first where a day past 12 shows which (15/01/2023) or
    /// --date-order names it, as their days since 1970-01-01, and a column of at most 12 words,
    /// or up to 64 repeated ones (north/south, yes/no, an education level), as one 0/1
    /// input per word. A name that holds a comma goes in double quotes, as a CSV file
    /// writes it: '"Weight, kg",age'. Given again, the lists are joined.
    #[arg(long, value_parser = ColumnNames::parse, action = clap::ArgAction::Append)]
    pub feature_columns: Vec<ColumnNames>,
    #[arg(long, help = learner_spec::help())]
    pub learner: Option<LearnerSpec>,
    /// policyPU: `paper` runs the paper's literal algorithm (eq. 4's reward,
    /// eq. 5's threshold, no baseline); `coherent` (default) rewards the
    /// action's agreement with the classifier, with a baseline.
    #[arg(long)]
    pub variant: Option<Variant>,
    /// policyPU ablation: keep the pre-trained policy for the whole run.
    #[arg(long)]
    pub freeze_policy: bool,
    /// Model preset.
    #[arg(long, help = format!("Model preset: {}", keys_listed::<ModelPreset>()))]
    pub model: Option<ModelPreset>,
    /// Every numeric setting (n_l, ρ, epochs, learning rates, …), one flag each.
    #[command(flatten)]
    pub settings: SettingFlags,
    /// Which epoch a run keeps, judged on its PU validation split.
    #[arg(long, help = select_by_help())]
    pub select_by: Option<Criterion>,
    /// auto ablation on a CSV file: keep its members as trained on the
    /// training rows, rather than training each again on the training and
    /// validation rows for the epochs it kept (the default).
    #[arg(long)]
    pub no_refit: bool,
    /// Backend: cpu (Burn's flex) or wgpu.
    #[arg(long)]
    pub backend: Option<Backend>,
    /// Folder holding the .pubin.gz files.
    #[arg(long)]
    pub data_dir: Option<PathBuf>,
}

/// The policyPU variants.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// The paper's Algorithm 1 with eqs. (4)–(5) as written.
    Paper,
    /// The coherence reward with a baseline (the default).
    Coherent,
}

/// The native backends.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Burn's CPU backend (flex).
    Cpu,
    /// Burn's wgpu backend (Vulkan/Metal; Mesa lavapipe without a GPU).
    Wgpu,
}

impl RunArgs {
    /// The names every `--feature-columns` lists, in order; None where it
    /// is not given.
    fn feature_names(&self) -> Option<Vec<String>> {
        (!self.feature_columns.is_empty()).then(|| {
            (self.feature_columns.iter())
                .flat_map(|ColumnNames(names)| names.iter().cloned())
                .collect()
        })
    }

    /// The name of the `--csv` file without its folders, if there is one.
    pub fn csv_file_name(&self) -> Option<String> {
        let path = self.csv.as_deref()?;
        Some(path.file_name()?.to_string_lossy().into_owned())
    }

    /// These flags with `--label-column`, `--truth-column`,
    /// `--labeled-value` and `--truth-value` guessed where the CSV file needs
    /// them and none is given, saying so on standard error, as the page
    /// guesses them: the labeled column where the file has none of the name
    /// expected; the truth column where none is named and the labeled
    /// column is in the file, unless the features
    /// named take it in (then it is pointed out); the value marking labeled
    /// rows in a labeled column with gaps or of two words, and the value that
    /// means positive in a truth column of class names. A file that cannot be
    /// read is left for the run to report.
    pub fn with_guessed_values(mut self) -> Self {
        let Some(path) = &self.csv else {
            return self;
        };
        // The run refuses it before reading the file.
        if self.flag_for_other_data().is_some() {
            return self;
        }
        let Ok(bytes) = std::fs::read(path) else {
            return self;
        };
        let base = self.config_columns();
        let preview = preview_csv(&bytes, 0).ok();
        let labeled = self.csv_columns(base.as_ref()).labeled;
        if let Some(preview) = &preview
            && self.label_column.is_none()
            && !preview.header.contains(&labeled)
            && let Some(guess) = guess_labeled_column(preview)
        {
            eprintln!(
                "note: {}: the file has no column \"{labeled}\", so column \"{guess}\" is \
                 taken as the labeled column, as the page would. Name another with \
                 --label-column.",
                path.display()
            );
            self.label_column = Some(guess);
        }
        let columns = self.csv_columns(base.as_ref());
        // Where the labeled column named is not in the file, the run refuses
        // it: a guess would only add a note beside that refusal.
        if let (Some(preview), None) = (&preview, &self.truth_column)
            && columns.truth.is_none()
            && preview.header.contains(&columns.labeled)
            && let Some(truth) = guess_truth_column(preview, &columns.labeled)
        {
            let named_feature = columns
                .features
                .as_ref()
                .is_some_and(|features| features.contains(&truth));
            if named_feature {
                eprintln!(
                    "note: {}: column \"{truth}\" looks like the true class, and the features \
                     you named make it one. If it holds the true classes, pass --truth-column \
                     {truth}: it then scores the test set and is kept from the learners.",
                    path.display()
                );
            } else {
                eprintln!(
                    "note: {}: column \"{truth}\" looks like the true class, so it is taken as \
                     the truth column, as the page would: it scores the test set and is kept \
                     from the learners. Name another with --truth-column, or pass \
                     --truth-column \"\" for none.",
                    path.display()
                );
                self.truth_column = Some(truth);
            }
        }
        if let Some(preview) = &preview
            && let Some(note) = other_flag_columns_note(preview, &self.csv_columns(base.as_ref()))
        {
            eprintln!(
                "note: {}: {note} Name it with --label-column.",
                path.display()
            );
        }
        if columns.labeled_value.is_none()
            && let Some(preview) = &preview
            && let Some(value) = guess_labeled_value(preview, &columns.labeled)
        {
            let has_gaps = preview
                .header
                .iter()
                .position(|name| *name == columns.labeled)
                .is_some_and(|column| preview.missing[column]);
            let reading = if has_gaps {
                format!(
                    "leaves rows empty, so the rows holding \"{value}\" are taken as the \
                     labeled positives and all others as unlabeled"
                )
            } else {
                format!(
                    "holds two words, so the rarer, \"{value}\", is taken to mark the labeled \
                     positives and the other the unlabeled rows"
                )
            };
            eprintln!(
                "note: {}: column \"{}\" {reading}. Name another value with --labeled-value.",
                path.display(),
                columns.labeled
            );
            self.labeled_value = Some(value);
        }
        let columns = self.csv_columns(base.as_ref());
        let (Some(column), None) = (&columns.truth, &columns.truth_value) else {
            return self;
        };
        if let Some(guess) = guess_positive_value(&bytes, &columns) {
            eprintln!(
                "note: {}: {} Name another with --truth-value.",
                path.display(),
                guess.sentence(column)
            );
            self.truth_value = Some(guess.value);
        }
        self
    }

    /// The CSV columns of the --config file, where the run reads them: the
    /// file names CSV data and no --dataset replaces it. A file that cannot
    /// be read is left for [`RunArgs::to_config`] to report.
    fn config_columns(&self) -> Option<CsvColumns> {
        if self.dataset.is_some() {
            return None;
        }
        let config = read_config_file(self.config.as_ref()?, self.csv_by_flags()).ok()?;
        match config.data {
            DataConfig::Csv { columns } => Some(columns),
            DataConfig::Builtin { .. } => None,
        }
    }

    /// The CSV columns these flags name over `base` (the configuration
    /// file's), every name trimmed as the reader trims the header: a flag
    /// given replaces its setting; naming another labeled or truth column
    /// drops the value chosen for the old one, and an empty truth column
    /// means none.
    fn csv_columns(&self, base: Option<&CsvColumns>) -> CsvColumns {
        let mut columns = base.cloned().unwrap_or_default();
        columns.labeled = columns.labeled.trim().to_owned();
        columns.truth = columns.truth.map(|truth| truth.trim().to_owned());
        if let Some(labeled) = &self.label_column
            && labeled.trim() != columns.labeled
        {
            columns.labeled = labeled.trim().to_owned();
            columns.labeled_value = None;
        }
        if let Some(truth) = &self.truth_column {
            let truth = (!truth.trim().is_empty()).then(|| truth.trim().to_owned());
            if truth != columns.truth {
                columns.truth = truth;
                columns.truth_value = None;
            }
        }
        columns.labeled_value = self.labeled_value.clone().or(columns.labeled_value);
        columns.truth_value = self.truth_value.clone().or(columns.truth_value);
        columns.features = match self.feature_names() {
            Some(names) if names.iter().all(|n| n.trim().is_empty()) => None,
            Some(names) => Some(names),
            None => columns.features,
        }
        .map(|names| names.iter().map(|name| name.trim().to_owned()).collect());
        columns.missing = self.missing.unwrap_or(columns.missing);
        columns.date_order = self.date_order.unwrap_or(columns.date_order);
        columns
    }

    /// The first CSV column flag given, if any: they need `--csv`.
    fn csv_column_flag(&self) -> Option<&'static str> {
        [
            ("--label-column", self.label_column.is_some()),
            ("--labeled-value", self.labeled_value.is_some()),
            ("--truth-column", self.truth_column.is_some()),
            ("--truth-value", self.truth_value.is_some()),
            ("--missing", self.missing.is_some()),
            ("--date-order", self.date_order.is_some()),
            ("--feature-columns", !self.feature_columns.is_empty()),
        ]
        .into_iter()
        .find_map(|(flag, given)| given.then_some(flag))
    }

    /// The data these flags name: a CSV file (`--csv`: `Some(true)`), the
    /// image data (`--dataset`: `Some(false)`), or neither (`None`).
    fn csv_by_flags(&self) -> Option<bool> {
        if self.csv.is_some() {
            Some(true)
        } else {
            self.dataset.map(|_| false)
        }
    }

    /// A flag given that this run's data has no use for, with why: the
    /// image data's on a CSV file, a CSV file's on the image data. (A
    /// configuration file of a CSV run without `--csv` is left for the run
    /// to ask for the file.)
    fn flag_for_other_data(&self) -> Option<String> {
        let csv = self.csv.is_some() || self.config_columns().is_some();
        if csv && self.dataset.is_some() {
            return Some(
                "--dataset names built-in image data and --csv a CSV file: give one of them"
                    .to_string(),
            );
        }
        if csv && self.positive.is_some() {
            return Some(
                "--positive picks the positive classes of the built-in image data; a CSV file's \
                 classes are in its truth column (--truth-column, --truth-value). Remove it."
                    .to_string(),
            );
        }
        let (setting, _) = self
            .settings
            .given
            .iter()
            .find(|(setting, _)| !setting.applies_to.includes(csv))?;
        let why = if csv {
            "a CSV file is already PU: its labeled rows and U are given"
        } else {
            "this run is on the built-in image data, which has its own test set"
        };
        Some(format!(
            "--{} applies to {}, and {why}. Remove it.",
            setting.flag,
            setting.applies_to.in_words()
        ))
    }

    /// The configuration these flags describe.
    pub fn to_config(&self) -> Result<RunConfig, String> {
        if let Some(problem) = self.flag_for_other_data() {
            return Err(problem);
        }
        let mut c = match &self.config {
            Some(path) => read_config_file(path, self.csv_by_flags())?,
            None if self.paper => RunConfig::paper(
                self.dataset.unwrap_or(BuiltinDataset::Mnist),
                self.learner
                    .as_ref()
                    .map_or(Learner::Weighter, |l| l.learner),
            ),
            None => RunConfig {
                backend: BackendChoice::Cpu,
                ..RunConfig::default()
            },
        };
        if let Some(dataset) = self.dataset {
            c.data = DataConfig::builtin(dataset);
        }
        if let (
            Some(classes),
            DataConfig::Builtin {
                positive_classes, ..
            },
        ) = (&self.positive, &mut c.data)
        {
            *positive_classes = classes.clone();
        }
        if self.csv.is_some() {
            let columns = match &c.data {
                DataConfig::Csv { columns } => self.csv_columns(Some(columns)),
                DataConfig::Builtin { .. } => self.csv_columns(None),
            };
            if columns.truth.is_none() && columns.truth_value.is_some() {
                return Err(
                    "--truth-value needs a truth column: name it with --truth-column".to_string(),
                );
            }
            // A configuration file keeps its learner; a file named on the
            // command line alone is trained with auto.
            if self.config.is_some() {
                c.use_csv(columns);
            } else {
                c.switch_to_csv(columns);
            }
        } else if let Some(flag) = self.csv_column_flag() {
            return Err(format!(
                "{flag} describes a CSV file's columns, and no file is given: pass it with --csv FILE"
            ));
        }
        if let Some(spec) = &self.learner {
            spec.apply(&mut c);
        }
        match self.variant {
            Some(Variant::Paper) => c.policy = c.policy.clone().with_variant(PolicyVariant::Paper),
            Some(Variant::Coherent) => {
                c.policy = c.policy.clone().with_variant(PolicyVariant::Coherent)
            }
            None => {}
        }
        if self.freeze_policy {
            c.policy.frozen = true;
        }
        if let Some(model) = self.model {
            c.model = model;
        }
        self.settings.apply(&mut c);
        if self.no_refit {
            c.refit = Refit::Off;
        }
        if let Some(criterion) = self.select_by {
            c.select_by = criterion;
        }
        if let Some(backend) = self.backend {
            c.backend = match backend {
                Backend::Cpu => BackendChoice::Cpu,
                Backend::Wgpu => BackendChoice::Gpu,
            };
        }
        if let Some(names) = self.feature_names()
            && let Some((_, twice)) = names
                .iter()
                .enumerate()
                .find(|(i, name)| names[..*i].contains(name))
        {
            return Err(format!(
                "--feature-columns names \"{twice}\" twice: name each feature once"
            ));
        }
        let from = self.config.as_ref().map_or_else(String::new, |path| {
            format!(" (from {} and the flags)", path.display())
        });
        checked(c, &from)
    }
}

/// `config` when the plan accepts it (`policypu::plan::check`), else every
/// problem in one message, saying the settings came `from` somewhere.
pub fn checked(config: RunConfig, from: &str) -> Result<RunConfig, String> {
    let problems = policypu::plan::check(&config);
    if problems.is_empty() {
        return Ok(config);
    }
    let listed: Vec<String> = problems.iter().map(ToString::to_string).collect();
    Err(format!("invalid settings{from}: {}", listed.join("; ")))
}

/// `--select-by`'s help: every criterion's key and name, the default first.
fn select_by_help() -> String {
    let listed: Vec<String> = Criterion::ALL
        .iter()
        .map(|c| format!("{} ({})", c.key(), c.label()))
        .collect();
    format!(
        "Which epoch a run keeps, judged on its PU validation split (no negatives): {}; the \
         default, {}, is each learner's own, as `policypu learners` lists it",
        listed.join(", "),
        Criterion::LearnerDefault.key()
    )
}

/// Parses a number of seeds for `--seeds`: a whole number of at least 1.
pub fn seed_count(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("must be a whole number of at least 1".to_string()),
    }
}

/// `--labeled-value`'s help, naming the spellings the reader accepts without it.
fn labeled_value_help() -> String {
    format!(
        "CSV: the value of the label column that means \"labeled\" (default: parse {}; a column \
         that leaves unlabeled rows empty takes the one value marking the others, with a note)",
        csv::labeled_flag_pairs()
    )
}

/// `--truth-value`'s help, naming the spellings the reader accepts without it.
fn truth_value_help() -> String {
    format!(
        "CSV: the value of the truth column that means positive, for a column of class names \
         (default: parse {}; a column of other words takes the class most labeled rows hold, \
         with a note)",
        csv::truth_value_pairs()
    )
}

/// The help text of `--missing`, naming the cells that count as missing.
fn missing_help() -> String {
    format!(
        "CSV: what to do with missing feature values ({}): refuse the file, drop those rows, \
         or fill each with its column's mean over the rows trained on (default: the --config \
         file's, else refuse)",
        csv::missing_cells_text()
    )
}

#[cfg(test)]
mod tests {
    use clap::Parser;
    use policypu::config::settings::{AppliesTo, SETTINGS};

    use super::*;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        run: RunArgs,
    }

    fn config(args: &[String]) -> Result<RunConfig, String> {
        let flags = Flags::try_parse_from(
            std::iter::once("policypu".to_string()).chain(args.iter().cloned()),
        )
        .map_err(|e| e.to_string())?;
        flags.run.to_config()
    }

    /// The CSV columns `flags` name over `base`, as a --config file gives them.
    fn columns_over(base: &CsvColumns, flags: &[&str]) -> CsvColumns {
        let flags = Flags::try_parse_from(std::iter::once("policypu").chain(flags.iter().copied()))
            .unwrap();
        flags.run.csv_columns(Some(base))
    }

    #[test]
    fn feature_column_lists_join_and_quote_names_with_commas() {
        let base = CsvColumns::default();
        let joined = columns_over(
            &base,
            &["--feature-columns", "a,\"b, mm\"", "--feature-columns", "c"],
        );
        assert_eq!(
            joined.features,
            Some(vec!["a".into(), "b, mm".into(), "c".into()])
        );
        assert_eq!(
            columns_over(&base, &["--feature-columns", ""]).features,
            None
        );
    }

    #[test]
    fn column_flags_replace_only_what_they_name_in_the_configuration() {
        let base = CsvColumns {
            labeled: "s".into(),
            labeled_value: Some("yes".into()),
            truth: Some("y".into()),
            truth_value: Some("M".into()),
            features: Some(vec!["a".into()]),
            missing: MissingValues::DropRows,
            date_order: DateOrderChoice::MonthFirst,
        };
        assert_eq!(columns_over(&base, &[]), base);
        // The same columns named again keep their values.
        assert_eq!(
            columns_over(&base, &["--label-column", "s", "--truth-column", "y"]),
            base
        );
        let other = columns_over(
            &base,
            &[
                "--label-column",
                "t",
                "--truth-column",
                "z",
                "--missing",
                "mean",
                "--date-order",
                "day-first",
            ],
        );
        assert_eq!(
            (other.labeled_value, other.truth_value, other.missing),
            (None, None, MissingValues::ColumnMean)
        );
        assert_eq!(other.date_order, DateOrderChoice::DayFirst);
        assert_eq!(other.features, base.features);
        let value = columns_over(&base, &["--truth-value", "B", "--labeled-value", "1"]);
        assert_eq!(
            (value.truth_value.as_deref(), value.labeled_value.as_deref()),
            (Some("B"), Some("1"))
        );
        let none = columns_over(&base, &["--truth-column", ""]);
        assert_eq!((none.truth, none.truth_value), (None, None));
        assert_eq!(
            columns_over(&base, &["--feature-columns", ""]).features,
            None
        );
        assert_eq!(
            columns_over(&base, &["--feature-columns", "b,c"]).features,
            Some(vec!["b".to_string(), "c".to_string()])
        );
        let refused =
            config(&["--csv", "f.csv", "--truth-value", "M"].map(String::from)).unwrap_err();
        assert!(
            refused.contains("--truth-value needs a truth column"),
            "{refused}"
        );
        let no_file = config(&["--truth-column", "y"].map(String::from)).unwrap_err();
        assert!(
            no_file.starts_with("--truth-column describes a CSV file's columns"),
            "{no_file}"
        );
    }

    #[test]
    fn every_setting_has_a_flag_with_the_tables_bounds_and_help() {
        let help = <Flags as clap::CommandFactory>::command()
            .render_help()
            .to_string();
        for s in SETTINGS {
            assert!(help.contains(&format!("--{} <", s.flag)), "no --{}", s.flag);
            assert!(
                help.contains(&s.bounds()),
                "--{} help lacks its bounds",
                s.flag
            );
            // On the data the setting applies to.
            let flags = |value: f64| {
                let data = match s.applies_to {
                    AppliesTo::Csv => vec!["--csv".to_string(), "f.csv".to_string()],
                    AppliesTo::Images | AppliesTo::Any => Vec::new(),
                };
                [data, vec![format!("--{}", s.flag), value.to_string()]].concat()
            };
            let inside = if s.min_excluded { s.max } else { s.min };
            let c = config(&flags(inside)).unwrap();
            assert_eq!((s.get)(&c), Some(inside), "--{}", s.flag);
            let outside = s.max + 1.0;
            let refused = config(&flags(outside)).unwrap_err();
            assert!(
                refused.contains(&s.refusal(outside).unwrap()),
                "--{} {outside}: {refused}",
                s.flag
            );
        }
    }

    #[test]
    fn a_former_flag_name_is_still_read_and_not_shown() {
        let help = <Flags as clap::CommandFactory>::command()
            .render_help()
            .to_string();
        let renamed: Vec<_> = SETTINGS
            .iter()
            .filter(|s| s.former_flag.is_some())
            .collect();
        assert_eq!(renamed.len(), 2);
        for s in renamed {
            let former = s.former_flag.unwrap();
            assert!(!help.contains(&format!("--{former}")), "--{former} shown");
            let args = ["--csv", "f.csv", &format!("--{former}"), "0.3"].map(String::from);
            assert_eq!((s.get)(&config(&args).unwrap()), Some(0.3), "--{former}");
        }
    }

    #[test]
    fn value_flags_name_the_spellings_the_reader_accepts() {
        let help = <Flags as clap::CommandFactory>::command()
            .render_help()
            .to_string();
        for (flag, pairs) in [
            ("--labeled-value", csv::labeled_flag_pairs()),
            ("--truth-value", csv::truth_value_pairs()),
        ] {
            let text = &help[help.find(flag).unwrap()..];
            assert!(text.contains(&format!("parse {pairs};")), "{flag}: {text}");
        }
        assert!(csv::labeled_flag_pairs().starts_with("1/0, 1/-1, true/false"));
        assert!(csv::truth_value_pairs().ends_with("P/N, pos/neg, positive/negative"));
    }
}
