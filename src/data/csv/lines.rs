//! Physical lines of a file: a line ends at `\n`, `\r\n` or a lone `\r`,
//! and messages number lines from 1.

/// Counts lines up to a byte offset, moving forward only, so reading a whole
/// file counts each byte once. A line ends at `\n`, `\r\n` or a lone `\r`.
#[derive(Clone, Default)]
pub(super) struct LineCounter {
    /// Offset counted up to.
    offset: usize,
    /// Line breaks before `offset`.
    breaks: u64,
}

impl LineCounter {
    /// The 1-based line holding byte `offset` of `bytes` (not before the last one asked for).
    pub(super) fn line_of(&mut self, bytes: &[u8], offset: usize) -> u64 {
        if offset > self.offset {
            self.breaks += line_breaks(bytes, self.offset, offset);
            self.offset = offset;
        }
        self.breaks + 1
    }
}

/// Line breaks (`\n`, `\r\n`, lone `\r`) that end in `bytes[from..to]`.
pub(super) fn line_breaks(bytes: &[u8], from: usize, to: usize) -> u64 {
    let part = bytes.get(from..to).unwrap_or_default();
    let newlines = part.iter().filter(|&&byte| byte == b'\n').count();
    // Most files have no `\r` at all: a quick look first.
    let lone_returns = if part.contains(&b'\r') {
        part.iter()
            .enumerate()
            .filter(|&(at, &byte)| byte == b'\r' && bytes.get(from + at + 1) != Some(&b'\n'))
            .count()
    } else {
        0
    };
    (newlines + lone_returns) as u64
}
