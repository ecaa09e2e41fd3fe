//! Flips without loops: one ray mask per square and direction, and carry or leading-zero
//! arithmetic to find the outflanking disc (the "carry" method Edax's documentation describes).
//! The solver spends most of its time here, at the leaves.
//!
//! [`super::super::board::flips`] walks each line a square at a time; this finds the first
//! non-opponent square of a line in one step, so its cost does not grow with the run length.
//! The solver's routines for the last few empties call it through `flips_near`, which skips the
//! squares no opponent disc touches.

/// Ray masks, indexed `[square][direction]`: the first four directions run towards higher bit
/// indices (east, south, south-east, south-west), the last four towards lower ones.
static RAYS: [[u64; 8]; 64] = rays();

const fn rays() -> [[u64; 8]; 64] {
    // (row step, column step); the first four add 1, 8, 9, 7 to the index, the others subtract.
    const STEPS: [(i32, i32); 8] = [(0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1)];
    let mut table = [[0u64; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut direction = 0;
        while direction < 8 {
            let (row_step, column_step) = STEPS[direction];
            let mut row = square as i32 / 8 + row_step;
            let mut column = square as i32 % 8 + column_step;
            let mut mask = 0u64;
            while row >= 0 && row < 8 && column >= 0 && column < 8 {
                mask |= 1 << (row * 8 + column);
                row += row_step;
                column += column_step;
            }
            table[square][direction] = mask;
            direction += 1;
        }
        square += 1;
    }
    table
}

/// Discs of `opponent` that `player` flips by playing on the empty `square` (0..64); empty when
/// the move is illegal. Same result as [`super::super::board::flips`].
#[inline(always)]
pub fn flips(player: u64, opponent: u64, square: usize) -> u64 {
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

/// How many discs `player` flips by playing on `square` when every other square is filled (the
/// last move of a game): the opponent is everything else, so only the player's discs are needed.
#[inline(always)]
pub fn last_flip_count(player: u64, square: usize) -> u32 {
    let opponent = !player & !(1u64 << square);
    flips(player, opponent, square).count_ones()
}

/// The squares next to each square.
static NEIGHBOURS: [u64; 64] = neighbour_table();

const fn neighbour_table() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
        const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let bit = 1u64 << square;
        let sides = ((bit << 1) & NOT_A) | ((bit >> 1) & NOT_H) | bit;
        table[square] = (sides | (sides << 8) | (sides >> 8)) & !bit;
        square += 1;
    }
    table
}

/// [`flips`], skipping the ray arithmetic when no opponent disc touches `square` (then nothing
/// can flip): near the end most empty squares are illegal for one side or the other.
#[inline(always)]
pub(super) fn flips_near(p: u64, o: u64, square: usize) -> u64 {
    if o & NEIGHBOURS[square] == 0 {
        0
    } else {
        flips(p, o, square)
    }
}
