//! A CSV file in the page: reading it, its preview and column roles, carrying it in a link.

pub mod file;
pub mod link;
pub mod panel;
pub mod preview;
pub mod roles;
