//! Labelled positions as sparse coefficient vectors, built once and read every epoch.
//!
//! A position becomes its nonzero parameter counts (White's minus Black's, from the engine's
//! [`coefficients`]), the untuned rest (king danger, tempo), its phase and its result. The counts
//! of all positions sit in two flat arrays, so an epoch is a linear walk through memory.

use engine::chess::eval::coefficients::{coefficients, PARAM_COUNT};
use engine::chess::eval::TEMPO;
use engine::chess::psqt::PHASE_MAX;
use engine::chess::{Color, Position};
use engine::Score;

/// One position: where its counts are, and what is not tuned.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// First index in [`Dataset::params`]/[`Dataset::counts`].
    pub start: u32,
    /// Number of nonzero counts.
    pub len: u16,
    /// Middlegame weight, 0 to [`PHASE_MAX`].
    pub phase: u8,
    /// Game result from White's view: 1, 0.5 or 0.
    pub result: f32,
    /// Untuned middlegame and endgame part, White's view (the king danger).
    pub fixed: [f32; 2],
    /// Added after tapering, White's view (the tempo of the side to move).
    pub tempo: f32,
}

/// Every position of a data file.
#[derive(Default)]
pub struct Dataset {
    /// The positions.
    pub entries: Vec<Entry>,
    /// Parameter index of each count.
    pub params: Vec<u16>,
    /// White's count minus Black's.
    pub counts: Vec<i16>,
}

/// The result of a line `FEN [1.0]` (also `[1-0]`, `[1/2-1/2]`, `[0-1]`, and `0.5` style labels).
pub fn parse_line(line: &str) -> Option<(&str, f32)> {
    let (fen, label) = line.rsplit_once('[')?;
    let label = label.trim().strip_suffix(']')?.trim();
    let result = match label {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        text => text.parse::<f32>().ok().filter(|value| (0.0..=1.0).contains(value))?,
    };
    Some((fen.trim(), result))
}

impl Dataset {
    /// Adds `position` labelled `result`.
    pub fn push(&mut self, position: &Position, result: f32) {
        let model = coefficients(position);
        let start = self.params.len();
        for param in 0..PARAM_COUNT {
            let count = model.counts[0][param] - model.counts[1][param];
            if count != 0 {
                self.params.push(param as u16);
                self.counts.push(count as i16);
            }
        }
        let [white, black] = model.fixed;
        self.entries.push(Entry {
            start: start as u32,
            len: (self.params.len() - start) as u16,
            phase: model.phase as u8,
            result,
            fixed: [(white.mg - black.mg) as f32, (white.eg - black.eg) as f32],
            tempo: if model.side_to_move == Color::White { TEMPO as f32 } else { -TEMPO as f32 },
        });
    }

    /// Reads `FEN [result]` lines; blank lines and `#` comments are skipped, a bad line is an error.
    pub fn load(path: &str) -> Result<Dataset, String> {
        let text = std::fs::read_to_string(path).map_err(|error| format!("{path}: {error}"))?;
        let mut dataset = Dataset::default();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: &str| format!("{path}:{}: {why}: {line}", number + 1);
            let (fen, result) = parse_line(line).ok_or_else(|| bad("expected `FEN [result]`"))?;
            let position = Position::from_fen(fen).map_err(|error| bad(&error.to_string()))?;
            dataset.push(&position, result);
        }
        Ok(dataset)
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True without positions.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The counts of `entry`, as (parameter, count) pairs.
    #[inline]
    pub fn terms(&self, entry: &Entry) -> impl Iterator<Item = (usize, f64)> + '_ {
        let range = entry.start as usize..entry.start as usize + entry.len as usize;
        self.params[range.clone()]
            .iter()
            .zip(&self.counts[range])
            .map(|(&param, &count)| (param as usize, f64::from(count)))
    }

    /// How many positions use each parameter (have a nonzero count for it).
    pub fn usage(&self) -> Vec<usize> {
        let mut usage = vec![0; PARAM_COUNT];
        for &param in &self.params {
            usage[param as usize] += 1;
        }
        usage
    }

    /// The positions from `from` on, moved into a dataset of their own (the first `from` stay).
    pub fn split_off(&mut self, from: usize) -> Dataset {
        let tail = self.entries.split_off(from);
        let Some(first) = tail.first() else { return Dataset::default() };
        let offset = first.start as usize;
        let params = self.params.split_off(offset);
        let counts = self.counts.split_off(offset);
        let entries =
            tail.into_iter().map(|entry| Entry { start: entry.start - offset as u32, ..entry }).collect();
        Dataset { entries, params, counts }
    }
}

/// The White-view evaluation of `entry` with `weights` (middlegame, endgame per parameter), tapered
/// without the engine's rounding: the tuner's smooth stand-in for [`Score`]s.
#[inline]
pub fn eval(dataset: &Dataset, entry: &Entry, weights: &[[f64; 2]]) -> f64 {
    let (mut mg, mut eg) = (f64::from(entry.fixed[0]), f64::from(entry.fixed[1]));
    for (param, count) in dataset.terms(entry) {
        mg += weights[param][0] * count;
        eg += weights[param][1] * count;
    }
    let phase = f64::from(entry.phase) / f64::from(PHASE_MAX);
    mg * phase + eg * (1.0 - phase) + f64::from(entry.tempo)
}

/// The engine's own score of `position` from White's view, for checking the model.
pub fn white_score(position: &Position, score: Score) -> i32 {
    if position.side_to_move() == Color::White {
        score.0
    } else {
        -score.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::chess::eval::coefficients::compiled_weights;
    use engine::chess::eval::evaluate;

    #[test]
    fn labels_in_every_usual_spelling() {
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(parse_line(&format!("{fen} [1.0]")), Some((fen, 1.0)));
        assert_eq!(parse_line(&format!("{fen} [0.5]")), Some((fen, 0.5)));
        assert_eq!(parse_line(&format!("{fen} [0-1]")), Some((fen, 0.0)));
        assert_eq!(parse_line(&format!("{fen} [1/2-1/2]")), Some((fen, 0.5)));
        assert_eq!(parse_line(&format!("{fen} [2.0]")), None);
        assert_eq!(parse_line(fen), None);
    }

    #[test]
    fn the_sparse_model_with_the_compiled_weights_is_the_engine_up_to_rounding() {
        let weights: Vec<[f64; 2]> =
            compiled_weights().iter().map(|weight| [f64::from(weight.mg), f64::from(weight.eg)]).collect();
        let mut dataset = Dataset::default();
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "6k1/5ppp/8/8/6q1/8/5PPP/r4RK1 w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ];
        for fen in fens {
            dataset.push(&Position::from_fen(fen).unwrap(), 0.5);
        }
        let mut split = Dataset::default();
        std::mem::swap(&mut split, &mut dataset);
        let tail = split.split_off(2);
        assert_eq!((split.len(), tail.len()), (2, 2));
        for (index, fen) in fens.iter().enumerate() {
            let (set, entry) =
                if index < 2 { (&split, split.entries[index]) } else { (&tail, tail.entries[index - 2]) };
            let position = Position::from_fen(fen).unwrap();
            let engine = white_score(&position, evaluate(&position));
            let model = eval(set, &entry, &weights);
            // The engine truncates the taper to an integer; the model does not.
            assert!((model - f64::from(engine)).abs() < 1.0, "{fen}: {model} vs {engine}");
        }
    }
}
