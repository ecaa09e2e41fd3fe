//! The networks' files, as the trainer writes them (`tuner train`), the build-time generator embeds
//! them (`tablegen chess-nnue`, `engine/build.rs`) and the engine reads another at run time
//! (`EvalFile`): one definition of the layout, the feature indices and the checks, so the three
//! cannot disagree. One layout, two games: a [`Format`] is the game's magic and its number of
//! inputs per perspective, and everything else is the same.
//!
//! | game | magic | inputs per perspective | feature index |
//! | --- | --- | --- | --- |
//! | chess ([`CHESS`]) | `TRSKNN01` | 2 x 6 kinds x 64 squares = 768 | [`feature`] |
//! | xiangqi ([`XIANGQI`]) | `TRSKXQ01` | 2 x 7 kinds x 90 squares = 1 260 | [`xiangqi_feature`] |
//!
//! The network is (inputs -> N) x 2 -> 1 with a squared clipped ReLU. All little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the game's magic ([`MAGIC`] for chess, [`XIANGQI_MAGIC`]) |
//! | 4 x `u32` | N, [`QA`], [`QB`], [`SCALE`] |
//! | `[inputs][N]` `i16` | feature weights, times `QA` |
//! | `[N]` `i16` | feature biases, times `QA` |
//! | `[2N]` `i16` | output weights, side to move's half first, times `QB` |
//! | `i32` | output bias, times `QA * QB` |
//!
//! The evaluation in centipawns from the side to move, with `c = clamp(accumulator, 0, QA)` over
//! both accumulators (side to move's first) and `/` rounding towards zero:
//! `(sum(c * c * w) / QA + bias) * SCALE / (QA * QB)`.
//!
//! What the engine's integer inference relies on, and [`Format::check`] therefore demands: N a
//! multiple of [`HIDDEN_STEP`] up to [`MAX_HIDDEN`], and every output weight within
//! [`OUTPUT_WEIGHT_LIMIT`], so that `c * w` fits an `i16` and a SIMD lane's sum of `c * (c * w)`
//! fits an `i32`. (At most 32 pieces in either game, so an accumulator sums at most 32 rows.)
//!
//! The magic, not a field of the header, says the game: the chess file stays what it was, byte
//! for byte, and a file of one game handed to the other is refused by its first eight bytes.

use core::fmt;

/// A game's network file: what differs between the games, the rest of the layout being one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// The file's first bytes.
    pub magic: [u8; 8],
    /// Inputs per perspective: the rows of the feature layer.
    pub inputs: usize,
}

/// The chess network: `TRSKNN01`, (own or other side) x 6 kinds x 64 squares.
pub const CHESS: Format = Format { magic: *b"TRSKNN01", inputs: 768 };
/// The xiangqi network: `TRSKXQ01`, (own or other side) x 7 kinds x 90 squares.
pub const XIANGQI: Format = Format { magic: *b"TRSKXQ01", inputs: 1260 };

/// The chess file's first bytes.
pub const MAGIC: &[u8; 8] = &CHESS.magic;
/// The xiangqi file's first bytes.
pub const XIANGQI_MAGIC: &[u8; 8] = &XIANGQI.magic;
/// Bytes before the feature weights: the magic and four `u32`.
pub const HEADER_BYTES: usize = 24;
/// Chess inputs per perspective: (own or other side) x 6 kinds x 64 squares.
pub const INPUTS: usize = CHESS.inputs;
/// Xiangqi inputs per perspective: (own or other side) x 7 kinds x 90 squares.
pub const XIANGQI_INPUTS: usize = XIANGQI.inputs;
/// Quantization of the feature layer (its weights, biases and the clipped activation).
pub const QA: i32 = 255;
/// Quantization of the output weights. Trained output weights are small (within 0.25 in the
/// first networks), so a fine step matters: at 64 the rounding cost 17 cp on average.
/// [`OUTPUT_WEIGHT_LIMIT`] then bounds them to 0.5.
pub const QB: i32 = 256;
/// Centipawns per unit of output.
pub const SCALE: i32 = 400;
/// Largest output weight, either sign: `QA * 128` = 32 640 fits an `i16`.
pub const OUTPUT_WEIGHT_LIMIT: i16 = 128;
/// The hidden width is a multiple of this: one AVX2 register of `i16`.
pub const HIDDEN_STEP: usize = 16;
/// The widest hidden layer: a SIMD lane then sums at most `MAX_HIDDEN / 8` products
/// `c * (c * w)` of at most 255 x 32 640 each, which fits an `i32` (2 130 739 200).
pub const MAX_HIDDEN: usize = 2048;

impl Format {
    /// Bytes of a file with `hidden` neurons per perspective.
    pub const fn file_bytes(&self, hidden: usize) -> usize {
        HEADER_BYTES + 2 * (self.inputs * hidden + hidden + 2 * hidden) + 4
    }

    /// Where the feature biases start.
    pub const fn biases_at(&self, hidden: usize) -> usize {
        HEADER_BYTES + 2 * self.inputs * hidden
    }

    /// Where the output weights start.
    pub const fn output_weights_at(&self, hidden: usize) -> usize {
        self.biases_at(hidden) + 2 * hidden
    }

    /// Where the output bias starts.
    pub const fn output_bias_at(&self, hidden: usize) -> usize {
        self.output_weights_at(hidden) + 4 * hidden
    }

    /// The hidden width of a valid network file of this game (see the module's note), or what is
    /// wrong with it. `const`, so the engine checks its embedded network at compile time.
    pub const fn check(&self, bytes: &[u8]) -> Result<usize, FormatError> {
        if bytes.len() < HEADER_BYTES {
            return Err(FormatError::Magic { expected: self.magic });
        }
        let mut at = 0;
        while at < self.magic.len() {
            if bytes[at] != self.magic[at] {
                return Err(FormatError::Magic { expected: self.magic });
            }
            at += 1;
        }
        let hidden = read_u32(bytes, 8) as usize;
        if read_u32(bytes, 12) != QA as u32
            || read_u32(bytes, 16) != QB as u32
            || read_u32(bytes, 20) != SCALE as u32
        {
            return Err(FormatError::Quantization);
        }
        if hidden == 0 || hidden % HIDDEN_STEP != 0 || hidden > MAX_HIDDEN {
            return Err(FormatError::Hidden(hidden));
        }
        if bytes.len() != self.file_bytes(hidden) {
            return Err(FormatError::Length { found: bytes.len(), expected: self.file_bytes(hidden) });
        }
        let mut index = 0;
        while index < 2 * hidden {
            let value = read_i16(bytes, self.output_weights_at(hidden) + 2 * index);
            if value > OUTPUT_WEIGHT_LIMIT || value < -OUTPUT_WEIGHT_LIMIT {
                return Err(FormatError::OutputWeight { index, value });
            }
            index += 1;
        }
        Ok(hidden)
    }
}

/// Bytes of a chess file with `hidden` neurons per perspective.
pub const fn file_bytes(hidden: usize) -> usize {
    CHESS.file_bytes(hidden)
}

/// Where a chess file's feature biases start.
pub const fn biases_at(hidden: usize) -> usize {
    CHESS.biases_at(hidden)
}

/// Where a chess file's output weights start.
pub const fn output_weights_at(hidden: usize) -> usize {
    CHESS.output_weights_at(hidden)
}

/// Where a chess file's output bias starts.
pub const fn output_bias_at(hidden: usize) -> usize {
    CHESS.output_bias_at(hidden)
}

/// The chess input index of a piece (`piece` = colour * 6 + kind, White 0, pawn 0) on `square` (a1 = 0)
/// seen from `perspective` (0 White, 1 Black): the colour relative to the perspective, then the
/// kind, then the square, Black's view mirrored vertically.
#[inline(always)]
pub const fn feature(perspective: usize, piece: usize, square: usize) -> usize {
    let (colour, kind) = (piece / 6, piece % 6);
    let (relative, square) = if perspective == 0 { (colour, square) } else { (colour ^ 1, square ^ 56) };
    relative * 384 + kind * 64 + square
}

/// The xiangqi input index of a piece (`piece` = colour * 7 + kind, red 0; kinds king 0, advisor
/// 1, elephant 2, horse 3, chariot 4, cannon 5, soldier 6: the engine's `Piece::index`) on
/// `square` (`9 * rank + file`, a0 = 0) seen from `perspective` (0 red, 1 black): the colour
/// relative to the perspective, then the kind, then the square, black's view with its ranks
/// mirrored (rank `r` read as `9 - r`, the file kept), as the chess feature mirrors black's ranks
/// and as the engine's `Position::flipped` turns the board. The board's left-right symmetry is not
/// folded into the inputs (the trainer's `--mirror` uses it to double the data instead).
#[inline(always)]
pub const fn xiangqi_feature(perspective: usize, piece: usize, square: usize) -> usize {
    let (colour, kind) = (piece / 7, piece % 7);
    let (relative, square) =
        if perspective == 0 { (colour, square) } else { (colour ^ 1, (9 - square / 9) * 9 + square % 9) };
    relative * 630 + kind * 90 + square
}

/// The little-endian `i16` at byte `at`.
#[inline(always)]
pub const fn read_i16(bytes: &[u8], at: usize) -> i16 {
    i16::from_le_bytes([bytes[at], bytes[at + 1]])
}

/// The little-endian `u32` at byte `at`.
#[inline(always)]
pub const fn read_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// The little-endian `i32` at byte `at`.
#[inline(always)]
pub const fn read_i32(bytes: &[u8], at: usize) -> i32 {
    read_u32(bytes, at) as i32
}

/// Why bytes are not a network the engine can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// Not the game's magic (`TRSKNN01` for chess), or shorter than the header.
    Magic {
        /// The magic the game's file starts with.
        expected: [u8; 8],
    },
    /// The header's quantization (`QA`, `QB`, `SCALE`) is not the engine's.
    Quantization,
    /// The hidden width is not a multiple of [`HIDDEN_STEP`] in `HIDDEN_STEP..=MAX_HIDDEN`.
    Hidden(usize),
    /// The length does not match the header's width.
    Length {
        /// Bytes found.
        found: usize,
        /// Bytes the header's width needs.
        expected: usize,
    },
    /// An output weight beyond [`OUTPUT_WEIGHT_LIMIT`].
    OutputWeight {
        /// Its index among the `2N` output weights.
        index: usize,
        /// Its value.
        value: i16,
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FormatError::Magic { expected } => match core::str::from_utf8(&expected) {
                Ok(magic) => write!(f, "not a {magic} network"),
                Err(_) => write!(f, "not a network of this game"),
            },
            FormatError::Quantization => {
                write!(f, "the network's quantization is not QA {QA}, QB {QB}, scale {SCALE}")
            }
            FormatError::Hidden(hidden) => write!(
                f,
                "a hidden layer of {hidden} neurons (a multiple of {HIDDEN_STEP} up to {MAX_HIDDEN} runs)"
            ),
            FormatError::Length { found, expected } => {
                write!(f, "{found} bytes where the header's width needs {expected}")
            }
            FormatError::OutputWeight { index, value } => write!(
                f,
                "output weight {index} is {value}, beyond the {OUTPUT_WEIGHT_LIMIT} the integer inference allows"
            ),
        }
    }
}

/// The hidden width of a valid chess network file (see the module's note), or what is wrong with
/// it: [`Format::check`] of [`CHESS`].
pub const fn check(bytes: &[u8]) -> Result<usize, FormatError> {
    CHESS.check(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_mirror_between_perspectives() {
        // White's pawn on e2 is Black's "their pawn on e7".
        assert_eq!(feature(0, 0, 12), 12);
        assert_eq!(feature(1, 0, 12), 384 + 52);
        // Black's king on e8 is, for Black, "our king on e1".
        assert_eq!(feature(1, 11, 60), 5 * 64 + 4);
    }

    #[test]
    fn the_check_reads_the_header_and_the_output_weights() {
        let hidden = 16;
        let mut bytes = [0u8; file_bytes(16)];
        bytes[..8].copy_from_slice(MAGIC);
        for (at, value) in [(8, hidden as u32), (12, QA as u32), (16, QB as u32), (20, SCALE as u32)] {
            bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
        }
        assert_eq!(check(&bytes), Ok(16));
        assert_eq!(
            check(&bytes[..bytes.len() - 1]),
            Err(FormatError::Length { found: 24 + 2 * (768 * 16 + 48) + 3, expected: file_bytes(16) })
        );
        let at = output_weights_at(16) + 2 * 5;
        bytes[at..at + 2].copy_from_slice(&(-129i16).to_le_bytes());
        assert_eq!(check(&bytes), Err(FormatError::OutputWeight { index: 5, value: -129 }));
        bytes[12] = 0;
        assert_eq!(check(&bytes), Err(FormatError::Quantization));
        bytes[0] = b'X';
        assert_eq!(check(&bytes), Err(FormatError::Magic { expected: *MAGIC }));
    }

    #[test]
    fn xiangqi_features_mirror_ranks_between_perspectives() {
        // Red's king (piece 0) on e0 (square 4); black's king (piece 7) on e9 (square 85).
        assert_eq!(xiangqi_feature(0, 0, 4), 4);
        assert_eq!(xiangqi_feature(1, 7, 85), 4, "black's king is, for black, our king on e0");
        assert_eq!(xiangqi_feature(1, 0, 4), 630 + 85);
        // Red's soldier (6) on c3 is black's "their soldier on c6".
        assert_eq!(xiangqi_feature(1, 6, 3 * 9 + 2), 630 + 6 * 90 + 6 * 9 + 2);
        let mut seen = [false; XIANGQI_INPUTS];
        for perspective in 0..2 {
            for piece in 0..14 {
                for square in 0..90 {
                    let index = xiangqi_feature(perspective, piece, square);
                    assert!(!seen[index] || perspective == 1);
                    seen[index] = true;
                }
            }
        }
        assert!(seen.iter().all(|&seen| seen), "every input is some piece on some square");
    }

    #[test]
    fn a_file_of_one_game_is_refused_by_the_other() {
        let hidden = 16;
        let mut bytes = [0u8; XIANGQI.file_bytes(16)];
        bytes[..8].copy_from_slice(XIANGQI_MAGIC);
        for (at, value) in [(8, hidden as u32), (12, QA as u32), (16, QB as u32), (20, SCALE as u32)] {
            bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
        }
        assert_eq!(XIANGQI.check(&bytes), Ok(16));
        assert_eq!(XIANGQI.file_bytes(16), 24 + 2 * (1260 * 16 + 48) + 4);
        assert_eq!(check(&bytes), Err(FormatError::Magic { expected: *MAGIC }));
        extern crate std;
        use std::string::ToString;
        assert_eq!(check(&bytes).unwrap_err().to_string(), "not a TRSKNN01 network");
        bytes[..8].copy_from_slice(MAGIC);
        assert_eq!(
            XIANGQI.check(&bytes).unwrap_err().to_string(),
            "not a TRSKXQ01 network",
            "the chess magic on a file of xiangqi's length"
        );
    }
}
