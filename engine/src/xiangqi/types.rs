//! Colours, pieces and squares of the 9 x 10 board.

use core::fmt;
use core::ops::Not;

/// A side. Red moves first, sits at the bottom (ranks 0..=4) and is written `w` in FEN.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Color {
    /// Uppercase letters, `w` in FEN.
    Red = 0,
    /// Lowercase letters, `b` in FEN.
    Black = 1,
}

impl Color {
    /// Both colours, red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// 0 for red, 1 for black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

/// The seven kinds of piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum PieceKind {
    /// The general (K).
    King = 0,
    /// The advisor (A).
    Advisor = 1,
    /// The elephant (B; E is accepted when reading).
    Elephant = 2,
    /// The horse (N; H is accepted when reading).
    Horse = 3,
    /// The chariot (R).
    Rook = 4,
    /// The cannon (C).
    Cannon = 5,
    /// The soldier (P).
    Pawn = 6,
}

impl PieceKind {
    /// Every kind, in index order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// Index 0..7.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The uppercase FEN letter.
    pub const fn letter(self) -> u8 {
        b"KABNRCP"[self as usize]
    }
}

/// A coloured piece: `colour * 7 + kind`, 0..14.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece(u8);

impl Piece {
    /// The piece of `color` and `kind`.
    #[inline(always)]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(color as u8 * 7 + kind as u8)
    }

    /// Index 0..14 (`colour * 7 + kind`), as the Zobrist and history tables use it.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The piece with index `index` (0..14).
    #[inline(always)]
    pub const fn from_index(index: usize) -> Piece {
        debug_assert!(index < 14);
        Piece(index as u8)
    }

    /// Its colour.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if self.0 < 7 {
            Color::Red
        } else {
            Color::Black
        }
    }

    /// Its kind.
    #[inline(always)]
    pub const fn kind(self) -> PieceKind {
        PieceKind::ALL[(self.0 % 7) as usize]
    }

    /// The FEN letter: uppercase for red.
    pub const fn letter(self) -> u8 {
        let upper = self.kind().letter();
        match self.color() {
            Color::Red => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }

    /// The piece a FEN letter names (`E` and `H` accepted for elephant and horse).
    pub const fn from_letter(letter: u8) -> Option<Piece> {
        let color = if letter.is_ascii_uppercase() { Color::Red } else { Color::Black };
        let kind = match letter.to_ascii_uppercase() {
            b'K' => PieceKind::King,
            b'A' => PieceKind::Advisor,
            b'B' | b'E' => PieceKind::Elephant,
            b'N' | b'H' => PieceKind::Horse,
            b'R' => PieceKind::Rook,
            b'C' => PieceKind::Cannon,
            b'P' => PieceKind::Pawn,
            _ => return None,
        };
        Some(Piece::new(color, kind))
    }
}

/// A square, `9 * rank + file`: a0 = 0 (red's left corner), i9 = 89.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 90;

    /// The square on `file` (0..9) and `rank` (0..10).
    #[inline(always)]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The square with this index, if below 90.
    #[inline(always)]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 90 {
            Some(Square(index))
        } else {
            None
        }
    }

    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// Index 0..90.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..9 (a..i).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank 0..10, from red's side.
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The square seen from the other side: same file, rank `9 - rank`.
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square((9 - self.rank()) * 9 + self.file())
    }

    /// The square's bit in a square set.
    #[inline(always)]
    pub const fn bit(self) -> u128 {
        1 << self.0
    }

    /// Parses `e0`-style text (file letter, rank digit).
    pub fn parse(text: &[u8]) -> Option<Square> {
        match text {
            [file @ b'a'..=b'i', rank @ b'0'..=b'9'] => Square::new(file - b'a', rank - b'0'),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// `color`'s half of the board as a square set (red: ranks 0..=4, the first 45 squares).
pub const fn half(color: Color) -> u128 {
    let red = (1u128 << 45) - 1;
    match color {
        Color::Red => red,
        Color::Black => red << 45,
    }
}

/// True if `square` is in `color`'s half of the board: one square of [`half`].
#[inline(always)]
pub const fn own_half(color: Color, square: Square) -> bool {
    half(color) >> square.index() & 1 == 1
}

/// True if `square` is inside `color`'s palace.
pub const fn in_palace(color: Color, square: Square) -> bool {
    let (file, rank) = (square.file(), square.rank());
    file >= 3
        && file <= 5
        && match color {
            Color::Red => rank <= 2,
            Color::Black => rank >= 7,
        }
}
