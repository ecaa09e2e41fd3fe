//! The correction histories' keys: the same slow-changing structure and side to move share a key
//! whatever the other pieces do; a change of that structure or of the side to move gives another.
//! Each side's piece keys follow that side's pieces other than the structure, and the side to move.

use engine::chess::Position as Chess;
use engine::game::Game;
use engine::text::GameText;
use engine::xiangqi::Position as Xiangqi;

fn position<G: GameText>(fen: &str) -> G {
    G::parse_position(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// The structure's key (`Game::correction_key`).
fn structure_key<G: GameText>(fen: &str) -> u64 {
    position::<G>(fen).correction_key().expect("the game keys its structure")
}

/// Each side's piece key (`Game::piece_correction_keys`).
fn piece_keys<G: GameText>(fen: &str) -> [u64; 2] {
    position::<G>(fen).piece_correction_keys().expect("the game keys each side's pieces")
}

#[test]
fn chess_keys_follow_the_pawns_and_the_side_to_move_only() {
    let start = structure_key::<Chess>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    // Knights out, same pawns, same side to move.
    assert_eq!(
        start,
        structure_key::<Chess>("r1bqkb1r/pppppppp/2n2n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 4 3")
    );
    assert_ne!(start, structure_key::<Chess>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"));
    assert_ne!(start, structure_key::<Chess>("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"));
    // The colours of the pawns matter, not only the squares.
    assert_ne!(
        structure_key::<Chess>("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"),
        structure_key::<Chess>("4k3/8/8/3P4/4p3/8/8/4K3 w - - 0 1")
    );
}

#[test]
fn xiangqi_keys_follow_pawns_advisors_elephants_and_the_side_to_move() {
    let start =
        structure_key::<Xiangqi>("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    // A cannon moved: same key.
    assert_eq!(
        start,
        structure_key::<Xiangqi>("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 1")
    );
    assert_ne!(
        start,
        structure_key::<Xiangqi>("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")
    );
    // A pawn advanced, an elephant moved.
    assert_ne!(
        start,
        structure_key::<Xiangqi>("rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
    );
    assert_ne!(
        start,
        structure_key::<Xiangqi>("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B2C1/9/RN1AKABNR w - - 0 1")
    );
}

#[test]
fn othello_has_no_correction_key() {
    assert!(engine::othello::Position::default().correction_key().is_none());
}

#[test]
fn chess_piece_keys_follow_each_sides_pieces_but_the_pawns() {
    let [white, black] = piece_keys::<Chess>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_ne!(white, black);
    // A pawn moved: neither changes.
    assert_eq!(
        [white, black],
        piece_keys::<Chess>("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")
    );
    // A white knight moved: White's alone changes.
    let [knight_white, knight_black] =
        piece_keys::<Chess>("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
    assert_ne!(knight_white, white);
    assert_eq!(knight_black, black);
    // The same squares held by another kind of piece are another placement.
    assert_ne!(
        piece_keys::<Chess>("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")[0],
        piece_keys::<Chess>("4k3/8/8/8/8/8/8/B3K3 w - - 0 1")[0]
    );
    // The side to move changes both.
    let [other_white, other_black] =
        piece_keys::<Chess>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
    assert!(other_white != white && other_black != black);
}

#[test]
fn xiangqi_piece_keys_follow_generals_horses_chariots_and_cannons() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let [red, black] = piece_keys::<Xiangqi>(start);
    assert_ne!(red, black);
    // A pawn advanced, an elephant moved: neither changes.
    assert_eq!(
        [red, black],
        piece_keys::<Xiangqi>("rnbakabnr/9/1c5c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2B2C1/9/RN1AKABNR w - - 0 1")
    );
    // A red cannon moved: red's alone changes.
    let [cannon_red, cannon_black] =
        piece_keys::<Xiangqi>("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 0 1");
    assert_ne!(cannon_red, red);
    assert_eq!(cannon_black, black);
}

#[test]
fn othello_keys_no_pieces() {
    assert!(engine::othello::Position::default().piece_correction_keys().is_none());
}
