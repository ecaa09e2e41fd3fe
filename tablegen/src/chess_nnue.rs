//! The chess network as data: `engine/data/chess_nnue.bin`, a `TRSKNN01` file (the format, shared
//! with the trainer and the engine's run-time loader, is [`types::nnue`]), checked here, and the
//! Rust source the engine compiles around it: the hidden width the file's header states as a const
//! and the file itself through `include_bytes!`, which the engine decodes into `i16` arrays at
//! compile time. `tablegen chess-nnue` prints that source and a report that verifies the file.

use std::fmt::Write as _;
use types::nnue::{self, INPUTS, QA, QB, SCALE};

/// Where the engine keeps the committed network (this crate's path on the machine that built it).
pub const DATA_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/data/chess_nnue.bin");
/// File name of the network in `OUT_DIR`.
pub const BLOB_NAME: &str = "chess_nnue.bin";

/// A network file that passed [`nnue::check`].
#[derive(Debug)]
pub struct NetworkFile {
    /// Neurons per perspective.
    pub hidden: usize,
    /// The whole file.
    pub bytes: Vec<u8>,
}

/// Checks a network file's bytes.
pub fn parse(bytes: Vec<u8>) -> Result<NetworkFile, String> {
    let hidden = nnue::check(&bytes).map_err(|error| error.to_string())?;
    Ok(NetworkFile { hidden, bytes })
}

/// Reads and checks a network file; the message of an error names the file.
pub fn load(path: &str) -> Result<NetworkFile, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("{path}: {error}"))?;
    parse(bytes).map_err(|error| format!("{path}: {error}"))
}

impl NetworkFile {
    fn values(&self, at: usize, count: usize) -> impl Iterator<Item = i16> + '_ {
        (0..count).map(move |index| nnue::read_i16(&self.bytes, at + 2 * index))
    }

    /// The feature weights, `[INPUTS][hidden]` flat.
    pub fn feature_weights(&self) -> Vec<i16> {
        self.values(nnue::HEADER_BYTES, INPUTS * self.hidden).collect()
    }

    /// The feature biases.
    pub fn biases(&self) -> Vec<i16> {
        self.values(nnue::biases_at(self.hidden), self.hidden).collect()
    }

    /// The output weights, side to move's half first.
    pub fn output_weights(&self) -> Vec<i16> {
        self.values(nnue::output_weights_at(self.hidden), 2 * self.hidden).collect()
    }

    /// The output bias.
    pub fn output_bias(&self) -> i32 {
        nnue::read_i32(&self.bytes, nnue::output_bias_at(self.hidden))
    }

    /// The evaluation in centipawns, from the side to move, of the pieces `(piece, square)`
    /// (`piece` = colour * 6 + kind, White 0; a1 = 0) with `white_to_move`: the module note's
    /// formula in `i64`, the plain reference the engine's SIMD inference is tested against.
    pub fn evaluate(&self, pieces: &[(usize, usize)], white_to_move: bool) -> i64 {
        let (weights, biases, output) = (self.feature_weights(), self.biases(), self.output_weights());
        let us = usize::from(!white_to_move);
        let mut sum = 0i64;
        for (half, perspective) in [us, us ^ 1].into_iter().enumerate() {
            let mut acc: Vec<i64> = biases.iter().map(|&bias| i64::from(bias)).collect();
            for &(piece, square) in pieces {
                let row = nnue::feature(perspective, piece, square) * self.hidden;
                for (a, &w) in acc.iter_mut().zip(&weights[row..row + self.hidden]) {
                    *a += i64::from(w);
                }
            }
            for (a, &w) in acc.iter().zip(&output[half * self.hidden..(half + 1) * self.hidden]) {
                let clipped = (*a).clamp(0, i64::from(QA));
                sum += clipped * clipped * i64::from(w);
            }
        }
        (sum / i64::from(QA) + i64::from(self.output_bias())) * i64::from(SCALE) / i64::from(QA * QB)
    }

    /// The largest accumulator value any position could reach, either sign, by a loose bound: the
    /// bias plus the 32 largest weights of that sign in the neuron's column (a position has at most
    /// 32 pieces). Below `i16::MAX` the engine's `i16` accumulators cannot wrap.
    pub fn accumulator_bound(&self) -> i64 {
        let weights = self.feature_weights();
        let mut bound = 0i64;
        for (neuron, &bias) in self.biases().iter().enumerate() {
            let mut column: Vec<i64> =
                (0..INPUTS).map(|input| i64::from(weights[input * self.hidden + neuron])).collect();
            column.sort_unstable();
            let low: i64 = column.iter().take(32).filter(|&&w| w < 0).sum();
            let high: i64 = column.iter().rev().take(32).filter(|&&w| w > 0).sum();
            bound = bound.max((i64::from(bias) + high).abs()).max((i64::from(bias) + low).abs());
        }
        bound
    }
}

/// The pieces of the start position as `(piece, square)`.
pub fn start_pieces() -> Vec<(usize, usize)> {
    let back = [3, 1, 2, 4, 5, 2, 1, 3];
    let mut pieces = Vec::new();
    for (file, &piece) in back.iter().enumerate() {
        pieces.push((piece, file));
        pieces.push((0, 8 + file));
        pieces.push((6, 48 + file));
        pieces.push((6 + piece, 56 + file));
    }
    pieces
}

/// The Rust source the engine includes for `network`: its width as a const, its size, and the file
/// through `include_bytes!` (the engine decodes and checks it at compile time).
pub fn emit(network: &NetworkFile) -> String {
    let mut out = String::from(
        "// @generated by tablegen from engine/data/chess_nnue.bin: do not edit;\n\
         // run `cargo run -p tablegen -- chess-nnue` to see it.\n\n",
    );
    let _ = writeln!(
        out,
        "/// Neurons per perspective: (768 -> {0}) x 2 -> 1, as the file's header states.\n\
         pub const HIDDEN: usize = {0};",
        network.hidden
    );
    let _ = writeln!(
        out,
        "/// Bytes of the network file.\npub const FILE_BYTES: usize = {};",
        network.bytes.len()
    );
    let _ = writeln!(
        out,
        "/// The network file as committed (`TRSKNN01`, little-endian).\n\
         pub const FILE: &[u8; FILE_BYTES] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{BLOB_NAME}\"));"
    );
    out
}

/// What `tablegen chess-nnue` prints after the source: the checks the file passed and what it
/// holds, as comments.
pub fn report(network: &NetworkFile) -> String {
    let range = |values: &[i16]| {
        let min = values.iter().min().copied().unwrap_or(0);
        let max = values.iter().max().copied().unwrap_or(0);
        format!("{min}..={max}")
    };
    let (weights, biases, output) = (network.feature_weights(), network.biases(), network.output_weights());
    let bound = network.accumulator_bound();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n// Verified: TRSKNN01, (768 -> {}) x 2 -> 1, QA {QA}, QB {QB}, scale {SCALE};",
        network.hidden
    );
    let _ = writeln!(
        out,
        "// {} bytes = {}; output weights within {} (the SIMD output layer's bound).",
        network.bytes.len(),
        nnue::file_bytes(network.hidden),
        nnue::OUTPUT_WEIGHT_LIMIT
    );
    let _ = writeln!(
        out,
        "// Ranges: feature weights {}, biases {}, output weights {}, output bias {}.",
        range(&weights),
        range(&biases),
        range(&output),
        network.output_bias()
    );
    let _ = writeln!(
        out,
        "// Accumulator bound (bias + the 32 largest weights of a sign): {bound}, {} i16.",
        if bound <= i64::from(i16::MAX) { "within" } else { "BEYOND" }
    );
    let _ = writeln!(
        out,
        "// The start position: {} cp for the side to move.",
        network.evaluate(&start_pieces(), true)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny network: every feature weight and bias 1, so each accumulator is the bias plus the
    /// piece count, and every output weight `output`.
    fn tiny_with(hidden: usize, output: i16) -> NetworkFile {
        let mut bytes = nnue::MAGIC.to_vec();
        for value in [hidden as u32, QA as u32, QB as u32, SCALE as u32] {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        for _ in 0..INPUTS * hidden + hidden {
            bytes.extend_from_slice(&1i16.to_le_bytes());
        }
        for _ in 0..2 * hidden {
            bytes.extend_from_slice(&output.to_le_bytes());
        }
        bytes.extend_from_slice(&0i32.to_le_bytes());
        parse(bytes).unwrap()
    }

    fn tiny(hidden: usize) -> NetworkFile {
        tiny_with(hidden, 1)
    }

    #[test]
    fn the_reference_evaluation_follows_the_formula() {
        let network = tiny_with(16, 100);
        // 32 pieces + bias 1 = 33 in every neuron of both perspectives: 32 x 33 x 33 x 100, then
        // / 255 (QA) x 400 (SCALE) / (255 x 256) (QA x QB) = 83 cp.
        assert_eq!(network.evaluate(&start_pieces(), true), 83);
        assert_eq!((QA, QB, SCALE), (255, 256, 400));
        assert_eq!(network.accumulator_bound(), 33);
        assert!(emit(&network).contains("pub const HIDDEN: usize = 16;"));
    }

    #[test]
    fn a_bad_file_is_refused_with_its_reason() {
        let mut bytes = tiny(16).bytes;
        bytes.pop();
        assert!(parse(bytes).unwrap_err().contains("bytes where the header's width needs"));
    }
}
