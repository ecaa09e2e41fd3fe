//! The xiangqi evaluation as a linear model, for a Texel tuner: for one position, how many times
//! each side uses each tuned value, plus the part that is not tuned.
//!
//! With `c[p]` red's count minus black's for parameter `p`, and `w[p]` its middlegame/endgame value,
//! the red-view evaluation before tapering is `sum(c[p] * w[p]) + fixed`, and
//! [`evaluate`](super::evaluate) is exactly [`Coefficients::score`] of the compiled weights
//! (`engine/tests/xiangqi_eval.rs` checks it).
//!
//! Parameter order (the same as `tablegen::xiangqi_eval`'s, which rewrites the data file):
//! material, king to pawn ([`MATERIAL_BASE`]); piece-square values by kind and square, red's view
//! ([`PSQT_BASE`]); then every [`Param`] ([`WEIGHTS_BASE`]). A black piece on a square uses red's
//! value of the mirrored square (same file, rank `9 - rank`), as the tables do.
//!
//! Not tuned, and carried in [`Coefficients::fixed`]: the king-danger penalty (quadratic in attack
//! units, capped) and the exposure penalty (missing advisors and elephants scaled by the enemy's
//! attackers and rounded). Also not tuned: the tempo bonus and the phase weights.
//!
//! Hidden from the documentation: only the tuner needs it, and it may change with the tuner.

use super::taper::finish;
use super::terms::{evaluate_terms, Sink, Term};
use super::weights::{Param, MATERIAL_EG, MATERIAL_MG, PHASE, PHASE_MAX, PSQT_EG, PSQT_MG, S, WEIGHTS};
use crate::score::Score;
use crate::xiangqi::position::Position;
use crate::xiangqi::types::{Color, PieceKind};

/// The square of red's view whose table value a piece of `color` on `square` gets: black's tables
/// are red's mirrored rank for rank.
#[inline(always)]
const fn red_view(color: Color, square: usize) -> usize {
    match color {
        Color::Red => square,
        Color::Black => (9 - square / 9) * 9 + square % 9,
    }
}

/// Index of the first material value (king; pawn last).
pub const MATERIAL_BASE: usize = 0;
/// Index of the first piece-square value: `PSQT_BASE + kind * 90 + square` (red's view).
pub const PSQT_BASE: usize = 7;
/// Index of the first [`Param`]: `WEIGHTS_BASE + param.index()`.
pub const WEIGHTS_BASE: usize = PSQT_BASE + 7 * 90;
/// Number of tuned values.
pub const PARAM_COUNT: usize = WEIGHTS_BASE + WEIGHTS.len();

/// One position as the linear model sees it. Plain data (a few KiB), no allocation.
#[derive(Clone, Debug)]
pub struct Coefficients {
    /// How often each side uses each parameter: `counts[colour][parameter]`.
    pub counts: [[i32; PARAM_COUNT]; 2],
    /// What is not tuned, per side, from that side's point of view.
    pub fixed: [S; 2],
    /// Middlegame weight, 0 to `PHASE_MAX` (already capped).
    pub phase: i32,
    /// Who is to move (the tempo bonus goes to that side).
    pub side_to_move: Color,
}

impl Sink for Coefficients {
    #[inline]
    fn add(&mut self, color: Color, _term: Term, param: Param, count: i32) {
        self.counts[color.index()][WEIGHTS_BASE + param.index()] += count;
    }

    #[inline]
    fn add_fixed(&mut self, color: Color, _term: Term, mg: i32, eg: i32) {
        let fixed = &mut self.fixed[color.index()];
        fixed.mg += mg;
        fixed.eg += eg;
    }
}

/// The linear model of `position`'s evaluation.
pub fn coefficients(position: &Position) -> Coefficients {
    let mut model = Coefficients {
        counts: [[0; PARAM_COUNT]; 2],
        fixed: [S::default(); 2],
        phase: 0,
        side_to_move: position.side_to_move(),
    };
    let mut phase = 0;
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let mut set = position.pieces(color, kind);
            while set != 0 {
                let square = set.trailing_zeros() as usize;
                set &= set - 1;
                model.counts[color.index()][MATERIAL_BASE + kind.index()] += 1;
                model.counts[color.index()][PSQT_BASE + kind.index() * 90 + red_view(color, square)] += 1;
                phase += PHASE[kind.index()];
            }
        }
    }
    model.phase = phase.min(PHASE_MAX);
    evaluate_terms(position, &mut model);
    model
}

/// The compiled value of every parameter, in the model's order.
pub fn compiled_weights() -> [S; PARAM_COUNT] {
    let mut weights = [S::default(); PARAM_COUNT];
    for kind in 0..7 {
        weights[MATERIAL_BASE + kind] = S::new(MATERIAL_MG[kind], MATERIAL_EG[kind]);
        for square in 0..90 {
            weights[PSQT_BASE + kind * 90 + square] =
                S::new(i32::from(PSQT_MG[kind][0][square]), i32::from(PSQT_EG[kind][0][square]));
        }
    }
    weights[WEIGHTS_BASE..].copy_from_slice(&WEIGHTS);
    weights
}

impl Coefficients {
    /// The evaluation, from the side to move's point of view, with `weights` in place of the compiled
    /// ones: with [`compiled_weights`] it is [`evaluate`](super::evaluate)'s result.
    pub fn score(&self, weights: &[S; PARAM_COUNT]) -> Score {
        let mut mg = self.fixed[0].mg - self.fixed[1].mg;
        let mut eg = self.fixed[0].eg - self.fixed[1].eg;
        for (weight, (red, black)) in weights.iter().zip(self.counts[0].iter().zip(&self.counts[1])) {
            mg += weight.mg * (red - black);
            eg += weight.eg * (red - black);
        }
        Score(finish(mg, eg, self.phase, self.side_to_move))
    }
}
