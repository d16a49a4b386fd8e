//! How an epoch's rows are cut into mini-batches.

/// Mini-batches an epoch of `n` rows takes: ⌊n / m⌋, at least one.
pub fn batch_count(n: usize, batch_size: usize) -> usize {
    (n / batch_size.max(1)).max(1)
}

/// Split `n` shuffled examples into ⌊n / m⌋ mini-batches of near-equal size
/// (at least m each), so no tiny last batch upsets batch norm.
pub fn batch_bounds(n: usize, batch_size: usize) -> Vec<(usize, usize)> {
    let batches = batch_count(n, batch_size);
    (0..batches)
        .map(|b| (b * n / batches, (b + 1) * n / batches))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_cover_everything_evenly() {
        assert_eq!(batch_bounds(10, 4), vec![(0, 5), (5, 10)]);
        assert_eq!(batch_bounds(3, 128), vec![(0, 3)]);
        let b = batch_bounds(1200, 128);
        assert_eq!(b.len(), 9);
        assert_eq!(b.len(), batch_count(1200, 128));
        assert_eq!(b.last().unwrap().1, 1200);
        assert!(b.iter().all(|(s, e)| e - s >= 128));
    }
}
