//! The xiangqi evaluation term by term, for the `eval` command: the term code run into a sink that
//! keeps each [`Term`] per side, material and tables added up separately from the board, and the
//! same taper and tempo as [`evaluate`](super::evaluate), whose score it must reproduce exactly
//! (`trace(p).score == evaluate(p)`, checked in `engine/tests/xiangqi_eval.rs`).

use core::fmt;

use super::taper::{finish, taper};
use super::terms::{evaluate_terms, Sink, Term};
use super::weights::{
    Param, MATERIAL_EG, MATERIAL_MG, PHASE, PHASE_MAX, PSQT_EG, PSQT_MG, TEMPO, WEIGHT_TABLE,
};
use crate::eval_trace::{Breakdown, MgEg};
use crate::score::Score;
use crate::xiangqi::position::Position;
use crate::xiangqi::types::{Color, Square};

/// The trace's sink: every term per side, `[colour][term.index()]`.
struct Terms([[MgEg; Term::COUNT]; 2]);

impl Sink for Terms {
    fn add(&mut self, color: Color, term: Term, param: Param, count: i32) {
        let weight = WEIGHT_TABLE[param.index()];
        self.0[color.index()][term.index()].add(weight.mg * count, weight.eg * count);
    }

    fn add_fixed(&mut self, color: Color, term: Term, mg: i32, eg: i32) {
        self.0[color.index()][term.index()].add(mg, eg);
    }
}

/// The evaluation of one position broken into its terms, each side's from its own point of view
/// (positive is good for that side). Plain data: `Copy`, no allocation; its `Display` prints the
/// same table as chess's trace.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EvalTrace {
    /// Material of each side, `[colour]`.
    pub material: [MgEg; 2],
    /// Piece-square bonuses of each side by piece kind, `[colour][kind]`.
    pub psqt: [[MgEg; 7]; 2],
    /// The other terms of each side, `[colour][term.index()]`.
    pub terms: [[MgEg; Term::COUNT]; 2],
    /// Middlegame weight, 0 to [`PHASE_MAX`].
    pub phase: i32,
    /// Who is to move; the tempo bonus goes to that side.
    pub side_to_move: Color,
    /// Every term tapered by `phase`, red's point of view, before the tempo bonus.
    pub tapered: i32,
    /// The final score from red's point of view (tempo included).
    pub red: Score,
    /// The final score from the side to move's: what [`evaluate`](super::evaluate) returns.
    pub score: Score,
}

impl EvalTrace {
    /// Every term of `color` summed.
    pub fn side_total(&self, color: Color) -> MgEg {
        self.breakdown().side_total(color.index())
    }

    /// The value of `term` for `color`, from `color`'s point of view.
    pub fn term(&self, color: Color, term: Term) -> MgEg {
        self.terms[color.index()][term.index()]
    }

    /// The trace as the shared table sees it.
    fn breakdown(&self) -> Breakdown<'_> {
        Breakdown {
            titles: ["Red", "Black"],
            names: ["red", "black"],
            material: self.material,
            kind_names: &["Kings", "Advisors", "Elephants", "Horses", "Rooks", "Cannons", "Pawns"],
            psqt: [&self.psqt[0], &self.psqt[1]],
            term_names: &Term::NAMES,
            terms: [&self.terms[0], &self.terms[1]],
            phase: self.phase,
            phase_max: PHASE_MAX,
            endgame_scale: (1, 1),
            tapered: self.tapered,
            tempo: TEMPO,
            side_to_move: self.side_to_move.index(),
            final_score: self.red.0,
        }
    }
}

/// The evaluation of `position` term by term.
pub fn trace(position: &Position) -> EvalTrace {
    let mut material = [MgEg::default(); 2];
    let mut psqt = [[MgEg::default(); 7]; 2];
    let mut phase = 0;
    // Square by square over the board, where `evaluate` walks the piece sets.
    for index in 0..90u8 {
        let Some(piece) = Square::from_index(index).and_then(|square| position.piece_on(square)) else {
            continue;
        };
        let (side, kind) = (piece.color().index(), piece.kind().index());
        material[side].add(MATERIAL_MG[kind], MATERIAL_EG[kind]);
        let square = usize::from(index);
        psqt[side][kind].add(i32::from(PSQT_MG[kind][side][square]), i32::from(PSQT_EG[kind][side][square]));
        phase += PHASE[kind];
    }
    let mut terms = Terms([[MgEg::default(); Term::COUNT]; 2]);
    evaluate_terms(position, &mut terms);
    let side_to_move = position.side_to_move();
    let mut trace = EvalTrace {
        material,
        psqt,
        terms: terms.0,
        phase: phase.min(PHASE_MAX),
        side_to_move,
        tapered: 0,
        red: Score(0),
        score: Score(0),
    };
    let total = trace.side_total(Color::Red).minus(trace.side_total(Color::Black));
    trace.tapered = taper(total.mg, total.eg, phase);
    let score = finish(total.mg, total.eg, phase, side_to_move);
    trace.score = Score(score);
    trace.red = Score(if side_to_move == Color::Red { score } else { -score });
    trace
}

impl fmt::Display for EvalTrace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.breakdown().fmt(f)
    }
}
