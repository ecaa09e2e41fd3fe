//! The network's parameters as the inference reads them: `i16` rows, one per input feature, so
//! that a piece entering or leaving the board adds or subtracts one row per perspective.

use core::fmt;
use types::nnue::{self, Format, FormatError, Layout, MAX_BUCKETS};

/// A network of `INPUTS` features per perspective and `HIDDEN` neurons, (`INPUTS` -> `HIDDEN`)
/// x 2 -> 1 per output bucket: about 2 x `INPUTS` x `HIDDEN` bytes. Room for
/// [`MAX_BUCKETS`] buckets is always there (8 KB at 256 neurons), so that a file of any bucket
/// count loads into the compiled network. Each game names its own (`chess::nnue::Network`,
/// `xiangqi::nnue::Network`) with its inputs and its embedded network's width; the embedded one
/// is decoded at compile time ([`Network::decode`]), another is read with [`Network::read`].
#[derive(Clone)]
#[repr(C, align(64))]
pub struct Network<const INPUTS: usize, const HIDDEN: usize> {
    /// Feature weights, by feature index (the game's feature function), times `QA`.
    pub(super) weights: [[i16; HIDDEN]; INPUTS],
    /// Feature biases, times `QA`.
    pub(super) biases: [i16; HIDDEN],
    /// Output weights by bucket, for the side to move's accumulator, then the other's, times
    /// `QB` (zero past `buckets`).
    pub(super) output: [[[i16; HIDDEN]; 2]; MAX_BUCKETS],
    /// Output biases by bucket, times `QA * QB`.
    pub(super) output_bias: [i32; MAX_BUCKETS],
    /// Output buckets in use (`types::nnue::output_bucket`).
    pub(super) buckets: usize,
    /// Inputs mirrored left to right by the perspective's king (`types::nnue::king_mirrors`).
    pub(super) mirrored: bool,
    /// The game's file format: its magic, and `INPUTS`.
    format: Format,
}

/// Why a network file cannot replace the embedded network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not a network file of this game the engine can run.
    Format(FormatError),
    /// A valid file of another width: the engine is compiled for one per game.
    Width {
        /// The file's hidden width.
        file: usize,
        /// The compiled width.
        compiled: usize,
        /// Inputs per perspective.
        inputs: usize,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Format(error) => error.fmt(f),
            LoadError::Width { file, compiled, inputs } => write!(
                f,
                "a network of {file} neurons per perspective; this build runs ({inputs} -> {compiled}) x 2 -> 1"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for LoadError {}

impl<const INPUTS: usize, const HIDDEN: usize> Network<INPUTS, HIDDEN> {
    /// The network in `bytes`, a `format` file of this width that passed [`Format::check`]: the
    /// embedded networks are decoded by this at compile time, where a bad file stops the build.
    pub const fn decode(format: Format, bytes: &[u8]) -> Self {
        assert!(format.inputs == INPUTS, "the format's inputs are the network's");
        let layout = match format.check(bytes) {
            Ok(layout) if layout.hidden == HIDDEN => layout,
            _ => panic!("the network file is not a network of the game's format and the compiled width"),
        };
        let mut network = Network {
            weights: [[0; HIDDEN]; INPUTS],
            biases: [0; HIDDEN],
            output: [[[0; HIDDEN]; 2]; MAX_BUCKETS],
            output_bias: [0; MAX_BUCKETS],
            buckets: layout.buckets,
            mirrored: layout.mirrored,
            format,
        };
        let header = format.header_bytes(layout);
        let mut input = 0;
        while input < INPUTS {
            let mut neuron = 0;
            while neuron < HIDDEN {
                network.weights[input][neuron] =
                    nnue::read_i16(bytes, header + 2 * (input * HIDDEN + neuron));
                neuron += 1;
            }
            input += 1;
        }
        let mut neuron = 0;
        while neuron < HIDDEN {
            network.biases[neuron] = nnue::read_i16(bytes, format.biases_at(layout) + 2 * neuron);
            neuron += 1;
        }
        let mut bucket = 0;
        while bucket < layout.buckets {
            let at = format.output_weights_at(layout) + 4 * HIDDEN * bucket;
            let mut neuron = 0;
            while neuron < HIDDEN {
                network.output[bucket][0][neuron] = nnue::read_i16(bytes, at + 2 * neuron);
                network.output[bucket][1][neuron] = nnue::read_i16(bytes, at + 2 * (HIDDEN + neuron));
                neuron += 1;
            }
            network.output_bias[bucket] = nnue::read_i32(bytes, format.output_bias_at(layout) + 4 * bucket);
            bucket += 1;
        }
        network
    }

    /// Replaces this network's parameters by those of the file `bytes` (UCI's `EvalFile`), which
    /// must be of this network's game and width (any number of output buckets), in place (a
    /// network is hundreds of kilobytes: the caller owns the memory). On an error the network is
    /// left as it was.
    pub fn read(&mut self, bytes: &[u8]) -> Result<(), LoadError> {
        let format = self.format;
        let layout = format.check(bytes).map_err(LoadError::Format)?;
        if layout.hidden != HIDDEN {
            return Err(LoadError::Width { file: layout.hidden, compiled: HIDDEN, inputs: INPUTS });
        }
        let values = |at: usize| (0..).map(move |index| nnue::read_i16(bytes, at + 2 * index));
        let features = &bytes[format.header_bytes(layout)..format.biases_at(layout)];
        for (row, values) in self.weights.iter_mut().zip(features.chunks_exact(2 * HIDDEN)) {
            for (weight, value) in row.iter_mut().zip(values.chunks_exact(2)) {
                *weight = i16::from_le_bytes([value[0], value[1]]);
            }
        }
        for (bias, value) in self.biases.iter_mut().zip(values(format.biases_at(layout))) {
            *bias = value;
        }
        let output = values(format.output_weights_at(layout))
            .take(2 * HIDDEN * layout.buckets)
            .chain(core::iter::repeat(0));
        for (weight, value) in self.output.iter_mut().flatten().flatten().zip(output) {
            *weight = value;
        }
        for (bucket, bias) in self.output_bias.iter_mut().enumerate() {
            *bias = if bucket < layout.buckets {
                nnue::read_i32(bytes, format.output_bias_at(layout) + 4 * bucket)
            } else {
                0
            };
        }
        self.buckets = layout.buckets;
        self.mirrored = layout.mirrored;
        Ok(())
    }

    /// Neurons per perspective.
    pub const fn hidden(&self) -> usize {
        HIDDEN
    }

    /// The game's file format.
    pub const fn format(&self) -> Format {
        self.format
    }

    /// Output buckets (1: one output for every position).
    pub const fn buckets(&self) -> usize {
        self.buckets
    }

    /// Whether each perspective's inputs are mirrored by its king's side of the board.
    pub const fn mirrored(&self) -> bool {
        self.mirrored
    }

    /// The file's layout: this width, these buckets, mirrored or not.
    pub const fn layout(&self) -> Layout {
        Layout { hidden: HIDDEN, buckets: self.buckets, mirrored: self.mirrored }
    }

    /// The weights of one input feature.
    #[inline(always)]
    pub(super) fn row(&self, feature: usize) -> &[i16; HIDDEN] {
        &self.weights[feature]
    }
}

impl<const INPUTS: usize, const HIDDEN: usize> PartialEq for Network<INPUTS, HIDDEN> {
    fn eq(&self, other: &Self) -> bool {
        self.format == other.format
            && self.weights == other.weights
            && self.biases == other.biases
            && self.output == other.output
            && self.output_bias == other.output_bias
            && self.buckets == other.buckets
            && self.mirrored == other.mirrored
    }
}

impl<const INPUTS: usize, const HIDDEN: usize> Eq for Network<INPUTS, HIDDEN> {}

impl<const INPUTS: usize, const HIDDEN: usize> fmt::Debug for Network<INPUTS, HIDDEN> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mirrored = if self.mirrored { ", king-mirrored" } else { "" };
        write!(f, "Network(({INPUTS} -> {HIDDEN}) x 2 -> 1, {} output buckets{mirrored})", self.buckets)
    }
}
