//! The last one to four empties, each with its own routine over the listed squares, as Edax's:
//! no move generation, odd quadrants first (at 4, lone squares before all), and at one empty the
//! flips of the last move counted directly.

use super::cpu::flips_near;
use super::last_flip::last_flip_count;
use super::ordering::{isolated, odd_quadrants, same_quadrant};
use super::solver::{
    final_score, stability_ceiling, Routines, SolveControl, Solver, INFINITY, STABILITY_THRESHOLD,
};

impl<C: SolveControl + ?Sized, K: Routines> Solver<'_, C, K> {
    /// One empty square `x`: whoever can plays it, and the count of flips gives the score.
    /// When `p` cannot play, the score only falls if the opponent does, so a score already at
    /// or below `alpha` is a bound good enough without counting the opponent's flips. The
    /// caller counts the node.
    #[inline(always)]
    pub(super) fn solve_1(p: u64, alpha: i32, x: usize) -> i32 {
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

    /// [`solve_2`](Self::solve_2) counting its nodes into the solver's.
    #[inline(always)]
    pub(super) fn solve_2_counted(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        x1: usize,
        x2: usize,
    ) -> i32 {
        let mut nodes = 0;
        let score = self.solve_2(p, o, alpha, beta, x1, x2, &mut nodes);
        self.nodes += nodes;
        score
    }

    /// Inlined into its callers (nearly always [`solve_3`](Self::solve_3)), the pass out of line:
    /// 0.2-0.5% fewer instructions in the bench than a call. Its nodes and its last moves' are
    /// added to `nodes`, the caller's count (a register), not to the solver's (memory): one store
    /// a call of `solve_3` instead of one a node.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn solve_2(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        x1: usize,
        x2: usize,
        nodes: &mut u64,
    ) -> i32 {
        *nodes += 1;
        let mut best = -INFINITY;
        let f = flips_near::<K>(p, o, x1);
        if f != 0 {
            *nodes += 1;
            best = -Self::solve_1(o ^ f, -beta, x2);
            if best >= beta {
                return best;
            }
        }
        let f = flips_near::<K>(p, o, x2);
        if f != 0 {
            *nodes += 1;
            return best.max(-Self::solve_1(o ^ f, -beta, x1));
        }
        if best > -INFINITY {
            return best;
        }
        if flips_near::<K>(o, p, x1) | flips_near::<K>(o, p, x2) != 0 {
            -self.solve_2_after_pass(o, p, -beta, -alpha, x1, x2)
        } else {
            final_score(p, o)
        }
    }

    #[inline(always)]
    pub(super) fn solve_3_body(&mut self, p: u64, o: u64, alpha: i32, beta: i32, squares: [usize; 3]) -> i32 {
        let mut nodes = 0;
        let score = self.solve_3_counting(p, o, alpha, beta, squares, &mut nodes);
        self.nodes += nodes;
        score
    }

    /// [`solve_3`](Self::solve_3), its nodes and those of the inlined `solve_2` and `solve_1`
    /// added to `nodes`.
    #[inline(always)]
    fn solve_3_counting(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        squares: [usize; 3],
        nodes: &mut u64,
    ) -> i32 {
        *nodes += 1;
        // Parity: a square alone in its quadrant first.
        let [mut x1, mut x2, mut x3] = squares;
        let (same_12, same_13) = (same_quadrant(x1, x2), same_quadrant(x1, x3));
        if same_12 && !same_13 {
            (x1, x2, x3) = (x3, x1, x2);
        } else if same_13 && !same_12 {
            (x1, x2, x3) = (x2, x1, x3);
        }
        let mut best = -INFINITY;
        let mut alpha_now = alpha;
        // x1 with (x2, x3) left, then x2 with (x1, x3), then x3 with (x1, x2), written out: a
        // loop kept its step and swapped the squares at every node.
        // `then` runs after a move raised the best score without a cut: the window rises.
        macro_rules! step {
            ($x:expr, $y:expr, $z:expr, |$score:ident| $($then:stmt)?) => {
                let f = flips_near::<K>(p, o, $x);
                if f != 0 {
                    let $score = -self.solve_2(o ^ f, p | f | (1 << $x), -beta, -alpha_now, $y, $z, nodes);
                    if $score > best {
                        best = $score;
                        if $score >= beta {
                            return $score;
                        }
                        $($then)?
                    }
                }
            };
        }
        step!(x1, x2, x3, |score| alpha_now = alpha_now.max(score));
        step!(x2, x1, x3, |score| alpha_now = alpha_now.max(score));
        step!(x3, x1, x2, |score|);
        if best > -INFINITY {
            return best;
        }
        if flips_near::<K>(o, p, x1) | flips_near::<K>(o, p, x2) | flips_near::<K>(o, p, x3) != 0 {
            -self.solve_3(o, p, -beta, -alpha, [x1, x2, x3])
        } else {
            final_score(p, o)
        }
    }

    #[inline(always)]
    pub(super) fn solve_4_body(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empty: u64) -> i32 {
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
            let f = flips_near::<K>(p, o, x);
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
        if squares.iter().any(|&x| flips_near::<K>(o, p, x) != 0) {
            -self.solve_4(o, p, -beta, -alpha, empty)
        } else {
            final_score(p, o)
        }
    }
}
