//! `tuner tune`: Texel's method. The error of a weight vector is the mean squared difference between
//! each position's game result and the sigmoid of its evaluation, `1 / (1 + 10^(-K * eval / 400))`.
//! `K` is fitted first, to the starting weights, and then held; the weights follow by full-batch
//! gradient descent with Adam, the learning rate decaying tenfold over the run. The gradient is exact
//! (the evaluation is linear in the weights, see [`crate::dataset`]) and summed over threads.

use crate::dataset::{eval, Dataset};
use std::time::{Duration, Instant};

/// Converts the Texel `K` (base-10 sigmoid over 400 centipawns) into the natural-log scale the
/// sums use: `sigmoid(scale * eval)`.
pub fn scale_of(k: f64) -> f64 {
    k * std::f64::consts::LN_10 / 400.0
}

#[inline]
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Error and gradient of a part of the positions.
struct Partial {
    error: f64,
    gradient: Vec<[f64; 2]>,
}

fn partial(
    dataset: &Dataset,
    range: std::ops::Range<usize>,
    weights: &[[f64; 2]],
    scale: f64,
    with_gradient: bool,
) -> Partial {
    let mut error = 0.0;
    let mut gradient = if with_gradient { vec![[0.0; 2]; weights.len()] } else { Vec::new() };
    for entry in &dataset.entries[range] {
        let predicted = sigmoid(scale * eval(dataset, entry, weights));
        let residual = f64::from(entry.result) - predicted;
        error += residual * residual;
        if with_gradient {
            // d(residual^2)/d(eval) = -2 * residual * sigmoid' * scale.
            let slope = -2.0 * residual * predicted * (1.0 - predicted) * scale;
            let phase = f64::from(entry.phase);
            let (mg, eg) = (slope * phase, slope * f64::from(entry.eg_scale) * (1.0 - phase));
            for (param, count) in dataset.terms(entry) {
                gradient[param][0] += mg * count;
                gradient[param][1] += eg * count;
            }
        }
    }
    Partial { error, gradient }
}

/// Mean error (and, if asked, its gradient) over `dataset`, on `threads` threads.
fn error_and_gradient(
    dataset: &Dataset,
    weights: &[[f64; 2]],
    scale: f64,
    threads: usize,
    with_gradient: bool,
) -> (f64, Vec<[f64; 2]>) {
    let count = dataset.len();
    if count == 0 {
        return (0.0, vec![[0.0; 2]; weights.len()]);
    }
    let threads = threads.clamp(1, count);
    let chunk = count.div_ceil(threads);
    let parts: Vec<Partial> = if threads == 1 {
        vec![partial(dataset, 0..count, weights, scale, with_gradient)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|thread| {
                    let range = thread * chunk..((thread + 1) * chunk).min(count);
                    scope.spawn(move || partial(dataset, range, weights, scale, with_gradient))
                })
                .collect();
            handles.into_iter().map(|handle| handle.join().expect("a tuning thread panicked")).collect()
        })
    };
    let mut error = 0.0;
    let mut gradient = vec![[0.0; 2]; if with_gradient { weights.len() } else { 0 }];
    for part in parts {
        error += part.error;
        for (total, value) in gradient.iter_mut().zip(&part.gradient) {
            total[0] += value[0];
            total[1] += value[1];
        }
    }
    let n = count as f64;
    for value in gradient.iter_mut() {
        value[0] /= n;
        value[1] /= n;
    }
    (error / n, gradient)
}

/// Mean squared error of `weights` over `dataset` at Texel constant `k`.
pub fn error(dataset: &Dataset, weights: &[[f64; 2]], k: f64, threads: usize) -> f64 {
    error_and_gradient(dataset, weights, scale_of(k), threads, false).0
}

/// Mean squared error and its gradient with respect to every weight.
pub fn gradient(dataset: &Dataset, weights: &[[f64; 2]], k: f64, threads: usize) -> (f64, Vec<[f64; 2]>) {
    error_and_gradient(dataset, weights, scale_of(k), threads, true)
}

/// The `K` that minimises the error of `weights` (golden-section search on 0.05..5; the error is
/// unimodal in `K` for any sensible evaluation).
pub fn fit_k(dataset: &Dataset, weights: &[[f64; 2]], threads: usize) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.05, 5.0);
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut error_a, mut error_b) =
        (error(dataset, weights, a, threads), error(dataset, weights, b, threads));
    while high - low > 1e-4 {
        if error_a < error_b {
            high = b;
            b = a;
            error_b = error_a;
            a = high - ratio * (high - low);
            error_a = error(dataset, weights, a, threads);
        } else {
            low = a;
            a = b;
            error_a = error_b;
            b = low + ratio * (high - low);
            error_b = error(dataset, weights, b, threads);
        }
    }
    (low + high) / 2.0
}

/// Adam (Kingma and Ba, 2015) over middlegame/endgame pairs.
pub struct Adam {
    first: Vec<[f64; 2]>,
    second: Vec<[f64; 2]>,
    steps: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-8;

    /// Fresh moments for `len` parameters.
    pub fn new(len: usize) -> Adam {
        Adam { first: vec![[0.0; 2]; len], second: vec![[0.0; 2]; len], steps: 0 }
    }

    /// One step of size `rate` against `gradient`.
    pub fn step(&mut self, weights: &mut [[f64; 2]], gradient: &[[f64; 2]], rate: f64) {
        self.steps += 1;
        let correction1 = 1.0 - Self::BETA1.powi(self.steps);
        let correction2 = 1.0 - Self::BETA2.powi(self.steps);
        for (((weight, gradient), first), second) in
            weights.iter_mut().zip(gradient).zip(&mut self.first).zip(&mut self.second)
        {
            for half in 0..2 {
                let g = gradient[half];
                first[half] = Self::BETA1 * first[half] + (1.0 - Self::BETA1) * g;
                second[half] = Self::BETA2 * second[half] + (1.0 - Self::BETA2) * g * g;
                let m = first[half] / correction1;
                let v = second[half] / correction2;
                weight[half] -= rate * m / (v.sqrt() + Self::EPSILON);
            }
        }
    }
}

/// How long and how fast to descend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Most epochs (full passes over the training positions).
    pub epochs: usize,
    /// Stop starting epochs after this long.
    pub time: Option<Duration>,
    /// Learning rate at the start, in centipawns per step; it decays to a tenth of this.
    pub rate: f64,
    /// Threads summing the gradient.
    pub threads: usize,
    /// Values used by fewer training positions than this keep their starting value: a handful of
    /// positions would otherwise pull them anywhere (Adam moves every value at about the same pace,
    /// however little evidence its gradient carries).
    pub min_positions: usize,
    /// Weight of the pull back to the starting values: `l2 * (w - w0)^2` per value joins the error.
    /// The evaluation is full of directions the results barely constrain (a feature's middlegame
    /// half when it occurs only in endgames, material against the mean of its table and its
    /// mobility row), along which plain descent drifts to absurd values; the pull keeps them where
    /// the hand-tuned start put them.
    pub l2: f64,
}

/// What a descent did.
pub struct Report {
    /// Epochs run.
    pub epochs: usize,
    /// Training error before the last step.
    pub last_error: f64,
}

/// Descends from `weights` on `train` at constant `k`. The epoch budget shrinks to what fits the
/// time limit once the first epochs are timed, so the learning-rate decay always completes.
/// Values marked in `pinned` keep their starting value, like those too few positions use.
pub fn descend(
    train: &Dataset,
    weights: &mut [[f64; 2]],
    pinned: &[bool],
    k: f64,
    schedule: &Schedule,
    mut progress: impl FnMut(usize, usize, f64),
) -> Report {
    let started = Instant::now();
    let mut adam = Adam::new(weights.len());
    let start = weights.to_vec();
    let frozen: Vec<bool> = train
        .usage()
        .iter()
        .enumerate()
        .map(|(param, &used)| used < schedule.min_positions || pinned.get(param) == Some(&true))
        .collect();
    let mut planned = schedule.epochs;
    let mut last_error = f64::NAN;
    let mut epoch = 0;
    while epoch < planned {
        let (error, mut gradient) = gradient(train, weights, k, schedule.threads);
        last_error = error;
        for (((value, &frozen), weight), start) in gradient.iter_mut().zip(&frozen).zip(&*weights).zip(&start)
        {
            if frozen {
                *value = [0.0; 2];
            } else {
                value[0] += 2.0 * schedule.l2 * (weight[0] - start[0]);
                value[1] += 2.0 * schedule.l2 * (weight[1] - start[1]);
            }
        }
        let rate = schedule.rate * 0.1f64.powf(epoch as f64 / planned as f64);
        adam.step(weights, &gradient, rate);
        epoch += 1;
        if epoch == 5 {
            if let Some(limit) = schedule.time {
                let per_epoch = started.elapsed().as_secs_f64() / 5.0;
                let fits = (limit.as_secs_f64() / per_epoch.max(1e-9)) as usize;
                planned = planned.min(fits.max(5));
            }
        }
        if epoch % 100 == 0 || epoch == planned {
            progress(epoch, planned, error);
        }
    }
    Report { epochs: epoch, last_error }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Tunable;
    use engine::chess::Position;

    fn tiny() -> (Dataset, Vec<[f64; 2]>) {
        let mut dataset = Dataset::new(Position::PARAM_COUNT);
        for (fen, result) in [
            ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 0.5),
            ("6k1/5ppp/8/8/6q1/8/5PPP/r4RK1 w - - 0 1", 0.0),
            ("4k3/7p/1P6/8/8/8/8/4K3 b - - 0 1", 1.0),
            ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0.5),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1", 0.0),
            // A knight cannot win alone (the endgame scale makes this about level).
            ("4k3/8/2n5/1P6/8/8/8/4K3 w - - 0 1", 0.5),
            // A pawn up, drawn all the same.
            ("8/5pk1/6p1/8/5PP1/6K1/r7/7R w - - 0 1", 0.5),
            ("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", 0.5),
        ] {
            dataset.push(Position::from_fen(fen).unwrap().linear(), result, None);
        }
        (dataset, Position::compiled_weights())
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let (dataset, weights) = tiny();
        let k = 1.1;
        let (base, analytic) = gradient(&dataset, &weights, k, 1);
        assert!((base - error(&dataset, &weights, k, 1)).abs() < 1e-15);
        let mut checked = 0;
        for param in 0..weights.len() {
            for half in 0..2 {
                let step = 1e-3;
                let mut plus = weights.clone();
                plus[param][half] += step;
                let mut minus = weights.clone();
                minus[param][half] -= step;
                let numeric = (error(&dataset, &plus, k, 1) - error(&dataset, &minus, k, 1)) / (2.0 * step);
                let exact = analytic[param][half];
                assert!(
                    (numeric - exact).abs() <= 1e-9 + 1e-5 * exact.abs(),
                    "{param}/{half}: {numeric} vs {exact}"
                );
                checked += usize::from(exact != 0.0);
            }
        }
        assert!(checked > 100, "{checked} nonzero derivatives");
    }

    #[test]
    fn values_seen_in_too_few_positions_keep_their_start() {
        let (dataset, mut weights) = tiny();
        let start = weights.clone();
        let usage = dataset.usage();
        let schedule = Schedule { epochs: 20, time: None, rate: 2.0, threads: 1, min_positions: 3, l2: 0.0 };
        descend(&dataset, &mut weights, &[], 1.0, &schedule, |_, _, _| {});
        for (param, &used) in usage.iter().enumerate() {
            if used < 3 {
                assert_eq!(weights[param], start[param], "{param} is used by {used} positions");
            }
        }
        assert!(usage
            .iter()
            .zip(weights.iter().zip(&start))
            .any(|(&used, (new, old))| used >= 3 && new != old));
    }

    #[test]
    fn pinned_values_keep_their_start() {
        let (dataset, mut weights) = tiny();
        let start = weights.clone();
        let pinned: Vec<bool> = (0..weights.len()).map(|param| param < 100).collect();
        let schedule = Schedule { epochs: 20, time: None, rate: 2.0, threads: 1, min_positions: 1, l2: 0.0 };
        descend(&dataset, &mut weights, &pinned, 1.0, &schedule, |_, _, _| {});
        assert_eq!(weights[..100], start[..100]);
        assert_ne!(weights[100..], start[100..]);
    }

    #[test]
    fn the_pull_to_the_start_keeps_values_closer() {
        let (dataset, start) = tiny();
        let k = 1.0;
        let distance = |l2: f64| {
            let mut weights = start.clone();
            let schedule = Schedule { epochs: 300, time: None, rate: 2.0, threads: 1, min_positions: 1, l2 };
            descend(&dataset, &mut weights, &[], k, &schedule, |_, _, _| {});
            weights
                .iter()
                .zip(&start)
                .map(|(w, s)| (w[0] - s[0]).powi(2) + (w[1] - s[1]).powi(2))
                .sum::<f64>()
        };
        assert!(distance(1e-3) < distance(0.0) * 0.5, "{} vs {}", distance(1e-3), distance(0.0));
    }

    #[test]
    fn threads_split_the_sum_without_changing_it() {
        let (dataset, weights) = tiny();
        let (one, gradient_one) = gradient(&dataset, &weights, 1.3, 1);
        let (four, gradient_four) = gradient(&dataset, &weights, 1.3, 4);
        assert!((one - four).abs() < 1e-12);
        for (a, b) in gradient_one.iter().zip(&gradient_four) {
            assert!((a[0] - b[0]).abs() < 1e-12 && (a[1] - b[1]).abs() < 1e-12);
        }
    }

    #[test]
    fn descent_lowers_the_error_and_k_is_a_minimum() {
        let (dataset, mut weights) = tiny();
        let k = fit_k(&dataset, &weights, 2);
        let at_k = error(&dataset, &weights, k, 1);
        assert!(
            at_k <= error(&dataset, &weights, k * 1.05, 1) && at_k <= error(&dataset, &weights, k * 0.95, 1)
        );
        let schedule = Schedule { epochs: 200, time: None, rate: 2.0, threads: 1, min_positions: 1, l2: 0.0 };
        let report = descend(&dataset, &mut weights, &[], k, &schedule, |_, _, _| {});
        assert_eq!(report.epochs, 200);
        assert!(report.last_error < at_k);
        assert!(
            error(&dataset, &weights, k, 1) < at_k * 0.9,
            "{at_k} -> {}",
            error(&dataset, &weights, k, 1)
        );
    }
}
