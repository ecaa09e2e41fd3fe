//! Material values and piece-square tables for the tapered evaluation.
//!
//! The numbers are PeSTO's ("Piece-Square Tables Only"), by Ronald Friederich, as published on the
//! Chess Programming Wiki page "PeSTO's Evaluation Function"
//! (<https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function>), where they are credited to his
//! engine Rofchade. They were tuned together: material, a middlegame and an endgame table per piece
//! kind, and the phase weights below, blended by the number of pieces left.
//!
//! Each table is written as a board diagram from White's side (rank 8 on top, file a on the left), the
//! same layout as the wiki's arrays, and [`macros::piece_square_table!`] turns it into the engine's
//! `[colour][square]` order (a1 = 0) with Black's half mirrored vertically. Values are bonuses for the
//! piece's owner; the evaluator applies the sign.

use super::types::{Color, PieceKind, Square};

/// Middlegame material, pawn to king (the king's value is irrelevant: both sides always have one).
pub const MATERIAL_MG: [i32; 6] = [82, 337, 365, 477, 1025, 0];
/// Endgame material, pawn to king.
pub const MATERIAL_EG: [i32; 6] = [94, 281, 297, 512, 936, 0];

/// How much each piece kind counts towards the middlegame: knight and bishop 1, rook 2, queen 4.
pub const PHASE_WEIGHTS: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the initial position (4 minors + 4 rooks * 2 + 2 queens * 4); higher counts (after
/// promotions) are capped to it.
pub const PHASE_MAX: i32 = 24;

macros::piece_square_table! {
    /// Pawn, middlegame.
    pub const PAWN_MG: [[i16; 64]; 2] = [
        [   0    0    0    0    0    0    0    0]
        [  98  134   61   95   68  126   34  -11]
        [  -6    7   26   31   65   56   25  -20]
        [ -14   13    6   21   23   12   17  -23]
        [ -27   -2   -5   12   17    6   10  -25]
        [ -26   -4   -4  -10    3    3   33  -12]
        [ -35   -1  -20  -23  -15   24   38  -22]
        [   0    0    0    0    0    0    0    0]
    ];
}

macros::piece_square_table! {
    /// Pawn, endgame.
    pub const PAWN_EG: [[i16; 64]; 2] = [
        [   0    0    0    0    0    0    0    0]
        [ 178  173  158  134  147  132  165  187]
        [  94  100   85   67   56   53   82   84]
        [  32   24   13    5   -2    4   17   17]
        [  13    9   -3   -7   -7   -8    3   -1]
        [   4    7   -6    1    0   -5   -1   -8]
        [  13    8    8   10   13    0    2   -7]
        [   0    0    0    0    0    0    0    0]
    ];
}

macros::piece_square_table! {
    /// Knight, middlegame.
    pub const KNIGHT_MG: [[i16; 64]; 2] = [
        [-167  -89  -34  -49   61  -97  -15 -107]
        [ -73  -41   72   36   23   62    7  -17]
        [ -47   60   37   65   84  129   73   44]
        [  -9   17   19   53   37   69   18   22]
        [ -13    4   16   13   28   19   21   -8]
        [ -23   -9   12   10   19   17   25  -16]
        [ -29  -53  -12   -3   -1   18  -14  -19]
        [-105  -21  -58  -33  -17  -28  -19  -23]
    ];
}

macros::piece_square_table! {
    /// Knight, endgame.
    pub const KNIGHT_EG: [[i16; 64]; 2] = [
        [ -58  -38  -13  -28  -31  -27  -63  -99]
        [ -25   -8  -25   -2   -9  -25  -24  -52]
        [ -24  -20   10    9   -1   -9  -19  -41]
        [ -17    3   22   22   22   11    8  -18]
        [ -18   -6   16   25   16   17    4  -18]
        [ -23   -3   -1   15   10   -3  -20  -22]
        [ -42  -20  -10   -5   -2  -20  -23  -44]
        [ -29  -51  -23  -15  -22  -18  -50  -64]
    ];
}

macros::piece_square_table! {
    /// Bishop, middlegame.
    pub const BISHOP_MG: [[i16; 64]; 2] = [
        [ -29    4  -82  -37  -25  -42    7   -8]
        [ -26   16  -18  -13   30   59   18  -47]
        [ -16   37   43   40   35   50   37   -2]
        [  -4    5   19   50   37   37    7   -2]
        [  -6   13   13   26   34   12   10    4]
        [   0   15   15   15   14   27   18   10]
        [   4   15   16    0    7   21   33    1]
        [ -33   -3  -14  -21  -13  -12  -39  -21]
    ];
}

macros::piece_square_table! {
    /// Bishop, endgame.
    pub const BISHOP_EG: [[i16; 64]; 2] = [
        [ -14  -21  -11   -8   -7   -9  -17  -24]
        [  -8   -4    7  -12   -3  -13   -4  -14]
        [   2   -8    0   -1   -2    6    0    4]
        [  -3    9   12    9   14   10    3    2]
        [  -6    3   13   19    7   10   -3   -9]
        [ -12   -3    8   10   13    3   -7  -15]
        [ -14  -18   -7   -1    4   -9  -15  -27]
        [ -23   -9  -23   -5   -9  -16   -5  -17]
    ];
}

macros::piece_square_table! {
    /// Rook, middlegame.
    pub const ROOK_MG: [[i16; 64]; 2] = [
        [  32   42   32   51   63    9   31   43]
        [  27   32   58   62   80   67   26   44]
        [  -5   19   26   36   17   45   61   16]
        [ -24  -11    7   26   24   35   -8  -20]
        [ -36  -26  -12   -1    9   -7    6  -23]
        [ -45  -25  -16  -17    3    0   -5  -33]
        [ -44  -16  -20   -9   -1   11   -6  -71]
        [ -19  -13    1   17   16    7  -37  -26]
    ];
}

macros::piece_square_table! {
    /// Rook, endgame.
    pub const ROOK_EG: [[i16; 64]; 2] = [
        [  13   10   18   15   12   12    8    5]
        [  11   13   13   11   -3    3    8    3]
        [   7    7    7    5    4   -3   -5   -3]
        [   4    3   13    1    2    1   -1    2]
        [   3    5    8    4   -5   -6   -8  -11]
        [  -4    0   -5   -1   -7  -12   -8  -16]
        [  -6   -6    0    2   -9   -9  -11   -3]
        [  -9    2    3   -1   -5  -13    4  -20]
    ];
}

macros::piece_square_table! {
    /// Queen, middlegame.
    pub const QUEEN_MG: [[i16; 64]; 2] = [
        [ -28    0   29   12   59   44   43   45]
        [ -24  -39   -5    1  -16   57   28   54]
        [ -13  -17    7    8   29   56   47   57]
        [ -27  -27  -16  -16   -1   17   -2    1]
        [  -9  -26   -9  -10   -2   -4    3   -3]
        [ -14    2  -11   -2   -5    2   14    5]
        [ -35   -8   11    2    8   15   -3    1]
        [  -1  -18   -9   10  -15  -25  -31  -50]
    ];
}

macros::piece_square_table! {
    /// Queen, endgame.
    pub const QUEEN_EG: [[i16; 64]; 2] = [
        [  -9   22   22   27   27   19   10   20]
        [ -17   20   32   41   58   25   30    0]
        [ -20    6    9   49   47   35   19    9]
        [   3   22   24   45   57   40   57   36]
        [ -18   28   19   47   31   34   39   23]
        [ -16  -27   15    6    9   17   10    5]
        [ -22  -23  -30  -16  -16  -23  -36  -32]
        [ -33  -28  -22  -43   -5  -32  -20  -41]
    ];
}

macros::piece_square_table! {
    /// King, middlegame.
    pub const KING_MG: [[i16; 64]; 2] = [
        [ -65   23   16  -15  -56  -34    2   13]
        [  29   -1  -20   -7   -8   -4  -38  -29]
        [  -9   24    2  -16  -20    6   22  -22]
        [ -17  -20  -12  -27  -30  -25  -14  -36]
        [ -49   -1  -27  -39  -46  -44  -33  -51]
        [ -14  -14  -22  -46  -44  -30  -15  -27]
        [   1    7   -8  -64  -43  -16    9    8]
        [ -15   36   12  -54    8  -28   24   14]
    ];
}

macros::piece_square_table! {
    /// King, endgame.
    pub const KING_EG: [[i16; 64]; 2] = [
        [ -74  -35  -18  -18  -11   15    4  -17]
        [ -12   17   14   17   17   38   23   11]
        [  10   17   23   15   20   45   44   13]
        [  -8   22   24   27   26   33   26    3]
        [ -18   -4   21   24   27   23    9  -11]
        [ -19   -3   11   21   23   16    7   -9]
        [ -27  -11    4   13   14    4   -5  -17]
        [ -53  -34  -21  -11  -28  -14  -24  -43]
    ];
}

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

    #[test]
    fn tables_read_as_the_published_diagrams() {
        // Spot checks against the wiki's arrays (a8 first there): a white knight on a1 is the bottom
        // left cell, on f6 the sixth cell of the third row.
        let square = |text: &[u8]| Square::parse(text).unwrap();
        assert_eq!(psqt_mg(Color::White, PieceKind::Knight, square(b"a1")), -105);
        assert_eq!(psqt_mg(Color::White, PieceKind::Knight, square(b"f6")), 129);
        assert_eq!(psqt_mg(Color::Black, PieceKind::Knight, square(b"f3")), 129);
        assert_eq!(psqt_eg(Color::White, PieceKind::Pawn, square(b"h7")), 187);
        assert_eq!(psqt_eg(Color::Black, PieceKind::Pawn, square(b"h2")), 187);
        assert_eq!(psqt_mg(Color::White, PieceKind::King, square(b"g1")), 24);
        assert_eq!(psqt_eg(Color::Black, PieceKind::King, square(b"a8")), -53);
    }
}
