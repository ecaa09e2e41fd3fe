//! The solver's transposition table over the caller's slice: buckets of two slots found by a
//! hash of the whole position, bounds merged with what a slot already knows, the larger subtree
//! kept on a clash, and the children's buckets prefetched while their moves are scored.

use super::{SolveControl, Solver, MAX_SCORE};

/// One slot of the solver's transposition table. Keys are the whole position (both bitboards),
/// so a hit is never a collision; bounds are exact facts about a position, so an entry stays
/// valid across solves and windows. An all-zero entry is empty (no position has no discs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndgameEntry {
    player: u64,
    opponent: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) best: u8,
    empties: u8,
}

impl EndgameEntry {
    /// An unused slot, to fill a new table with.
    pub const EMPTY: EndgameEntry =
        EndgameEntry { player: 0, opponent: 0, lower: 0, upper: 0, best: 0, empties: 0 };
}

/// A hint to the processor that `entry` will be read soon; nothing on other targets.
#[inline(always)]
fn prefetch_read(entry: &EndgameEntry) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: prefetching is only a hint and never faults, whatever the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((entry as *const EndgameEntry).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = entry;
}

impl<'a, C: SolveControl + ?Sized> Solver<'a, C> {
    /// Starts loading the bucket of (p, o) into the cache.
    #[inline(always)]
    pub(super) fn prefetch(&self, p: u64, o: u64) {
        if let Some((a, b)) = self.slots(p, o) {
            prefetch_read(&self.table[a]);
            prefetch_read(&self.table[b]);
        }
    }

    /// The upper bound the table holds for a position, if any.
    #[inline(always)]
    pub(super) fn upper_bound(&self, p: u64, o: u64) -> Option<i32> {
        let (a, b) = self.slots(p, o)?;
        self.find(a, b, p, o).map(|slot| i32::from(self.table[slot].upper))
    }

    /// The two slots of the bucket of (p, o), or `None` without a table.
    #[inline(always)]
    pub(super) fn slots(&self, p: u64, o: u64) -> Option<(usize, usize)> {
        let buckets = self.table.len() / 2;
        if buckets == 0 {
            return None;
        }
        let hash = p.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let hash = hash ^ (hash >> 29);
        let bucket = ((u128::from(hash) * buckets as u128) >> 64) as usize;
        Some((2 * bucket, 2 * bucket + 1))
    }

    #[inline(always)]
    pub(super) fn find(&self, a: usize, b: usize, p: u64, o: u64) -> Option<usize> {
        [a, b].into_iter().find(|&slot| {
            let entry = &self.table[slot];
            entry.player == p && entry.opponent == o
        })
    }

    /// Records the result of a search of window `(alpha, beta)`, merged with what is known.
    /// Replacement: the first slot keeps the larger subtree, the second takes the rest.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &mut self,
        a: usize,
        b: usize,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        score: i32,
        best: u8,
        n: u32,
    ) {
        let lower = if score > alpha { score } else { -MAX_SCORE };
        let upper = if score < beta { score } else { MAX_SCORE };
        let mut entry = EndgameEntry {
            player: p,
            opponent: o,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: n as u8,
        };
        if let Some(slot) = self.find(a, b, p, o) {
            let old = self.table[slot];
            let (lower, upper) = (entry.lower.max(old.lower), entry.upper.min(old.upper));
            if lower <= upper {
                (entry.lower, entry.upper) = (lower, upper);
            }
            self.table[slot] = entry;
        } else if n as u8 >= self.table[a].empties {
            self.table[b] = self.table[a];
            self.table[a] = entry;
        } else {
            self.table[b] = entry;
        }
    }
}
