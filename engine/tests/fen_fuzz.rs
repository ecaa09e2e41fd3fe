//! FEN fuzzing: arbitrary bytes, bytes from the FEN alphabet and mutated valid FENs never panic the
//! parser, and whatever it accepts passes the checks every position of the random games passes
//! (`random_games.rs`): it round-trips, hashes consistently, generates exactly the reference's legal
//! moves, and every move makes, unmakes and reads back from its UCI text. Also two fixed cases of
//! FEN reading: a Chess960 position that lost a castling right reads back equal, and a position too
//! big for the move list is refused.
//!
//! Failures are not persisted to `proptest-regressions/` files; proptest prints the minimal failing
//! input, which is the reproducer.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::mem::discriminant;

mod support;

use engine::chess::{count_moves, Color, FenError, Position, Square};
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use support::chess::{
    check_fen_round_trip, check_make_unmake, check_move_generation, check_uci_round_trip, config, fen,
    legal_moves, same_position, START_FENS,
};

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
