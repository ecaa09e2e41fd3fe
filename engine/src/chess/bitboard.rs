//! A set of squares as one 64-bit word, bit `n` = square `n`.

use super::types::Square;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const ALL: Bitboard = Bitboard(!0);

    /// The set holding only `square`.
    #[inline(always)]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// Every square of rank `rank` (0 = rank 1).
    #[inline(always)]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xFF << (8 * rank))
    }

    /// Every square of file `file` (0 = a).
    #[inline(always)]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file)
    }

    /// True if `square` is in the set.
    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// True for the empty set.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if the set has at least one square.
    #[inline(always)]
    pub const fn non_empty(self) -> bool {
        self.0 != 0
    }

    /// Number of squares.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True if the set has two or more squares.
    #[inline(always)]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square; meaningless (a1... h8 masked) on the empty set, so callers check first.
    #[inline(always)]
    pub const fn first_square(self) -> Square {
        Square::from_index_unchecked(self.0.trailing_zeros() as u8)
    }

    /// The set shifted one rank towards rank 8 (`up`) or rank 1 (`!up`), dropping what falls off.
    #[inline(always)]
    pub const fn shift_ranks(self, up: bool) -> Bitboard {
        if up {
            Bitboard(self.0 << 8)
        } else {
            Bitboard(self.0 >> 8)
        }
    }

    /// The set moved one file towards h, dropping what falls off the h-file.
    #[inline(always)]
    pub const fn shift_east(self) -> Bitboard {
        Bitboard((self.0 & !0x8080_8080_8080_8080) << 1)
    }

    /// The set moved one file towards a, dropping what falls off the a-file.
    #[inline(always)]
    pub const fn shift_west(self) -> Bitboard {
        Bitboard((self.0 & !0x0101_0101_0101_0101) >> 1)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = self.first_square();
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.count() as usize;
        (count, Some(count))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt),*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $op other.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, other: Bitboard) {
                self.0 = self.0 $op other.0;
            }
        }
    )*};
}

bit_ops!(BitAnd bitand BitAndAssign bitand_assign &, BitOr bitor BitOrAssign bitor_assign |, BitXor bitxor BitXorAssign bitxor_assign ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_visits_squares_in_ascending_order() {
        let set = Bitboard::from_square(Square::H8) | Bitboard::from_square(Square::A1) | Bitboard::rank(1);
        let squares: [u8; 10] = {
            let mut out = [0; 10];
            for (slot, square) in out.iter_mut().zip(set) {
                *slot = square.index() as u8;
            }
            out
        };
        assert_eq!(squares, [0, 8, 9, 10, 11, 12, 13, 14, 15, 63]);
        assert_eq!(set.count(), 10);
        assert!(set.has_more_than_one());
        assert!(!Bitboard::from_square(Square::E2).has_more_than_one());
    }

    #[test]
    fn shifts_drop_squares_that_leave_the_board() {
        assert_eq!(Bitboard::file(7).shift_east(), Bitboard::EMPTY);
        assert_eq!(Bitboard::file(0).shift_west(), Bitboard::EMPTY);
        assert_eq!(Bitboard::file(0).shift_east(), Bitboard::file(1));
        assert_eq!(Bitboard::rank(7).shift_ranks(true), Bitboard::EMPTY);
        assert_eq!(Bitboard::rank(0).shift_ranks(false), Bitboard::EMPTY);
    }
}
