//! Static evaluation, tapered between middlegame and endgame by the material left: material and
//! piece-square tables, mobility of rooks, horses (legs open) and cannons, king safety (attack units
//! on the palace, empty-headed and central cannons, a rook on the king's file, missing advisors and
//! elephants), threats (hanging pieces, pawn attacks, a rook attacked by a horse or cannon) and a
//! tempo bonus; centipawns from the side to move, a pawn before the river = 100. Each term was kept
//! by a match (`docs/matches/`).
//!
//! Every weight is data (`engine/data/xiangqi_eval.txt`), compiled into [`weights`]. [`evaluate`],
//! [`trace`] and the tuner's [`coefficients`] run the same term code, generic over a `Sink`: the
//! term code names every tuned weight it uses by its [`weights::Param`], the [`Term`] it belongs to
//! and a count, and the fast path adds the weight times the count to its sums (the indices are
//! constants or small offsets, so this is the table lookup and add the hand-written sums did), the
//! trace adds it to its term per side, and the coefficient sink counts the uses per parameter. The
//! two terms that are not linear in their numbers, the king-danger penalty and the exposure penalty,
//! reach the sinks as finished values (`add_fixed`). Material and tables are computed separately by
//! each (one folded table over the piece sets in [`evaluate`], the unfolded tables over the board in
//! [`trace`], counts per square in [`coefficients`]), which cross-checks the views of the board.

use super::position::Position;
use super::types::{Color, PieceKind};
use crate::score::Score;

#[doc(hidden)]
pub mod coefficients;
mod taper;
mod terms;
mod trace;
pub mod weights;

pub use crate::eval_trace::MgEg;
pub use taper::EVAL_LIMIT;
use taper::{finish, taper};
pub use terms::Term;
use terms::{evaluate_terms, Sink};
pub use trace::{trace, EvalTrace};

use weights::{Param, MATERIAL_EG, MATERIAL_MG, PHASE, PSQT_EG, PSQT_MG, S, WEIGHT_TABLE};

/// The fast path: middlegame and endgame sums per side.
#[derive(Default)]
struct Sums {
    mg: [i32; 2],
    eg: [i32; 2],
}

impl Sink for Sums {
    #[inline(always)]
    fn add(&mut self, color: Color, _term: Term, param: Param, count: i32) {
        let weight = WEIGHT_TABLE[param.index()];
        self.mg[color.index()] += weight.mg * count;
        self.eg[color.index()] += weight.eg * count;
    }

    #[inline(always)]
    fn add_fixed(&mut self, color: Color, _term: Term, mg: i32, eg: i32) {
        self.mg[color.index()] += mg;
        self.eg[color.index()] += eg;
    }
}

/// Material plus table value of every piece on every square, per colour, from the piece's owner's
/// point of view: `PIECE_SQUARE[colour][kind][square]`.
static PIECE_SQUARE: [[[S; 90]; 7]; 2] = {
    let mut table = [[[S::new(0, 0); 90]; 7]; 2];
    let mut color = 0;
    while color < 2 {
        let mut kind = 0;
        while kind < 7 {
            let mut square = 0;
            while square < 90 {
                table[color][kind][square] = S::new(
                    MATERIAL_MG[kind] + PSQT_MG[kind][color][square] as i32,
                    MATERIAL_EG[kind] + PSQT_EG[kind][color][square] as i32,
                );
                square += 1;
            }
            kind += 1;
        }
        color += 1;
    }
    table
};

/// Exchange values per kind (SEE and capture ordering): the middlegame material.
pub const PIECE_VALUES: [i32; 7] = MATERIAL_MG;

/// How much of this evaluation a search uses, least first (UCCI's `knowledge`): the smaller ones
/// generate no attacks, so they cost less per node, and see less.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum EvalTerms {
    /// Material alone ([`evaluate_material`]).
    Material,
    /// Material and piece-square tables ([`evaluate_material`]).
    Tables,
    /// Every term ([`evaluate`]).
    #[default]
    All,
}

/// Material alone, or material and the piece-square tables with `tables`: the part of [`evaluate`]
/// that looks at no attacks, tapered as it is, without the tempo (at equal material, 0). Centipawns
/// from the side to move.
pub fn evaluate_material(position: &Position, tables: bool) -> Score {
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    for color in Color::ALL {
        let sign = if color == Color::Red { 1 } else { -1 };
        for kind in PieceKind::ALL {
            let mut set = position.pieces(color, kind);
            phase += PHASE[kind.index()] * set.count_ones() as i32;
            if !tables {
                let count = set.count_ones() as i32;
                mg += sign * count * MATERIAL_MG[kind.index()];
                eg += sign * count * MATERIAL_EG[kind.index()];
                continue;
            }
            while set != 0 {
                let square = set.trailing_zeros() as usize;
                set &= set - 1;
                let value = PIECE_SQUARE[color.index()][kind.index()][square];
                mg += sign * value.mg;
                eg += sign * value.eg;
            }
        }
    }
    let red = taper(mg, eg, phase);
    Score(if position.side_to_move() == Color::Red { red } else { -red })
}

/// Static evaluation, centipawns from the side to move.
pub fn evaluate(position: &Position) -> Score {
    let mut sums = Sums::default();
    let mut phase = 0;
    for color in Color::ALL {
        let side = color.index();
        for kind in PieceKind::ALL {
            let mut set = position.pieces(color, kind);
            while set != 0 {
                let square = set.trailing_zeros() as usize;
                set &= set - 1;
                let value = PIECE_SQUARE[side][kind.index()][square];
                sums.mg[side] += value.mg;
                sums.eg[side] += value.eg;
                phase += PHASE[kind.index()];
            }
        }
    }
    evaluate_terms(position, &mut sums);
    let (mg, eg) = (sums.mg[0] - sums.mg[1], sums.eg[0] - sums.eg[1]);
    Score(finish(mg, eg, phase, position.side_to_move()))
}

/// True when neither side has a piece that can give mate: no rook, horse, cannon or pawn.
pub fn insufficient_material(position: &Position) -> bool {
    Color::ALL.iter().all(|&color| {
        (position.pieces(color, PieceKind::Rook)
            | position.pieces(color, PieceKind::Horse)
            | position.pieces(color, PieceKind::Cannon)
            | position.pieces(color, PieceKind::Pawn))
            == 0
    })
}
