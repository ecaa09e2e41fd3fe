//! Text for the debugging commands: `d` (the board, in the layout Stockfish prints), `eval`, `flip`
//! and `compiler`.

use engine::chess::{Position, Square};
use engine::Game;
use std::fmt::Write;

/// A board of `files` x `ranks` squares as Stockfish and Pikafish print it, the top rank first:
/// `letter(file, rank)` is the piece's FEN letter, `rank_label` the number written beside a rank.
/// Then the FEN, the key and the checking squares.
fn grid_text(
    (files, ranks): (u8, u8),
    letter: impl Fn(u8, u8) -> Option<char>,
    rank_label: impl Fn(u8) -> u8,
    (fen, key, checkers): (String, u64, Vec<String>),
) -> String {
    let separator = format!(" +{}\n", "---+".repeat(usize::from(files)));
    let mut text = String::from("\n");
    text.push_str(&separator);
    for rank in (0..ranks).rev() {
        for file in 0..files {
            let _ = write!(text, " | {}", letter(file, rank).unwrap_or(' '));
        }
        let _ = writeln!(text, " | {}", rank_label(rank));
        text.push_str(&separator);
    }
    for file in 0..files {
        let _ = write!(text, "   {}", (b'a' + file) as char);
    }
    let _ = write!(text, "\n\nFen: {fen}\nKey: {key:016X}\nCheckers:");
    for square in checkers {
        let _ = write!(text, " {square}");
    }
    text
}

/// The board, rank 8 at the top, then FEN, key and checkers.
pub fn board_text(position: &Position) -> String {
    let letter = |file, rank| {
        let piece = Square::new(file, rank).and_then(|square| position.piece_on(square));
        piece.map(|piece| piece.fen_letter() as char)
    };
    let checkers = position.checkers().map(|square| square.to_string()).collect();
    grid_text((8, 8), letter, |rank| rank + 1, (position.fen().to_string(), position.hash(), checkers))
}

/// The xiangqi board as Pikafish's `d` prints it: rank 9 (black's back rank) at the top, then FEN,
/// key and the squares of the pieces giving check.
pub fn xiangqi_board_text(position: &engine::xiangqi::Position) -> String {
    use engine::xiangqi::Square as XiangqiSquare;
    let letter = |file, rank| {
        let piece = XiangqiSquare::new(file, rank).and_then(|square| position.piece_on(square));
        piece.map(|piece| piece.letter() as char)
    };
    let bits = position.checkers();
    let checkers = (0..90u8)
        .filter(|&index| bits >> index & 1 != 0)
        .filter_map(XiangqiSquare::from_index)
        .map(|square| square.to_string())
        .collect();
    grid_text((9, 10), letter, |rank| rank, (position.fen().to_string(), position.hash(), checkers))
}

/// The xiangqi `eval` command: the evaluation's terms as the core's trace prints them, then the
/// static evaluation from the side to move's point of view.
pub fn xiangqi_eval_text(position: &engine::xiangqi::Position) -> String {
    trace_text(engine::xiangqi::eval::trace(position), position.evaluate())
}

/// The `eval` command: the evaluation's terms as the core's trace prints them.
pub fn eval_text(position: &Position) -> String {
    trace_text(engine::chess::eval::trace(position), position.evaluate())
}

/// A trace table, then the static evaluation (from the evaluation itself, not the trace, so that a
/// reader can see the two agree).
fn trace_text(trace: impl std::fmt::Display, static_eval: engine::Score) -> String {
    let mut text = format!("{trace}");
    let _ = write!(text, "\nClassical evaluation (side to move): {} cp", static_eval.0);
    text
}

/// The FEN of `position` with the colours swapped: the board mirrored top to bottom, every piece
/// of the other colour, the other side to move, castling rights and en passant mirrored too. The
/// mirrored position has the same evaluation for the side to move and the mirrored legal moves.
pub fn flipped_fen(position: &Position) -> String {
    let fen = position.fen().to_string();
    let fields: Vec<&str> = fen.split(' ').collect();
    let swap_case = |text: &str| -> String {
        text.chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect()
    };
    let placement = fields[0].split('/').rev().map(swap_case).collect::<Vec<_>>().join("/");
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = if fields[2] == "-" {
        "-".to_string()
    } else {
        let swapped = swap_case(fields[2]);
        // White's rights first, each colour's in the order they were written.
        let (white, black): (String, String) = swapped.chars().partition(char::is_ascii_uppercase);
        white + &black
    };
    let en_passant = match fields[3].as_bytes() {
        [file, rank] => format!("{}{}", *file as char, (b'1' + b'8' - rank) as char),
        _ => "-".to_string(),
    };
    format!("{placement} {side} {castling} {en_passant} {} {}", fields[4], fields[5])
}

/// The `compiler` command: how this binary was built. The rustc version comes from the build
/// environment variable `TRISKEL_RUSTC_VERSION` (or `RUSTC_VERSION`) when the builder set it, e.g.
/// `TRISKEL_RUSTC_VERSION="$(rustc --version)" cargo build --release`: Cargo gives a crate no
/// compiler version of its own, and the root package has no build script.
pub fn compiler_text() -> String {
    let rustc = option_env!("TRISKEL_RUSTC_VERSION").or(option_env!("RUSTC_VERSION"));
    let profile = if cfg!(debug_assertions) { "debug" } else { "release" };
    let features: Vec<&str> = [
        ("popcnt", cfg!(target_feature = "popcnt")),
        ("bmi2", cfg!(target_feature = "bmi2")),
        ("avx2", cfg!(target_feature = "avx2")),
        ("sse4.2", cfg!(target_feature = "sse4.2")),
        ("neon", cfg!(target_feature = "neon")),
    ]
    .into_iter()
    .filter_map(|(name, on)| on.then_some(name))
    .collect();
    let rustc = rustc
        .unwrap_or("rustc (version not recorded: build with TRISKEL_RUSTC_VERSION=\"$(rustc --version)\")");
    let mut text = format!("Compiled by      : {rustc}\n");
    let _ = writeln!(text, "Minimum rustc    : {}", env!("CARGO_PKG_RUST_VERSION"));
    let _ = writeln!(
        text,
        "Target           : {} {} ({}-bit, {} endian)",
        std::env::consts::ARCH,
        std::env::consts::OS,
        usize::BITS,
        if cfg!(target_endian = "little") { "little" } else { "big" }
    );
    let _ = writeln!(
        text,
        "Profile          : {profile} (debug assertions {})",
        if cfg!(debug_assertions) { "on" } else { "off" }
    );
    let _ = writeln!(
        text,
        "Target features  : {}",
        if features.is_empty() { "baseline".to_string() } else { features.join(" ") }
    );
    let _ = write!(text, "Package          : {} {}", env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flip(fen: &str) -> String {
        flipped_fen(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn flip_mirrors_board_side_castling_and_en_passant() {
        assert_eq!(
            flip("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2"
        );
        assert_eq!(flip("r3k3/8/8/8/8/8/8/4K2R b Kq - 3 9"), "4k2r/8/8/8/8/8/8/R3K3 w Qk - 3 9");
        let fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8";
        assert_eq!(flip(&flip(fen)), fen);
        let position = Position::from_fen(fen).unwrap();
        let flipped = Position::from_fen(&flip(fen)).unwrap();
        assert_eq!(position.evaluate(), flipped.evaluate());
    }
}
