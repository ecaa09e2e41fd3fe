//! The accumulators: each perspective's hidden layer before its activation, updated by the pieces a
//! move moves rather than recomputed, one entry per ply of the search's line.
//!
//! Updates are lazy: making a move only records what it changed on the board; the accumulator of
//! a ply is computed when that ply is evaluated, from the nearest ply above it that has one (the
//! search evaluates most nodes, but not those it leaves from the table or in check). A null move
//! changes nothing, so its entry is its parent's copied. The root's is computed from scratch at the
//! start of each search.

use super::network::{Network, Row};
use super::simd;
use crate::chess::moves::{Move, MoveKind};
use crate::chess::position::Position;
use crate::chess::types::{Color, Piece, PieceKind, Square};
use crate::score::MAX_PLY;
use types::nnue::{self, QA, QB, SCALE};

/// Both perspectives' accumulators, White's first (not the side to move's: a move keeps each
/// perspective's own).
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub struct Accumulator {
    values: [Row; 2],
}

impl Accumulator {
    /// Every value 0 (before a refresh).
    pub const ZERO: Accumulator = Accumulator { values: [[0; super::HIDDEN]; 2] };

    /// Computed from nothing: the biases plus the row of every piece, for each perspective.
    pub fn refresh(&mut self, position: &Position, network: &Network) {
        for (perspective, values) in self.values.iter_mut().enumerate() {
            values.copy_from_slice(&network.biases);
            for square in position.occupied() {
                if let Some(piece) = position.piece_on(square) {
                    simd::add(values, network.row(nnue::feature(perspective, piece.index(), square.index())));
                }
            }
        }
    }

    /// The evaluation in centipawns from `side_to_move` (unclamped).
    pub fn evaluate(&self, side_to_move: Color, network: &Network) -> i32 {
        let us = side_to_move.index();
        let sum = simd::output(&self.values[us], &self.values[us ^ 1], &network.output);
        let output = (sum / i64::from(QA) + i64::from(network.output_bias)) * i64::from(SCALE);
        (output / i64::from(QA * QB)) as i32
    }

    /// One perspective's values (for tests and the tuner's comparisons).
    pub fn values(&self, perspective: Color) -> &Row {
        &self.values[perspective.index()]
    }
}

/// What a move changes on the board: at most two pieces leave their squares (the mover, and a
/// captured piece or a castling rook) and two arrive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// `(piece index, square index)` of the pieces that left.
    removed: [(u8, u8); 2],
    /// `(piece index, square index)` of the pieces that arrived.
    added: [(u8, u8); 2],
    removed_count: u8,
    added_count: u8,
}

impl Change {
    /// Nothing moved: a null move.
    pub const NONE: Change =
        Change { removed: [(0, 0); 2], added: [(0, 0); 2], removed_count: 0, added_count: 0 };

    fn remove(&mut self, piece: Piece, square: Square) {
        self.removed[usize::from(self.removed_count)] = (piece.index() as u8, square.index() as u8);
        self.removed_count += 1;
    }

    fn add(&mut self, piece: Piece, square: Square) {
        self.added[usize::from(self.added_count)] = (piece.index() as u8, square.index() as u8);
        self.added_count += 1;
    }

    /// What `mv`, legal in `position`, changes (read before it is made).
    #[inline]
    pub fn of(position: &Position, mv: Move) -> Change {
        let mut change = Change::NONE;
        let (from, to) = (mv.from(), mv.to());
        let Some(moving) = position.piece_on(from) else {
            return change;
        };
        let us = moving.color();
        match mv.kind() {
            MoveKind::Castle => {
                let rook = Piece::new(us, PieceKind::Rook);
                change.remove(moving, from);
                change.remove(rook, to);
                change.add(moving, mv.king_destination());
                change.add(rook, mv.rook_destination());
            }
            MoveKind::EnPassant => {
                change.remove(moving, from);
                let captured = Square::new(to.file(), from.rank()).unwrap_or(to);
                change.remove(Piece::new(!us, PieceKind::Pawn), captured);
                change.add(moving, to);
            }
            _ => {
                change.remove(moving, from);
                if let Some(captured) = position.piece_on(to) {
                    change.remove(captured, to);
                }
                change.add(mv.promotion().map_or(moving, |kind| Piece::new(us, kind)), to);
            }
        }
        change
    }

    /// `out` = `parent` changed by this, for both perspectives.
    #[inline]
    fn apply(&self, parent: &Accumulator, out: &mut Accumulator, network: &Network) {
        for perspective in 0..2 {
            let row = |(piece, square): (u8, u8)| {
                network.row(nnue::feature(perspective, usize::from(piece), usize::from(square)))
            };
            let (parent, out) = (&parent.values[perspective], &mut out.values[perspective]);
            let (added, removed) = (self.added, self.removed);
            match (self.added_count, self.removed_count) {
                (1, 1) => simd::update(out, parent, [row(added[0])], [row(removed[0])]),
                (1, 2) => simd::update(out, parent, [row(added[0])], [row(removed[0]), row(removed[1])]),
                (2, 2) => simd::update(
                    out,
                    parent,
                    [row(added[0]), row(added[1])],
                    [row(removed[0]), row(removed[1])],
                ),
                _ => *out = *parent,
            }
        }
    }
}

/// One ply of the line.
#[derive(Clone, Copy)]
struct Entry {
    accumulator: Accumulator,
    /// What the move into this ply changed.
    change: Change,
    /// The accumulator is up to date.
    computed: bool,
}

/// Entries: the root and one per ply the search can reach.
const STACK: usize = MAX_PLY + 1;

/// The accumulators of the search's line, one per ply, fixed-size (about `STACK` x 4 x `HIDDEN`
/// bytes: 141 440 at 256 neurons).
pub struct AccumulatorStack {
    entries: [Entry; STACK],
    /// The current ply's entry.
    top: usize,
    /// Moves made beyond the last entry (never in a search, whose lines end before it); they are
    /// evaluated from scratch in `scratch`.
    overflow: usize,
    scratch: Accumulator,
}

impl Default for AccumulatorStack {
    fn default() -> Self {
        let entry = Entry { accumulator: Accumulator::ZERO, change: Change::NONE, computed: false };
        AccumulatorStack { entries: [entry; STACK], top: 0, overflow: 0, scratch: Accumulator::ZERO }
    }
}

impl AccumulatorStack {
    /// Starts a line at `position`, its accumulator computed from scratch.
    pub fn reset(&mut self, position: &Position, network: &Network) {
        self.top = 0;
        self.overflow = 0;
        self.entries[0].accumulator.refresh(position, network);
        self.entries[0].computed = true;
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
        entry.computed = false;
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
    pub fn current(&mut self, position: &Position, network: &Network) -> &Accumulator {
        if self.overflow > 0 {
            self.scratch.refresh(position, network);
            return &self.scratch;
        }
        let top = self.top;
        if !self.entries[top].computed {
            let mut base = top;
            while base > 0 && !self.entries[base].computed {
                base -= 1;
            }
            if self.entries[base].computed {
                for ply in base + 1..=top {
                    let (before, after) = self.entries.split_at_mut(ply);
                    let (parent, entry) = (&before[ply - 1], &mut after[0]);
                    entry.change.apply(&parent.accumulator, &mut entry.accumulator, network);
                    entry.computed = true;
                }
            } else {
                self.entries[top].accumulator.refresh(position, network);
                self.entries[top].computed = true;
            }
        }
        &self.entries[top].accumulator
    }

    /// The evaluation of `position`, the current ply's, in centipawns from the side to move.
    #[inline]
    pub fn evaluate(&mut self, position: &Position, network: &Network) -> i32 {
        let side = position.side_to_move();
        let value = self.current(position, network).evaluate(side, network);
        // Debug builds check every evaluation of a search against a refresh: the lazy stack's
        // bookkeeping (null moves, lines past the stack, re-rooting) is easy to get wrong.
        #[cfg(debug_assertions)]
        {
            let mut fresh = Accumulator::ZERO;
            fresh.refresh(position, network);
            debug_assert!(fresh.evaluate(side, network) == value, "stale accumulator at ply {}", self.top);
        }
        value
    }
}
