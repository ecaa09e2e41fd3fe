//! Chess evaluation. Placeholder with the final interface: material only. (Being replaced by the
//! material + piece-square evaluation.)

use super::position::Position;
use super::types::{Color, PieceKind};
use crate::score::Score;

/// Piece values in centipawns, pawn to king, for ordering and exchange evaluation.
pub const PIECE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Static evaluation from the side to move's point of view.
pub fn evaluate(position: &Position) -> Score {
    let mut score = 0;
    for kind in PieceKind::ALL {
        let balance = position.pieces(Color::White, kind).count() as i32
            - position.pieces(Color::Black, kind).count() as i32;
        score += balance * PIECE_VALUES[kind.index()];
    }
    Score(if position.side_to_move() == Color::White { score } else { -score })
}

/// True when neither side has mating material (bare kings, a lone minor piece).
pub fn insufficient_material(position: &Position) -> bool {
    let heavy_or_pawns = position.pieces_of_kind(PieceKind::Pawn)
        | position.pieces_of_kind(PieceKind::Rook)
        | position.pieces_of_kind(PieceKind::Queen);
    let minors = position.pieces_of_kind(PieceKind::Knight) | position.pieces_of_kind(PieceKind::Bishop);
    heavy_or_pawns.is_empty() && !minors.has_more_than_one()
}
