//! The page's teaching texts, as data: a short explanation per view and per
//! idea of PU learning, each tied to the paper's equation numbers (Li et al.,
//! ICDM 2019). Views show them through `crate::teach::explainer::Explainer` by id.

use policypu::auto_learner::average::AVERAGED;
use policypu::selection::scores::FEW_LABELED;

/// A short, precise explanation in plain words, beside a view or in the intro.
#[derive(Debug)]
pub struct Explanation {
    /// Stable id; the disclosure showing it has the element id `explain-{id}`.
    pub id: &'static str,
    /// A heading for the text where it stands on its own (the intro's "more").
    pub title: &'static str,
    /// The text, one paragraph per entry.
    pub paragraphs: &'static [&'static str],
    /// The paper's equations the text relies on, in order.
    pub equations: &'static [u8],
}

impl Explanation {
    /// "eq. (4)" or "eqs. (4), (5)", or None when the text cites no equation.
    pub fn equation_note(&self) -> Option<String> {
        let numbers: Vec<String> = self.equations.iter().map(|n| format!("({n})")).collect();
        match numbers.as_slice() {
            [] => None,
            [one] => Some(format!("In the paper: eq. {one}.")),
            many => Some(format!("In the paper: eqs. {}.", many.join(", "))),
        }
    }
}

/// `paragraph` with its placeholders filled from the rules they name, so a
/// text quotes a rule's number from where the rule is written:
/// `{averaged}` is how many candidates `auto` averages, `{few_labeled}` the
/// labeled validation rows below which it averages them all.
pub fn filled(paragraph: &str) -> String {
    paragraph
        .replace("{averaged}", &AVERAGED.to_string())
        .replace("{few_labeled}", &FEW_LABELED.to_string())
}

/// The explanation with this id, if there is one.
pub fn explanation(id: &str) -> Option<&'static Explanation> {
    EXPLANATIONS.iter().find(|e| e.id == id)
}

/// The intro at the top of the page, in a few sentences.
pub const INTRO_SUMMARY: &str = "A PU training set has a few examples labeled positive (P) and \
    many unlabeled ones (U) that hide positives among the negatives; under SCAR the labeled ones \
    are a random sample of all positives. Treating all of U as negative (biased PU) teaches the \
    classifier that those hidden positives are negative. uPU and nnPU correct for this with the \
    class prior π, the share of positives, which real data rarely comes with. policyPU needs no \
    π: a policy network decides how the classifier should use each unlabeled example and learns \
    from a reward computed from the classifier's own predictions (eqs. 4–7).";

/// The ideas the intro's "more" opens, in reading order.
pub const INTRO_TOPICS: [&str; 4] = ["pu-data", "biased-pu", "prior", "policy"];

/// The policy variant select's hint.
pub const POLICY_VARIANT_HINT: &str = "The default pays an action for agreeing with the \
    classifier's verdict at ŷ ≥ 0.5, less a baseline; the paper's eq. (4) reward barely depends \
    on the action, so its policy learns little (docs/method.md, Departures from the paper).";

/// The hint under the epoch-selection select.
pub const SELECT_BY_HINT: &str = "Judged on PU validation rows set aside from the training data, \
    with no negative: the run keeps, exports and scores with that epoch's classifier. The \
    learner's own rule is the L-vs-U AUC, or VPU's variational loss for VPU and the learners it \
    served better on development data; the validation chart's caption names the rule a run used.";

/// Every explanation: the intro's ideas, then one per view.
pub static EXPLANATIONS: &[Explanation] = &[
    Explanation {
        id: "pu-data",
        title: "PU data and SCAR",
        paragraphs: &[
            "A PU training set has two parts: P, examples known to be positive (labeled, s=1), \
             and U, examples whose class was never recorded (s=0). U is a mixture of hidden \
             positives and negatives, and nobody tells the learner which is which. Here you \
             choose how many positives are labeled (n_l) and what share of U is secretly \
             positive (ρ).",
            "SCAR, \"selected completely at random\", assumes that whether a positive got a label \
             does not depend on what it looks like: p(s=1|x,y=1) = p(s=1|y=1) = c, \
             eq. (1). The labeled positives are then a fair sample of all positives, and a \
             classifier of labeled versus unlabeled is the true one scaled by c: \
             p(y=1|x) = p(s=1|x)/c, eq. (2). On the built-in images, and in the example files, \
             the labeled positives were drawn uniformly at random, so SCAR holds by \
             construction. In a CSV file of your own the labels are the file's: there SCAR is \
             an assumption the data cannot confirm.",
        ],
        equations: &[1, 2],
    },
    Explanation {
        id: "biased-pu",
        title: "Why treating U as negative is biased",
        paragraphs: &[
            "Biased PU trains an ordinary classifier with P as positive and all of U as negative. \
             Every hidden positive in U is then a positive example with the wrong label, so the \
             classifier is pushed to call positives negative, and the more positives U holds \
             (larger ρ), the harder the push.",
            "What it learns is p(s=1|x), labeled versus not, rather than p(y=1|x); by \
             eq. (2) that is smaller by the factor c, so at a cut-off of 0.5 it misses many \
             positives. Its ranking of examples can still be fair, which is why its ROC-AUC \
             often looks better than its accuracy. policyPU uses it only as pre-training.",
        ],
        equations: &[2],
    },
    Explanation {
        id: "prior",
        title: "What nnPU needs and policyPU does not: the class prior π",
        paragraphs: &[
            "With true labels, a classifier g minimises the risk of eq. (10): \
             π·E_p[ℓ(g(x))] + (1−π)·E_n[ℓ(−g(x))], where π = p(y=1) is the class prior (the \
             paper writes α). Without negatives, uPU replaces the negative part by \
             E_u[ℓ(−g(x))] − π·E_p[ℓ(−g(x))], which gives an unbiased estimate from P and U \
             alone, eq. (11). nnPU (Kiryo et al., 2017) adds one fix: a flexible network drives \
             that negative part below zero, which no true risk can be, so when it falls below −β \
             nnPU takes a step scaled by γ that pushes it back up instead of lowering the risk \
             further.",
            "Both need π, here the share of positives in U (which need not be the test set's). A \
             demo split knows it exactly (it is ρ); real data does not, and the paper pairs nnPU with the estimators TIcE and KM2. \
             policyPU needs no π: its policy learns from the classifier's predictions which \
             unlabeled examples to treat as positive.",
            "For a CSV file this app estimates π as the smaller of two estimates, KM2's and \
             BBE's, which measured closer to the truth than either alone on tables whose prior \
             is known. Both find the largest share of positives U could hold, a bound from \
             above: where positives and negatives overlap, so that many unlabeled rows could \
             belong to either class, the estimate can sit well above the true π, and the ± \
             beside it, how far it moves when the rows are drawn again, cannot show that.",
        ],
        equations: &[10, 11],
    },
    Explanation {
        id: "policy",
        title: "policyPU: policy, action, reward and threshold",
        paragraphs: &[
            "The policy is a second network. For an example x it outputs p(x) in (0, 1), and \
             π_Θ(a|x) (not the prior π) is the distribution of the action a it samples. The \
             Separator samples a hard action, a ~ Bernoulli(p(x)): a = 1 moves an unlabeled \
             example into the positives, a = 0 keeps it as a negative for the classifier's \
             cross-entropy, eq. (9). The Weighter samples a weight a in (0, 1) around p(x) (here logit-normal), and the \
             classifier counts the example as positive with weight a and negative with weight \
             1 − a, eq. (8). The policy's goal is the expected reward J(Θ), eq. (3).",
            "The reward comes from the classifier's prediction ŷ after it has trained on the \
             actions, eq. (4): ŷ for a labeled example; for an unlabeled one ŷ if ŷ is above the \
             threshold, else 1 − ŷ, so the policy is paid for agreeing with the classifier. The \
             threshold, eq. (5), is the mean ŷ over P and the part of U scored at least as high \
             as the least confident labeled example.",
            "The policy learns by REINFORCE: Θ ← Θ + η·(1/m)·Σ ∇log π_Θ(a_i|x_i)·R(x_i,a_i), \
             eqs. (6)–(7), which makes well-paid actions more likely. Actions are drawn from a \
             copy Θ′ refreshed every k epochs (Algorithm 1). Before it, the classifier is \
             pre-trained with U as negative, then the policy learns to copy the classifier's ŷ \
             (the paper's Section III-E).",
        ],
        equations: &[3, 4, 5, 6, 7, 8, 9],
    },
    Explanation {
        id: "validation",
        title: "Choosing the epoch without negatives",
        paragraphs: &[
            "A PU user has no negatives, so the test-set scores above are out of reach on real \
             data. Before training, the run sets aside PU validation rows (labeled and unlabeled, \
             never trained on). After every training epoch it scores the classifier on them, \
             with no truth.",
            "Two scores need no prior: the L-vs-U AUC, the chance a labeled row scores above an \
             unlabeled one, and the call gap r − q, with r the share of labeled and q the share \
             of unlabeled rows called positive. Three need the run's class prior π: the uPU risk, \
             the nnPU risk (the same with the non-negative correction) and the proxy accuracy, \
             1 − π − q + 2π·r. A sixth needs no prior: the variational loss, log E_U[Φ] − E_L[log Φ], the rule by which VPU's \
             authors keep an epoch, and the default here for VPU, KM2+nnPU, RankPruning and \
             Dist-PU. The chart draws the L-vs-U AUC, the call gap and the rule that keeps the \
             run's epoch (else the nnPU risk, where the run has a prior).",
            "Under SCAR the L-vs-U AUC rises and falls with the true ROC-AUC (Menon et al., 2015), \
             so it picks the epoch that ranks best. It sits below the true ROC-AUC: a labeled row \
             against one of U's hidden positives is a coin toss, so with a share ρ of positives \
             in U it is about ρ/2 + (1 − ρ)·ROC-AUC; only its changes matter. It says nothing \
             about where the 0.5 cut-off \
             sits, and a high value does not mean a high accuracy. The call gap judges the \
             cut-off with no prior: under SCAR it is (1 − ρ)·(TPR − FPR), so it rises with the \
             balanced accuracy. The risk and the proxy accuracy judge it too, but only as well \
             as the prior π they assume. On a \
             few hundred rows all three are noisy: they choose between epochs of one run, they \
             do not certify a model.",
        ],
        equations: &[],
    },
    Explanation {
        id: "metrics",
        title: "Test-set scores",
        paragraphs: &[
            "Scores on a held-out test set whose true labels training never sees: accuracy at the \
             cut-off ŷ = 0.5, ROC-AUC (the chance that a random positive is ranked above a \
             random negative) and PR-AUC (average precision). The paper reports the same three \
             (its Tables II–VIII) and plots accuracy over epochs in Figs. 2–4.",
            "Shaded epochs come before the learner's main training: policyPU's pre-training \
             and PMPU's warm-up, shown as pre-training the classifier (U treated as negative, \
             so accuracy there is biased PU's), \
             RankPruning's cross-validation, and Dist-PU's warm-up, which already trains \
             Dist-PU's own loss. A learner that only ranks well (high ROC-AUC, low accuracy) has its \
             cut-off in the wrong place, the typical symptom of that bias.",
        ],
        equations: &[],
    },
    Explanation {
        id: "losses",
        title: "Training losses",
        paragraphs: &[
            "The classifier loss is the learner's objective on its mini-batches: cross-entropy \
             with U weighted by the actions for the Weighter, eq. (8), or split by them for the \
             Separator, eq. (9); P against U for biased PU; the PU risk of eq. (11) for uPU and \
             nnPU. Losses of different learners measure different things, so compare their \
             shapes, not their levels.",
            "The policy loss is −(1/m)·Σ log π_Θ(a_i|x_i)·R(x_i,a_i): descending it is the \
             REINFORCE step of eq. (7). It can rise while the policy improves, because the \
             rewards change as the classifier learns. During policy pre-training it is the \
             cross-entropy of p(x) against the classifier's ŷ.",
        ],
        equations: &[7, 8, 9, 11],
    },
    Explanation {
        id: "reward",
        title: "Reward and threshold",
        paragraphs: &[
            "The reward of eq. (4) pays the policy for agreeing with the classifier: a labeled \
             example earns ŷ, an unlabeled one ŷ when ŷ is at or above the threshold (the \
             classifier calls it positive) and 1 − ŷ below it (it calls it negative). The line \
             is the mean reward per epoch.",
            "The threshold of eq. (5) is recomputed on every mini-batch: the mean ŷ over P and \
             over the unlabeled examples scored at least as high as the lowest-scored labeled \
             one. As the classifier grows confident on P, the threshold rises and more of U is \
             rewarded for looking negative, the failure the paper describes for large ρ.",
            "The reward depends on the action only through the classifier's update on the same \
             mini-batch, so the REINFORCE gradient of eq. (7) carries a weak signal; much of what \
             the policy knows comes from pre-training.",
            "That is why this app's default policyPU pays a different reward: a·v + (1 − a)·(1 − v), \
             where v is the classifier's verdict (1 for labeled examples; for unlabeled ones, \
             whether ŷ ≥ 0.5), less the reward the target policy's own p′(x) would earn. It depends on \
             the action, so the policy does learn. To see the paper's rule, eqs. (4) and (5), at \
             work, choose \"The paper's, eqs. (4)–(5)\" under Policy variant (the command line: \
             --variant paper); the caption says which rule a run uses.",
        ],
        equations: &[4, 5, 7],
    },
    Explanation {
        id: "unlabeled",
        title: "How U is sorted",
        paragraphs: &[
            "A demo split knows the true class of every unlabeled example even though the learner \
             does not, so it can check how U is sorted. For the policyPU learners, \"correct \
             side of 0.5\" is the share of U whose p(x) falls on the side of 0.5 of its true \
             class: for the Separator, whose action is a = 1 with probability p(x), this is the \
             correct-assignment rate it would have if it always took its likelier action, \
             close to what the paper's Fig. 5 counts with sampled actions. For the baselines \
             it uses the classifier's ŷ.",
            "The two means show the separation: p(x) (or ŷ) averaged over U's true positives \
             should climb towards 1 and over its true negatives fall towards 0.",
        ],
        equations: &[],
    },
    Explanation {
        id: "roc",
        title: "ROC curve",
        paragraphs: &[
            "Every cut-off on ŷ gives one point: the false-positive rate (share of test negatives \
             called positive) against the true-positive rate (share of test positives found). \
             The area under the curve, ROC-AUC, is the chance that a random positive gets a \
             higher ŷ than a random negative; 0.5 is random ranking.",
            "ROC-AUC ignores where the cut-off is and how many positives there are, so it shows \
             whether a PU learner ranks well even when its accuracy suffers from a misplaced \
             cut-off.",
        ],
        equations: &[],
    },
    Explanation {
        id: "pr",
        title: "Precision-recall curve",
        paragraphs: &[
            "Every cut-off on ŷ gives one point: recall (share of test positives found) against \
             precision (share of those called positive that are). Its area, PR-AUC, is computed \
             as average precision; a random ranking has precision equal to the share of \
             positives, the dashed line.",
            "Unlike ROC, precision depends on how common positives are, so PR-AUC rewards \
             confident, correct positives, which matters when positives are rare.",
        ],
        equations: &[],
    },
    Explanation {
        id: "histogram",
        title: "Values on U",
        paragraphs: &[
            "For policyPU this is the policy's p(x) on every unlabeled example, the centre of its \
             action: the Separator assigns x to the positives with probability p(x) (eq. (9)), \
             and the Weighter's weight a, used in eq. (8), is drawn around p(x). For the \
             baselines it is the classifier's ŷ.",
            "Bars are split by the true class, which only a demo split knows. A good learner \
             pushes the true positives (solid) towards 1 and the true negatives (hatched) \
             towards 0; a pile of true positives near 0 is the bias of treating U as negative.",
        ],
        equations: &[8, 9],
    },
    Explanation {
        id: "thumbnails",
        title: "The unlabeled examples",
        paragraphs: &[
            "Every unlabeled image, sorted by the policy's p(x) (or the classifier's ŷ for the \
             baselines), most positive first, redrawn each epoch. The tint goes from orange \
             (0, treated as negative) through grey (0.5) to blue (1, treated as positive); ▲ \
             marks a true positive and □ a true negative.",
            "Triangles late in the grid (scroll it to its end) are hidden positives the learner \
             still treats as negative, \
             the examples biased PU gets wrong and the policy has to recover (its actions, \
             eqs. (8) and (9)). Pick one to see its value over the epochs.",
        ],
        equations: &[8, 9],
    },
    Explanation {
        id: "scatter",
        title: "U in two dimensions",
        paragraphs: &[
            "Each point is an unlabeled example, placed by the first two principal components \
             of the features (PCA), so nearby points look alike. The colour is the policy's \
             p(x): the centre of the Weighter's weight, eq. (8), or the Separator's chance of \
             assigning the example to the positives, eq. (9); for a learner without a policy, \
             the classifier's ŷ. The shape is its true class, which only a demo split knows.",
            "Where colour and shape disagree the learner is wrong. Mistakes bunched where the two \
             classes overlap are expected; a whole cluster of positives coloured negative is the \
             bias of treating U as negative.",
        ],
        equations: &[8, 9],
    },
    Explanation {
        id: "auto",
        title: "Choosing the learner without negatives",
        paragraphs: &[
            "No learner wins on every table, and a PU user cannot test which one wins on theirs. \
             auto trains each candidate (policyPU, nnPU with an estimated prior, biased PU, \
             RankPruning, PMPU, VPU and Dist-PU on the chosen model, and the cheap ones also as \
             a linear model) on one split, lets each keep its best epoch, and ranks the kept \
             classifiers on the PU validation rows.",
            "It ranks by the call gap on those rows, r − q, with r the share of labeled and q \
             the share of unlabeled rows called positive. Under SCAR r is the true-positive rate \
             and q mixes it with the false-positive rate by U's true share of positives ρ, so \
             r − q is (1 − ρ)·(TPR − FPR): it rises with the balanced accuracy, the accuracy on \
             a test set half positive, and it needs no estimate of ρ. Unlike the L-vs-U AUC it sees a \
             classifier whose scores sit on the wrong side of 0.5 (biased PU often ranks rows \
             well and calls too few positive). It ranked by the proxy accuracy before, \
             1 − π − q + 2π·r, the accuracy on rows like U's under an estimated π; but U's share \
             of positives is how the sample was drawn, not the data the model will score. On \
             development data that no reported table uses, the call gap did as well on \
             Fashion-MNIST and chose more accurate candidates on the CSV tables. On a few hundred rows the top candidates often differ by less than \
             their noise: the table shows how close they \
             are. The test scores, where the file has a truth column, are shown for teaching \
             and were not read to choose; without one, the test set holds only labeled \
             positives, so the table shows the recall on them, and a note gives the mean's \
             share of U called positive and, under a π estimated from the training rows, its \
             precision and accuracy on U.",
            "So auto does not bet on the first alone: it keeps the mean of the probabilities \
             of the first {averaged}, and calls a row positive when that mean is at least 0.5. Where \
             their errors differ, averaging often cancels some of them; on \
             development data that no reported table uses (Fashion-MNIST and six CSV tables) \
             it was more accurate than the first candidate alone on average, though not on \
             every table, a rule written down before those runs. Thresholds other than 0.5, chosen on the PU validation rows, were tried \
             the same way and not adopted: none raised the mean accuracy on Fashion-MNIST, \
             which the rule written first asked for (one did raise it on the CSV tables). With \
             fewer than {few_labeled} labeled validation rows a single row moves r by more than \
             0.1 and the ranking is mostly chance, so auto \
             keeps the mean of every candidate instead, which on new development tables that \
             small was the more accurate (another rule written down first). With no labeled \
             validation row at all (a validation share of 0) nothing can be ranked, and auto \
             keeps the mean of every candidate at its last epoch. You can keep a single \
             candidate's model instead, or go back to the mean.",
            "One split of a few hundred rows gives few labeled validation rows to rank by. \
             The command line can cross-fit auto's choice (policypu run --learner auto \
             --auto-folds 5): it runs auto once on each of five validation folds of the \
             training rows and keeps the mean of the five means, so every training row is \
             both trained on and ranked on. On development tables and on the reported CSV files \
             it was more accurate than one split on average (not on every file), and on the \
             example files it took up to four times as long; the page trains auto on one \
             split.",
            "Once the members are chosen on a CSV file, each trains again on the training and \
             validation rows together, for the epochs it kept, so they learn from the fifth of \
             the rows the choice set aside: on six development tables that was more accurate \
             on every one. The leaderboard stays that of the members as trained (the refits \
             have no validation rows to be ranked on); auto's model, its test scores and the \
             model file are the mean of the refits, which the run history lists as \
             \"trained again\". The built-in images' validation rows are unused images, not \
             training rows, so there the members stay as trained. A link with refit=off keeps \
             them as trained everywhere (policypu run --no-refit).",
        ],
        equations: &[],
    },
    Explanation {
        id: "compare",
        title: "Learners compared",
        paragraphs: &[
            "Several learners trained on the same PU split with the same seed. The curves are \
             a test score over the training epochs, as in the paper's Figs. 2–4, on an axis \
             scaled to the runs' values; a ring marks the epoch each run kept, chosen on its \
             PU validation split, and the legend quotes the score there. The table gives each \
             run's ROC-AUC, accuracy and PR-AUC at that epoch, as in its Tables II–VIII. On \
             a file without a truth column the test set holds held-out labeled positives \
             alone, so the table and curves give what needs no negative: the recall on \
             them, the share of U called positive, Lee and Liu's r²/q (recall squared over \
             that share, which grows with precision × recall) and the accuracy on U a class \
             prior implies.",
            "Each row is one run, one draw of the split and the weights: a gap of a few \
             thousandths can reverse with another seed, so read only large gaps as \
             differences between methods (the command line's sweep averages 5 seeds and \
             shows their spread). Optimal PN trains on the true labels and is a reference, \
             not a guaranteed winner: on a small, easy table a PU learner can match or pass \
             it in one run.",
        ],
        equations: &[],
    },
];
