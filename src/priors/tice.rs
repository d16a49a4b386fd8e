//! TIcE (Bekker & Davis, "Estimating the Class Prior in Positive and
//! Unlabeled Data through Decision Tree Induction", AAAI 2018).
//!
//! Under SCAR every subset S of the feature space has a labeled share
//! P(s = 1 | x ∈ S) = c·P(y = 1 | x ∈ S) ≤ c, with equality on subsets that
//! hold only positives. TIcE grows a tree that treats U as negative, looking
//! for such pure subsets, and keeps the largest lower confidence bound on c
//! over the subsets it meets. The tree is grown on one fold and the bounds
//! are counted on the other folds; the estimate is the mean over folds, and
//! the whole search runs twice, the second time with the first estimate in
//! the bound's variance term.
//!
//! Features are min–max scaled and each one splits a node into four
//! equal-width bins; a feature is used at most once on a path. Rows are sets
//! of bits, so a node's children cost a few word operations per row block.

use std::collections::BinaryHeap;

use crate::rng::PortableRng;

use super::{PriorError, PriorEstimate, PriorMethod, PuRows};

/// TIcE's knobs, with the authors' defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct TiceSettings {
    /// k of the max-bepp split criterion L / (T + k).
    pub bepp_k: f64,
    /// Folds: each grows a tree once while the others count the bounds.
    pub folds: usize,
    /// Passes over the folds; each uses the previous estimate in the bound.
    pub iterations: usize,
    /// Nodes expanded per tree at most.
    pub max_splits: usize,
    /// Subsets with fewer rows give no bound.
    pub min_size: usize,
    /// Rows kept (uniformly drawn) before estimating, as in the paper's protocol.
    pub max_rows: usize,
}

impl Default for TiceSettings {
    fn default() -> Self {
        TiceSettings {
            bepp_k: 5.0,
            folds: 5,
            iterations: 2,
            max_splits: 500,
            min_size: 10,
            max_rows: 2000,
        }
    }
}

/// Bins per feature.
const BINS: usize = 4;

/// Estimate c, and from it ρ, with TIcE.
pub fn estimate(
    rows: &PuRows,
    settings: &TiceSettings,
    seed: u64,
) -> Result<PriorEstimate, PriorError> {
    let (n_labeled, n_unlabeled) = rows.check()?;
    let mut rng = PortableRng::new(seed, STREAM);
    let sample = rows.down_sampled(settings.max_rows, &mut rng);
    let c = label_frequency(&sample, settings, &mut rng);
    Ok(PriorEstimate::from_label_frequency(
        PriorMethod::Tice,
        c,
        n_labeled,
        n_unlabeled,
    ))
}

/// The random stream TIcE draws from (down-sampling and folds).
const STREAM: u64 = 0x7_1CE;

/// TIcE's estimate of c on `rows` (all of them; no down-sampling).
pub fn label_frequency(rows: &PuRows, settings: &TiceSettings, rng: &mut PortableRng) -> f64 {
    let bins = BinnedFeatures::new(rows);
    let labeled = Bits::from_flags(&rows.labeled);
    let folds: Vec<u64> = (0..rows.len())
        .map(|_| rng.below(settings.folds as u64))
        .collect();
    let mut c_guess = 0.5;
    for _ in 0..settings.iterations.max(1) {
        let mut total = 0.0;
        for fold in 0..settings.folds {
            let tree_part =
                Bits::from_flags(&folds.iter().map(|f| *f == fold as u64).collect::<Vec<_>>());
            let estimation_part = tree_part.complement(rows.len());
            total += best_bound(
                &bins,
                &labeled,
                tree_part,
                estimation_part,
                c_guess,
                settings,
            );
        }
        c_guess = total / settings.folds as f64;
    }
    c_guess
}

/// One tree: the largest lower bound on c over the subsets it meets.
fn best_bound(
    bins: &BinnedFeatures,
    labeled: &Bits,
    tree_part: Bits,
    estimation_part: Bits,
    c_guess: f64,
    settings: &TiceSettings,
) -> f64 {
    let size = estimation_part.count();
    if size == 0 {
        return 0.0;
    }
    let delta = (1.0 / (1.0 + 0.004 * size as f64)).max(0.025);
    let bound = Bound {
        delta,
        c_guess,
        min_size: settings.min_size,
    };
    let mut best = estimation_part.and(labeled).count() as f64 / size as f64;
    let mut min_labeled = 1.0;
    let mut queue = BinaryHeap::new();
    let root = Node {
        tree: tree_part,
        estimation: estimation_part,
        features: bins.usable.clone(),
    };
    queue.push(Ranked::of(
        root,
        labeled,
        &Bound {
            min_size: 0,
            ..bound
        },
    ));
    let mut expanded = 0;
    while let Some(Ranked { node, .. }) = queue.pop() {
        if expanded >= settings.max_splits {
            break;
        }
        expanded += 1;
        let Some((feature, useless)) =
            best_split(bins, labeled, &node, min_labeled, settings.bepp_k)
        else {
            continue;
        };
        let children: Vec<Node> = (0..BINS)
            .map(|b| Node {
                tree: node.tree.and(&bins.bin(feature, b)),
                estimation: node.estimation.and(&bins.bin(feature, b)),
                features: Vec::new(),
            })
            .collect();
        if children.iter().filter(|c| c.estimation.count() > 0).count() < 2 {
            continue;
        }
        for child in &children {
            best = best.max(bound.lower(&child.estimation, labeled));
        }
        min_labeled = if best < 1.0 {
            c_guess * (1.0 - c_guess) * (1.0 - delta) / (delta * (1.0 - best).powi(2))
        } else {
            f64::INFINITY
        };
        let features: Vec<bool> = node
            .features
            .iter()
            .enumerate()
            .map(|(f, usable)| *usable && f != feature && !useless[f])
            .collect();
        for mut child in children {
            let tree_size = child.tree.count();
            let tree_labeled = child.tree.and(labeled).count();
            let promising = child.estimation.and(labeled).count() as f64 > min_labeled
                && tree_size > settings.min_size
                && tree_labeled > 0
                && tree_labeled < tree_size;
            if promising {
                child.features = features.clone();
                queue.push(Ranked::of(
                    child,
                    labeled,
                    &Bound {
                        min_size: 0,
                        ..bound
                    },
                ));
            }
        }
    }
    best
}

/// The feature whose split has the best max-bepp on the tree part, and the
/// features found useless at this node (no child holds enough labeled rows).
fn best_split(
    bins: &BinnedFeatures,
    labeled: &Bits,
    node: &Node,
    min_labeled: f64,
    bepp_k: f64,
) -> Option<(usize, Vec<bool>)> {
    let mut useless = vec![false; node.features.len()];
    let mut best: Option<(f64, usize)> = None;
    for (feature, usable) in node.features.iter().enumerate() {
        if !usable {
            continue;
        }
        let mut enough = false;
        let mut score = f64::NEG_INFINITY;
        for b in 0..BINS {
            let bin = bins.bin(feature, b);
            if node.estimation.and(&bin).and(labeled).count() as f64 >= min_labeled.max(1.0) {
                enough = true;
            }
            let tree = node.tree.and(&bin);
            score = score.max(tree.and(labeled).count() as f64 / (tree.count() as f64 + bepp_k));
        }
        if !enough {
            useless[feature] = true;
        } else if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, feature));
        }
    }
    best.filter(|(score, _)| *score > 0.0)
        .map(|(_, f)| (f, useless))
}

/// The one-sided Chebyshev (Cantelli) lower bound on c for one subset.
#[derive(Clone, Copy)]
struct Bound {
    delta: f64,
    c_guess: f64,
    min_size: usize,
}

impl Bound {
    /// L/T − sqrt(c(1 − c)(1 − δ) / (δ T)); 0 below the minimum size.
    fn lower(&self, subset: &Bits, labeled: &Bits) -> f64 {
        let size = subset.count();
        if size < self.min_size.max(1) {
            return 0.0;
        }
        lower_bound(subset.and(labeled).count(), size, self.delta, self.c_guess)
    }
}

/// The bound for L labeled rows among T.
fn lower_bound(labeled: usize, size: usize, delta: f64, c_guess: f64) -> f64 {
    let t = size as f64;
    labeled as f64 / t - (c_guess * (1.0 - c_guess) * (1.0 - delta) / (delta * t)).sqrt()
}

/// A subset: its rows in the tree part and in the estimation part, and the
/// features still free to split it.
#[derive(Clone)]
struct Node {
    tree: Bits,
    estimation: Bits,
    features: Vec<bool>,
}

/// A node in the queue, ranked by the bound on its tree part (then labeled count).
struct Ranked {
    score: f64,
    labeled: usize,
    node: Node,
}

impl Ranked {
    fn of(node: Node, labeled: &Bits, bound: &Bound) -> Self {
        Ranked {
            score: bound.lower(&node.tree, labeled),
            labeled: node.tree.and(labeled).count(),
            node,
        }
    }
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}
impl Eq for Ranked {}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.score
            .total_cmp(&other.score)
            .then(self.labeled.cmp(&other.labeled))
    }
}

/// For every feature and bin, the rows in that bin.
struct BinnedFeatures {
    bins: Vec<Bits>,
    usable: Vec<bool>,
}

impl BinnedFeatures {
    fn new(rows: &PuRows) -> Self {
        let (n, d) = (rows.len(), rows.dim);
        let mut bins = vec![Bits::empty(n); d * BINS];
        let mut usable = vec![false; d];
        for f in 0..d {
            let column = (0..n).map(|i| rows.row(i)[f]);
            let (lo, hi) = column.fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            });
            // Constant (or NaN-only) columns cannot split.
            if hi.partial_cmp(&lo) != Some(std::cmp::Ordering::Greater) {
                continue;
            }
            usable[f] = true;
            for i in 0..n {
                let scaled = (rows.row(i)[f] - lo) / (hi - lo);
                let b = ((scaled * BINS as f32) as usize).min(BINS - 1);
                bins[f * BINS + b].set(i);
            }
        }
        BinnedFeatures { bins, usable }
    }

    fn bin(&self, feature: usize, bin: usize) -> Bits {
        self.bins[feature * BINS + bin].clone()
    }
}

/// A set of row indices as bits.
#[derive(Clone, Debug, PartialEq)]
struct Bits(Vec<u64>);

impl Bits {
    fn empty(n: usize) -> Self {
        Bits(vec![0; n.div_ceil(64)])
    }

    fn from_flags(flags: &[bool]) -> Self {
        let mut bits = Bits::empty(flags.len());
        for (i, _) in flags.iter().enumerate().filter(|(_, f)| **f) {
            bits.set(i);
        }
        bits
    }

    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn and(&self, other: &Bits) -> Bits {
        Bits(self.0.iter().zip(&other.0).map(|(a, b)| a & b).collect())
    }

    fn complement(&self, n: usize) -> Bits {
        let mut out = Bits(self.0.iter().map(|w| !w).collect());
        if !n.is_multiple_of(64)
            && let Some(last) = out.0.last_mut()
        {
            *last &= (1u64 << (n % 64)) - 1;
        }
        out
    }

    fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::priors::tests_support::gaussian_pu;

    #[test]
    fn bound_matches_a_hand_computation() {
        // T = 100, L = 40, δ = 0.1, c = 0.5: 0.4 − sqrt(0.25·0.9/10) = 0.25.
        assert!((lower_bound(40, 100, 0.1, 0.5) - 0.25).abs() < 1e-12);
    }

    #[test]
    fn bits_count_and_complement() {
        let b = Bits::from_flags(&[true, false, true, false, false]);
        assert_eq!(b.count(), 2);
        assert_eq!(b.complement(5).count(), 3);
        assert_eq!(b.and(&b.complement(5)).count(), 0);
    }

    #[test]
    fn estimates_c_on_separated_gaussians() {
        // α = 0.5, c = 0.3: positives N(+3, 1) in the first coordinate.
        let mut errors = Vec::new();
        for seed in 1..=5 {
            let (rows, c) = gaussian_pu(2000, 5, 3.0, 0.5, 0.3, seed);
            let estimate = label_frequency(
                &rows,
                &TiceSettings::default(),
                &mut PortableRng::new(seed, 9),
            );
            errors.push(estimate - c);
        }
        let mean = errors.iter().sum::<f64>() / errors.len() as f64;
        assert!(errors.iter().all(|e| e.abs() < 0.07), "{errors:?}");
        assert!(
            mean < 0.02,
            "TIcE should not overshoot on average: {errors:?}"
        );
    }

    #[test]
    fn same_seed_same_estimate() {
        let (rows, _) = gaussian_pu(600, 3, 2.0, 0.5, 0.4, 3);
        let a = estimate(&rows, &TiceSettings::default(), 11).unwrap();
        let b = estimate(&rows, &TiceSettings::default(), 11).unwrap();
        assert_eq!(a, b);
    }
}
