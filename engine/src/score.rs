//! One score convention for every game: from the side to move's point of view, in centipawns (chess,
//! xiangqi) or centi-discs (Othello); mate as distance in plies from the root.

use core::ops::{Add, AddAssign, Neg, Sub, SubAssign};

/// A search or evaluation score.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(pub i32);

pub use crate::footprint::MAX_PLY;

impl Score {
    /// A draw.
    pub const DRAW: Score = Score(0);
    /// Mate on the board: the side to move has been mated (negated: has mated).
    pub const MATE: Score = Score(30_000);
    /// Above any reachable score; the initial alpha-beta window.
    pub const INFINITE: Score = Score(31_000);
    /// The lowest score that still means "mates within the search horizon".
    pub const MATE_BOUND: Score = Score(30_000 - MAX_PLY as i32);
    /// An endgame table's win at the root, below every mate score and above every evaluation
    /// (as Stockfish 15 scores a tablebase win): a proven win whose mate the search has not seen.
    pub const TABLE_WIN: Score = Score(Score::MATE_BOUND.0 - 1 - MAX_PLY as i32);

    /// The score of mating at `ply` plies from the root (positive: the side to move mates).
    pub const fn mate_in(ply: usize) -> Score {
        Score(Score::MATE.0 - ply as i32)
    }

    /// The score of being mated at `ply` plies from the root.
    pub const fn mated_in(ply: usize) -> Score {
        Score(-Score::MATE.0 + ply as i32)
    }

    /// The score of an endgame table's win at `ply` plies from the root: nearer wins score higher,
    /// so the search heads for the table's win it can reach soonest.
    pub const fn table_win_in(ply: usize) -> Score {
        Score(Score::TABLE_WIN.0 - ply as i32)
    }

    /// True for scores that announce a forced mate, either way.
    pub const fn is_mate(self) -> bool {
        self.0 >= Score::MATE_BOUND.0 || self.0 <= -Score::MATE_BOUND.0
    }

    /// Moves (not plies) to mate as UCI's `score mate N` writes it: positive when the side to move
    /// mates, negative when it is mated; `None` for ordinary scores. Plies round up to moves both
    /// ways: a loss an odd number of plies away (only a repetition rule, broken by one's own move,
    /// loses that way) is `mate -1` rather than a `mate 0` that reads like a mate on the board.
    pub const fn mate_moves(self) -> Option<i32> {
        if self.0 >= Score::MATE_BOUND.0 {
            Some((Score::MATE.0 - self.0 + 1) / 2)
        } else if self.0 <= -Score::MATE_BOUND.0 {
            Some(-((Score::MATE.0 + self.0 + 1) / 2))
        } else {
            None
        }
    }

    /// A mate score stored in the transposition table is relative to the node, not the root.
    pub const fn to_table(self, ply: usize) -> Score {
        if self.0 >= Score::MATE_BOUND.0 {
            Score(self.0 + ply as i32)
        } else if self.0 <= -Score::MATE_BOUND.0 {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }

    /// Inverse of [`to_table`](Self::to_table).
    pub const fn from_table(self, ply: usize) -> Score {
        if self.0 >= Score::MATE_BOUND.0 {
            Score(self.0 - ply as i32)
        } else if self.0 <= -Score::MATE_BOUND.0 {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline(always)]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl Add<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn add(self, other: i32) -> Score {
        Score(self.0 + other)
    }
}

impl Sub<i32> for Score {
    type Output = Score;
    #[inline(always)]
    fn sub(self, other: i32) -> Score {
        Score(self.0 - other)
    }
}

impl AddAssign<i32> for Score {
    #[inline(always)]
    fn add_assign(&mut self, other: i32) {
        self.0 += other;
    }
}

impl SubAssign<i32> for Score {
    #[inline(always)]
    fn sub_assign(&mut self, other: i32) {
        self.0 -= other;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert_to_moves_and_through_the_table() {
        assert_eq!(Score::mate_in(1).mate_moves(), Some(1));
        assert_eq!(Score::mate_in(3).mate_moves(), Some(2));
        assert_eq!(Score::mated_in(0).mate_moves(), Some(0));
        assert_eq!(Score::mated_in(2).mate_moves(), Some(-1));
        assert_eq!(Score::mated_in(1).mate_moves(), Some(-1), "lost by one's own move");
        assert_eq!(Score::mated_in(4).mate_moves(), Some(-2));
        assert_eq!(Score(250).mate_moves(), None);
        let stored = Score::mate_in(7).to_table(4);
        assert_eq!(stored, Score::mate_in(3));
        assert_eq!(stored.from_table(4), Score::mate_in(7));
        assert_eq!(Score(-40).to_table(9), Score(-40));
    }
}
