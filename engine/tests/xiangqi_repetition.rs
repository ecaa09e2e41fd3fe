//! Xiangqi's perpetual-check rule in the search: a repetition in which one side checked with every
//! move loses for that side; a repetition without checks is a draw.

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

/// Plays `moves` from `fen` and searches the position reached, with the positions on the way as the
/// game history, only `root_move` at the root.
fn search_after(fen: &str, moves: &[&str], root_move: &str, depth: u32) -> SearchOutcome<Move> {
    let mut position = Position::from_fen(fen).unwrap();
    let mut history = Vec::new();
    for text in moves {
        history.push(PastPosition { key: position.hash(), in_check: position.in_check() });
        let mv = position.parse_move(text).unwrap_or_else(|| panic!("{text} is legal"));
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
