//! KM1 and KM2 (Ramaswamy, Scott & Tewari, "Mixture Proportion Estimation
//! via Kernel Embeddings of Distributions", ICML 2016).
//!
//! U is a mixture F = κ·H + (1 − κ)·G of the positives' distribution H (of
//! which the labeled rows are a sample) and the negatives' G; κ is ρ. With
//! λ = 1/(1 − κ), the combination λF + (1 − λ)H is a distribution exactly
//! while λ ≤ λ*, so the distance d(λ) from its kernel mean embedding to the
//! embeddings of all distributions is 0 up to λ* and grows after it. On a
//! sample, the distance to the convex hull of the sample points' embeddings
//! is a quadratic programme over the simplex:
//!
//!   d̂(λ)² = min over v ≥ 0, Σv = 1 of (u_λ − v)ᵀ K (u_λ − v),
//!   u_λ = [λ/N on the N rows of U; (1 − λ)/M on the M labeled rows],
//!
//! solved here by pairwise coordinate descent (SMO). d̂ is convex in λ, so
//! its slope grows; λ̂ is where the slope first exceeds a threshold ν,
//! found by bisection, and κ̂ = 1 − 1/λ̂. KM1 takes ν = 1/√min(N, M); KM2
//! takes ν = 0.8·(initial slope) + 0.2·(final slope), the final slope being
//! the distance between the two samples' embeddings. The Gaussian kernel's
//! width is picked from five around the median distance as the one that
//! separates U from the labeled rows most.

use crate::rng::PortableRng;

use super::{PriorError, PriorEstimate, PriorMethod, PuRows};

/// Which slope threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KmVariant {
    /// ν = 1/√min(N, M), falling back to KM2's when out of reach.
    Km1,
    /// ν = 0.8·(initial slope) + 0.2·(final slope).
    Km2,
}

/// KM's knobs, with the authors' defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct KmSettings {
    /// Which threshold.
    pub variant: KmVariant,
    /// Rows kept at most (labeled ones at most half), as in the paper's protocol.
    pub max_points: usize,
    /// Largest λ searched; κ̂ cannot exceed 1 − 1/λ_max.
    pub lambda_max: f64,
    /// Resolution of the bisection on λ (and the step of the slope's difference).
    pub lambda_step: f64,
}

impl Default for KmSettings {
    fn default() -> Self {
        KmSettings {
            variant: KmVariant::Km2,
            max_points: 2000,
            lambda_max: 8.0,
            lambda_step: 0.04,
        }
    }
}

/// The random stream KM draws its sample from.
const STREAM: u64 = 0x4B_4D;

/// Estimate ρ, the share of positives in U, with KM1 or KM2.
pub fn estimate(
    rows: &PuRows,
    settings: &KmSettings,
    seed: u64,
) -> Result<PriorEstimate, PriorError> {
    let (n_labeled, n_unlabeled) = rows.check()?;
    let sample = sample_rows(
        rows,
        settings.max_points,
        &mut PortableRng::new(seed, STREAM),
    );
    let kappa = mixture_proportion(&sample, settings);
    Ok(PriorEstimate::from_rho(
        PriorMethod::Km2,
        kappa,
        n_labeled,
        n_unlabeled,
    ))
}

/// At most `max_points` rows: up to half of them labeled, the rest unlabeled;
/// unlabeled rows first, as the mixture, then the labeled ones.
fn sample_rows(rows: &PuRows, max_points: usize, rng: &mut PortableRng) -> PuRows {
    let labeled: Vec<usize> = (0..rows.len()).filter(|&i| rows.labeled[i]).collect();
    let unlabeled: Vec<usize> = (0..rows.len()).filter(|&i| !rows.labeled[i]).collect();
    let m = labeled.len().min(max_points / 2);
    let n = unlabeled.len().min(max_points - m);
    let mut order = rng.sample(&unlabeled, n);
    order.sort_unstable();
    let mut picked_labeled = rng.sample(&labeled, m);
    picked_labeled.sort_unstable();
    order.extend(picked_labeled);
    rows.subset(&order)
}

/// κ̂ for a sample whose unlabeled rows come first.
fn mixture_proportion(sample: &PuRows, settings: &KmSettings) -> f64 {
    let n_mix = sample.labeled.iter().filter(|s| !**s).count();
    let n_comp = sample.len() - n_mix;
    let distances = squared_distances(&sample.standardised(), sample.len(), sample.dim);
    let (kernel, final_slope) = widest_separating_kernel(&distances, sample.len(), n_mix);
    let mut qp = SimplexQp::new(kernel, sample.len());
    let mut distance_at = |lambda: f64| qp.distance(&embedding_weights(lambda, n_mix, n_comp));
    let initial_slope = (distance_at(1.05) - distance_at(1.0)) / 0.05;
    let km2 = 0.8 * initial_slope + 0.2 * final_slope;
    let threshold = match settings.variant {
        KmVariant::Km2 => km2,
        KmVariant::Km1 => {
            let km1 = 1.0 / (n_mix.min(n_comp).max(1) as f64).sqrt();
            if km1 > 0.9 * final_slope { km2 } else { km1 }
        }
    };
    let (mut lo, mut hi) = (1.0, settings.lambda_max);
    let half = settings.lambda_step / 2.0;
    while hi - lo > settings.lambda_step {
        let mid = (lo + hi) / 2.0;
        let slope = (distance_at(mid + half) - distance_at(mid)) / half;
        if slope > threshold {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    1.0 - 2.0 / (lo + hi)
}

/// u_λ: λ/N on the mixture's rows, (1 − λ)/M on the component's.
fn embedding_weights(lambda: f64, n_mix: usize, n_comp: usize) -> Vec<f64> {
    let mut u = vec![lambda / n_mix.max(1) as f64; n_mix];
    u.extend(std::iter::repeat_n(
        (1.0 - lambda) / n_comp.max(1) as f64,
        n_comp,
    ));
    u
}

/// All pairwise squared Euclidean distances of `n` rows of `d` values.
fn squared_distances(x: &[f64], n: usize, d: usize) -> Vec<f64> {
    let norms: Vec<f64> = (0..n)
        .map(|i| dot(&x[i * d..(i + 1) * d], &x[i * d..(i + 1) * d]))
        .collect();
    let mut out = vec![0.0; n * n];
    for i in 0..n {
        let xi = &x[i * d..(i + 1) * d];
        for j in (i + 1)..n {
            let v = (norms[i] + norms[j] - 2.0 * dot(xi, &x[j * d..(j + 1) * d])).max(0.0);
            out[i * n + j] = v;
            out[j * n + i] = v;
        }
    }
    out
}

/// A dot product with independent accumulators (so it vectorises).
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut lanes = [0.0f64; 8];
    let chunks = a.len() / 8;
    for c in 0..chunks {
        for (l, lane) in lanes.iter_mut().enumerate() {
            *lane += a[c * 8 + l] * b[c * 8 + l];
        }
    }
    let tail: f64 = a[chunks * 8..]
        .iter()
        .zip(&b[chunks * 8..])
        .map(|(x, y)| x * y)
        .sum();
    lanes.iter().sum::<f64>() + tail
}

/// The Gaussian kernel matrix, among widths σ_med·10^{−1, −½, 0, ½, 1}, that
/// separates the mixture (first `n_mix` rows) from the component most, and
/// that separation ‖μ̂_F − μ̂_H‖, which is d̂'s final slope.
fn widest_separating_kernel(distances: &[f64], n: usize, n_mix: usize) -> (Vec<f64>, f64) {
    let mut sorted = distances.to_vec();
    let middle = sorted.len() / 2;
    let median = *sorted.select_nth_unstable_by(middle, f64::total_cmp).1;
    let sigma_med = median.sqrt().max(1e-12);
    let n_comp = n - n_mix;
    let w: Vec<f64> = (0..n)
        .map(|i| {
            if i < n_mix {
                1.0 / n_mix as f64
            } else {
                -1.0 / n_comp as f64
            }
        })
        .collect();
    let mut best: Option<(f64, f64)> = None;
    for power in [-1.0, -0.5, 0.0, 0.5, 1.0] {
        let sigma = sigma_med * 10f64.powf(power);
        let gamma = 1.0 / (2.0 * sigma * sigma);
        let mut quad = 0.0;
        for i in 0..n {
            let row: f64 = (0..n)
                .map(|j| (-gamma * distances[i * n + j]).exp() * w[j])
                .sum();
            quad += w[i] * row;
        }
        let separation = quad.max(0.0).sqrt();
        if best.is_none_or(|(s, _)| separation > s) {
            best = Some((separation, gamma));
        }
    }
    let (separation, gamma) = best.unwrap_or((0.0, 1.0));
    (
        distances.iter().map(|d| (-gamma * d).exp()).collect(),
        separation,
    )
}

/// min over the simplex of (u − v)ᵀ K (u − v), warm-started between calls.
struct SimplexQp {
    kernel: Vec<f64>,
    diagonal: Vec<f64>,
    n: usize,
    v: Vec<f64>,
}

/// Pairwise steps per solve at most, per row.
const STEPS_PER_ROW: usize = 200;

impl SimplexQp {
    fn new(kernel: Vec<f64>, n: usize) -> Self {
        SimplexQp {
            diagonal: (0..n).map(|i| kernel[i * n + i]).collect(),
            kernel,
            n,
            v: vec![1.0 / n as f64; n],
        }
    }

    fn column(&self, i: usize) -> &[f64] {
        &self.kernel[i * self.n..(i + 1) * self.n]
    }

    /// d̂ for the target weights `u`.
    fn distance(&mut self, u: &[f64]) -> f64 {
        let n = self.n;
        let diff: Vec<f64> = self.v.iter().zip(u).map(|(v, u)| v - u).collect();
        // g = 2K(v − u)
        let mut g: Vec<f64> = (0..n).map(|i| 2.0 * dot(self.column(i), &diff)).collect();
        let scale: f64 = u.iter().map(|x| x.abs()).sum::<f64>().max(1.0);
        let tolerance = 1e-7 * scale;
        let (mut gains, mut keys) = (vec![0.0; n], vec![0; n]);
        for _ in 0..STEPS_PER_ROW * n {
            // Second-order pair choice (as LIBSVM's WSS2): j carries the most
            // mass-weighted gradient (the last such row), i is the partner
            // with the largest gain (the first such row).
            let Some(j) = heaviest_descent(&g, &self.v, &mut keys) else {
                break;
            };
            // K is symmetric: row j holds column j, and reads in order.
            let row_j = self.column(j);
            let (g_j, k_jj) = (g[j], row_j[j]);
            // Every partner's gain first, without branches (so it
            // vectorises); rows not worth a step get −∞.
            for (((gain, g_i), d_i), k_ij) in
                gains.iter_mut().zip(&g).zip(&self.diagonal).zip(row_j)
            {
                let gap = g_j - g_i;
                let worth = gap * gap / curvature(*d_i, k_jj, *k_ij);
                *gain = if gap > tolerance {
                    worth
                } else {
                    f64::NEG_INFINITY
                };
            }
            let Some(i) = first_largest(&gains) else {
                break;
            };
            let step = ((g_j - g[i]) / curvature(self.diagonal[i], k_jj, row_j[i])).min(self.v[j]);
            self.v[i] += step;
            self.v[j] -= step;
            let (row_i, row_j) = (&self.kernel[i * n..][..n], &self.kernel[j * n..][..n]);
            for ((g, ki), kj) in g.iter_mut().zip(row_i).zip(row_j) {
                *g += 2.0 * step * (ki - kj);
            }
        }
        let objective: f64 = self
            .v
            .iter()
            .zip(u)
            .zip(&g)
            .map(|((v, u), g)| 0.5 * (v - u) * g)
            .sum();
        objective.max(0.0).sqrt()
    }
}

/// The objective's curvature along a step moving mass from row j to row i,
/// from K's entries ii, jj and ij (kept above 0).
fn curvature(k_ii: f64, k_jj: f64, k_ij: f64) -> f64 {
    (2.0 * (k_ii + k_jj - 2.0 * k_ij)).max(1e-12)
}

/// The row with the largest gradient, in `f64::total_cmp`'s order, among
/// those with mass (the last of equals), or none. Rows without mass get the
/// smallest key (which only a NaN gradient of all-ones bits shares). The
/// keys are masked rather than branched on, and their largest is found in
/// independent lanes, so the scan neither stalls on which rows have mass
/// nor waits on its previous row.
fn heaviest_descent(g: &[f64], v: &[f64], keys: &mut [i64]) -> Option<usize> {
    for ((key, g), v) in keys.iter_mut().zip(g).zip(v) {
        let with_mass = -i64::from(*v > 0.0);
        *key = (total_order_key(*g) & with_mass) | (i64::MIN & !with_mass);
    }
    let mut lanes = [i64::MIN; LANES];
    let whole = keys.len() / LANES * LANES;
    for chunk in keys[..whole].chunks_exact(LANES) {
        for (lane, key) in lanes.iter_mut().zip(chunk) {
            *lane = (*lane).max(*key);
        }
    }
    let largest = keys[whole..].iter().chain(&lanes).max()?;
    let last = keys.iter().rposition(|key| key == largest)?;
    (v[last] > 0.0).then_some(last)
}

/// An integer that orders as `f64::total_cmp` orders `x`.
fn total_order_key(x: f64) -> i64 {
    let bits = x.to_bits() as i64;
    bits ^ ((((bits >> 63) as u64) >> 1) as i64)
}

/// The first row of the largest gain above −∞, or none; the largest is
/// found in independent lanes, as in [`heaviest_descent`].
fn first_largest(gains: &[f64]) -> Option<usize> {
    let mut lanes = [f64::NEG_INFINITY; LANES];
    let whole = gains.len() / LANES * LANES;
    for chunk in gains[..whole].chunks_exact(LANES) {
        for (lane, gain) in lanes.iter_mut().zip(chunk) {
            if *gain > *lane {
                *lane = *gain;
            }
        }
    }
    let largest = gains[whole..]
        .iter()
        .chain(&lanes)
        .fold(f64::NEG_INFINITY, |a, b| if *b > a { *b } else { a });
    if largest > f64::NEG_INFINITY {
        gains.iter().position(|gain| *gain == largest)
    } else {
        None
    }
}

/// Independent accumulators in the scans above.
const LANES: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::priors::tests_support::gaussian_mixture;

    /// Gradients with ties, signed zeros and infinities, and masses with zeros.
    fn awkward_rows(seed: u64, n: usize) -> (Vec<f64>, Vec<f64>) {
        let mut rng = PortableRng::new(seed, 1);
        let pick = [
            0.0,
            -0.0,
            1.5,
            -1.5,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e-300,
        ];
        let g = (0..n)
            .map(|_| match rng.below(3) {
                0 => pick[rng.below(pick.len() as u64) as usize],
                _ => rng.normal(),
            })
            .collect();
        let v = (0..n)
            .map(|_| if rng.below(2) == 0 { 0.0 } else { 0.25 })
            .collect();
        (g, v)
    }

    #[test]
    fn the_pair_is_chosen_as_a_plain_scan_chooses_it() {
        for seed in 0..400 {
            let n = 1 + seed as usize % 23;
            let (g, v) = awkward_rows(seed, n);
            let plain_j = (0..n)
                .filter(|&k| v[k] > 0.0)
                .max_by(|&a, &b| g[a].total_cmp(&g[b]));
            assert_eq!(
                heaviest_descent(&g, &v, &mut vec![0; n]),
                plain_j,
                "{g:?} {v:?}"
            );
            // Gains as the solver makes them: −∞ for rows not worth a step.
            let gains: Vec<f64> = g
                .iter()
                .zip(&v)
                .map(|(g, v)| {
                    if *v > 0.0 {
                        g.abs().min(1e300)
                    } else {
                        f64::NEG_INFINITY
                    }
                })
                .collect();
            let mut plain_i: Option<(f64, usize)> = None;
            for (i, gain) in gains.iter().enumerate() {
                if *gain > f64::NEG_INFINITY && plain_i.is_none_or(|(b, _)| *gain > b) {
                    plain_i = Some((*gain, i));
                }
            }
            assert_eq!(first_largest(&gains), plain_i.map(|(_, i)| i), "{gains:?}");
        }
    }

    #[test]
    fn distance_with_the_identity_kernel_is_euclidean() {
        // K = I, one point each: d̂(λ) = √2·(λ − 1) for λ ≥ 1.
        let mut qp = SimplexQp::new(vec![1.0, 0.0, 0.0, 1.0], 2);
        for lambda in [1.0, 1.5, 3.0] {
            let d = qp.distance(&embedding_weights(lambda, 1, 1));
            assert!(
                (d - 2f64.sqrt() * (lambda - 1.0)).abs() < 1e-6,
                "λ {lambda}: {d}"
            );
        }
    }

    #[test]
    fn distance_is_zero_at_one_and_grows() {
        let rows = gaussian_mixture(60, 60, 2, 2.0, 0.4, 5);
        let d = squared_distances(&rows.standardised(), rows.len(), rows.dim);
        let (kernel, _) = widest_separating_kernel(&d, rows.len(), 60);
        let mut qp = SimplexQp::new(kernel, rows.len());
        let values: Vec<f64> = [1.0, 1.5, 2.0, 3.0, 5.0]
            .iter()
            .map(|&l| qp.distance(&embedding_weights(l, 60, 60)))
            .collect();
        assert!(values[0] < 1e-4, "{values:?}");
        assert!(values.windows(2).all(|w| w[1] >= w[0] - 1e-6), "{values:?}");
    }

    #[test]
    fn estimates_the_mixture_proportion() {
        // U: 40% N((2,2), I) + 60% N(0, I); labeled: N((2,2), I).
        let mut estimates = Vec::new();
        for seed in 1..=3 {
            let rows = gaussian_mixture(400, 400, 2, 2.0, 0.4, seed);
            estimates.push(estimate(&rows, &KmSettings::default(), seed).unwrap().rho);
        }
        assert!(
            estimates.iter().all(|e| (e - 0.4).abs() < 0.12),
            "{estimates:?}"
        );
    }
}
