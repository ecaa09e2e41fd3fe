//! Legal move generation.
//!
//! Each piece's targets come as one square set (`u128`): table steps for the king, advisor, elephant
//! (eye checked), horse (leg checked) and pawn, line lookups for the rook and cannon. A move is played
//! out virtually ([`Position::leaves_king_attacked`]: a handful of table lookups over the changed
//! occupancy) only when it could expose the king:
//! - in check, every move;
//! - every king move;
//! - a piece that stands first or second on a line from the king with an enemy rook or king behind
//!   it, or with an enemy cannon third (it may be a blocker or one of two screens, and the first of
//!   them may be an enemy cannon), or on a diagonal
//!   neighbour of the king that is the leg of an enemy horse's check: "pinned";
//! - a move onto an empty square between the king and an enemy cannon with nothing between them
//!   (it would become the cannon's screen): "danger" squares.
//!
//! Every other move is legal as generated, so counting them is a population count.

use super::moves::Move;
use super::position::Position;
use super::tables::{self, BOARD, FILE_SPREAD};
use super::types::{Color, Piece, PieceKind};
use crate::movelist::MoveList;

/// Capacity of a move list: xiangqi's most legal moves are 2 x 17 (rooks) + 2 x 17 (cannons) + 2 x 8
/// (horses) + 5 x 3 (pawns) + 8 (elephants) + 5 (advisors) + 4 (king) = 116, and a parsed FEN
/// cannot hold more than the initial material.
pub const MAX_MOVES: usize = 128;

/// The xiangqi move list.
pub type XiangqiMoveList = MoveList<Move, MAX_MOVES>;

trait Out {
    fn all(&mut self, from: u32, targets: u128);
    fn one(&mut self, from: u32, to: u32);
}

struct ListOut<'a>(&'a mut XiangqiMoveList);

impl Out for ListOut<'_> {
    #[inline(always)]
    fn all(&mut self, from: u32, mut targets: u128) {
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            self.0.push(Move::from_indices(from, to));
        }
    }

    #[inline(always)]
    fn one(&mut self, from: u32, to: u32) {
        self.0.push(Move::from_indices(from, to));
    }
}

struct CountOut(u64);

impl Out for CountOut {
    #[inline(always)]
    fn all(&mut self, _from: u32, targets: u128) {
        self.0 += u64::from(targets.count_ones());
    }

    #[inline(always)]
    fn one(&mut self, _from: u32, _to: u32) {
        self.0 += 1;
    }
}

/// Own pieces whose moves may expose the king, and empty squares a move onto which may.
#[inline(always)]
fn pins(position: &Position, king: usize, us: Color) -> (u128, u128) {
    let them = !us;
    let their_cannon = Some(Piece::new(them, PieceKind::Cannon));
    let their_rook = Some(Piece::new(them, PieceKind::Rook));
    let their_king = Some(Piece::new(them, PieceKind::King));
    let ours = |square: usize| position.board[square].is_some_and(|piece| piece.color() == us);
    let (file, rank) = (king % 9, king / 9);
    let mut pinned = 0u128;
    let mut danger = 0u128;
    for direction in 0..4 {
        let along_file = direction >= 2;
        let upward = direction % 2 == 0;
        let (line, place) =
            if along_file { (position.file_occ[file], rank) } else { (position.rank_occ[rank], file) };
        let mut ray = if upward { line & !((2u16 << place) - 1) } else { line & ((1u16 << place) - 1) };
        let mut squares = [0usize; 3];
        let mut places = [0u32; 3];
        let mut count = 0;
        while ray != 0 && count < 3 {
            let at = if upward { ray.trailing_zeros() } else { 15 - ray.leading_zeros() };
            ray ^= 1 << at;
            places[count] = at;
            squares[count] = if along_file { at as usize * 9 + file } else { rank * 9 + at as usize };
            count += 1;
        }
        if count == 0 {
            continue;
        }
        if position.board[squares[0]] == their_cannon {
            let between: u16 = if upward {
                ((1u16 << places[0]) - 1) & !((2u16 << place) - 1)
            } else {
                !((2u16 << places[0]) - 1) & ((1u16 << place) - 1)
            };
            danger |= if along_file {
                FILE_SPREAD[between as usize] << file
            } else {
                (between as u128) << (rank * 9)
            };
            // The cannon is also a screen: a piece behind it may be the other one (below).
        }
        if count >= 2 && ours(squares[0]) {
            let second = position.board[squares[1]];
            if second == their_rook || second == their_king {
                pinned |= 1 << squares[0];
            }
        }
        if count == 3 && position.board[squares[2]] == their_cannon {
            for &square in &squares[..2] {
                if ours(square) {
                    pinned |= 1 << square;
                }
            }
        }
    }
    let horses = position.pieces(them, PieceKind::Horse);
    if horses != 0 {
        let own = position.pieces_of(us);
        for &(leg, set) in &tables::HORSE_ATTACKERS[king] {
            if leg != 255 && own >> leg & 1 == 1 && set & horses != 0 {
                pinned |= 1 << leg;
            }
        }
    }
    (pinned, danger)
}

/// Targets of the horse on `from` (legs checked), own pieces included.
#[inline(always)]
pub(crate) fn horse_targets(from: usize, occupied: u128) -> u128 {
    let mut targets = 0;
    for &(leg, set) in &tables::HORSE_MOVES[from] {
        if leg != 255 && occupied >> leg & 1 == 0 {
            targets |= set;
        }
    }
    targets
}

/// Targets of the elephant on `from` (eyes checked), own pieces included.
#[inline(always)]
pub(crate) fn elephant_targets(from: usize, occupied: u128) -> u128 {
    let mut targets = 0;
    for &(eye, to) in &tables::ELEPHANT_MOVES[from] {
        if eye != 255 && occupied >> eye & 1 == 0 {
            targets |= 1 << to;
        }
    }
    targets
}

/// Which of the legal moves [`generate`] emits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Targets {
    All,
    Captures,
    /// The moves to empty squares.
    Quiets,
}

#[inline(always)]
fn generate<O: Out>(position: &Position, out: &mut O, kind: Targets) {
    let us = position.side_to_move;
    let them = !us;
    let own = position.by_color[us.index()];
    let their = position.by_color[them.index()];
    let occupied = own | their;
    let king = position.king_square(us).index();
    let in_check = position.attacked_with(
        king,
        them,
        occupied,
        position.rank_occ[king / 9],
        position.file_occ[king % 9],
        0,
    );
    let (pinned, danger) = if in_check { (BOARD, 0) } else { pins(position, king, us) };
    let filter = match kind {
        Targets::All => !own & BOARD,
        Targets::Captures => their,
        Targets::Quiets => !occupied & BOARD,
    };

    let mut emit = |from: usize, targets: u128| {
        if pinned >> from & 1 == 1 {
            let mut targets = targets;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                if !position.leaves_king_attacked(from, to as usize, king) {
                    out.one(from as u32, to);
                }
            }
        } else {
            let mut risky = targets & danger;
            out.all(from as u32, targets & !risky);
            while risky != 0 {
                let to = risky.trailing_zeros();
                risky &= risky - 1;
                if !position.leaves_king_attacked(from, to as usize, king) {
                    out.one(from as u32, to);
                }
            }
        }
    };

    for from in squares(position.pieces(us, PieceKind::Rook)) {
        let reach = tables::rook_reach(from, position.rank_occ[from / 9], position.file_occ[from % 9]);
        emit(from, reach & filter);
    }
    for from in squares(position.pieces(us, PieceKind::Cannon)) {
        let (rank_occ, file_occ) = (position.rank_occ[from / 9], position.file_occ[from % 9]);
        let mut targets = 0;
        if kind != Targets::Quiets {
            targets |= tables::cannon_captures(from, rank_occ, file_occ) & their;
        }
        if kind != Targets::Captures {
            targets |= tables::rook_reach(from, rank_occ, file_occ) & !occupied;
        }
        emit(from, targets);
    }
    for from in squares(position.pieces(us, PieceKind::Horse)) {
        emit(from, horse_targets(from, occupied) & filter);
    }
    for from in squares(position.pieces(us, PieceKind::Pawn)) {
        emit(from, tables::PAWN_STEPS[us.index()][from] & filter);
    }
    for from in squares(position.pieces(us, PieceKind::Elephant)) {
        emit(from, elephant_targets(from, occupied) & filter);
    }
    for from in squares(position.pieces(us, PieceKind::Advisor)) {
        emit(from, tables::ADVISOR_STEPS[from] & filter);
    }
    let mut targets = tables::KING_STEPS[king] & filter;
    while targets != 0 {
        let to = targets.trailing_zeros();
        targets &= targets - 1;
        if !position.leaves_king_attacked(king, to as usize, king) {
            out.one(king as u32, to);
        }
    }
}

/// The squares of `set`, lowest first.
#[inline(always)]
pub(crate) fn squares(mut set: u128) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (set != 0).then(|| {
            let square = set.trailing_zeros() as usize;
            set &= set - 1;
            square
        })
    })
}

/// Every legal move, into `moves` (cleared first).
pub fn generate_moves(position: &Position, moves: &mut XiangqiMoveList) {
    moves.clear();
    generate(position, &mut ListOut(moves), Targets::All);
}

/// Every legal capture, into `moves` (cleared first).
pub fn generate_captures(position: &Position, moves: &mut XiangqiMoveList) {
    moves.clear();
    generate(position, &mut ListOut(moves), Targets::Captures);
}

/// Every legal move to an empty square (what [`generate_captures`] leaves out), appended to
/// `moves`.
pub fn append_quiet_moves(position: &Position, moves: &mut XiangqiMoveList) {
    generate(position, &mut ListOut(moves), Targets::Quiets);
}

/// The number of legal moves, without building the list.
pub fn count_moves(position: &Position) -> u64 {
    let mut out = CountOut(0);
    generate(position, &mut out, Targets::All);
    out.0
}
