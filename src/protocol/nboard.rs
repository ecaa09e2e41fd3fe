//! The NBoard protocol (version 2), as Edax and NTest speak it, for Othello: a thin front-end over
//! the controller.
//!
//! GUI to engine: `nboard 2`, `set depth N`, `set game GGF`, `set contempt N` (what a draw is worth
//! to Black, in discs, as NBoard sends it (±100 for "draws to Black/White", a draw then worth a
//! win) and NTest reads it: to White it is worth `-N`),
//! `move F5[/EVAL[/TIME]]` (`PA` passes; version 1's bare `F5` too), `hint N`, `go`, `ping N`,
//! `learn`, `analyze`, `quit`; and engine-side extensions for testers: `perft N` (per-move counts,
//! then `Nodes searched: N`), `bench [depth]`, `ffo [FILE [FIRST [LAST [THREADS]]]]` and `d` (the
//! board).
//!
//! Engine to GUI: `set myname triskel` (after `set depth`), `=== MOVE/EVAL/TIME` (after `go`; the
//! board does not change until the GUI sends the move; EVAL is left empty, `=== MOVE//TIME`, when
//! there is no value to give, see `NBoardListener::finished`), `search PV EVAL 0 DEPTH` then
//! `status` (after `hint`; DEPTH is `100%` for an exact solve and `100%W` for a proven win, loss or
//! draw), `analysis MOVES_MADE EVAL` (after `analyze`), `nodestats NODES SECONDS` while thinking,
//! `pong N` (after stopping any search, whose answer is dropped), `learned`. Evaluations are in discs
//! from the side to move's point of view, except `analysis` values, which are Black's, as NBoard
//! plots them.
//!
//! Commands are read while the engine thinks. Every command sent while a `go` awaits its answer
//! or a `perft`, `bench` or `ffo` runs is held back with all that follows it until that work is
//! done, and then run in order, as NTest takes them; `ping` and `quit` are never held back, except
//! behind a `learn`, which runs to its end before any other command, as in NTest and Edax. A
//! `hint` or `analyze` is stopped by the next command instead (the analysis the GUI asked for
//! ends when the game or the question changes). `ping` stops whatever runs, drops the held-back
//! work (NBoard discards whatever answers before its `pong`; a `learn` is still answered
//! `learned`), runs the held-back commands that change the game or the settings, and answers
//! `pong`; `quit` drops them all (a `learn` still answered) and exits.
//!
//! The clock is the record's: `TI` (or `TB` and `TW`) gives each side's time for the game, its
//! increment and grace period, and each move's `/TIME` (in the record or in `move`) what it took;
//! `TI[0]`, NBoard's game without a clock, leaves the depth alone to bound a move. A bad command
//! leaves the game as it was and is answered with a `status` line saying why; a refused record
//! leaves no game until the next `set game` (answering for the one before would give the GUI a
//! move that is illegal on its board).
//!
//! The book ([`crate::book::othello`]): `go` plays a book position's best move at once, `hint`
//! answers a book position with one `book MOVE EVAL GAMES DEPTH` line per book move, best first
//! (then, as Edax, a search of the other moves for the lines the book leaves unfilled), and
//! `learn` searches the game's positions, adds its line to the book and writes the book to the
//! file the command line named (`--book FILE`; without one the session learns in memory only),
//! then answers `learned`.

use super::bench_report::bench_text;
use super::flow::{settle, Flow};
use crate::controller::events::{Decision, Info, Listener, Valuation};
use crate::controller::play::{for_black, OthelloPlay};
use crate::controller::GoRequest;
use crate::games::ffo::{ffo, FfoEvent, FfoSolve};
use crate::games::othello::disc_text;
use crate::games::{Proof, Variant};
use crate::launch::OthelloSetup;
use crate::output::Output;
use crate::resources::MAX_THREADS;
use engine::othello::ggf;
use engine::othello::{Move, MoveText, Position, Square};
use engine::search::Bound;
use engine::Score;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The largest `set contempt`: a draw worth more than a 64-disc win would only confuse the search.
const MAX_CONTEMPT: i32 = 6400;

/// The rule above `bench`'s totals: NBoard reads a line that starts `===` as the engine's move,
/// so its report rules them off with dashes where Stockfish's uses `=`.
const NBOARD_RULE: char = '-';

/// The name `set myname` announces.
const NAME: &str = "triskel";
/// Depth until the GUI sets one.
const DEFAULT_DEPTH: u32 = 12;
/// Deepest `set depth` (the whole game).
const MAX_DEPTH: u32 = 60;
/// Deepest `perft`.
const MAX_PERFT_DEPTH: u32 = 20;
/// Depth of the searches `analyze` runs on every position of the game.
const ANALYZE_DEPTH: u32 = 8;
/// Kept in hand on every move, for the pipe and the GUI (milliseconds).
const SAFETY_MS: u64 = 50;

/// What the GUI asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    Go,
    Hint,
    Analyze,
    Learn,
}

/// The NBoard session.
pub struct NBoardSession {
    /// The game: its record, its clock and the learning book.
    play: OthelloPlay,
    output: Output,
    depth: u32,
    /// `set contempt`, in centidiscs: what a draw is worth to Black (and its negation to White) when
    /// `go` chooses a move (the solver's choice; `hint` shows the true values).
    contempt: i32,
    /// The running task's switch: set, its remaining lines are dropped (`ping`, a new command).
    cancel: Option<Arc<AtomicBool>>,
    /// What the last task started was.
    running_task: Option<Task>,
    /// Set by whoever answers the running `learn`'s `learned`: the game when its learning is done
    /// (`NBoardSession::learn`'s callback), or [`NBoardSession::cancel`] when it is cut short.
    /// Every `learn` gets one answer.
    learn_answered: Option<Arc<AtomicBool>>,
    /// Commands held back until the work before them is done (see the module's description), in
    /// the order they came.
    held_back: VecDeque<String>,
    /// The last `set game` was refused: until the next one there is no game, and what would play
    /// in one or search it says so instead of answering for the game before (whose move the GUI
    /// would find illegal on its board).
    game_refused: bool,
}

impl NBoardSession {
    /// A session with the command line's threads and hash (NBoard has no option for them); its
    /// learning book's file (`--book`) is read now (a missing file is an empty book, written at
    /// the first `learn`).
    pub fn new(output: Output, setup: OthelloSetup) -> NBoardSession {
        let (mut controller, refusal) = setup.controller::<Position>();
        if let Some(message) = refusal {
            output.line(&status_line(&message));
        }
        controller.settings_mut().move_overhead_ms = SAFETY_MS;
        controller.settings_mut().own_book = true;
        let mut play = OthelloPlay::new(controller);
        if let Err(message) = play.open_book(setup.book) {
            output.line(&status_line(&format!("{message}; starting with an empty book")));
        }
        NBoardSession {
            play,
            output,
            depth: DEFAULT_DEPTH,
            contempt: 0,
            cancel: None,
            running_task: None,
            learn_answered: None,
            held_back: VecDeque::new(),
            game_refused: false,
        }
    }

    /// Handles one input line: at once, or held back until the work before it is done (see the
    /// module's description), so that the command loop is always free to read `ping`.
    pub fn handle(&mut self, line: &str) -> Flow {
        self.resume();
        let command = command_word(line);
        if matches!(command, "ping" | "quit") && self.learning() {
            // A `learn` runs to its end first, as NTest and Edax learn before they read on (the
            // game's first plies at the analysis depth, about a second): NBoard sends `set game`,
            // `ping` and `hint` as soon as the user moves on, and cutting the learn short would
            // lose it. The commands held back behind it are then this command's to run or drop.
            self.play.controller_mut().wait();
        }
        let held = !matches!(command, "ping" | "quit") && (!self.held_back.is_empty() || self.must_wait());
        if held {
            self.held_back.push_back(line.to_string());
            return Flow::Continue;
        }
        self.run(line)
    }

    /// True while commands are held back: the command loop then calls [`NBoardSession::resume`]
    /// now and then, since the work they wait for may end with no input to wake the loop.
    pub fn holds_commands(&self) -> bool {
        !self.held_back.is_empty()
    }

    /// Runs the held-back commands whose turn has come: those before the next one that must wait
    /// again.
    pub fn resume(&mut self) {
        self.play.controller_mut().reap();
        while !self.held_back.is_empty() && !self.must_wait() {
            let line = self.held_back.pop_front().unwrap_or_default();
            self.run(&line);
            self.play.controller_mut().reap();
        }
    }

    /// Whether a command must wait for the work under way: a `perft`, `bench` or `ffo` holds up
    /// every command, and so does a `go` until its answer, as NTest and Edax take commands one after
    /// another: a `move` or `set game` sent behind a `go` (by a script rather than NBoard, which
    /// pings first) comes after its `===` line instead of cutting it off; a `learn` holds up every
    /// command until it is learned. `ping` and `quit` are never held ([`NBoardSession::handle`]).
    fn must_wait(&self) -> bool {
        let awaiting_go = self.running_task == Some(Task::Go) && self.play.controller().is_thinking();
        self.play.controller().has_chore() || awaiting_go || self.learning()
    }

    /// True while a `learn` has not been answered.
    fn learning(&self) -> bool {
        self.learn_answered.as_ref().is_some_and(|answered| !answered.load(Ordering::Acquire))
    }

    /// `ping` and `quit`: the held-back commands that start work are dropped, except that a
    /// `learn` still gets its `learned`, which the GUI waits for. For `ping` (`then_the_rest`) the
    /// others change the game or the settings, which the GUI counts on, and run in order.
    fn drop_held_back_work(&mut self, then_the_rest: bool) {
        for line in std::mem::take(&mut self.held_back) {
            match command_word(&line) {
                "learn" => self.output.line("learned"),
                "go" | "hint" | "analyze" | "perft" | "bench" | "ffo" => {}
                _ if then_the_rest => {
                    self.run(&line);
                }
                _ => {}
            }
        }
    }

    /// Runs one input line.
    fn run(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        // A perft or bench runs in the background; what uses the engine comes after it (`ping`
        // and `quit` stop it).
        settle(self.play.controller_mut(), !matches!(command, "" | "ping" | "quit"));
        self.play.take_learned();
        if self.game_refused
            && (matches!(command, "move" | "go" | "hint" | "analyze" | "learn") || is_move_text(command))
        {
            self.status(&format!("{command}: no game (the last set game was refused); send set game"));
            if command == "learn" {
                self.output.line("learned"); // which the GUI waits for
            }
            return Flow::Continue;
        }
        match command {
            "" | "nboard" => {}
            "set" => self.set(rest),
            "move" => self.play(rest),
            // Version 1 sent the bare move (`F5`, `PA`).
            _ if rest.is_empty() && is_move_text(command) => self.play(command),
            "go" => self.start(Task::Go, 1, Vec::new()),
            "hint" => match rest.split_whitespace().next().map(str::parse::<usize>) {
                Some(Ok(lines)) if lines >= 1 => self.hint(lines.min(64)),
                _ => self.status(&format!("hint takes a number of moves, not {rest:?}")),
            },
            "analyze" => self.start(Task::Analyze, 1, Vec::new()),
            "ping" => {
                self.cancel();
                self.drop_held_back_work(true);
                self.output.line(format!("pong {rest}").trim_end());
            }
            "learn" => self.start(Task::Learn, 1, Vec::new()),
            "perft" => {
                self.cancel();
                self.perft(rest);
            }
            "bench" => {
                self.cancel();
                self.bench(rest);
            }
            "ffo" => {
                self.cancel();
                let mut words = rest.split_whitespace();
                let path = words.next().unwrap_or("tests/data/othello/ffo.txt").to_string();
                let first: u32 = words.next().and_then(|word| word.parse().ok()).unwrap_or(40);
                let last: u32 = words.next().and_then(|word| word.parse().ok()).unwrap_or(first.max(59));
                let threads = words
                    .next()
                    .and_then(|word| word.parse().ok())
                    .map_or(self.play.controller().settings().threads, |threads: usize| {
                        threads.clamp(1, MAX_THREADS as usize)
                    });
                // On a thread of its own, as `perft` and `bench`: `ping` and `quit` stay instant.
                let output = self.output.clone();
                self.play.controller_mut().chore("ffo", move |stop| {
                    let ran =
                        ffo(&path, first, last, threads, &stop, &mut |event| output.line(&ffo_text(&event)));
                    if let Err(message) = ran {
                        output.line(&status_line(&message));
                    }
                });
            }
            "d" => self.output.line(&format!(
                "{}\ndepth {}, contempt {}, threads {}, hash {} MiB",
                self.play.controller().position().board_text(),
                self.depth,
                disc_text(Score(self.contempt)),
                self.play.controller().settings().threads,
                self.play.controller().settings().hash_mb
            )),
            "quit" => {
                self.cancel();
                self.drop_held_back_work(false);
                return Flow::Quit;
            }
            _ => {
                let shown: String = line.chars().take(80).collect();
                self.status(&format!("unknown command: {shown}"));
            }
        }
        if self.output.is_closed() {
            self.cancel();
            return Flow::Quit;
        }
        Flow::Continue
    }

    /// `move TEXT`: the record plays it, or the board stays as it was.
    fn play(&mut self, text: &str) {
        self.cancel();
        if let Err(error) = self.play.play_text(text) {
            self.status(&format!("move {text}: {error}; the board is unchanged"));
        }
    }

    /// A line that is not UTF-8 is read as Latin-1 (Windows-1252's letters), so that a `set game`
    /// is not lost to a player's name: the NBoard GUI writes in the platform's encoding, and on
    /// Windows a login such as `Jürgen` goes into `PB[]` as the byte 0xFC. Dropping the line would
    /// leave the previous game on the board, and the next `go` would answer for it. The moves and
    /// everything the engine reads are ASCII, so the decoding changes only the names.
    pub fn garbage(&mut self, bytes: &[u8]) -> Flow {
        let line: String = bytes.iter().map(|&byte| char::from(byte)).collect();
        self.handle(&line)
    }

    /// End of input: a running search may finish and answer, and the commands held back run,
    /// unless nobody reads the answers any more: the NBoard GUI never sends `quit`, it closes its
    /// pipes, and a `hint` at depth 60 would go on for hours.
    pub fn end_of_input(&mut self) {
        loop {
            self.play.controller_mut().wait_unless(&|| self.output.reader_gone());
            if self.output.reader_gone() {
                return self.cancel();
            }
            if self.held_back.is_empty() {
                return;
            }
            self.resume();
        }
    }

    fn status(&self, text: &str) {
        self.output.line(&status_line(text));
    }

    /// Stops the running task, if any, and drops what it had still to say; a `learn` cut short
    /// (nothing learned) is still answered `learned`, which the GUI waits for.
    pub(super) fn cancel(&mut self) {
        self.running_task = None;
        if let Some(cancel) = self.cancel.take() {
            cancel.store(true, Ordering::Release);
        }
        self.play.controller_mut().stop();
        if let Some(answered) = self.learn_answered.take() {
            if !answered.swap(true, Ordering::AcqRel) {
                self.output.line("learned");
            }
        }
    }

    fn set(&mut self, rest: &str) {
        let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        match what {
            // Any whole number, clamped: beyond `u64` too (its digits say it is large).
            "depth" => match value.parse::<u64>().or_else(|error| match error.kind() {
                std::num::IntErrorKind::PosOverflow => Ok(u64::MAX),
                _ => Err(error),
            }) {
                Ok(depth) => {
                    self.depth = depth.clamp(1, u64::from(MAX_DEPTH)) as u32;
                    self.output.line(&format!("set myname {NAME}"));
                }
                Err(_) => self.status(&format!("set depth takes a number, not {value:?}")),
            },
            "game" => {
                self.cancel();
                let parsed = ggf::parse(value).map_err(|error| error.to_string());
                self.game_refused = parsed.is_err();
                match parsed {
                    Ok(record) => self.play.set_record(record),
                    Err(error) => self.status(&format!("set game: {error}; no game until the next set game")),
                }
            }
            // Discs, as NBoard sends them (±100 for its "draws to Black/White") and NTest reads
            // them (a decimal number, clamped): a draw is then worth a whole win.
            "contempt" => match value.parse::<f64>() {
                Ok(discs) if discs.is_finite() => {
                    let limit = f64::from(MAX_CONTEMPT);
                    self.contempt = (discs * 100.0).round().clamp(-limit, limit) as i32;
                }
                _ => self.status(&format!("set contempt takes a number of discs, not {value:?}")),
            },
            _ => self.status(&format!("unknown setting: {rest}")),
        }
    }

    /// Starts `task`; a search leaves the `excluded` moves out of the root.
    fn start(&mut self, task: Task, lines: usize, excluded: Vec<Move>) {
        self.cancel();
        self.running_task = Some(task);
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(Arc::clone(&cancel));
        let listener =
            Box::new(NBoardListener { output: self.output.clone(), cancel, task, started: Instant::now() });
        if task == Task::Analyze {
            if let Err(message) = self.play.analyze(self.depth.clamp(1, ANALYZE_DEPTH), listener) {
                self.status(&message);
            }
            return;
        }
        if task == Task::Learn {
            return self.learn(*listener);
        }
        let request = GoRequest {
            // Only `go` plays on the game's clock (the record's `TI`, less its moves' times);
            // `hint` thinks until told otherwise, as the protocol page says (its depth still
            // bounds it).
            clock: if task == Task::Go { self.play.clock() } else { None },
            depth: Some(self.depth.max(1)),
            lines: Some(lines),
            every_move: task == Task::Hint,
            draw_value: if task == Task::Go { self.draw_value() } else { 0 },
            // The depth is the engine's level: the book answers a `go` all the same.
            in_game: task == Task::Go,
            excluded,
            ..GoRequest::default()
        };
        self.play.go(request, listener);
    }

    /// What a draw is worth to the side to move, in centidiscs: `set contempt` gives its worth to
    /// Black.
    fn draw_value(&self) -> i32 {
        self.play.black_view(self.contempt)
    }

    /// `hint N`: a book position's book moves, best first, then, as Edax answers, a search of the
    /// other moves for the lines the book did not fill (a GUI asking for the top N moves gets N
    /// values whatever the book holds).
    fn hint(&mut self, lines: usize) {
        let book_lines = self.play.book_lines();
        if book_lines.is_empty() {
            return self.start(Task::Hint, lines, Vec::new());
        }
        self.cancel();
        for line in book_lines.iter().take(lines) {
            self.output.line(&format!(
                "book {} {} {} {}",
                MoveText(line.mv),
                disc_text(Score(line.valued.value)),
                line.valued.games,
                line.valued.depth
            ));
        }
        let unfilled = lines.saturating_sub(book_lines.len());
        let others = (self.play.position().moves().count_ones() as usize).saturating_sub(book_lines.len());
        if unfilled > 0 && others > 0 {
            let booked = book_lines.iter().map(|line| line.mv).collect();
            return self.start(Task::Hint, unfilled, booked);
        }
        self.status("");
    }

    /// `learn`: the game learns its first plies on the search thread, and says when it is done,
    /// which is answered `learned`, once (see `learn_answered`); the session takes the book up at
    /// its next command.
    fn learn(&mut self, listener: NBoardListener) {
        let depth = self.depth.clamp(1, ANALYZE_DEPTH);
        let answered = Arc::new(AtomicBool::new(false));
        self.learn_answered = Some(Arc::clone(&answered));
        let NBoardListener { output, cancel, .. } = listener;
        let learning_cancel = Arc::clone(&cancel);
        let done = Box::new(move |saved: Result<(), String>| {
            if let Err(message) = saved {
                if !cancel.load(Ordering::Acquire) {
                    output.line(&status_line(&message));
                }
            }
            if !answered.swap(true, Ordering::AcqRel) {
                output.line("learned");
            }
        });
        if let Err(message) = self.play.learn(depth, learning_cancel, done) {
            self.status(&message);
            self.cancel();
        }
    }

    /// `bench [depth]`: the controller's bench of the Othello positions at that depth.
    fn bench(&mut self, rest: &str) {
        let depth = match rest {
            "" => Position::BENCH_DEPTH,
            _ => match rest.parse::<u32>() {
                Ok(depth) if (1..=MAX_DEPTH).contains(&depth) => depth,
                _ => return self.status(&format!("bench takes a depth from 1 to {MAX_DEPTH}, not {rest:?}")),
            },
        };
        let args: Vec<String> = ["16", "1", &depth.to_string()].iter().map(|word| word.to_string()).collect();
        let output = self.output.clone();
        let started = self.play.controller_mut().bench(&args, move |event| match event {
            Ok(event) => output.line(&bench_text(&event, NBOARD_RULE)),
            Err(message) => output.line(&status_line(&message)),
        });
        if let Err(message) = started {
            self.status(&message);
        }
    }

    fn perft(&mut self, rest: &str) {
        let depth = match rest.parse::<u32>() {
            Ok(depth) if (1..=MAX_PERFT_DEPTH).contains(&depth) => depth,
            _ => {
                return self.status(&format!("perft takes a depth from 1 to {MAX_PERFT_DEPTH}, not {rest:?}"))
            }
        };
        let output = self.output.clone();
        self.play.controller_mut().perft(depth, move |_, result| {
            let Some(perft) = result else { return output.line("status perft stopped") };
            let text: String =
                perft.divide.iter().map(|&(mv, count)| format!("{}: {count}\n", MoveText(mv))).collect();
            let seconds = perft.elapsed.as_secs_f64();
            let rate = if seconds > 0.0 { perft.total as f64 / seconds } else { 0.0 };
            output.line(&format!(
                "{text}\nTime: {:.0} ms, {rate:.0} nodes/s\nNodes searched: {}",
                seconds * 1e3,
                perft.total
            ));
        });
    }
}

/// A text for the user: NBoard's `status` line; an empty one (the end of a `hint`) is a bare
/// `status`, as NTest writes it.
/// A `status` line. What it repeats of the input is kept to Latin-1: the NBoard GUI reads each
/// line with a reader that throws on a character above 255, outside its error handling, and its
/// reading thread then stops for good (no `pong` ever again).
fn status_line(text: &str) -> String {
    if text.is_empty() {
        return "status".to_string();
    }
    let text: String = text.chars().map(|char| if u32::from(char) > 0xFF { '?' } else { char }).collect();
    format!("status {text}")
}

/// `ffo`'s table: a header, one row per position (score and move, the file's score, time, nodes
/// and speed, `WRONG` where they disagree with the file), then the totals.
fn ffo_text(event: &FfoEvent) -> String {
    match event {
        FfoEvent::Started => format!(
            "{:>3} {:>4} {:>6} {:>6} {:>5} {:>9} {:>14} {:>12}",
            "#", "empt", "score", "want", "move", "seconds", "nodes", "nodes/s"
        ),
        FfoEvent::Unreadable(number) => status_line(&format!("ffo: position {number} does not read")),
        FfoEvent::Solved(FfoSolve { number, empties, score, want, best, seconds, nodes, right }) => format!(
            "{number:>3} {empties:>4} {score:>+6} {want:>+6} {:>5} {seconds:>9.3} {nodes:>14} {:>12.0}{}",
            MoveText(*best).to_string().to_ascii_lowercase(),
            *nodes as f64 / seconds.max(1e-9),
            if *right { "" } else { "  WRONG" }
        ),
        FfoEvent::Stopped => status_line("ffo: stopped"),
        FfoEvent::Finished { seconds, nodes, wrong } => format!(
            "total {seconds:.3} s, {nodes} nodes, {:.0} nodes/s, {wrong} wrong",
            *nodes as f64 / seconds.max(1e-9)
        ),
    }
}

/// The command word of an input line.
fn command_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// Whether `word` is written as a move (a square such as `F5`, either case, or the pass `PA`),
/// legal or not.
fn is_move_text(word: &str) -> bool {
    let word = word.split('/').next().unwrap_or("");
    word.eq_ignore_ascii_case("pa") || Square::parse(word).is_some()
}

/// The moves of a principal variation run together, as NBoard writes them (`F5D6C3`).
fn pv_text(pv: &[Move]) -> String {
    pv.iter().map(|&mv| MoveText(mv).to_string()).collect()
}

/// NBoard's depth field: the search depth, `100%` for an exact solve, and `100%W` when only the
/// result is proven (win, loss or draw: the protocol's one mark for it, whatever the result; the
/// evaluation beside it has the proven sign and is a bound on that side).
fn depth_text(info: &Info<'_, Move>) -> String {
    match info.proof {
        None => info.line.depth.to_string(),
        Some(Proof::Exact) => "100%".to_string(),
        Some(Proof::WinLossDraw) => "100%W".to_string(),
    }
}

/// One task's events as NBoard lines; silent once cancelled.
struct NBoardListener {
    output: Output,
    cancel: Arc<AtomicBool>,
    task: Task,
    started: Instant,
}

impl NBoardListener {
    fn line(&self, text: &str) {
        if !self.cancel.load(Ordering::Acquire) {
            self.output.line(text);
        }
    }
}

impl Listener<Position> for NBoardListener {
    fn info(&mut self, position: &Position, info: &Info<'_, Move>) {
        if info.line.bound != Bound::Exact {
            return;
        }
        // `hint` shows each line, `go` only the line it will play; each line is followed by where
        // the search stands, as Edax's observer reports every result.
        let shown = match self.task {
            Task::Hint => !position.is_game_over(),
            Task::Go => info.line.multipv == 1,
            _ => false,
        };
        if shown {
            let seconds = self.started.elapsed().as_secs_f64();
            self.line(&format!(
                "search {} {} 0 {}\nnodestats {} {seconds:.2}",
                pv_text(info.line.pv),
                disc_text(info.line.score),
                depth_text(info),
                info.nodes
            ));
        }
    }

    /// The value for Black, as NBoard plots it beside the game's evaluations (which it turns to
    /// Black's side itself) and as its own analyser writes it; the search's is the mover's.
    fn analysed(&mut self, position: &Position, index: usize, score: Score, _best: Option<Move>) {
        self.line(&format!("analysis {index} {}", disc_text(Score(for_black(position, score.0)))));
    }

    /// `=== MOVE/EVAL/TIME`, EVAL left empty (`=== F5//0.52`, which NBoard reads as no value)
    /// where the decision has no disc count to give: NBoard records the value as the game's and
    /// plots it. That is a move played without a search worth the name (a forced move the clock
    /// gave a single iteration, a pass played at once), and a win/loss/draw solve, which proves a
    /// sign and not a margin (its `search` lines, marked `100%W`, show the bound).
    fn finished(&mut self, _position: &Position, decision: &Decision<Move>) {
        if self.task == Task::Hint {
            return self.line("status");
        }
        let seconds = self.started.elapsed().as_secs_f64();
        let eval = match decision.valuation {
            Valuation::Estimate | Valuation::Proven(Proof::Exact) => disc_text(decision.score),
            Valuation::Proven(Proof::WinLossDraw) | Valuation::Unvalued => String::new(),
        };
        self.line(&format!(
            "nodestats {} {seconds:.2}\n=== {}/{eval}/{seconds:.2}",
            decision.nodes,
            MoveText(decision.best.unwrap_or(Move::PASS)),
        ));
    }
}
