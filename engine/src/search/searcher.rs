//! One search's working context, shared by the files that search: the thread's [`SearchState`],
//! the shared table and the stop machinery; and the steps every node takes, alpha-beta's and
//! quiescence's alike, written once.

use super::control::{Control, Selectivity};
use super::limits::Limits;
use super::state::SearchState;
use super::tt::TranspositionTable;
use crate::game::Game;
use crate::history::NO_MOVE;
use crate::score::{Score, MAX_PLY};

/// Nodes between two polls of [`Control::should_stop`].
const POLL_INTERVAL: u64 = 2048;

/// One search by one thread.
pub(super) struct Searcher<'a, 't, G: Game, C: Control> {
    pub(super) state: &'a mut SearchState<G>,
    pub(super) tt: &'a TranspositionTable<'t>,
    pub(super) control: &'a C,
    /// The `nodes` limit, armed by [`Searcher::arm_node_limit`] once the first iteration is
    /// complete: a move and score from a finished depth-1 search are always at hand, as Stockfish
    /// gives them even to `go nodes 1` (a limit cut inside that iteration would answer with
    /// whatever root move happened to come first, and a score the search never gave it).
    node_limit: u64,
    armed_node_limit: u64,
    next_poll: u64,
    /// Set once the search must end: every node then returns at once, and the scores it returns
    /// are not to be used.
    pub(super) stopped: bool,
    /// [`Limits::judge_chases`].
    pub(super) judge_chases: bool,
}

impl<'a, 't, G: Game, C: Control> Searcher<'a, 't, G, C> {
    pub(super) fn new(
        state: &'a mut SearchState<G>,
        tt: &'a TranspositionTable<'t>,
        control: &'a C,
        limits: &Limits<'_, G::Move>,
    ) -> Self {
        Searcher {
            state,
            tt,
            control,
            node_limit: u64::MAX,
            armed_node_limit: limits.nodes.unwrap_or(u64::MAX),
            next_poll: POLL_INTERVAL,
            stopped: false,
            judge_chases: limits.judge_chases,
        }
    }
}

impl<G: Game, C: Control> Searcher<'_, '_, G, C> {
    /// Applies the `nodes` limit from now on (after the first completed iteration).
    pub(super) fn arm_node_limit(&mut self) {
        self.node_limit = self.armed_node_limit;
    }

    /// What every node does first: empty its principal variation, count itself, poll the stop
    /// request, and end at once when the search is stopped, the line is as long as the arrays
    /// allow, or the position is drawn by a rule that needs no history. Returns the node's score
    /// when it ends here.
    #[inline(always)]
    pub(super) fn enter_node(&mut self, position: &G, ply: usize) -> Option<Score> {
        self.state.pv_len[ply] = ply;
        // A stopped search still unwinds through re-searches: they must not count nodes past the
        // limit.
        if self.stopped {
            return Some(Score::DRAW);
        }
        self.state.nodes += 1;
        self.poll();
        if self.stopped {
            return Some(Score::DRAW);
        }
        if ply >= MAX_PLY - 1 {
            return Some(position.evaluate_cached(&mut self.state.eval_cache));
        }
        if position.is_rule_draw() {
            return Some(self.draw_score(ply));
        }
        None
    }

    /// A draw `ply` plies from the root, from the side to move there: [`Control::draw_value`] for
    /// the root's side, the opposite for the other.
    #[inline(always)]
    pub(super) fn draw_score(&self, ply: usize) -> Score {
        let draw = self.control.draw_value().0;
        Score(if ply.is_multiple_of(2) { draw } else { -draw })
    }

    /// [`Control::selectivity`].
    #[inline(always)]
    pub(super) fn selectivity(&self) -> Selectivity {
        self.control.selectivity()
    }

    #[inline]
    fn poll(&mut self) {
        if self.state.nodes >= self.next_poll {
            self.next_poll = self.state.nodes + POLL_INTERVAL;
            if self.control.should_stop(self.state.nodes) {
                self.stopped = true;
            }
        }
        if self.state.nodes >= self.node_limit {
            self.stopped = true;
        }
    }

    /// Plays `mv` from the node at `ply` and records what the child's search reads of the line that
    /// reached it: its key for repetitions, `history_slot` (the move's, see
    /// [`Game::history_index`]) for its continuation histories, and the `double_extensions` spent
    /// on the way. `prefetch` starts loading the child's table entry, for a child that will probe
    /// it. [`Self::leave_child`] takes the move back.
    #[inline(always)]
    pub(super) fn enter_child(
        &mut self,
        position: &mut G,
        mv: G::Move,
        ply: usize,
        history_slot: usize,
        double_extensions: u8,
        prefetch: bool,
    ) -> G::Undo {
        let undo = self.make_move_prefetching(position, mv, prefetch);
        self.remember(position, G::encode_move(mv));
        self.state.played[ply + 1] = Some(history_slot);
        self.state.double_extensions[ply + 1] = double_extensions;
        undo
    }

    /// Plays `mv`, and with `prefetch` starts loading the child's table entry: before the move
    /// where the game can tell the key it reaches ([`Game::key_after`]), so that less of the
    /// memory's latency is left for the child's probe to wait for, else after it.
    #[inline(always)]
    pub(super) fn make_move_prefetching(&mut self, position: &mut G, mv: G::Move, prefetch: bool) -> G::Undo {
        let early_key = if prefetch { position.key_after(mv) } else { None };
        if let Some(key) = early_key {
            self.tt.prefetch(key);
        }
        let undo = position.make_move_cached(mv, &mut self.state.eval_cache);
        if prefetch && early_key.is_none() {
            self.tt.prefetch(position.hash());
        }
        undo
    }

    /// Takes back the move [`Self::enter_child`] played.
    #[inline(always)]
    pub(super) fn leave_child(&mut self, position: &mut G, mv: G::Move, undo: G::Undo) {
        self.state.keys.pop();
        position.unmake_move_cached(mv, undo, &mut self.state.eval_cache);
    }

    /// [`Self::enter_child`] for the null move: no move reached the child, so it has no history
    /// slot, and no extension was spent on it.
    #[inline(always)]
    pub(super) fn enter_null_child(&mut self, position: &mut G, ply: usize) -> G::Undo {
        let undo = position.make_null_move_cached(&mut self.state.eval_cache);
        self.tt.prefetch(position.hash());
        self.remember(position, NO_MOVE);
        self.state.played[ply + 1] = None;
        self.state.double_extensions[ply + 1] = self.state.double_extensions[ply];
        undo
    }

    /// Takes back the null move [`Self::enter_null_child`] played.
    #[inline(always)]
    pub(super) fn leave_null_child(&mut self, position: &mut G, undo: G::Undo) {
        self.state.keys.pop();
        position.unmake_null_move_cached(undo, &mut self.state.eval_cache);
    }

    /// Makes `mv` followed by the principal variation of `ply + 1` the principal variation of `ply`.
    pub(super) fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let child_len = self.state.pv_len[ply + 1].max(ply + 1);
        self.state.pv[ply][ply] = mv;
        for index in ply + 1..child_len {
            self.state.pv[ply][index] = self.state.pv[ply + 1][index];
        }
        self.state.pv_len[ply] = child_len;
    }
}
