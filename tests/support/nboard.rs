//! What the NBoard test files (`nboard.rs`, `nboard_session.rs`) share: an engine switched to
//! NBoard, the commands a GUI sends, and readers of the engine's replies.

use super::engine::{Engine, LONG};
use std::time::Duration;

pub const START: &str = "---------------------------O*------*O--------------------------- *";
/// The example game of the NBoard protocol description: Black to move after eight moves.
pub const EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]\
    BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
/// Ten moves after which Black must pass (White can move).
pub const BLACK_PASSES: &str =
    "(;GM[Othello]TI[15:00]BO[8 ---------------------------O*------*O--------------------------- *]\
    B[E6]W[F6]B[G6]W[G7]B[G8]W[H8]B[C4]W[E3]B[E2]W[F8];)";

/// The engine, switched to NBoard by `nboard 2`.
pub fn nboard() -> Engine {
    let mut engine = Engine::start();
    engine.send("nboard 2");
    engine
}

/// `set depth N`, and its `set myname` answer read.
pub fn set_depth(engine: &mut Engine, depth: u32) {
    engine.send(&format!("set depth {depth}"));
    assert_eq!(engine.until(LONG, |line| line.starts_with("set myname")), ["set myname triskel"]);
}

/// `ping N` and everything before its `pong N`.
pub fn ping(engine: &mut Engine, n: u32) -> Vec<String> {
    engine.send(&format!("ping {n}"));
    let pong = format!("pong {n}");
    engine.until(LONG, |line| line == pong)
}

/// `go`'s lines up to its `===` reply.
pub fn go_lines(engine: &mut Engine) -> Vec<String> {
    engine.send("go");
    engine.until(LONG, |line| line.starts_with("==="))
}

/// The `=== ...` reply to `go`.
pub fn go(engine: &mut Engine) -> String {
    go_lines(engine).pop().unwrap()
}

/// Where the search stood, from the line just before a `go`'s answer: `nodestats NODES SECONDS`,
/// both fields checked to be numbers.
pub fn node_stats(lines: &[String]) -> (u64, f64) {
    let stats: Vec<&str> = lines[lines.len() - 2].split_whitespace().collect();
    assert_eq!(stats[0], "nodestats", "{lines:#?}");
    let nodes = stats[1].parse().unwrap_or_else(|_| panic!("nodes in {lines:#?}"));
    let seconds = stats[2].parse().unwrap_or_else(|_| panic!("seconds in {lines:#?}"));
    (nodes, seconds)
}

/// `quit`, and the process gone within 5 s (stdin left open: `quit` alone must end it).
pub fn quit(mut engine: Engine) {
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(5)).is_some(), "the engine did not quit");
}

/// Move, eval and time of `=== MOVE/EVAL/TIME`, each field checked to be present and a number; an
/// empty eval (`=== F5//0.52`, no value) is `None`.
pub fn valued_reply(line: &str) -> (String, Option<f64>, f64) {
    let fields: Vec<&str> = line.strip_prefix("=== ").expect("=== reply").split('/').collect();
    assert_eq!(fields.len(), 3, "{line}");
    let eval = (!fields[1].is_empty())
        .then(|| fields[1].parse::<f64>().unwrap_or_else(|_| panic!("eval in {line}")));
    let time: f64 = fields[2].parse().unwrap_or_else(|_| panic!("time in {line}"));
    assert!(eval.is_none_or(f64::is_finite) && time.is_finite() && time >= 0.0, "{line}");
    (fields[0].to_string(), eval, time)
}

/// [`valued_reply`] of a reply that must carry a value.
pub fn reply(line: &str) -> (String, f64, f64) {
    let (mv, eval, time) = valued_reply(line);
    (mv, eval.unwrap_or_else(|| panic!("a value in {line}")), time)
}

/// The eval of the last `search` line.
pub fn last_search_eval(lines: &[String]) -> f64 {
    let search = lines.iter().rfind(|line| line.starts_with("search ")).expect("a search line");
    search.split_whitespace().nth(2).and_then(|eval| eval.parse().ok()).expect("an eval")
}
