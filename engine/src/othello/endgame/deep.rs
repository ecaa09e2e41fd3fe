//! Many empties: principal-variation search with the transposition table, enhanced
//! transposition cut-offs, the stability cut-off, fastest-first ordering, in a pre-search the
//! probable cut-off (`selective`) and, with a [`Team`], threads spread over different moves.

use super::ordering::{neighbours, odd_quadrants, sort_depth, Anchors, CORNERS, SORT_EMPTIES, SORT_MARGIN};
use super::selective::PROBCUT_EMPTIES;
use super::solver::{
    final_score, stability_ceiling, Routines, SolveControl, Solver, INFINITY, MAX_SCORE, NO_SQUARE,
    POLL_INTERVAL, SHALLOW_EMPTIES, STABILITY_THRESHOLD, UNKNOWN,
};
use super::table::EXACT;
use super::team::{Team, DEFER_EMPTIES};
use crate::othello::board::DISC;

/// From this many empties up, children are looked up in the table before any is searched.
const ETC_EMPTIES: u32 = 11;

impl<C: SolveControl + ?Sized, K: Routines> Solver<'_, C, K> {
    /// Many empties: principal-variation search with the transposition table, the stability
    /// cut-off and fastest-first ordering. Returns the score and the best square. `moves`: the
    /// legal moves when the caller counted them, [`UNKNOWN`] otherwise.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn deep_body(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        root: bool,
        moves: u64,
    ) -> (i32, u8) {
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
            if !root && entry.confidence >= self.confidence {
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

        // A pre-search's node far enough from the window by a shallow search ends here.
        if self.confidence != EXACT && n >= PROBCUT_EMPTIES && !root {
            if let Some(score) = self.probable_cut(p, o, alpha, beta, n) {
                if let Some((a, b)) = slots {
                    self.store(a, b, p, o, alpha, beta, score, hash_square, n);
                }
                return (score, hash_square);
            }
        }

        let moves = if moves == UNKNOWN { K::legal_moves(p, o) } else { moves };
        if moves == 0 {
            let replies = K::legal_moves(o, p);
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
        let anchors = Anchors::new(p);
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
            let f = K::flips(p, o, x);
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

        // Over a subslice: the iterator adapters (`take`, `skip`) kept three counters on the stack
        // around the ordering search's calls.
        for item in &mut list[first..count] {
            let (x, f) = (item.1 as usize, item.2);
            let (np, no) = (o ^ f, p | f | (1 << x));
            let replies = K::legal_moves(np, no);
            item.3 = replies;
            let score = {
                let weighted = replies.count_ones() + (replies & CORNERS).count_ones();
                let potential = (neighbours(no) & empty & !(1 << x)).count_ones();
                let anchored = anchors.after(no, x);
                let parity = i32::from(odd & (1 << x) != 0);
                // A disc anchored at a corner weighs a quarter of a reply: from an eighth of
                // that, FFO #40-#49, #50-#52 and #53-#54 took 2.2%, 1.0% and 1.2% fewer nodes
                // (twice it: -3.6% and +0.7%; four times: +1.4% on #40-#49).
                let mut score = -(weighted as i32) * (1 << 12) - potential as i32 * (1 << 6)
                    + anchored as i32 * (1 << 10)
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

    /// A fixed-depth alpha-beta search with the instruction set's [`evaluate`](super::cpu::Cpu::evaluate) at the leaves (centidiscs), for move
    /// ordering. Its nodes count with the solver's.
    #[inline(always)]
    pub(super) fn order_search_body(&mut self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return K::evaluate(p, o);
        }
        let moves = K::legal_moves(p, o);
        if moves == 0 {
            if K::legal_moves(o, p) == 0 {
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
            let f = K::flips(p, o, x);
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
