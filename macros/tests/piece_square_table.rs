//! `piece_square_table!` as the engine uses it: tables drawn as diagrams, read back by engine
//! square index and colour.

use macros::piece_square_table;
use static_assertions::{assert_eq_size_val, const_assert, const_assert_eq};

const WHITE: usize = 0;
const BLACK: usize = 1;

/// Chess square index as the engine numbers it: rank 0 is White's back rank, file 0 is file a.
const fn chess(file: char, rank: usize) -> usize {
    (rank - 1) * 8 + (file as usize - 'a' as usize)
}

/// Xiangqi square index: 9 files, ranks 0 (Red's back rank) to 9.
const fn xiangqi(file: char, rank: usize) -> usize {
    rank * 9 + (file as usize - 'a' as usize)
}

piece_square_table! {
    /// Every cell holds the engine index of its own square, so White's table must come out as
    /// the identity and Black's as the mirror map.
    const SQUARE_INDEX: [[u8; 64]; 2] = [
        [56 57 58 59 60 61 62 63]   // rank 8
        [48 49 50 51 52 53 54 55]
        [40 41 42 43 44 45 46 47]
        [32 33 34 35 36 37 38 39]
        [24 25 26 27 28 29 30 31]
        [16 17 18 19 20 21 22 23]
        [ 8  9 10 11 12 13 14 15]
        [ 0  1  2  3  4  5  6  7]   // rank 1
    ];
}

#[test]
fn white_table_is_in_engine_square_order() {
    assert_eq!(SQUARE_INDEX[WHITE][chess('a', 1)], 0);
    assert_eq!(SQUARE_INDEX[WHITE][chess('h', 1)], 7);
    assert_eq!(SQUARE_INDEX[WHITE][chess('a', 8)], 56);
    assert_eq!(SQUARE_INDEX[WHITE][chess('h', 8)], 63);
    assert_eq!(SQUARE_INDEX[WHITE][chess('e', 4)], 28);
    for (square, &value) in SQUARE_INDEX[WHITE].iter().enumerate() {
        assert_eq!(usize::from(value), square);
    }
}

#[test]
fn black_table_is_mirrored_by_rank_not_by_file() {
    assert_eq!(SQUARE_INDEX[BLACK][chess('a', 1)], 56, "a1 reads a8");
    assert_eq!(SQUARE_INDEX[BLACK][chess('h', 1)], 63, "h1 reads h8");
    assert_eq!(SQUARE_INDEX[BLACK][chess('a', 8)], 0, "a8 reads a1");
    assert_eq!(SQUARE_INDEX[BLACK][chess('h', 8)], 7, "h8 reads h1");
    assert_eq!(SQUARE_INDEX[BLACK][chess('e', 4)], 36, "e4 reads e5");
    for (square, &value) in SQUARE_INDEX[BLACK].iter().enumerate() {
        let mirror = (7 - square / 8) * 8 + square % 8;
        assert_eq!(usize::from(value), mirror);
    }
}

// The same facts, checked by the compiler.
const_assert_eq!(SQUARE_INDEX[WHITE][chess('e', 4)], 28);
const_assert_eq!(SQUARE_INDEX[BLACK][chess('e', 4)], 36);
const_assert_eq!(SQUARE_INDEX[BLACK][chess('h', 8)], 7);

#[test]
fn tables_have_exactly_one_entry_per_square_and_colour() {
    // Compile-time size checks on the emitted values themselves, not just on the written types.
    assert_eq_size_val!(SQUARE_INDEX, [0_u8; 2 * 64]);
    assert_eq_size_val!(KING_MG, [0_i16; 2 * 64]);
    assert_eq_size_val!(XIANGQI_INDEX, [0_u8; 2 * 90]);
    assert_eq_size_val!(visibility::WHITE_ONLY, [0_i32; 64]);
    assert_eq!(core::mem::size_of_val(&KING_MG), 256);
}

piece_square_table! {
    /// King middlegame table: almost every value negative, with commas, as some people write it.
    pub const KING_MG: [[i16; 64]; 2] = [
        [-30, -40, -40, -50, -50, -40, -40, -30],
        [-30, -40, -40, -50, -50, -40, -40, -30],
        [-30, -40, -40, -50, -50, -40, -40, -30],
        [-30, -40, -40, -50, -50, -40, -40, -30],
        [-20, -30, -30, -40, -40, -30, -30, -20],
        [-10, -20, -20, -20, -20, -20, -20, -10],
        [ 20,  20,   0,   0,   0,   0,  20,  20],
        [ 20,  30,  10,   0,   0,  10,  30,  21],
    ];
}

#[test]
fn negative_values_keep_their_sign_for_both_colours() {
    assert_eq!(KING_MG[WHITE][chess('e', 8)], -50);
    assert_eq!(KING_MG[BLACK][chess('e', 1)], -50, "values are mirrored, never negated");
    assert_eq!(KING_MG[WHITE][chess('g', 1)], 30);
    assert_eq!(KING_MG[BLACK][chess('g', 8)], 30);
    assert_eq!(KING_MG[WHITE][chess('h', 1)], 21);
    assert_eq!(KING_MG[BLACK][chess('h', 8)], 21);
    assert_eq!(KING_MG[BLACK][chess('a', 8)], 20);
    assert_eq!(KING_MG[WHITE][chess('a', 3)], -10);
    assert_eq!(KING_MG[BLACK][chess('a', 6)], -10);
    assert_eq!(KING_MG[WHITE][chess('d', 3)], -20);
    assert_eq!(KING_MG[BLACK][chess('d', 6)], -20);
}

const_assert_eq!(KING_MG[WHITE][chess('a', 7)], -30);
const_assert_eq!(KING_MG[BLACK][chess('a', 2)], -30);

piece_square_table! {
    /// Each cell holds its own xiangqi square index: 9 files, 10 ranks, rank 9 on top.
    pub(crate) const XIANGQI_INDEX: [[u8; 90]; 2] = [
        [81 82 83 84 85 86 87 88 89]   // rank 9, Black's back rank
        [72 73 74 75 76 77 78 79 80]
        [63 64 65 66 67 68 69 70 71]
        [54 55 56 57 58 59 60 61 62]
        [45 46 47 48 49 50 51 52 53]   // rank 5, Black's side of the river
        [36 37 38 39 40 41 42 43 44]   // rank 4, Red's side of the river
        [27 28 29 30 31 32 33 34 35]
        [18 19 20 21 22 23 24 25 26]
        [ 9 10 11 12 13 14 15 16 17]
        [ 0  1  2  3  4  5  6  7  8]   // rank 0, Red's back rank
    ];
}

#[test]
fn xiangqi_tables_are_nine_files_by_ten_ranks() {
    const RED: usize = WHITE;
    assert_eq!(XIANGQI_INDEX[RED][xiangqi('a', 0)], 0);
    assert_eq!(XIANGQI_INDEX[RED][xiangqi('i', 0)], 8);
    assert_eq!(XIANGQI_INDEX[RED][xiangqi('e', 0)], 4, "Red's general starts on e0");
    assert_eq!(XIANGQI_INDEX[RED][xiangqi('a', 9)], 81);
    assert_eq!(XIANGQI_INDEX[RED][xiangqi('i', 9)], 89);
    assert_eq!(XIANGQI_INDEX[BLACK][xiangqi('e', 9)], 4, "e9 reads e0");
    assert_eq!(XIANGQI_INDEX[BLACK][xiangqi('e', 4)], 49, "e4 reads e5");
    assert_eq!(XIANGQI_INDEX[BLACK][xiangqi('a', 0)], 81);
    let [red, black] = XIANGQI_INDEX;
    for (square, (&red, &black)) in red.iter().zip(&black).enumerate() {
        assert_eq!(usize::from(red), square);
        let mirror = (9 - square / 9) * 9 + square % 9;
        assert_eq!(usize::from(black), mirror);
    }
}

const_assert_eq!(XIANGQI_INDEX[WHITE][xiangqi('i', 9)], 89);
const_assert_eq!(XIANGQI_INDEX[BLACK][xiangqi('i', 9)], 8);

mod visibility {
    macros::piece_square_table! {
        /// Single-colour form, in a module, with a restricted visibility and an attribute.
        #[allow(clippy::unreadable_literal)]
        pub(super) const WHITE_ONLY: [i32; 64] = [
            [0x38 57 58 59 60 61 62 63]
            [48 49 50 51 52 53 54 55]
            [40 41 42 43 44 45 46 47]
            [32 33 34 35 36 37 38 39]
            [24 25 26 27 28 29 30 31]
            [16 17 18 19 20 21 22 23]
            [8 9 10 11 12 13 14 15]
            [0 1 2 3 4 5 6 1_000_007]
        ];
    }
}

#[test]
fn single_colour_form_is_whites_table_alone() {
    let table: [i32; 64] = visibility::WHITE_ONLY;
    assert_eq!(table[chess('a', 8)], 56, "hex literal kept as written");
    assert_eq!(table[chess('h', 1)], 1_000_007);
    assert_eq!(table[chess('e', 4)], 28);
}

piece_square_table! {
    /// A table compiled out: its mirror check must go with it, or the build would fail on a
    /// missing name.
    #[cfg(any())]
    const NEVER_BUILT: [[i8; 64]; 2] = [
        [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0]
        [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0]
    ];
}

#[test]
fn works_inside_a_function_and_beside_same_named_locals() {
    // Lower-case constants in scope must not clash with anything the expansion binds (a `let`
    // of the same name would be error E0530).
    #[allow(non_upper_case_globals, dead_code)]
    const square: usize = 99;
    #[allow(non_upper_case_globals, dead_code)]
    const table: usize = 99;
    #[allow(non_upper_case_globals, dead_code)]
    const mirror: usize = 99;
    piece_square_table! {
        const EXTREMES: [[i8; 64]; 2] = [
            [-128 0 0 0 0 0 0 127]
            [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0]
            [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0] [0 0 0 0 0 0 0 0]
            [1 0 0 0 0 0 0 -1]
        ];
    }
    assert_eq!(EXTREMES[WHITE][chess('a', 8)], i8::MIN);
    assert_eq!(EXTREMES[WHITE][chess('h', 8)], i8::MAX);
    assert_eq!(EXTREMES[BLACK][chess('a', 1)], i8::MIN);
    assert_eq!(EXTREMES[BLACK][chess('h', 8)], -1);
    const_assert!(EXTREMES[BLACK][7] == 127);
}
