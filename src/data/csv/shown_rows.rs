//! The first rows of a file as the preview shows them: each row's trimmed
//! cells packed into one string, held exactly, so that a file of many short
//! cells costs memory in proportion to its size (a `String` a cell cost 24
//! bytes each, twelve times a one-letter cell and its separator).

/// Rows of trimmed cells, in the order added.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ShownRows {
    /// Each row, in the order added.
    rows: Vec<ShownRow>,
}

/// One row: its cells one after another, and where each ends.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct ShownRow {
    /// The row's trimmed cells, one after another.
    text: Box<str>,
    /// Where each cell ends in `text` (a place in a file's text fits 32
    /// bits: see `MAX_CSV_BYTES`).
    ends: Box<[u32]>,
}

impl ShownRows {
    /// Adds a row of cells, trimmed.
    pub(super) fn push(&mut self, cells: &[impl AsRef<str>]) {
        let trimmed = || cells.iter().map(|cell| cell.as_ref().trim());
        let mut text = String::with_capacity(trimmed().map(str::len).sum());
        let ends = trimmed()
            .map(|cell| {
                text.push_str(cell);
                text.len() as u32
            })
            .collect();
        self.rows.push(ShownRow {
            text: text.into_boxed_str(),
            ends,
        });
    }

    /// How many rows there are.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Row `index`'s cells; None past the last row.
    pub fn row(&self, index: usize) -> Option<Vec<&str>> {
        let row = self.rows.get(index)?;
        let starts = std::iter::once(0).chain(row.ends.iter().copied());
        Some(
            starts
                .zip(row.ends.iter())
                .map(|(start, &end)| &row.text[start as usize..end as usize])
                .collect(),
        )
    }

    /// Every row's cells, in order.
    pub fn iter(&self) -> impl Iterator<Item = Vec<&str>> {
        (0..self.len()).filter_map(|index| self.row(index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_back_trimmed_with_their_own_widths_and_empty_cells() {
        let mut rows = ShownRows::default();
        assert!(rows.is_empty());
        rows.push(&[" a ", "", "bc"]);
        rows.push(&["d".to_owned()]);
        rows.push(&[] as &[&str]);
        assert_eq!(rows.len(), 3);
        assert_eq!(rows.row(0), Some(vec!["a", "", "bc"]));
        assert_eq!(rows.row(1), Some(vec!["d"]));
        assert_eq!(rows.row(2), Some(vec![]));
        assert_eq!(rows.row(3), None);
        assert_eq!(
            rows.iter().collect::<Vec<_>>(),
            [vec!["a", "", "bc"], vec!["d"], vec![]]
        );
    }
}
