//! A few empties, up to [`SHALLOW_EMPTIES`]: alpha-beta without the transposition table, whose
//! subtrees are too small to pay for it, in parity order or, from
//! [`SORTED_EMPTIES`](super::solver::SORTED_EMPTIES), fastest-first.

use super::cpu::flips_near;
use super::ordering::{isolated, odd_quadrants, CORNERS, PRIORITY};
use super::solver::{
    final_score, stability_ceiling, Routines, SolveControl, Solver, INFINITY, SHALLOW_EMPTIES,
    SORTED_EMPTIES, STABILITY_THRESHOLD,
};

// `shallow` serves 5 empties and up (its children at 4 are `solve_4`'s), so the sorted
// routine, which calls it for one empty fewer, starts above 5.
const _: () = assert!(SORTED_EMPTIES > 5 && SORTED_EMPTIES <= SHALLOW_EMPTIES);

impl<C: SolveControl + ?Sized, K: Routines> Solver<'_, C, K> {
    /// A few empties: plain fail-soft alpha-beta, lone squares first, then odd quadrants, then by
    /// square class. Lone squares first searched 5% fewer nodes on FFO #40-#49 (with them first
    /// at 4 empties too); the square classes 4% fewer again.
    /// `candidates`: the squares to try, the legal moves when the caller knows them (the empty
    /// squares otherwise).
    #[inline(always)]
    pub(super) fn shallow_body(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empty: u64,
        candidates: u64,
    ) -> i32 {
        self.nodes += 1;
        let n = empty.count_ones();
        if alpha >= STABILITY_THRESHOLD[n as usize] {
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
                    let f = flips_near::<K>(p, o, x);
                    if f == 0 {
                        continue;
                    }
                    // The children's routine is known from `n`: no dispatch on their empties.
                    let (np, no, left) = (o ^ f, p | f | (1 << x), empty & !(1 << x));
                    let score = if n == 5 {
                        -self.solve_4(np, no, -beta, -alpha_now, left)
                    } else {
                        -self.shallow(np, no, -beta, -alpha_now, left, left)
                    };
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
        if K::legal_moves(o, p) != 0 {
            -self.shallow(o, p, -beta, -alpha, empty, empty)
        } else {
            final_score(p, o)
        }
    }

    /// [`shallow`](Self::shallow) with fastest-first ordering: the fewer replies (corners counted
    /// twice) the better, odd quadrants first among equals.
    #[inline(always)]
    pub(super) fn shallow_sorted_body(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empty: u64,
        moves: u64,
    ) -> i32 {
        self.nodes += 1;
        let n = empty.count_ones();
        if alpha >= STABILITY_THRESHOLD[n as usize] {
            if let Some(ceiling) = stability_ceiling(p, o, alpha) {
                return ceiling;
            }
        }
        if moves == 0 {
            let replies = K::legal_moves(o, p);
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
            let f = K::flips(p, o, x);
            let (np, no) = (o ^ f, p | f | (1 << x));
            let replies = K::legal_moves(np, no);
            let weighted = replies.count_ones() + (replies & CORNERS).count_ones();
            if weighted <= 1 {
                // At most one reply, not a corner: the likeliest cut, searched before the rest
                // are even scored.
                let score = -self.below_sorted(np, no, -beta, -alpha_now, empty & !(1 << x), replies, n - 1);
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
            let score = -self.below_sorted(
                o ^ f,
                p | f | (1 << x),
                -beta,
                -alpha_now,
                empty & !(1 << x),
                replies,
                n - 1,
            );
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

    /// A child of [`shallow_sorted`](Self::shallow_sorted) at `n` empties, whose legal moves
    /// `moves` it counted and whose `empty` squares it knows: the routine for `n` is called
    /// directly, without a dispatch on a fresh count.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn below_sorted(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empty: u64, moves: u64, n: u32) -> i32 {
        if n < SORTED_EMPTIES {
            self.shallow(p, o, alpha, beta, empty, moves)
        } else {
            self.shallow_sorted(p, o, alpha, beta, empty, moves)
        }
    }
}
