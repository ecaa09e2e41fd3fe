//! The chess network (NNUE): a perspective network (768 -> [`HIDDEN`]) x 2 -> 1 with a squared
//! clipped ReLU, trained by `tuner train` on positions and labels of the engine's own games.
//!
//! - **The network is data**: `engine/data/chess_nnue.bin`, whose header states the hidden width;
//!   `tablegen` turns it into the const [`HIDDEN`] and the file, which [`weights`] decodes into
//!   [`EMBEDDED`] at compile time (the format and its checks are `types::nnue`, shared with the
//!   trainer and the generator). Another file of the same width can replace it at run time
//!   ([`Network::read`], the shell's `EvalFile`).
//! - **Inputs**: one per (side relative to the perspective, piece kind, square), Black's view
//!   mirrored vertically; the side to move's accumulator comes first.
//! - **Accumulators** ([`accumulator`]): `i16`, one entry per ply of the search's line, updated
//!   lazily by the pieces each move moved; the chess [`EvalCache`](crate::chess::EvalCache) owns
//!   the stack and the search pushes and pops it through the `Game` trait's `*_cached` moves.
//! - **Output**: `(sum(clamp(acc, 0, QA)^2 * w) / QA + b) * SCALE / (QA * QB)` centipawns.
//! - **SIMD** ([`simd`]): AVX2 when the shell has seen it on the CPU, portable loops elsewhere,
//!   the same integers on both.
//!
//! Memory: the network is `2 x (768 + 3) x HIDDEN` bytes of read-only data (394 816 bytes at 256
//! neurons, in flash on a board; nothing of it is linked into a program that never names it), and
//! each search thread's stack of accumulators about `(MAX_PLY + 2) x 4 x HIDDEN` bytes of RAM
//! (141 440 bytes at 256, in the chess `EvalCache` beside the 128 KiB pawn cache).

pub mod accumulator;
mod network;
pub mod simd;
pub mod weights;

pub use accumulator::{Accumulator, AccumulatorStack, Change};
pub use network::{LoadError, Network, Row};
pub use weights::{EMBEDDED, FILE, FILE_BYTES, HIDDEN};

use super::position::Position;

/// The network's evaluation of `position` in centipawns from the side to move, computed from
/// scratch (unclamped): what the search's incremental accumulators must always agree with.
pub fn evaluate(position: &Position, network: &Network) -> i32 {
    let mut accumulator = Accumulator::ZERO;
    accumulator.refresh(position, network);
    accumulator.evaluate(position.side_to_move(), network)
}
