//! The `d` command's board picture, in the layout Stockfish prints.

use engine::chess::{Position, Square};
use std::fmt::Write;

/// The board, rank 8 at the top, then FEN, key and checkers.
pub fn board_text(position: &Position) -> String {
    let separator = " +---+---+---+---+---+---+---+---+\n";
    let mut text = String::from("\n");
    text.push_str(separator);
    for rank in (0..8).rev() {
        for file in 0..8 {
            let piece = Square::new(file, rank).and_then(|square| position.piece_on(square));
            let letter = piece.map_or(' ', |piece| piece.fen_letter() as char);
            let _ = write!(text, " | {letter}");
        }
        let _ = writeln!(text, " | {}", rank + 1);
        text.push_str(separator);
    }
    text.push_str("   a   b   c   d   e   f   g   h\n\n");
    let _ = writeln!(text, "Fen: {}", position.fen());
    let _ = writeln!(text, "Key: {:016X}", position.hash());
    text.push_str("Checkers:");
    for square in position.checkers() {
        let _ = write!(text, " {square}");
    }
    text.push('\n');
    text
}
