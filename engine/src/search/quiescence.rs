//! Quiescence search: at the horizon, only the moves that change material (all moves in check),
//! until the position is quiet enough for its static evaluation to stand.

use super::control::Control;
use super::histories::Histories;
use super::searcher::Searcher;
use super::tt::Bound;
use crate::game::Game;
use crate::score::Score;

impl<G: Game, C: Control> Searcher<'_, '_, G, C> {
    pub(super) fn quiescence(
        &mut self,
        position: &mut G,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        // Quiescence alone tracks the deepest ply: every line the main search follows to its horizon
        // ends here.
        self.state.seldepth = self.state.seldepth.max(ply);
        if let Some(score) = self.enter_node(position, ply) {
            return score;
        }
        // Where the game's profile keeps the table out of the horizon, nothing here reads or
        // writes it, and the key is never computed.
        let uses_table = G::PROFILE.table_min_depth <= 0;
        let key = if uses_table { position.hash() } else { 0 };
        let hit = if uses_table { self.tt.probe(key) } else { None };
        if let Some(score) = hit.and_then(|hit| hit.cutoff(ply, alpha, beta)) {
            return score;
        }
        let in_check = position.in_check();
        let mut best_score = -Score::INFINITE;
        // What a table entry of this node keeps: the raw evaluation (none in check).
        let mut raw_eval = -Score::INFINITE;
        if in_check {
            position.generate_moves(&mut self.state.move_lists[ply]);
            if self.state.move_lists[ply].is_empty() {
                return Score::mated_in(ply);
            }
        } else {
            raw_eval =
                hit.map_or_else(|| position.evaluate_cached(&mut self.state.eval_cache), |hit| hit.eval);
            let stand_pat = self.state.histories.corrected(Histories::correction_slots(position), raw_eval);
            if stand_pat >= beta {
                if uses_table && hit.is_none() {
                    self.tt.store(key, 0, stand_pat.to_table(ply), raw_eval, 0, Bound::Lower);
                }
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            position.generate_tactical_moves(&mut self.state.move_lists[ply]);
        }
        let tt_move = hit.map(|hit| hit.mv).filter(|&mv| mv != 0);
        let mut scored = self.order_moves(position, tt_move, ply);
        let mut best_move = 0;
        let move_count = self.state.move_lists[ply].len();
        for index in 0..move_count {
            let mv = self.next_move(position, tt_move, ply, index, move_count, &mut scored);
            // Captures that lose material cannot raise a stand-pat score.
            if !in_check && self.state.move_keys[ply][index] < 0 {
                break;
            }
            let undo = self.make_move_prefetching(position, mv, uses_table);
            let score = -self.quiescence(position, ply + 1, -beta, -alpha);
            position.unmake_move_cached(mv, undo, &mut self.state.eval_cache);
            if self.stopped {
                return Score::DRAW;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = G::encode_move(mv);
                    self.update_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Depth 0 marks a quiescence result: the main search never takes it for a cut-off (its
        // depths start at 1), later quiescence searches of the same position do.
        let bound = if best_score >= beta { Bound::Lower } else { Bound::Upper };
        if uses_table {
            self.tt.store(key, best_move, best_score.to_table(ply), raw_eval, 0, bound);
        }
        best_score
    }
}
