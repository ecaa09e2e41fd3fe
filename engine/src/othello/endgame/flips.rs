//! Flips without loops: one ray mask per square and direction, and carry or leading-zero
//! arithmetic to find the outflanking disc (the "carry" method Edax's documentation describes).
//! The solver spends most of its time here, at the leaves. On x86-64 the vertical and diagonal
//! lines go two at a time in SSE lanes (the board and its top-to-bottom mirror) and the row by
//! table (`flips_lanes`); [`flips_portable`] serves other targets and the tests.
//!
//! [`super::super::board::flips`] walks each line a square at a time; this finds the first
//! non-opponent square of a line in one step, so its cost does not grow with the run length.
//! The solver's routines for the last few empties call it through `cpu::flips_near`, which skips
//! the squares no opponent disc touches. The tables are generated (`cargo run -p tablegen --`
//! `othello-rays`, `othello-row-flips`, `othello-neighbours`).

use crate::othello::tables::RAYS;
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
use crate::othello::tables::{RAY_PAIRS, ROW_FLIPPED, ROW_OUTFLANK};

/// Discs of `opponent` that `player` flips by playing on the empty `square` (0..64); empty when
/// the move is illegal. Same result as [`super::super::board::flips`]. On x86-64 with SSSE3 and
/// SSE4.1 (the `x86-64-v2` level the workspace builds for) six of the eight lines in SSE lanes
/// (`flips_lanes`); elsewhere [`flips_portable`].
#[inline(always)]
pub fn flips(player: u64, opponent: u64, square: usize) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
    {
        flips_lanes(player, opponent, square)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1")))]
    {
        flips_portable(player, opponent, square)
    }
}

/// [`flips`] one line at a time in plain integer operations, for every target: carry
/// arithmetic on the four lines towards higher bits, the highest non-opponent square (a
/// leading-zero count) on the four others.
#[inline(always)]
pub fn flips_portable(player: u64, opponent: u64, square: usize) -> u64 {
    let rays = &RAYS[square];
    let mut flipped = 0;
    let mut direction = 0;
    while direction < 4 {
        let ray = rays[direction];
        // Adding one carries through every bit below the ray and through the run of opponent
        // discs on it, and stops on the first square of the ray that is not the opponent's.
        let outflank = (opponent | !ray).wrapping_add(1) & player & ray;
        flipped |= outflank.wrapping_sub(u64::from(outflank != 0)) & ray;
        direction += 1;
    }
    while direction < 8 {
        let ray = rays[direction];
        // The nearest square that is not the opponent's is the highest bit of the ray's
        // non-opponent squares (`| 1` keeps the shift in range; bit 0 is then masked away).
        let stoppers = !opponent & ray;
        let outflank = ((1u64 << 63) >> (stoppers | 1).leading_zeros()) & player & ray;
        flipped |= outflank.wrapping_neg().wrapping_shl(1) & ray;
        direction += 1;
    }
    flipped
}

/// [`flips`] with SSE lanes: the board in one 64-bit lane and its top-to-bottom mirror in the
/// other, so that the three pairs of vertical and diagonal lines all run towards higher bits
/// and each pair is one carry; the row by two small tables (Edax's "kindergarten" flips).
/// About 40% fewer instructions than [`flips_portable`], whose four leading-zero counts are
/// slow without LZCNT.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
#[inline(always)]
pub fn flips_lanes(player: u64, opponent: u64, square: usize) -> u64 {
    use core::arch::x86_64::{
        __m128i, _mm_add_epi64, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi64, _mm_cvtsi128_si64,
        _mm_cvtsi64_si128, _mm_load_si128, _mm_or_si128, _mm_set1_epi64x, _mm_set_epi8, _mm_setzero_si128,
        _mm_shuffle_epi8, _mm_sub_epi64, _mm_unpackhi_epi64,
    };
    let (row, column) = (8 * (square >> 3), square & 7);
    let inner = ((opponent >> (row + 1)) & 63) as usize;
    let outflank = ROW_OUTFLANK[column][inner] & (player >> row) as u8;
    let horizontal = u64::from(ROW_FLIPPED[column][outflank as usize]) << row;
    // SAFETY: SSSE3 and SSE4.1 are enabled for this build (the cfg above); the loads read
    // 16-byte-aligned entries of a static table.
    unsafe {
        // The low 8 bytes as they are, the high 8 bytes in reverse order: the byte swap.
        let mirror = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0);
        let p = _mm_shuffle_epi8(_mm_cvtsi64_si128(player as i64), mirror);
        let o = _mm_shuffle_epi8(_mm_cvtsi64_si128(opponent as i64), mirror);
        let zero = _mm_setzero_si128();
        let ones = _mm_set1_epi64x(-1);
        let pairs = RAY_PAIRS[square].0.as_ptr().cast::<__m128i>();
        let mut flipped = zero;
        for k in 0..3 {
            let ray = _mm_load_si128(pairs.add(k));
            // The ray's squares that are not the opponent's; the lowest of them (x & -x) is
            // where the run of opponent discs from the square stops, an outflank if the player's.
            let stoppers = _mm_andnot_si128(o, ray);
            let first = _mm_and_si128(stoppers, _mm_sub_epi64(zero, stoppers));
            let outflank = _mm_and_si128(first, p);
            // The squares below the outflank on the ray, none without one.
            let run = _mm_and_si128(_mm_add_epi64(outflank, ones), ray);
            flipped = _mm_or_si128(flipped, _mm_andnot_si128(_mm_cmpeq_epi64(outflank, zero), run));
        }
        let board = _mm_cvtsi128_si64(flipped) as u64;
        let mirrored = _mm_cvtsi128_si64(_mm_unpackhi_epi64(flipped, flipped)) as u64;
        board | mirrored.swap_bytes() | horizontal
    }
}

/// The rays of each square for [`flips_avx2`], four to a register: east, south, south-east and
/// south-west on the board, then north, north-east and north-west on the board mirrored top to
/// bottom (byte-swapped, where they too run towards higher bits) and an empty fourth lane.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct RayQuads([[u64; 4]; 2]);

/// [`RayQuads`] of every square, from the generated [`RAYS`] (directions east, south,
/// south-east, south-west, west, north, north-west, north-east).
#[cfg(target_arch = "x86_64")]
static RAY_QUADS: [RayQuads; 64] = {
    let mut table = [RayQuads([[0; 4]; 2]); 64];
    let mut square = 0;
    while square < 64 {
        let rays = RAYS[square];
        table[square] = RayQuads([
            [rays[0], rays[1], rays[2], rays[3]],
            [rays[5].swap_bytes(), rays[7].swap_bytes(), rays[6].swap_bytes(), 0],
        ]);
        square += 1;
    }
    table
};

/// [`flips`] with AVX2 and LZCNT, for the solver's AVX2 build: the four lines towards higher bits
/// in one register and three of the four others, on the board mirrored top to bottom, in a
/// second, each lane one carry as in `flips_lanes`; the west ray by a leading-zero count.
///
/// # Safety
/// The CPU must have AVX2 and LZCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,lzcnt")]
#[inline]
pub unsafe fn flips_avx2(player: u64, opponent: u64, square: usize) -> u64 {
    use core::arch::x86_64::{
        __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_si128,
        _mm256_cmpeq_epi64, _mm256_extracti128_si256, _mm256_load_si256, _mm256_or_si256, _mm256_set1_epi64x,
        _mm256_set_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_sub_epi64, _mm_cvtsi128_si64,
        _mm_or_si128, _mm_unpackhi_epi64,
    };
    /// The discs flipped on each lane's ray: the ray's first square that is not the opponent's
    /// (x & -x of those squares) outflanks when it is the player's.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn lines(p: __m256i, o: __m256i, ray: __m256i) -> __m256i {
        let zero = _mm256_setzero_si256();
        let stoppers = _mm256_andnot_si256(o, ray);
        let outflank = _mm256_and_si256(_mm256_and_si256(stoppers, _mm256_sub_epi64(zero, stoppers)), p);
        let run = _mm256_and_si256(_mm256_add_epi64(outflank, _mm256_set1_epi64x(-1)), ray);
        _mm256_andnot_si256(_mm256_cmpeq_epi64(outflank, zero), run)
    }
    let rays = &RAY_QUADS[square].0;
    // Each 64-bit lane's bytes in reverse order: the board mirrored top to bottom.
    let mirror = _mm256_set_epi8(
        8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5,
        6, 7,
    );
    let p = _mm256_set1_epi64x(player as i64);
    let o = _mm256_set1_epi64x(opponent as i64);
    // SAFETY: the loads read 32-byte-aligned entries of a static table.
    let (up, down) =
        unsafe { (_mm256_load_si256(rays[0].as_ptr().cast()), _mm256_load_si256(rays[1].as_ptr().cast())) };
    let flipped = _mm256_or_si256(
        lines(p, o, up),
        _mm256_shuffle_epi8(
            lines(_mm256_shuffle_epi8(p, mirror), _mm256_shuffle_epi8(o, mirror), down),
            mirror,
        ),
    );
    let flipped = _mm_or_si128(_mm256_castsi256_si128(flipped), _mm256_extracti128_si256::<1>(flipped));
    let flipped = _mm_or_si128(flipped, _mm_unpackhi_epi64(flipped, flipped));
    // West: the nearest square that is not the opponent's is the highest of the ray's.
    let west = RAYS[square][4];
    let outflank = ((1u64 << 63) >> (!opponent & west | 1).leading_zeros()) & player & west;
    _mm_cvtsi128_si64(flipped) as u64 | (outflank.wrapping_neg().wrapping_shl(1) & west)
}

/// How many discs `player` flips by playing on `square` when every other square is filled (the
/// last move of a game): the opponent is everything else, so only the player's discs are needed.
#[inline(always)]
pub fn last_flip_count(player: u64, square: usize) -> u32 {
    let opponent = !player & !(1u64 << square);
    flips_portable(player, opponent, square).count_ones()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The AVX2 flips against the portable loop, from sparse to full boards.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_matches_the_portable_loop() {
        if !std::is_x86_feature_detected!("avx2") || !std::is_x86_feature_detected!("lzcnt") {
            return;
        }
        for (player, opponent) in crate::othello::board::random_boards(0x4F6C_DD1D_2545_F491, 100_000) {
            for square in 0..64 {
                let bit = 1u64 << square;
                let (p, o) = (player & !bit, opponent & !bit);
                // SAFETY: the CPU has AVX2 and LZCNT (asked above).
                let flipped = unsafe { flips_avx2(p, o, square) };
                assert_eq!(flipped, flips_portable(p, o, square), "{p:x} {o:x} {square}");
            }
        }
    }

    /// The lanes against the portable loop, from sparse to full boards.
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3", target_feature = "sse4.1"))]
    #[test]
    fn lanes_match_the_portable_loop() {
        for (player, opponent) in crate::othello::board::random_boards(0x2545_F491_4F6C_DD1D, 100_000) {
            for square in 0..64 {
                let bit = 1u64 << square;
                let (p, o) = (player & !bit, opponent & !bit);
                assert_eq!(flips_lanes(p, o, square), flips_portable(p, o, square), "{p:x} {o:x} {square}");
            }
        }
    }
}
