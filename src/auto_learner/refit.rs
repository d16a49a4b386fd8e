//! auto's last step on CSV data: once the validation split has chosen its
//! members, each trains again on the training and validation rows together,
//! for the epochs it kept, and the mean is of these (the usual last step of
//! model selection, scikit-learn's `refit`). A CSV file's validation rows
//! are taken from its training rows, so the members learn from a quarter
//! more rows; on six development tables no reported table uses this made
//! auto more accurate on every one (`results/dev-refit.md`, the rule written
//! before the runs). The built-in images' validation rows are unused images,
//! not training rows: nothing to give back there.
//!
//! The leaderboard stays as it was (the members as trained ranked them), and
//! so does the mean's last-epoch figure (of the members as trained: only a
//! chosen epoch is refitted).

use crate::config::{DataConfig, ModelPreset, OptimConfig, Refit, RunConfig, Stage};
use crate::report::{Averaged, TestScores};
use crate::user_text::{counted, listed};

use super::average::averaged;
use super::{Leaderboard, Standing};

/// The run that trains `candidate` (one of auto's candidates' settings)
/// again on the training and validation rows for `epoch`, the epoch of its
/// own training it kept: the same settings with [`Refit::MemberRun`], whose
/// split trains on the validation rows too (`split::split_csv`), through
/// the first training's standardiser. `None` where it stays as trained: `refit` is off,
/// the data are not a CSV file's, the split set no validation rows aside
/// (or is a cross-fitting fold, whose folds already share the rows out), or
/// no epoch count repeats the kept one while leaving the learner's other
/// stages as they were (Dist-PU's warm-up takes half of its epochs).
pub fn refit_config(candidate: &RunConfig, epoch: usize) -> Option<RunConfig> {
    let csv = matches!(candidate.data, DataConfig::Csv { .. });
    let split = &candidate.split;
    if candidate.refit != Refit::Members
        || !csv
        || split.validation_fraction <= 0.0
        || split.validation_fold.is_some()
    {
        return None;
    }
    let again = RunConfig {
        optim: OptimConfig {
            epochs: epoch,
            ..candidate.optim.clone()
        },
        refit: Refit::MemberRun,
        ..candidate.clone()
    };
    let stages = |c: &RunConfig| (c.learner.spec().stages)(c);
    let others = |c: &RunConfig| {
        let mut spans = stages(c);
        spans.retain(|s| s.stage != Stage::Train);
        spans
    };
    let trains_for_epoch = stages(&again)
        .iter()
        .any(|s| s.stage == Stage::Train && s.epochs == epoch);
    (trains_for_epoch && others(candidate) == others(&again)).then_some(again)
}

/// The members of `board` to train again, each its position among
/// `candidates` (their settings, in the order trained) and its refit's
/// settings ([`refit_config`]): those kept at an epoch of their own training.
pub fn refits(board: &Leaderboard, candidates: &[&RunConfig]) -> Vec<(usize, RunConfig)> {
    board
        .members()
        .iter()
        .filter(|s| s.stage == Stage::Train)
        .filter_map(|s| {
            let config = candidates.get(s.candidate)?;
            Some((s.candidate, refit_config(config, s.epoch?)?))
        })
        .collect()
}

/// What refitting did, in one sentence for the user: which of `board`'s
/// members (`refitted`, their positions) trained again and for how many
/// epochs, and which stayed as trained and why: no refit of theirs could
/// repeat their kept epoch, or theirs (planned from `candidates`, the
/// candidates' settings in the order trained) did not finish; `None` where
/// none was to train again.
pub fn refit_sentence(
    board: &Leaderboard,
    candidates: &[&RunConfig],
    refitted: &[usize],
    own: ModelPreset,
) -> Option<String> {
    let planned: Vec<usize> = refits(board, candidates)
        .into_iter()
        .map(|(position, _)| position)
        .collect();
    let members = board.members();
    let (again, kept): (Vec<&Standing>, Vec<&Standing>) = members
        .into_iter()
        .partition(|s| refitted.contains(&s.candidate));
    if planned.is_empty() {
        return None;
    }
    let again: Vec<String> = again
        .iter()
        .map(|s| {
            let epochs = s
                .epoch
                .map_or(String::new(), |e| format!(" ({})", counted(e, "epoch")));
            format!("{}{epochs}", s.label(own))
        })
        .collect();
    let (unfinished, unplanned): (Vec<&Standing>, Vec<&Standing>) = kept
        .into_iter()
        .partition(|s| planned.contains(&s.candidate));
    let stays = |members: Vec<&Standing>, one: &str, many: &str| {
        let names: Vec<String> = members.iter().map(|s| s.label(own)).collect();
        match names.len() {
            0 => None,
            1 => Some(format!("{} stays as trained: {one}", names[0])),
            _ => Some(format!("{} stay as trained: {many}", listed(&names))),
        }
    };
    let reasons: Vec<String> = [
        stays(
            unplanned,
            "no epoch count repeats its kept one",
            "no epoch count repeats their kept ones",
        ),
        stays(
            unfinished,
            "its second training did not finish",
            "their second trainings did not finish",
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    let stays = match reasons.is_empty() {
        true => String::new(),
        false => format!(" ({})", reasons.join("; ")),
    };
    if again.is_empty() {
        return Some(format!(
            "No member trained again on the training and validation rows to the end{stays}: \
             auto's model is the mean of its members as trained."
        ));
    }
    Some(format!(
        "Then each member trained again on the training and validation rows together, for \
         the epochs it kept ({}){stays}: auto's model is the mean of these.",
        listed(&again)
    ))
}

/// auto's mean ([`averaged`]) of `board`'s members from `scores`, their
/// test-set probabilities as trained (by position among the candidates),
/// with each refitted member's kept classifier its refit's (`refitted`: a
/// member's position and its refit's probabilities); `None` where a
/// member's probabilities are missing.
pub fn averaged_refitted(
    board: &Leaderboard,
    scores: &[Option<&TestScores>],
    refitted: &[(usize, &TestScores)],
) -> Option<Averaged> {
    let mixed: Vec<Option<TestScores>> = scores
        .iter()
        .enumerate()
        .map(|(position, trained)| {
            let trained = (*trained)?;
            let again = refitted.iter().find(|(p, _)| *p == position);
            Some(again.map_or_else(|| trained.clone(), |(_, a)| refitted_scores(trained, a)))
        })
        .collect();
    let mixed: Vec<Option<&TestScores>> = mixed.iter().map(Option::as_ref).collect();
    let mut mean = averaged(board.member_positions(), &mixed, board.prior)?;
    mean.refitted = refitted.iter().map(|(position, _)| *position).collect();
    Some(mean)
}

/// A member's test-set probabilities once refitted: the kept classifier's
/// are the refit's (`again`, trained on every training row), the last
/// epoch's stay those of the member as trained (`trained`).
fn refitted_scores(trained: &TestScores, again: &TestScores) -> TestScores {
    TestScores {
        kept: again.kept.clone(),
        kept_unlabeled: again.kept_unlabeled.clone(),
        ..trained.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Learner;

    fn csv_run(learner: Learner) -> RunConfig {
        let mut config = RunConfig {
            learner,
            ..RunConfig::default()
        };
        config.use_csv(Default::default());
        config.optim.epochs = 20;
        config
    }

    #[test]
    fn a_member_trains_again_on_every_training_row_for_its_kept_epochs() {
        let vpu = csv_run(Learner::Vpu);
        let again = refit_config(&vpu, 7).expect("VPU refits");
        assert_eq!(again.optim.epochs, 7);
        assert_eq!(again.refit, Refit::MemberRun);
        // Everything else, the seed and the split included, as before.
        let back = RunConfig {
            optim: vpu.optim.clone(),
            refit: Refit::Members,
            ..again.clone()
        };
        assert_eq!(back, vpu);
        // policyPU's pre-training and RankPruning's folds stay as they were.
        for learner in [Learner::Weighter, Learner::RankPruning, Learner::Pmpu] {
            let again = refit_config(&csv_run(learner), 3).expect("refits");
            assert_eq!(again.optim.epochs, 3);
        }
    }

    #[test]
    fn some_members_stay_as_trained() {
        // Dist-PU's warm-up would change with its epochs.
        assert_eq!(refit_config(&csv_run(Learner::DistPu), 7), None);
        let mut off = csv_run(Learner::Vpu);
        off.refit = Refit::Off;
        assert_eq!(refit_config(&off, 7), None);
        let mut no_validation = csv_run(Learner::Vpu);
        no_validation.split.validation_fraction = 0.0;
        assert_eq!(refit_config(&no_validation, 7), None);
        let mut fold = csv_run(Learner::Vpu);
        fold.split.validation_fold = Some(1);
        assert_eq!(refit_config(&fold, 7), None);
        // The built-in images' validation rows are no training rows.
        let images = RunConfig {
            learner: Learner::Vpu,
            ..RunConfig::default()
        };
        assert_eq!(refit_config(&images, 7), None);
    }

    #[test]
    fn the_sentence_says_which_members_stayed_as_trained_and_why() {
        let standing = |candidate, learner| Standing {
            candidate,
            learner,
            model: ModelPreset::Fast,
            epoch: Some(2),
            stage: Stage::Train,
            validation: None,
            value: Some(0.9 - candidate as f64 / 10.0),
            test: Default::default(),
        };
        let board = Leaderboard {
            criterion: crate::auto_learner::AUTO_CRITERION,
            prior: None,
            standings: vec![
                standing(0, Learner::Vpu),
                standing(1, Learner::DistPu),
                standing(2, Learner::Km2NnPu),
            ],
        };
        let configs: Vec<RunConfig> = [Learner::Vpu, Learner::DistPu, Learner::Km2NnPu]
            .into_iter()
            .map(csv_run)
            .collect();
        let configs: Vec<&RunConfig> = configs.iter().collect();
        let sentence = refit_sentence(&board, &configs, &[0], ModelPreset::Fast).unwrap();
        assert!(
            sentence.contains(
                "for the epochs it kept (VPU (2 epochs)) (Dist-PU stays as trained: \
                 no epoch count repeats its kept one; KM2+nnPU stays as trained: its second \
                 training did not finish)"
            ),
            "{sentence}"
        );
        let none = refit_sentence(&board, &configs, &[], ModelPreset::Fast).unwrap();
        assert!(
            none.starts_with(
                "No member trained again on the training and validation rows to the end \
                 (Dist-PU stays as trained: no epoch count repeats its kept one; VPU and \
                 KM2+nnPU stay as trained: their second trainings did not finish): auto's \
                 model is the mean of its members as trained."
            ),
            "{none}"
        );
        let dist_pu_only = Leaderboard {
            standings: vec![standing(0, Learner::DistPu)],
            ..board
        };
        assert_eq!(
            refit_sentence(&dist_pu_only, &configs[1..2], &[], ModelPreset::Fast),
            None,
            "no member was to train again"
        );
    }

    #[test]
    fn a_refitted_member_keeps_its_last_epoch_as_trained() {
        let trained = TestScores {
            kept: vec![0.1, 0.9],
            last: vec![0.2, 0.8],
            truth: "01".into(),
            kept_unlabeled: vec![0.3],
            last_unlabeled: vec![0.4],
        };
        let again = TestScores {
            kept: vec![0.0, 1.0],
            last: vec![0.0, 1.0],
            truth: "01".into(),
            kept_unlabeled: vec![0.5],
            last_unlabeled: vec![0.5],
        };
        let mixed = refitted_scores(&trained, &again);
        assert_eq!(mixed.kept, [0.0, 1.0]);
        assert_eq!(mixed.kept_unlabeled, [0.5]);
        assert_eq!(mixed.last, [0.2, 0.8]);
        assert_eq!(mixed.last_unlabeled, [0.4]);
    }
}
