//! Squares, colours and pieces: the vocabulary every other chess module speaks.

use core::fmt;

/// A square, numbered `rank * 8 + file`: a1 = 0, h1 = 7, a8 = 56, h8 = 63 (the order `tablegen` uses).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

macro_rules! square_constants {
    ($($name:ident = $index:expr),* $(,)?) => {
        impl Square {
            $(#[allow(missing_docs)] pub const $name: Square = Square($index);)*
        }
    };
}

square_constants! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, E2 = 12, H2 = 15,
    A7 = 48, E7 = 52, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1); `None` off the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with this index; `None` unless `index < 64`.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this index, which the caller knows is below 64 (a bitboard's set bit).
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }

    /// Index 0..64, for table lookups.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..8 (a..h).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0..8 (rank 1..rank 8).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The same file on the other side of the board (a1 <-> a8).
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// This square seen from `color`'s side: unchanged for White, rank-flipped for Black.
    #[inline(always)]
    pub const fn relative_to(self, color: Color) -> Square {
        Square(self.0 ^ (56 * color as u8))
    }

    /// Parses `e4`-style coordinates.
    pub fn parse(text: &[u8]) -> Option<Square> {
        match text {
            [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Square::new(file - b'a', rank - b'1'),
            _ => None,
        }
    }

    /// The two ASCII characters of the coordinate, e.g. `*b"e4"`.
    pub const fn to_ascii(self) -> [u8; 2] {
        [b'a' + self.file(), b'1' + self.rank()]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [file, rank] = self.to_ascii();
        write!(f, "{}{}", file as char, rank as char)
    }
}

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    /// Moves first.
    White = 0,
    /// Moves second.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// What a piece is, regardless of colour.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum PieceKind {
    #[allow(missing_docs)]
    Pawn = 0,
    #[allow(missing_docs)]
    Knight = 1,
    #[allow(missing_docs)]
    Bishop = 2,
    #[allow(missing_docs)]
    Rook = 3,
    #[allow(missing_docs)]
    Queen = 4,
    #[allow(missing_docs)]
    King = 5,
}

impl PieceKind {
    /// Every kind, in index order.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// Index 0..6, for tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case FEN letter.
    pub const fn letter(self) -> u8 {
        b"pnbrqk"[self as usize]
    }
}

/// Piece values in centipawns, pawn to king, for move ordering (MVV-LVA) and static exchange
/// evaluation. The king is 0: it is never captured, and as an attacker it comes last anyway.
pub const PIECE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// A coloured piece. One byte, and `Option<Piece>` is one byte too, so the mailbox stays small.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Piece {
    WhitePawn,
    WhiteKnight,
    WhiteBishop,
    WhiteRook,
    WhiteQueen,
    WhiteKing,
    BlackPawn,
    BlackKnight,
    BlackBishop,
    BlackRook,
    BlackQueen,
    BlackKing,
}

static_assertions::assert_eq_size!(Option<Piece>, u8);

impl Piece {
    const ALL: [Piece; 12] = [
        Piece::WhitePawn,
        Piece::WhiteKnight,
        Piece::WhiteBishop,
        Piece::WhiteRook,
        Piece::WhiteQueen,
        Piece::WhiteKing,
        Piece::BlackPawn,
        Piece::BlackKnight,
        Piece::BlackBishop,
        Piece::BlackRook,
        Piece::BlackQueen,
        Piece::BlackKing,
    ];

    /// The piece of this colour and kind.
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece::ALL[color as usize * 6 + kind as usize]
    }

    /// Index 0..12 (`colour * 6 + kind`), the Zobrist table's order.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Its colour.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if (self as u8) < 6 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Its kind.
    #[inline(always)]
    pub const fn kind(self) -> PieceKind {
        // A table indexed by the discriminant: `% 6` (a multiply-and-shift) or a compare-and-subtract
        // on every make/unmake measured 4-6% slower in the perft benches.
        const KINDS: [PieceKind; 12] = {
            let mut kinds = [PieceKind::Pawn; 12];
            let mut index = 0;
            while index < 12 {
                kinds[index] = PieceKind::ALL[index % 6];
                index += 1;
            }
            kinds
        };
        KINDS[self as usize]
    }

    /// FEN letter: upper case for White.
    pub const fn fen_letter(self) -> u8 {
        let letter = self.kind().letter();
        match self.color() {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        }
    }

    /// The piece a FEN letter names.
    pub const fn from_fen_letter(letter: u8) -> Option<Piece> {
        let kind = match letter.to_ascii_lowercase() {
            b'p' => PieceKind::Pawn,
            b'n' => PieceKind::Knight,
            b'b' => PieceKind::Bishop,
            b'r' => PieceKind::Rook,
            b'q' => PieceKind::Queen,
            b'k' => PieceKind::King,
            _ => return None,
        };
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece::new(color, kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_follow_the_tablegen_order() {
        assert_eq!(Square::parse(b"a1"), Some(Square::A1));
        assert_eq!(Square::parse(b"h8"), Some(Square::H8));
        assert_eq!(Square::parse(b"e2").unwrap().index(), 12);
        assert_eq!(Square::parse(b"i1"), None);
        assert_eq!(Square::parse(b"a9"), None);
        assert_eq!(Square::E2.flip_rank(), Square::E7);
        assert_eq!(Square::E2.relative_to(Color::Black), Square::E7);
    }

    #[test]
    fn pieces_round_trip_through_letters() {
        for (index, &piece) in Piece::ALL.iter().enumerate() {
            assert_eq!(piece.index(), index);
            assert_eq!(Piece::new(piece.color(), piece.kind()), piece);
            assert_eq!(Piece::from_fen_letter(piece.fen_letter()), Some(piece));
        }
        assert_eq!(Piece::from_fen_letter(b'x'), None);
    }
}
