//! Xiangqi: FEN round trips and errors, hashing, make/unmake, the rules that perft alone might not
//! pin down (flying general, stalemate is a loss, draws by material and by the no-capture rule),
//! counting versus listing, captures, static exchange and the colour flip.

use engine::game::Game;
use engine::perft::perft;
use engine::score::Score;
use engine::xiangqi::{
    count_moves, generate_captures, generate_moves, looks_like_xiangqi_fen, Color, FenError, PieceKind,
    Position, Square, XiangqiMoveList, STARTPOS,
};

const PERFT: &str = include_str!("../../tests/data/xiangqi/perft.epd");

fn suite() -> impl Iterator<Item = Position> {
    PERFT.lines().filter(|line| !line.trim().is_empty() && !line.starts_with('#')).map(|line| {
        let fen = line.split(';').next().unwrap().trim();
        Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
    })
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

mod support;
use support::Rng;

#[test]
fn fen_round_trips_over_the_perft_suite() {
    for line in PERFT.lines().filter(|line| !line.trim().is_empty()) {
        let fen = line.split(';').next().unwrap().trim();
        let position = position(fen);
        assert_eq!(position.fen().to_string(), fen);
        assert_eq!(Position::from_fen(&position.to_string()).unwrap(), position);
        assert!(looks_like_xiangqi_fen(fen));
    }
    assert_eq!(Position::startpos().fen().to_string(), STARTPOS);
    assert!(!looks_like_xiangqi_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    // E and H are read as elephant and horse, written B and N.
    let alternative = position("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1");
    assert_eq!(alternative, Position::startpos());
    // The counters may be left out.
    assert_eq!(
        position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        Position::startpos()
    );
}

#[test]
fn fen_errors_name_their_cause() {
    let cases: &[(&str, FenError)] = &[
        ("", FenError::Empty),
        ("4k4/9/9/9/9/9/9/9/9/4K4", FenError::MissingSideToMove),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1 x", FenError::TooManyFields),
        ("4k4/9/9/9/9/9/9/9/4K4 w", FenError::WrongRankCount(9)),
        ("4k5/9/9/9/9/9/9/9/9/4K4 w", FenError::RankTooLong(9)),
        ("4k3/9/9/9/9/9/9/9/9/4K4 w", FenError::RankTooShort(9)),
        ("4k4/9/9/9/9/9/9/9/9/4Q4 w", FenError::InvalidPieceChar(b'Q')),
        ("4k4/9/9/9/9/9/9/9/9/9 w", FenError::MissingKing(Color::Red)),
        ("4k4/9/9/9/9/9/9/9/4K4/3K5 w", FenError::ExtraKing(Color::Red)),
        ("4k4/9/9/9/9/9/9/9/9/K8 w", FenError::KingOutOfPalace(Square::new(0, 0).unwrap())),
        ("4k4/9/9/9/9/9/9/9/3A5/4K4 w", FenError::AdvisorOffSquare(Square::new(3, 1).unwrap())),
        ("4k4/9/9/9/9/9/9/9/9/1B2K4 w", FenError::ElephantOffSquare(Square::new(1, 0).unwrap())),
        ("4k4/9/9/9/4B4/9/9/9/9/4K4 w", FenError::ElephantOffSquare(Square::new(4, 5).unwrap())),
        ("4k4/9/9/9/9/9/9/4P4/9/3K5 w", FenError::PawnBehindStart(Square::new(4, 2).unwrap())),
        ("4k4/9/9/9/9/9/9/RRR6/9/3K5 w", FenError::TooManyPieces(Color::Red, PieceKind::Rook)),
        ("4k4/9/9/9/9/9/9/9/9/3K5 x", FenError::InvalidSideToMove),
        ("4k4/9/9/9/9/9/9/9/9/3K5 w - - x 1", FenError::InvalidHalfmoveClock),
        ("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 -1", FenError::InvalidFullmoveNumber),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", FenError::OpponentInCheck),
        ("4k4/9/9/9/9/9/9/9/4R4/3K5 w", FenError::OpponentInCheck),
    ];
    for &(fen, expected) in cases {
        match Position::from_fen(fen) {
            Err(error) => assert_eq!(error, expected, "{fen}"),
            Ok(position) => assert_eq!(Some(expected), None, "{fen} parsed as {position}"),
        }
    }
}

/// Plays four random games of up to 80 moves from each position of the perft suite, the moves
/// drawn by `seed`, and hands `visit` every position reached (the start and the last included)
/// with its legal moves; `visit` may make and unmake moves but leaves the position as it was.
fn visit_random_games(seed: u64, mut visit: impl FnMut(&mut Position, &XiangqiMoveList)) {
    let mut rng = Rng(seed);
    for start in suite() {
        for _ in 0..4 {
            let mut position = start;
            for _ in 0..=80 {
                let mut moves = XiangqiMoveList::new();
                generate_moves(&position, &mut moves);
                visit(&mut position, &moves);
                if moves.is_empty() {
                    break;
                }
                position.make_move(moves[rng.below(moves.len())]);
            }
        }
    }
}

#[test]
fn incremental_hash_key_after_and_unmake_agree_with_recomputation_over_random_games() {
    visit_random_games(0x9e37_79b9_7f4a_7c15, |position, moves| {
        assert_eq!(count_moves(position), moves.len() as u64, "{position}");
        let mut captures = XiangqiMoveList::new();
        generate_captures(position, &mut captures);
        let expected: Vec<_> = moves.iter().copied().filter(|&mv| position.is_capture(mv)).collect();
        assert_eq!(captures.to_vec(), expected, "{position}");
        // The quiet moves appended after the captures: the legal moves, each once.
        position.append_quiet_moves(&mut captures);
        let quiets = &captures[expected.len()..];
        assert!(quiets.iter().all(|&mv| !position.is_capture(mv)), "{position}");
        let mut all = captures.to_vec();
        let mut legal = moves.to_vec();
        all.sort_by_key(|mv| mv.to_string());
        legal.sort_by_key(|mv| mv.to_string());
        assert_eq!(all, legal, "{position}");
        for &mv in moves.iter() {
            let before = *position;
            let predicted = position.key_after(mv);
            let undo = position.make_move(mv);
            assert_eq!(position.hash(), position.compute_hash(), "{before} {mv}");
            assert_eq!(predicted, position.hash(), "key_after: {before} {mv}");
            assert!(!position
                .is_attacked_by(position.king_square(!position.side_to_move()), position.side_to_move()));
            position.unmake_move(mv, undo);
            assert_eq!(*position, before, "{mv}");
        }
        // FEN keeps everything but the check counts of the 60-move rule (history, as in
        // Pikafish's FEN).
        let fen = position.fen().to_string();
        let reread = Position::from_fen(&fen).unwrap();
        assert_eq!((reread.fen().to_string(), reread.hash()), (fen, position.hash()));
        assert_eq!(reread.in_check(), position.in_check());
    });
}

#[test]
fn flying_general_rule() {
    // The horse between the kings may not leave the file; the king steps aside or up.
    let pinned = position("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1");
    let mut moves = XiangqiMoveList::new();
    generate_moves(&pinned, &mut moves);
    let texts: Vec<String> = moves.iter().map(|mv| mv.to_string()).collect();
    assert_eq!(texts.len(), 3, "{texts:?}");
    assert!(texts.iter().all(|text| text.starts_with("e0")), "{texts:?}");
    // The king may not step onto the other king's open file.
    let open = position("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(open.parse_move("e0d0").is_none());
    assert!(open.parse_move("e0f0").is_some());
    assert!(open.parse_move("e0e1").is_some());
    assert_eq!(count_moves(&open), 2);
}

#[test]
fn no_legal_move_is_a_loss_in_check_or_not() {
    let stalemate = position("3k5/9/3P5/9/9/9/9/9/9/4K4 b - - 1 1");
    assert!(!stalemate.in_check());
    assert_eq!(count_moves(&stalemate), 0);
    assert_eq!(Game::no_move_score(&stalemate, 3), Score::mated_in(3));
    let mate = position("4kab1C/4a4/9/p8/9/P8/8P/9/6r2/3r1K3 w - - 0 50");
    assert!(mate.in_check());
    assert_eq!(count_moves(&mate), 0);
    assert_eq!(Game::no_move_score(&mate, 0), Score::mated_in(0));
}

#[test]
fn material_and_no_capture_draws() {
    assert!(Game::is_rule_draw(&position("3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK1B2 w - - 0 1")));
    assert!(!Game::is_rule_draw(&position("3akab2/9/4b4/9/9/6P2/9/4B4/4A4/3AK1B2 w - - 0 1")));
    assert!(!Game::is_rule_draw(&position("3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK1N2 w - - 119 80")));
    assert!(Game::is_rule_draw(&position("3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK1N2 w - - 120 80")));
    let mut start = Position::startpos();
    assert_eq!(Game::reversible_plies(&start), 0);
    let mv = start.parse_move("h2e2").unwrap();
    start.make_move(mv);
    assert_eq!(Game::reversible_plies(&start), 1);
    let capture = start.parse_move("b7b0").unwrap();
    start.make_move(capture);
    assert_eq!(Game::reversible_plies(&start), 0);
}

#[test]
fn null_move_and_move_encoding() {
    let start = Position::startpos();
    assert!(Game::null_move_allowed(&start));
    let bare = position("3akab2/9/4b4/9/9/6P2/9/4B4/4A4/3AK1B2 w - - 0 1");
    assert!(!Game::null_move_allowed(&bare));
    let mut position = start;
    let undo = Game::make_null_move(&mut position);
    assert_eq!(position.side_to_move(), Color::Black);
    assert_eq!(position.hash(), position.compute_hash());
    Game::unmake_null_move(&mut position, undo);
    assert_eq!(position, start);
    let mut moves = XiangqiMoveList::new();
    generate_moves(&start, &mut moves);
    for &mv in moves.iter() {
        assert_eq!(<Position as Game>::decode_move(<Position as Game>::encode_move(mv)), mv);
        assert!(Game::history_index(&start, mv) < engine::game::HISTORY_SLOTS);
        assert_eq!(start.parse_move(&Game::move_text(&start, mv).to_string()), Some(mv));
    }
}

/// Asserts the exchange value of `text` is exactly `value`.
fn assert_see(fen: &str, text: &str, value: i32) {
    let position = position(fen);
    let mv = position.parse_move(text).unwrap_or_else(|| panic!("{text} illegal in {fen}"));
    assert!(Game::see_at_least(&position, mv, value), "{fen} {text} reaches {value}");
    assert!(!Game::see_at_least(&position, mv, value + 1), "{fen} {text} stays below {}", value + 1);
}

#[test]
fn static_exchange_on_hand_positions() {
    // The exchange values are the evaluation's middlegame material (tuned data).
    let value = |kind: PieceKind| engine::xiangqi::eval::PIECE_VALUES[kind.index()];
    // An undefended horse.
    assert_see("4k4/9/9/9/4n4/9/9/9/4R4/3K5 w - - 0 1", "e1e5", value(PieceKind::Horse));
    // A pawn defended by a horse: the rook is lost for it.
    assert_see(
        "4k4/9/9/2n6/9/R2p5/9/9/9/3K5 w - - 0 1",
        "a4d4",
        value(PieceKind::Pawn) - value(PieceKind::Rook),
    );
    // A rook defended by a cannon through its screen: rook for rook.
    assert_see("4k4/2c6/2n6/9/2r6/9/9/9/2R6/3K5 w - - 0 1", "c1c5", 0);
    // The same, with a red cannon behind an elephant screen to take back the cannon.
    assert_see("4k4/2c6/2n6/9/R1r6/2B6/9/9/9/2CK5 w - - 0 1", "a5c5", value(PieceKind::Cannon));
}

#[test]
fn the_flip_is_an_involution_and_keeps_perft() {
    for position in suite() {
        let flipped = position.flipped();
        assert_eq!(flipped.flipped(), position);
        assert_eq!(flipped.mirrored(), position);
        assert_ne!(flipped.side_to_move(), position.side_to_move());
        let (mut a, mut b) = (position, flipped);
        assert_eq!(perft(&mut a, 2), perft(&mut b, 2), "{position}");
        assert_eq!(count_moves(&position), count_moves(&flipped));
    }
    let mut start = Position::startpos();
    let mut flipped = start.flipped();
    assert_eq!(perft(&mut flipped, 3), perft(&mut start, 3));
}

#[test]
fn evaluation_is_symmetric_and_sane() {
    let start = Position::startpos();
    assert_eq!(Game::evaluate(&start), Game::evaluate(&start.flipped()));
    for position in suite() {
        assert_eq!(Game::evaluate(&position), Game::evaluate(&position.flipped()), "{position}");
    }
    // A rook up is a lot.
    let up = position("3akab2/9/4b4/9/9/9/9/4B4/4A4/R2AK1B2 w - - 0 1");
    assert!(Game::evaluate(&up).0 > 600);
}

#[test]
fn checkers_are_the_pieces_giving_check() {
    let square = |text: &str| Square::parse(text.as_bytes()).unwrap().bit();
    // A cannon over the pawn on d3 and a horse with its leg (c1) free both check the king on d0.
    let double = position("5k3/9/9/9/3c5/9/3P5/2n6/9/3K5 w - - 0 1");
    assert!(double.in_check());
    assert_eq!(double.checkers(), square("d5") | square("c2"));
    // With the leg blocked the horse no longer checks; with no screen the cannon does not either.
    let single = position("5k3/9/9/9/3c5/9/3P5/2n6/2p6/3K5 w - - 0 1");
    assert_eq!(single.checkers(), square("d5"));
    let quiet = position("5k3/9/9/9/3c5/9/9/2n6/2p6/3K5 w - - 0 1");
    assert!(!quiet.in_check());
    assert_eq!(quiet.checkers(), 0);
}

/// `gives_check`, read from the board without playing the move, is whether the opponent stands in
/// check once it is played, for every legal move along random games from the perft suite: direct
/// checks, uncovered ones, a cannon given its screen or a horse its leg, the open file between the
/// generals.
#[test]
fn gives_check_is_check_after_the_move_over_random_games() {
    let (mut checks, mut moves_seen) = (0, 0);
    visit_random_games(0x2545_f491_4f6c_dd1d, |position, moves| {
        for &mv in moves.iter() {
            let before = *position;
            let predicted = position.gives_check(mv);
            let undo = position.make_move(mv);
            assert_eq!(predicted, position.in_check(), "{mv} from {before}");
            position.unmake_move(mv, undo);
            checks += usize::from(predicted);
            moves_seen += 1;
        }
    });
    // The games must have offered checks for the comparison to mean something.
    assert!(checks > 100 && checks < moves_seen / 4, "{checks} checks in {moves_seen} moves");
}
