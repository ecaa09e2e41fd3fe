//! A first Othello evaluation: mobility, corners and the squares next to empty corners, in
//! centidiscs from the side to move. The pattern evaluation fitted to endgame scores replaces it.

use super::position::Position;
use crate::score::Score;

const CORNERS: u64 = 0x8100_0000_0000_0081;
/// X-squares (diagonally next to a corner).
const X_SQUARES: u64 = 0x0042_0000_0000_4200;

/// Static evaluation from the side to move's point of view.
pub fn evaluate(position: &Position) -> Score {
    let (player, opponent) = (position.player(), position.opponent());
    let mobility = position.moves().count_ones() as i32
        - super::board::legal_moves(opponent, player).count_ones() as i32;
    let corners = (player & CORNERS).count_ones() as i32 - (opponent & CORNERS).count_ones() as i32;
    // An X-square is a liability only while its corner is empty.
    let empty_corner_x = X_SQUARES & spread_corners(position.empty() & CORNERS);
    let x_squares =
        (player & empty_corner_x).count_ones() as i32 - (opponent & empty_corner_x).count_ones() as i32;
    Score(mobility * 60 + corners * 400 - x_squares * 150)
}

/// The X-square of each corner in `corners`.
const fn spread_corners(corners: u64) -> u64 {
    ((corners & 1) << 9)
        | ((corners & (1 << 7)) << 7)
        | ((corners & (1 << 56)) >> 7)
        | ((corners & (1 << 63)) >> 9)
}
