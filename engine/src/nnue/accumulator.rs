//! The accumulators: each perspective's hidden layer before its activation, updated by the pieces a
//! move moves rather than recomputed, one entry per ply of the search's line.
//!
//! Updates are lazy: making a move only records what it changed on the board; the accumulator of
//! a ply is computed when that ply is evaluated, from the nearest ply above it that has one (the
//! search evaluates most nodes, but not those it leaves from the table or in check). A null move
//! changes nothing, so its entry is its parent's copied. The root's is computed from scratch at the
//! start of each search. Each perspective is brought up to date on its own: in a king-mirrored
//! network a king crossing between the d and e files changes every input of its side's
//! perspective, which is then computed from scratch at the ply evaluated, while the other
//! perspective is still updated move by move.

use super::board::Board;
use super::network::Network;
use super::simd;
use crate::score::MAX_PLY;
use core::marker::PhantomData;
use types::nnue::{output_bucket, QA, QB, SCALE};

/// Both perspectives' accumulators, the first player's first (not the side to move's: a move
/// keeps each perspective's own).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub struct Accumulator<const HIDDEN: usize> {
    values: [[i16; HIDDEN]; 2],
}

impl<const HIDDEN: usize> Accumulator<HIDDEN> {
    /// Every value 0 (before a refresh).
    pub const ZERO: Self = Accumulator { values: [[0; HIDDEN]; 2] };

    /// Computed from nothing: the biases plus the row of every piece, for each perspective.
    pub fn refresh<B: Board, const INPUTS: usize>(
        &mut self,
        position: &B,
        network: &Network<INPUTS, HIDDEN>,
    ) {
        for perspective in 0..2 {
            self.refresh_perspective(perspective, position, network);
        }
    }

    /// One perspective's values computed from nothing.
    fn refresh_perspective<B: Board, const INPUTS: usize>(
        &mut self,
        perspective: usize,
        position: &B,
        network: &Network<INPUTS, HIDDEN>,
    ) {
        let mirrored = network.mirrored && position.king_mirrors(perspective);
        let values = &mut self.values[perspective];
        values.copy_from_slice(&network.biases);
        position.for_each_piece(|piece, square| {
            simd::add(values, network.row(B::feature(perspective, piece, square, mirrored)));
        });
    }

    /// The evaluation in centipawns from the side to move, perspective `side_to_move`, of a
    /// position of `pieces` pieces (which choose the output bucket), unclamped.
    #[inline]
    pub fn evaluate<const INPUTS: usize>(
        &self,
        side_to_move: usize,
        pieces: usize,
        network: &Network<INPUTS, HIDDEN>,
    ) -> i32 {
        let us = side_to_move;
        let bucket = output_bucket(pieces, network.buckets);
        let sum = simd::output(&self.values[us], &self.values[us ^ 1], &network.output[bucket]);
        let output = (sum / i64::from(QA) + i64::from(network.output_bias[bucket])) * i64::from(SCALE);
        (output / i64::from(QA * QB)) as i32
    }

    /// One perspective's values (0 the first player's; for tests and the tuner's comparisons).
    pub fn values(&self, perspective: usize) -> &[i16; HIDDEN] {
        &self.values[perspective]
    }
}

/// What a move changes on the board, as pieces (the game's piece index) leaving and arriving on
/// squares (the game's square index): at most two leave (the mover, and a captured piece or a
/// castling rook) and two arrive. Each game's glue says what its moves change, and whether a king
/// crossed between the halves of the board a king-mirrored network reads differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// `(piece index, square index)` of the pieces that left.
    removed: [(u8, u8); 2],
    /// `(piece index, square index)` of the pieces that arrived.
    added: [(u8, u8); 2],
    removed_count: u8,
    added_count: u8,
    /// Bit `p`: perspective `p`'s king crossed between the d and e files.
    king_crossed: u8,
}

impl Change {
    /// Nothing moved: a null move.
    pub const NONE: Change = Change {
        removed: [(0, 0); 2],
        added: [(0, 0); 2],
        removed_count: 0,
        added_count: 0,
        king_crossed: 0,
    };

    /// The king of `perspective` crossed between the board's halves: a king-mirrored network
    /// reads that perspective's every input differently after it.
    #[inline(always)]
    pub fn king_crossed(&mut self, perspective: usize) {
        self.king_crossed |= 1 << perspective;
    }

    /// Whether the king of `perspective` crossed between the halves.
    #[inline(always)]
    pub fn crosses(&self, perspective: usize) -> bool {
        self.king_crossed & (1 << perspective) != 0
    }

    /// `piece` left `square` (at most twice a move).
    #[inline(always)]
    pub fn remove(&mut self, piece: usize, square: usize) {
        debug_assert!(piece <= usize::from(u8::MAX) && square <= usize::from(u8::MAX));
        self.removed[usize::from(self.removed_count)] = (piece as u8, square as u8);
        self.removed_count += 1;
    }

    /// `piece` arrived on `square` (at most twice a move).
    #[inline(always)]
    pub fn add(&mut self, piece: usize, square: usize) {
        debug_assert!(piece <= usize::from(u8::MAX) && square <= usize::from(u8::MAX));
        self.added[usize::from(self.added_count)] = (piece as u8, square as u8);
        self.added_count += 1;
    }

    /// `out` = `parent` changed by this, for `perspective`, whose inputs are read mirrored or
    /// not (a king-mirrored network's perspective whose king did not cross).
    #[inline]
    fn apply<B: Board, const INPUTS: usize, const HIDDEN: usize>(
        &self,
        perspective: usize,
        mirrored: bool,
        parent: &Accumulator<HIDDEN>,
        out: &mut Accumulator<HIDDEN>,
        network: &Network<INPUTS, HIDDEN>,
    ) {
        let row = |(piece, square): (u8, u8)| {
            network.row(B::feature(perspective, usize::from(piece), usize::from(square), mirrored))
        };
        let (parent, out) = (&parent.values[perspective], &mut out.values[perspective]);
        let (added, removed) = (self.added, self.removed);
        match (self.added_count, self.removed_count) {
            (1, 1) => simd::update(out, parent, [row(added[0])], [row(removed[0])]),
            (1, 2) => simd::update(out, parent, [row(added[0])], [row(removed[0]), row(removed[1])]),
            (2, 2) => {
                simd::update(out, parent, [row(added[0]), row(added[1])], [row(removed[0]), row(removed[1])])
            }
            _ => *out = *parent,
        }
    }
}

/// One ply of the line.
#[derive(Clone, Copy)]
struct Entry<const HIDDEN: usize> {
    accumulator: Accumulator<HIDDEN>,
    /// What the move into this ply changed.
    change: Change,
    /// Each perspective's accumulator is up to date.
    computed: [bool; 2],
}

/// Entries: the root and one per ply the search can reach.
const STACK: usize = MAX_PLY + 1;

/// The accumulators of the search's line in a game `B`, one per ply, fixed-size (about
/// `STACK` x 4 x `HIDDEN` bytes: 141 440 at 256 neurons).
pub struct AccumulatorStack<B, const HIDDEN: usize> {
    entries: [Entry<HIDDEN>; STACK],
    /// The current ply's entry.
    top: usize,
    /// Moves made beyond the last entry (never in a search, whose lines end before it); they are
    /// evaluated from scratch in `scratch`.
    overflow: usize,
    scratch: Accumulator<HIDDEN>,
    game: PhantomData<fn(&B)>,
}

impl<B, const HIDDEN: usize> Default for AccumulatorStack<B, HIDDEN> {
    fn default() -> Self {
        let entry = Entry { accumulator: Accumulator::ZERO, change: Change::NONE, computed: [false; 2] };
        AccumulatorStack {
            entries: [entry; STACK],
            top: 0,
            overflow: 0,
            scratch: Accumulator::ZERO,
            game: PhantomData,
        }
    }
}

impl<B: Board, const HIDDEN: usize> AccumulatorStack<B, HIDDEN> {
    /// Starts a line at `position`, its accumulator computed from scratch.
    pub fn reset<const INPUTS: usize>(&mut self, position: &B, network: &Network<INPUTS, HIDDEN>) {
        self.top = 0;
        self.overflow = 0;
        self.entries[0].accumulator.refresh(position, network);
        self.entries[0].computed = [true; 2];
    }

    /// A move that changes `change` was made.
    #[inline]
    pub fn push(&mut self, change: Change) {
        if self.top + 1 == STACK {
            self.overflow += 1;
            return;
        }
        self.top += 1;
        let entry = &mut self.entries[self.top];
        entry.change = change;
        entry.computed = [false; 2];
    }

    /// The last move was taken back.
    #[inline]
    pub fn pop(&mut self) {
        if self.overflow > 0 {
            self.overflow -= 1;
        } else {
            self.top = self.top.saturating_sub(1);
        }
    }

    /// The current ply's accumulator, brought up to date from the nearest computed one above it
    /// (or from scratch from `position` when there is none).
    #[inline]
    pub fn current<const INPUTS: usize>(
        &mut self,
        position: &B,
        network: &Network<INPUTS, HIDDEN>,
    ) -> &Accumulator<HIDDEN> {
        if self.overflow > 0 {
            self.scratch.refresh(position, network);
            return &self.scratch;
        }
        let top = self.top;
        for perspective in 0..2 {
            if self.entries[top].computed[perspective] {
                continue;
            }
            // The nearest ply above with this perspective computed, unless a king-mirrored
            // network's king crossed on the way (the plies between then cannot be updated
            // without their boards, and the current one is computed from scratch).
            let mut base = top;
            let mut fresh = false;
            while !self.entries[base].computed[perspective] {
                if base == 0 || (network.mirrored && self.entries[base].change.crosses(perspective)) {
                    fresh = true;
                    break;
                }
                base -= 1;
            }
            if fresh {
                self.entries[top].accumulator.refresh_perspective(perspective, position, network);
            } else {
                // No king crossed since `base`: its side reads the board as it does here.
                let mirrored = network.mirrored && position.king_mirrors(perspective);
                for ply in base + 1..=top {
                    let (before, after) = self.entries.split_at_mut(ply);
                    let (parent, entry) = (&before[ply - 1], &mut after[0]);
                    entry.change.apply::<B, INPUTS, HIDDEN>(
                        perspective,
                        mirrored,
                        &parent.accumulator,
                        &mut entry.accumulator,
                        network,
                    );
                    entry.computed[perspective] = true;
                }
            }
            self.entries[top].computed[perspective] = true;
        }
        &self.entries[top].accumulator
    }

    /// The evaluation of `position`, the current ply's, in centipawns from the side to move.
    #[inline]
    pub fn evaluate<const INPUTS: usize>(&mut self, position: &B, network: &Network<INPUTS, HIDDEN>) -> i32 {
        let (side, pieces) = (position.side_to_move_index(), position.piece_count());
        let value = self.current(position, network).evaluate(side, pieces, network);
        // Debug builds check every evaluation of a search against a refresh: the lazy stack's
        // bookkeeping (null moves, lines past the stack, re-rooting) is easy to get wrong.
        #[cfg(debug_assertions)]
        {
            let mut fresh = Accumulator::ZERO;
            fresh.refresh(position, network);
            debug_assert!(
                fresh.evaluate(side, pieces, network) == value,
                "stale accumulator at ply {}",
                self.top
            );
        }
        value
    }
}
