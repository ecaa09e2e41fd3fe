//! The solver's transposition table over the caller's slice: buckets of two slots found by a
//! hash of the whole position, bounds merged with what a slot already knows, the larger subtree
//! kept on a clash, and the children's buckets prefetched while their moves are scored.

use core::sync::atomic::AtomicU64;
use core::sync::atomic::Ordering::Relaxed;

use super::{SolveControl, Solver, MAX_SCORE};

/// One slot of the solver's transposition table, shareable between threads. Keys are the whole
/// position (both bitboards), so a hit is never a collision; bounds are exact facts about a
/// position, so an entry stays valid across solves, windows and threads. An all-zero slot is empty
/// (no position has no discs).
///
/// Three words written without locks: the two bitboards each XORed with the data word, and the
/// data word (bounds, best square, empties). A slot torn by two threads writing at once decodes
/// to bitboards that match no probe, so a reader sees a whole entry or none (Hyatt's lockless
/// hashing). On one thread the relaxed atomics are plain loads and stores.
///
/// Aligned to 32 bytes (8 of them padding), so that a bucket of two is one cache line and one
/// prefetch: 4.5% less CPU time on FFO #46-#48 than 24-byte slots straddling lines.
#[derive(Debug, Default)]
#[repr(align(32))]
pub struct EndgameEntry {
    player: AtomicU64,
    opponent: AtomicU64,
    data: AtomicU64,
}

impl EndgameEntry {
    /// An unused slot, to fill a new table with.
    #[allow(clippy::declare_interior_mutable_const)]
    pub const EMPTY: EndgameEntry =
        EndgameEntry { player: AtomicU64::new(0), opponent: AtomicU64::new(0), data: AtomicU64::new(0) };

    /// Empties the slot.
    pub fn clear(&self) {
        self.player.store(0, Relaxed);
        self.opponent.store(0, Relaxed);
        self.data.store(0, Relaxed);
    }

    #[inline(always)]
    fn load(&self) -> Stored {
        let data = self.data.load(Relaxed);
        Stored {
            player: self.player.load(Relaxed) ^ data,
            opponent: self.opponent.load(Relaxed) ^ data,
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8,
            empties: (data >> 24) as u8,
        }
    }

    #[inline(always)]
    fn save(&self, entry: Stored) {
        let data = u64::from(entry.lower as u8)
            | u64::from(entry.upper as u8) << 8
            | u64::from(entry.best) << 16
            | u64::from(entry.empties) << 24;
        self.player.store(entry.player ^ data, Relaxed);
        self.opponent.store(entry.opponent ^ data, Relaxed);
        self.data.store(data, Relaxed);
    }
}

/// A copy of the slot (it may be stale as soon as it is taken).
impl Clone for EndgameEntry {
    fn clone(&self) -> Self {
        let copy = EndgameEntry::default();
        copy.save(self.load());
        copy
    }
}

/// The table from its first slot on a 64-byte boundary, so that every bucket of two slots is one
/// cache line (the allocator guarantees only the 32 bytes of one slot's alignment).
pub(super) fn line_aligned(table: &[EndgameEntry]) -> &[EndgameEntry] {
    let skip = (table.as_ptr() as usize / core::mem::size_of::<EndgameEntry>()) & 1;
    &table[skip.min(table.len())..]
}

/// Empties every slot of a table.
pub fn clear(table: &[EndgameEntry]) {
    table.iter().for_each(EndgameEntry::clear);
}

/// A slot's contents, decoded.
#[derive(Clone, Copy, Debug)]
pub(super) struct Stored {
    player: u64,
    opponent: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) best: u8,
    empties: u8,
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
    /// Starts loading the bucket of (p, o) into the cache: its first slot's line holds both.
    #[inline(always)]
    pub(super) fn prefetch(&self, p: u64, o: u64) {
        if let Some((a, _)) = self.slots(p, o) {
            prefetch_read(&self.table[a]);
        }
    }

    /// The upper bound the table holds for a position, if any.
    #[inline(always)]
    pub(super) fn upper_bound(&self, p: u64, o: u64) -> Option<i32> {
        let (a, b) = self.slots(p, o)?;
        self.find(a, b, p, o).map(|entry| i32::from(entry.upper))
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
        let mut entry =
            Stored { player: p, opponent: o, lower: lower as i8, upper: upper as i8, best, empties: n as u8 };
        let (first, second) = (self.table[a].load(), self.table[b].load());
        let known =
            [(a, first), (b, second)].into_iter().find(|(_, old)| old.player == p && old.opponent == o);
        if let Some((slot, old)) = known {
            let (lower, upper) = (entry.lower.max(old.lower), entry.upper.min(old.upper));
            if lower <= upper {
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
