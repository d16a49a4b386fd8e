//! The order a read takes dates written day or month first ("05/01/2023")
//! in where their column does not show it by a part past 12 (the first of
//! each month, say): a column that shows one order is read in it whatever
//! the choice. The choice is part of the run's settings, so a link
//! reproduces it.

use crate::data::tabular_features::DateOrder;
use crate::keyed::Keyed;
use serde::{Deserialize, Serialize};

/// Which order a file's dates written day or month first are read in,
/// in the columns that do not show it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DateOrderChoice {
    /// The order each column shows by a part past 12; a column that shows
    /// none, or both, is not read.
    #[default]
    #[serde(rename = "shown")]
    Shown,
    /// Such dates are day first (day/month/year).
    #[serde(rename = "day-first")]
    DayFirst,
    /// Such dates are month first (month/day/year).
    #[serde(rename = "month-first")]
    MonthFirst,
}

impl Keyed for DateOrderChoice {
    const ALL: &'static [Self] = &[Self::Shown, Self::DayFirst, Self::MonthFirst];
    const WHAT: &'static str = "date order";

    /// The key in links and on the command line (`--date-order day-first`).
    fn key(self) -> &'static str {
        match self {
            Self::Shown => "shown",
            Self::DayFirst => "day-first",
            Self::MonthFirst => "month-first",
        }
    }
}

impl DateOrderChoice {
    /// The page's words for the choice.
    pub fn label(self) -> &'static str {
        match self {
            Self::Shown => "as a day past 12 shows",
            Self::DayFirst => "day first (31/12/2023)",
            Self::MonthFirst => "month first (12/31/2023)",
        }
    }

    /// The order named, if one is.
    pub fn order(self) -> Option<DateOrder> {
        match self {
            Self::Shown => None,
            Self::DayFirst => Some(DateOrder::DayFirst),
            Self::MonthFirst => Some(DateOrder::MonthFirst),
        }
    }
}

crate::keyed::from_str_by_key!(DateOrderChoice);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_choice_reads_back_from_its_key_and_names_its_order() {
        for &choice in DateOrderChoice::ALL {
            assert_eq!(choice.key().parse::<DateOrderChoice>(), Ok(choice));
        }
        assert_eq!(" Day-First ".parse(), Ok(DateOrderChoice::DayFirst));
        assert_eq!(
            "dmy".parse::<DateOrderChoice>(),
            Err("unknown date order 'dmy': use shown, day-first or month-first".to_owned())
        );
        assert_eq!(DateOrderChoice::Shown.order(), None);
        assert_eq!(
            DateOrderChoice::MonthFirst.order(),
            Some(DateOrder::MonthFirst)
        );
        assert_eq!(
            serde_json::to_string(&DateOrderChoice::DayFirst).unwrap(),
            "\"day-first\""
        );
    }
}
