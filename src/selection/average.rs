//! The model `auto` keeps: the mean of the probabilities of the candidates
//! its leaderboard ranks first. On two development sets no reported table
//! uses, the mean of the first three was more accurate than the first alone
//! (`results/dev-ensemble.md`; the rule was written before the runs).

/// How many of the ranked candidates `auto` averages.
pub const AVERAGED: usize = 3;

/// The row-by-row mean of several classifiers' probabilities on the same
/// rows; empty without a classifier. Rows beyond the shortest are dropped.
pub fn mean_probabilities<S: AsRef<[f32]>>(each: &[S]) -> Vec<f32> {
    let Some(rows) = each.iter().map(|p| p.as_ref().len()).min() else {
        return Vec::new();
    };
    let n = each.len() as f32;
    (0..rows)
        .map(|i| each.iter().map(|p| p.as_ref()[i]).sum::<f32>() / n)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_row_by_row() {
        let each = [
            vec![0.9, 0.2, 0.4],
            vec![0.3, 0.2, 0.7],
            vec![0.6, 0.5, 0.1],
        ];
        let mean = mean_probabilities(&each);
        let expected = [0.6, 0.3, 0.4];
        assert!(
            mean.iter().zip(expected).all(|(m, e)| (m - e).abs() < 1e-6),
            "{mean:?}"
        );
        assert_eq!(mean_probabilities(&[vec![0.25_f32]]), [0.25]);
        assert!(mean_probabilities::<Vec<f32>>(&[]).is_empty());
    }
}
