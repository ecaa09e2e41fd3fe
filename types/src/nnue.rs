//! The chess network's file, `TRSKNN01`, as the trainer writes it (`tuner train`), the build-time
//! generator embeds it (`tablegen chess-nnue`, `engine/build.rs`) and the engine reads another at run
//! time (`EvalFile`): one definition of the layout, the feature index and the checks, so the three
//! cannot disagree.
//!
//! The network is (768 -> N) x 2 -> 1 with a squared clipped ReLU. All little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | [`MAGIC`] |
//! | 4 x `u32` | N, [`QA`], [`QB`], [`SCALE`] |
//! | `[768][N]` `i16` | feature weights, times `QA` |
//! | `[N]` `i16` | feature biases, times `QA` |
//! | `[2N]` `i16` | output weights, side to move's half first, times `QB` |
//! | `i32` | output bias, times `QA * QB` |
//!
//! The evaluation in centipawns from the side to move, with `c = clamp(accumulator, 0, QA)` over
//! both accumulators (side to move's first) and `/` rounding towards zero:
//! `(sum(c * c * w) / QA + bias) * SCALE / (QA * QB)`.
//!
//! What the engine's integer inference relies on, and [`check`] therefore demands: N a multiple of
//! [`HIDDEN_STEP`] up to [`MAX_HIDDEN`], and every output weight within [`OUTPUT_WEIGHT_LIMIT`], so
//! that `c * w` fits an `i16` and a SIMD lane's sum of `c * (c * w)` fits an `i32`.

use core::fmt;

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"TRSKNN01";
/// Bytes before the feature weights: the magic and four `u32`.
pub const HEADER_BYTES: usize = 24;
/// Inputs per perspective: (own or other side) x 6 kinds x 64 squares.
pub const INPUTS: usize = 768;
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

/// Bytes of a file with `hidden` neurons per perspective.
pub const fn file_bytes(hidden: usize) -> usize {
    HEADER_BYTES + 2 * (INPUTS * hidden + hidden + 2 * hidden) + 4
}

/// Where the feature biases start.
pub const fn biases_at(hidden: usize) -> usize {
    HEADER_BYTES + 2 * INPUTS * hidden
}

/// Where the output weights start.
pub const fn output_weights_at(hidden: usize) -> usize {
    biases_at(hidden) + 2 * hidden
}

/// Where the output bias starts.
pub const fn output_bias_at(hidden: usize) -> usize {
    output_weights_at(hidden) + 4 * hidden
}

/// The input index of a piece (`piece` = colour * 6 + kind, White 0, pawn 0) on `square` (a1 = 0)
/// seen from `perspective` (0 White, 1 Black): the colour relative to the perspective, then the
/// kind, then the square, Black's view mirrored vertically.
#[inline(always)]
pub const fn feature(perspective: usize, piece: usize, square: usize) -> usize {
    let (colour, kind) = (piece / 6, piece % 6);
    let (relative, square) = if perspective == 0 { (colour, square) } else { (colour ^ 1, square ^ 56) };
    relative * 384 + kind * 64 + square
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
    /// Not `TRSKNN01` (or shorter than its header).
    Magic,
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
            FormatError::Magic => write!(f, "not a TRSKNN01 network"),
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

/// The hidden width of a valid network file (see the module's note), or what is wrong with it.
/// `const`, so the engine checks its embedded network at compile time.
pub const fn check(bytes: &[u8]) -> Result<usize, FormatError> {
    if bytes.len() < HEADER_BYTES {
        return Err(FormatError::Magic);
    }
    let mut at = 0;
    while at < MAGIC.len() {
        if bytes[at] != MAGIC[at] {
            return Err(FormatError::Magic);
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
    if bytes.len() != file_bytes(hidden) {
        return Err(FormatError::Length { found: bytes.len(), expected: file_bytes(hidden) });
    }
    let mut index = 0;
    while index < 2 * hidden {
        let value = read_i16(bytes, output_weights_at(hidden) + 2 * index);
        if value > OUTPUT_WEIGHT_LIMIT || value < -OUTPUT_WEIGHT_LIMIT {
            return Err(FormatError::OutputWeight { index, value });
        }
        index += 1;
    }
    Ok(hidden)
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
        assert_eq!(check(&bytes), Err(FormatError::Magic));
    }
}
