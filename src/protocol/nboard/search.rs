//! NBoard's searches on a thread of their own: `go` (one `=== MOVE/EVAL/TIME` line), `hint N`
//! (`search PV EVAL 0 DEPTH` lines, then `status`) and `analyze` (`analysis MOVES_MADE EVAL`
//! lines). The command loop keeps reading: `ping` stops the search and cancels its answer, so no
//! stale `===` ever follows the `pong`.

use super::ggf::Record;
use crate::output::Output;
use engine::othello::endgame::{self, EndgameEntry, SolveControl};
use engine::othello::{Move, MoveText, Position, DISC};
use engine::search::{
    self, Bound, Control, Limits, Reporter, SearchInfo, SearchState, TranspositionTable, TtEntry,
};
use engine::{Game, Score};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Entries of the endgame solver's table (24 bytes each).
const ENDGAME_ENTRIES: usize = 1 << 20;

/// One search thread's reusable memory: the midgame search's state and the solver's table.
pub struct State {
    search: Box<SearchState<Position>>,
    endgame: Box<[EndgameEntry]>,
}

impl State {
    pub fn new() -> State {
        State {
            search: SearchState::boxed(),
            endgame: vec![EndgameEntry::EMPTY; ENDGAME_ENTRIES].into_boxed_slice(),
        }
    }
}

/// Most empties solved exactly at a given `set depth`: the exact solve replaces the midgame
/// search once it costs about what a `depth`-ply search does. At most 26 (FFO #49, 26 empties,
/// takes about 35 s of CPU): deeper solves take minutes, and the clock would cut most of them.
fn exact_empties(depth: u32) -> u32 {
    (depth + 8).min(26)
}

/// Most empties solved for win/loss/draw (a cheaper solve, two empties more).
fn win_loss_empties(depth: u32) -> u32 {
    exact_empties(depth) + 2
}

/// Depth of the searches `analyze` runs on every position of the game.
const ANALYZE_DEPTH: u32 = 8;

/// What the GUI asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    Go,
    Hint(usize),
    Analyze,
}

/// One request, with everything the thread needs.
pub struct Job {
    pub task: Task,
    pub record: Record,
    pub depth: u32,
    /// Soft (start no new iteration after it) and hard (stop now) time limits.
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

/// A search running in the background.
pub struct Running {
    handle: JoinHandle<State>,
    stop: Arc<AtomicBool>,
    cancelled: Arc<AtomicBool>,
}

impl Running {
    /// Stops the search; with `cancel`, its answer is not printed.
    pub fn stop(self, cancel: bool) -> State {
        if cancel {
            self.cancelled.store(true, Ordering::Release);
        }
        self.stop.store(true, Ordering::Release);
        self.join()
    }

    /// True once the search is over and its answer out.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the search to end by itself.
    pub fn join(self) -> State {
        match self.handle.join() {
            Ok(state) => state,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}

/// Centidiscs as NBoard writes evaluations: discs with two decimals, never `NaN` or empty.
pub fn eval_text(score: Score) -> String {
    format!("{:.2}", f64::from(score.0) / f64::from(DISC))
}

/// Starts `job` on a new thread; it prints through `output` unless cancelled.
pub fn start(
    job: Job,
    table: Arc<Vec<TtEntry>>,
    age: u8,
    state: State,
    output: Output,
) -> std::io::Result<Running> {
    let stop = Arc::new(AtomicBool::new(false));
    let cancelled = Arc::new(AtomicBool::new(false));
    let (thread_stop, thread_cancelled) = (Arc::clone(&stop), Arc::clone(&cancelled));
    let handle = thread::Builder::new()
        .name("nboard search".into())
        .stack_size(crate::controller::search::SEARCH_STACK)
        .spawn(move || {
            let mut state = state;
            let control =
                Clock { stop: &thread_stop, started: Instant::now(), soft: job.soft, hard: job.hard };
            let tt = TranspositionTable::new(&table, age);
            let printer = Printer { output: &output, cancelled: &thread_cancelled };
            match job.task {
                Task::Go => go(&job, &tt, &mut state, &control, &printer),
                Task::Hint(lines) => hint(&job, lines, &tt, &mut state, &control, &printer),
                Task::Analyze => analyze(&job, &tt, &mut state.search, &control, &printer),
            }
            state
        })?;
    Ok(Running { handle, stop, cancelled })
}

/// Output that goes quiet once the search is cancelled.
struct Printer<'a> {
    output: &'a Output,
    cancelled: &'a AtomicBool,
}

impl Printer<'_> {
    fn line(&self, text: &str) {
        if !self.cancelled.load(Ordering::Acquire) {
            self.output.line(text);
        }
    }
}

/// Stop flag and time limits, for the midgame search and the endgame solver alike.
struct Clock<'a> {
    stop: &'a AtomicBool,
    started: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl Clock<'_> {
    /// `ping` (or a new command) asked to stop, or the hard time limit passed.
    fn stop_now(&self) -> bool {
        self.stop.load(Ordering::Acquire) || self.hard.is_some_and(|hard| self.started.elapsed() >= hard)
    }
}

impl SolveControl for Clock<'_> {
    fn should_stop(&self, _nodes: u64) -> bool {
        self.stop_now()
    }
}

impl Control for Clock<'_> {
    fn should_stop(&self, _nodes: u64) -> bool {
        self.stop_now()
    }

    fn iteration_done(&self, _depth: u32, _nodes: u64, _stable: u32) -> bool {
        self.soft.is_some_and(|soft| self.started.elapsed() >= soft)
    }
}

/// The moves of a principal variation run together, as NBoard writes them (`F5D6C3`).
fn pv_text(pv: &[Move]) -> String {
    pv.iter().map(|&mv| MoveText(mv).to_string()).collect()
}

/// Prints `nodestats` (for `go`) or `search` lines (for `hint`) as iterations complete.
struct NBoardReporter<'a> {
    printer: &'a Printer<'a>,
    started: Instant,
    /// `hint`: one `search` line per principal variation.
    hint: bool,
}

impl Reporter<Move> for NBoardReporter<'_> {
    fn report(&mut self, info: &SearchInfo<'_, Move>) {
        if info.bound != Bound::Exact {
            return;
        }
        if self.hint {
            self.printer.line(&format!(
                "search {} {} 0 {}",
                pv_text(info.pv),
                eval_text(info.score),
                info.depth
            ));
        } else if info.multipv == 1 {
            let seconds = self.started.elapsed().as_secs_f64();
            self.printer.line(&format!("nodestats {} {seconds:.2}", info.nodes));
        }
    }

    fn current_move(&mut self, _depth: u32, _mv: Move, _number: usize, _nodes: u64) {}
}

fn go(job: &Job, tt: &TranspositionTable, state: &mut State, control: &Clock, printer: &Printer) {
    let position = job.record.position();
    let started = control.started;
    if position.is_game_over() {
        printer.line(&format!("=== PA/{}/0.00", eval_text(Score(position.final_score() * DISC))));
        return;
    }
    if position.must_pass() {
        printer.line(&format!("=== PA/{}/0.00", eval_text(position.evaluate())));
        return;
    }
    // The endgame: solved, exactly or for win/loss/draw, unless the clock runs out first.
    let empties = position.empties();
    if empties <= win_loss_empties(job.depth) {
        let solution = if empties <= exact_empties(job.depth) {
            endgame::solve_exact(&position, &mut state.endgame, control)
        } else {
            endgame::solve_win_loss(&position, &mut state.endgame, control)
        };
        if let Some(solution) = solution {
            answer(printer, started, solution.nodes, solution.best_move, Score(solution.score * DISC));
            return;
        }
        if control.stop.load(Ordering::Acquire) {
            return;
        }
    }
    let limits = Limits { depth: Some(job.depth.max(1)), ..Limits::default() };
    let mut reporter = NBoardReporter { printer, started, hint: false };
    let outcome = search::search(&position, &[], &limits, tt, &mut state.search, control, &mut reporter);
    let Some(best) = outcome.best_move else {
        printer.line("=== PA/0.00/0.00");
        return;
    };
    answer(printer, started, outcome.nodes, best, outcome.score);
}

/// The end of a `go`: the final `nodestats`, then `=== MOVE/EVAL/TIME`.
fn answer(printer: &Printer, started: Instant, nodes: u64, best: Move, score: Score) {
    let seconds = started.elapsed().as_secs_f64();
    printer.line(&format!(
        "nodestats {nodes} {seconds:.2}\n=== {}/{}/{seconds:.2}",
        MoveText(best),
        eval_text(score)
    ));
}

fn hint(
    job: &Job,
    lines: usize,
    tt: &TranspositionTable,
    state: &mut State,
    control: &Clock,
    printer: &Printer,
) {
    let position = job.record.position();
    let mut scores = [(Move::PASS, 0); 32];
    let solved = if !position.is_game_over() && position.empties() <= exact_empties(job.depth) {
        endgame::solve_moves(&position, &mut state.endgame, control, &mut scores)
    } else {
        None
    };
    if let Some((count, _nodes)) = solved {
        // Depth "100%": every score is the exact final result.
        for &(mv, score) in scores[..count].iter().take(lines.max(1)) {
            printer.line(&format!("search {} {} 0 100%", MoveText(mv), eval_text(Score(score * DISC))));
        }
    } else if control.stop.load(Ordering::Acquire) {
        return;
    } else if position.must_pass() {
        printer.line(&format!("search PA {} 0 1", eval_text(position.evaluate())));
    } else if !position.is_game_over() {
        let limits = Limits { depth: Some(job.depth.max(1)), multipv: lines.max(1), ..Limits::default() };
        let mut reporter = NBoardReporter { printer, started: control.started, hint: true };
        search::search(&position, &[], &limits, tt, &mut state.search, control, &mut reporter);
    }
    printer.line("status");
}

fn analyze(
    job: &Job,
    tt: &TranspositionTable,
    state: &mut SearchState<Position>,
    control: &Clock,
    printer: &Printer,
) {
    let mut positions = vec![job.record.start];
    for recorded in &job.record.moves {
        let mut next = *positions.last().unwrap_or(&job.record.start);
        next.play(recorded.mv);
        positions.push(next);
    }
    // From the end back, as Edax does: later positions are cheaper and fill the table for earlier ones.
    for (moves_made, position) in positions.iter().enumerate().rev() {
        if control.stop.load(Ordering::Acquire) {
            break;
        }
        let score = if position.is_game_over() {
            Score(position.final_score() * DISC)
        } else {
            let limits = Limits { depth: Some(job.depth.clamp(1, ANALYZE_DEPTH)), ..Limits::default() };
            let outcome = search::search(position, &[], &limits, tt, state, control, &mut search::Silent);
            outcome.score
        };
        if control.stop.load(Ordering::Acquire) {
            break;
        }
        printer.line(&format!("analysis {moves_made} {}", eval_text(score)));
    }
}
