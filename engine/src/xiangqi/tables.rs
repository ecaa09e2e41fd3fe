//! Tables: the generated ones (`cargo run -p tablegen -- xiangqi`: steps of king, advisor and pawn,
//! elephant moves with eyes, horse moves and checks with legs, Zobrist keys) from `OUT_DIR`, and the
//! line tables of the sliders, built here by `const fn`.
//!
//! A rank is 9 squares and a file 10, so the occupancy of one line is at most 10 bits: every rook and
//! cannon question about one line is a lookup indexed by the slider's place on the line and that
//! occupancy. Position `p` on a rank is the file; on a file it is the rank.

mod generated {
    include!(concat!(env!("OUT_DIR"), "/xiangqi_tables.rs"));
}

pub use generated::*;
use static_assertions::{const_assert, const_assert_eq};

/// What a slider at one place on a line sees, given the line's occupancy (as line bits).
#[derive(Clone, Copy, Debug)]
pub struct LineAttack {
    /// Rook reach: every empty square up to the first blocker in each direction, and the blocker.
    pub rook: u16,
    /// Cannon captures: the second occupied square in each direction (the first is the screen).
    pub cannon: u16,
}

const fn line_attack(len: usize, pos: usize, occ: usize) -> LineAttack {
    let mut rook = 0u16;
    let mut cannon = 0u16;
    let mut direction = 0;
    while direction < 2 {
        let mut at = pos as isize;
        let mut screens = 0;
        loop {
            at += if direction == 0 { -1 } else { 1 };
            if at < 0 || at >= len as isize {
                break;
            }
            let occupied = occ >> at & 1 == 1;
            if screens == 0 {
                rook |= 1 << at;
                if occupied {
                    screens = 1;
                }
            } else if occupied {
                cannon |= 1 << at;
                break;
            }
        }
        direction += 1;
    }
    LineAttack { rook, cannon }
}

const fn rank_table() -> [[LineAttack; 512]; 9] {
    let mut table = [[LineAttack { rook: 0, cannon: 0 }; 512]; 9];
    let mut pos = 0;
    while pos < 9 {
        let mut occ = 0;
        while occ < 512 {
            table[pos][occ] = line_attack(9, pos, occ);
            occ += 1;
        }
        pos += 1;
    }
    table
}

const fn file_table() -> [[LineAttack; 1024]; 10] {
    let mut table = [[LineAttack { rook: 0, cannon: 0 }; 1024]; 10];
    let mut pos = 0;
    while pos < 10 {
        let mut occ = 0;
        while occ < 1024 {
            table[pos][occ] = line_attack(10, pos, occ);
            occ += 1;
        }
        pos += 1;
    }
    table
}

const fn file_spread() -> [u128; 1024] {
    let mut table = [0u128; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let mut rank = 0;
        while rank < 10 {
            if bits >> rank & 1 == 1 {
                table[bits] |= 1 << (rank * 9);
            }
            rank += 1;
        }
        bits += 1;
    }
    table
}

/// `[file][rank occupancy]`: a slider on a rank.
pub static RANK_ATTACKS: [[LineAttack; 512]; 9] = rank_table();
/// `[rank][file occupancy]`: a slider on a file.
pub static FILE_ATTACKS: [[LineAttack; 1024]; 10] = file_table();
/// File bits (bit `r` = rank `r`) as a square set on file a; shift left by the file.
pub static FILE_SPREAD: [u128; 1024] = file_spread();

/// Every square of the board.
pub const BOARD: u128 = (1 << 90) - 1;

const_assert_eq!(KING_STEPS[4].count_ones(), 3);
const_assert_eq!(ADVISOR_STEPS[13], (1 << 3) | (1 << 5) | (1 << 21) | (1 << 23));
const_assert!(KING_STEPS[0] == 0 && ADVISOR_STEPS[4] == 0);
const_assert_eq!(ELEPHANT_MOVES[2][0].1 as usize + ELEPHANT_MOVES[2][1].1 as usize, 18 + 22);
const_assert!(ZOBRIST_BLACK_TO_MOVE != 0);
const_assert_eq!(core::mem::size_of::<LineAttack>(), 4);

/// The rook reach from `square` over `occupied` (own pieces included; the caller masks them).
#[inline(always)]
pub fn rook_reach(square: usize, rank_occ: u16, file_occ: u16) -> u128 {
    let (file, rank) = (square % 9, square / 9);
    let along_rank = (RANK_ATTACKS[file][rank_occ as usize].rook as u128) << (rank * 9);
    let along_file = FILE_SPREAD[FILE_ATTACKS[rank][file_occ as usize].rook as usize] << file;
    along_rank | along_file
}

/// Cannon capture squares from `square` (the occupied squares just behind a screen).
#[inline(always)]
pub fn cannon_captures(square: usize, rank_occ: u16, file_occ: u16) -> u128 {
    let (file, rank) = (square % 9, square / 9);
    let along_rank = (RANK_ATTACKS[file][rank_occ as usize].cannon as u128) << (rank * 9);
    let along_file = FILE_SPREAD[FILE_ATTACKS[rank][file_occ as usize].cannon as usize] << file;
    along_rank | along_file
}

/// The occupancy of file `file` (bit `r` = rank `r`) from a square set.
#[inline]
pub fn file_bits(set: u128, file: usize) -> u16 {
    let column = set >> file;
    let mut bits = 0u16;
    for rank in 0..10 {
        bits |= ((column >> (rank * 9)) as u16 & 1) << rank;
    }
    bits
}

/// The occupancy of rank `rank` (bit `f` = file `f`) from a square set.
#[inline(always)]
pub fn rank_bits(set: u128, rank: usize) -> u16 {
    (set >> (rank * 9)) as u16 & 0x1ff
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_tables_see_the_first_and_second_blockers() {
        // Rook on file 4 of a rank with pieces on files 1, 2, 6 and 8.
        let occ = 0b1_0100_0110;
        let entry = RANK_ATTACKS[4][occ];
        assert_eq!(entry.rook, 0b0110_1100);
        assert_eq!(entry.cannon, 0b1_0000_0010);
        assert_eq!(FILE_SPREAD[0b11], 1 | 1 << 9);
        assert_eq!(file_bits(1 << 9 | 1 << 81, 0), 0b10_0000_0010);
    }
}
