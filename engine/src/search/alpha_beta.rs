//! The main search: principal variation search over alpha-beta, with the transposition table,
//! pruning (reverse futility, null move, capture ProbCut, futility, late-move, history and SEE
//! pruning, or Multi-ProbCut where the game's profile asks for it), internal iterative
//! reductions, singular extensions and late-move reductions. A control that asks for less
//! [`Selectivity`] leaves them out level by level; the default, `Full`, is the search the game's
//! profile tuned.

use super::control::{Control, Selectivity};
use super::histories::{continuation_rows, CorrectionSlots, Histories};
use super::move_picker::COUNTER_MOVE_KEY;
use super::searcher::Searcher;
use super::tables::lmr_reduction;
use super::tt::Bound;
use super::tunables;
use crate::game::{Game, TableVerdict};
use crate::profile::ProbCut;
use crate::score::{Score, MAX_PLY};

/// Most double extensions on one line.
const MAX_DOUBLE_EXTENSIONS: u8 = 8;
/// Capture ProbCut: the shallowest node it probes, how far above beta a capture must hold (less
/// when the side to move is improving), and how many plies shallower than the node's children the
/// probe searches (the depth its cut-off is stored at is the node's less this).
const PROBCUT_MIN_DEPTH: i32 = 5;
const PROBCUT_MARGIN: i32 = 160;
const PROBCUT_IMPROVING_BONUS: i32 = 50;
const PROBCUT_REDUCTION: i32 = 3;

impl<G: Game, C: Control> Searcher<'_, '_, G, C> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn alpha_beta(
        &mut self,
        position: &mut G,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        pv_node: bool,
        null_allowed: bool,
    ) -> Score {
        let in_check = position.in_check();
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiescence(position, ply, alpha, beta);
        }
        if let Some(score) = self.enter_node(position, ply) {
            return score;
        }
        if let Some(score) = self.repetition_score(position, ply) {
            return score;
        }
        // Mate distance pruning: no line from here can beat a mate already found nearer the root.
        alpha = alpha.max(Score::mated_in(ply));
        beta = beta.min(Score::mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        // A repetition the side to move can play at once is worth a draw to it, whatever the table
        // says about this node (see `Game::DETECTS_UPCOMING_REPETITION`).
        if G::DETECTS_UPCOMING_REPETITION && ply > 0 && alpha < Score::DRAW && self.can_repeat(position, ply)
        {
            alpha = Score::DRAW;
            if alpha >= beta {
                return alpha;
            }
        }

        let key = position.hash();
        // A singular-extension search of this node leaves one move out: its result says nothing
        // about the node as a whole, so it neither takes nor leaves a table entry. Nor does a node
        // shallower than the game's profile keeps the table for.
        let excluded = self.state.excluded[ply];
        let uses_table = excluded.is_none() && depth >= G::PROFILE.table_min_depth;
        let hit = if uses_table { self.tt.probe(key) } else { None };
        // What endgame tables proved of this node, where they did not settle it.
        let (mut table_floor, mut table_ceiling) = (-Score::INFINITE, Score::INFINITE);
        let tt_move = hit.map(|hit| hit.mv).filter(|&mv| mv != 0);
        if let Some(score) =
            hit.filter(|hit| !pv_node && hit.depth >= depth).and_then(|hit| hit.cutoff(ply, alpha, beta))
        {
            return score;
        }
        // Endgame tables: a win or loss bounds the node (a draw is exact), kept in the table
        // deeper than any search would reach here, since no search of this node can do better.
        if excluded.is_none() {
            if let Some(verdict) = position.probe_endgame_tables(&mut self.state.eval_cache, depth) {
                let (score, bound) = match verdict {
                    TableVerdict::Win => (Score::table_win_in(ply), Bound::Lower),
                    TableVerdict::Loss => (-Score::table_win_in(ply), Bound::Upper),
                    TableVerdict::Draw => (self.draw_score(ply), Bound::Exact),
                };
                let decisive = match bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if decisive {
                    let table_depth = (depth + 6).min(MAX_PLY as i32 - 1);
                    // The entry's evaluation is the node's own, as every entry's is (a later
                    // visit that does not probe prunes by it).
                    let eval = if in_check {
                        -Score::INFINITE
                    } else {
                        hit.map_or_else(
                            || position.evaluate_cached(&mut self.state.eval_cache),
                            |hit| hit.eval,
                        )
                    };
                    self.tt.store(key, 0, score.to_table(ply), eval, table_depth, bound);
                    return score;
                }
                // Inside the window: search on, but no worse than a win (or no better than a loss).
                match bound {
                    Bound::Lower => {
                        table_floor = score;
                        alpha = alpha.max(score);
                    }
                    _ => table_ceiling = score,
                }
            }
        }
        // A null-window node just above the horizon that the game searches itself (see
        // `Game::search_above_horizon`): no static evaluation of its own, so its entry keeps none.
        if depth == 1 && !pv_node && excluded.is_none() {
            if let Some(found) = position.search_above_horizon(beta, tt_move.map(G::decode_move)) {
                self.state.nodes += found.leaves;
                self.state.seldepth = self.state.seldepth.max(ply + 1);
                let score = found.score.clamp(table_floor, table_ceiling);
                if uses_table {
                    let bound = if score >= beta { Bound::Lower } else { Bound::Upper };
                    let move_bits = found.cut_move.map_or(0, G::encode_move);
                    self.tt.store(key, move_bits, score.to_table(ply), -Score::INFINITE, depth, bound);
                }
                return score;
            }
        }
        // The table keeps the raw evaluation (none, -INFINITE, where the node was in check or
        // searched without one); the search prunes by the corrected one.
        let raw_eval = if in_check {
            -Score::INFINITE
        } else {
            match hit {
                Some(hit) if hit.eval != -Score::INFINITE => hit.eval,
                _ => position.evaluate_cached(&mut self.state.eval_cache),
            }
        };
        let correction_slots =
            if in_check { CorrectionSlots::default() } else { Histories::correction_slots(position) };
        let static_eval =
            if in_check { raw_eval } else { self.state.histories.corrected(correction_slots, raw_eval) };
        self.state.static_evals[ply] = static_eval;
        // Improving: the side to move stands better than two plies ago, so pruning can be bolder
        // when it is not.
        let improving = !in_check && ply >= 2 && static_eval > self.state.static_evals[ply - 2];

        // The chess-tuned pruning by static evaluation and move count, or Multi-ProbCut in its place,
        // and the null move that goes with the former, as far as the selectivity asked for allows.
        let full = self.selectivity() == Selectivity::Full;
        let shallow_pruning = G::PROFILE.probcut.is_none() && full;
        let null_move = G::PROFILE.probcut.is_none() && self.selectivity() >= Selectivity::NullMove;
        // What the pruning below judges the node by: the static evaluation, or the table's score
        // where its bound says the node is worth more (or less) than that, since a search saw further.
        let eval = match hit {
            Some(hit) if null_move && !in_check && excluded.is_none() => {
                let tt_score = hit.score.from_table(ply);
                let sharper = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => tt_score > static_eval,
                    Bound::Upper => tt_score < static_eval,
                };
                if sharper && !tt_score.is_mate() {
                    tt_score
                } else {
                    static_eval
                }
            }
            _ => static_eval,
        };
        if null_move && !pv_node && !in_check && !beta.is_mate() && excluded.is_none() {
            // Reverse futility: far enough above beta that a shallow search will not come back down.
            if shallow_pruning
                && depth <= tunables::reverse_futility_depth()
                && eval - tunables::reverse_futility_margin() * (depth - i32::from(improving)) >= beta
            {
                return eval;
            }
            // Null move: if passing still fails high, a real move surely does.
            if null_allowed && depth >= 3 && eval >= beta && position.null_move_allowed() {
                let reduction = tunables::null_move_base()
                    + depth / tunables::null_move_depth_divisor()
                    + ((eval.0 - beta.0) / tunables::null_move_eval_divisor()).min(3);
                let undo = self.enter_null_child(position, ply);
                let score = -self.alpha_beta(
                    position,
                    depth - 1 - reduction,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                    false,
                );
                self.leave_null_child(position, undo);
                if self.stopped {
                    return Score::DRAW;
                }
                if score >= beta {
                    // Deep cut-offs are verified without null moves, against zugzwang.
                    if depth < 10 {
                        return if score.is_mate() { beta } else { score };
                    }
                    let verified =
                        self.alpha_beta(position, depth - 1 - reduction, ply, beta - 1, beta, false, false);
                    if self.stopped {
                        return Score::DRAW;
                    }
                    if verified >= beta {
                        return if score.is_mate() { beta } else { score };
                    }
                }
            }
        }

        if let Some(probcut) = G::PROFILE.probcut {
            if full && !pv_node && !in_check && depth >= probcut.min_depth && excluded.is_none() {
                if let Some(score) = self.probcut(position, depth, ply, alpha, beta, static_eval) {
                    return score;
                }
                if self.stopped {
                    return Score::DRAW;
                }
            }
        }

        // Capture ProbCut (Stockfish's): a capture that wins enough material to stay well above
        // beta in a quiescence search and then in a search three plies shallower than the node's
        // children refutes the node without the full search.
        if shallow_pruning
            && !pv_node
            && !in_check
            && depth >= PROBCUT_MIN_DEPTH
            && excluded.is_none()
            && !beta.is_mate()
        {
            let probcut_beta = beta + PROBCUT_MARGIN - PROBCUT_IMPROVING_BONUS * i32::from(improving);
            // A table entry as deep as a probe's cut-off that says the node stays below the
            // probe's bound makes the probe pointless.
            let refuted = hit.is_some_and(|hit| {
                hit.depth >= depth - PROBCUT_REDUCTION
                    && hit.bound != Bound::Lower
                    && hit.score.from_table(ply) < probcut_beta
            });
            if !refuted {
                let see_threshold = probcut_beta.0 - static_eval.0;
                let found = self.capture_probcut(position, depth, ply, tt_move, probcut_beta, see_threshold);
                if let Some((score, mv)) = found {
                    if uses_table {
                        let bits = G::encode_move(mv);
                        let table_depth = depth - PROBCUT_REDUCTION;
                        self.tt.store(key, bits, score.to_table(ply), raw_eval, table_depth, Bound::Lower);
                    }
                    return score;
                }
                if self.stopped {
                    return Score::DRAW;
                }
            }
        }

        // Internal iterative reduction: without a hash move this node was never searched well;
        // searching it a little shallower first is cheaper than ordering it badly at full depth.
        let depth = if shallow_pruning && tt_move.is_none() && depth >= 4 && excluded.is_none() {
            depth - 1
        } else {
            depth
        };

        // Singular extension: when the hash move held a good lower bound and every other move,
        // searched shallower against a margin below that bound, fails low, the hash move is the only
        // good one here and earns a ply more. When even the others reach beta, the node is
        // cut (multi-cut): several moves refute it.
        let mut singular_extension = 0;
        if let Some((hit, singular)) = hit.zip(G::PROFILE.singular).filter(|(hit, singular)| {
            depth >= singular.min_depth
                && hit.mv != 0
                && hit.depth >= depth - 3
                && hit.bound != Bound::Upper
                && !hit.score.is_mate()
        }) {
            let tt_score = hit.score.from_table(ply);
            let singular_beta = tt_score - singular.margin * depth;
            self.state.excluded[ply] = Some(hit.mv);
            let score = self.alpha_beta(
                position,
                (depth - 1) / 2,
                ply,
                singular_beta - 1,
                singular_beta,
                false,
                true,
            );
            self.state.excluded[ply] = None;
            if self.stopped {
                return Score::DRAW;
            }
            if score < singular_beta {
                // Far below: the hash move is all this node has, worth two plies (a bounded number
                // of times on one line).
                let double = shallow_pruning
                    && !pv_node
                    && score < singular_beta - tunables::double_extension_margin()
                    && self.state.double_extensions[ply] < MAX_DOUBLE_EXTENSIONS;
                singular_extension = if double { 2 } else { 1 };
            } else if full && singular_beta >= beta {
                return singular_beta;
            } else if shallow_pruning && tt_score >= beta {
                // Not singular, and the table expects a cut-off anyway: other moves can cut too, so
                // the hash move gets a ply less.
                singular_extension = -1;
            }
        }

        // Outside check, where the profile stages them, the quiet moves wait until the hash move
        // and the winning captures are spent, unless the hash move is one of them or there is
        // nothing else.
        let mut quiets_pending = G::PROFILE.staged_quiets && !in_check;
        let moves = &mut self.state.move_lists[ply];
        if quiets_pending {
            position.generate_tactical_moves(moves);
            let tt_move_quiet = tt_move.is_some_and(|tt| moves.iter().all(|&mv| G::encode_move(mv) != tt));
            if moves.is_empty() || tt_move_quiet {
                position.append_quiet_moves(moves);
                quiets_pending = false;
            }
        } else {
            position.generate_moves(moves);
        }
        let mut move_count = moves.len();
        if move_count == 0 {
            return position.no_move_score(ply);
        }
        let mut scored = self.order_moves(position, tt_move, ply);

        let mut tried = 0;
        let mut best_score = -Score::INFINITE;
        let mut best_move = None;
        let mut bound = Bound::Upper;
        let mut quiets_tried = [G::Move::default(); 32];
        let mut quiet_count = 0;
        // The capture-history slots of the captures searched so far.
        let mut captures_tried = [0usize; 32];
        let mut capture_count = 0;
        let late_move_limit = (tunables::late_move_base() + depth * depth) / (2 - i32::from(improving));
        let futile = shallow_pruning
            && !pv_node
            && !in_check
            && depth <= 6
            && eval + tunables::futility_base() + tunables::futility_margin() * depth <= alpha;
        let reduces = self.selectivity() >= Selectivity::Reductions;
        for index in 0.. {
            // Futility would drop every quiet move as it came up: none is generated, or only the
            // checks where the game spares them.
            let futility_prunes = futile && best_score > -Score::MATE_BOUND;
            if quiets_pending && futility_prunes && !G::PROFILE.spares_quiet_checks {
                quiets_pending = false;
            }
            let Some(mv) = self.next_staged_move(
                position,
                tt_move,
                ply,
                index,
                &mut move_count,
                &mut scored,
                &mut quiets_pending,
                futility_prunes && G::PROFILE.spares_quiet_checks,
            ) else {
                break;
            };
            let key = self.state.move_keys[ply][index];
            if excluded == Some(G::encode_move(mv)) {
                continue;
            }
            let tactical = position.is_tactical(mv);
            // Shallow pruning, once some move has saved the node from a mated score.
            if shallow_pruning && !pv_node && !in_check && best_score > -Score::MATE_BOUND {
                let spares_checks = G::PROFILE.spares_quiet_checks;
                if !tactical {
                    // Every remaining quiet move is pruned with this one: dropped from the list,
                    // so the loop sees only the captures left (and the checks, where the game
                    // spares them from futility).
                    if (futile && !spares_checks) || (depth <= 6 && quiet_count as i32 >= late_move_limit) {
                        move_count = self.drop_quiets(position, ply, index + 1, move_count, false);
                        continue;
                    }
                    // A check the game spares is held only to the exchange test of a capture. Asked
                    // only of a move the quiet rules would prune: most are not.
                    let spared_check = |position: &G| {
                        spares_checks
                            && position.gives_check(mv)
                            && (depth > 6
                                || position.see_at_least(mv, -tunables::see_capture_margin() * depth))
                    };
                    if futile {
                        if !spared_check(position) {
                            move_count = self.drop_quiets(position, ply, index + 1, move_count, true);
                            continue;
                        }
                    } else {
                        // History pruning: a quiet move that has kept failing here and after these
                        // moves (its histories far below zero) is not worth a shallow search.
                        let pruned = (depth <= 3 && key < -tunables::history_prune_margin() * depth)
                            || (depth <= 5
                                && !position.see_at_least(mv, -tunables::see_quiet_margin() * depth * depth));
                        if pruned && !spared_check(position) {
                            continue;
                        }
                    }
                } else if depth <= 6 && !position.see_at_least(mv, -tunables::see_capture_margin() * depth) {
                    continue;
                }
            }
            let history_slot = position.history_index(mv);
            let capture_slot = if tactical {
                Histories::<G>::capture_slot(history_slot, position.victim_kind(mv))
            } else {
                0
            };
            let extension =
                if index == 0 && tt_move == Some(G::encode_move(mv)) { singular_extension } else { 0 };
            let double_extensions = self.state.double_extensions[ply] + u8::from(extension >= 2);
            // The child probes the table only if it is deep enough to.
            let prefetch = depth > G::PROFILE.table_min_depth;
            let undo = self.enter_child(position, mv, ply, history_slot, double_extensions, prefetch);
            let gives_check = position.in_check();
            tried += 1;
            let mut score;
            if tried == 1 {
                score =
                    -self.alpha_beta(position, depth - 1 + extension, ply + 1, -beta, -alpha, pv_node, true);
            } else {
                // Late move reductions, from the generated table, for quiet moves that order put late.
                let reduction =
                    if reduces && depth >= 3 && index >= 2 && !tactical && !in_check && !gives_check {
                        let mut reduction = lmr_reduction(depth, index);
                        reduction += i32::from(!pv_node) + i32::from(!improving);
                        reduction -= i32::from(key >= COUNTER_MOVE_KEY); // killers and counter move
                        reduction -= (key / tunables::lmr_history_divisor()).clamp(-2, 2); // histories
                        let reduction = reduction.clamp(0, depth - 2);
                        if G::PROFILE.even_reductions {
                            reduction & !1
                        } else {
                            reduction
                        }
                    } else {
                        0
                    };
                score = -self.alpha_beta(
                    position,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    false,
                    true,
                );
                if score > alpha && reduction > 0 {
                    score = -self.alpha_beta(position, depth - 1, ply + 1, -alpha - 1, -alpha, false, true);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.alpha_beta(position, depth - 1, ply + 1, -beta, -alpha, true, true);
                }
            }
            self.leave_child(position, mv, undo);
            if self.stopped {
                return Score::DRAW;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    bound = Bound::Exact;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        bound = Bound::Lower;
                        if !tactical {
                            let rows = continuation_rows(&self.state.played, ply);
                            let tried = &quiets_tried[..quiet_count];
                            self.state.histories.reward_quiet(position, mv, ply, rows, depth, tried);
                        }
                        let cut = if tactical { Some(capture_slot) } else { None };
                        let tried = &captures_tried[..capture_count];
                        self.state.histories.reward_captures(cut, tried, depth);
                        break;
                    }
                }
            }
            if !tactical && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = mv;
                quiet_count += 1;
            } else if tactical && capture_count < captures_tried.len() {
                captures_tried[capture_count] = capture_slot;
                capture_count += 1;
            }
        }
        if best_score == -Score::INFINITE {
            // Every move was pruned (or the only one was excluded): fail low at alpha rather than
            // report a mate that is not there.
            return alpha;
        }
        let best_score = best_score.clamp(table_floor, table_ceiling);
        if excluded.is_none() {
            if uses_table {
                let move_bits = best_move.map_or(0, G::encode_move);
                self.tt.store(key, move_bits, best_score.to_table(ply), raw_eval, depth, bound);
            }
            // Only a score the bound vouches for says which way the evaluation erred, and a capture
            // as best move says more about the capture than about the evaluation.
            let quiet_best = best_move.is_none_or(|mv| !position.is_tactical(mv));
            let informative = match bound {
                Bound::Exact => true,
                Bound::Lower => best_score > static_eval,
                Bound::Upper => best_score < static_eval,
            };
            if !in_check && quiet_best && informative && !best_score.is_mate() {
                self.state.histories.update_correction(correction_slots, raw_eval, best_score, depth);
            }
        }
        best_score
    }

    /// Capture ProbCut's probe: `Some((score, capture))` for the first capture whose exchange
    /// wins at least `see_threshold` and that holds `probcut_beta` in a quiescence search and then
    /// in a search [`PROBCUT_REDUCTION`] plies shallower than the node's children. The caller keeps
    /// the cut in the table. Kept out of line, as [`Self::probcut`] is.
    #[inline(never)]
    fn capture_probcut(
        &mut self,
        position: &mut G,
        depth: i32,
        ply: usize,
        tt_move: Option<u16>,
        probcut_beta: Score,
        see_threshold: i32,
    ) -> Option<(Score, G::Move)> {
        position.generate_tactical_moves(&mut self.state.move_lists[ply]);
        let count = self.state.move_lists[ply].len();
        let mut scored = self.order_moves(position, tt_move, ply);
        for index in 0..count {
            let mv = self.next_move(position, tt_move, ply, index, count, &mut scored);
            if !position.see_at_least(mv, see_threshold) {
                continue;
            }
            let history_slot = position.history_index(mv);
            let double_extensions = self.state.double_extensions[ply];
            let undo = self.enter_child(position, mv, ply, history_slot, double_extensions, true);
            let mut score = -self.quiescence(position, ply + 1, -probcut_beta, -probcut_beta + 1);
            if score >= probcut_beta && !self.stopped {
                score = -self.alpha_beta(
                    position,
                    depth - 1 - PROBCUT_REDUCTION,
                    ply + 1,
                    -probcut_beta,
                    -probcut_beta + 1,
                    false,
                    true,
                );
            }
            self.leave_child(position, mv, undo);
            if self.stopped {
                return None;
            }
            if score >= probcut_beta {
                return Some((score, mv));
            }
        }
        None
    }

    /// Multi-ProbCut: `Some(bound)` when a shallow null-window search of this node lands far enough
    /// beyond beta (or below alpha) that the deep search would too, with the confidence the game
    /// asked for (the game's [`ProbCut`]; `None` without one). The probes' results go to the table
    /// at their own depth, like any search's.
    ///
    /// Kept out of line: it runs at few nodes, and inlined it made alpha-beta big enough to change
    /// LLVM's other inlining there (1.7% more instructions in the Othello bench).
    #[inline(never)]
    fn probcut(
        &mut self,
        position: &mut G,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        static_eval: Score,
    ) -> Option<Score> {
        let probcut = G::PROFILE.probcut?;
        let shallow = ProbCut::shallow_depth(depth);
        let margin = probcut.margin(position.probcut_sigma(depth), depth);
        let high = beta + margin;
        if high < Score::MATE_BOUND && probcut.worth_probing(true, static_eval.0, beta.0, margin) {
            let score = self.alpha_beta(position, shallow, ply, high - 1, high, false, false);
            if self.stopped {
                return None;
            }
            if score >= high {
                return Some(beta);
            }
        }
        let low = alpha - margin;
        if low > -Score::MATE_BOUND && probcut.worth_probing(false, static_eval.0, alpha.0, margin) {
            let score = self.alpha_beta(position, shallow, ply, low, low + 1, false, false);
            if self.stopped {
                return None;
            }
            if score <= low {
                return Some(alpha);
            }
        }
        None
    }
}
