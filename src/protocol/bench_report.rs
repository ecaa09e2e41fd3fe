//! Stockfish's `bench` report, which every front-end with a `bench` writes as it is: OpenBench and
//! fastchess read `Nodes searched  : N` and `Nodes/second    : N` from it, and a user compares it
//! with Stockfish's and Pikafish's. Only a bench that ends early is said in the protocol's own
//! form (UCI's `info string`, UCCI's `info message`, NBoard's `status`).
//!
//! ```text
//! Position: 1/6 (FEN)
//! depth 11 score cp 32 nodes 190873 bestmove e2e4
//! ...
//!
//! ===========================
//! Total time (ms) : 884
//! Nodes searched  : 1103747
//! Nodes/second    : 1299872
//! ```
//!
//! Limit type `eval` writes each position's `eval` text instead of its search, `perft` its count.

use super::uci::format::{nodes_per_second, score_text};
use crate::controller::bench::BenchEvent;
use crate::games::Variant;

/// The rule above the totals in Stockfish's report.
pub const STOCKFISH_RULE: char = '=';

/// The lines of one bench step, the totals under a line of `rule`.
pub fn bench_text<G: Variant>(event: &BenchEvent<'_, G>, rule: char) -> String {
    match event {
        BenchEvent::Position { number, count, position } => {
            format!("Position: {number}/{count} ({})", position.fen_text())
        }
        BenchEvent::Evaluated(text) => text.clone(),
        BenchEvent::Counted(nodes) => format!("Nodes searched: {nodes}"),
        BenchEvent::Searched { position, depth, score, nodes, best } => {
            let best = best.map_or("0000".to_string(), |mv| position.move_text(mv).to_string());
            format!("depth {depth} score {} nodes {nodes} bestmove {best}", score_text(*score))
        }
        BenchEvent::Finished { nodes, elapsed } => format!(
            "\n{}\nTotal time (ms) : {}\nNodes searched  : {nodes}\nNodes/second    : {}",
            rule.to_string().repeat(27),
            elapsed.as_millis(),
            nodes_per_second(*nodes, *elapsed)
        ),
    }
}
