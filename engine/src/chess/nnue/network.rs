//! The network's parameters as the inference reads them: `i16` rows, one per input feature, so
//! that a piece entering or leaving the board adds or subtracts one row per perspective.

use super::weights::HIDDEN;
use core::fmt;
use types::nnue::{self, FormatError, INPUTS};

/// One neuron value per hidden neuron: an accumulator, or a row of weights.
pub type Row = [i16; HIDDEN];

/// A network of the compiled width, (768 -> [`HIDDEN`]) x 2 -> 1: about 2 x 768 x `HIDDEN` bytes.
/// The embedded one is [`EMBEDDED`](super::EMBEDDED); another is read with [`Network::read`].
#[derive(Clone)]
#[repr(C, align(64))]
pub struct Network {
    /// Feature weights, by feature index ([`types::nnue::feature`]), times `QA`.
    pub(super) weights: [Row; INPUTS],
    /// Feature biases, times `QA`.
    pub(super) biases: Row,
    /// Output weights for the side to move's accumulator, then the other's, times `QB`.
    pub(super) output: [Row; 2],
    /// Output bias, times `QA * QB`.
    pub(super) output_bias: i32,
}

/// Why a network file cannot replace the embedded network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not a network file the engine can run.
    Format(FormatError),
    /// A valid file of another width: the engine is compiled for one.
    Width {
        /// The file's hidden width.
        file: usize,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Format(error) => error.fmt(f),
            LoadError::Width { file } => write!(
                f,
                "a network of {file} neurons per perspective; this build runs (768 -> {HIDDEN}) x 2 -> 1"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for LoadError {}

impl Network {
    /// The network in `bytes`, a file of this width that passed [`nnue::check`]: the embedded
    /// network is decoded by this at compile time, where a bad file stops the build.
    pub(super) const fn decode(bytes: &[u8]) -> Network {
        match nnue::check(bytes) {
            Ok(HIDDEN) => {}
            _ => panic!("the network file is not a TRSKNN01 network of the compiled width"),
        }
        let mut network = Network {
            weights: [[0; HIDDEN]; INPUTS],
            biases: [0; HIDDEN],
            output: [[0; HIDDEN]; 2],
            output_bias: 0,
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
            network.biases[neuron] = nnue::read_i16(bytes, nnue::biases_at(HIDDEN) + 2 * neuron);
            network.output[0][neuron] = nnue::read_i16(bytes, nnue::output_weights_at(HIDDEN) + 2 * neuron);
            network.output[1][neuron] =
                nnue::read_i16(bytes, nnue::output_weights_at(HIDDEN) + 2 * (HIDDEN + neuron));
            neuron += 1;
        }
        network.output_bias = nnue::read_i32(bytes, nnue::output_bias_at(HIDDEN));
        network
    }

    /// Replaces this network's parameters by those of the file `bytes` (UCI's `EvalFile`), in
    /// place (a network is hundreds of kilobytes: the caller owns the memory). On an error the
    /// network is left as it was.
    pub fn read(&mut self, bytes: &[u8]) -> Result<(), LoadError> {
        let hidden = nnue::check(bytes).map_err(LoadError::Format)?;
        if hidden != HIDDEN {
            return Err(LoadError::Width { file: hidden });
        }
        let values = |at: usize| (0..).map(move |index| nnue::read_i16(bytes, at + 2 * index));
        for (row, values) in self
            .weights
            .iter_mut()
            .zip(bytes[nnue::HEADER_BYTES..nnue::biases_at(HIDDEN)].chunks_exact(2 * HIDDEN))
        {
            for (weight, value) in row.iter_mut().zip(values.chunks_exact(2)) {
                *weight = i16::from_le_bytes([value[0], value[1]]);
            }
        }
        for (bias, value) in self.biases.iter_mut().zip(values(nnue::biases_at(HIDDEN))) {
            *bias = value;
        }
        let output = values(nnue::output_weights_at(HIDDEN));
        for (weight, value) in self.output.iter_mut().flat_map(|row| row.iter_mut()).zip(output) {
            *weight = value;
        }
        self.output_bias = nnue::read_i32(bytes, nnue::output_bias_at(HIDDEN));
        Ok(())
    }

    /// Neurons per perspective.
    pub const fn hidden(&self) -> usize {
        HIDDEN
    }

    /// The weights of one input feature.
    #[inline(always)]
    pub(super) fn row(&self, feature: usize) -> &Row {
        &self.weights[feature]
    }
}

impl PartialEq for Network {
    fn eq(&self, other: &Network) -> bool {
        self.weights == other.weights
            && self.biases == other.biases
            && self.output == other.output
            && self.output_bias == other.output_bias
    }
}

impl Eq for Network {}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Network((768 -> {HIDDEN}) x 2 -> 1)")
    }
}
