//! The small trait the generic parts of the engine (perft today; search, hashing and time control
//! later) are written against. Chess implements it now; xiangqi and Othello will implement the same
//! trait, so everything generic is monomorphized per game with no dynamic dispatch.

use core::fmt::Display;
use core::ops::Deref;

/// A two-player, perfect-information game position that can play and take back moves in place.
pub trait Game: Clone {
    /// A move; small and `Copy` so move lists are flat arrays.
    type Move: Copy + Eq + Default + core::fmt::Debug;
    /// Everything `unmake_move` needs to restore the position exactly.
    type Undo: Copy;
    /// A fixed-capacity list big enough for the most moves any position of the game has.
    type MoveList: Default + Deref<Target = [Self::Move]>;
    /// How a move is written in the game's protocol (UCI coordinates, NBoard squares...).
    type MoveText: Display;

    /// Every legal move, into `moves` (cleared first). Games with passes (Othello) list the pass as a
    /// move when it is the only one, so perft counts it as the protocol's reference tools do.
    fn generate_moves(&self, moves: &mut Self::MoveList);

    /// Plays a legal move.
    fn make_move(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back the move that returned `undo`.
    fn unmake_move(&mut self, mv: Self::Move, undo: Self::Undo);

    /// Number of legal moves. Games override this with a counter that skips building the list: it is
    /// the whole last ply of perft.
    fn count_moves(&self) -> u64 {
        let mut moves = Self::MoveList::default();
        self.generate_moves(&mut moves);
        moves.len() as u64
    }

    /// Zobrist key of the position (board, side to move and whatever else decides legal moves).
    fn hash(&self) -> u64;

    /// Protocol text of a move in this position.
    fn move_text(&self, mv: Self::Move) -> Self::MoveText;
}
