//! One line of an FFO-style endgame file, the one layout the `ffo` command, the endgame tests and
//! benchmarks and the files under `tests/data/othello/` share:
//!
//! ```text
//! NUMBER EMPTIES SIDE SCORE BEST[,BEST...] BOARD
//! 40 20 X +38 a2 O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------
//! ```
//!
//! `SCORE` is the exact final disc difference for the side to move, `BEST` every move that reaches
//! it, `BOARD` the 64 squares as [`Position::parse`] reads them. Lines starting with `#` and blank
//! lines are not positions.

use core::fmt;

use super::{BoardError, Move, Position};

/// A position line of an FFO-style file. The best moves stay text until asked for
/// ([`FfoLine::best_moves`]), so reading a line allocates nothing.
#[derive(Clone, Copy, Debug)]
pub struct FfoLine<'a> {
    /// The position's number in its file (FFO #40 is 40).
    pub number: u32,
    /// The position, with its side to move; [`FfoLine::parse`] checks its empty squares against
    /// the count the line announces.
    pub position: Position,
    /// The exact score, in discs, for the side to move.
    pub score: i32,
    best: &'a str,
}

/// Why a line is not a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FfoLineError {
    /// Not the six fields.
    Fields,
    /// The number, the empties or the score is not a number.
    NotANumber,
    /// The board or the side does not read (for position `number`).
    Board {
        /// The line's number.
        number: u32,
        /// What is wrong with the board.
        error: BoardError,
    },
    /// The board has another count of empty squares than the line says (for position `number`).
    Empties {
        /// The line's number.
        number: u32,
    },
}

impl fmt::Display for FfoLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FfoLineError::Fields => f.write_str("not NUMBER EMPTIES SIDE SCORE BEST BOARD"),
            FfoLineError::NotANumber => f.write_str("the number, empties or score is not a number"),
            FfoLineError::Board { number, error } => write!(f, "#{number}: {error}"),
            FfoLineError::Empties { number } => write!(f, "#{number}: the board has other empties"),
        }
    }
}

impl<'a> FfoLine<'a> {
    /// The position on `line`, `None` for a comment or a blank line.
    pub fn parse(line: &'a str) -> Option<Result<FfoLine<'a>, FfoLineError>> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        Some(Self::parse_fields(line))
    }

    fn parse_fields(line: &'a str) -> Result<FfoLine<'a>, FfoLineError> {
        let mut fields = line.split_whitespace();
        let mut field = || fields.next().ok_or(FfoLineError::Fields);
        let (number, empties, side, score, best, board) =
            (field()?, field()?, field()?, field()?, field()?, field()?);
        if fields.next().is_some() {
            return Err(FfoLineError::Fields);
        }
        let number: u32 = number.parse().map_err(|_| FfoLineError::NotANumber)?;
        let empties: u32 = empties.parse().map_err(|_| FfoLineError::NotANumber)?;
        let score: i32 = score.trim_start_matches('+').parse().map_err(|_| FfoLineError::NotANumber)?;
        let position = Position::parse_chars(board.chars().chain(side.chars()))
            .map_err(|error| FfoLineError::Board { number, error })?;
        if position.empties() != empties {
            return Err(FfoLineError::Empties { number });
        }
        Ok(FfoLine { number, position, score, best })
    }

    /// The best moves, in the line's order; `None` for one that is not legal in the position.
    pub fn best_moves(&self) -> impl Iterator<Item = Option<Move>> + 'a {
        let position = self.position;
        self.best.split(',').map(move |text| position.parse_move(text))
    }

    /// True if `mv` is one of the line's best moves.
    pub fn is_best(&self, mv: Move) -> bool {
        self.best_moves().any(|best| best == Some(mv))
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{FfoLine, FfoLineError};
    use crate::othello::BoardError;

    const FFO_40: &str = "40 20 X +38 a2 O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";

    fn error(line: &str) -> FfoLineError {
        FfoLine::parse(line).expect("a position line").expect_err("a bad line")
    }

    #[test]
    fn reads_a_position_line() {
        let line = FfoLine::parse(FFO_40).unwrap().unwrap();
        assert_eq!((line.number, line.position.empties(), line.score), (40, 20, 38));
        assert!(line.is_best(line.position.parse_move("a2").unwrap()));
        assert!(!line.is_best(line.position.parse_move("b1").unwrap()));
        assert_eq!(line.best_moves().count(), 1);
    }

    #[test]
    fn several_best_moves_negative_scores_and_white_to_move_read() {
        let line = FFO_40.replacen("+38 a2", "-6 b1,a2,a1", 1);
        let line = FfoLine::parse(&line).unwrap().unwrap();
        assert_eq!(line.score, -6);
        let moves: std::vec::Vec<_> = line.best_moves().collect();
        // a1 is taken: it reads as no move, and is never a best move.
        assert_eq!(moves.len(), 3);
        assert!(moves[0].is_some() && moves[1].is_some() && moves[2].is_none(), "{moves:?}");
        let white = FFO_40.replacen(" X ", " O ", 1);
        let white = FfoLine::parse(&white).unwrap().unwrap();
        assert_eq!(white.position.side_to_move(), crate::othello::Color::White);
    }

    #[test]
    fn comments_and_blank_lines_are_not_positions() {
        assert!(FfoLine::parse("# number empties side score best board").is_none());
        assert!(FfoLine::parse("   ").is_none());
    }

    #[test]
    fn a_bad_line_says_what_is_wrong() {
        assert_eq!(error("40 20 X +38 a2"), FfoLineError::Fields);
        assert_eq!(error(&std::format!("{FFO_40} extra")), FfoLineError::Fields);
        assert_eq!(error(&FFO_40.replacen("+38", "+3x", 1)), FfoLineError::NotANumber);
        assert_eq!(error(&FFO_40.replacen(" 20 ", " 21 ", 1)), FfoLineError::Empties { number: 40 });
        assert_eq!(
            error(&FFO_40.replacen(" X ", " Z ", 1)),
            FfoLineError::Board { number: 40, error: BoardError::BadSide }
        );
        assert_eq!(
            error(&FFO_40.replacen("O--O", "Q--O", 1)),
            FfoLineError::Board { number: 40, error: BoardError::BadSquare { index: 0 } }
        );
    }
}
