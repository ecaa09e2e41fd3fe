//! Iterative deepening, aspiration windows, principal variation search and quiescence.

use core::mem::MaybeUninit;
use core::ptr::addr_of_mut;

use super::profile::ProbCut;
use super::tables::lmr_reduction;
use super::tt::{Bound, TranspositionTable};
use super::{Control, Limits, Reporter, SearchInfo, SearchOutcome};
use crate::game::{CycleVerdict, Game, HISTORY_SLOTS, MAX_MOVES};
use crate::history::{History, PastPosition, NO_MOVE};
use crate::score::{Score, MAX_PLY};

/// Positions of the game before the root that repetition detection can see, plus the search path.
const KEY_HISTORY: usize = 1024;
/// Longest repetition cycle the chase rule replays; longer ones are draws. Xiangqi's 60-move rule
/// ends a game after 120 plies without a capture, a few more with checks discounted.
const MAX_CYCLE_PLIES: usize = 256;
/// Nodes between two polls of [`Control::should_stop`].
const POLL_INTERVAL: u64 = 2048;
/// First aspiration window half-width, centipawns.
const ASPIRATION_DELTA: i32 = 20;
/// Entries of the correction history (a power of two).
const CORRECTION_ENTRIES: usize = 1 << 14;
/// Correction-history entries are kept in 1/256 of an evaluation unit.
const CORRECTION_GRAIN: i32 = 256;
/// Largest correction, in evaluation units.
const CORRECTION_MAX: i32 = 64;
/// Killers per ply.
const KILLERS: usize = 2;
/// History scores stay within this magnitude (the "gravity" update keeps them bounded), which
/// also lets the continuation tables store them as `i16`.
const HISTORY_MAX: i32 = 16_384;
/// Ordering key of the hash move, above every other key.
const TT_MOVE_KEY: i32 = 3_000_000;
/// Ordering keys of captures (plus their victim-and-attacker order): winning ones, and captures
/// not yet checked by exchange evaluation, above the killers; losing ones below every quiet move.
const GOOD_CAPTURE_KEY: i32 = 2_000_000;
const BAD_CAPTURE_KEY: i32 = -2_000_000;

/// Continuation history: how good a quiet move was right after another move (one or two plies
/// earlier), indexed `[earlier move's slot][move's slot]`. A few MiB, so a [`SearchState`] is built
/// in place ([`SearchState::init_in`], [`SearchState::boxed`]) rather than on the stack.
type ContinuationTable = [[i16; HISTORY_SLOTS]; HISTORY_SLOTS];

/// A root move with what the last iterations learned about it.
#[derive(Clone, Copy)]
struct RootMove<M: Copy> {
    mv: M,
    /// Score of the current iteration (`-INFINITE` until searched with a window it beat).
    score: Score,
    /// Score of the last completed iteration, for ordering and aspiration windows.
    previous_score: Score,
    pv: [M; MAX_PLY],
    pv_len: usize,
}

/// Everything a search thread owns: its move-ordering memory, principal variation table, root moves,
/// repetition keys and the evaluation's cache. Fixed-size (about 3.8 MiB, mostly the continuation
/// history): the caller builds it once per thread in place, boxed ([`SearchState::boxed`]) or in a static
/// ([`SearchState::init_in`]), and reuses it for every search.
pub struct SearchState<G: Game> {
    killers: [[G::Move; KILLERS]; MAX_PLY + 1],
    history: [i32; HISTORY_SLOTS],
    continuation: ContinuationTable,
    /// Correction history: by [`Game::correction_key`], a running average of how far searches
    /// came out from the static evaluation, added to later static evaluations of the same key.
    correction: [i16; CORRECTION_ENTRIES],
    /// The quiet move that last refuted each move (indexed by the refuted move's history slot).
    counter_moves: [G::Move; HISTORY_SLOTS],
    /// History slot of the move played to reach each ply (`None` after a null move or at the root).
    played: [Option<usize>; MAX_PLY + 1],
    /// Static evaluation at each ply of the current line, for the "improving" heuristic.
    static_evals: [Score; MAX_PLY + 1],
    /// The move a singular-extension search leaves out at each ply (its encoded bits).
    excluded: [Option<u16>; MAX_PLY + 1],
    /// The evaluation's own memory (chess: the pawn cache).
    eval_cache: G::EvalCache,
    /// Each ply's move list and ordering keys. Kept here rather than on the stack because a fresh
    /// local list is zeroed at every node (a kilobyte and a half in chess); the generators clear a
    /// list before filling it and only `..len` of the keys is ever read. A node fills its ply's
    /// entry only after the searches it makes at its own ply (null-move verification, singular and
    /// ProbCut probes), so no search overwrites a list still in use.
    move_lists: [G::MoveList; MAX_PLY + 1],
    move_keys: [[i32; MAX_MOVES]; MAX_PLY + 1],
    pv: [[G::Move; MAX_PLY]; MAX_PLY + 1],
    pv_len: [usize; MAX_PLY + 1],
    root_moves: [RootMove<G::Move>; MAX_MOVES],
    root_count: usize,
    keys: History<KEY_HISTORY>,
    nodes: u64,
    seldepth: usize,
    /// 0 for the main search thread; helpers of a lazy-SMP search count from 1 and skip some
    /// iterations, so that threads sharing the table work on different depths.
    thread_index: usize,
}

impl<G: Game> SearchState<G> {
    /// Builds a fresh state with empty move-ordering memory directly in `slot` (a static, or a heap
    /// allocation), so that its megabytes never pass through the stack.
    pub fn init_in(slot: &mut MaybeUninit<Self>) -> &mut Self {
        let none = G::Move::default();
        let state = slot.as_mut_ptr();
        // SAFETY: `state` points to writable, aligned, uninitialised memory for a `SearchState`.
        // Every field is written exactly once below (`assert_every_field_is_written` fails to
        // compile when a field is added and not listed) before the reference is created, the move
        // lists element by element; the continuation table and the move keys hold only integers,
        // for which all-zero bytes are a valid value.
        unsafe {
            addr_of_mut!((*state).killers).write([[none; KILLERS]; MAX_PLY + 1]);
            addr_of_mut!((*state).history).write([0; HISTORY_SLOTS]);
            addr_of_mut!((*state).continuation).write_bytes(0, 1);
            addr_of_mut!((*state).correction).write([0; CORRECTION_ENTRIES]);
            addr_of_mut!((*state).counter_moves).write([none; HISTORY_SLOTS]);
            addr_of_mut!((*state).played).write([None; MAX_PLY + 1]);
            addr_of_mut!((*state).static_evals).write([-Score::INFINITE; MAX_PLY + 1]);
            addr_of_mut!((*state).excluded).write([None; MAX_PLY + 1]);
            addr_of_mut!((*state).eval_cache).write(G::EvalCache::default());
            let lists = addr_of_mut!((*state).move_lists).cast::<G::MoveList>();
            for ply in 0..=MAX_PLY {
                lists.add(ply).write(G::MoveList::default());
            }
            addr_of_mut!((*state).move_keys).write_bytes(0, 1);
            addr_of_mut!((*state).pv).write([[none; MAX_PLY]; MAX_PLY + 1]);
            addr_of_mut!((*state).pv_len).write([0; MAX_PLY + 1]);
            addr_of_mut!((*state).root_moves).write(
                [RootMove {
                    mv: none,
                    score: -Score::INFINITE,
                    previous_score: -Score::INFINITE,
                    pv: [none; MAX_PLY],
                    pv_len: 0,
                }; MAX_MOVES],
            );
            addr_of_mut!((*state).root_count).write(0);
            addr_of_mut!((*state).keys).write(History::new());
            addr_of_mut!((*state).nodes).write(0);
            addr_of_mut!((*state).seldepth).write(0);
            addr_of_mut!((*state).thread_index).write(0);
            slot.assume_init_mut()
        }
    }

    /// A fresh state on the heap.
    #[cfg(feature = "std")]
    pub fn boxed() -> std::boxed::Box<Self> {
        let mut slot = std::boxed::Box::<Self>::new_uninit();
        Self::init_in(&mut slot);
        // SAFETY: `init_in` initialised every field.
        unsafe { slot.assume_init() }
    }

    /// Makes this state a lazy-SMP helper (index 1, 2, ...) or the main thread (0). Helpers skip
    /// iterations by the pattern of [`skips_depth`], which spreads the threads over depths.
    pub fn set_thread_index(&mut self, index: usize) {
        self.thread_index = index;
    }

    /// Forgets killers and histories (UCI `ucinewgame`).
    pub fn clear(&mut self) {
        self.killers = [[G::Move::default(); KILLERS]; MAX_PLY + 1];
        self.history = [0; HISTORY_SLOTS];
        for row in self.continuation.iter_mut() {
            row.fill(0);
        }
        self.correction = [0; CORRECTION_ENTRIES];
        self.counter_moves = [G::Move::default(); HISTORY_SLOTS];
    }
}

/// Never called: the exhaustive pattern stops compiling when [`SearchState`] gains a field, as a
/// reminder that [`SearchState::init_in`] must write it too.
#[allow(dead_code)]
fn assert_every_field_is_written<G: Game>(state: SearchState<G>) {
    let SearchState {
        killers: _,
        history: _,
        continuation: _,
        correction: _,
        counter_moves: _,
        played: _,
        static_evals: _,
        excluded: _,
        eval_cache: _,
        move_lists: _,
        move_keys: _,
        pv: _,
        pv_len: _,
        root_moves: _,
        root_count: _,
        keys: _,
        nodes: _,
        seldepth: _,
        thread_index: _,
    } = state;
}

struct Searcher<'a, 't, G: Game, C: Control> {
    state: &'a mut SearchState<G>,
    tt: &'a TranspositionTable<'t>,
    control: &'a C,
    node_limit: u64,
    next_poll: u64,
    stopped: bool,
    /// [`Limits::judge_chases`].
    judge_chases: bool,
}

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
/// repetition detection needs them, and the perpetual-check rule their check status. `tt` may be shared with other threads
/// searching the same root (lazy SMP); `state` belongs to this thread.
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
    state.keys.clear();
    let first_kept = game_keys.len().saturating_sub(KEY_HISTORY - MAX_PLY - 1);
    let arrival = |index: usize| index.checked_sub(1).map_or(NO_MOVE, |before| game_keys[before].played);
    for (index, past) in game_keys.iter().enumerate().skip(first_kept) {
        state.keys.push_arrived(past.key, past.in_check, arrival(index));
    }
    let root_in_check = G::PERPETUAL_CHECK_LOSES && root.in_check();
    state.keys.push_arrived(root.hash(), root_in_check, arrival(game_keys.len()));
    state.nodes = 0;
    state.seldepth = 0;
    state.killers = [[G::Move::default(); KILLERS]; MAX_PLY + 1];
    for value in state.history.iter_mut() {
        *value /= 2;
    }

    let mut searcher = Searcher {
        state,
        tt,
        control,
        node_limit: limits.nodes.unwrap_or(u64::MAX),
        next_poll: POLL_INTERVAL,
        stopped: false,
        judge_chases: limits.judge_chases,
    };
    searcher.init_root_moves(&position, limits.searchmoves);
    let root_count = searcher.state.root_count;
    if root_count == 0 {
        return SearchOutcome {
            best_move: None,
            ponder_move: None,
            score: position.no_move_score(0),
            depth: 0,
            nodes: 0,
        };
    }

    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
    let multipv = limits.multipv.clamp(1, root_count);
    let mut completed_depth = 0;
    let mut stable_iterations = 0;
    let mut last_best = None;
    for depth in 1..=max_depth {
        if depth > 1 && depth < max_depth && skips_depth(searcher.state.thread_index, depth) {
            continue;
        }
        for pv_index in 0..multipv {
            searcher.search_root_line(&mut position, depth as i32, pv_index, reporter);
            if searcher.stopped {
                break;
            }
        }
        if searcher.stopped {
            break;
        }
        completed_depth = depth;
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
        if let (Some(mate), Some(found)) = (limits.mate, best.score.mate_moves()) {
            if found > 0 && found as u32 <= mate {
                break;
            }
        }
        if control.iteration_done(depth, searcher.state.nodes, stable_iterations) {
            break;
        }
    }

    let best = searcher.state.root_moves[0];
    SearchOutcome {
        best_move: Some(best.mv),
        ponder_move: (best.pv_len > 1).then(|| best.pv[1]),
        score: if completed_depth > 0 { best.previous_score } else { best.score },
        depth: completed_depth,
        nodes: searcher.state.nodes,
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
            count += 1;
        }
        self.state.root_count = count;
        self.sort_root_moves(0, |root| root.previous_score);
        for root in &mut self.state.root_moves[..count] {
            root.previous_score = -Score::INFINITE;
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
        let mut delta = ASPIRATION_DELTA;
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
        reporter.report(&SearchInfo {
            depth,
            seldepth: self.state.seldepth as u32,
            multipv: pv_index + 1,
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
            reporter.current_move(depth as u32, mv, index + 1, self.state.nodes);
            self.state.played[1] = Some(position.history_index(mv));
            let undo = position.make_move(mv);
            self.tt.prefetch(position.hash());
            self.remember(position, G::encode_move(mv));
            let mut score;
            if index == pv_index {
                score = -self.alpha_beta(position, depth - 1, 1, -beta, -alpha, true, true);
            } else {
                score = -self.alpha_beta(position, depth - 1, 1, -alpha - 1, -alpha, false, true);
                if score > alpha && score < beta && !self.stopped {
                    score = -self.alpha_beta(position, depth - 1, 1, -beta, -alpha, true, true);
                }
            }
            self.state.keys.pop();
            position.unmake_move(mv, undo);
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
                }
                if score >= beta {
                    break;
                }
            }
        }
        best_score
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

    /// Pushes the position just reached by `arrived_by` (encoded; [`NO_MOVE`] after a null move) onto
    /// the repetition history, with its check status only where the game's rules judge perpetual
    /// check (elsewhere that costs a check test for nothing).
    #[inline]
    fn remember(&mut self, position: &G, arrived_by: u16) {
        let past = PastPosition::of(position);
        self.state.keys.push_arrived(past.key, past.in_check, arrived_by);
    }

    /// The score of a position that repeats one earlier in the game or the search, `ply` plies from
    /// the root, if it does: a draw, except under a perpetual-check rule, where the side that gave
    /// check with every move of the cycle (and was not checked throughout itself) loses, and under
    /// a chase rule, which the game judges over the cycle's moves when nobody checked throughout.
    fn repetition_score(&self, position: &G, ply: usize) -> Option<Score> {
        let keys = &self.state.keys;
        let back = keys.previous_occurrence(position.hash(), position.reversible_plies())?;
        if !G::PERPETUAL_CHECK_LOSES {
            return Some(Score::DRAW);
        }
        // Positions `0, 2, ..` back have the side to move now to move (checked by the opponent's
        // moves); `1, 3, ..` the opponent (checked by ours).
        let checked_by_opponent = keys.checked_throughout(0, back);
        let checked_by_us = keys.checked_throughout(1, back);
        Some(match (checked_by_opponent, checked_by_us) {
            (true, false) => Score::mate_in(ply),
            (false, true) => Score::mated_in(ply),
            (true, true) => Score::DRAW,
            (false, false) => self.chase_score(position, back, ply),
        })
    }

    /// True if the side to move, `ply` plies from the root, has a move back to a position played
    /// earlier in the game or the search, since the last irreversible move and the last null move
    /// (a line through a null move is no game).
    #[inline]
    fn can_repeat(&self, position: &G, ply: usize) -> bool {
        let reversible = position.reversible_plies();
        if reversible < 3 {
            return false;
        }
        let since_null = (1..=ply).rev().take_while(|&at| self.state.played[at].is_some()).count();
        let window = if since_null < ply { reversible.min(since_null) } else { reversible };
        self.state.keys.any_returnable(window, |earlier| position.reaches_in_one_move(earlier))
    }

    /// The score of a repetition `back` plies long in which nobody checked throughout, by the game's
    /// chase rule (a draw where the game has none, or the cycle cannot be replayed).
    fn chase_score(&self, position: &G, back: usize, ply: usize) -> Score {
        if !G::JUDGES_CHASES || !self.judge_chases {
            return Score::DRAW;
        }
        let mut buffer = [NO_MOVE; MAX_CYCLE_PLIES];
        let Some(cycle) = self.state.keys.moves_since(back, &mut buffer) else {
            return Score::DRAW;
        };
        match position.judge_repetition_cycle(cycle) {
            CycleVerdict::Draw => Score::DRAW,
            CycleVerdict::SideToMoveWins => Score::mate_in(ply),
            CycleVerdict::SideToMoveLoses => Score::mated_in(ply),
        }
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let child_len = self.state.pv_len[ply + 1].max(ply + 1);
        self.state.pv[ply][ply] = mv;
        for index in ply + 1..child_len {
            self.state.pv[ply][index] = self.state.pv[ply + 1][index];
        }
        self.state.pv_len[ply] = child_len;
    }

    /// Prepares `ply`'s freshly generated moves for [`Self::next_move`]: scores them all, or, where
    /// the game asks for it ([`Profile::scores_after_hash_move`](super::Profile::scores_after_hash_move)), only puts the hash move first, to be
    /// searched before the others are scored. Says whether the moves are scored.
    fn order_moves(&mut self, position: &G, tt_move: Option<u16>, ply: usize) -> bool {
        let scored = !(G::PROFILE.scores_after_hash_move && self.hoist_tt_move(ply, tt_move));
        if scored {
            self.score_moves(position, tt_move, ply, 0);
        }
        scored
    }

    /// The `index`-th move to try of the first `count` in `ply`'s list, scoring the moves after the
    /// hash move first if [`Self::order_moves`] left them unscored (`scored`).
    #[inline]
    fn next_move(
        &mut self,
        position: &G,
        tt_move: Option<u16>,
        ply: usize,
        index: usize,
        count: usize,
        scored: &mut bool,
    ) -> G::Move {
        if !*scored && index > 0 {
            self.score_moves(position, tt_move, ply, 1);
            *scored = true;
        }
        if *scored {
            self.pick_checked(position, ply, index, count)
        } else {
            self.state.move_lists[ply][0]
        }
    }

    /// Puts the hash move, if it is in `ply`'s list, first with its ordering key, and says whether
    /// it was there; the other moves are left unscored (see [`Profile::scores_after_hash_move`](super::Profile::scores_after_hash_move)). The
    /// hash move then stands where [`Self::score_moves`] and [`Self::pick_at`] would put it: it has
    /// the one top key.
    fn hoist_tt_move(&mut self, ply: usize, tt_move: Option<u16>) -> bool {
        let Some(tt_move) = tt_move else { return false };
        let state = &mut *self.state;
        let moves = &mut state.move_lists[ply];
        let Some(found) = moves.iter().position(|&mv| G::encode_move(mv) == tt_move) else {
            return false;
        };
        moves.swap(0, found);
        state.move_keys[ply][0] = TT_MOVE_KEY;
        true
    }

    /// Ordering keys of the moves from `from` on in `ply`'s list: the hash move, captures by victim
    /// and attacker, killers, quiet moves by history. Every capture starts among the winning ones;
    /// [`Self::pick_checked`] moves one that loses material below the quiet moves when it comes up.
    fn score_moves(&mut self, position: &G, tt_move: Option<u16>, ply: usize, from: usize) {
        let [one_back, two_back] = self.continuation_rows(ply);
        let state = &mut *self.state;
        let killers = state.killers[ply];
        let counter = state.played[ply].map(|slot| state.counter_moves[slot]);
        let moves: &[G::Move] = &state.move_lists[ply];
        for (mv, score) in moves.iter().zip(state.move_keys[ply].iter_mut()).skip(from) {
            *score = if Some(G::encode_move(*mv)) == tt_move {
                TT_MOVE_KEY
            } else if position.is_tactical(*mv) {
                GOOD_CAPTURE_KEY + position.tactical_order(*mv)
            } else if *mv == killers[0] {
                1_000_001
            } else if *mv == killers[1] {
                1_000_000
            } else if Some(*mv) == counter {
                999_999
            } else {
                let slot = position.history_index(*mv);
                state.history[slot]
                    + one_back.map_or(0, |row| i32::from(state.continuation[row][slot]))
                    + two_back.map_or(0, |row| i32::from(state.continuation[row][slot]))
            };
        }
    }

    /// Removes the quiet moves from `ply`'s list between `from` and `to`, keeping the others (with
    /// their keys) in order, and returns the new end. Once a node prunes all its remaining quiet
    /// moves, selecting each of them only to skip it would cost a scan of the list apiece.
    fn drop_quiets(&mut self, position: &G, ply: usize, from: usize, to: usize) -> usize {
        let state = &mut *self.state;
        let (moves, keys) = (&mut state.move_lists[ply], &mut state.move_keys[ply]);
        let mut kept = from;
        for index in from..to {
            if position.is_tactical(moves[index]) {
                moves[kept] = moves[index];
                keys[kept] = keys[index];
                kept += 1;
            }
        }
        kept
    }

    /// Selection step over the first `count` moves of `ply`'s list: swaps the best remaining move
    /// into `index`.
    #[inline]
    fn pick_at(&mut self, ply: usize, index: usize, count: usize) -> G::Move {
        let state = &mut *self.state;
        Self::pick(&mut state.move_lists[ply][..count], &mut state.move_keys[ply][..count], index)
    }

    /// Selection step that checks a capture's exchange only when the capture comes up: one that
    /// loses material takes a losing capture's key and the selection repeats. Most nodes are cut
    /// before their later captures come up, and their exchange evaluations would be wasted; the
    /// order is the same as if every capture had been checked while scoring, but for the order of
    /// moves with equal keys.
    fn pick_checked(&mut self, position: &G, ply: usize, index: usize, count: usize) -> G::Move {
        loop {
            let mv = self.pick_at(ply, index, count);
            let key = &mut self.state.move_keys[ply][index];
            if (GOOD_CAPTURE_KEY..TT_MOVE_KEY).contains(key) && !position.see_at_least(mv, 0) {
                *key += BAD_CAPTURE_KEY - GOOD_CAPTURE_KEY;
                continue;
            }
            return mv;
        }
    }

    /// The continuation-history rows of the moves played one and two plies before `ply` (none
    /// across a null move or before the root).
    #[inline]
    fn continuation_rows(&self, ply: usize) -> [Option<usize>; 2] {
        [self.state.played[ply], if ply >= 1 { self.state.played[ply - 1] } else { None }]
    }

    /// The position's entry in the correction history, if its game keys one. A node computes it
    /// once: it reads the entry for its static evaluation and updates it after its search.
    #[inline]
    fn correction_slot(position: &G) -> Option<usize> {
        position.correction_key().map(|key| (key >> (64 - CORRECTION_ENTRIES.trailing_zeros())) as usize)
    }

    /// The static evaluation `raw` corrected by what searches of positions with the same
    /// correction key (entry `slot`) found.
    #[inline]
    fn corrected(&self, slot: Option<usize>, raw: Score) -> Score {
        match slot {
            Some(slot) => {
                let corrected = raw.0 + i32::from(self.state.correction[slot]) / CORRECTION_GRAIN;
                Score(corrected.clamp(-Score::MATE_BOUND.0 + 1, Score::MATE_BOUND.0 - 1))
            }
            None => raw,
        }
    }

    /// Moves the correction entry `slot` towards the error of a static evaluation `raw` that a
    /// search to `depth` revealed (`score`), the more the deeper the search.
    fn update_correction(&mut self, slot: Option<usize>, raw: Score, score: Score, depth: i32) {
        let Some(slot) = slot else { return };
        let error = (score.0 - raw.0).clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
        let weight = (depth + 1).min(16);
        let entry = &mut self.state.correction[slot];
        *entry = ((i32::from(*entry) * (256 - weight) + error * weight) / 256) as i16;
    }

    /// The gravity update: moves `value` towards `±HISTORY_MAX` by `bonus`, less as it gets there.
    #[inline]
    fn nudge(value: i32, bonus: i32) -> i32 {
        value + bonus - value * bonus.abs() / HISTORY_MAX
    }

    /// Selection step: swaps the best remaining move into `index`.
    #[inline]
    fn pick(moves: &mut [G::Move], scores: &mut [i32], index: usize) -> G::Move {
        let mut best = index;
        for candidate in index + 1..moves.len() {
            if scores[candidate] > scores[best] {
                best = candidate;
            }
        }
        moves.swap(index, best);
        scores.swap(index, best);
        moves[index]
    }

    fn reward_quiet(&mut self, position: &G, mv: G::Move, ply: usize, depth: i32, tried: &[G::Move]) {
        let killers = &mut self.state.killers[ply];
        if killers[0] != mv {
            killers[1] = killers[0];
            killers[0] = mv;
        }
        if let Some(previous) = self.state.played[ply] {
            self.state.counter_moves[previous] = mv;
        }
        // Large enough that a few cut-offs move a history by thousands: the reduction and pruning
        // thresholds read the histories in those units.
        let bonus = (16 * depth * depth + 128 * depth - 128).clamp(16, HISTORY_MAX / 8);
        let rows = self.continuation_rows(ply);
        self.update_quiet_history(position.history_index(mv), rows, bonus);
        for &other in tried {
            self.update_quiet_history(position.history_index(other), rows, -bonus);
        }
    }

    /// Adds `bonus` (negative for a malus) to the move's history and continuation histories.
    #[inline]
    fn update_quiet_history(&mut self, slot: usize, rows: [Option<usize>; 2], bonus: i32) {
        let value = &mut self.state.history[slot];
        *value = Self::nudge(*value, bonus);
        for row in rows.into_iter().flatten() {
            let value = &mut self.state.continuation[row][slot];
            *value = Self::nudge(i32::from(*value), bonus) as i16;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn alpha_beta(
        &mut self,
        position: &mut G,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        pv_node: bool,
        null_allowed: bool,
    ) -> Score {
        self.state.pv_len[ply] = ply;
        let in_check = position.in_check();
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiescence(position, ply, alpha, beta);
        }
        // A stopped search still unwinds through re-searches: they must not count nodes past the
        // limit.
        if self.stopped {
            return Score::DRAW;
        }
        self.state.nodes += 1;
        self.poll();
        if self.stopped {
            return Score::DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return position.evaluate_cached(&mut self.state.eval_cache);
        }
        if position.is_rule_draw() {
            return Score::DRAW;
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
        // about the node as a whole, so it neither takes nor leaves a table entry.
        let excluded = self.state.excluded[ply];
        let hit = if excluded.is_some() { None } else { self.tt.probe(key) };
        let tt_move = hit.map(|hit| hit.mv).filter(|&mv| mv != 0);
        if let Some(score) =
            hit.filter(|hit| !pv_node && hit.depth >= depth).and_then(|hit| hit.cutoff(ply, alpha, beta))
        {
            return score;
        }
        // The table keeps the raw evaluation; the search prunes by the corrected one.
        let raw_eval = if in_check {
            -Score::INFINITE
        } else {
            hit.map_or_else(|| position.evaluate_cached(&mut self.state.eval_cache), |hit| hit.eval)
        };
        let correction_slot = if in_check { None } else { Self::correction_slot(position) };
        let static_eval = if in_check { raw_eval } else { self.corrected(correction_slot, raw_eval) };
        self.state.static_evals[ply] = static_eval;
        // Improving: the side to move stands better than two plies ago, so pruning can be bolder
        // when it is not.
        let improving = !in_check && ply >= 2 && static_eval > self.state.static_evals[ply - 2];

        // The chess-tuned pruning by static evaluation and move count, or Multi-ProbCut in its place.
        let shallow_pruning = G::PROFILE.probcut.is_none();
        if shallow_pruning && !pv_node && !in_check && !beta.is_mate() && excluded.is_none() {
            // Reverse futility: far enough above beta that a shallow search will not come back down.
            if depth <= 7 && static_eval - 80 * (depth - i32::from(improving)) >= beta {
                return static_eval;
            }
            // Null move: if passing still fails high, a real move surely does.
            if null_allowed && depth >= 3 && static_eval >= beta && position.null_move_allowed() {
                let reduction = 3 + depth / 4 + ((static_eval.0 - beta.0) / 200).min(3);
                let undo = position.make_null_move();
                self.tt.prefetch(position.hash());
                self.remember(position, NO_MOVE);
                self.state.played[ply + 1] = None;
                let score = -self.alpha_beta(
                    position,
                    depth - 1 - reduction,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                    false,
                );
                self.state.keys.pop();
                position.unmake_null_move(undo);
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
            if !pv_node && !in_check && depth >= probcut.min_depth && excluded.is_none() {
                if let Some(score) = self.probcut(position, probcut, depth, ply, alpha, beta) {
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
        if let Some(hit) = hit.filter(|hit| {
            depth >= 8
                && hit.mv != 0
                && hit.depth >= depth - 3
                && hit.bound != Bound::Upper
                && !hit.score.is_mate()
        }) {
            let tt_score = hit.score.from_table(ply);
            let singular_beta = tt_score - 2 * depth;
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
                singular_extension = 1;
            } else if singular_beta >= beta {
                return singular_beta;
            }
        }

        position.generate_moves(&mut self.state.move_lists[ply]);
        let mut move_count = self.state.move_lists[ply].len();
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
        let late_move_limit = (3 + depth * depth) / (2 - i32::from(improving));
        let futile =
            shallow_pruning && !pv_node && !in_check && depth <= 6 && static_eval + 100 + 80 * depth <= alpha;
        for index in 0.. {
            if index >= move_count {
                break;
            }
            let mv = self.next_move(position, tt_move, ply, index, move_count, &mut scored);
            let key = self.state.move_keys[ply][index];
            if excluded == Some(G::encode_move(mv)) {
                continue;
            }
            let tactical = position.is_tactical(mv);
            // Shallow pruning, once some move has saved the node from a mated score.
            if shallow_pruning && !pv_node && !in_check && best_score > -Score::MATE_BOUND {
                if !tactical {
                    // Every remaining quiet move is pruned with this one: dropped from the list,
                    // so the loop sees only the captures left.
                    if futile || (depth <= 6 && quiet_count as i32 >= late_move_limit) {
                        move_count = self.drop_quiets(position, ply, index + 1, move_count);
                        continue;
                    }
                    // History pruning: a quiet move that has kept failing here and after these
                    // moves (its histories far below zero) is not worth a shallow search.
                    if depth <= 3 && key < -3000 * depth {
                        continue;
                    }
                    if depth <= 5 && !position.see_at_least(mv, -25 * depth * depth) {
                        continue;
                    }
                } else if depth <= 6 && !position.see_at_least(mv, -100 * depth) {
                    continue;
                }
            }
            let history_slot = position.history_index(mv);
            let undo = position.make_move(mv);
            self.tt.prefetch(position.hash());
            self.remember(position, G::encode_move(mv));
            self.state.played[ply + 1] = Some(history_slot);
            let gives_check = position.in_check();
            let extension =
                if index == 0 && tt_move == Some(G::encode_move(mv)) { singular_extension } else { 0 };
            tried += 1;
            let mut score;
            if tried == 1 {
                score =
                    -self.alpha_beta(position, depth - 1 + extension, ply + 1, -beta, -alpha, pv_node, true);
            } else {
                // Late move reductions, from the generated table, for quiet moves that order put late.
                let reduction = if depth >= 3 && index >= 2 && !tactical && !in_check && !gives_check {
                    let mut reduction = lmr_reduction(depth, index);
                    reduction += i32::from(!pv_node) + i32::from(!improving);
                    reduction -= i32::from(key >= 999_999); // killers and counter move
                    reduction -= (key / 8192).clamp(-2, 2); // histories
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
            self.state.keys.pop();
            position.unmake_move(mv, undo);
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
                            self.reward_quiet(position, mv, ply, depth, &quiets_tried[..quiet_count]);
                        }
                        break;
                    }
                }
            }
            if !tactical && quiet_count < quiets_tried.len() {
                quiets_tried[quiet_count] = mv;
                quiet_count += 1;
            }
        }
        if best_score == -Score::INFINITE {
            // Every move was pruned (or the only one was excluded): fail low at alpha rather than
            // report a mate that is not there.
            return alpha;
        }
        if excluded.is_none() {
            let move_bits = best_move.map_or(0, G::encode_move);
            self.tt.store(key, move_bits, best_score.to_table(ply), raw_eval, depth, bound);
            // Only a score the bound vouches for says which way the evaluation erred, and a capture
            // as best move says more about the capture than about the evaluation.
            let quiet_best = best_move.is_none_or(|mv| !position.is_tactical(mv));
            let informative = match bound {
                Bound::Exact => true,
                Bound::Lower => best_score > static_eval,
                Bound::Upper => best_score < static_eval,
            };
            if !in_check && quiet_best && informative && !best_score.is_mate() {
                self.update_correction(correction_slot, raw_eval, best_score, depth);
            }
        }
        best_score
    }

    /// Multi-ProbCut: `Some(bound)` when a shallow null-window search of this node lands far enough
    /// beyond beta (or below alpha) that the deep search would too, with the confidence the game
    /// asked for. The probes' results go to the table at their own depth, like any search's.
    fn probcut(
        &mut self,
        position: &mut G,
        probcut: ProbCut,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        let shallow = ProbCut::shallow_depth(depth);
        let margin = probcut.margin(position.probcut_sigma(depth));
        let high = beta + margin;
        if high < Score::MATE_BOUND {
            let score = self.alpha_beta(position, shallow, ply, high - 1, high, false, false);
            if self.stopped {
                return None;
            }
            if score >= high {
                return Some(beta);
            }
        }
        let low = alpha - margin;
        if low > -Score::MATE_BOUND {
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

    fn quiescence(&mut self, position: &mut G, ply: usize, mut alpha: Score, beta: Score) -> Score {
        self.state.pv_len[ply] = ply;
        if self.stopped {
            return Score::DRAW;
        }
        self.state.nodes += 1;
        self.state.seldepth = self.state.seldepth.max(ply);
        self.poll();
        if self.stopped {
            return Score::DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return position.evaluate_cached(&mut self.state.eval_cache);
        }
        if position.is_rule_draw() {
            return Score::DRAW;
        }
        let key = position.hash();
        let hit = self.tt.probe(key);
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
            let stand_pat = self.corrected(Self::correction_slot(position), raw_eval);
            if stand_pat >= beta {
                if hit.is_none() {
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
            let undo = position.make_move(mv);
            self.tt.prefetch(position.hash());
            let score = -self.quiescence(position, ply + 1, -beta, -alpha);
            position.unmake_move(mv, undo);
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
        self.tt.store(key, best_move, best_score.to_table(ply), raw_eval, 0, bound);
        best_score
    }
}

#[cfg(test)]
mod tests {
    use super::skips_depth;

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
