//! The xiangqi move: 14 bits, from and to; and its text, `h2e2`.

use super::types::Square;
use core::fmt;

/// A move: bits 0-6 from, 7-13 to.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

static_assertions::assert_eq_size!(Move, u16);

impl Move {
    /// The all-zero move (a0a0), which no position generates.
    pub const NULL: Move = Move(0);

    /// The move from `from` to `to`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 7)
    }

    #[inline(always)]
    pub(crate) const fn from_indices(from: u32, to: u32) -> Move {
        Move(from as u16 | (to as u16) << 7)
    }

    /// Origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index_unchecked((self.0 & 127) as u8)
    }

    /// Destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 >> 7 & 127) as u8)
    }

    /// The move's bits (for the transposition table).
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The move with these bits; any bits make some move, which the caller checks for legality.
    /// Squares beyond the board fold back onto it, so the result is always safe to inspect.
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Move {
        let from = (bits & 127) % 90;
        let to = (bits >> 7 & 127) % 90;
        Move(from | to << 7)
    }

    /// Its text, `h2e2`.
    pub const fn text(self) -> MoveText {
        MoveText(self)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

/// A move as the protocols write it: from square then to square, `h2e2`; `0000` for the null move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveText(pub Move);

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == Move::NULL {
            f.write_str("0000")
        } else {
            write!(f, "{}", self.0)
        }
    }
}
