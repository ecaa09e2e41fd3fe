//! Othello tables: Zobrist keys, per disc and per row pattern; the endgame solver's flip tables
//! (rays, row outflanks and flips, neighbours, last-move flip counts, diagonals) and its stability
//! tables (stable edge discs, column a spread, line ends, the threshold per number of empties).
//!
//! Square numbering is the engine's and NBoard's: `square = 8 * row + column`, a1 = 0 (top left as
//! NBoard and Edax print the board), h1 = 7, h8 = 63. Colour 0 is Black (who moves first), 1 White.
//!
//! A move flips up to 18 discs, so updating a key disc by disc costs more than recomputing it: the
//! engine hashes a position from scratch, one lookup per row of eight squares and colour, in
//! [`zobrist_rows`], whose entry for a row pattern is the XOR of the keys of the discs it holds. That
//! is still a Zobrist hash (the XOR of one key per disc), computed eight squares at a time.

use crate::prng::SplitMix64;

/// Seed of the Othello key stream.
pub const ZOBRIST_SEED: u64 = 0x7472_6973_6B65_6C4F; // "triskelO"

/// Keys `[colour][square]` of single discs, and the key of White to move.
pub fn zobrist_discs() -> ([[u64; 64]; 2], u64) {
    let mut rng = SplitMix64::new(ZOBRIST_SEED);
    let mut discs = [[0u64; 64]; 2];
    for colour in &mut discs {
        for key in colour.iter_mut() {
            *key = rng.next_u64();
        }
    }
    (discs, rng.next_u64())
}

/// Keys `[colour * 8 + row][pattern]`: the XOR of the disc keys of `colour` on the squares of `row`
/// whose bits are set in `pattern` (bit `c` is column `c`).
pub fn zobrist_rows() -> Vec<[u64; 256]> {
    let (discs, _) = zobrist_discs();
    let mut rows = vec![[0u64; 256]; 16];
    for colour in 0..2 {
        for row in 0..8 {
            for (pattern, key) in rows[colour * 8 + row].iter_mut().enumerate() {
                *key = (0..8)
                    .filter(|column| pattern >> column & 1 == 1)
                    .fold(0, |key, column| key ^ discs[colour][row * 8 + column]);
            }
        }
    }
    rows
}

/// The eight directions as (row step, column step), in the order of [`rays`]: the first four run
/// towards higher bit indices (east, south, south-east, south-west), the last four towards lower
/// ones (west, north, north-west, north-east).
const DIRECTIONS: [(i32, i32); 8] = [(0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1)];

fn on_board(row: i32, column: i32) -> bool {
    (0..8).contains(&row) && (0..8).contains(&column)
}

/// Ray masks `[square][direction]`, directions as in [`DIRECTIONS`]: the squares from `square`
/// (excluded) to the edge of the board.
pub fn rays() -> [[u64; 8]; 64] {
    let mut table = [[0u64; 8]; 64];
    for (square, rays) in table.iter_mut().enumerate() {
        for (ray, &(row_step, column_step)) in rays.iter_mut().zip(&DIRECTIONS) {
            let (mut row, mut column) = (square as i32 / 8 + row_step, square as i32 % 8 + column_step);
            while on_board(row, column) {
                *ray |= 1 << (row * 8 + column);
                row += row_step;
                column += column_step;
            }
        }
    }
    table
}

/// The vertical and diagonal rays in pairs, `[square][k] = [down, up.swap_bytes()]` for (south,
/// north), (south-east, north-east), (south-west, north-west): on the board mirrored top to bottom
/// (a byte swap) the upward ray of each pair runs the way the downward one does, towards higher
/// bits, so one carry serves both lanes of an SSE register.
pub fn ray_pairs() -> [[[u64; 2]; 3]; 64] {
    // Directions of `rays`: 1 south, 5 north; 2 south-east, 7 north-east; 3 south-west, 6 north-west.
    const PAIRED: [(usize, usize); 3] = [(1, 5), (2, 7), (3, 6)];
    let rays = rays();
    let mut table = [[[0u64; 2]; 3]; 64];
    for (pairs, rays) in table.iter_mut().zip(&rays) {
        for (pair, &(down, up)) in pairs.iter_mut().zip(&PAIRED) {
            *pair = [rays[down], rays[up].swap_bytes()];
        }
    }
    table
}

/// The end of the run of `line`'s bits next to `column` going by `step` (+1 or -1): the first
/// position past it, which may be off the line (-1 or 8), and whether the run is empty.
fn run_end(line: u32, column: i32, step: i32) -> (i32, bool) {
    let mut j = column + step;
    while (0..8).contains(&j) && line & (1 << j) != 0 {
        j += step;
    }
    (j, j == column + step)
}

/// The squares strictly between `a` and `b` on a line of eight.
fn between(a: i32, b: i32) -> u32 {
    (a.min(b) + 1..a.max(b)).fold(0, |set, k| set | 1 << k)
}

/// `[column][inner]`: on a row whose opponent discs on columns b to g are the bits of `inner`, the
/// squares just beyond the (non-empty) opponent runs beside `column`, on either side: a player
/// disc there outflanks the run.
pub fn row_outflank() -> [[u8; 64]; 8] {
    let mut table = [[0u8; 64]; 8];
    for (column, entries) in table.iter_mut().enumerate() {
        for (inner, entry) in entries.iter_mut().enumerate() {
            let opponent = (inner as u32) << 1;
            for step in [1, -1] {
                let (end, empty) = run_end(opponent, column as i32, step);
                if !empty && (0..8).contains(&end) {
                    *entry |= 1 << end;
                }
            }
        }
    }
    table
}

/// `[column][outflank]`: the squares of a row strictly between `column` and the nearest bit of
/// `outflank` on each side (none on a side without one).
pub fn row_flipped() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    for (column, entries) in table.iter_mut().enumerate() {
        for (outflank, entry) in entries.iter_mut().enumerate() {
            let gaps = !(outflank as u32) & 0xFF;
            for step in [1, -1] {
                let (end, _) = run_end(gaps, column as i32, step);
                if (0..8).contains(&end) {
                    *entry |= between(column as i32, end) as u8;
                }
            }
        }
    }
    table
}

/// The squares next to each square (up to eight).
pub fn neighbours() -> [u64; 64] {
    let mut table = [0u64; 64];
    for (square, set) in table.iter_mut().enumerate() {
        let (row, column) = (square as i32 / 8, square as i32 % 8);
        for &(row_step, column_step) in &DIRECTIONS {
            if on_board(row + row_step, column + column_step) {
                *set |= 1 << ((row + row_step) * 8 + column + column_step);
            }
        }
    }
    table
}

/// `[i][line]`: the discs flipped by a move on square `i` of a line of eight whose mover's discs
/// are the bits of `line`, every other square being the opponent's. A run that reaches the end of
/// the line is not outflanked and flips nothing.
pub fn flip_count() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    for (i, entries) in table.iter_mut().enumerate() {
        for (line, entry) in entries.iter_mut().enumerate() {
            let others = !(line as u32) & 0xFF;
            for step in [1, -1] {
                let (end, _) = run_end(others, i as i32, step);
                if (0..8).contains(&end) {
                    *entry += between(i as i32, end).count_ones() as u8;
                }
            }
        }
    }
    table
}

/// `[square] = (diagonal, anti-diagonal)`: the line through `square` parallel to a1-h8, and the
/// one parallel to h1-a8, both with `square` itself.
pub fn diagonals() -> [(u64, u64); 64] {
    let mut table = [(0u64, 0u64); 64];
    for (square, (diagonal, anti_diagonal)) in table.iter_mut().enumerate() {
        let (row, column) = (square as i32 / 8, square as i32 % 8);
        for other in 0..64 {
            let (r, c) = (other / 8, other % 8);
            if r - c == row - column {
                *diagonal |= 1 << other;
            }
            if r + c == row + column {
                *anti_diagonal |= 1 << other;
            }
        }
    }
    table
}

/// The discs one move at `x` flips on a line of eight (both directions).
fn line_flips(player: u32, opponent: u32, x: u32) -> u32 {
    let mut flipped = 0;
    for step in [1, -1] {
        let (end, _) = run_end(opponent, x as i32, step);
        if (0..8).contains(&end) && player & (1 << end) != 0 {
            flipped |= between(x as i32, end);
        }
    }
    flipped
}

/// `[256 * a + b]`: the discs of `a` (one edge, bit `i` = square `i` along it) that no sequence
/// of moves on that edge can flip, with `b` the other side's discs (disjoint from `a`). Discs of
/// an edge are only ever flipped along the edge, so this is exact for the edge taken alone.
///
/// Filled from full edges down: every move adds a disc, so a configuration's successors all have
/// a larger occupied set, hence a larger `occupied` number, and are already known. Either side
/// may play any empty square (a move legal through another line flips nothing here).
pub fn edge_stable() -> Vec<u8> {
    let mut table = vec![0u8; 1 << 16];
    for occupied in (0..256u32).rev() {
        let mut a = occupied;
        loop {
            let b = occupied ^ a;
            let mut stable = a;
            for x in (0..8).filter(|x| occupied & (1 << x) == 0) {
                let bit = 1 << x;
                let f = line_flips(a, b, x);
                stable &= u32::from(table[(((a | f | bit) << 8) | (b & !f)) as usize]);
                let g = line_flips(b, a, x);
                stable &= u32::from(table[(((a & !g) << 8) | (b | g | bit)) as usize]);
            }
            table[((a << 8) | b) as usize] = stable as u8;
            if a == 0 {
                break;
            }
            a = (a - 1) & occupied;
        }
    }
    table
}

/// `[byte]`: bit `i` of `byte` as the square of column a on row `i`.
pub fn column_a() -> [u64; 256] {
    let mut table = [0u64; 256];
    for (byte, set) in table.iter_mut().enumerate() {
        *set = (0..8).filter(|row| byte >> row & 1 == 1).fold(0, |set, row| set | 1 << (8 * row));
    }
    table
}

/// `[d][k]`: the squares with fewer than `2^k` squares after them along direction `d` (0: +9,
/// towards h8; 1: -9; 2: +7, towards a8; 3: -7), where a fill by doubling must not look `2^k`
/// steps ahead.
pub fn line_ends() -> [[u64; 3]; 4] {
    // (row step, column step) of +9, -9, +7 and -7.
    const STEPS: [(i32, i32); 4] = [(1, 1), (-1, -1), (1, -1), (-1, 1)];
    let mut table = [[0u64; 3]; 4];
    for (ends, &(row_step, column_step)) in table.iter_mut().zip(&STEPS) {
        for (k, set) in ends.iter_mut().enumerate() {
            let steps = 1 << k;
            for square in 0..64 {
                if !on_board(square / 8 + row_step * steps, square % 8 + column_step * steps) {
                    *set |= 1 << square;
                }
            }
        }
    }
    table
}

/// `[empties]`: how high alpha must be before the solver's stability cut-off is worth trying:
/// `2 * empties - 2`, capped at 64 (no score is higher); 99, never, below four empties.
pub fn stability_threshold() -> [i32; 65] {
    let mut table = [99; 65];
    for (empties, threshold) in table.iter_mut().enumerate().skip(4) {
        *threshold = (2 * empties as i32 - 2).min(64);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_pairs_and_neighbours() {
        let rays = rays();
        // a1 (0): east b1..h1, south a2..a8, south-east the long diagonal; nothing the other way.
        assert_eq!(rays[0][0], 0xFE);
        assert_eq!(rays[0][1], 0x0101_0101_0101_0100);
        assert_eq!(rays[0][2], 0x8040_2010_0804_0200);
        assert_eq!(rays[0][4..], [0; 4]);
        // h8 (63): west a8..g8, north h1..h7.
        assert_eq!(rays[63][4], 0x7F00_0000_0000_0000);
        assert_eq!(rays[63][5], 0x0080_8080_8080_8080);
        assert_eq!(ray_pairs()[27][1], [rays[27][2], rays[27][7].swap_bytes()]);
        // A neighbour is the nearest square of a ray: its lowest bit on the first four, its
        // highest on the others.
        for (square, &set) in neighbours().iter().enumerate() {
            let nearest =
                rays[square].iter().enumerate().filter(|&(_, &ray)| ray != 0).fold(0, |set, (d, ray)| {
                    set | if d < 4 { ray & ray.wrapping_neg() } else { 1 << (63 - ray.leading_zeros()) }
                });
            assert_eq!(set, nearest, "{square}");
        }
        assert_eq!(neighbours()[0], 0x0302);
    }

    /// Every row with the move's square empty: the two row tables flip what the walk flips.
    #[test]
    fn row_tables_flip_what_the_walk_flips() {
        let (outflanks, flipped) = (row_outflank(), row_flipped());
        for column in 0..8 {
            for player in (0..256u32).filter(|player| player >> column & 1 == 0) {
                for opponent in
                    (0..256u32).filter(|opponent| (opponent & player) | (opponent >> column & 1) == 0)
                {
                    let outflank = outflanks[column as usize][(opponent >> 1 & 63) as usize] & player as u8;
                    assert_eq!(
                        u32::from(flipped[column as usize][outflank as usize]),
                        line_flips(player, opponent, column),
                        "{column} {player:08b} {opponent:08b}"
                    );
                }
            }
        }
    }

    #[test]
    fn last_move_counts_and_diagonals() {
        let counts = flip_count();
        for i in 0..8 {
            for line in (0..256u32).filter(|line| line >> i & 1 == 0) {
                let opponent = !line & 0xFF & !(1 << i);
                assert_eq!(
                    u32::from(counts[i as usize][line as usize]),
                    line_flips(line, opponent, i).count_ones()
                );
            }
        }
        assert_eq!(counts[0][0b1000_0000], 6);
        assert_eq!(counts[3][0b1000_0000], 3, "e to g; the run towards a leaves the line");
        assert_eq!(counts[3][0], 0);
        let diagonals = diagonals();
        assert_eq!(diagonals[0], (0x8040_2010_0804_0201, 1));
        assert_eq!(diagonals[7], (1 << 7, 0x0102_0408_1020_4080));
        assert_eq!(diagonals[9].0, diagonals[0].0);
    }

    /// The discs of `a` that stay `a`'s in every configuration reachable from `(a, b)` by moves of
    /// either side on the edge alone: a search of the reachable set, slow but plainly right.
    fn stable_by_search(a: u32, b: u32) -> u32 {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![(a, b)];
        let mut stable = a;
        while let Some((p, o)) = stack.pop() {
            if !seen.insert((p, o)) {
                continue;
            }
            stable &= p;
            for x in (0..8).filter(|x| (p | o) >> x & 1 == 0) {
                let f = line_flips(p, o, x);
                stack.push((p | f | 1 << x, o & !f));
                let g = line_flips(o, p, x);
                stack.push((p & !g, o | g | 1 << x));
            }
        }
        stable
    }

    #[test]
    fn edge_stability_matches_a_search() {
        let table = edge_stable();
        assert_eq!(table[0xFF << 8], 0xFF, "a full edge");
        assert_eq!(table[1 << 8], 1, "a corner");
        assert_eq!(table[2 << 8], 0, "b1 alone: the opponent takes a1, then c1");
        let mut rng = SplitMix64::new(1);
        for _ in 0..3_000 {
            let occupied = rng.next_u64() as u32 & 0xFF;
            let a = rng.next_u64() as u32 & occupied;
            let b = occupied & !a;
            assert_eq!(u32::from(table[((a << 8) | b) as usize]), stable_by_search(a, b), "{a:08b} {b:08b}");
        }
    }

    #[test]
    fn stability_helpers_by_hand() {
        assert_eq!(column_a()[0xFF], 0x0101_0101_0101_0101);
        assert_eq!(column_a()[0b1000], 1 << 24);
        let ends = line_ends();
        // +9 one step: row 8 and column h have no square after them.
        assert_eq!(ends[0][0], 0xFF80_8080_8080_8080);
        // -7 four steps: rows 1-4 or columns e-h.
        assert_eq!(ends[3][2], 0x0000_0000_FFFF_FFFF | 0xF0F0_F0F0_F0F0_F0F0);
        let thresholds = stability_threshold();
        assert_eq!(
            (thresholds[3], thresholds[4], thresholds[20], thresholds[33], thresholds[64]),
            (99, 6, 38, 64, 64)
        );
    }

    #[test]
    fn row_keys_combine_disc_keys() {
        let (discs, side) = zobrist_discs();
        let rows = zobrist_rows();
        assert_eq!(rows[0][0], 0);
        assert_eq!(rows[8 + 3][1 << 5], discs[1][3 * 8 + 5]);
        assert_eq!(rows[2][0b101], discs[0][16] ^ discs[0][18]);
        let mut all: Vec<u64> = discs.iter().flatten().copied().chain([side]).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 129, "distinct keys");
    }
}
