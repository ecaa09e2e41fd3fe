//! From the red-view middlegame and endgame sums to the score: shared by the evaluation, the trace
//! and the tuner's coefficients, which must agree on it to the centipawn.

use super::weights::{PHASE_MAX, TEMPO};
use crate::score::Score;
use crate::xiangqi::types::Color;

/// The red-view score blended by `phase` (capped at [`PHASE_MAX`]): `(mg * phase + eg * (PHASE_MAX -
/// phase)) / PHASE_MAX`, rounding towards zero so that mirrored positions get opposite scores.
#[inline(always)]
pub(super) fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    let phase = phase.min(PHASE_MAX);
    (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// From the red-view middlegame and endgame sums to the side to move's score: taper, turn to the
/// side to move, add the tempo, clamp to [`EVAL_LIMIT`]. Shared by [`evaluate`](super::evaluate),
/// [`trace`](super::trace()) and the coefficient model.
#[inline(always)]
pub(super) fn finish(mg: i32, eg: i32, phase: i32, side_to_move: Color) -> i32 {
    let red = taper(mg, eg, phase);
    let score = if side_to_move == Color::Red { red } else { -red };
    (score + TEMPO).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The evaluation never leaves `-EVAL_LIMIT..=EVAL_LIMIT`, far inside the mate range
/// ([`Score::MATE_BOUND`]), the linear one and the network's alike. No reachable position comes
/// near it (all of one side's material is about 5 000); the clamp only guarantees that a static
/// score, a network's above all, can never be read as a mate.
pub const EVAL_LIMIT: i32 = 20_000;

const _: () = assert!(EVAL_LIMIT + 5_000 <= Score::MATE_BOUND.0);
