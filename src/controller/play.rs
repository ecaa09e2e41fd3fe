//! An Othello game under the controller, as Edax's `Play` is under its `UI`s: the record with its
//! undo and forced passes, each side's clock and the time it used, a move a search plays on the
//! board, and the learning book. NBoard and GTP keep the same game, so it is kept once, here, and
//! each front-end only turns its lines into these calls and their results into its lines.
//!
//! The board the controller searches is always the record's last position: every change to the
//! record sets it.

use super::events::{CurrentMove, Decision, Info, Listener, Progress};
use super::request::GoRequest;
use super::timeman::{Clock, TimeLimits};
use super::Controller;
use crate::book::othello::{Analysed, BookLine, LearningBook, LEARN_PLIES};
use crate::games::othello::clock_horizon;
use engine::othello::ggf::{GgfError, Record, RecordedMove, MAX_RECORD_MOVES};
use engine::othello::{Color, Move, Position};
use engine::Score;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

// `OthelloPlay::inserted_passes` has a bit for every ply a record can hold.
const _: () = assert!(MAX_RECORD_MOVES <= u128::BITS as usize);

/// A game clock set by time settings (GTP's `time_settings MAIN BYO STONES`): main time, then a
/// byo-yomi period of `byo_yomi` for every `stones` moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeSettings {
    pub main: Duration,
    pub byo_yomi: Duration,
    pub stones: u32,
}

/// What a finished search leaves for the game: its move (`None`: none found) and its time.
type DecisionSlot = Arc<Mutex<Option<(Option<Move>, Duration)>>>;

/// The book a `learn` produced on the search thread, waiting for the game to take it up.
type LearnedSlot = Arc<Mutex<Option<LearningBook>>>;

/// Told when a `learn` is done: the book's file could not be written (`Err`), or all went well.
pub type LearnDone = Box<dyn FnOnce(Result<(), String>) + Send>;

/// A search whose move the game plays when it is done (see [`OthelloPlay::settle`]).
struct Pending {
    color: Color,
    decision: DecisionSlot,
}

/// One Othello game and the controller that searches it.
pub struct OthelloPlay {
    controller: Box<Controller<Position>>,
    /// The game from its start: every move, forced passes included, with the seconds it took
    /// when known; `TI`'s game time when the record has one.
    record: Record,
    /// The record's plies (bit `n` for ply `n`) that are forced passes the game played by itself
    /// ([`OthelloPlay::pass_until`]): the other end left them out, so its `undo` does not count
    /// them.
    inserted_passes: u128,
    time: Option<TimeSettings>,
    /// The time each side has left, as the other end last said (seconds, and the stones they
    /// cover; 0 for the rest of the game).
    time_left: [Option<(Duration, u32)>; 2],
    /// What each side's own searches have used since the time settings or a new game: the clock
    /// the engine keeps itself when no one tells it what is left.
    searched: [Duration; 2],
    pending: Option<Pending>,
    book: LearningBook,
    /// The file the book is kept in; without one the book learns in memory only.
    book_path: Option<String>,
    /// Where a `learn` running on the search thread leaves the book it learned.
    learned: LearnedSlot,
}

impl OthelloPlay {
    /// A new game from the standard start, searched by `controller`, with an empty book.
    pub fn new(controller: Box<Controller<Position>>) -> OthelloPlay {
        OthelloPlay {
            controller,
            record: Record::new(),
            inserted_passes: 0,
            time: None,
            time_left: [None; 2],
            searched: [Duration::ZERO; 2],
            pending: None,
            book: LearningBook::default(),
            book_path: None,
            learned: Arc::new(Mutex::new(None)),
        }
    }

    pub fn controller(&self) -> &Controller<Position> {
        &self.controller
    }

    pub fn controller_mut(&mut self) -> &mut Controller<Position> {
        &mut self.controller
    }

    /// The position the game stands in.
    pub fn position(&self) -> Position {
        self.record.position()
    }

    /// A score from the side to move's point of view seen from Black's, and the other way round
    /// (the same flip): NBoard's contempt and GTP's final score are Black's.
    pub fn black_view(&self, score: i32) -> i32 {
        for_black(&self.position(), score)
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Replaces the game by `record` (NBoard's `set game`), its clock with it.
    pub fn set_record(&mut self, record: Record) {
        self.controller.set_position_to(record.position(), Vec::new());
        self.record = record;
        self.inserted_passes = 0;
    }

    /// A new game from the start (GTP's `clear_board`): the time used and the time left go with
    /// the old game, the time settings stay.
    pub fn clear(&mut self) {
        self.record = Record::new();
        self.inserted_passes = 0;
        self.searched = [Duration::ZERO; 2];
        self.time_left = [None; 2];
        self.sync();
    }

    /// Plays a record's move text (`F5`, `f5/0.50/1.2`, `PA`); an illegal one leaves the game as
    /// it was.
    pub fn play_text<'a>(&mut self, text: &'a str) -> Result<(), GgfError<'a>> {
        self.record.play(text)?;
        self.sync();
        Ok(())
    }

    /// Plays `mv`, legal in the current position.
    pub fn play_move(&mut self, mv: Move, seconds: Option<f64>) -> Result<(), GgfError<'static>> {
        self.push(mv, seconds)?;
        self.sync();
        Ok(())
    }

    /// Passes for the side to move when it cannot move and `color` is not it (the pass gives
    /// `color` the turn): a GUI may leave a forced pass out.
    pub fn pass_until(&mut self, color: Color) {
        if pass_owed(&self.position(), color) {
            let ply = self.record.moves.len();
            if self.push(Move::PASS, None).is_ok() {
                self.inserted_passes |= 1 << ply;
            }
        }
        self.sync();
    }

    /// The position `color` would play in: the current one after the forced passes that
    /// [`OthelloPlay::pass_until`] would play, none of them played.
    pub fn position_for(&self, color: Color) -> Position {
        let mut position = self.position();
        if pass_owed(&position, color) {
            position.play(Move::PASS);
        }
        position
    }

    /// Whether `color` has a move to search for: it is its turn and the game goes on.
    pub fn can_move(&self, color: Color) -> bool {
        let position = self.position();
        position.side_to_move() == color && !position.is_game_over()
    }

    /// Takes back the last move the other end played or was answered (a forced pass it sent, or
    /// a `pass` answer, counts as one), with the forced passes the game played by itself next to
    /// it: the other end left those out, so they are not moves to it (gtp-rhino's `undo` takes
    /// them back the same way). False when there is no such move.
    pub fn undo(&mut self) -> bool {
        // `end`, moved back over the inserted passes just before it.
        let before_inserted = |mut end: usize| {
            while end > 0 && self.inserted_passes & (1 << (end - 1)) != 0 {
                end -= 1;
            }
            end
        };
        let last = before_inserted(self.record.moves.len());
        if last == 0 {
            return false;
        }
        let end = before_inserted(last - 1);
        let mut moves = engine::movelist::MoveList::default();
        for &recorded in &self.record.moves[..end] {
            moves.push(recorded);
        }
        self.record.moves = moves;
        // `end` < 128 plies: the mask keeps the plies before it.
        self.inserted_passes &= (1 << end) - 1;
        self.sync();
        true
    }

    fn push(&mut self, mv: Move, seconds: Option<f64>) -> Result<(), GgfError<'static>> {
        if self.record.moves.len() == MAX_RECORD_MOVES {
            return Err(GgfError::TooLong);
        }
        self.record.moves.push(RecordedMove { mv, seconds });
        Ok(())
    }

    fn sync(&mut self) {
        self.controller.set_position_to(self.record.position(), Vec::new());
    }

    /// Sets the game's time settings; the time used and the time left start again.
    pub fn set_time_settings(&mut self, settings: TimeSettings) {
        self.time = Some(settings);
        self.searched = [Duration::ZERO; 2];
        self.time_left = [None; 2];
    }

    /// What `color` has left, for `stones` moves (0: the rest of the game).
    pub fn set_time_left(&mut self, color: Color, left: Duration, stones: u32) {
        self.time_left[color as usize] = Some((left, stones));
    }

    /// The side to move's clock, from the first source that has one: the time left the other end
    /// gave, else the main time less what the engine's searches used, else a byo-yomi period over
    /// its stones, else the record's clock as NBoard runs it (`Record::clock_left`). A clock for the
    /// rest of the game lasts [`clock_horizon`] moves.
    pub fn clock(&self) -> Option<Clock> {
        let position = self.position();
        let color = position.side_to_move() as usize;
        let moves_left = clock_horizon(position.empties());
        let clock = |left: Duration, movestogo: u32| Clock {
            time_ms: left.as_millis().min(i64::MAX as u128) as i64,
            increment_ms: 0,
            movestogo: Some(movestogo.max(1)),
        };
        match (self.time_left[color], self.time) {
            (Some((left, 0)), _) => Some(clock(left, moves_left)),
            (Some((left, stones)), _) => Some(clock(left, stones)),
            (None, Some(settings)) if !settings.main.is_zero() => {
                Some(clock(settings.main.saturating_sub(self.searched[color]), moves_left))
            }
            (None, Some(settings)) if settings.stones > 0 => Some(clock(settings.byo_yomi, settings.stones)),
            (None, Some(_)) => None,
            (None, None) => {
                let left = self.record.clock_left(position.side_to_move())?;
                Some(Clock {
                    time_ms: (left.seconds * 1000.0) as i64,
                    increment_ms: (left.increment * 1000.0) as i64,
                    movestogo: Some(moves_left),
                })
            }
        }
    }

    /// Searches the current position; the move is only reported, the game stays (NBoard's `go`:
    /// the GUI sends the move back).
    pub fn go(&mut self, request: GoRequest<Move>, listener: Box<dyn Listener<Position>>) -> TimeLimits {
        self.controller.go(request, listener)
    }

    /// Searches the current position and plays the move found when the search is done, at the
    /// next [`OthelloPlay::settle`], counting the search's time on its side's clock (GTP's
    /// `genmove`).
    pub fn genmove(&mut self, request: GoRequest<Move>, listener: Box<dyn Listener<Position>>) {
        let decision = Arc::new(Mutex::new(None));
        let color = self.position().side_to_move();
        let playing = Box::new(Playing { inner: listener, decision: Arc::clone(&decision) });
        self.controller.go(request, playing);
        self.pending = Some(Pending { color, decision });
    }

    /// Waits for a [`OthelloPlay::genmove`]'s search, if one runs, and plays its move.
    pub fn settle(&mut self) {
        let Some(pending) = self.pending.take() else { return };
        self.controller.wait();
        // The search's own time, not the time until the next command (the opponent's thinking).
        let decision = pending.decision.lock().unwrap_or_else(PoisonError::into_inner).take();
        let (best, elapsed) = decision.unwrap_or((None, Duration::ZERO));
        self.searched[pending.color as usize] += elapsed;
        if let Some(mv) = best {
            // A full record keeps its moves; the board stays where the record ends.
            let _ = self.play_move(mv, Some(elapsed.as_secs_f64()));
        }
    }

    /// Searches every position of the game to `depth`, in the background.
    pub fn analyze(&mut self, depth: u32, listener: Box<dyn Listener<Position>>) -> Result<(), String> {
        let positions = self.record.positions().collect();
        self.controller.analyze(positions, depth, listener)
    }

    /// Opens the learning book kept in `path` (a missing file is an empty book, written at the
    /// first learning), and has the controller play from it. A file that does not read leaves an
    /// empty book, to be written over, and says why.
    pub fn open_book(&mut self, path: Option<String>) -> Result<(), String> {
        let (book, read) = match path.as_deref().map(LearningBook::load) {
            Some(Ok(book)) => (book, Ok(())),
            Some(Err(message)) => (LearningBook::default(), Err(message)),
            None => (LearningBook::default(), Ok(())),
        };
        self.controller.set_books(vec![book.book()]);
        self.book = book;
        self.book_path = path;
        read
    }

    /// The book's moves in the current position, best first.
    pub fn book_lines(&self) -> Vec<BookLine> {
        self.book.lines(&self.position())
    }

    /// Learns the game: its first [`LEARN_PLIES`] positions are searched to `depth` on the search
    /// thread, which then learns them into a copy of the book, writes it to the book's file and
    /// calls `done`; the game takes the book up at [`OthelloPlay::take_learned`]. Once `cancelled`
    /// is set nothing is learned and `done` is not called.
    pub fn learn(&mut self, depth: u32, cancelled: Arc<AtomicBool>, done: LearnDone) -> Result<(), String> {
        let positions: Vec<Position> = self.record.positions().collect();
        let plies = self.record.moves.len().min(LEARN_PLIES);
        let line: Vec<(Position, Move)> = positions
            .iter()
            .copied()
            .zip(self.record.moves.iter().map(|recorded| recorded.mv))
            .take(plies)
            .collect();
        let learning = Learning {
            cancelled,
            done: Some(done),
            line,
            analysed: vec![None; plies + 1],
            book: self.book.clone(),
            path: self.book_path.clone(),
            depth: depth as u8,
            slot: Arc::clone(&self.learned),
        };
        let searched = positions[..=plies].to_vec();
        self.controller.analyze(searched, depth, Box::new(learning))
    }

    /// Takes up the book a finished learning left, if any.
    pub fn take_learned(&mut self) {
        if let Some(book) = self.learned.lock().unwrap_or_else(PoisonError::into_inner).take() {
            self.controller.set_books(vec![book.book()]);
            self.book = book;
        }
    }
}

/// A front-end's listener, and the move and time the game plays when the search is done.
struct Playing {
    inner: Box<dyn Listener<Position>>,
    decision: DecisionSlot,
}

impl Listener<Position> for Playing {
    fn planned(&mut self, time: &TimeLimits) {
        self.inner.planned(time);
    }

    fn info(&mut self, position: &Position, info: &Info<'_, Move>) {
        self.inner.info(position, info);
    }

    fn shows(&self, info: &Info<'_, Move>) -> bool {
        self.inner.shows(info)
    }

    fn current_move(&mut self, position: &Position, current: &CurrentMove<Move>) {
        self.inner.current_move(position, current);
    }

    fn progress(&mut self, progress: &Progress) {
        self.inner.progress(progress);
    }

    fn wants_refutations(&self) -> bool {
        self.inner.wants_refutations()
    }

    fn refutations(&mut self, position: &Position, lines: &[Vec<Move>]) {
        self.inner.refutations(position, lines);
    }

    fn analysed(&mut self, position: &Position, index: usize, score: Score, best: Option<Move>) {
        self.inner.analysed(position, index, score, best);
    }

    fn finished(&mut self, position: &Position, decision: &Decision<Move>) {
        // Kept before the front-end answers: the next command, sent on the answer, finds it.
        *self.decision.lock().unwrap_or_else(PoisonError::into_inner) =
            Some((decision.best, decision.elapsed));
        self.inner.finished(position, decision);
    }
}

/// A learning under way: the searches of the game's positions, then the book.
struct Learning {
    cancelled: Arc<AtomicBool>,
    done: Option<LearnDone>,
    /// The game's positions and the move played from each.
    line: Vec<(Position, Move)>,
    /// Each position's search, as it comes (the last position first).
    analysed: Vec<Option<Analysed>>,
    book: LearningBook,
    path: Option<String>,
    depth: u8,
    slot: LearnedSlot,
}

impl Listener<Position> for Learning {
    fn analysed(&mut self, _position: &Position, index: usize, score: Score, best: Option<Move>) {
        if let Some(slot) = self.analysed.get_mut(index) {
            *slot = Some(Analysed { score, best });
        }
        // The start comes last: every position is searched.
        if index > 0 || self.cancelled.load(Ordering::Acquire) {
            return;
        }
        let analysed: Vec<Analysed> = self.analysed.iter().flatten().copied().collect();
        self.book.learn(&self.line, &analysed, self.depth);
        let saved = self.path.as_deref().map_or(Ok(()), |path| self.book.save(path));
        *self.slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(std::mem::take(&mut self.book));
        if let Some(done) = self.done.take() {
            done(saved);
        }
    }

    fn info(&mut self, _position: &Position, _info: &Info<'_, Move>) {}

    fn finished(&mut self, _position: &Position, _decision: &Decision<Move>) {}
}

/// `score`, given for the side to move in `position`, as Black's.
pub fn for_black(position: &Position, score: i32) -> i32 {
    match position.side_to_move() {
        Color::Black => score,
        Color::White => -score,
    }
}

/// Whether the side to move in `position` must pass before `color` can play: a forced pass the
/// other end may have left out.
fn pass_owed(position: &Position, color: Color) -> bool {
    position.side_to_move() != color && position.must_pass()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::othello::ggf;
    use std::sync::mpsc;

    fn game() -> OthelloPlay {
        let (controller, allocated) = Controller::with_hash(1);
        allocated.expect("a 1 MiB table");
        OthelloPlay::new(Box::new(controller))
    }

    /// Black to move and none to make (its one disc in a1 flanks nothing); White takes c1.
    fn black_must_pass() -> Position {
        let board = format!("OX{} X", "-".repeat(62));
        Position::parse(&board).expect("a board")
    }

    /// Keeps a search's answer.
    struct Answer(mpsc::Sender<Option<Move>>);

    impl Listener<Position> for Answer {
        fn info(&mut self, _position: &Position, _info: &Info<'_, Move>) {}

        fn finished(&mut self, _position: &Position, decision: &Decision<Move>) {
            let _ = self.0.send(decision.best);
        }
    }

    #[test]
    fn the_record_moves_the_board_and_undo_takes_moves_back() {
        let mut play = game();
        play.play_text("F5").expect("legal");
        play.play_text("d6/-2.5/1.5").expect("legal");
        assert_eq!(play.record().moves.len(), 2);
        assert_eq!(play.record().moves[1].seconds, Some(1.5));
        assert_eq!(*play.controller().position(), play.position());
        assert!(play.play_text("A1").is_err());
        assert_eq!(play.record().moves.len(), 2, "an illegal move leaves the game as it was");

        assert!(play.undo());
        let mut after_f5 = Position::startpos();
        after_f5.play(after_f5.parse_move("F5").expect("legal"));
        assert_eq!(play.position(), after_f5);
        assert_eq!(*play.controller().position(), after_f5);
        assert!(play.undo());
        assert!(!play.undo(), "nothing before the start");
        assert_eq!(play.position(), Position::startpos());
    }

    #[test]
    fn a_forced_pass_left_out_is_played_and_undone_with_the_move_after_it() {
        let mut play = game();
        let start = black_must_pass();
        play.set_record(Record { start, ..Record::new() });
        assert!(!play.can_move(Color::White), "Black is to move");
        assert_eq!(play.black_view(5), 5);
        play.pass_until(Color::Black);
        assert!(play.record().moves.is_empty(), "no pass for the side to move itself");

        play.pass_until(Color::White);
        assert_eq!(play.record().moves.len(), 1);
        assert_eq!(play.record().moves[0].mv, Move::PASS);
        assert!(play.can_move(Color::White));
        assert_eq!(play.black_view(5), -5, "White to move");
        play.pass_until(Color::Black);
        assert_eq!(play.record().moves.len(), 1, "White can move: no pass for it");

        let c1 = play.position().parse_move("C1").expect("legal");
        play.play_move(c1, None).expect("room in the record");
        assert!(play.position().is_game_over());
        assert!(!play.can_move(Color::Black));
        // The other end played one move, C1: one undo takes it and the pass left out before it.
        assert!(play.undo());
        assert_eq!(play.position(), start);
        assert!(play.record().moves.is_empty());
        assert!(!play.undo(), "the pass the game put in is no move of the other end's");

        // A pass the other end sent is a move of its own: undone alone.
        play.play_move(Move::PASS, None).expect("room in the record");
        play.play_move(c1, None).expect("room in the record");
        assert!(play.undo());
        assert_eq!(play.record().moves.len(), 1);
        assert!(play.undo());
        assert_eq!(play.position(), start);

        // A pass put in with no move after it (White's move was refused) goes with the move
        // before it: after these ten moves Black cannot move.
        play.clear();
        for text in ["E6", "F6", "G6", "G7", "G8", "H8", "C4", "E3", "E2", "F8"] {
            play.play_text(text).expect("legal");
        }
        let after_f8 = play.position();
        play.undo();
        let after_e2 = play.position();
        play.play_text("F8").expect("legal");
        play.pass_until(Color::White);
        assert_eq!(play.record().moves.len(), 11);
        assert!(play.undo());
        assert_eq!(play.position(), after_e2, "F8 and the pass after it");
        play.play_text("F8").expect("legal");
        assert_eq!(play.position(), after_f8);
    }

    #[test]
    fn the_clock_comes_from_the_first_source_that_has_one() {
        let mut play = game();
        assert_eq!(play.clock(), None, "no clock at all");

        // The record's game time, less what its moves took.
        let record = ggf::parse("(;GM[Othello]TI[1:00]B[F5/0/2.5]W[D6/0/4];)").expect("a record");
        play.set_record(record);
        let horizon = Some(clock_horizon(58));
        assert_eq!(play.clock(), Some(Clock { time_ms: 57_500, increment_ms: 0, movestogo: horizon }));
        // With an increment: back after each move, and given to the time manager.
        let record = ggf::parse("(;GM[Othello]TI[1:00/5]B[F5/0/2.5]W[D6/0/4];)").expect("a record");
        play.set_record(record);
        assert_eq!(play.clock(), Some(Clock { time_ms: 62_500, increment_ms: 5_000, movestogo: horizon }));
        // `TI[0]`: no clock.
        play.set_record(ggf::parse("(;GM[Othello]TI[0]B[F5/0/2.5];)").expect("a record"));
        assert_eq!(play.clock(), None);
        play.set_record(ggf::parse("(;GM[Othello]TI[1:00]B[F5/0/2.5]W[D6/0/4];)").expect("a record"));

        // Time settings go before the record's; the engine's searches count against main time.
        play.clear();
        play.set_time_settings(TimeSettings { main: Duration::from_secs(60), ..TimeSettings::default() });
        play.searched[Color::Black as usize] = Duration::from_millis(1500);
        let horizon = Some(clock_horizon(60));
        assert_eq!(play.clock(), Some(Clock { time_ms: 58_500, increment_ms: 0, movestogo: horizon }));

        // The time left the other end gives goes before both: for the game, or for its stones.
        play.set_time_left(Color::Black, Duration::from_secs(10), 0);
        assert_eq!(play.clock(), Some(Clock { time_ms: 10_000, increment_ms: 0, movestogo: horizon }));
        play.set_time_left(Color::Black, Duration::from_secs(10), 5);
        assert_eq!(play.clock(), Some(Clock { time_ms: 10_000, increment_ms: 0, movestogo: Some(5) }));
        play.set_time_left(Color::White, Duration::from_secs(1), 1);
        assert_eq!(play.clock().map(|clock| clock.time_ms), Some(10_000), "only the side to move's");

        // New settings and a new game forget the time left and the time used.
        let byo_yomi = TimeSettings { main: Duration::ZERO, byo_yomi: Duration::from_secs(30), stones: 10 };
        play.set_time_settings(byo_yomi);
        assert_eq!(play.searched, [Duration::ZERO; 2]);
        assert_eq!(play.clock(), Some(Clock { time_ms: 30_000, increment_ms: 0, movestogo: Some(10) }));
        play.set_time_settings(TimeSettings::default());
        assert_eq!(play.clock(), None, "settings without time are no clock");
        play.set_time_left(Color::Black, Duration::from_secs(3), 0);
        play.clear();
        assert_eq!(play.clock(), None);
    }

    #[test]
    fn genmove_plays_its_move_and_counts_its_time_on_its_side() {
        let mut play = game();
        let (sender, answers) = mpsc::channel();
        play.genmove(GoRequest { depth: Some(2), ..GoRequest::default() }, Box::new(Answer(sender)));
        play.settle();
        let best = answers.recv().expect("an answer").expect("a move");
        assert_eq!(play.record().moves.len(), 1);
        assert_eq!(play.record().moves[0].mv, best);
        assert_eq!(play.position().side_to_move(), Color::White);
        assert_eq!(*play.controller().position(), play.position());
        assert_eq!(play.searched[Color::White as usize], Duration::ZERO);
        let seconds = play.record().moves[0].seconds.expect("the search's time");
        assert!((seconds - play.searched[Color::Black as usize].as_secs_f64()).abs() < 1e-9);
        play.settle();
        assert_eq!(play.record().moves.len(), 1, "a move is played once");
    }

    #[test]
    fn learning_fills_the_book_and_writes_its_file() {
        let path = std::env::temp_dir().join(format!("triskel-play-learn-{}.book", std::process::id()));
        let path_text = path.to_str().expect("a UTF-8 path").to_string();
        let _ = std::fs::remove_file(&path);
        let mut play = game();
        play.open_book(Some(path_text.clone())).expect("a missing file is an empty book");
        for text in ["F5", "D6", "C3", "D3"] {
            play.play_text(text).expect("legal");
        }
        let (sender, done) = mpsc::channel();
        let cancelled = Arc::new(AtomicBool::new(false));
        play.learn(2, cancelled, Box::new(move |saved| sender.send(saved).expect("the test waits")))
            .expect("a search thread");
        play.controller_mut().wait();
        done.recv().expect("told when done").expect("the file is written");
        assert!(play.book_lines().is_empty(), "the book is taken up at take_learned");
        play.take_learned();
        while play.undo() {}
        let lines = play.book_lines();
        let f5 = Position::startpos().parse_move("F5").expect("legal");
        assert!(lines.iter().any(|line| line.mv == f5), "the book plays the game's first move");
        let reread = LearningBook::load(&path_text).expect("the book reads");
        assert_eq!(reread.lines(&Position::startpos()).len(), lines.len());
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_cancelled_learning_learns_nothing_and_says_nothing() {
        let mut play = game();
        play.play_text("F5").expect("legal");
        let told = Arc::new(AtomicBool::new(false));
        let told_in_done = Arc::clone(&told);
        let cancelled = Arc::new(AtomicBool::new(true));
        play.learn(2, cancelled, Box::new(move |_| told_in_done.store(true, Ordering::SeqCst)))
            .expect("a search thread");
        play.controller_mut().wait();
        play.take_learned();
        assert!(!told.load(Ordering::SeqCst));
        play.undo();
        assert!(play.book_lines().is_empty());
    }
}
