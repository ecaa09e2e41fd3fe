//! `othello_fit mlp`: the pattern evaluation learnt as small neural networks, one per pattern
//! class, then written out as the engine's tables.
//!
//! Each class's network sees only its own squares (two inputs a square: the side to move's disc,
//! the opponent's) and the stage, through two hidden layers; a position's evaluation is the sum of
//! its instances' outputs plus the scalar terms, each stage with its own scalar weights. Because a
//! network reads nothing but its pattern's squares and the stage, its every output can be listed:
//! the tables of `engine/data/othello_eval.bin` get, at every stage, the network's output for every
//! index, and the engine evaluates exactly as before (one lookup per instance). Egaroucid and
//! neural-reversi evaluate Othello positions through networks over patterns; this is the variant
//! whose cost in the engine is nil.
//!
//! Why it can beat the least-squares tables on the same positions: a table learns an index only
//! from the positions that have it, and most of the 59 049 indices of a ten-square pattern are
//! rare or absent in a few million positions, so the ridge leaves them near zero; a network
//! shares what it learns between indices that differ in a few squares, and between stages. A table
//! so written can also be the `--prior` of a `fit`, which then corrects it where the data is rich.
//! On seed 501's 2.18 M positions it did not: the networks underfit the tables (most at 1-20
//! empties, where exact labels reward a table's detail) and lost against NTest alone and as a
//! prior (`docs/matches/`, "Per-pattern networks").
//!
//! ```text
//! othello_fit mlp --data FILE[,FILE...] [--out PATH] [--baseline PATH] [--epochs E]
//!                 [--rate R] [--batch B] [--threads T] [--seed S]
//! ```
//!
//! Adam, the rate falling linearly to a tenth of `R` over the run, minibatches of `B` positions
//! split over `T` threads (each thread's gradients summed, so the result does not depend on `T`
//! except for the order of float additions); the same held-out games as `fit` (game number a
//! multiple of 10), whose error after each epoch is printed beside the baseline's, and the tables
//! written after each epoch.

use super::fit::{canonical_columns, report_ranges};
use super::options::Options;
use super::samples::{read_samples, Sample};
use std::time::Instant;
use tablegen::othello_eval::{self as layout, Weights, CLASSES, SCALARS};
use tablegen::prng::SplitMix64;

/// Units of each class's first hidden layer.
const HIDDEN: usize = 32;
/// Units of the second hidden layer.
const HIDDEN2: usize = 16;
/// Stages the networks are told (and the tables written in): the engine's 12 of 5 empties.
const STAGES: usize = layout::DEFAULT_STAGES;
/// Slope of the leaky rectifier below zero: no unit can die for good.
const LEAK: f32 = 0.05;
/// The most instances a position has (54 now).
const MAX_INSTANCES: usize = 64;

/// Where one class's parameters lie in the flat parameter vector.
#[derive(Clone, Copy)]
struct ClassLayout {
    squares: usize,
    /// `2 * squares` rows of `HIDDEN`: input `2 * digit_position + (digit - 1)`.
    w1: usize,
    /// `STAGES` rows of `HIDDEN`.
    b1: usize,
    /// `HIDDEN2` rows of `HIDDEN`.
    w2: usize,
    b2: usize,
    /// `STAGES` rows of `HIDDEN2`.
    w3: usize,
    /// `STAGES` values.
    b3: usize,
}

/// All parameters' places: every class's network, then `STAGES` rows of the scalar weights.
struct Model {
    classes: Vec<ClassLayout>,
    scalars: usize,
    size: usize,
}

impl Model {
    fn new() -> Model {
        let mut size = 0;
        let mut take = |count: usize| {
            let at = size;
            size += count;
            at
        };
        let classes = CLASSES
            .iter()
            .map(|class| {
                let squares = class.squares.len();
                ClassLayout {
                    squares,
                    w1: take(2 * squares * HIDDEN),
                    b1: take(STAGES * HIDDEN),
                    w2: take(HIDDEN2 * HIDDEN),
                    b2: take(HIDDEN2),
                    w3: take(STAGES * HIDDEN2),
                    b3: take(STAGES),
                }
            })
            .collect();
        let scalars = take(STAGES * SCALARS.len());
        Model { classes, scalars, size }
    }

    /// Uniform weights scaled to each layer's inputs, zero biases, the unfitted scalar weights.
    fn initial(&self, seed: u64) -> Vec<f32> {
        let mut rng = SplitMix64::new(seed);
        let mut uniform =
            |scale: f32| ((rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale;
        let mut params = vec![0.0; self.size];
        for class in &self.classes {
            // About half a pattern's squares hold a disc, each one input.
            let first = (6.0 / class.squares as f32).sqrt();
            for value in &mut params[class.w1..class.w1 + 2 * class.squares * HIDDEN] {
                *value = uniform(first);
            }
            let second = (6.0 / HIDDEN as f32).sqrt();
            for value in &mut params[class.w2..class.w2 + HIDDEN2 * HIDDEN] {
                *value = uniform(second);
            }
            for value in &mut params[class.w3..class.w3 + STAGES * HIDDEN2] {
                *value = uniform(0.1);
            }
        }
        for stage in 0..STAGES {
            for (i, &weight) in layout::DEFAULT_SCALARS.iter().enumerate() {
                params[self.scalars + stage * SCALARS.len() + i] = f32::from(weight) / 100.0;
            }
        }
        params
    }
}

fn leaky(x: f32) -> f32 {
    if x > 0.0 {
        x
    } else {
        LEAK * x
    }
}

fn leaky_slope(x: f32) -> f32 {
    if x > 0.0 {
        1.0
    } else {
        LEAK
    }
}

/// The inputs an index turns on: `2 * position + digit - 1` for every occupied square, the first
/// square of the class being the most significant digit. Returns how many.
fn active_inputs(index: usize, squares: usize, inputs: &mut [usize; 16]) -> usize {
    let mut rest = index;
    let mut count = 0;
    for position in (0..squares).rev() {
        let digit = rest % 3;
        rest /= 3;
        if digit != 0 {
            inputs[count] = 2 * position + digit - 1;
            count += 1;
        }
    }
    count
}

/// One network's pass over one instance: what the backward pass needs.
struct Activations {
    inputs: [usize; 16],
    count: usize,
    z1: [f32; HIDDEN],
    a1: [f32; HIDDEN],
    z2: [f32; HIDDEN2],
    a2: [f32; HIDDEN2],
}

impl Activations {
    const EMPTY: Activations = Activations {
        inputs: [0; 16],
        count: 0,
        z1: [0.0; HIDDEN],
        a1: [0.0; HIDDEN],
        z2: [0.0; HIDDEN2],
        a2: [0.0; HIDDEN2],
    };
}

/// The network of `class` on canonical index `index` at `stage`: its output in discs.
fn forward(params: &[f32], class: &ClassLayout, index: usize, stage: usize, act: &mut Activations) -> f32 {
    act.count = active_inputs(index, class.squares, &mut act.inputs);
    act.z1.copy_from_slice(&params[class.b1 + stage * HIDDEN..class.b1 + (stage + 1) * HIDDEN]);
    for &input in &act.inputs[..act.count] {
        let row = &params[class.w1 + input * HIDDEN..class.w1 + (input + 1) * HIDDEN];
        for (z, w) in act.z1.iter_mut().zip(row) {
            *z += w;
        }
    }
    for (a, z) in act.a1.iter_mut().zip(&act.z1) {
        *a = leaky(*z);
    }
    for k in 0..HIDDEN2 {
        let row = &params[class.w2 + k * HIDDEN..class.w2 + (k + 1) * HIDDEN];
        act.z2[k] = params[class.b2 + k] + row.iter().zip(&act.a1).map(|(w, a)| w * a).sum::<f32>();
        act.a2[k] = leaky(act.z2[k]);
    }
    let out = &params[class.w3 + stage * HIDDEN2..class.w3 + (stage + 1) * HIDDEN2];
    params[class.b3 + stage] + out.iter().zip(&act.a2).map(|(w, a)| w * a).sum::<f32>()
}

/// Adds the gradient of the output times `dy` to `grad`.
fn backward(params: &[f32], class: &ClassLayout, stage: usize, act: &Activations, dy: f32, grad: &mut [f32]) {
    grad[class.b3 + stage] += dy;
    let out = class.w3 + stage * HIDDEN2;
    let mut dz2 = [0.0f32; HIDDEN2];
    for k in 0..HIDDEN2 {
        grad[out + k] += dy * act.a2[k];
        dz2[k] = dy * params[out + k] * leaky_slope(act.z2[k]);
        grad[class.b2 + k] += dz2[k];
    }
    let mut da1 = [0.0f32; HIDDEN];
    for (k, &d) in dz2.iter().enumerate() {
        let row = class.w2 + k * HIDDEN;
        for h in 0..HIDDEN {
            grad[row + h] += d * act.a1[h];
            da1[h] += params[row + h] * d;
        }
    }
    let mut dz1 = [0.0f32; HIDDEN];
    for h in 0..HIDDEN {
        dz1[h] = da1[h] * leaky_slope(act.z1[h]);
    }
    let bias = class.b1 + stage * HIDDEN;
    for (g, d) in grad[bias..bias + HIDDEN].iter_mut().zip(&dz1) {
        *g += d;
    }
    for &input in &act.inputs[..act.count] {
        let row = class.w1 + input * HIDDEN;
        for (g, d) in grad[row..row + HIDDEN].iter_mut().zip(&dz1) {
            *g += d;
        }
    }
}

/// A position as the training loop reads it: each instance's canonical index, in the order of
/// [`layout::all_instances`], the stage, the scalar features and the label.
struct Encoded {
    indices: Vec<u16>,
    stage: u8,
    scalars: [f32; 4],
    label: f32,
}

fn encode(sample: &Sample, instances: &[(usize, Vec<u8>)], canonical: &[Vec<u32>]) -> Encoded {
    let indices = instances
        .iter()
        .map(|(class, squares)| {
            canonical[*class][layout::pattern_index(sample.player, sample.opponent, squares)] as u16
        })
        .collect();
    let features = layout::scalar_features(sample.player, sample.opponent);
    Encoded {
        indices,
        stage: layout::stage(STAGES, sample.empties()) as u8,
        scalars: features.map(|value| value as f32),
        label: sample.score,
    }
}

/// The squared error of `positions`, adding its gradient (halved) to `grad`.
fn accumulate(
    params: &[f32],
    model: &Model,
    instance_classes: &[usize],
    positions: &[&Encoded],
    grad: &mut [f32],
) -> f64 {
    let mut acts: Vec<Activations> = (0..MAX_INSTANCES).map(|_| Activations::EMPTY).collect();
    let mut loss = 0.0;
    for position in positions {
        let stage = usize::from(position.stage);
        let scalars = model.scalars + stage * SCALARS.len();
        let mut prediction: f32 =
            position.scalars.iter().zip(&params[scalars..scalars + SCALARS.len()]).map(|(f, w)| f * w).sum();
        for (i, &index) in position.indices.iter().enumerate() {
            let class = &model.classes[instance_classes[i]];
            prediction += forward(params, class, usize::from(index), stage, &mut acts[i]);
        }
        let dy = prediction - position.label;
        loss += f64::from(dy * dy);
        for (g, f) in grad[scalars..scalars + SCALARS.len()].iter_mut().zip(&position.scalars) {
            *g += dy * f;
        }
        for i in 0..position.indices.len() {
            backward(params, &model.classes[instance_classes[i]], stage, &acts[i], dy, grad);
        }
    }
    loss
}

/// Every class's table at every stage from the networks, in centidiscs.
fn tabulate(params: &[f32], model: &Model) -> Weights {
    let mut weights = Weights::unfitted(STAGES);
    let size = layout::stage_size();
    let mut act = Activations::EMPTY;
    for stage in 0..STAGES {
        let base = stage * size;
        for (c, class) in model.classes.iter().enumerate() {
            let offset = base + layout::class_offset(c);
            for index in 0..layout::class_size(c) {
                let canonical = layout::canonical_index(c, index);
                let value = forward(params, class, canonical, stage, &mut act);
                weights.values[offset + index] = super::fit::to_centidiscs(f64::from(value));
            }
        }
        let scalars = model.scalars + stage * SCALARS.len();
        for i in 0..SCALARS.len() {
            weights.values[base + layout::class_offset(CLASSES.len()) + i] =
                super::fit::to_centidiscs(f64::from(params[scalars + i]));
        }
    }
    weights
}

/// Root-mean-square error in discs of `weights` over `samples`.
fn held_out_error(weights: &Weights, samples: &[&Sample]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|sample| {
            (f64::from(weights.evaluate(sample.player, sample.opponent)) / 100.0 - f64::from(sample.score))
                .powi(2)
        })
        .sum();
    (sum / samples.len().max(1) as f64).sqrt()
}

pub(super) fn mlp(options: &Options) -> Result<(), String> {
    let samples = read_samples(&options.text_or("data", "othello_positions.txt"))?;
    let out = options.text_or("out", layout::DATA_PATH);
    let baseline = layout::load(&options.text_or("baseline", layout::DATA_PATH))?;
    let epochs: usize = options.number("epochs", 8)?;
    if epochs == 0 {
        return Err("--epochs: at least 1".into());
    }
    let rate: f32 = options.number("rate", 0.001)?;
    let batch: usize = options.number("batch", 1024)?;
    let threads: usize = options.number("threads", 2)?.max(1);
    let seed: u64 = options.number("seed", 1)?;
    let started = Instant::now();

    let instances = layout::all_instances();
    assert!(instances.len() <= MAX_INSTANCES);
    let instance_classes: Vec<usize> = instances.iter().map(|(class, _)| *class).collect();
    let canonical = canonical_columns();
    let (train_samples, test_samples): (Vec<&Sample>, Vec<&Sample>) =
        samples.iter().partition(|sample| sample.game % 10 != 0);
    let train: Vec<Encoded> =
        train_samples.iter().map(|sample| encode(sample, &instances, &canonical)).collect();
    eprintln!(
        "{} training and {} held-out positions encoded ({:.0} s); baseline held-out error {:.3} discs",
        train.len(),
        test_samples.len(),
        started.elapsed().as_secs_f64(),
        held_out_error(&baseline, &test_samples)
    );

    let model = Model::new();
    let mut params = model.initial(seed);
    let (mut m, mut v) = (vec![0.0f32; model.size], vec![0.0f32; model.size]);
    let (beta1, beta2, epsilon) = (0.9f32, 0.999f32, 1e-8f32);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SplitMix64::new(seed ^ 0x5EED);
    let steps_per_epoch = train.len().div_ceil(batch);
    let total_steps = (epochs * steps_per_epoch) as f32;
    let mut step = 0usize;
    let mut weights = None;
    for epoch in 0..epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        let mut loss = 0.0;
        for chunk in order.chunks(batch) {
            let positions: Vec<&Encoded> = chunk.iter().map(|&i| &train[i]).collect();
            let share = positions.len().div_ceil(threads);
            let results: Vec<(f64, Vec<f32>)> = std::thread::scope(|scope| {
                let workers: Vec<_> = positions
                    .chunks(share)
                    .map(|part| {
                        let (params, model, classes) = (&params, &model, &instance_classes);
                        scope.spawn(move || {
                            let mut grad = vec![0.0f32; model.size];
                            let loss = accumulate(params, model, classes, part, &mut grad);
                            (loss, grad)
                        })
                    })
                    .collect();
                workers.into_iter().map(|worker| worker.join().expect("a training thread panicked")).collect()
            });
            let mut grad = vec![0.0f32; model.size];
            for (part_loss, part_grad) in &results {
                loss += part_loss;
                for (g, p) in grad.iter_mut().zip(part_grad) {
                    *g += p;
                }
            }
            step += 1;
            let lr = rate * (1.0 - 0.9 * step as f32 / total_steps);
            let (correction1, correction2) = (1.0 - beta1.powi(step as i32), 1.0 - beta2.powi(step as i32));
            let scale = 1.0 / positions.len() as f32;
            for i in 0..model.size {
                let g = grad[i] * scale;
                m[i] = beta1 * m[i] + (1.0 - beta1) * g;
                v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
                params[i] -= lr * (m[i] / correction1) / ((v[i] / correction2).sqrt() + epsilon);
            }
        }
        let tables = tabulate(&params, &model);
        std::fs::write(&out, layout::write(&tables)).map_err(|error| format!("{out}: {error}"))?;
        eprintln!(
            "epoch {}: train {:.3} discs, held out {:.3} (tables as written), {:.0} s",
            epoch + 1,
            (loss / train.len() as f64).sqrt(),
            held_out_error(&tables, &test_samples),
            started.elapsed().as_secs_f64()
        );
        weights = Some(tables);
    }
    let weights = weights.expect("at least one epoch ran");
    report_ranges(&samples, &baseline, &weights);
    eprintln!("wrote {out} ({} positions, {:.0} s)", samples.len(), started.elapsed().as_secs_f64());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The backward pass is the forward pass's derivative: each parameter's gradient matches a
    /// finite difference of the output.
    #[test]
    fn gradients_match_finite_differences() {
        let model = Model::new();
        let mut params = model.initial(7);
        let class = model.classes[0];
        let (index, stage) = (12_345, 5);
        let mut act = Activations::EMPTY;
        forward(&params, &class, index, stage, &mut act);
        let mut grad = vec![0.0f32; model.size];
        backward(&params, &class, stage, &act, 1.0, &mut grad);
        let mut inputs = [0; 16];
        let active = active_inputs(index, class.squares, &mut inputs);
        let probes = [
            class.w1 + inputs[active - 1] * HIDDEN + 3,
            class.b1 + stage * HIDDEN + 7,
            class.w2 + 5 * HIDDEN + 2,
            class.b2 + 4,
            class.w3 + stage * HIDDEN2 + 9,
            class.b3 + stage,
        ];
        for probe in probes {
            let saved = params[probe];
            params[probe] = saved + 1e-2;
            let up = forward(&params, &class, index, stage, &mut act);
            params[probe] = saved - 1e-2;
            let down = forward(&params, &class, index, stage, &mut act);
            params[probe] = saved;
            let numeric = (up - down) / 2e-2;
            assert!(
                (numeric - grad[probe]).abs() < 1e-2 * (1.0 + numeric.abs()),
                "{probe}: {numeric} {}",
                grad[probe]
            );
        }
        // A parameter of an input the index does not turn on gets no gradient.
        assert!(
            grad[class.w1..class.w1 + 2 * class.squares * HIDDEN].iter().filter(|g| **g != 0.0).count()
                <= active * HIDDEN
        );
    }

    #[test]
    fn an_index_turns_on_one_input_per_occupied_square() {
        let mut inputs = [0; 16];
        // Digits 1 0 2 over three squares: the first square's own disc, the last's opponent's.
        let count = active_inputs(9 + 2, 3, &mut inputs);
        let mut on = inputs[..count].to_vec();
        on.sort_unstable();
        // Inputs 2 * 0 + 0 and 2 * 2 + 1.
        assert_eq!(on, [0, 5]);
    }
}
