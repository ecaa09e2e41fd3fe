//! The Othello board as two bitboards: the discs of the side to move and those of the other side
//! (Edax's layout: move generation and flips never need to know which colour is which).
//!
//! Square `8 * row + column`, a1 = 0 at the top left, h8 = 63, as NBoard and Edax number them.

use core::fmt;

use crate::movelist::MoveList;

/// Most legal moves of any Othello position (33 is the known maximum; a little room above it).
pub const MAX_OTHELLO_MOVES: usize = 40;

/// The move list of an Othello position.
pub type OthelloMoveList = MoveList<Move, MAX_OTHELLO_MOVES>;

/// Centidiscs per disc: the unit of [`Score`](crate::score::Score) in Othello.
pub const DISC: i32 = 100;

/// One of the 64 squares, `8 * row + column`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Square(u8);

impl Square {
    /// The square at `index` (0..64).
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Index 0..64.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..8 (a..h).
    pub const fn column(self) -> u8 {
        self.0 % 8
    }

    /// Row 0..8 (1..8).
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// The square's bit.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Parses `a1`..`h8` (either case).
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let column = bytes[0].to_ascii_lowercase().checked_sub(b'a').filter(|&c| c < 8)?;
        let row = bytes[1].checked_sub(b'1').filter(|&r| r < 8)?;
        Some(Square(row * 8 + column))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

/// Black moves first.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Color {
    /// The first player (`X`, `*`, `B`).
    Black,
    /// The second player (`O`, `W`).
    White,
}

impl Color {
    /// 0 for Black, 1 for White.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// A move: a square, or the pass of a side without legal moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move(u8);

impl Move {
    /// Passing: legal only when the side to move has no move and the other side has one.
    pub const PASS: Move = Move(64);

    /// Playing on `square`.
    pub const fn at(square: Square) -> Move {
        Move(square.0)
    }

    /// The square played, `None` for a pass.
    pub const fn square(self) -> Option<Square> {
        Square::new(self.0)
    }

    /// True for [`Move::PASS`].
    pub const fn is_pass(self) -> bool {
        self.0 == 64
    }

    /// 0..64 for squares, 64 for a pass.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Inverse of [`Move::index`] (indices above 64 read as a pass).
    pub const fn from_index(index: u8) -> Move {
        Move(if index > 64 { 64 } else { index })
    }
}

/// A move as NBoard writes it: `F5` (upper case) or `PA`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveText(pub Move);

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.square() {
            Some(square) => write!(f, "{}{}", (b'A' + square.column()) as char, square.row() + 1),
            None => f.write_str("PA"),
        }
    }
}

/// Every square but those of column a: where a disc shifted one column east may land.
pub(crate) const NOT_A: u64 = macros::board_mask!(
    othello, ".xxxxxxx", ".xxxxxxx", ".xxxxxxx", ".xxxxxxx", ".xxxxxxx", ".xxxxxxx", ".xxxxxxx", ".xxxxxxx",
);
/// Every square but those of column h: where a disc shifted one column west may land.
pub(crate) const NOT_H: u64 = macros::board_mask!(
    othello, "xxxxxxx.", "xxxxxxx.", "xxxxxxx.", "xxxxxxx.", "xxxxxxx.", "xxxxxxx.", "xxxxxxx.", "xxxxxxx.",
);
/// Every square off columns a and h: a run of discs through them never wraps around a row's end.
const INNER_COLUMNS: u64 = NOT_A & NOT_H;

/// The eight directions as shifts: (left shift amount, mask of squares a disc may land on). A
/// negative amount shifts right.
const DIRECTIONS: [(i32, u64); 8] = [
    (1, NOT_A),  // east
    (-1, NOT_H), // west
    (8, !0),     // south (next row)
    (-8, !0),    // north
    (9, NOT_A),  // south-east
    (7, NOT_H),  // south-west
    (-7, NOT_A), // north-east
    (-9, NOT_H), // north-west
];

#[inline(always)]
const fn shift(bits: u64, amount: i32, mask: u64) -> u64 {
    (if amount > 0 { bits << amount } else { bits >> -amount }) & mask
}

/// Squares where `player` may play against `opponent`: empty squares from which a line of opponent
/// discs runs to a player disc. On x86-64, two directions at a time in SSE2 lanes
/// ([`legal_moves_sse2`]); elsewhere [`legal_moves_portable`].
#[inline]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of the x86-64 baseline: every x86-64 CPU has it.
    unsafe {
        legal_moves_sse2(player, opponent)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        legal_moves_portable(player, opponent)
    }
}

/// [`legal_moves`] with the board in one 64-bit lane and its mirror image top to bottom (a byte
/// swap) in the other. Shifting the mirror towards higher bits moves it towards lower rows of the
/// board, so left shifts alone by 8, 9 and 7 cover all six vertical and diagonal directions, two
/// at a time; the two horizontal ones are done in both lanes (the second a copy of the first).
/// SSE2 is part of every x86-64 CPU. 40% fewer instructions than the portable loop, which the
/// Othello solver calls millions of times to count replies.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
#[inline]
fn legal_moves_sse2(player: u64, opponent: u64) -> u64 {
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cvtsi128_si64, _mm_or_si128, _mm_set1_epi64x, _mm_set_epi64x,
        _mm_slli_epi64, _mm_srli_epi64, _mm_unpackhi_epi64,
    };
    /// Runs of `through` from `player` towards higher bits, by `S` squares (`S2 = 2 * S`): the
    /// squares just beyond, as in the portable `both_ways`.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn up<const S: i32, const S2: i32>(player: __m128i, through: __m128i) -> __m128i {
        let mut run = _mm_and_si128(through, _mm_slli_epi64::<S>(player));
        run = _mm_or_si128(run, _mm_and_si128(through, _mm_slli_epi64::<S>(run)));
        let pairs = _mm_and_si128(through, _mm_slli_epi64::<S>(through));
        run = _mm_or_si128(run, _mm_and_si128(pairs, _mm_slli_epi64::<S2>(run)));
        run = _mm_or_si128(run, _mm_and_si128(pairs, _mm_slli_epi64::<S2>(run)));
        _mm_slli_epi64::<S>(run)
    }
    /// The same towards lower bits (only the horizontal direction needs it).
    #[target_feature(enable = "sse2")]
    #[inline]
    fn down<const S: i32, const S2: i32>(player: __m128i, through: __m128i) -> __m128i {
        let mut run = _mm_and_si128(through, _mm_srli_epi64::<S>(player));
        run = _mm_or_si128(run, _mm_and_si128(through, _mm_srli_epi64::<S>(run)));
        let pairs = _mm_and_si128(through, _mm_srli_epi64::<S>(through));
        run = _mm_or_si128(run, _mm_and_si128(pairs, _mm_srli_epi64::<S2>(run)));
        run = _mm_or_si128(run, _mm_and_si128(pairs, _mm_srli_epi64::<S2>(run)));
        _mm_srli_epi64::<S>(run)
    }
    // Opponent discs off columns a and h (the mirror keeps columns, so one mask serves both).
    let p = _mm_set_epi64x(player.swap_bytes() as i64, player as i64);
    let o = _mm_set_epi64x(opponent.swap_bytes() as i64, opponent as i64);
    let inner = _mm_and_si128(o, _mm_set1_epi64x(INNER_COLUMNS as i64));
    let moves = _mm_or_si128(
        _mm_or_si128(up::<8, 16>(p, o), up::<9, 18>(p, inner)),
        _mm_or_si128(_mm_or_si128(up::<7, 14>(p, inner), up::<1, 2>(p, inner)), down::<1, 2>(p, inner)),
    );
    let board = _mm_cvtsi128_si64(moves) as u64;
    let mirror = _mm_cvtsi128_si64(_mm_unpackhi_epi64(moves, moves)) as u64;
    (board | mirror.swap_bytes()) & !(player | opponent)
}

/// [`legal_moves`] with AVX2, for the Othello solver's AVX2 build: the four lines through a square
/// (shifts by 1, 8, 9 and 7) in the four 64-bit lanes of one register, each grown both ways by
/// per-lane shifts (`vpsllvq`, `vpsrlvq`), as Edax's AVX2 move generation does: half the
/// instructions of [`legal_moves_sse2`].
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub unsafe fn legal_moves_avx2(player: u64, opponent: u64) -> u64 {
    use core::arch::x86_64::{
        _mm256_and_si256, _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_or_si256,
        _mm256_set1_epi64x, _mm256_set_epi64x, _mm256_sllv_epi64, _mm256_srlv_epi64, _mm_cvtsi128_si64,
        _mm_or_si128, _mm_unpackhi_epi64,
    };
    let p = _mm256_set1_epi64x(player as i64);
    // The opponent's discs a run may pass through: off columns a and h except vertically.
    let inner = INNER_COLUMNS as i64;
    let o = _mm256_and_si256(_mm256_set1_epi64x(opponent as i64), _mm256_set_epi64x(inner, inner, -1, inner));
    let step = _mm256_set_epi64x(7, 9, 8, 1);
    let double = _mm256_set_epi64x(14, 18, 16, 2);
    // Runs of opponent discs from the player's, one square at a time twice, then two at a time
    // through pairs of opponent discs (runs of up to six), as the portable `both_ways`.
    let mut up = _mm256_and_si256(o, _mm256_sllv_epi64(p, step));
    let mut down = _mm256_and_si256(o, _mm256_srlv_epi64(p, step));
    up = _mm256_or_si256(up, _mm256_and_si256(o, _mm256_sllv_epi64(up, step)));
    down = _mm256_or_si256(down, _mm256_and_si256(o, _mm256_srlv_epi64(down, step)));
    let pairs_up = _mm256_and_si256(o, _mm256_sllv_epi64(o, step));
    let pairs_down = _mm256_srlv_epi64(pairs_up, step);
    up = _mm256_or_si256(up, _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, double)));
    down = _mm256_or_si256(down, _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, double)));
    up = _mm256_or_si256(up, _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, double)));
    down = _mm256_or_si256(down, _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, double)));
    let moves = _mm256_or_si256(_mm256_sllv_epi64(up, step), _mm256_srlv_epi64(down, step));
    let moves = _mm_or_si128(_mm256_castsi256_si128(moves), _mm256_extracti128_si256::<1>(moves));
    let moves = _mm_or_si128(moves, _mm_unpackhi_epi64(moves, moves));
    _mm_cvtsi128_si64(moves) as u64 & !(player | opponent)
}

/// [`legal_moves`] in plain integer operations, for every target. Setwise, a direction and its
/// opposite at once, each run of opponent discs grown by doubling (two steps of one square, then
/// two of two squares: runs of up to six).
#[inline]
pub fn legal_moves_portable(player: u64, opponent: u64) -> u64 {
    #[inline(always)]
    fn both_ways(player: u64, through: u64, step: u32) -> u64 {
        let mut up = through & (player << step);
        let mut down = through & (player >> step);
        up |= through & (up << step);
        down |= through & (down >> step);
        // Squares whose neighbour one step back is also on the run: two steps at a time.
        let pairs_up = through & (through << step);
        let pairs_down = through & (through >> step);
        up |= pairs_up & (up << (2 * step));
        down |= pairs_down & (down >> (2 * step));
        up |= pairs_up & (up << (2 * step));
        down |= pairs_down & (down >> (2 * step));
        (up << step) | (down >> step)
    }
    let inner = opponent & INNER_COLUMNS;
    let moves = both_ways(player, inner, 1)
        | both_ways(player, opponent, 8)
        | both_ways(player, inner, 7)
        | both_ways(player, inner, 9);
    moves & !(player | opponent)
}

/// Discs of `opponent` that playing on `square` flips for `player` (empty when the move is
/// illegal). Walks each of the eight lines from the square; a line flips when its run of opponent
/// discs ends on a player disc.
#[inline]
pub fn flips(player: u64, opponent: u64, square: Square) -> u64 {
    let origin = square.bit();
    let mut flipped = 0;
    let mut direction = 0;
    while direction < 8 {
        let (amount, mask) = DIRECTIONS[direction];
        let mut line = 0;
        let mut next = shift(origin, amount, mask);
        while next & opponent != 0 {
            line |= next;
            next = shift(next, amount, mask);
        }
        if next & player != 0 {
            flipped |= line;
        }
        direction += 1;
    }
    flipped
}

/// `count` random boards, `(player, opponent)` with no square in both, from sparse to nearly full:
/// for the tests that hold a SIMD routine to its portable twin.
#[cfg(test)]
pub(crate) fn random_boards(seed: u64, count: usize) -> impl Iterator<Item = (u64, u64)> {
    let mut rng = types::prng::SplitMix64::new(seed);
    (0..count).map(move |round| {
        let (a, b) = (rng.next_u64(), rng.next_u64());
        let occupied = match round % 5 {
            0 => a | b,
            1 => a | b | (b >> 5),
            2 => a | b | (b >> 7),
            3 => a & b,
            _ => a & b | 0x0000_0018_1800_0000,
        };
        let player = occupied & rng.next_u64();
        (player, occupied & !player)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_legal_moves_match_the_portable_loop() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        for (player, opponent) in random_boards(0x7F4A_7C15_9E37_79B9, 200_000) {
            // SAFETY: the CPU has AVX2 (asked above).
            let moves = unsafe { legal_moves_avx2(player, opponent) };
            assert_eq!(moves, legal_moves_portable(player, opponent), "{player:x} {opponent:x}");
        }
    }

    #[test]
    fn legal_moves_match_the_portable_loop() {
        for (player, opponent) in random_boards(0x9E37_79B9_7F4A_7C15, 200_000) {
            assert_eq!(
                legal_moves(player, opponent),
                legal_moves_portable(player, opponent),
                "{player:x} {opponent:x}"
            );
        }
    }
}
