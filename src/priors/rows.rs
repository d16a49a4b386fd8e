//! The feature rows an estimator reads: flattened features and labeled
//! flags, down-sampled as the paper does (TIcE's and KM2's protocol).

use crate::rng::PortableRng;

use super::PriorError;

/// PU rows, row-major, with labeled flags.
#[derive(Clone, Debug, PartialEq)]
pub struct PuRows {
    /// `n × dim` features.
    pub x: Vec<f32>,
    /// Features per row.
    pub dim: usize,
    /// s: true for labeled positives.
    pub labeled: Vec<bool>,
}

impl PuRows {
    /// Rows of a training set; `x` holds `labeled.len()` rows of `dim` features.
    pub fn new(x: Vec<f32>, dim: usize, labeled: Vec<bool>) -> Self {
        PuRows { x, dim, labeled }
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.labeled.len()
    }

    /// True without rows.
    pub fn is_empty(&self) -> bool {
        self.labeled.is_empty()
    }

    /// Labeled and unlabeled counts.
    pub fn counts(&self) -> (usize, usize) {
        let labeled = self.labeled.iter().filter(|s| **s).count();
        (labeled, self.len() - labeled)
    }

    /// An error unless both kinds of row are present.
    pub fn check(&self) -> Result<(usize, usize), PriorError> {
        match self.counts() {
            (labeled, unlabeled) if labeled == 0 || unlabeled == 0 => {
                Err(PriorError::NeedsBothKinds { labeled, unlabeled })
            }
            counts => Ok(counts),
        }
    }

    /// Row `i`'s features.
    pub fn row(&self, i: usize) -> &[f32] {
        &self.x[i * self.dim..(i + 1) * self.dim]
    }

    /// At most `max_rows` rows drawn uniformly without replacement (all rows, in
    /// order, when there are no more than that), as the paper down-samples
    /// to 2,000 rows before TIcE and KM2.
    pub fn down_sampled(&self, max_rows: usize, rng: &mut PortableRng) -> PuRows {
        if self.len() <= max_rows {
            return self.clone();
        }
        let all: Vec<usize> = (0..self.len()).collect();
        let mut picked = rng.sample(&all, max_rows);
        picked.sort_unstable();
        self.subset(&picked)
    }

    /// The rows at `indices`, in that order.
    pub fn subset(&self, indices: &[usize]) -> PuRows {
        PuRows {
            x: indices
                .iter()
                .flat_map(|&i| self.row(i).iter().copied())
                .collect(),
            dim: self.dim,
            labeled: indices.iter().map(|&i| self.labeled[i]).collect(),
        }
    }

    /// Each feature scaled to zero mean and unit variance (constant features become 0), as f64.
    pub fn standardised(&self) -> Vec<f64> {
        let (n, d) = (self.len(), self.dim);
        let mut mean = vec![0.0f64; d];
        let mut var = vec![0.0f64; d];
        for i in 0..n {
            for (j, v) in self.row(i).iter().enumerate() {
                mean[j] += *v as f64;
            }
        }
        mean.iter_mut().for_each(|m| *m /= n.max(1) as f64);
        for i in 0..n {
            for (j, v) in self.row(i).iter().enumerate() {
                var[j] += (*v as f64 - mean[j]).powi(2);
            }
        }
        let scale: Vec<f64> = var
            .iter()
            .map(|v| {
                let sd = (v / n.max(1) as f64).sqrt();
                if sd > 1e-12 { 1.0 / sd } else { 0.0 }
            })
            .collect();
        let mut out = Vec::with_capacity(n * d);
        for i in 0..n {
            out.extend(
                self.row(i)
                    .iter()
                    .enumerate()
                    .map(|(j, v)| (*v as f64 - mean[j]) * scale[j]),
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn down_sampling_keeps_order_and_size() {
        let rows = PuRows::new(
            (0..20).map(|v| v as f32).collect(),
            2,
            vec![
                true, false, false, true, false, false, false, true, false, false,
            ],
        );
        let small = rows.down_sampled(4, &mut PortableRng::new(1, 0));
        assert_eq!(small.len(), 4);
        let firsts: Vec<f32> = (0..4).map(|i| small.row(i)[0]).collect();
        assert!(firsts.windows(2).all(|w| w[0] < w[1]), "{firsts:?}");
        assert_eq!(rows.down_sampled(10, &mut PortableRng::new(1, 0)), rows);
    }

    #[test]
    fn standardised_has_zero_mean_unit_variance() {
        let rows = PuRows::new(
            vec![1.0, 5.0, 3.0, 5.0, 5.0, 5.0],
            2,
            vec![true, false, false],
        );
        let z = rows.standardised();
        let col0 = [z[0], z[2], z[4]];
        assert!(col0.iter().sum::<f64>().abs() < 1e-12);
        assert!((col0.iter().map(|v| v * v).sum::<f64>() / 3.0 - 1.0).abs() < 1e-12);
        assert_eq!([z[1], z[3], z[5]], [0.0, 0.0, 0.0]);
    }
}
