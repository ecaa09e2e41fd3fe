//! How much of the endgame score the stronger side can expect to convert: a factor out of
//! [`SCALE_NORMAL`] applied to the endgame half before tapering.
//!
//! A linear evaluation counts an extra pawn the same in every endgame, but some endgames are drawn
//! with a whole piece more (king and minor against king) and opposite-coloured bishops draw with
//! two pawns more. Without this, the search trades into such endgames when ahead and avoids them
//! when behind. The rules and their factors are those of Stockfish 12's classical evaluation
//! (`Material::Entry::scale_factor` and `Evaluation::winnable`), own code; the piece values that
//! decide "little extra material" are [`PIECE_VALUES`], not the tuned ones, so that the
//! factor is a property of the position alone and the tuner can treat it as a constant.

use super::geometry::LIGHT_SQUARES;
use super::pawns::passed_pawns;
use super::psqt::PHASE_MAX;
use crate::chess::bitboard::Bitboard;
use crate::chess::position::Position;
use crate::chess::tables;
use crate::chess::types::{Color, PieceKind, PIECE_VALUES};

/// The factor that leaves the endgame score as it is.
pub const SCALE_NORMAL: i32 = 64;

/// Files a to d.
const QUEEN_SIDE: Bitboard = Bitboard(0x0F0F_0F0F_0F0F_0F0F);

/// Non-pawn material of `color` in [`PIECE_VALUES`].
#[inline(always)]
fn non_pawn_material(position: &Position, color: Color) -> i32 {
    [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen]
        .into_iter()
        .map(|kind| position.pieces(color, kind).count() as i32 * PIECE_VALUES[kind.index()])
        .sum()
}

/// The endgame factor, 0 to [`SCALE_NORMAL`], when `strong` is the side the endgame score favours.
#[inline]
pub fn endgame_scale(position: &Position, strong: Color) -> i32 {
    let weak = !strong;
    let strong_material = non_pawn_material(position, strong);
    let weak_material = non_pawn_material(position, weak);
    let strong_pawns = position.pieces(strong, PieceKind::Pawn).count() as i32;
    let bishop = PIECE_VALUES[PieceKind::Bishop.index()];
    let rook = PIECE_VALUES[PieceKind::Rook.index()];

    // No pawns and at most a bishop more: a minor alone cannot mate, a rook against a minor
    // rarely wins.
    if strong_pawns == 0 && strong_material - weak_material <= bishop {
        return if strong_material < rook {
            0
        } else if weak_material <= bishop {
            4
        } else {
            14
        };
    }

    let bishops = position.pieces_of_kind(PieceKind::Bishop);
    let opposite_bishops = position.pieces(strong, PieceKind::Bishop).count() == 1
        && position.pieces(weak, PieceKind::Bishop).count() == 1
        && (bishops & LIGHT_SQUARES).count() == 1;
    if opposite_bishops {
        // Bishops alone: the defender's bishop blockades one colour complex; what counts is how
        // many passers the stronger side has.
        if strong_material == bishop && weak_material == bishop {
            let pawns = [
                position.pieces(Color::White, PieceKind::Pawn),
                position.pieces(Color::Black, PieceKind::Pawn),
            ];
            return 18 + 4 * passed_pawns(pawns, strong).count() as i32;
        }
        return 22 + 3 * position.pieces_of(strong).count() as i32;
    }

    // Rook endgame with at most one pawn more, all on one wing, the defending king in front of
    // its pawns: the textbook draw.
    let strong_pawn_set = position.pieces(strong, PieceKind::Pawn);
    let weak_pawns = position.pieces(weak, PieceKind::Pawn);
    if strong_material == rook
        && weak_material == rook
        && strong_pawns - weak_pawns.count() as i32 <= 1
        && (strong_pawn_set & QUEEN_SIDE).non_empty() != (strong_pawn_set & !QUEEN_SIDE).non_empty()
        && (tables::king_attacks(position.king_square(weak)) & weak_pawns).non_empty()
    {
        return 36;
    }

    // Few pawns left to the stronger side: fewer ways to make progress.
    (36 + 7 * strong_pawns).min(SCALE_NORMAL)
}

/// The side the endgame half is scaled for: the side it favours, or none where no factor can
/// change the score (a zero endgame sum, or the full middlegame, where the endgame half has no
/// weight). The one rule the evaluation and the tuner's model both pick the factor by.
#[inline(always)]
pub fn stronger_side(eg: i32, phase: i32) -> Option<Color> {
    if phase == PHASE_MAX || eg == 0 {
        None
    } else if eg > 0 {
        Some(Color::White)
    } else {
        Some(Color::Black)
    }
}
