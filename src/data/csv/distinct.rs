//! The distinct values of a column, counted to see whether it holds
//! categories: packed into one string, so that a file of many columns of
//! short words costs memory in proportion to its size.

use super::{MAX_CATEGORIES, MAX_LISTED_LENGTH};

// Every value's end fits two bytes, and every place a byte below the one
// that marks a missing cell.
const _: () = assert!(MAX_CATEGORIES * MAX_LISTED_LENGTH <= u16::MAX as usize);
const _: () = assert!(MAX_CATEGORIES < u8::MAX as usize);

/// A column's distinct values in the order met: at most
/// [`MAX_CATEGORIES`], none longer than [`MAX_LISTED_LENGTH`] bytes.
#[derive(Clone, Debug, Default)]
pub(super) struct DistinctValues {
    /// The values, one after another.
    text: String,
    /// Where each value ends in `text`, at most
    /// [`MAX_CATEGORIES`] × [`MAX_LISTED_LENGTH`] bytes in.
    ends: Vec<u16>,
}

impl DistinctValues {
    /// How many values there are.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The values in the order met.
    pub(super) fn iter(&self) -> impl Iterator<Item = &str> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.text[usize::from(start)..usize::from(end)])
    }

    /// The place of `value` among the values, if it is one.
    pub(super) fn position(&self, value: &str) -> Option<usize> {
        self.iter().position(|known| known == value)
    }

    /// Adds `value`, not yet among them, and gives its place; None where
    /// there are [`MAX_CATEGORIES`] already or it is too long.
    pub(super) fn add(&mut self, value: &str) -> Option<usize> {
        if self.len() >= MAX_CATEGORIES || value.len() > MAX_LISTED_LENGTH {
            return None;
        }
        let end = u16::try_from(self.text.len() + value.len()).ok()?;
        self.text.push_str(value);
        self.ends.push(end);
        Some(self.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_keep_their_order_and_places_up_to_the_limits() {
        let mut values = DistinctValues::default();
        assert_eq!(values.add("red"), Some(0));
        assert_eq!(values.add(""), Some(1));
        assert_eq!(values.add("blue"), Some(2));
        assert_eq!(values.iter().collect::<Vec<_>>(), ["red", "", "blue"]);
        assert_eq!(values.position("blue"), Some(2));
        assert_eq!(values.position("green"), None);
        assert_eq!(values.add(&"x".repeat(MAX_LISTED_LENGTH + 1)), None);
        for i in values.len()..MAX_CATEGORIES {
            assert_eq!(values.add(&format!("v{i}")), Some(i));
        }
        assert_eq!(values.add("one more"), None);
        assert_eq!(values.len(), MAX_CATEGORIES);
    }
}
