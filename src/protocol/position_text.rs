//! The text of positions and moves that UCI and UCCI share, so that neither front-end depends on
//! the other's: the `startpos|fen <fen> [moves <m>...]` words of `position` (and UCCI's `probe`),
//! which stay text until the session checks them, and the move lines of `pv`.

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
