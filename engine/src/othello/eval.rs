//! The Othello evaluation, in centidiscs from the side to move: pattern weights per game stage
//! plus mobility, potential mobility and parity, all fitted to exact endgame scores and game
//! results by `tuner`'s `othello_fit` (see `tablegen::othello_eval` for the patterns and the data
//! format).
//!
//! Each of the 54 pattern instances (3x3 and 2x5 corners, edges with their X-squares, edges with
//! the block of four squares behind their middle, the second to fourth lines, the diagonals of 4
//! to 8 squares, the ten-square corner triangles) reads its squares as a base-3 number (empty,
//! own, opponent's) and adds the weight of that number in its class's table for the position's
//! stage; the symmetric instances of a class share the table, so symmetric positions score alike.

mod weights;

use super::board::{legal_moves, DISC};
use super::position::Position;
use crate::score::Score;
use weights::{
    EMPTIES_PER_STAGE, INSTANCES, INSTANCE_OFFSETS, INSTANCE_SQUARES, SCALAR_OFFSET, STAGES, STAGE_SIZE,
    WEIGHTS,
};

/// Evaluations stay inside the range of final scores.
const LIMIT: i32 = 64 * DISC - 1;

/// The stage of a position with `empties` empty squares.
#[inline]
fn stage(empties: u32) -> usize {
    ((empties.saturating_sub(1) / EMPTIES_PER_STAGE) as usize).min(STAGES - 1)
}

/// Weight `index` of a stage's table (`i16` little-endian pairs).
#[inline(always)]
fn weight(table: &[u8], index: usize) -> i32 {
    i32::from(i16::from_le_bytes([table[2 * index], table[2 * index + 1]]))
}

/// The squares next to any square of `set`.
#[inline]
const fn neighbours(set: u64) -> u64 {
    let east = (set << 1) & 0xFEFE_FEFE_FEFE_FEFE;
    let west = (set >> 1) & 0x7F7F_7F7F_7F7F_7F7F;
    let row = set | east | west;
    east | west | (row << 8) | (row >> 8)
}

/// The pattern instances rounded up to whole 128-bit vectors of `u16` lanes (the last two lanes
/// stay zero).
const LANES: usize = 56;

/// `ROW_DIGITS[row][byte][instance]`: what the squares of `row` whose bits are set in `byte`
/// add to `instance`'s base-3 index when they hold one side's discs (each digit weighted by its
/// power of three). An index is linear in the squares' digits, so it is the sum of eight rows'
/// entries for the side to move's discs plus twice that for the opponent's: sixteen rows of
/// vector additions instead of a shift-and-mask for each of the instances' 436 squares, which
/// took 70% of [`evaluate`]'s time (the evaluation behind the solver's move ordering). Every index
/// fits in 16 bits (the largest class has 3^10 entries), so a 128-bit vector adds eight instances.
static ROW_DIGITS: RowDigits = row_digits();

/// [`ROW_DIGITS`]' type: each row of a table entry starts on a vector boundary.
#[repr(C, align(16))]
struct RowDigits([[[u16; LANES]; 256]; 8]);

const fn row_digits() -> RowDigits {
    let mut table = [[[0u16; LANES]; 256]; 8];
    let mut instance = 0;
    while instance < INSTANCES {
        let squares = INSTANCE_SQUARES[instance];
        let mut digit = 0;
        let mut power: u16 = 1;
        // From the last square (the least significant digit) to the first.
        while digit < squares.len() {
            let square = squares[squares.len() - 1 - digit] as usize;
            let (row, column) = (square / 8, square % 8);
            let mut byte = 0;
            while byte < 256 {
                if byte & (1 << column) != 0 {
                    table[row][byte][instance] += power;
                }
                byte += 1;
            }
            digit += 1;
            if digit < squares.len() {
                power *= 3;
            }
        }
        instance += 1;
    }
    RowDigits(table)
}

/// Every pattern instance's base-3 index (without its class offset), lanes past
/// [`INSTANCES`] zero. Plain loops over fixed-size arrays, which the compiler turns into vector
/// additions on any target with vectors (SSE2 on every x86-64).
#[inline(always)]
fn instance_indices(player: u64, opponent: u64) -> [u16; LANES] {
    // One accumulator (seven vectors) fits the registers where one per side spilled. A digit is
    // 1 for an own disc and 2 for an opponent's: one for every occupied square plus one more for
    // the opponent's, so each row adds two table entries as they are, where doubling the
    // opponent's took two more operations a vector (a third fewer instructions in this loop).
    let occupied = player | opponent;
    let mut indices = [0u16; LANES];
    for (row, digits) in ROW_DIGITS.0.iter().enumerate() {
        let occupied_row = &digits[usize::from((occupied >> (8 * row)) as u8)];
        let their_row = &digits[usize::from((opponent >> (8 * row)) as u8)];
        for lane in 0..LANES {
            indices[lane] = indices[lane].wrapping_add(occupied_row[lane]).wrapping_add(their_row[lane]);
        }
    }
    indices
}

/// Adds the row tables' digits of the discs `discs` to `indices`, reading only the rows that hold
/// any of them.
#[inline(always)]
fn add_rows(indices: &mut [u16; LANES], discs: u64) {
    let mut rows = discs;
    while rows != 0 {
        let row = rows.trailing_zeros() as usize / 8;
        let digits = &ROW_DIGITS.0[row][usize::from((discs >> (8 * row)) as u8)];
        for lane in 0..LANES {
            indices[lane] = indices[lane].wrapping_add(digits[lane]);
        }
        rows &= !(0xFF << (8 * row));
    }
}

/// The evaluations of the positions after one position's moves, each from the rows its move
/// changed.
///
/// An index is linear in its squares' digits (1 for a disc of the side to move, 2 for the
/// opponent's), so a child's index (the parent's opponent moves there) is the parent's index with
/// the roles swapped, computed once, plus what the move changed: its square goes from empty to the
/// child's opponent (+2 a digit) and each flipped disc from the child's own to its opponent's (+1).
/// One to four rows a child instead of the sixteen of [`evaluate`]. The nodes above the horizon
/// evaluate their moves' positions this way: about 6% fewer instructions in the `othello_search`
/// bench, the same nodes.
pub struct ChildEvaluator {
    /// The parent's indices from its opponent's side: its discs count 2, the opponent's 1.
    swapped: [u16; LANES],
    /// The parent's discs of the side to move, and of its opponent.
    player: u64,
    opponent: u64,
}

impl ChildEvaluator {
    /// The evaluator of the moves of `parent`.
    #[inline]
    pub fn new(parent: &Position) -> ChildEvaluator {
        let (player, opponent) = (parent.player(), parent.opponent());
        ChildEvaluator { swapped: instance_indices(opponent, player), player, opponent }
    }

    /// [`evaluate`] of `child`, a position after a move of the parent (not a pass).
    #[inline]
    pub fn evaluate(&self, child: &Position) -> Score {
        // The child's opponent is the parent's mover: its new discs are the move's square, empty
        // before (digit 0 to 2: counted twice), and the flips, the child's own before (1 to 2).
        let changed = child.opponent() & !self.player;
        let square = changed & !self.opponent;
        let mut indices = self.swapped;
        add_rows(&mut indices, changed);
        add_rows(&mut indices, square);
        evaluate_indices(child, &indices)
    }
}

/// The sum of every pattern instance's weight in a stage's `table`, written out instance by
/// instance: each instance's class offset is then a constant, folded into its load's address, and
/// the bounds check goes wherever the offset plus the largest 16-bit index stays inside the table.
/// A loop over the offsets (loaded, added, checked) took twice the instructions, and this sum is
/// half of [`evaluate`]'s, the evaluation behind the solver's move ordering.
#[inline(always)]
fn pattern_weights(table: &[u8], indices: &[u16; LANES]) -> i32 {
    macro_rules! sum {
        ($($instance:literal)*) => {{
            // Every instance once: the list's length is the number of instances.
            const _: () = assert!([$($instance),*].len() == INSTANCES);
            0 $(+ weight(table, INSTANCE_OFFSETS[$instance] as usize + usize::from(indices[$instance])))*
        }};
    }
    sum!(
        0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35
        36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53
    )
}

/// Static evaluation from the side to move's point of view.
pub fn evaluate(position: &Position) -> Score {
    evaluate_indices(position, &instance_indices(position.player(), position.opponent()))
}

/// [`evaluate`] of a position whose pattern indices are `indices`.
#[inline(always)]
fn evaluate_indices(position: &Position, indices: &[u16; LANES]) -> Score {
    let (player, opponent) = (position.player(), position.opponent());
    let table = stage_table(position.empties());
    let pattern = pattern_weights(table, indices);
    let mobility = position.moves().count_ones() as i32 - legal_moves(opponent, player).count_ones() as i32;
    Score(with_scalars(table, pattern, player, opponent, mobility))
}

/// The weights of the stage of positions with `empties` empty squares.
#[inline(always)]
fn stage_table(empties: u32) -> &'static [u8] {
    let base = stage(empties) * STAGE_SIZE;
    &WEIGHTS[2 * base..2 * (base + STAGE_SIZE)]
}

/// The evaluation from the patterns' sum `pattern` and the mobility difference `mobility`: the
/// scalar features' weights added, the sum kept inside the range of final scores.
#[inline(always)]
fn with_scalars(table: &[u8], pattern: i32, player: u64, opponent: u64, mobility: i32) -> i32 {
    let empty = !(player | opponent);
    let potential =
        (neighbours(opponent) & empty).count_ones() as i32 - (neighbours(player) & empty).count_ones() as i32;
    let parity = (empty.count_ones() & 1) as i32;
    let sum = pattern
        + mobility * weight(table, SCALAR_OFFSET)
        + potential * weight(table, SCALAR_OFFSET + 1)
        + parity * weight(table, SCALAR_OFFSET + 2)
        + weight(table, SCALAR_OFFSET + 3);
    sum.clamp(-LIMIT, LIMIT)
}

/// [`evaluate`] of the discs `player` (to move) and `opponent`, in centidiscs, with AVX2: for the
/// Othello solver's AVX2 build, whose move ordering evaluates at every leaf of its shallow
/// searches. The instances' indices in 256-bit vectors, their weights gathered eight at a time
/// (seven gathers for the 54 loads of [`pattern_weights`]), the mobility by the AVX2 legal moves.
/// The same value as [`evaluate`] (a test compares the two).
///
/// # Safety
/// The CPU must have AVX2, BMI1, BMI2, LZCNT and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
pub(crate) unsafe fn evaluate_avx2(player: u64, opponent: u64) -> i32 {
    use super::board::legal_moves_avx2;
    let table = stage_table((!(player | opponent)).count_ones());
    let pattern = gathered_weights(table, &instance_indices(player, opponent));
    // SAFETY: the caller vouched for the features.
    let (own, theirs) = unsafe { (legal_moves_avx2(player, opponent), legal_moves_avx2(opponent, player)) };
    with_scalars(table, pattern, player, opponent, own.count_ones() as i32 - theirs.count_ones() as i32)
}

/// [`INSTANCE_OFFSETS`] for every lane, the lanes past [`INSTANCES`] zero, in whole 256-bit
/// vectors.
#[cfg(target_arch = "x86_64")]
#[repr(C, align(32))]
struct LaneOffsets([u32; LANES]);

#[cfg(target_arch = "x86_64")]
static LANE_OFFSETS: LaneOffsets = {
    let mut lanes = [0; LANES];
    let mut instance = 0;
    while instance < INSTANCES {
        lanes[instance] = INSTANCE_OFFSETS[instance];
        instance += 1;
    }
    LaneOffsets(lanes)
};

/// [`pattern_weights`] by AVX2 gathers: each lane's index plus its class offset, eight lanes a
/// gather, the lanes past [`INSTANCES`] masked off.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn gathered_weights(table: &[u8], indices: &[u16; LANES]) -> i32 {
    use core::arch::x86_64::{
        _mm256_add_epi32, _mm256_castsi256_si128, _mm256_cmpgt_epi32, _mm256_cvtepu16_epi32,
        _mm256_extracti128_si256, _mm256_load_si256, _mm256_mask_i32gather_epi32, _mm256_min_epu32,
        _mm256_set1_epi32, _mm256_setr_epi32, _mm256_setzero_si256, _mm256_slli_epi32, _mm256_srai_epi32,
        _mm_add_epi32, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_shuffle_epi32, _mm_unpackhi_epi64,
    };
    // Every legal index lies below the scalars' weights, the patterns' table ending there; the
    // clamp keeps each 32-bit load inside `table` whatever the lanes hold (it never binds for a
    // position whose sides' discs are disjoint).
    let last = _mm256_set1_epi32(SCALAR_OFFSET as i32 - 1);
    // Checked for real (it holds for every stage's table, so the check folds away): the gathers
    // below read without bounds checks.
    assert!(table.len() >= 2 * SCALAR_OFFSET + 2);
    let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let mut sum = _mm256_setzero_si256();
    let mut chunk = 0;
    while chunk < LANES / 8 {
        // SAFETY: the 8 lanes from `8 * chunk` lie inside both arrays (LANES is a multiple of 8),
        // and `LANE_OFFSETS`' are 32-byte aligned.
        let (narrow, offsets) = unsafe {
            (
                _mm_loadu_si128(indices.as_ptr().add(8 * chunk).cast()),
                _mm256_load_si256(LANE_OFFSETS.0.as_ptr().add(8 * chunk).cast()),
            )
        };
        let at = _mm256_min_epu32(_mm256_add_epi32(_mm256_cvtepu16_epi32(narrow), offsets), last);
        // The lanes that hold an instance.
        let live = _mm256_cmpgt_epi32(_mm256_set1_epi32((INSTANCES - 8 * chunk) as i32), lane);
        // SAFETY: each live lane reads the 4 bytes at `2 * at`, and `at < SCALAR_OFFSET` keeps
        // them inside `table` (the scalars' four weights follow the patterns'); masked lanes read
        // nothing.
        let words = unsafe {
            _mm256_mask_i32gather_epi32::<2>(_mm256_setzero_si256(), table.as_ptr().cast(), at, live)
        };
        // The low 16 bits of each word are the weight: sign-extended.
        sum = _mm256_add_epi32(sum, _mm256_srai_epi32::<16>(_mm256_slli_epi32::<16>(words)));
        chunk += 1;
    }
    let half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256::<1>(sum));
    let half = _mm_add_epi32(half, _mm_unpackhi_epi64(half, half));
    _mm_cvtsi128_si32(_mm_add_epi32(half, _mm_shuffle_epi32::<0b01>(half)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    /// The row tables give every instance the index of the generated square-by-square code.
    #[test]
    fn row_tables_match_the_square_by_square_indices() {
        for (player, opponent) in crate::othello::board::random_boards(0x9E37_79B9_7F4A_7C15, 20_000) {
            let indices = instance_indices(player, opponent);
            let expected = weights::pattern_indices(player, opponent);
            for instance in 0..INSTANCES {
                assert_eq!(INSTANCE_OFFSETS[instance] + u32::from(indices[instance]), expected[instance]);
            }
            assert!(indices[INSTANCES..].iter().all(|&index| index == 0));
        }
    }

    /// The AVX2 evaluation gives [`evaluate`]'s values.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_evaluation_matches() {
        let features = std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("popcnt");
        if !features {
            return;
        }
        for (player, opponent) in crate::othello::board::random_boards(0x0EA1_A7E5_AB2C_0001, 50_000) {
            let position = Position::from_discs(player, opponent, crate::othello::board::Color::Black);
            // SAFETY: the CPU has the features (asked above).
            let fast = unsafe { evaluate_avx2(player, opponent) };
            assert_eq!(fast, evaluate(&position).0, "{player:x} {opponent:x}");
        }
    }

    /// Every move's position evaluates the same through the parent's rows as from scratch.
    #[test]
    fn child_evaluations_match_the_full_ones() {
        let mut children = 0;
        for (player, opponent) in crate::othello::board::random_boards(0x2545_F491_4F6C_DD1D, 5_000) {
            let parent = Position::from_discs(player, opponent, crate::othello::board::Color::Black);
            let evaluator = ChildEvaluator::new(&parent);
            let mut moves = crate::othello::board::OthelloMoveList::default();
            parent.generate_moves(&mut moves);
            for &mv in moves.iter().filter(|&&mv| mv != crate::othello::board::Move::PASS) {
                let mut child = parent;
                child.play(mv);
                assert_eq!(evaluator.evaluate(&child), evaluate(&child), "{child}");
                children += 1;
            }
        }
        assert!(children > 10_000, "only {children} moves tried");
    }
}
