//! Search threads: one main search thread per `go`, plus `Threads - 1` helpers (lazy SMP: every
//! thread searches the same root with its own [`SearchState`], all share one transposition table,
//! only the main thread reports and its result is played). The command loop keeps control: it can
//! answer `isready`, set the stop flag, or turn a ponder search into a timed one while the search
//! runs.

use super::decide::{decide, judged_lost};
use super::events::{Info, Listener, Valuation};
use super::job::{shared_for, Job, SearchResult, Shared};
use super::reporter::{EventReporter, News};
use super::request::GoRequest;
use super::timeman::{Elapsed, Ending, Pace, TimeLimits};
use crate::games::{SolveAsk, Solved, Variant};
use engine::search::{
    self, Control, Iteration, Limits, SearchInfo, SearchOutcome, SearchState, Selectivity, Silent,
    TranspositionTable, TtEntry,
};
use engine::Score;

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Most search threads. Public for the fuzz crate (`fuzz/`), whose generators keep to it.
pub use crate::resources::MAX_THREADS;

/// Stack of every search thread: each frame of the recursive search keeps a move list.
pub const SEARCH_STACK: usize = 64 << 20;

/// One search thread's reusable memory.
pub type State<G> = Box<SearchState<G>>;

pub use super::table::Table;

/// Longest rest a thread takes at one poll (see [`IdlePace`]): a poll interval takes about a
/// millisecond, so only a thread the system kept waiting rests this long.
const MAX_REST: Duration = Duration::from_millis(20);

/// UCCI's `idle`: a search thread that leaves a share of its time to other programs sleeps, at
/// each poll of its control, that share's part of the time since its last rest (its work is then
/// the rest of the time). The polls come every few thousand nodes, so the rests are short and
/// `stop` is still answered at once; the clock runs on while the thread rests.
struct IdlePace {
    /// Rest per unit of work: `idle / (100 - idle)` for `idle` per cent left idle.
    rest_per_work: f64,
    since: Cell<Instant>,
}

impl IdlePace {
    fn new(idle_percent: u8) -> IdlePace {
        let idle = f64::from(idle_percent.min(90));
        IdlePace { rest_per_work: idle / (100.0 - idle), since: Cell::new(Instant::now()) }
    }

    fn rest(&self) {
        if self.rest_per_work > 0.0 {
            thread::sleep(self.since.get().elapsed().mul_f64(self.rest_per_work).min(MAX_REST));
            self.since.set(Instant::now());
        }
    }
}

/// What a `go` changed of its search threads' work (UCCI's `idle`, `pruning` and `style`): every
/// control of the search carries it. The controls of a search that keeps the default selectivity
/// and draw value (`STYLED` false) answer the defaults as constants, which fold away: that search
/// is compiled as if the settings did not exist (see [`Control`]), and a search that changes them
/// runs a copy of its own.
struct Tuning {
    pace: IdlePace,
    selectivity: Selectivity,
    draw_value: Score,
}

impl Tuning {
    fn of<M>(request: &GoRequest<M>) -> Tuning {
        Tuning {
            pace: IdlePace::new(request.idle_percent),
            selectivity: request.selectivity,
            draw_value: Score(request.draw_value),
        }
    }

    /// Whether a search of `request` needs the styled controls.
    fn styled<M>(request: &GoRequest<M>) -> bool {
        request.selectivity != Selectivity::Full || request.draw_value != 0
    }

    /// [`Control::selectivity`] for a control that is `STYLED` or not.
    #[inline(always)]
    fn selectivity<const STYLED: bool>(&self) -> Selectivity {
        if STYLED {
            self.selectivity
        } else {
            Selectivity::Full
        }
    }

    /// [`Control::draw_value`] for a control that is `STYLED` or not.
    #[inline(always)]
    fn draw_value<const STYLED: bool>(&self) -> Score {
        if STYLED {
            self.draw_value
        } else {
            Score::DRAW
        }
    }
}

/// The [`Control`] of the main thread: stop flag, the clock's limits and rules, shared node
/// limit, and the listener's regular progress events.
struct MainControl<'a, G: Variant, const STYLED: bool> {
    shared: &'a Shared,
    news: Option<&'a News<'a, G>>,
    /// The clock's memory of this search's iterations.
    pace: Cell<Pace>,
    /// The iteration under way has put the best move in doubt.
    in_doubt: Cell<bool>,
    /// UCCI's `idle`, `pruning` and `style`.
    tuning: Tuning,
}

impl<'a, G: Variant, const STYLED: bool> MainControl<'a, G, STYLED> {
    fn new(shared: &'a Shared, news: Option<&'a News<'a, G>>, tuning: Tuning) -> Self {
        MainControl { shared, news, pace: Cell::new(Pace::default()), in_doubt: Cell::new(false), tuning }
    }

    /// The limits the search keeps, and where it stands on the clock. Every limit counts from
    /// `go`, pondering included: after a ponder hit the time already spent on this move is spent.
    ///
    /// After a solve that ran out of its share (half the soft limit), the search gets half the
    /// soft limit of its own, counted from its start. Counted from `go`, the limit, once scaled
    /// down for a stable best move, had often passed before the search began, and the move came
    /// from its first iterations: Othello at 24 to 28 empties on a 30-second clock played moves
    /// of a few thousand nodes after a second's solve, two or three a game, where games are
    /// decided. Solve and search together still keep to about the soft limit.
    fn clock(&self) -> (TimeLimits, Elapsed) {
        let shared = self.shared;
        let since_go = shared.started.elapsed();
        match shared.solve_gave_up_us.load(Ordering::Acquire) {
            0 => (shared.time, Elapsed { since_go, searching: since_go }),
            gave_up_us => {
                let limits = TimeLimits { soft: shared.time.soft.map(|soft| soft / 2), ..shared.time };
                let searching = since_go.saturating_sub(Duration::from_micros(gave_up_us));
                (limits, Elapsed { since_go, searching })
            }
        }
    }

    /// Acts on the clock's verdict: records why, and stops the search, except while pondering:
    /// a ponder search thinks on until `ponderhit`, which then ends it at once (here, at the next
    /// poll, when the hit came as the verdict was recorded).
    fn clock_says(&self, ending: Option<Ending>) -> bool {
        let shared = self.shared;
        if let Some(ending) = ending {
            shared.record_ending(ending);
        }
        if shared.pondering.load(Ordering::SeqCst) || shared.ending().is_none() {
            return false;
        }
        shared.stop.store(true, Ordering::Relaxed);
        true
    }
}

impl<G: Variant, const STYLED: bool> Control for MainControl<'_, G, STYLED> {
    #[inline(always)]
    fn selectivity(&self) -> Selectivity {
        self.tuning.selectivity::<STYLED>()
    }

    #[inline(always)]
    fn draw_value(&self) -> Score {
        self.tuning.draw_value::<STYLED>()
    }

    fn should_stop(&self, nodes: u64) -> bool {
        self.tuning.pace.rest();
        let shared = self.shared;
        shared.count_nodes(0, nodes);
        if shared.stopped() {
            return true;
        }
        if let Some(news) = self.news {
            news.poll(nodes);
        }
        let (limits, at) = self.clock();
        let ending = if limits.hard.is_some_and(|hard| at.since_go >= hard) {
            Some(Ending::Hard)
        } else {
            self.pace.get().cuts(&limits, at, self.in_doubt.get())
        };
        self.clock_says(ending)
    }

    fn iteration_done(&self, iteration: &Iteration) -> bool {
        let (limits, at) = self.clock();
        let mut pace = self.pace.get();
        let ending = pace.iteration_done(&limits, iteration, at);
        self.pace.set(pace);
        self.in_doubt.set(false);
        self.clock_says(ending)
    }

    fn best_move_in_doubt(&self) {
        self.in_doubt.set(true);
    }
}

/// The [`Control`] of a helper thread: it runs until the main thread is done.
struct HelperControl<'a, const STYLED: bool> {
    shared: &'a Shared,
    index: usize,
    tuning: Tuning,
}

impl<const STYLED: bool> Control for HelperControl<'_, STYLED> {
    #[inline(always)]
    fn selectivity(&self) -> Selectivity {
        self.tuning.selectivity::<STYLED>()
    }

    #[inline(always)]
    fn draw_value(&self) -> Score {
        self.tuning.draw_value::<STYLED>()
    }

    fn should_stop(&self, nodes: u64) -> bool {
        self.tuning.pace.rest();
        let shared = self.shared;
        shared.count_nodes(self.index, nodes);
        shared.stopped() || shared.helpers_stop.load(Ordering::Relaxed)
    }

    fn iteration_done(&self, _iteration: &Iteration) -> bool {
        false
    }
}

/// Runs `job` on the calling thread (the main search thread) and `states.len() - 1` helpers, and
/// returns the main thread's result. Blocks until the search ends. Used by `go` and by `bench`.
pub fn run<G: Variant>(
    job: &Job<G>,
    table: &[TtEntry],
    age: u8,
    states: &mut [State<G>],
    shared: &Shared,
    listener: Option<&mut dyn Listener<G>>,
    solver: Option<&mut G::Solver>,
) -> SearchResult<G::Move> {
    if Tuning::styled(&job.request) {
        run_controlled::<G, true>(job, table, age, states, shared, listener, solver)
    } else {
        run_controlled::<G, false>(job, table, age, states, shared, listener, solver)
    }
}

/// [`run`] with controls that change the search itself (`STYLED`) or not.
fn run_controlled<G: Variant, const STYLED: bool>(
    job: &Job<G>,
    table: &[TtEntry],
    age: u8,
    states: &mut [State<G>],
    shared: &Shared,
    listener: Option<&mut dyn Listener<G>>,
    solver: Option<&mut G::Solver>,
) -> SearchResult<G::Move> {
    for state in states.iter_mut() {
        G::set_network(state.eval_cache_mut(), job.networks);
        G::set_knowledge(state.eval_cache_mut(), job.request.knowledge);
        G::set_tables(state.eval_cache_mut(), job.tables);
    }
    if let Some(solver) = solver {
        let control = MainControl::<G, STYLED>::new(shared, None, Tuning::of(&job.request));
        let budget = solve_budget(&shared.time);
        let gave_up = Cell::new(false);
        let out_of_budget = || {
            let out = !shared.pondering.load(Ordering::Acquire)
                && budget.is_some_and(|budget| shared.started.elapsed() >= budget);
            gave_up.set(gave_up.get() || out);
            out
        };
        let stop = || control.should_stop(0) || out_of_budget();
        let ask = SolveAsk {
            depth: job.request.depth,
            every_move: job.request.every_move.then_some(job.multipv),
            draw_value: job.request.draw_value,
            threads: states.len(),
        };
        if let Some(solved) = job.position.solve(solver, ask, &stop) {
            return solved_result(job, solved, shared, listener);
        }
        if gave_up.get() {
            let now_us = u64::try_from(shared.started.elapsed().as_micros()).unwrap_or(u64::MAX);
            shared.solve_gave_up_us.store(now_us.max(1), Ordering::Release);
        }
    }
    let tt = TranspositionTable::new(table, age);
    let limits = Limits {
        depth: job.request.depth,
        nodes: job.request.nodes,
        mate: job.request.mate,
        multipv: job.multipv,
        searchmoves: &job.request.searchmoves,
        judge_chases: job.judge_chases,
    };
    let (main_state, helper_states) = states.split_first_mut().expect("at least one search state");
    thread::scope(|scope| {
        let helpers: Vec<_> = helper_states
            .iter_mut()
            .enumerate()
            .filter_map(|(index, state)| {
                let control =
                    HelperControl::<STYLED> { shared, index: index + 1, tuning: Tuning::of(&job.request) };
                let (tt, limits) = (&tt, &limits);
                thread::Builder::new()
                    .name(format!("helper {}", index + 1))
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(scope, move || {
                        state.set_thread_index(index + 1);
                        search::search(&job.position, &job.keys, limits, tt, state, &control, &mut Silent)
                            .nodes
                    })
                    .ok() // without memory for another thread, search with fewer
            })
            .collect();
        let (outcome, lines, score) = match listener {
            Some(listener) => {
                let news = News::new(listener, shared, &tt);
                let control = MainControl::<G, STYLED>::new(shared, Some(&news), Tuning::of(&job.request));
                let mut reporter = EventReporter::new(
                    &news,
                    &job.position,
                    (&job.request.searchmoves, (job.multipv, job.shown_lines), job.table_score),
                    shared,
                    &tt,
                );
                let outcome = search::search(
                    &job.position,
                    &job.keys,
                    &limits,
                    &tt,
                    main_state,
                    &control,
                    &mut reporter,
                );
                (outcome, reporter.completed_lines(), reporter.last_score())
            }
            None => {
                let control = MainControl::<G, STYLED>::new(shared, None, Tuning::of(&job.request));
                let outcome =
                    search::search(&job.position, &job.keys, &limits, &tt, main_state, &control, &mut Silent);
                (outcome, Vec::new(), None)
            }
        };
        shared.helpers_stop.store(true, Ordering::Relaxed);
        let helper_nodes: u64 = helpers.into_iter().map(|helper| helper.join().unwrap_or(0)).sum();
        let nodes = outcome.nodes + helper_nodes;
        SearchResult { outcome, nodes, lines, score, valuation: Valuation::Estimate }
    })
}

/// How long the game's solver may try before the search takes over: half the soft limit under a
/// clock, half the hard limit under `movetime` alone, unbounded otherwise. A solve the limits cut
/// short answers nothing, so without this share a solve too deep for the clock (an Othello endgame
/// at 26 empties with a second to spend) would spend the move's whole time and leave the search
/// none: a move from its first iteration, where the search's own iterations would have reached
/// depth 10 and more. A solve within its share answers; past it, the search plays with half the
/// soft limit of its own (see [`MainControl::clock`]).
fn solve_budget(time: &TimeLimits) -> Option<Duration> {
    time.soft.or(time.hard).map(|limit| limit / 2)
}

/// The result of a position the game's solver answered, its lines reported as the search's are
/// (none for a move it played without a value: there is nothing to report).
fn solved_result<G: Variant>(
    job: &Job<G>,
    solved: Solved<G::Move>,
    shared: &Shared,
    listener: Option<&mut dyn Listener<G>>,
) -> SearchResult<G::Move> {
    if let Some(listener) = listener.filter(|_| solved.proof.is_some()) {
        for (index, &(mv, score)) in solved.lines.iter().enumerate() {
            let pv = [mv];
            let line = SearchInfo {
                depth: 1,
                seldepth: 1,
                multipv: index + 1,
                score,
                bound: search::Bound::Exact,
                nodes: solved.nodes,
                hashfull: 0,
                pv: &pv,
            };
            let info = Info {
                line: &line,
                nodes: solved.nodes,
                tbhits: 0,
                elapsed: shared.started.elapsed(),
                proof: solved.proof,
            };
            listener.info(&job.position, &info);
        }
    }
    let (best, score) = solved.lines[0];
    let outcome = SearchOutcome {
        best_move: Some(best),
        ponder_move: None,
        score,
        depth: 1,
        nodes: solved.nodes,
        interrupted: false,
    };
    let valuation = solved.proof.map_or(Valuation::Unvalued, Valuation::Proven);
    SearchResult { outcome, nodes: solved.nodes, lines: solved.lines, score: Some(score), valuation }
}

/// What a search thread hands back when it ends: the threads' states, the solver's memory, and
/// whether its decision judged the game lost.
pub struct Returned<G: Variant> {
    pub states: Vec<State<G>>,
    pub solver: G::Solver,
    pub judged_lost: bool,
}

/// A search running in the background.
pub struct Running<G: Variant> {
    handle: JoinHandle<Returned<G>>,
    shared: Arc<Shared>,
}

/// Starts `job` on a new main search thread. The thread sends the listener its info events and,
/// when the search is over (and, for `ponder` and `infinite`, once `stop` or `ponderhit` came), the
/// decision; it hands the states back through [`Running::join`]. On an error the listener is
/// handed back, so the caller can still answer.
#[allow(clippy::type_complexity)]
pub fn start<G: Variant>(
    job: Job<G>,
    table: Table,
    age: u8,
    states: Vec<State<G>>,
    solver: G::Solver,
    listener: Box<dyn Listener<G>>,
) -> Result<Running<G>, (std::io::Error, Box<dyn Listener<G>>)> {
    let shared = Arc::new(shared_for(&job, states.len()));
    let thread_shared = Arc::clone(&shared);
    // The listener travels to the thread through a slot, so a failed spawn can give it back.
    let slot = Arc::new(Mutex::new(Some(listener)));
    let thread_slot = Arc::clone(&slot);
    let spawned = thread::Builder::new().name("search".into()).stack_size(SEARCH_STACK).spawn(move || {
        let (mut states, mut solver) = (states, solver);
        let shared = thread_shared;
        let mut listener =
            thread_slot.lock().unwrap_or_else(PoisonError::into_inner).take().expect("a listener");
        let result = run(&job, &table, age, &mut states, &shared, Some(listener.as_mut()), Some(&mut solver));
        // The answer to `go ponder` and `go infinite` waits for `stop` or `ponderhit`.
        while !shared.stopped() && (shared.pondering.load(Ordering::Acquire) || shared.infinite) {
            thread::park_timeout(Duration::from_millis(50));
        }
        let tt = TranspositionTable::new(&table, age);
        let decision = decide(&job, &shared, &result, &tt);
        let mut answered = shared.answered.lock().unwrap_or_else(PoisonError::into_inner);
        listener.finished(&job.position, &decision);
        *answered = true;
        drop(answered);
        Returned { states, solver, judged_lost: judged_lost(&result) }
    });
    match spawned {
        Ok(handle) => Ok(Running { handle, shared }),
        Err(error) => {
            let listener = slot.lock().unwrap_or_else(PoisonError::into_inner).take().expect("the listener");
            Err((error, listener))
        }
    }
}

/// Starts an analysis of `positions` (a game's, first to last) on a new thread: each is searched
/// to `depth` (or scored by its result when the game is over), from the last back to the first, as
/// Edax does it (later positions are cheaper and fill the table for earlier ones), and its score
/// goes to [`Listener::analysed`]. No decision follows: an analysis answers nothing else.
pub fn start_analysis<G: Variant>(
    positions: Vec<G>,
    depth: u32,
    table: Table,
    age: u8,
    states: Vec<State<G>>,
    solver: G::Solver,
    mut listener: Box<dyn Listener<G>>,
) -> std::io::Result<Running<G>> {
    let shared = Arc::new(Shared {
        stop: AtomicBool::new(false),
        outside_stop: None,
        helpers_stop: AtomicBool::new(false),
        pondering: AtomicBool::new(false),
        draw_offered: AtomicBool::new(false),
        answered: Mutex::new(false),
        infinite: false,
        unbounded: false,
        started: Instant::now(),
        clock_offset_us: AtomicU64::new(0),
        ending: AtomicU8::new(0),
        solve_gave_up_us: AtomicU64::new(0),
        time: TimeLimits::NONE,
        node_limit: None,
        nodes: vec![AtomicU64::new(0)],
    });
    let thread_shared = Arc::clone(&shared);
    let handle =
        thread::Builder::new().name("analysis".into()).stack_size(SEARCH_STACK).spawn(move || {
            let (mut states, solver) = (states, solver);
            let shared = thread_shared;
            let tt = TranspositionTable::new(&table, age);
            let limits = Limits { depth: Some(depth.max(1)), ..Limits::default() };
            let tuning = Tuning::of(&GoRequest::<G::Move>::default());
            let control = MainControl::<G, false>::new(&shared, None, tuning);
            for (index, position) in positions.iter().enumerate().rev() {
                let mut moves = G::MoveList::default();
                position.generate_moves(&mut moves);
                let (score, best) = if moves.is_empty() {
                    (position.no_move_score(0), None)
                } else {
                    let outcome =
                        search::search(position, &[], &limits, &tt, &mut states[0], &control, &mut Silent);
                    (outcome.score, outcome.best_move)
                };
                if shared.stopped() {
                    break;
                }
                listener.analysed(position, index, score, best);
            }
            *shared.answered.lock().unwrap_or_else(PoisonError::into_inner) = true;
            Returned { states, solver, judged_lost: false }
        })?;
    Ok(Running { handle, shared })
}

impl<G: Variant> Running<G> {
    /// Asks the search to stop (it answers `bestmove` within milliseconds).
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Release);
        self.handle.thread().unpark();
    }

    /// `ponderhit`: the opponent played the expected move (offering a draw with it if `draw`); the
    /// GUI's clock starts now, the search's limits still count from `go`.
    pub fn ponderhit(&self, draw: bool) {
        let shared = &self.shared;
        if draw {
            shared.draw_offered.store(true, Ordering::Release);
        }
        if shared.pondering.load(Ordering::Acquire) {
            let now = shared.started.elapsed().as_micros().min(u128::from(u64::MAX)) as u64;
            shared.clock_offset_us.store(now, Ordering::Release);
            shared.pondering.store(false, Ordering::SeqCst);
            // The clock would have ended this search by now (as Stockfish's stop on ponderhit):
            // the move is ready, play it rather than think on at the clock's expense.
            if shared.ending().is_some() {
                shared.ending.store(Ending::PonderHit.code(), Ordering::SeqCst);
                shared.stop.store(true, Ordering::Release);
            }
        }
        self.handle.thread().unpark();
    }

    /// True once the `bestmove` line is out, though the thread may still be ending.
    pub fn answered(&self) -> bool {
        *self.shared.answered.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// True once the search thread has ended.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Nodes searched by all threads, as of their last polls.
    pub fn nodes(&self) -> u64 {
        self.shared.total_nodes(self.shared.nodes[0].load(Ordering::Relaxed))
    }

    /// True for `go infinite`, a search without any limit, and a ponder search still waiting for
    /// `ponderhit`: searches that only end on request.
    pub fn waits_for_stop(&self) -> bool {
        self.shared.infinite || self.shared.unbounded || self.shared.pondering.load(Ordering::Acquire)
    }

    /// Waits for the search thread to end and takes its states (and the solver's memory) back.
    pub fn join(self) -> Returned<G> {
        match self.handle.join() {
            Ok(states) => states,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}
