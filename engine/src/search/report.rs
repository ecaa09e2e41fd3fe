//! What a search tells its caller: progress while it runs, the outcome when it ends.

use super::tt::Bound;
use crate::score::Score;

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
