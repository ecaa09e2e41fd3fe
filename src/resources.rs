//! What the shell may ask of the machine: how many search threads, how big a table, and memory for
//! the tables probed at random (the search's transposition table, the Othello endgame solver's).
//! Games, the controller and the front-ends all keep within it, so it sits below them all.

/// Most search threads.
pub const MAX_THREADS: i64 = 256;

/// Largest transposition table in MiB. 64 GiB: more than any machine this runs on is likely to give
/// one process.
pub const MAX_HASH_MB: i64 = 65_536;

/// A vector of `len` items made by `make`, on huge pages where the system gives them (see
/// [`advise_huge_pages`]), or `None` if the memory is not there. For tables probed at random:
/// the search's and the Othello endgame solver's.
pub fn huge_vec<T>(len: usize, make: impl FnMut() -> T) -> Option<Vec<T>> {
    let mut table: Vec<T> = Vec::new();
    table.try_reserve_exact(len).ok()?;
    // Before the first write, so that filling it faults the pages in as huge ones.
    advise_huge_pages(table.as_ptr().cast(), len * std::mem::size_of::<T>());
    table.resize_with(len, make);
    Some(table)
}

/// Asks Linux to back the table with 2 MiB pages. A probe lands anywhere in a table far larger
/// than the cache; with 4 KiB pages nearly every one also misses the TLB and waits for a page
/// walk before its memory read. Linux's default (`transparent_hugepage` set to `madvise`) gives
/// huge pages only where asked. Only the whole 2 MiB pages inside the block can be advised.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *const u8, bytes: usize) {
    const HUGE_PAGE: usize = 2 << 20;
    let first = (start as usize).next_multiple_of(HUGE_PAGE);
    let end = (start as usize + bytes) / HUGE_PAGE * HUGE_PAGE;
    if end > first {
        // SAFETY: the range lies inside the block just reserved for the table and owned by it;
        // MADV_HUGEPAGE changes only how the kernel backs those pages, never their contents.
        // A refusal (an old kernel, huge pages switched off) leaves ordinary pages, so the result
        // is ignored.
        unsafe { libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *const u8, _bytes: usize) {}
