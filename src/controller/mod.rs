//! The protocol-free controller, generic over the game: it owns the position and the game's keys,
//! the hash table, the search threads and their states, the clock arithmetic, the opening book
//! and the strength limit, and runs `go`, `perft` and `bench`. A front-end turns its protocol's
//! lines into calls here, and the [`events`] of a search into lines; nothing here knows which
//! protocol is speaking (Stockfish's `Engine` under its `UCIEngine`, Edax's `Play` under its `UI`s).
//!
//! Searches run on threads of their own ([`search`]), so every call returns at once: the command
//! loop stays free to answer `isready`, stop a search or start the clock at `ponderhit`.

pub mod bench;
mod chore;
mod decide;
pub mod events;
pub mod genfens;
pub mod job;
mod plan;
pub mod play;
mod reporter;
pub mod request;
pub mod search;
pub mod strength;
pub mod table;
#[cfg(test)]
mod tests;
pub mod timeman;

use crate::book::Book;
use crate::games::Variant;
use crate::rng::Rng;
use chore::Chore;
use engine::history::PastPosition;
use engine::perft::perft_divide_until;
use engine::search::{tt, SearchState};
use events::{Decision, Listener, Source, Valuation};
pub use request::{GoRequest, Settings};
use search::{Running, State, Table};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
pub use timeman::{Clock, TimeLimits};

/// Where a position starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Setup {
    /// The game's start position.
    StartPos,
    /// A FEN (fields joined by single spaces).
    Fen(String),
    /// A `position` command that does not read: refused like a bad FEN (why, in words).
    Unreadable(String),
}

/// Why a position was refused. Its text (`Display`) is what every protocol reports; a front-end
/// that writes moves its own way (UCI's `Xiangqi Ranks 1-10`) rewrites the move of
/// [`PositionError::IllegalMove`] before writing it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// The `position` command does not read (why, in words: [`Setup::Unreadable`]).
    Unreadable(String),
    /// The FEN does not read or is not playable (the reader's reason).
    InvalidFen(String),
    /// A move of the list is no legal move (or no move) where it is played: its word, as given,
    /// and the FEN of the position it was played in.
    IllegalMove { text: String, fen: String },
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Unreadable(why) => f.write_str(why),
            PositionError::InvalidFen(reason) => write!(f, "invalid fen ({reason})"),
            PositionError::IllegalMove { text, fen } => write!(f, "illegal move {text} in {fen}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// A finished perft.
pub struct Perft<M> {
    /// Each root move's count, in generation order (none for depth 0).
    pub divide: Vec<(M, u64)>,
    pub total: u64,
    pub elapsed: Duration,
}

/// What the table holds for a position (UCCI's `probe`).
pub struct ProbeHit<M> {
    pub mv: Option<M>,
    pub score: engine::Score,
    pub depth: i32,
    pub bound: tt::Bound,
}

/// The engine's state between commands, for one game.
pub struct Controller<G: Variant> {
    position: G,
    /// False after a position was refused: until a position is set, there is nothing to search
    /// (answering for the position before would be a move of another game).
    has_position: bool,
    /// The positions before `position` in the game (`position ... moves`), oldest first.
    keys: Vec<PastPosition>,
    settings: Settings,
    table: Table,
    /// Generation of the transposition table, bumped per `go`.
    age: u8,
    /// The search threads' memory while no search runs.
    states: Vec<State<G>>,
    running: Option<Running<G>>,
    /// The game's solver memory while no search runs.
    solver: Option<G::Solver>,
    /// A perft or a bench running in the background.
    chore: Option<Chore>,
    /// `nodestime`: the game's budget of nodes, set from the first clock of the game (its time
    /// times the setting) and kept from move to move, as Stockfish and Pikafish keep it.
    node_clock: Option<i64>,
    /// The increment, in nodes, the running search's move earns.
    node_increment: Option<i64>,
    /// The books, consulted in order (`Book File`: one; UCCI's `bookfiles`: several).
    books: Vec<Book>,
    rng: Rng,
    /// How many of the engine's searches in a row, the last included, judged the game lost.
    losing_streak: u32,
    /// The answer of a `go infinite` or `go ponder` that had nothing to search, until `stop`.
    held: Option<HeldAnswer<G>>,
    /// Root moves no `go` plays until the position changes (`banmoves`, UCCI's and VinXiangQi's
    /// way of breaking a repetition).
    banned: Vec<G::Move>,
}

/// A `go` answered without a search: when it came, and whether its answer must wait for `stop`
/// (`infinite`) or `ponderhit` (`ponder`).
#[derive(Clone, Copy)]
struct Unsearched {
    started: Instant,
    infinite: bool,
    ponder: bool,
}

/// An answer held until `stop` or `ponderhit` (see [`Controller::answer`]).
struct HeldAnswer<G: Variant> {
    position: G,
    listener: Box<dyn Listener<G>>,
    decision: Decision<G::Move>,
    unsearched: Unsearched,
}

impl<G: Variant> Default for Controller<G> {
    fn default() -> Self {
        Controller::new()
    }
}

/// A controller dropped mid-search (a session ended by its owner rather than by `quit`) stops its
/// threads and waits for them, so none outlives it.
impl<G: Variant> Drop for Controller<G> {
    fn drop(&mut self) {
        self.stop();
    }
}

/// How often [`Controller::wait_unless`] asks whether to give up.
const GIVE_UP_POLL: Duration = Duration::from_millis(20);

/// Why a table of `mb` MiB was refused, the `kept` one staying.
fn hash_refused(mb: usize, kept: usize) -> String {
    format!("cannot allocate {mb} MiB of hash; keeping {kept} MiB")
}

impl<G: Variant> Controller<G> {
    pub fn new() -> Controller<G> {
        Controller::sized(Settings::default().hash_mb).expect("memory for the default hash table")
    }

    /// A controller whose table has `mb` MiB from the start, for sessions that know their size
    /// before the first command (the Othello ones, from `--hash`): the default table is never
    /// filled only to be thrown away. If the memory is not there, the default table and the
    /// reason, as [`Controller::set_hash`] gives it.
    pub fn with_hash(mb: usize) -> (Controller<G>, Result<(), String>) {
        match Controller::sized(mb) {
            Some(controller) => (controller, Ok(())),
            None => {
                let controller = Controller::new();
                let refusal = hash_refused(mb, controller.settings.hash_mb);
                (controller, Err(refusal))
            }
        }
    }

    /// A controller with a table of `mb` MiB; `None` if the memory is not there.
    fn sized(mb: usize) -> Option<Controller<G>> {
        let table = table::allocate_table(mb)?;
        let settings = Settings { hash_mb: mb, ..Settings::default() };
        Some(Controller::from_parts(settings, table, 0, Vec::new(), Rng::from_clock()))
    }

    /// A controller at the start of a game, with what carries over between games.
    fn from_parts(settings: Settings, table: Table, age: u8, books: Vec<Book>, rng: Rng) -> Controller<G> {
        Controller {
            position: G::start(settings.chess960),
            has_position: true,
            keys: Vec::new(),
            settings,
            table,
            age,
            states: vec![SearchState::boxed()],
            running: None,
            solver: None,
            chore: None,
            node_clock: None,
            node_increment: None,
            books,
            rng,
            losing_streak: 0,
            held: None,
            banned: Vec::new(),
        }
    }

    /// The same controller for another game: settings, book and table move over (the table is
    /// cleared: its moves mean nothing in the other game); the position becomes the new game's
    /// start. A running search is stopped first.
    pub fn into_game<H: Variant>(mut self) -> Controller<H> {
        self.stop();
        tt::clear(&self.table);
        let settings = std::mem::take(&mut self.settings);
        Controller::from_parts(
            settings,
            self.table.clone(),
            self.age,
            std::mem::take(&mut self.books),
            self.rng.clone(),
        )
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.position
    }

    /// The settings the next search uses.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes settings that need nothing else done (threads, lines, overhead, strength...).
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// A new game: empty table and move-ordering memory, the start position.
    pub fn new_game(&mut self) {
        self.stop();
        tt::clear(&self.table);
        for state in self.states.iter_mut() {
            state.clear();
        }
        self.position = G::start(self.settings.chess960);
        self.has_position = true;
        self.keys.clear();
        self.banned.clear();
        self.node_clock = None;
        self.losing_streak = 0;
    }

    /// False once a position was refused, until one is set.
    pub fn has_position(&self) -> bool {
        self.has_position
    }

    /// `Hash`: a table of `mb` MiB. A running search keeps the old table until it ends.
    pub fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        let table = table::allocate_table(mb).ok_or_else(|| hash_refused(mb, self.settings.hash_mb))?;
        self.table = table;
        self.settings.hash_mb = mb;
        Ok(())
    }

    /// Empties the table.
    pub fn clear_hash(&self) {
        tt::clear(&self.table);
    }

    /// Castling notation of Chess960 (king takes rook), for this position and the next ones.
    pub fn set_chess960(&mut self, on: bool) {
        self.settings.chess960 = on;
        self.position.set_chess960(on);
    }

    /// Reads a book (`None` drops it); on an error the engine goes on without one. Returns the
    /// number of entries.
    pub fn load_book(&mut self, path: Option<&str>) -> Result<usize, String> {
        self.books.clear();
        let Some(path) = path else { return Ok(0) };
        let loaded = Book::load(path)?;
        let entries = loaded.len();
        self.books.push(loaded);
        Ok(entries)
    }

    /// `SyzygyPath`: the chess endgame tables in the folders of `list` from the next search on
    /// (none for an empty list). An error names what was not found; the tables of the other
    /// folders are still used.
    pub fn load_tables(&mut self, list: &str) -> Result<crate::syzygy::Loaded, String> {
        self.stop();
        crate::syzygy::load(list)
    }

    /// Sets the books a game move is looked up in, in order: the first that has a legal move for
    /// the position answers.
    pub fn set_books(&mut self, books: Vec<Book>) {
        self.books = books;
    }

    /// `EvalFile`: this game's network read from `path`, or its embedded one for `None`, for the
    /// searches from now on. Returns its description; on an error the network stays as it was (and
    /// a game without a network says so).
    pub fn load_network(&mut self, path: Option<&str>) -> Result<String, String> {
        self.network_choice()?.load(path)
    }

    /// `Use NNUE`: this game's searches evaluate with its network (`on`) or its hand-crafted
    /// evaluation from now on.
    pub fn set_use_nnue(&mut self, on: bool) {
        if let Ok(choice) = self.network_choice() {
            choice.set_use_nnue(on);
        }
    }

    /// `export_net`: writes this game's embedded network to `path` (its default name without
    /// one); the path written, or why not.
    pub fn export_network(&mut self, path: Option<&str>) -> Result<String, String> {
        self.network_choice()?.export(path)
    }

    /// This game's network setting, or why there is none.
    fn network_choice(&mut self) -> Result<&mut dyn crate::nnue::NetworkChoice, String> {
        G::network_choice(&mut self.settings.networks).ok_or_else(|| format!("{} has no network", G::NAME))
    }

    /// Sets up the position `setup` and `moves` describe, and returns the repairs a playable FEN
    /// needed (a castling right without its rook dropped, say). All or nothing: on an error no
    /// position is left (see [`Controller::has_position`]). A running search is stopped first.
    pub fn set_position(&mut self, setup: &Setup, moves: &[String]) -> Result<Vec<String>, PositionError> {
        self.stop();
        match self.build_position(setup, moves) {
            Ok((position, keys, repairs)) => {
                self.set_position_to(position, keys);
                Ok(repairs)
            }
            Err(error) => {
                self.has_position = false;
                self.keys.clear();
                self.banned.clear();
                Err(error)
            }
        }
    }

    /// Sets a position built elsewhere (a game record), reached through `keys`.
    pub fn set_position_to(&mut self, position: G, keys: Vec<PastPosition>) {
        self.stop();
        self.position = position;
        self.has_position = true;
        self.keys = keys;
        self.banned.clear();
    }

    /// `banmoves`: leaves `moves` out of every search's root until the position changes (each
    /// call replaces the last list). The front-end parses them, so each is legal here.
    pub fn ban(&mut self, moves: Vec<G::Move>) {
        self.banned = moves;
    }

    /// The moves [`Controller::ban`] left out.
    pub fn banned(&self) -> &[G::Move] {
        &self.banned
    }

    /// Searches each of `positions` to `depth`, in the background; the listener gets one
    /// `analysed` event per position (see [`search::start_analysis`]).
    pub fn analyze(
        &mut self,
        positions: Vec<G>,
        depth: u32,
        listener: Box<dyn Listener<G>>,
    ) -> Result<(), String> {
        self.stop();
        self.age = (self.age + 1) & 63;
        self.states.truncate(1);
        let states = std::mem::take(&mut self.states);
        let solver = self.solver.take().unwrap_or_else(G::new_solver);
        match search::start_analysis(positions, depth, self.table.clone(), self.age, states, solver, listener)
        {
            Ok(running) => {
                self.running = Some(running);
                Ok(())
            }
            Err(error) => {
                self.states = vec![SearchState::boxed()];
                Err(format!("cannot start a search thread: {error}"))
            }
        }
    }

    /// The position `setup` and `moves` describe, with the positions on the way and the repairs
    /// its FEN needed.
    #[allow(clippy::type_complexity)]
    pub fn build_position(
        &self,
        setup: &Setup,
        moves: &[String],
    ) -> Result<(G, Vec<PastPosition>, Vec<String>), PositionError> {
        let (mut position, repairs) = match setup {
            Setup::StartPos => (G::start(self.settings.chess960), Vec::new()),
            Setup::Fen(fen) => {
                G::parse_lenient(fen, self.settings.chess960).map_err(PositionError::InvalidFen)?
            }
            Setup::Unreadable(why) => return Err(PositionError::Unreadable(why.clone())),
        };
        let mut keys = Vec::with_capacity(moves.len());
        for text in moves {
            let mv = position
                .parse_move_text(text)
                .ok_or_else(|| PositionError::IllegalMove { text: text.clone(), fen: position.fen_text() })?;
            keys.push(position.past_before(mv));
            position.make_move(mv);
        }
        Ok((position, keys, repairs))
    }

    /// Swaps the colours (`flip`); the game so far does not lead to the mirrored position.
    pub fn flip(&mut self) -> Result<(), String> {
        if !self.has_position {
            return Err("flip: no position: the last one was refused".into());
        }
        self.position = self.position.flipped()?;
        self.keys.clear();
        self.banned.clear();
        Ok(())
    }

    /// Starts thinking about the current position. The listener gets the search's events and
    /// then exactly one decision, also when the book answers, when no move is left to search or
    /// when no thread can start; for `infinite` and `ponder` that decision waits for `stop` (or
    /// `ponderhit`) even then. Returns the time limits planned (for `debug`).
    pub fn go(&mut self, mut request: GoRequest<G::Move>, mut listener: Box<dyn Listener<G>>) -> TimeLimits {
        self.stop();
        for &mv in &self.banned {
            if !request.excluded.contains(&mv) {
                request.excluded.push(mv);
            }
        }
        let started = Instant::now();
        let unsearched = Unsearched { started, infinite: request.infinite, ponder: request.ponder };
        if !self.has_position {
            self.answer(listener, None, None, Source::NoPosition, unsearched);
            return TimeLimits::NONE;
        }
        // A game move from the book, if `OwnBook` is on and the position is in it.
        if self.settings.own_book && request.wants_game_move() {
            if let Some(choice) = self.position.book_move(&self.books, &mut self.rng) {
                let source = Source::Book { weight: choice.weight, total: choice.total };
                self.answer(listener, Some(choice.mv), choice.value, source, unsearched);
                return TimeLimits::NONE;
            }
        }
        let mut legal = G::MoveList::default();
        self.position.generate_moves(&mut legal);
        if legal.is_empty() && (request.infinite || request.ponder) {
            // The game is over: the search answers at once, but its answer is held until `stop`
            // (or `ponderhit`); what it will say is known now, and a GUI may show it now.
            listener.held(&self.position, &self.unsearched_decision(None, None, Source::Search, started));
        }
        crate::syzygy::reset_hits();
        let seed = self.rng.next_u64();
        let game = (self.position, self.keys.clone());
        let per_ms = self.settings.nodestime as i64;
        if let Some(clock) = request.clock.filter(|_| per_ms > 0 && !request.infinite) {
            self.node_clock.get_or_insert(clock.time_ms.max(1).saturating_mul(per_ms));
            self.node_increment = Some(clock.increment_ms.max(0).saturating_mul(per_ms));
        }
        let Some(mut job) = plan::plan::<G>(&request, &self.settings, game, &legal, seed, self.node_clock)
        else {
            // Every legal move excluded: nothing to search.
            let source = if legal.is_empty() { Source::Search } else { Source::NothingToSearch };
            self.answer(listener, None, None, source, unsearched);
            return TimeLimits::NONE;
        };
        job.losing_streak = self.losing_streak;
        let time = job.time;
        let threads = self.settings.threads;
        self.states.truncate(threads);
        while self.states.len() < threads {
            self.states.push(SearchState::boxed());
        }
        self.age = (self.age + 1) & 63;
        let states = std::mem::take(&mut self.states);
        let solver = self.solver.take().unwrap_or_else(G::new_solver);
        listener.planned(&time);
        match search::start(job, self.table.clone(), self.age, states, solver, listener) {
            Ok(running) => self.running = Some(running),
            Err((_error, listener)) => {
                // Without a thread there is no search; the game still wants a legal move.
                self.states = vec![SearchState::boxed()];
                self.answer(listener, legal.first().copied(), None, Source::Fallback, unsearched);
            }
        }
        time
    }

    /// The memory a finished search hands back.
    fn take_back(&mut self, running: Running<G>) {
        // `nodestime`'s game budget pays for this move's nodes and earns its increment.
        if let (Some(available), Some(increment)) = (self.node_clock.as_mut(), self.node_increment.take()) {
            *available = available.saturating_sub(running.nodes() as i64).saturating_add(increment).max(1);
        }
        let returned = running.join();
        (self.states, self.solver) = (returned.states, Some(returned.solver));
        self.losing_streak = if returned.judged_lost { self.losing_streak + 1 } else { 0 };
    }

    /// Answers a `go` without a search: `best` (none when there is no position or nothing to
    /// play), valued where the book gave it a value. The answer to `infinite` or `ponder` is held
    /// until `stop` (or `ponderhit`), as a search's would be: a GUI that sends `stop` and then
    /// `isready` to get back in step reads the `bestmove` after its `stop`, before `readyok`.
    fn answer(
        &mut self,
        mut listener: Box<dyn Listener<G>>,
        best: Option<G::Move>,
        value: Option<engine::Score>,
        source: Source,
        unsearched: Unsearched,
    ) {
        let decision = self.unsearched_decision(best, value, source, unsearched.started);
        if unsearched.infinite || unsearched.ponder {
            listener.held(&self.position, &decision);
            self.held = Some(HeldAnswer { position: self.position, listener, decision, unsearched });
        } else {
            listener.finished(&self.position, &decision);
        }
    }

    /// The decision of a `go` answered without a search.
    fn unsearched_decision(
        &self,
        best: Option<G::Move>,
        value: Option<engine::Score>,
        source: Source,
        started: Instant,
    ) -> Decision<G::Move> {
        let score = match best {
            Some(_) => value.unwrap_or(engine::Score::DRAW),
            None => self.position.no_move_score(0),
        };
        let valuation =
            if best.is_some() && value.is_some() { Valuation::Estimate } else { Valuation::Unvalued };
        Decision {
            best,
            ponder: None,
            offer: None,
            score,
            valuation,
            nodes: 0,
            elapsed: started.elapsed(),
            source,
            interrupted: false,
            clock: None,
        }
    }

    /// Gives the held answer, if any (see [`Controller::answer`]).
    fn release_held_answer(&mut self) {
        if let Some(mut held) = self.held.take() {
            held.decision.elapsed = held.unsearched.started.elapsed();
            held.listener.finished(&held.position, &held.decision);
        }
    }

    /// Stops the running search, if any, and waits for its decision.
    pub fn stop(&mut self) {
        if let Some(chore) = self.chore.take() {
            chore.stop();
        }
        if let Some(running) = self.running.take() {
            running.stop();
            self.take_back(running);
        }
        self.release_held_answer();
    }

    /// `ponderhit`: the expected move was played (with a draw offer if `draw`); the clock starts.
    pub fn ponderhit(&mut self, draw: bool) {
        if let Some(running) = &self.running {
            running.ponderhit(draw);
        }
        // A ponder search with nothing to search is over at once, unless it was `infinite` too.
        if self.held.as_ref().is_some_and(|held| held.unsearched.ponder && !held.unsearched.infinite) {
            self.release_held_answer();
        }
    }

    /// True while a `go` has not been answered.
    pub fn is_thinking(&self) -> bool {
        self.held.is_some() || self.running.as_ref().is_some_and(|running| !running.answered())
    }

    /// Takes back the states of a search that ended by itself.
    pub fn reap(&mut self) {
        if self.chore.as_ref().is_some_and(Chore::is_finished) {
            self.chore = None;
        }
        if self.running.as_ref().is_some_and(Running::<G>::is_finished) {
            if let Some(running) = self.running.take() {
                self.take_back(running);
            }
        }
    }

    /// True while a perft, bench or other chore runs.
    pub fn has_chore(&self) -> bool {
        self.chore.as_ref().is_some_and(|chore| !chore.is_finished())
    }

    /// Waits for a running perft or bench to end: commands that use the engine come after it, as
    /// they would if it had run on the command thread (only `stop` and `quit` cut it short, and
    /// `isready` is answered at once).
    pub fn finish_chore(&mut self) {
        if let Some(chore) = self.chore.take() {
            chore.join();
        }
    }

    /// Waits for a running search to end by itself (end of input, UCCI's batch mode); one that
    /// would wait for `stop` for ever (`infinite`, pondering) is stopped.
    pub fn wait(&mut self) {
        if let Some(chore) = self.chore.take() {
            chore.join();
        }
        match self.running.take() {
            Some(running) if !running.waits_for_stop() => self.take_back(running),
            Some(running) => {
                running.stop();
                self.take_back(running);
            }
            None => {}
        }
        self.release_held_answer();
    }

    /// As [`Controller::wait`], but the work is stopped as soon as `give_up` says so (asked every
    /// few milliseconds): at the end of input, once nobody reads the answers, a search or chore
    /// that would end by itself only after minutes (NBoard's `hint` at depth 60) is not left
    /// running on every thread of a program nobody drives any more.
    pub fn wait_unless(&mut self, give_up: &dyn Fn() -> bool) {
        loop {
            self.reap();
            let busy = self.chore.is_some()
                || self.running.as_ref().is_some_and(|running| !running.waits_for_stop());
            if !busy {
                break;
            }
            if give_up() {
                self.stop();
                break;
            }
            std::thread::sleep(GIVE_UP_POLL);
        }
        self.wait();
    }

    /// Perft of the current position on a thread of its own (the command loop stays free; `stop`
    /// ends it): `done` gets each root move's count (for `depth` > 0), the total and the time it
    /// took, or `None` when it was stopped.
    pub fn perft(&mut self, depth: u32, done: impl FnOnce(&G, Option<Perft<G::Move>>) + Send + 'static) {
        let position = self.position;
        self.chore("perft", move |stop| {
            let mut copy = position;
            let started = Instant::now();
            let mut divide = Vec::new();
            let stopped = || stop.load(Ordering::Relaxed);
            let total = perft_divide_until(&mut copy, depth, &stopped, |mv, count| divide.push((mv, count)));
            done(&position, total.map(|total| Perft { divide, total, elapsed: started.elapsed() }));
        });
    }

    /// Long work that is not a search (`perft`, `bench`, `genfens`, NBoard's `ffo`) on a thread of
    /// its own, once the running work is stopped: `work` gets the stop flag that `stop` and every
    /// later command set.
    pub fn chore(&mut self, name: &str, work: impl FnOnce(Arc<AtomicBool>) + Send + 'static) {
        self.stop();
        self.chore = Chore::start(name, work);
    }

    /// `genfens N seed S book <None|FILE>` (OpenBench's request for openings) on a thread of its
    /// own; the arguments are checked first. `found` gets each opening as it is found, and at the
    /// end why fewer came than were asked for, if they did.
    pub fn genfens(
        &mut self,
        args: &[&str],
        mut found: impl FnMut(Result<G, String>) + Send + 'static,
    ) -> Result<(), String> {
        let request = genfens::parse(args)?;
        let chess960 = self.settings.chess960;
        self.chore("genfens", move |stop| {
            let ran = genfens::run::<G>(&request, chess960, &stop, &mut |position| found(Ok(*position)));
            if let Err(message) = ran {
                found(Err(message));
            }
        });
        Ok(())
    }

    /// `bench [hash threads limit fenfile limittype]` on a thread of its own (`stop` ends it); the
    /// arguments are checked first. `report` gets each step as it comes, and at the end why the
    /// bench stopped early, if it did.
    pub fn bench(
        &mut self,
        args: &[String],
        mut report: impl FnMut(Result<bench::BenchEvent<'_, G>, String>) + Send + 'static,
    ) -> Result<(), String> {
        self.stop();
        let config = bench::parse(args, G::BENCH_DEPTH)?;
        let (position, keys) = (self.position, self.keys.clone());
        let (chess960, networks) = (self.settings.chess960, self.settings.networks.clone());
        self.chore("bench", move |stop| {
            let evaluation = (chess960, &networks);
            let ran =
                bench::run(&config, (&position, &keys), evaluation, &stop, &mut |event| report(Ok(event)));
            if let Err(message) = ran {
                report(Err(message));
            }
        });
        Ok(())
    }

    /// What the table holds for `position`.
    pub fn probe(&self, position: &G) -> Option<ProbeHit<G::Move>> {
        let table = tt::TranspositionTable::new(&self.table, self.age);
        let hit = table.probe(position.hash())?;
        let mv = job::legal_move(position, G::decode_move(hit.mv)).filter(|_| hit.mv != 0);
        Some(ProbeHit { mv, score: hit.score.from_table(0), depth: hit.depth, bound: hit.bound })
    }
}
