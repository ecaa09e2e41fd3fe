//! What one search is: the job a `go` asks for, the signals the command loop and the search
//! threads share while it runs, and its result. Below the search threads, the
//! reporter and the decision, which all read these.

use super::events::{ClockUse, Valuation};
use super::request::GoRequest;
use super::strength::Strength;
use super::timeman::{Ending, TimeLimits};
use crate::games::Variant;
use engine::chess::tablebase::EndgameTables;
use engine::history::PastPosition;
use engine::search::SearchOutcome;
use engine::{Game, Score};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What one `go` asks for, with everything already checked against the position.
pub struct Job<G: Variant> {
    pub position: G,
    /// The positions before `position`, oldest first.
    pub keys: Vec<PastPosition>,
    /// What was asked, its root moves the ones to search (exclusions applied) and its node limit
    /// the one to keep (the strength limit's and `nodestime`'s budgets applied).
    pub request: GoRequest<G::Move>,
    /// The principal variations searched: those asked for, or more for a choice among them (the
    /// strength limit, UCCI's `randomness`).
    pub multipv: usize,
    /// The principal variations the GUI asked for (`MultiPV`): only those are reported.
    pub shown_lines: usize,
    /// `Chase Rule`: judge xiangqi's perpetual chase.
    pub judge_chases: bool,
    /// The networks the games evaluate with (`Use NNUE`), `None` for a hand-crafted evaluation:
    /// the search's game takes its own.
    pub networks: crate::nnue::SearchNetworks,
    /// The endgame tables chess searches probe, `None` for none (or none needed: the root's
    /// moves were ranked by DTZ).
    pub tables: Option<EndgameTables>,
    /// The endgame tables' value of the root, shown in place of the search's evaluation.
    pub table_score: Option<engine::Score>,
    pub time: TimeLimits,
    /// `UCI_LimitStrength`: the setting to play at (its node budget is already in the request), and
    /// the seed of its move choice.
    pub strength: Option<Strength>,
    pub seed: u64,
    /// How many of the engine's searches just before this one judged the game lost (see
    /// [`super::decide::RESIGN_AFTER`]).
    pub losing_streak: u32,
}

/// Signals between the command loop and the search threads of one `go`.
pub struct Shared {
    /// Set by `stop`, `quit` and friends, or by the main thread at its hard time limit.
    pub(super) stop: AtomicBool,
    /// A stop flag from outside the search (the bench's: `stop` ends a bench mid-position).
    pub outside_stop: Option<Arc<AtomicBool>>,
    /// Set by the main thread when it is done, to end the helpers.
    pub(super) helpers_stop: AtomicBool,
    /// True from `go ponder` until `ponderhit`.
    pub(super) pondering: AtomicBool,
    /// The opponent offered a draw (UCCI's `go draw`, `ponderhit draw`).
    pub(super) draw_offered: AtomicBool,
    /// The `bestmove` line is out: the engine is idle as far as the GUI knows. Held while that line
    /// is written, so a command either sees the search still thinking or its answer out.
    pub(super) answered: Mutex<bool>,
    pub(super) infinite: bool,
    /// No limit of any kind (a bare `go`): the search runs to the deepest ply unless stopped, so
    /// what would wait for it to end (end of input, UCCI's batch mode) stops it instead.
    pub(super) unbounded: bool,
    /// When `go` arrived: `time` in info lines counts from here.
    pub started: Instant,
    /// Microseconds after `started` at which the GUI's clock started (at `ponderhit` for a ponder
    /// search): what the move cost the clock is the time since.
    pub(super) clock_offset_us: AtomicU64,
    /// Why the clock ended the search, or, while pondering, would have ended it
    /// ([`Ending::code`]; 0 for none yet).
    pub(super) ending: AtomicU8,
    /// Microseconds after `started` at which a solve that ran out of its share handed the move to
    /// the search; 0 without one. The search's soft limit then counts from here.
    pub(super) solve_gave_up_us: AtomicU64,
    pub(super) time: TimeLimits,
    /// Nodes of the whole search (all threads) after which to stop.
    pub(super) node_limit: Option<u64>,
    /// Each thread's node count as of its last poll.
    pub(super) nodes: Vec<AtomicU64>,
}

impl Shared {
    /// Nodes searched by all threads, as of their last polls, with `main_nodes` for the main thread.
    pub fn total_nodes(&self, main_nodes: u64) -> u64 {
        main_nodes + self.nodes[1..].iter().map(|nodes| nodes.load(Ordering::Relaxed)).sum::<u64>()
    }

    /// Records `nodes` as thread `index`'s count, and stops every thread once all of them together
    /// reach the node limit. Helpers count too: waiting for the main thread's next poll would let
    /// every thread overshoot the limit by a whole poll interval.
    pub(super) fn count_nodes(&self, index: usize, nodes: u64) {
        self.nodes[index].store(nodes, Ordering::Relaxed);
        let main_nodes = self.nodes[0].load(Ordering::Relaxed);
        if self.node_limit.is_some_and(|limit| self.total_nodes(main_nodes) >= limit) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Threads searching.
    pub fn threads(&self) -> usize {
        self.nodes.len()
    }

    /// Records why the clock ends the search; the first reason stays.
    pub(super) fn record_ending(&self, ending: Ending) {
        let _ = self.ending.compare_exchange(0, ending.code(), Ordering::SeqCst, Ordering::SeqCst);
    }

    /// Why the clock ended the search (or would have, for a ponder search not yet hit).
    pub(super) fn ending(&self) -> Option<Ending> {
        Ending::from_code(self.ending.load(Ordering::SeqCst))
    }

    /// How the search has spent the clock so far.
    pub(super) fn clock_use(&self) -> ClockUse {
        let since_go = self.started.elapsed();
        let no_hit = self.pondering.load(Ordering::Acquire);
        let offset = Duration::from_micros(self.clock_offset_us.load(Ordering::Acquire));
        let (used, pondered) =
            if no_hit { (Duration::ZERO, since_go) } else { (since_go.saturating_sub(offset), offset) };
        // Without a hit the clock ended nothing: a rule that fired while pondering only said
        // when the search would have ended.
        let ending = if no_hit { None } else { self.ending() };
        ClockUse { used, pondered, no_hit, limits: self.time, ending }
    }

    /// True if the opponent offered a draw for this move.
    pub fn draw_offered(&self) -> bool {
        self.draw_offered.load(Ordering::Acquire)
    }

    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.outside_stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed))
    }
}

/// The result of one search over all threads.
pub struct SearchResult<M> {
    pub outcome: SearchOutcome<M>,
    /// Nodes of all threads.
    pub nodes: u64,
    /// Root move and score of each principal variation of the last completed iteration, best first
    /// (empty without a reporter).
    pub lines: Vec<(M, Score)>,
    /// Score of the last best line reported (none without a reporter).
    pub score: Option<Score>,
    /// What `outcome.score` rests on: a search's estimate, or what the game's solver proved.
    pub valuation: Valuation,
}

/// Builds the signals of a search that starts now.
pub fn shared_for<G: Variant>(job: &Job<G>, threads: usize) -> Shared {
    Shared {
        stop: AtomicBool::new(false),
        outside_stop: None,
        helpers_stop: AtomicBool::new(false),
        pondering: AtomicBool::new(job.request.ponder),
        draw_offered: AtomicBool::new(job.request.draw_offered),
        answered: Mutex::new(false),
        infinite: job.request.infinite,
        unbounded: job.time == TimeLimits::NONE
            && job.request.depth.is_none()
            && job.request.nodes.is_none()
            && job.request.mate.is_none(),
        started: Instant::now(),
        clock_offset_us: AtomicU64::new(0),
        ending: AtomicU8::new(0),
        solve_gave_up_us: AtomicU64::new(0),
        time: job.time,
        node_limit: job.request.nodes.filter(|_| threads > 1),
        nodes: (0..threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
    }
}

/// `mv` if it is legal in `position`.
pub fn legal_move<G: Game>(position: &G, mv: G::Move) -> Option<G::Move> {
    let mut moves = G::MoveList::default();
    position.generate_moves(&mut moves);
    moves.contains(&mv).then_some(mv)
}
