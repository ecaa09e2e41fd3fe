//! The NBoard protocol (version 2), as Edax and NTest speak it, for Othello.
//!
//! GUI to engine: `nboard 2`, `set depth N`, `set game GGF`, `set contempt N`, `move F5[/EVAL[/TIME]]`
//! (`PA` passes), `hint N`, `go`, `ping N`, `learn`, `analyze`, `quit`; and two engine-side
//! extensions for testers: `perft N` (per-move counts, then `Nodes searched: N`) and `d` (the
//! board).
//!
//! Engine to GUI: `set myname triskel` (after `set depth`), `=== MOVE/EVAL/TIME` (after `go`; the
//! board does not change until the GUI sends the move), `search PV EVAL 0 DEPTH` then `status`
//! (after `hint`), `analysis MOVES_MADE EVAL` (after `analyze`), `nodestats NODES SECONDS` while
//! thinking, `pong N` (after stopping any search, whose answer is dropped), `learned`.
//! Evaluations are in discs from the side to move's point of view.
//!
//! The clock is the record's: `TI` gives each side's time for the game, and each move's `/TIME`
//! (in the record or in `move`) what it took. A bad command or record leaves the game as it was and
//! is answered with a `status` line saying why.

mod ggf;
mod search;

use crate::output::Output;
use crate::protocol::Flow;
use engine::othello::{MoveText, Position};
use engine::perft::perft_divide;
use engine::search::{SearchState, TtEntry};
use ggf::Record;
use search::{Job, Running, State, Task};
use std::sync::Arc;
use std::time::Duration;

/// The name `set myname` announces.
const NAME: &str = "triskel";
/// Transposition table of the Othello searches, MiB (NBoard has no option for it).
const HASH_MB: usize = 64;
/// Depth until the GUI sets one.
const DEFAULT_DEPTH: u32 = 12;
/// Deepest `set depth` (the whole game).
const MAX_DEPTH: u32 = 60;
/// Deepest `perft`.
const MAX_PERFT_DEPTH: u32 = 20;
/// Positions of `bench`: the start, and positions from random games at 10 to 40 empties.
const BENCH_POSITIONS: [&str; 6] = [
    "---------------------------OX------XO--------------------------- X",
    "--------------------O-----XXO------XX-------XX--------X--------- O",
    "--------------------------XXX--O---XXXOO-----O-O---XXXX--------X X",
    "-OOOOO---XXXXO---OOOOOO---OOOO----OOO--------------------------- O",
    "XO-O-----X-O----XXXOXOO----OOO---XXXXX---OXX-------X------------ X",
    "-O-XOOOO--X-XOO--XXOOOO---OOXOOO-O-XXOX---XXOXX--X-OXO-XX-OXXX-- X",
];
/// Depth of `bench` unless one is given.
const BENCH_DEPTH: u32 = 10;
/// Kept in hand on every move, for the pipe and the GUI.
const SAFETY: Duration = Duration::from_millis(50);

/// The NBoard session.
pub struct NBoardSession {
    output: Output,
    record: Record,
    depth: u32,
    /// `set contempt`: stored, not used yet (the search scores draws as 0).
    contempt: i32,
    table: Arc<Vec<TtEntry>>,
    age: u8,
    state: Option<State>,
    running: Option<Running>,
}

impl NBoardSession {
    pub fn new(output: Output) -> NBoardSession {
        let table =
            crate::controller::table::allocate_table(HASH_MB).expect("memory for the Othello hash table");
        NBoardSession {
            output,
            record: Record::new(),
            depth: DEFAULT_DEPTH,
            contempt: 0,
            table,
            age: 0,
            state: Some(State::new()),
            running: None,
        }
    }

    /// Handles one input line.
    pub fn handle(&mut self, line: &str) -> Flow {
        self.output.log_input(line);
        self.reap();
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "" | "nboard" => {}
            "set" => self.set(rest),
            "move" => {
                self.stop(true);
                if let Err(error) = self.record.play(rest) {
                    self.status(&format!("move {rest}: {error}; the board is unchanged"));
                }
            }
            "go" => self.start(Task::Go),
            "hint" => match rest.split_whitespace().next().map(str::parse::<usize>) {
                Some(Ok(lines)) if lines >= 1 => self.start(Task::Hint(lines.min(64))),
                _ => self.status(&format!("hint takes a number of moves, not {rest:?}")),
            },
            "analyze" => self.start(Task::Analyze),
            "ping" => {
                self.stop(true);
                self.output.line(format!("pong {rest}").trim_end());
            }
            "learn" => {
                // Nothing is learned (there is no book to extend), but the GUI waits for the answer.
                self.output.line("learned");
            }
            "perft" => {
                self.stop(true);
                self.perft(rest);
            }
            "bench" => {
                self.stop(true);
                self.bench(rest);
            }
            "ffo" => {
                self.stop(true);
                self.ffo(rest);
            }
            "d" => {
                let position = self.record.position();
                let contempt = self.contempt;
                self.output.line(&format!(
                    "{position}\n{}\ndepth {}, contempt {contempt}",
                    position.text(),
                    self.depth
                ));
            }
            "quit" => {
                self.stop(true);
                return Flow::Quit;
            }
            _ => {
                let shown: String = line.chars().take(80).collect();
                self.status(&format!("unknown command: {shown}"));
            }
        }
        if self.output.is_closed() {
            self.stop(true);
            return Flow::Quit;
        }
        Flow::Continue
    }

    /// A line that is not UTF-8.
    pub fn garbage(&mut self) {
        self.output.log_input("(a line that is not UTF-8)");
        self.status("ignoring a line that is not UTF-8");
    }

    /// End of input: a running search may finish and answer.
    pub fn end_of_input(&mut self) {
        if let Some(running) = self.running.take() {
            self.state = Some(running.join());
        }
    }

    fn status(&self, text: &str) {
        self.output.line(&format!("status {text}"));
    }

    fn set(&mut self, rest: &str) {
        let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        match what {
            "depth" => match value.parse::<u32>() {
                Ok(depth) => {
                    self.depth = depth.clamp(1, MAX_DEPTH);
                    self.output.line(&format!("set myname {NAME}"));
                }
                Err(_) => self.status(&format!("set depth takes a number, not {value:?}")),
            },
            "game" => {
                self.stop(true);
                match ggf::parse(value) {
                    Ok(record) => self.record = record,
                    Err(error) => self.status(&format!("set game: {error}; the game is unchanged")),
                }
            }
            "contempt" => match value.parse::<i32>() {
                Ok(contempt) => self.contempt = contempt,
                Err(_) => self.status(&format!("set contempt takes a number, not {value:?}")),
            },
            _ => self.status(&format!("unknown setting: {rest}")),
        }
    }

    /// Time for the side to move from the record's clock: an even share of what is left over the
    /// moves it still has to make, and never more than half of it on one move.
    fn time_limits(&self) -> (Option<Duration>, Option<Duration>) {
        let Some(clock) = self.record.clock_seconds else { return (None, None) };
        let position = self.record.position();
        let left = (clock - self.record.seconds_used(position.side_to_move())).max(0.0);
        let left = Duration::from_secs_f64(left).saturating_sub(SAFETY);
        let moves_left = position.empties().div_ceil(2) + 1;
        let soft = left / moves_left.max(1);
        let hard = (soft * 3).min(left / 2);
        (Some(soft), Some(hard))
    }

    fn start(&mut self, task: Task) {
        self.stop(true);
        let (soft, hard) = self.time_limits();
        let job = Job { task, record: self.record.clone(), depth: self.depth, soft, hard };
        self.age = (self.age + 1) & 63;
        let state = self.state.take().unwrap_or_else(State::new);
        match search::start(job, Arc::clone(&self.table), self.age, state, self.output.clone()) {
            Ok(running) => self.running = Some(running),
            Err(error) => {
                self.state = Some(State::new());
                self.status(&format!("cannot start a search thread: {error}"));
            }
        }
    }

    /// Stops the search, if any; with `cancel` its answer is dropped.
    fn stop(&mut self, cancel: bool) {
        if let Some(running) = self.running.take() {
            self.state = Some(running.stop(cancel));
        }
    }

    /// Takes back the state of a search that ended by itself.
    fn reap(&mut self) {
        if self.running.as_ref().is_some_and(Running::is_finished) {
            if let Some(running) = self.running.take() {
                self.state = Some(running.join());
            }
        }
    }

    /// `bench [depth]`: fixed-depth searches of [`BENCH_POSITIONS`] from an empty table, so the
    /// node count is a signature of the search and evaluation (it changes only when they do).
    fn bench(&mut self, rest: &str) {
        let depth = match rest {
            "" => BENCH_DEPTH,
            _ => match rest.parse::<u32>() {
                Ok(depth) if (1..=MAX_DEPTH).contains(&depth) => depth,
                _ => return self.status(&format!("bench takes a depth from 1 to {MAX_DEPTH}, not {rest:?}")),
            },
        };
        let table = crate::controller::table::allocate_table(16).expect("memory for the bench table");
        let mut state = SearchState::<Position>::boxed();
        let started = std::time::Instant::now();
        let mut total = 0;
        let mut text = String::new();
        for (index, board) in BENCH_POSITIONS.iter().enumerate() {
            let position = Position::parse(board).expect("bench positions are valid");
            let tt = engine::search::TranspositionTable::new(&table, 0);
            let limits = engine::search::Limits { depth: Some(depth), ..Default::default() };
            let outcome = engine::search::search(
                &position,
                &[],
                &limits,
                &tt,
                &mut state,
                &engine::search::LimitsOnly,
                &mut engine::search::Silent,
            );
            let best = outcome.best_move.map_or("--".to_string(), |mv| MoveText(mv).to_string());
            text.push_str(&format!("position {}: best {best} nodes {}\n", index + 1, outcome.nodes));
            total += outcome.nodes;
        }
        let seconds = started.elapsed().as_secs_f64().max(1e-9);
        text.push_str(&format!(
            "===========================\nTotal time (ms) : {:.0}\nNodes searched  : {total}\nNodes/second    : {:.0}",
            seconds * 1e3,
            total as f64 / seconds
        ));
        self.output.line(&text);
    }

    /// `ffo [FILE [FIRST [LAST]]]`: solves the FFO endgame positions of `FILE` (default
    /// `tests/data/othello/ffo.txt`: number, empties, side, score, best moves, board) exactly, one
    /// thread, each from an empty solver table, and checks score and move against the file.
    fn ffo(&mut self, rest: &str) {
        let mut words = rest.split_whitespace();
        let path = words.next().unwrap_or("tests/data/othello/ffo.txt");
        let first: u32 = words.next().and_then(|word| word.parse().ok()).unwrap_or(40);
        let last: u32 = words.next().and_then(|word| word.parse().ok()).unwrap_or(first.max(59));
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => return self.status(&format!("ffo: cannot read {path}: {error}")),
        };
        let mut table = vec![engine::othello::endgame::EndgameEntry::EMPTY; 1 << 22];
        let (mut total_nodes, mut total_seconds, mut wrong) = (0u64, 0.0f64, 0);
        self.output.line(&format!(
            "{:>3} {:>4} {:>6} {:>6} {:>5} {:>9} {:>14} {:>12}",
            "#", "empt", "score", "want", "move", "seconds", "nodes", "nodes/s"
        ));
        for line in text.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [number, empties, side, score, best, board] = fields[..] else { continue };
            let Ok(number) = number.parse::<u32>() else { continue };
            if number < first || number > last {
                continue;
            }
            let Ok(position) = Position::parse(&format!("{board} {side}")) else {
                self.status(&format!("ffo: position {number} does not read"));
                continue;
            };
            let want: i32 = score.trim_start_matches('+').parse().unwrap_or(i32::MIN);
            table.fill(engine::othello::endgame::EndgameEntry::EMPTY);
            let started = std::time::Instant::now();
            let solution = engine::othello::endgame::solve_exact(
                &position,
                &mut table,
                &engine::othello::endgame::NoStop,
            );
            let seconds = started.elapsed().as_secs_f64();
            let Some(solution) = solution else { continue };
            let played = MoveText(solution.best_move).to_string().to_ascii_lowercase();
            let right = solution.score == want && best.split(',').any(|mv| mv.eq_ignore_ascii_case(&played));
            wrong += usize::from(!right);
            total_nodes += solution.nodes;
            total_seconds += seconds;
            self.output.line(&format!(
                "{number:>3} {empties:>4} {:>+6} {want:>+6} {played:>5} {seconds:>9.3} {:>14} {:>12.0}{}",
                solution.score,
                solution.nodes,
                solution.nodes as f64 / seconds.max(1e-9),
                if right { "" } else { "  WRONG" }
            ));
        }
        self.output.line(&format!(
            "total {total_seconds:.3} s, {total_nodes} nodes, {:.0} nodes/s, {wrong} wrong",
            total_nodes as f64 / total_seconds.max(1e-9)
        ));
    }

    fn perft(&mut self, rest: &str) {
        let depth = match rest.parse::<u32>() {
            Ok(depth) if (1..=MAX_PERFT_DEPTH).contains(&depth) => depth,
            _ => {
                return self.status(&format!("perft takes a depth from 1 to {MAX_PERFT_DEPTH}, not {rest:?}"))
            }
        };
        let mut position: Position = self.record.position();
        let started = std::time::Instant::now();
        let mut text = String::new();
        let total = perft_divide(&mut position, depth, |mv, count| {
            text.push_str(&format!("{}: {count}\n", MoveText(mv)));
        });
        let seconds = started.elapsed().as_secs_f64();
        let rate = if seconds > 0.0 { total as f64 / seconds } else { 0.0 };
        self.output.line(&format!(
            "{text}\nTime: {:.0} ms, {:.0} nodes/s\nNodes searched: {total}",
            seconds * 1e3,
            rate
        ));
    }
}
