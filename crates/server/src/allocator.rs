//! The binary's allocator: mimalloc, called the way its C API is fastest.
//!
//! Why mimalloc: a settle request makes about 140 small, short-lived
//! allocations (the parsed request's strings, hand descriptions, the
//! answer's lists, hyper's and axum's own); with glibc's malloc they were
//! about a quarter of the service's CPU under load.
//!
//! Why not the `mimalloc` crate's `MiMalloc`: it sends every allocation
//! through `mi_malloc_aligned`. In mimalloc 3 that call's fast path pops
//! the page's next free block when it is aligned (always, for alignments up
//! to the word), but when that page's free list is empty its generic path
//! (`mi_theap_malloc_zero_aligned_at_generic`) allocates normally only for
//! power-of-two block sizes: a 24-, 48- or 96-byte request is over-allocated
//! (`size + align - 1`, `_overalloc`) from a larger bin, so its own bin's
//! pages are never refilled and every such request keeps taking the slow
//! path (both functions show under callgrind). Every mimalloc block is at
//! least 8-aligned (block sizes are multiples of the word and a page's
//! first block is 16-aligned), so a layout that asks for no more than that
//! takes plain `mi_malloc`, as Rust's own `System` allocator does with
//! glibc, and as mimalloc's own `mi_realloc_aligned` does for such
//! alignments; only larger alignments take the aligned calls. Measured with `examples/settle_cost.rs` on the
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
// `_aligned` calls otherwise. `realloc` is given the layout the block was
// allocated with, so a block is always reallocated by the family that
// allocated it; `mi_free` takes a block of either family.
//
// The 8-alignment of plain blocks holds in the build used here
// (libmimalloc-sys without features: `MI_DEBUG=0`, no guard pages). Do not
// enable its `debug` feature: with `MI_DEBUG=3`, mimalloc's guarded
// allocations (`MIMALLOC_GUARDED_SAMPLE_RATE` with
// `MIMALLOC_GUARDED_PRECISE=1`) place a block right before a guard page,
// unaligned for sizes that are not a multiple of 8. `secure` is fine (its
// padding is at the block's end).
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
    /// what is written to it, keeps it through a reallocation to a larger,
    /// a much smaller and a slightly smaller size (mimalloc reallocates in
    /// place above half the block), and comes back zeroed when asked.
    #[test]
    fn blocks_are_aligned_and_keep_their_bytes() {
        let a = Allocator;
        let sizes = (1..=160).chain([200, 256, 500, 1000, 4096, 10_000, 100_000, 1 << 20]);
        let filled = |p: *mut u8, n: usize| {
            // SAFETY: `p` holds at least `n` initialised bytes (below).
            (0..n).all(|i| unsafe { *p.add(i) } == (i % 251) as u8)
        };
        for size in sizes {
            for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: non-zero sizes; each block is written within its
                // size and freed once, with the layout it has at that moment.
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    for i in 0..size {
                        *p.add(i) = (i % 251) as u8;
                    }
                    let mut at = (p, size);
                    for new in [size * 3 + 1, size.div_ceil(2), size.div_ceil(2) - 1] {
                        if new == 0 {
                            continue;
                        }
                        let old = Layout::from_size_align(at.1, align).unwrap();
                        let q = a.realloc(at.0, old, new);
                        assert_eq!(q as usize % align, 0, "{} -> {new} align {align}", at.1);
                        assert!(filled(q, new.min(at.1)), "{} -> {new}", at.1);
                        for i in at.1..new {
                            *q.add(i) = (i % 251) as u8;
                        }
                        at = (q, new);
                    }
                    a.dealloc(at.0, Layout::from_size_align(at.1, align).unwrap());

                    let z = a.alloc_zeroed(layout);
                    assert_eq!(z as usize % align, 0);
                    assert!((0..size).all(|i| *z.add(i) == 0));
                    a.dealloc(z, layout);
                }
            }
        }
    }

    /// Many blocks alive at once, as under load (pages fill, new pages are
    /// taken, freed blocks are reused): each one aligned and intact.
    #[test]
    fn many_live_blocks_are_aligned_and_intact() {
        let a = Allocator;
        for (size, align) in [(1, 1), (7, 1), (12, 4), (24, 8), (40, 8), (48, 16), (96, 8)] {
            let layout = Layout::from_size_align(size, align).unwrap();
            // SAFETY: non-zero sizes; each block is written within its size
            // and freed once with its layout.
            unsafe {
                let blocks: Vec<*mut u8> = (0..10_000)
                    .map(|k| {
                        let p = a.alloc(layout);
                        assert!(!p.is_null());
                        assert_eq!(p as usize % align, 0, "size {size} align {align}");
                        std::ptr::write_bytes(p, k as u8, size);
                        p
                    })
                    .collect();
                for (k, &p) in blocks.iter().enumerate() {
                    assert!(
                        (0..size).all(|i| *p.add(i) == k as u8),
                        "block {k} size {size}"
                    );
                }
                // Free every other block, allocate again into the holes.
                for &p in blocks.iter().step_by(2) {
                    a.dealloc(p, layout);
                }
                for (k, &p) in blocks.iter().enumerate().skip(1).step_by(2) {
                    assert!(
                        (0..size).all(|i| *p.add(i) == k as u8),
                        "block {k} size {size}"
                    );
                }
                let again: Vec<*mut u8> = (0..5_000).map(|_| a.alloc(layout)).collect();
                for &p in &again {
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    a.dealloc(p, layout);
                }
                for &p in blocks.iter().skip(1).step_by(2) {
                    a.dealloc(p, layout);
                }
            }
        }
    }
}
