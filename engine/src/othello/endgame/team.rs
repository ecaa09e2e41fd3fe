//! Several threads solving one position together (simplified ABDADA, after Tom Kerrigan's
//! description). Every thread runs the whole solve over the shared transposition table; at nodes
//! of [`DEFER_EMPTIES`] or more empties a thread searching a move other than the first notes the
//! child in the [`Team`]'s list, and another thread reaching the same child while it is listed
//! searches its other moves first and comes back to it last. The first move of a node is searched
//! by every thread that gets there (the eldest brother, as in YBWC), the later ones mostly by one
//! each, and what one thread proves reaches the others through the table. The list only changes
//! the order of moves, never a score, so it needs no locks: a lost or stale note costs time only.

use crate::shared_word::SharedU64;
use core::sync::atomic::Ordering::Relaxed;

/// Slots of the list of children being searched: far more than two threads ever hold at once.
const TEAM_SLOTS: usize = 1024;

/// From this many empties up a node's later moves are deferred while another thread searches
/// them: below, subtrees are too small to pay for the bookkeeping.
pub(super) const DEFER_EMPTIES: u32 = 12;

/// What the threads solving one position share beside the table: the children being searched now.
/// Threads solve together by calling [`super::solve_exact_shared`] with the same team and table.
#[derive(Debug)]
pub struct Team {
    busy: [SharedU64; TEAM_SLOTS],
}

impl Default for Team {
    fn default() -> Self {
        Team::new()
    }
}

impl Team {
    /// An empty list.
    pub const fn new() -> Team {
        Team { busy: [const { SharedU64::new(0) }; TEAM_SLOTS] }
    }

    /// Forgets every note (for instance those of a solve that was stopped).
    pub fn clear(&self) {
        self.busy.iter().for_each(|slot| slot.store(0, Relaxed));
    }

    /// A non-zero key for a position.
    #[inline(always)]
    pub(super) fn key(p: u64, o: u64) -> u64 {
        let hash = p.wrapping_mul(0xA076_1D64_78BD_642F) ^ o.wrapping_mul(0xE703_7ED1_A0B4_28DB);
        (hash ^ (hash >> 31)) | 1
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> &SharedU64 {
        &self.busy[(key >> 54) as usize % TEAM_SLOTS]
    }

    /// Whether another thread noted `key` as being searched.
    #[inline(always)]
    pub(super) fn busy(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }

    /// Notes `key` as being searched.
    #[inline(always)]
    pub(super) fn enter(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    /// Removes the note of `key` unless another key took its slot meanwhile.
    #[inline(always)]
    pub(super) fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }
}
