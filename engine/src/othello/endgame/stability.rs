//! A quick lower bound on the discs a side keeps to the end of the game: stable edge discs from a
//! table of every edge configuration, then discs whose four lines are each full or anchored by a
//! stable neighbour of the same colour. The solver uses it to cut a node when even the best
//! possible final score cannot reach alpha.
//!
//! The tables are generated (`cargo run -p tablegen --` `othello-edge-stable`, `othello-column-a`,
//! `othello-line-ends`). `EDGE_STABLE[256 * a + b]` holds the discs of `a` (one edge, bit `i` =
//! square `i` along it) that no sequence of moves on that edge can flip, `b` being the other
//! side's discs: discs of an edge are only ever flipped along the edge, so this is exact for the
//! edge taken alone.

use crate::othello::tables::{COLUMN_A, EDGE_STABLE, LINE_ENDS};

/// Bit `i` of the result is the disc of column a on row `i`.
#[inline(always)]
fn column_a_to_byte(bits: u64) -> usize {
    ((bits & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// Inverse of [`column_a_to_byte`], by table (a multiplication would carry between rows).
#[inline(always)]
fn byte_to_column_a(byte: u8) -> u64 {
    COLUMN_A[byte as usize]
}

#[inline(always)]
fn edge(a: usize, b: usize) -> u8 {
    EDGE_STABLE[(a << 8) | b]
}

/// Stable discs of `player` on the four edges.
#[inline]
fn edge_stable(player: u64, opponent: u64) -> u64 {
    let top = edge((player & 0xFF) as usize, (opponent & 0xFF) as usize);
    let bottom = edge((player >> 56) as usize, (opponent >> 56) as usize);
    let left = edge(column_a_to_byte(player), column_a_to_byte(opponent));
    let right = edge(column_a_to_byte(player >> 7), column_a_to_byte(opponent >> 7));
    u64::from(top) | (u64::from(bottom) << 56) | byte_to_column_a(left) | (byte_to_column_a(right) << 7)
}

/// Squares whose whole line in the direction `+shift`/`-shift` is occupied, `ends` being the
/// [`LINE_ENDS`] of the two directions. Each step doubles the run checked on either side, so
/// three steps cover the eight squares of the longest line.
#[inline(always)]
fn full_line(occupied: u64, shift: u32, ends: [[u64; 3]; 2]) -> u64 {
    let (mut forward, mut backward) = (occupied, occupied);
    let mut k = 0;
    while k < 3 {
        forward &= (forward >> (shift << k)) | ends[0][k];
        backward &= (backward << (shift << k)) | ends[1][k];
        k += 1;
    }
    forward & backward
}

/// A lower bound on the discs of `player` that stay `player`'s to the end of the game.
#[inline]
pub fn stable_discs(player: u64, opponent: u64) -> u64 {
    // Nothing is below zero discs: the bounds never fail.
    stable_if_enough(player, opponent, 0).unwrap_or(0)
}

/// How many discs [`stable_discs`] finds when they are at least `needed`, `None` otherwise: all
/// the solver's stability cut-off asks. Two thirds of its calls fail on FFO #40-#49; an upper
/// bound (the edges' stable discs plus every inner disc) settles some of them before the full
/// lines are found. A tighter bound before the fixed point (each line full or a disc of the same
/// colour beside) cost more than it saved.
#[inline]
pub fn stable_count_if_at_least(player: u64, opponent: u64, needed: u32) -> Option<u32> {
    stable_if_enough(player, opponent, needed).map(u64::count_ones).filter(|&count| count >= needed)
}

/// The inner squares: their neighbours along every line are on the board, so the shifts below
/// never wrap for them.
const INNER: u64 = macros::board_mask!(
    othello, "........", ".xxxxxx.", ".xxxxxx.", ".xxxxxx.", ".xxxxxx.", ".xxxxxx.", ".xxxxxx.", "........",
);

/// [`stable_discs`], or `None` when an upper bound on their number is below `needed`.
#[inline(always)]
fn stable_if_enough(player: u64, opponent: u64, needed: u32) -> Option<u64> {
    let edges = edge_stable(player, opponent);
    // Only inner discs are added to the edges' stable discs.
    let inner = player & INNER;
    if edges.count_ones() + inner.count_ones() < needed {
        return None;
    }
    let occupied = player | opponent;
    let mut row = occupied & (occupied >> 1);
    row &= row >> 2;
    row &= row >> 4;
    let full_h = (row & 0x0101_0101_0101_0101).wrapping_mul(0xFF);
    let mut column = occupied & (occupied >> 8);
    column &= column >> 16;
    column &= column >> 32;
    let full_v = (column & 0xFF).wrapping_mul(0x0101_0101_0101_0101);
    // +9: towards h8, -9 towards a1; +7: towards a8, -7 towards h1.
    let full_d9 = full_line(occupied, 9, [LINE_ENDS[0], LINE_ENDS[1]]);
    let full_d7 = full_line(occupied, 7, [LINE_ENDS[2], LINE_ENDS[3]]);

    let mut stable = edges | (inner & full_h & full_v & full_d9 & full_d7);
    loop {
        let before = stable;
        stable |= inner
            & ((stable >> 1) | (stable << 1) | full_h)
            & ((stable >> 8) | (stable << 8) | full_v)
            & ((stable >> 9) | (stable << 9) | full_d9)
            & ((stable >> 7) | (stable << 7) | full_d7);
        if stable == before {
            return Some(stable);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether every square of the line through `square` along (row step, column step) is set.
    fn line_full(occupied: u64, square: i32, row_step: i32, column_step: i32) -> bool {
        [1, -1].iter().all(|&sign| {
            let (mut row, mut column) = (square / 8, square % 8);
            while (0..8).contains(&row) && (0..8).contains(&column) {
                if occupied & (1 << (row * 8 + column)) == 0 {
                    return false;
                }
                row += sign * row_step;
                column += sign * column_step;
            }
            true
        })
    }

    #[test]
    fn full_diagonals_match_a_walk() {
        let mut state = 0x0123_4567_89AB_CDEFu64;
        for round in 0..20_000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            // Dense boards, so that full lines are common.
            let occupied = match round % 3 {
                0 => state | (state >> 7),
                1 => state | (state >> 7) | (state >> 13),
                _ => !((state >> 3) & (state >> 11) & (state >> 17)),
            };
            let d9 = full_line(occupied, 9, [LINE_ENDS[0], LINE_ENDS[1]]);
            let d7 = full_line(occupied, 7, [LINE_ENDS[2], LINE_ENDS[3]]);
            for square in 0..64 {
                assert_eq!(d9 >> square & 1 == 1, line_full(occupied, square, 1, 1), "{occupied:x} {square}");
                assert_eq!(
                    d7 >> square & 1 == 1,
                    line_full(occupied, square, 1, -1),
                    "{occupied:x} {square}"
                );
            }
        }
    }

    /// The count with its early exits answers as the full set does, whatever is needed.
    #[test]
    fn count_if_at_least_matches_the_set() {
        for (player, opponent) in crate::othello::board::random_boards(0x5EED_57AB_1E00_0001, 5_000) {
            let count = stable_discs(player, opponent).count_ones();
            for needed in 0..=64 {
                let expected = (count >= needed).then_some(count);
                assert_eq!(
                    stable_count_if_at_least(player, opponent, needed),
                    expected,
                    "{player:x} {opponent:x}"
                );
            }
        }
    }
}
