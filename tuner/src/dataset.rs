//! Labelled positions as sparse coefficient vectors, built once and read every epoch.
//!
//! A position becomes its nonzero parameter counts (the first player's minus the second's, from
//! the game's linear model, see [`crate::games`]), the untuned rest (king danger, tempo), its
//! phase and its result. The counts of all positions sit in two flat arrays, so an epoch is a
//! linear walk through memory.

use crate::games::{Linear, Tunable};

/// One position: where its counts are, and what is not tuned.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// First index in [`Dataset::params`]/[`Dataset::counts`].
    pub start: u32,
    /// Number of nonzero counts.
    pub len: u16,
    /// Middlegame fraction, 0 to 1.
    pub phase: f32,
    /// What the evaluation's sigmoid is fitted to: the game result from White's view (1, 0.5 or
    /// 0), or that blended with the search's score by [`Dataset::blend_scores`].
    pub result: f32,
    /// The search's score of the position in self-play, centipawns from White's view (NaN when
    /// the data file has none).
    pub score: f32,
    /// Untuned middlegame and endgame part, first player's view (the king danger).
    pub fixed: [f32; 2],
    /// Added after tapering, first player's view (the tempo of the side to move).
    pub tempo: f32,
    /// Factor of the endgame half (see [`Linear::eg_scale`]).
    pub eg_scale: f32,
}

/// Every position of a data file.
#[derive(Default)]
pub struct Dataset {
    /// Number of tuned values of the game's model.
    pub param_count: usize,
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
    /// An empty dataset for a model of `param_count` values.
    pub fn new(param_count: usize) -> Dataset {
        Dataset { param_count, ..Dataset::default() }
    }

    /// Adds a position's linear model labelled `result`, with the search's `score` (first
    /// player's view) if known.
    pub fn push(&mut self, linear: Linear, result: f32, score: Option<i32>) {
        let start = self.params.len();
        for (param, count) in linear.counts {
            self.params.push(param);
            self.counts.push(count);
        }
        self.entries.push(Entry {
            start: start as u32,
            len: (self.params.len() - start) as u16,
            phase: linear.phase,
            result,
            score: score.map_or(f32::NAN, |score| score as f32),
            fixed: linear.fixed,
            tempo: linear.tempo,
            eg_scale: linear.eg_scale,
        });
    }

    /// Reads `FEN [result] [score]` lines of game `G`; blank lines and `#` comments are skipped, a
    /// bad line is an error.
    pub fn load<G: Tunable>(path: &str) -> Result<Dataset, String> {
        let text = std::fs::read_to_string(path).map_err(|error| format!("{path}: {error}"))?;
        let mut dataset = Dataset::new(G::PARAM_COUNT);
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: &str| format!("{path}:{}: {why}: {line}", number + 1);
            let labelled = parse_line(line).ok_or_else(|| bad("expected `FEN [result] [score]`"))?;
            let position = crate::games::parse::<G>(labelled.fen).map_err(|error| bad(&error))?;
            dataset.push(position.linear(), labelled.result, labelled.score);
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
        let mut usage = vec![0; self.param_count];
        for &param in &self.params {
            usage[param as usize] += 1;
        }
        usage
    }

    /// The positions from `from` on, moved into a dataset of their own (the first `from` stay).
    pub fn split_off(&mut self, from: usize) -> Dataset {
        let tail = self.entries.split_off(from);
        let Some(first) = tail.first() else { return Dataset::new(self.param_count) };
        let offset = first.start as usize;
        let params = self.params.split_off(offset);
        let counts = self.counts.split_off(offset);
        let entries =
            tail.into_iter().map(|entry| Entry { start: entry.start - offset as u32, ..entry }).collect();
        Dataset { param_count: self.param_count, entries, params, counts }
    }
}

/// The first player's evaluation of `entry` with `weights` (middlegame, endgame per parameter),
/// tapered without the engine's rounding: the tuner's smooth stand-in for [`engine::Score`]s.
#[inline]
pub fn eval(dataset: &Dataset, entry: &Entry, weights: &[[f64; 2]]) -> f64 {
    let (mut mg, mut eg) = (f64::from(entry.fixed[0]), f64::from(entry.fixed[1]));
    for (param, count) in dataset.terms(entry) {
        mg += weights[param][0] * count;
        eg += weights[param][1] * count;
    }
    let phase = f64::from(entry.phase);
    mg * phase + eg * f64::from(entry.eg_scale) * (1.0 - phase) + f64::from(entry.tempo)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::first_player_score;

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
        let position = engine::chess::Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut dataset = Dataset::new(engine::chess::eval::coefficients::PARAM_COUNT);
        dataset.push(position.linear(), 0.0, Some(400));
        dataset.push(position.linear(), 1.0, Some(0));
        dataset.push(position.linear(), 0.5, None);
        dataset.blend_scores(0.01, 0.5);
        let results: Vec<f32> = dataset.entries.iter().map(|entry| entry.result).collect();
        let expected = 0.5 / (1.0 + (-4.0f64).exp());
        assert!((f64::from(results[0]) - expected).abs() < 1e-6, "{results:?}");
        assert!((results[1] - 0.75).abs() < 1e-6 && results[2] == 0.5, "{results:?}");
    }

    /// The sparse model with the compiled weights is the engine's evaluation up to the taper's
    /// rounding, also in the two halves of a split dataset.
    fn model_matches_the_engine<G: Tunable>(fens: &[&str]) {
        let weights = G::compiled_weights();
        let mut dataset = Dataset::new(G::PARAM_COUNT);
        for fen in fens {
            dataset.push(crate::games::parse::<G>(fen).unwrap().linear(), 0.5, None);
        }
        let tail = dataset.split_off(2);
        assert_eq!((dataset.len(), tail.len()), (2, fens.len() - 2));
        for (index, fen) in fens.iter().enumerate() {
            let (set, entry) =
                if index < 2 { (&dataset, dataset.entries[index]) } else { (&tail, tail.entries[index - 2]) };
            let position = crate::games::parse::<G>(fen).unwrap();
            let engine = first_player_score(&position, position.evaluate());
            let model = eval(set, &entry, &weights);
            // The engine truncates the taper to an integer; the model does not.
            assert!((model - f64::from(engine)).abs() < 1.0, "{fen}: {model} vs {engine}");
        }
    }

    #[test]
    fn the_sparse_model_with_the_compiled_weights_is_the_engine_up_to_rounding() {
        model_matches_the_engine::<engine::chess::Position>(&[
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "6k1/5ppp/8/8/6q1/8/5PPP/r4RK1 w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ]);
        model_matches_the_engine::<engine::xiangqi::Position>(&[
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "rnbakabnr/9/7c1/p1p1p1pCp/9/6P2/PcP1P3P/1C7/9/RNBAKABNR b - - 3 2",
            "rnbak1b1r/4a4/6nc1/p1p1p1p1p/1c7/1CP6/P3P1P1P/4B2C1/9/RNBAKA1NR w - - 6 4",
            "3k5/4a4/9/9/9/9/9/9/4R4/4K4 b - - 0 1",
        ]);
    }
}
