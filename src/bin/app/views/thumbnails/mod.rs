//! U as thumbnails: the grid, its layout, painting and navigation, and one example enlarged.

pub mod canvas;
pub mod example_detail;
pub mod grid;
pub mod image_pixels;
pub mod layout;
pub mod navigation;
pub mod paint;
