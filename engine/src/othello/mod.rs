//! Othello: bitboard rules, passes, scoring by discs, Zobrist keys, and the [`Game`] implementation
//! the generic perft and search run on.
//!
//! Conventions the protocol and the reference tools share:
//! * squares a1 (top left) to h8, `8 * row + column`;
//! * a side without a legal move passes, and the pass is a move ([`Move::PASS`]): perft counts it as
//!   a ply, as Edax does; a position where neither side can move is finished and has no moves, so it
//!   adds nothing deeper;
//! * a finished game scores the disc difference with the empty squares given to the winner;
//! * scores are in hundredths of a disc ("centidiscs"), from the side to move.

pub mod board;
pub mod endgame;
mod eval;
pub mod ffo;
pub mod ggf;
pub mod position;
mod search_profile;
mod tables;

pub use board::{Color, Move, MoveText, OthelloMoveList, Square, DISC, MAX_OTHELLO_MOVES};
pub use eval::evaluate;
pub use position::{BoardError, Position};

use crate::game::{Game, HorizonSearch};
use crate::score::Score;

/// The order in which a node above the horizon tries its moves after the hash move: corners, the
/// squares away from them, then the squares next to an empty corner's edges (C) and diagonal
/// (X), which most often give a corner away. A static order as Edax's shallow searches use: at
/// one ply from the horizon a history lookup per move costs more than the cut-offs it brings.
const HORIZON_ORDER: [u64; 4] = {
    const CORNERS: u64 = macros::board_mask!(
        othello, "x......x", "........", "........", "........", "........", "........", "........",
        "x......x",
    );
    const X_SQUARES: u64 = macros::board_mask!(
        othello, "........", ".x....x.", "........", "........", "........", "........", ".x....x.",
        "........",
    );
    const C_SQUARES: u64 = macros::board_mask!(
        othello, ".x....x.", "x......x", "........", "........", "........", "........", "x......x",
        ".x....x.",
    );
    [CORNERS, !(CORNERS | X_SQUARES | C_SQUARES), C_SQUARES, X_SQUARES]
};

impl Game for Position {
    type Move = Move;
    type Undo = Position;
    type MoveList = OthelloMoveList;
    type MoveText = MoveText;

    #[inline]
    fn generate_moves(&self, moves: &mut OthelloMoveList) {
        moves.clear();
        let mut squares = self.moves();
        if squares == 0 {
            if self.must_pass() {
                moves.push(Move::PASS);
            }
            return;
        }
        while squares != 0 {
            moves.push(Move::at(Square::new(squares.trailing_zeros() as u8).unwrap_or_default()));
            squares &= squares - 1;
        }
    }

    #[inline]
    fn make_move(&mut self, mv: Move) -> Position {
        self.play(mv)
    }

    #[inline]
    fn unmake_move(&mut self, _mv: Move, undo: Position) {
        *self = undo;
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        match self.moves().count_ones() {
            0 => u64::from(self.must_pass()),
            count => u64::from(count),
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn move_text(&self, mv: Move) -> MoveText {
        MoveText(mv)
    }

    #[inline]
    fn evaluate(&self) -> Score {
        eval::evaluate(self)
    }

    type EvalCache = ();

    fn in_check(&self) -> bool {
        false
    }

    /// Othello has no captures to settle: quiescence stands pat.
    fn generate_tactical_moves(&self, moves: &mut OthelloMoveList) {
        moves.clear();
    }

    /// Every move (the pass included) is quiet.
    fn append_quiet_moves(&self, moves: &mut OthelloMoveList) {
        let mut all = OthelloMoveList::default();
        self.generate_moves(&mut all);
        for &mv in all.iter() {
            moves.push(mv);
        }
    }

    fn is_tactical(&self, _mv: Move) -> bool {
        false
    }

    fn tactical_order(&self, _mv: Move) -> i32 {
        0
    }

    fn see_at_least(&self, _mv: Move, _threshold: i32) -> bool {
        true
    }

    /// Every move's position evaluated statically, as the generic search's quiescence would (it
    /// has no moves to search in Othello), without its per-move machinery. A position that must
    /// pass, or is over, goes to the generic search.
    #[inline]
    fn search_above_horizon(&self, beta: Score, first: Option<Move>) -> Option<HorizonSearch<Move>> {
        let mut squares = self.moves();
        if squares == 0 {
            return None;
        }
        let mut found = HorizonSearch { score: -Score::INFINITE, cut_move: None, leaves: 0 };
        let children = eval::ChildEvaluator::new(self);
        let try_square = |square: u32, found: &mut HorizonSearch<Move>| {
            let mv = Move::at(Square::new(square as u8).unwrap_or_default());
            let mut child = *self;
            child.play(mv);
            found.leaves += 1;
            let score = -children.evaluate(&child);
            found.score = found.score.max(score);
            if score >= beta {
                found.cut_move = Some(mv);
                return true;
            }
            false
        };
        if let Some(square) = first.and_then(Move::square).filter(|square| squares & square.bit() != 0) {
            if try_square(square.index() as u32, &mut found) {
                return Some(found);
            }
            squares &= !square.bit();
        }
        for class in HORIZON_ORDER {
            let mut left = squares & class;
            while left != 0 {
                if try_square(left.trailing_zeros(), &mut found) {
                    return Some(found);
                }
                left &= left - 1;
            }
        }
        Some(found)
    }

    /// Called only when neither side can move: the game is over and the discs decide.
    fn no_move_score(&self, _ply: usize) -> Score {
        Score(self.final_score() * DISC)
    }

    fn is_rule_draw(&self) -> bool {
        false
    }

    /// Every move adds a disc: no position ever repeats.
    fn reversible_plies(&self) -> usize {
        0
    }

    #[inline]
    fn history_index(&self, mv: Move) -> usize {
        mv.index()
    }

    /// Square index plus one (0 means "no move" in the transposition table), 65 for a pass.
    fn encode_move(mv: Move) -> u16 {
        mv.index() as u16 + 1
    }

    fn decode_move(bits: u16) -> Move {
        Move::from_index(bits.saturating_sub(1).min(64) as u8)
    }

    /// Zugzwang is the rule in Othello: passing is never a safe probe.
    fn null_move_allowed(&self) -> bool {
        false
    }

    fn make_null_move(&mut self) -> Position {
        self.play(Move::PASS)
    }

    fn unmake_null_move(&mut self, undo: Position) {
        *self = undo;
    }
}
