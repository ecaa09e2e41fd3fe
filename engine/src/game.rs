//! The trait everything generic is written against: perft, the search and its repetition rules
//! here, the controller and self-play in the shell and the tuner. Chess, xiangqi and Othello
//! implement it, so each generic function is monomorphized per game, with no dynamic dispatch.
//!
//! [`Game`] holds the rules and what the search must know of them (moves, make/unmake, hashing,
//! outcomes, evaluation, which prunings are sound, how repetitions end). What was tuned rather
//! than dictated by the rules is each game's [`SearchProfile`], a supertrait, so that retuning a
//! game leaves this trait alone.

use crate::profile::SearchProfile;
use crate::score::Score;
use core::fmt::Display;
use core::ops::{Deref, DerefMut};

/// What [`Game::search_above_horizon`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HorizonSearch<M> {
    /// The best move's score (fail-soft: below `beta`, the best of all moves).
    pub score: Score,
    /// The move that reached `beta`, if one did.
    pub cut_move: Option<M>,
    /// Positions evaluated: the search counts each as a node.
    pub leaves: u64,
}

/// A two-player, perfect-information game position that can play and take back moves in place.
pub trait Game: Clone + SearchProfile {
    /// A move; small and `Copy` so move lists are flat arrays.
    type Move: Copy + Eq + Default + core::fmt::Debug;
    /// Everything `unmake_move` needs to restore the position exactly.
    type Undo: Copy;
    /// A fixed-capacity list big enough for the most moves any position of the game has.
    type MoveList: Default + Deref<Target = [Self::Move]> + DerefMut;
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

    /// The key [`Game::hash`] will have after `mv`, where the game can tell it cheaply before
    /// playing the move (`None` where it cannot). The search only prefetches the child's table
    /// entry with it, so it may be wrong for rare moves (a castling, a right lost); the sooner the
    /// prefetch starts, the less of the memory's latency the child's probe waits for.
    #[inline(always)]
    fn key_after(&self, _mv: Self::Move) -> Option<u64> {
        None
    }

    /// Protocol text of a move in this position.
    fn move_text(&self, mv: Self::Move) -> Self::MoveText;

    /// Static evaluation from the side to move's point of view.
    fn evaluate(&self) -> Score;

    /// Memory the evaluation keeps per search thread between calls (chess: the pawn cache, the
    /// network's accumulators and which evaluation to use), `()` where it keeps none. Its entries
    /// must be exact (never a stale or colliding answer), so it is never cleared and a fresh one
    /// is its `Default`.
    type EvalCache: Default + Send;

    /// [`Game::evaluate`] with the search thread's cache: the same score, possibly faster.
    #[inline(always)]
    fn evaluate_cached(&self, cache: &mut Self::EvalCache) -> Score {
        let _ = cache;
        self.evaluate()
    }

    /// The search starts from this position: the cache forgets the line it followed before (chess:
    /// the network's accumulators restart from this position, computed from scratch).
    #[inline(always)]
    fn set_eval_root(&self, cache: &mut Self::EvalCache) {
        let _ = cache;
    }

    /// [`Game::make_move`], telling the evaluation's cache what the move changed (chess: the
    /// network's accumulator stack gets a ply). The search makes its moves through these four, so
    /// the cache follows its line; they must pair up as make and unmake do.
    #[inline(always)]
    fn make_move_cached(&mut self, mv: Self::Move, cache: &mut Self::EvalCache) -> Self::Undo {
        let _ = cache;
        self.make_move(mv)
    }

    /// [`Game::unmake_move`], telling the evaluation's cache.
    #[inline(always)]
    fn unmake_move_cached(&mut self, mv: Self::Move, undo: Self::Undo, cache: &mut Self::EvalCache) {
        let _ = cache;
        self.unmake_move(mv, undo);
    }

    /// [`Game::make_null_move`], telling the evaluation's cache.
    #[inline(always)]
    fn make_null_move_cached(&mut self, cache: &mut Self::EvalCache) -> Self::Undo {
        let _ = cache;
        self.make_null_move()
    }

    /// [`Game::unmake_null_move`], telling the evaluation's cache.
    #[inline(always)]
    fn unmake_null_move_cached(&mut self, undo: Self::Undo, cache: &mut Self::EvalCache) {
        let _ = cache;
        self.unmake_null_move(undo);
    }

    /// A null-window node one ply above the horizon, searched by the game itself: each move's
    /// position scored by its static evaluation, `first` (the hash move) tried first, the search
    /// ending at the first score of at least `beta`. For a game whose horizon is the static
    /// evaluation alone (no quiescence moves) and whose search reads no static evaluation of such
    /// a node, where the generic loop (move ordering, a node entered, remembered and unmade per
    /// move) costs more than the evaluations themselves (Othello). `None` leaves the node to the
    /// search: the default, and a position without a move to play.
    #[inline(always)]
    fn search_above_horizon(
        &self,
        beta: Score,
        first: Option<Self::Move>,
    ) -> Option<HorizonSearch<Self::Move>> {
        let _ = (beta, first);
        None
    }

    /// What endgame tables say of this position, when the game has tables, they are loaded and
    /// they cover it at this `depth` (chess: Syzygy, asked through the cache's probe, see
    /// [`crate::chess::tablebase`]). The search trusts the verdict as it trusts a mate; `None`
    /// where the game has no tables.
    #[inline(always)]
    fn probe_endgame_tables(&self, cache: &mut Self::EvalCache, depth: i32) -> Option<TableVerdict> {
        let _ = (cache, depth);
        None
    }

    /// True if the side to move is in check: the search extends checks and never stands pat in check.
    fn in_check(&self) -> bool;

    /// The legal moves quiescence search looks at (captures and promotions in chess), into `moves`
    /// (cleared first).
    fn generate_tactical_moves(&self, moves: &mut Self::MoveList);

    /// The legal moves [`Game::generate_tactical_moves`] leaves out, appended to `moves`: the two
    /// together are [`Game::generate_moves`]'s. The search asks for them only once a node's
    /// captures are spent where the game's profile says so ([`Profile::staged_quiets`]).
    ///
    /// [`Profile::staged_quiets`]: crate::profile::Profile::staged_quiets
    fn append_quiet_moves(&self, moves: &mut Self::MoveList);

    /// True for a move that changes material; such moves are ordered by [`tactical_order`] and never
    /// become killers or history entries.
    ///
    /// [`tactical_order`]: Game::tactical_order
    fn is_tactical(&self, mv: Self::Move) -> bool;

    /// True if `mv` checks the opponent, read without playing it. Asked only where the game's
    /// profile sets [`Profile::spares_quiet_checks`]; a game that cannot tell answers `false`.
    ///
    /// [`Profile::spares_quiet_checks`]: crate::profile::Profile::spares_quiet_checks
    fn gives_check(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Ordering key of a tactical move, larger first (most valuable victim, least valuable attacker).
    fn tactical_order(&self, mv: Self::Move) -> i32;

    /// Static exchange evaluation: true if playing `mv` and the best exchange sequence on its target
    /// square wins at least `threshold` for the side to move.
    fn see_at_least(&self, mv: Self::Move, threshold: i32) -> bool;

    /// The score of a position in which the side to move has no legal move, `ply` plies from the root:
    /// mated when in check, otherwise as the game rules stalemate (a draw in chess).
    fn no_move_score(&self, ply: usize) -> Score;

    /// True if the position is drawn by a rule that needs no game history (fifty-move rule,
    /// insufficient material).
    fn is_rule_draw(&self) -> bool;

    /// Plies since the last irreversible move: how far back a repetition can be.
    fn reversible_plies(&self) -> usize;

    /// Slot of `mv` in the search's history tables; below [`HISTORY_SLOTS`].
    fn history_index(&self, mv: Self::Move) -> usize;

    /// The kind of piece the tactical move `mv` takes, below [`VICTIM_KINDS`], which with
    /// [`Game::history_index`] places it in the search's capture history. A tactical move that takes
    /// nothing (a chess promotion) has a kind of its own; a game without captures keeps the default.
    fn victim_kind(&self, _mv: Self::Move) -> usize {
        0
    }

    /// A key of the slow-changing part of the position that the evaluation tends to misjudge the
    /// same way, with the side to move (chess: the pawns; xiangqi: pawns, advisors and elephants),
    /// for the search's correction history; `None` where the game has none (Othello).
    fn correction_key(&self) -> Option<u64> {
        None
    }

    /// Keys of the rest of each side's pieces (chess: all but the pawns; xiangqi: the general,
    /// horses, chariots and cannons), first player's first, each with the side to move: the search
    /// corrects its evaluation by them beside [`Game::correction_key`], since an evaluation also
    /// misjudges the same placement of one side's pieces the same way. `None` where the game keys
    /// only its structure, or none (Othello).
    fn piece_correction_keys(&self) -> Option<[u64; 2]> {
        None
    }

    /// The move as 16 bits for the transposition table; [`Game::decode_move`] inverts it. A decoded
    /// move is only ever used after it was found among the legal moves, so collisions are harmless.
    fn encode_move(mv: Self::Move) -> u16;

    /// Inverse of [`Game::encode_move`].
    fn decode_move(bits: u16) -> Self::Move;

    /// True where a repetition is not always a draw: the side that checked with every move of the
    /// cycle loses (xiangqi). The search then tracks check status along its path.
    const PERPETUAL_CHECK_LOSES: bool = false;

    /// True if the side to move has a move that leads, without a capture or any other irreversible
    /// change, to the position whose key is `earlier` (the earlier position's side to move is the
    /// opponent). The search asks it of the positions played since the last irreversible move, to
    /// take a draw by repetition into account before it happens (see
    /// [`Game::DETECTS_UPCOMING_REPETITION`]). False where the game has no such test.
    fn reaches_in_one_move(&self, _earlier: u64) -> bool {
        false
    }

    /// True where [`Game::reaches_in_one_move`] is implemented and a repetition is always a draw
    /// (chess): a node whose side to move can repeat an earlier position with one move is then worth
    /// at least a draw to it before its moves are searched. Without it a transposition-table score
    /// stored where that repetition was not possible can hide it, and the engine walks into a draw
    /// by repetition from a won position (the graph-history interaction).
    const DETECTS_UPCOMING_REPETITION: bool = false;

    /// True where a repetition in which nobody checked throughout can still be lost, by chasing
    /// (xiangqi): the search then asks [`Game::judge_repetition_cycle`].
    const JUDGES_CHASES: bool = false;

    /// The verdict on a repetition of this position in which no side gave check with every one of
    /// its moves. `cycle` holds the moves from the earlier occurrence of this position back to it,
    /// oldest first, as [`Game::encode_move`] writes them; the position itself stands for the
    /// cycle's start (it is the same position). Only asked when [`Game::JUDGES_CHASES`] is true.
    fn judge_repetition_cycle(&self, _cycle: &[u16]) -> CycleVerdict {
        CycleVerdict::Draw
    }

    /// True if passing the move to the opponent is a sound pruning probe here (null-move pruning):
    /// false in games with zugzwang as the rule (Othello) and in chess positions likely to be one
    /// (the side to move has only king and pawns) or in check.
    fn null_move_allowed(&self) -> bool;

    /// Passes the turn (only called when [`Game::null_move_allowed`] said so).
    fn make_null_move(&mut self) -> Self::Undo;

    /// Takes back [`Game::make_null_move`].
    fn unmake_null_move(&mut self, undo: Self::Undo);
}

/// An endgame table's result of a position, seen from the side to move, the fifty-move rule
/// already applied or not as the user asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableVerdict {
    /// The side to move wins.
    Win,
    /// Drawn.
    Draw,
    /// The side to move loses.
    Loss,
}

/// How a repetition cycle ends the game, seen from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CycleVerdict {
    /// Nobody broke a repetition rule.
    Draw,
    /// The opponent broke a rule (chased perpetually, say) and loses.
    SideToMoveWins,
    /// The side to move broke a rule and loses.
    SideToMoveLoses,
}

pub use crate::footprint::{HISTORY_SLOTS, MAX_MOVES, VICTIM_KINDS};
