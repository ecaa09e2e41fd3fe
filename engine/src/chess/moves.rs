//! The chess move: 16 bits, from/to/kind.

use super::types::{PieceKind, Square};
use core::fmt;

/// What kind of move beyond "a piece goes from here to there".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum MoveKind {
    /// Any move that is none of the below (captures and double pushes included).
    Normal = 0,
    /// Pawn promotes to a knight.
    PromoteKnight = 1,
    /// Pawn promotes to a bishop.
    PromoteBishop = 2,
    /// Pawn promotes to a rook.
    PromoteRook = 3,
    /// Pawn promotes to a queen.
    PromoteQueen = 4,
    /// En-passant capture: `to` is the empty square the pawn lands on.
    EnPassant = 5,
    /// Castling, encoded king-takes-own-rook: `from` is the king, `to` the castling rook. One encoding
    /// serves standard chess and Chess960.
    Castle = 6,
}

impl MoveKind {
    const ALL: [MoveKind; 8] = [
        MoveKind::Normal,
        MoveKind::PromoteKnight,
        MoveKind::PromoteBishop,
        MoveKind::PromoteRook,
        MoveKind::PromoteQueen,
        MoveKind::EnPassant,
        MoveKind::Castle,
        MoveKind::Normal,
    ];
}

/// A move: bits 0-5 from, 6-11 to, 12-14 [`MoveKind`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

static_assertions::assert_eq_size!(Move, u16);

impl Move {
    /// The all-zero move (a1a1), which no position generates: an empty slot marker, UCI `0000`.
    pub const NULL: Move = Move(0);

    /// A move of `kind` from `from` to `to`.
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 12)
    }

    /// The move's 16 bits (for the transposition table).
    #[inline(always)]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The move with these bits; any 16 bits make some move, which the caller checks for legality.
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// Origin square (the king for castling).
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index_unchecked((self.0 & 63) as u8)
    }

    /// Destination square (the castling rook for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 >> 6 & 63) as u8)
    }

    /// Its kind.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        MoveKind::ALL[(self.0 >> 12 & 7) as usize]
    }

    /// The promotion piece, if any.
    #[inline(always)]
    pub const fn promotion(self) -> Option<PieceKind> {
        match self.kind() {
            MoveKind::PromoteKnight => Some(PieceKind::Knight),
            MoveKind::PromoteBishop => Some(PieceKind::Bishop),
            MoveKind::PromoteRook => Some(PieceKind::Rook),
            MoveKind::PromoteQueen => Some(PieceKind::Queen),
            _ => None,
        }
    }

    /// The square the king lands on: for castling the g- or c-file of its rank, else `to`.
    #[inline(always)]
    pub const fn king_destination(self) -> Square {
        if matches!(self.kind(), MoveKind::Castle) {
            let file = if self.to().index() > self.from().index() { 6 } else { 2 };
            Square::from_index_unchecked(self.from().rank() * 8 + file)
        } else {
            self.to()
        }
    }

    /// Where the castling rook lands: the f- or d-file of its rank. Meaningful for castling only.
    #[inline(always)]
    pub const fn rook_destination(self) -> Square {
        let file = if self.to().index() > self.from().index() { 5 } else { 3 };
        Square::from_index_unchecked(self.from().rank() * 8 + file)
    }

    /// UCI text. Castling is `e1g1` (king to its destination) in standard chess and `e1h1` (king takes
    /// own rook) when `chess960` is set, as UCI GUIs expect.
    pub const fn to_uci(self, chess960: bool) -> UciMove {
        let mut text = [0u8; 5];
        if self.0 == 0 {
            return UciMove { text: *b"0000\0", len: 4 };
        }
        let to = if chess960 { self.to() } else { self.king_destination() };
        let [a, b] = self.from().to_ascii();
        let [c, d] = to.to_ascii();
        text[0] = a;
        text[1] = b;
        text[2] = c;
        text[3] = d;
        match self.promotion() {
            Some(kind) => {
                text[4] = kind.letter();
                UciMove { text, len: 5 }
            }
            None => UciMove { text, len: 4 },
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}, {:?})", self.to_uci(true), self.kind())
    }
}

/// A move's UCI text in a fixed buffer (no allocation).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct UciMove {
    text: [u8; 5],
    len: u8,
}

impl UciMove {
    /// The text as a string slice.
    pub fn as_str(&self) -> &str {
        // Only ASCII letters and digits are ever written.
        core::str::from_utf8(&self.text[..self.len as usize]).unwrap_or("?")
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let mv = Move::new(Square::E7, Square::E8, MoveKind::PromoteKnight);
        assert_eq!((mv.from(), mv.to(), mv.kind()), (Square::E7, Square::E8, MoveKind::PromoteKnight));
        assert_eq!(mv.to_uci(false).as_str(), "e7e8n");
        assert_eq!(Move::NULL.to_uci(false).as_str(), "0000");
    }

    #[test]
    fn castling_prints_in_both_conventions() {
        let short = Move::new(Square::E1, Square::H1, MoveKind::Castle);
        let long = Move::new(Square::E8, Square::A8, MoveKind::Castle);
        assert_eq!(short.to_uci(false).as_str(), "e1g1");
        assert_eq!(short.to_uci(true).as_str(), "e1h1");
        assert_eq!(long.to_uci(false).as_str(), "e8c8");
        assert_eq!(long.to_uci(true).as_str(), "e8a8");
    }
}
