//! Othello tables: Zobrist keys, per disc and per row pattern.
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

#[cfg(test)]
mod tests {
    use super::*;

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
