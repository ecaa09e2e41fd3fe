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
//! [`solve_exact`] probes null windows around a midgame estimate, moving the guess to each bound
//! found until one probe proves the score (MTD(f)).
//!
//! Memory, time and threads belong to the caller: the transposition table is a slice of
//! [`EndgameEntry`] (lockless, so threads may share it), a [`SolveControl`] is asked every
//! [`POLL_INTERVAL`] nodes whether to stop, and threads the caller starts solve one position
//! together through [`solve_exact_shared`] and a [`Team`].
//!
//! Beside this file: [`flips`](mod@flips) and `last_flip` (the flips of a move, and of the last one),
//! [`stability`] (the stable discs behind the cut-off), `ordering` (parity, square classes and
//! the features of fastest-first), `table` (the transposition table's entries, buckets and
//! replacement) and `team` (what threads solving together share).

pub mod flips;
mod last_flip;
mod ordering;
pub mod stability;
mod table;
mod team;

use core::sync::atomic::{AtomicBool, Ordering};

use self::flips::{flips, flips_near};
use self::last_flip::last_flip_count;
use self::ordering::{
    corner_stability, isolated, neighbours, odd_quadrants, order_eval, quadrant, sort_depth, CORNERS,
    PRIORITY, SORT_EMPTIES, SORT_MARGIN,
};
pub use self::stability::stable_discs;
pub use self::table::{clear, EndgameEntry};
pub use self::team::Team;
use self::team::DEFER_EMPTIES;
use super::board::{legal_moves, Move, Square, DISC};
use super::position::Position;

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
const INFINITY: i32 = 65;

/// "No move" in the transposition table and move lists.
const NO_SQUARE: u8 = 64;

/// Legal moves not known yet (no position has every square as a move: the discs are not).
const UNKNOWN: u64 = u64::MAX;

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
    let mut solver = Solver::new(table, control);
    let (score, best) = solver.root(position.player(), position.opponent(), alpha, beta);
    solver.finish(score, best)
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
    Solver::new(table, control).exact_root(position)
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
    let mut solver = Solver::new(table, control);
    solver.team = Some(team);
    solver.exact_root(position)
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
    let mut solver = Solver::new(table, control);
    let (p, o) = (position.player(), position.opponent());
    let mut moves = legal_moves(p, o);
    let mut count = 0;
    if moves == 0 {
        let score = if legal_moves(o, p) == 0 { final_score(p, o) } else { -solver.exact(o, p) };
        scores[0] = (Move::PASS, score);
        count = 1;
    }
    while moves != 0 {
        let x = moves.trailing_zeros() as usize;
        moves &= moves - 1;
        let f = flips(p, o, x);
        let score = -solver.exact(o ^ f, p | f | (1 << x));
        scores[count] = (square_move(x as u8), score);
        count += 1;
    }
    if solver.stopped {
        return None;
    }
    scores[..count].sort_unstable_by_key(|&(_, score)| -score);
    Some((count, solver.nodes))
}

/// The final score for `player` when nobody can move: disc difference, empties to the winner.
#[inline(always)]
fn final_score(player: u64, opponent: u64) -> i32 {
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

fn square_move(square: u8) -> Move {
    match Square::new(square) {
        Some(square) => Move::at(square),
        None => Move::PASS,
    }
}

/// From this many empties up, alpha must reach `STABILITY_THRESHOLD[empties]` before the
/// stability bound is worth computing (it can only cut when alpha is high).
const STABILITY_THRESHOLD: [i32; 65] = stability_thresholds();

const fn stability_thresholds() -> [i32; 65] {
    let mut table = [99; 65];
    let mut empties = 4;
    while empties < 65 {
        let threshold = 2 * empties as i32 - 2;
        table[empties] = if threshold > 64 { 64 } else { threshold };
        empties += 1;
    }
    table
}

/// The stability cut-off: `Some(ceiling)` when the opponent's stable discs cap the score at
/// `ceiling <= alpha` (each of them is a disc the side to move never gets).
#[inline(always)]
fn stability_ceiling(p: u64, o: u64, alpha: i32) -> Option<i32> {
    // ceiling = 64 - 2 * stable <= alpha  <=>  stable >= (64 - alpha) / 2, rounded up.
    let needed = (MAX_SCORE + 1 - alpha).max(0) as u32 / 2;
    stability::stable_count_if_at_least(o, p, needed).map(|stable| MAX_SCORE - 2 * stable as i32)
}

/// From this many empties up, children are looked up in the table before any is searched.
const ETC_EMPTIES: u32 = 11;

/// The depth of the midgame search behind the estimate [`solve_exact`] starts from: deeper
/// searches guessed no better on the FFO positions.
const ESTIMATE_DEPTH: u32 = 6;

struct Solver<'a, C: ?Sized> {
    table: &'a [EndgameEntry],
    team: Option<&'a Team>,
    control: &'a C,
    nodes: u64,
    next_poll: u64,
    stopped: bool,
}

impl<'a, C: SolveControl + ?Sized> Solver<'a, C> {
    fn new(table: &'a [EndgameEntry], control: &'a C) -> Self {
        let table = table::line_aligned(table);
        Solver { table, team: None, control, nodes: 0, next_poll: POLL_INTERVAL, stopped: false }
    }

    /// The driver of [`solve_exact`]: null-window probes from the estimate.
    fn exact_root(&mut self, position: &Position) -> Option<Solution> {
        let (p, o) = (position.player(), position.opponent());
        let mut guess = self.estimate(p, o);
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

    fn finish(&self, score: i32, best: u8) -> Option<Solution> {
        (!self.stopped).then(|| Solution { score, best_move: square_move(best), nodes: self.nodes })
    }

    /// A guess at the exact score, in discs: a shallow midgame search. Only the speed of
    /// [`solve_exact`] depends on it.
    fn estimate(&mut self, p: u64, o: u64) -> i32 {
        let depth = ESTIMATE_DEPTH.min((!(p | o)).count_ones());
        let value = self.order_search(p, o, depth, -INFINITY * DISC, INFINITY * DISC);
        // The nearest even number of discs: every final score is even.
        (2 * ((value + DISC * value.signum()) / (2 * DISC))).clamp(-MAX_SCORE, MAX_SCORE)
    }

    /// The exact score, win/loss/draw first and then the rest of that side, without a best move.
    fn exact(&mut self, p: u64, o: u64) -> i32 {
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
    fn root(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> (i32, u8) {
        let n = (!(p | o)).count_ones();
        if n > SHALLOW_EMPTIES {
            return self.deep(p, o, alpha, beta, n, true, UNKNOWN);
        }
        self.nodes += 1;
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
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
            let f = flips(p, o, x);
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
    fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let empty = !(p | o);
        match empty.count_ones() {
            0 => {
                self.nodes += 1;
                final_score(p, o)
            }
            1 => self.solve_1(p, alpha, empty.trailing_zeros() as usize),
            2 => {
                let x1 = empty.trailing_zeros() as usize;
                let x2 = 63 - empty.leading_zeros() as usize;
                self.solve_2(p, o, alpha, beta, x1, x2)
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
            n if n <= SHALLOW_EMPTIES => self.shallow_sorted(p, o, alpha, beta, empty, legal_moves(p, o)),
            n => self.deep(p, o, alpha, beta, n, false, UNKNOWN).0,
        }
    }

    /// [`search`](Self::search) of a position whose legal moves are known (its parent counted them
    /// to order its moves): the routines take them instead of finding them again (the 7-empties
    /// one and the table's) or testing every empty square (the 5- and 6-empties one).
    #[inline(always)]
    fn search_known(&mut self, p: u64, o: u64, alpha: i32, beta: i32, moves: u64) -> i32 {
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

    /// One empty square `x`: whoever can plays it, and the count of flips gives the score.
    /// When `p` cannot play, the score only falls if the opponent does, so a score already at
    /// or below `alpha` is a bound good enough without counting the opponent's flips.
    #[inline(always)]
    fn solve_1(&mut self, p: u64, alpha: i32, x: usize) -> i32 {
        self.nodes += 1;
        // With one empty square, the opponent holds the 63 - discs(p) others.
        let discs = p.count_ones() as i32;
        let flipped = last_flip_count(p, x) as i32;
        if flipped > 0 {
            return 2 * (discs + flipped) - 62;
        }
        // Nobody else can play either: the empty square goes to the winner (63 discs cannot
        // tie).
        let unplayed = if discs > 31 { 2 * discs - 62 } else { 2 * discs - 64 };
        if unplayed <= alpha {
            return unplayed;
        }
        let flipped = last_flip_count(!p & !(1 << x), x) as i32;
        if flipped > 0 {
            return 2 * (discs - flipped) - 64;
        }
        unplayed
    }

    /// Inlined into its callers (nearly always [`solve_3`](Self::solve_3)), the pass out of line:
    /// 0.2-0.5% fewer instructions in the bench than a call.
    #[inline(always)]
    fn solve_2(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x1: usize, x2: usize) -> i32 {
        self.nodes += 1;
        let mut best = -INFINITY;
        let f = flips_near(p, o, x1);
        if f != 0 {
            best = -self.solve_1(o ^ f, -beta, x2);
            if best >= beta {
                return best;
            }
        }
        let f = flips_near(p, o, x2);
        if f != 0 {
            return best.max(-self.solve_1(o ^ f, -beta, x1));
        }
        if best > -INFINITY {
            return best;
        }
        if flips_near(o, p, x1) | flips_near(o, p, x2) != 0 {
            -self.solve_2_after_pass(o, p, -beta, -alpha, x1, x2)
        } else {
            final_score(p, o)
        }
    }

    /// [`solve_2`](Self::solve_2) for the opponent of a side that passed: out of line, so that
    /// `solve_2` itself is not recursive and inlines into `solve_3`.
    #[inline(never)]
    fn solve_2_after_pass(&mut self, p: u64, o: u64, alpha: i32, beta: i32, x1: usize, x2: usize) -> i32 {
        self.solve_2(p, o, alpha, beta, x1, x2)
    }

    fn solve_3(&mut self, p: u64, o: u64, alpha: i32, beta: i32, squares: [usize; 3]) -> i32 {
        self.nodes += 1;
        // Parity: a square alone in its quadrant first.
        let [mut x1, mut x2, mut x3] = squares;
        let (q1, q2, q3) = (quadrant(x1), quadrant(x2), quadrant(x3));
        if q1 == q2 && q1 != q3 {
            (x1, x2, x3) = (x3, x1, x2);
        } else if q1 == q3 && q1 != q2 {
            (x1, x2, x3) = (x2, x1, x3);
        }
        let mut best = -INFINITY;
        let mut alpha_now = alpha;
        // x1 with (x2, x3) left, then x2 with (x1, x3), then x3 with (x1, x2): the squares swap
        // in registers (a list of the three triples was written to memory at every node).
        let (mut x, mut y, mut z) = (x1, x2, x3);
        for step in 0..3 {
            let f = flips_near(p, o, x);
            if f != 0 {
                let score = -self.solve_2(o ^ f, p | f | (1 << x), -beta, -alpha_now, y, z);
                if score > best {
                    best = score;
                    if score >= beta {
                        return score;
                    }
                    alpha_now = alpha_now.max(score);
                }
            }
            if step == 0 {
                (x, y) = (y, x);
            } else {
                (x, z) = (z, x);
            }
        }
        if best > -INFINITY {
            return best;
        }
        if flips_near(o, p, x1) | flips_near(o, p, x2) | flips_near(o, p, x3) != 0 {
            -self.solve_3(o, p, -beta, -alpha, [x1, x2, x3])
        } else {
            final_score(p, o)
        }
    }

    fn solve_4(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empty: u64) -> i32 {
        self.nodes += 1;
        if alpha >= STABILITY_THRESHOLD[4] {
            if let Some(ceiling) = stability_ceiling(p, o, alpha) {
                return ceiling;
            }
        }
        // Lone squares first (no empty neighbour: nobody can answer inside that hole), then odd
        // quadrants (with four empties: the singletons of a 2-1-1 split).
        let odd = odd_quadrants(empty);
        let alone = isolated(empty);
        let mut squares = [0usize; 4];
        let mut count = 0;
        for group in [empty & odd & alone, empty & !odd & alone, empty & odd & !alone, empty & !odd & !alone]
        {
            let mut bits = group;
            while bits != 0 {
                squares[count] = bits.trailing_zeros() as usize;
                count += 1;
                bits &= bits - 1;
            }
        }
        let mut best = -INFINITY;
        let mut alpha_now = alpha;
        for i in 0..4 {
            let x = squares[i];
            let f = flips_near(p, o, x);
            if f != 0 {
                let mut rest = [0usize; 3];
                let mut k = 0;
                for (j, &y) in squares.iter().enumerate() {
                    if j != i {
                        rest[k] = y;
                        k += 1;
                    }
                }
                let score = -self.solve_3(o ^ f, p | f | (1 << x), -beta, -alpha_now, rest);
                if score > best {
                    best = score;
                    if score >= beta {
                        return score;
                    }
                    alpha_now = alpha_now.max(score);
                }
            }
        }
        if best > -INFINITY {
            return best;
        }
        if squares.iter().any(|&x| flips_near(o, p, x) != 0) {
            -self.solve_4(o, p, -beta, -alpha, empty)
        } else {
            final_score(p, o)
        }
    }

    /// A few empties: plain fail-soft alpha-beta, lone squares first, then odd quadrants, then by
    /// square class. Lone squares first searched 5% fewer nodes on FFO #40-#49 (with them first
    /// at 4 empties too); the square classes 4% fewer again.
    /// `candidates`: the squares to try, the legal moves when the caller knows them (the empty
    /// squares otherwise).
    fn shallow(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empty: u64, candidates: u64) -> i32 {
        self.nodes += 1;
        if alpha >= STABILITY_THRESHOLD[empty.count_ones() as usize] {
            if let Some(ceiling) = stability_ceiling(p, o, alpha) {
                return ceiling;
            }
        }
        let odd = odd_quadrants(empty);
        let mut best = -INFINITY;
        let mut alpha_now = alpha;
        let alone = isolated(empty);
        for group in [
            candidates & odd & alone,
            candidates & !odd & alone,
            candidates & odd & !alone,
            candidates & !odd & !alone,
        ] {
            if group == 0 {
                continue;
            }
            // A group of one square (the usual case with so few empties) needs no class order.
            let classes: &[u64] = if group & (group - 1) == 0 { &[u64::MAX] } else { &PRIORITY };
            for &class in classes {
                let mut squares = group & class;
                while squares != 0 {
                    let x = squares.trailing_zeros() as usize;
                    squares &= squares - 1;
                    let f = flips_near(p, o, x);
                    if f == 0 {
                        continue;
                    }
                    let score = -self.search(o ^ f, p | f | (1 << x), -beta, -alpha_now);
                    if score > best {
                        best = score;
                        if score >= beta {
                            return score;
                        }
                        alpha_now = alpha_now.max(score);
                    }
                }
            }
        }
        if best > -INFINITY {
            return best;
        }
        if legal_moves(o, p) != 0 {
            -self.shallow(o, p, -beta, -alpha, empty, empty)
        } else {
            final_score(p, o)
        }
    }

    /// [`shallow`](Self::shallow) with fastest-first ordering: the fewer replies (corners counted
    /// twice) the better, odd quadrants first among equals.
    fn shallow_sorted(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empty: u64, moves: u64) -> i32 {
        self.nodes += 1;
        if alpha >= STABILITY_THRESHOLD[empty.count_ones() as usize] {
            if let Some(ceiling) = stability_ceiling(p, o, alpha) {
                return ceiling;
            }
        }
        if moves == 0 {
            let replies = legal_moves(o, p);
            if replies != 0 {
                return -self.shallow_sorted(o, p, -beta, -alpha, empty, replies);
            }
            return final_score(p, o);
        }
        let odd = odd_quadrants(empty);
        // A move per empty square at most.
        let mut list = [(0i32, 0u8, 0u64, 0u64); SHALLOW_EMPTIES as usize];
        let mut count = 0;
        let mut squares = moves;
        let mut best = -INFINITY;
        let mut alpha_now = alpha;
        while squares != 0 {
            let x = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            let f = flips(p, o, x);
            let (np, no) = (o ^ f, p | f | (1 << x));
            let replies = legal_moves(np, no);
            let weighted = replies.count_ones() + (replies & CORNERS).count_ones();
            if weighted <= 1 {
                // At most one reply, not a corner: the likeliest cut, searched before the rest
                // are even scored.
                let score = -self.search_known(np, no, -beta, -alpha_now, replies);
                if score > best {
                    best = score;
                    if score >= beta {
                        return score;
                    }
                    alpha_now = alpha_now.max(score);
                }
                continue;
            }
            let parity = i32::from(odd & (1 << x) != 0);
            list[count] = (-(weighted as i32) * 2 + parity, x as u8, f, replies);
            count += 1;
        }
        for next in 0..count {
            let mut pick = next;
            for j in next + 1..count {
                if list[j].0 > list[pick].0 {
                    pick = j;
                }
            }
            list.swap(next, pick);
            let (_, x, f, replies) = list[next];
            let score = -self.search_known(o ^ f, p | f | (1 << x), -beta, -alpha_now, replies);
            if score > best {
                best = score;
                if score >= beta {
                    return score;
                }
                alpha_now = alpha_now.max(score);
            }
        }
        best
    }

    /// Many empties: principal-variation search with the transposition table, the stability
    /// cut-off and fastest-first ordering. Returns the score and the best square. `moves`: the
    /// legal moves when the caller counted them, [`UNKNOWN`] otherwise.
    #[allow(clippy::too_many_arguments)]
    fn deep(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, root: bool, moves: u64) -> (i32, u8) {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_INTERVAL;
            if self.control.should_stop(self.nodes) {
                self.stopped = true;
            }
        }
        if self.stopped {
            return (0, NO_SQUARE);
        }
        let (mut alpha, mut beta) = (alpha, beta);
        if alpha >= STABILITY_THRESHOLD[n as usize] && !root {
            if let Some(ceiling) = stability_ceiling(p, o, alpha) {
                return (ceiling, NO_SQUARE);
            }
        }
        let slots = self.slots(p, o);
        let mut hash_square = NO_SQUARE;
        if let Some(entry) = slots.and_then(|(a, b)| self.find(a, b, p, o)) {
            hash_square = entry.best;
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if !root {
                if lower >= beta || lower == upper {
                    return (lower, hash_square);
                }
                if upper <= alpha {
                    return (upper, hash_square);
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
            }
        }

        let moves = if moves == UNKNOWN { legal_moves(p, o) } else { moves };
        if moves == 0 {
            let replies = legal_moves(o, p);
            if replies == 0 {
                return (final_score(p, o), NO_SQUARE);
            }
            let (score, _) = self.deep(o, p, -beta, -alpha, n, false, replies);
            return (-score, NO_SQUARE);
        }

        // Fastest first: the fewer replies (corners counted twice) the better, then the fewer
        // squares the opponent could later reach, our discs anchored at corners, odd quadrants;
        // the hash move before all. Enhanced transposition cut-off once the hash move failed to
        // cut: a child already known to be bad enough for the opponent ends the node before the
        // moves are scored or searched.
        let empty = !(p | o);
        let odd = odd_quadrants(empty);
        // (score, square, flips, the opponent's replies once the move is scored)
        let mut list = [(0i32, 0u8, 0u64, 0u64); 32];
        let mut count = 0;
        let mut squares = moves;
        // Children with a table of their own: their buckets are fetched from memory all at once
        // here, while the moves are scored, rather than one cache miss at a time later.
        let prefetch = n > SHALLOW_EMPTIES + 1;
        while squares != 0 {
            let x = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            let f = flips(p, o, x);
            if prefetch {
                self.prefetch(o ^ f, p | f | (1 << x));
            }
            list[count] = (0, x as u8, f, 0);
            count += 1;
        }

        // The hash move is searched before the others are scored: when it cuts, as it mostly
        // does at a node searched before, their ordering (a shallow search each from
        // SORT_EMPTIES up) is never needed.
        let alpha_start = alpha;
        let (mut best, mut best_square) = (-INFINITY, NO_SQUARE);
        let mut first = 0;
        if let Some(index) = list[..count].iter().position(|item| item.1 == hash_square) {
            list.swap(0, index);
            let (_, x, f, _) = list[0];
            let score = -self.search(o ^ f, p | f | (1 << x), -beta, -alpha);
            if self.stopped {
                return (0, NO_SQUARE);
            }
            (best, best_square) = (score, x);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    if let Some((a, b)) = slots {
                        self.store(a, b, p, o, alpha_start, beta, best, best_square, n);
                    }
                    return (best, best_square);
                }
            }
            first = 1;
        }
        if n >= ETC_EMPTIES && !root {
            for &(_, x, f, _) in &list[first..count] {
                if let Some(upper) = self.upper_bound(o ^ f, p | f | (1 << x)) {
                    if -upper >= beta {
                        if let Some((a, b)) = slots {
                            self.store(a, b, p, o, alpha_start, beta, -upper, x, n);
                        }
                        return (-upper, x);
                    }
                }
            }
        }

        for item in list.iter_mut().take(count).skip(first) {
            let (x, f) = (item.1 as usize, item.2);
            let (np, no) = (o ^ f, p | f | (1 << x));
            let replies = legal_moves(np, no);
            item.3 = replies;
            let score = {
                let weighted = replies.count_ones() + (replies & CORNERS).count_ones();
                let potential = (neighbours(no) & empty & !(1 << x)).count_ones();
                let anchored = corner_stability(no);
                let parity = i32::from(odd & (1 << x) != 0);
                let mut score = -(weighted as i32) * (1 << 12) - potential as i32 * (1 << 6)
                    + anchored as i32 * (1 << 7)
                    + parity * (1 << 4);
                if n >= SORT_EMPTIES {
                    // Two discs of evaluation weigh one reply (four for the static evaluation),
                    // Edax's weights.
                    let depth = sort_depth(n);
                    // Moves far below alpha need no exact value: they are searched last anyway.
                    let floor = (alpha - SORT_MARGIN).max(-MAX_SCORE) * DISC;
                    let value = self.order_search(np, no, depth, -INFINITY * DISC, -floor);
                    let scale = [4 * DISC, 2 * DISC, 2 * DISC, 2 * DISC][depth as usize];
                    score -= value * (1 << 12) / scale;
                }
                score
            };
            item.0 = score;
        }

        // With a team, moves another thread is searching wait for a second pass (their indices).
        let team = self.team.filter(|_| n >= DEFER_EMPTIES);
        let mut deferred = [0u8; 32];
        let (mut deferrals, mut searched, mut next) = (0, first, first);
        while next < count + deferrals {
            let i = if next < count {
                let mut pick = next;
                for j in next + 1..count {
                    if list[j].0 > list[pick].0 {
                        pick = j;
                    }
                }
                list.swap(next, pick);
                next
            } else {
                usize::from(deferred[next - count])
            };
            let (_, x, f, replies) = list[i];
            let (np, no) = (o ^ f, p | f | (1 << x));
            let key = match team {
                Some(team) if searched > 0 && next < count => {
                    let key = Team::key(np, no);
                    if team.busy(key) {
                        deferred[deferrals] = i as u8;
                        deferrals += 1;
                        next += 1;
                        continue;
                    }
                    team.enter(key);
                    key
                }
                _ => 0,
            };
            next += 1;
            let score = if searched == 0 {
                -self.search_known(np, no, -beta, -alpha, replies)
            } else {
                let probe = -self.search_known(np, no, -alpha - 1, -alpha, replies);
                if probe > alpha && probe < beta {
                    -self.search_known(np, no, -beta, -alpha, replies)
                } else {
                    probe
                }
            };
            searched += 1;
            if let (Some(team), true) = (team, key != 0) {
                team.leave(key);
            }
            if self.stopped {
                return (0, NO_SQUARE);
            }
            if score > best {
                (best, best_square) = (score, x);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if let Some((a, b)) = slots {
            self.store(a, b, p, o, alpha_start, beta, best, best_square, n);
        }
        (best, best_square)
    }

    /// A fixed-depth alpha-beta search with [`order_eval`] at the leaves (centidiscs), for move
    /// ordering. Its nodes count with the solver's.
    fn order_search(&mut self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return order_eval(p, o);
        }
        let moves = legal_moves(p, o);
        if moves == 0 {
            if legal_moves(o, p) == 0 {
                return final_score(p, o) * DISC;
            }
            return -self.order_search(o, p, depth, -beta, -alpha);
        }
        let mut best = -INFINITY * DISC;
        let mut alpha = alpha;
        let mut squares = moves;
        while squares != 0 {
            let x = squares.trailing_zeros() as usize;
            squares &= squares - 1;
            let f = flips(p, o, x);
            let score = -self.order_search(o ^ f, p | f | (1 << x), depth - 1, -beta, -alpha);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
