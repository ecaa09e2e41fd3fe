//! What the controller tells a front-end while and after it thinks. Every event carries a decision
//! already made (which move, which ponder move, whether to offer a draw or resign); a front-end
//! only turns it into its protocol's lines. A [`Listener`] lives on the search thread for one
//! `go`, so it may keep what it needs between events (the move its last line showed, say).

use super::timeman::{Ending, TimeLimits};
use crate::games::Proof;
use engine::search::SearchInfo;
use engine::{Game, Score};
use std::time::Duration;

/// One principal variation of an iteration, as the main search thread reported it (`line`: depth,
/// multipv, score, bound, pv...), with what the controller adds.
pub struct Info<'a, M> {
    pub line: &'a SearchInfo<'a, M>,
    /// All threads (`line.nodes` counts the main thread's alone).
    pub nodes: u64,
    /// Endgame-table probes that answered, all threads (`tbhits`).
    pub tbhits: u64,
    /// Since `go`.
    pub elapsed: Duration,
    /// What the game's solver proved the score to be; `None` for a search's estimate.
    pub proof: Option<Proof>,
}

/// Where a long search stands, between its lines.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// All threads.
    pub nodes: u64,
    /// Endgame-table probes that answered, all threads.
    pub tbhits: u64,
    /// Since `go`.
    pub elapsed: Duration,
    /// The hash table's fill, per mille.
    pub hashfull: u32,
    /// The CPU the process used since `go`, per mille of what the search threads could have
    /// used (`None` where the system does not say).
    pub cpuload: Option<u32>,
}

/// The root move being searched.
pub struct CurrentMove<M> {
    pub depth: u32,
    pub mv: M,
    /// 1 for the first root move of the iteration.
    pub number: usize,
    /// Since `go`.
    pub elapsed: Duration,
    /// Threads searching.
    pub threads: usize,
}

/// What the engine proposes with its move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Offer {
    /// It offers (or accepts) a draw.
    Draw,
    /// It resigns.
    Resign,
}

/// Where the move came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Source {
    /// A search.
    Search,
    /// The opening book: the entry's weight out of the position's total.
    Book { weight: u32, total: u32 },
    /// No search could run (no thread): the first legal move.
    Fallback,
    /// The last position was refused: there is no position to move in.
    NoPosition,
    /// The position has legal moves, but none that may be searched: all are excluded (UCCI's
    /// `banmoves`), or none of `searchmoves` is legal (python-chess sends `searchmoves 0000` for
    /// an empty `root_moves`).
    NothingToSearch,
}

/// How far a decision's score can be taken at its word.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Valuation {
    /// A search's judgement, as deep as it went (or a book's value, itself a search's).
    Estimate,
    /// The game's solver proved it, or the game's rules decided it (no move left).
    Proven(Proof),
    /// No judgement at all, only a stand-in: the move was played without a search worth the name
    /// (a forced move that its clock gave a single iteration, a pass played at once, a book move
    /// without a value, the first legal move when no search could start, no position at all).
    Unvalued,
}

/// How a search spent the clock, for front-ends that show it (UCI's `debug on`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockUse {
    /// What the move cost the GUI's clock: the time since `go`, or since `ponderhit`; zero for a
    /// ponder search that ended without one.
    pub used: Duration,
    /// The time a ponder search thought before `ponderhit` (all of it when none came); zero for
    /// other searches. The limits count from `go`, so they compare with `pondered + used`.
    pub pondered: Duration,
    /// A ponder search that ended (`stop`) without `ponderhit`.
    pub no_hit: bool,
    /// The limits planned at `go`.
    pub limits: TimeLimits,
    /// Why the clock ended the search; `None` when something else did (`stop`, a depth, node or
    /// mate limit, the end of the search).
    pub ending: Option<Ending>,
}

impl ClockUse {
    /// True for a ponder search that `ponderhit` turned into the move's search.
    pub fn hit(&self) -> bool {
        !self.no_hit && !self.pondered.is_zero()
    }
}

/// The answer to one `go`, sent exactly once.
pub struct Decision<M> {
    /// The move to play; `None` when the side to move has none (or every one was excluded).
    pub best: Option<M>,
    /// The reply the engine expects, if it knows one.
    pub ponder: Option<M>,
    pub offer: Option<Offer>,
    /// The engine's judgement of the position; with no move, the game's verdict (mated, or a
    /// stalemate: a draw in chess, a loss in xiangqi).
    pub score: Score,
    /// What `score` rests on: a front-end that records values (NBoard) leaves out the ones that
    /// judge nothing.
    pub valuation: Valuation,
    /// All threads.
    pub nodes: u64,
    pub elapsed: Duration,
    pub source: Source,
    /// True when the search was stopped before it ended on its own: its last lines may be older
    /// than its final counts, or belong to an iteration it did not finish.
    pub interrupted: bool,
    /// How the search spent the clock; `None` when no search ran (a book move, no position).
    pub clock: Option<ClockUse>,
}

/// A front-end's receiver of one search's events. Called on the search thread.
pub trait Listener<G: Game>: Send {
    /// The time limits of a search about to start, before any other event of it (an answer that
    /// needs no search has none).
    fn planned(&mut self, _time: &TimeLimits) {}
    /// An iteration's principal variation.
    fn info(&mut self, position: &G, info: &Info<'_, G::Move>);
    /// Whether [`Self::info`] writes this line: a front-end may hide some (a failed aspiration
    /// window's, or every line but the first). Only a line written is news to the GUI, so only it
    /// puts off the next [`Self::progress`] event; a front-end that writes no progress events
    /// (NBoard, GTP) need not say.
    fn shows(&self, _info: &Info<'_, G::Move>) -> bool {
        true
    }
    /// The root move being searched (after the first second of a search).
    fn current_move(&mut self, _position: &G, _current: &CurrentMove<G::Move>) {}
    /// Where a long iteration stands, about once a second between its reports.
    fn progress(&mut self, _progress: &Progress) {}
    /// True when the front-end shows refutations: the controller then works them out.
    fn wants_refutations(&self) -> bool {
        false
    }
    /// After each completed iteration: one line per root move that has a known reply, the root
    /// move first.
    fn refutations(&mut self, _position: &G, _lines: &[Vec<G::Move>]) {}
    /// One position of an analysis (`index` in the game, 0 the start), its score and the best
    /// move found (`None` with no legal move). The positions come from the last to the first.
    fn analysed(&mut self, _position: &G, _index: usize, _score: Score, _best: Option<G::Move>) {}
    /// An answer known without a search but held until `stop` or `ponderhit` (`go infinite` or
    /// `go ponder` with no legal move, or a book move): what a GUI can be told of it at once.
    fn held(&mut self, _position: &G, _decision: &Decision<G::Move>) {}
    /// The answer. Nothing follows it.
    fn finished(&mut self, position: &G, decision: &Decision<G::Move>);
}
