//! The search's link to its caller's clock and stop request, and what the caller may change of
//! the search: in a leaf of its own, since every search file polls it.

use crate::score::Score;

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

/// A control that never stops a search early: only its [`Limits`](super::limits::Limits) (depth,
/// nodes, mate) end it (bench runs, self-play, tests).
pub struct LimitsOnly;

impl Control for LimitsOnly {
    fn should_stop(&self, _nodes: u64) -> bool {
        false
    }

    fn iteration_done(&self, _iteration: &Iteration) -> bool {
        false
    }
}
