//! Every number of the xiangqi evaluation, compiled from the data file
//! `engine/data/xiangqi_eval.txt`.
//!
//! `engine/build.rs` renders that file into Rust source through `tablegen::xiangqi_eval` and this
//! module includes it (`cargo run -p tablegen -- xiangqi-eval` prints it), so the numbers can be
//! rewritten by a Texel tuner and reviewed as data. The file holds, with their documentation:
//!
//! - the material values and a middlegame and an endgame piece-square table per kind, drawn from
//!   red's side and stored per colour by `macros::piece_square_table!`;
//! - every other tuned weight as a [`Param`] (or a run of them, [`Params`]): an index into
//!   [`WEIGHTS`] rather than a value, so that the term code names each weight it uses and the
//!   coefficient sink can count the uses ([`super::coefficients`]);
//! - `fixed` integers: the phase weights (the definition of the taper), the king-danger scheme and
//!   the exposure penalty (not linear in their numbers), the cannon's quiet-move offset and the
//!   tempo bonus.

use crate::eval_weights::{self, Weight};

/// A middlegame and an endgame value in centipawns. Unpacked, unlike chess's: the xiangqi terms add
/// per side into two sums, and the tables are few enough that packing would buy nothing measurable.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct S {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

impl S {
    /// The weight worth `mg` in the middlegame and `eg` in the endgame.
    #[inline(always)]
    pub const fn new(mg: i32, eg: i32) -> S {
        S { mg, eg }
    }
}

impl Weight for S {
    const WEIGHTS: &'static [S] = &WEIGHTS;
}

/// One tunable weight of the xiangqi evaluation, named by its index in [`WEIGHTS`].
pub type Param = eval_weights::Param<S>;

/// `N` consecutive tunable weights of the xiangqi evaluation (a weight per count).
pub type Params<const N: usize> = eval_weights::Params<S, N>;

include!(concat!(env!("OUT_DIR"), "/xiangqi_eval.rs"));

/// [`WEIGHTS`] as one table in memory, for the evaluation to index at run time (a `const` array
/// indexed by a variable would be materialised wherever it is used).
pub(super) static WEIGHT_TABLE: [S; WEIGHTS.len()] = WEIGHTS;

/// The middlegame tables per kind, as `[kind][colour][square]`.
pub const PSQT_MG: [[[i16; 90]; 2]; 7] =
    [KING_MG, ADVISOR_MG, ELEPHANT_MG, HORSE_MG, ROOK_MG, CANNON_MG, PAWN_MG];

/// The endgame tables per kind, as `[kind][colour][square]`.
pub const PSQT_EG: [[[i16; 90]; 2]; 7] =
    [KING_EG, ADVISOR_EG, ELEPHANT_EG, HORSE_EG, ROOK_EG, CANNON_EG, PAWN_EG];

// The term code indexes these by counts: the data file must keep their lengths.
const _: () = {
    assert!(MOBILITY_ROOK.len() == 18);
    assert!(MOBILITY_HORSE.len() == 9);
};
