//! The UCI session: the state between commands (position, game keys, options, hash table, search
//! states) and what each typed command does with it. Searches run on their own thread
//! ([`crate::threads`]), so every command is handled at once, even mid-search: `isready` answers,
//! `stop` ends the search (its `bestmove` comes within milliseconds), `ponderhit` starts the clock,
//! and a command that needs the search resources (`position`, `ucinewgame`, `go`, `bench`, `quit`)
//! first stops the search, whose `bestmove` then precedes the command's effect.

mod ucci_commands;

use crate::bench;
use crate::book::{self, Book};
use crate::display::compiler_text;
use crate::options::{self, Change, Options};
use crate::output::Output;
use crate::report::{Dialect, Settings, Stopwatch};
use crate::strength::Strength;
use crate::threads::{self, Job, Running, State, Table};
use crate::timeman::{Clock, TimeLimits};
use crate::ucci;
use crate::uci::{self, Command, Go, Setup};
use crate::variant::Variant;
use engine::history::PastPosition;
use engine::perft::{perft, perft_divide};
use engine::search::{tt, SearchState};
use ucci_commands::UcciSettings;

/// Whether the command loop goes on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// Stop reading and exit.
    Quit,
}

/// Deepest `go perft` accepted; deeper runs take days and are almost certainly a typo.
const MAX_PERFT_DEPTH: u32 = 15;

/// Longest piece of an unknown command echoed back.
const ECHO_LIMIT: usize = 80;

/// The protocol state.
pub struct Session<G: Variant> {
    position: G,
    /// The positions before `position` in the game (`position ... moves`), oldest first.
    keys: Vec<PastPosition>,
    options: Options,
    debug: bool,
    output: Output,
    table: Table,
    /// Generation of the transposition table, bumped per `go`.
    age: u8,
    /// The search threads' memory while no search runs.
    states: Vec<State<G>>,
    running: Option<Running<G>>,
    /// The Polyglot book of `Book File`, consulted by `go` when `OwnBook` is on.
    book: Option<Book>,
    book_rng: book::Rng,
    /// UCI or UCCI.
    dialect: Dialect,
    /// UCCI's own settings.
    ucci: UcciSettings,
    /// UCCI `banmoves`: root moves left out of the searches until the next `position`.
    banned: Vec<G::Move>,
    /// `UCI_Variant` asked for another game: the front-end hands the session over to it.
    variant_request: Option<String>,
}

impl<G: Variant> Session<G> {
    pub fn new(output: Output) -> Session<G> {
        let options = Options::default();
        let table = threads::allocate_table(options.hash_mb).expect("memory for the default hash table");
        Session {
            position: G::start(false),
            keys: Vec::new(),
            options,
            debug: false,
            output,
            table,
            age: 0,
            states: vec![SearchState::boxed()],
            running: None,
            book: None,
            book_rng: book::Rng::from_clock(),
            dialect: Dialect::Uci,
            ucci: UcciSettings::default(),
            banned: Vec::new(),
            variant_request: None,
        }
    }

    /// A session that speaks UCCI (`ucci` was the first command).
    pub fn new_ucci(output: Output) -> Session<G> {
        let mut session = Session::new(output);
        session.dialect = Dialect::Ucci;
        session
    }

    /// The same session for another game: protocol state, options, book and table move over (the
    /// table is cleared: its moves mean nothing in the other game); the position becomes the new
    /// game's start. A running search is stopped first.
    pub fn into_variant<H: Variant>(mut self) -> Session<H> {
        self.stop_search();
        tt::clear(&self.table);
        let mut options = self.options;
        options.variant = H::NAME.to_string();
        Session {
            position: H::start(options.chess960),
            keys: Vec::new(),
            options,
            debug: self.debug,
            output: self.output,
            table: self.table,
            age: self.age,
            states: vec![SearchState::boxed()],
            running: None,
            book: self.book,
            book_rng: self.book_rng,
            dialect: self.dialect,
            ucci: self.ucci,
            banned: Vec::new(),
            variant_request: None,
        }
    }

    /// The game `UCI_Variant` last asked for, if it is not this session's.
    pub fn take_variant_request(&mut self) -> Option<String> {
        self.variant_request.take().filter(|name| name != G::NAME)
    }

    /// Handles one input line.
    pub fn handle(&mut self, line: &str) -> Flow {
        self.output.log_input(line);
        self.reap();
        let command = match self.dialect {
            Dialect::Uci => uci::parse(line),
            Dialect::Ucci => ucci::parse(line, self.ucci.millis),
        };
        if self.ucci.batch && !matches!(command, Command::Stop | Command::Quit | Command::Empty) {
            self.wait_for_search();
        }
        match command {
            Command::Uci => self.identify(),
            Command::Ucci => self.identify_ucci(),
            Command::UcciOption { name, value } => self.set_ucci_option(&name, value.as_deref()),
            Command::BanMoves(moves) => self.ban(&moves),
            Command::Probe { setup, moves } => self.probe(&setup, &moves),
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.output.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Register => {
                if self.debug {
                    self.output.info_string("no registration needed");
                }
            }
            Command::UciNewGame => {
                self.stop_search();
                tt::clear(&self.table);
                for state in self.states.iter_mut() {
                    state.clear();
                }
                self.position = self.fresh_start();
                self.keys.clear();
            }
            Command::Position { setup, moves } => {
                self.stop_search();
                self.set_position(&setup, &moves);
            }
            Command::Go(go) => {
                self.stop_search();
                self.go(go);
            }
            Command::Stop => {
                let idle = self.running.as_ref().is_none_or(Running::<G>::answered);
                if idle && self.dialect == Dialect::Ucci {
                    self.output.line("nobestmove"); // UCCI: `stop` in the idle state
                }
                self.stop_search();
            }
            Command::PonderHit { draw } => {
                if let Some(running) = &self.running {
                    running.ponderhit(draw);
                }
            }
            Command::Quit => {
                self.stop_search();
                if self.dialect == Dialect::Ucci {
                    self.output.line("bye");
                }
                return Flow::Quit;
            }
            Command::Bench(args) => {
                self.stop_search();
                self.bench(&args);
            }
            Command::Display => self.output.line(&self.position.board_text()),
            Command::Eval => self.output.line(&self.position.eval_text()),
            Command::Flip => self.flip(),
            Command::Compiler => self.output.line(&compiler_text()),
            Command::Empty => {}
            Command::Invalid(message) => self.output.info_string(&message),
            Command::Unknown(text) => {
                let shown: String = text.chars().take(ECHO_LIMIT).collect();
                let more = if shown.len() < text.len() { "..." } else { "" };
                self.output.info_string(&format!("unknown command: {shown}{more}"));
            }
        }
        if self.output.is_closed() {
            self.stop_search();
            return Flow::Quit; // stdout is gone: nobody is listening any more
        }
        Flow::Continue
    }

    /// A line that is not UTF-8.
    pub fn garbage(&mut self) {
        self.output.log_input("(a line that is not UTF-8)");
        self.output.info_string("ignoring a line that is not UTF-8");
    }

    /// End of input: a search that ends by itself is allowed to finish (so `echo 'go depth 9' |
    /// triskel` works); `infinite` and ponder searches are stopped.
    pub fn end_of_input(&mut self) {
        self.wait_for_search();
    }

    /// Takes back the states of a search that ended by itself.
    fn reap(&mut self) {
        if self.running.as_ref().is_some_and(Running::<G>::is_finished) {
            if let Some(running) = self.running.take() {
                self.states = running.join();
            }
        }
    }

    /// Waits for a running search to end by itself (end of input, UCCI batch mode); one that would
    /// wait for `stop` for ever (`infinite`, pondering) is stopped.
    fn wait_for_search(&mut self) {
        match self.running.take() {
            Some(running) if !running.waits_for_stop() => self.states = running.join(),
            Some(running) => {
                running.stop();
                self.states = running.join();
            }
            None => {}
        }
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop();
            self.states = running.join();
        }
    }

    fn identify(&self) {
        let mut text =
            format!("id name triskel {}\nid author the triskel developers\n", env!("CARGO_PKG_VERSION"));
        for line in options::uci_lines(G::NAME) {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str("uciok");
        self.output.line(&text);
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match self.options.set(name, value) {
            Ok(Change::Stored) => {}
            Ok(Change::Hash(mb)) => match threads::allocate_table(mb) {
                // A running search keeps the old table until it ends.
                Some(table) => {
                    self.table = table;
                    self.options.hash_mb = mb;
                }
                None => self.output.info_string(&format!(
                    "cannot allocate {mb} MiB of hash; keeping {} MiB",
                    self.options.hash_mb
                )),
            },
            Ok(Change::ClearHash) => tt::clear(&self.table),
            Ok(Change::Chess960(on)) => self.position.set_chess960(on),
            Ok(Change::DebugLogFile(path)) => {
                if let Err(error) = self.output.set_log_file(path.as_deref()) {
                    self.output.info_string(&format!("cannot open the debug log file: {error}"));
                }
            }
            Ok(Change::BookFile(path)) => self.load_book(path.as_deref()),
            Ok(Change::Variant(name)) => self.variant_request = Some(name),
            Err(message) => self.output.info_string(&message),
        }
    }

    /// `Book File`: reads the book; on an error the engine goes on without one.
    fn load_book(&mut self, path: Option<&str>) {
        self.book = None;
        let Some(path) = path else { return };
        match Book::load(path) {
            Ok(loaded) => {
                self.output.info_string(&format!("book: {} entries loaded from {path}", loaded.len()));
                self.book = Some(loaded);
            }
            Err(message) => self.output.info_string(&message),
        }
    }

    fn fresh_start(&self) -> G {
        G::start(self.options.chess960)
    }

    /// `position startpos|fen <fen> [moves m1 m2 ...]`. All or nothing: on any error the previous
    /// position stays and an `info string` says why.
    fn set_position(&mut self, setup: &Setup, moves: &[String]) {
        match self.build_position(setup, moves) {
            Ok((position, keys)) => {
                self.position = position;
                self.keys = keys;
                self.banned.clear();
            }
            Err(message) => self.output.info_string(&format!("{message}; position unchanged")),
        }
    }

    /// The position `setup` and `moves` describe, with the positions on the way.
    fn build_position(&self, setup: &Setup, moves: &[String]) -> Result<(G, Vec<PastPosition>), String> {
        let mut position = match setup {
            Setup::StartPos => self.fresh_start(),
            Setup::Fen(fen) => {
                G::parse_fen(fen, self.options.chess960).map_err(|error| format!("invalid fen ({error})"))?
            }
        };
        let mut keys = Vec::with_capacity(moves.len());
        for text in moves {
            let mv = position
                .parse_move(text)
                .ok_or_else(|| format!("illegal move {text} in {}", position.fen_text()))?;
            keys.push(position.past_before(mv));
            position.make_move(mv);
        }
        Ok((position, keys))
    }

    fn flip(&mut self) {
        match self.position.flipped() {
            Ok(position) => {
                self.position = position;
                self.keys.clear(); // the game so far does not lead to the mirrored position
            }
            Err(message) => self.output.info_string(&message),
        }
    }

    fn go(&mut self, go: Go) {
        if !go.ignored.is_empty() {
            self.output.info_string(&format!("go: ignoring {}", go.ignored.join(" ")));
        }
        if let Some(perft) = go.perft {
            return match perft {
                Ok(depth) if depth <= MAX_PERFT_DEPTH => self.perft(depth),
                _ => self
                    .output
                    .info_string(&format!("perft depth must be a number from 0 to {MAX_PERFT_DEPTH}")),
            };
        }
        // A game move from the book, if `OwnBook` is on and the position is in it.
        if let Some(book) = self.book.as_ref().filter(|_| self.options.own_book && book::answers(&go)) {
            if let Some(reply) = self.position.book_reply(book, &mut self.book_rng) {
                return self.output.line(&reply);
            }
        }
        if self.dialect == Dialect::Ucci && go.depth == Some(0) {
            return self.output.line("nobestmove"); // UCCI: depth 0 asks for no move
        }
        let mut searchmoves = Vec::new();
        for text in &go.searchmoves {
            match self.position.parse_move(text) {
                Some(mv) => searchmoves.push(mv),
                None => {
                    self.output.info_string(&format!("searchmoves: {text} is not a legal move here; ignored"))
                }
            }
        }
        let mut legal = G::MoveList::default();
        self.position.generate_moves(&mut legal);
        if !self.banned.is_empty() {
            if searchmoves.is_empty() {
                searchmoves = legal.iter().copied().collect();
            }
            searchmoves.retain(|mv| !self.banned.contains(mv));
            if searchmoves.is_empty() {
                self.output.info_string("every legal move is banned");
                return self.output.line("nobestmove");
            }
        }
        let choices = if searchmoves.is_empty() { legal.len() } else { searchmoves.len() };
        let white = self.position.first_player_to_move();
        let (time, increment) = match go.own_time {
            Some(time) => (Some(time), go.own_increment),
            None if white => (go.wtime, go.winc),
            None => (go.btime, go.binc),
        };
        let clock = time.map(|time_ms| Clock {
            time_ms,
            increment_ms: increment.unwrap_or(0),
            movestogo: go.movestogo,
        });
        let time = if go.infinite {
            TimeLimits::NONE
        } else {
            TimeLimits::new(clock, go.movetime, self.options.move_overhead_ms, choices == 1)
        };
        // `nodestime`: the clock's milliseconds become a node budget (soft limit times N nodes).
        let (time, nodestime_budget) = match (self.options.nodestime, time.soft.or(time.hard)) {
            (per_ms, Some(limit)) if per_ms > 0 && !go.infinite && clock.is_some() => {
                (TimeLimits::NONE, Some((limit.as_millis() as u64).max(1).saturating_mul(per_ms)))
            }
            _ => (time, None),
        };
        if self.debug {
            let ms = |limit: Option<std::time::Duration>| {
                limit.map_or("none".into(), |d| format!("{} ms", d.as_millis()))
            };
            self.output.info_string(&format!("time limits: soft {}, hard {}", ms(time.soft), ms(time.hard)));
        }
        // A limited strength spends a node budget per move (none for `go infinite`: analysis asks
        // for all the engine sees) and keeps a few lines to choose among.
        let strength = (self.options.limit_strength && !go.infinite).then(|| Strength::new(self.options.elo));
        let nodes = match strength {
            Some(strength) => {
                Some(go.nodes.map_or(strength.node_budget(), |nodes| nodes.min(strength.node_budget())))
            }
            None => go.nodes,
        };
        let nodes = match (nodes, nodestime_budget) {
            (Some(nodes), Some(budget)) => Some(nodes.min(budget)),
            (nodes, budget) => nodes.or(budget),
        };
        let multipv =
            strength.map_or(self.options.multipv, |strength| self.options.multipv.max(strength.lines()));
        let job = Job {
            position: self.position,
            keys: self.keys.clone(),
            searchmoves,
            depth: go.depth,
            nodes,
            mate: go.mate,
            multipv,
            judge_chases: self.options.chase_rule,
            time,
            ponder: go.ponder,
            infinite: go.infinite,
            draw_offered: go.draw_offered,
            report: Settings {
                dialect: self.dialect,
                wdl: self.options.show_wdl,
                currline: self.options.show_currline,
                refutations: self.options.show_refutations,
            },
            strength,
            seed: self.book_rng.next_u64(),
        };
        let threads = self.options.threads;
        self.states.truncate(threads);
        while self.states.len() < threads {
            self.states.push(SearchState::boxed());
        }
        self.age = (self.age + 1) & 63;
        let states = std::mem::take(&mut self.states);
        match threads::start(job, self.table.clone(), self.age, states, self.output.clone()) {
            Ok(running) => self.running = Some(running),
            Err(error) => {
                // Without a thread there is no search; the protocol still wants a legal move.
                self.states = vec![SearchState::boxed()];
                self.output.info_string(&format!("cannot start the search thread: {error}"));
                let bestmove =
                    legal.first().map_or("0000".to_string(), |&mv| self.position.move_text(mv).to_string());
                self.output.line(&format!("bestmove {bestmove}"));
            }
        }
    }

    /// Stockfish's `go perft` output: `move: count` per root move, a blank line, the total; nothing
    /// after it, since scripts read up to the total and then send their next command.
    fn perft(&mut self, depth: u32) {
        let mut position = self.position;
        let mut lines = String::new();
        let stopwatch = Stopwatch::start();
        let nodes = if depth == 0 {
            perft(&mut position, 0)
        } else {
            perft_divide(&mut position, depth, |mv, count| {
                lines.push_str(&format!("{}: {count}\n", self.position.move_text(mv)));
            })
        };
        if self.debug {
            self.output.info_string(&format!("perft {depth}: {} ms", stopwatch.millis()));
        }
        self.output.line(&format!("{lines}\nNodes searched: {nodes}"));
    }

    fn bench(&mut self, args: &[String]) {
        let result = bench::parse(args, G::BENCH_DEPTH).and_then(|config| {
            bench::run_on_search_stack(
                &config,
                (&self.position, &self.keys),
                self.options.chess960,
                &self.output,
            )
        });
        if let Err(message) = result {
            self.output.info_string(&message);
        }
    }
}
