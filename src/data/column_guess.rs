//! First guess of which CSV column plays which role, from a file's preview,
//! so a dropped file is ready to train on; the user can change every choice.

use super::csv::{
    ColumnKind, CsvColumns, CsvPreview, DateOrderChoice, MAX_LISTED_VALUES, StrayCell, TextLook,
    TextShape, guess_labeled_value, is_unnamed_column, names_an_identifier,
};
use crate::user_text::{clip, plural_s, quoted_list};

/// Names that usually mark labeled positives, lower-case.
const LABELED_NAMES: [&str; 6] = ["labeled", "labelled", "is_labeled", "s", "pu", "label"];
/// Words that, in a column's name, say it marks the labeled rows
/// (`known_pos`, `is_labelled_positive`, `marked-case`), lower-case.
const LABELED_WORDS: [&str; 5] = ["labeled", "labelled", "known", "marked", "annotated"];
/// Words that, beside those, say the rows it marks are negatives
/// (`known_neg`, `marked_negative`), lower-case.
const NEGATIVE_WORDS: [&str; 5] = ["neg", "negative", "negatives", "non", "not"];
/// Names that usually hold the ground truth, lower-case.
const TRUTH_NAMES: [&str; 8] = [
    "truth",
    "true_class",
    "class",
    "y",
    "target",
    "diagnosis",
    "positive",
    "outcome",
];

/// Whether `name` is one truth columns usually have ([`TRUTH_NAMES`],
/// ignoring case).
fn named_as_truth(name: &str) -> bool {
    TRUTH_NAMES.contains(&name.to_lowercase().as_str())
}

/// `current` when it was chosen (not the default, its reading settings
/// aside: [`CsvColumns::reading_as`]) and still fits the
/// file's header (with the value marking labeled rows guessed where it
/// reads flag words and the file leaves gaps: [`guess_labeled_value`]),
/// otherwise a guess: the
/// labeled column by name or as the first flag column, else the first
/// column of two words (and its marking value, likewise), else one named as
/// labeled columns usually are whatever it holds, the truth column by
/// name (a flag column, or one of two classes such as "M" and "B") or as the
/// next flag column, and every numeric column as a feature. The value that
/// means positive in a column of classes needs the whole file:
/// [`guess_positive_value`](super::csv::guess_positive_value) makes it.
pub fn suggest_columns(preview: &CsvPreview, current: &CsvColumns) -> CsvColumns {
    if *current != current.unchosen_roles()
        && let Some(kept) = fitted_choice(preview, current)
    {
        return kept;
    }
    let labeled = labeled_column(preview).unwrap_or(0);
    let truth = truth_beside(preview, Some(labeled));
    let labeled_name = preview.header.get(labeled).cloned().unwrap_or_default();
    let truth_name = truth.map(|i| preview.header[i].clone());
    CsvColumns {
        features: usable_features(preview, &labeled_name, truth_name.as_deref()).chosen(),
        labeled_value: guess_labeled_value(preview, &labeled_name),
        labeled: labeled_name,
        truth: truth_name,
        truth_value: None,
        ..CsvColumns::default()
    }
    .reading_as(current)
}

/// The column [`suggest_columns`] takes as the labeled one, if it finds
/// one: a flag column or a column of two words with a name such columns
/// usually have; else the first of those whose name holds a word such
/// names do (`known_pos`); else the first of those (not named as truth columns
/// usually are) whose marked rows all hold one class of another that does
/// not mark only rows of one of its own classes, as labeled rows lie among
/// the positives; else the first flag or text column (not named as truth
/// columns are) that marks rows with one value and leaves the rest blank;
/// else the first flag column not named as truth columns are; else the
/// first column of two words; else the first flag column; else one named
/// as labeled columns usually are, whatever it holds, so that the run's
/// message names the column the user meant.
pub fn guess_labeled_column(preview: &CsvPreview) -> Option<String> {
    labeled_column(preview).map(|i| preview.header[i].clone())
}

/// [`guess_labeled_column`]'s index.
fn labeled_column(preview: &CsvPreview) -> Option<usize> {
    let flag = |i: usize| two_valued_flag(preview, i);
    let two_words =
        |i: &usize| preview.kinds[*i] == ColumnKind::Text && preview.values.count(*i) == 2;
    let truth_named = |i: usize| named_as_truth(&preview.header[i]);
    let agreeing = |i: usize| preview.agreeing_columns(i);
    // Column i marks rows that all hold one class of a column that does not
    // do the same back: i is the smaller set, the labeled rows.
    let marks_a_subset = |i: &usize| {
        (flag(*i) || two_words(i))
            && !truth_named(*i)
            && agreeing(*i).is_some_and(|classes| {
                classes
                    .iter()
                    .any(|&c| !agreeing(c).is_some_and(|back| back.contains(i)))
            })
    };
    let marked_by_name = |i: &usize| {
        // Word by word, allocating nothing: a header cell can be as long as
        // the file and hold as many words as it has bytes.
        let has = |list: &[&str]| {
            preview.header[*i]
                .split(|c: char| !c.is_alphanumeric())
                .any(|word| list.iter().any(|l| word.eq_ignore_ascii_case(l)))
        };
        (flag(*i) || two_words(i))
            && !truth_named(*i)
            && has(&LABELED_WORDS)
            && !has(&NEGATIVE_WORDS)
    };
    // A column that marks some rows with one value and leaves the others
    // blank ("1" or "x" and empty cells), as PU files often mark their
    // labeled rows; a yes/no column filled in every row is more often a
    // feature.
    let marks_beside_gaps = |i: &usize| {
        (flag(*i) || preview.kinds[*i] == ColumnKind::Text)
            && !truth_named(*i)
            && preview.missing.get(*i).copied().unwrap_or(false)
            && guess_labeled_value(preview, &preview.header[*i]).is_some()
    };
    named(preview, &LABELED_NAMES, None, &|i| flag(i) || two_words(&i))
        .or_else(|| (0..preview.header.len()).find(marked_by_name))
        .or_else(|| (0..preview.header.len()).find(marks_a_subset))
        .or_else(|| (0..preview.header.len()).find(marks_beside_gaps))
        .or_else(|| first_flag(preview, None, &|i| !truth_named(i)))
        .or_else(|| (0..preview.header.len()).find(two_words))
        .or_else(|| first_flag(preview, None, &|_| true))
        .or_else(|| named(preview, &LABELED_NAMES, None, &|_| true))
}

/// Where `labeled` is not named as labeled columns usually are, the other
/// flag columns (but `truth` and those named as truth columns are) that
/// could mark the labeled rows as well: a guess among them is the first,
/// and a wrong one trains on noise, so the user is told of the others.
pub fn other_flag_columns(preview: &CsvPreview, labeled: &str, truth: Option<&str>) -> Vec<String> {
    if LABELED_NAMES.contains(&labeled.to_lowercase().as_str()) {
        return Vec::new();
    }
    (0..preview.header.len())
        .filter(|&i| two_valued_flag(preview, i))
        .map(|i| preview.header[i].clone())
        .filter(|name| name != labeled && Some(name.as_str()) != truth && !named_as_truth(name))
        .collect()
}

/// The sentence telling of [`other_flag_columns`], if there are any.
pub fn other_flag_columns_note(preview: &CsvPreview, columns: &CsvColumns) -> Option<String> {
    let others = other_flag_columns(preview, &columns.labeled, columns.truth.as_deref());
    (!others.is_empty()).then(|| {
        format!(
            "{} also {} two values: if {} the labeled rows rather than \"{}\", choose it as \
             the labeled column.",
            quoted_list(&others, 5),
            if others.len() == 1 { "holds" } else { "hold" },
            if others.len() == 1 {
                "it marks"
            } else {
                "one of them marks"
            },
            clip(&columns.labeled)
        )
    })
}

/// The column [`suggest_columns`] takes as the true class beside the
/// labeled column `labeled`, if any.
pub fn guess_truth_column(preview: &CsvPreview, labeled: &str) -> Option<String> {
    let labeled = preview.header.iter().position(|h| h == labeled);
    truth_beside(preview, labeled).map(|i| preview.header[i].clone())
}

/// The truth column's index beside the labeled column's: one named as
/// truth columns usually are that holds two classes (a flag column, or two
/// values such as "M" and "B"), else the first other flag column that
/// holds one value on every labeled row, as the true class does (a 0/1
/// feature that varies there is not taken), else the first text column of
/// two classes that holds one on every labeled row, of at least
/// [`MIN_AGREEING_ROWS`](super::csv::MIN_AGREEING_ROWS) (a `species` of
/// "setosa" and "virginica").
fn truth_beside(preview: &CsvPreview, labeled: Option<usize>) -> Option<usize> {
    // Classes are told apart ignoring case, as the value that means positive is.
    let two_classes = |i: usize| two_valued_flag(preview, i) || preview.two_classes(i).is_some();
    let listed = labeled.and_then(|l| preview.agreeing_columns(l));
    let agrees = |i: usize| listed.is_none_or(|columns| columns.contains(&i));
    let agreeing_classes = |&i: &usize| {
        Some(i) != labeled
            && preview.kinds[i] == ColumnKind::Text
            && listed.is_some_and(|columns| columns.contains(&i))
    };
    named(preview, &TRUTH_NAMES, labeled, &two_classes)
        .or_else(|| first_flag(preview, labeled, &agrees))
        .or_else(|| (0..preview.header.len()).find(agreeing_classes))
}

/// The first column (but `skip`) with one of `names` (lower-case, in order
/// of preference) that `accepts` takes.
fn named(
    preview: &CsvPreview,
    names: &[&str],
    skip: Option<usize>,
    accepts: &dyn Fn(usize) -> bool,
) -> Option<usize> {
    names.iter().find_map(|name| {
        preview
            .header
            .iter()
            .position(|h| h.to_lowercase() == *name)
            .filter(|i| Some(*i) != skip && accepts(*i))
    })
}

/// The first flag column that tells rows apart ([`two_valued_flag`]) but
/// `skip` that `accepts` takes.
fn first_flag(
    preview: &CsvPreview,
    skip: Option<usize>,
    accepts: &dyn Fn(usize) -> bool,
) -> Option<usize> {
    (0..preview.header.len())
        .find(|&i| Some(i) != skip && two_valued_flag(preview, i) && accepts(i))
}

/// Whether column `i` is a flag column that tells rows apart, as a labeled
/// or truth column must: one holding `1` in every row does not
/// ([`CsvPreview::one_flag_everywhere`]).
fn two_valued_flag(preview: &CsvPreview, i: usize) -> bool {
    preview.kinds[i] == ColumnKind::Flag && !preview.one_flag_everywhere(i)
}

/// Whether [`suggest_columns`] keeps `current` for this file rather than
/// guessing: it is a choice (not the default roles) that fits the header.
pub fn keeps_choice(preview: &CsvPreview, current: &CsvColumns) -> bool {
    *current != current.unchosen_roles() && fits(preview, current)
}

/// `current` kept for this file, the default roles included, if it fits
/// the header; a kept labeled column read by the flag words, which cannot
/// read its gaps in this file, is read by the value marking its rows.
pub fn fitted_choice(preview: &CsvPreview, current: &CsvColumns) -> Option<CsvColumns> {
    fits(preview, current).then(|| CsvColumns {
        labeled_value: current
            .labeled_value
            .clone()
            .or_else(|| guess_labeled_value(preview, &current.labeled)),
        ..current.clone()
    })
}

/// The columns that can be features when the user names none.
#[derive(Clone, Debug, PartialEq)]
pub struct UsableFeatures {
    /// Every column but the labeled and truth ones whose values are all
    /// numbers, the rows' labels and the columns named as a truth aside.
    pub numeric: Vec<String>,
    /// The other columns: text (identifiers, names, categories), empty,
    /// numbers that label the rows, or a true class's few whole numbers.
    pub left_out: Vec<String>,
    /// Those of `left_out` that hold numbers but for a few cells, each with
    /// the first of those and what those cells look like.
    pub strays: Vec<(String, StrayCell, Option<TextShape>)>,
    /// Those of `left_out` that hold two words such as yes and no, each
    /// with its words.
    pub words: Vec<(String, Vec<String>)>,
    /// Those of `left_out` that hold a few words (or numbers mixed with
    /// words), few enough to be read as categories once chosen
    /// ([`are_categories`](super::csv::are_categories)), each with how
    /// many and the values a preview lists (all where at most
    /// [`MAX_LISTED_VALUES`], else the first).
    pub categories: Vec<(String, usize, Vec<String>)>,
    /// Those of `left_out` that hold numbers labelling the rows, each with
    /// why it is taken for one.
    pub row_labels: Vec<(String, RowLabel)>,
    /// Those of `left_out` that hold one value (a number or a word) in
    /// every row: nothing to tell a row from another, and a number the
    /// reader would drop anyway.
    pub constant: Vec<String>,
    /// Those of `left_out` without a name or a value (a separator ending
    /// every line leaves one): nothing to say about them.
    pub blank: Vec<String>,
    /// Those of `left_out` whose text has a look of its own (amounts,
    /// percentages, dates, or text of many different values), each with it.
    pub looks: Vec<(String, TextLook)>,
    /// Those of `left_out` named as true-class columns usually are
    /// (`TRUTH_NAMES`) that hold a few numbers but are not the truth
    /// column (three classes, or another column chosen), each with its
    /// values: as a feature, the true class would hand the learners the
    /// answer.
    pub truth_named: Vec<(String, Vec<String>)>,
}

/// Why a column of numbers is taken for the rows' labels, not a feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowLabel {
    /// Its header cell is empty, as a row index a spreadsheet or pandas
    /// writes leaves it.
    Unnamed,
    /// It counts the rows: see [`CsvPreview::counts_rows`].
    CountsRows,
    /// Its name marks it as an identifier: see [`names_an_identifier`].
    NamedIdentifier,
}

/// The remedy a stray cell's note ends with, after emptying the cell; the
/// command line adds its flags to it.
pub const CHOOSE_MISSING: &str = "choose what to do with missing values";

/// How a column the reader leaves out is made a feature all the same,
/// which the notes on amounts, percentages and dates say; the command line
/// adds its flag to it.
pub const CHOOSE_AS_FEATURE: &str = "choose it as a feature";

/// How dates that show no order of day and month are read all the same;
/// the command line gives its flag instead.
pub const NAME_DATE_ORDER: &str = "name their order under \"Dates written\"";

/// Why a column of numbers with a few stray cells (whose look is `shape`)
/// is left out of the features, and how to use it: amounts and percentages
/// read as numbers once the column is chosen.
fn stray_note(column: &str, stray: &StrayCell, shape: Option<TextShape>) -> String {
    let others = stray.cells - stray.numbers;
    let (more, those, them) = if others > 1 {
        (
            format!(" (and {} more cell{})", others - 1, plural_s(others - 1)),
            "those cells",
            "them",
        )
    } else {
        (String::new(), "that cell", "it")
    };
    // A number too large for the 32-bit floats features are, such as 1e300.
    let (what, remedy) = match shape {
        Some(TextShape::Money) => (
            "an amount with a currency sign",
            format!("{CHOOSE_AS_FEATURE} to read each as its number without the sign"),
        ),
        Some(TextShape::Percent) => (
            "a percentage",
            format!("{CHOOSE_AS_FEATURE} to read each as its number without the sign"),
        ),
        Some(TextShape::Parenthesised) => (
            "a negative number in parentheses, as accounting writes it",
            format!("{CHOOSE_AS_FEATURE} to read each as its negative number"),
        ),
        // Read as hours beside numbers of no known unit, it would mix units.
        Some(TextShape::Duration) => (
            "a duration or a time of day",
            format!(
                "Write {those} as {} in the unit of the others, or empty {them} and \
                 {CHOOSE_MISSING}, to use the column",
                if others > 1 { "numbers" } else { "a number" }
            ),
        ),
        Some(TextShape::WithUnit) => (
            "a number with a unit",
            format!(
                "Write {those} as the number alone, in the unit of the others, or empty {them} \
                 and {CHOOSE_MISSING}, to use the column"
            ),
        ),
        _ if stray.cell.parse::<f64>().is_ok_and(f64::is_finite) => (
            "a number beyond ±3.4e38, larger than a feature can hold",
            format!("Fix {those}, or empty {them} and {CHOOSE_MISSING}, to use the column"),
        ),
        _ if stray.cell.parse::<f64>().is_ok_and(f64::is_infinite) => (
            "an infinite value (what a division by zero gives)",
            format!("Empty {those} and {CHOOSE_MISSING}, or fix {them}, to use the column"),
        ),
        _ => (
            "not a finite number",
            format!("Fix {those}, or empty {them} and {CHOOSE_MISSING}, to use the column"),
        ),
    };
    let separator = if remedy.starts_with(CHOOSE_AS_FEATURE) {
        ":"
    } else {
        "."
    };
    format!(
        "Column \"{}\" is left out of the features: line {} holds \"{}\"{more}, {what}, \
         though {} of its {} non-empty cells are numbers{separator} {remedy}.",
        clip(column),
        stray.line,
        stray.cell,
        stray.numbers,
        stray.cells
    )
}

impl UsableFeatures {
    /// The feature choice: `None` (every other column) when nothing is left
    /// out, else the numeric columns by name.
    pub fn chosen(self) -> Option<Vec<String>> {
        (!self.left_out.is_empty()).then_some(self.numeric)
    }

    /// The notes saying which columns were left out, why, and how to use
    /// them: a sentence or two each, in the file's column order (a note on
    /// several text or constant columns names them all, at the first).
    pub fn notes(&self) -> Vec<String> {
        self.notes_except(&|_| false)
    }

    /// [`UsableFeatures::notes`] without the columns `chosen` says the user
    /// made features anyway (the reader's message then says what is wrong
    /// with such a column).
    pub fn notes_except(&self, chosen: &dyn Fn(&str) -> bool) -> Vec<String> {
        let special = |name: &String| {
            self.strays.iter().any(|(s, _, _)| s == name)
                || self.words.iter().any(|(w, _)| w == name)
                || self.categories.iter().any(|(c, _, _)| c == name)
                || self.row_labels.iter().any(|(r, _)| r == name)
                || self.constant.contains(name)
                || self.blank.contains(name)
                || self.looks.iter().any(|(l, _)| l == name)
                || self.truth_named.iter().any(|(t, _)| t == name)
        };
        let text: Vec<String> = self
            .left_out
            .iter()
            .filter(|n| !special(n) && !chosen(n))
            .cloned()
            .collect();
        let constant: Vec<String> = self
            .constant
            .iter()
            .filter(|n| !chosen(n))
            .cloned()
            .collect();
        // Each sentence is keyed by the first column it names.
        let mut notes: Vec<(&String, String)> = Vec::new();
        notes.extend(text.first().map(|first| (first, text_note(&text))));
        notes.extend(
            constant
                .first()
                .map(|first| (first, constant_note(&constant))),
        );
        notes.extend(self.words.iter().map(|(n, w)| (n, words_note(n, w))));
        notes.extend(
            self.categories
                .iter()
                .map(|(n, count, values)| (n, categories_note(n, *count, values))),
        );
        notes.extend(self.looks.iter().map(|(n, l)| (n, look_note(n, l))));
        notes.extend(
            self.row_labels
                .iter()
                .map(|(n, why)| (n, row_label_note(n, *why))),
        );
        notes.extend(
            self.strays
                .iter()
                .map(|(n, stray, shape)| (n, stray_note(n, stray, *shape))),
        );
        notes.extend(
            self.truth_named
                .iter()
                .map(|(n, classes)| (n, truth_named_note(n, classes))),
        );
        // In the file's column order, without the columns chosen anyway.
        notes.retain(|(name, _)| !chosen(name));
        notes.sort_by_key(|(name, _)| self.left_out.iter().position(|n| n == *name));
        notes.into_iter().map(|(_, note)| note).collect()
    }
}

/// Why text (or empty) columns are not features, and how to use them.
fn text_note(columns: &[String]) -> String {
    let (them, verb) = if columns.len() == 1 {
        ("it", "holds")
    } else {
        ("them", "hold")
    };
    format!(
        "Left out: {} {verb} text or nothing, and a feature must be a number. To use {them}, \
         give each category its own 0/1 column in the file, or make one the labeled or truth \
         column.",
        quoted_list(columns, 8)
    )
}

/// Why columns holding one value are not features.
fn constant_note(columns: &[String]) -> String {
    let (verb, each) = if columns.len() == 1 {
        ("holds", "")
    } else {
        ("hold", " each")
    };
    format!(
        "Left out: {} {verb} one value{each} in every row, which tells no row from another.",
        quoted_list(columns, 8)
    )
}

/// Why a column of text with a look of its own is not a feature, and how
/// to use it.
fn look_note(column: &str, look: &TextLook) -> String {
    let without_sign =
        format!("{CHOOSE_AS_FEATURE} to read each cell as its number without the sign");
    let shown = look.dates_shown.as_ref();
    let ordered_dates = shown.and_then(|shown| {
        let (order, cell) = shown.order()?;
        Some(format!(
            "dates written {}, as \"{cell}\" shows",
            order.words()
        ))
    });
    let two_orders = shown.and_then(|shown| {
        let (day, month) = shown.both()?;
        Some(format!(
            "dates written in two orders, day first as \"{day}\" shows and month first as \
             \"{month}\" does"
        ))
    });
    let write_year_first = "write each year first (2023-01-10), to read it as its days since \
         1970-01-01 once the column is chosen as a feature, or as a number (the year, or the days \
         since a first date)";
    let (holds, remedy) = match look.shape {
        TextShape::Money => ("amounts with a currency sign", without_sign),
        TextShape::Percent => ("percentages", without_sign),
        TextShape::Parenthesised => (
            "negative numbers in parentheses, as accounting writes them",
            format!("{CHOOSE_AS_FEATURE} to read each as its negative number"),
        ),
        TextShape::WithUnit => (
            "numbers with a unit",
            "write the numbers alone in the file, the unit in the column's name, to use it"
                .to_owned(),
        ),
        TextShape::Date => match (&ordered_dates, &two_orders, shown) {
            (Some(holds), ..) => (
                holds.as_str(),
                format!("{CHOOSE_AS_FEATURE} to read each as its days since 1970-01-01"),
            ),
            (_, Some(holds), _) => (holds.as_str(), write_year_first.to_owned()),
            (.., Some(_)) => (
                "dates written day or month first, with no part past 12 to show which",
                format!(
                    "{NAME_DATE_ORDER} and {CHOOSE_AS_FEATURE} to read each as its days since \
                     1970-01-01, or write each year first (2023-01-10)"
                ),
            ),
            _ if look.date_read_once_chosen(DateOrderChoice::Shown) => (
                "dates",
                format!(
                    "{CHOOSE_AS_FEATURE} to read each written year first (2023-01-10) as its \
                     days since 1970-01-01, or write each as a number (the year, or the days \
                     since a first date)"
                ),
            ),
            _ => (
                "dates not written year first",
                format!(
                    "{write_year_first}; dates written day or month first are read only with a \
                     four-digit year, where a part past 12 shows which is the day"
                ),
            ),
        },
        TextShape::Duration => (
            "durations or times of day",
            format!(
                "{CHOOSE_AS_FEATURE} to read each as its hours (a time of day as its hours since \
                 midnight)"
            ),
        ),
        TextShape::TooLarge => (
            "numbers beyond ±3.4e38, larger than a feature can hold",
            "divide the column by a power of ten in the file to use it".to_owned(),
        ),
        TextShape::Infinite => (
            "infinite values (what a division by zero gives)",
            format!("empty those cells in the file and {CHOOSE_MISSING}, to use it"),
        ),
        TextShape::Words => (
            "text of many different values",
            "too many to read as categories, and an identifier or a name is no number to learn \
             from"
                .to_owned(),
        ),
    };
    format!(
        "Left out: \"{}\" holds {holds}, such as \"{}\": {remedy}.",
        clip(column),
        look.example
    )
}

/// Why a column of two words (or one word and gaps) is not a feature, and
/// how to use it.
fn words_note(column: &str, words: &[String]) -> String {
    if let [word] = words {
        return format!(
            "Left out: \"{}\" holds the word \"{}\" and missing cells, and a feature must be a \
             number. To use it, write it as 1 and the missing cells as 0 in the file; if it \
             holds the true class, choose it as the truth column.",
            clip(column),
            clip(word)
        );
    }
    format!(
        "Left out: \"{}\" holds the words {}: {CHOOSE_AS_FEATURE} to give each its own 0/1 \
         input; if it holds the true class, choose it as the truth column.",
        clip(column),
        quoted_list(words, 4)
    )
}

/// Why a column of a few words (`count`, of which `values` are listed) is
/// not a feature, and how to use it.
fn categories_note(column: &str, count: usize, values: &[String]) -> String {
    let held = if values.len() == count {
        format!("the categories {}", quoted_list(values, MAX_LISTED_VALUES))
    } else {
        format!("{count} categories, such as {}", quoted_list(values, 3))
    };
    format!(
        "Left out: \"{}\" holds {held}: {CHOOSE_AS_FEATURE} to give each its own 0/1 input.",
        clip(column)
    )
}

/// Why a column named as the true class, holding a few numbers, is not a
/// feature, and how to use it.
fn truth_named_note(column: &str, classes: &[String]) -> String {
    let or_truth = if classes.len() == 2 {
        ", or choose it as the truth column"
    } else {
        ", or write it as two classes to make it the truth column"
    };
    format!(
        "Left out: \"{}\" is named as truth columns usually are and holds the values {}: as a \
         feature it could hand the learners the answer. Make it a feature to use it \
         anyway{or_truth}.",
        clip(column),
        quoted_list(classes, 4)
    )
}

/// Why a column labelling the rows is not a feature.
fn row_label_note(column: &str, why: RowLabel) -> String {
    let because = match why {
        RowLabel::Unnamed => {
            "has no name in the header, so it looks like the row index pandas or a \
             spreadsheet writes"
        }
        RowLabel::CountsRows => {
            "counts the rows (whole numbers going up by one), so it looks like a row number"
        }
        RowLabel::NamedIdentifier => "is named as the rows' identifier",
    };
    let evidence = match why {
        RowLabel::NamedIdentifier => "a row's identifier",
        RowLabel::Unnamed | RowLabel::CountsRows => "a row's place in the file",
    };
    format!(
        "Left out: \"{}\" {because}; {evidence} is no evidence of its class. Make it a \
         feature to use it anyway.",
        clip(column)
    )
}

/// The rule the page and the CLI share for a file whose features are not
/// named: every column other than `labeled` and `truth` is a feature, except
/// those holding anything but numbers (an identifier, a name), those whose
/// numbers label the rows ([`RowLabel`]), those named as truth columns
/// usually are that hold a few whole numbers but are not the truth
/// (`UsableFeatures::truth_named`) and those holding one value,
/// which are left out rather than refusing the file, learning from the rows'
/// order or showing a column the reader drops as a feature.
pub fn usable_features(preview: &CsvPreview, labeled: &str, truth: Option<&str>) -> UsableFeatures {
    let mut usable = UsableFeatures {
        numeric: Vec::new(),
        left_out: Vec::new(),
        strays: Vec::new(),
        words: Vec::new(),
        categories: Vec::new(),
        row_labels: Vec::new(),
        constant: Vec::new(),
        blank: Vec::new(),
        looks: Vec::new(),
        truth_named: Vec::new(),
    };
    for (i, name) in preview.header.iter().enumerate() {
        if name == labeled || Some(name.as_str()) == truth {
            continue;
        }
        let unnamed = is_unnamed_column(name, i + 1);
        let row_label = if unnamed {
            Some(RowLabel::Unnamed)
        } else if preview.counts_rows.get(i) == Some(&true) {
            Some(RowLabel::CountsRows)
        } else if names_an_identifier(name) {
            Some(RowLabel::NamedIdentifier)
        } else {
            None
        };
        let values = Some(preview.values.of(i)).filter(|v| !v.is_empty());
        let owned =
            |values: &[&str]| -> Vec<String> { values.iter().map(|v| (*v).to_owned()).collect() };
        let constant = values.as_ref().is_some_and(|v| v.len() == 1) && !preview.missing[i];
        let classes = truth_named_classes(preview, i);
        if preview.numeric[i] && row_label.is_none() && !constant && classes.is_none() {
            usable.numeric.push(name.clone());
            continue;
        }
        usable.left_out.push(name.clone());
        if unnamed && preview.kinds[i] == ColumnKind::Empty {
            usable.blank.push(name.clone());
        } else if constant {
            usable.constant.push(name.clone());
        } else if let Some(classes) = classes.filter(|_| preview.numeric[i]) {
            usable.truth_named.push((name.clone(), owned(&classes)));
        } else if preview.numeric[i] {
            usable
                .row_labels
                .extend(row_label.map(|why| (name.clone(), why)));
        } else if let Some(Some(stray)) = preview.strays.get(i) {
            let shape = preview
                .text_looks
                .get(i)
                .and_then(|l| l.as_ref().map(|l| l.shape));
            usable.strays.push((name.clone(), (**stray).clone(), shape));
        } else if preview.kinds[i] == ColumnKind::Flag
            && let Some(values) = &values
        {
            usable.words.push((name.clone(), owned(values)));
        } else if let Some(Some(look)) = preview.text_looks.get(i) {
            // A word and gaps, or words among more numbers, get the note
            // on text.
            let one_word = values.as_ref().is_some_and(|v| v.len() == 1);
            match preview.categories(i) {
                _ if !matches!(look.shape, TextShape::Words | TextShape::WithUnit) => {
                    usable.looks.push((name.clone(), (**look).clone()));
                }
                Some(count) => {
                    let shown = values
                        .as_deref()
                        .map_or_else(|| vec![look.example.clone()], owned);
                    usable.categories.push((name.clone(), count, shown));
                }
                None if look.shape == TextShape::WithUnit => {
                    usable.looks.push((name.clone(), (**look).clone()));
                }
                None if look.mostly_text() && !one_word => {
                    usable.looks.push((name.clone(), (**look).clone()));
                }
                None => {}
            }
        }
    }
    usable
}

/// The values of column `i` where it looks like a true class of its own:
/// named as truth columns usually are ([`TRUTH_NAMES`]), holding whole
/// numbers, few enough to be listed, each in at least
/// [`MIN_AGREEING_ROWS`](super::csv::MIN_AGREEING_ROWS) rows (iris's
/// `target` of 0, 1 and 2; not a `y` coordinate of a small file).
fn truth_named_classes(preview: &CsvPreview, i: usize) -> Option<Vec<&str>> {
    let values = preview.values.counted(i);
    let named = named_as_truth(&preview.header[i]) && !values.is_empty();
    let whole = |v: &str| v.parse::<f64>().is_ok_and(|n| n.fract() == 0.0);
    let classes = values
        .iter()
        .all(|&(value, count)| whole(value) && count >= super::csv::MIN_AGREEING_ROWS);
    (named && classes).then(|| values.into_iter().map(|(value, _)| value).collect())
}

/// Every column `columns` names is in the header, and with no feature list
/// every other column holds numbers.
fn fits(preview: &CsvPreview, columns: &CsvColumns) -> bool {
    let has = |name: &str| preview.header.iter().any(|h| h == name);
    let named_exist = has(&columns.labeled)
        && columns.truth.as_deref().is_none_or(has)
        && columns
            .features
            .as_ref()
            .is_none_or(|f| !f.is_empty() && f.iter().all(|n| has(n)));
    let others_numeric = columns.features.is_some()
        || preview
            .header
            .iter()
            .zip(&preview.kinds)
            .all(|(name, kind)| {
                *name == columns.labeled
                    || columns.truth.as_deref() == Some(name.as_str())
                    || matches!(kind, ColumnKind::Numeric | ColumnKind::Flag)
            });
    named_exist && others_numeric
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::{MIN_AGREEING_ROWS, MissingValues, preview_csv};

    fn preview(text: &str) -> CsvPreview {
        preview_csv(text.as_bytes(), 5).unwrap()
    }

    #[test]
    fn other_flag_columns_are_named_where_the_labeled_one_is_a_guess() {
        // Neither flag column's marked rows lie within one value of the other.
        let p =
            preview("id,tenure,is_premium,churned\n1,3.5,1,0\n2,4.5,0,1\n3,1.5,1,1\n4,2.5,0,0\n");
        let guessed = suggest_columns(&p, &CsvColumns::default());
        assert_eq!(guessed.labeled, "is_premium");
        assert_eq!(
            other_flag_columns_note(&p, &guessed).as_deref(),
            Some(
                "\"churned\" also holds two values: if it marks the labeled rows rather than \
                 \"is_premium\", choose it as the labeled column."
            )
        );
        // A name that holds a word of labeled columns beats an earlier flag,
        // which the note still names.
        let worded = preview("smoker,x,known_pos\n1,1.5,1\n0,2.5,1\n1,3.5,0\n0,4.5,0\n");
        let c = suggest_columns(&worded, &CsvColumns::default());
        assert_eq!(c.labeled, "known_pos");
        assert!(
            other_flag_columns_note(&worded, &c).is_some_and(|n| n.starts_with("\"smoker\"")),
            "{c:?}"
        );
        // Not one whose name says it marks negatives.
        let negatives = preview("known_neg,x,known_pos\n1,1.5,0\n0,2.5,1\n0,3.5,1\n0,4.5,0\n");
        assert_eq!(
            suggest_columns(&negatives, &CsvColumns::default()).labeled,
            "known_pos"
        );
        // A labeled column named as such needs no note.
        let named = preview("x,flag,labeled\n1.5,1,0\n2.5,0,1\n");
        let c = suggest_columns(&named, &CsvColumns::default());
        assert_eq!(c.labeled, "labeled");
        assert_eq!(other_flag_columns_note(&named, &c), None);
    }

    #[test]
    fn columns_of_1_and_minus_1_are_flags_but_a_minus_1_0_1_scale_is_a_feature() {
        // PU datasets often mark labeled rows 1 and the others -1, and the
        // true class likewise (+1 in LIBSVM's style); "mood" is a -1/0/1 scale.
        let p = preview("mood,x,s,y\n-1,0.5,1,1\n0,1.5,-1,+1\n1,2.5,-1,-1\n1,3.5,-1.0,-1\n");
        assert_eq!(
            p.kinds,
            [
                ColumnKind::Numeric,
                ColumnKind::Numeric,
                ColumnKind::Flag,
                ColumnKind::Flag
            ]
        );
        let c = suggest_columns(&p, &CsvColumns::default());
        assert_eq!((c.labeled.as_str(), c.truth.as_deref()), ("s", Some("y")));
        assert_eq!(c.features, None);
        let text = "mood,x,s,y\n-1,0.5,1,1\n0,1.5,-1,+1\n1,2.5,-1,-1\n1,3.5,-1.0,-1\n";
        let data = crate::data::csv::read_csv(text.as_bytes(), &c).unwrap();
        assert_eq!(data.labeled, [true, false, false, false]);
        assert_eq!(data.truth, Some(vec![true, true, false, false]));
        assert_eq!(data.feature_names(), ["mood", "x"]);
    }

    #[test]
    fn a_flag_column_of_one_value_is_neither_labeled_nor_truth() {
        // "active" is 1 on every row; "marked" marks rows, "churned" agrees
        // on them, so it could hold the true class.
        let p = preview("x,active,marked,churned\n0.5,1,1,1\n1.5,1,0,1\n2.5,1,0,0\n3.5,1,1,1\n");
        let c = suggest_columns(&p, &CsvColumns::default());
        assert_eq!(c.labeled, "marked");
        assert_eq!(c.truth.as_deref(), Some("churned"));
        assert!(p.one_flag_everywhere(1));
        assert!(!p.one_flag_everywhere(2));
        // A column of 1 and blanks marks rows, so it is not one value everywhere.
        assert!(!preview("x,flag\n0.5,1\n1.5,\n").one_flag_everywhere(1));
        let no_truth = preview("x,labeled,class\n0.5,1,yes\n1.5,0,yes\n2.5,0,YES\n");
        assert!(no_truth.one_flag_everywhere(2));
        assert_eq!(
            suggest_columns(&no_truth, &CsvColumns::default()).truth,
            None
        );
    }

    #[test]
    fn without_a_flag_column_the_labeled_guess_is_a_column_of_two_words() {
        let p = preview("a,b,status\n0.5,1,confirmed\n1.5,2,unknown\n2.5,1,unknown\n");
        let c = suggest_columns(&p, &CsvColumns::default());
        assert_eq!(c.labeled, "status");
        assert_eq!(c.features, None);
    }

    #[test]
    fn finds_roles_by_name_and_keeps_numeric_features() {
        let p = preview("id,width,diagnosis,labeled,height\na,1.5,1,0,2\nb,2.5,0,1,3\n");
        let c = suggest_columns(&p, &CsvColumns::default());
        assert_eq!(c.labeled, "labeled");
        assert_eq!(c.truth.as_deref(), Some("diagnosis"));
        // "id" is text, so the features are listed: the numeric columns only.
        assert_eq!(
            c.features,
            Some(vec!["width".to_string(), "height".to_string()])
        );
    }

    /// A column of one word in every row is one value, not text to encode.
    #[test]
    fn a_column_of_one_word_is_left_out_as_one_value() {
        let usable = usable_features(
            &preview("x,comment,labeled\n1,same,0\n2,same,1\n3,same,0\n"),
            "labeled",
            None,
        );
        assert_eq!(usable.constant, ["comment"]);
        assert_eq!(
            usable.notes(),
            [
                "Left out: \"comment\" holds one value in every row, which tells no row from another."
            ]
        );
    }

    /// A row index (unnamed, or counting the rows) and a column of yes/no
    /// words are left out, each with its reason; a ticked one loses its note.
    #[test]
    fn row_labels_and_words_are_left_out_with_their_reasons() {
        let mut text = ",n,x,smoker,one,labeled,Unnamed: 7,\n".to_string();
        for i in 0..30 {
            let smoker = if i % 3 == 0 { "yes" } else { "no" };
            let shuffled = (i * 7) % 30;
            text += &format!(
                "{},{},{}.5,{smoker},7,{},{shuffled},\n",
                29 - i,
                i + 1,
                i % 4,
                i % 2
            );
        }
        let usable = usable_features(&preview(&text), "labeled", None);
        assert_eq!(usable.numeric, ["x"]);
        assert_eq!(
            usable.left_out,
            [
                "(column 1)",
                "n",
                "smoker",
                "one",
                "Unnamed: 7",
                "(column 8)"
            ]
        );
        assert_eq!(usable.constant, ["one"]);
        assert_eq!(usable.blank, ["(column 8)"]);
        assert_eq!(
            usable.row_labels,
            [
                ("(column 1)".to_owned(), RowLabel::Unnamed),
                ("n".to_owned(), RowLabel::CountsRows),
                ("Unnamed: 7".to_owned(), RowLabel::Unnamed)
            ]
        );
        assert_eq!(
            usable.notes(),
            [
                "Left out: \"(column 1)\" has no name in the header, so it looks like the row \
                 index pandas or a spreadsheet writes; a row's place in the file is no evidence \
                 of its class. Make it a feature to use it anyway.",
                "Left out: \"n\" counts the rows (whole numbers going up by one), so it looks \
                 like a row number; a row's place in the file is no evidence of its class. Make \
                 it a feature to use it anyway.",
                "Left out: \"smoker\" holds the words \"yes\", \"no\": choose it as a feature to \
                 give each its own 0/1 input; if it holds the true class, choose it as the truth \
                 column.",
                "Left out: \"one\" holds one value in every row, which tells no row from another.",
                "Left out: \"Unnamed: 7\" has no name in the header, so it looks like the row \
                 index pandas or a spreadsheet writes; a row's place in the file is no evidence \
                 of its class. Make it a feature to use it anyway."
            ]
        );
        let chosen = usable
            .notes_except(&|name| ["n", "smoker", "one"].contains(&name))
            .join(" ");
        assert!(
            chosen.starts_with("Left out: \"(column 1)\" has no name"),
            "{chosen}"
        );
        assert!(
            !chosen.contains("\"n\"") && !chosen.contains("smoker") && !chosen.contains("one"),
            "{chosen}"
        );
        assert_eq!(usable.chosen(), Some(vec!["x".to_owned()]));
    }

    /// A column named as truth columns usually are that holds three classes is not
    /// the truth, and not a feature either; a `y` of many values, or of a
    /// few values in a few rows each, is one.
    #[test]
    fn a_column_named_as_the_truth_of_three_classes_is_left_out() {
        let mut text = "x,y,labeled,truth\n".to_string();
        for i in 0..30 {
            text += &format!("{i}.5,{}.25,{},{}\n", i * 3, i % 4 == 0, i % 3);
        }
        let p = preview(&text);
        assert_eq!(guess_truth_column(&p, "labeled"), None);
        let usable = usable_features(&p, "labeled", None);
        assert_eq!(usable.numeric, ["x", "y"]);
        assert_eq!(
            usable.notes().join(" "),
            "Left out: \"truth\" is named as truth columns usually are and holds the values \
             \"0\", \"1\", \"2\": as a feature it could hand the learners the answer. Make it \
             a feature to use it anyway, or write it as two classes to make it the truth column."
        );
        assert_eq!(
            suggest_columns(&p, &CsvColumns::default()).features,
            Some(vec!["x".to_owned(), "y".to_owned()])
        );
        // A few whole numbers, each in few rows, are a small file's
        // coordinate, not classes.
        let small = preview("x,y,labeled\n1,2,1\n2,3,0\n3,1,0\n4,4,1\n5,2,0\n6,1,0\n");
        assert_eq!(usable_features(&small, "labeled", None).numeric, ["x", "y"]);
    }

    /// Numbers in a column named as an identifier are left out, even
    /// shuffled; a column whose name only ends in those letters is kept.
    #[test]
    fn a_column_named_as_an_identifier_is_left_out() {
        let mut text = "CustomerID,Lipid,labeled\n".to_string();
        for i in 0..20 {
            text += &format!("{},{}.5,{}\n", (i * 7) % 20 + 1000, i % 3, i % 2);
        }
        let usable = usable_features(&preview(&text), "labeled", None);
        assert_eq!(usable.numeric, ["Lipid"]);
        assert_eq!(
            usable.row_labels,
            [("CustomerID".to_owned(), RowLabel::NamedIdentifier)]
        );
        assert_eq!(
            usable.notes().join(" "),
            "Left out: \"CustomerID\" is named as the rows' identifier; a row's identifier is no \
             evidence of its class. Make it a feature to use it anyway."
        );
    }

    /// A column of one word and gaps gives one input, so it is no category:
    /// its note says to write it as numbers.
    #[test]
    fn one_word_and_gaps_are_to_be_written_as_numbers() {
        let text = "x,flagged,labeled\n1.5,yes,1\n2.5,,0\n3.5,yes,0\n4.5,,1\n";
        let note = usable_features(&preview(text), "labeled", None)
            .notes()
            .join(" ");
        assert_eq!(
            note,
            "Left out: \"flagged\" holds the word \"yes\" and missing cells, and a feature must \
             be a number. To use it, write it as 1 and the missing cells as 0 in the file; if it \
             holds the true class, choose it as the truth column."
        );
    }

    /// Amounts, percentages, dates and durations are left out with what
    /// would make them numbers; a few categories with how to read them as
    /// inputs.
    #[test]
    fn text_with_a_look_of_its_own_gets_its_own_advice() {
        let mut text = "price,rate,day,colour,mass,wait,x,labeled\n".to_string();
        for i in 0..15 {
            let colour = ["red", "green", "blue"][i % 3];
            text += &format!(
                "\"${},{:03}\",{i}%,2023-01-{:02},{colour},{}e300,0 days 0{}:{:02}:00,{i}.5,{}\n",
                i + 1,
                i * 7,
                i + 1,
                i + 1,
                i % 10,
                i * 3,
                i % 2
            );
        }
        let usable = usable_features(&preview(&text), "labeled", None);
        assert_eq!(usable.numeric, ["x"]);
        let shapes: Vec<(&str, TextShape)> = usable
            .looks
            .iter()
            .map(|(n, l)| (n.as_str(), l.shape))
            .collect();
        assert_eq!(
            shapes,
            [
                ("price", TextShape::Money),
                ("rate", TextShape::Percent),
                ("day", TextShape::Date),
                ("mass", TextShape::TooLarge),
                ("wait", TextShape::Duration)
            ]
        );
        assert_eq!(
            usable.notes().join(" "),
            "Left out: \"price\" holds amounts with a currency sign, such as \"$1,000\": \
             choose it as a feature to read each cell as its number without the sign. Left out: \
             \"rate\" holds percentages, such as \"0%\": choose it as a feature to read each cell \
             as its number without the sign. Left out: \"day\" holds dates, such as \
             \"2023-01-01\": choose it as a feature to read each written year first (2023-01-10) \
             as its days since 1970-01-01, or write each as a number (the year, or the days since \
             a first date). Left out: \"colour\" holds the categories \"red\", \"green\", \
             \"blue\": choose it as a feature to give each its own 0/1 input. Left out: \"mass\" holds numbers beyond \
             ±3.4e38, larger than a feature can hold, such as \"1e300\": divide the column by a \
             power of ten in the file to use it. Left out: \"wait\" holds durations or times of \
             day, such as \"0 days 00:00:00\": choose it as a feature to read each as its hours \
             (a time of day as its hours since midnight)."
        );
    }

    /// A column of numbers with many infinite values, as pandas writes a
    /// division by zero, is told to empty them: neither text nor
    /// categories.
    #[test]
    fn infinite_values_are_told_to_be_emptied() {
        let text: String = (0..20)
            .map(|i| {
                let ratio = match i {
                    _ if i % 3 == 0 => "inf".to_string(),
                    5 | 10 => "-inf".to_string(),
                    _ => format!("{i}.25"),
                };
                format!("{ratio},{i}.5,{}\n", i % 2)
            })
            .collect();
        let usable = usable_features(
            &preview(&format!("ratio,x,labeled\n{text}")),
            "labeled",
            None,
        );
        assert_eq!(usable.numeric, ["x"]);
        assert_eq!(
            usable.notes(),
            [
                "Left out: \"ratio\" holds infinite values (what a division by zero gives), such \
                 as \"inf\": empty those cells in the file and choose what to do with missing \
                 values, to use it."
            ]
        );
    }

    /// Negatives in parentheses read once chosen; many numbers with a unit
    /// are told to lose it, and a few are categories.
    #[test]
    fn accounting_negatives_and_numbers_with_units_get_their_own_advice() {
        let text: String = (0..15)
            .map(|i| {
                let net = if i % 3 == 0 {
                    format!("({i}.25)")
                } else {
                    format!("{i}.5")
                };
                let drive = ["2WD", "4WD"][i % 2];
                format!("{net},{i}.5 kg,{drive},{i}.5,{}\n", i % 2)
            })
            .collect();
        let usable = usable_features(
            &preview(&format!("net,weight,drive,x,labeled\n{text}")),
            "labeled",
            None,
        );
        assert_eq!(usable.numeric, ["x"]);
        assert_eq!(
            usable.notes().join(" "),
            "Left out: \"net\" holds negative numbers in parentheses, as accounting writes \
             them, such as \"(0.25)\": choose it as a feature to read each as its negative \
             number. Left out: \"weight\" holds numbers with a unit, such as \"0.5 kg\": write \
             the numbers alone in the file, the unit in the column's name, to use it. Left out: \"drive\" holds the categories \"2WD\", \"4WD\": choose it as a \
             feature to give each its own 0/1 input."
        );
    }

    /// Dates written day or month first are said to read once chosen where
    /// a part past 12 shows the order, and to be written year first where
    /// none does.
    #[test]
    fn day_first_dates_read_once_chosen_where_a_day_past_12_shows_the_order() {
        fn note_of<S: AsRef<str>>(cells: &[S]) -> String {
            let text: String = cells
                .iter()
                .enumerate()
                .map(|(i, cell)| format!("{},{i}.5,{}\n", cell.as_ref(), i % 2))
                .collect();
            usable_features(
                &preview(&format!("visit,x,labeled\n{text}")),
                "labeled",
                None,
            )
            .notes()
            .join(" ")
        }
        let note = |first_day: usize| {
            let january: Vec<String> = (0..6)
                .map(|i| format!("{:02}/01/2023", first_day + i))
                .collect();
            note_of(&january)
        };
        assert_eq!(
            note(10),
            "Left out: \"visit\" holds dates written day first (day/month/year), as \
             \"13/01/2023\" shows, such as \"10/01/2023\": choose it as a feature to read each \
             as its days since 1970-01-01."
        );
        assert_eq!(
            note(1),
            "Left out: \"visit\" holds dates written day or month first, with no part past 12 \
             to show which, such as \"01/01/2023\": name their order under \"Dates written\" \
             and choose it as a feature to read each as its days since 1970-01-01, or write \
             each year first (2023-01-10)."
        );
        // Two orders, each shown by a cell; two-digit years.
        assert_eq!(
            note_of(&["01/02/2023", "13/02/2023", "02/28/2023", "03/03/2023"]),
            "Left out: \"visit\" holds dates written in two orders, day first as \
             \"13/02/2023\" shows and month first as \"02/28/2023\" does, such as \
             \"01/02/2023\": write each year first (2023-01-10), to read it as its days since \
             1970-01-01 once the column is chosen as a feature, or as a number (the year, or \
             the days since a first date)."
        );
        assert_eq!(
            note_of(&["01/02/23", "13/02/23", "14/02/23", "03/03/23"]),
            "Left out: \"visit\" holds dates not written year first, such as \"01/02/23\": \
             write each year first (2023-01-10), to read it as its days since 1970-01-01 once \
             the column is chosen as a feature, or as a number (the year, or the days since a \
             first date); dates written day or month first are read only with a four-digit \
             year, where a part past 12 shows which is the day."
        );
    }

    /// A column of more words than a preview lists is categories where
    /// each word sorts rows together, and names where each is one row's.
    #[test]
    fn many_repeated_words_are_categories_and_words_of_one_row_each_are_not() {
        let mut text = "education,name,x,labeled\n".to_string();
        for i in 0..40 {
            text += &format!("grade{},person{i},{i}.5,{}\n", i % 16, i % 2);
        }
        // Numbers with a typo are no categories, however few their values.
        let typo: String = (0..20)
            .map(|i| match i {
                7 => "oops,1\n".to_owned(),
                _ => format!("{},{}\n", i % 5, i % 2),
            })
            .collect();
        let typo = preview(&format!("score,labeled\n{typo}"));
        assert_eq!(typo.distinct_values[0], Some(6));
        assert_eq!(typo.categories(0), None);
        let preview = preview(&text);
        assert_eq!(preview.distinct_values[..2], [Some(16), Some(40)]);
        assert_eq!(preview.categories(0), Some(16));
        assert_eq!(preview.categories(1), None);
        assert!(preview.values.of(0).is_empty());
        let usable = usable_features(&preview, "labeled", None);
        assert_eq!(usable.numeric, ["x"]);
        assert_eq!(
            usable.notes().join(" "),
            "Left out: \"education\" holds 16 categories, such as \"grade0\": choose it as a \
             feature to give each its own 0/1 input. Left out: \"name\" holds text of many \
             different values, such as \"person0\": too many to read as categories, and an \
             identifier or a name is no number to learn from."
        );
    }

    /// A column of numbers with a typo in one cell is left out with that
    /// cell located, not called a text column; a column of words is text.
    #[test]
    fn a_stray_cell_in_a_column_of_numbers_is_located() {
        let mut text = "id,a,labeled\n".to_string();
        for i in 0..20 {
            let a = if i == 8 {
                "1.2.3".to_string()
            } else {
                format!("{i}.5")
            };
            text += &format!("r{i},{a},{}\n", i % 2);
        }
        let usable = usable_features(&preview(&text), "labeled", None);
        assert_eq!(usable.left_out, ["id", "a"]);
        let note = usable.notes().join(" ");
        assert!(
            note.starts_with(
                "Left out: \"id\" holds text of many different values, such as \"r0\": too \
                 many to read as categories, and an identifier or a name is no number to learn \
                 from."
            ),
            "{note}"
        );
        assert!(
            note.contains(
                "Column \"a\" is left out of the features: line 10 holds \"1.2.3\", not a \
                 finite number, though 19 of its 20 non-empty cells are numbers. Fix that cell, \
                 or empty it and choose what to do with missing values, to use the column."
            ),
            "{note}"
        );
        // Two: the first is named, and both are to be fixed.
        let two = text.replace("r2,2.5", "r2,x");
        let note = usable_features(&preview(&two), "labeled", None)
            .notes()
            .join(" ");
        assert!(
            note.contains(
                "line 4 holds \"x\" (and 1 more cell), not a finite number, though 18 of its 20 \
                 non-empty cells are numbers. Fix those cells, or empty them"
            ),
            "{note}"
        );
        // An infinite value is said to be one, and to be emptied.
        let infinite = text.replace("r2,2.5", "r2,-inf");
        let note = usable_features(&preview(&infinite), "labeled", None)
            .notes()
            .join(" ");
        assert!(
            note.contains(
                "line 4 holds \"-inf\" (and 1 more cell), an infinite value (what a division by \
                 zero gives), though 18 of its 20 non-empty cells are numbers. Empty those cells \
                 and choose what to do with missing values, or fix them, to use the column."
            ),
            "{note}"
        );
        // A number too large for a feature is said to be one.
        let huge = text.replace("r2,2.5", "r2,1e300");
        let note = usable_features(&preview(&huge), "labeled", None)
            .notes()
            .join(" ");
        assert!(
            note.contains(
                "line 4 holds \"1e300\" (and 1 more cell), a number beyond ±3.4e38, larger than \
                 a feature can hold, though 18 of its 20"
            ),
            "{note}"
        );
        // A number with a unit among numbers is to be written alone.
        let kilos = text.replace("1.2.3", "8.5 kg");
        let note = usable_features(&preview(&kilos), "labeled", None)
            .notes()
            .join(" ");
        assert!(
            note.contains(
                "line 10 holds \"8.5 kg\", a number with a unit, though 19 of its 20 non-empty \
                 cells are numbers. Write that cell as the number alone, in the unit of the \
                 others, or empty it and choose what to do with missing values, to use the \
                 column."
            ),
            "{note}"
        );
        // A duration among numbers is to be written in their unit.
        let minutes = text.replace("1.2.3", "1:30");
        let note = usable_features(&preview(&minutes), "labeled", None)
            .notes()
            .join(" ");
        assert!(
            note.contains(
                "line 10 holds \"1:30\", a duration or a time of day, though 19 of its 20 \
                 non-empty cells are numbers. Write that cell as a number in the unit of the \
                 others, or empty it and choose what to do with missing values, to use the \
                 column."
            ),
            "{note}"
        );
        // An amount among numbers reads as its number once chosen.
        let dollars = text.replace("1.2.3", "$8.50");
        let note = usable_features(&preview(&dollars), "labeled", None)
            .notes()
            .join(" ");
        assert!(
            note.contains(
                "line 10 holds \"$8.50\", an amount with a currency sign, though 19 of its 20 \
                 non-empty cells are numbers: choose it as a feature to read each as its number \
                 without the sign."
            ),
            "{note}"
        );
        // Three strays in 20 cells are more than a few: the column is text.
        let three = text.replace("r2,2.5", "r2,x").replace("r4,4.5", "r4,inf");
        let usable = usable_features(&preview(&three), "labeled", None);
        assert_eq!(usable.strays, []);
        assert!(
            usable
                .notes()
                .join(" ")
                .contains("Left out: \"a\" holds text or nothing")
        );
    }

    /// Without a truth column's name, a flag column is the truth only if it
    /// holds one value on every labeled row: a 0/1 feature is not taken.
    #[test]
    fn a_flag_feature_that_varies_on_labeled_rows_is_not_the_truth() {
        let text = "x,labeled,smoker,outcome\n\
                    1.5,1,1,1\n2.5,1,0,1\n3.5,0,1,0\n4.5,0,0,1\n";
        let c = suggest_columns(&preview(text), &CsvColumns::default());
        assert_eq!(c.labeled, "labeled");
        assert_eq!(c.truth.as_deref(), Some("outcome"));
        let without = "x,labeled,smoker\n1.5,1,1\n2.5,1,0\n3.5,0,1\n";
        let c = suggest_columns(&preview(without), &CsvColumns::default());
        assert_eq!(c.truth, None);
        assert_eq!(
            c.features, None,
            "smoker stays a feature, as every other column is numeric"
        );
        assert_eq!(guess_truth_column(&preview(without), "labeled"), None);
    }

    /// A text column of two classes is the truth, unnamed as such, where
    /// every one of at least ten labeled rows holds one of them.
    #[test]
    fn a_column_of_two_classes_that_holds_one_on_every_labeled_row_is_the_truth() {
        // 40 rows, every other one positive; the first `labeled_rows`
        // positives labeled, and a negative too where `stray` says so. "sex"
        // is a text feature of two classes that varies on the labeled rows.
        let table = |labeled_rows: usize, stray: bool| {
            let mut text = String::from("x,sex,labeled,species\n");
            for i in 0..40 {
                let positive = i % 2 == 0;
                let labeled = (positive && i / 2 < labeled_rows) || (stray && i == 1);
                let sex = ["F", "M"][i / 2 % 2];
                let species = match (positive, i % 4) {
                    (true, 0) => "Setosa",
                    (true, _) => "setosa",
                    (false, _) => "virginica",
                };
                text += &format!("{i}.5,{sex},{},{species}\n", u8::from(labeled));
            }
            preview(&text)
        };
        let c = suggest_columns(&table(MIN_AGREEING_ROWS, false), &CsvColumns::default());
        assert_eq!(c.labeled, "labeled");
        assert_eq!(c.truth.as_deref(), Some("species"));
        let few = table(MIN_AGREEING_ROWS - 1, false);
        assert_eq!(suggest_columns(&few, &CsvColumns::default()).truth, None);
        let split = table(MIN_AGREEING_ROWS, true);
        assert_eq!(suggest_columns(&split, &CsvColumns::default()).truth, None);
    }

    /// A flag column named as truth columns are is the labeled one only
    /// when nothing else can be: a column of two words comes first.
    #[test]
    fn a_truth_named_flag_is_not_the_labeled_guess_beside_two_words() {
        let p = preview(
            "a,b,status,y\n1.5,2,known,1\n2.5,3,unknown,1\n3.5,4,unknown,0\n4.5,5,unknown,0\n",
        );
        let c = suggest_columns(&p, &CsvColumns::default());
        assert_eq!(c.labeled, "status");
        assert_eq!(c.labeled_value.as_deref(), Some("known"));
        assert_eq!(c.truth.as_deref(), Some("y"));
        let only = preview("a,y\n1.5,1\n2.5,0\n");
        assert_eq!(suggest_columns(&only, &CsvColumns::default()).labeled, "y");
    }

    /// Without a name to go by, the labeled column is the one whose marked
    /// rows all hold one class of another column, which holds it on more
    /// rows: labeled rows are a part of the positives.
    #[test]
    fn the_column_marking_a_part_of_another_s_class_is_the_labeled_one() {
        let mut text = String::from("age,churned,status\n");
        for i in 0..60 {
            let churned = i % 3 == 0;
            let known = churned && i % 2 == 0;
            let status = if known { "known" } else { "unknown" };
            text += &format!("{i},{},{status}\n", if churned { "Yes" } else { "No" });
        }
        let c = suggest_columns(&preview(&text), &CsvColumns::default());
        assert_eq!(c.labeled, "status");
        assert_eq!(c.labeled_value.as_deref(), Some("known"));
        assert_eq!(c.truth.as_deref(), Some("churned"));
        // Named for its role, a column of two words is the labeled one.
        let named = preview("x,class,labeled\n1.5,pos,known\n2.5,neg,unknown\n3.5,pos,unknown\n");
        let c = suggest_columns(&named, &CsvColumns::default());
        assert_eq!(c.labeled, "labeled");
        assert_eq!(c.truth.as_deref(), Some("class"));
    }

    /// A column marking some rows `1` (or `x`) and leaving the rest blank is the
    /// labeled one before a yes/no column filled in every row, which is
    /// more often a feature (a practitioner's file: who smokes, who was
    /// diagnosed).
    #[test]
    fn a_column_marking_with_blanks_comes_before_a_filled_flag_column() {
        let mut text = String::from("id,smoker,age,diagnosed\n");
        for i in 0..60 {
            let smoker = if i % 2 == 0 { "yes" } else { "no" };
            let diagnosed = if i % 5 == 0 { "1" } else { "" };
            text += &format!("{i},{smoker},{},{diagnosed}\n", 30 + i % 17);
        }
        let c = suggest_columns(&preview(&text), &CsvColumns::default());
        assert_eq!(c.labeled, "diagnosed");
        assert_eq!(c.labeled_value.as_deref(), Some("1"));
        // Marked with a word, likewise.
        let crossed = text.replace(",1\n", ",x\n");
        let c = suggest_columns(&preview(&crossed), &CsvColumns::default());
        assert_eq!(c.labeled, "diagnosed");
        assert_eq!(c.labeled_value.as_deref(), Some("x"));
        // A flag column that holds both values on its rows is no truth.
        assert_eq!(c.truth, None);
        // Without its gaps the same column is one flag among two, and the
        // first is taken, as before.
        let filled = text.replace(",\n", ",0\n");
        let c = suggest_columns(&preview(&filled), &CsvColumns::default());
        assert_eq!(c.labeled, "smoker");
        // Nor is a column of several words with gaps a marker.
        let words = text.replace(",1\n", ",a\n").replacen(",a\n", ",b\n", 3);
        let c = suggest_columns(&preview(&words), &CsvColumns::default());
        assert_eq!(c.labeled, "smoker");
    }

    /// A column marking some rows `yes` and leaving the rest blank, after
    /// a yes/no class that holds `yes` on all of them, is the labeled one:
    /// its blanks are its other value, not missing ones.
    #[test]
    fn a_column_marking_with_blanks_is_labeled_whatever_the_column_order() {
        let mut text = String::from("churned,age,flagged\n");
        for i in 0..60 {
            let churned = i % 3 == 0;
            let flagged = if churned && i % 2 == 0 { "yes" } else { "" };
            text += &format!("{},{i},{flagged}\n", if churned { "yes" } else { "no" });
        }
        let c = suggest_columns(&preview(&text), &CsvColumns::default());
        assert_eq!(c.labeled, "flagged");
        assert_eq!(c.labeled_value.as_deref(), Some("yes"));
        assert_eq!(c.truth.as_deref(), Some("churned"));
        // Marked with a word the flag words do not read, likewise.
        let crossed = text.replace(",yes\n", ",x\n");
        let c = suggest_columns(&preview(&crossed), &CsvColumns::default());
        assert_eq!(c.labeled, "flagged");
        assert_eq!(c.labeled_value.as_deref(), Some("x"));
        assert_eq!(c.truth.as_deref(), Some("churned"));
    }

    #[test]
    fn falls_back_to_flag_columns_in_order() {
        let p = preview("a,b,mark,gold\n1.5,2,yes,P\n2.5,3,no,N\n");
        let c = suggest_columns(&p, &CsvColumns::default());
        assert_eq!(c.labeled, "mark");
        assert_eq!(c.truth.as_deref(), Some("gold"));
        assert_eq!(c.features, None); // every other column is numeric
    }

    #[test]
    fn a_named_column_of_two_classes_is_the_truth() {
        let p = preview("x,labeled,diagnosis,grade\n1.5,1,M,a\n2.5,0,B,b\n3.5,0,B,c\n");
        let c = suggest_columns(&p, &CsvColumns::default());
        assert_eq!(c.truth.as_deref(), Some("diagnosis"));
        let three = preview("x,labeled,diagnosis\n1.5,1,M\n2.5,0,B\n3.5,0,X\n");
        assert_eq!(suggest_columns(&three, &CsvColumns::default()).truth, None);
        let cases = preview("x,labeled,diagnosis\n1.5,1,M\n2.5,0,b\n3.5,0,B\n4.5,0,m\n");
        let c = suggest_columns(&cases, &CsvColumns::default());
        assert_eq!(c.truth.as_deref(), Some("diagnosis"));
    }

    #[test]
    fn a_labeled_column_blank_elsewhere_is_read_by_its_marker_value() {
        let p = preview("x,labeled,class\n0.5,,neg\n1.5,yes,pos\n2.5,,pos\n");
        let c = suggest_columns(&p, &CsvColumns::default());
        assert_eq!(c.labeled, "labeled");
        assert_eq!(c.labeled_value.as_deref(), Some("yes"));
        assert_eq!(c.truth.as_deref(), Some("class"));
    }

    #[test]
    fn keeps_the_users_choice_while_it_fits() {
        let p = preview("x,flag,other\n1.5,1,0\n2.5,0,1\n");
        let chosen = CsvColumns {
            labeled: "other".into(),
            labeled_value: Some("1".into()),
            truth: None,
            features: Some(vec!["x".into()]),
            ..CsvColumns::default()
        };
        assert_eq!(suggest_columns(&p, &chosen), chosen);
        let gone = CsvColumns {
            features: Some(vec!["missing".into()]),
            ..chosen
        };
        assert_eq!(suggest_columns(&p, &gone).labeled, "flag");
    }

    #[test]
    fn a_missing_values_choice_alone_is_no_column_choice() {
        let p = preview("x,labeled,y\n1.5,1,1\n2.5,0,0\n");
        let dropping = CsvColumns {
            missing: MissingValues::DropRows,
            ..CsvColumns::default()
        };
        let c = suggest_columns(&p, &dropping);
        assert_eq!(c.truth.as_deref(), Some("y"));
        assert_eq!(c.missing, MissingValues::DropRows);
    }

    #[test]
    fn a_column_named_labeled_that_holds_no_flags_is_still_taken_over_the_first() {
        // "labeled" holds 0 and 2: no column can mark labeled rows, and the
        // run's message should name the one the user meant, not column "a".
        let p = preview("a,labeled,x\n0,0,1.5\n1,2,2.5\n5,0,3.5\n");
        let c = suggest_columns(&p, &CsvColumns::default());
        assert_eq!(c.labeled, "labeled");
        assert_eq!(c.features, None); // every other column, "a" too
        // The command line, which guesses where the file has no "labeled",
        // takes the same column.
        let s = preview("a,s,x\n0,0,1.5\n1,2,2.5\n5,0,3.5\n");
        assert_eq!(guess_labeled_column(&s).as_deref(), Some("s"));
        let unnamed = preview("a,b,x\n0,0,1.5\n1,2,2.5\n5,0,3.5\n");
        assert_eq!(
            suggest_columns(&unnamed, &CsvColumns::default()).labeled,
            "a"
        );
    }

    #[test]
    fn given_default_roles_are_kept_while_they_fit() {
        // A guess would take "y" as the truth, leaving it out of the features.
        let p = preview("x,labeled,y\n1.5,1,1\n2.5,0,0\n");
        let default = CsvColumns::default();
        assert_eq!(suggest_columns(&p, &default).truth.as_deref(), Some("y"));
        assert_eq!(fitted_choice(&p, &default), Some(default.clone()));
        let no_labeled_column = preview("x,s,y\n1.5,1,1\n2.5,0,0\n");
        assert_eq!(fitted_choice(&no_labeled_column, &default), None);
    }

    #[test]
    fn a_kept_choice_reading_flags_takes_the_marking_value_of_a_file_with_gaps() {
        let first = preview("x,labeled,y\n1.5,1,1\n2.5,0,0\n");
        let kept = suggest_columns(&first, &CsvColumns::default());
        assert_eq!(kept.labeled_value, None);
        assert_eq!(kept.truth.as_deref(), Some("y"));
        let gaps = preview("x,labeled,y\n1.5,1,1\n2.5,,0\n");
        let next = suggest_columns(&gaps, &kept);
        assert_eq!(next.labeled_value.as_deref(), Some("1"));
        assert_eq!(next.labeled, kept.labeled);
        // A value the user chose stays.
        let chosen = CsvColumns {
            labeled_value: Some("yes".into()),
            ..kept
        };
        assert_eq!(suggest_columns(&gaps, &chosen), chosen);
    }
}
