//! The settings form and its fields, each bound to one setting of the run.

pub mod field;
pub mod form;
