//! The networks as data: `engine/data/chess_nnue.bin` (`TRSKNN01`, or `TRSKNN02` with output
//! buckets) and `engine/data/xiangqi_nnue.bin` (`TRSKXQ01`/`02`), one file format with a [`Format`] per game (shared
//! with the trainer and the engine's run-time loader: [`types::nnue`]), checked here, and the Rust
//! source the engine compiles around each: the hidden width and the buckets the file's header states as consts
//! and the file itself through `include_bytes!`, which the engine decodes into `i16` arrays at
//! compile time. `tablegen chess-nnue` and `tablegen xiangqi-nnue` print that source and a report
//! that verifies the file. What differs between the games is a [`Game`]: the format, the file's
//! names, the feature function and the start position of the report.

use std::fmt::Write as _;
use types::nnue::{self, Format, Layout, QA, QB, SCALE};

/// A game's network as the generator sees it.
#[derive(Debug)]
pub struct Game {
    /// The `tablegen` command (`chess-nnue`).
    pub command: &'static str,
    /// The file's format: magic and inputs per perspective.
    pub format: Format,
    /// Where the engine keeps the committed network (this crate's path on the machine that built it).
    pub data_path: &'static str,
    /// The committed network relative to the engine's package (`engine/build.rs` reads it).
    pub engine_path: &'static str,
    /// File name of the network in `OUT_DIR`, and of the source: `<stem>.bin`, `<stem>.rs`.
    pub stem: &'static str,
    /// The input index of a piece on a square from a perspective, mirrored left to right or not
    /// (`types::nnue`).
    pub feature: fn(usize, usize, usize, bool) -> usize,
    /// The start position's board (the FEN's first field), for the report.
    pub start: &'static str,
    /// Files of the board.
    pub files: usize,
    /// FEN letters of the first player's kinds, in piece index order (the second player's are
    /// their lowercase, `piece = colour * kinds + kind`).
    pub letters: &'static str,
}

/// Chess: `TRSKNN01`, 768 inputs.
pub const CHESS: Game = Game {
    command: "chess-nnue",
    format: nnue::CHESS,
    data_path: concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/data/chess_nnue.bin"),
    engine_path: "data/chess_nnue.bin",
    stem: "chess_nnue",
    feature: nnue::feature,
    start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    files: 8,
    letters: "PNBRQK",
};

/// Xiangqi: `TRSKXQ01`, 1 260 inputs.
pub const XIANGQI: Game = Game {
    command: "xiangqi-nnue",
    format: nnue::XIANGQI,
    data_path: concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/data/xiangqi_nnue.bin"),
    engine_path: "data/xiangqi_nnue.bin",
    stem: "xiangqi_nnue",
    feature: |perspective, piece, square, _| nnue::xiangqi_feature(perspective, piece, square),
    start: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
    files: 9,
    letters: "KABNRCP",
};

/// Both games, for the `tablegen` command and `engine/build.rs`.
pub const GAMES: [&Game; 2] = [&CHESS, &XIANGQI];

impl Game {
    /// The pieces of a FEN board as `(piece, square)`, square `files * rank + file` from the first
    /// player's side.
    pub fn pieces(&self, board: &str) -> Vec<(usize, usize)> {
        let kinds = self.letters.len();
        let ranks = board.split('/').count();
        let mut pieces = Vec::new();
        for (row, text) in board.split('/').enumerate() {
            let rank = ranks - 1 - row;
            let mut file = 0;
            for letter in text.chars() {
                if let Some(empty) = letter.to_digit(10) {
                    file += empty as usize;
                    continue;
                }
                let colour = usize::from(letter.is_ascii_lowercase());
                if let Some(kind) = self.letters.find(letter.to_ascii_uppercase()) {
                    pieces.push((colour * kinds + kind, rank * self.files + file));
                }
                file += 1;
            }
        }
        pieces
    }
}

/// A network file that passed [`nnue::check`].
#[derive(Debug)]
pub struct NetworkFile {
    /// The game it is a network of.
    pub game: &'static Game,
    /// Neurons per perspective.
    pub hidden: usize,
    /// Output buckets (1: one output).
    pub buckets: usize,
    /// Inputs mirrored by the perspective's king (`TRSKNN03`).
    pub mirrored: bool,
    /// The whole file.
    pub bytes: Vec<u8>,
}

/// Checks the bytes of a network file of `game`.
pub fn parse(game: &'static Game, bytes: Vec<u8>) -> Result<NetworkFile, String> {
    let layout = game.format.check(&bytes).map_err(|error| error.to_string())?;
    Ok(NetworkFile { game, hidden: layout.hidden, buckets: layout.buckets, mirrored: layout.mirrored, bytes })
}

/// Reads and checks a network file of `game`; the message of an error names the file.
pub fn load(game: &'static Game, path: &str) -> Result<NetworkFile, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("{path}: {error}"))?;
    parse(game, bytes).map_err(|error| format!("{path}: {error}"))
}

impl NetworkFile {
    fn values(&self, at: usize, count: usize) -> impl Iterator<Item = i16> + '_ {
        (0..count).map(move |index| nnue::read_i16(&self.bytes, at + 2 * index))
    }

    /// The file's layout.
    pub fn layout(&self) -> Layout {
        Layout { hidden: self.hidden, buckets: self.buckets, mirrored: self.mirrored }
    }

    /// The feature weights, `[inputs][hidden]` flat.
    pub fn feature_weights(&self) -> Vec<i16> {
        let at = self.game.format.header_bytes(self.layout());
        self.values(at, self.game.format.inputs * self.hidden).collect()
    }

    /// The feature biases.
    pub fn biases(&self) -> Vec<i16> {
        self.values(self.game.format.biases_at(self.layout()), self.hidden).collect()
    }

    /// The output weights, `[buckets][2 * hidden]` flat, side to move's half first.
    pub fn output_weights(&self) -> Vec<i16> {
        let at = self.game.format.output_weights_at(self.layout());
        self.values(at, 2 * self.hidden * self.buckets).collect()
    }

    /// The output biases, by bucket.
    pub fn output_biases(&self) -> Vec<i32> {
        let at = self.game.format.output_bias_at(self.layout());
        (0..self.buckets).map(|bucket| nnue::read_i32(&self.bytes, at + 4 * bucket)).collect()
    }

    /// The evaluation in centipawns, from the side to move, of the pieces `(piece, square)` (the
    /// game's piece and square indices, the first player's pieces first) with `first_to_move`:
    /// the module note's formula in `i64`, the plain reference the engine's SIMD inference is
    /// tested against.
    pub fn evaluate(&self, pieces: &[(usize, usize)], first_to_move: bool) -> i64 {
        let (weights, biases) = (self.feature_weights(), self.biases());
        let bucket = nnue::output_bucket(pieces.len(), self.buckets);
        let output = &self.output_weights()[2 * self.hidden * bucket..2 * self.hidden * (bucket + 1)];
        let us = usize::from(!first_to_move);
        let mut sum = 0i64;
        for (half, perspective) in [us, us ^ 1].into_iter().enumerate() {
            // A king-mirrored network (chess only) mirrors while the perspective's king is on
            // files e-h.
            let king = nnue::king_piece(perspective);
            let mirrored = self.mirrored
                && pieces.iter().any(|&(piece, square)| piece == king && nnue::king_mirrors(square));
            let mut acc: Vec<i64> = biases.iter().map(|&bias| i64::from(bias)).collect();
            for &(piece, square) in pieces {
                let row = (self.game.feature)(perspective, piece, square, mirrored) * self.hidden;
                for (a, &w) in acc.iter_mut().zip(&weights[row..row + self.hidden]) {
                    *a += i64::from(w);
                }
            }
            for (a, &w) in acc.iter().zip(&output[half * self.hidden..(half + 1) * self.hidden]) {
                let clipped = (*a).clamp(0, i64::from(QA));
                sum += clipped * clipped * i64::from(w);
            }
        }
        (sum / i64::from(QA) + i64::from(self.output_biases()[bucket])) * i64::from(SCALE)
            / i64::from(QA * QB)
    }

    /// The largest accumulator value any position could reach, either sign, by a loose bound: the
    /// bias plus the 32 largest weights of that sign in the neuron's column (a position has at most
    /// 32 pieces in either game). Below `i16::MAX` the engine's `i16` accumulators cannot wrap.
    pub fn accumulator_bound(&self) -> i64 {
        let weights = self.feature_weights();
        let mut bound = 0i64;
        for (neuron, &bias) in self.biases().iter().enumerate() {
            let mut column: Vec<i64> = (0..self.game.format.inputs)
                .map(|input| i64::from(weights[input * self.hidden + neuron]))
                .collect();
            column.sort_unstable();
            let low: i64 = column.iter().take(32).filter(|&&w| w < 0).sum();
            let high: i64 = column.iter().rev().take(32).filter(|&&w| w > 0).sum();
            bound = bound.max((i64::from(bias) + high).abs()).max((i64::from(bias) + low).abs());
        }
        bound
    }
}

/// The Rust source the engine includes for `network`: its width as a const, its size, and the file
/// through `include_bytes!` (the engine decodes and checks it at compile time).
pub fn emit(network: &NetworkFile) -> String {
    let game = network.game;
    let mut out = format!(
        "// @generated by tablegen from engine/{}: do not edit;\n\
         // run `cargo run -p tablegen -- {}` to see it.\n\n",
        game.engine_path, game.command
    );
    let _ = writeln!(
        out,
        "/// Neurons per perspective: ({} -> {1}) x 2 -> 1, as the file's header states.\n\
         pub const HIDDEN: usize = {1};\n\
         /// Output buckets (1: one output), as the file's header states.\n\
         pub const BUCKETS: usize = {2};\n\
         /// Inputs mirrored left to right by each perspective's king, as the file's magic states.\n\
         pub const MIRRORED: bool = {3};",
        game.format.inputs, network.hidden, network.buckets, network.mirrored
    );
    let _ = writeln!(
        out,
        "/// Bytes of the network file.\npub const FILE_BYTES: usize = {};",
        network.bytes.len()
    );
    let _ = writeln!(
        out,
        "/// The network file as committed (`{}`, little-endian).\n\
         pub const FILE: &[u8; FILE_BYTES] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{}.bin\"));",
        String::from_utf8_lossy(&network.bytes[..8]),
        game.stem
    );
    out
}

/// What `tablegen chess-nnue` (or `xiangqi-nnue`) prints after the source: the checks the file passed and what it
/// holds, as comments.
pub fn report(network: &NetworkFile) -> String {
    let range = |values: &[i16]| {
        let min = values.iter().min().copied().unwrap_or(0);
        let max = values.iter().max().copied().unwrap_or(0);
        format!("{min}..={max}")
    };
    let (weights, biases, output) = (network.feature_weights(), network.biases(), network.output_weights());
    let bound = network.accumulator_bound();
    let format = network.game.format;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n// Verified: {}, ({} -> {}) x 2 -> 1, {} output bucket(s){}, QA {QA}, QB {QB}, scale {SCALE};",
        String::from_utf8_lossy(&network.bytes[..8]),
        format.inputs,
        network.hidden,
        network.buckets,
        if network.mirrored { ", inputs mirrored by each king's side" } else { "" }
    );
    let _ = writeln!(
        out,
        "// {} bytes = {}; output weights within {} (the SIMD output layer's bound).",
        network.bytes.len(),
        format.file_bytes(network.layout()),
        nnue::OUTPUT_WEIGHT_LIMIT
    );
    let _ = writeln!(
        out,
        "// Ranges: feature weights {}, biases {}, output weights {}, output bias(es) {:?}.",
        range(&weights),
        range(&biases),
        range(&output),
        network.output_biases()
    );
    let _ = writeln!(
        out,
        "// Accumulator bound (bias + the 32 largest weights of a sign): {bound}, {} i16.",
        if bound <= i64::from(i16::MAX) { "within" } else { "BEYOND" }
    );
    let _ = writeln!(
        out,
        "// The start position: {} cp for the side to move.",
        network.evaluate(&network.game.pieces(network.game.start), true)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny network: every feature weight and bias 1, so each accumulator is the bias plus the
    /// piece count, and every output weight `output`.
    fn tiny_with(game: &'static Game, hidden: usize, output: i16) -> NetworkFile {
        let mut bytes = game.format.magic.to_vec();
        for value in [hidden as u32, QA as u32, QB as u32, SCALE as u32] {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        for _ in 0..game.format.inputs * hidden + hidden {
            bytes.extend_from_slice(&1i16.to_le_bytes());
        }
        for _ in 0..2 * hidden {
            bytes.extend_from_slice(&output.to_le_bytes());
        }
        bytes.extend_from_slice(&0i32.to_le_bytes());
        parse(game, bytes).unwrap()
    }

    #[test]
    fn the_reference_evaluation_follows_the_formula() {
        for game in GAMES {
            let network = tiny_with(game, 16, 100);
            // 32 pieces + bias 1 = 33 in every neuron of both perspectives: 32 x 33 x 33 x 100,
            // then / 255 (QA) x 400 (SCALE) / (255 x 256) (QA x QB) = 83 cp.
            assert_eq!(game.pieces(game.start).len(), 32);
            assert_eq!(network.evaluate(&game.pieces(game.start), true), 83);
            assert_eq!((QA, QB, SCALE), (255, 256, 400));
            assert_eq!(network.accumulator_bound(), 33);
            assert!(emit(&network).contains("pub const HIDDEN: usize = 16;"));
            assert!(emit(&network).contains(&format!("\"/{}.bin\"", game.stem)));
        }
    }

    #[test]
    fn the_start_positions_have_their_pieces_where_the_engines_put_them() {
        let chess = CHESS.pieces(CHESS.start);
        // White's king (5) on e1 (4), Black's queen (6 + 4) on d8 (59).
        assert!(chess.contains(&(5, 4)) && chess.contains(&(10, 59)));
        let xiangqi = XIANGQI.pieces(XIANGQI.start);
        // Red's king (0) on e0 (4), black's cannon (7 + 5) on b7 (9 x 7 + 1), red's soldier on i3.
        assert!(xiangqi.contains(&(0, 4)) && xiangqi.contains(&(12, 64)) && xiangqi.contains(&(6, 35)));
    }

    #[test]
    fn a_bad_file_is_refused_with_its_reason() {
        let mut bytes = tiny_with(&CHESS, 16, 1).bytes;
        assert!(parse(&XIANGQI, bytes.clone()).unwrap_err().contains("not a TRSKXQ01 network"));
        bytes.pop();
        assert!(parse(&CHESS, bytes).unwrap_err().contains("bytes where the header's width needs"));
    }

    /// The reference reads the bucket of the position's piece count: a file of 8 buckets whose
    /// output biases are 1 000 x QA x QB / SCALE times the bucket (2 500 cp a bucket).
    #[test]
    fn the_reference_evaluation_reads_the_pieces_bucket() {
        let (hidden, buckets) = (16, 8);
        let mut bytes = CHESS.format.bucketed_magic.to_vec();
        for value in [hidden as u32, QA as u32, QB as u32, SCALE as u32, buckets as u32] {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes.resize(CHESS.format.output_bias_at(Layout::bucketed(hidden, buckets)), 0);
        for bucket in 0..buckets as i32 {
            bytes.extend_from_slice(&(bucket * 10 * QA * QB / SCALE * 100).to_le_bytes());
        }
        let network = parse(&CHESS, bytes).unwrap();
        assert_eq!((network.hidden, network.buckets), (16, 8));
        assert_eq!(network.evaluate(&CHESS.pieces(CHESS.start), true), 7 * 1000, "32 pieces: the last");
        assert_eq!(network.evaluate(&CHESS.pieces("4k3/8/8/8/8/8/8/4K3"), false), 0, "2 pieces: the first");
        assert_eq!(network.evaluate(&CHESS.pieces("4k3/8/8/8/8/8/8/R3K3"), false), 0);
        assert_eq!(network.evaluate(&CHESS.pieces("4k3/p7/8/8/8/8/P7/R3K3"), false), 1000, "5 pieces");
        let source = emit(&network);
        assert!(source.contains("pub const BUCKETS: usize = 8;") && source.contains("TRSKNN02"));
        assert!(report(&network).contains("8 output bucket(s)"));
    }
}
