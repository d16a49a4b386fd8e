//! policyPU: positive-unlabeled learning with policy gradient.
//!
//! Li et al., "Learning Classifiers on Positive and Unlabeled Data with
//! Policy Gradient", ICDM 2019. The layers follow the data flow:
//! [`data`] reads datasets, [`config`] describes a run (its learner's facts
//! in one table), [`split`] builds the PU training set, [`plan`] prepares a
//! run on it (stages, work, class prior), [`learn`] trains (behind the
//! `learn` feature, the only layer that links Burn) and [`metrics`] scores
//! on host vectors. [`selection`] chooses a run's epoch on PU data alone,
//! and [`auto_learner`] its learner. [`saved_model`] is the file a trained classifier is
//! saved to, to score new CSV rows later; [`page`] is what the browser page
//! and its worker share, and `web` (feature `web`) their browser plumbing.

pub mod auto_learner;
pub mod concurrent;
pub mod config;
pub mod data;
pub mod export;
pub mod keyed;
#[cfg(feature = "learn")]
pub mod learn;
pub mod memo;
pub mod metrics;
pub mod page;
pub mod pca;
pub mod plan;
pub mod priors;
pub mod report;
pub mod rng;
pub mod saved_model;
pub mod selection;
pub mod split;
pub mod step_timing;
pub mod user_text;
#[cfg(feature = "web")]
pub mod web;
