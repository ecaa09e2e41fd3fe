//! Xiangqi tables: step sets of the short-range pieces (king, advisor, elephant with its eye, horse
//! with its leg, pawn per side), the reverse tables check detection needs (which horse squares and
//! pawn squares attack a square), the sliders' line tables (what a rook or cannon sees along one
//! rank or file, by its place and the line's occupancy), and Zobrist keys.
//!
//! Square numbering is the engine's: `square = 9 * rank + file`, a0 = 0 (red's left corner), i0 = 8,
//! a9 = 81, i9 = 89. Ranks 0..=4 are red's half, 5..=9 black's. A set of squares is a `u128` with bit
//! `square` set. Colour 0 is red (moves first, at the bottom), 1 black. Piece index is
//! `colour * 7 + kind` with kinds king, advisor, elephant, horse, rook, cannon, pawn.

use crate::prng::SplitMix64;

/// Files on the board.
pub const FILES: i32 = 9;
/// Ranks on the board.
pub const RANKS: i32 = 10;
/// Squares on the board.
pub const SQUARES: usize = 90;
/// Marks an absent entry in the elephant and horse tables (no such square).
pub const NONE: u8 = 255;

/// Seed of the xiangqi key stream.
pub const ZOBRIST_SEED: u64 = 0x7472_6973_6B65_6C58; // "triskelX"

fn square(file: i32, rank: i32) -> Option<usize> {
    ((0..FILES).contains(&file) && (0..RANKS).contains(&rank)).then(|| (rank * FILES + file) as usize)
}

fn coords(square: usize) -> (i32, i32) {
    (square as i32 % FILES, square as i32 / FILES)
}

/// True if `square` is inside either palace (files d..f, ranks 0..2 or 7..9).
pub fn in_palace(square: usize) -> bool {
    let (file, rank) = coords(square);
    (3..=5).contains(&file) && (rank <= 2 || rank >= 7)
}

/// True if `square` is on red's half (ranks 0..=4).
pub fn red_half(square: usize) -> bool {
    square < 45
}

const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn bit(square: usize) -> u128 {
    1u128 << square
}

/// King steps: orthogonal neighbours inside the same palace (empty outside the palaces).
pub fn king_steps() -> [u128; SQUARES] {
    palace_steps(&ORTHOGONAL)
}

/// Advisor steps: diagonal neighbours inside the same palace, between the palace's corners and its
/// centre, the only five points an advisor can reach (empty elsewhere).
pub fn advisor_steps() -> [u128; SQUARES] {
    let mut table = palace_steps(&DIAGONAL);
    let points =
        (0..SQUARES).filter(|&square| advisor_point(square)).fold(0, |set, square| set | bit(square));
    for (square, set) in table.iter_mut().enumerate() {
        *set = if advisor_point(square) { *set & points } else { 0 };
    }
    table
}

/// True for the five points of each palace an advisor can stand on: its corners and its centre.
pub fn advisor_point(square: usize) -> bool {
    let (file, rank) = coords(square);
    let rank = if rank >= 7 { 9 - rank } else { rank };
    in_palace(square) && (file - 4).abs() == (rank - 1).abs()
}

fn palace_steps(directions: &[(i32, i32)]) -> [u128; SQUARES] {
    let mut table = [0u128; SQUARES];
    for (from, set) in table.iter_mut().enumerate().filter(|&(from, _)| in_palace(from)) {
        let (file, rank) = coords(from);
        for &(df, dr) in directions {
            if let Some(to) = square(file + df, rank + dr).filter(|&to| in_palace(to)) {
                *set |= bit(to);
            }
        }
    }
    table
}

/// Elephant moves `[from][i] = (eye, to)`: two squares diagonally, never across the river; the move
/// is blocked when the eye (the midpoint) is occupied. Absent entries are `(NONE, NONE)`.
pub fn elephant_moves() -> [[(u8, u8); 4]; SQUARES] {
    let mut table = [[(NONE, NONE); 4]; SQUARES];
    for (from, entries) in table.iter_mut().enumerate() {
        let (file, rank) = coords(from);
        let mut slot = 0;
        for &(df, dr) in &DIAGONAL {
            let Some(to) = square(file + 2 * df, rank + 2 * dr) else { continue };
            if red_half(to) != red_half(from) {
                continue;
            }
            let eye = square(file + df, rank + dr).expect("the midpoint of two squares is on the board");
            entries[slot] = (eye as u8, to as u8);
            slot += 1;
        }
    }
    table
}

/// Horse moves by leg: `[from][i] = (leg, targets)`, one entry per orthogonal direction; the horse
/// steps onto the leg square, then one square diagonally outward, to either of the (up to two)
/// target squares; an occupied leg blocks both. Absent legs are `(NONE, 0)`.
pub fn horse_moves() -> [[(u8, u128); 4]; SQUARES] {
    let mut table = [[(NONE, 0u128); 4]; SQUARES];
    for (from, entries) in table.iter_mut().enumerate() {
        let (file, rank) = coords(from);
        for (entry, &(df, dr)) in entries.iter_mut().zip(&ORTHOGONAL) {
            let Some(leg) = square(file + df, rank + dr) else { continue };
            let (pf, pr) = (dr, df); // perpendicular
            let targets = [1, -1]
                .iter()
                .filter_map(|&sign| square(file + 2 * df + sign * pf, rank + 2 * dr + sign * pr))
                .fold(0, |set, to| set | bit(to));
            *entry = (leg as u8, targets);
        }
    }
    table
}

/// Horse checks by leg: `[target][i] = (leg, horses)`: a horse on a square of `horses` attacks
/// `target` through `leg`, one of the target's diagonal neighbours, when `leg` is empty. Absent
/// entries are `(NONE, 0)`.
pub fn horse_attackers() -> [[(u8, u128); 4]; SQUARES] {
    let mut table = [[(NONE, 0u128); 4]; SQUARES];
    for (target, entries) in table.iter_mut().enumerate() {
        let (file, rank) = coords(target);
        for (entry, &(df, dr)) in entries.iter_mut().zip(&DIAGONAL) {
            let Some(leg) = square(file + df, rank + dr) else { continue };
            let horses = [(2 * df, dr), (df, 2 * dr)]
                .iter()
                .filter_map(|&(hf, hr)| square(file + hf, rank + hr))
                .fold(0, |set, horse| set | bit(horse));
            *entry = (leg as u8, horses);
        }
    }
    table
}

/// Pawn steps per colour: one square forward, and sideways once across the river.
pub fn pawn_steps() -> [[u128; SQUARES]; 2] {
    let mut table = [[0u128; SQUARES]; 2];
    for (colour, steps) in table.iter_mut().enumerate() {
        let forward = if colour == 0 { 1 } else { -1 };
        for (from, set) in steps.iter_mut().enumerate() {
            let (file, rank) = coords(from);
            if let Some(to) = square(file, rank + forward) {
                *set |= bit(to);
            }
            let crossed = if colour == 0 { !red_half(from) } else { red_half(from) };
            if crossed {
                for df in [-1, 1] {
                    if let Some(to) = square(file + df, rank) {
                        *set |= bit(to);
                    }
                }
            }
        }
    }
    table
}

/// Pawn attackers per colour: `[colour][target]` is the set of squares from which a pawn of
/// `colour` attacks `target` (the inverse of [`pawn_steps`]).
pub fn pawn_attackers() -> [[u128; SQUARES]; 2] {
    let steps = pawn_steps();
    let mut table = [[0u128; SQUARES]; 2];
    for (attackers, steps) in table.iter_mut().zip(&steps) {
        for (from, &targets) in steps.iter().enumerate() {
            for (to, set) in attackers.iter_mut().enumerate() {
                if targets & bit(to) != 0 {
                    *set |= bit(from);
                }
            }
        }
    }
    table
}

/// What a slider at `pos` on a line of `len` squares sees over the line's occupancy `occ`
/// (bit `i` = square `i` of the line), as line bits: `(rook, cannon)`, the rook's reach (every
/// empty square up to the first blocker in each direction, and the blocker) and the cannon's
/// captures (the second occupied square in each direction; the first is the screen).
pub fn line_attack(len: usize, pos: usize, occ: usize) -> (u16, u16) {
    let (mut rook, mut cannon) = (0u16, 0u16);
    for step in [-1, 1] {
        let mut screened = false;
        let squares = std::iter::successors(Some(pos as isize + step), |at| Some(at + step));
        for at in squares.take_while(|&at| (0..len as isize).contains(&at)) {
            let occupied = occ >> at & 1 == 1;
            if !screened {
                rook |= 1 << at;
                screened = occupied;
            } else if occupied {
                cannon |= 1 << at;
                break;
            }
        }
    }
    (rook, cannon)
}

/// `[file][rank occupancy]`: [`line_attack`] of a slider on a rank (9 squares).
pub fn rank_attacks() -> Vec<Vec<(u16, u16)>> {
    line_attacks(FILES as usize)
}

/// `[rank][file occupancy]`: [`line_attack`] of a slider on a file (10 squares).
pub fn file_attacks() -> Vec<Vec<(u16, u16)>> {
    line_attacks(RANKS as usize)
}

fn line_attacks(len: usize) -> Vec<Vec<(u16, u16)>> {
    (0..len).map(|pos| (0..1 << len).map(|occ| line_attack(len, pos, occ)).collect()).collect()
}

/// `[bits]`: file bits (bit `r` = rank `r`) as a square set on file a.
pub fn file_spread() -> Vec<u128> {
    (0..1 << RANKS)
        .map(|bits: u32| {
            (0..RANKS)
                .filter(|rank| bits >> rank & 1 == 1)
                .fold(0, |set, rank| set | bit(square(0, rank).unwrap()))
        })
        .collect()
}

/// Zobrist keys: `[piece][square]` for the 14 pieces, then the key of black to move.
pub fn zobrist_keys() -> (Vec<[u64; SQUARES]>, u64) {
    let mut rng = SplitMix64::new(ZOBRIST_SEED);
    let mut pieces = vec![[0u64; SQUARES]; 14];
    for piece in &mut pieces {
        for key in piece.iter_mut() {
            *key = rng.next_u64();
        }
    }
    (pieces, rng.next_u64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_tables_by_hand() {
        // A slider on file 4 of a rank holding pieces on files 1, 2, 6 and 8 (and itself).
        let ranks = rank_attacks();
        assert_eq!((ranks.len(), ranks[0].len()), (9, 512));
        assert_eq!(ranks[4][0b1_0101_0110], (0b0110_1100, 0b1_0000_0010));
        // Alone on the line: the rook reaches every square, the cannon nothing.
        assert_eq!(ranks[0][1], (0b1_1111_1110, 0));
        let files = file_attacks();
        assert_eq!((files.len(), files[0].len()), (10, 1024));
        // On rank 9 with pieces on ranks 8 (the screen), 5 and 0: reach 8, capture 5.
        assert_eq!(files[9][0b10_0010_0001 | 1 << 8], (1 << 8, 1 << 5));
        let spread = file_spread();
        assert_eq!(spread[0b11], 1 | 1 << 9);
        assert_eq!(spread[0b11_1111_1111].count_ones(), 10);
        assert_eq!(spread[1 << 9], 1 << 81);
    }

    #[test]
    fn horse_attackers_invert_horse_moves() {
        let moves = horse_moves();
        let attackers = horse_attackers();
        for (target, target_attackers) in attackers.iter().enumerate() {
            for (horse, horse_moves) in moves.iter().enumerate() {
                let by_move = horse_moves
                    .iter()
                    .filter(|(_, targets)| targets & bit(target) != 0)
                    .map(|&(leg, _)| leg)
                    .collect::<Vec<_>>();
                let by_attack = target_attackers
                    .iter()
                    .filter(|(_, horses)| horses & bit(horse) != 0)
                    .map(|&(leg, _)| leg)
                    .collect::<Vec<_>>();
                assert_eq!(by_move, by_attack, "horse {horse} target {target}");
            }
        }
    }

    #[test]
    fn step_counts() {
        let popcount = |table: &[u128]| table.iter().map(|set| set.count_ones()).sum::<u32>();
        // Each palace: 12 orthogonal adjacencies (24 directed), 4 diagonal ones (8 directed).
        assert_eq!(popcount(&king_steps()), 48);
        assert_eq!(popcount(&advisor_steps()), 16);
        let elephant = elephant_moves();
        // c0 reaches a2 and e2.
        assert_eq!(elephant[2].iter().filter(|&&(eye, _)| eye != NONE).count(), 2);
        // Elephants on c4 stay on their side: only a2 and e2.
        assert!(elephant[38].iter().all(|&(_, to)| to == NONE || (to as usize) < 45));
        let pawns = pawn_steps();
        assert_eq!(pawns[0][27].count_ones(), 1);
        assert_eq!(pawns[0][45 + 4].count_ones(), 3);
        assert_eq!(pawns[1][89].count_ones(), 1);
        let (keys, side) = zobrist_keys();
        let mut all: Vec<u64> = keys.iter().flatten().copied().chain([side]).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 14 * 90 + 1);
    }
}
