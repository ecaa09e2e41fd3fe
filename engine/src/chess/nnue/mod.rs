//! The chess network (NNUE): (768 -> [`HIDDEN`]) x 2 -> 1 output, one of up to eight buckets chosen
//! by the number of pieces, run by the generic inference of [`crate::nnue`]; this module is chess's
//! glue to it.
//!
//! - **The network is data**: `engine/data/chess_nnue.bin`, whose header states the hidden width;
//!   `tablegen` turns it into the const [`HIDDEN`] and the file, which [`weights`] decodes into
//!   [`EMBEDDED`] at compile time (the format and its checks are `types::nnue`, shared with the
//!   trainer and the generator). Another file of the same width can replace it at run time
//!   ([`Network::read`], the shell's `EvalFile`).
//! - **Inputs**: one per (side relative to the perspective, piece kind, square), Black's view
//!   mirrored vertically ([`types::nnue::feature`]); the side to move's accumulator comes first.
//! - **Moves** ([`change_of`]): the mover leaves and arrives (promoted), a captured piece leaves
//!   (en passant from its own square), castling moves the king and the rook; a null move changes
//!   nothing. A king moving between the d and e files (castling long, too) is marked: a
//!   king-mirrored network (`TRSKNN03`) reads its side's every input differently after it. The
//!   chess [`EvalCache`](crate::chess::EvalCache) owns the stack.
//!
//! Memory: the network is `2 x (768 + 1 + 2 x 8) x HIDDEN` bytes of read-only data (feature rows,
//! biases, and room for eight output buckets: 401 920 bytes at 256 neurons, in flash on a board;
//! nothing of it is linked into a program that never names it), and
//! each search thread's stack of accumulators about `(MAX_PLY + 2) x 4 x HIDDEN` bytes of RAM
//! (141 440 bytes at 256, in the chess `EvalCache` beside the 128 KiB pawn cache).

pub mod weights;

pub use crate::nnue::{Change, LoadError};
pub use weights::{Network, EMBEDDED, FILE, FILE_BYTES, HIDDEN};

use super::moves::{Move, MoveKind};
use super::position::Position;
use super::types::{Color, Piece, PieceKind, Square};

/// Both perspectives' accumulators, White's first.
pub type Accumulator = crate::nnue::Accumulator<HIDDEN>;
/// The accumulators of a chess search's line.
pub type AccumulatorStack = crate::nnue::AccumulatorStack<Position, HIDDEN>;
/// One neuron value per hidden neuron: an accumulator, or a row of weights.
pub type Row = [i16; HIDDEN];

impl crate::nnue::Board for Position {
    #[inline(always)]
    fn feature(perspective: usize, piece: usize, square: usize, mirrored: bool) -> usize {
        types::nnue::feature(perspective, piece, square, mirrored)
    }

    #[inline(always)]
    fn king_mirrors(&self, perspective: usize) -> bool {
        let colour = if perspective == 0 { Color::White } else { Color::Black };
        types::nnue::king_mirrors(self.king_square(colour).index())
    }

    #[inline(always)]
    fn side_to_move_index(&self) -> usize {
        self.side_to_move().index()
    }

    #[inline]
    fn for_each_piece(&self, mut visit: impl FnMut(usize, usize)) {
        for square in self.occupied() {
            if let Some(piece) = self.piece_on(square) {
                visit(piece.index(), square.index());
            }
        }
    }

    #[inline(always)]
    fn piece_count(&self) -> usize {
        self.occupied().count() as usize
    }
}

/// What `mv`, legal in `position`, changes on the board (read before it is made).
#[inline]
pub fn change_of(position: &Position, mv: Move) -> Change {
    let mut change = Change::NONE;
    let (from, to) = (mv.from(), mv.to());
    let Some(moving) = position.piece_on(from) else {
        return change;
    };
    let us = moving.color();
    if moving.kind() == PieceKind::King {
        let to = if mv.kind() == MoveKind::Castle { mv.king_destination() } else { to };
        if types::nnue::king_mirrors(from.index()) != types::nnue::king_mirrors(to.index()) {
            change.king_crossed(us.index());
        }
    }
    match mv.kind() {
        MoveKind::Castle => {
            let rook = Piece::new(us, PieceKind::Rook);
            change.remove(moving.index(), from.index());
            change.remove(rook.index(), to.index());
            change.add(moving.index(), mv.king_destination().index());
            change.add(rook.index(), mv.rook_destination().index());
        }
        MoveKind::EnPassant => {
            change.remove(moving.index(), from.index());
            let captured = Square::new(to.file(), from.rank()).unwrap_or(to);
            change.remove(Piece::new(!us, PieceKind::Pawn).index(), captured.index());
            change.add(moving.index(), to.index());
        }
        _ => {
            change.remove(moving.index(), from.index());
            if let Some(captured) = position.piece_on(to) {
                change.remove(captured.index(), to.index());
            }
            change.add(mv.promotion().map_or(moving, |kind| Piece::new(us, kind)).index(), to.index());
        }
    }
    change
}

/// The network's evaluation of `position` in centipawns from the side to move, computed from
/// scratch (unclamped): what the search's incremental accumulators must always agree with.
pub fn evaluate(position: &Position, network: &Network) -> i32 {
    crate::nnue::evaluate(position, network)
}
