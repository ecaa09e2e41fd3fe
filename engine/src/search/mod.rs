//! The game-independent search, written once and monomorphized per game: no allocation and no
//! dynamic dispatch. Time, stop requests and output reach it through the small [`Control`] and
//! [`Reporter`] traits; what the game is, through [`Game`] and its [`SearchProfile`].
//!
//! One file per job, as in Stockfish and Viridithas:
//! - `iterative`: iterative deepening at the root, aspiration windows, MultiPV, reporting, and
//!   the entry point [`search`];
//! - `alpha_beta`: the principal variation search of every other node, with its pruning,
//!   reductions and extensions;
//! - `quiescence`: the search of captures at the horizon;
//! - `searcher`: one search's context and the steps alpha-beta and quiescence nodes share;
//! - `move_picker`: ordering keys and the selection of the next move;
//! - `histories`: killers, counter moves, butterfly, continuation and correction histories;
//! - `repetition`: the verdict on a repeated position (draws, perpetual check, chases);
//! - `state`: the per-thread memory all of these work in ([`SearchState`]);
//! - [`tt`]: the transposition table over a caller-provided slice;
//! - `tables`: the late-move reduction table `tablegen` builds.
//!
//! What each game tuned ([`Profile`]) is [`crate::profile`], re-exported here: the [`Game`] trait
//! needs it too, and it lives outside the search so that the game trait does not depend on the
//! search that depends on it.
//!
//! [`Game`]: crate::Game

mod alpha_beta;
mod histories;
mod iterative;
mod move_picker;
mod quiescence;
mod repetition;
mod searcher;
mod state;
mod tables;
pub mod tt;

pub use crate::profile::{DeepProbes, ProbCut, Profile, SearchProfile, Singular};
pub use iterative::search;
pub use state::SearchState;
pub use tt::{Bound, TranspositionTable, TtEntry};

use crate::score::Score;

/// What bounds one search, besides the [`Control`]'s clock and stop flag.
#[derive(Clone, Copy, Debug)]
pub struct Limits<'a, M> {
    /// Deepest iteration (plies); `None` for no limit.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is proved.
    pub mate: Option<u32>,
    /// Principal variations to report, best first (UCI `MultiPV`).
    pub multipv: usize,
    /// Only these root moves are searched (UCI `searchmoves`); empty for all.
    pub searchmoves: &'a [M],
    /// Apply the game's chase rule ([`crate::game::Game::JUDGES_CHASES`]); `false` scores a
    /// perpetual chase as a draw, for arbiters that do not judge chases.
    pub judge_chases: bool,
}

impl<M> Default for Limits<'_, M> {
    fn default() -> Self {
        Limits { depth: None, nodes: None, mate: None, multipv: 1, searchmoves: &[], judge_chases: true }
    }
}

/// How selective a search is, least first; each level keeps what the one below it uses. A level
/// below [`Selectivity::Full`] trades depth for fewer moves judged on a guess: the problems
/// composed to defeat selective searches want it. The transposition table, the check and singular
/// extensions and the quiescence search stay at every level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Selectivity {
    /// Every move to full depth: a plain principal variation search.
    None,
    /// Late-move reductions, which search late quiet moves shallower first and again at full
    /// depth where they turn out good: nothing is dropped for good.
    Reductions,
    /// Reductions and the null move, which ends a node where passing already fails high.
    NullMove,
    /// Everything the game's profile uses: also the pruning by static evaluation and move count
    /// (or Multi-ProbCut where the profile has it) and internal iterative reductions.
    #[default]
    Full,
}

/// The search's link to the clock and to the stop request of its caller, and what the caller
/// changes of the search itself: how selective it is and what a draw is worth. Those two default to
/// constants, the search the game's profile tuned; a control that keeps them costs the search
/// nothing, since every test of them folds away when the search is monomorphized for it.
pub trait Control {
    /// Polled every few thousand nodes with this thread's node count; `true` ends the search at
    /// once (a stop request, or the hard time limit).
    fn should_stop(&self, nodes: u64) -> bool;

    /// Asked after each completed iteration: `true` if another iteration should not be started (the
    /// soft time limit).
    fn iteration_done(&self, iteration: &Iteration) -> bool;

    /// Told when the iteration under way puts the last best move in doubt: the first line failed
    /// low, or another root move beat it. A clock that cuts iterations short once the best move
    /// looks settled lets such an iteration run on: its result may change the move.
    fn best_move_in_doubt(&self) {}

    /// Which of the game's prunings and reductions the search uses.
    #[inline(always)]
    fn selectivity(&self) -> Selectivity {
        Selectivity::Full
    }

    /// What a draw by rule or repetition is worth to the side to move at the root (its opponent
    /// values it the other way): 0 scores it as the draw it is; above 0 the engine steers into
    /// draws, below 0 it avoids them (contempt).
    #[inline(always)]
    fn draw_value(&self) -> Score {
        Score::DRAW
    }
}

/// What a completed iteration tells the clock about how settled the search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The iteration's depth.
    pub depth: u32,
    /// Nodes this thread has searched so far.
    pub nodes: u64,
    /// How many iterations in a row kept the best move (0: it just changed).
    pub stable_iterations: u32,
    /// The share of this search's root nodes spent under the best move, in per mille: high when
    /// the other moves were refuted quickly, low when they took work to refute.
    pub best_move_effort: u32,
}

/// One principal variation's report.
#[derive(Clone, Copy, Debug)]
pub struct SearchInfo<'a, M> {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// 1 for the best line, 2 for the second... (UCI `multipv`).
    pub multipv: usize,
    /// Score from the side to move.
    pub score: Score,
    /// `Exact`, or which bound the score is when an aspiration window failed.
    pub bound: Bound,
    /// Nodes searched by this thread.
    pub nodes: u64,
    /// Transposition-table fill in per mille.
    pub hashfull: u32,
    /// The principal variation, from the root.
    pub pv: &'a [M],
}

/// Receives the search's progress.
pub trait Reporter<M> {
    /// A principal variation was completed (or an aspiration window failed).
    fn report(&mut self, info: &SearchInfo<'_, M>);

    /// The root move the search is now looking at (1-based number in search order).
    fn current_move(&mut self, _depth: u32, _mv: M, _number: usize, _nodes: u64) {}
}

/// A reporter that discards everything (helper threads, tests, benchmarks).
pub struct Silent;

impl<M> Reporter<M> for Silent {
    fn report(&mut self, _info: &SearchInfo<'_, M>) {}
}

/// A control that never stops a search early: only its [`Limits`] (depth, nodes, mate) end it
/// (bench runs, self-play, tests).
pub struct LimitsOnly;

impl Control for LimitsOnly {
    fn should_stop(&self, _nodes: u64) -> bool {
        false
    }

    fn iteration_done(&self, _iteration: &Iteration) -> bool {
        false
    }
}

/// The result of a search.
#[derive(Clone, Copy, Debug)]
pub struct SearchOutcome<M> {
    /// The move to play; `None` only when the root has no legal move.
    pub best_move: Option<M>,
    /// The expected reply (the second move of the principal variation).
    pub ponder_move: Option<M>,
    /// Score of the best move from the side to move (the no-move score when there is none).
    pub score: Score,
    /// Last completed iteration.
    pub depth: u32,
    /// Nodes searched by this thread.
    pub nodes: u64,
    /// True when the stop request or the node limit cut the last iteration short (the move may
    /// come from an iteration that did not finish); false when the search ended on its own.
    pub interrupted: bool,
}
