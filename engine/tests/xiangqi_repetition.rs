//! Xiangqi's repetition rules in the search: a repetition in which one side checked with every move
//! loses for that side; in one without checks, a side that chased the same piece with every move
//! loses; any other repetition is a draw.

use engine::history::PastPosition;
use engine::search::{
    search, Limits, LimitsOnly, SearchOutcome, SearchState, Silent, TranspositionTable, TtEntry,
};
use engine::xiangqi::{Move, Position};
use engine::Game;

/// Red's rook checks the black king along ranks 9 and 8 while the king steps between f9 and f8.
const CHECKING_CYCLE: &str = "5k3/7R1/9/9/r8/9/9/9/9/4K4 w - - 0 1";
const CHECKS: [&str; 4] = ["h8h9", "f9f8", "h9h8", "f8f9"];

/// Red's rook and the black king shuffle without any check.
const QUIET_CYCLE: &str = "5k3/9/9/9/r8/9/9/7R1/9/4K4 w - - 0 1";
const QUIET: [&str; 4] = ["h2h3", "f9f8", "h3h2", "f8f9"];

/// Black's cannon runs b7-b3-b7 and red's rook follows h7-h3-h7, attacking it after every move.
const CHASING_CYCLE: &str = "5k3/9/1c5R1/9/9/9/9/9/9/4K4 b - - 0 1";
const CHASE: [&str; 4] = ["b7b3", "h7h3", "b3b7", "h3h7"];

/// The same, the cannon guarded by the rook on b9 (on b7 and on b4): no chase.
const GUARDED_CYCLE: &str = "1r3k3/9/1c5R1/9/9/9/9/9/9/4K4 b - - 0 1";
const GUARDED: [&str; 4] = ["b7b4", "h7h4", "b4b7", "h4h7"];

/// Plays `moves` from `fen` and searches the position reached, with the positions on the way (and
/// the moves played from them) as the game history, only `root_move` at the root.
fn search_after(fen: &str, moves: &[&str], root_move: &str, depth: u32) -> SearchOutcome<Move> {
    search_with_history(fen, moves, root_move, depth, PastPosition::before)
}

fn search_with_history(
    fen: &str,
    moves: &[&str],
    root_move: &str,
    depth: u32,
    remember: impl Fn(&Position, Move) -> PastPosition,
) -> SearchOutcome<Move> {
    let mut position = Position::from_fen(fen).unwrap();
    let mut history = Vec::new();
    for text in moves {
        let mv = position.parse_move(text).unwrap_or_else(|| panic!("{text} is legal"));
        history.push(remember(&position, mv));
        position.make_move(mv);
    }
    let only = [position.parse_move(root_move).unwrap()];
    let limits = Limits { depth: Some(depth), searchmoves: &only, ..Limits::default() };
    let entries: Vec<TtEntry> = (0..1 << 14).map(|_| TtEntry::new()).collect();
    let tt = TranspositionTable::new(&entries, 1);
    let mut state = SearchState::<Position>::boxed();
    search(&position, &history, &limits, &tt, &mut state, &LimitsOnly, &mut Silent)
}

#[test]
fn repeating_a_perpetual_check_loses_for_the_checker() {
    // After a whole cycle of checks, checking again repeats the position: red loses by the rule.
    let outcome = search_after(CHECKING_CYCLE, &CHECKS, "h8h9", 3);
    assert!(outcome.score.is_mate() && outcome.score.0 < 0, "{:?}", outcome.score);
}

#[test]
fn the_side_checked_perpetually_may_repeat_and_wins() {
    // One check into the second cycle, black's king step repeats a position red reached by checking
    // throughout: black wins by the rule.
    let moves = [&CHECKS[..], &["h8h9"]].concat();
    let outcome = search_after(CHECKING_CYCLE, &moves, "f9f8", 3);
    assert!(outcome.score.is_mate() && outcome.score.0 > 0, "{:?}", outcome.score);
}

#[test]
fn a_repetition_without_checks_is_a_draw() {
    let outcome = search_after(QUIET_CYCLE, &QUIET, "h2h3", 3);
    assert_eq!(outcome.score.0, 0, "{:?}", outcome.score);
}

#[test]
fn repeating_a_perpetual_chase_loses_for_the_chaser() {
    // Red's h3h7 closes the cycle in which each of its moves attacked the unguarded cannon.
    let outcome = search_after(CHASING_CYCLE, &CHASE[..3], "h3h7", 3);
    assert!(outcome.score.is_mate() && outcome.score.0 < 0, "{:?}", outcome.score);
}

#[test]
fn the_chased_side_may_repeat_and_wins() {
    // Into the second cycle, black's escape b3b7 repeats a position red reached by chasing.
    let moves = [&CHASE[..], &["b7b3", "h7h3"]].concat();
    let outcome = search_after(CHASING_CYCLE, &moves, "b3b7", 3);
    assert!(outcome.score.is_mate() && outcome.score.0 > 0, "{:?}", outcome.score);
}

#[test]
fn attacking_a_guarded_piece_again_and_again_is_a_draw() {
    let outcome = search_after(GUARDED_CYCLE, &GUARDED[..3], "h4h7", 3);
    assert_eq!(outcome.score.0, 0, "{:?}", outcome.score);
}

#[test]
fn a_history_without_its_moves_cannot_be_judged_for_chases_and_draws() {
    let outcome =
        search_with_history(CHASING_CYCLE, &CHASE[..3], "h3h7", 3, |position, _| PastPosition::of(position));
    assert_eq!(outcome.score.0, 0, "{:?}", outcome.score);
}

/// The 60-move count discounts long series of checks as Pikafish does: the first 10 checks of a
/// side and the replies to them count, later ones do not; a capture resets everything.
#[test]
fn the_sixty_move_count_discounts_checks_after_the_tenth() {
    let mut position = Position::from_fen(CHECKING_CYCLE).unwrap();
    for ply in 0..24 {
        let mv = position.parse_move(CHECKS[ply % 4]).unwrap();
        position.make_move(mv);
        let king = position.king_square(position.side_to_move());
        let attacked = position.is_attacked_by(king, !position.side_to_move());
        assert_eq!(position.in_check(), attacked, "the kept check flag after ply {ply}");
    }
    assert_eq!(position.halfmove_clock(), 24);
    assert_eq!(position.rule60_count(), 20, "12 checks and 12 replies, of which 10 and 10 count");
    // Quiet moves count one each again, and 100 more plies reach the rule.
    let mut quiet = Position::from_fen(QUIET_CYCLE).unwrap();
    for ply in 0..119 {
        quiet.make_move(quiet.parse_move(QUIET[ply % 4]).unwrap());
    }
    assert_eq!(quiet.rule60_count(), 119);
    assert!(!quiet.is_rule_draw());
    quiet.make_move(quiet.parse_move(QUIET[119 % 4]).unwrap());
    assert!(quiet.is_rule_draw(), "120 plies without a capture");
}

#[test]
fn a_capture_resets_the_sixty_move_count() {
    let mut position = Position::from_fen("5k3/9/9/9/r8/9/9/7R1/9/4K4 w - - 37 40").unwrap();
    assert_eq!(position.rule60_count(), 37, "read from the FEN");
    position.make_move(position.parse_move("h2h5").unwrap());
    assert_eq!(position.rule60_count(), 38);
    position.make_move(position.parse_move("a5h5").unwrap());
    assert_eq!((position.rule60_count(), position.halfmove_clock()), (0, 0));
}
