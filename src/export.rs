//! Downloadable files of a run: per-epoch metrics, the final value the
//! policy (or classifier) gives each unlabeled example, and `auto`'s
//! leaderboard and run file.

use crate::auto_learner::{Leaderboard, TestColumns};
use crate::config::{DataConfig, ModelPreset, RunConfig, Stage};
use crate::keyed::Keyed;
use crate::page::test_figure::TestFigure;
use crate::report::{Averaged, EpochReport, RunResult, TestMetrics, kept_report};
use crate::selection::Criterion;
use crate::user_text::without_folders;

/// The start of every file name a run's downloads get, saying which learner
/// (with its model preset, unless the usual one) and data they belong to,
/// e.g. `policypu-weighter-frozen-mnist-nl300-rho0.5-seed1`,
/// or `policypu-auto-churn-2024-seed1` for a run on the CSV file `data_file`
/// ("Churn 2024.csv"; `csv` where it has no name).
pub fn file_stem(config: &RunConfig, data_file: Option<&str>) -> String {
    let frozen = if config.learner.uses_policy() && config.policy.frozen {
        "-frozen"
    } else {
        ""
    };
    let data = match &config.data {
        DataConfig::Builtin { dataset, .. } => format!(
            "{}-nl{}-rho{}",
            dataset.file_stem(),
            config.split.n_labeled,
            config.split.rho
        ),
        DataConfig::Csv { .. } => data_file.map_or_else(String::new, name_in_file_names),
    };
    let data = if data.is_empty() { "csv".into() } else { data };
    // A preset other than the one every run starts with is named, as two
    // kept candidates may differ only in it.
    let preset = if config.model == RunConfig::default().model {
        String::new()
    } else {
        format!("-{}", config.model.key())
    };
    format!(
        "policypu-{}{preset}{frozen}-{data}-seed{}",
        config.learner.key(),
        config.seed
    )
}

/// A file's name as part of another's: without folders and extension,
/// letters and digits lower-cased, every other run of characters one `-`,
/// at most 40 characters ("Churn (2024).CSV" gives `churn-2024`).
pub fn name_in_file_names(name: &str) -> String {
    let name = without_folders(name);
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    let mut part = String::new();
    for c in stem.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            part.push(c);
        } else if !part.is_empty() && !part.ends_with('-') {
            part.push('-');
        }
        if part.chars().count() == 40 {
            break;
        }
    }
    part.trim_end_matches('-').to_string()
}

/// The test figures of [`epochs_csv`], in its columns' order.
const CSV_TEST_FIGURES: [TestFigure; 7] = [
    TestFigure::Accuracy,
    TestFigure::RocAuc,
    TestFigure::PrAuc,
    TestFigure::Recall,
    TestFigure::UPositiveShare,
    TestFigure::LeeLiu,
    TestFigure::UAccuracy,
];

/// Per-epoch metrics as CSV, one row per epoch report, empty cells where a
/// value does not exist for that epoch or learner; `kept` is 1 on the epoch
/// whose classifier the run keeps by `criterion` ([`kept_report`]: so far,
/// while it trains); `test_scored` is 0 where the run did not score the test
/// set after that epoch ([`crate::config::TestScoring::KeptAndLast`]), so its
/// test cells are empty by choice. Without a truth column the test set is
/// held-out positives alone: `accuracy`, which would be the recall, is blank,
/// and `recall`, `u_positive_share`, `lee_liu` and `u_accuracy_estimated`
/// hold what [`crate::report::PuMetrics`] measures.
pub fn epochs_csv(reports: &[EpochReport], criterion: Criterion) -> String {
    let kept = kept_report(reports, criterion);
    let mut csv = String::from(
        "stage,epoch,kept,accuracy,roc_auc,pr_auc,recall,u_positive_share,lee_liu,\
         u_accuracy_estimated,test_scored,classifier_loss,policy_loss,mean_reward,threshold,\
         u_correct_rate,u_mean_on_positives,u_mean_on_negatives,val_lu_auc,val_nnpu_risk,\
         val_upu_risk,val_proxy_accuracy,val_call_gap,val_variational_loss,epoch_ms,elapsed_ms\n",
    );
    let cell = |v: Option<f64>| v.map(|v| format!("{v}")).unwrap_or_default();
    for r in reports {
        let u = r.unlabeled.as_ref();
        let v = r.validation.as_ref();
        // Without a truth column the test figures are those that need no
        // negative, and the accuracy (which is the recall) is blank.
        let tested = CSV_TEST_FIGURES.map(|f| cell(f.of(&r.test)));
        let cells = [
            u8::from(r.scored_test().is_some()).to_string(),
            cell(r.classifier_loss),
            cell(r.policy_loss),
            cell(r.mean_reward),
            cell(r.threshold),
            cell(u.and_then(|u| u.correct_rate)),
            cell(u.and_then(|u| u.mean_on_positives)),
            cell(u.and_then(|u| u.mean_on_negatives)),
            cell(v.and_then(|v| v.lu_auc)),
            cell(v.and_then(|v| v.nnpu_risk)),
            cell(v.and_then(|v| v.upu_risk)),
            cell(v.and_then(|v| v.proxy_accuracy)),
            cell(v.and_then(|v| v.call_gap())),
            cell(v.and_then(|v| v.variational_loss)),
            format!("{:.1}", r.epoch_ms),
            format!("{:.1}", r.elapsed_ms),
        ];
        let stage = stage_key(r.stage);
        let is_kept = kept.is_some_and(|k| std::ptr::eq(k, r));
        csv += &format!(
            "{stage},{},{},{},{}\n",
            r.epoch,
            u8::from(is_kept),
            tested.join(","),
            cells.join(",")
        );
    }
    csv
}

/// The final value for every unlabeled example: its position in U, its row
/// in the source data (a CSV file's 1-based data row, a built-in subset's
/// index), its true class where known, and the value.
pub fn actions_csv(values: &[f32], sources: &[u32], truth: Option<&[bool]>) -> String {
    let mut csv = String::from("u_index,source_row,true_label,value\n");
    for (i, (value, source)) in values.iter().zip(sources).enumerate() {
        let label = truth
            .and_then(|t| t.get(i))
            .map(|y| u8::from(*y).to_string())
            .unwrap_or_default();
        csv += &format!("{i},{source},{label},{value}\n");
    }
    csv
}

/// An `auto` run as its JSON file holds it (`run --out`, and the page's
/// *Metrics (JSON)* after auto): the averaged model's run, the leaderboard,
/// and the model kept, in words.
#[derive(serde::Serialize)]
pub struct AutoResult<'a> {
    /// The averaged model's run: auto's settings, its members' mean's test
    /// metrics (`averaged`), no epochs of its own.
    #[serde(flatten)]
    pub result: &'a RunResult,
    /// Every candidate, ranked on the PU validation split.
    pub auto: &'a Leaderboard,
    /// The model kept: "the mean of …", or one candidate's learner where the
    /// page's user kept it instead.
    pub kept: String,
}

/// `auto`'s leaderboard as CSV: a first row for auto's own model, the mean
/// (`averaged`; its members have `in_mean` 1), then one row per candidate,
/// best first, as the page shows it. `rank` is empty for a candidate the
/// ranking had no value for; `kept` is 1 on the model kept: the mean, or the
/// candidate at position `kept_candidate` (as trained) where one was kept
/// instead. The test cells were never read by the ranking: accuracy,
/// ROC-AUC and PR-AUC, or without a truth column the recall on held-out
/// positives alone ([`Leaderboard::test_columns`]).
pub fn leaderboard_csv(
    board: &Leaderboard,
    averaged: Option<&Averaged>,
    own: ModelPreset,
    kept_candidate: Option<usize>,
) -> String {
    let columns = board.test_columns();
    let test_heads = match columns {
        TestColumns::Scores => ",test_accuracy,test_roc_auc,test_pr_auc",
        TestColumns::Recall => ",test_recall_on_held_out_positives",
        TestColumns::None => "",
    };
    let mut csv = format!(
        "rank,candidate,learner,model,in_mean,kept,kept_stage,kept_epoch,ranked_by,rank_value,val_lu_auc\
         {test_heads}\n",
    );
    let cell = |v: Option<f64>| v.map(|v| format!("{v}")).unwrap_or_default();
    let tests = |t: &TestMetrics| match columns {
        TestColumns::Scores => format!(
            ",{},{},{}",
            cell(t.accuracy),
            cell(t.roc_auc),
            cell(t.pr_auc)
        ),
        TestColumns::Recall => format!(",{}", cell(t.accuracy)),
        TestColumns::None => String::new(),
    };
    let ranked_by = board.criterion.key();
    if let Some(mean) = averaged {
        csv += &format!(
            ",auto,auto,{},,{},,,{ranked_by},,{}\n",
            own.key(),
            u8::from(kept_candidate.is_none()),
            tests(&mean.kept),
        );
    }
    for (index, s) in board.standings.iter().enumerate() {
        let rank = board
            .place(index)
            .map(|p| p.to_string())
            .unwrap_or_default();
        let in_mean = averaged.is_some() && board.is_member(s);
        csv += &format!(
            "{rank},{},{},{},{},{},{},{},{ranked_by},{},{}{}\n",
            s.label(own),
            s.learner.key(),
            s.model.key(),
            u8::from(in_mean),
            u8::from(kept_candidate == Some(s.candidate)),
            s.epoch.map(|_| stage_key(s.stage)).unwrap_or_default(),
            s.epoch.map(|e| e.to_string()).unwrap_or_default(),
            cell(s.value.map(|v| board.criterion.shown(v))),
            cell(s.validation.as_ref().and_then(|v| v.lu_auc)),
            tests(&s.test),
        );
    }
    csv
}

/// A stage as the CSV files write it: its key in the run JSON ("train", "warmup").
fn stage_key(stage: Stage) -> String {
    serde_json::to_value(stage)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_say_learner_split_and_seed() {
        let mut c = RunConfig::default();
        assert_eq!(
            file_stem(&c, None),
            "policypu-weighter-mnist-nl300-rho0.5-seed1"
        );
        c.policy.frozen = true;
        c.seed = 7;
        assert_eq!(
            file_stem(&c, Some("ignored.csv")),
            "policypu-weighter-frozen-mnist-nl300-rho0.5-seed7"
        );
        c.learner = crate::config::Learner::NnPu;
        c.use_csv(crate::data::csv::CsvColumns::default());
        assert_eq!(file_stem(&c, None), "policypu-nn-pu-csv-seed7");
        let named = |name| file_stem(&c, Some(name));
        assert_eq!(named("Churn (2024).CSV"), "policypu-nn-pu-churn-2024-seed7");
        assert_eq!(
            named("C:\\data\\Kündigungen.v2.csv"),
            "policypu-nn-pu-kündigungen-v2-seed7"
        );
        assert_eq!(named("...csv"), "policypu-nn-pu-csv-seed7");
        assert_eq!(named("README"), "policypu-nn-pu-readme-seed7");
        assert_eq!(
            named(&"a".repeat(60)).len(),
            "policypu-nn-pu--seed7".len() + 40
        );
        c.model = crate::config::ModelPreset::Linear;
        assert_eq!(
            file_stem(&c, Some("churn.csv")),
            "policypu-nn-pu-linear-churn-seed7"
        );
    }
    use crate::config::Stage;
    use crate::report::{Curves, TestMetrics, UnlabeledView, ViewSource};
    use crate::selection::ValidationScores;

    #[test]
    fn epochs_csv_has_a_row_per_report_and_blank_missing_cells() {
        let report = EpochReport {
            stage: Stage::Train,
            epoch: 2,
            test: TestMetrics {
                accuracy: Some(0.9),
                roc_auc: Some(0.95),
                pr_auc: None,
                pu: None,
            },
            curves: Curves::default(),
            test_skipped: false,
            classifier_loss: Some(0.25),
            policy_loss: None,
            mean_reward: None,
            threshold: None,
            unlabeled: Some(UnlabeledView::of(
                ViewSource::Classifier,
                vec![0.8, 0.1],
                Some(&[true, false]),
                false,
            )),
            validation: Some(ValidationScores {
                lu_auc: Some(0.875),
                shares: Some(crate::selection::scores::ScoreShares {
                    labeled_called: 0.75,
                    unlabeled_called: 0.25,
                    ..Default::default()
                }),
                variational_loss: Some(-0.5),
                ..ValidationScores::default()
            }),
            epoch_ms: 12.0,
            elapsed_ms: 30.0,
        };
        let skipped = EpochReport {
            epoch: 3,
            test: TestMetrics::default(),
            test_skipped: true,
            ..report.clone()
        };
        let worse = ValidationScores {
            lu_auc: Some(0.5),
            ..report.validation.clone().unwrap()
        };
        let skipped = EpochReport {
            validation: Some(worse),
            ..skipped
        };
        let reports = [report, skipped];
        let csv = epochs_csv(&reports, Criterion::LuAuc);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].split(',').count(), lines[1].split(',').count());
        // Epoch 2 has the better L-vs-U AUC: it is kept, not the last.
        assert_eq!(
            lines[1],
            "train,2,1,0.9,0.95,,,,,,1,0.25,,,,1,0.800000011920929,0.10000000149011612,0.875,,,,0.5,-0.5,12.0,30.0"
        );
        assert!(
            lines[2].starts_with("train,3,0,,,,,,,,0,0.25,"),
            "an epoch that did not score the test set says so: {}",
            lines[2]
        );
        // Where the settings keep the last epoch, it is marked instead.
        let last = epochs_csv(&reports, Criterion::LastEpoch);
        let marks: Vec<&str> = last.lines().skip(1).map(|l| &l[..10]).collect();
        assert_eq!(marks, ["train,2,0,", "train,3,1,"]);
    }

    #[test]
    fn epochs_csv_without_a_truth_column_gives_the_figures_that_need_no_negative() {
        // 3 of 4 held-out positives recalled, half of U called positive, π = 0.4.
        let pu =
            crate::report::PuMetrics::of(&[0.9, 0.8, 0.7, 0.1], &[0.9, 0.6, 0.2, 0.1], Some(0.4));
        let report = EpochReport {
            test: TestMetrics {
                accuracy: Some(0.75),
                roc_auc: None,
                pr_auc: None,
                pu,
            },
            ..EpochReport::blank(Stage::Train, 1)
        };
        let csv = epochs_csv(&[report], Criterion::LastEpoch);
        let lines: Vec<&str> = csv.lines().collect();
        let header: Vec<&str> = lines[0].split(',').collect();
        let row: Vec<&str> = lines[1].split(',').collect();
        let at = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
        // The accuracy of a test set of positives is the recall: blank, and
        // the recall in its own column.
        assert_eq!(at("accuracy"), "");
        assert_eq!(at("recall"), "0.75");
        assert_eq!(at("u_positive_share"), "0.5");
        assert_eq!(at("lee_liu"), "1.125");
        assert!((at("u_accuracy_estimated").parse::<f64>().unwrap() - 0.7).abs() < 1e-12);
        assert_eq!(at("test_scored"), "1");
    }

    #[test]
    fn the_leaderboard_csv_has_the_mean_then_each_candidate_best_first() {
        use crate::auto_learner::Standing;
        use crate::config::Learner;
        let standing = |candidate, learner, model, value: Option<f64>, accuracy| Standing {
            candidate,
            learner,
            model,
            epoch: Some(4 + candidate),
            stage: if learner == Learner::DistPu {
                Stage::Warmup
            } else {
                Stage::Train
            },
            validation: Some(ValidationScores {
                lu_auc: Some(0.75),
                labeled: 40,
                ..ValidationScores::default()
            }),
            value,
            test: TestMetrics {
                accuracy: Some(accuracy),
                ..TestMetrics::default()
            },
        };
        let board = Leaderboard {
            criterion: Criterion::CallGap,
            prior: None,
            standings: vec![
                standing(1, Learner::Vpu, ModelPreset::Fast, Some(0.5), 0.875),
                standing(0, Learner::BiasedPu, ModelPreset::Linear, Some(0.25), 0.625),
                standing(2, Learner::DistPu, ModelPreset::Fast, None, 0.5),
            ],
        };
        let mean = Averaged {
            members: vec![1, 0],
            kept: TestMetrics {
                accuracy: Some(0.75),
                roc_auc: Some(0.5),
                ..TestMetrics::default()
            },
            last: TestMetrics::default(),
            curves: Curves::default(),
            refitted: Vec::new(),
        };
        // Without a truth column the test cells are the recall on held-out positives.
        let recall = leaderboard_csv(&board, Some(&mean), ModelPreset::Fast, None);
        let lines: Vec<&str> = recall.lines().collect();
        assert!(lines[0].ends_with(",val_lu_auc,test_recall_on_held_out_positives"));
        assert_eq!(
            lines[1..],
            [
                ",auto,auto,fast,,1,,,call-gap,,,0.75",
                "1,VPU,vpu,fast,1,0,train,5,call-gap,0.5,0.75,0.875",
                "2,biased PU (linear),biased-pu,linear,1,0,train,4,call-gap,0.25,0.75,0.625",
                ",Dist-PU,dist-pu,fast,0,0,warmup,6,call-gap,,0.75,0.5",
            ]
        );
        // With one, accuracy, ROC-AUC and PR-AUC.
        let mut board = board;
        board.standings[0].test.roc_auc = Some(0.9375);
        let csv = leaderboard_csv(&board, Some(&mean), ModelPreset::Fast, None);
        let lines: Vec<&str> = csv.lines().collect();
        assert!(lines[0].ends_with(",val_lu_auc,test_accuracy,test_roc_auc,test_pr_auc"));
        assert_eq!(lines[1], ",auto,auto,fast,,1,,,call-gap,,,0.75,0.5,");
        assert_eq!(
            lines[2],
            "1,VPU,vpu,fast,1,0,train,5,call-gap,0.5,0.75,0.875,0.9375,"
        );
        for line in &lines[1..] {
            assert_eq!(line.split(',').count(), lines[0].split(',').count());
        }
        // A candidate kept instead of the mean carries the mark.
        let csv = leaderboard_csv(&board, Some(&mean), ModelPreset::Fast, Some(0));
        let kept: Vec<&str> = csv.lines().map(|l| l.split(',').nth(5).unwrap()).collect();
        assert_eq!(kept, ["kept", "0", "0", "1", "0"]);
    }

    #[test]
    fn actions_csv_lists_every_example() {
        let csv = actions_csv(&[0.75, 0.25], &[10, 3], Some(&[true, false]));
        assert_eq!(
            csv,
            "u_index,source_row,true_label,value\n0,10,1,0.75\n1,3,0,0.25\n"
        );
        let blind = actions_csv(&[0.5], &[7], None);
        assert_eq!(blind.lines().nth(1), Some("0,7,,0.5"));
    }
}
