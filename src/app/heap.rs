//! Rust's own heap, counted: the global allocator of the `lodestone` binary passes every
//! request to the system allocator and, once a long run asks for it, adds up the bytes
//! live. Set beside the C allocator's figures (`long_run`), it tells a leak in Rust code
//! from one in the graphics driver.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

/// The system allocator with a live-bytes count (off until [`start_counting`]).
pub struct CountingAllocator;

static COUNTING: AtomicBool = AtomicBool::new(false);
/// Set by the allocator itself: only a process that installed it has a count.
static INSTALLED: AtomicBool = AtomicBool::new(false);
static LIVE: AtomicI64 = AtomicI64::new(0);

/// Counts from now on. Bytes allocated before and freed after pull the figure below the
/// truth (by at most what was live when counting started), so growth still reads right.
pub fn start_counting() {
    COUNTING.store(true, Ordering::Relaxed);
}

/// Bytes allocated and not freed since counting started; `None` before, or where this
/// allocator is not the global one (tests, other embeddings).
pub fn live_bytes() -> Option<i64> {
    (COUNTING.load(Ordering::Relaxed) && INSTALLED.load(Ordering::Relaxed))
        .then(|| LIVE.load(Ordering::Relaxed))
}

fn count(delta: i64) {
    if COUNTING.load(Ordering::Relaxed) {
        INSTALLED.store(true, Ordering::Relaxed);
        LIVE.fetch_add(delta, Ordering::Relaxed);
    }
}

// SAFETY: every call is passed to `System` unchanged; only counters are touched besides.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as i64);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            count(layout.size() as i64);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as i64));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as i64 - layout.size() as i64);
        }
        p
    }
}
