//! The reference the chess property tests check move generation against: attacks and legal moves
//! found the slow, obvious way. Walk every ray, play every pseudo-legal move and keep those that do
//! not leave the king attacked, with attacks found by looking outward from the square over the
//! mailbox. It shares nothing with the engine's bitboard tables but `make_move`, whose own
//! correctness the make/unmake and hash properties of `random_games.rs` pin down.

use engine::chess::position::{LONG, SHORT};
use engine::chess::{Color, Move, MoveKind, PieceKind, Position, Square};
use std::collections::HashSet;

const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK_RAYS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const BISHOP_RAYS: [(i8, i8); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const PROMOTIONS: [MoveKind; 4] =
    [MoveKind::PromoteKnight, MoveKind::PromoteBishop, MoveKind::PromoteRook, MoveKind::PromoteQueen];

fn at(file: i8, rank: i8) -> Option<Square> {
    if (0..8).contains(&file) && (0..8).contains(&rank) {
        Square::new(file as u8, rank as u8)
    } else {
        None
    }
}

fn coordinates(square: Square) -> (i8, i8) {
    (square.file() as i8, square.rank() as i8)
}

pub fn all_squares() -> impl Iterator<Item = Square> {
    (0..64).filter_map(Square::from_index)
}

fn forward(color: Color) -> i8 {
    if color == Color::White {
        1
    } else {
        -1
    }
}

/// Squares holding a piece of `by` that attacks `target`, looking outward from `target`.
pub fn reference_attackers(position: &Position, target: Square, by: Color) -> Vec<Square> {
    let (file, rank) = coordinates(target);
    let holds = |square: Square, kinds: &[PieceKind]| {
        position.piece_on(square).is_some_and(|piece| piece.color() == by && kinds.contains(&piece.kind()))
    };
    let mut found = Vec::new();
    // A pawn of `by` attacks `target` from one rank behind it, as `by` moves.
    for side in [-1, 1] {
        found.extend(at(file + side, rank - forward(by)).filter(|&square| holds(square, &[PieceKind::Pawn])));
    }
    for (steps, kind) in [(KNIGHT_STEPS, PieceKind::Knight), (KING_STEPS, PieceKind::King)] {
        for (df, dr) in steps {
            found.extend(at(file + df, rank + dr).filter(|&square| holds(square, &[kind])));
        }
    }
    for (rays, kinds) in [
        (ROOK_RAYS, [PieceKind::Rook, PieceKind::Queen]),
        (BISHOP_RAYS, [PieceKind::Bishop, PieceKind::Queen]),
    ] {
        for (df, dr) in rays {
            let (mut f, mut r) = (file + df, rank + dr);
            while let Some(square) = at(f, r) {
                if position.piece_on(square).is_some() {
                    if holds(square, &kinds) {
                        found.push(square);
                    }
                    break;
                }
                f += df;
                r += dr;
            }
        }
    }
    found
}

pub fn reference_attacked(position: &Position, target: Square, by: Color) -> bool {
    !reference_attackers(position, target, by).is_empty()
}

pub fn reference_king(position: &Position, color: Color) -> Square {
    all_squares()
        .find(|&square| {
            position
                .piece_on(square)
                .is_some_and(|piece| piece.color() == color && piece.kind() == PieceKind::King)
        })
        .expect("every position has both kings")
}

/// Every pseudo-legal move: pieces move as they move, ignoring whether the own king ends attacked.
/// Castling is included only when the king is not in check, the squares both pieces cross are empty
/// and the king does not pass through an attacked square; whether it lands on one is left to the
/// legality filter, which judges it after the rook has moved.
fn reference_pseudo_legal(position: &Position) -> Vec<Move> {
    let us = position.side_to_move();
    let them = !us;
    let mut moves = Vec::new();
    for from in all_squares() {
        let Some(piece) = position.piece_on(from) else { continue };
        if piece.color() != us {
            continue;
        }
        let (file, rank) = coordinates(from);
        let free_or_theirs =
            |square: Square| !matches!(position.piece_on(square), Some(other) if other.color() == us);
        match piece.kind() {
            PieceKind::Pawn => {
                let step = forward(us);
                let last_rank = if us == Color::White { 7 } else { 0 };
                let start_rank = if us == Color::White { 1 } else { 6 };
                let pawn_to = |to: Square, moves: &mut Vec<Move>| {
                    if to.rank() == last_rank {
                        moves.extend(PROMOTIONS.iter().map(|&kind| Move::new(from, to, kind)));
                    } else {
                        moves.push(Move::new(from, to, MoveKind::Normal));
                    }
                };
                if let Some(one) = at(file, rank + step).filter(|&square| position.piece_on(square).is_none())
                {
                    pawn_to(one, &mut moves);
                    if rank == start_rank {
                        if let Some(two) =
                            at(file, rank + 2 * step).filter(|&square| position.piece_on(square).is_none())
                        {
                            pawn_to(two, &mut moves);
                        }
                    }
                }
                for side in [-1, 1] {
                    let Some(to) = at(file + side, rank + step) else { continue };
                    if position.piece_on(to).is_some_and(|other| other.color() == them) {
                        pawn_to(to, &mut moves);
                    } else if position.en_passant() == Some(to) {
                        moves.push(Move::new(from, to, MoveKind::EnPassant));
                    }
                }
            }
            PieceKind::Knight | PieceKind::King => {
                let steps = if piece.kind() == PieceKind::Knight { KNIGHT_STEPS } else { KING_STEPS };
                for (df, dr) in steps {
                    if let Some(to) = at(file + df, rank + dr).filter(|&square| free_or_theirs(square)) {
                        moves.push(Move::new(from, to, MoveKind::Normal));
                    }
                }
            }
            kind => {
                let rays: &[(i8, i8)] = match kind {
                    PieceKind::Rook => &ROOK_RAYS,
                    PieceKind::Bishop => &BISHOP_RAYS,
                    _ => &[(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)],
                };
                for &(df, dr) in rays {
                    let (mut f, mut r) = (file + df, rank + dr);
                    while let Some(to) = at(f, r) {
                        if free_or_theirs(to) {
                            moves.push(Move::new(from, to, MoveKind::Normal));
                        }
                        if position.piece_on(to).is_some() {
                            break;
                        }
                        f += df;
                        r += dr;
                    }
                }
            }
        }
    }

    let king = reference_king(position, us);
    let home = king.rank();
    for side in [SHORT, LONG] {
        let Some(rook) = position.castling_rook(us, side) else { continue };
        let (king_to_file, rook_to_file) = if side == SHORT { (6u8, 5u8) } else { (2, 3) };
        let span = |a: u8, b: u8| a.min(b)..=a.max(b);
        let crossed_empty =
            span(king.file(), king_to_file).chain(span(rook.file(), rook_to_file)).all(|file| {
                file == king.file()
                    || file == rook.file()
                    || position.piece_on(Square::new(file, home).unwrap()).is_none()
            });
        let king_path_safe = span(king.file(), king_to_file)
            .filter(|&file| file == king.file() || file != king_to_file)
            .all(|file| !reference_attacked(position, Square::new(file, home).unwrap(), them));
        if crossed_empty && king_path_safe {
            moves.push(Move::new(king, rook, MoveKind::Castle));
        }
    }
    moves
}

/// The legal moves: pseudo-legal moves after which the mover's king is not attacked.
pub fn reference_legal(position: &Position) -> HashSet<Move> {
    let us = position.side_to_move();
    reference_pseudo_legal(position)
        .into_iter()
        .filter(|&mv| {
            let mut after = *position;
            after.make_move(mv);
            !reference_attacked(&after, reference_king(&after, us), !us)
        })
        .collect()
}
