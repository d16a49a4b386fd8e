//! The feature cells read with a decimal comma ([`DecimalMark`](super::number::DecimalMark)),
//! counted so the user is told: a comma that grouped thousands ("1,000")
//! reads as a decimal. Beside decimal commas, a point may group thousands
//! ("1.000"), so cells with a point are counted too and named when both occur.
//! Numbers whose thousands are grouped (by commas beside a decimal point,
//! by points or spaces beside a decimal comma) are counted too, so the user is told
//! they were read so, and so are amounts and percentages read without their
//! signs, negative numbers read from parentheses, dates read as their days
//! since 1970 and durations read as their hours.

use super::dialect::Dialect;
use super::duration;
use super::error::{CellAt, CsvError};
use super::iso_date::days_since_1970;
use super::number::DecimalMark;
use super::rows::{Cell, EmptyCells};
use super::text_shape::TextShape;
use crate::user_text::clip;

/// The feature cells of a column read as numbers, and of them those read
/// with a mark: see [`Marks`].
#[derive(Default)]
pub(super) struct DecimalMarks {
    /// The cells with a mark, once one has one (boxed, as a column of
    /// plain numbers has none and a file may have hundreds of columns).
    marks: Option<Box<Marks>>,
    /// Cells read as numbers that are no dates.
    not_dates: usize,
}

/// The feature cells read with a decimal comma, those read with a point,
/// those with grouped thousands, amounts and percentages read without
/// their signs, dates read as days and durations read as hours.
#[derive(Default)]
struct Marks {
    /// Cells with a comma.
    commas: Marked,
    /// Cells with a point.
    points: Marked,
    /// Cells whose thousands are grouped, with the file's decimal mark.
    groupings: Marked,
    /// The file's decimal mark and the marks grouping the first such
    /// cell's thousands ("Points"), once a cell has grouped thousands.
    grouping: Option<(DecimalMark, &'static str)>,
    /// Amounts read without their currency sign.
    money: Marked,
    /// Percentages read without their percent sign.
    percentages: Marked,
    /// Negative numbers read from parentheses.
    parentheses: Marked,
    /// Dates read as their days since 1970-01-01.
    dates: Marked,
    /// Durations and times of day read as their hours.
    durations: Marked,
}

/// Cells holding one mark: how many, and the first.
#[derive(Default)]
struct Marked {
    /// How many.
    count: usize,
    /// The first one: where, its text and the number read (boxed, as most
    /// columns have none and a file may have many columns).
    first: Option<Box<(CellAt, String, f32)>>,
}

impl Marked {
    /// None counted.
    const NONE: Marked = Marked {
        count: 0,
        first: None,
    };

    /// Counts a cell read as `number`.
    fn note(&mut self, cell: &Cell<'_>, number: f32) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(Box::new((cell.at(), clip(cell.value), number)));
        }
    }

    /// Adds the cells `other` counted, in columns right of those counted
    /// here: the first stays the one met first in the file.
    fn merge(&mut self, other: Marked) {
        self.count += other.count;
        let earlier = match (self.first.as_deref(), other.first.as_deref()) {
            (None, _) => true,
            (Some((mine, ..)), Some((theirs, ..))) => theirs.row < mine.row,
            (Some(_), None) => false,
        };
        if earlier {
            self.first = other.first;
        }
    }

    /// "1 cell", "30 cells" and the first: `"1,21", as 1.21 (Line 3 …)`.
    fn described(&self) -> Option<(String, String)> {
        let (at, text, number) = self.first.as_deref()?;
        let cells = match self.count {
            1 => "1 cell".to_owned(),
            n => format!("{n} cells"),
        };
        Some((cells, format!("\"{text}\", as {number} ({at})")))
    }
}

impl DecimalMarks {
    /// The cells each of `columns` counted, counted together (the columns
    /// in file order).
    pub(super) fn merged(columns: impl IntoIterator<Item = DecimalMarks>) -> Self {
        let mut all = Marks::default();
        let mut not_dates = 0;
        for column in columns {
            not_dates += column.not_dates;
            let Some(column) = column.marks.map(|marks| *marks) else {
                continue;
            };
            let grouping_first = all.groupings.first.is_none()
                || column
                    .groupings
                    .first
                    .as_deref()
                    .zip(all.groupings.first.as_deref())
                    .is_some_and(|((theirs, ..), (mine, ..))| theirs.row < mine.row);
            if grouping_first && column.grouping.is_some() {
                all.grouping = column.grouping;
            }
            all.commas.merge(column.commas);
            all.points.merge(column.points);
            all.groupings.merge(column.groupings);
            all.money.merge(column.money);
            all.percentages.merge(column.percentages);
            all.parentheses.merge(column.parentheses);
            all.dates.merge(column.dates);
            all.durations.merge(column.durations);
        }
        DecimalMarks {
            marks: Some(Box::new(all)),
            not_dates,
        }
    }

    /// The cells with a mark, none counted where none had one.
    fn marks(&self) -> &Marks {
        static NONE: Marks = Marks::NONE;
        self.marks.as_deref().unwrap_or(&NONE)
    }

    /// The cells with a mark, to count one more.
    fn marks_mut(&mut self) -> &mut Marks {
        self.marks.get_or_insert_default()
    }

    /// Every cell read as a number (missing ones aside) was a date written
    /// year first, read as its days since 1970-01-01.
    pub(super) fn only_dates(&self) -> bool {
        self.marks().dates.count > 0 && self.not_dates == 0
    }

    /// The dialect of a file separated by `delimiter` whose cells these are.
    pub(super) fn dialect(&self, delimiter: u8) -> Dialect {
        let marks = self.marks();
        Dialect::of(delimiter, marks.commas.count, marks.points.count)
    }

    /// The feature cell as a number (as [`EmptyCells::number`] reads it),
    /// taking note of a decimal comma or point.
    pub(super) fn read(
        &mut self,
        empty: &mut EmptyCells,
        cell: &Cell<'_>,
    ) -> Result<f32, CsvError> {
        let number = empty.number(cell)?;
        if cell.decimal().parse(cell.value).is_none() {
            match TextShape::amount(cell.value, cell.decimal()) {
                Some((_, TextShape::Money)) => self.marks_mut().money.note(cell, number),
                Some((_, TextShape::Parenthesised)) => {
                    self.marks_mut().parentheses.note(cell, number);
                }
                Some(_) => self.marks_mut().percentages.note(cell, number),
                // A date, a duration or a missing cell has no decimal mark
                // to count; a duration is no date.
                None => {
                    if days_since_1970(cell.value).is_some() {
                        self.marks_mut().dates.note(cell, number);
                    } else if duration::hours(cell.value).is_some() {
                        self.marks_mut().durations.note(cell, number);
                        self.not_dates += 1;
                    }
                    return Ok(number);
                }
            }
        }
        self.not_dates += 1;
        // An amount's marks are its number's, without parentheses or signs.
        let text = TextShape::number_text(cell.value);
        if let Some(grouping) = cell.decimal().thousands_grouped_by(text) {
            let marks = self.marks_mut();
            marks.groupings.note(cell, number);
            marks.grouping.get_or_insert((cell.decimal(), grouping));
            // "1.200,5" has a decimal comma too, and is counted with them.
            if cell.decimal() == DecimalMark::PointOrComma && text.contains(',') {
                marks.commas.note(cell, number);
            }
        } else if text.contains(',') {
            self.marks_mut().commas.note(cell, number);
        } else if text.contains('.') {
            self.marks_mut().points.note(cell, number);
        }
        Ok(number)
    }

    /// The sentences for the read's warnings, if a cell had a decimal comma
    /// or grouped thousands.
    pub(super) fn sentence(&self) -> Option<String> {
        self.marks.as_deref()?.sentence()
    }
}

impl Marks {
    /// None counted.
    const NONE: Marks = Marks {
        commas: Marked::NONE,
        points: Marked::NONE,
        groupings: Marked::NONE,
        grouping: None,
        money: Marked::NONE,
        percentages: Marked::NONE,
        parentheses: Marked::NONE,
        dates: Marked::NONE,
        durations: Marked::NONE,
    };

    /// See [`DecimalMarks::sentence`].
    fn sentence(&self) -> Option<String> {
        let grouped = self.groupings.described().zip(self.grouping).map(
            |((cells, first), (mark, marks))| {
                let why = match mark {
                    DecimalMark::Point => {
                        "the point is the decimal mark in a file separated by commas"
                    }
                    DecimalMark::PointOrComma => {
                        "the comma is the decimal mark in a file separated by semicolons or tabs"
                    }
                };
                format!(
                    "{marks} were read as grouping thousands in {cells}, as {why}: the first, \
                     {first}."
                )
            },
        );
        let signs = [
            (&self.money, "Currency signs"),
            (&self.percentages, "Percent signs"),
        ]
        .into_iter()
        .filter_map(|(marked, signs)| {
            let (cells, first) = marked.described()?;
            Some(format!(
                "{signs} were left out of {cells} of feature columns, each read as its \
                 number: the first, {first}."
            ))
        });
        let parentheses = self.parentheses.described().map(|(cells, first)| {
            format!(
                "Parentheses were read as minus signs in {cells} of feature columns, as \
                 accounting writes negative numbers: the first, {first}."
            )
        });
        let dates = self.dates.described().map(|(cells, first)| {
            format!(
                "Dates were read as their days since 1970-01-01 in {cells} of feature columns: \
                 the first, {first}."
            )
        });
        let durations = self.durations.described().map(|(cells, first)| {
            format!(
                "Durations and times of day were read as their hours in {cells} of feature \
                 columns: the first, {first}."
            )
        });
        let sentences: Vec<String> = self
            .decimal_commas()
            .into_iter()
            .chain(grouped)
            .chain(signs)
            .chain(parentheses)
            .chain(dates)
            .chain(durations)
            .collect();
        (!sentences.is_empty()).then(|| sentences.join(" "))
    }

    /// The sentences on decimal commas, if a cell had one.
    fn decimal_commas(&self) -> Option<String> {
        let (cells, first) = self.commas.described()?;
        let mut text = format!(
            "A comma was read as the decimal mark in {cells}, as files separated by semicolons \
             or tabs use it: the first, {first}. Where a comma groups thousands instead, \
             remove it from the file."
        );
        if let Some((cells, first)) = self.points.described() {
            let hold = if self.points.count == 1 {
                "holds"
            } else {
                "hold"
            };
            text += &format!(
                " {cells} of the same file {hold} a point, read as the decimal mark too: the \
                 first, {first}. Where a point groups thousands (\"1.000\" beside decimal \
                 commas), remove it."
            );
        }
        Some(text)
    }
}
