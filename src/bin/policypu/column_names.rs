//! The column names a flag such as `--feature-columns` lists: split at
//! commas, a name that holds a comma written in double quotes as a CSV file
//! writes it (`"Weight, kg",age`, a quote inside doubled).

/// Column names, in the order listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnNames(pub Vec<String>);

impl ColumnNames {
    /// The names `list` holds.
    ///
    /// # Errors
    /// A message where a quote opens a name and nothing closes it.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut names = Vec::new();
        let mut name = String::new();
        let mut quoted = false;
        let mut chars = list.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '"' if quoted && chars.peek() == Some(&'"') => {
                    name.push('"');
                    chars.next();
                }
                '"' if quoted => quoted = false,
                '"' if name.trim().is_empty() => {
                    name.clear();
                    quoted = true;
                }
                ',' if !quoted => names.push(std::mem::take(&mut name)),
                c => name.push(c),
            }
        }
        if quoted {
            return Err(format!(
                "a double quote opens the name \"{name}\" and nothing closes it: write a name \
                 that holds a comma in double quotes, as in '\"Weight, kg\",age'"
            ));
        }
        names.push(name);
        Ok(ColumnNames(names))
    }
}

#[cfg(test)]
mod tests {
    use super::ColumnNames;

    fn names(list: &str) -> Vec<String> {
        ColumnNames::parse(list).unwrap().0
    }

    #[test]
    fn names_split_at_commas_outside_quotes() {
        assert_eq!(names("a,b"), ["a", "b"]);
        assert_eq!(names("\"Weight, kg\",age"), ["Weight, kg", "age"]);
        assert_eq!(names("a, \"b, c\""), ["a", "b, c"]);
        assert_eq!(names("\"say \"\"hi\"\"\",x"), ["say \"hi\"", "x"]);
        assert_eq!(names("in\"ch"), ["in\"ch"]);
        assert_eq!(names(""), [""]);
        assert!(
            ColumnNames::parse("\"a, b")
                .unwrap_err()
                .starts_with("a double quote opens the name \"a, b\"")
        );
    }
}
