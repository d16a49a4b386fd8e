//! The first rows of a file as the preview shows them: their trimmed cells
//! packed into one string, so that a file of many short cells costs memory
//! in proportion to its size (a `String` a cell cost 24 bytes each, twelve
//! times a one-letter cell and its separator).

use super::MAX_CSV_BYTES;

// The reader takes at most MAX_CSV_BYTES, which decode to at most three
// times as many bytes of UTF-8 (a Windows-1252 byte to a character of
// three), so that every place in the text fits 32 bits.
const _: () = assert!(3 * MAX_CSV_BYTES <= u32::MAX as usize);

/// Rows of trimmed cells, in the order added.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ShownRows {
    /// Every cell, one after another.
    text: String,
    /// Where each cell ends in `text`.
    cell_ends: Vec<u32>,
    /// Where each row ends in `cell_ends`.
    row_ends: Vec<u32>,
}

impl ShownRows {
    /// Adds a row of cells, trimmed.
    pub(super) fn push<'a>(&mut self, cells: impl IntoIterator<Item = &'a str>) {
        for cell in cells {
            self.text.push_str(cell.trim());
            self.cell_ends.push(self.text.len() as u32);
        }
        self.row_ends.push(self.cell_ends.len() as u32);
    }

    /// How many rows there are.
    pub fn len(&self) -> usize {
        self.row_ends.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.row_ends.is_empty()
    }

    /// Row `index`'s cells; None past the last row.
    pub fn row(&self, index: usize) -> Option<Vec<&str>> {
        let end = *self.row_ends.get(index)? as usize;
        let start = match index {
            0 => 0,
            _ => self.row_ends[index - 1] as usize,
        };
        let text_start = |cell: usize| match cell {
            0 => 0,
            _ => self.cell_ends[cell - 1] as usize,
        };
        Some(
            (start..end)
                .map(|cell| &self.text[text_start(cell)..self.cell_ends[cell] as usize])
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
        rows.push([" a ", "", "bc"]);
        rows.push(["d"]);
        rows.push([]);
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
