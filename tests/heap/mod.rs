//! The heap budget that the memory test (`tests/memory.rs`) and the fuzzer
//! (`examples/fuzz.rs`) hold every reader of outside bytes to, and the
//! counting global allocator that measures it: a reader may hold at most
//! [`BYTES_PER_INPUT_BYTE`] bytes of heap per byte of input, plus
//! [`FLOOR_BYTES`].

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Heap a reader may use whatever its input's size: its fixed buffers (the
/// gzip decoder's window and tables, about 80 KiB, are the largest).
pub const FLOOR_BYTES: usize = 128 * 1024;

/// Peak heap allowed per byte of input, above the floor.
pub const BYTES_PER_INPUT_BYTE: usize = 4;

/// The most heap bytes a reader may hold for `input` bytes of input.
pub fn budget(input: usize) -> usize {
    BYTES_PER_INPUT_BYTE * input + FLOOR_BYTES
}

/// Peak heap bytes `f` allocates beyond what was live before it. The
/// counters are the process's: measure on one thread, with nothing else
/// allocating meanwhile.
pub fn peak_of<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = HEAP_NOW.load(Ordering::Relaxed);
    HEAP_PEAK.store(before, Ordering::Relaxed);
    let result = f();
    (
        result,
        HEAP_PEAK.load(Ordering::Relaxed).saturating_sub(before),
    )
}

/// Heap bytes allocated now, and the most since [`peak_of`] last began.
static HEAP_NOW: AtomicUsize = AtomicUsize::new(0);
static HEAP_PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(bytes: usize) {
    let now = HEAP_NOW.fetch_add(bytes, Ordering::Relaxed) + bytes;
    HEAP_PEAK.fetch_max(now, Ordering::Relaxed);
}

fn shrank(bytes: usize) {
    HEAP_NOW.fetch_sub(bytes, Ordering::Relaxed);
}

/// The system allocator, counting live bytes and their peak. A
/// reallocation that moves its block holds the old and the new block at
/// once, while it copies; one the system grows or shrinks in place counts
/// only the difference.
struct CountingAllocator;

// SAFETY: every call is forwarded to `System` unchanged; only counters change.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract for `alloc` is passed on.
        let block = unsafe { System.alloc(layout) };
        if !block.is_null() {
            grew(layout.size());
        }
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let block = unsafe { System.alloc_zeroed(layout) };
        if !block.is_null() {
            grew(layout.size());
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc` is passed on.
        unsafe { System.dealloc(block, layout) };
        shrank(layout.size());
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract for `realloc` is passed on.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        if moved.is_null() {
            return moved;
        }
        if moved != block {
            grew(new_size);
            shrank(layout.size());
        } else if new_size >= layout.size() {
            grew(new_size - layout.size());
        } else {
            shrank(layout.size() - new_size);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;
