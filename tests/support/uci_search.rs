//! What the UCI search test files (`uci_search_go.rs`, `uci_search_clock.rs`,
//! `uci_search_interactive.rs`) share: the positions they search, the legality check of a move the
//! engine names, and the quit at the end of each test.

use super::engine::Engine;
use std::time::Duration;

/// A mate in two for White: `d5f6` first.
pub const MATE_IN_2: &str = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";

/// A middlegame, White to move, with every piece still on the board.
pub const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8";

/// True if `mv` is legal in the position `position_command` sets up: the engine accepts it in a
/// `position ... moves` command (the core's move generator is proven by perft).
pub fn is_legal(engine: &mut Engine, position_command: &str, mv: &str) -> bool {
    let moves = if position_command.contains(" moves ") { " " } else { " moves " };
    engine.send(&format!("{position_command}{moves}{mv}"));
    let lines = engine.sync();
    !lines.iter().any(|line| line.contains("illegal move"))
}

/// Sends `quit` and waits for a successful exit, returning how long that took.
pub fn quit(engine: Engine) -> Duration {
    engine.quit_within(Duration::from_secs(10)).0
}
