//! What the xiangqi-over-UCI test files (`uci_xiangqi_setup.rs`, `uci_xiangqi_search.rs`,
//! `uci_xiangqi_extras.rs`) share: an engine started in xiangqi, the `go perft` divide and the legal
//! moves it lists, which every move the engine names is checked against, and the `info string`
//! lines.

use super::engine::{parse_divide, Engine};
use std::time::Duration;

/// A UCI engine already in xiangqi by `--variant xiangqi`.
pub fn xiangqi() -> Engine {
    Engine::with_args(&["--variant", "xiangqi"])
}

/// The `go perft N` divide and total in the engine's current position.
pub fn divide(engine: &mut Engine, depth: u32) -> (Vec<(String, u64)>, u64) {
    let lines = engine.ask_prefix(&format!("go perft {depth}"), "Nodes searched:");
    // The answer ends with a blank line after the total, as Stockfish's does.
    assert_eq!(engine.until(Duration::from_secs(5), str::is_empty), [""]);
    parse_divide(&lines)
}

/// The legal moves in the engine's current position, from `go perft 1`.
pub fn legal_moves(engine: &mut Engine) -> Vec<String> {
    let (moves, total) = divide(engine, 1);
    assert_eq!(moves.len() as u64, total);
    moves.into_iter().map(|(mv, _)| mv).collect()
}

/// The `info string` lines among `lines`.
pub fn info_strings(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("info string")).collect()
}

/// Asserts `mv` is one of the legal moves of `position` (a `position ...` command), and leaves the
/// engine in that position.
pub fn assert_legal(engine: &mut Engine, position: &str, mv: &str) {
    assert!(!mv.is_empty());
    engine.send(position);
    let legal = legal_moves(engine);
    assert!(legal.iter().any(|legal| legal == mv), "{mv} is not legal after `{position}`: {legal:?}");
}
