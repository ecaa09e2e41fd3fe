//! The perpetual chase rule of the Asian rules, judged the way Pikafish judges it: in a repetition
//! cycle without checks, a side each of whose moves newly threatens the same enemy piece loses,
//! unless the other side chases too (a draw).
//!
//! What a move chases:
//! - the chasers are rooks, horses, cannons, elephants and advisors (kings and pawns may chase for
//!   ever);
//! - the chased piece is any enemy piece but the king, a pawn only once it has crossed the river;
//! - the capture must be legal;
//! - a horse or cannon attacking a rook, or an elephant or advisor attacking a rook, horse or
//!   cannon, chases whatever protects the target, because the capture wins material anyway;
//! - any other attack chases only a piece that has no legal recapture after the capture, and not a
//!   piece of the attacker's own kind that could take the attacker back (an even trade on offer);
//! - only new threats count: attacked so after the move and not before it.
//!
//! Pieces are followed by identity through the cycle, so a piece that runs from square to square
//! is chased when every move of the chaser threatens it anew.
//!
//! The search only meets this code when a position repeats with nobody checking throughout, so it
//! favours plain clarity (a copy of the position, legal move generation) over speed.

use super::movegen::{elephant_targets, generate_moves, horse_targets, squares, XiangqiMoveList};
use super::moves::Move;
use super::position::Position;
use super::see::attackers_to;
use super::tables;
use super::types::{half, PieceKind, Square};
use crate::game::CycleVerdict;

/// The verdict on a repetition of `position` whose moves, oldest first, are `cycle` (encoded with
/// [`Move::to_bits`]); `position` stands for the cycle's start as well as its end. A draw when a
/// position in the cycle has its side to move in check (perpetual check is judged before this, and
/// a cycle that mixes checks with chases is drawn), when both sides chase or neither does, and when
/// the moves do not replay into a cycle (a key collision brought us here).
pub fn judge_cycle(position: &Position, cycle: &[u16]) -> CycleVerdict {
    let us = position.side_to_move;
    let mut current = *position;
    let mut identities = Identities::of(position);
    // Per colour: the enemy pieces (by identity) that every move of that colour so far chased.
    let mut chases = [u16::MAX; 2];
    let mut legal = XiangqiMoveList::new();
    for &bits in cycle {
        let mv = Move::from_bits(bits);
        if current.in_check() {
            return CycleVerdict::Draw;
        }
        generate_moves(&current, &mut legal);
        if !legal.contains(&mv) || current.board[mv.to().index()].is_some() {
            return CycleVerdict::Draw;
        }
        let mover = current.side_to_move.index();
        let before = if chases[mover] != 0 { chased_by(&current, &identities) } else { 0 };
        current.make_move(mv);
        identities.follow(mv);
        if chases[mover] != 0 {
            // The mover is no longer to move: ask what it chases now.
            let mut seen_by_mover = current;
            seen_by_mover.side_to_move = !current.side_to_move;
            chases[mover] &= chased_by(&seen_by_mover, &identities) & !before;
        }
        if chases == [0, 0] {
            return CycleVerdict::Draw;
        }
    }
    if current.hash != position.hash {
        return CycleVerdict::Draw;
    }
    match (chases[us.index()] != 0, chases[(!us).index()] != 0) {
        (true, false) => CycleVerdict::SideToMoveLoses,
        (false, true) => CycleVerdict::SideToMoveWins,
        _ => CycleVerdict::Draw,
    }
}

/// A number per piece, unique within its colour (at most 16 pieces a side), by square.
struct Identities([u8; Square::COUNT]);

impl Identities {
    fn of(position: &Position) -> Identities {
        let mut next = [0u8; 2];
        let mut identities = [0u8; Square::COUNT];
        for (square, piece) in position.board.iter().enumerate() {
            if let Some(piece) = piece {
                let counter = &mut next[piece.color().index()];
                identities[square] = *counter;
                *counter += 1;
            }
        }
        Identities(identities)
    }

    /// Follows the piece that `mv` moves (a cycle has no captures).
    fn follow(&mut self, mv: Move) {
        self.0[mv.to().index()] = self.0[mv.from().index()];
    }

    /// The piece on `square` as a bit of a 16-bit set.
    fn bit(&self, square: usize) -> u16 {
        1 << self.0[square]
    }
}

/// The enemy pieces (as identity bits) that the side to move of `view` threatens in a way the
/// chase rule counts (see the module documentation). `view` need not be a position that arose in
/// the game: its side to move is simply the side whose threats are asked for.
fn chased_by(view: &Position, identities: &Identities) -> u16 {
    let (chaser, victim) = (view.side_to_move, !view.side_to_move);
    let king = view.king_square(chaser).index();
    let uncrossed_pawns = view.pieces(victim, PieceKind::Pawn) & half(victim);
    let targets = view.pieces_of(victim) & !view.pieces(victim, PieceKind::King) & !uncrossed_pawns;
    let mut chased = 0u16;
    for kind in
        [PieceKind::Rook, PieceKind::Cannon, PieceKind::Horse, PieceKind::Elephant, PieceKind::Advisor]
    {
        for from in squares(view.pieces(chaser, kind)) {
            for to in squares(reach(view, kind, from) & targets) {
                if chased & identities.bit(to) != 0 || view.leaves_king_attacked(from, to, king) {
                    continue;
                }
                let target = view.board[to].expect("a target is a piece").kind();
                let threatens = wins_material(kind, target)
                    || (!has_recapture(view, from, to) && !can_take_back(view, kind, target, from, to));
                if threatens {
                    chased |= identities.bit(to);
                }
            }
        }
    }
    chased
}

/// Squares the piece of `kind` on `from` attacks (own pieces included).
fn reach(position: &Position, kind: PieceKind, from: usize) -> u128 {
    let (rank_occ, file_occ) = (position.rank_occ[from / 9], position.file_occ[from % 9]);
    match kind {
        PieceKind::Rook => tables::rook_reach(from, rank_occ, file_occ),
        PieceKind::Cannon => tables::cannon_captures(from, rank_occ, file_occ),
        PieceKind::Horse => horse_targets(from, position.occupied()),
        PieceKind::Elephant => elephant_targets(from, position.occupied()),
        PieceKind::Advisor => tables::ADVISOR_STEPS[from],
        PieceKind::King | PieceKind::Pawn => 0,
    }
}

/// True if `attacker` taking `target` wins material whatever protects it: a horse or cannon
/// against a rook, an elephant or advisor against a rook, horse or cannon.
fn wins_material(attacker: PieceKind, target: PieceKind) -> bool {
    let major = matches!(target, PieceKind::Rook | PieceKind::Horse | PieceKind::Cannon);
    match attacker {
        PieceKind::Horse | PieceKind::Cannon => target == PieceKind::Rook,
        PieceKind::Elephant | PieceKind::Advisor => major,
        _ => false,
    }
}

/// True if, after the side to move of `view` takes on `to` from `from`, the other side can legally
/// take back on `to`.
fn has_recapture(view: &Position, from: usize, to: usize) -> bool {
    let mut after = *view;
    after.make_move(Move::new(square(from), square(to)));
    let defender = after.side_to_move;
    let king = after.king_square(defender).index();
    let recapturers = attackers_to(&after, to, after.occupied()) & after.pieces_of(defender);
    squares(recapturers).any(|recapturer| !after.leaves_king_attacked(recapturer, to, king))
}

/// True if the attacked piece is of the attacker's kind and could legally take the attacker back
/// (a mutual attack, which is no chase). A horse's attack need not be mutual: a blocked leg on one
/// side only lames one of them.
fn can_take_back(view: &Position, attacker: PieceKind, target: PieceKind, from: usize, to: usize) -> bool {
    if attacker != target || reach(view, target, to) >> from & 1 == 0 {
        return false;
    }
    let mut defender_to_move = *view;
    defender_to_move.side_to_move = !view.side_to_move;
    let king = defender_to_move.king_square(defender_to_move.side_to_move).index();
    !defender_to_move.leaves_king_attacked(to, from, king)
}

fn square(index: usize) -> Square {
    Square::from_index_unchecked(index as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).expect("a valid test FEN")
    }

    fn at(text: &str) -> u128 {
        Square::parse(text.as_bytes()).expect("a square").bit()
    }

    /// The squares of the pieces the side to move of `fen` chases.
    fn chased_squares(fen: &str) -> u128 {
        let view = position(fen);
        let identities = Identities::of(&view);
        let chased = chased_by(&view, &identities);
        let enemies = squares(view.pieces_of(!view.side_to_move));
        enemies.filter(|&index| chased & identities.bit(index) != 0).fold(0, |set, index| set | 1 << index)
    }

    fn cycle<const N: usize>(position: &Position, moves: [&str; N]) -> [u16; N] {
        let mut current = *position;
        moves.map(|text| {
            let mv = current.parse_move(text).expect("a legal test move");
            current.make_move(mv);
            mv.to_bits()
        })
    }

    #[test]
    fn a_rook_chases_an_unprotected_cannon_but_not_a_protected_one() {
        assert_eq!(chased_squares("5k3/9/1c5R1/9/9/9/9/9/9/4K4 w - - 0 1"), at("b7"));
        // The black rook on b9 guards b7.
        assert_eq!(chased_squares("1r3k3/9/1c5R1/9/9/9/9/9/9/4K4 w - - 0 1"), 0);
    }

    #[test]
    fn a_horse_chases_a_rook_however_protected() {
        // The horse on d5 attacks the rook on e7, which the king on e8 guards.
        assert_eq!(chased_squares("9/4k4/4r4/9/3N5/9/9/9/9/5K3 w - - 0 1"), at("e7"));
        // A rook attacking a guarded horse chases nothing.
        assert_eq!(chased_squares("9/4k4/4n4/9/9/9/9/4R4/9/5K3 w - - 0 1"), 0);
    }

    #[test]
    fn kings_and_uncrossed_pawns_are_never_chased_crossed_pawns_are() {
        // The rook on e5 attacks the pawn on e6, still in black's half.
        assert_eq!(chased_squares("3k5/9/9/4p4/4R4/9/9/9/9/5K3 w - - 0 1"), 0);
        // A black pawn on e4 has crossed into red's half.
        assert_eq!(chased_squares("3k5/9/9/9/9/4p4/4R4/9/9/5K3 w - - 0 1"), at("e4"));
        // The rook on d3 attacks the black king on d9 only.
        assert_eq!(chased_squares("3k5/9/9/9/9/9/3R5/9/9/5K3 b - - 0 1"), 0);
    }

    #[test]
    fn rooks_attacking_each_other_chase_nobody_unless_one_cannot_take_back() {
        assert_eq!(chased_squares("3k5/9/9/1r5R1/9/9/9/9/9/5K3 w - - 0 1"), 0);
        // The black rook on e6 stands alone between the kings: leaving the e-file would let them
        // face each other, so it cannot take the red rook on a6 back.
        assert_eq!(chased_squares("4k4/9/9/R3r4/9/9/9/9/9/4K4 w - - 0 1"), at("e6"));
    }

    #[test]
    fn an_illegal_capture_chases_nothing() {
        // The red rook on e2 is pinned against its king by the black rook on e8: it may not take
        // the cannon on a2 (and the rooks attack each other).
        assert_eq!(chased_squares("3k5/4r4/9/9/9/9/9/c3R4/9/4K4 w - - 0 1"), 0);
    }

    #[test]
    fn a_rook_running_after_a_cannon_loses_the_repetition() {
        // Black to move: the cannon runs b7-b3-b7, the rook follows h7-h3-h7.
        let start = position("5k3/9/1c5R1/9/9/9/9/9/9/4K4 b - - 0 1");
        let moves = cycle(&start, ["b7b3", "h7h3", "b3b7", "h3h7"]);
        assert_eq!(judge_cycle(&start, &moves), CycleVerdict::SideToMoveWins, "red chased");
        // The same cycle one move on, red to move.
        let mut red_to_move = start;
        red_to_move.make_move(red_to_move.parse_move("b7b3").expect("legal"));
        let moves = cycle(&red_to_move, ["h7h3", "b3b7", "h3h7", "b7b3"]);
        assert_eq!(judge_cycle(&red_to_move, &moves), CycleVerdict::SideToMoveLoses);
    }

    #[test]
    fn chasing_a_protected_piece_is_a_draw() {
        let start = position("1r3k3/9/1c5R1/9/9/9/9/9/9/4K4 b - - 0 1");
        let moves = cycle(&start, ["b7b4", "h7h4", "b4b7", "h4h7"]);
        assert_eq!(judge_cycle(&start, &moves), CycleVerdict::Draw);
    }

    #[test]
    fn moves_that_do_not_replay_into_the_position_are_a_draw() {
        let start = position("5k3/9/1c5R1/9/9/9/9/9/9/4K4 b - - 0 1");
        let moves = cycle(&start, ["b7b3", "h7h3", "b3b7"]);
        assert_eq!(judge_cycle(&start, &moves), CycleVerdict::Draw, "not back at the start");
        assert_eq!(judge_cycle(&start, &[Move::new(square(0), square(1)).to_bits()]), CycleVerdict::Draw);
    }
}
