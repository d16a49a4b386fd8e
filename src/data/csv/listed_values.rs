//! Each column's listed values and how many cells hold each, for the
//! preview: a column's packed into one slice of bytes, held exactly, so
//! that a file of many columns costs memory in proportion to its size (a
//! `String` and a count a value cost 32 bytes, where a one-letter cell and
//! its separator are two).

use super::MAX_LISTED_LENGTH;

// A value's length fits the one byte it is written in.
const _: () = assert!(MAX_LISTED_LENGTH <= u8::MAX as usize);

/// Bytes written before each value's text: its length, then how many
/// cells hold it (little-endian).
const ENTRY_HEAD: usize = 1 + 4;

/// Per column, in order: its values (as a column's tally lists them, in
/// the order they first appear), each with how many cells hold it.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ListedValues {
    /// Per column, each value as its length (a byte), its cells (four
    /// bytes) and its text; empty where it lists none.
    columns: Vec<Box<[u8]>>,
}

impl ListedValues {
    /// Room for `columns` columns.
    pub(super) fn with_capacity(columns: usize) -> Self {
        ListedValues {
            columns: Vec::with_capacity(columns),
        }
    }

    /// Adds the next column's values, each with how many cells hold it
    /// (none where the column lists none); a value longer than
    /// [`MAX_LISTED_LENGTH`] bytes, which no tally lists, ends the list.
    pub(super) fn push_column<'a>(&mut self, values: impl IntoIterator<Item = (&'a str, u32)>) {
        let values: Vec<(&str, u32)> = values
            .into_iter()
            .take_while(|(value, _)| value.len() <= MAX_LISTED_LENGTH)
            .collect();
        let size = values
            .iter()
            .map(|(value, _)| ENTRY_HEAD + value.len())
            .sum();
        let mut bytes = Vec::with_capacity(size);
        for (value, count) in values {
            bytes.push(value.len() as u8);
            bytes.extend_from_slice(&count.to_le_bytes());
            bytes.extend_from_slice(value.as_bytes());
        }
        self.columns.push(bytes.into_boxed_slice());
    }

    /// Column `column`'s values with their cells, read back; none past the
    /// last column.
    fn entries(&self, column: usize) -> impl Iterator<Item = (&str, usize)> {
        let mut bytes: &[u8] = self.columns.get(column).map_or(&[], |b| &b[..]);
        std::iter::from_fn(move || {
            let (&len, rest) = bytes.split_first()?;
            let (count, rest) = rest.split_first_chunk::<4>()?;
            let (text, rest) = rest.split_at_checked(usize::from(len))?;
            bytes = rest;
            // Never fails: the bytes are those of a str.
            let value = std::str::from_utf8(text).ok()?;
            Some((value, u32::from_le_bytes(*count) as usize))
        })
    }

    /// How many columns there are.
    pub fn columns(&self) -> usize {
        self.columns.len()
    }

    /// How many values column `column` lists.
    pub fn count(&self, column: usize) -> usize {
        self.entries(column).count()
    }

    /// Column `column`'s values in the order they first appear; empty
    /// where it lists none.
    pub fn of(&self, column: usize) -> Vec<&str> {
        self.entries(column).map(|(value, _)| value).collect()
    }

    /// Column `column`'s values, each with how many cells hold it.
    pub fn counted(&self, column: usize) -> Vec<(&str, usize)> {
        self.entries(column).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_column_reads_back_its_own_values_and_counts() {
        let mut listed = ListedValues::default();
        listed.push_column([("yes", 3), ("no", 5)]);
        listed.push_column([]);
        listed.push_column([("", 1), ("7", 70_000), ("é", 2)]);
        let long = "x".repeat(MAX_LISTED_LENGTH + 1);
        listed.push_column([("a", 1), (long.as_str(), 1), ("b", 1)]);
        assert_eq!(listed.columns(), 4);
        assert_eq!(listed.of(0), ["yes", "no"]);
        assert_eq!(listed.counted(0), [("yes", 3), ("no", 5)]);
        assert_eq!(listed.count(1), 0);
        assert!(listed.of(1).is_empty());
        assert_eq!(listed.counted(2), [("", 1), ("7", 70_000), ("é", 2)]);
        assert_eq!(listed.of(3), ["a"]);
        assert_eq!(listed.count(4), 0);
        assert!(listed.of(4).is_empty());
    }
}
