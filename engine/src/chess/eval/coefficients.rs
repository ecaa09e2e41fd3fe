//! The evaluation as a linear model, for the Texel tuner (`tuner/`): for one position, how many times
//! each side uses each tuned value, plus the part that is not tuned.
//!
//! With `c[p]` White's count minus Black's for parameter `p`, and `w[p]` its middlegame/endgame
//! value, the White-view evaluation before tapering is `sum(c[p] * w[p]) + fixed`, and
//! [`evaluate`](super::evaluate) is exactly [`Coefficients::score`] of the compiled weights
//! (`engine/tests/eval.rs` checks it).
//!
//! Parameter order (the same as `tablegen::chess_eval`'s, which rewrites the data file):
//! material, pawn to king ([`MATERIAL_BASE`]); piece-square values by kind and square, White's view
//! ([`PSQT_BASE`]); then every [`Param`] ([`WEIGHTS_BASE`]). A black piece on a square uses White's
//! value of the vertically mirrored square, as the tables do.
//!
//! Not tuned, and carried in [`Coefficients::fixed`]: the king-danger penalty (quadratic in the
//! danger sum in the middlegame, linear in the endgame). Also not tuned: the tempo bonus and the phase weights.
//! The endgame factor ([`Coefficients::scale`]) multiplies the endgame sum; the tuner takes the
//! one the compiled weights pick as a constant of the position.
//!
//! Hidden from the documentation: only the tuner needs it, and it may change with the tuner.

use super::psqt::{self, MATERIAL_EG, MATERIAL_MG};
use super::weights::{Param, S, WEIGHTS};
use super::{
    endgame_scale, evaluate_terms, finish, game_phase, stronger_side, MgEg, Sink, Term, SCALE_NORMAL,
};
use crate::chess::position::Position;
use crate::chess::types::{Color, PieceKind};
use crate::score::Score;

/// Index of the first material value (pawn; king last).
pub const MATERIAL_BASE: usize = 0;
/// Index of the first piece-square value: `PSQT_BASE + kind * 64 + square` (White's view).
pub const PSQT_BASE: usize = 6;
/// Index of the first [`Param`]: `WEIGHTS_BASE + param.index()`.
pub const WEIGHTS_BASE: usize = PSQT_BASE + 6 * 64;
/// Number of tuned values.
pub const PARAM_COUNT: usize = WEIGHTS_BASE + WEIGHTS.len();

/// One position as the linear model sees it. Plain data (a few KiB), no allocation.
#[derive(Clone, Debug)]
pub struct Coefficients {
    /// How often each side uses each parameter: `counts[colour][parameter]`.
    pub counts: [[i32; PARAM_COUNT]; 2],
    /// What is not tuned, per side, from that side's point of view (the king-danger penalty).
    pub fixed: [MgEg; 2],
    /// Middlegame weight, 0 to [`psqt::PHASE_MAX`].
    pub phase: i32,
    /// Who is to move (the tempo bonus goes to that side).
    pub side_to_move: Color,
    /// The endgame factor (out of [`SCALE_NORMAL`]) when White is the stronger side, and when
    /// Black is: which applies depends on the sign of the endgame sum, so on the weights.
    pub scale: [i32; 2],
}

impl Sink for Coefficients {
    #[inline]
    fn add(&mut self, color: Color, _term: Term, param: Param, count: i32) {
        self.counts[color.index()][WEIGHTS_BASE + param.index()] += count;
    }

    #[inline]
    fn add_fixed(&mut self, color: Color, _term: Term, value: S) {
        self.fixed[color.index()].add(value.mg(), value.eg());
    }
}

/// The linear model of `position`'s evaluation.
pub fn coefficients(position: &Position) -> Coefficients {
    let mut model = Coefficients {
        counts: [[0; PARAM_COUNT]; 2],
        fixed: [MgEg::default(); 2],
        phase: game_phase(position),
        side_to_move: position.side_to_move(),
        scale: [endgame_scale(position, Color::White), endgame_scale(position, Color::Black)],
    };
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            for square in position.pieces(color, kind) {
                let white_view = if color == Color::White { square.index() } else { square.index() ^ 56 };
                model.counts[color.index()][MATERIAL_BASE + kind.index()] += 1;
                model.counts[color.index()][PSQT_BASE + kind.index() * 64 + white_view] += 1;
            }
        }
    }
    evaluate_terms(position, &mut model, None);
    model
}

/// The compiled value of every parameter, in the model's order.
pub fn compiled_weights() -> [MgEg; PARAM_COUNT] {
    let mut weights = [MgEg::default(); PARAM_COUNT];
    for kind in 0..6 {
        weights[MATERIAL_BASE + kind] = MgEg { mg: MATERIAL_MG[kind], eg: MATERIAL_EG[kind] };
        for square in 0..64 {
            weights[PSQT_BASE + kind * 64 + square] = MgEg {
                mg: i32::from(psqt::PSQT_MG[kind][0][square]),
                eg: i32::from(psqt::PSQT_EG[kind][0][square]),
            };
        }
    }
    for (index, weight) in WEIGHTS.iter().enumerate() {
        weights[WEIGHTS_BASE + index] = MgEg { mg: weight.mg(), eg: weight.eg() };
    }
    weights
}

impl Coefficients {
    /// The evaluation, from the side to move's point of view, with `weights` in place of the compiled
    /// ones: with [`compiled_weights`] it is [`evaluate`](super::evaluate)'s result.
    pub fn score(&self, weights: &[MgEg; PARAM_COUNT]) -> Score {
        let total = self.total(weights);
        Score(finish(total.mg, total.eg, self.phase, self.scale_for(total.eg), self.side_to_move))
    }

    /// The endgame factor the compiled evaluation applies to this position: the tuner's constant.
    pub fn compiled_scale(&self) -> i32 {
        self.scale_for(self.total(&compiled_weights()).eg)
    }

    /// White's middlegame and endgame sums before tapering, with `weights`.
    fn total(&self, weights: &[MgEg; PARAM_COUNT]) -> MgEg {
        let mut total = self.fixed[0].minus(self.fixed[1]);
        for (weight, (white, black)) in weights.iter().zip(self.counts[0].iter().zip(&self.counts[1])) {
            total.add(weight.mg * (white - black), weight.eg * (white - black));
        }
        total
    }

    /// The endgame factor for a White-view endgame sum `eg`, as the evaluation picks it.
    fn scale_for(&self, eg: i32) -> i32 {
        stronger_side(eg, self.phase).map_or(SCALE_NORMAL, |strong| self.scale[strong.index()])
    }
}
