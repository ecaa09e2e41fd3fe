//! The victim kinds that place a capture in the search's capture history: each kind of piece taken
//! has its own, en passant takes a pawn, a promotion that takes nothing has a kind of its own, and
//! every kind fits the table.

use engine::game::VICTIM_KINDS;
use engine::text::GameText;

fn victim<G: GameText>(fen: &str, mv: &str) -> usize {
    let position = G::parse_position(fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
    let mv = position.parse_move_text(mv).unwrap_or_else(|| panic!("{mv} is not legal in {fen}"));
    assert!(position.is_tactical(mv), "{mv:?} should be tactical in {fen}");
    let kind = position.victim_kind(mv);
    assert!(kind < VICTIM_KINDS, "{kind} out of the table in {fen}");
    kind
}

#[test]
fn chess_captures_are_told_apart_by_what_they_take() {
    use engine::chess::Position;
    // The white queen on d4 can take a pawn, a knight, a bishop, a rook or a queen.
    let fen = "4k3/3r4/5n2/2q5/3Q1p2/8/1b6/4K3 w - - 0 1";
    let kinds = ["d4f4", "d4f6", "d4b2", "d4d7", "d4c5"].map(|mv| victim::<Position>(fen, mv));
    for (index, kind) in kinds.iter().enumerate() {
        assert!(!kinds[index + 1..].contains(kind), "{kinds:?} repeat a kind");
    }
    // En passant takes a pawn, as a pawn capture does.
    let en_passant = victim::<Position>("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6");
    assert_eq!(en_passant, kinds[0]);
    // A promotion that takes nothing is told apart from every capture.
    let promotion = victim::<Position>("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q");
    assert!(!kinds.contains(&promotion), "{promotion} in {kinds:?}");
    // A capture that promotes counts by what it takes.
    assert_eq!(victim::<Position>("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q"), kinds[3]);
}

#[test]
fn xiangqi_captures_are_told_apart_by_what_they_take() {
    use engine::xiangqi::Position;
    // The red chariot on e5 can take a pawn across the river (e3), a cannon (c5) or a horse (h5).
    let fen = "3k5/9/9/9/2c1R2n1/9/4p4/9/9/4K4 w - - 0 1";
    let kinds = ["e5e3", "e5c5", "e5h5"].map(|mv| victim::<Position>(fen, mv));
    assert!(kinds[0] != kinds[1] && kinds[1] != kinds[2] && kinds[0] != kinds[2], "{kinds:?}");
}
