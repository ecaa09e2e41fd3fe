//! The solver's state and what its callers see of it: the scores' bounds, the stop test, the
//! result, and the dispatch on the number of empties to the routines beside it (`last_four`,
//! `shallow`, `deep`), which all import this file and none of which it imports.

use core::sync::atomic::{AtomicBool, Ordering};

use core::marker::PhantomData;

#[cfg(target_arch = "x86_64")]
use super::cpu::avx2_target;
use super::cpu::portable_target;
#[cfg(target_arch = "x86_64")]
use super::cpu::Avx2;
use super::cpu::{Cpu, Portable};
use super::stability;
use super::table::{line_aligned, EndgameEntry, EXACT};
use super::team::Team;
use crate::othello::board::{Move, Square, DISC};
use crate::othello::position::Position;

/// The largest possible score (a wipe-out).
pub const MAX_SCORE: i32 = 64;

/// Up to this many empties the solver searches without the transposition table: the subtrees
/// are too small to pay for it.
pub const SHALLOW_EMPTIES: u32 = 7;

/// From this many empties up to [`SHALLOW_EMPTIES`], the moves of a node without the table are
/// still ordered fastest-first (fewest opponent replies). At 7 empties this searched 17% fewer
/// nodes on FFO #40-#49 for 1-3% fewer instructions in the bench; from 6 up it cost 2-5% more
/// instructions, the replies' count dearer than the small subtrees it saves.
pub const SORTED_EMPTIES: u32 = 7;

/// Nodes between two questions to the [`SolveControl`]: a few microseconds of work, so a stop
/// request is honoured at once.
pub const POLL_INTERVAL: u64 = 4096;

/// Above any score: the value of "no move found yet".
pub(super) const INFINITY: i32 = 65;

/// "No move" in the transposition table and move lists.
pub(super) const NO_SQUARE: u8 = 64;

/// Legal moves not known yet (no position has every square as a move: the discs are not).
pub(super) const UNKNOWN: u64 = u64::MAX;

/// Decides whether a solve should stop, asked every [`POLL_INTERVAL`] nodes with the nodes
/// searched so far. A stopped solve returns `None`.
pub trait SolveControl {
    /// True to abandon the solve.
    fn should_stop(&self, nodes: u64) -> bool;
}

/// The shell's stop flag (NBoard `ping`, UCI `stop`).
impl SolveControl for AtomicBool {
    fn should_stop(&self, _nodes: u64) -> bool {
        self.load(Ordering::Relaxed)
    }
}

/// Any test of the node count, such as a node budget or a clock.
impl<F: Fn(u64) -> bool> SolveControl for F {
    fn should_stop(&self, nodes: u64) -> bool {
        self(nodes)
    }
}

/// Never stops.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoStop;

impl SolveControl for NoStop {
    fn should_stop(&self, _nodes: u64) -> bool {
        false
    }
}

/// The result of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Fail-soft score in discs from the side to move, for the window `(alpha, beta)` asked:
    /// exact when strictly inside it, an upper bound when `<= alpha`, a lower bound when
    /// `>= beta`.
    pub score: i32,
    /// A move reaching `score` when `score > alpha`; otherwise only the most promising move.
    /// [`Move::PASS`] when the side to move must pass or the game is over.
    pub best_move: Move,
    /// Positions searched (each visited position counts once, the last move's too).
    pub nodes: u64,
}

/// The final score for `player` when nobody can move: disc difference, empties to the winner.
#[inline(always)]
pub(super) fn final_score(player: u64, opponent: u64) -> i32 {
    let p = player.count_ones() as i32;
    let o = opponent.count_ones() as i32;
    let difference = p - o;
    let empties = 64 - p - o;
    if difference > 0 {
        difference + empties
    } else if difference < 0 {
        difference - empties
    } else {
        0
    }
}

pub(super) fn square_move(square: u8) -> Move {
    match Square::new(square) {
        Some(square) => Move::at(square),
        None => Move::PASS,
    }
}

/// From this many empties up, alpha must reach `STABILITY_THRESHOLD[empties]` before the
/// stability bound is worth computing (it can only cut when alpha is high); generated,
/// `cargo run -p tablegen -- othello-stability-threshold`.
pub(super) use crate::othello::tables::STABILITY_THRESHOLD;

/// The stability cut-off: `Some(ceiling)` when the opponent's stable discs cap the score at
/// `ceiling <= alpha` (each of them is a disc the side to move never gets).
#[inline(always)]
pub(super) fn stability_ceiling(p: u64, o: u64, alpha: i32) -> Option<i32> {
    // ceiling = 64 - 2 * stable <= alpha  <=>  stable >= (64 - alpha) / 2, rounded up.
    let needed = (MAX_SCORE + 1 - alpha).max(0) as u32 / 2;
    stability::stable_count_if_at_least(o, p, needed).map(|stable| MAX_SCORE - 2 * stable as i32)
}

/// The depth of the midgame search behind the estimate [`solve_exact`](super::solve_exact) starts
/// from: deeper searches guessed no better on the FFO positions.
const ESTIMATE_DEPTH: u32 = 6;

/// The solver's recursive routines compiled for an instruction set: each method is the routine's
/// body (the solver's method of that name with `_body`, always inlined) in a function compiled
/// with the set's features, which the solver's method of the routine's name calls. The routines
/// call one another through these, so a solve stays in the build its entry chose.
pub(super) trait Routines: Cpu {
    routines!(;);
}

/// The solver's recursive routines, each name and signature written once:
/// - `routines!(;)` declares them as [`Routines`]' methods;
/// - `routines!(TARGET)` defines those methods, each fn passed through the macro `TARGET`
///   (which adds the instruction set's attributes) and calling the body of the solver's method
///   of the same name;
/// - `routines!(solver)` defines the solver's methods of those names, which call the
///   [`Routines`] method of the build the solve's entry chose.
///
/// The pass at two empties stays out of line, so that `solve_2` itself is not recursive and
/// inlines into `solve_3`.
macro_rules! routines {
    ($kind:tt) => {
        routines!(@one $kind [#[inline(never)]] solve_2_after_pass solve_2_counted
            (p: u64, o: u64, alpha: i32, beta: i32, x1: usize, x2: usize) -> i32);
        routines!(@one $kind [] solve_3 solve_3_body
            (p: u64, o: u64, alpha: i32, beta: i32, squares: [usize; 3]) -> i32);
        routines!(@one $kind [] solve_4 solve_4_body
            (p: u64, o: u64, alpha: i32, beta: i32, empty: u64) -> i32);
        routines!(@one $kind [] shallow shallow_body
            (p: u64, o: u64, alpha: i32, beta: i32, empty: u64, candidates: u64) -> i32);
        routines!(@one $kind [] shallow_sorted shallow_sorted_body
            (p: u64, o: u64, alpha: i32, beta: i32, empty: u64, moves: u64) -> i32);
        routines!(@one $kind [] deep deep_body
            (p: u64, o: u64, alpha: i32, beta: i32, n: u32, root: bool, moves: u64) -> (i32, u8));
        routines!(@one $kind [] order_search order_search_body
            (p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32);
    };
    (@one ; [$(#[$attr:meta])*] $name:ident $body:ident ($($arg:ident: $ty:ty),*) -> $ret:ty) => {
        /// The solver's routine of this name, compiled for this set.
        ///
        /// # Safety
        /// The CPU must have the set's features.
        #[allow(clippy::too_many_arguments)]
        unsafe fn $name<C: SolveControl + ?Sized>(solver: &mut Solver<'_, C, Self>, $($arg: $ty),*) -> $ret;
    };
    (@one solver [$(#[$attr:meta])*] $name:ident $body:ident ($($arg:ident: $ty:ty),*) -> $ret:ty) => {
        #[doc = concat!("[`", stringify!($body), "`](Self::", stringify!($body), ") in the build the solve chose.")]
        #[inline(always)]
        #[allow(clippy::too_many_arguments)]
        pub(super) fn $name(&mut self, $($arg: $ty),*) -> $ret {
            // SAFETY: the solve's entry chose `K`, which the CPU has.
            unsafe { K::$name(self, $($arg),*) }
        }
    };
    (@one $target:ident [$(#[$attr:meta])*] $name:ident $body:ident ($($arg:ident: $ty:ty),*) -> $ret:ty) => {
        $target! {
            $(#[$attr])*
            #[allow(clippy::too_many_arguments)]
            unsafe fn $name<C: SolveControl + ?Sized>(solver: &mut Solver<'_, C, Self>, $($arg: $ty),*) -> $ret {
                solver.$body($($arg),*)
            }
        }
    };
}
use routines;

impl Routines for Portable {
    routines!(portable_target);
}

#[cfg(target_arch = "x86_64")]
impl Routines for Avx2 {
    routines!(avx2_target);
}

/// The solver's state; `K` is the instruction set its routines are compiled for.
pub(super) struct Solver<'a, C: ?Sized, K> {
    pub(super) cpu: PhantomData<K>,
    pub(super) table: &'a [EndgameEntry],
    pub(super) team: Option<&'a Team>,
    pub(super) control: &'a C,
    pub(super) nodes: u64,
    pub(super) next_poll: u64,
    pub(super) stopped: bool,
    /// [`EXACT`] for the exact search, a pre-search's level while it runs (see `selective`).
    pub(super) confidence: u8,
}

/// The recursive routines' entries (their bodies are in `last_four`, `shallow` and `deep`).
impl<C: SolveControl + ?Sized, K: Routines> Solver<'_, C, K> {
    routines!(solver);
}

impl<'a, C: SolveControl + ?Sized, K: Routines> Solver<'a, C, K> {
    pub(super) fn new(table: &'a [EndgameEntry], control: &'a C) -> Self {
        let table = line_aligned(table);
        Solver {
            cpu: PhantomData,
            table,
            team: None,
            control,
            nodes: 0,
            next_poll: POLL_INTERVAL,
            stopped: false,
            confidence: EXACT,
        }
    }

    /// The driver of [`solve_exact`](super::solve_exact): selective pre-searches from the
    /// estimate, then null-window probes from their score.
    pub(super) fn exact_root(&mut self, position: &Position) -> Option<Solution> {
        let (p, o) = (position.player(), position.opponent());
        let mut guess = self.estimate(p, o);
        guess = self.presearches(p, o, guess);
        loop {
            let (score, best) = self.root(p, o, guess - 1, guess + 1);
            if self.stopped {
                return None;
            }
            // A bound of +-64 is the score: nothing lies beyond it.
            if score == guess || score.abs() >= MAX_SCORE {
                return self.finish(score, best);
            }
            guess = score;
        }
    }

    pub(super) fn finish(&self, score: i32, best: u8) -> Option<Solution> {
        (!self.stopped).then(|| Solution { score, best_move: square_move(best), nodes: self.nodes })
    }

    /// A guess at the exact score, in discs: a shallow midgame search. Only the speed of
    /// [`solve_exact`](super::solve_exact) depends on it.
    pub(super) fn estimate(&mut self, p: u64, o: u64) -> i32 {
        let depth = ESTIMATE_DEPTH.min((!(p | o)).count_ones());
        let value = self.order_search(p, o, depth, -INFINITY * DISC, INFINITY * DISC);
        // The nearest even number of discs: every final score is even.
        (2 * ((value + DISC * value.signum()) / (2 * DISC))).clamp(-MAX_SCORE, MAX_SCORE)
    }

    /// The exact score, win/loss/draw first and then the rest of that side, without a best move.
    pub(super) fn exact(&mut self, p: u64, o: u64) -> i32 {
        let score = self.search(p, o, -1, 1);
        if score > 0 {
            self.search(p, o, 1, MAX_SCORE + 1)
        } else if score < 0 {
            self.search(p, o, -MAX_SCORE - 1, -1)
        } else {
            score
        }
    }

    /// The root: like the inner nodes, but every move is searched by the general routines so
    /// that a best move is known, and transposition bounds never replace a search.
    pub(super) fn root(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, u8) {
        let n = (!(p | o)).count_ones();
        if n > SHALLOW_EMPTIES {
            return self.deep(p, o, alpha, beta, n, true, UNKNOWN);
        }
        self.nodes += 1;
        let moves = K::legal_moves(p, o);
        if moves == 0 {
            if K::legal_moves(o, p) == 0 {
                return (final_score(p, o), NO_SQUARE);
            }
            return (-self.search(o, p, -beta, -alpha), NO_SQUARE);
        }
        let (mut best, mut best_square) = (-INFINITY, NO_SQUARE);
        let mut alpha = alpha;
        let mut squares = moves;
        while squares != 0 {
            let x = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            let f = K::flips(p, o, x);
            let score = -self.search(o ^ f, p | f | (1 << x), -beta, -alpha);
            if score > best {
                (best, best_square) = (score, x as u8);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_square)
    }

    /// Dispatches on the number of empties.
    #[inline(always)]
    pub(super) fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let empty = !(p | o);
        match empty.count_ones() {
            0 => {
                self.nodes += 1;
                final_score(p, o)
            }
            1 => {
                self.nodes += 1;
                Self::solve_1(p, alpha, empty.trailing_zeros() as usize)
            }
            2 => {
                let x1 = empty.trailing_zeros() as usize;
                let x2 = 63 - empty.leading_zeros() as usize;
                self.solve_2_counted(p, o, alpha, beta, x1, x2)
            }
            3 => {
                let x1 = empty.trailing_zeros() as usize;
                let rest = empty & (empty - 1);
                let x2 = rest.trailing_zeros() as usize;
                let x3 = 63 - empty.leading_zeros() as usize;
                self.solve_3(p, o, alpha, beta, [x1, x2, x3])
            }
            4 => self.solve_4(p, o, alpha, beta, empty),
            n if n < SORTED_EMPTIES => self.shallow(p, o, alpha, beta, empty, empty),
            n if n <= SHALLOW_EMPTIES => self.shallow_sorted(p, o, alpha, beta, empty, K::legal_moves(p, o)),
            n => self.deep(p, o, alpha, beta, n, false, UNKNOWN).0,
        }
    }

    /// [`search`](Self::search) of a position whose legal moves are known (its parent counted them
    /// to order its moves): the routines take them instead of finding them again (the 7-empties
    /// one and the table's) or testing every empty square (the 5- and 6-empties one).
    #[inline(always)]
    pub(super) fn search_known(&mut self, p: u64, o: u64, alpha: i32, beta: i32, moves: u64) -> i32 {
        let empty = !(p | o);
        let n = empty.count_ones();
        if n > 4 && n < SORTED_EMPTIES {
            self.shallow(p, o, alpha, beta, empty, moves)
        } else if n > 4 && n <= SHALLOW_EMPTIES {
            self.shallow_sorted(p, o, alpha, beta, empty, moves)
        } else if n > SHALLOW_EMPTIES {
            self.deep(p, o, alpha, beta, n, false, moves).0
        } else {
            self.search(p, o, alpha, beta)
        }
    }
}
