//! The compact build's slider attacks, `between` and `line`: hyperbola quintessence over 2.5 KiB of
//! tables (the four lines through each square, and a rook's attacks along its rank by the rank's
//! occupancy), where the full build's magics and square-by-square tables take 925 KiB.
//!
//! Hyperbola quintessence: along a line, `occupied - 2 * slider` borrows through the empty squares
//! up to the first blocker above the slider and flips them; doing the same on the bit-reversed
//! line finds the squares below. A file or a diagonal has one square per rank, so reversing the
//! byte order reverses it. A rank lies within one byte, where byte swapping does nothing: ranks
//! come from the lookup instead, by the occupancy of the six squares between the edges.

use super::bitboard::Bitboard;
use super::tables::generated::{LINE_MASKS, RANK_ATTACKS};
use super::types::Square;

/// Which of a square's [`LINE_MASKS`] (the rank, 1, is looked up whole in [`RANK_ATTACKS`]).
const FILE: usize = 0;
const DIAGONAL: usize = 2;
const ANTI_DIAGONAL: usize = 3;

/// Attacks along the file or diagonal `line` of `square`: the squares up to and including the
/// first blocker each way.
#[inline(always)]
fn along(square: Square, occupied: u64, line: usize) -> u64 {
    let slider = 1u64 << square.index();
    let mask = LINE_MASKS[line][square.index()] & !slider;
    let forward = occupied & mask;
    let reverse = forward.swap_bytes();
    let upward = forward.wrapping_sub(slider.wrapping_mul(2));
    let downward = reverse.wrapping_sub(slider.swap_bytes().wrapping_mul(2)).swap_bytes();
    (upward ^ downward) & mask
}

/// Attacks along the rank of `square`.
#[inline(always)]
fn along_rank(square: Square, occupied: u64) -> u64 {
    let shift = square.rank() as u32 * 8;
    let inner = (occupied >> (shift + 1)) & 63;
    u64::from(RANK_ATTACKS[square.file() as usize][inner as usize]) << shift
}

/// Rook attacks from `square` given the board's `occupied` squares (blockers included).
#[inline(always)]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(along(square, occupied.0, FILE) | along_rank(square, occupied.0))
}

/// Bishop attacks from `square` given the board's `occupied` squares (blockers included).
#[inline(always)]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(along(square, occupied.0, DIAGONAL) | along(square, occupied.0, ANTI_DIAGONAL))
}

/// The full line through `a` and `b`, both included; empty when they are not aligned (or equal).
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    let target = 1u64 << b.index();
    if a == b {
        return Bitboard::EMPTY;
    }
    for lines in &LINE_MASKS {
        if lines[a.index()] & target != 0 {
            return Bitboard(lines[a.index()]);
        }
    }
    Bitboard::EMPTY
}

/// Squares strictly between `a` and `b` when they share a line; empty otherwise. Along a line the
/// square indices rise monotonically, so the squares between are the line's squares whose index
/// lies strictly between the two.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    let (low, high) = (a.index().min(b.index()), a.index().max(b.index()));
    let above_low = u64::MAX.checked_shl(low as u32 + 1).unwrap_or(0);
    let below_high = (1u64 << high).wrapping_sub(1);
    line(a, b) & Bitboard(above_low & below_high)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares() -> impl Iterator<Item = Square> {
        (0..64).map(|index| Square::from_index(index).unwrap())
    }

    #[test]
    fn sliders_match_the_magic_tables_on_pseudo_random_boards() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..50_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = Bitboard(state & state.rotate_left(23));
            let square = Square::from_index((state >> 58) as u8).unwrap();
            assert_eq!(
                rook_attacks(square, occupied),
                super::super::tables::magic_rook_attacks(square, occupied)
            );
            assert_eq!(
                bishop_attacks(square, occupied),
                super::super::tables::magic_bishop_attacks(square, occupied)
            );
        }
    }

    #[test]
    fn between_and_line_match_the_square_by_square_tables() {
        for a in squares() {
            for b in squares() {
                assert_eq!(between(a, b), super::super::tables::table_between(a, b), "{a} {b}");
                assert_eq!(line(a, b), super::super::tables::table_line(a, b), "{a} {b}");
            }
        }
    }
}
