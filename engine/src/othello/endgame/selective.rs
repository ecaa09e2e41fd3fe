//! Selective pre-searches, as Edax solves: before the exact search the root is searched with
//! probable cut-offs (Buro's ProbCut) at increasing confidence. At a node with many empties, a
//! shallow evaluation search landing far enough beyond the window (a multiple of the standard
//! error of such a search against the exact score) is taken as the node's answer. These searches
//! are much cheaper than the exact one and fill the table with best moves, which the exact search
//! tries first (it never trusts their bounds: each entry carries its search's confidence), and
//! their score is the exact search's first guess.

use super::solver::{Routines, SolveControl, Solver, MAX_SCORE};
use super::table::EXACT;
use crate::othello::board::DISC;

/// The pre-searches' margins in tenths of the standard error of the shallow search: a probable
/// cut-off needs the shallow search this far beyond the window. A level's index in this list is
/// the confidence of its table entries, so the levels rise. One level at 1.5 standard errors
/// (87% confidence, Edax's second level) searched fewest nodes on FFO #40-#49: 487 million
/// against 631 million without; adding 2.0 after it, or Edax's 1.0 before it, searched more.
pub(super) const PRESEARCH_CONFIDENCE: [i32; 1] = [15];

/// Roots with fewer empties are solved without pre-searches. Below 20 empties the exact search's
/// tree is small and its own ordering good enough that a pre-search costs as much as its moves
/// save, or more: on the 160 roots of 16 to 19 empties in `tests/data/othello/small_roots.txt`,
/// pre-searching from 16 empties ran 3.6% more instructions than from 20, from 18 2.0% more. At
/// 20 empties it is about even (+0.5% on the file's 40 roots, -11% on FFO #40); from 21 it
/// searches 12-26% fewer nodes.
const PRESEARCH_EMPTIES: u32 = 20;

/// From this many empties up, a pre-search's nodes try a probable cut-off (from 12 or 13: 4% and
/// 8% more nodes on FFO #40-#49; from 10 with two levels, 4% more than from 12).
pub(super) const PROBCUT_EMPTIES: u32 = 11;

/// The depth of the shallow search behind a probable cut-off at `n` empties: one ply more every
/// three empties, from one at 11 to 13 to four at 20 and up (at most three, or one ply more,
/// searched more nodes).
#[inline(always)]
fn probcut_depth(n: u32) -> u32 {
    (n.saturating_sub(8) / 3).min(4)
}

/// The standard deviation, in centidiscs, of the exact score around the value of the ordering
/// search of `depth` plies ([`order_search`](Solver::order_search)): measured on the positions
/// of 10 to 22 empties whose exact score the solves of FFO #40-#48 left in the table (about 9
/// discs at depth 0 and 6 at depth 4, hardly depending on the empties).
#[inline(always)]
fn error_sigma(depth: u32) -> i32 {
    900 - 75 * depth as i32
}

/// The even score at or above `score`.
fn even_ceiling(score: i32) -> i32 {
    (score + 1).div_euclid(2) * 2
}

/// The even score at or below `score`.
fn even_floor(score: i32) -> i32 {
    score.div_euclid(2) * 2
}

impl<C: SolveControl + ?Sized, K: Routines> Solver<'_, C, K> {
    /// Runs the pre-searches of a root with enough empties, from `guess`; returns the last one's
    /// score (`guess` without pre-searches), the exact search's first guess.
    pub(super) fn presearches(&mut self, p: u64, o: u64, guess: i32) -> i32 {
        if (!(p | o)).count_ones() < PRESEARCH_EMPTIES {
            return guess;
        }
        let mut guess = guess;
        for level in 0..PRESEARCH_CONFIDENCE.len() {
            self.confidence = level as u8;
            guess = self.selective_root(p, o, guess);
        }
        self.confidence = EXACT;
        guess
    }

    /// Null-window probes around even guesses, as the exact search's, at the present confidence.
    /// A selective search's bounds need not agree with one another (a probable cut-off may be
    /// wrong), so the guesses are kept between the bounds found and the loop ends when none is
    /// left between them.
    fn selective_root(&mut self, p: u64, o: u64, guess: i32) -> i32 {
        let (mut lowest, mut highest) = (-MAX_SCORE, MAX_SCORE);
        let mut guess = guess;
        loop {
            let (score, _) = self.root(p, o, guess - 1, guess + 1);
            if self.stopped || score == guess {
                return guess;
            }
            if score > guess {
                lowest = guess + 2;
                guess = even_ceiling(score);
            } else {
                highest = guess - 2;
                guess = even_floor(score);
            }
            if lowest > highest {
                return guess.clamp(highest, lowest);
            }
            guess = guess.clamp(lowest, highest);
        }
    }

    /// The probable cut-off of a pre-search's node at `n` empties: `Some(beta)` when the shallow
    /// search is confidently above the window, `Some(alpha)` when below, `None` otherwise.
    #[inline(always)]
    pub(super) fn probable_cut(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32) -> Option<i32> {
        let depth = probcut_depth(n);
        let margin = PRESEARCH_CONFIDENCE[usize::from(self.confidence)] * error_sigma(depth) / 10;
        let above = beta * DISC + margin;
        if above < MAX_SCORE * DISC && self.order_search(p, o, depth, above - 1, above) >= above {
            return Some(beta);
        }
        let below = alpha * DISC - margin;
        if below > -MAX_SCORE * DISC && self.order_search(p, o, depth, below, below + 1) <= below {
            return Some(alpha);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::othello::endgame::cpu::Portable;
    use crate::othello::endgame::{EndgameEntry, NoStop};

    #[test]
    fn presearch_bounds_never_reach_the_exact_search() {
        let table = [EndgameEntry::EMPTY; 8];
        let mut solver = Solver::<_, Portable>::new(&table, &NoStop);
        let (p, o) = (0x0000_0810_1C00_0000, 0x0000_0000_0018_1000);
        let (a, b) = solver.slots(p, o).unwrap();
        // A pre-search's lower bound of 10 with its best move: it trusts its own entry.
        solver.confidence = 0;
        solver.store(a, b, p, o, -1, 1, 10, 5, 20);
        assert_eq!(solver.upper_bound(p, o), Some(MAX_SCORE));
        // The exact search takes the move, not the bound.
        solver.confidence = EXACT;
        assert_eq!(solver.upper_bound(p, o), None);
        assert_eq!(solver.find(a, b, p, o).map(|entry| entry.best), Some(5));
        // Its own bound replaces the pre-search's, and a later pre-search's does not replace it.
        solver.store(a, b, p, o, -1, 1, -4, 7, 20);
        solver.confidence = 0;
        solver.store(a, b, p, o, -1, 1, 10, 5, 20);
        assert_eq!(solver.upper_bound(p, o), Some(-4));
        solver.confidence = EXACT;
        assert_eq!(solver.upper_bound(p, o), Some(-4));
        assert_eq!(solver.find(a, b, p, o).map(|entry| entry.best), Some(7));
    }

    /// Roots where the pre-search runs (the first six of `tests/data/othello/small_roots.txt` with
    /// enough empties: 20 and 21), solved one after the other over one table, as a game keeps it,
    /// so that the pre-searches' entries of one root meet the exact searches of the next; every
    /// score and best move stays the file's.
    #[test]
    fn presearched_roots_keep_their_exact_scores() {
        use crate::othello::endgame::solve_exact;
        use crate::othello::ffo::FfoLine;

        static TABLE: [EndgameEntry; 1 << 16] = [EndgameEntry::EMPTY; 1 << 16];
        let roots = include_str!("../../../../tests/data/othello/small_roots.txt");
        let mut solved = 0;
        for line in roots.lines().filter_map(FfoLine::parse) {
            let line = line.unwrap();
            if line.position.empties() < PRESEARCH_EMPTIES || solved >= 6 {
                continue;
            }
            let solution = solve_exact(&line.position, &TABLE, &NoStop).unwrap();
            assert_eq!(solution.score, line.score, "#{}", line.number);
            assert!(line.is_best(solution.best_move), "#{}", line.number);
            solved += 1;
        }
        assert_eq!(solved, 6);
    }

    #[test]
    fn even_rounding() {
        for (score, ceiling, floor) in
            [(7, 8, 6), (8, 8, 8), (-7, -6, -8), (-8, -8, -8), (0, 0, 0), (1, 2, 0)]
        {
            assert_eq!(even_ceiling(score), ceiling, "{score}");
            assert_eq!(even_floor(score), floor, "{score}");
        }
    }
}
