//! Move ordering for the solver. Parity: a quadrant with an odd number of empties is played into
//! first, so that the side to move gets the last move there; a lone empty square (no empty
//! neighbour) before that, Egaroucid's refinement. Square classes, corners first, for the
//! routines of a few empties. At the nodes with a table, the features of fastest-first
//! ordering (the opponent's potential mobility, discs anchored at corners) and, from
//! [`SORT_EMPTIES`] up, the depth and evaluation of the shallow search that ranks the moves.
//! Only the order of moves depends on anything here, never a score.

use crate::othello::board::{NOT_A, NOT_H};

/// The four quadrants: parity ordering plays first into quadrants with an odd number of empties,
/// so that the side to move gets the last move there. Only the test's reference needs the masks.
#[cfg(test)]
const QUADRANTS: [u64; 4] = [
    macros::board_mask!(
        othello, "xxxx....", "xxxx....", "xxxx....", "xxxx....", "........", "........", "........",
        "........",
    ),
    macros::board_mask!(
        othello, "....xxxx", "....xxxx", "....xxxx", "....xxxx", "........", "........", "........",
        "........",
    ),
    macros::board_mask!(
        othello, "........", "........", "........", "........", "xxxx....", "xxxx....", "xxxx....",
        "xxxx....",
    ),
    macros::board_mask!(
        othello, "........", "........", "........", "........", "....xxxx", "....xxxx", "....xxxx",
        "....xxxx",
    ),
];

/// Squares grouped from usually best to usually worst: corners, edges away from the corners,
/// inner squares, C-squares, X-squares.
pub(super) const PRIORITY: [u64; 5] = [
    macros::board_mask!(
        othello, "x......x", "........", "........", "........", "........", "........", "........",
        "x......x",
    ),
    macros::board_mask!(
        othello, "..xxxx..", "........", "x......x", "x......x", "x......x", "x......x", "........",
        "..xxxx..",
    ),
    macros::board_mask!(
        othello, "........", "..xxxx..", ".xxxxxx.", ".xxxxxx.", ".xxxxxx.", ".xxxxxx.", "..xxxx..",
        "........",
    ),
    macros::board_mask!(
        othello, ".x....x.", "x......x", "........", "........", "........", "........", "x......x",
        ".x....x.",
    ),
    macros::board_mask!(
        othello, "........", ".x....x.", "........", "........", "........", "........", ".x....x.",
        "........",
    ),
];

pub(super) const CORNERS: u64 = PRIORITY[0];

/// Whether two squares are in the same quadrant: bit 2 of a square's index is its half of the
/// columns, bit 5 its half of the rows (Edax's test; two operations where comparing the two
/// quadrants' numbers took ten, at every node with three empties).
#[inline(always)]
pub(super) fn same_quadrant(a: usize, b: usize) -> bool {
    (a ^ b) & 0x24 == 0
}

/// Squares of the quadrants holding an odd number of the `empty` squares. The parities are
/// folded together by XOR: within each half row first (bits 0 and 4 of each byte), then across
/// the four rows of each half board (bytes 0 and 4), and one multiplication spreads each
/// quadrant's bit over its sixteen squares. A handful of operations where four population counts
/// and their tests took three times as many; the solver asks at every node up to 7 empties.
#[inline(always)]
pub(super) fn odd_quadrants(empty: u64) -> u64 {
    let mut parity = empty ^ (empty >> 1);
    parity ^= parity >> 2;
    parity ^= parity >> 8;
    parity ^= parity >> 16;
    // Bits 0, 4, 32 and 36: the parities of the four quadrants, whose masks are these bits
    // times 0x0F0F_0F0F (the four products do not overlap, so nothing carries).
    (parity & 0x0000_0011_0000_0011).wrapping_mul(0x0F0F_0F0F)
}

/// [`odd_quadrants`] quadrant by quadrant, the reference the test holds it to.
#[cfg(test)]
fn odd_quadrants_by_count(empty: u64) -> u64 {
    let mut odd = 0;
    for quadrant in QUADRANTS {
        if (empty & quadrant).count_ones() & 1 == 1 {
            odd |= quadrant;
        }
    }
    odd
}

/// From this many empties up, moves are ordered by a shallow search with an evaluation
/// ([`Cpu::evaluate`](super::cpu::Cpu::evaluate)) beside fastest-first, as Edax orders them: below, the subtrees are too small
/// to pay for it. With [`sort_depth`], 13 took least time on FFO #40-#47 (12 and 15 more).
pub(super) const SORT_EMPTIES: u32 = 13;

/// Discs below alpha under which the ordering search only bounds a move's value.
pub(super) const SORT_MARGIN: i32 = 8;

/// The depth of the ordering search of a child at `n` empties (the child has `n - 1`): one ply
/// more every three empties, Edax's rate, here from 16 empties (from 15 or 18 was slower).
#[inline(always)]
pub(super) fn sort_depth(n: u32) -> u32 {
    (n.saturating_sub(13) / 3).min(3)
}

/// The squares next to `discs` (eight directions).
#[inline(always)]
pub(super) fn neighbours(discs: u64) -> u64 {
    let sides = ((discs << 1) & NOT_A) | ((discs >> 1) & NOT_H) | discs;
    sides | (sides << 8) | (sides >> 8)
}

/// Discs on corners and on the edge squares beside a corner of the same colour: the stable
/// discs a move cheaply gains.
#[inline(always)]
pub(super) fn corner_stability(discs: u64) -> u32 {
    let corners = discs & CORNERS;
    (corners | (beside_corners(corners) & discs)).count_ones()
}

/// The edge squares beside the `corners` given (two each, none of them a corner).
#[inline(always)]
fn beside_corners(corners: u64) -> u64 {
    ((corners & 0x0100_0000_0000_0001) << 1)
        | ((corners & 0x8000_0000_0000_0080) >> 1)
        | ((corners & 0x0000_0000_0000_0081) << 8)
        | ((corners & 0x8100_0000_0000_0000) >> 8)
}

/// [`corner_stability`] of the mover's discs after each of a node's moves, from what the node
/// computed once. A move never flips a corner (no line holds one strictly between two squares),
/// so after a move on a square that is not a corner the mover's corners are those it had: the
/// count is theirs plus the new discs beside them, an AND and a population count where the whole
/// count took four times as many operations, at every move scored at the table's nodes (about 1%
/// of the solver's instructions). A corner move counts afresh.
#[derive(Clone, Copy)]
pub(super) struct Anchors {
    corners: u32,
    beside: u64,
}

impl Anchors {
    /// The anchors of a node whose side to move has the discs `discs`.
    #[inline(always)]
    pub(super) fn new(discs: u64) -> Anchors {
        let corners = discs & CORNERS;
        Anchors { corners: corners.count_ones(), beside: beside_corners(corners) }
    }

    /// [`corner_stability`] of `after`, the mover's discs after its move on `square`.
    #[inline(always)]
    pub(super) fn after(self, after: u64, square: usize) -> u32 {
        if CORNERS & (1 << square) == 0 {
            self.corners + (self.beside & after).count_ones()
        } else {
            corner_stability(after)
        }
    }
}

/// The squares of `empty` with no empty neighbour: a hole of one square, which the side to move
/// should usually take (nobody else can answer inside it).
#[inline(always)]
pub(super) fn isolated(empty: u64) -> u64 {
    let sides = ((empty << 1) & NOT_A) | ((empty >> 1) & NOT_H);
    let around = sides | ((sides | empty) << 8) | ((sides | empty) >> 8);
    empty & !around
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_quadrant_matches_the_masks() {
        let quadrant = |square: usize| QUADRANTS.iter().position(|&mask| mask >> square & 1 == 1);
        for a in 0..64 {
            for b in 0..64 {
                assert_eq!(same_quadrant(a, b), quadrant(a) == quadrant(b), "{a} {b}");
            }
        }
    }

    #[test]
    fn anchors_after_a_move_match_the_count() {
        let mut moves = 0;
        for (player, opponent) in crate::othello::board::random_boards(0x00C0_4E45_7AB1_E5ED, 20_000) {
            let anchors = Anchors::new(player);
            let mut legal = crate::othello::board::legal_moves(player, opponent);
            while legal != 0 {
                let x = legal.trailing_zeros() as usize;
                legal &= legal - 1;
                let after = player | super::super::flips::flips(player, opponent, x) | (1 << x);
                assert_eq!(anchors.after(after, x), corner_stability(after), "{player:x} {opponent:x} {x}");
                moves += 1;
            }
        }
        assert!(moves > 50_000, "only {moves} moves tried");
    }

    #[test]
    fn folded_parity_matches_the_counts() {
        for (player, opponent) in crate::othello::board::random_boards(0x0DD0_0DD0_1234_5678, 100_000) {
            let empty = !(player | opponent);
            assert_eq!(odd_quadrants(empty), odd_quadrants_by_count(empty), "{empty:x}");
            assert_eq!(odd_quadrants(player), odd_quadrants_by_count(player), "{player:x}");
        }
    }
}
