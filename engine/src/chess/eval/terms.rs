//! The terms as the trace names them, and the sink the term code writes into: below the term
//! files and the evaluation alike, so that each term file imports what it writes to, not the
//! evaluation that runs it.

use super::weights::{Param, S, WEIGHT_TABLE};
use crate::chess::types::Color;

/// The evaluation terms beyond material and piece-square tables, as the trace reports them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Term {
    /// Squares reachable by knights, bishops, rooks and queens.
    Mobility,
    /// The king-danger penalty: enemy attacks on the king ring, checks, pins.
    KingAttack,
    /// Pawn shield, pawn storm and open files by the king.
    KingShelter,
    /// Doubled, isolated, backward, supported and phalanx pawns.
    PawnStructure,
    /// Passed pawns.
    PassedPawns,
    /// The bishop pair.
    BishopPair,
    /// Rooks on open files, rooks and queens on the seventh.
    RooksQueens,
    /// Knights and bishops on outposts.
    Outposts,
    /// Pieces attacked by lesser pieces, hanging pieces, threats by pawn pushes.
    Threats,
    /// Bishops and their own pawns, minors behind pawns.
    Minors,
    /// Safe squares behind the centre pawns.
    Space,
}

impl Term {
    /// Number of terms.
    pub const COUNT: usize = 11;
    /// Every term, in index order.
    pub const ALL: [Term; Term::COUNT] = [
        Term::Mobility,
        Term::KingAttack,
        Term::KingShelter,
        Term::PawnStructure,
        Term::PassedPawns,
        Term::BishopPair,
        Term::RooksQueens,
        Term::Outposts,
        Term::Threats,
        Term::Minors,
        Term::Space,
    ];

    /// Index 0..[`Term::COUNT`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The names the trace prints, in index order.
    pub const NAMES: [&'static str; Term::COUNT] = [
        "Mobility",
        "King attack",
        "King shelter",
        "Pawn shape",
        "Passed pawns",
        "Bishop pair",
        "Rooks/queens",
        "Outposts",
        "Threats",
        "Minor pieces",
        "Space",
    ];

    /// The name the trace prints.
    pub const fn name(self) -> &'static str {
        Term::NAMES[self.index()]
    }
}

/// Where the term code puts its values: one packed sum (the fast path), a table of terms (trace) or
/// per-parameter counts (the tuner's coefficients).
pub(super) trait Sink {
    /// `count` times the weight `param`, good for `color`, under `term`.
    fn add(&mut self, color: Color, term: Term, param: Param, count: i32);

    /// `value`, good for `color`, under `term`: a finished value that is not a multiple of one
    /// weight (the king-danger penalty), so the tuner takes it as it is.
    fn add_fixed(&mut self, color: Color, term: Term, value: S);
}

/// The fast path: one packed sum from White's point of view.
pub(super) struct Packed(pub(super) S);

impl Packed {
    #[inline(always)]
    fn add_value(&mut self, color: Color, value: S) {
        match color {
            Color::White => self.0 .0 += value.0,
            Color::Black => self.0 .0 -= value.0,
        }
    }
}

impl Sink for Packed {
    #[inline(always)]
    fn add(&mut self, color: Color, _term: Term, param: Param, count: i32) {
        self.add_value(color, WEIGHT_TABLE[param.index()].times(count));
    }

    #[inline(always)]
    fn add_fixed(&mut self, color: Color, _term: Term, value: S) {
        self.add_value(color, value);
    }
}
