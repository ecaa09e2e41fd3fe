//! What the tuner needs from a game: its position text, its evaluation as a linear model, and its
//! weights file. Chess and xiangqi implement [`Tunable`]; `selfplay` and `tune` are generic over it,
//! so the two games share one self-play loop, one dataset and one descent.
//!
//! "First player" is White in chess and red in xiangqi: labels, scores and counts are from its
//! point of view.

use engine::history::PastPosition;
use engine::GameText;
use tablegen::chess_eval::Pair;

/// One position's evaluation as the linear model sees it, first player's view.
pub struct Linear {
    /// Nonzero `(parameter, first player's count minus second player's)`.
    pub counts: Vec<(u16, i16)>,
    /// Middlegame fraction, 0 to 1.
    pub phase: f32,
    /// Untuned middlegame and endgame part (king danger and the like).
    pub fixed: [f32; 2],
    /// Added after tapering (the tempo of the side to move).
    pub tempo: f32,
    /// Factor of the endgame half (chess's endgame scale, as the compiled weights pick it: a
    /// constant of the position for the fit), 1 where the game has none.
    pub eg_scale: f32,
}

/// A weights data file (`engine/data/*_eval.txt`), as `tablegen` reads and writes it.
pub trait WeightsFile {
    /// Every tuned value, in the model's parameter order.
    fn params(&self) -> Vec<Pair>;
    /// The name of each tuned value, same order.
    fn param_names(&self) -> Vec<String>;
    /// Replaces every tuned value.
    fn set_params(&mut self, params: &[Pair]);
    /// The file's text.
    fn write(&self) -> String;
}

impl<G: tablegen::eval_data::EvalGame> WeightsFile for tablegen::eval_data::EvalData<G> {
    fn params(&self) -> Vec<Pair> {
        tablegen::eval_data::EvalData::params(self)
    }
    fn param_names(&self) -> Vec<String> {
        tablegen::eval_data::EvalData::param_names(self)
    }
    fn set_params(&mut self, params: &[Pair]) {
        tablegen::eval_data::EvalData::set_params(self, params)
    }
    fn write(&self) -> String {
        tablegen::eval_data::EvalData::write(self)
    }
}

/// A game the tuner can play and fit; its name, positions and moves are the core's
/// [`GameText`].
pub trait Tunable: GameText + Copy + Send {
    /// Number of tuned values of the compiled evaluation.
    const PARAM_COUNT: usize;
    /// Index of the first value after material and tables (the term weights).
    const WEIGHTS_BASE: usize;
    /// The committed weights file.
    const DATA_PATH: &'static str;
    /// Its parsed form.
    type Data: WeightsFile;

    /// The evaluation's linear model.
    fn linear(&self) -> Linear;
    /// The compiled weights, in the model's order.
    fn compiled_weights() -> Vec<[f64; 2]>;
    /// Reads a weights file.
    fn load_data(path: &str) -> Result<Self::Data, String>;
    /// Stops when the file's untuned (`fixed`) values are not the ones the engine was compiled
    /// with: the model's fixed part comes from the compiled engine.
    fn check_fixed(data: &Self::Data) -> Result<(), String>;
    /// This position as the search's history sees a past position, `mv` played from it.
    fn past_before(&self, mv: Self::Move) -> PastPosition {
        PastPosition::before(self, mv)
    }
    /// Makes `cache` evaluate with the game's embedded network (`--nnue`).
    fn use_embedded_network(cache: &mut Self::EvalCache);
    /// The embedded network's file (what a `--nnue` data file records it was played with).
    fn embedded_network_file() -> &'static [u8];
}

/// The sparse difference of a two-sided count table.
fn sparse<const N: usize>(counts: &[[i32; N]; 2]) -> Vec<(u16, i16)> {
    (0..N)
        .filter_map(|param| {
            let count = counts[0][param] - counts[1][param];
            (count != 0).then_some((param as u16, count as i16))
        })
        .collect()
}

impl Tunable for engine::chess::Position {
    const PARAM_COUNT: usize = engine::chess::eval::coefficients::PARAM_COUNT;
    const WEIGHTS_BASE: usize = engine::chess::eval::coefficients::WEIGHTS_BASE;
    const DATA_PATH: &'static str = tablegen::chess_eval::DATA_PATH;
    type Data = tablegen::chess_eval::EvalData;

    fn use_embedded_network(cache: &mut engine::chess::EvalCache) {
        cache.set_network(Some(&engine::chess::nnue::EMBEDDED));
    }

    fn embedded_network_file() -> &'static [u8] {
        engine::chess::nnue::FILE
    }

    fn linear(&self) -> Linear {
        use engine::chess::eval::TEMPO;
        let model = engine::chess::eval::coefficients::coefficients(self);
        let [white, black] = model.fixed;
        let scale = model.compiled_scale() as f32 / engine::chess::eval::SCALE_NORMAL as f32;
        Linear {
            counts: sparse(&model.counts),
            phase: model.phase as f32 / engine::chess::psqt::PHASE_MAX as f32,
            fixed: [(white.mg - black.mg) as f32, (white.eg - black.eg) as f32],
            tempo: if self.first_player_to_move() { TEMPO as f32 } else { -TEMPO as f32 },
            eg_scale: scale,
        }
    }
    fn compiled_weights() -> Vec<[f64; 2]> {
        engine::chess::eval::coefficients::compiled_weights()
            .iter()
            .map(|weight| [f64::from(weight.mg), f64::from(weight.eg)])
            .collect()
    }
    fn load_data(path: &str) -> Result<Self::Data, String> {
        tablegen::chess_eval::load(path)
    }
    fn check_fixed(data: &Self::Data) -> Result<(), String> {
        use engine::chess::eval::weights;
        use tablegen::chess_eval::Value;
        let compiled: [(&str, &[i32]); 16] = [
            ("TEMPO", &[weights::TEMPO]),
            ("KING_ATTACKER_WEIGHT", &weights::KING_ATTACKER_WEIGHT),
            ("SAFE_CHECK", &weights::SAFE_CHECK),
            ("SAFE_CHECKS_SEVERAL", &weights::SAFE_CHECKS_SEVERAL),
            ("KING_DANGER_WEAK_RING", &[weights::KING_DANGER_WEAK_RING]),
            ("KING_DANGER_UNSAFE_CHECK", &[weights::KING_DANGER_UNSAFE_CHECK]),
            ("KING_DANGER_BLOCKER", &[weights::KING_DANGER_BLOCKER]),
            ("KING_DANGER_KING_ATTACKS", &[weights::KING_DANGER_KING_ATTACKS]),
            ("KING_DANGER_NO_QUEEN", &[weights::KING_DANGER_NO_QUEEN]),
            ("KING_DANGER_KNIGHT_DEFENDER", &[weights::KING_DANGER_KNIGHT_DEFENDER]),
            ("KING_DANGER_OFFSET", &[weights::KING_DANGER_OFFSET]),
            ("KING_DANGER_MIN_PHASE", &[weights::KING_DANGER_MIN_PHASE]),
            ("KING_DANGER_THRESHOLD", &[weights::KING_DANGER_THRESHOLD]),
            ("KING_DANGER_LIMIT", &[weights::KING_DANGER_LIMIT]),
            ("KING_DANGER_MG_DIVISOR", &[weights::KING_DANGER_MG_DIVISOR]),
            ("KING_DANGER_EG_DIVISOR", &[weights::KING_DANGER_EG_DIVISOR]),
        ];
        for item in data.items() {
            let values = match &item.value {
                Value::Fixed(value) => vec![*value],
                Value::FixedArray(values) => values.clone(),
                _ => continue,
            };
            match compiled.iter().find(|(name, _)| *name == item.name) {
                Some((_, expected)) if *expected == values.as_slice() => {}
                Some(_) => return Err(differs(&item.name)),
                None => return Err(format!("fixed {} is unknown to this tuner", item.name)),
            }
        }
        check_count(data.params().len(), Self::PARAM_COUNT)
    }
}

impl Tunable for engine::xiangqi::Position {
    const PARAM_COUNT: usize = engine::xiangqi::eval::coefficients::PARAM_COUNT;
    const WEIGHTS_BASE: usize = engine::xiangqi::eval::coefficients::WEIGHTS_BASE;
    const DATA_PATH: &'static str = tablegen::xiangqi_eval::DATA_PATH;
    type Data = tablegen::xiangqi_eval::EvalData;

    fn use_embedded_network(cache: &mut engine::xiangqi::EvalCache) {
        cache.set_network(Some(&engine::xiangqi::nnue::EMBEDDED));
    }

    fn embedded_network_file() -> &'static [u8] {
        engine::xiangqi::nnue::FILE
    }

    fn linear(&self) -> Linear {
        use engine::xiangqi::eval::weights::{PHASE_MAX, TEMPO};
        let model = engine::xiangqi::eval::coefficients::coefficients(self);
        let [red, black] = model.fixed;
        Linear {
            counts: sparse(&model.counts),
            phase: model.phase as f32 / PHASE_MAX as f32,
            fixed: [(red.mg - black.mg) as f32, (red.eg - black.eg) as f32],
            tempo: if self.first_player_to_move() { TEMPO as f32 } else { -TEMPO as f32 },
            eg_scale: 1.0,
        }
    }
    fn compiled_weights() -> Vec<[f64; 2]> {
        engine::xiangqi::eval::coefficients::compiled_weights()
            .iter()
            .map(|weight| [f64::from(weight.mg), f64::from(weight.eg)])
            .collect()
    }
    fn load_data(path: &str) -> Result<Self::Data, String> {
        tablegen::xiangqi_eval::load(path)
    }
    /// The engine's fixed values are those of the committed file it was built from.
    fn check_fixed(data: &Self::Data) -> Result<(), String> {
        use tablegen::xiangqi_eval::Value;
        let committed = tablegen::xiangqi_eval::load(Self::DATA_PATH)?;
        let fixed = |data: &Self::Data| -> Vec<(String, Vec<i32>)> {
            data.items()
                .filter_map(|item| match &item.value {
                    Value::Fixed(value) => Some((item.name.clone(), vec![*value])),
                    Value::FixedArray(values) => Some((item.name.clone(), values.clone())),
                    _ => None,
                })
                .collect()
        };
        let (ours, theirs) = (fixed(data), fixed(&committed));
        if let Some((name, _)) = ours.iter().find(|item| !theirs.contains(item)) {
            return Err(differs(name));
        }
        check_count(data.params().len(), Self::PARAM_COUNT)
    }
}

fn differs(name: &str) -> String {
    format!(
        "fixed {name} differs from the value the tuner was built with: rebuild the tuner with this data file"
    )
}

fn check_count(file: usize, compiled: usize) -> Result<(), String> {
    if file == compiled {
        Ok(())
    } else {
        Err(format!("the data file has {file} tuned values, the compiled engine {compiled}: rebuild the tuner with it"))
    }
}

/// The first player's view of a side-to-move score.
pub fn first_player_score<G: Tunable>(position: &G, score: engine::Score) -> i32 {
    if position.first_player_to_move() {
        score.0
    } else {
        -score.0
    }
}

/// Reads a position of `G`, the error as text.
pub fn parse<G: GameText>(text: &str) -> Result<G, String> {
    G::parse_position(text).map_err(|error| error.to_string())
}
