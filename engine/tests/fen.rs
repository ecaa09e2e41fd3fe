//! FEN reading and writing, as a specification.
//!
//! First every way a FEN is refused: one test per [`FenError`] variant, each with a minimal input
//! that triggers exactly that error, whose message names the problem. Then what is accepted and how it
//! is written back: the start position byte for byte, omitted clocks, loose whitespace, X-FEN and
//! Shredder-FEN castling, and the en-passant convention (written after every double push, hashed only
//! when a capture is possible).

use engine::chess::position::{LONG, SHORT};
use engine::chess::{Color, FenError, MoveKind, Position, Square, STARTPOS};

fn square(name: &str) -> Square {
    Square::parse(name.as_bytes()).unwrap_or_else(|| panic!("{name} is a square"))
}

fn parse(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen:?} is valid: {error}"))
}

fn fen(position: &Position) -> String {
    position.fen().to_string()
}

/// `fen` is refused with exactly `expected`, through both entry points, and the message is not empty
/// and contains each of `mentions`.
fn refused(fen: &str, expected: FenError, mentions: &[&str]) {
    assert_eq!(Position::from_fen(fen), Err(expected), "{fen:?}");
    assert_eq!(Position::from_fen_bytes(fen.as_bytes()), Err(expected), "{fen:?} as bytes");
    let message = expected.to_string();
    assert!(!message.is_empty(), "{expected:?} has a message");
    for word in mentions {
        assert!(message.contains(word), "the message for {expected:?}, {message:?}, mentions {word:?}");
    }
}

/// The start position with its castling, en-passant and clock fields replaced by `rest`.
fn start_with(rest: &str) -> String {
    format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR {rest}")
}

// ---------------------------------------------------------------------------------------------------
// Refusals, one variant each.

/// Adding a `FenError` variant stops this from compiling until the variant has its test below.
fn test_of(error: FenError) -> fn() {
    match error {
        FenError::Empty => empty,
        FenError::MissingSideToMove => missing_side_to_move,
        FenError::TooManyFields => too_many_fields,
        FenError::WrongRankCount(_) => wrong_rank_count,
        FenError::WrongRankLength(_) => wrong_rank_length,
        FenError::InvalidPieceChar(_) => invalid_piece_char,
        FenError::WrongKingCount(_) => wrong_king_count,
        FenError::PawnOnBackRank(_) => pawn_on_back_rank,
        FenError::TooManyPieces(_) => too_many_pieces,
        FenError::InvalidSideToMove => invalid_side_to_move,
        FenError::InvalidCastlingChar(_) => invalid_castling_char,
        FenError::CastlingRookMissing(_) => castling_rook_missing,
        FenError::CastlingKingMisplaced(_) => castling_king_misplaced,
        FenError::DuplicateCastlingRight(_) => duplicate_castling_right,
        FenError::InvalidEnPassant => invalid_en_passant,
        FenError::ImpossibleEnPassant(_) => impossible_en_passant,
        FenError::InvalidHalfmoveClock => invalid_halfmove_clock,
        FenError::InvalidFullmoveNumber => invalid_fullmove_number,
        FenError::OpponentInCheck => opponent_in_check,
    }
}

#[test]
fn every_variant_has_a_test() {
    let all = [
        FenError::Empty,
        FenError::MissingSideToMove,
        FenError::TooManyFields,
        FenError::WrongRankCount(0),
        FenError::WrongRankLength(1),
        FenError::InvalidPieceChar(b'x'),
        FenError::WrongKingCount(Color::White),
        FenError::PawnOnBackRank(Square::A1),
        FenError::TooManyPieces(Color::White),
        FenError::InvalidSideToMove,
        FenError::InvalidCastlingChar(b'x'),
        FenError::CastlingRookMissing(b'K'),
        FenError::CastlingKingMisplaced(Color::White),
        FenError::DuplicateCastlingRight(b'K'),
        FenError::InvalidEnPassant,
        FenError::ImpossibleEnPassant(Square::A1),
        FenError::InvalidHalfmoveClock,
        FenError::InvalidFullmoveNumber,
        FenError::OpponentInCheck,
    ];
    for error in all {
        test_of(error)();
    }
    let as_error: &dyn std::error::Error = &FenError::Empty;
    assert_eq!(as_error.to_string(), "empty FEN");
}

#[test]
fn empty() {
    refused("", FenError::Empty, &["empty"]);
    refused(" \t\n ", FenError::Empty, &["empty"]);
}

#[test]
fn missing_side_to_move() {
    refused("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", FenError::MissingSideToMove, &["side to move"]);
}

#[test]
fn too_many_fields() {
    refused(&format!("{STARTPOS} 1"), FenError::TooManyFields, &["too many fields"]);
}

#[test]
fn wrong_rank_count() {
    refused(
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        FenError::WrongRankCount(7),
        &["7", "ranks"],
    );
    refused("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", FenError::WrongRankCount(9), &["9"]);
    refused("8 w", FenError::WrongRankCount(1), &["1"]);
}

#[test]
fn wrong_rank_length() {
    // Short by one square on rank 7.
    refused(
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::WrongRankLength(7),
        &["rank 7"],
    );
    // Digits adding up past eight, and a piece past the h-file.
    refused(
        "rnbqkbnr/pppppppp/18/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::WrongRankLength(6),
        &["rank 6"],
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
        FenError::WrongRankLength(1),
        &["rank 1"],
    );
    // An empty rank between slashes.
    refused(
        "rnbqkbnr/pppppppp/8//8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::WrongRankLength(5),
        &["rank 5"],
    );
}

#[test]
fn invalid_piece_char() {
    refused(
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::InvalidPieceChar(b'x'),
        &["'x'"],
    );
    // Only the digits 1 to 8 count squares.
    refused(
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::InvalidPieceChar(b'9'),
        &["'9'"],
    );
    refused(
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        FenError::InvalidPieceChar(b'0'),
        &["'0'"],
    );
}

#[test]
fn wrong_king_count() {
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
        FenError::WrongKingCount(Color::White),
        &["white", "king"],
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/3k4/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        FenError::WrongKingCount(Color::Black),
        &["black", "king"],
    );
}

#[test]
fn pawn_on_back_rank() {
    refused("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", FenError::PawnOnBackRank(Square::A1), &["a1"]);
}

#[test]
fn invalid_side_to_move() {
    refused(&start_with("W KQkq - 0 1"), FenError::InvalidSideToMove, &["side to move"]);
    refused(&start_with("white KQkq - 0 1"), FenError::InvalidSideToMove, &["'w'"]);
}

#[test]
fn invalid_castling_char() {
    refused(&start_with("w KQkx - 0 1"), FenError::InvalidCastlingChar(b'x'), &["castling", "'x'"]);
    refused(&start_with("w K- - 0 1"), FenError::InvalidCastlingChar(b'-'), &["'-'"]);
}

#[test]
fn castling_rook_missing() {
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1",
        FenError::CastlingRookMissing(b'K'),
        &["'K'", "rook"],
    );
    // A Shredder letter naming a bishop, or the king itself.
    refused(&start_with("w c - 0 1"), FenError::CastlingRookMissing(b'c'), &["'c'"]);
    refused(&start_with("w E - 0 1"), FenError::CastlingRookMissing(b'E'), &["'E'"]);
}

#[test]
fn castling_king_misplaced() {
    refused(
        "4k3/8/8/8/8/8/4K3/R6R w K - 0 1",
        FenError::CastlingKingMisplaced(Color::White),
        &["white", "king"],
    );
}

#[test]
fn duplicate_castling_right() {
    // `K` and `H` both name the h1 rook.
    refused(&start_with("w KHkq - 0 1"), FenError::DuplicateCastlingRight(b'H'), &["'H'", "twice"]);
    refused(&start_with("w KQkqk - 0 1"), FenError::DuplicateCastlingRight(b'k'), &["'k'"]);
}

#[test]
fn invalid_en_passant() {
    refused(&start_with("w KQkq e9 0 1"), FenError::InvalidEnPassant, &["en-passant"]);
    refused(&start_with("w KQkq e 0 1"), FenError::InvalidEnPassant, &["en-passant"]);
    refused(&start_with("w KQkq E6 0 1"), FenError::InvalidEnPassant, &["en-passant"]);
}

#[test]
fn impossible_en_passant() {
    refused(&start_with("w KQkq e6 0 1"), FenError::ImpossibleEnPassant(square("e6")), &["e6"]);
}

#[test]
fn invalid_halfmove_clock() {
    refused(&start_with("w KQkq - x 1"), FenError::InvalidHalfmoveClock, &["halfmove"]);
    refused(&start_with("w KQkq - -1 1"), FenError::InvalidHalfmoveClock, &["halfmove"]);
    refused(&start_with("w KQkq - 4294967296 1"), FenError::InvalidHalfmoveClock, &["halfmove"]);
}

#[test]
fn invalid_fullmove_number() {
    refused(&start_with("w KQkq - 0 y"), FenError::InvalidFullmoveNumber, &["fullmove"]);
    refused(&start_with("w KQkq - 0 1.5"), FenError::InvalidFullmoveNumber, &["fullmove"]);
}

#[test]
fn too_many_pieces() {
    // 21 queens (271 legal moves, more than the move list holds); seventeen pieces.
    refused(
        "QQQQQQQK/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/BR5Q/kBQQQQQQ w - - 0 1",
        FenError::TooManyPieces(Color::White),
        &["white", "16"],
    );
    refused("4k3/8/8/8/8/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", FenError::TooManyPieces(Color::White), &["white"]);
    refused("4k3/pppppppp/pppppppp/8/8/8/8/4K3 b - - 0 1", FenError::TooManyPieces(Color::Black), &["black"]);
    // What Stockfish and python-chess set up: nine pawns; eleven; more promoted pieces than missing
    // pawns; eight promoted pieces with no pawns left.
    for fen in [
        "4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
        "4k3/8/8/8/PPP5/PPPPPPPP/8/4K3 w - - 0 1",
        "qq2k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1",
    ] {
        assert!(Position::from_fen(fen).is_ok(), "{fen}");
    }
}

#[test]
fn opponent_in_check() {
    refused("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", FenError::OpponentInCheck, &["check"]);
}

// ---------------------------------------------------------------------------------------------------
// What is accepted, and how it is written.

#[test]
fn start_position_round_trips_byte_for_byte() {
    let position = parse(STARTPOS);
    assert_eq!(fen(&position), STARTPOS);
    assert_eq!(position, Position::startpos());
    assert_eq!(fen(&Position::startpos()), STARTPOS);
    assert_eq!(position.side_to_move(), Color::White);
    assert!(!position.is_chess960());
    assert_eq!(position.en_passant(), None);
    assert_eq!((position.halfmove_clock(), position.fullmove_number()), (0, 1));
    assert_eq!(position.hash(), position.compute_hash());
}

#[test]
fn four_fields_default_the_clocks_to_0_1() {
    let short = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    assert_eq!((short.halfmove_clock(), short.fullmove_number()), (0, 1));
    assert_eq!(short, Position::startpos());
    assert_eq!(fen(&short), STARTPOS);

    // Five fields: the fullmove number alone defaults.
    let five = parse(&start_with("w KQkq - 7"));
    assert_eq!((five.halfmove_clock(), five.fullmove_number()), (7, 1));
    // Two fields: no castling, no en passant.
    let two = parse(&start_with("b"));
    assert_eq!(fen(&two), start_with("b - - 0 1"));
}

#[test]
fn whitespace_between_fields_is_loose() {
    let loose = "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w \t KQkq  -    0\t1 \r\n";
    assert_eq!(parse(loose), Position::startpos());
    assert_eq!(fen(&parse(loose)), STARTPOS);
}

#[test]
fn large_clocks_are_kept() {
    let text = start_with("w KQkq - 99 999999999");
    assert_eq!(fen(&parse(&text)), text);
}

#[test]
fn x_fen_castling_on_a_960_position_reads_as_outermost_rooks_and_writes_shredder_letters() {
    // King on g1/g8 between rooks on f and h: `K` is the h-rook, `Q` the f-rook.
    let x_fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
    let shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let position = parse(x_fen);
    assert!(position.is_chess960());
    assert_eq!(position.castling_rook(Color::White, SHORT), Some(square("h1")));
    assert_eq!(position.castling_rook(Color::White, LONG), Some(square("f1")));
    assert_eq!(position.castling_rook(Color::Black, SHORT), Some(square("h8")));
    assert_eq!(position.castling_rook(Color::Black, LONG), Some(square("f8")));
    assert_eq!(fen(&position), shredder);
    assert_eq!(parse(shredder), position);
}

#[test]
fn x_fen_letters_pick_an_inner_rook() {
    // Two rooks on the long side: `Q` is the a-rook, `B` the b-rook.
    let outer = parse("4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1");
    assert_eq!(outer.castling_rook(Color::White, LONG), Some(square("a1")));
    assert!(!outer.is_chess960());
    assert_eq!(fen(&outer), "4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1");
    let inner = parse("4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1");
    assert_eq!(inner.castling_rook(Color::White, LONG), Some(square("b1")));
    assert!(inner.is_chess960());
    assert_eq!(fen(&inner), "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1");
}

#[test]
fn shredder_letters_on_the_standard_start_name_the_same_rooks_as_kqkq() {
    let standard = Position::startpos();
    let mut shredder = parse(&start_with("w HAha - 0 1"));
    for color in Color::ALL {
        for side in [SHORT, LONG] {
            assert_eq!(shredder.castling_rook(color, side), standard.castling_rook(color, side));
        }
    }
    assert_eq!(shredder.castling_rights(), standard.castling_rights());
    assert_eq!(shredder.hash(), standard.hash());
    // Rook letters select Chess960 notation, which writes them back.
    assert!(shredder.is_chess960());
    assert_eq!(fen(&shredder), start_with("w HAha - 0 1"));
    shredder.set_chess960(false);
    assert_eq!(shredder, standard);
    assert_eq!(fen(&shredder), STARTPOS);
}

#[test]
fn standard_positions_write_kqkq_in_canonical_order() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(fen(&parse(kiwipete)), kiwipete);
    assert_eq!(fen(&parse(&start_with("w qkQK - 0 1"))), STARTPOS);
    assert_eq!(fen(&parse(&start_with("w kQ - 0 1"))), start_with("w Qk - 0 1"));
    assert!(!parse(&start_with("w kQ - 0 1")).is_chess960());
}

#[test]
fn en_passant_square_is_written_after_every_double_push_but_hashed_only_when_capturable() {
    // 1. e4: no black pawn can take on e3, yet the square is written (the data convention).
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let mut played = Position::startpos();
    let mv = played.parse_uci_move("e2e4").expect("e2e4 is legal");
    played.make_move(mv);
    assert_eq!(fen(&played), after_e4);
    let read = parse(after_e4);
    assert_eq!(read, played);
    assert_eq!(read.en_passant(), Some(square("e3")));
    assert_eq!(fen(&read), after_e4);
    // Its file does not enter the hash: the same position with `-` hashes alike.
    let without = parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(read.hash(), without.hash());
    assert_ne!(read, without);

    // With a black pawn on d4 the capture d4xe3 is possible, and the hashes differ.
    let capturable = parse("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    let capturable_without = parse("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    assert_ne!(capturable.hash(), capturable_without.hash());
    assert_eq!(capturable.hash(), capturable.compute_hash());
    let capture = capturable.parse_uci_move("d4e3").expect("en passant is legal");
    assert_eq!(capture.kind(), MoveKind::EnPassant);
    assert_eq!(capturable_without.parse_uci_move("d4e3"), None);
}

#[test]
fn en_passant_square_without_a_pawn_that_skipped_it_is_refused() {
    let impossible = |rest: &str, at: &str| {
        refused(
            &format!("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR {rest}"),
            FenError::ImpossibleEnPassant(square(at)),
            &[at],
        );
    };
    // Nothing stands in front of the square: the start position with e3.
    refused(&start_with("b KQkq e3 0 1"), FenError::ImpossibleEnPassant(square("e3")), &["e3"]);
    // A pawn is there, but on the wrong file, or the square is on the wrong rank for the side to move.
    impossible("b KQkq d3 0 1", "d3");
    impossible("w KQkq e3 0 1", "e3");
    impossible("b KQkq e4 0 1", "e4");
    // The square the pawn came from, or the one it skipped, is occupied.
    refused(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b KQkq e3 0 1",
        FenError::ImpossibleEnPassant(square("e3")),
        &["e3"],
    );
    refused(
        "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
        FenError::ImpossibleEnPassant(square("e3")),
        &["e3"],
    );
    // The pawn in front is the side to move's own.
    refused(
        "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        FenError::ImpossibleEnPassant(square("e3")),
        &["e3"],
    );
}

#[test]
fn pawns_on_back_ranks_are_refused() {
    refused("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", FenError::PawnOnBackRank(square("a1")), &["a1"]);
    refused("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", FenError::PawnOnBackRank(square("h8")), &["h8"]);
    refused("4k3/8/8/8/8/8/8/3pK3 b - - 0 1", FenError::PawnOnBackRank(square("d1")), &["d1"]);
    refused("p3k3/8/8/8/8/8/8/4K3 b - - 0 1", FenError::PawnOnBackRank(square("a8")), &["a8"]);
}

#[test]
fn side_not_to_move_in_check_is_refused() {
    // Rook, knight, pawn and bishop checks on the king of the side that just moved.
    for fen in [
        "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
        "4k3/8/3N4/8/8/8/8/6K1 w - - 0 1",
        "4k3/3P4/8/8/8/8/8/6K1 w - - 0 1",
        "6k1/8/8/b7/8/8/8/4K3 b - - 0 1",
    ] {
        refused(fen, FenError::OpponentInCheck, &["check"]);
    }
    // The same positions with the checked side to move are fine, and in check.
    for fen in [
        "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
        "4k3/8/3N4/8/8/8/8/6K1 b - - 0 1",
        "4k3/3P4/8/8/8/8/8/6K1 b - - 0 1",
        "6k1/8/8/b7/8/8/8/4K3 w - - 0 1",
    ] {
        let position = parse(fen);
        assert!(position.in_check(), "{fen}");
        assert_eq!(position.checkers().count(), 1, "{fen}");
        assert_eq!(self::fen(&position), fen);
    }
}

/// In standard notation (`set_chess960(false)`) X-FEN reads `Q` as the outermost rook, so an inner
/// castling rook must be written by its file letter (`B` here) to read back as the same rook.
#[test]
fn standard_notation_names_an_inner_castling_rook_by_its_file() {
    let mut position = parse("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(position.castling_rook(Color::White, LONG), Some(square("b1")));
    position.set_chess960(false);
    let text = fen(&position);
    assert_eq!(parse(&text).castling_rook(Color::White, LONG), Some(square("b1")), "{text}");
}
