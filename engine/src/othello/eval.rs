//! The Othello evaluation, in centidiscs from the side to move: pattern weights per game stage
//! plus mobility, potential mobility and parity, all fitted to exact endgame scores and game
//! results by `tuner`'s `othello_fit` (see `tablegen::othello_eval` for the patterns and the data
//! format).
//!
//! Each of the 54 pattern instances (3x3 and 2x5 corners, edges with their X-squares, edges with
//! the block of four squares behind their middle, the second to fourth lines, the diagonals of 4
//! to 8 squares, the ten-square corner triangles) reads its squares as a base-3 number (empty,
//! own, opponent's) and adds the weight of that number in its class's table for the position's
//! stage; the symmetric instances of a class share the table, so symmetric positions score alike.

mod weights;

use super::board::legal_moves;
use super::position::Position;
use super::DISC;
use crate::score::Score;
use weights::{pattern_indices, EMPTIES_PER_STAGE, SCALAR_OFFSET, STAGES, STAGE_SIZE, WEIGHTS};

/// Evaluations stay inside the range of final scores.
const LIMIT: i32 = 64 * DISC - 1;

/// The stage of a position with `empties` empty squares.
#[inline]
fn stage(empties: u32) -> usize {
    ((empties.saturating_sub(1) / EMPTIES_PER_STAGE) as usize).min(STAGES - 1)
}

/// Weight `index` of a stage's table (`i16` little-endian pairs).
#[inline(always)]
fn weight(table: &[u8], index: usize) -> i32 {
    i32::from(i16::from_le_bytes([table[2 * index], table[2 * index + 1]]))
}

/// The squares next to any square of `set`.
#[inline]
const fn neighbours(set: u64) -> u64 {
    let east = (set << 1) & 0xFEFE_FEFE_FEFE_FEFE;
    let west = (set >> 1) & 0x7F7F_7F7F_7F7F_7F7F;
    let row = set | east | west;
    east | west | (row << 8) | (row >> 8)
}

/// Static evaluation from the side to move's point of view.
pub fn evaluate(position: &Position) -> Score {
    let (player, opponent) = (position.player(), position.opponent());
    let empty = position.empty();
    let base = stage(position.empties()) * STAGE_SIZE;
    let table = &WEIGHTS[2 * base..2 * (base + STAGE_SIZE)];
    let mut sum = 0;
    for index in pattern_indices(player, opponent) {
        sum += weight(table, index as usize);
    }
    let mobility = position.moves().count_ones() as i32 - legal_moves(opponent, player).count_ones() as i32;
    let potential =
        (neighbours(opponent) & empty).count_ones() as i32 - (neighbours(player) & empty).count_ones() as i32;
    let parity = (empty.count_ones() & 1) as i32;
    sum += mobility * weight(table, SCALAR_OFFSET)
        + potential * weight(table, SCALAR_OFFSET + 1)
        + parity * weight(table, SCALAR_OFFSET + 2)
        + weight(table, SCALAR_OFFSET + 3);
    Score(sum.clamp(-LIMIT, LIMIT))
}
