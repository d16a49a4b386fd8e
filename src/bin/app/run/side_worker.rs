//! The second worker. Where the browser reports two cores or more and a
//! comparison (`auto`'s candidates, or learners compared) trains on the
//! CPU, it trains the comparison's next run beside the live worker's,
//! unseen: the charts follow the live run, and this one's reports, test
//! scores, model, split and values on U are gathered here and handed to the
//! run's owner (`lifecycle`) when it ends. Runs of a comparison share their data and
//! seed but do not depend on each other, so none waits for another. A
//! second worker that fails, or falls silent while it trains (its own
//! watchdog), is not asked again this session.

use std::cell::{Cell, RefCell};
use std::sync::Arc;

use leptos::prelude::GetUntracked;
use policypu::config::{DataConfig, RunConfig, TestScoring};
use policypu::page::protocol::{DataPayload, FromWorker, ToWorker, Trained};

use super::history::{self, RunResults};
use super::known_estimates;
use super::watchdog::{self, Clock};
use super::worker_kind::{self, WorkerKind};
use super::worker_spawn::{self, Spawned, post};
use crate::state::{AppState, RunStatus};

/// How a run in the second worker ended.
pub enum SideEnd {
    /// It trained all its epochs; its data comes back for the next run.
    Done(RunResults, DataPayload),
    /// It failed, or the worker was lost (and discarded): the run is handed
    /// back, to train in the live worker; the text says why.
    Failed(RunConfig, String),
}

/// What the run's owner does when a run in the second worker ends.
pub type OnSideEnd = fn(AppState, SideEnd);

/// The second worker and the run it trains.
struct Side {
    kind: WorkerKind,
    spawned: Spawned,
    ready: bool,
    queue: Vec<ToWorker>,
    run: Option<(RunResults, DataPayload)>,
    /// Where its run's end goes.
    on_end: OnSideEnd,
}

thread_local! {
    static SIDE: RefCell<Option<Side>> = const { RefCell::new(None) };
    /// Set when a second worker failed: runs stay in the live worker.
    static FAILED: Cell<bool> = const { Cell::new(false) };
    /// When the second worker last said anything, or was sent a command.
    static HEARD: Clock = const { Clock::new() };
}

/// Check every few seconds that the second worker still talks while it
/// trains (and the comparison is not paused); one that does not is taken
/// for hung, discarded, and its run handed back to the live worker.
pub fn start_watchdog(state: AppState) {
    watchdog::every_few_seconds(move || {
        let on_end = SIDE.with(|s| {
            s.borrow()
                .as_ref()
                .filter(|side| side.run.is_some())
                .map(|side| side.on_end)
        });
        let Some(on_end) = on_end.filter(|_| state.status.get_untracked() != RunStatus::Paused)
        else {
            return;
        };
        if let Some(seconds) = HEARD.with(Clock::hung_for) {
            lost(
                state,
                format!("it has not answered for {seconds:.0} s"),
                on_end,
            );
        }
    });
}

/// True when a second worker can train runs of `config` here: the browser
/// reports two cores or more, the run trains on the CPU (two workers on one
/// GPU would share it), and no second worker has failed this session. On a
/// CSV file, only once `prior_known`: the comparison's first run estimates
/// the file's prior (KM2 and its bootstrap resamples, seconds on these
/// small tables, longer than most runs train), and every later run, in
/// either worker, reuses it (`known_estimates`); a second worker that
/// estimated it again, on the same cores, made the example slower than one
/// worker (results/bench-browser-two-workers.md).
pub fn can_help(config: &RunConfig, prior_known: bool) -> bool {
    worker_kind::cores() >= 2
        && worker_kind::trains_on_cpu(config.backend)
        && (prior_known || matches!(config.data, DataConfig::Builtin { .. }))
        && !FAILED.get()
}

/// True while the second worker trains a run.
pub fn busy() -> bool {
    SIDE.with(|s| s.borrow().as_ref().is_some_and(|side| side.run.is_some()))
}

/// Start the second worker for runs of `config`, if it is not running
/// already, so that it is ready when its first run comes; why not when it
/// cannot be started (and then none is asked again this session).
pub fn warm(state: AppState, config: &RunConfig, on_end: OnSideEnd) -> Result<(), String> {
    let kind = WorkerKind::for_run(config.backend);
    if SIDE.with(|s| s.borrow().as_ref().map(|side| side.kind)) == Some(kind) {
        return Ok(());
    }
    discard();
    let spawned = worker_spawn::spawn(
        kind,
        move |message| receive(state, message, on_end),
        move |why| lost(state, why, on_end),
    );
    match spawned {
        Ok(spawned) => {
            SIDE.with(|s| {
                *s.borrow_mut() = Some(Side {
                    kind,
                    spawned,
                    ready: false,
                    queue: Vec::new(),
                    run: None,
                    on_end,
                })
            });
            Ok(())
        }
        Err(why) => {
            FAILED.set(true);
            Err(why)
        }
    }
}

/// Train `config` on `data` in the second worker, starting it first if
/// there is none (or it is of the wrong kind); how it ends goes to `on_end`.
pub fn start(
    state: AppState,
    config: RunConfig,
    data: DataPayload,
    test_scoring: TestScoring,
    on_end: OnSideEnd,
) {
    if let Err(why) = warm(state, &config, on_end) {
        return on_end(state, SideEnd::Failed(config, why));
    }
    let command = ToWorker::Start {
        config: Box::new(config.clone()),
        data: data.clone(),
        test_scoring,
        estimates: known_estimates::known(),
    };
    let run = RunResults {
        config,
        reports: Vec::new(),
        test_scores: None,
        model: None,
        started: None,
        values: Vec::new(),
        progress: None,
    };
    HEARD.with(Clock::heard_now);
    SIDE.with(|s| {
        if let Some(side) = s.borrow_mut().as_mut() {
            side.run = Some((run, data));
            if side.ready {
                post(&side.spawned.worker, &command);
            } else {
                side.queue.push(command);
            }
        }
    });
}

/// Send a command (pause, resume) to the second worker's run, if it has
/// one; false when it has none.
pub fn send(command: ToWorker) -> bool {
    SIDE.with(|s| {
        let mut slot = s.borrow_mut();
        let Some(side) = slot.as_mut().filter(|side| side.run.is_some()) else {
            return false;
        };
        HEARD.with(Clock::heard_now);
        if side.ready {
            post(&side.spawned.worker, &command);
        } else {
            side.queue.push(command);
        }
        true
    })
}

/// Make the second worker's run, if it has one, stop answering, taken for
/// hung after `limit_ms` of silence (a browser test's hook); false when it
/// has none.
pub fn hang_for_test(limit_ms: f64) -> bool {
    let sent = send(ToWorker::HangForTest);
    if sent {
        HEARD.with(|clock| clock.lower_limit_for_test(limit_ms));
    }
    sent
}

/// End the second worker and any run in it.
pub fn discard() {
    if let Some(side) = SIDE.with(|s| s.borrow_mut().take()) {
        side.spawned.worker.terminate();
    }
}

/// Fold one message of the second worker into its run; its end goes to `on_end`.
fn receive(state: AppState, message: FromWorker, on_end: OnSideEnd) {
    HEARD.with(Clock::heard_now);
    let ended = SIDE.with(|s| {
        let mut slot = s.borrow_mut();
        let side = slot.as_mut()?;
        if let FromWorker::Ready = message {
            side.ready = true;
            for command in side.queue.drain(..) {
                post(&side.spawned.worker, &command);
            }
            return None;
        }
        let (run, _) = side.run.as_mut()?;
        match message {
            FromWorker::Started(started) => {
                known_estimates::learned(&started.estimates);
                run.started = Some(started);
                None
            }
            FromWorker::Trained(trained) => {
                let Trained { mut epochs, batch } = *trained;
                // Only auto's candidates keep their values on U (`history::for_auto`).
                let charted = history::for_auto(state);
                for report in &mut epochs {
                    let values = report.unlabeled.as_mut().and_then(|u| u.values.take());
                    if let Some(values) = values.filter(|_| charted) {
                        run.values.push(values);
                    }
                }
                run.reports.extend(epochs);
                if charted && batch.is_some() {
                    run.progress = batch;
                }
                None
            }
            FromWorker::TestScores(scores) => {
                run.test_scores = Some(Arc::from(scores));
                None
            }
            FromWorker::Model(bytes) => {
                run.model = Some(Arc::new(bytes.into_vec()));
                None
            }
            FromWorker::Done => side
                .run
                .take()
                .map(|(run, data)| Ok(SideEnd::Done(run, data))),
            FromWorker::Error(why) | FromWorker::Crashed(why) => Some(Err(why)),
            _ => None,
        }
    });
    match ended {
        Some(Ok(done)) => on_end(state, done),
        Some(Err(why)) => lost(state, why, on_end),
        None => {}
    }
}

/// The second worker failed, died or fell silent: discard it (none is
/// started again this session), and hand its run, if any, back.
fn lost(state: AppState, why: String, on_end: OnSideEnd) {
    let run = SIDE.with(|s| s.borrow_mut().as_mut().and_then(|side| side.run.take()));
    FAILED.set(true);
    discard();
    if let Some((run, _)) = run {
        on_end(state, SideEnd::Failed(run.config, why));
    }
}
