//! The networks' files, as the trainer writes them (`tuner train`), the build-time generator embeds
//! them (`tablegen chess-nnue`, `engine/build.rs`) and the engine reads another at run time
//! (`EvalFile`): one definition of the layout, the feature indices and the checks, so the three
//! cannot disagree. One layout, two games: a [`Format`] is the game's magics and its number of
//! inputs per perspective, and everything else is the same.
//!
//! | game | magic (one output / buckets / king-mirrored) | inputs per perspective | feature index |
//! | --- | --- | --- | --- |
//! | chess ([`CHESS`]) | `TRSKNN01` / `TRSKNN02` / `TRSKNN03` | 2 x 6 kinds x 64 squares = 768 | [`feature`] |
//! | xiangqi ([`XIANGQI`]) | `TRSKXQ01` / `TRSKXQ02` / none | 2 x 7 kinds x 90 squares = 1 260 | [`xiangqi_feature`] |
//!
//! The network is (inputs -> N) x 2 -> B with a squared clipped ReLU, where only one of the B
//! outputs is read: the **output bucket** of the position's piece count ([`output_bucket`]), so
//! that openings, middlegames and endgames each get their own last layer at almost no cost. All
//! little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the game's magic: `..01` for one output (B = 1), `..02` for buckets, `..03` king-mirrored |
//! | 4 x `u32` | N, [`QA`], [`QB`], [`SCALE`] |
//! | `u32` | B, in `2..=`[`MAX_BUCKETS`] after a `..02` magic, `1..=`[`MAX_BUCKETS`] after `..03` |
//! | `[inputs][N]` `i16` | feature weights, times `QA` |
//! | `[N]` `i16` | feature biases, times `QA` |
//! | `[B][2N]` `i16` | output weights by bucket, side to move's half first, times `QB` |
//! | `[B]` `i32` | output biases by bucket, times `QA * QB` |
//!
//! A network of one output keeps the first layout (no B field), so every file written before
//! buckets existed is still read, and written again, byte for byte.
//!
//! **King-mirrored inputs** (`..03`, chess only): chess is the same game mirrored left to right
//! but for castling, so a network need not learn every pattern twice. In such a network each
//! perspective reads the board mirrored left to right (files a-h as h-a) while its own king stands
//! on files e-h ([`king_mirrors`]), so its king is always on a-d in what it sees. The price is
//! that a king crossing between files d and e changes every input of its side's perspective, whose
//! accumulator is then computed afresh.
//!
//! The evaluation in centipawns from the side to move, with `c = clamp(accumulator, 0, QA)` over
//! both accumulators (side to move's first), `w` and `b` the position's bucket's, and `/` rounding
//! towards zero: `(sum(c * c * w) / QA + b) * SCALE / (QA * QB)`.
//!
//! What the engine's integer inference relies on, and [`Format::check`] therefore demands: N a
//! multiple of [`HIDDEN_STEP`] up to [`MAX_HIDDEN`], and every output weight within
//! [`OUTPUT_WEIGHT_LIMIT`], so that `c * w` fits an `i16` and a SIMD lane's sum of `c * (c * w)`
//! fits an `i32`. (At most 32 pieces in either game, so an accumulator sums at most 32 rows.)
//!
//! The magic, not a field of the header, says the game: a file of one game handed to the other is
//! refused by its first eight bytes.

use core::fmt;

pub mod bullet;

/// A game's network file: what differs between the games, the rest of the layout being one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// The first bytes of a file of one output.
    pub magic: [u8; 8],
    /// The first bytes of a file of output buckets.
    pub bucketed_magic: [u8; 8],
    /// The first bytes of a file of king-mirrored inputs (always with a bucket count), if the
    /// game has them.
    pub mirrored_magic: Option<[u8; 8]>,
    /// Inputs per perspective: the rows of the feature layer.
    pub inputs: usize,
}

/// The shape a file states: its hidden width and its output buckets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Neurons per perspective (N).
    pub hidden: usize,
    /// Output buckets (B): 1 for a network of one output.
    pub buckets: usize,
    /// Each perspective's inputs are mirrored left to right while its king is on files e-h.
    pub mirrored: bool,
}

impl Layout {
    /// A network of one output and `hidden` neurons per perspective.
    pub const fn single(hidden: usize) -> Layout {
        Layout { hidden, buckets: 1, mirrored: false }
    }

    /// A network of `buckets` outputs and `hidden` neurons per perspective, inputs not mirrored.
    pub const fn bucketed(hidden: usize, buckets: usize) -> Layout {
        Layout { hidden, buckets, mirrored: false }
    }
}

/// The most output buckets a file may have: one per four pieces of the 32 either game starts with.
pub const MAX_BUCKETS: usize = 8;

/// The output bucket of a position of `pieces` pieces (kings included) in a network of `buckets`
/// buckets: the 32 piece counts of a game (1 to 32) cut into `buckets` equal runs, fewest pieces
/// first (with 8: 1-4 pieces bucket 0, ..., 29-32 bucket 7). Out-of-range counts take the nearest
/// bucket.
#[inline(always)]
pub const fn output_bucket(pieces: usize, buckets: usize) -> usize {
    let bucket = pieces.saturating_sub(1) * buckets / 32;
    if bucket < buckets {
        bucket
    } else {
        buckets - 1
    }
}

/// The chess network: `TRSKNN01`, (own or other side) x 6 kinds x 64 squares.
pub const CHESS: Format = Format {
    magic: *b"TRSKNN01",
    bucketed_magic: *b"TRSKNN02",
    mirrored_magic: Some(*b"TRSKNN03"),
    inputs: 768,
};
/// The xiangqi network: `TRSKXQ01`, (own or other side) x 7 kinds x 90 squares.
pub const XIANGQI: Format =
    Format { magic: *b"TRSKXQ01", bucketed_magic: *b"TRSKXQ02", mirrored_magic: None, inputs: 1260 };

/// The chess file's first bytes.
pub const MAGIC: &[u8; 8] = &CHESS.magic;
/// The xiangqi file's first bytes.
pub const XIANGQI_MAGIC: &[u8; 8] = &XIANGQI.magic;
/// Bytes before the feature weights of a file of one output: the magic and four `u32`.
pub const HEADER_BYTES: usize = 24;
/// Bytes before the feature weights of a file of buckets: the magic and five `u32`.
pub const BUCKETED_HEADER_BYTES: usize = 28;
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
    /// Whether `bytes` start with one of this game's magics (any layout).
    pub fn has_magic(&self, bytes: &[u8]) -> bool {
        bytes.starts_with(&self.magic)
            || bytes.starts_with(&self.bucketed_magic)
            || self.mirrored_magic.is_some_and(|magic| bytes.starts_with(&magic))
    }

    /// Bytes before the feature weights.
    pub const fn header_bytes(&self, layout: Layout) -> usize {
        if layout.buckets == 1 && !layout.mirrored {
            HEADER_BYTES
        } else {
            BUCKETED_HEADER_BYTES
        }
    }

    /// Bytes of a file of `layout`.
    pub const fn file_bytes(&self, layout: Layout) -> usize {
        self.output_bias_at(layout) + 4 * layout.buckets
    }

    /// Where the feature biases start.
    pub const fn biases_at(&self, layout: Layout) -> usize {
        self.header_bytes(layout) + 2 * self.inputs * layout.hidden
    }

    /// Where the output weights start: bucket `b`'s `2N` are at `+ 4 N b`.
    pub const fn output_weights_at(&self, layout: Layout) -> usize {
        self.biases_at(layout) + 2 * layout.hidden
    }

    /// Where the output biases start: bucket `b`'s is at `+ 4 b`.
    pub const fn output_bias_at(&self, layout: Layout) -> usize {
        self.output_weights_at(layout) + 4 * layout.hidden * layout.buckets
    }

    /// The layout a file of this game states in its header, its length checked against it, but
    /// not the engine's limits on the width and the weights ([`Format::check`] adds those): what
    /// a reference that runs any width (the trainer's tests) needs.
    pub const fn layout(&self, bytes: &[u8]) -> Result<Layout, FormatError> {
        if bytes.len() < HEADER_BYTES {
            return Err(FormatError::Magic { expected: self.magic });
        }
        let (mut single, mut bucketed) = (true, true);
        let mut mirrored = self.mirrored_magic.is_some();
        let mut at = 0;
        while at < self.magic.len() {
            single &= bytes[at] == self.magic[at];
            bucketed &= bytes[at] == self.bucketed_magic[at];
            if let Some(magic) = self.mirrored_magic {
                mirrored &= bytes[at] == magic[at];
            }
            at += 1;
        }
        if !single && !bucketed && !mirrored {
            return Err(FormatError::Magic { expected: self.magic });
        }
        if read_u32(bytes, 12) != QA as u32
            || read_u32(bytes, 16) != QB as u32
            || read_u32(bytes, 20) != SCALE as u32
        {
            return Err(FormatError::Quantization);
        }
        let hidden = read_u32(bytes, 8) as usize;
        let buckets = if single {
            1
        } else if bytes.len() < BUCKETED_HEADER_BYTES {
            return Err(FormatError::Buckets(0));
        } else {
            read_u32(bytes, 24) as usize
        };
        if (bucketed && buckets < 2) || buckets == 0 || buckets > MAX_BUCKETS {
            return Err(FormatError::Buckets(buckets));
        }
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(FormatError::Hidden(hidden));
        }
        let layout = Layout { hidden, buckets, mirrored };
        if bytes.len() != self.file_bytes(layout) {
            return Err(FormatError::Length { found: bytes.len(), expected: self.file_bytes(layout) });
        }
        Ok(layout)
    }

    /// The layout of a valid network file of this game (see the module's note), or what is
    /// wrong with it. `const`, so the engine checks its embedded network at compile time.
    pub const fn check(&self, bytes: &[u8]) -> Result<Layout, FormatError> {
        let layout = match self.layout(bytes) {
            Ok(layout) => layout,
            Err(error) => return Err(error),
        };
        if layout.hidden % HIDDEN_STEP != 0 {
            return Err(FormatError::Hidden(layout.hidden));
        }
        let mut index = 0;
        while index < 2 * layout.hidden * layout.buckets {
            let value = read_i16(bytes, self.output_weights_at(layout) + 2 * index);
            if value > OUTPUT_WEIGHT_LIMIT || value < -OUTPUT_WEIGHT_LIMIT {
                return Err(FormatError::OutputWeight { index, value });
            }
            index += 1;
        }
        Ok(layout)
    }
}

/// Bytes of a chess file of one output with `hidden` neurons per perspective.
pub const fn file_bytes(hidden: usize) -> usize {
    CHESS.file_bytes(Layout::single(hidden))
}

/// The chess input index of a piece (`piece` = colour * 6 + kind, White 0, pawn 0) on `square` (a1 = 0)
/// seen from `perspective` (0 White, 1 Black): the colour relative to the perspective, then the
/// kind, then the square, Black's view mirrored vertically, and left to right as well when
/// `mirrored` (a king-mirrored network whose perspective's king is on files e-h: [`king_mirrors`]).
#[inline(always)]
pub const fn feature(perspective: usize, piece: usize, square: usize, mirrored: bool) -> usize {
    let (colour, kind) = (piece / 6, piece % 6);
    let (relative, square) = if perspective == 0 { (colour, square) } else { (colour ^ 1, square ^ 56) };
    relative * 384 + kind * 64 + (square ^ if mirrored { 7 } else { 0 })
}

/// The chess piece index (`colour * 6 + kind`) of `perspective`'s king (0 White, 1 Black).
#[inline(always)]
pub const fn king_piece(perspective: usize) -> usize {
    perspective * 6 + 5
}

/// Whether a king-mirrored chess network reads the board mirrored left to right for the side
/// whose king is on `king_square` (a1 = 0): while that king is on files e-h.
#[inline(always)]
pub const fn king_mirrors(king_square: usize) -> bool {
    king_square & 7 >= 4
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
    /// Not one of the game's magics (`TRSKNN01` to `TRSKNN03` for chess), or shorter than the
    /// header.
    Magic {
        /// The magic the game's file starts with.
        expected: [u8; 8],
    },
    /// The header's quantization (`QA`, `QB`, `SCALE`) is not the engine's.
    Quantization,
    /// The hidden width is not a multiple of [`HIDDEN_STEP`] in `HIDDEN_STEP..=MAX_HIDDEN`.
    Hidden(usize),
    /// A file of buckets without `2..=MAX_BUCKETS` of them (`1..=MAX_BUCKETS` when king-mirrored).
    Buckets(usize),
    /// The length does not match the header's width.
    Length {
        /// Bytes found.
        found: usize,
        /// Bytes the header's width needs.
        expected: usize,
    },
    /// An output weight beyond [`OUTPUT_WEIGHT_LIMIT`].
    OutputWeight {
        /// Its index among the `2N` output weights of every bucket.
        index: usize,
        /// Its value.
        value: i16,
    },
    /// Not the length of a bullet file of any shape the engine runs ([`bullet`]).
    BulletLength(usize),
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
            FormatError::Buckets(buckets) => {
                write!(f, "{buckets} output buckets (2 to {MAX_BUCKETS} run, or the one-output layout)")
            }
            FormatError::Length { found, expected } => {
                write!(f, "{found} bytes where the header's width needs {expected}")
            }
            FormatError::OutputWeight { index, value } => write!(
                f,
                "output weight {index} is {value}, beyond the {OUTPUT_WEIGHT_LIMIT} the integer inference allows"
            ),
            FormatError::BulletLength(found) => write!(
                f,
                "{found} bytes: no width and bucket count of bullet's layout for this game has that length"
            ),
        }
    }
}

/// The layout of a valid chess network file (see the module's note), or what is wrong with it:
/// [`Format::check`] of [`CHESS`].
pub const fn check(bytes: &[u8]) -> Result<Layout, FormatError> {
    CHESS.check(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_mirror_between_perspectives() {
        // White's pawn on e2 is Black's "their pawn on e7".
        assert_eq!(feature(0, 0, 12, false), 12);
        assert_eq!(feature(1, 0, 12, false), 384 + 52);
        // Black's king on e8 is, for Black, "our king on e1".
        assert_eq!(feature(1, 11, 60, false), 5 * 64 + 4);
    }

    #[test]
    fn king_mirrored_features_read_the_files_backwards() {
        assert!(!king_mirrors(3) && king_mirrors(4), "d1 reads as it is, e1 mirrored");
        assert!(king_mirrors(63) && !king_mirrors(56));
        // White's pawn on e2 is, mirrored, White's "our pawn on d2", and Black's "their pawn on d7".
        assert_eq!(feature(0, 0, 12, true), 11);
        assert_eq!(feature(1, 0, 12, true), 384 + 51);
        // Black's king on g8, mirrored for Black: "our king on b1".
        assert_eq!(feature(1, 11, 62, true), 5 * 64 + 1);
        for perspective in 0..2 {
            for piece in 0..12 {
                for square in 0..64 {
                    let (plain, mirrored) = (
                        feature(perspective, piece, square, false),
                        feature(perspective, piece, square, true),
                    );
                    assert_eq!(mirrored, feature(perspective, piece, square ^ 7, false));
                    assert_eq!(plain / 64, mirrored / 64, "the same colour and kind");
                }
            }
        }
    }

    #[test]
    fn the_check_reads_the_header_and_the_output_weights() {
        let hidden = 16;
        let mut bytes = [0u8; file_bytes(16)];
        bytes[..8].copy_from_slice(MAGIC);
        for (at, value) in [(8, hidden as u32), (12, QA as u32), (16, QB as u32), (20, SCALE as u32)] {
            bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
        }
        assert_eq!(check(&bytes), Ok(Layout::single(16)));
        assert_eq!(
            check(&bytes[..bytes.len() - 1]),
            Err(FormatError::Length { found: 24 + 2 * (768 * 16 + 48) + 3, expected: file_bytes(16) })
        );
        let at = CHESS.output_weights_at(Layout::single(16)) + 2 * 5;
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
        let mut bytes = [0u8; XIANGQI.file_bytes(Layout::single(16))];
        bytes[..8].copy_from_slice(XIANGQI_MAGIC);
        for (at, value) in [(8, hidden as u32), (12, QA as u32), (16, QB as u32), (20, SCALE as u32)] {
            bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
        }
        assert_eq!(XIANGQI.check(&bytes), Ok(Layout::single(16)));
        assert_eq!(XIANGQI.file_bytes(Layout::single(16)), 24 + 2 * (1260 * 16 + 48) + 4);
        assert_eq!(check(&bytes), Err(FormatError::Magic { expected: *MAGIC }));
        use std::string::ToString;
        assert_eq!(check(&bytes).unwrap_err().to_string(), "not a TRSKNN01 network");
        bytes[..8].copy_from_slice(MAGIC);
        assert_eq!(
            XIANGQI.check(&bytes).unwrap_err().to_string(),
            "not a TRSKXQ01 network",
            "the chess magic on a file of xiangqi's length"
        );
    }

    #[test]
    fn output_buckets_cut_the_piece_counts_into_equal_runs() {
        let buckets: [usize; 32] = core::array::from_fn(|index| output_bucket(index + 1, 8));
        assert_eq!(&buckets[..8], &[0, 0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(&buckets[28..], &[7, 7, 7, 7]);
        assert!(buckets.windows(2).all(|pair| pair[1] == pair[0] || pair[1] == pair[0] + 1));
        for pieces in [0, 1, 2, 16, 32, 33, 200] {
            assert_eq!(output_bucket(pieces, 1), 0, "one bucket is every position's");
        }
        assert_eq!((output_bucket(0, 8), output_bucket(40, 8)), (0, 7), "out of range: the nearest");
        assert_eq!((output_bucket(16, 2), output_bucket(17, 2)), (0, 1));
    }

    extern crate std;

    /// A file of `buckets` buckets of `hidden` neurons, zero weights: a valid header and length.
    fn bucketed_file(format: Format, hidden: usize, buckets: usize) -> std::vec::Vec<u8> {
        let layout = Layout::bucketed(hidden, buckets);
        let mut bytes = std::vec![0u8; format.file_bytes(layout)];
        bytes[..8].copy_from_slice(&format.bucketed_magic);
        let header = [hidden as u32, QA as u32, QB as u32, SCALE as u32, buckets as u32];
        for (index, value) in header.iter().enumerate() {
            bytes[8 + 4 * index..12 + 4 * index].copy_from_slice(&value.to_le_bytes());
        }
        bytes
    }

    #[test]
    fn a_bucketed_file_states_its_buckets_after_the_quantization() {
        let layout = Layout::bucketed(32, 8);
        assert_eq!(CHESS.header_bytes(layout), 28);
        assert_eq!(CHESS.biases_at(layout), 28 + 2 * 768 * 32);
        assert_eq!(CHESS.output_weights_at(layout), 28 + 2 * 768 * 32 + 64);
        assert_eq!(CHESS.output_bias_at(layout), CHESS.output_weights_at(layout) + 8 * 2 * 32 * 2);
        assert_eq!(CHESS.file_bytes(layout), CHESS.output_bias_at(layout) + 8 * 4);
        let mut bytes = bucketed_file(CHESS, 32, 8);
        assert_eq!(check(&bytes), Ok(layout));
        assert_eq!(XIANGQI.check(&bucketed_file(XIANGQI, 16, 3)), Ok(Layout::bucketed(16, 3)));
        // The last bucket's output weights are checked too.
        let at = CHESS.output_weights_at(layout) + 2 * (7 * 64 + 63);
        bytes[at..at + 2].copy_from_slice(&200i16.to_le_bytes());
        assert_eq!(check(&bytes), Err(FormatError::OutputWeight { index: 7 * 64 + 63, value: 200 }));
        for buckets in [0, 1, 9] {
            let mut bytes = bucketed_file(CHESS, 16, 2);
            bytes[24..28].copy_from_slice(&(buckets as u32).to_le_bytes());
            assert_eq!(check(&bytes), Err(FormatError::Buckets(buckets)));
        }
        assert_eq!(
            check(&bucketed_file(XIANGQI, 16, 2)),
            Err(FormatError::Magic { expected: *MAGIC }),
            "xiangqi's bucketed magic is not chess's"
        );
        // A width the engine cannot run still has a layout (for references of any width).
        assert_eq!(CHESS.layout(&bucketed_file(CHESS, 8, 2)), Ok(Layout::bucketed(8, 2)));
        assert_eq!(check(&bucketed_file(CHESS, 8, 2)), Err(FormatError::Hidden(8)));
    }

    #[test]
    fn a_king_mirrored_file_has_the_bucketed_header_with_one_bucket_or_more() {
        for buckets in [1, 8] {
            let layout = Layout { hidden: 32, buckets, mirrored: true };
            assert_eq!(CHESS.header_bytes(layout), 28);
            let mut bytes = bucketed_file(CHESS, 32, buckets);
            bytes.resize(CHESS.file_bytes(layout), 0);
            bytes[..8].copy_from_slice(b"TRSKNN03");
            assert_eq!(check(&bytes), Ok(layout));
            bytes[24..28].copy_from_slice(&0u32.to_le_bytes());
            assert_eq!(check(&bytes), Err(FormatError::Buckets(0)));
        }
        let mut xiangqi = bucketed_file(XIANGQI, 16, 2);
        xiangqi[..8].copy_from_slice(b"TRSKXQ03");
        assert_eq!(XIANGQI.check(&xiangqi), Err(FormatError::Magic { expected: *XIANGQI_MAGIC }));
    }
}
