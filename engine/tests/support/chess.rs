//! What the chess property tests (`random_games.rs`, `fen_fuzz.rs`, `chess_nnue.rs`) share: the
//! positions their games start from, and the checks every position they reach must pass (move
//! generation against the reference of `chess_reference.rs`).

use super::chess_reference::{
    all_squares, reference_attacked, reference_attackers, reference_king, reference_legal,
};
use engine::chess::{
    count_moves, generate_moves, ChessMoveList, Color, Move, MoveKind, Position, Square, STARTPOS,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};
use std::collections::HashSet;

/// Positions the random games start from.
pub const START_FENS: &[&str] = &[
    STARTPOS,
    // Kiwipete: castling both ways, pins, en passant after a few plies.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    // CPW position 3: en passant that uncovers a rank attack on the king.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    // CPW position 4: capture-promotions for both sides at once, Black still free to castle.
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    // CPW position 5: a promotion on d8 available at once.
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    // Chess960: a rook behind the castling rook on the same rank, king on c1 that castles in place.
    "1r2k1r1/8/8/8/8/8/8/rRK5 w Bgb - 0 1",
    // Chess960 start-like position with the king on g1 between its rooks.
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    // Chess960, kings beside a castling rook: White's f1 king by its g1 rook; Black's b8 king by its a8
    // rook, whose castling written king-to-destination (`b8c8`) is also a king step.
    "rk3r2/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBfa - 0 1",
    // En passant everywhere: interlocked pawns on both sides, castling still possible.
    "r3k2r/p1p1p1p1/8/1P1P1P1P/p1p1p1p1/8/1P1P1P1P/R3K2R w KQkq - 0 1",
    // En passant available at once (d5xe6).
    "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3",
    // An en-passant square whose capture is illegal: both pawns leave the rank between king and rook.
    "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
];

/// The start position `START_FENS[index]`.
pub fn start(index: usize) -> Position {
    let fen = START_FENS[index];
    Position::from_fen(fen).unwrap_or_else(|error| panic!("start FEN {fen:?} is valid: {error}"))
}

/// The engine's legal moves in `position`.
pub fn legal_moves(position: &Position) -> ChessMoveList {
    let mut moves = ChessMoveList::new();
    generate_moves(position, &mut moves);
    moves
}

/// The FEN of `position`.
pub fn fen(position: &Position) -> String {
    position.fen().to_string()
}

/// A proptest configuration of `cases` cases that keeps no failure files (proptest prints the
/// minimal failing input, which is the reproducer).
pub fn config(cases: u32) -> Config {
    Config { cases, failure_persistence: None, ..Config::default() }
}

// ---------------------------------------------------------------------------------------------------
// Checks shared by the game properties and the FEN fuzzers.

/// Makes and unmakes every legal move; the position must come back bit for bit, and the hash must be
/// right on both sides of the move.
pub fn check_make_unmake(position: &mut Position, moves: &ChessMoveList) -> Result<(), TestCaseError> {
    let before = *position;
    for &mv in moves.iter() {
        let undo = position.make_move(mv);
        prop_assert_eq!(
            position.hash(),
            position.compute_hash(),
            "hash after {:?} from {}",
            mv,
            fen(&before)
        );
        prop_assert_ne!(*position, before, "{:?} changed nothing in {}", mv, fen(&before));
        position.unmake_move(mv, undo);
        prop_assert_eq!(*position, before, "make/unmake of {:?} in {}", mv, fen(&before));
    }
    Ok(())
}

/// `==`, except for the notation setting once no castling right is left: FEN then writes `-`, which
/// reads as standard notation whatever the position was set to.
pub fn same_position(a: &Position, b: &Position) -> bool {
    let mut b = *b;
    if a.castling_rights() == 0 && b.castling_rights() == 0 {
        b.set_chess960(a.is_chess960());
    }
    *a == b
}

/// The FEN printed parses back to the same position and prints the same text again.
pub fn check_fen_round_trip(position: &Position) -> Result<(), TestCaseError> {
    let text = fen(position);
    match Position::from_fen(&text) {
        Err(error) => Err(TestCaseError::fail(format!("FEN {text} does not read back: {error}"))),
        Ok(parsed) => {
            prop_assert!(
                same_position(&parsed, position),
                "FEN {} reads back as {:?}, was {:?}",
                text,
                parsed,
                position
            );
            prop_assert_eq!(fen(&parsed), text);
            Ok(())
        }
    }
}

/// The generated moves are unique, counted alike by the counting generator, exactly the reference's
/// legal moves, and none leaves the mover's king attacked; check detection agrees with the reference.
pub fn check_move_generation(position: &Position, moves: &ChessMoveList) -> Result<(), TestCaseError> {
    let text = fen(position);
    let unique: HashSet<Move> = moves.iter().copied().collect();
    prop_assert_eq!(unique.len(), moves.len(), "duplicate moves in {}: {:?}", text, moves);
    prop_assert_eq!(count_moves(position), moves.len() as u64, "count_moves disagrees in {}", text);

    let us = position.side_to_move();
    let king = reference_king(position, us);
    prop_assert_eq!(position.king_square(us), king);
    let mut checkers: Vec<Square> = position.checkers().collect();
    let mut expected_checkers = reference_attackers(position, king, !us);
    checkers.sort();
    expected_checkers.sort();
    prop_assert_eq!(checkers, expected_checkers, "checkers in {}", text);
    prop_assert_eq!(position.in_check(), position.checkers().non_empty());
    for square in all_squares() {
        for by in Color::ALL {
            prop_assert_eq!(
                position.is_attacked_by(square, by, position.occupied()),
                reference_attacked(position, square, by),
                "is_attacked_by({}, {:?}) in {}",
                square,
                by,
                text
            );
        }
    }

    for &mv in moves.iter() {
        let mut after = *position;
        after.make_move(mv);
        let mover_king = after.king_square(us);
        prop_assert!(
            !after.is_attacked_by(mover_king, !us, after.occupied()),
            "{:?} leaves the king attacked in {}",
            mv,
            text
        );
        prop_assert_eq!(after.side_to_move(), !us);
    }

    let expected = reference_legal(position);
    if unique != expected {
        let missing: Vec<_> = expected.difference(&unique).collect();
        let extra: Vec<_> = unique.difference(&expected).collect();
        return Err(TestCaseError::fail(format!("moves of {text}: missing {missing:?}, illegal {extra:?}")));
    }
    Ok(())
}

/// Every legal move reads back from its UCI text, in the position's own convention and, where the
/// text does not name another move, in the other one too.
pub fn check_uci_round_trip(position: &Position, moves: &ChessMoveList) -> Result<(), TestCaseError> {
    let chess960 = position.is_chess960();
    for &mv in moves.iter() {
        let native = mv.to_uci(chess960);
        prop_assert_eq!(
            position.parse_uci_move(native.as_str()),
            Some(mv),
            "{} in {}",
            native,
            fen(position)
        );

        let other = mv.to_uci(!chess960);
        let namesake =
            moves.iter().copied().find(|&o| o != mv && o.to_uci(chess960).as_str() == other.as_str());
        match namesake {
            None => prop_assert_eq!(
                position.parse_uci_move(other.as_str()),
                Some(mv),
                "{} in {}",
                other,
                fen(position)
            ),
            Some(king_step) => {
                // The one clash there is: in Chess960, a king one step from its castling destination
                // writes castling king-to-destination exactly like that step. The position's own
                // convention (king takes rook) must win.
                prop_assert!(
                    chess960 && mv.kind() == MoveKind::Castle,
                    "{} names two moves in {}",
                    other,
                    fen(position)
                );
                prop_assert_eq!(king_step.kind(), MoveKind::Normal);
                prop_assert_eq!((king_step.from(), king_step.to()), (mv.from(), mv.king_destination()));
                prop_assert_eq!(position.parse_uci_move(other.as_str()), Some(king_step));
            }
        }
    }
    prop_assert_eq!(position.parse_uci_move("0000"), None);
    prop_assert_eq!(position.parse_uci_move(""), None);
    Ok(())
}
