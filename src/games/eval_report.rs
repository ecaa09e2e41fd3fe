//! The `eval` command's text for every game and protocol: the game's breakdown, its network's
//! lines, and last the evaluation the search uses, as Stockfish and Pikafish end theirs.

use super::variant::Variant;
use crate::knowledge::Knowledge;
use crate::nnue::{first_player_pawns, Networks, SearchNetworks};
use engine::Score;

/// The static evaluation a search of `position` starts from (from the side to move): the network's
/// of `networks` where the game has one and `Use NNUE` is on, else the hand-crafted one, as much of
/// it as `knowledge` asks.
pub fn search_evaluation<G: Variant>(position: &G, networks: SearchNetworks, knowledge: Knowledge) -> Score {
    let mut cache = Box::<G::EvalCache>::default();
    G::set_network(&mut cache, knowledge.networks(networks));
    G::set_knowledge(&mut cache, knowledge);
    position.set_eval_root(&mut cache);
    position.evaluate_cached(&mut cache)
}

/// The `eval` command's text. For a game with a network, the hand-crafted breakdown (which ends in
/// its `Classical evaluation`) and the network's lines come first, and the last line is `Final
/// evaluation: +0.12 (white side)`, the evaluation the search uses, then an empty line, as
/// Stockfish ends it: the PyPI `stockfish` wrapper and Pikafish front-ends
/// (chinese-chess-fish-android) take the score from that line and read one line past it. In check
/// (where the search evaluates nothing) it is `none (in check)`, with no line after it.
pub fn eval_report<G: Variant>(position: &G, networks: &Networks, knowledge: Knowledge) -> String {
    let mut text = position.eval_text();
    let Some(network) = position.network_text(networks) else {
        return text;
    };
    text.push('\n');
    text.push_str(&network);
    if position.in_check() {
        // Stockfish's line, with nothing after it: the wrapper reads no further line after `none`.
        text.push_str("\nFinal evaluation: none (in check)");
        return text;
    }
    let score = search_evaluation(position, networks.search(), knowledge).0;
    let shown = first_player_pawns(score, (G::FIRST_PLAYER, position.first_player_to_move()));
    text.push_str(&format!("\nFinal evaluation: {shown}\n"));
    text
}
