//! King safety of one side: Stockfish's classical king danger (the enemy's attackers of the king
//! ring counted by the piece pass, weak ring squares, safe and unsafe checks, blockers of enemy
//! sliders, minus the defences) turned into a quadratic middlegame and a linear endgame penalty; and
//! the pawns by the king (shield, storm, open files).

use super::geometry::{fill_forward, forward, rearmost, relative_rank};
use super::info::EvalInfo;
use super::terms::{Sink, Term};
use super::weights::*;
use crate::chess::bitboard::Bitboard;
use crate::chess::position::Position;
use crate::chess::tables;
use crate::chess::types::{Color, PieceKind};

/// `us`'s king safety, as a defender.
#[inline(always)]
pub(super) fn king<K: Sink>(position: &Position, info: &EvalInfo, us: Color, sink: &mut K) {
    let them = !us;
    let king = info.king[us.index()];

    // Only against an attacker with a queen or enough pieces (a lone minor's checks are no attack).
    let danger = if attacker_is_strong(position, them) { danger(position, info, us) } else { 0 };
    if danger > KING_DANGER_THRESHOLD {
        let danger = danger.min(KING_DANGER_LIMIT);
        let penalty = S::new(-(danger * danger / KING_DANGER_MG_DIVISOR), -(danger / KING_DANGER_EG_DIVISOR));
        sink.add_fixed(us, Term::KingAttack, penalty);
    }

    // Shelter: the king's file and its neighbours, the king on an edge file treated as one file in.
    let own_pawns = info.pawns[us.index()];
    let their_pawns = info.pawns[them.index()];
    if ((own_pawns | their_pawns) & tables::king_flank(king.file())).is_empty() {
        sink.add(us, Term::KingShelter, PAWNLESS_FLANK, 1);
    }
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

/// The enemy's danger units against `us`'s king.
#[inline(always)]
fn danger(position: &Position, info: &EvalInfo, us: Color) -> i32 {
    let them = !us;
    let king = info.king[us.index()];
    let ours = &info.attacked_by[us.index()];
    let theirs = &info.attacked_by[them.index()];
    let defended = info.attacked[us.index()];

    // Attacked squares we defend at most once, and then only by the king or the queen.
    let weak = info.attacked[them.index()]
        & !info.attacked_twice[us.index()]
        & (!defended | ours[PieceKind::King.index()] | ours[PieceKind::Queen.index()]);
    let safe = !position.pieces_of(them) & (!defended | (weak & info.attacked_twice[them.index()]));

    let mut danger = info.ring_attackers[them.index()] * info.ring_weight[them.index()]
        + KING_DANGER_WEAK_RING * (info.king_ring[us.index()] & weak).count() as i32
        + KING_DANGER_KING_ATTACKS * info.king_attacks[them.index()]
        + KING_DANGER_OFFSET;

    // Checks next move, looking through our queen.
    let through = info.occupied ^ position.pieces(us, PieceKind::Queen);
    let straight = tables::rook_attacks(king, through);
    let diagonal = tables::bishop_attacks(king, through);
    let safe_check = |kind: PieceKind, squares: Bitboard| {
        if squares.has_more_than_one() {
            SAFE_CHECKS_SEVERAL[kind.index()]
        } else {
            SAFE_CHECK[kind.index()]
        }
    };
    let mut unsafe_checks = Bitboard::EMPTY;
    let rook_checks = straight & theirs[PieceKind::Rook.index()] & safe;
    if rook_checks.non_empty() {
        danger += safe_check(PieceKind::Rook, rook_checks);
    } else {
        unsafe_checks |= straight & theirs[PieceKind::Rook.index()];
    }
    let queen_checks = (straight | diagonal)
        & theirs[PieceKind::Queen.index()]
        & safe
        & !ours[PieceKind::Queen.index()]
        & !rook_checks;
    if queen_checks.non_empty() {
        danger += safe_check(PieceKind::Queen, queen_checks);
    }
    let bishop_checks = diagonal & theirs[PieceKind::Bishop.index()] & safe & !queen_checks;
    if bishop_checks.non_empty() {
        danger += safe_check(PieceKind::Bishop, bishop_checks);
    } else {
        unsafe_checks |= diagonal & theirs[PieceKind::Bishop.index()];
    }
    let knight_checks = tables::knight_attacks(king) & theirs[PieceKind::Knight.index()];
    if (knight_checks & safe).non_empty() {
        danger += safe_check(PieceKind::Knight, knight_checks & safe);
    } else {
        unsafe_checks |= knight_checks;
    }
    danger += KING_DANGER_UNSAFE_CHECK * unsafe_checks.count() as i32;

    danger += KING_DANGER_BLOCKER * blockers(position, info, us).count() as i32;

    if position.pieces(them, PieceKind::Queen).is_empty() {
        danger -= KING_DANGER_NO_QUEEN;
    }
    if (ours[PieceKind::Knight.index()] & ours[PieceKind::King.index()]).non_empty() {
        danger -= KING_DANGER_KNIGHT_DEFENDER;
    }
    danger
}

/// Pieces of either colour that alone stand between `us`'s king and an enemy slider aiming at it
/// (pinned pieces and discovered-check candidates).
#[inline(always)]
fn blockers(position: &Position, info: &EvalInfo, us: Color) -> Bitboard {
    let them = !us;
    let king = info.king[us.index()];
    let queens = position.pieces(them, PieceKind::Queen);
    let straight = position.pieces(them, PieceKind::Rook) | queens;
    let diagonal = position.pieces(them, PieceKind::Bishop) | queens;
    let snipers = (tables::rook_attacks(king, Bitboard::EMPTY) & straight)
        | (tables::bishop_attacks(king, Bitboard::EMPTY) & diagonal);
    tables::lone_blockers(king, snipers, info.occupied ^ snipers)
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
