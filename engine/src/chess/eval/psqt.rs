//! Material values and piece-square tables for the tapered evaluation.
//!
//! The starting numbers are PeSTO's ("Piece-Square Tables Only"), by Ronald Friederich, as published
//! on the Chess Programming Wiki page "PeSTO's Evaluation Function"
//! (<https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function>), where they are credited to his
//! engine Rofchade. They were tuned together: material, a middlegame and an endgame table per piece
//! kind, and the phase weights below, blended by the number of pieces left.
//!
//! The values live in the data file `engine/data/chess_eval.txt` with the other weights (see
//! [`crate::chess::eval::weights`]); there each table is a board diagram from White's side (rank 8
//! on top, file a on the left), the same layout as the wiki's arrays, and the generated source hands
//! it to [`macros::piece_square_table!`], which turns it into the engine's `[colour][square]` order
//! (a1 = 0) with Black's half mirrored vertically. Values are bonuses for the piece's owner; the
//! evaluator applies the sign. The phase weights stay here: they define the taper and are not tuned.
//!
//! A module of the evaluation, which reads it and whose weights it re-exports: one unit rather than
//! two modules that use each other. `chess::psqt` re-exports it for the tuner and the tests.

use crate::chess::types::{Color, PieceKind, Square};

pub use super::weights::{
    BISHOP_EG, BISHOP_MG, KING_EG, KING_MG, KNIGHT_EG, KNIGHT_MG, MATERIAL_EG, MATERIAL_MG, PAWN_EG, PAWN_MG,
    QUEEN_EG, QUEEN_MG, ROOK_EG, ROOK_MG,
};

/// How much each piece kind counts towards the middlegame: knight and bishop 1, rook 2, queen 4.
pub const PHASE_WEIGHTS: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the initial position (4 minors + 4 rooks * 2 + 2 queens * 4); higher counts (after
/// promotions) are capped to it.
pub const PHASE_MAX: i32 = 24;

/// Middlegame tables by piece kind: `PSQT_MG[kind][colour][square]`.
pub const PSQT_MG: [[[i16; 64]; 2]; 6] = [PAWN_MG, KNIGHT_MG, BISHOP_MG, ROOK_MG, QUEEN_MG, KING_MG];
/// Endgame tables by piece kind: `PSQT_EG[kind][colour][square]`.
pub const PSQT_EG: [[[i16; 64]; 2]; 6] = [PAWN_EG, KNIGHT_EG, BISHOP_EG, ROOK_EG, QUEEN_EG, KING_EG];

/// Middlegame piece-square bonus of `color`'s `kind` on `square` (material not included).
#[inline(always)]
pub fn psqt_mg(color: Color, kind: PieceKind, square: Square) -> i32 {
    PSQT_MG[kind.index()][color.index()][square.index()] as i32
}

/// Endgame piece-square bonus of `color`'s `kind` on `square` (material not included).
#[inline(always)]
pub fn psqt_eg(color: Color, kind: PieceKind, square: Square) -> i32 {
    PSQT_EG[kind.index()][color.index()][square.index()] as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row `row` (0 = rank 8) of the diagram of table `name` in the data file, as written.
    fn written_row(name: &str, row: usize) -> [i32; 8] {
        let data = include_str!("../../../data/chess_eval.txt");
        let header = data.find(name).expect("every table is in the data file");
        let line = data[header..].lines().nth(1 + row).expect("8 rows follow the header");
        let mut cells = [0; 8];
        let mut words = line.split_whitespace();
        for cell in cells.iter_mut() {
            *cell = words.next().and_then(|word| word.parse().ok()).expect("8 integers per row");
        }
        cells
    }

    #[test]
    fn tables_read_as_the_diagrams_of_the_data_file() {
        // A white piece on a1 is the bottom left cell, on f6 the sixth cell of the third row; Black's
        // tables mirror White's vertically.
        let square = |text: &[u8]| Square::parse(text).unwrap();
        let knight_rank_1 = written_row("table KNIGHT_MG", 7);
        let knight_rank_6 = written_row("table KNIGHT_MG", 2);
        assert_eq!(psqt_mg(Color::White, PieceKind::Knight, square(b"a1")), knight_rank_1[0]);
        assert_eq!(psqt_mg(Color::White, PieceKind::Knight, square(b"f6")), knight_rank_6[5]);
        assert_eq!(psqt_mg(Color::Black, PieceKind::Knight, square(b"f3")), knight_rank_6[5]);
        assert_eq!(psqt_mg(Color::Black, PieceKind::Knight, square(b"a8")), knight_rank_1[0]);
        let pawn_rank_7 = written_row("table PAWN_EG", 1);
        assert_eq!(psqt_eg(Color::White, PieceKind::Pawn, square(b"h7")), pawn_rank_7[7]);
        assert_eq!(psqt_eg(Color::Black, PieceKind::Pawn, square(b"h2")), pawn_rank_7[7]);
        assert_eq!(psqt_mg(Color::White, PieceKind::King, square(b"g1")), written_row("table KING_MG", 7)[6]);
        assert_eq!(psqt_eg(Color::Black, PieceKind::King, square(b"a8")), written_row("table KING_EG", 7)[0]);
    }
}
