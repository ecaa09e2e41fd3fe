//! `tuner train`: fits the chess network to `datagen`'s records on the CPU.
//!
//! - **Data larger than memory.** The files are read in chunks of `--chunk` records; each chunk is
//!   shuffled (by the epoch's seed) and cut into batches. Records go to the held-out set by a hash
//!   of their position, not by where they lie, so concatenated files split the same way.
//! - **Labels.** The target is `wdl * result + (1 - wdl) * sigmoid(score / scale)`, the result
//!   and the search's score from the side to move; the prediction is `sigmoid(output * SCALE /
//!   scale)`; the loss is their squared difference.
//! - **Optimizer.** Adam, its learning rate falling along a cosine from `--rate` to a hundredth of
//!   it over the epochs; weights clipped so the quantized network fits `i16`.
//! - **Threads.** A batch is split between `--threads` threads, each summing its own gradient.
//! - **Output.** After each epoch: the held-out loss, a float checkpoint (`OUT.ckpt`, which
//!   `--resume` reads) and the quantized network (`OUT`).

use super::network::{feature, Activations, Network, SCALE};
use crate::datagen::record::ChessRecord;
use std::io::{Read, Seek, SeekFrom};
use std::time::Instant;
use tablegen::prng::SplitMix64;

/// Record size of the chess data.
const RECORD: usize = 32;

/// What `tuner train` was asked for.
pub struct Config {
    pub data: Vec<String>,
    pub out: String,
    pub hidden: usize,
    pub epochs: usize,
    pub batch: usize,
    pub rate: f32,
    /// Weight of the game result in the target (the rest is the score's).
    pub wdl: f32,
    /// Centipawns of the sigmoid's unit.
    pub scale: f32,
    /// Per mille of the positions held out.
    pub validation_per_mille: u64,
    pub chunk: usize,
    pub threads: usize,
    pub seed: u64,
    pub resume: Option<String>,
    /// Also print the held-out loss of the hand-crafted evaluation, on the same labels.
    pub baseline: bool,
}

/// One training position: each perspective's active features, side to move's first, and the target.
struct Sample {
    features: [[u16; 32]; 2],
    count: u8,
    target: f32,
}

impl Sample {
    fn from_record(record: &ChessRecord, config: &Config) -> Sample {
        let mut sample = Sample { features: [[0; 32]; 2], count: 0, target: 0.0 };
        let us = usize::from(!record.white_to_move);
        for (index, &(square, piece)) in record.pieces().iter().enumerate() {
            sample.features[0][index] = feature(us, usize::from(piece), usize::from(square)) as u16;
            sample.features[1][index] = feature(us ^ 1, usize::from(piece), usize::from(square)) as u16;
        }
        sample.count = record.pieces().len() as u8;
        let result = f32::from(record.result) / 2.0;
        let score = sigmoid(f32::from(record.score) / config.scale);
        sample.target = config.wdl * result + (1.0 - config.wdl) * score;
        sample
    }

    fn features(&self) -> [&[u16]; 2] {
        let count = usize::from(self.count);
        [&self.features[0][..count], &self.features[1][..count]]
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// True for the records the loss is measured on rather than trained on.
fn held_out(record: &[u8], per_mille: u64) -> bool {
    let hash = record[..25].iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    hash % 1000 < per_mille
}

/// The prediction and the loss's derivative by the output.
fn prediction(network: &Network, sample: &Sample, config: &Config) -> (Activations, f32, f32) {
    let activations = network.forward(sample.features());
    let predicted = sigmoid(activations.output * SCALE as f32 / config.scale);
    let error = predicted - sample.target;
    let d_output = 2.0 * error * predicted * (1.0 - predicted) * SCALE as f32 / config.scale;
    (activations, error * error, d_output)
}

/// Adam's state.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    step: i32,
}

impl Adam {
    fn update(&mut self, params: &mut [f32], gradient: &[f32], rate: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.step += 1;
        let (c1, c2) = (1.0 - B1.powi(self.step), 1.0 - B2.powi(self.step));
        for (((p, g), m), v) in params.iter_mut().zip(gradient).zip(&mut self.m).zip(&mut self.v) {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *p -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
        }
    }
}

/// The loss's gradient over `batch`, summed over threads, and the batch's loss.
fn batch_gradient(network: &Network, batch: &[Sample], config: &Config, gradient: &mut [f32]) -> f64 {
    let threads = config.threads.max(1).min(batch.len().max(1));
    let per_thread = batch.len().div_ceil(threads);
    let parts: Vec<(Vec<f32>, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(per_thread.max(1))
            .map(|part| {
                scope.spawn(move || {
                    let mut gradient = vec![0.0f32; network.params.len()];
                    let mut loss = 0.0f64;
                    for sample in part {
                        let (activations, sample_loss, d_output) = prediction(network, sample, config);
                        network.backward(sample.features(), &activations, d_output, &mut gradient);
                        loss += f64::from(sample_loss);
                    }
                    (gradient, loss)
                })
            })
            .collect();
        handles.into_iter().map(|handle| handle.join().expect("a training thread")).collect()
    });
    gradient.fill(0.0);
    let mut loss = 0.0;
    let scale = 1.0 / batch.len().max(1) as f32;
    for (part, part_loss) in parts {
        for (g, p) in gradient.iter_mut().zip(&part) {
            *g += p * scale;
        }
        loss += part_loss;
    }
    loss
}

/// Reads the files chunk by chunk: `visit(records)` gets up to `chunk` whole records at a time.
fn for_each_chunk(paths: &[String], chunk: usize, mut visit: impl FnMut(&[u8])) -> Result<(), String> {
    let mut buffer = vec![0u8; chunk * RECORD];
    for path in paths {
        let mut file = std::fs::File::open(path).map_err(|error| format!("{path}: {error}"))?;
        let length = file.seek(SeekFrom::End(0)).map_err(|error| error.to_string())?;
        if length % RECORD as u64 != 0 {
            return Err(format!("{path}: {length} bytes is not a whole number of records"));
        }
        file.seek(SeekFrom::Start(0)).map_err(|error| error.to_string())?;
        let mut left = length as usize;
        while left > 0 {
            let take = left.min(buffer.len());
            file.read_exact(&mut buffer[..take]).map_err(|error| format!("{path}: {error}"))?;
            visit(&buffer[..take]);
            left -= take;
        }
    }
    Ok(())
}

/// The loss the hand-crafted evaluation has on the held-out positions (castling and en passant,
/// which the records keep but this ignores, matter little to an evaluation).
fn baseline_loss(config: &Config) -> Result<f64, String> {
    use engine::Game;
    let (mut loss, mut count) = (0.0f64, 0usize);
    for_each_chunk(&config.data, config.chunk, |bytes| {
        for record in
            bytes.chunks_exact(RECORD).filter(|record| held_out(record, config.validation_per_mille))
        {
            let Some(parsed) = ChessRecord::unpack(record) else { continue };
            let Ok(position) = engine::chess::Position::from_fen(&parsed.board_fen()) else { continue };
            let sample = Sample::from_record(&parsed, config);
            let predicted = sigmoid(position.evaluate().0 as f32 / config.scale);
            loss += f64::from((predicted - sample.target) * (predicted - sample.target));
            count += 1;
        }
    })?;
    Ok(loss / count.max(1) as f64)
}

/// Trains and writes the network; returns the last held-out loss.
pub fn run(config: &Config) -> Result<f64, String> {
    let mut network = match &config.resume {
        Some(path) => {
            Network::from_checkpoint(&std::fs::read(path).map_err(|error| format!("{path}: {error}"))?)?
        }
        None => Network::random(config.hidden, config.seed),
    };
    let mut adam = Adam { m: vec![0.0; network.params.len()], v: vec![0.0; network.params.len()], step: 0 };
    let mut gradient = vec![0.0f32; network.params.len()];
    // The held-out positions, kept in memory (a small fraction).
    let mut validation = Vec::new();
    let mut training_count = 0usize;
    for_each_chunk(&config.data, config.chunk, |bytes| {
        for record in bytes.chunks_exact(RECORD) {
            if held_out(record, config.validation_per_mille) {
                if let Some(parsed) = ChessRecord::unpack(record) {
                    validation.push(Sample::from_record(&parsed, config));
                }
            } else {
                training_count += 1;
            }
        }
    })?;
    eprintln!(
        "train: {training_count} training positions, {} held out, {} neurons, {} parameters",
        validation.len(),
        network.hidden,
        network.params.len()
    );
    let validation_loss = |network: &Network| -> f64 {
        validation.iter().map(|sample| f64::from(prediction(network, sample, config).1)).sum::<f64>()
            / validation.len().max(1) as f64
    };
    eprintln!("train: held-out loss before: {:.6}", validation_loss(&network));
    if config.baseline {
        eprintln!("train: held-out loss of the hand-crafted evaluation: {:.6}", baseline_loss(config)?);
    }
    let started = Instant::now();
    let mut last = f64::NAN;
    for epoch in 1..=config.epochs {
        let progress = (epoch - 1) as f32 / config.epochs.max(1) as f32;
        let rate = config.rate * (0.01 + 0.99 * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()));
        let mut rng = SplitMix64::new(config.seed ^ (epoch as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (mut loss, mut seen) = (0.0f64, 0usize);
        let epoch_started = Instant::now();
        for_each_chunk(&config.data, config.chunk, |bytes| {
            let mut samples: Vec<Sample> = bytes
                .chunks_exact(RECORD)
                .filter(|record| !held_out(record, config.validation_per_mille))
                .filter_map(ChessRecord::unpack)
                .map(|record| Sample::from_record(&record, config))
                .collect();
            for index in (1..samples.len()).rev() {
                samples.swap(index, (rng.next_u64() % (index as u64 + 1)) as usize);
            }
            for batch in samples.chunks(config.batch) {
                loss += batch_gradient(&network, batch, config, &mut gradient);
                seen += batch.len();
                adam.update(&mut network.params, &gradient, rate);
                network.clip();
            }
        })?;
        last = validation_loss(&network);
        let seconds = epoch_started.elapsed().as_secs_f64();
        eprintln!(
            "train: epoch {epoch}/{}: rate {rate:.6}, training loss {:.6}, held-out loss {last:.6}, {:.0} positions/s, {:.0} s in all",
            config.epochs,
            loss / seen.max(1) as f64,
            seen as f64 / seconds.max(1e-9),
            started.elapsed().as_secs_f64()
        );
        std::fs::write(format!("{}.ckpt", config.out), network.checkpoint())
            .and_then(|()| std::fs::write(&config.out, network.quantized()))
            .map_err(|error| format!("{}: {error}", config.out))?;
    }
    Ok(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny data set whose labels a network can learn: the side with more material wins.
    #[test]
    fn training_lowers_the_held_out_loss() {
        use crate::datagen::record::Packed;
        use engine::GameText;
        let dir = std::env::temp_dir().join(format!("triskel-train-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let data = dir.join("data.bin");
        let mut bytes = Vec::new();
        let fens = [
            ("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", 900, 2),
            ("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1", -900, 0),
            ("q3k3/8/8/8/8/8/8/4K3 w - - 0 1", -900, 0),
            ("q3k3/8/8/8/8/8/8/4K3 b - - 0 1", 900, 2),
            ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 500, 2),
            ("r3k3/8/8/8/8/8/8/4K3 w - - 0 1", -500, 0),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, 1),
        ];
        for copy in 0..40 {
            for (fen, score, result) in fens {
                let mut position = engine::chess::Position::parse_position(fen).unwrap();
                // Move the kings about so that the records differ.
                let fen = fen.replace("4k3", &format!("{}k{}", 1 + copy % 4, 6 - copy % 4));
                position = engine::chess::Position::parse_position(&fen).unwrap_or(position);
                position.pack(score, result, &mut bytes);
            }
        }
        std::fs::write(&data, &bytes).unwrap();
        let out = dir.join("net.bin");
        let config = Config {
            data: vec![data.to_str().unwrap().to_string()],
            out: out.to_str().unwrap().to_string(),
            hidden: 8,
            epochs: 30,
            batch: 16,
            rate: 0.01,
            wdl: 0.5,
            scale: 400.0,
            validation_per_mille: 200,
            chunk: 100,
            threads: 2,
            seed: 1,
            resume: None,
            baseline: false,
        };
        let before = {
            let network = Network::random(8, 1);
            let mut samples = Vec::new();
            for record in bytes.chunks_exact(RECORD).filter(|record| held_out(record, 200)) {
                samples.push(Sample::from_record(&ChessRecord::unpack(record).unwrap(), &config));
            }
            assert!(!samples.is_empty());
            samples.iter().map(|sample| f64::from(prediction(&network, sample, &config).1)).sum::<f64>()
                / samples.len() as f64
        };
        let after = run(&config).unwrap();
        assert!(after < before * 0.5, "held-out loss {before} -> {after}");
        assert!(std::fs::read(&out).unwrap().starts_with(super::super::network::MAGIC));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
