//! The solver's transposition table over the caller's slice: its lockless slots, and the slice
//! aligned so that a bucket of two is one cache line. How the solver finds and fills them is
//! `probe.rs`.

use crate::shared_word::SharedU64;
use core::sync::atomic::Ordering::Relaxed;

/// One slot of the solver's transposition table, shareable between threads. Keys are the whole
/// position (both bitboards), so a hit is never a collision; the exact search's bounds are facts
/// about a position, so an entry stays valid across solves, windows and threads (a pre-search's
/// are only used by pre-searches as selective, see [`Stored::confidence`]). An all-zero slot is empty
/// (no position has no discs).
///
/// Three words written without locks: the two bitboards each XORed with the data word, and the
/// data word (bounds, best square, empties, confidence). A slot torn by two threads writing at once decodes
/// to bitboards that match no probe, so a reader sees a whole entry or none (Hyatt's lockless
/// hashing). On one thread the relaxed atomics are plain loads and stores.
///
/// Aligned to 32 bytes (8 of them padding), so that a bucket of two is one cache line and one
/// prefetch: 4.5% less CPU time on FFO #46-#48 than 24-byte slots straddling lines.
#[derive(Debug, Default)]
#[repr(align(32))]
pub struct EndgameEntry {
    pub(super) player: SharedU64,
    pub(super) opponent: SharedU64,
    data: SharedU64,
}

impl EndgameEntry {
    /// An unused slot, to fill a new table with.
    #[allow(clippy::declare_interior_mutable_const)]
    pub const EMPTY: EndgameEntry =
        EndgameEntry { player: SharedU64::new(0), opponent: SharedU64::new(0), data: SharedU64::new(0) };

    /// Empties the slot.
    pub fn clear(&self) {
        self.player.store(0, Relaxed);
        self.opponent.store(0, Relaxed);
        self.data.store(0, Relaxed);
    }

    #[inline(always)]
    pub(super) fn load(&self) -> Stored {
        let data = self.data.load(Relaxed);
        Stored {
            player: self.player.load(Relaxed) ^ data,
            opponent: self.opponent.load(Relaxed) ^ data,
            lower: data as u8 as i8,
            upper: (data >> 8) as u8 as i8,
            best: (data >> 16) as u8,
            empties: (data >> 24) as u8,
            confidence: (data >> 32) as u8,
        }
    }

    #[inline(always)]
    pub(super) fn save(&self, entry: Stored) {
        let data = u64::from(entry.lower as u8)
            | u64::from(entry.upper as u8) << 8
            | u64::from(entry.best) << 16
            | u64::from(entry.empties) << 24
            | u64::from(entry.confidence) << 32;
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
    pub(super) player: u64,
    pub(super) opponent: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) best: u8,
    pub(super) empties: u8,
    /// How far the bounds can be trusted: [`EXACT`] for the exact search's, a pre-search's level
    /// (see [`PRESEARCH_CONFIDENCE`](super::selective::PRESEARCH_CONFIDENCE)) for a selective
    /// search's, whose probable cut-offs may be wrong. A search uses the bounds of entries at
    /// least as confident as itself, and every entry's best move.
    pub(super) confidence: u8,
}

/// The confidence of the exact search's bounds: facts, usable by every search.
pub(super) const EXACT: u8 = u8::MAX;
