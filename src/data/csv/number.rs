//! What a cell must spell to count as a number. A leaf module: the column
//! kinds, the header check and the error messages' advice all ask it.

/// The text is a number that is neither NaN nor infinite as an `f32`.
pub(super) fn is_finite_number(text: &str) -> bool {
    text.parse::<f32>().is_ok_and(f32::is_finite)
}
