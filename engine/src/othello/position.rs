//! An Othello position: the two bitboards and the side to move, the rules on top of
//! [`super::board`], and the text formats of the data files and NBoard.

use core::fmt;

use super::board::{flips, legal_moves, Color, Move, Square};
use super::tables::{ZOBRIST_ROWS, ZOBRIST_WHITE_TO_MOVE};

/// Why a board text was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardError {
    /// Not 64 squares followed by the side to move.
    WrongLength,
    /// A square that is none of `X`/`*`/`B` (black), `O`/`W` (white), `-`/`.`/`_`/`E` (empty).
    BadSquare {
        /// Index of the square (0..64).
        index: usize,
    },
    /// The side to move is not `X`/`*`/`B` or `O`/`W`.
    BadSide,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::WrongLength => f.write_str("a board is 64 squares and the side to move"),
            BoardError::BadSquare { index } => {
                let square = Square::new(*index as u8).unwrap_or_default();
                write!(f, "square {square} is not one of X, O or -")
            }
            BoardError::BadSide => f.write_str("the side to move is not X or O"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BoardError {}

/// An Othello position. Plain data: two bitboards and a colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Discs of the side to move.
    player: u64,
    /// Discs of the other side.
    opponent: u64,
    side: Color,
}

impl Position {
    /// The standard start: White on d4 and e5, Black on e4 and d5, Black to move.
    pub const fn startpos() -> Position {
        let white = (1 << 27) | (1 << 36);
        let black = (1 << 28) | (1 << 35);
        Position { player: black, opponent: white, side: Color::Black }
    }

    /// The position with these discs (a disc on both sides reads as black's).
    pub const fn from_discs(black: u64, white: u64, side: Color) -> Position {
        let white = white & !black;
        match side {
            Color::Black => Position { player: black, opponent: white, side },
            Color::White => Position { player: white, opponent: black, side },
        }
    }

    /// Reads `BOARD SIDE` as the data files and Edax write it: 64 squares a1, b1, ..., h8 (`X` or `*`
    /// black, `O` white, `-` or `.` empty; spaces ignored), then the side to move. Anything after the
    /// side (operations, comments) is ignored.
    pub fn parse(text: &str) -> Result<Position, BoardError> {
        Self::parse_chars(text.chars())
    }

    /// [`Position::parse`] over characters, for readers whose board and side come apart (the FFO
    /// files write the side before the board).
    pub(crate) fn parse_chars(chars: impl Iterator<Item = char>) -> Result<Position, BoardError> {
        let mut black = 0u64;
        let mut white = 0u64;
        let mut index = 0;
        let mut chars = chars.filter(|c| !c.is_whitespace());
        while index < 64 {
            let c = chars.next().ok_or(BoardError::WrongLength)?;
            match c {
                'X' | 'x' | '*' | 'B' | 'b' => black |= 1 << index,
                'O' | 'o' | 'W' | 'w' | '0' => white |= 1 << index,
                '-' | '.' | '_' | 'E' | 'e' => {}
                _ => return Err(BoardError::BadSquare { index }),
            }
            index += 1;
        }
        let side = match chars.next().ok_or(BoardError::WrongLength)? {
            'X' | 'x' | '*' | 'B' | 'b' => Color::Black,
            'O' | 'o' | 'W' | 'w' | '0' => Color::White,
            _ => return Err(BoardError::BadSide),
        };
        Ok(Position::from_discs(black, white, side))
    }

    /// Black's discs.
    pub const fn black(&self) -> u64 {
        match self.side {
            Color::Black => self.player,
            Color::White => self.opponent,
        }
    }

    /// White's discs.
    pub const fn white(&self) -> u64 {
        match self.side {
            Color::Black => self.opponent,
            Color::White => self.player,
        }
    }

    /// Discs of the side to move.
    pub const fn player(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move.
    pub const fn opponent(&self) -> u64 {
        self.opponent
    }

    /// Who is to move.
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// Empty squares.
    pub const fn empty(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// Number of empty squares.
    pub const fn empties(&self) -> u32 {
        self.empty().count_ones()
    }

    /// Squares the side to move may play on.
    #[inline]
    pub fn moves(&self) -> u64 {
        legal_moves(self.player, self.opponent)
    }

    /// True when the side to move has no move but the other side has: it must pass.
    pub fn must_pass(&self) -> bool {
        self.moves() == 0 && legal_moves(self.opponent, self.player) != 0
    }

    /// True when neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.moves() == 0 && legal_moves(self.opponent, self.player) == 0
    }

    /// The disc difference for the side to move with the empty squares given to the winner (the
    /// usual scoring of a finished game; a draw keeps them unassigned).
    pub const fn final_score(&self) -> i32 {
        let difference = self.player.count_ones() as i32 - self.opponent.count_ones() as i32;
        let empties = self.empties() as i32;
        if difference > 0 {
            difference + empties
        } else if difference < 0 {
            difference - empties
        } else {
            0
        }
    }

    /// The move `text` names if it is legal here: a square (`f5`, `F5`) or a pass (`PA`, `pass`,
    /// `@@`) when the side to move must pass.
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        if text.eq_ignore_ascii_case("pa") || text.eq_ignore_ascii_case("pass") || text == "@@" {
            return self.must_pass().then_some(Move::PASS);
        }
        let square = Square::parse(text)?;
        (self.moves() & square.bit() != 0).then(|| Move::at(square))
    }

    /// Plays a move known to be legal; returns the position before it, which undoes it.
    #[inline]
    pub fn play(&mut self, mv: Move) -> Position {
        let before = *self;
        if let Some(square) = mv.square() {
            let flipped = flips(self.player, self.opponent, square);
            let player = self.player | flipped | square.bit();
            self.player = self.opponent & !flipped;
            self.opponent = player;
        } else {
            core::mem::swap(&mut self.player, &mut self.opponent);
        }
        self.side = self.side.opponent();
        before
    }

    /// The Zobrist key: one key per disc (by colour and square) and one for White to move, XORed
    /// together eight squares at a time through the row tables `tablegen` generates.
    #[inline]
    pub fn hash(&self) -> u64 {
        let black = self.black().to_le_bytes();
        let white = self.white().to_le_bytes();
        let mut key = if self.side == Color::White { ZOBRIST_WHITE_TO_MOVE } else { 0 };
        let mut row = 0;
        while row < 8 {
            key ^= ZOBRIST_ROWS[row][black[row] as usize] ^ ZOBRIST_ROWS[8 + row][white[row] as usize];
            row += 1;
        }
        key
    }

    /// The board as the data files write it (`X`, `O`, `-`, a1 first), a space and the side.
    pub fn text(&self) -> BoardText {
        BoardText(*self)
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

/// [`Position::text`]'s `Display`.
pub struct BoardText(Position);

impl fmt::Display for BoardText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (black, white) = (self.0.black(), self.0.white());
        for index in 0..64 {
            let bit = 1u64 << index;
            let c = if black & bit != 0 {
                'X'
            } else if white & bit != 0 {
                'O'
            } else {
                '-'
            };
            write!(f, "{c}")?;
        }
        write!(f, " {}", if self.0.side == Color::Black { 'X' } else { 'O' })
    }
}

/// The board drawn as NBoard and Edax draw it: columns A-H across, rows 1-8 down, `*` black, `O`
/// white, `.` legal moves, `-` other empty squares.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (black, white, moves) = (self.black(), self.white(), self.moves());
        writeln!(f, "  A B C D E F G H")?;
        for row in 0..8 {
            write!(f, "{}", row + 1)?;
            for column in 0..8 {
                let bit = 1u64 << (row * 8 + column);
                let c = if black & bit != 0 {
                    '*'
                } else if white & bit != 0 {
                    'O'
                } else if moves & bit != 0 {
                    '.'
                } else {
                    '-'
                };
                write!(f, " {c}")?;
            }
            writeln!(f, " {}", row + 1)?;
        }
        writeln!(f, "  A B C D E F G H")?;
        write!(
            f,
            "{} to move, {} black, {} white, {} empty",
            if self.side == Color::Black { "Black" } else { "White" },
            black.count_ones(),
            white.count_ones(),
            self.empties()
        )
    }
}
