//! The `startpos|fen <fen> [moves <m>...]` words that UCI's and UCCI's `position` share (and UCCI's
//! `probe`), read the same way for both, so that neither protocol's parser depends on the other's.
//! Nothing here knows the game: the FEN and the moves stay text until the session checks them.

use crate::controller::Setup;

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
