//! Every number of the evaluation, compiled from the data file `engine/data/chess_eval.txt`.
//!
//! `engine/build.rs` renders that file into Rust source through `tablegen::chess_eval` and this
//! module includes it (`cargo run -p tablegen -- eval` prints it), so the numbers can be rewritten
//! by the Texel tuner (`tuner/`) and reviewed as data. The file holds, with their documentation:
//!
//! - the material values and PeSTO's piece-square tables (re-exported by [`crate::chess::eval::psqt`]);
//! - every other weight as a [`Param`] (or a run of them, [`Params`]): an index into [`WEIGHTS`]
//!   rather than a value, so that the term code names each weight it uses and a tracing sink can
//!   count the uses (the coefficient model of [`super::coefficients`]);
//! - `fixed` integers that shape the king-danger penalty and the tempo bonus.
//!
//! What is tuned: material, the tables and every [`Param`]. What is not: the `fixed` numbers (the
//! king-danger penalty is quadratic in its attack units, so the tuner takes it as it is) and the
//! phase weights of [`crate::chess::eval::psqt`], which are the definition of the taper.
//!
//! A weight is an [`S`], a middlegame and an endgame value in centipawns; the evaluator blends the
//! two by the game phase. Signs are from the point of view of the side that has the feature: a
//! penalty is negative. Tables indexed by rank use the *relative* rank of the piece, 0 for its own
//! first rank to 7 for the last.

use crate::eval_weights::{self, Weight};

/// A middlegame and an endgame value packed into one `i32`, endgame in the high half (the layout
/// Stockfish's `Score` used): sums of packed values are the packed sums, as long as each half stays
/// within `i16`, which material and tables of at most 32 pieces always do.
pub(super) const fn pack(mg: i32, eg: i32) -> i32 {
    eg * (1 << 16) + mg
}

#[inline(always)]
const fn unpack_mg(packed: i32) -> i32 {
    packed as i16 as i32
}

#[inline(always)]
const fn unpack_eg(packed: i32) -> i32 {
    (packed.wrapping_add(0x8000) >> 16) as i16 as i32
}

/// A middlegame and an endgame value packed into one `i32` (endgame in the high half), so that sums
/// and small multiples of weights are one integer operation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct S(pub(super) i32);

impl S {
    /// Nothing.
    pub const ZERO: S = S(0);

    /// The weight worth `mg` in the middlegame and `eg` in the endgame.
    #[inline(always)]
    pub const fn new(mg: i32, eg: i32) -> S {
        S(pack(mg, eg))
    }

    /// Middlegame value.
    pub const fn mg(self) -> i32 {
        unpack_mg(self.0)
    }

    /// Endgame value.
    pub const fn eg(self) -> i32 {
        unpack_eg(self.0)
    }

    /// The weight counted `count` times.
    #[inline(always)]
    pub(super) const fn times(self, count: i32) -> S {
        S(self.0 * count)
    }
}

impl core::ops::Add for S {
    type Output = S;
    #[inline(always)]
    fn add(self, other: S) -> S {
        S(self.0 + other.0)
    }
}

impl core::ops::AddAssign for S {
    #[inline(always)]
    fn add_assign(&mut self, other: S) {
        self.0 += other.0;
    }
}

impl Weight for S {
    const WEIGHTS: &'static [S] = &WEIGHTS;
}

/// One tunable weight of the chess evaluation, named by its index in [`WEIGHTS`].
pub type Param = eval_weights::Param<S>;

/// `N` consecutive tunable weights of the chess evaluation (a weight per count or per rank).
pub type Params<const N: usize> = eval_weights::Params<S, N>;

include!(concat!(env!("OUT_DIR"), "/chess_eval.rs"));

/// [`WEIGHTS`] as one table in memory, for the evaluation to index at run time (a `const` array
/// indexed by a variable would be materialised wherever it is used).
pub(super) static WEIGHT_TABLE: [S; WEIGHTS.len()] = WEIGHTS;

// The term code indexes these by counts and ranks: the data file must keep their lengths.
const _: () = {
    assert!(MOBILITY_KNIGHT.len() == 9);
    assert!(MOBILITY_BISHOP.len() == 14);
    assert!(MOBILITY_ROOK.len() == 15);
    assert!(MOBILITY_QUEEN.len() == 28);
    assert!(STORM_UNBLOCKED.len() == 8 && STORM_BLOCKED.len() == 8);
    assert!(SUPPORTED.len() == 8 && PHALANX.len() == 8);
    assert!(PASSED.len() == 8 && PASSED_FREE.len() == 8 && PASSED_BLOCKED.len() == 8);
    assert!(PASSED_KING_THEIRS.len() == 8 && PASSED_KING_OURS.len() == 8);
    assert!(KING_ATTACKER_WEIGHT.len() == 6);
    assert!(SAFE_CHECK.len() == 6 && SAFE_CHECKS_SEVERAL.len() == 6);
};
