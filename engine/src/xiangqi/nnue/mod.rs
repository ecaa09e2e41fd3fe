//! The xiangqi network (NNUE): (1 260 -> [`HIDDEN`]) x 2 -> 1, run by the generic inference of
//! [`crate::nnue`] as chess's is; this module is xiangqi's glue to it.
//!
//! - **The network is data**: `engine/data/xiangqi_nnue.bin` (`TRSKXQ01`), whose header states
//!   the hidden width; `tablegen` turns it into the const [`HIDDEN`] and the file, which
//!   [`weights`] decodes into [`EMBEDDED`] at compile time. Another file of the same width can
//!   replace it at run time ([`Network::read`], the shell's `EvalFile` in a xiangqi game).
//! - **Inputs** ([`types::nnue::xiangqi_feature`]): one per (side relative to the perspective,
//!   piece kind, square), black's view with its ranks mirrored; the side to move's accumulator
//!   comes first.
//! - **Moves** ([`change_of`]): the mover leaves its square and arrives on another, a captured
//!   piece leaves; nothing promotes or castles. A null move changes nothing. The xiangqi
//!   [`EvalCache`](super::EvalCache) owns the stack of accumulators and the network the search
//!   evaluates with (none by default: the linear evaluation plays until the shell's `Use NNUE`
//!   says otherwise).
//!
//! Memory, at the committed width of 128: the network is `2 x (1 260 + 1 + 2 x 8) x HIDDEN` bytes
//! of read-only data (feature rows, biases and room for eight output buckets: 326 912, 326 976 with
//! its format; in flash on a board, and nothing
//! of it is linked into a program that never names it), and each search thread's stack of
//! accumulators `(MAX_PLY + 2) x (4 x HIDDEN + 64)` bytes of RAM (an entry is both perspectives'
//! `i16` values and the move's change, padded to a cache line): 74 944 bytes with its network's
//! address, and 75 008 for the whole xiangqi `EvalCache`, whose last cache line holds which terms
//! the linear evaluation uses (a test pins both). Speed: the network searches about 1.4 times the
//! nodes a CPU second of the linear evaluation (`bench 16 1 12`, docs/tuning.md).

pub mod weights;

pub use crate::nnue::{Change, LoadError};
pub use weights::{Network, EMBEDDED, FILE, FILE_BYTES, HIDDEN};

use super::moves::Move;
use super::position::Position;

/// Both perspectives' accumulators, red's first.
pub type Accumulator = crate::nnue::Accumulator<HIDDEN>;
/// The accumulators of a xiangqi search's line.
pub type AccumulatorStack = crate::nnue::AccumulatorStack<Position, HIDDEN>;

impl crate::nnue::Board for Position {
    #[inline(always)]
    fn feature(perspective: usize, piece: usize, square: usize, _mirrored: bool) -> usize {
        types::nnue::xiangqi_feature(perspective, piece, square)
    }

    #[inline(always)]
    fn side_to_move_index(&self) -> usize {
        self.side_to_move.index()
    }

    #[inline]
    fn for_each_piece(&self, mut visit: impl FnMut(usize, usize)) {
        for (piece, &set) in self.by_piece.iter().enumerate() {
            let mut set = set;
            while set != 0 {
                visit(piece, set.trailing_zeros() as usize);
                set &= set - 1;
            }
        }
    }

    #[inline(always)]
    fn piece_count(&self) -> usize {
        self.occupied().count_ones() as usize
    }
}

/// What `mv`, legal in `position`, changes on the board (read before it is made): the mover
/// leaves `from` and arrives on `to`, and a piece on `to` is captured.
#[inline]
pub fn change_of(position: &Position, mv: Move) -> Change {
    let mut change = Change::NONE;
    let (from, to) = (mv.from().index(), mv.to().index());
    let Some(moving) = position.board[from] else {
        return change;
    };
    change.remove(moving.index(), from);
    if let Some(captured) = position.board[to] {
        change.remove(captured.index(), to);
    }
    change.add(moving.index(), to);
    change
}

/// The network's evaluation of `position` in centipawns from the side to move, computed from
/// scratch (unclamped): what the search's incremental accumulators must always agree with.
pub fn evaluate(position: &Position, network: &Network) -> i32 {
    crate::nnue::evaluate(position, network)
}
