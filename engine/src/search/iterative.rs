//! Iterative deepening: the root of a search. Each iteration searches the root moves one
//! principal variation at a time (MultiPV) within an aspiration window around the last score,
//! reports each line, and asks the [`Control`] whether to go on; lazy-SMP helpers skip some
//! iterations.

use super::control::{Control, Iteration};
use super::limits::Limits;
use super::repetition::remember_game;
use super::report::{Reporter, SearchInfo, SearchOutcome};
use super::searcher::Searcher;
use super::state::{RootMove, SearchState};
use super::tt::{Bound, TranspositionTable};
use crate::footprint::ROOT_MOVES;
use crate::game::Game;
use crate::history::PastPosition;
use crate::score::{Score, MAX_PLY};

/// Iteration skipping of lazy-SMP helpers: helper `i` uses entry `(i - 1) % 20` and skips `depth`
/// when `((depth + phase) / size)` is odd. The pattern is the one Stockfish used before version 12.
fn skips_depth(thread_index: usize, depth: u32) -> bool {
    const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    if thread_index == 0 {
        return false;
    }
    let slot = (thread_index - 1) % SIZE.len();
    (depth + PHASE[slot]) / SIZE[slot] % 2 == 1
}

/// Searches `root` within `limits` and returns the best move found.
///
/// `game_keys` are the positions played before the root, oldest first (the root itself excluded):
/// repetition detection needs them, and the perpetual-check rule their check status. `tt` may be
/// shared with other threads searching the same root (lazy SMP); `state` belongs to this thread.
pub fn search<G: Game, C: Control, R: Reporter<G::Move>>(
    root: &G,
    game_keys: &[PastPosition],
    limits: &Limits<'_, G::Move>,
    tt: &TranspositionTable<'_>,
    state: &mut SearchState<G>,
    control: &C,
    reporter: &mut R,
) -> SearchOutcome<G::Move> {
    let mut position = root.clone();
    remember_game(&mut state.keys, root, game_keys);
    state.nodes = 0;
    state.seldepth = 0;
    state.histories.age();

    position.set_eval_root(&mut state.eval_cache);
    let mut searcher = Searcher::new(state, tt, control, limits);
    searcher.init_root_moves(&position, limits.searchmoves);
    let root_count = searcher.state.root_count;
    if root_count == 0 {
        return SearchOutcome {
            best_move: None,
            ponder_move: None,
            score: position.no_move_score(0),
            depth: 0,
            nodes: 0,
            interrupted: false,
        };
    }

    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
    let multipv = limits.multipv.clamp(1, root_count);
    let mut completed_depth = 0;
    let mut stable_iterations = 0;
    let mut last_best = None;
    // The best move of the last completed iteration and the reply its line gave: what was
    // reported, and so what a GUI shows beside the `bestmove`.
    let mut reported_reply = None;
    // The lines the iteration a stop cut short had searched to the end.
    let mut lines_done = 0;
    for depth in 1..=max_depth {
        if depth > 1 && depth < max_depth && skips_depth(searcher.state.thread_index, depth) {
            continue;
        }
        for pv_index in 0..multipv {
            searcher.search_root_line(&mut position, depth as i32, pv_index, reporter);
            if searcher.stopped {
                lines_done = pv_index;
                break;
            }
        }
        if searcher.stopped {
            break;
        }
        completed_depth = depth;
        searcher.arm_node_limit();
        // Each line is searched with the lines before it fixed, so a later line can still come out
        // better than an earlier one: the lines are reported, and the next iteration starts, best
        // first.
        searcher.sort_root_range(0, multipv, |root| root.score);
        for moves in searcher.state.root_moves[..root_count].iter_mut() {
            moves.previous_score = moves.score;
        }
        for pv_index in 0..multipv {
            searcher.report_line(depth, pv_index, Bound::Exact, reporter);
        }
        let best = searcher.state.root_moves[0];
        // The root's own entry, so the table answers for it too (UCCI `probe`, the next search's
        // first move); not for a root restricted by `searchmoves`, whose best is not the position's.
        if limits.searchmoves.is_empty() {
            let static_eval = if position.in_check() {
                -Score::INFINITE
            } else {
                position.evaluate_cached(&mut searcher.state.eval_cache)
            };
            let bits = G::encode_move(best.mv);
            tt.store(position.hash(), bits, best.score.to_table(0), static_eval, depth as i32, Bound::Exact);
        }
        stable_iterations = if last_best == Some(best.mv) { stable_iterations + 1 } else { 0 };
        last_best = Some(best.mv);
        reported_reply = Some((best.mv, best.reply()));
        if let (Some(mate), Some(found)) = (limits.mate, best.score.mate_moves()) {
            if found > 0 && found as u32 <= mate {
                break;
            }
        }
        let root_nodes: u64 = searcher.state.root_moves[..root_count].iter().map(|root| root.nodes).sum();
        let iteration = Iteration {
            depth,
            nodes: searcher.state.nodes,
            stable_iterations,
            best_move_effort: (best.nodes * 1000 / root_nodes.max(1)) as u32,
        };
        if control.iteration_done(&iteration) {
            break;
        }
    }

    // The lines a stop cut short are reported as Stockfish reports them: those the unfinished
    // iteration searched to the end, best first, at its depth and with their new scores, the
    // first of them the move played. When it stopped inside the first line, a move that came to
    // the front there (it beat the last iteration's best one depth deeper) is weighed against the
    // move it displaced, which that line searched first, by the scores they have at the new
    // depth: an aspiration pass cut short leaves the displaced move with its score from an earlier
    // pass, and that can be the higher. The last lines shown then lead with the move played, and
    // no line below it at the same depth scores higher.
    let updated = if !searcher.stopped || completed_depth == 0 {
        0
    } else if lines_done > 0 {
        searcher.sort_root_range(0, lines_done, |root| root.score);
        lines_done
    } else {
        searcher.weigh_new_front_against(last_best).min(multipv)
    };
    for index in 0..updated {
        let score = searcher.state.root_moves[index].score;
        searcher.report_root_move(completed_depth + 1, index, index + 1, score, Bound::Exact, reporter);
    }
    let best = searcher.state.root_moves[0];
    // An iteration cut short may have searched the best move's line again and changed its reply
    // without reporting it: the reply stays the reported line's, so that the ponder move is the
    // second move of the line the GUI shows, as Stockfish's is. A line reported since brings its own.
    let ponder_move = match reported_reply {
        Some((mv, reply)) if mv == best.mv && updated == 0 => reply,
        _ => best.reply(),
    };
    SearchOutcome {
        best_move: Some(best.mv),
        ponder_move,
        // The last completed iteration's score, unless the best line was updated after it.
        score: if completed_depth == 0 || updated > 0 { best.score } else { best.previous_score },
        depth: completed_depth,
        nodes: searcher.state.nodes,
        interrupted: searcher.stopped,
    }
}

impl<G: Game, C: Control> Searcher<'_, '_, G, C> {
    fn init_root_moves(&mut self, position: &G, searchmoves: &[G::Move]) {
        let mut moves = G::MoveList::default();
        position.generate_moves(&mut moves);
        let tt_move = self.tt.probe(position.hash()).map(|hit| hit.mv);
        let mut count = 0;
        for &mv in moves.iter() {
            if !searchmoves.is_empty() && !searchmoves.contains(&mv) {
                continue;
            }
            if count == ROOT_MOVES {
                break;
            }
            let order = if Some(G::encode_move(mv)) == tt_move {
                Score::INFINITE.0
            } else if position.is_tactical(mv) {
                position.tactical_order(mv)
            } else {
                -Score::INFINITE.0
            };
            let root = &mut self.state.root_moves[count];
            root.mv = mv;
            root.score = -Score::INFINITE;
            root.previous_score = Score(order);
            root.pv[0] = mv;
            root.pv_len = 1;
            root.nodes = 0;
            count += 1;
        }
        self.state.root_count = count;
        self.sort_root_moves(0, |root| root.previous_score);
        for root in &mut self.state.root_moves[..count] {
            root.previous_score = -Score::INFINITE;
        }
    }

    /// After a stop inside the first line: when a move other than `last_best` came to the front,
    /// brings `last_best` right behind it (unless a later pass of the window left it unscored) and
    /// orders the two by score. Returns how many root moves lead with a score at the new depth.
    fn weigh_new_front_against(&mut self, last_best: Option<G::Move>) -> usize {
        let root_moves = &mut self.state.root_moves[..self.state.root_count];
        if Some(root_moves[0].mv) == last_best {
            return 0;
        }
        let displaced = root_moves.iter().position(|root| Some(root.mv) == last_best);
        match displaced.filter(|&index| root_moves[index].score > -Score::INFINITE) {
            Some(index) => {
                root_moves[1..=index].rotate_right(1);
                self.sort_root_range(0, 2, |root| root.score);
                2
            }
            None => 1,
        }
    }

    /// Stable insertion sort of `root_moves[from..]`, best key first (few moves, mostly in order).
    fn sort_root_moves(&mut self, from: usize, key: impl Fn(&RootMove<G::Move>) -> Score) {
        self.sort_root_range(from, self.state.root_count, key);
    }

    /// The same for `root_moves[from..to]`.
    fn sort_root_range(&mut self, from: usize, to: usize, key: impl Fn(&RootMove<G::Move>) -> Score) {
        let moves = &mut self.state.root_moves[from..to];
        for i in 1..moves.len() {
            let mut j = i;
            while j > 0 && key(&moves[j - 1]) < key(&moves[j]) {
                moves.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// One principal variation of one iteration, with an aspiration window around the last score.
    fn search_root_line<R: Reporter<G::Move>>(
        &mut self,
        position: &mut G,
        depth: i32,
        pv_index: usize,
        reporter: &mut R,
    ) {
        let previous = self.state.root_moves[pv_index].previous_score;
        let mut delta = super::tunables::aspiration_delta();
        let (mut alpha, mut beta) = if depth >= 5 && !previous.is_mate() && previous > -Score::INFINITE {
            (previous - delta, previous + delta)
        } else {
            (-Score::INFINITE, Score::INFINITE)
        };
        loop {
            let score = self.search_root(position, depth, pv_index, alpha, beta, reporter);
            if self.stopped {
                return;
            }
            self.sort_root_moves(pv_index, |root| root.score);
            if score <= alpha {
                if pv_index == 0 {
                    self.control.best_move_in_doubt();
                }
                beta = Score((alpha.0 + beta.0) / 2);
                alpha = Score((score.0 - delta).max(-Score::INFINITE.0));
                self.report_line(depth as u32, pv_index, Bound::Upper, reporter);
            } else if score >= beta {
                beta = Score((score.0 + delta).min(Score::INFINITE.0));
                self.report_line(depth as u32, pv_index, Bound::Lower, reporter);
            } else {
                return;
            }
            delta += delta;
        }
    }

    fn report_line<R: Reporter<G::Move>>(&self, depth: u32, pv_index: usize, bound: Bound, reporter: &mut R) {
        let root = &self.state.root_moves[pv_index];
        let score = if bound == Bound::Exact && depth > 0 { root.previous_score } else { root.score };
        self.report_root_move(depth, pv_index, pv_index + 1, score, bound, reporter);
    }

    /// The line of the root move at `index`, as line `multipv`, with `score`.
    fn report_root_move<R: Reporter<G::Move>>(
        &self,
        depth: u32,
        index: usize,
        multipv: usize,
        score: Score,
        bound: Bound,
        reporter: &mut R,
    ) {
        let root = &self.state.root_moves[index];
        reporter.report(&SearchInfo {
            depth,
            seldepth: self.state.seldepth as u32,
            multipv,
            score,
            bound,
            nodes: self.state.nodes,
            hashfull: self.tt.hashfull(),
            pv: &root.pv[..root.pv_len],
        });
    }

    fn search_root<R: Reporter<G::Move>>(
        &mut self,
        position: &mut G,
        depth: i32,
        pv_index: usize,
        mut alpha: Score,
        beta: Score,
        reporter: &mut R,
    ) -> Score {
        let mut best_score = -Score::INFINITE;
        for index in pv_index..self.state.root_count {
            let mv = self.state.root_moves[index].mv;
            let nodes_before = self.state.nodes;
            reporter.current_move(depth as u32, mv, index + 1, self.state.nodes);
            let history_slot = position.history_index(mv);
            let undo = self.enter_child(position, mv, 0, history_slot, 0, true);
            let mut score;
            if index == pv_index {
                score = -self.alpha_beta(position, depth - 1, 1, -beta, -alpha, true, true);
            } else {
                score = -self.alpha_beta(position, depth - 1, 1, -alpha - 1, -alpha, false, true);
                if score > alpha && score < beta && !self.stopped {
                    score = -self.alpha_beta(position, depth - 1, 1, -beta, -alpha, true, true);
                }
            }
            self.leave_child(position, mv, undo);
            self.state.root_moves[index].nodes += self.state.nodes - nodes_before;
            if self.stopped {
                // A move that already beat the first one with a full window is better even though the
                // iteration did not finish: keep it in front.
                return best_score;
            }
            let root = &mut self.state.root_moves[index];
            if score > alpha || index == pv_index {
                root.score = score;
                root.pv[0] = mv;
                let child_len = self.state.pv_len[1].max(1);
                for ply in 1..child_len {
                    root.pv[ply] = self.state.pv[1][ply];
                }
                root.pv_len = child_len;
            } else {
                root.score = -Score::INFINITE;
            }
            if score > best_score {
                best_score = score;
            }
            if score > alpha {
                alpha = score;
                if index != pv_index {
                    // Move the new best right behind the lines already fixed, so that a stop keeps it.
                    self.state.root_moves[pv_index..=index].rotate_right(1);
                    if pv_index == 0 {
                        self.control.best_move_in_doubt();
                    }
                }
                if score >= beta {
                    break;
                }
            }
        }
        best_score
    }
}

#[cfg(test)]
mod tests {
    use crate::search::iterative::skips_depth;

    #[test]
    fn the_main_thread_searches_every_depth_and_helpers_spread_out() {
        assert!((1..40).all(|depth| !skips_depth(0, depth)));
        // The first two helpers take turns; together with the main thread every depth is covered
        // twice.
        for depth in 1..40 {
            assert_ne!(skips_depth(1, depth), skips_depth(2, depth), "depth {depth}");
        }
        // Every helper still searches some depths.
        for helper in 1..=64 {
            assert!((1..40).any(|depth| !skips_depth(helper, depth)), "helper {helper}");
        }
    }
}
