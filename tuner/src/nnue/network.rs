//! The network the trainer fits, for either game: a perspective network (inputs -> N) x 2 -> 1 with
//! a squared clipped ReLU, in `f32`, with its forward and backward passes and its quantized export.
//! With `B` output buckets the last layer is one of `B`, chosen by the position's piece count
//! (`types::nnue::output_bucket`): a position trains and reads only its bucket's.
//!
//! Inputs: one per (side relative to the perspective, piece kind, square): 2 x 6 x 64 = 768 in
//! chess, 2 x 7 x 90 = 1 260 in xiangqi (the game's [`Format`]). The side to move's accumulator
//! and the other side's are the same layer seen from each side (the second player's view mirrors
//! the ranks), concatenated side to move first, so the output is from the side to move.
//! `output * SCALE` is the evaluation in centipawns.
//!
//! The quantized file is what the engine embeds; its format, shared with the generator and the
//! engine, is `types::nnue` (`QA`, `QB` and `SCALE` as in the common NNUE convention): the game's
//! magic (`TRSKNN01`, `TRSKXQ01`; `..02` with buckets), then `u32` N, `QA`, `QB`, `SCALE` (and B
//! with buckets), then the feature weights `[inputs][N]` and biases `[N]` as `i16` times `QA`, the
//! output weights `[B][2N]` as `i16` times `QB`, and the output biases `[B]` as `i32` times
//! `QA * QB`, all little-endian. Inference: `(sum(clamp(acc, 0, QA)^2 * w) / QA + b) * SCALE /
//! (QA * QB)` with the position's bucket's `w` and `b`.

use types::nnue::{output_bucket, Layout, MAX_BUCKETS, OUTPUT_WEIGHT_LIMIT};
/// The format's constants, shared with the generator that embeds the network and the engine that
/// runs it (`types::nnue`).
pub use types::nnue::{Format, QA, QB, SCALE};
/// Feature weights stay within this, so that they fit `i16` after quantization.
pub const WEIGHT_LIMIT: f32 = 1.98;
/// Output weights stay within this, so that quantized they keep within the engine's bound
/// (`types::nnue::OUTPUT_WEIGHT_LIMIT` steps of `1 / QB`), with half a step to spare for rounding.
pub const OUTPUT_LIMIT: f32 = (OUTPUT_WEIGHT_LIMIT as f32 - 0.5) / QB as f32;

/// The parameters, `f32`, laid out flat so the optimizer can treat them as one vector.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The game's file: its magic and inputs per perspective.
    pub format: Format,
    pub hidden: usize,
    /// Output buckets (1: one output for every position).
    pub buckets: usize,
    /// Each perspective's inputs are mirrored left to right while its king is on files e-h
    /// (chess's `TRSKNN03`): the caller builds the features so ([`crate::nnue::FeatureSet`]).
    /// Set only through [`Self::read_king_mirrored`].
    mirrored: bool,
    /// `[inputs][hidden]`, then `[hidden]` biases, then `[buckets][2 * hidden]` output weights,
    /// then the `[buckets]` output biases.
    pub params: Vec<f32>,
}

/// What a forward pass keeps for the backward pass.
pub struct Activations {
    /// Accumulators, side to move's first: `[2][hidden]`.
    pub acc: Vec<f32>,
    /// The output bucket the position read.
    pub bucket: usize,
    pub output: f32,
}

impl Network {
    /// Parameters of a network of `format` with `hidden` neurons per perspective and `buckets`
    /// output buckets.
    pub fn parameter_count(format: Format, hidden: usize, buckets: usize) -> usize {
        format.inputs * hidden + hidden + buckets * (2 * hidden + 1)
    }

    /// Random small weights from `seed` (uniform, scaled by the 32 pieces at most active), zero
    /// biases; every bucket starts from the same output weights.
    pub fn random(format: Format, hidden: usize, buckets: usize, seed: u64) -> Network {
        let mut rng = tablegen::prng::SplitMix64::new(seed);
        let mut uniform =
            |limit: f32| ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * limit;
        let mut params = vec![0.0; Self::parameter_count(format, hidden, buckets)];
        let inputs = format.inputs;
        for weight in &mut params[..inputs * hidden] {
            *weight = uniform(1.0 / (32.0f32).sqrt());
        }
        let output = inputs * hidden + hidden;
        for weight in &mut params[output..output + 2 * hidden] {
            *weight = uniform(1.0 / (2.0 * hidden as f32).sqrt());
        }
        let (first, rest) = params[output..output + 2 * hidden * buckets].split_at_mut(2 * hidden);
        for bucket in rest.chunks_exact_mut(2 * hidden) {
            bucket.copy_from_slice(first);
        }
        Network { format, hidden, buckets, mirrored: false, params }
    }

    /// Whether the inputs are read king-mirrored.
    pub fn mirrored(&self) -> bool {
        self.mirrored
    }

    /// Reads the inputs king-mirrored from now on: only a game whose files have a king-mirrored
    /// magic can, so no network exists that [`Self::quantized`] could not write as it is.
    pub fn read_king_mirrored(&mut self) -> Result<(), String> {
        if self.format.mirrored_magic.is_none() {
            return Err(format!("no king-mirrored networks for a game of {} inputs", self.format.inputs));
        }
        self.mirrored = true;
        Ok(())
    }

    fn bias_start(&self) -> usize {
        self.format.inputs * self.hidden
    }

    /// Where the output weights start (bucket `b`'s at `+ 2 * hidden * b`).
    fn output_start(&self) -> usize {
        self.format.inputs * self.hidden + self.hidden
    }

    /// Where the output biases start (bucket `b`'s at `+ b`).
    fn output_bias_start(&self) -> usize {
        self.output_start() + 2 * self.hidden * self.buckets
    }

    /// The file's layout.
    pub fn layout(&self) -> Layout {
        Layout { hidden: self.hidden, buckets: self.buckets, mirrored: self.mirrored }
    }

    /// The forward pass over the active features of each perspective (side to move's first).
    pub fn forward(&self, features: [&[u16]; 2]) -> Activations {
        let hidden = self.hidden;
        let mut acc = vec![0.0; 2 * hidden];
        let bias = &self.params[self.bias_start()..self.bias_start() + hidden];
        for (side, active) in features.iter().enumerate() {
            let acc = &mut acc[side * hidden..(side + 1) * hidden];
            acc.copy_from_slice(bias);
            for &feature in active.iter() {
                let row = &self.params[usize::from(feature) * hidden..(usize::from(feature) + 1) * hidden];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            }
        }
        // Each perspective has one feature per piece.
        let bucket = output_bucket(features[0].len(), self.buckets);
        let weights_at = self.output_start() + 2 * hidden * bucket;
        let output_weights = &self.params[weights_at..weights_at + 2 * hidden];
        let output = self.params[self.output_bias_start() + bucket] + activated_dot(&acc, output_weights);
        Activations { acc, bucket, output }
    }

    /// Adds the gradient of the loss to `gradient`, given `d_output`, the loss's derivative by
    /// the output.
    pub fn backward(
        &self,
        features: [&[u16]; 2],
        activations: &Activations,
        d_output: f32,
        gradient: &mut [f32],
    ) {
        let hidden = self.hidden;
        let bias_start = self.bias_start();
        let output_start = self.output_start() + 2 * hidden * activations.bucket;
        let output_weights = &self.params[output_start..output_start + 2 * hidden];
        let mut d_acc = vec![0.0f32; 2 * hidden];
        let output_gradient = &mut gradient[output_start..output_start + 2 * hidden];
        // Branch-free, so that it vectorizes: whether an accumulator lies inside the clip is close
        // to random from one neuron to the next, and a branch on it is often mispredicted.
        for (((&a, w), g), d) in
            activations.acc.iter().zip(output_weights).zip(output_gradient).zip(&mut d_acc)
        {
            let clipped = a.clamp(0.0, 1.0);
            *g += d_output * clipped * clipped;
            let inside = if a > 0.0 && a < 1.0 { 1.0 } else { 0.0 };
            *d = d_output * w * 2.0 * a * inside;
        }
        gradient[self.output_bias_start() + activations.bucket] += d_output;
        for (side, active) in features.iter().enumerate() {
            let d = &d_acc[side * hidden..(side + 1) * hidden];
            for (g, d) in gradient[bias_start..bias_start + hidden].iter_mut().zip(d) {
                *g += d;
            }
            for &feature in active.iter() {
                let row = &mut gradient[usize::from(feature) * hidden..(usize::from(feature) + 1) * hidden];
                for (g, d) in row.iter_mut().zip(d) {
                    *g += d;
                }
            }
        }
    }

    /// Keeps the feature weights within [`WEIGHT_LIMIT`] and the output weights within
    /// [`OUTPUT_LIMIT`] (the biases are free: they are few and wide).
    pub fn clip(&mut self) {
        let (bias_start, output_start, output_end) =
            (self.bias_start(), self.output_start(), self.output_bias_start());
        let (features, rest) = self.params.split_at_mut(bias_start);
        let outputs = &mut rest[output_start - bias_start..output_end - bias_start];
        for weight in features.iter_mut() {
            *weight = weight.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
        }
        for weight in outputs.iter_mut() {
            *weight = weight.clamp(-OUTPUT_LIMIT, OUTPUT_LIMIT);
        }
    }

    /// The same network with every parameter rounded to the step its quantization gives it: its
    /// float forward pass is then the engine's, up to the rounding of the accumulators' squares.
    pub fn rounded(&self) -> Network {
        let mut network = self.clone();
        let (output_start, output_end) = (self.output_start(), self.output_bias_start());
        for (index, value) in network.params.iter_mut().enumerate() {
            let scale = match index {
                index if index < output_start => QA,
                index if index < output_end => QB,
                _ => QA * QB,
            } as f32;
            *value = (*value * scale).round() / scale;
        }
        network
    }

    /// The quantized file (see the module's note on the format): the first layout for one
    /// output, byte for byte what the trainer wrote before buckets.
    pub fn quantized(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.format.file_bytes(self.layout()));
        let mut header = vec![self.hidden as u32, QA as u32, QB as u32, SCALE as u32];
        if let (true, Some(magic)) = (self.mirrored, self.format.mirrored_magic) {
            bytes.extend_from_slice(&magic);
            header.push(self.buckets as u32);
        } else if self.buckets == 1 {
            bytes.extend_from_slice(&self.format.magic);
        } else {
            bytes.extend_from_slice(&self.format.bucketed_magic);
            header.push(self.buckets as u32);
        }
        for value in header {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        let quantize =
            |value: f32, scale: i32| (value * scale as f32).round().clamp(-32767.0, 32767.0) as i16;
        for &weight in &self.params[..self.output_start()] {
            bytes.extend_from_slice(&quantize(weight, QA).to_le_bytes());
        }
        for &weight in &self.params[self.output_start()..self.output_bias_start()] {
            bytes.extend_from_slice(&quantize(weight, QB).to_le_bytes());
        }
        for &bias in &self.params[self.output_bias_start()..] {
            bytes.extend_from_slice(&((bias * (QA * QB) as f32).round() as i32).to_le_bytes());
        }
        bytes
    }

    /// The float checkpoint: the header (`TRSKF32M` for king-mirrored inputs), `u32` hidden, then
    /// every parameter as `f32` (the game and the buckets are told by the count: a chess
    /// checkpoint has `769 N + B (2 N + 1)`, a xiangqi one `1261 N + B (2 N + 1)`).
    pub fn checkpoint(&self) -> Vec<u8> {
        let mut bytes = if self.mirrored { b"TRSKF32M".to_vec() } else { b"TRSKF32\0".to_vec() };
        bytes.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        for value in &self.params {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        bytes
    }

    /// The float network a quantized `format` file stands for (each value its step times its
    /// integer): a start for training on, so that a new generation of data refines the network
    /// already embedded rather than starting over.
    pub fn from_quantized(format: Format, file: &[u8]) -> Result<Network, String> {
        let layout = format.layout(file).map_err(|error| error.to_string())?;
        let Layout { hidden, buckets, mirrored } = layout;
        let word = |at: usize| i16::from_le_bytes([file[at], file[at + 1]]);
        let mut params = Vec::with_capacity(Self::parameter_count(format, hidden, buckets));
        let (header, output_at) = (format.header_bytes(layout), format.output_weights_at(layout));
        for index in 0..(output_at - header) / 2 {
            params.push(f32::from(word(header + 2 * index)) / QA as f32);
        }
        for index in 0..2 * hidden * buckets {
            params.push(f32::from(word(output_at + 2 * index)) / QB as f32);
        }
        for bucket in 0..buckets {
            let bias_at = format.output_bias_at(layout) + 4 * bucket;
            let bias = i32::from_le_bytes(file[bias_at..bias_at + 4].try_into().unwrap());
            params.push(bias as f32 / (QA * QB) as f32);
        }
        Ok(Network { format, hidden, buckets, mirrored, params })
    }

    /// Reads a checkpoint of a `format` network back.
    pub fn from_checkpoint(format: Format, bytes: &[u8]) -> Result<Network, String> {
        if bytes.len() < 12 || (&bytes[..8] != b"TRSKF32\0" && &bytes[..8] != b"TRSKF32M") {
            return Err("not a float checkpoint".into());
        }
        let hidden = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
        let params: Vec<f32> =
            bytes[12..].chunks_exact(4).map(|chunk| f32::from_le_bytes(chunk.try_into().unwrap())).collect();
        let buckets =
            (1..=MAX_BUCKETS).find(|&buckets| params.len() == Self::parameter_count(format, hidden, buckets));
        let Some(buckets) = buckets else {
            return Err(format!(
                "a checkpoint of {} values for {hidden} neurons: not a network of {} inputs (another game's?)",
                params.len(),
                format.inputs
            ));
        };
        let mut network = Network { format, hidden, buckets, mirrored: false, params };
        if bytes[7] == b'M' {
            network.read_king_mirrored()?;
        }
        Ok(network)
    }
}

/// The quantized network's evaluation in centipawns, as the engine computes it (the reference the
/// engine's inference is tested against). `file` must be a `format` network (its magic, its
/// length); the width is not held to the engine's limits, so small test networks run too. The
/// features must be the file's: mirrored by the king if the file is (`Layout::mirrored`).
pub fn quantized_eval(format: Format, file: &[u8], features: [&[u16]; 2]) -> Result<i32, String> {
    let layout = format.layout(file).map_err(|error| error.to_string())?;
    let Layout { hidden, buckets, .. } = layout;
    let inputs = format.inputs;
    let values = |at: usize, count: usize| -> Vec<i32> {
        file[at..at + 2 * count]
            .chunks_exact(2)
            .map(|pair| i32::from(i16::from_le_bytes([pair[0], pair[1]])))
            .collect()
    };
    let weights = values(format.header_bytes(layout), inputs * hidden);
    let biases = values(format.biases_at(layout), hidden);
    let bucket = output_bucket(features[0].len(), buckets);
    let output = values(format.output_weights_at(layout) + 4 * hidden * bucket, 2 * hidden);
    let bias_at = format.output_bias_at(layout) + 4 * bucket;
    let bias = i32::from_le_bytes(file[bias_at..bias_at + 4].try_into().map_err(|_| "a short file")?);
    let mut sum: i64 = 0;
    for (side, active) in features.iter().enumerate() {
        let mut acc = biases.clone();
        for &feature in active.iter() {
            for (a, w) in acc.iter_mut().zip(&weights[usize::from(feature) * hidden..]) {
                *a += w;
            }
        }
        for (a, w) in acc.iter().zip(&output[side * hidden..(side + 1) * hidden]) {
            let clipped = i64::from((*a).clamp(0, QA));
            sum += clipped * clipped * i64::from(*w);
        }
    }
    Ok(((sum / i64::from(QA) + i64::from(bias)) * i64::from(SCALE) / i64::from(QA * QB)) as i32)
}

/// Lanes of [`activated_dot`]'s partial sums: fixed, so that the sum (and so the training) is the
/// same number on every machine, whatever vector width the compiler picks.
const DOT_LANES: usize = 8;

/// `sum(clamp(a, 0, 1)^2 * w)` in [`DOT_LANES`] partial sums added in a fixed order at the end. One
/// running sum is a chain of 2N dependent additions that no compiler may reorder; the lanes
/// vectorize, and their order is part of the definition, so the result does not depend on them.
fn activated_dot(acc: &[f32], weights: &[f32]) -> f32 {
    let mut lanes = [0.0f32; DOT_LANES];
    let (acc_chunks, weight_chunks) = (acc.chunks_exact(DOT_LANES), weights.chunks_exact(DOT_LANES));
    let (acc_rest, weight_rest) = (acc_chunks.remainder(), weight_chunks.remainder());
    for (a, w) in acc_chunks.zip(weight_chunks) {
        for lane in 0..DOT_LANES {
            let clipped = a[lane].clamp(0.0, 1.0);
            lanes[lane] += clipped * clipped * w[lane];
        }
    }
    let mut sum = lanes.iter().sum::<f32>();
    for (a, w) in acc_rest.iter().zip(weight_rest) {
        let clipped = a.clamp(0.0, 1.0);
        sum += clipped * clipped * w;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::FeatureSet;
    use engine::GameText;
    use types::nnue::{CHESS, XIANGQI};

    #[test]
    fn the_gradient_matches_finite_differences() {
        let network = Network::random(CHESS, 8, 1, 3);
        let features: [&[u16]; 2] = [&[1, 100, 400], &[7, 450, 700]];
        let last = network.params.len() - 1;
        gradient_matching_finite_differences(
            &network,
            features,
            &[100 * 8 + 3, 768 * 8 + 2, 768 * 8 + 8 + 5, last],
        );
    }

    #[test]
    fn the_gradient_is_zero_where_the_activation_is_clipped_and_exact_between() {
        // 12 neurons (one full lane group of the output's sum and four left over), their biases
        // putting every fourth below the clip, every fourth above it and the rest inside, so that
        // each case of the branch-free backward pass is checked against finite differences.
        let hidden = 12;
        let mut network = Network::random(CHESS, hidden, 1, 5);
        let bias_start = network.bias_start();
        for neuron in 0..hidden {
            network.params[bias_start + neuron] = [-2.0, 0.4, 2.5, 0.6][neuron % 4];
        }
        let features: [&[u16]; 2] = [&[2, 100, 401], &[9, 450, 700]];
        let rows_of_100: Vec<usize> = (0..hidden).map(|neuron| 100 * hidden + neuron).collect();
        let output_weights: Vec<usize> =
            (0..2 * hidden).map(|index| network.output_start() + index).collect();
        let indices: Vec<usize> = rows_of_100.iter().chain(&output_weights).copied().collect();
        let gradient = gradient_matching_finite_differences(&network, features, &indices);
        let activations = network.forward(features);
        for neuron in 0..hidden {
            let a = activations.acc[neuron];
            let clipped = !(0.0..=1.0).contains(&a);
            assert_eq!(clipped, neuron % 4 == 0 || neuron % 4 == 2, "neuron {neuron}: {a}");
            assert_eq!(gradient[100 * hidden + neuron] == 0.0, clipped, "neuron {neuron}: {a}");
        }
    }

    #[test]
    fn the_output_sum_in_lanes_is_the_plain_sum() {
        // Lengths below, at and past a lane group, with values below, inside and above the clip.
        for length in [1, 7, 8, 13, 512] {
            let acc: Vec<f32> = (0..length).map(|i| (i as f32 * 0.37).sin() * 1.4).collect();
            let weights: Vec<f32> = (0..length).map(|i| (i as f32 * 0.91).cos()).collect();
            let plain: f64 = acc
                .iter()
                .zip(&weights)
                .map(|(&a, &w)| f64::from(a.clamp(0.0, 1.0)).powi(2) * f64::from(w))
                .sum();
            let lanes = f64::from(activated_dot(&acc, &weights));
            assert!((lanes - plain).abs() < 1e-5 * (1.0 + plain.abs()), "{length}: {lanes} against {plain}");
        }
    }

    /// The gradient of the loss `(output - 0.3)^2` at `features`, after checking it against
    /// central finite differences at each of `indices`.
    fn gradient_matching_finite_differences(
        network: &Network,
        features: [&[u16]; 2],
        indices: &[usize],
    ) -> Vec<f32> {
        let loss = |network: &Network| {
            let output = network.forward(features).output;
            (output - 0.3) * (output - 0.3)
        };
        let activations = network.forward(features);
        let mut gradient = vec![0.0; network.params.len()];
        network.backward(features, &activations, 2.0 * (activations.output - 0.3), &mut gradient);
        for &index in indices {
            let mut up = network.clone();
            up.params[index] += 1e-3;
            let mut down = network.clone();
            down.params[index] -= 1e-3;
            let numeric = (loss(&up) - loss(&down)) / 2e-3;
            assert!(
                (numeric - gradient[index]).abs() < 1e-3,
                "{index}: {numeric} against {}",
                gradient[index]
            );
        }
        gradient
    }

    /// What the comparisons with the engine need of a game: its embedded network's file, and
    /// positions (openings, middlegames, endgames, both sides to move; in chess castling rights,
    /// en passant and promotions near).
    trait Compared: FeatureSet + engine::nnue::Board + GameText {
        const POSITIONS: &'static [&'static str];
        const FILE: &'static [u8];
    }

    impl Compared for engine::chess::Position {
        const POSITIONS: &'static [&'static str] = &[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 40",
            "2kr3r/ppp2ppp/2n5/2b1q3/4P3/2N2Q2/PPP2PPP/R1B2RK1 w - - 4 14",
            "8/8/3k4/8/8/3K4/3Q4/8 b - - 0 60",
        ];
        const FILE: &'static [u8] = engine::chess::nnue::FILE;
    }

    impl Compared for engine::xiangqi::Position {
        const POSITIONS: &'static [&'static str] = &[
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
            "r1bakabr1/9/1cn3nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 3",
            "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/9/2BAKAB2 w - - 0 20",
            "3k5/4a4/4b4/9/9/9/9/9/4A4/3AK4 w - - 0 60",
            "2bak4/4a4/4b4/9/9/9/9/9/4C4/R2K5 b - - 0 1",
            "4k4/9/9/9/9/9/9/9/4p4/3K5 w - - 0 70",
            "3akab2/9/4b4/p3R3p/9/2r6/P3P3P/4B4/4A4/2BAK4 b - - 3 41",
        ];
        const FILE: &'static [u8] = engine::xiangqi::nnue::FILE;
    }

    fn position<G: Compared>(fen: &str) -> G {
        crate::games::parse::<G>(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
    }

    /// Each perspective's active features, side to move's first, as the trainer builds them
    /// (through the game's packed record, as `net-eval` does).
    fn features_of<G: Compared>(position: &G) -> [Vec<u16>; 2] {
        crate::nnue::record_features(position, false)
    }

    /// The engine's inference of a network of `G`'s compiled width, and its accumulators (side
    /// to move's first) in the float network's units: both games' engine networks are the one
    /// generic type, so this runs them alike.
    fn engine_eval<G: Compared, const INPUTS: usize, const HIDDEN: usize>(
        position: &G,
        network: &engine::nnue::Network<INPUTS, HIDDEN>,
    ) -> (i32, Vec<f32>) {
        let mut accumulator = engine::nnue::Accumulator::ZERO;
        accumulator.refresh(position, network);
        let side = position.side_to_move_index();
        let values = [side, side ^ 1]
            .iter()
            .flat_map(|&perspective| {
                accumulator.values(perspective).iter().map(|&value| f32::from(value) / QA as f32)
            })
            .collect();
        (engine::nnue::evaluate(position, network), values)
    }

    /// The engine's inference of the embedded network is the trainer's quantized reference (what
    /// `tuner net-eval` prints), to the centipawn, on every position.
    fn runs_the_embedded_network_as_the_reference_does<
        G: Compared,
        const INPUTS: usize,
        const HIDDEN: usize,
    >(
        embedded: &engine::nnue::Network<INPUTS, HIDDEN>,
    ) {
        for fen in G::POSITIONS {
            let position = position::<G>(fen);
            let [ours, theirs] = features_of(&position);
            let reference = quantized_eval(G::FORMAT, G::FILE, [&ours, &theirs]).unwrap();
            assert_eq!(engine_eval(&position, embedded).0, reference, "{fen}");
        }
    }

    #[test]
    fn the_engine_runs_the_embedded_networks_as_the_reference_does() {
        runs_the_embedded_network_as_the_reference_does::<engine::chess::Position, _, _>(
            &engine::chess::nnue::EMBEDDED,
        );
        runs_the_embedded_network_as_the_reference_does::<engine::xiangqi::Position, _, _>(
            &engine::xiangqi::nnue::EMBEDDED,
        );
    }

    /// The same for a king-mirrored network (the embedded weights under `TRSKNN03`): the trainer's
    /// features (mirrored by each side's king, from the packed record) are the engine's, on
    /// positions with the kings on either half, and the mirroring changes the value where a king
    /// is on files e-h.
    #[test]
    fn the_engine_runs_a_king_mirrored_network_as_the_reference_does() {
        let mut file = engine::chess::nnue::FILE.to_vec();
        file[..8].copy_from_slice(b"TRSKNN03");
        let mut network = Box::new(engine::chess::nnue::EMBEDDED.clone());
        network.read(&file).unwrap();
        let mut changed = 0;
        for fen in <engine::chess::Position as Compared>::POSITIONS {
            let position = position::<engine::chess::Position>(fen);
            let [ours, theirs] = crate::nnue::record_features(&position, true);
            let reference = quantized_eval(CHESS, &file, [&ours, &theirs]).unwrap();
            assert_eq!(engine_eval(&position, &*network).0, reference, "{fen}");
            changed += usize::from(reference != engine_eval(&position, &engine::chess::nnue::EMBEDDED).0);
        }
        assert!(changed >= 5, "most positions have a king on files e-h: {changed} changed");
    }

    /// A float network whose parameters are exactly representable once quantized (quantized,
    /// then read back as floats): the engine's integer inference equals the float forward pass
    /// up to its two integer divisions (under a centipawn and a fortieth).
    fn computes_the_float_forward_pass<G: Compared, const INPUTS: usize, const HIDDEN: usize>(
        embedded: &engine::nnue::Network<INPUTS, HIDDEN>,
        buckets: usize,
    ) {
        let float = Network::random(G::FORMAT, HIDDEN, buckets, 17).rounded();
        let mut network = Box::new(embedded.clone());
        network.read(&float.quantized()).unwrap();
        for fen in G::POSITIONS {
            let position = position::<G>(fen);
            let [ours, theirs] = features_of(&position);
            let expected = float.forward([&ours, &theirs]).output * SCALE as f32;
            let engine = engine_eval(&position, &*network).0 as f32;
            assert!((expected - engine).abs() <= 1.05, "{fen}: float {expected}, engine {engine}");
        }
        // Reading the embedded file back over it leaves nothing of the other network behind (the
        // buckets a one-output file does not have are cleared).
        network.read(G::FILE).unwrap();
        assert!(*network == *embedded, "{buckets} buckets, then the embedded file");
    }

    #[test]
    fn the_engine_computes_the_float_forward_pass_of_a_representable_network() {
        for buckets in [1, 8] {
            computes_the_float_forward_pass::<engine::chess::Position, _, _>(
                &engine::chess::nnue::EMBEDDED,
                buckets,
            );
            computes_the_float_forward_pass::<engine::xiangqi::Position, _, _>(
                &engine::xiangqi::nnue::EMBEDDED,
                buckets,
            );
        }
    }

    /// A float network as training leaves it: the engine agrees with its forward pass within the
    /// error its quantization explains, bounded per position from the rounding of each parameter
    /// and each accumulator (plus the integer divisions). Returns the worst difference.
    fn agrees_within_the_quantization_error<G: Compared, const INPUTS: usize, const HIDDEN: usize>(
        embedded: &engine::nnue::Network<INPUTS, HIDDEN>,
    ) -> f32 {
        let hidden = HIDDEN;
        let float = Network::random(G::FORMAT, hidden, 1, 23);
        let file = float.quantized();
        let mut network = Box::new(embedded.clone());
        network.read(&file).unwrap();
        let output_start = float.output_start();
        let quantized_output: Vec<f32> = (0..2 * hidden)
            .map(|index| {
                let at = G::FORMAT.output_weights_at(float.layout()) + 2 * index;
                f32::from(i16::from_le_bytes([file[at], file[at + 1]])) / QB as f32
            })
            .collect();
        let mut worst = 0.0f32;
        for fen in G::POSITIONS {
            let position = position::<G>(fen);
            let [ours, theirs] = features_of(&position);
            let activations = float.forward([&ours, &theirs]);
            let expected = activations.output * SCALE as f32;
            let (engine, quantized) = engine_eval(&position, &*network);
            let engine = engine as f32;
            let mut bound = 0.0f32;
            for index in 0..2 * hidden {
                let (a, q) = (activations.acc[index].clamp(0.0, 1.0), quantized[index].clamp(0.0, 1.0));
                let weight = float.params[output_start + index];
                bound +=
                    (a * a - q * q).abs() * weight.abs() + q * q * (weight - quantized_output[index]).abs();
            }
            let bound = (bound + 0.5 / (QA * QB) as f32) * SCALE as f32 + 1.05;
            worst = worst.max((expected - engine).abs());
            assert!(
                (expected - engine).abs() <= bound,
                "{fen}: float {expected}, engine {engine}, bound {bound}"
            );
        }
        worst
    }

    #[test]
    fn the_engine_agrees_with_the_float_forward_pass_within_the_quantization_error() {
        for worst in [
            agrees_within_the_quantization_error::<engine::chess::Position, _, _>(
                &engine::chess::nnue::EMBEDDED,
            ),
            agrees_within_the_quantization_error::<engine::xiangqi::Position, _, _>(
                &engine::xiangqi::nnue::EMBEDDED,
            ),
        ] {
            eprintln!("worst difference from the float network: {worst} cp");
            // The quantization costs centipawns, not pawns.
            assert!(worst < 30.0, "{worst}");
        }
    }

    #[test]
    fn the_quantized_network_agrees_with_the_float_one() {
        let network = Network::random(CHESS, 16, 1, 9);
        let file = network.quantized();
        assert_eq!(file.len(), 24 + 2 * (768 * 16 + 16 + 32) + 4);
        for features in [[&[0u16, 64, 300, 500][..], &[10u16, 200, 420, 767][..]], [&[5u16][..], &[6u16][..]]]
        {
            let float = network.forward(features).output * SCALE as f32;
            let quantized = quantized_eval(CHESS, &file, features).unwrap();
            assert!((float - quantized as f32).abs() <= 2.0, "{float} against {quantized}");
        }
        let back = Network::from_checkpoint(CHESS, &network.checkpoint()).unwrap();
        assert_eq!(back, network);
        assert!(Network::from_checkpoint(XIANGQI, &network.checkpoint()).is_err());
        assert!(quantized_eval(XIANGQI, &file, [&[0], &[1]]).is_err());
    }

    #[test]
    fn a_xiangqi_network_quantizes_to_a_file_the_format_accepts() {
        let network = Network::random(XIANGQI, 32, 1, 4);
        let file = network.quantized();
        assert_eq!(XIANGQI.check(&file), Ok(Layout::single(32)));
        assert!(file.starts_with(b"TRSKXQ01"));
        assert!(types::nnue::check(&file).is_err(), "not a chess network");
        for fen in [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "2bak4/4a4/4b4/9/9/9/9/9/4C4/R2K5 b - - 0 1",
        ] {
            let [ours, theirs] = features_of(&position::<engine::xiangqi::Position>(fen));
            let features = [&ours[..], &theirs[..]];
            let float = network.forward(features).output * SCALE as f32;
            let quantized = quantized_eval(XIANGQI, &file, features).unwrap();
            assert!((float - quantized as f32).abs() <= 2.0, "{fen}: {float} against {quantized}");
        }
        assert_eq!(Network::from_checkpoint(XIANGQI, &network.checkpoint()).unwrap(), network);
        // Xiangqi has no king-mirrored file, so no such network can be made or read back.
        let mut mirrored = network.clone();
        assert!(mirrored.read_king_mirrored().is_err());
        assert!(!mirrored.mirrored);
        let mut checkpoint = network.checkpoint();
        checkpoint[7] = b'M';
        assert!(Network::from_checkpoint(XIANGQI, &checkpoint).is_err());
        assert!(Network::from_checkpoint(CHESS, &network.checkpoint()).is_err());
    }

    /// The committed chess network goes through the trainer's float checkpoint and back to the
    /// same bytes: the generic network keeps chess's file exactly.
    #[test]
    fn the_committed_chess_network_exports_byte_identically() {
        let file = engine::chess::nnue::FILE;
        let network = Network::from_quantized(CHESS, file).unwrap();
        assert_eq!(network.quantized(), file);
        let back = Network::from_checkpoint(CHESS, &network.checkpoint()).unwrap();
        assert_eq!(back.quantized(), file);
    }

    /// With buckets, a position trains only its own bucket's output weights and bias, and the
    /// gradient of those matches finite differences.
    #[test]
    fn a_bucketed_gradient_matches_finite_differences_in_the_positions_bucket() {
        let mut network = Network::random(CHESS, 8, 4, 5);
        // Make the buckets differ, so a wrong bucket would show.
        let output_start = network.output_start();
        for (index, value) in network.params[output_start..].iter_mut().enumerate() {
            *value += 0.01 * (index % 7) as f32;
        }
        // Nine pieces: bucket (9 - 1) * 4 / 32 = 1 of 4.
        let ours: Vec<u16> = (0..9).map(|index| index * 70).collect();
        let theirs: Vec<u16> = (0..9).map(|index| index * 70 + 5).collect();
        let features: [&[u16]; 2] = [&ours, &theirs];
        let activations = network.forward(features);
        assert_eq!(activations.bucket, output_bucket(9, 4));
        assert_eq!(activations.bucket, 1);
        let (weights, biases) = (network.output_start(), network.output_bias_start());
        let indices = [70 * 8 + 3, weights + 16 + 2, weights + 16 + 8 + 5, biases + 1];
        let gradient = gradient_matching_finite_differences(&network, features, &indices);
        for bucket in [0, 2, 3] {
            let own = &gradient[weights + 16 * bucket..weights + 16 * (bucket + 1)];
            assert!(own.iter().all(|&g| g == 0.0) && gradient[biases + bucket] == 0.0, "bucket {bucket}");
        }
    }

    /// A bucketed network's file: the `..02` magic and its buckets, read back as the reference
    /// computes it from the position's bucket, and its checkpoint back to the same network.
    #[test]
    fn a_bucketed_network_quantizes_and_checkpoints() {
        let mut network = Network::random(CHESS, 16, 8, 12);
        let output_start = network.output_start();
        for (index, value) in network.params[output_start..].iter_mut().enumerate() {
            *value += 0.002 * (index % 11) as f32 - 0.01;
        }
        let file = network.quantized();
        assert!(file.starts_with(b"TRSKNN02"));
        assert_eq!(types::nnue::check(&file), Ok(Layout::bucketed(16, 8)));
        for pieces in [2usize, 7, 12, 20, 32] {
            let ours: Vec<u16> = (0..pieces as u16).map(|index| index * 23 % 768).collect();
            let theirs: Vec<u16> = (0..pieces as u16).map(|index| (index * 29 + 3) % 768).collect();
            let features = [&ours[..], &theirs[..]];
            let float = network.forward(features).output * SCALE as f32;
            let quantized = quantized_eval(CHESS, &file, features).unwrap();
            assert!((float - quantized as f32).abs() <= 2.0, "{pieces} pieces: {float} against {quantized}");
        }
        let back = Network::from_checkpoint(CHESS, &network.checkpoint()).unwrap();
        assert_eq!(back, network);
        assert_eq!(back.buckets, 8);
        // King-mirrored: the `..03` magic, and a checkpoint that says so.
        let mut mirrored = network.clone();
        mirrored.read_king_mirrored().unwrap();
        let file = mirrored.quantized();
        assert!(file.starts_with(b"TRSKNN03"));
        assert_eq!(types::nnue::check(&file), Ok(Layout { hidden: 16, buckets: 8, mirrored: true }));
        assert_eq!(Network::from_quantized(CHESS, &file).unwrap().rounded(), mirrored.rounded());
        assert_eq!(Network::from_checkpoint(CHESS, &mirrored.checkpoint()).unwrap(), mirrored);
    }
}
