//! What the terms of one evaluation share: attack sets and king-ring counts, computed once.

use super::geometry::{forward, pawn_attacks};
use crate::chess::bitboard::Bitboard;
use crate::chess::position::Position;
use crate::chess::tables;
use crate::chess::types::{Color, PieceKind, Square};

/// Attack sets and king-ring counts computed once per call and shared between the terms, by colour.
pub(super) struct EvalInfo {
    pub(super) occupied: Bitboard,
    pub(super) pawns: [Bitboard; 2],
    pub(super) pawn_attacks: [Bitboard; 2],
    /// Squares two of a side's pawns attack.
    pub(super) pawn_attacks_twice: [Bitboard; 2],
    pub(super) king: [Square; 2],
    /// The 3x3 block around the king (its centre moved off the edges), less the squares two own
    /// pawns defend.
    pub(super) king_ring: [Bitboard; 2],
    /// Squares attacked by each side's pieces of each kind.
    pub(super) attacked_by: [[Bitboard; 6]; 2],
    /// Squares attacked by each side (every kind).
    pub(super) attacked: [Bitboard; 2],
    /// Squares attacked at least twice by each side.
    pub(super) attacked_twice: [Bitboard; 2],
    /// Each side's attackers of the enemy king ring (pieces, and pawns per ring square attacked).
    pub(super) ring_attackers: [i32; 2],
    /// The summed [`super::weights::KING_ATTACKER_WEIGHT`] of each side's ring attackers.
    pub(super) ring_weight: [i32; 2],
    /// Attacks of each side's ring attackers on squares next to the enemy king, each piece's counted.
    pub(super) king_attacks: [i32; 2],
}

impl EvalInfo {
    #[inline(always)]
    pub(super) fn new(position: &Position) -> EvalInfo {
        let pawns =
            [position.pieces(Color::White, PieceKind::Pawn), position.pieces(Color::Black, PieceKind::Pawn)];
        let king = [position.king_square(Color::White), position.king_square(Color::Black)];
        let twice = |color: Color| {
            let ahead = forward(color, pawns[color.index()]);
            ahead.shift_east() & ahead.shift_west()
        };
        let pawn_attacks_twice = [twice(Color::White), twice(Color::Black)];
        let ring = |color: Color| {
            let square = king[color.index()];
            let centre =
                Square::from_index_unchecked(square.rank().clamp(1, 6) * 8 + square.file().clamp(1, 6));
            (tables::king_attacks(centre) | Bitboard::from_square(centre))
                & !pawn_attacks_twice[color.index()]
        };
        EvalInfo {
            occupied: position.occupied(),
            pawns,
            pawn_attacks: [pawn_attacks(Color::White, pawns[0]), pawn_attacks(Color::Black, pawns[1])],
            pawn_attacks_twice,
            king,
            king_ring: [ring(Color::White), ring(Color::Black)],
            attacked_by: [[Bitboard::EMPTY; 6]; 2],
            attacked: [Bitboard::EMPTY; 2],
            attacked_twice: [Bitboard::EMPTY; 2],
            ring_attackers: [0; 2],
            ring_weight: [0; 2],
            king_attacks: [0; 2],
        }
    }
}
