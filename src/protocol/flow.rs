//! What every front-end's command loop shares: whether it goes on after a line, and how a command
//! it does not know is echoed back, and what it does before a command that uses the engine.

use crate::controller::Controller;
use crate::games::Variant;

/// Whether the command loop goes on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// Stop reading and exit.
    Quit,
}

/// Longest piece of an unknown command echoed back.
const ECHO_LIMIT: usize = 80;

/// `unknown command: ...`, the command cut to [`ECHO_LIMIT`] characters.
pub fn unknown_command(text: &str) -> String {
    let shown: String = text.chars().take(ECHO_LIMIT).collect();
    let more = if shown.len() < text.len() { "..." } else { "" };
    format!("unknown command: {shown}{more}")
}

/// Before a command: a finished search or chore is taken back, and a command that uses the engine
/// waits for a perft or bench still running in the background (as Stockfish's `go perft` is
/// synchronous), while the commands that must answer at once (`isready`, `stop`, `quit`) do not.
pub fn settle<G: Variant>(controller: &mut Controller<G>, uses_engine: bool) {
    controller.reap();
    if uses_engine {
        controller.finish_chore();
    }
}
