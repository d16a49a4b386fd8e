//! Whether a column's name marks it as the rows' identifier (`id`,
//! `customer_id`, `CustomerID`, `Patient ID`, `account_no`, `Kunden-Nr`,
//! `order number`): what names a row rather than
//! measuring it, so no feature to guess, and what a table of scores should
//! carry so that its rows can be joined back to the file's.

/// Which column of a file to score carries its rows' identifiers into the
/// table of scores, beside each row's number in the file.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum IdColumn {
    /// The first column whose name marks it as one ([`names_an_identifier`])
    /// and that is neither a feature the model reads nor the truth column.
    #[default]
    Guessed,
    /// This column, which the file must have (a feature or not).
    Named(String),
    /// None: the row number alone joins a score to its row.
    Without,
}

impl IdColumn {
    /// The choice of the command line's `--id-column`: not given, guessed;
    /// empty, none; otherwise that column.
    pub fn from_flag(flag: Option<&str>) -> Self {
        match flag.map(str::trim) {
            None => IdColumn::Guessed,
            Some("") => IdColumn::Without,
            Some(name) => IdColumn::Named(name.to_owned()),
        }
    }
}

/// The note on a scored file without a column named as its rows'
/// identifier; the page and the command line follow it with their own way
/// to name one.
pub const NO_IDENTIFIER: &str = "No column's name marks it as the rows' identifier (such as \
    \"id\" or \"customer_id\"): join the scores to the file by \"row\", each row's number in it.";

/// Words that, ending a column's name, make it an identifier.
const IDENTIFIER_WORDS: [&str; 6] = ["id", "uuid", "guid", "identifier", "no", "nr"];

/// A word that makes a name an identifier only after another word
/// (`account number`; a column called `number` alone may count something).
const AFTER_A_WORD: &str = "number";

/// Whether `name` ends in a word that names an identifier: `id`, `uuid`,
/// `guid`, `identifier`, `no` or `nr`, or `number` after another word, in
/// any case, after a space, an underscore or another separator, or after a
/// lowercase letter in camel case (`CustomerID`, `userId`, `accountNo`). A
/// word merely ending in those letters (`Lipid`, `paid`, `PID`, `casino`)
/// does not.
pub fn names_an_identifier(name: &str) -> bool {
    let last = last_word(name);
    let word = last.to_lowercase();
    let after_a_word = last.len() < name.trim_matches(|c: char| !c.is_alphanumeric()).len();
    IDENTIFIER_WORDS.contains(&word.as_str()) || (word == AFTER_A_WORD && after_a_word)
}

/// The last word of `name`: its trailing run of letters and digits, cut
/// where camel case starts a word (`CustomerID` → `ID`, `userId` → `Id`).
fn last_word(name: &str) -> &str {
    let trimmed = name.trim_end_matches(|c: char| !c.is_alphanumeric());
    let run = trimmed
        .rfind(|c: char| !c.is_alphanumeric())
        .map_or(trimmed, |at| {
            let separator = trimmed[at..].chars().next().map_or(1, char::len_utf8);
            &trimmed[at + separator..]
        });
    // Backwards from the last character, collecting nothing: a header cell
    // can be as long as the file.
    let mut before = run.char_indices().rev().peekable();
    let Some((mut start, last)) = before.next() else {
        return run;
    };
    let same_case = |c: char| {
        if last.is_uppercase() {
            c.is_uppercase()
        } else {
            c.is_lowercase()
        }
    };
    while let Some(&(at, c)) = before.peek()
        && same_case(c)
    {
        start = at;
        before.next();
    }
    if !last.is_uppercase()
        && let Some(&(at, c)) = before.peek()
        && c.is_uppercase()
    {
        start = at;
    }
    &run[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_guesses_names_or_leaves_out_the_identifier() {
        assert_eq!(IdColumn::from_flag(None), IdColumn::Guessed);
        assert_eq!(IdColumn::from_flag(Some(" ")), IdColumn::Without);
        assert_eq!(
            IdColumn::from_flag(Some(" account_no ")),
            IdColumn::Named("account_no".into())
        );
    }

    #[test]
    fn identifier_names_end_in_an_identifier_word() {
        for name in [
            "id",
            "ID",
            "Id",
            "customer_id",
            "CustomerID",
            "userId",
            "Patient ID",
            "row-id",
            "order.uuid",
            "CustomerGUID",
            "record identifier",
            " id ",
            "account_no",
            "accountNo",
            "Kunden-Nr",
            "No.",
            "order number",
            "CustomerNumber",
        ] {
            assert!(names_an_identifier(name), "{name}");
        }
        for name in [
            "Lipid", "paid", "PID", "valid", "isValid", "covid", "ida", "id2", "identity", "key",
            "", "_", "x", "casino", "Kundennr", "number", " Number ", "numbers",
        ] {
            assert!(!names_an_identifier(name), "{name}");
        }
    }
}
