//! The pawn cache ("pawn hash table"): the pawn-only part of the evaluation
//! ([`super::pawns::structure`]) changes far less often than the rest of the board, so the search
//! keeps it per thread, keyed by the two pawn sets themselves.
//!
//! An entry stores both pawn bitboards, so a hit is exact: no key collision can ever hand one pawn
//! structure another's score. The index mixes the two sets with two odd multipliers. All-zero bytes
//! are the empty cache: the zero entry is the position without pawns, whose structure score and
//! passed pawns are indeed zero and none. That is why the search can build the cache in place by
//! zeroing its memory.

use super::pawns;
use super::terms::Packed;
use super::weights::S;
use crate::chess::bitboard::Bitboard;
use crate::chess::types::Color;

/// Entries per cache: in the full build 4096 of 32 bytes, 128 KiB, which keeps the few thousand pawn
/// structures a search meets without spilling far beyond the L2 cache.
pub use crate::footprint::PAWN_CACHE_ENTRIES;

/// One pawn structure and what the evaluation takes from it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(32))]
struct PawnEntry {
    /// White's and Black's pawns (the exact key).
    pawns: [u64; 2],
    /// Both sides' passed pawns (disjoint: a square holds one colour's pawn).
    passed: u64,
    /// The structure score, packed, White's view.
    score: i32,
}

/// Per-thread pawn cache of the chess evaluation (the chess [`Game::EvalCache`]).
///
/// [`Game::EvalCache`]: crate::Game::EvalCache
#[derive(Clone, Debug)]
pub struct PawnCache {
    entries: [PawnEntry; PAWN_CACHE_ENTRIES],
}

static_assertions::const_assert_eq!(core::mem::size_of::<PawnEntry>(), 32);
static_assertions::const_assert!(PAWN_CACHE_ENTRIES.is_power_of_two());

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache { entries: [PawnEntry::default(); PAWN_CACHE_ENTRIES] }
    }
}

/// The two pawn sets mixed into 64 bits whose high bits index a table: the pawn cache's index, and
/// the search's correction-history key.
#[inline(always)]
pub(crate) fn mix_pawns(pawns: [u64; 2]) -> u64 {
    pawns[0].wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ pawns[1].wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
}

impl PawnCache {
    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(PawnEntry::default());
    }

    /// The structure score (packed, White's view) and the passed pawns of both sides of `pawns`,
    /// from the cache or computed and stored.
    #[inline(always)]
    pub(super) fn probe(&mut self, pawns: [Bitboard; 2]) -> (S, Bitboard) {
        let key = [pawns[0].0, pawns[1].0];
        let mixed = mix_pawns(key);
        let entry = &mut self.entries[(mixed >> (64 - PAWN_CACHE_ENTRIES.trailing_zeros())) as usize];
        if entry.pawns != key {
            let mut sink = Packed(S(0));
            let white = pawns::structure(pawns, Color::White, &mut sink);
            let black = pawns::structure(pawns, Color::Black, &mut sink);
            *entry = PawnEntry { pawns: key, passed: (white | black).0, score: sink.0 .0 };
        }
        (S(entry.score), Bitboard(entry.passed))
    }
}
