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
    /// What the evaluation's sigmoid is fitted to: the game result from White's view (1, 0.5 or
    /// 0), or that blended with the search's score by [`Dataset::blend_scores`].
    pub result: f32,
    /// The search's score of the position in self-play, centipawns from White's view (NaN when
    /// the data file has none).
    pub score: f32,
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

/// One line of a data file.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Labelled<'a> {
    /// The position.
    pub fen: &'a str,
    /// The game result from White's view.
    pub result: f32,
    /// The search's score, White's view, if the line has one.
    pub score: Option<i32>,
}

/// The parts of a line `FEN [1.0]` (also `[1-0]`, `[1/2-1/2]`, `[0-1]`, and `0.5` style labels),
/// optionally followed by the search's score in centipawns from White's view (`FEN [1.0] 35`).
pub fn parse_line(line: &str) -> Option<Labelled<'_>> {
    let (fen, label) = line.rsplit_once('[')?;
    let (label, rest) = label.split_once(']')?;
    let result = match label.trim() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        text => text.parse::<f32>().ok().filter(|value| (0.0..=1.0).contains(value))?,
    };
    let score = match rest.trim() {
        "" => None,
        text => Some(text.parse::<i32>().ok()?),
    };
    Some(Labelled { fen: fen.trim(), result, score })
}

impl Dataset {
    /// Adds `position` labelled `result`, with the search's `score` (White's view) if known.
    pub fn push(&mut self, position: &Position, result: f32, score: Option<i32>) {
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
            score: score.map_or(f32::NAN, |score| score as f32),
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
            let labelled = parse_line(line).ok_or_else(|| bad("expected `FEN [result] [score]`"))?;
            let position = Position::from_fen(labelled.fen).map_err(|error| bad(&error.to_string()))?;
            dataset.push(&position, labelled.result, labelled.score);
        }
        Ok(dataset)
    }

    /// Replaces each result by `(1 - weight) * result + weight * sigmoid(scale * score)`: the search's
    /// opinion of the position, on the same logistic scale as the evaluation, pulls the label away
    /// from a game result that a later blunder decided. Positions without a score keep their result.
    pub fn blend_scores(&mut self, scale: f64, weight: f64) {
        for entry in &mut self.entries {
            if !entry.score.is_nan() {
                let expected = 1.0 / (1.0 + (-scale * f64::from(entry.score)).exp());
                entry.result = ((1.0 - weight) * f64::from(entry.result) + weight * expected) as f32;
            }
        }
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
        let labelled = |result, score| Some(Labelled { fen, result, score });
        assert_eq!(parse_line(&format!("{fen} [1.0]")), labelled(1.0, None));
        assert_eq!(parse_line(&format!("{fen} [0.5]")), labelled(0.5, None));
        assert_eq!(parse_line(&format!("{fen} [0-1]")), labelled(0.0, None));
        assert_eq!(parse_line(&format!("{fen} [1/2-1/2]")), labelled(0.5, None));
        assert_eq!(parse_line(&format!("{fen} [1.0] -35")), labelled(1.0, Some(-35)));
        assert_eq!(parse_line(&format!("{fen} [2.0]")), None);
        assert_eq!(parse_line(&format!("{fen} [1.0] x")), None);
        assert_eq!(parse_line(fen), None);
    }

    #[test]
    fn blending_moves_results_towards_the_score() {
        let position = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut dataset = Dataset::default();
        dataset.push(&position, 0.0, Some(400));
        dataset.push(&position, 1.0, Some(0));
        dataset.push(&position, 0.5, None);
        dataset.blend_scores(0.01, 0.5);
        let results: Vec<f32> = dataset.entries.iter().map(|entry| entry.result).collect();
        let expected = 0.5 / (1.0 + (-4.0f64).exp());
        assert!((f64::from(results[0]) - expected).abs() < 1e-6, "{results:?}");
        assert!((results[1] - 0.75).abs() < 1e-6 && results[2] == 0.5, "{results:?}");
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
            dataset.push(&Position::from_fen(fen).unwrap(), 0.5, None);
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
