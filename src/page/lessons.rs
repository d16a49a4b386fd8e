//! Lessons: links that open the page on one idea. A link may hide parts of
//! the page (as TensorFlow Playground's `*_hide` flags do) and name a lesson,
//! whose short text the page shows above the results. The ready lessons
//! below are plain share links, so a teacher can also edit one and share
//! the result.

use crate::config::{Learner, PolicyConfig, PolicyVariant, RunConfig};
use crate::data::examples::{BREAST_CANCER, ExampleCsv, TWO_MOONS};
use crate::keyed::Keyed;

/// A part of the page a link can hide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// "What is PU learning?" at the top.
    Intro,
    /// The settings form.
    Settings,
    /// The comparison controls and table.
    Comparison,
    /// The first-visit tour and its button.
    Tour,
    /// The share and export buttons.
    Share,
    /// The chart of test-set scores per epoch.
    Metrics,
    /// The chart of training losses.
    Losses,
    /// The chart of the policy's reward and threshold.
    Reward,
    /// The chart of how U is sorted.
    Unlabeled,
    /// The ROC and precision-recall curves.
    Curves,
    /// The histogram of the values given to U.
    Histogram,
    /// The 2-D scatter of U.
    Scatter,
    /// The thumbnails of U.
    Thumbnails,
}

impl Keyed for Part {
    /// Every part, in page order.
    const ALL: &'static [Self] = &[
        Self::Intro,
        Self::Settings,
        Self::Comparison,
        Self::Tour,
        Self::Share,
        Self::Metrics,
        Self::Losses,
        Self::Reward,
        Self::Unlabeled,
        Self::Curves,
        Self::Histogram,
        Self::Scatter,
        Self::Thumbnails,
    ];

    const WHAT: &'static str = "part of the page";

    /// The part's name in a link's `hide` list.
    fn key(self) -> &'static str {
        match self {
            Self::Intro => "intro",
            Self::Settings => "settings",
            Self::Comparison => "comparison",
            Self::Tour => "tour",
            Self::Share => "share",
            Self::Metrics => "metrics",
            Self::Losses => "losses",
            Self::Reward => "reward",
            Self::Unlabeled => "unlabeled",
            Self::Curves => "curves",
            Self::Histogram => "histogram",
            Self::Scatter => "scatter",
            Self::Thumbnails => "thumbnails",
        }
    }
}

/// What a link asks the page to show besides the run's settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageView {
    /// Parts not to show.
    pub hidden: Vec<Part>,
    /// The lesson whose text to show.
    pub lesson: Option<&'static Lesson>,
}

impl PageView {
    /// True when the link hides `part`.
    pub fn hides(&self, part: Part) -> bool {
        self.hidden.contains(&part)
    }
}

/// A ready lesson: a title, a short text and the page it opens.
#[derive(Debug)]
pub struct Lesson {
    /// Its name in links (`lesson=…`).
    pub key: &'static str,
    /// One line.
    pub title: &'static str,
    /// What to do and what to look for, a few sentences.
    pub text: &'static str,
    /// The settings it opens with.
    pub config: fn() -> RunConfig,
    /// The parts it hides, so only its idea is on the page.
    pub hidden: &'static [Part],
    /// The example file it opens, for a lesson on CSV data (its link names
    /// the columns; the page loads the file).
    pub example: Option<&'static ExampleCsv>,
}

/// Lessons are the same when their keys are.
impl PartialEq for Lesson {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Lesson {
    /// The lesson named `key`, if any.
    pub fn find(key: &str) -> Option<&'static Lesson> {
        LESSONS.iter().find(|l| l.key == key.trim())
    }

    /// The page view this lesson's link asks for.
    pub fn view(&'static self) -> PageView {
        PageView {
            hidden: self.hidden.to_vec(),
            lesson: Some(self),
        }
    }
}

/// The default settings with `learner` on the example file `example`.
fn on_example(learner: Learner, example: &ExampleCsv) -> RunConfig {
    let mut config = RunConfig {
        learner,
        ..RunConfig::default()
    };
    config.use_csv(example.columns());
    config
}

/// Parts no lesson needs: the tour (the lesson's text guides instead) and
/// the views of a policy, when the lesson has none.
const NO_POLICY_VIEWS: [Part; 5] = [
    Part::Tour,
    Part::Reward,
    Part::Scatter,
    Part::Thumbnails,
    Part::Losses,
];

/// The ready lessons, in teaching order.
pub static LESSONS: [Lesson; 6] = [
    Lesson {
        key: "biased-pu",
        title: "Why biased PU fails as ρ grows",
        text: "Biased PU treats every unlabeled example as a negative. Here ρ = 0.7: seven in ten \
               unlabeled examples are positives it is taught to call negative. Train, note the \
               accuracy, then set ρ to 0.3 and train again. Tick both runs in the run history to \
               put them side by side in the comparison table, which warns that their splits \
               differ: here that difference, the share of positives in U, is the lesson. Optimal \
               PN, which sees the hidden labels, is the reference to compare with.",
        config: || RunConfig {
            learner: Learner::BiasedPu,
            split: crate::config::SplitConfig {
                rho: 0.7,
                ..Default::default()
            },
            ..RunConfig::default()
        },
        hidden: &NO_POLICY_VIEWS,
        example: None,
    },
    Lesson {
        key: "nnpu-prior",
        title: "nnPU needs the class prior, and pays for a wrong one",
        text: "nnPU corrects biased PU with the class prior π, the share of positives in U, \
               which it must be told. This link tells it π = 0.2 while U holds 50 % positives. \
               Train, then empty the “Class prior π” field (nnPU then gets the true ρ) and train \
               again; tick both runs in the run history to compare them. Which does the wrong \
               prior cost more, accuracy or ROC-AUC? TIcE+nnPU and KM2+nnPU estimate π from the data instead: try one and read \
               the estimate beside the results.",
        config: || RunConfig {
            learner: Learner::NnPu,
            nnpu: crate::config::NnPuConfig {
                prior: Some(0.2),
                ..Default::default()
            },
            ..RunConfig::default()
        },
        hidden: &NO_POLICY_VIEWS,
        example: None,
    },
    Lesson {
        key: "ranking",
        title: "Ranking is not classifying: biased PU on two moons",
        text: "This link opens the two-moons example (the upper moon is positive and 30 % of it \
               is labeled) with biased PU. Train: the ROC-AUC comes close to 1 while the accuracy \
               stays far below it, often near one half. Under SCAR a classifier of labeled against unlabeled examples \
               orders them as one of positives against negatives would (Elkan and Noto), so its \
               ranking is right and only its threshold is wrong: it scores most hidden positives \
               below 0.5. Then train KM2+nnPU, which places the threshold with an estimated class \
               prior, and the policyPU Weighter, whose policy starts from biased PU's scores and \
               on this file often goes on calling most of U negative (try a few seeds). Compare \
               the runs' accuracy and ROC-AUC in the comparison table.",
        config: || on_example(Learner::BiasedPu, &TWO_MOONS),
        hidden: &[Part::Tour, Part::Thumbnails, Part::Losses],
        example: Some(&TWO_MOONS),
    },
    Lesson {
        key: "policy",
        title: "What the policy decides, and what learning it buys",
        text: "The Weighter's policy gives every unlabeled example a weight: how much it counts \
               as a positive. Train and watch the histogram and the thumbnails of U change from \
               epoch to epoch. Then tick “Freeze the policy” and train again: the policy keeps \
               its pre-trained weights for the whole run. Tick both runs in the run history to \
               compare them: in one short run the scores may differ by a few thousandths, which \
               another seed can reverse (over 5 seeds of 60 epochs at n_l = 300 and ρ = 0.5, the \
               repository's ablation, which reports the last epoch, finds accuracy 0.882 ± \
               0.005 learned against 0.833 ± 0.010 frozen). \
               With one run of each, “How U is sorted” shows best what learning bought: compare \
               the mean p(x) of U's true positives and true negatives in the two runs.",
        config: RunConfig::default,
        hidden: &[Part::Tour, Part::Scatter],
        example: None,
    },
    Lesson {
        key: "paper-reward",
        title: "The paper's reward, and why this app changed it",
        text: "This link runs the Weighter with the paper's own rule: eq. (4)'s reward and eq. \
               (5)'s threshold. That reward depends on the action only through one classifier \
               step, so the policy barely moves from its pre-training. Train and watch the reward \
               and the weights of U. Then tick “Freeze the policy” and train again: the two runs \
               end close together. Last, choose the coherence reward under Policy variant, untick \
               the box and train. Compare the three runs in the comparison table, and in “How U \
               is sorted”, where a reward that depends on the action shows most: how far apart \
               U's true positives and true negatives end in mean p(x).",
        config: || RunConfig {
            policy: PolicyConfig::default().with_variant(PolicyVariant::Paper),
            ..RunConfig::default()
        },
        hidden: &[Part::Tour, Part::Scatter],
        example: None,
    },
    Lesson {
        key: "no-negatives",
        title: "Choosing a model without a single negative",
        text: "PU data hold no negatives to score a model with, yet someone must choose the \
               learner and the epoch. This link opens the breast-cancer example with auto. It \
               sets aside PU validation rows (labeled and unlabeled, never trained on) and trains \
               eleven candidates on one split: eight learners, three of them also as a linear \
               model. Each keeps the epoch its own rule picks on those rows (the L-vs-U AUC, or \
               the variational loss for VPU and a few others), and auto ranks the kept models by \
               the L−U call gap: the share of labeled validation rows a model calls positive \
               minus the share of unlabeled ones. Under SCAR that gap is (1 − ρ) × (true-positive \
               rate − false-positive rate), ρ the share of positives in U, so it ranks models as \
               balanced accuracy would, with no negative seen. auto keeps the mean of the first \
               three. Train, then read the leaderboard: its test columns are there for you and \
               were never read to choose. Does the PU-only ranking agree with them? The test \
               accuracy counts every row alike and most rows are negatives, so it can order two \
               close models otherwise than the gap. Press Show on a candidate: its “Validation on \
               PU data” chart rings the epoch it kept, and its test-set chart holds the scores of \
               that epoch, its last and each that was its best so far by its rule. Then change the \
               seed and train again: does auto keep the same candidates? (With too few labeled \
               validation rows to rank by, auto averages every candidate and says so.)",
        config: || on_example(Learner::Auto, &BREAST_CANCER),
        hidden: &[
            Part::Tour,
            Part::Reward,
            Part::Losses,
            Part::Histogram,
            Part::Scatter,
            Part::Thumbnails,
        ],
        example: Some(&BREAST_CANCER),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_have_unique_keys() {
        for &part in Part::ALL {
            assert_eq!(Part::from_key(part.key()), Some(part));
        }
        assert_eq!(Part::from_key("everything"), None);
    }
}
