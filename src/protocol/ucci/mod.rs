//! The UCCI 3.0 front-end, for xiangqi, as ElephantEye speaks it: `ucci`, `setoption <name>
//! [<value>]`, `position`, `banmoves`, `go [ponder|draw] ...`, `ponderhit [draw]`, `probe`, `stop`,
//! `isready`, `quit` (answered `bye`). Its own settings (`usemillisec`, `batch`, the book's files,
//! the graded options of [`levels`] and the options that change nothing here) stay in this file;
//! everything else is the controller's. A check option takes `true`, `on` or `1` and `false`, `off`
//! or `0` (UCI2WB sends the digits), in any case.
//!
//! The book: `usebook` (on by default, as UCCI specifies) answers a game's `go` (a clock or nothing;
//! not `depth`, `nodes`, `infinite` or `ponder`) from the books of `bookfiles`, a `;`-separated list
//! consulted in order (the first that has a legal move for the position answers), where
//! `<embedded>`, the default, is the book compiled in. An empty `bookfiles` is no book, as UCCI
//! has it. A file that cannot be read is skipped with an `info message`. `loadbook` reads the files
//! of `bookfiles` again (after a GUI rewrote one).
//!
//! The network: `usennue [true|false]` and `evalfile <file>` are UCI's `Use NNUE` and `EvalFile`
//! for xiangqi (the controller's setting; `evalfile` alone, or `<empty>`, is the embedded network
//! again); `eval` shows the network's evaluation beside the terms, and `go depth 0` answers with
//! the evaluation the search uses. `chaserule [true|false]` is UCI's `Chase Rule`: off, a perpetual
//! chase is a draw (for arbiters that judge none); perpetual check loses either way.

pub mod format;
mod levels;
pub mod parse;

use super::bench_report::{bench_text, STOCKFISH_RULE};
use super::flow::{settle, unknown_command, Flow};
use super::position_text::legal_moves_named;
use crate::controller::{Clock, Controller, GoRequest, Setup};
use crate::games::{eval_report, search_evaluation};
use crate::resources::{MAX_HASH_MB, MAX_THREADS};
use engine::search::Bound;
use engine::xiangqi::Position;
use engine::Game;
use format::{message_line, ucci_score, UcciListener};
use levels::Levels;
use parse::{Command, Go, SharedOption};

/// `bookfiles`' name for the book compiled in.
const EMBEDDED_BOOK: &str = "<embedded>";

/// The UCCI options that are not UCI options too, as last set.
#[derive(Clone, Debug)]
struct UcciSettings {
    /// `usemillisec`: clock values in milliseconds (on by default, as ElephantEye announces it
    /// and reads every clock: a script written for ElephantEye sends milliseconds without it),
    /// in seconds when off, as the UCCI text has it for an engine without the option.
    millis: bool,
    /// `batch`: commands the specification allows only when idle wait for a running search to end
    /// instead of being refused, and so do `stop` and `quit`: ElephantEye reads no input at all
    /// while it thinks in batch mode, so a script's last `go depth N` before `quit` gets its whole
    /// search. A search that only `stop` ends (`infinite`, pondering, one without any limit) is
    /// still stopped by them, and `isready`, `probe` and `ponderhit` are still answered at once.
    batch: bool,
    /// `bookfiles`: the books, in the order they are consulted (a file, or [`EMBEDDED_BOOK`]).
    book_files: Vec<String>,
    /// `idle`, `pruning`, `knowledge`, `randomness` and `style`.
    levels: Levels,
    /// Every other option (`promotion`, `useegtb`, and `egtbpaths` and `evalapi`, which are not
    /// listed): accepted and kept, as the protocol asks of options an engine does not act on.
    others: Vec<(String, String)>,
}

impl Default for UcciSettings {
    /// As `ucci` lists them: milliseconds, no batch, the embedded book.
    fn default() -> Self {
        UcciSettings {
            millis: true,
            batch: false,
            book_files: vec![EMBEDDED_BOOK.into()],
            levels: Levels::default(),
            others: Vec::new(),
        }
    }
}

/// A check option's value: `true`, `on` or `1`, `false`, `off` or `0`, in any case (none is
/// `true`, as a bare `setoption ponder` means); `None` for anything else.
fn check_value(value: Option<&str>) -> Option<bool> {
    let Some(value) = value else { return Some(true) };
    let is = |word: &str| value.eq_ignore_ascii_case(word);
    if is("true") || is("on") || value == "1" {
        Some(true)
    } else if is("false") || is("off") || value == "0" {
        Some(false)
    } else {
        None
    }
}

/// The UCCI session.
pub struct UcciFront {
    controller: Box<Controller<Position>>,
    settings: UcciSettings,
    debug: bool,
    output: crate::output::Output,
}

impl UcciFront {
    pub fn new(output: crate::output::Output) -> UcciFront {
        let mut controller: Box<Controller<Position>> = Box::default();
        // `usebook` is on by default, with the embedded book until `bookfiles` names others.
        controller.settings_mut().own_book = true;
        controller.set_books(vec![crate::book::xiangqi::default_book()]);
        UcciFront { controller, settings: UcciSettings::default(), debug: false, output }
    }

    /// Runs one input line.
    pub fn handle(&mut self, line: &str) -> Flow {
        let command = parse::parse(line, self.settings.millis);
        let uses_engine =
            !matches!(command, Command::IsReady | Command::Stop | Command::Quit | Command::Empty);
        settle(&mut *self.controller, uses_engine);
        // UCCI 3.0 allows only `stop`, `ponderhit`, `probe`, `isready` and `quit` while the engine
        // thinks: anything else is refused, and the search goes on (it is not restarted). In batch
        // mode those other commands wait for the search instead, and so do `stop` and `quit` (see
        // `UcciSettings::batch`); `isready`, `probe` and `ponderhit` are still answered at once, so
        // a ponder search keeps pondering.
        let idle_only = matches!(
            command,
            Command::Position { .. }
                | Command::Go(_)
                | Command::BanMoves(_)
                | Command::Shared { .. }
                | Command::SetOption { .. }
                | Command::NewGame
                | Command::Bench(_)
        );
        let was_thinking = self.controller.is_thinking();
        let stop_or_quit = matches!(command, Command::Stop | Command::Quit);
        // (A `bench` is no search: `stop` and `quit` still end it at once.)
        if self.settings.batch && (idle_only || (stop_or_quit && was_thinking)) {
            self.controller.wait();
        }
        if idle_only && self.controller.is_thinking() {
            let word = line.split_whitespace().next().unwrap_or("");
            self.message(&format!("{word} is not allowed while thinking (send stop first); ignored"));
            return Flow::Continue;
        }
        match command {
            Command::Ucci => self.identify(),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Shared { option, value } => self.set_shared_option(option, value.as_deref()),
            Command::BanMoves(moves) => self.ban(&moves),
            Command::Probe { setup, moves } => self.probe(&setup, &moves),
            Command::IsReady => self.output.line("readyok"),
            Command::NewGame => self.controller.new_game(),
            Command::Position { setup, moves } => match self.controller.set_position(&setup, &moves) {
                Ok(repairs) => repairs.iter().for_each(|repair| self.message(repair)),
                Err(error) => self.message(&format!("{error}; no position until the next one")),
            },
            Command::Go(go) => self.go(*go),
            Command::Stop => {
                if !was_thinking {
                    self.output.line("nobestmove"); // `stop` in the idle state
                }
                self.controller.stop();
            }
            Command::PonderHit { draw } => self.controller.ponderhit(draw),
            Command::Quit => {
                self.controller.stop();
                self.output.line("bye");
                return Flow::Quit;
            }
            Command::Bench(args) => {
                let output = self.output.clone();
                let started = self.controller.bench(&args, move |event| match event {
                    Ok(event) => output.line(&bench_text(&event, STOCKFISH_RULE)),
                    Err(message) => output.line(&message_line(&message)),
                });
                if let Err(message) = started {
                    self.message(&message);
                }
            }
            Command::Display => {
                self.note_refused_position();
                self.output.line(&crate::games::Variant::board_text(self.controller.position()))
            }
            Command::Eval => {
                self.note_refused_position();
                let networks = &self.controller.settings().networks;
                let knowledge = self.settings.levels.knowledge();
                self.output.line(&eval_report(self.controller.position(), networks, knowledge));
            }
            Command::Empty => {}
            Command::Invalid(message) => self.message(&message),
            Command::Unknown(text) => self.message(&unknown_command(&text)),
        }
        Flow::Continue
    }

    /// Stops whatever runs.
    pub fn stop(&mut self) {
        self.controller.stop();
    }

    /// A text for the user.
    /// Before `d` or `eval` after a refused position: the last one accepted is shown, as over UCI.
    fn note_refused_position(&self) {
        if !self.controller.has_position() {
            self.message("no position: the last one was refused; the last one accepted:");
        }
    }

    fn message(&self, text: &str) {
        self.output.line(&message_line(text));
    }

    /// A line that is not UTF-8.
    pub fn garbage(&mut self) {
        self.message("ignoring a line that is not UTF-8");
    }

    /// End of input: a search that ends by itself may finish.
    pub fn end_of_input(&mut self) {
        self.controller.wait_unless(&|| self.output.reader_gone());
    }

    /// The answer to `ucci`: who we are, the UCCI options, `ucciok`.
    fn identify(&self) {
        let mut text = format!(
            "id name triskel {}\nid copyright GPL-3.0-or-later\nid author the triskel developers\nid user unknown\n",
            env!("CARGO_PKG_VERSION")
        );
        for line in parse::OPTION_LINES {
            text.push_str(line);
            text.push('\n');
        }
        text.push_str("ucciok");
        self.output.line(&text);
    }

    /// `hashsize`, `threads` and `ponder`: the controller's settings.
    fn set_shared_option(&mut self, option: SharedOption, value: Option<&str>) {
        let number = |value: Option<&str>, max: i64| {
            value.and_then(|text| text.parse::<i64>().ok()).filter(|n| (1..=max).contains(n))
        };
        match option {
            SharedOption::Hash => match number(value, MAX_HASH_MB) {
                Some(mb) => {
                    if let Err(message) = self.controller.set_hash(mb as usize) {
                        self.message(&message);
                    }
                }
                None => self.message("hashsize takes a number of MiB"),
            },
            SharedOption::Threads => match number(value, MAX_THREADS) {
                Some(threads) => self.controller.settings_mut().threads = threads as usize,
                None => self.message("threads takes a number of threads"),
            },
            // The GUI will ponder: the opponent's time is partly ours, so each move plans a
            // quarter more (as UCI's `Ponder`). `go ponder` itself needs no option.
            SharedOption::Ponder => match check_value(value) {
                Some(on) => self.controller.settings_mut().ponder = on,
                None => self.message(&format!("ponder takes true or false, not {}", value.unwrap_or(""))),
            },
        }
    }

    /// `setoption <name> [<value>]` for the options only UCCI has.
    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let before = self.settings.levels;
        if let Some(set) = self.settings.levels.set(name, value) {
            if let Err(message) = set {
                self.message(&message);
            }
            // The table keeps the evaluations and scores of the setting before: wrong now.
            if !self.settings.levels.scores_as(&before) {
                self.controller.clear_hash();
            }
            return;
        }
        match name {
            "usebook" | "bookfiles" | "loadbook" => self.set_book_option(name, value, check_value(value)),
            "usennue" => match check_value(value) {
                Some(on) => self.controller.set_use_nnue(on),
                None => self.message("usennue takes true or false"),
            },
            "chaserule" => match check_value(value) {
                Some(on) => self.controller.settings_mut().chase_rule = on,
                None => self.message("chaserule takes true or false"),
            },
            "evalfile" => {
                let path = value.filter(|path| !path.is_empty() && *path != "<empty>");
                match self.controller.load_network(path) {
                    Ok(description) => self.message(&format!("evalfile: {description}")),
                    Err(message) => self.message(&format!("evalfile: {message}")),
                }
            }
            "usemillisec" | "batch" | "debug" => match check_value(value) {
                Some(on) => match name {
                    "usemillisec" => self.settings.millis = on,
                    "batch" => self.settings.batch = on,
                    _ => self.debug = on,
                },
                None => self.message(&format!("{name} takes true or false")),
            },
            // Endgame tables: UCCI names them, but no xiangqi tables exist in a format this engine
            // reads (nor in any public format), so the values are kept and the GUI is told so.
            "useegtb" | "egtbpaths" if name == "egtbpaths" || check_value(value) == Some(true) => {
                self.keep_other(name, value);
                self.message(&format!(
                    "{name}: this engine reads no xiangqi endgame tables (none exist in a format it knows); it plays without them"
                ));
            }
            "promotion" if check_value(value) == Some(true) => {
                self.message("promotion: this engine plays no promotion variant (advisors and elephants never become pawns); keeping false")
            }
            "promotion" | "useegtb" | "evalapi" => self.keep_other(name, value),
            _ => self.message(&format!("unknown option: {name}")),
        }
    }

    /// Keeps an option this engine accepts but does not act on, as the protocol asks.
    fn keep_other(&mut self, name: &str, value: Option<&str>) {
        let value = value.unwrap_or("").to_string();
        match self.settings.others.iter_mut().find(|(known, _)| known == name) {
            Some(entry) => entry.1 = value,
            None => self.settings.others.push((name.to_string(), value)),
        }
    }

    /// `usebook [true|false]`, `bookfiles <file>[;<file>...]` and `loadbook`.
    fn set_book_option(&mut self, name: &str, value: Option<&str>, flag: Option<bool>) {
        match name {
            "usebook" => match flag {
                Some(on) => self.controller.settings_mut().own_book = on,
                None => self.message("usebook takes true or false"),
            },
            "bookfiles" => {
                // `<empty>` is UCI's spelling of an empty string: no book either.
                let list = value.filter(|list| *list != "<empty>").unwrap_or("");
                let files = list.split(';').map(str::trim).filter(|file| !file.is_empty());
                self.settings.book_files = files.map(String::from).collect();
                self.load_books();
            }
            _ => self.load_books(),
        }
    }

    /// Reads the books `bookfiles` names (none when it names none); a file that cannot be read is
    /// skipped, with a message.
    fn load_books(&mut self) {
        let mut books = Vec::new();
        for path in &self.settings.book_files {
            if path == EMBEDDED_BOOK {
                books.push(crate::book::xiangqi::default_book());
                continue;
            }
            match crate::book::Book::load(path) {
                Ok(book) => {
                    self.message(&format!("book: {} entries loaded from {path}", book.len()));
                    books.push(book);
                }
                Err(error) => self.message(&format!("{error}; skipped")),
            }
        }
        self.controller.set_books(books);
    }

    /// `banmoves m...`: every legal move named is left out of the root until the next `position`.
    fn ban(&mut self, moves: &[String]) {
        let position = self.controller.position();
        let banned = legal_moves_named(
            moves,
            "banmoves",
            |text| position.parse_move(text),
            |message| self.message(message),
        );
        self.controller.ban(banned);
    }

    fn go(&mut self, go: Go) {
        if !go.ignored.is_empty() {
            self.message(&format!("go: ignoring {}", go.ignored.join(" ")));
        }
        if go.request.depth == Some(0) {
            // Depth 0 asks for the static evaluation (the one the search uses: the network's with
            // `usennue`, as much of it as `knowledge` asks) and no move.
            self.controller.stop();
            let networks = self.controller.settings().networks.search();
            let evaluation =
                search_evaluation(self.controller.position(), networks, self.settings.levels.knowledge());
            let score = ucci_score(evaluation);
            return self.output.line(&format!("info depth 0 score {score}\nnobestmove"));
        }
        let banned = self.controller.banned();
        if !banned.is_empty() {
            let mut legal = <Position as Game>::MoveList::default();
            self.controller.position().generate_moves(&mut legal);
            if legal.iter().all(|mv| banned.contains(mv)) {
                self.message("every legal move is banned");
            }
        }
        let clock = go.time.map(|time_ms| Clock {
            time_ms,
            increment_ms: go.increment.unwrap_or(0),
            movestogo: go.movestogo,
        });
        let mut request = GoRequest { clock, ..go.request.with_moves(Vec::new(), Vec::new()) };
        self.settings.levels.apply(&mut request);
        // `debug` shows the time limits through the listener: before the search's first line.
        self.controller.go(request, Box::new(UcciListener::new(self.output.clone(), self.debug)));
    }

    /// `probe <position>`: `pophash` with what the hash table holds for it (nothing after
    /// `pophash` when it holds nothing), as ElephantEye answers.
    fn probe(&mut self, setup: &Setup, moves: &[String]) {
        let position = match self.controller.build_position(setup, moves) {
            Ok((position, _, _)) => position,
            Err(error) => {
                self.message(&format!("probe: {error}"));
                return self.output.line("pophash");
            }
        };
        let mut text = String::from("pophash");
        if let Some(hit) = self.controller.probe(&position) {
            if let Some(mv) = hit.mv {
                text.push_str(&format!(" bestmove {}", position.move_text(mv)));
            }
            let score = ucci_score(hit.score);
            let depth = hit.depth.max(0);
            match hit.bound {
                Bound::Lower => text.push_str(&format!(" lowerbound {score} depth {depth}")),
                Bound::Upper => text.push_str(&format!(" upperbound {score} depth {depth}")),
                Bound::Exact => text
                    .push_str(&format!(" lowerbound {score} depth {depth} upperbound {score} depth {depth}")),
            }
        }
        self.output.line(&text);
    }
}
