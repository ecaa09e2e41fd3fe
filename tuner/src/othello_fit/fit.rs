//! `othello_fit fit`: the features of a position, the ridge regression of each stage by
//! preconditioned conjugate gradients, and the error reports. Apart from the commands that make
//! the data (`generate`, `relabel`), which share only the samples and options with it.

use super::options::Options;
use super::samples::{read_samples, Sample};
use std::time::Instant;
use tablegen::othello_eval::{self as layout, Weights, CLASSES, SCALARS};

/// A sparse design-matrix row: `(column, value)` pairs within one stage's weights.
type Row = Vec<(u32, f32)>;

/// The features of a position: the canonical column of every pattern instance (merged when two
/// instances share one) and the scalar terms.
fn features(player: u64, opponent: u64, instances: &[(usize, Vec<u8>)], canonical: &[Vec<u32>]) -> Row {
    let mut row: Row = Vec::with_capacity(instances.len() + SCALARS.len());
    for (class, squares) in instances {
        let index = layout::pattern_index(player, opponent, squares);
        row.push((layout::class_offset(*class) as u32 + canonical[*class][index], 1.0));
    }
    row.sort_unstable_by_key(|&(column, _)| column);
    row.dedup_by(|next, kept| {
        let same = next.0 == kept.0;
        if same {
            kept.1 += next.1;
        }
        same
    });
    let scalars = layout::class_offset(CLASSES.len()) as u32;
    for (i, &value) in layout::scalar_features(player, opponent).iter().enumerate() {
        if value != 0 {
            row.push((scalars + i as u32, value as f32));
        }
    }
    row
}

/// For each class, the canonical index of each of its indices (the one weight a self-symmetric
/// class's two symmetric indices share).
pub(super) fn canonical_columns() -> Vec<Vec<u32>> {
    (0..CLASSES.len())
        .map(|class| {
            (0..layout::class_size(class)).map(|i| layout::canonical_index(class, i) as u32).collect()
        })
        .collect()
}

fn dot(row: &Row, weights: &[f64]) -> f64 {
    row.iter().map(|&(column, value)| weights[column as usize] * f64::from(value)).sum()
}

/// Conjugate gradients with a diagonal preconditioner on `(A'A + lambda I) w = A'y`.
fn solve(rows: &[&Row], labels: &[f64], size: usize, lambda: f64, iterations: usize) -> Vec<f64> {
    let mut diagonal = vec![lambda; size];
    let mut b = vec![0.0; size];
    for (row, &label) in rows.iter().zip(labels) {
        for &(column, value) in row.iter() {
            diagonal[column as usize] += f64::from(value * value);
            b[column as usize] += f64::from(value) * label;
        }
    }
    let multiply = |p: &[f64]| -> Vec<f64> {
        let mut q: Vec<f64> = p.iter().map(|x| x * lambda).collect();
        for row in rows {
            let ap = dot(row, p);
            for &(column, value) in row.iter() {
                q[column as usize] += ap * f64::from(value);
            }
        }
        q
    };
    let mut w = vec![0.0; size];
    let mut r = b;
    let mut z: Vec<f64> = r.iter().zip(&diagonal).map(|(r, d)| r / d).collect();
    let mut p = z.clone();
    let mut rz: f64 = r.iter().zip(&z).map(|(r, z)| r * z).sum();
    let start = rz;
    for _ in 0..iterations {
        if rz <= start * 1e-12 {
            break;
        }
        let q = multiply(&p);
        let alpha = rz / p.iter().zip(&q).map(|(p, q)| p * q).sum::<f64>();
        for i in 0..size {
            w[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            z[i] = r[i] / diagonal[i];
        }
        let next: f64 = r.iter().zip(&z).map(|(r, z)| r * z).sum();
        let beta = next / rz;
        rz = next;
        for i in 0..size {
            p[i] = z[i] + beta * p[i];
        }
    }
    w
}

fn rmse(rows: &[&Row], labels: &[f64], weights: &[f64]) -> f64 {
    let sum: f64 = rows.iter().zip(labels).map(|(row, label)| (dot(row, weights) - label).powi(2)).sum();
    (sum / rows.len().max(1) as f64).sqrt()
}

/// What the fit of one stage needs to know, shared by the threads that fit the stages.
struct FitSetup<'a> {
    samples: &'a [Sample],
    rows: &'a [Row],
    /// The evaluation the fit should beat: its held-out error is printed beside the fit's.
    baseline: &'a Weights,
    lambda: f64,
    lambda_mid: f64,
    iterations: usize,
    window: u32,
    stages: usize,
    /// The weights the ridge pulls towards (in `stages` stages): with `--prior`, a fit on new data
    /// keeps what an earlier fit learnt where the new data says little; otherwise zero.
    prior: Option<Weights>,
}

impl FitSetup<'_> {
    /// The prior's weights of `stage` in discs, by column of the stage's design matrix.
    fn prior_columns(&self, stage: usize) -> Vec<f64> {
        let size = layout::stage_size();
        let Some(prior) = &self.prior else { return vec![0.0; size] };
        prior.values[stage * size..(stage + 1) * size].iter().map(|&value| f64::from(value) / 100.0).collect()
    }
}

/// One stage's fitted weights (indexed by canonical column) and its report line.
struct StageFit {
    weights: Vec<f64>,
    report: String,
}

/// Fits stage `stage` on the training positions within `window` empties of it and measures the
/// fit on the held-out games' positions of the stage itself.
fn fit_stage(setup: &FitSetup, stage: usize) -> StageFit {
    let (low, high) = layout::stage_empties(setup.stages, stage);
    let in_window = |empties: u32| empties + setup.window >= low && empties <= high + setup.window;
    let (mut train, mut train_labels, mut test, mut test_labels) = (vec![], vec![], vec![], vec![]);
    let mut baseline_error = 0.0;
    for (sample, row) in setup.samples.iter().zip(setup.rows) {
        let empties = sample.empties();
        let held_out = sample.game % 10 == 0;
        if held_out && (low..=high).contains(&empties) {
            test.push(row);
            test_labels.push(f64::from(sample.score));
            let guess = f64::from(setup.baseline.evaluate(sample.player, sample.opponent)) / 100.0;
            baseline_error += (guess - f64::from(sample.score)).powi(2);
        } else if !held_out && in_window(empties) {
            train.push(row);
            train_labels.push(f64::from(sample.score));
        }
    }
    let stage_lambda = if high <= 20 { setup.lambda } else { setup.lambda_mid };
    // Ridge towards the prior: solve for the change `d` from it, on the labels' residuals.
    let prior = setup.prior_columns(stage);
    let residuals: Vec<f64> =
        train.iter().zip(&train_labels).map(|(row, label)| label - dot(row, &prior)).collect();
    let change = solve(&train, &residuals, layout::stage_size(), stage_lambda, setup.iterations);
    let weights: Vec<f64> = prior.iter().zip(&change).map(|(prior, change)| prior + change).collect();
    let mean = test_labels.iter().sum::<f64>() / test_labels.len().max(1) as f64;
    let sd = (test_labels.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / test_labels.len().max(1) as f64)
        .sqrt();
    let report = format!(
        "{stage:>5} {low:>2}-{high:<2}  {:>7} {:>6}  {sd:>8.2}  {:>8.2}  {:>9.2}  {:>8.2}",
        train.len(),
        test.len(),
        (baseline_error / test.len().max(1) as f64).sqrt(),
        rmse(&train, &train_labels, &weights),
        rmse(&test, &test_labels, &weights),
    );
    StageFit { weights, report }
}

pub(super) fn fit(options: &Options) -> Result<(), String> {
    let samples = read_samples(&options.text_or("data", "othello_positions.txt"))?;
    let out = options.text_or("out", layout::DATA_PATH);
    let baseline = layout::load(&options.text_or("baseline", layout::DATA_PATH))?;
    let threads: usize = options.number("threads", 2)?;
    let stages: usize = options.number("stages", baseline.stages)?;
    if !layout::valid_stages(stages) {
        return Err(format!("--stages {stages}: not a divisor of {}", layout::EMPTIES));
    }
    let started = Instant::now();
    let instances = layout::all_instances();
    let canonical = canonical_columns();
    let rows: Vec<Row> = samples
        .iter()
        .map(|sample| features(sample.player, sample.opponent, &instances, &canonical))
        .collect();
    let setup = FitSetup {
        samples: &samples,
        rows: &rows,
        baseline: &baseline,
        lambda: options.number("lambda", 10.0)?,
        // 5 gave the lowest held-out error above 20 empties on 2.35 million positions (2 and 20
        // higher, 50 higher still); below 20 empties 10 stays best (3 was worse).
        lambda_mid: options.number("lambda-mid", 5.0)?,
        iterations: options.number("iterations", 200)?,
        window: options.number("window", 2)?,
        stages,
        prior: match options.text("prior") {
            None => None,
            Some(path) => Some(layout::load(path)?.restaged(stages)),
        },
    };
    let (first, last) = options
        .text_or("empties", "0-60")
        .split_once('-')
        .and_then(|(low, high)| Some((low.parse::<u32>().ok()?, high.parse::<u32>().ok()?)))
        .ok_or("--empties: expected LOW-HIGH")?;
    let todo: Vec<usize> = (0..stages)
        .filter(|&stage| {
            let (low, high) = layout::stage_empties(stages, stage);
            first <= low && high <= last
        })
        .collect();
    // The stages are independent problems: each thread takes the next unfitted one.
    let next_stage = std::sync::atomic::AtomicUsize::new(0);
    let mut fits: Vec<(usize, StageFit)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let next = next_stage.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&stage) = todo.get(next) else { return done };
                        done.push((stage, fit_stage(&setup, stage)));
                        eprintln!("stage {stage} fitted ({:.0} s)", started.elapsed().as_secs_f64());
                    }
                })
            })
            .collect();
        workers.into_iter().flat_map(|worker| worker.join().expect("a fitting thread panicked")).collect()
    });
    fits.sort_by_key(|(stage, _)| *stage);
    let size = layout::stage_size();
    let mut weights =
        if todo.len() == stages { Weights::unfitted(stages) } else { baseline.restaged(stages) };
    println!("stage empties   train   test  label-sd  baseline  fit-train  fit-test   (errors in discs)");
    for (stage, fit) in &fits {
        println!("{}", fit.report);
        let base = stage * size;
        for (class, columns) in canonical.iter().enumerate() {
            let offset = layout::class_offset(class);
            for (index, &column) in columns.iter().enumerate() {
                weights.values[base + offset + index] = to_centidiscs(fit.weights[offset + column as usize]);
            }
        }
        for i in 0..SCALARS.len() {
            let column = layout::class_offset(CLASSES.len()) + i;
            weights.values[base + column] = to_centidiscs(fit.weights[column]);
        }
    }
    std::fs::write(&out, layout::write(&weights)).map_err(|error| format!("{out}: {error}"))?;
    report_ranges(&samples, &baseline, &weights);
    eprintln!("wrote {out} ({} positions, {:.0} s)", samples.len(), started.elapsed().as_secs_f64());
    Ok(())
}

/// Prints the held-out error of the baseline and of the fit (as written, in centidiscs) over ranges
/// of 5 empties, the same ranges whatever either's stages.
pub(super) fn report_ranges(samples: &[Sample], baseline: &Weights, fitted: &Weights) {
    const RANGE: u32 = 5;
    let ranges = (layout::EMPTIES / RANGE) as usize;
    let mut sums = vec![(0usize, 0.0f64, 0.0f64); ranges];
    for sample in samples.iter().filter(|sample| sample.game % 10 == 0) {
        let range = layout::stage(ranges, sample.empties());
        let error = |weights: &Weights| {
            (f64::from(weights.evaluate(sample.player, sample.opponent)) / 100.0 - f64::from(sample.score))
                .powi(2)
        };
        sums[range].0 += 1;
        sums[range].1 += error(baseline);
        sums[range].2 += error(fitted);
    }
    println!(
        "held out by {RANGE} empties ({} stages of the baseline, {} of the fit)",
        baseline.stages, fitted.stages
    );
    println!("empties   test  baseline  fit-test");
    for (range, &(count, base, fit)) in sums.iter().enumerate().filter(|(_, sum)| sum.0 > 0) {
        let (low, high) = layout::stage_empties(ranges, range);
        let rms = |sum: f64| (sum / count as f64).sqrt();
        println!("{low:>2}-{high:<2}  {count:>7}  {:>8.2}  {:>8.2}", rms(base), rms(fit));
    }
}

pub(super) fn to_centidiscs(discs: f64) -> i16 {
    (discs * 100.0).round().clamp(-f64::from(i16::MAX), f64::from(i16::MAX)) as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solver_fits_an_exact_linear_model() {
        // Two columns, labels 2 x0 + 3 x1: the fit finds the weights.
        let rows: Vec<Row> = vec![vec![(0, 1.0)], vec![(1, 1.0)], vec![(0, 1.0), (1, 1.0)]];
        let rows: Vec<&Row> = rows.iter().collect();
        let labels = [2.0, 3.0, 5.0];
        let w = solve(&rows, &labels, 2, 1e-9, 50);
        assert!((w[0] - 2.0).abs() < 1e-6 && (w[1] - 3.0).abs() < 1e-6);
    }

    #[test]
    fn the_ridge_pulls_towards_the_prior() {
        // One column, one label of 4: with a strong ridge the fit stays near the prior.
        let rows: Vec<Row> = vec![vec![(0, 1.0)]];
        let rows: Vec<&Row> = rows.iter().collect();
        let prior = [3.0];
        let residuals = [4.0 - dot(rows[0], &prior)];
        let change = solve(&rows, &residuals, 1, 1000.0, 50);
        assert!((prior[0] + change[0] - 3.0).abs() < 0.01);
        let change = solve(&rows, &residuals, 1, 1e-9, 50);
        assert!((prior[0] + change[0] - 4.0).abs() < 1e-6);
    }
}
