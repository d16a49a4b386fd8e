//! Teaching on the page: the texts, "What is this?", the intro, lesson banner and tour.

pub mod explainer;
pub mod intro;
pub mod lesson_banner;
pub mod texts;
pub mod tour;
