//! The solver's use of its table: a position's bucket (two slots found by a hash of the whole
//! position), its bounds, the children's buckets prefetched while their moves are scored, and a
//! result stored merged with what a slot already knows, the larger subtree kept on a clash.

use super::solver::{Routines, SolveControl, Solver, MAX_SCORE};
use super::table::{EndgameEntry, Stored};

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

impl<'a, C: SolveControl + ?Sized, K: Routines> Solver<'a, C, K> {
    /// Starts loading the bucket of (p, o) into the cache: its first slot's line holds both.
    #[inline(always)]
    pub(super) fn prefetch(&self, p: u64, o: u64) {
        if let Some((a, _)) = self.slots(p, o) {
            prefetch_read(&self.table[a]);
        }
    }

    /// The upper bound the table holds for a position, if any that this search may trust.
    #[inline(always)]
    pub(super) fn upper_bound(&self, p: u64, o: u64) -> Option<i32> {
        let (a, b) = self.slots(p, o)?;
        self.find(a, b, p, o)
            .filter(|entry| entry.confidence >= self.confidence)
            .map(|entry| i32::from(entry.upper))
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

    /// The entry of (p, o) in the bucket of slots `a` and `b`, if either holds it.
    #[inline(always)]
    pub(super) fn find(&self, a: usize, b: usize, p: u64, o: u64) -> Option<Stored> {
        [a, b]
            .into_iter()
            .map(|slot| self.table[slot].load())
            .find(|entry| entry.player == p && entry.opponent == o)
    }

    /// Records the result of a search of window `(alpha, beta)`, merged with what is known at
    /// the same confidence; a pre-search's result never replaces surer bounds of the position,
    /// and surer bounds replace a pre-search's. Replacement: the first slot keeps the larger
    /// subtree, the second takes the rest.
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
        let mut entry = Stored {
            player: p,
            opponent: o,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: n as u8,
            confidence: self.confidence,
        };
        let (first, second) = (self.table[a].load(), self.table[b].load());
        // Tested one after the other: an iterator over the two built their decoded fields into
        // an array on the stack, byte by byte, at every store.
        let known = if first.player == p && first.opponent == o {
            Some((a, first))
        } else if second.player == p && second.opponent == o {
            Some((b, second))
        } else {
            None
        };
        if let Some((slot, old)) = known {
            if old.confidence > entry.confidence {
                return;
            }
            let (lower, upper) = (entry.lower.max(old.lower), entry.upper.min(old.upper));
            if old.confidence == entry.confidence && lower <= upper {
                (entry.lower, entry.upper) = (lower, upper);
            }
            self.table[slot].save(entry);
        } else if entry.empties >= first.empties {
            self.table[b].save(first);
            self.table[a].save(entry);
        } else {
            self.table[b].save(entry);
        }
    }
}
