//! The number of discs the last move of a game flips, from the four lines through its square.
//!
//! With one empty square the opponent owns every other square, so a line's flips depend only on
//! where the mover's discs are on it: each line is gathered into a byte (one multiplication for
//! a column or a diagonal) and a table gives the count. This is a handful of operations where
//! [`super::flips::flips`] needs eight rays, and the last move is the most frequent node. The
//! tables are generated (`cargo run -p tablegen -- othello-last-flip`).

use crate::othello::tables::{DIAGONALS, FLIP_COUNT};

/// How many discs `player` flips by playing on `square` when every other square is filled.
/// Same result as [`super::flips::last_flip_count`].
#[inline(always)]
pub fn last_flip_count(player: u64, square: usize) -> u32 {
    let (row, column) = (square >> 3, square & 7);
    let (diagonal, anti_diagonal) = DIAGONALS[square];
    // A column, or any set of squares with distinct columns, collects into the top byte by one
    // multiplication: each row's bits land on their column's bit without carries.
    let horizontal = (player >> (8 * row)) as u8 as usize;
    let vertical =
        (((player >> column) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let diagonal = ((player & diagonal).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    let anti_diagonal = ((player & anti_diagonal).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
    u32::from(FLIP_COUNT[column][horizontal])
        + u32::from(FLIP_COUNT[row][vertical])
        + u32::from(FLIP_COUNT[column][diagonal])
        + u32::from(FLIP_COUNT[column][anti_diagonal])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_ray_count() {
        let mut state = 0x1234_5678_9ABC_DEF0u64;
        for _ in 0..200_000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let player = state ^ (state >> 29);
            let square = (state >> 58) as usize;
            let player = player & !(1 << square);
            assert_eq!(last_flip_count(player, square), super::super::flips::last_flip_count(player, square));
        }
    }
}
