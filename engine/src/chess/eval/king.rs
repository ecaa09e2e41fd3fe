//! King safety of one side: the enemy's attack units on the king zone (counted by the piece pass)
//! plus safe checks, turned into a quadratic penalty; and the pawns by the king (shield, storm, open
//! files).

use super::weights::*;
use super::{fill_forward, forward, rearmost, relative_rank, EvalInfo, Sink, Term, S};
use crate::chess::bitboard::Bitboard;
use crate::chess::position::Position;
use crate::chess::tables;
use crate::chess::types::{Color, PieceKind};

/// `us`'s king safety, as a defender.
#[inline(always)]
pub(super) fn king<K: Sink>(position: &Position, info: &EvalInfo, us: Color, sink: &mut K) {
    let them = !us;
    let king = info.king[us.index()];

    // Attack: only with enough attackers and enough attacking material.
    if info.zone_attackers[them.index()] >= KING_DANGER_MIN_ATTACKERS && attacker_is_strong(position, them) {
        let theirs = &info.attacked_by[them.index()];
        let safe = !info.attacked[us.index()] & !position.pieces_of(them);
        let diagonal = tables::bishop_attacks(king, info.occupied);
        let straight = tables::rook_attacks(king, info.occupied);
        let mut units = info.zone_units[them.index()];
        let checks = [
            (PieceKind::Knight, tables::knight_attacks(king)),
            (PieceKind::Bishop, diagonal),
            (PieceKind::Rook, straight),
            (PieceKind::Queen, diagonal | straight),
        ];
        for (kind, squares) in checks {
            if (squares & theirs[kind.index()] & safe).non_empty() {
                units += SAFE_CHECK_UNITS[kind.index()];
            }
        }
        let danger = (units * units / KING_DANGER_DIVISOR).min(KING_DANGER_MAX);
        sink.add_fixed(us, Term::KingAttack, S::new(-danger, 0));
    }

    // Shelter: the king's file and its neighbours, the king on an edge file treated as one file in.
    let own_pawns = info.pawns[us.index()];
    let their_pawns = info.pawns[them.index()];
    let in_front = fill_forward(us, forward(us, Bitboard::rank(king.rank())));
    let shield_ranks = [relative_rank(us, 1) & in_front, relative_rank(us, 2) & in_front];
    let centre = king.file().clamp(1, 6);
    for file in centre - 1..=centre + 1 {
        let file = Bitboard::file(file);
        let ours = own_pawns & file;
        let shield = if (ours & shield_ranks[0]).non_empty() {
            SHELTER_RANK2
        } else if (ours & shield_ranks[1]).non_empty() {
            SHELTER_RANK3
        } else {
            SHELTER_MISSING
        };
        sink.add(us, Term::KingShelter, shield, 1);
        if ours.is_empty() {
            sink.add(us, Term::KingShelter, KING_FILE_SEMI_OPEN, 1);
            if (their_pawns & file).is_empty() {
                sink.add(us, Term::KingShelter, KING_FILE_OPEN, 1);
            }
        }
        let storm = their_pawns & file & in_front;
        if storm.non_empty() {
            let pawn = rearmost(us, storm);
            let rank = pawn.relative_to(us).rank() as usize;
            let blocked = (own_pawns & forward(them, Bitboard::from_square(pawn))).non_empty();
            let storm = if blocked { STORM_BLOCKED } else { STORM_UNBLOCKED };
            sink.add(us, Term::KingShelter, storm.at(rank), 1);
        }
    }
}

/// True when `color` has a queen, or at least [`KING_DANGER_MIN_PHASE`] of phase material.
#[inline(always)]
fn attacker_is_strong(position: &Position, color: Color) -> bool {
    if position.pieces(color, PieceKind::Queen).non_empty() {
        return true;
    }
    let minors =
        (position.pieces(color, PieceKind::Knight) | position.pieces(color, PieceKind::Bishop)).count();
    let rooks = position.pieces(color, PieceKind::Rook).count();
    (minors + 2 * rooks) as i32 >= KING_DANGER_MIN_PHASE
}
