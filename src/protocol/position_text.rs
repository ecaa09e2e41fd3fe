//! The text of positions and moves that UCI and UCCI share, so that neither front-end depends on
//! the other's: the `startpos|fen <fen> [moves <m>...]` words of `position` (and UCCI's `probe`),
//! which stay text until the session checks them, the move words of `banmoves` and `searchmoves`,
//! and the move lines of `pv`.

use crate::controller::Setup;
use crate::games::Variant;
use std::fmt::Write;

/// The words after `position`: where the game starts and the moves played since, as text.
pub fn parse_position(args: &[&str]) -> (Setup, Vec<String>) {
    let moves_at = args.iter().position(|&word| word == "moves").unwrap_or(args.len());
    let (setup, moves) = args.split_at(moves_at);
    let moves = moves.iter().skip(1).map(|word| word.to_string()).collect();
    let setup = match setup {
        ["startpos"] => Setup::StartPos,
        // `position moves ...` without a start: the start position (the UCI description's reading).
        [] if moves_at < args.len() => Setup::StartPos,
        ["fen", fen @ ..] if !fen.is_empty() => Setup::Fen(fen.join(" ")),
        _ => Setup::Unreadable("usage: position startpos|fen <fen> [moves ...]".into()),
    };
    (setup, moves)
}

/// The moves among the GUI's `words` that `legal` reads as legal moves, in order; each other word
/// is named in a message of `command`'s, which `refuse` writes in the protocol's own form, and
/// ignored.
pub fn legal_moves_named<M>(
    words: &[String],
    command: &str,
    legal: impl Fn(&str) -> Option<M>,
    mut refuse: impl FnMut(&str),
) -> Vec<M> {
    let mut moves = Vec::new();
    for text in words {
        match legal(text) {
            Some(mv) => moves.push(mv),
            None => refuse(&format!("{command}: {text} is not a legal move here; ignored")),
        }
    }
    moves
}

/// A line of moves played from `position`, each preceded by a space.
pub fn moves_text<G: Variant>(position: &G, moves: &[G::Move]) -> String {
    let mut text = String::new();
    let mut position = *position;
    for &mv in moves {
        let _ = write!(text, " {}", position.move_text(mv));
        position.make_move(mv);
    }
    text
}
