//! What a front-end hands the controller: the settings every search uses, and one `go`'s
//! request, in the controller's terms (moves parsed, the clock already the side to move's).

use super::strength::MIN_ELO;
use super::timeman::Clock;
use crate::knowledge::Knowledge;
use crate::nnue::Networks;
use crate::syzygy::SyzygySettings;
use engine::search::Selectivity;

/// Milliseconds kept back per move for the GUI and the pipes: Stockfish's default. The time plan
/// reserves it for every move of its horizon (`timeman.rs`), so at 5+0.05 each extra 10 ms of
/// default held about 300 ms of the clock unused to the end of the game.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;

/// What the searches use, whatever protocol set it.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    /// Principal variations per iteration.
    pub multipv: usize,
    pub move_overhead_ms: u64,
    /// Nodes per millisecond of clock (a clock spent as a node budget), 0 for real time.
    pub nodestime: u64,
    /// Play at `elo` instead of full strength.
    pub limit_strength: bool,
    pub elo: i64,
    /// Judge xiangqi's perpetual chase.
    pub chase_rule: bool,
    /// Answer game moves from the book when the position is in it.
    pub own_book: bool,
    /// The GUI may ponder (`Ponder`): the opponent's time will be ours too, so each move may
    /// plan a quarter more (Stockfish's allowance).
    pub ponder: bool,
    /// Chess960 castling notation.
    pub chess960: bool,
    /// Each game's network (`Use NNUE` and `EvalFile`, set for the game being played).
    pub networks: Networks,
    /// How chess searches use the Syzygy tables (`SyzygyProbeDepth`, `Syzygy50MoveRule`,
    /// `SyzygyProbeLimit`); the tables themselves are loaded process-wide (`crate::syzygy`).
    pub syzygy: SyzygySettings,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            nodestime: 0,
            limit_strength: false,
            elo: MIN_ELO,
            chase_rule: true,
            own_book: false,
            ponder: false,
            chess960: false,
            networks: Networks::default(),
            syzygy: SyzygySettings::default(),
        }
    }
}

/// One `go`, in the controller's terms: moves already parsed, the clock already the side to
/// move's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoRequest<M> {
    /// Root moves to search; empty for all.
    pub searchmoves: Vec<M>,
    /// Root moves never to play (UCCI's `banmoves`).
    pub excluded: Vec<M>,
    /// The side to move's clock.
    pub clock: Option<Clock>,
    pub movetime_ms: Option<i64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    /// No decision before `stop`.
    pub infinite: bool,
    /// No clock until `ponderhit`, and no decision before it (or `stop`).
    pub ponder: bool,
    /// The opponent offers a draw.
    pub draw_offered: bool,
    /// Principal variations wanted, instead of the `MultiPV` setting.
    pub lines: Option<usize>,
    /// Where the game's solver answers, it values every move, not only the best (NBoard's
    /// `hint`).
    pub every_move: bool,
    /// What a draw is worth to the side to move, in the game's score units: 0 values it as the
    /// draw it is; below 0 the engine plays on for more (NBoard's `set contempt`, UCCI's `style`).
    /// The search scores the draws it finds so, and Othello's solver trades results for it.
    pub draw_value: i32,
    /// A move to play in a game whose `depth` is the engine's level, not an analysis (NBoard's
    /// `go`): the book may answer it.
    pub in_game: bool,
    /// Which of the game's prunings and reductions the search uses (UCCI's `pruning`).
    pub selectivity: Selectivity,
    /// How much of its evaluation the search uses (UCCI's `knowledge`).
    pub knowledge: Knowledge,
    /// Above 0, the move is drawn among the best lines within this many score units of the best,
    /// as the strength limit draws it (UCCI's `randomness`), except in `infinite` analysis.
    pub random_margin: i32,
    /// The share of the time, in per cent, each search thread leaves to other programs by
    /// sleeping (UCCI's `idle`); 0 for a full load.
    pub idle_percent: u8,
}

impl<M> GoRequest<M> {
    /// The same request over other root moves (a front-end's parsed ones for its text).
    pub fn with_moves<N>(self, searchmoves: Vec<N>, excluded: Vec<N>) -> GoRequest<N> {
        GoRequest {
            searchmoves,
            excluded,
            clock: self.clock,
            movetime_ms: self.movetime_ms,
            depth: self.depth,
            nodes: self.nodes,
            mate: self.mate,
            infinite: self.infinite,
            ponder: self.ponder,
            draw_offered: self.draw_offered,
            lines: self.lines,
            every_move: self.every_move,
            draw_value: self.draw_value,
            in_game: self.in_game,
            selectivity: self.selectivity,
            knowledge: self.knowledge,
            random_margin: self.random_margin,
            idle_percent: self.idle_percent,
        }
    }

    /// A request for a move to play in a game, which the book may answer: clocks, `movetime`, or
    /// nothing at all. Analysis (`infinite`, `searchmoves`, `depth`, `nodes`, `mate`) asks for a
    /// search, and so does `ponder` (the position is only the expected one; after `ponderhit` the
    /// ponder search goes on as the game's search). A game move whose depth is the engine's level
    /// (`in_game`) is a game move all the same. So does a game move with banned moves: the book
    /// knows nothing of them.
    pub fn wants_game_move(&self) -> bool {
        !self.infinite
            && !self.ponder
            && self.searchmoves.is_empty()
            && self.excluded.is_empty()
            && (self.in_game || (self.depth.is_none() && self.nodes.is_none() && self.mate.is_none()))
    }
}
