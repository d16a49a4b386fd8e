//! The seeds a sweep runs: `--seeds` of them from `--first-seed` on, so a
//! check on fresh draws can start past the seeds a result already used.

use std::fmt;
use std::ops::RangeInclusive;

/// Consecutive seeds, `first` to `first + count - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seeds {
    /// The first seed.
    pub first: u64,
    /// How many (at least 1).
    pub count: u64,
}

impl Seeds {
    /// Every seed, in order.
    pub fn range(self) -> RangeInclusive<u64> {
        self.first..=self.first + self.count - 1
    }

    /// What shard files and their merge must agree on: the count alone
    /// from seed 1, as files written before `--first-seed` say.
    pub fn key(self) -> String {
        match self.first {
            1 => self.count.to_string(),
            _ => self.to_string(),
        }
    }
}

/// "5 seeds" from seed 1, else "seeds 11 to 15" ("seed 11" for one).
impl fmt::Display for Seeds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.first, self.count) {
            (1, 1) => write!(f, "1 seed"),
            (1, n) => write!(f, "{n} seeds"),
            (first, 1) => write!(f, "seed {first}"),
            (first, _) => write!(f, "seeds {first} to {}", self.range().end()),
        }
    }
}

/// Parses `--first-seed`: a whole number from 1 to a billion.
pub fn first_seed(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n @ 1..=1_000_000_000) => Ok(n),
        _ => Err("must be a whole number from 1 to 1000000000".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_name_their_range() {
        let fresh = Seeds {
            first: 11,
            count: 5,
        };
        assert_eq!(fresh.range().collect::<Vec<_>>(), vec![11, 12, 13, 14, 15]);
        assert_eq!(fresh.to_string(), "seeds 11 to 15");
        assert_eq!(fresh.key(), "seeds 11 to 15");
        let usual = Seeds { first: 1, count: 5 };
        assert_eq!(
            (usual.to_string(), usual.key()),
            ("5 seeds".into(), "5".into())
        );
        assert_eq!(Seeds { first: 7, count: 1 }.to_string(), "seed 7");
        assert_eq!(first_seed("6"), Ok(6));
        assert!(first_seed("0").is_err() && first_seed("x").is_err());
    }
}
