//! The transposition table: a caller-provided slice of entries, shared by all search threads.
//!
//! Each entry is two 64-bit atomics, `key ^ data` and `data` (Hyatt's lockless hashing): a reader
//! that sees a half-written entry gets a key mismatch and treats it as a miss, so threads share the
//! table without locks. Entries are grouped in buckets of four (one 64-byte cache line); a store
//! replaces the same position's entry or else the least valuable one (shallow, or from an older
//! search).

use crate::score::Score;
use crate::shared_word::SharedU64;
use core::sync::atomic::Ordering;

/// Entries per bucket.
pub const BUCKET: usize = 4;
/// Bytes of a bucket: one cache line, so that a probe costs one memory read.
const BUCKET_BYTES: usize = BUCKET * core::mem::size_of::<TtEntry>();
static_assertions::const_assert_eq!(BUCKET_BYTES, 64);
/// A bound this many plies shallower than the entry already stored for its position is dropped.
const SHALLOWER_KEEPS_DEEPER: i32 = 4;

/// One slot of the table. Zeroed memory is an empty entry.
#[derive(Default, Debug)]
#[repr(C)]
pub struct TtEntry {
    check: SharedU64,
    data: SharedU64,
}

static_assertions::assert_eq_size!(TtEntry, [u64; 2]);

impl TtEntry {
    /// An empty entry (also what all-zero memory is).
    pub const fn new() -> TtEntry {
        TtEntry { check: SharedU64::new(0), data: SharedU64::new(0) }
    }
}

/// What a score stored in the table says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The search failed low: the true score is at most this.
    Upper = 1,
    /// The search failed high: the true score is at least this.
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug)]
pub struct TtHit {
    /// Best or refuting move, encoded by [`crate::Game::encode_move`]; 0 when none.
    pub mv: u16,
    /// Score relative to the node ([`Score::from_table`] makes it relative to the root).
    pub score: Score,
    /// Static evaluation of the position, if it was computed.
    pub eval: Score,
    /// Depth the score was searched to.
    pub depth: i32,
    /// What kind of bound the score is.
    pub bound: Bound,
}

impl TtHit {
    /// The stored score, made relative to the root at `ply`, if its bound settles the window
    /// `alpha..beta` (an exact score, a lower bound at or above beta, an upper bound at or below
    /// alpha).
    #[inline]
    pub fn cutoff(&self, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
        let score = self.score.from_table(ply);
        let settles = match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        settles.then_some(score)
    }
}

// data layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | age 6
fn pack(mv: u16, score: Score, eval: Score, depth: i32, bound: Bound, age: u8) -> u64 {
    u64::from(mv)
        | u64::from(score.0 as i16 as u16) << 16
        | u64::from(eval.0 as i16 as u16) << 32
        | u64::from(depth.clamp(0, 255) as u8) << 48
        | (bound as u64) << 56
        | u64::from(age & 63) << 58
}

fn unpack(data: u64) -> (TtHit, u8) {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    let hit = TtHit {
        mv: data as u16,
        score: Score(i32::from((data >> 16) as u16 as i16)),
        eval: Score(i32::from((data >> 32) as u16 as i16)),
        depth: i32::from((data >> 48) as u8),
        bound,
    };
    (hit, (data >> 58) as u8)
}

/// The table seen by one search: the shared entries and the age of this search.
pub struct TranspositionTable<'a> {
    entries: &'a [TtEntry],
    age: u8,
}

impl<'a> TranspositionTable<'a> {
    /// A view of `entries` for a search of generation `age` (the caller increments it per search so
    /// that entries of earlier searches are replaced first). Any length works: the table holds
    /// `(entries.len() - (BUCKET - 1)) / BUCKET` buckets (see [`entries_for_buckets`]).
    ///
    /// The buckets start at the slice's first cache-line boundary: an allocator aligns a large
    /// block to 16 bytes, and a bucket straddling two lines costs a probe two memory reads. The
    /// bucket count does not depend on where that boundary falls, so a search (and `bench`) is
    /// the same wherever the memory lands.
    pub fn new(entries: &'a [TtEntry], age: u8) -> Self {
        let skip = match entries.as_ptr().align_offset(BUCKET_BYTES) {
            aligned if aligned < BUCKET => aligned,
            _ => 0,
        };
        let buckets = entries.len().saturating_sub(BUCKET - 1) / BUCKET;
        TranspositionTable { entries: &entries[skip..skip + buckets * BUCKET], age: age & 63 }
    }

    fn bucket(&self, key: u64) -> &'a [TtEntry] {
        let buckets = self.entries.len() / BUCKET;
        if buckets == 0 {
            return &[];
        }
        // Multiply-shift maps the key onto 0..buckets without a division.
        let index = ((u128::from(key) * buckets as u128) >> 64) as usize;
        &self.entries[index * BUCKET..index * BUCKET + BUCKET]
    }

    /// Starts loading `key`'s bucket into the cache, so that its probe a little later does not
    /// wait for memory: with a table much larger than the cache, nearly every probe misses, and
    /// a profile of `bench` put a quarter of the search's time in the probe's load.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(first) = self.bucket(key).first() {
            // SAFETY: a prefetch is only a hint to the cache; it never faults, even on a bad
            // address, and reads nothing into the program. The address is a live entry anyway.
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
                    (first as *const TtEntry).cast::<i8>(),
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<TtHit> {
        self.bucket(key).iter().find_map(|entry| {
            let data = entry.data.load(Ordering::Relaxed);
            (data != 0 && entry.check.load(Ordering::Relaxed) ^ data == key).then(|| unpack(data).0)
        })
    }

    /// Stores a search result. Keeps an existing move when the new result has none, and a deeper
    /// entry of the same position against a much shallower bound.
    #[allow(clippy::too_many_arguments)]
    pub fn store(&self, key: u64, mv: u16, score: Score, eval: Score, depth: i32, bound: Bound) {
        let bucket = self.bucket(key);
        let Some(first) = bucket.first() else { return };
        let mut victim = first;
        let mut victim_value = i32::MAX;
        for entry in bucket {
            let data = entry.data.load(Ordering::Relaxed);
            if data == 0 || entry.check.load(Ordering::Relaxed) ^ data == key {
                victim = entry;
                break;
            }
            let (hit, age) = unpack(data);
            let staleness = i32::from(self.age.wrapping_sub(age) & 63);
            let value = hit.depth - 8 * staleness;
            if value < victim_value {
                victim_value = value;
                victim = entry;
            }
        }
        let old = victim.data.load(Ordering::Relaxed);
        let same = old != 0 && victim.check.load(Ordering::Relaxed) ^ old == key;
        if same && bound != Bound::Exact {
            // A much shallower bound (a quiescence result over a searched one) would only lose the
            // deeper knowledge of the same position.
            let (kept, _) = unpack(old);
            if depth + SHALLOWER_KEEPS_DEEPER < kept.depth {
                return;
            }
        }
        let mv = if mv == 0 && same { old as u16 } else { mv };
        let data = pack(mv, score, eval, depth, bound, self.age);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Per mille of the first thousand entries that hold a result of this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = &self.entries[..self.entries.len().min(1000)];
        if sample.is_empty() {
            return 0;
        }
        let used = sample
            .iter()
            .filter(|entry| {
                let data = entry.data.load(Ordering::Relaxed);
                data != 0 && unpack(data).1 == self.age
            })
            .count();
        (used * 1000 / sample.len()) as u32
    }
}

/// Slice length that gives a table of `buckets` buckets, wherever the slice starts.
pub const fn entries_for_buckets(buckets: usize) -> usize {
    buckets * BUCKET + BUCKET - 1
}

/// Empties every entry (UCI `ucinewgame`, `Clear Hash`).
pub fn clear(entries: &[TtEntry]) {
    for entry in entries {
        entry.data.store(0, Ordering::Relaxed);
        entry.check.store(0, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_results_and_keeps_the_move() {
        let entries: [TtEntry; entries_for_buckets(16)] = core::array::from_fn(|_| TtEntry::new());
        let table = TranspositionTable::new(&entries, 3);
        assert!(table.probe(42).is_none());
        table.store(42, 0x1234, Score(-57), Score(12), 9, Bound::Lower);
        let hit = table.probe(42).unwrap();
        assert_eq!(
            (hit.mv, hit.score, hit.eval, hit.depth, hit.bound),
            (0x1234, Score(-57), Score(12), 9, Bound::Lower)
        );
        table.store(42, 0, Score::mate_in(5), Score(12), 11, Bound::Exact);
        let hit = table.probe(42).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (0x1234, Score::mate_in(5), 11, Bound::Exact));
        assert!(table.probe(43).is_none());
        assert!(table.hashfull() > 0);
        clear(&entries);
        assert!(table.probe(42).is_none());
    }

    #[test]
    fn buckets_start_on_a_cache_line_and_their_count_does_not_depend_on_the_address() {
        #[repr(C, align(64))]
        struct Lines([TtEntry; entries_for_buckets(4) + BUCKET]);
        let lines = Lines(core::array::from_fn(|_| TtEntry::new()));
        for offset in 0..BUCKET {
            let slice = &lines.0[offset..offset + entries_for_buckets(4)];
            let table = TranspositionTable::new(slice, 0);
            assert_eq!(table.entries.len(), 4 * BUCKET, "offset {offset}");
            assert_eq!(table.entries.as_ptr() as usize % 64, 0, "offset {offset}");
            table.store(99, 7, Score(1), Score(2), 3, Bound::Exact);
            assert_eq!(table.probe(99).map(|hit| hit.mv), Some(7));
            table.prefetch(99);
        }
    }

    #[test]
    fn a_much_shallower_bound_keeps_the_deeper_entry_of_its_position() {
        let entries: [TtEntry; entries_for_buckets(1)] = core::array::from_fn(|_| TtEntry::new());
        let table = TranspositionTable::new(&entries, 1);
        table.store(7, 0x55, Score(30), Score(10), 10, Bound::Lower);
        table.store(7, 0x66, Score(-5), Score(10), 0, Bound::Upper);
        let hit = table.probe(7).unwrap();
        assert_eq!((hit.mv, hit.depth, hit.bound), (0x55, 10, Bound::Lower), "a quiescence bound is dropped");
        table.store(7, 0x66, Score(-5), Score(10), 7, Bound::Upper);
        assert_eq!(table.probe(7).unwrap().depth, 7, "within the margin the newer result wins");
        table.store(7, 0x77, Score(3), Score(10), 0, Bound::Exact);
        assert_eq!(table.probe(7).unwrap().mv, 0x77, "an exact score always replaces");
    }

    #[test]
    fn a_full_bucket_replaces_the_shallowest_or_oldest_entry() {
        let entries: [TtEntry; entries_for_buckets(1)] = core::array::from_fn(|_| TtEntry::new());
        let old = TranspositionTable::new(&entries, 1);
        for (key, depth) in [(1u64, 10), (2, 3), (3, 12), (4, 7)] {
            old.store(key, 1, Score(0), Score(0), depth, Bound::Exact);
        }
        old.store(5, 1, Score(0), Score(0), 20, Bound::Exact);
        assert!(old.probe(2).is_none(), "the depth-3 entry made room");
        assert!(old.probe(1).is_some() && old.probe(3).is_some() && old.probe(4).is_some());
        let new = TranspositionTable::new(&entries, 2);
        new.store(6, 1, Score(0), Score(0), 1, Bound::Exact);
        assert!(new.probe(6).is_some());
        assert_eq!(
            TranspositionTable::new(&[], 0).probe(6).map(|hit| hit.mv),
            None,
            "an empty table stores nothing"
        );
    }
}
