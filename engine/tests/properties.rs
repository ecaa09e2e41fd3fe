//! Property tests over many random legal games, plus FEN fuzzing.
//!
//! A game is a start position (from a fixed set: the perft classics, Chess960 positions given in
//! Shredder-FEN, positions rich in en passant) and a list of choice indices; at each ply the game plays
//! `moves[choice % moves.len()]` and stops when the side to move has no legal move. Choosing by index
//! rather than by seed lets proptest shrink a failing game to a short one.
//!
//! Move generation is checked against a deliberately naive reference written here: walk every ray,
//! play every pseudo-legal move and keep those that do not leave the king attacked, with attacks found
//! by looking outward from the square over the mailbox. It shares nothing with the engine's bitboard
//! tables but `make_move`, whose own correctness the make/unmake and hash properties pin down.
//!
//! Failures are not persisted to `proptest-regressions/` files; proptest prints the minimal failing
//! input, which is the reproducer.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::mem::discriminant;

#[cfg_attr(feature = "compact", allow(dead_code))]
mod support;

use engine::chess::position::{LONG, SHORT};
use engine::chess::{
    count_moves, generate_moves, ChessMoveList, Color, FenError, Move, MoveKind, PieceKind, Position, Square,
    Undo, STARTPOS,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// Positions the random games start from.
const START_FENS: &[&str] = &[
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

fn start(index: usize) -> Position {
    let fen = START_FENS[index];
    Position::from_fen(fen).unwrap_or_else(|error| panic!("start FEN {fen:?} is valid: {error}"))
}

fn legal_moves(position: &Position) -> ChessMoveList {
    let mut moves = ChessMoveList::new();
    generate_moves(position, &mut moves);
    moves
}

fn fen(position: &Position) -> String {
    position.fen().to_string()
}

/// One ply of a replayed game: what was played, what takes it back, and the position before it.
struct Ply {
    mv: Move,
    undo: Undo,
    before: Position,
}

/// Plays the game `choices` describe from start position `start_index`. `visit` sees every position
/// reached (the start and the last included) with its legal moves, before the game moves on; it may
/// make and unmake moves but must leave the position as it found it. Returns the final position and
/// the plies played.
fn play(
    start_index: usize,
    choices: &[u16],
    mut visit: impl FnMut(&mut Position, &ChessMoveList) -> Result<(), TestCaseError>,
) -> Result<(Position, Vec<Ply>), TestCaseError> {
    let mut position = start(start_index);
    let mut plies = Vec::with_capacity(choices.len());
    let mut moves = ChessMoveList::new();
    for &choice in choices {
        generate_moves(&position, &mut moves);
        visit(&mut position, &moves)?;
        if moves.is_empty() {
            return Ok((position, plies));
        }
        let mv = moves[usize::from(choice) % moves.len()];
        let before = position;
        let undo = position.make_move(mv);
        plies.push(Ply { mv, undo, before });
    }
    generate_moves(&position, &mut moves);
    visit(&mut position, &moves)?;
    Ok((position, plies))
}

/// A start position and a game long enough to reach castling, promotions and en passant.
fn game() -> impl Strategy<Value = (usize, Vec<u16>)> {
    (0..START_FENS.len(), prop::collection::vec(any::<u16>(), 1..300))
}

fn config(cases: u32) -> Config {
    Config { cases, failure_persistence: None, ..Config::default() }
}

// ---------------------------------------------------------------------------------------------------
// The reference: attacks and legal moves found the slow, obvious way.

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

fn all_squares() -> impl Iterator<Item = Square> {
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
fn reference_attackers(position: &Position, target: Square, by: Color) -> Vec<Square> {
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

fn reference_attacked(position: &Position, target: Square, by: Color) -> bool {
    !reference_attackers(position, target, by).is_empty()
}

fn reference_king(position: &Position, color: Color) -> Square {
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
fn reference_legal(position: &Position) -> HashSet<Move> {
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

// ---------------------------------------------------------------------------------------------------
// Checks shared by the game properties and the FEN fuzzers.

/// Makes and unmakes every legal move; the position must come back bit for bit, and the hash must be
/// right on both sides of the move.
fn check_make_unmake(position: &mut Position, moves: &ChessMoveList) -> Result<(), TestCaseError> {
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
fn same_position(a: &Position, b: &Position) -> bool {
    let mut b = *b;
    if a.castling_rights() == 0 && b.castling_rights() == 0 {
        b.set_chess960(a.is_chess960());
    }
    *a == b
}

/// The FEN printed parses back to the same position and prints the same text again.
fn check_fen_round_trip(position: &Position) -> Result<(), TestCaseError> {
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
fn check_move_generation(position: &Position, moves: &ChessMoveList) -> Result<(), TestCaseError> {
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
fn check_uci_round_trip(position: &Position, moves: &ChessMoveList) -> Result<(), TestCaseError> {
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

// ---------------------------------------------------------------------------------------------------
// Properties of random games.

proptest! {
    #![proptest_config(config(512))]

    /// 1. Make then unmake restores the whole position at every ply, for every legal move; unwinding
    /// the game ply by ply goes back through every position to the start.
    #[test]
    fn make_unmake_restores_the_position((start_index, choices) in game()) {
        let (mut position, plies) = play(start_index, &choices, check_make_unmake)?;
        for ply in plies.iter().rev() {
            position.unmake_move(ply.mv, ply.undo);
            prop_assert_eq!(position, ply.before, "unwinding {:?}", ply.mv);
        }
        prop_assert_eq!(position, start(start_index));
    }

    /// 2. The incremental hash equals the one computed from scratch after every make and unmake.
    #[test]
    fn incremental_hash_matches_computed((start_index, choices) in game()) {
        let (mut position, plies) = play(start_index, &choices, |position, moves| {
            prop_assert_eq!(position.hash(), position.compute_hash(), "{}", fen(position));
            for &mv in moves.iter() {
                let undo = position.make_move(mv);
                prop_assert_eq!(position.hash(), position.compute_hash(), "after {:?}: {}", mv, fen(position));
                position.unmake_move(mv, undo);
                prop_assert_eq!(position.hash(), position.compute_hash(), "unmade {:?}: {}", mv, fen(position));
            }
            Ok(())
        })?;
        for ply in plies.iter().rev() {
            position.unmake_move(ply.mv, ply.undo);
            prop_assert_eq!(position.hash(), position.compute_hash());
            prop_assert_eq!(position.hash(), ply.before.hash());
        }
    }

    /// 2b. What a position keeps to spare the search work: its checkers are the reference's
    /// attackers of its king after every make and unmake, and `key_after` is the hash the move
    /// reaches, for every move but a castling, an en-passant capture, one that changes a castling
    /// right, or a double push (those it only approximates).
    #[test]
    fn kept_checkers_and_the_key_after_a_move_are_exact((start_index, choices) in game()) {
        let check_checkers = |position: &Position| {
            let us = position.side_to_move();
            let reference: HashSet<Square> =
                reference_attackers(position, reference_king(position, us), !us).into_iter().collect();
            let checkers: HashSet<Square> = position.checkers().into_iter().collect();
            prop_assert_eq!(checkers, reference, "{}", fen(position));
            Ok(())
        };
        play(start_index, &choices, |position, moves| {
            check_checkers(position)?;
            for &mv in moves.iter() {
                let predicted = position.key_after(mv);
                let rights = position.castling_rights();
                let undo = position.make_move(mv);
                check_checkers(position)?;
                let exact = !matches!(mv.kind(), MoveKind::Castle | MoveKind::EnPassant)
                    && position.castling_rights() == rights
                    && position.en_passant().is_none();
                if exact {
                    prop_assert_eq!(predicted, position.hash(), "{:?} in {}", mv, fen(position));
                }
                position.unmake_move(mv, undo);
                check_checkers(position)?;
            }
            Ok(())
        })?;
    }

    /// 3. The FEN of every position reached, and of every position one legal move further, reads back
    /// to the same position and prints the same text.
    #[test]
    fn fen_round_trips((start_index, choices) in game()) {
        play(start_index, &choices, |position, moves| {
            check_fen_round_trip(position)?;
            for &mv in moves.iter() {
                let mut after = *position;
                after.make_move(mv);
                check_fen_round_trip(&after)?;
            }
            Ok(())
        })?;
    }

    /// 4. Generated moves are unique, agree with `count_moves` and with the reference generator, and
    /// never leave the mover in check; check detection agrees with the reference.
    #[test]
    fn move_generation_is_exactly_the_legal_moves((start_index, choices) in game()) {
        play(start_index, &choices, |position, moves| check_move_generation(position, moves))?;
    }

    /// 5. UCI text round-trips for every legal move, in both castling conventions.
    #[test]
    fn uci_text_round_trips((start_index, choices) in game()) {
        play(start_index, &choices, |position, moves| {
            check_uci_round_trip(position, moves)?;
            // A standard position switched to Chess960 notation (`UCI_Chess960` set after the
            // `position` command) reads its moves back too. The reverse switch is left out on
            // purpose: a Chess960 position in standard notation may write castling exactly like a
            // king step (`b8c8`), which the text can no longer tell apart.
            if !position.is_chess960() {
                let mut switched = *position;
                switched.set_chess960(true);
                check_uci_round_trip(&switched, moves)?;
            }
            Ok(())
        })?;
    }
}

// ---------------------------------------------------------------------------------------------------
// 7. The network's accumulators: incremental equals fresh.

/// The compact build has no network in its evaluation cache (`engine/src/footprint.rs`).
#[cfg(not(feature = "compact"))]
mod network_accumulators {
    use super::support::walk;
    use super::*;
    use engine::chess::{nnue, EvalCache};
    use engine::nnue::simd;
    use engine::{Game, Score};

    /// The accumulators the cache keeps along the walk, computed lazily and incrementally, equal the
    /// ones computed from scratch with the embedded network, and so does the evaluation.
    fn check_accumulators(cache: &mut EvalCache, position: &Position) -> Result<(), TestCaseError> {
        check_accumulators_of(&nnue::EMBEDDED, cache, position)
    }

    /// The same, for `network`.
    fn check_accumulators_of(
        network: &nnue::Network,
        cache: &mut EvalCache,
        position: &Position,
    ) -> Result<(), TestCaseError> {
        let mut fresh = nnue::Accumulator::ZERO;
        fresh.refresh(position, network);
        let incremental = *cache.accumulator(position).expect("the cache has a network");
        for color in Color::ALL {
            let perspective = color.index();
            prop_assert!(
                incremental.values(perspective) == fresh.values(perspective),
                "{:?} in {}",
                color,
                fen(position)
            );
        }
        let expected = nnue::evaluate(position, network).clamp(-20_000, 20_000);
        prop_assert_eq!(position.evaluate_cached(cache), Score(expected), "{}", fen(position));
        Ok(())
    }

    /// The embedded network's weights read as a king-mirrored network (`TRSKNN03`, the same layout
    /// with another magic): a network whose accumulators must be refreshed when a king crosses
    /// between the d and e files.
    fn king_mirrored_network() -> &'static nnue::Network {
        static NETWORK: std::sync::OnceLock<&'static nnue::Network> = std::sync::OnceLock::new();
        NETWORK.get_or_init(|| {
            let mut bytes = nnue::FILE.to_vec();
            bytes[..8].copy_from_slice(b"TRSKNN03");
            let mut network = Box::new(nnue::EMBEDDED.clone());
            network.read(&bytes).expect("the embedded network's layout under the king-mirrored magic");
            assert!(network.mirrored() && !nnue::EMBEDDED.mirrored());
            Box::leak(network)
        })
    }

    /// A king-mirrored network reads each side's view of the board mirrored left to right while that
    /// side's king is on files e-h: with both kings there, it evaluates a position as the same weights
    /// unmirrored evaluate its mirror image; with both kings on a-d, as they evaluate the position.
    #[test]
    fn a_king_mirrored_network_reads_each_side_from_its_kings_half() {
        let mirrored = king_mirrored_network();
        let flip_files = |fen: &str| -> String {
            let (board, rest) = fen.split_once(' ').unwrap();
            let rows: Vec<String> = board
                .split('/')
                .map(|row| {
                    let mut expanded = String::new();
                    for c in row.chars() {
                        match c.to_digit(10) {
                            Some(n) => expanded.extend(std::iter::repeat_n('1', n as usize)),
                            None => expanded.push(c),
                        }
                    }
                    expanded.chars().rev().collect()
                })
                .collect();
            format!("{} {rest}", rows.join("/"))
        };
        let position = |fen: &str| Position::from_fen(fen).unwrap();
        let both_kings_east = "6k1/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/5RK1 w - - 0 20";
        let mirror_image = flip_files(both_kings_east);
        let east = nnue::evaluate(&position(both_kings_east), mirrored);
        assert_eq!(east, nnue::evaluate(&position(&mirror_image), &nnue::EMBEDDED));
        assert_ne!(
            east,
            nnue::evaluate(&position(both_kings_east), &nnue::EMBEDDED),
            "the mirroring is read"
        );
        assert_eq!(
            nnue::evaluate(&position(&mirror_image), mirrored),
            nnue::evaluate(&position(&mirror_image), &nnue::EMBEDDED)
        );
        // One king on each half: only the east king's side is read mirrored, so neither plain reading
        // gives its evaluation.
        let split = "1k6/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/5RK1 w - - 0 20";
        let value = nnue::evaluate(&position(split), mirrored);
        assert_ne!(value, nnue::evaluate(&position(split), &nnue::EMBEDDED));
        assert_ne!(value, nnue::evaluate(&position(&flip_files(split)), &nnue::EMBEDDED));
    }

    proptest! {
        #![proptest_config(config(256))]

        /// 7. Along random walks of makes, unmakes and null moves (castling, en passant, promotions
        /// and captures among them, and lines deeper than the accumulator stack), the lazily and
        /// incrementally updated accumulators equal fresh ones, with the portable loops and, where
        /// the CPU has them, the AVX2 ones.
        #[test]
        fn incremental_accumulators_equal_fresh_ones(start_index in 0..START_FENS.len(), steps in walk::steps()) {
            let mut cache = Box::<EvalCache>::default();
            cache.set_network(Some(&nnue::EMBEDDED));
            let start = start(start_index);
            simd::disable_avx2();
            walk::walk(&start, &steps, &mut cache, &mut check_accumulators)?;
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: the CPU has AVX2. (Tests evaluating meanwhile get the same integers.)
                unsafe { simd::enable_avx2() };
                walk::walk(&start, &steps, &mut cache, &mut check_accumulators)?;
                simd::disable_avx2();
            }
        }

        /// 7b. The same with a king-mirrored network, whose accumulator of a side is computed afresh
        /// after its king crosses between the d and e files (castling long among such moves) while
        /// the other side's is still updated move by move.
        #[test]
        fn king_mirrored_accumulators_equal_fresh_ones(start_index in 0..START_FENS.len(), steps in walk::steps()) {
            let network = king_mirrored_network();
            let mut cache = Box::<EvalCache>::default();
            cache.set_network(Some(network));
            let start = start(start_index);
            let mut check = |cache: &mut EvalCache, position: &Position| check_accumulators_of(network, cache, position);
            walk::walk(&start, &steps, &mut cache, &mut check)?;
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// 6. FEN fuzzing.

/// Everything a parsed FEN promises: it round-trips, hashes consistently, generates exactly the legal
/// moves, and every move makes and unmakes cleanly.
fn check_parsed_position(mut position: Position) -> Result<(), TestCaseError> {
    check_fen_round_trip(&position)?;
    prop_assert_eq!(position.hash(), position.compute_hash());
    let moves = legal_moves(&position);
    prop_assert_eq!(count_moves(&position), moves.len() as u64);
    check_move_generation(&position, &moves)?;
    check_make_unmake(&mut position, &moves)?;
    check_uci_round_trip(&position, &moves)
}

proptest! {
    #![proptest_config(config(16384))]

    /// Arbitrary bytes never panic the parser.
    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        if let Ok(position) = Position::from_fen_bytes(&bytes) {
            check_parsed_position(position)?;
        }
    }

    /// Bytes from the FEN alphabet, in FEN-like shapes, get further into the parser.
    #[test]
    fn fen_alphabet_never_panics(bytes in prop::collection::vec(prop::sample::select(FEN_BYTES), 0..90)) {
        if let Ok(position) = Position::from_fen_bytes(&bytes) {
            check_parsed_position(position)?;
        }
    }
}

/// Bytes a FEN is made of, the ones mutations favour.
const FEN_BYTES: &[u8] = b"pnbrqkPNBRQK12345678/ /// wb-KQkqabcdefghABCDEFGH09\t";

/// Valid FENs the mutation fuzzer starts from: the game starts, plus positions with a live en-passant
/// square, few pieces (so mutations often stay valid), and castling in every notation.
fn fuzz_bases() -> Vec<String> {
    let mut bases: Vec<String> = START_FENS.iter().map(|fen| fen.to_string()).collect();
    bases.extend(
        [
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b AHah - 5 40",
            "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1",
            "4k3/1P6/8/3pP3/8/8/6p1/4K3 w - d6 0 1",
        ]
        .map(String::from),
    );
    bases
}

#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    /// Exchanges two bytes: moves pieces around while keeping every rank's length.
    Swap(usize, usize),
    /// Replaces a whole field (1 = side to move, ..., 5 = fullmove number) with new text.
    Field(usize, String),
}

fn edit() -> impl Strategy<Value = Edit> {
    let byte = prop_oneof![
        4 => prop::sample::select(&b"pnbrqkPNBRQK"[..]),
        4 => prop::sample::select(FEN_BYTES),
        1 => any::<u8>(),
    ];
    let field = prop_oneof![
        (Just(1), "[wb]"),
        (Just(2), "-|[A-HKQa-hkq]{1,4}"),
        (Just(3), "-|[a-h][1-8]|[a-h][36]"),
        (Just(4), "[0-9]{1,3}|-1|4294967296"),
        (Just(5), "[0-9]{1,3}"),
    ];
    prop_oneof![
        3 => (any::<usize>(), byte.clone()).prop_map(|(at, byte)| Edit::Replace(at, byte)),
        1 => (any::<usize>(), byte).prop_map(|(at, byte)| Edit::Insert(at, byte)),
        1 => any::<usize>().prop_map(Edit::Delete),
        3 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Swap(a, b)),
        3 => field.prop_map(|(index, text)| Edit::Field(index, text)),
    ]
}

fn apply(edit: Edit, bytes: &mut Vec<u8>) {
    let len = bytes.len();
    match edit {
        Edit::Replace(at, byte) if len > 0 => bytes[at % len] = byte,
        Edit::Insert(at, byte) => bytes.insert(at % (len + 1), byte),
        Edit::Delete(at) if len > 0 => {
            bytes.remove(at % len);
        }
        Edit::Swap(a, b) if len > 0 => bytes.swap(a % len, b % len),
        Edit::Field(index, replacement) => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let mut fields: Vec<&str> = text.split(' ').collect();
            if let Some(field) = fields.get_mut(index) {
                *field = &replacement;
            }
            *bytes = fields.join(" ").into_bytes();
        }
        _ => {}
    }
}

fn mutated_fen() -> impl Strategy<Value = Vec<u8>> {
    (prop::sample::select(fuzz_bases()), prop::collection::vec(edit(), 1..4)).prop_map(|(base, edits)| {
        let mut bytes = base.into_bytes();
        for edit in edits {
            apply(edit, &mut bytes);
        }
        bytes
    })
}

/// Valid FENs with a few bytes replaced, inserted or deleted never panic the parser; whatever it
/// accepts is a position the rest of the engine can trust. A good share must be accepted, or the
/// deeper parser paths (castling, en passant, the check test) would go unexercised.
#[test]
fn mutated_fens_never_panic_and_what_parses_is_sound() {
    const CASES: u32 = 16384;
    let accepted = Cell::new(0u32);
    let refusals = RefCell::new(HashSet::new());
    let mut runner = TestRunner::new(config(CASES));
    let result = runner.run(&mutated_fen(), |bytes| {
        match Position::from_fen_bytes(&bytes) {
            Err(error) => {
                refusals.borrow_mut().insert(discriminant(&error));
            }
            Ok(position) => {
                accepted.set(accepted.get() + 1);
                check_parsed_position(position).map_err(|error| {
                    TestCaseError::fail(format!("{} (input {:?})", error, String::from_utf8_lossy(&bytes)))
                })?;
            }
        }
        Ok(())
    });
    if let Err(error) = result {
        panic!("{error}");
    }
    assert!(accepted.get() >= CASES / 16, "only {} of {CASES} mutated FENs parsed", accepted.get());
    let refusals = refusals.into_inner();
    for deep in [
        FenError::InvalidCastlingChar(b'x'),
        FenError::CastlingRookMissing(b'K'),
        FenError::CastlingKingMisplaced(Color::White),
        FenError::DuplicateCastlingRight(b'K'),
        FenError::InvalidEnPassant,
        FenError::ImpossibleEnPassant(Square::A1),
        FenError::InvalidHalfmoveClock,
        FenError::InvalidFullmoveNumber,
        FenError::OpponentInCheck,
    ] {
        assert!(refusals.contains(&discriminant(&deep)), "no mutated FEN reached {deep:?}");
    }
}

// ---------------------------------------------------------------------------------------------------
// A long deterministic game.

/// SplitMix64: a fixed seed gives the same game on every machine.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// 5000 plies of seeded random play, cycling through the start positions and starting again when a
/// game ends (no legal move, the fifty-move rule, or 250 plies, so that every start position gets its
/// turn). At every ply: make/unmake of every legal move
/// restores the position and keeps the hash right; at the end of each game the whole game is unwound.
/// Also proves the run covers every special move.
#[test]
fn long_seeded_game_keeps_make_unmake_and_hash_exact() {
    const PLIES: usize = 5000;
    const GAME_CAP: usize = 250;
    let mut rng = SplitMix(0x7121_5ce1_0000_0001);
    let mut start_index = 0;
    let mut position = start(start_index);
    let mut plies: Vec<Ply> = Vec::new();
    let mut moves = ChessMoveList::new();
    let mut seen = [false; 8];
    let mut games = 0;

    let unwind = |position: &mut Position, plies: &mut Vec<Ply>, start_index: usize| {
        while let Some(ply) = plies.pop() {
            position.unmake_move(ply.mv, ply.undo);
            assert_eq!(*position, ply.before, "unwinding {:?}", ply.mv);
            assert_eq!(position.hash(), position.compute_hash());
        }
        assert_eq!(*position, start(start_index));
    };

    for _ in 0..PLIES {
        generate_moves(&position, &mut moves);
        if moves.is_empty() || position.halfmove_clock() >= 100 || plies.len() >= GAME_CAP {
            unwind(&mut position, &mut plies, start_index);
            games += 1;
            start_index = (start_index + 1) % START_FENS.len();
            position = start(start_index);
            generate_moves(&position, &mut moves);
        }
        assert_eq!(position.hash(), position.compute_hash(), "{}", fen(&position));
        if let Err(error) = check_make_unmake(&mut position, &moves) {
            panic!("{error}");
        }
        let mv = moves[(rng.next() % moves.len() as u64) as usize];
        seen[mv.kind() as usize] = true;
        let before = position;
        let undo = position.make_move(mv);
        assert_eq!(position.hash(), position.compute_hash(), "after {mv:?} from {}", fen(&before));
        plies.push(Ply { mv, undo, before });
    }
    unwind(&mut position, &mut plies, start_index);

    assert!(games >= START_FENS.len(), "the run spans several games ({games})");
    for kind in [
        MoveKind::Normal,
        MoveKind::PromoteKnight,
        MoveKind::PromoteBishop,
        MoveKind::PromoteRook,
        MoveKind::PromoteQueen,
        MoveKind::EnPassant,
        MoveKind::Castle,
    ] {
        assert!(seen[kind as usize], "the seeded run never played a {kind:?} move");
    }
}

/// Regression: `Position` equality once compared the rook squares of castling rights no longer held.
/// After White's king moves here, its dead long-castling slot still says b1, while the same position
/// read from FEN says a1 (the default); the two must still be equal.
#[test]
fn fen_round_trip_is_bitwise_after_losing_a_960_right() {
    let mut position = Position::from_fen("1r2k1r1/8/8/8/8/8/8/rRK5 w Bgb - 0 1").unwrap();
    let mv = position.parse_uci_move("c1d1").expect("the king may step to d1");
    position.make_move(mv);
    assert_eq!(fen(&position), "1r2k1r1/8/8/8/8/8/8/rR1K4 b gb - 1 1");
    let parsed = Position::from_fen(&fen(&position)).unwrap();
    assert!(same_position(&parsed, &position));
    assert_eq!(parsed, position);
}

/// A 21-queen position: its 271 legal moves would overflow the move list, so the parser must refuse
/// it (more than 16 pieces) rather than hand it to the generator.
#[test]
fn positions_beyond_the_move_list_are_refused() {
    let fen = "QQQQQQQK/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/BR5Q/kBQQQQQQ w - - 0 1";
    assert_eq!(Position::from_fen(fen), Err(FenError::TooManyPieces(Color::White)));
}
