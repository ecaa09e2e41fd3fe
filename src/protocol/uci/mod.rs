//! The UCI front-end, for every game UCI speaks here: lines to controller calls, events to lines.
//! The controller of the game being played is handed over to the other game (options, table, book
//! and all) when `setoption name UCI_Variant` names it or a `position fen` is plainly its (a 9 x 10
//! board is xiangqi, an 8 x 8 one chess).
//!
//! `position`, `ucinewgame`, `go` and `bench` arriving during a search first stop it; its
//! `bestmove` comes before the command takes effect.

pub mod format;
pub mod options;
pub mod parse;
pub mod ranks;

use super::bench_report::{bench_text, STOCKFISH_RULE};
use super::clock_text::{limit_text, time_limits_text};
use super::flow::{settle, unknown_command, Flow};
use super::position_text::legal_moves_named;
use crate::controller::events::{ClockUse, CurrentMove, Decision, Info, Listener, Progress};
use crate::controller::{Clock, Controller, GoRequest, PositionError, TimeLimits};
use crate::games::display::compiler_text;
use crate::games::{eval_report, GameKind, Variant};
use crate::knowledge::Knowledge;
use crate::output::Output;
use engine::{chess, xiangqi, GameText, Score};
use format::{InfoString, UciListener};
use options::{Change, Options};
use parse::{Command, Go, Setup};

/// The books `OwnBook` plays from while `Book File` is empty: the game's embedded one, as
/// Polyglot users expect book moves from the start (a file, once set, takes its place; `<empty>`
/// brings it back).
fn embedded_books<G: Variant>() -> Vec<crate::book::Book> {
    G::embedded_book().into_iter().collect()
}

/// `controller` with its game's embedded book.
fn with_embedded_book<G: Variant>(mut controller: Controller<G>) -> Controller<G> {
    controller.set_books(embedded_books::<G>());
    controller
}

/// `controller` handed over to game `H`: with the book `Book File` loaded if `file`, else with
/// `H`'s embedded book (the old game's would answer none of `H`'s positions).
fn hand_over<G: Variant, H: Variant>(controller: Controller<G>, file: bool) -> Box<Controller<H>> {
    let controller = controller.into_game::<H>();
    Box::new(if file { controller } else { with_embedded_book(controller) })
}

/// Deepest `go perft` accepted; deeper runs take days and are almost certainly a typo.
const MAX_PERFT_DEPTH: u32 = 15;

/// The answer to `help` and `license`, as Stockfish and Pikafish answer them: what the program is,
/// where its documentation is, and its licence.
const HELP: &str = "triskel is a chess, xiangqi and Othello engine for GUIs and test tools. It speaks \
UCI (chess; xiangqi with UCI_Variant xiangqi or a xiangqi FEN), UCCI (after `ucci`), NBoard (after \
`nboard`) and GTP (after a GTP command); the first command chooses.
Beyond the protocol's commands: d, eval, flip, bench, go perft N, compiler, export_net, \
fen/startpos (as position).
The README and docs/protocols.md that come with the source describe every command and option.
triskel is free software under the GNU General Public License, version 3 or any later version \
(GPL-3.0-or-later); it comes with no warranty.";

/// The controller of the game being played.
enum Game {
    Chess(Box<Controller<chess::Position>>),
    Xiangqi(Box<Controller<xiangqi::Position>>),
    /// Only while a controller is being handed over to another game.
    Switching,
}

/// What the UCI front-end keeps beside the controller: the option values as the GUI set them,
/// `debug`, and where lines go.
pub struct UciFront {
    game: Game,
    options: Options,
    debug: bool,
    output: Output,
}

impl UciFront {
    pub fn new(game: GameKind, output: Output) -> UciFront {
        let mut options = Options::default();
        let game = match game {
            GameKind::Chess => Game::Chess(Box::new(with_embedded_book(Controller::default()))),
            GameKind::Xiangqi => {
                options.variant = xiangqi::Position::NAME.to_string();
                Game::Xiangqi(Box::new(with_embedded_book(Controller::default())))
            }
        };
        UciFront { game, options, debug: false, output }
    }

    /// Runs one line, switching games first when a FEN is the other game's and afterwards when
    /// `UCI_Variant` asked for another one.
    pub fn handle(&mut self, line: &str) -> Flow {
        let command = parse::parse(line);
        if let Command::Position { setup: Setup::Fen(fen), .. } = &command {
            if let Some(game) = self.game_of_fen(fen) {
                self.switch(game);
            }
        }
        let mut game = std::mem::replace(&mut self.game, Game::Switching);
        let (flow, request) = match &mut game {
            Game::Chess(controller) => self.apply(controller, command),
            Game::Xiangqi(controller) => self.apply(controller, command),
            Game::Switching => (Flow::Continue, None),
        };
        self.game = game;
        if let Some(game) = request {
            self.switch(game);
        }
        flow
    }

    /// A line that is not UTF-8.
    pub fn garbage(&mut self) {
        self.output.info_string("ignoring a line that is not UTF-8");
    }

    /// End of input: a search that ends by itself is allowed to finish (so `echo 'go depth 9' |
    /// triskel` works); `infinite` and ponder searches are stopped.
    pub fn end_of_input(&mut self) {
        let reader_gone = || self.output.reader_gone();
        match &mut self.game {
            Game::Chess(controller) => controller.wait_unless(&reader_gone),
            Game::Xiangqi(controller) => controller.wait_unless(&reader_gone),
            Game::Switching => {}
        }
    }

    /// Stops whatever runs.
    pub fn stop(&mut self) {
        match &mut self.game {
            Game::Chess(controller) => controller.stop(),
            Game::Xiangqi(controller) => controller.stop(),
            Game::Switching => {}
        }
    }

    /// The other game, if `fen` is one of its positions and not one of this game's.
    fn game_of_fen(&self, fen: &str) -> Option<GameKind> {
        // Only a FEN valid for the other game switches: a broken one keeps this game's position.
        let xiangqi_board = xiangqi::looks_like_xiangqi_fen(fen);
        match self.game {
            Game::Chess(_) if xiangqi_board && xiangqi::Position::from_fen(fen).is_ok() => {
                Some(GameKind::Xiangqi)
            }
            Game::Xiangqi(_) if !xiangqi_board && chess::Position::from_fen(fen).is_ok() => {
                Some(GameKind::Chess)
            }
            _ => None,
        }
    }

    /// Hands the controller over to `game` (nothing happens if it is already that game's). A
    /// `Book File` goes along; without one, the new game plays from its own embedded book.
    fn switch(&mut self, game: GameKind) {
        let file = !self.options.book_file.is_empty();
        self.game = match (std::mem::replace(&mut self.game, Game::Switching), game) {
            (Game::Chess(controller), GameKind::Xiangqi) => Game::Xiangqi(hand_over(*controller, file)),
            (Game::Xiangqi(controller), GameKind::Chess) => Game::Chess(hand_over(*controller, file)),
            (same, _) => same,
        };
        self.options.variant = match self.game {
            Game::Xiangqi(_) => xiangqi::Position::NAME,
            _ => chess::Position::NAME,
        }
        .to_string();
    }

    /// Runs one command on the game's controller; the game `UCI_Variant` asked for, if any.
    fn apply<G: Variant>(
        &mut self,
        controller: &mut Controller<G>,
        command: Command,
    ) -> (Flow, Option<GameKind>) {
        let uses_engine = !matches!(
            command,
            Command::IsReady | Command::Stop | Command::Quit | Command::Debug(_) | Command::Empty
        );
        settle(controller, uses_engine);
        match command {
            Command::Uci => self.identify::<G>(),
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.output.line("readyok"),
            Command::SetOption { name, value } => {
                return (Flow::Continue, self.set_option(controller, &name, value.as_deref()))
            }
            // Nothing needs registering: every `register` is accepted, in the protocol's two steps.
            Command::Register => self.output.line("registration checking\nregistration ok"),
            Command::UciNewGame => controller.new_game(),
            Command::Position { setup, moves } => {
                let (setup, moves) = self.position_from_gui::<G>(setup, moves);
                match controller.set_position(&setup, &moves) {
                    Ok(repairs) => repairs.iter().for_each(|repair| self.output.info_string(repair)),
                    Err(error) => {
                        let error = self.error_for_gui::<G>(error);
                        self.output.info_string(&format!("{error}; no position until the next one"))
                    }
                }
            }
            Command::Go(go) => self.go(controller, *go),
            Command::BanMoves(moves) => self.ban(controller, &moves),
            Command::Stop => controller.stop(),
            Command::PonderHit => controller.ponderhit(false),
            Command::Quit => {
                controller.stop();
                return (Flow::Quit, None);
            }
            Command::Bench(args) => {
                let output = self.output.clone();
                let started = controller.bench(&args, move |event| match event {
                    Ok(event) => output.line(&bench_text(&event, STOCKFISH_RULE)),
                    Err(message) => output.info_string(&message),
                });
                if let Err(message) = started {
                    self.output.info_string(&message);
                }
            }
            Command::GenFens(args) => {
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let output = self.output.clone();
                // OpenBench reads the openings from these lines.
                let started = controller.genfens(&args, move |found| match found {
                    Ok(position) => output.info_string(&format!("genfens {}", position.fen_text())),
                    Err(message) => output.info_string(&message),
                });
                if let Err(message) = started {
                    self.output.info_string(&message);
                }
            }
            Command::Display => {
                self.note_refused_position(controller);
                self.output.line(&controller.position().board_text());
            }
            Command::Eval => {
                self.note_refused_position(controller);
                let networks = &controller.settings().networks;
                self.output.line(&eval_report(controller.position(), networks, Knowledge::Full));
            }
            Command::ExportNet(path) => match controller.export_network(path.as_deref()) {
                Ok(path) => self
                    .output
                    .info_string(&format!("export_net: the {} network in use written to {path}", G::NAME)),
                Err(message) => self.output.info_string(&format!("export_net: {message}")),
            },
            Command::Flip => {
                if let Err(message) = controller.flip() {
                    self.output.info_string(&message);
                }
            }
            Command::Compiler => self.output.line(&compiler_text()),
            Command::Help => self.output.line(HELP),
            Command::Empty => {}
            Command::Invalid(message) => self.output.info_string(&message),
            Command::Unknown(text) => self.output.info_string(&unknown_command(&text)),
        }
        (Flow::Continue, None)
    }

    fn identify<G: Variant>(&self) {
        let mut text =
            format!("id name triskel {}\nid author the triskel developers\n", env!("CARGO_PKG_VERSION"));
        for line in options::uci_lines(G::NAME) {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str("uciok");
        self.output.line(&text);
    }

    fn set_option<G: Variant>(
        &mut self,
        controller: &mut Controller<G>,
        name: &str,
        value: Option<&str>,
    ) -> Option<GameKind> {
        let change = match self.options.set(name, value) {
            Ok(change) => change,
            Err(message) => {
                self.output.info_string(&message);
                return None;
            }
        };
        self.options.apply_to(controller.settings_mut());
        match change {
            Change::Stored => {}
            Change::Hash(mb) => match controller.set_hash(mb) {
                Ok(()) => self.options.hash_mb = mb,
                Err(message) => self.output.info_string(&message),
            },
            // Stockfish 17 and Pikafish answer `Threads` so; tools written for them wait for the line.
            Change::Threads(threads) => {
                let plural = if threads > 1 { "s" } else { "" };
                self.output.info_string(&format!("Using {threads} thread{plural}"))
            }
            Change::ClearHash => controller.clear_hash(),
            Change::Chess960(on) => controller.set_chess960(on),
            Change::DebugLogFile(path) => {
                if let Err(error) = self.output.set_log_file(path.as_deref()) {
                    self.output.info_string(&format!("cannot open the debug log file: {error}"));
                }
            }
            Change::BookFile(None) => controller.set_books(embedded_books::<G>()),
            Change::BookFile(Some(path)) => match controller.load_book(Some(&path)) {
                Ok(entries) => {
                    self.output.info_string(&format!("book: {entries} entries loaded from {path}"))
                }
                Err(message) => self.output.info_string(&message),
            },
            Change::UseNnue(on) => controller.set_use_nnue(on),
            Change::EvalFile(path) => match controller.load_network(path.as_deref()) {
                Ok(description) => self.output.info_string(&format!("EvalFile: {description}")),
                Err(message) => self.output.info_string(&format!("EvalFile: {message}")),
            },
            Change::SyzygyPath(list) => match controller.load_tables(&list) {
                Ok(loaded) if loaded.tables > 0 => self.output.info_string(&format!(
                    "SyzygyPath: found {} tablebases, up to {} pieces",
                    loaded.tables, loaded.pieces
                )),
                Ok(_) => {}
                Err(message) => self.output.info_string(&format!("SyzygyPath: {message}")),
            },
            Change::Variant(name) => return GameKind::from_name(&name),
        }
        None
    }

    /// Whether move words count xiangqi's ranks from 1 for game `G` (`Xiangqi Ranks 1-10`).
    fn ranks_from_one<G: Variant>(&self) -> bool {
        self.options.xiangqi_ranks_from_one && G::NAME == xiangqi::Position::NAME
    }

    /// A `position` command's moves in the engine's notation. With ranks counted from 1, a word
    /// that names rank 0, or is no move word, refuses the whole position, as an illegal move does.
    fn position_from_gui<G: Variant>(&self, setup: Setup, moves: Vec<String>) -> (Setup, Vec<String>) {
        if !self.ranks_from_one::<G>() {
            return (setup, moves);
        }
        let mut translated = Vec::with_capacity(moves.len());
        for word in &moves {
            match ranks::shift_ranks(word, -1) {
                Some(engine_word) => translated.push(engine_word),
                None => {
                    let why = format!("{word} is no move with ranks counted from 1 (Xiangqi Ranks 1-10)");
                    return (Setup::Unreadable(why), Vec::new());
                }
            }
        }
        (setup, translated)
    }

    /// A refused position's error with the illegal move as the GUI wrote it.
    fn error_for_gui<G: Variant>(&self, error: PositionError) -> PositionError {
        match error {
            PositionError::IllegalMove { text, fen } if self.ranks_from_one::<G>() => {
                let text = ranks::shift_ranks(&text, 1).unwrap_or(text);
                PositionError::IllegalMove { text, fen }
            }
            error => error,
        }
    }

    /// A move word of the GUI's in the engine's notation, when it is a legal move of `position`.
    fn legal_move<G: Variant>(&self, position: &G, text: &str) -> Option<G::Move> {
        let engine_text =
            if self.ranks_from_one::<G>() { ranks::shift_ranks(text, -1)? } else { text.to_string() };
        position.parse_move_text(&engine_text)
    }

    /// `banmoves m...`, as UCCI has it: each legal move named is left out of the root until the
    /// next `position` (each `banmoves` replaces the last).
    fn ban<G: Variant>(&mut self, controller: &mut Controller<G>, moves: &[String]) {
        let banned = self.legal_moves_named(controller.position(), moves, "banmoves");
        controller.ban(banned);
    }

    /// The legal moves of `position` among the GUI's `words`; each other word is named in an
    /// `info string` of `command`'s and ignored.
    fn legal_moves_named<G: Variant>(&self, position: &G, words: &[String], command: &str) -> Vec<G::Move> {
        legal_moves_named(
            words,
            command,
            |text| self.legal_move(position, text),
            |message| self.output.info_string(message),
        )
    }

    fn go<G: Variant>(&mut self, controller: &mut Controller<G>, go: Go) {
        if !go.ignored.is_empty() {
            self.output.info_string(&format!("go: ignoring {}", go.ignored.join(" ")));
        }
        if let Some(perft) = go.perft {
            return match perft {
                Ok(depth) if depth <= MAX_PERFT_DEPTH => self.perft(controller, depth),
                _ => self
                    .output
                    .info_string(&format!("perft depth must be a number from 0 to {MAX_PERFT_DEPTH}")),
            };
        }
        let position = *controller.position();
        let ranks_from_one = self.ranks_from_one::<G>();
        let searchmoves = self.legal_moves_named(&position, &go.request.searchmoves, "searchmoves");
        // A list with no legal move in it asks for none, as Stockfish reads it: the answer is
        // `bestmove (none)`, not a search of every move.
        let nothing_legal = !go.request.searchmoves.is_empty() && searchmoves.is_empty();
        let mut request = request(go, position.first_player_to_move(), searchmoves);
        if nothing_legal {
            let mut legal = G::MoveList::default();
            position.generate_moves(&mut legal);
            request.excluded = legal.iter().copied().collect();
        }
        let settings = format::Settings {
            wdl: self.options.show_wdl,
            currline: self.options.show_currline,
            refutations: self.options.show_refutations,
            single_line: self.options.multipv == 1,
            ranks_from_one,
        };
        let listener: Box<dyn Listener<G>> = Box::new(UciListener::<G>::new(self.output.clone(), settings));
        let listener = if self.debug {
            Box::new(ClockReport { inner: listener, output: self.output.clone() })
        } else {
            listener
        };
        controller.go(request, listener);
    }

    /// Before `d` or `eval` after a refused position: there is none to search, but the last one
    /// accepted is still shown (the PyPI `stockfish` wrapper reads the board back after a move
    /// to see that an illegal one changed nothing, and waits for its `Fen:` line).
    fn note_refused_position<G: Variant>(&self, controller: &Controller<G>) {
        if !controller.has_position() {
            self.output.info_string("no position: the last one was refused; the last one accepted:");
        }
    }

    /// Stockfish's `go perft` output: `move: count` per root move, a blank line, the total; nothing
    /// after it, since scripts read up to the total and then send their next command.
    /// It runs in the background: `isready` is answered meanwhile, and `stop` ends it.
    fn perft<G: Variant>(&self, controller: &mut Controller<G>, depth: u32) {
        if !controller.has_position() {
            return self.output.info_string("perft: no position: the last one was refused");
        }
        let (output, debug, ranks_from_one) = (self.output.clone(), self.debug, self.ranks_from_one::<G>());
        controller.perft(depth, move |position, result| {
            let Some(perft) = result else { return output.info_string("perft stopped") };
            let lines: String = perft
                .divide
                .iter()
                .map(|&(mv, count)| {
                    let text = position.move_text(mv).to_string();
                    let text = if ranks_from_one { ranks::shift_line(&text, 1) } else { text };
                    format!("{text}: {count}\n")
                })
                .collect();
            if debug {
                output.info_string(&format!("perft {depth}: {} ms", perft.elapsed.as_millis()));
            }
            // Stockfish ends with a blank line, which scripts (the PyPI `stockfish` wrapper) wait for.
            output.line(&format!("{lines}\nNodes searched: {}\n", perft.total));
        });
    }
}

/// With `debug on`: the UCI listener, and one `info string` just before the answer on how the
/// search spent the clock, for measuring time use in real games (`tools/time_use.py`):
///
/// ```text
/// info string time used U ms [after P ms pondering[, no ponderhit]] (soft S ms, hard H ms), stopped by R
/// ```
///
/// `U` is what the move cost the GUI's clock (from `go`, or from `ponderhit`), `P` the time
/// pondered before it; the limits are the ones planned at `go` and count from it, so they compare
/// with `P + U`. `R` is the clock's reason (`soft`, `forecast`, `stable`, `hard`, `ponderhit`:
/// [`crate::controller::timeman`]), or `stop` (a stop command or a node limit) or `end` (the
/// search ended on its own: a depth or mate limit, a forced mate). Every other event passes
/// through unchanged, so a method added to [`Listener`] must be passed on here too.
struct ClockReport<G: Variant> {
    inner: Box<dyn Listener<G>>,
    output: Output,
}

impl<G: Variant> Listener<G> for ClockReport<G> {
    /// Written from the search's own thread before its first line, so that it always comes
    /// before `bestmove`, however soon the search ends.
    fn planned(&mut self, time: &TimeLimits) {
        self.output.info_string(&time_limits_text(time));
        self.inner.planned(time);
    }

    fn info(&mut self, position: &G, info: &Info<'_, G::Move>) {
        self.inner.info(position, info);
    }

    fn shows(&self, info: &Info<'_, G::Move>) -> bool {
        self.inner.shows(info)
    }

    fn current_move(&mut self, position: &G, current: &CurrentMove<G::Move>) {
        self.inner.current_move(position, current);
    }

    fn progress(&mut self, progress: &Progress) {
        self.inner.progress(progress);
    }

    fn wants_refutations(&self) -> bool {
        self.inner.wants_refutations()
    }

    fn refutations(&mut self, position: &G, lines: &[Vec<G::Move>]) {
        self.inner.refutations(position, lines);
    }

    fn held(&mut self, position: &G, decision: &Decision<G::Move>) {
        self.inner.held(position, decision);
    }

    fn analysed(&mut self, position: &G, index: usize, score: Score, best: Option<G::Move>) {
        self.inner.analysed(position, index, score, best);
    }

    fn finished(&mut self, position: &G, decision: &Decision<G::Move>) {
        if let Some(clock) = &decision.clock {
            self.output.info_string(&clock_text(clock, decision.interrupted));
        }
        self.inner.finished(position, decision);
    }
}

/// The text of [`ClockReport`]'s line, after `info string `.
fn clock_text(clock: &ClockUse, interrupted: bool) -> String {
    let pondered = if clock.no_hit {
        format!(" after {} ms pondering, no ponderhit", clock.pondered.as_millis())
    } else if clock.pondered.is_zero() {
        String::new()
    } else {
        format!(" after {} ms pondering", clock.pondered.as_millis())
    };
    let reason = clock.ending.map_or(if interrupted { "stop" } else { "end" }, |ending| ending.word());
    format!(
        "time used {} ms{pondered} (soft {}, hard {}), stopped by {reason}",
        clock.used.as_millis(),
        limit_text(clock.limits.soft),
        limit_text(clock.limits.hard)
    )
}

/// The controller's request for a UCI `go` over `searchmoves` (parsed by the caller, which knows
/// the position): the clock is the side to move's, White's or Black's. A game on a clock that
/// gives only the opponent's time (`go btime 3000` with White to move) leaves the side to move no
/// time, as Stockfish reads it, rather than none to keep to (a search until `stop`).
fn request<M>(go: Go, first_player_to_move: bool, searchmoves: Vec<M>) -> GoRequest<M> {
    let (time, increment) = if first_player_to_move { (go.wtime, go.winc) } else { (go.btime, go.binc) };
    let on_a_clock = go.wtime.is_some() || go.btime.is_some();
    let time = time.or(on_a_clock.then_some(0));
    let clock =
        time.map(|time_ms| Clock { time_ms, increment_ms: increment.unwrap_or(0), movestogo: go.movestogo });
    GoRequest { clock, ..go.request.with_moves(searchmoves, Vec::new()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_book_answers_game_moves_only() {
        let game = |text: &str| match parse::parse(&format!("go {text}")) {
            Command::Go(go) => {
                let searchmoves = vec![0u16; go.request.searchmoves.len()];
                request(*go, true, searchmoves).wants_game_move()
            }
            other => panic!("{other:?}"),
        };
        assert!(game("wtime 1000 btime 1000 winc 10 binc 10"));
        assert!(game("movetime 500"));
        assert!(game(""));
        for analysis in ["infinite", "ponder wtime 1000 btime 1000", "depth 5", "nodes 100", "mate 2"] {
            assert!(!game(analysis), "{analysis}");
        }
        assert!(!game("wtime 1000 btime 1000 searchmoves e2e4"));
    }

    #[test]
    fn the_clock_is_the_side_to_moves() {
        let Command::Go(go) = parse::parse("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5") else {
            panic!()
        };
        let white = request::<u16>(*go.clone(), true, Vec::new()).clock.unwrap();
        let black = request::<u16>(*go, false, Vec::new()).clock.unwrap();
        assert_eq!((white.time_ms, white.increment_ms, white.movestogo), (1000, 10, Some(5)));
        assert_eq!((black.time_ms, black.increment_ms), (2000, 20));
        // Only the opponent's clock: no time for the side to move, as Stockfish reads it.
        let Command::Go(go) = parse::parse("go btime 3000 binc 50") else { panic!() };
        let white = request::<u16>(*go.clone(), true, Vec::new()).clock.unwrap();
        assert_eq!((white.time_ms, white.increment_ms), (0, 0));
        assert_eq!(request::<u16>(*go, false, Vec::new()).clock.unwrap().time_ms, 3000);
        let Command::Go(go) = parse::parse("go winc 100 binc 100") else { panic!() };
        assert!(request::<u16>(*go, true, Vec::new()).clock.is_none(), "increments alone are no clock");
    }
}
