//! The compact build's `between` and `line`, computed from the four lines through each square
//! (`LINE_MASKS`, 2 KiB) where the full build looks them up in two square-by-square tables (64 KiB).

use super::bitboard::Bitboard;
use super::generated::LINE_MASKS;
use super::types::Square;

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
    fn between_and_line_match_the_square_by_square_tables() {
        for a in squares() {
            for b in squares() {
                assert_eq!(between(a, b), super::super::tables::table_between(a, b), "{a} {b}");
                assert_eq!(line(a, b), super::super::tables::table_line(a, b), "{a} {b}");
            }
        }
    }
}
