//! Which stage and epoch a run is in.

use crate::config::Stage;

/// The stages of a run and their lengths, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    stages: Vec<(Stage, usize)>,
    position: usize,
    epoch: usize,
}

impl Schedule {
    /// The stages a learner asks for, in order; stages of no epochs are dropped.
    pub fn new(stages: Vec<(Stage, usize)>) -> Self {
        let stages = stages.into_iter().filter(|(_, n)| *n > 0).collect();
        Schedule {
            stages,
            position: 0,
            epoch: 1,
        }
    }

    /// The current stage, or None when the run is over.
    pub fn stage(&self) -> Option<Stage> {
        self.stages.get(self.position).map(|(s, _)| *s)
    }

    /// The current epoch within its stage, from 1.
    pub fn epoch(&self) -> usize {
        self.epoch
    }

    /// True during the run's last epoch.
    pub fn is_last_epoch(&self) -> bool {
        self.position + 1 == self.stages.len()
            && self
                .stages
                .get(self.position)
                .is_some_and(|&(_, n)| self.epoch == n)
    }

    /// Move past the current epoch, into the next stage after a stage's last.
    pub fn advance(&mut self) {
        let Some(&(_, length)) = self.stages.get(self.position) else {
            return;
        };
        if self.epoch < length {
            self.epoch += 1;
        } else {
            self.position += 1;
            self.epoch = 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_runs_pretrain_first() {
        let mut s = Schedule::new(vec![
            (Stage::PretrainClassifier, 2),
            (Stage::PretrainPolicy, 2),
            (Stage::Train, 3),
        ]);
        let mut seen = Vec::new();
        let mut last = Vec::new();
        while let Some(stage) = s.stage() {
            seen.push((stage, s.epoch()));
            last.push(s.is_last_epoch());
            s.advance();
        }
        assert_eq!(last.iter().filter(|l| **l).count(), 1);
        assert!(last[6] && !s.is_last_epoch());
        assert_eq!(seen.len(), 7);
        assert_eq!(seen[0], (Stage::PretrainClassifier, 1));
        assert_eq!(seen[3], (Stage::PretrainPolicy, 2));
        assert_eq!(seen[6], (Stage::Train, 3));
        let no_pretraining = Schedule::new(vec![(Stage::PretrainClassifier, 0), (Stage::Train, 3)]);
        assert_eq!(no_pretraining.stage(), Some(Stage::Train));
    }
}
