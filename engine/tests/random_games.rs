//! Property tests over many random legal chess games, plus one long seeded game.
//!
//! A game is a start position (from a fixed set: the perft classics, Chess960 positions given in
//! Shredder-FEN, positions rich in en passant) and a list of choice indices; at each ply the game plays
//! `moves[choice % moves.len()]` and stops when the side to move has no legal move. Choosing by index
//! rather than by seed lets proptest shrink a failing game to a short one.
//!
//! At every position reached: make/unmake, the incremental hash, the kept checkers, the key after
//! a move and whether it gives check, FEN and UCI text round trips, and move generation against a
//! deliberately naive reference (`support/chess_reference.rs`), which shares nothing with the
//! engine's bitboard tables but `make_move`, whose own correctness the make/unmake and hash
//! properties pin down.
//!
//! Failures are not persisted to `proptest-regressions/` files; proptest prints the minimal failing
//! input, which is the reproducer.

use std::collections::HashSet;

mod support;

use engine::chess::{generate_moves, ChessMoveList, Move, MoveKind, Position, Square, Undo};
use engine::Game;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use support::chess::{
    check_fen_round_trip, check_make_unmake, check_move_generation, check_uci_round_trip, config, fen, start,
    START_FENS,
};
use support::chess_reference::{reference_attackers, reference_king};

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

    /// 2c. `gives_check`, read from the board without playing the move, is whether the opponent
    /// stands in check once it is played, for every legal move: direct and discovered checks,
    /// promotions, en-passant captures and castlings (Chess960's among them).
    #[test]
    fn gives_check_is_check_after_the_move((start_index, choices) in game()) {
        play(start_index, &choices, |position, moves| {
            for &mv in moves.iter() {
                let predicted = position.gives_check(mv);
                let undo = position.make_move(mv);
                let checked = position.in_check();
                position.unmake_move(mv, undo);
                prop_assert_eq!(predicted, checked, "{:?} in {}", mv, fen(position));
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

    /// 4b. The captures and promotions, with the quiet moves appended after them, are the legal
    /// moves: each once, tactical and quiet as the search tells them apart.
    #[test]
    fn tactical_and_quiet_moves_split_the_legal_moves((start_index, choices) in game()) {
        play(start_index, &choices, |position, moves| {
            let text = fen(position);
            let mut staged = ChessMoveList::new();
            Game::generate_tactical_moves(&*position, &mut staged);
            let tactical = staged.len();
            position.append_quiet_moves(&mut staged);
            for (index, &mv) in staged.iter().enumerate() {
                prop_assert_eq!(position.is_tactical(mv), index < tactical, "{:?} in {}", mv, text);
            }
            let expected: HashSet<Move> = moves.iter().copied().collect();
            let got: HashSet<Move> = staged.iter().copied().collect();
            prop_assert_eq!(staged.len(), moves.len(), "in {}", text);
            prop_assert_eq!(got, expected, "in {}", text);
            Ok(())
        })?;
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
