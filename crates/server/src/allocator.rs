//! The binary's allocator: mimalloc, called the way its C API is fastest.
//!
//! Why mimalloc: a settle request makes about 140 small, short-lived
//! allocations (the parsed request's strings, hand descriptions, the
//! answer's lists, hyper's and axum's own); with glibc's malloc they were
//! about a quarter of the service's CPU under load.
//!
//! Why not the `mimalloc` crate's `MiMalloc`: it sends every allocation
//! through `mi_malloc_aligned`, and mimalloc 3 takes that call's fast path
//! only when the block size is a power of two; a 24-, 48- or 96-byte request
//! goes through its generic aligned path and is over-allocated
//! (`mi_theap_malloc_zero_aligned_at_generic` and `_overalloc` under
//! callgrind). Every mimalloc block is at least 8-aligned (block sizes are
//! multiples of the word and a page's first block is 16-aligned), so a
//! layout that asks for no more than that takes plain `mi_malloc`, as
//! Rust's own `System` allocator does with glibc; only larger alignments
//! take the aligned calls. Measured with `examples/settle_cost.rs` on the
//! load corpus against the same allocator with every call aligned (README,
//! Operations): 4.5 % fewer instructions to settle a request and to parse
//! one (callgrind), and in wall time, three alternating runs each, parsing
//! 2.09 -> 1.98 us, settling 2.43 -> 2.32 us, a whole request through the
//! app (`SETTLE_COST_ROUTE=1`) 9.11 -> 8.80 us.
//!
//! This is the crate's only `unsafe`: implementing `GlobalAlloc` is unsafe
//! by definition, and each call forwards the caller's contract unchanged.

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// The alignment every mimalloc block has (the word size).
const NATURAL_ALIGN: usize = std::mem::size_of::<usize>();

/// mimalloc as the global allocator (`#[global_allocator]` in `main.rs`).
pub struct Allocator;

// SAFETY: every method forwards to mimalloc, which returns null or a block
// of at least `layout.size()` bytes aligned to at least `layout.align()`:
// plain `mi_malloc`/`mi_zalloc`/`mi_realloc` only when the alignment asked
// is at most `NATURAL_ALIGN`, which every mimalloc block has, and the
// `_aligned` calls otherwise. `mi_free` and `mi_realloc*` accept any block
// from either family.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: see the impl.
        unsafe {
            if layout.align() <= NATURAL_ALIGN {
                mi::mi_malloc(layout.size()).cast()
            } else {
                mi::mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: see the impl.
        unsafe {
            if layout.align() <= NATURAL_ALIGN {
                mi::mi_zalloc(layout.size()).cast()
            } else {
                mi::mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: the caller passes a block this allocator returned.
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller passes a block this allocator returned, with
        // the layout it was allocated with; see the impl.
        unsafe {
            if layout.align() <= NATURAL_ALIGN {
                mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every size a request's allocations come in, and the alignments of
    /// every Rust type up to over-aligned ones: the block is aligned, holds
    /// what is written to it, keeps it through a reallocation to a larger
    /// and a smaller size, and comes back zeroed when asked.
    #[test]
    fn blocks_are_aligned_and_keep_their_bytes() {
        let a = Allocator;
        let sizes = (1..=160).chain([200, 256, 500, 1000, 4096, 10_000, 100_000, 1 << 20]);
        for size in sizes {
            for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: a non-zero size; each block is freed once, with the
                // layout it has at that moment.
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    for i in 0..size {
                        *p.add(i) = (i % 251) as u8;
                    }
                    let grown = size * 3 + 1;
                    let q = a.realloc(p, layout, grown);
                    assert_eq!(q as usize % align, 0, "grown {grown} align {align}");
                    assert!((0..size).all(|i| *q.add(i) == (i % 251) as u8));
                    let bigger = Layout::from_size_align(grown, align).unwrap();
                    let shrunk = size.div_ceil(2);
                    let r = a.realloc(q, bigger, shrunk);
                    assert_eq!(r as usize % align, 0, "shrunk {shrunk} align {align}");
                    assert!((0..shrunk).all(|i| *r.add(i) == (i % 251) as u8));
                    a.dealloc(r, Layout::from_size_align(shrunk, align).unwrap());

                    let z = a.alloc_zeroed(layout);
                    assert_eq!(z as usize % align, 0);
                    assert!((0..size).all(|i| *z.add(i) == 0));
                    a.dealloc(z, layout);
                }
            }
        }
    }
}
