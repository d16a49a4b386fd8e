//! A run from start to end: controls, lifecycle, the workers, history and comparisons.

pub mod charted_run;
pub mod compare_controls;
pub mod comparison;
pub mod controls;
pub mod history;
pub mod known_estimates;
pub mod leave_guard;
pub mod lifecycle;
pub mod side_worker;
pub mod skip_to_train;
pub mod test_hooks;
pub mod watchdog;
pub mod worker_client;
pub mod worker_kind;
pub mod worker_spawn;
