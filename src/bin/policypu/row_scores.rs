//! `sweep --row-scores FILE`: every trained run's kept-epoch probabilities
//! on the test and validation rows, and auto's ranking of each split's
//! candidates, one JSON line each, for development studies that combine
//! runs offline (`scripts/ensemble_study.py`). Tables never read them.

use std::io::Write;
use std::path::Path;

use policypu::auto_learner::Leaderboard;
use policypu::config::RunConfig;
use policypu::learn::Trainer;
use policypu::report::{Selection, flag_string};
use serde::Serialize;

/// The open file the lines go to.
pub struct RowScores(std::io::BufWriter<std::fs::File>);

/// One run's line.
#[derive(Serialize)]
struct RunLine<'a> {
    config: &'a RunConfig,
    /// Test-set probabilities of the kept classifier, in test-row order.
    test: &'a [f32],
    /// The test rows' true classes, "1" positive, "0" negative.
    truth: String,
    /// Validation-row probabilities of the kept classifier.
    validation: Vec<f32>,
    /// The validation rows' labeled flags, "1" labeled, "0" unlabeled.
    validation_labeled: String,
    /// The epoch the validation split chose (stage, epoch within it, the
    /// criterion's value); absent where the run kept its last.
    kept: Option<Selection>,
}

/// One auto row's line: its candidates (by position in
/// `candidate_configs`) best first, the members its model averages, and the
/// prior the ranking assumed.
#[derive(Serialize)]
struct AutoLine<'a> {
    auto: &'a RunConfig,
    order: Vec<usize>,
    /// The candidates its model averages, by the same positions, best first.
    members: Vec<usize>,
    prior: Option<f64>,
}

impl RowScores {
    /// Create (or empty) `path`.
    pub fn create(path: &Path) -> Result<Self, String> {
        std::fs::File::create(path)
            .map(|f| RowScores(std::io::BufWriter::new(f)))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Write the line of the finished run `config` that `trainer` trained.
    pub fn run(&mut self, config: &RunConfig, trainer: &Trainer) -> Result<(), String> {
        let validation = pollster::block_on(trainer.kept_validation_probabilities())
            .map_err(|e| e.to_string())?
            .unwrap_or_default();
        let line = RunLine {
            config,
            test: trainer.kept_test_scores(),
            truth: flag_string(trainer.test_labels().iter().copied()),
            validation_labeled: flag_string(validation.iter().map(|(_, l)| *l)),
            validation: validation.into_iter().map(|(p, _)| p).collect(),
            kept: trainer.selection(),
        };
        self.write(&line)
    }

    /// Write the ranking `board` of the auto row `config`.
    pub fn auto(&mut self, config: &RunConfig, board: &Leaderboard) -> Result<(), String> {
        let line = AutoLine {
            auto: config,
            order: board.standings.iter().map(|s| s.candidate).collect(),
            members: board.member_positions(),
            prior: board.prior,
        };
        self.write(&line)
    }

    /// Flush the file.
    pub fn finish(mut self) -> Result<(), String> {
        self.0
            .flush()
            .map_err(|e| format!("cannot write row scores: {e}"))
    }

    fn write(&mut self, line: &impl Serialize) -> Result<(), String> {
        let text = serde_json::to_string(line).map_err(|e| e.to_string())?;
        writeln!(self.0, "{text}").map_err(|e| format!("cannot write row scores: {e}"))
    }
}
