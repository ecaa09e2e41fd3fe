//! The network's parameters as the inference reads them: `i16` rows, one per input feature, so
//! that a piece entering or leaving the board adds or subtracts one row per perspective.

use core::fmt;
use types::nnue::{self, Format, FormatError};

/// A network of `INPUTS` features per perspective and `HIDDEN` neurons, (`INPUTS` -> `HIDDEN`)
/// x 2 -> 1: about 2 x `INPUTS` x `HIDDEN` bytes. Each game names its own (`chess::nnue::Network`,
/// `xiangqi::nnue::Network`) with its inputs and its embedded network's width; the embedded one
/// is decoded at compile time ([`Network::decode`]), another is read with [`Network::read`].
#[derive(Clone)]
#[repr(C, align(64))]
pub struct Network<const INPUTS: usize, const HIDDEN: usize> {
    /// Feature weights, by feature index (the game's feature function), times `QA`.
    pub(super) weights: [[i16; HIDDEN]; INPUTS],
    /// Feature biases, times `QA`.
    pub(super) biases: [i16; HIDDEN],
    /// Output weights for the side to move's accumulator, then the other's, times `QB`.
    pub(super) output: [[i16; HIDDEN]; 2],
    /// Output bias, times `QA * QB`.
    pub(super) output_bias: i32,
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
        match format.check(bytes) {
            Ok(hidden) if hidden == HIDDEN => {}
            _ => panic!("the network file is not a network of the game's format and the compiled width"),
        }
        let mut network = Network {
            weights: [[0; HIDDEN]; INPUTS],
            biases: [0; HIDDEN],
            output: [[0; HIDDEN]; 2],
            output_bias: 0,
            format,
        };
        let mut input = 0;
        while input < INPUTS {
            let mut neuron = 0;
            while neuron < HIDDEN {
                network.weights[input][neuron] =
                    nnue::read_i16(bytes, nnue::HEADER_BYTES + 2 * (input * HIDDEN + neuron));
                neuron += 1;
            }
            input += 1;
        }
        let mut neuron = 0;
        while neuron < HIDDEN {
            network.biases[neuron] = nnue::read_i16(bytes, format.biases_at(HIDDEN) + 2 * neuron);
            network.output[0][neuron] = nnue::read_i16(bytes, format.output_weights_at(HIDDEN) + 2 * neuron);
            network.output[1][neuron] =
                nnue::read_i16(bytes, format.output_weights_at(HIDDEN) + 2 * (HIDDEN + neuron));
            neuron += 1;
        }
        network.output_bias = nnue::read_i32(bytes, format.output_bias_at(HIDDEN));
        network
    }

    /// Replaces this network's parameters by those of the file `bytes` (UCI's `EvalFile`), which
    /// must be of this network's game and width, in place (a network is hundreds of kilobytes: the
    /// caller owns the memory). On an error the network is left as it was.
    pub fn read(&mut self, bytes: &[u8]) -> Result<(), LoadError> {
        let format = self.format;
        let hidden = format.check(bytes).map_err(LoadError::Format)?;
        if hidden != HIDDEN {
            return Err(LoadError::Width { file: hidden, compiled: HIDDEN, inputs: INPUTS });
        }
        let values = |at: usize| (0..).map(move |index| nnue::read_i16(bytes, at + 2 * index));
        for (row, values) in self
            .weights
            .iter_mut()
            .zip(bytes[nnue::HEADER_BYTES..format.biases_at(HIDDEN)].chunks_exact(2 * HIDDEN))
        {
            for (weight, value) in row.iter_mut().zip(values.chunks_exact(2)) {
                *weight = i16::from_le_bytes([value[0], value[1]]);
            }
        }
        for (bias, value) in self.biases.iter_mut().zip(values(format.biases_at(HIDDEN))) {
            *bias = value;
        }
        let output = values(format.output_weights_at(HIDDEN));
        for (weight, value) in self.output.iter_mut().flat_map(|row| row.iter_mut()).zip(output) {
            *weight = value;
        }
        self.output_bias = nnue::read_i32(bytes, format.output_bias_at(HIDDEN));
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
    }
}

impl<const INPUTS: usize, const HIDDEN: usize> Eq for Network<INPUTS, HIDDEN> {}

impl<const INPUTS: usize, const HIDDEN: usize> fmt::Debug for Network<INPUTS, HIDDEN> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Network(({INPUTS} -> {HIDDEN}) x 2 -> 1)")
    }
}
