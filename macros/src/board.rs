//! Board geometry as the engine numbers squares.
//!
//! A proc-macro crate cannot share the engine's `Square` type (it runs inside the compiler, not in
//! the engine), so the numbering is restated here. It must stay exactly the engine's: square
//! `rank * files + file`, rank 0 is White's (Red's) back rank, file 0 is file a.

/// The shape of one game's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// Name of the game, used in error messages.
    pub game: &'static str,
    /// Number of files (columns), file 0 being file a.
    pub files: usize,
    /// Number of ranks (rows), rank 0 being White's back rank.
    pub ranks: usize,
    /// How the game's coordinate notation names rank index 0: chess calls it rank 1 (`a1`),
    /// xiangqi (ICCS/UCCI) calls it rank 0 (`a0`). Only used to word error messages.
    pub first_rank_label: usize,
}

/// Chess: 8 files by 8 ranks, a1 = 0, h1 = 7, a8 = 56, h8 = 63.
pub(crate) const CHESS: Board = Board { game: "chess", files: 8, ranks: 8, first_rank_label: 1 };

/// Xiangqi: 9 files by 10 ranks, a0 = 0 (Red's back rank), i9 = 89.
pub(crate) const XIANGQI: Board = Board { game: "xiangqi", files: 9, ranks: 10, first_rank_label: 0 };

impl Board {
    /// The board whose square count is `squares`, if the macro knows one.
    pub fn from_squares(squares: usize) -> Option<Board> {
        [CHESS, XIANGQI].into_iter().find(|board| board.squares() == squares)
    }

    /// Number of squares, the length of one colour's table.
    pub const fn squares(self) -> usize {
        self.files * self.ranks
    }

    /// The engine's index of the square on `rank` and `file`.
    pub const fn square(self, rank: usize, file: usize) -> usize {
        rank * self.files + file
    }

    /// The square seen from the other side: same file, rank `r` becomes rank `ranks - 1 - r`.
    pub const fn mirror(self, square: usize) -> usize {
        self.square(self.ranks - 1 - square / self.files, square % self.files)
    }

    /// The rank drawn on input row `row`, counting rows from the top of the written table.
    pub const fn rank_of_row(self, row: usize) -> usize {
        self.ranks - 1 - row
    }

    /// The rank's name in the game's notation (chess ranks start at 1, xiangqi ranks at 0).
    pub const fn rank_label(self, rank: usize) -> usize {
        rank + self.first_rank_label
    }

    /// The square's name in the game's notation, e.g. `e4` (chess) or `e0` (xiangqi).
    pub fn square_name(self, square: usize) -> String {
        format!("{}{}", file_name(square % self.files), self.rank_label(square / self.files))
    }

    /// The name of the last file, e.g. `h` for chess.
    pub fn last_file(self) -> char {
        file_name(self.files - 1)
    }
}

/// File 0 is `a`. Boards here have at most 9 files, so the letter never runs past `i`.
fn file_name(file: usize) -> char {
    char::from(b'a' + file as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_corners_follow_the_engine_numbering() {
        assert_eq!(CHESS.square(0, 0), 0, "a1");
        assert_eq!(CHESS.square(0, 7), 7, "h1");
        assert_eq!(CHESS.square(7, 0), 56, "a8");
        assert_eq!(CHESS.square(7, 7), 63, "h8");
        assert_eq!(CHESS.square(3, 4), 28, "e4");
    }

    #[test]
    fn mirror_flips_ranks_and_keeps_files() {
        assert_eq!(CHESS.mirror(0), 56, "a1 <-> a8");
        assert_eq!(CHESS.mirror(7), 63, "h1 <-> h8");
        assert_eq!(CHESS.mirror(28), 36, "e4 <-> e5");
        assert_eq!(XIANGQI.mirror(0), 81, "a0 <-> a9");
        assert_eq!(XIANGQI.mirror(4), 85, "e0 <-> e9");
        assert_eq!(XIANGQI.mirror(40), 49, "e4 <-> e5");
    }

    #[test]
    fn mirror_is_an_involution() {
        for board in [CHESS, XIANGQI] {
            for square in 0..board.squares() {
                assert_eq!(board.mirror(board.mirror(square)), square, "{}", board.game);
            }
        }
    }

    #[test]
    fn boards_are_found_by_square_count_only() {
        assert_eq!(Board::from_squares(64), Some(CHESS));
        assert_eq!(Board::from_squares(90), Some(XIANGQI));
        assert_eq!(Board::from_squares(63), None);
        assert_eq!(Board::from_squares(100), None);
    }

    #[test]
    fn rank_labels_follow_each_games_notation() {
        assert_eq!(CHESS.rank_label(CHESS.rank_of_row(0)), 8);
        assert_eq!(CHESS.rank_label(CHESS.rank_of_row(7)), 1);
        assert_eq!(XIANGQI.rank_label(XIANGQI.rank_of_row(0)), 9);
        assert_eq!(XIANGQI.rank_label(XIANGQI.rank_of_row(9)), 0);
        assert_eq!(CHESS.last_file(), 'h');
        assert_eq!(CHESS.square_name(28), "e4");
        assert_eq!(CHESS.square_name(63), "h8");
        assert_eq!(XIANGQI.square_name(4), "e0");
        assert_eq!(XIANGQI.square_name(89), "i9");
        assert_eq!(XIANGQI.last_file(), 'i');
    }
}
