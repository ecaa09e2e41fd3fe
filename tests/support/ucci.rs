//! What the UCCI test files (`ucci_session.rs`, `ucci_go.rs`, `ucci_grades.rs`) share: an engine
//! after the `ucci` handshake, the check of every move it names against the legal moves a second
//! engine, in UCI xiangqi mode, lists with `go perft 1` for the same position, and readers of
//! UCCI's lines.

use super::engine::{after, bestmove, field, is_bestmove, Engine};
use super::uci_xiangqi;

/// Red is a horse up.
pub const HORSE_UP: &str = "r1bakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// An engine after the `ucci` handshake.
pub fn ucci() -> Engine {
    let mut engine = Engine::start();
    engine.ask("ucci", "ucciok");
    engine
}

/// The legal moves after `position` (a `position ...` command), from a UCI xiangqi engine's
/// `go perft 1`.
pub fn legal_moves(position: &str) -> Vec<String> {
    let mut oracle = uci_xiangqi::xiangqi();
    oracle.send(position);
    let moves = uci_xiangqi::legal_moves(&mut oracle);
    // Nothing after the blank line that ends `go perft`'s answer: no complaint about the position.
    assert!(oracle.sync().iter().all(String::is_empty), "the oracle accepted `{position}`");
    moves
}

/// Asserts `mv` is one of the legal moves after `position` (a `position ...` command).
pub fn assert_legal(position: &str, mv: &str) {
    let legal = legal_moves(position);
    assert!(legal.iter().any(|legal| legal == mv), "{mv} is not legal after `{position}`: {legal:?}");
}

/// The `bestmove` line of a search's lines, checked to be legal, with its ponder move (legal in
/// the position after it).
pub fn checked_bestmove(position: &str, lines: &[String]) -> String {
    let best = bestmove(lines);
    assert_legal(position, &best);
    let line = lines.iter().rev().find(|line| is_bestmove(line)).unwrap();
    if let Some(ponder) = field(line, "ponder") {
        assert_legal(&after(position, &best), ponder);
    }
    best
}

/// UCCI's texts for the user: `info message` lines (UCCI has no `info string`).
pub fn info_strings(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("info message")).collect()
}

/// The `info depth D score S pv ...` lines.
pub fn depth_lines(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("info depth ")).collect()
}

/// The depths of the `info depth` lines, in order (a depth repeats when an aspiration window fails:
/// UCCI marks no bounds).
pub fn depths(lines: &[String]) -> Vec<u32> {
    depth_lines(lines).iter().map(|line| field(line, "depth").unwrap().parse().unwrap()).collect()
}

/// Asserts the searches reached `depth` one depth at a time.
pub fn assert_depths_up_to(lines: &[String], depth: u32) {
    let mut seen = depths(lines);
    assert!(seen.windows(2).all(|pair| pair[0] <= pair[1]), "{lines:#?}");
    seen.dedup();
    assert_eq!(seen, (1..=depth).collect::<Vec<_>>(), "{lines:#?}");
}

/// The words after `bestmove m [ponder m]`: `draw`, `resign` or nothing.
pub fn verdict(line: &str) -> Vec<&str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let skip = if words.get(2) == Some(&"ponder") { 4 } else { 2 };
    words.into_iter().skip(skip).collect()
}
