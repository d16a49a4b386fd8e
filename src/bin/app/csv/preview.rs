//! The first rows of a CSV file as a table, with the detected separator and
//! each column's kind.

use leptos::prelude::*;
use policypu::data::csv::{ColumnKind, CsvPreview, TextShape};
use policypu::user_text::counted;

use crate::views::table_scroll::TableScroll;

/// How column `i`'s kind is named in the preview: words that read as
/// categories once ticked are "categories", and dates that read as their
/// days once ticked "dates".
fn kind_name(preview: &CsvPreview, i: usize) -> &'static str {
    let kind = preview.kinds.get(i).copied().unwrap_or(ColumnKind::Empty);
    let categories = preview.categories(i).is_some();
    let dates = preview
        .text_looks
        .get(i)
        .and_then(Option::as_ref)
        .is_some_and(|look| look.shape == TextShape::Date && look.date_read_once_chosen());
    match kind {
        ColumnKind::Numeric => "number",
        ColumnKind::Flag => "flag",
        ColumnKind::Text if categories => "categories",
        ColumnKind::Text if dates => "dates",
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
                        {preview.header.iter().enumerate().map(|(i, name)| view! {
                            <th scope="col">{name.clone()}<br/><small class="kind">{kind_name(&preview, i)}</small></th>
                        }).collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {preview.rows.iter().map(|row| view! {
                        <tr>{row.iter().map(|cell| view! { <td>{cell.clone()}</td> }).collect_view()}</tr>
                    }).collect_view()}
                </tbody>
            </table>
        </TableScroll>
    }
}
