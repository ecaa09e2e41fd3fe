//! What the controller and the front-ends need of a game beyond the core's [`Game`] rules and
//! [`GameText`] text: the positions of `bench`, the debugging texts of `d`, `eval` and `flip`,
//! Chess960 notation, the opening book, and the game's own solver (Othello's endgame). One impl
//! per game; the controller, the search threads and the events are generic over it, so each game
//! gets its own monomorphized search with no dispatch in between.

use crate::book::{self, Book};
use crate::controller::timeman::ForcedMove;
use crate::knowledge::Knowledge;
use crate::nnue::{NetworkChoice, Networks, SearchNetworks};
use crate::syzygy::SyzygySettings;
use engine::chess::tablebase::EndgameTables;
use engine::history::PastPosition;
use engine::{Game, GameText};

/// A game the shell plays.
pub trait Variant: GameText + Game<Move: Send + Sync, MoveList: Send> + Copy + Send + Sync + 'static {
    /// Positions searched by the default `bench`.
    const BENCH_POSITIONS: &'static [&'static str];
    /// Depth of the default `bench`: a few seconds on one core.
    const BENCH_DEPTH: u32;
    /// The moves a sudden-death clock (no `movestogo`) is planned over: the moves the game is
    /// expected to last from any point, with a margin. A game that usually ends sooner than this
    /// leaves the rest of its clock unspent.
    const SUDDEN_DEATH_MOVES: i64 = crate::controller::timeman::SUDDEN_DEATH_HORIZON;
    /// How long a move with one legal choice thinks on a clock.
    const FORCED_MOVE: ForcedMove = ForcedMove::Capped;
    /// The player who moves first, as the `eval` command names the side its values are from.
    const FIRST_PLAYER: &'static str;

    /// The start position (Chess960 castling notation when `chess960`, for games that have it).
    fn start(chess960: bool) -> Self {
        let mut position = Self::start_position();
        if chess960 {
            position.set_chess960(true);
        }
        position
    }

    /// Reads a position; `chess960` can only add Chess960 notation (a Shredder-FEN or a Chess960
    /// start implies it anyway). The error says what is wrong.
    fn parse_fen(fen: &str, chess960: bool) -> Result<Self, String> {
        let mut position = Self::parse_position(fen).map_err(|error| error.to_string())?;
        if chess960 {
            position.set_chess960(true);
        }
        Ok(position)
    }

    /// Reads a position as [`Variant::parse_fen`] does, but repairs what a GUI may get wrong in a
    /// position that is still playable (as Stockfish and python-chess accept it), and says what it
    /// repaired.
    fn parse_lenient(fen: &str, chess960: bool) -> Result<(Self, Vec<String>), String> {
        Self::parse_fen(fen, chess960).map(|position| (position, Vec::new()))
    }

    /// The position's text (FEN).
    fn fen_text(&self) -> String {
        self.position_text().to_string()
    }

    /// The `d` command's board.
    fn board_text(&self) -> String;

    /// The `eval` command's breakdown.
    fn eval_text(&self) -> String;

    /// The `eval` command's lines on the network of `networks`, for games that have one (chess,
    /// xiangqi): its evaluation, and which evaluation the search uses.
    fn network_text(&self, _networks: &Networks) -> Option<String> {
        None
    }

    /// Makes a search thread's evaluation use the game's network of `networks` (its `Use NNUE`
    /// and `EvalFile`), or the hand-crafted evaluation for `None`; games without a network ignore
    /// it.
    fn set_network(_cache: &mut Self::EvalCache, _networks: SearchNetworks) {}

    /// Makes a search thread's evaluation as small as `knowledge` asks where the game has smaller
    /// evaluations than its hand-crafted one (below [`Knowledge::HandCrafted`]); the network is
    /// [`Variant::set_network`]'s.
    fn set_knowledge(_cache: &mut Self::EvalCache, _knowledge: Knowledge) {}

    /// This game's network setting in `networks` (`Use NNUE`, `EvalFile`, `export_net`), `None`
    /// for a game without a network.
    fn network_choice(_networks: &mut Networks) -> Option<&mut dyn NetworkChoice> {
        None
    }

    /// Makes a search thread probe `tables` (chess's Syzygy), or none for `None`; games without
    /// tables ignore it.
    fn set_tables(_cache: &mut Self::EvalCache, _tables: Option<EndgameTables>) {}

    /// The tables a search of this game probes under `syzygy`, `None` for none.
    fn search_tables(_syzygy: &SyzygySettings) -> Option<EndgameTables> {
        None
    }

    /// The root moves the endgame tables keep (the best-ranked ones), when they hold this
    /// position, reached through `keys`. Called before any search thread starts.
    fn rank_root_by_tables(
        &self,
        _keys: &[PastPosition],
        _syzygy: &SyzygySettings,
    ) -> Option<TableRoot<Self::Move>> {
        None
    }

    /// The position with colours swapped (`flip`).
    fn flipped(&self) -> Result<Self, String>;

    /// Switches Chess960 castling notation on or off where the game has castling.
    fn set_chess960(&mut self, _on: bool) {}

    /// A move drawn from the first of `books` that has a legal one for the position, with its
    /// weight, the position's total and its value where the book keeps one, for games with books
    /// ([`book::BookGame`] says how each keys a position and codes a move).
    fn book_move(&self, _books: &[Book], _rng: &mut book::Rng) -> Option<book::Choice<Self::Move>> {
        None
    }

    /// The book embedded in the program for this game, which UCI's `OwnBook` plays from while
    /// `Book File` names none (Polyglot users expect book moves from the start with `OwnBook` on
    /// and no file); `None` for a game without one.
    fn embedded_book() -> Option<Book> {
        None
    }

    /// Memory of the game's own solver (Othello's endgame table); `()` for games without one.
    type Solver: Send + 'static;

    /// A fresh solver memory.
    fn new_solver() -> Self::Solver;

    /// The game's own answer, when it has one that beats a search: Othello solves its endgame
    /// exactly (and answers a pass or a finished game at once). `None`: search instead (also when
    /// `stop` said to stop).
    fn solve(
        &self,
        _solver: &mut Self::Solver,
        _ask: SolveAsk,
        _stop: &dyn Fn() -> bool,
    ) -> Option<Solved<Self::Move>> {
        None
    }

    /// The position as the game history of a later search remembers it, `mv` played from it.
    fn past_before(&self, mv: Self::Move) -> PastPosition {
        PastPosition::before(self, mv)
    }
}

/// The root moves endgame tables keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRoot<M> {
    /// The only moves to search.
    pub moves: Vec<M>,
    /// They were ranked by distance to a zeroing move (DTZ), which makes progress by itself: the
    /// search then probes no more.
    pub by_dtz: bool,
    /// The tables' value of the root, from the side to move: the lines show it in place of the
    /// search's evaluation (a mate the search finds still shows as a mate).
    pub score: engine::Score,
}

/// What a search asks of the game's solver.
#[derive(Clone, Copy, Debug)]
pub struct SolveAsk {
    /// The search depth asked for, which sets how far the solver reaches.
    pub depth: Option<u32>,
    /// `Some(n)`: the values of every move, the best `n` reported (NBoard's `hint`).
    pub every_move: Option<usize>,
    /// What a draw is worth to the side to move (score units; 0 for a draw's true value).
    pub draw_value: i32,
    /// Threads the solver may use (the search's `Threads`).
    pub threads: usize,
}

/// A position answered by the game's solver.
pub struct Solved<M> {
    /// Moves and their scores, best first (one for a plain solve, every move when asked).
    pub lines: Vec<(M, engine::Score)>,
    pub nodes: u64,
    /// What the scores prove, or `None` when they judge nothing: the move alone is the answer
    /// (a forced pass played at once), its score a stand-in that no front-end shows.
    pub proof: Option<Proof>,
}

/// What a solver's score proves about the game's result.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Proof {
    /// The score is the final result with perfect play.
    Exact,
    /// Only its sign is proven (win, loss or draw): the solver searched a null window around 0,
    /// so the score is a bound of the result on that side.
    WinLossDraw,
}
