//! The allocator's settings for training: keep freed memory for reuse.
//!
//! A training step of the CNN presets allocates and frees buffers of tens to
//! hundreds of MB. glibc serves each one with a fresh `mmap` and unmaps it on
//! free, so every step faults in every page of every buffer again (2.7
//! million page faults in `policypu bench` for the paper CNN). Taking large
//! blocks from the heap and never trimming it halves that step's time
//! (results/bench-native.md). The price: the process keeps its peak memory
//! until it exits, which suits a command that trains and ends.

/// Tell glibc's malloc to serve large blocks from the heap and keep them.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn keep_freed_memory() {
    // SAFETY: mallopt only changes malloc's tunables; it is called at the
    // start of main, before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_MAX, 0);
        libc::mallopt(libc::M_TRIM_THRESHOLD, libc::c_int::MAX);
    }
}

/// Other platforms keep their allocator's defaults.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn keep_freed_memory() {}
