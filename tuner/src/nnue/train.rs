//! `tuner train`: fits a game's network to `datagen`'s records on the CPU. One trainer for chess
//! and xiangqi: [`run`] is generic over the game's [`FeatureSet`] (its records, its inputs, its
//! file), and everything below holds for both.
//!
//! - **Data larger than memory.** The files (data sets, whose games are played back as records, or
//!   files of 32-byte records) are streamed in chunks of `--chunk` records (16 M by default, about
//!   2.7 GB decoded), running on from one file into the next; each chunk is
//!   shuffled (by the epoch's seed) and cut into batches. Data within one chunk is shuffled as a
//!   whole; beyond that, chunks come in file order.
//! - **Held out: whole games.** The last `--validation` per mille of each file's records are held
//!   out. The generator writes a game's positions together, so these are the file's last games
//!   (one game at the cut excepted), never seen in training. A split by position would put most of
//!   a game on each side, and the held-out loss would measure how well the network remembers the
//!   games rather than how it judges new ones. The files are sized when training starts (a set to
//!   its last whole game), so a generator may go on appending: every epoch reads the same
//!   positions and the split stays put.
//! - **Labels.** The target is `wdl * result + (1 - wdl) * sigmoid(score / scale)`, the result
//!   and the search's score from the side to move; the prediction is `sigmoid(output * SCALE /
//!   scale)`; the loss is their squared difference.
//! - **Mirroring.** Unless `--no-mirror`, each training position that is the same game mirrored left to
//!   right (chess: no side can castle; xiangqi: every position) is mirrored at random (the same
//!   game, another input), so the network sees twice the positions for the same games. Held-out
//!   positions are never mirrored. `--king-mirror` (chess) builds the symmetry into the inputs
//!   instead (`TRSKNN03`: each side's view is mirrored while its king is on files e-h), so a
//!   position and its mirror image are the same inputs and the network learns each pattern once.
//! - **A network's own games.** `--played-by NET` keeps only the sets' blocks that NET played
//!   (`datagen --nnue` names a block's network by the hash of its file), so that a network is
//!   refined on its own games straight from the growing files; the split is then each file's last
//!   games of that network. `--block-settings nodes=5000` keeps, in the same way, only the blocks
//!   whose settings line has each field named (the node count the games were searched at, a seed),
//!   alone or beside `--played-by`.
//! - **Optimizer.** Adam, its learning rate falling along a cosine from `--rate` to a hundredth of
//!   it over the epochs; weights clipped so the quantized network fits `i16`.
//! - **Threads.** A batch is split between `--threads` threads, each summing its own gradient.
//! - **Output.** After each epoch: the held-out loss, a float checkpoint (`OUT.ckpt`, which
//!   `--resume` reads) and the quantized network (`OUT`). At the end, the held-out loss with the
//!   parameters rounded to their quantization (what quantizing costs). `--resume CKPT --epochs 0`
//!   exports a checkpoint without training. `--resume` also takes a quantized network (the
//!   embedded one): training then refines it on new data, at a `--rate` lower than a start's.

mod data;

use super::network::{Activations, Network, SCALE};
use super::FeatureSet;
use crate::datagen::record::Record;
use data::{data_files, for_each_chunk, BlockFilter, DataFile, Part, RECORD};
use std::time::Instant;
use tablegen::prng::SplitMix64;

/// What `tuner train` was asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub data: Vec<String>,
    pub out: String,
    pub hidden: usize,
    /// Output buckets by piece count (1: one output), `1..=types::nnue::MAX_BUCKETS`.
    pub buckets: usize,
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
    /// Mirror training positions left to right at random, where that is the same game.
    pub mirror: bool,
    /// The network reads each perspective's inputs mirrored by its king's side (chess's
    /// `TRSKNN03`); a resumed network of plain inputs is turned into one.
    pub king_mirror: bool,
    /// A network file: train only on the games it played, the data sets' blocks whose settings
    /// line names it (`eval=`), so that refining a network on its own games needs no cut files.
    pub played_by: Option<String>,
    /// `key=value` fields a data set's block must have in its settings line to be read (such as
    /// `nodes=5000`): one search's games out of a file that holds several.
    pub block_settings: Vec<String>,
}

/// One training position: each perspective's active features, side to move's first, and the target.
struct Sample {
    features: [[u16; 32]; 2],
    count: u8,
    target: f32,
}

impl Sample {
    fn from_record<G: FeatureSet>(record: &G::Record, config: &Config, mirrored: bool) -> Sample {
        let mut sample = Sample { features: [[0; 32]; 2], count: 0, target: 0.0 };
        for (side, features) in G::features(record, mirrored).into_iter().enumerate() {
            for (index, feature) in features.enumerate() {
                sample.features[side][index] = feature;
            }
        }
        sample.count = record.pieces().len() as u8;
        let result = f32::from(record.result()) / 2.0;
        let score = sigmoid(f32::from(record.score()) / config.scale);
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

/// Adds the loss's gradient over `part` to `gradient`; returns the part's summed loss.
fn part_gradient(network: &Network, part: &[Sample], config: &Config, gradient: &mut [f32]) -> f64 {
    let mut loss = 0.0f64;
    for sample in part {
        let (activations, sample_loss, d_output) = prediction(network, sample, config);
        network.backward(sample.features(), &activations, d_output, gradient);
        loss += f64::from(sample_loss);
    }
    loss
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
                    let loss = part_gradient(network, part, config, &mut gradient);
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

/// The loss the hand-crafted evaluation has on the held-out positions (chess's castling and en
/// passant, which the records keep but this ignores, matter little to an evaluation).
fn baseline_loss<G: FeatureSet>(config: &Config, files: &[DataFile]) -> Result<f64, String> {
    let (mut loss, mut count) = (0.0f64, 0usize);
    for_each_chunk::<G>(files, config.chunk, config.validation_per_mille, |bytes, part| {
        if part != Part::HeldOut {
            return;
        }
        for record in bytes.chunks_exact(RECORD) {
            let Some(parsed) = G::Record::unpack(record) else { continue };
            let Ok(position) = crate::games::parse::<G>(&parsed.board_fen()) else { continue };
            let sample = Sample::from_record::<G>(&parsed, config, false);
            let predicted = sigmoid(position.evaluate().0 as f32 / config.scale);
            loss += f64::from((predicted - sample.target) * (predicted - sample.target));
            count += 1;
        }
    })?;
    Ok(loss / count.max(1) as f64)
}

/// Trains and writes game `G`'s network; returns the last held-out loss.
pub fn run<G: FeatureSet>(config: &Config) -> Result<f64, String> {
    let mut network = match &config.resume {
        Some(path) => {
            // A float checkpoint, or a quantized network (the embedded one, say) to refine.
            let bytes = std::fs::read(path).map_err(|error| format!("{path}: {error}"))?;
            Network::from_checkpoint(G::FORMAT, &bytes)
                .or_else(|checkpoint_error| {
                    Network::from_quantized(G::FORMAT, &bytes).map_err(|quantized_error| {
                        format!("{checkpoint_error}; as a network: {quantized_error}")
                    })
                })
                .map_err(|error| format!("{path}: {error}"))?
        }
        None if (1..=types::nnue::MAX_BUCKETS).contains(&config.buckets) => {
            Network::random(G::FORMAT, config.hidden, config.buckets, config.seed)
        }
        None => {
            return Err(format!("--buckets {}: 1 to {} buckets", config.buckets, types::nnue::MAX_BUCKETS))
        }
    };
    if config.king_mirror && !network.mirrored() {
        // A new network starts king-mirrored; a resumed plain one is read so from now on (trained
        // with mirrored data, it is a start close to the same function).
        if config.resume.is_some() {
            eprintln!("train: the resumed network's inputs are read king-mirrored from now on");
        }
        network.read_king_mirrored().map_err(|error| format!("--king-mirror: {}: {error}", G::NAME))?;
    }
    let mut adam = Adam { m: vec![0.0; network.params.len()], v: vec![0.0; network.params.len()], step: 0 };
    let mut gradient = vec![0.0f32; network.params.len()];
    // The held-out positions, kept in memory (a small fraction).
    let mut validation = Vec::new();
    let mut training_count = 0usize;
    let played_by = match &config.played_by {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|error| format!("--played-by {path}: {error}"))?;
            Some(crate::datagen::network_tag(&bytes))
        }
        None => None,
    };
    if let Some(field) =
        config.block_settings.iter().find(|field| !field.contains('=') || field.contains(' '))
    {
        return Err(format!("--block-settings {field}: a settings field is key=value, without spaces"));
    }
    let blocks = BlockFilter { network: played_by, fields: config.block_settings.clone() };
    let files = data_files::<G>(&config.data, &blocks)?;
    for_each_chunk::<G>(&files, config.chunk, config.validation_per_mille, |bytes, part| match part {
        Part::HeldOut => validation.extend(
            bytes
                .chunks_exact(RECORD)
                .filter_map(G::Record::unpack)
                .map(|record| Sample::from_record::<G>(&record, config, network.mirrored())),
        ),
        Part::Training => training_count += bytes.len() / RECORD,
    })?;
    if training_count == 0 {
        // Else the network written would be the starting one, reported as trained.
        return Err(format!("{}: no positions to train on", config.data.join(",")));
    }
    eprintln!(
        "train: {} ({} inputs{}): {training_count} training positions, {} held out, {} neurons, {} output bucket(s), {} parameters",
        G::NAME,
        G::FORMAT.inputs,
        if network.mirrored() { ", king-mirrored" } else { "" },
        validation.len(),
        network.hidden,
        network.buckets,
        network.params.len()
    );
    let validation_loss = |network: &Network| -> f64 {
        validation.iter().map(|sample| f64::from(prediction(network, sample, config).1)).sum::<f64>()
            / validation.len().max(1) as f64
    };
    eprintln!("train: held-out loss before: {:.6}", validation_loss(&network));
    if config.baseline {
        eprintln!(
            "train: held-out loss of the hand-crafted evaluation: {:.6}",
            baseline_loss::<G>(config, &files)?
        );
    }
    let started = Instant::now();
    let mut last = f64::NAN;
    let king_mirrored = network.mirrored();
    for epoch in 1..=config.epochs {
        let progress = (epoch - 1) as f32 / config.epochs.max(1) as f32;
        let rate = config.rate * (0.01 + 0.99 * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()));
        let mut rng = SplitMix64::new(config.seed ^ (epoch as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (mut loss, mut seen) = (0.0f64, 0usize);
        let epoch_started = Instant::now();
        for_each_chunk::<G>(&files, config.chunk, config.validation_per_mille, |bytes, part| {
            if part != Part::Training {
                return;
            }
            let mut samples: Vec<Sample> = bytes
                .chunks_exact(RECORD)
                .filter_map(G::Record::unpack)
                .map(|record| {
                    let mirror = config.mirror && record.mirrorable() && rng.next_u64() & 1 == 1;
                    let record = if mirror { record.mirrored() } else { record };
                    Sample::from_record::<G>(&record, config, king_mirrored)
                })
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
        save(&network, config)?;
    }
    if config.epochs == 0 {
        // `--resume CKPT --epochs 0`: export the checkpoint as it is.
        last = validation_loss(&network);
        save(&network, config)?;
    }
    eprintln!(
        "train: held-out loss {last:.6}, {:.6} with the parameters rounded as the engine gets them",
        validation_loss(&network.rounded())
    );
    Ok(last)
}

/// Writes the float checkpoint (`OUT.ckpt`) and the quantized network (`OUT`).
fn save(network: &Network, config: &Config) -> Result<(), String> {
    std::fs::write(format!("{}.ckpt", config.out), network.checkpoint())
        .and_then(|()| std::fs::write(&config.out, network.quantized()))
        .map_err(|error| format!("{}: {error}", config.out))
}

#[cfg(test)]
mod tests {
    use super::data::held_out_from;
    use super::*;

    /// A tiny data set whose labels a network can learn: the side with more material wins.
    #[test]
    fn training_lowers_the_held_out_loss() {
        let (dir, bytes) = chess_material_data("plain");
        learns::<engine::chess::Position>(&dir, &bytes, 1, false);
    }

    /// The same with king-mirrored inputs (the kings stand on both halves of the board): a
    /// `TRSKNN03` file.
    #[test]
    fn a_king_mirrored_network_learns_too() {
        let (dir, bytes) = chess_material_data("mirrored");
        learns::<engine::chess::Position>(&dir, &bytes, 2, true);
    }

    /// Writes the material data set to `data.bin` in a new directory named by `name`.
    fn chess_material_data(name: &str) -> (std::path::PathBuf, Vec<u8>) {
        use crate::datagen::record::Packed;
        use engine::GameText;
        let dir = std::env::temp_dir().join(format!("triskel-train-{name}-{}", std::process::id()));
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
        (dir, bytes)
    }

    /// Trains a small network of `buckets` output buckets, king-mirrored or not, on `bytes`
    /// (already in `dir/data.bin`): the held-out loss must fall by half, and the file must be the
    /// game's, in the layout of its buckets.
    fn learns<G: FeatureSet>(dir: &std::path::Path, bytes: &[u8], buckets: usize, king_mirror: bool) {
        let data = dir.join("data.bin");
        let out = dir.join("net.bin");
        let config = Config {
            data: vec![data.to_str().unwrap().to_string()],
            out: out.to_str().unwrap().to_string(),
            hidden: 8,
            buckets,
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
            mirror: true,
            king_mirror,
            played_by: None,
            block_settings: Vec::new(),
        };
        let before = {
            let network = Network::random(G::FORMAT, 8, buckets, 1);
            let mut samples = Vec::new();
            let from = held_out_from(bytes.len() / RECORD, 200) * RECORD;
            for record in bytes[from..].chunks_exact(RECORD) {
                let record = G::Record::unpack(record).unwrap();
                samples.push(Sample::from_record::<G>(&record, &config, king_mirror));
            }
            assert!(!samples.is_empty());
            samples.iter().map(|sample| f64::from(prediction(&network, sample, &config).1)).sum::<f64>()
                / samples.len() as f64
        };
        let after = run::<G>(&config).unwrap();
        assert!(after < before * 0.5, "{}: held-out loss {before} -> {after}", G::NAME);
        let magic = match (king_mirror, buckets) {
            (true, _) => G::FORMAT.mirrored_magic.unwrap(),
            (false, 1) => G::FORMAT.magic,
            (false, _) => G::FORMAT.bucketed_magic,
        };
        let file = std::fs::read(&out).unwrap();
        assert!(file.starts_with(&magic));
        let layout = types::nnue::Layout { hidden: 8, buckets, mirrored: king_mirror };
        assert_eq!(G::FORMAT.layout(&file), Ok(layout));
        // The quantized network is also a start: resumed from it without training, the same bytes
        // come out (what refining the embedded network starts from is that network exactly).
        let again = dir.join("again.bin");
        let resumed = Config {
            resume: Some(out.to_str().unwrap().to_string()),
            out: again.to_str().unwrap().to_string(),
            epochs: 0,
            ..config
        };
        run::<G>(&resumed).unwrap();
        assert_eq!(std::fs::read(&again).unwrap(), file, "{}: resumed from its quantized file", G::NAME);
        if let (false, Some(magic)) = (king_mirror, G::FORMAT.mirrored_magic) {
            // A plain network resumed with `--king-mirror` becomes a king-mirrored one, its
            // parameters unchanged.
            run::<G>(&Config { king_mirror: true, ..resumed }).unwrap();
            let converted = std::fs::read(&again).unwrap();
            let layout = types::nnue::Layout { hidden: 8, buckets, mirrored: true };
            assert!(converted.starts_with(&magic));
            assert_eq!(G::FORMAT.layout(&converted), Ok(layout));
            let (plain_header, header) =
                (G::FORMAT.header_bytes(G::FORMAT.layout(&file).unwrap()), G::FORMAT.header_bytes(layout));
            assert_eq!(converted[header..], file[plain_header..]);
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    /// The same in xiangqi, with eight output buckets: the side with a chariot or a horse more wins.
    #[test]
    fn training_lowers_the_held_out_loss_in_xiangqi() {
        use crate::datagen::record::Packed;
        use engine::GameText;
        let dir = std::env::temp_dir().join(format!("triskel-train-xiangqi-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut bytes = Vec::new();
        // Kings on d0 and f9 (never face to face), the pieces elsewhere.
        let fens = [
            ("5k3/9/9/9/9/9/9/9/9/R2K5 w", 900, 2),
            ("5k3/9/9/9/9/9/9/9/9/R2K5 b", -900, 0),
            ("r4k3/9/9/9/9/9/9/9/9/3K5 w", -900, 0),
            ("r4k3/9/9/9/9/9/9/9/9/3K5 b", 900, 2),
            ("5k3/9/9/9/9/9/9/9/9/N2K5 w", 400, 2),
            ("n4k3/9/9/9/9/9/9/9/9/3K5 w", -400, 0),
            ("5k3/9/9/9/9/9/9/9/9/3K5 w", 0, 1),
        ];
        for copy in 0..40 {
            for (fen, score, result) in fens {
                // Move the lone pieces along the edge so that the records differ.
                let fen = if copy % 2 == 0 {
                    fen.to_string()
                } else {
                    [("R2K5", "1R1K5"), ("N2K5", "1N1K5"), ("r4k3", "1r3k3"), ("n4k3", "1n3k3")]
                        .iter()
                        .fold(fen.to_string(), |fen, (from, to)| fen.replace(from, to))
                };
                let fen = format!("{fen} - - {} 1", copy / 2);
                let position = engine::xiangqi::Position::parse_position(&fen).unwrap();
                position.pack(score, result, &mut bytes);
            }
        }
        std::fs::write(dir.join("data.bin"), &bytes).unwrap();
        learns::<engine::xiangqi::Position>(&dir, &bytes, 8, false);
    }
}
