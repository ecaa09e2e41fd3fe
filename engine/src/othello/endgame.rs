//! An exact Othello endgame solver: the final disc difference (empties to the winner) with
//! perfect play from both sides, or just win/loss/draw.
//!
//! Scores here are in discs, -64..=64, from the side to move (multiply by [`super::DISC`] for
//! the engine's centidisc [`crate::Score`]). Every final score is even (the 64 squares split into
//! two counts, empties to the winner), so a window `(alpha, alpha + 1)` tests one score exactly
//! and `(-1, 1)` decides win/loss/draw.
//!
//! The search is specialised by the number of empty squares, as Edax's is:
//! * 1 empty: the flips of the last move are counted directly (no move generation);
//! * 2, 3 and 4 empties: dedicated routines over the listed squares, odd quadrants first (at 4,
//!   lone squares, with no empty neighbour, before all);
//! * up to [`SHALLOW_EMPTIES`]: alpha-beta without hashing; below [`SORTED_EMPTIES`] moves in
//!   parity order (lone squares first, then odd quadrants, then corners, edges, centre, C- and
//!   X-squares), from it fastest-first (fewest opponent replies), a move leaving at most one reply
//!   searched at once; the legal moves a parent counted for its ordering are handed down;
//! * above: principal-variation search with a transposition table (bounds and best move,
//!   children's buckets prefetched together, the hash move searched before the others are
//!   ordered), enhanced transposition cut-offs, stability cut-offs (the opponent's stable discs
//!   cap the score) and fastest-first ordering (fewest opponent replies, corners counted twice).
//!
//! [`solve_exact`] probes null windows around a guess, moving the guess to each bound found until
//! one probe proves the score (MTD(f)). From 20 empties the guess comes from a selective
//! pre-search (probable cut-offs, as Edax solves), which also leaves its best moves in the table
//! for the exact search to try first; below, from a midgame estimate.
//!
//! Memory, time and threads belong to the caller: the transposition table is a slice of
//! [`EndgameEntry`] (lockless, so threads may share it), a [`SolveControl`] is asked every
//! [`POLL_INTERVAL`] nodes whether to stop, and threads the caller starts solve one position
//! together through [`solve_exact_shared`] and a [`Team`].
//!
//! Beside this file: `solver` (the solver's state, the stop test, the result and the dispatch on
//! empties), `last_four`, `shallow` and `deep` (its routines by number of empties),
//! [`flips`](mod@flips) and `last_flip` (the flips of a move, and of the last one), [`stability`]
//! (the stable discs behind the cut-off), `ordering` (parity, square classes and the features of
//! fastest-first), `table` (the transposition table's entries) and `probe` (the solver's lookups
//! and stores: buckets, bounds merged, replacement), `selective` (the pre-searches and their
//! probable cut-offs), `team` (what threads solving together
//! share), and [`cpu`] (the instruction set the routines are compiled for: AVX2 when the CPU
//! has it).

pub mod cpu;
mod deep;
pub mod flips;
mod last_flip;
mod last_four;
mod ordering;
mod probe;
mod selective;
mod shallow;
mod solver;
pub mod stability;
mod table;
mod team;

use self::cpu::{with_cpu, Cpu};
use self::solver::{final_score, square_move, Solver};
pub use self::solver::{
    NoStop, Solution, SolveControl, MAX_SCORE, POLL_INTERVAL, SHALLOW_EMPTIES, SORTED_EMPTIES,
};
pub use self::stability::stable_discs;
pub use self::table::{clear, EndgameEntry};
pub use self::team::Team;
use super::board::Move;
use super::position::Position;

/// Solves `position` within the window `(alpha, beta)` (discs, `-64 <= alpha < beta <= 64`).
/// `table` may be empty (no hashing) and is kept between calls: its entries stay true.
/// Returns `None` when `control` stopped the search.
pub fn solve(
    position: &Position,
    alpha: i32,
    beta: i32,
    table: &[EndgameEntry],
    control: &(impl SolveControl + ?Sized),
) -> Option<Solution> {
    with_cpu!(|K| {
        let mut solver = Solver::<_, K>::new(table, control);
        let (score, best) = solver.root(position.player(), position.opponent(), alpha, beta);
        solver.finish(score, best)
    })
}

/// Win, loss or draw: the score's sign is exact (the window is `(-1, 1)`), its size is only a
/// bound. This is the cheaper search behind "100%W" depths.
pub fn solve_win_loss(
    position: &Position,
    table: &[EndgameEntry],
    control: &(impl SolveControl + ?Sized),
) -> Option<Solution> {
    solve(position, -1, 1, table, control)
}

/// The exact score and a best move, by null-window probes (MTD(f) over even scores): a window
/// `(g - 1, g + 1)` around an even guess `g` either proves the score is `g` or returns a bound
/// beyond it, which becomes the next guess. The first guess is a shallow midgame search. On FFO
/// #40-#49 this searched 12% fewer nodes than a window of +-5 discs around the same guess
/// widened on the side it failed (804 against 916 million).
pub fn solve_exact(
    position: &Position,
    table: &[EndgameEntry],
    control: &(impl SolveControl + ?Sized),
) -> Option<Solution> {
    with_cpu!(|K| Solver::<_, K>::new(table, control).exact_root(position))
}

/// [`solve_exact`] as one of several threads solving `position` together: each calls this with
/// the same `table` and `team` (see [`Team`]), and the first to return has the answer (every
/// thread's answer is exact); the caller then stops the others through `control`. Threads spread
/// over different moves at nodes with many empties instead of all searching the same one.
pub fn solve_exact_shared(
    position: &Position,
    table: &[EndgameEntry],
    team: &Team,
    control: &(impl SolveControl + ?Sized),
) -> Option<Solution> {
    with_cpu!(|K| {
        let mut solver = Solver::<_, K>::new(table, control);
        solver.team = Some(team);
        solver.exact_root(position)
    })
}

/// The exact score of every legal move (for NBoard `hint`): writes `(move, score)` pairs into
/// `scores`, best first, and returns how many it wrote with the nodes searched. A position
/// where the side must pass, or that is over, has the single entry `(PASS, score)`.
pub fn solve_moves(
    position: &Position,
    table: &[EndgameEntry],
    control: &(impl SolveControl + ?Sized),
    scores: &mut [(Move, i32); 32],
) -> Option<(usize, u64)> {
    with_cpu!(|K| {
        let mut solver = Solver::<_, K>::new(table, control);
        let (p, o) = (position.player(), position.opponent());
        let mut moves = K::legal_moves(p, o);
        let mut count = 0;
        if moves == 0 {
            let score = if K::legal_moves(o, p) == 0 { final_score(p, o) } else { -solver.exact(o, p) };
            scores[0] = (Move::PASS, score);
            count = 1;
        }
        while moves != 0 {
            let x = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let f = K::flips(p, o, x);
            let score = -solver.exact(o ^ f, p | f | (1 << x));
            scores[count] = (square_move(x as u8), score);
            count += 1;
        }
        if solver.stopped {
            return None;
        }
        scores[..count].sort_unstable_by_key(|&(_, score)| -score);
        Some((count, solver.nodes))
    })
}
