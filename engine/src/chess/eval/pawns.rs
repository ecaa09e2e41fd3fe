//! Pawn structure and passed pawns. Most of it is setwise bitboard work; only supported, phalanx
//! and passed pawns are visited one by one, for their rank.

use super::weights::*;
use super::{
    backward, beside, distance, file_fill, fill_backward, fill_forward, forward, EvalInfo, Sink, Term,
};
use crate::chess::bitboard::Bitboard;
use crate::chess::position::Position;
use crate::chess::types::{Color, Square};

/// `us`'s pawn structure and passed pawns.
#[inline(always)]
pub(super) fn pawns<K: Sink>(position: &Position, info: &EvalInfo, us: Color, sink: &mut K) {
    let ours = info.pawns[us.index()];
    if ours.is_empty() {
        return;
    }
    let them = !us;
    let theirs = info.pawns[them.index()];

    // Pawns with an own pawn somewhere in front of them.
    let doubled = ours & fill_backward(us, backward(us, ours));
    let isolated = ours & !beside(file_fill(ours));
    // No own pawn beside or behind on a neighbouring file, and the stop square attacked by a pawn.
    let backward_pawns =
        ours & !fill_forward(us, beside(ours)) & backward(us, info.pawn_attacks[them.index()]) & !isolated;
    let supported = ours & info.pawn_attacks[us.index()];
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

    // Passed: no enemy pawn in front on the same or a neighbouring file, no own pawn in front.
    let enemy_front = fill_forward(them, forward(them, theirs));
    let passed = ours & !(enemy_front | beside(enemy_front)) & !doubled;
    if passed.is_empty() {
        return;
    }
    let occupied = info.occupied;
    let our_king = info.king[us.index()];
    let their_king = info.king[them.index()];
    let enemy_has_pieces = position.pieces_of(them) != theirs | Bitboard::from_square(their_king);
    for square in passed {
        let rank = square.relative_to(us).rank() as usize;
        let pawn = Bitboard::from_square(square);
        let stop = forward(us, pawn);
        let path = fill_forward(us, stop);
        sink.add(us, Term::PassedPawns, PASSED.at(rank), 1);
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
