//! Pawn structure and passed pawns. Most of it is setwise bitboard work; only supported, phalanx
//! and passed pawns are visited one by one, for their rank.

use super::geometry::{
    backward, beside, distance, file_fill, fill_backward, fill_forward, forward, pawn_attacks,
};
use super::info::EvalInfo;
use super::terms::{Sink, Term};
use super::weights::*;
use crate::chess::bitboard::Bitboard;
use crate::chess::position::Position;
use crate::chess::types::{Color, Square};

/// `us`'s pawn structure and passed pawns.
#[inline(always)]
pub(super) fn pawns<K: Sink>(position: &Position, info: &EvalInfo, us: Color, sink: &mut K) {
    let passed = structure(info.pawns, us, sink);
    passers(position, info, us, passed, sink);
}

/// The part of `us`'s pawn terms that depends on nothing but the pawns (both sides'): doubled,
/// isolated, backward, supported and phalanx pawns and the passed pawns' rank bonus. Returns
/// `us`'s passed pawns. This is what the pawn cache keeps (see `pawn_cache.rs`).
#[inline(always)]
pub(super) fn structure<K: Sink>(pawns: [Bitboard; 2], us: Color, sink: &mut K) -> Bitboard {
    let ours = pawns[us.index()];
    if ours.is_empty() {
        return Bitboard::EMPTY;
    }
    let them = !us;
    let theirs = pawns[them.index()];
    let their_attacks = pawn_attacks(them, theirs);
    let our_attacks = pawn_attacks(us, ours);

    // Pawns with an own pawn somewhere in front of them.
    let doubled = ours & fill_backward(us, backward(us, ours));
    let isolated = ours & !beside(file_fill(ours));
    // No own pawn beside or behind on a neighbouring file, and the stop square attacked by a pawn.
    let backward_pawns = ours & !fill_forward(us, beside(ours)) & backward(us, their_attacks) & !isolated;
    let supported = ours & our_attacks;
    let phalanx = ours & beside(ours);

    sink.add(us, Term::PawnStructure, DOUBLED, doubled.count() as i32);
    sink.add(us, Term::PawnStructure, ISOLATED, isolated.count() as i32);
    sink.add(us, Term::PawnStructure, BACKWARD, backward_pawns.count() as i32);
    for square in supported | phalanx {
        let rank = square.relative_to(us).rank() as usize;
        if supported.contains(square) {
            sink.add(us, Term::PawnStructure, SUPPORTED.at(rank), 1);
        }
        if phalanx.contains(square) {
            sink.add(us, Term::PawnStructure, PHALANX.at(rank), 1);
        }
    }

    let passed = passed_pawns(pawns, us);
    for square in passed {
        sink.add(us, Term::PassedPawns, PASSED.at(square.relative_to(us).rank() as usize), 1);
    }
    passed
}

/// `us`'s passed pawns: no enemy pawn in front on the same or a neighbouring file, no own pawn in
/// front.
#[inline(always)]
pub(super) fn passed_pawns(pawns: [Bitboard; 2], us: Color) -> Bitboard {
    let (ours, theirs) = (pawns[us.index()], pawns[(!us).index()]);
    let enemy_front = fill_forward(!us, forward(!us, theirs));
    let behind_own = fill_backward(us, backward(us, ours));
    ours & !(enemy_front | beside(enemy_front)) & !behind_own
}

/// The part of `us`'s passed-pawn terms that depends on the rest of the board: blocked or free
/// path, king distances, the rule of the square.
#[inline(always)]
pub(super) fn passers<K: Sink>(
    position: &Position,
    info: &EvalInfo,
    us: Color,
    passed: Bitboard,
    sink: &mut K,
) {
    if passed.is_empty() {
        return;
    }
    let them = !us;
    let occupied = info.occupied;
    let our_king = info.king[us.index()];
    let their_king = info.king[them.index()];
    let enemy_has_pieces =
        position.pieces_of(them) != info.pawns[them.index()] | Bitboard::from_square(their_king);
    for square in passed {
        let rank = square.relative_to(us).rank() as usize;
        let pawn = Bitboard::from_square(square);
        let stop = forward(us, pawn);
        let path = fill_forward(us, stop);
        let free = (path & occupied).is_empty();
        if (stop & occupied).non_empty() {
            sink.add(us, Term::PassedPawns, PASSED_BLOCKED.at(rank), 1);
        } else if free {
            sink.add(us, Term::PassedPawns, PASSED_FREE.at(rank), 1);
        }
        // Linear in the two distances, one weight per rank for each: the tuner can fit both.
        let stop_square = stop.first_square();
        let theirs = distance(their_king, stop_square).min(5);
        let ours = distance(our_king, stop_square).min(5);
        sink.add(us, Term::PassedPawns, PASSED_KING_THEIRS.at(rank), theirs);
        sink.add(us, Term::PassedPawns, PASSED_KING_OURS.at(rank), ours);
        // Rule of the square, when only the enemy king can stop the pawn.
        if !enemy_has_pieces && free {
            let promotion =
                Square::from_index_unchecked(square.file() + if us == Color::White { 56 } else { 0 });
            let pawn_moves = 7 - rank as i32 - i32::from(rank == 1);
            let king_moves = distance(their_king, promotion) - i32::from(position.side_to_move() == them);
            if king_moves > pawn_moves {
                sink.add(us, Term::PassedPawns, UNSTOPPABLE_PASSER, 1);
            }
        }
    }
}
