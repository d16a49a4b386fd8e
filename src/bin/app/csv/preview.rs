//! The first rows of a CSV file as a table, with the detected separator and
//! each column's kind.

use leptos::prelude::*;
use policypu::config::DataConfig;
use policypu::data::csv::{ColumnKind, CsvPreview, DateOrderChoice, TextShape};
use policypu::user_text::counted;

use crate::state::use_app_state;
use crate::views::table_scroll::TableScroll;

/// How column `i`'s kind is named in the preview, with the file's dates
/// read as `dates` says: words that read as categories once ticked are
/// "categories", dates that read as their days once ticked "dates", and
/// durations or times of day, which read as their hours, "durations".
fn kind_name(preview: &CsvPreview, i: usize, dates: DateOrderChoice) -> &'static str {
    let kind = preview.kinds.get(i).copied().unwrap_or(ColumnKind::Empty);
    let categories = preview.categories(i).is_some();
    let look = preview.text_looks.get(i).and_then(Option::as_ref);
    let read_as_dates =
        look.is_some_and(|look| look.shape == TextShape::Date && look.date_read_once_chosen(dates));
    let durations = look.is_some_and(|look| look.shape == TextShape::Duration);
    match kind {
        ColumnKind::Numeric => "number",
        ColumnKind::Flag => "flag",
        ColumnKind::Text if categories => "categories",
        ColumnKind::Text if read_as_dates => "dates",
        ColumnKind::Text if durations => "durations",
        ColumnKind::Text => "text",
        ColumnKind::Empty => "empty",
    }
}

/// The separator in words.
fn delimiter_name(delimiter: u8) -> &'static str {
    match delimiter {
        b';' => "semicolon",
        b'\t' => "tab",
        _ => "comma",
    }
}

/// The preview table and a line on the separator.
#[component]
pub fn PreviewTable(
    /// What the reader saw.
    preview: CsvPreview,
) -> impl IntoView {
    let state = use_app_state();
    let date_order = Memo::new(move |_| {
        state.config.with(|c| match &c.data {
            DataConfig::Csv { columns } => columns.date_order,
            DataConfig::Builtin { .. } => DateOrderChoice::Shown,
        })
    });
    let decimal = match preview.decimal_comma {
        true => " (a comma inside a number is its decimal mark)",
        false => "",
    };
    let summary = format!(
        "Separator: {}{decimal}. First {} of {}:",
        delimiter_name(preview.delimiter),
        preview.rows.len(),
        counted(preview.total_rows, "row")
    );
    view! {
        <p class="hint" id="csv-delimiter" data-delimiter=delimiter_name(preview.delimiter)>{summary}</p>
        <TableScroll label="Preview of the file">
            <table class="preview" id="csv-preview">
                <thead>
                    <tr>
                        {preview.header.iter().enumerate().map(|(i, name)| {
                            let kind_if = |dates| kind_name(&preview, i, dates);
                            let (shown, day_first, month_first) = (
                                kind_if(DateOrderChoice::Shown),
                                kind_if(DateOrderChoice::DayFirst),
                                kind_if(DateOrderChoice::MonthFirst),
                            );
                            let kind = move || match date_order.get() {
                                DateOrderChoice::Shown => shown,
                                DateOrderChoice::DayFirst => day_first,
                                DateOrderChoice::MonthFirst => month_first,
                            };
                            view! {
                                <th scope="col">{name.clone()}<br/><small class="kind">{kind}</small></th>
                            }
                        }).collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {preview.rows.iter().map(|row| view! {
                        <tr>{row.into_iter().map(|cell| view! { <td>{cell.to_owned()}</td> }).collect_view()}</tr>
                    }).collect_view()}
                </tbody>
            </table>
        </TableScroll>
    }
}
