//! [`Keyed`]: a setting that takes one of a fixed list of values, each
//! named by a key in links, JSON and on the command line. One rule reads a
//! key back, and one message names the keys when a text is not one.

/// A value of a fixed list, each named by its own key.
pub trait Keyed: Copy + 'static {
    /// Every value, in the order lists show them (the default first, where
    /// there is one).
    const ALL: &'static [Self];

    /// What a message calls the values ("date order").
    const WHAT: &'static str;

    /// The value's key: lower case, words joined by `-`, as links, JSON and
    /// the command line write it.
    fn key(self) -> &'static str;

    /// The value `text` names: its key, ignoring case, blanks around it and
    /// `_` written for `-`.
    fn from_key(text: &str) -> Option<Self> {
        let wanted = as_key(text);
        Self::ALL
            .iter()
            .copied()
            .find(|value| value.key() == wanted)
    }

    /// As [`Keyed::from_key`], or a message that names the keys to use.
    fn parse_key(text: &str) -> Result<Self, String> {
        Self::from_key(text).ok_or_else(|| {
            format!(
                "unknown {} '{}': use {}",
                Self::WHAT,
                text.trim(),
                keys_listed::<Self>()
            )
        })
    }
}

/// `FromStr` for a [`Keyed`] type, by [`Keyed::parse_key`], so that
/// `str::parse` and the command line's flags read its keys as links do.
macro_rules! from_str_by_key {
    ($keyed:ty) => {
        impl std::str::FromStr for $keyed {
            type Err = String;
            fn from_str(text: &str) -> Result<Self, String> {
                <Self as $crate::keyed::Keyed>::parse_key(text)
            }
        }
    };
}
pub(crate) use from_str_by_key;

/// `text` as a key is written, so that it matches the key it names: blanks
/// around it dropped, lower case, `-` for `_`.
pub fn as_key(text: &str) -> String {
    text.trim().to_ascii_lowercase().replace('_', "-")
}

/// Every key of `T`, as a sentence lists them: "refuse, drop or mean".
pub fn keys_listed<T: Keyed>() -> String {
    let keys: Vec<&str> = T::ALL.iter().map(|value| value.key()).collect();
    listed(&keys)
}

/// Words as a sentence lists them: "refuse, drop or mean".
pub fn listed<S: AsRef<str>>(words: &[S]) -> String {
    match words.split_last() {
        Some((last, [])) => last.as_ref().to_owned(),
        Some((last, others)) => {
            let others: Vec<&str> = others.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", others.join(", "), last.as_ref())
        }
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Shade {
        Light,
        DarkGrey,
        Black,
    }

    impl Keyed for Shade {
        const ALL: &'static [Self] = &[Self::Light, Self::DarkGrey, Self::Black];
        const WHAT: &'static str = "shade";
        fn key(self) -> &'static str {
            match self {
                Self::Light => "light",
                Self::DarkGrey => "dark-grey",
                Self::Black => "black",
            }
        }
    }

    #[test]
    fn a_key_reads_back_ignoring_case_blanks_and_underscores() {
        for &shade in Shade::ALL {
            assert_eq!(Shade::from_key(shade.key()), Some(shade));
        }
        assert_eq!(Shade::from_key(" Dark_Grey "), Some(Shade::DarkGrey));
        assert_eq!(Shade::from_key("darkgrey"), None);
        assert_eq!(
            Shade::parse_key(" grey "),
            Err("unknown shade 'grey': use light, dark-grey or black".to_owned())
        );
    }
}
