//! The classification-coherence reward, eqs. (4) and (5), on one mini-batch.
//! Host code: it runs on read-back predictions.

/// Rewards of one mini-batch and the thresholds behind them.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchReward {
    /// R(xᵢ, aᵢ) for each example, eq. (4).
    pub rewards: Vec<f32>,
    /// thresh_min = min ŷ over the labeled examples (None without any).
    pub thresh_min: Option<f32>,
    /// threshold = mean ŷ over P ∪ U′, U′ = {x ∈ U : ŷ ≥ thresh_min}, eq. (5).
    pub threshold: f32,
}

/// Eqs. (4)–(5) for predictions ŷ of the classifier and the labeled flags s.
///
/// A labeled example earns ŷ. An unlabeled one earns ŷ if ŷ ≥ threshold
/// (the classifier calls it positive) and 1 − ŷ otherwise. A batch without
/// labeled examples has no thresh_min; then U′ = U.
pub fn batch_reward(y_hat: &[f32], labeled: &[bool]) -> BatchReward {
    let thresh_min = y_hat
        .iter()
        .zip(labeled)
        .filter(|(_, s)| **s)
        .map(|(y, _)| *y)
        .reduce(f32::min);
    let floor = thresh_min.unwrap_or(f32::NEG_INFINITY);
    let reference: Vec<f32> = y_hat
        .iter()
        .zip(labeled)
        .filter(|(y, s)| **s || **y >= floor)
        .map(|(y, _)| *y)
        .collect();
    let threshold = if reference.is_empty() {
        0.5
    } else {
        reference.iter().sum::<f32>() / reference.len() as f32
    };
    let rewards = y_hat
        .iter()
        .zip(labeled)
        .map(|(&y, &s)| if s || y >= threshold { y } else { 1.0 - y })
        .collect();
    BatchReward {
        rewards,
        thresh_min,
        threshold,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_mini_batch() {
        // Labeled ŷ: 0.9, 0.6 → thresh_min = 0.6.
        // Unlabeled ŷ: 0.8, 0.7, 0.3, 0.1 → U′ = {0.8, 0.7}.
        // threshold = (0.9 + 0.6 + 0.8 + 0.7) / 4 = 0.75.
        // Rewards: labeled 0.9, 0.6; U: 0.8 ≥ 0.75 → 0.8; 0.7 < 0.75 → 0.3; 0.3 → 0.7; 0.1 → 0.9.
        let y = [0.9, 0.8, 0.6, 0.7, 0.3, 0.1];
        let s = [true, false, true, false, false, false];
        let r = batch_reward(&y, &s);
        assert_eq!(r.thresh_min, Some(0.6));
        assert!((r.threshold - 0.75).abs() < 1e-6);
        let expected = [0.9, 0.8, 0.6, 0.3, 0.7, 0.9];
        for (got, want) in r.rewards.iter().zip(expected) {
            assert!((got - want).abs() < 1e-6, "{:?}", r.rewards);
        }
    }

    #[test]
    fn batch_without_labeled_uses_all_of_u() {
        let r = batch_reward(&[0.2, 0.6], &[false, false]);
        assert_eq!(r.thresh_min, None);
        assert!((r.threshold - 0.4).abs() < 1e-6);
        assert!((r.rewards[0] - 0.8).abs() < 1e-6 && (r.rewards[1] - 0.6).abs() < 1e-6);
    }
}
