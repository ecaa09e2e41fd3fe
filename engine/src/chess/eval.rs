//! Chess evaluation: a hand-crafted tapered evaluation in the style of Fruit/Toga or Stockfish's
//! classical one. Every term has a middlegame and an endgame value, blended by the material left on
//! the board, and the side to move gets a small bonus.
//!
//! Terms:
//! - material and piece-square tables (PeSTO's, see [`psqt`]), folded at compile time into one table
//!   of packed middlegame/endgame pairs per piece and square;
//! - mobility of knights, bishops, rooks and queens (`pieces.rs`);
//! - king safety: Stockfish's classical king danger (ring attackers, weak ring squares, safe and
//!   unsafe checks, pinned and blocking pieces) turned into a quadratic middlegame and a linear
//!   endgame penalty, the pawn shield, the pawn storm, open files and a pawnless flank by the king
//!   (`king.rs`);
//! - pawn structure: doubled, isolated, backward, supported and phalanx pawns; passed pawns by rank,
//!   free or blocked path, king distance and the rule of the square (`pawns.rs`);
//! - bishop pair, rooks on open and half-open files, rooks and queens on the seventh, outposts and
//!   outposts a knight can reach, threats (Stockfish 12's: pieces attacked by pawns, by minors or
//!   rooks by victim, by the king, hanging pieces, pieces a safe pawn push would attack, weak
//!   pieces the queen defends, squares both sides contest, squares from which the queen can be
//!   attacked), bishops hemmed in by their own pawns or on a long diagonal, minors behind pawns,
//!   and space behind the centre pawns (`pieces.rs`);
//! - an endgame scale: the endgame half shrinks where the stronger side rarely converts (a minor
//!   piece up without pawns, opposite-coloured bishops, drawn rook endings, few pawns left;
//!   `scale.rs`).
//!
//! All weights are data (`engine/data/chess_eval.txt`), compiled into [`weights`]. Attack sets are
//! computed once per call (pawn attacks setwise, piece attacks by table lookups) and shared between
//! the terms through one `EvalInfo` per call.
//!
//! [`evaluate`], [`trace`] and the tuner's [`coefficients`] run the same term code, generic over a
//! `Sink`. The term code names every weight it uses by its [`weights::Param`] and a count
//! (`sink.add(color, term, PASSED.at(rank), 1)`); the fast path adds the weight times the count to
//! one packed integer (the indices are constants or small offsets, so this is the table lookup and
//! add a hand-written sum would do), the trace adds it to its term per side, and the coefficient
//! sink counts the uses per parameter. The one nonlinear term, the king-danger penalty, reaches the
//! sinks as a finished value (`add_fixed`). Material and tables are computed separately by each
//! (mailbox and packed table in [`evaluate`], bitboards and unpacked tables in [`trace`]), which
//! cross-checks the two views of the board.
//!
//! The search evaluates through [`evaluate_cached`] with a per-thread [`PawnCache`] (the pawn hash
//! table, memory owned by the search state): the pawn-only terms come from it, exactly; the trace
//! and the tuner always compute everything.

use core::fmt;

use super::position::Position;
use super::types::{Color, PieceKind};
use crate::eval_trace::Breakdown;
pub use crate::eval_trace::MgEg;
use crate::score::Score;

#[doc(hidden)]
pub mod coefficients;
mod geometry;
mod info;
mod king;
mod pawn_cache;
mod pawns;
mod pieces;
pub mod psqt;
mod scale;
mod terms;
pub mod weights;

pub(crate) use pawn_cache::mix_pawns;
pub use pawn_cache::{PawnCache, PAWN_CACHE_ENTRIES};
use psqt::{MATERIAL_EG, MATERIAL_MG, PHASE_MAX, PHASE_WEIGHTS};
use scale::stronger_side;
pub use scale::{endgame_scale, SCALE_NORMAL};
pub use weights::TEMPO;
use weights::{pack, Param, S, WEIGHT_TABLE};

pub use super::types::PIECE_VALUES;
use geometry::LIGHT_SQUARES;
use info::EvalInfo;
pub use terms::Term;
use terms::{Packed, Sink};

/// The evaluation never leaves `-EVAL_LIMIT..=EVAL_LIMIT`, far inside the mate range
/// ([`Score::MATE_BOUND`]). No reachable position comes near it (nine queens against a bare king is
/// about 12 000); the clamp only guarantees that a static score can never be read as a mate.
pub const EVAL_LIMIT: i32 = 20_000;

const _: () = assert!(EVAL_LIMIT + 5_000 <= Score::MATE_BOUND.0);

/// Material plus table bonus of every piece on every square, packed, signed for White:
/// `PACKED[piece.index()][square]`, positive for White's pieces and negative for Black's.
static PACKED: [[i32; 64]; 12] = {
    let mut table = [[0; 64]; 12];
    let mut color = 0;
    while color < 2 {
        let sign = if color == 0 { 1 } else { -1 };
        let mut kind = 0;
        while kind < 6 {
            let mut square = 0;
            while square < 64 {
                let mg = MATERIAL_MG[kind] + psqt::PSQT_MG[kind][color][square] as i32;
                let eg = MATERIAL_EG[kind] + psqt::PSQT_EG[kind][color][square] as i32;
                table[color * 6 + kind][square] = sign * pack(mg, eg);
                square += 1;
            }
            kind += 1;
        }
        color += 1;
    }
    table
};

/// The tapered score from White's point of view, the endgame half scaled by `scale` out of
/// [`SCALE_NORMAL`]: `(mg * phase + eg * scale / SCALE_NORMAL * (PHASE_MAX - phase)) / PHASE_MAX`,
/// rounded once, towards zero, so that mirrored positions get exactly opposite scores and the
/// tuner's smooth model stays within a centipawn of it.
#[inline(always)]
const fn taper(mg: i32, eg: i32, phase: i32, scale: i32) -> i32 {
    (mg * phase * SCALE_NORMAL + eg * scale * (PHASE_MAX - phase)) / (PHASE_MAX * SCALE_NORMAL)
}

/// The middlegame weight of the position: 0 (pawn endgame) to [`PHASE_MAX`] (all pieces on).
#[inline(always)]
fn game_phase(position: &Position) -> i32 {
    let minors =
        (position.pieces_of_kind(PieceKind::Knight) | position.pieces_of_kind(PieceKind::Bishop)).count();
    let rooks = position.pieces_of_kind(PieceKind::Rook).count();
    let queens = position.pieces_of_kind(PieceKind::Queen).count();
    let phase = minors as i32 * PHASE_WEIGHTS[PieceKind::Knight.index()]
        + rooks as i32 * PHASE_WEIGHTS[PieceKind::Rook.index()]
        + queens as i32 * PHASE_WEIGHTS[PieceKind::Queen.index()];
    phase.min(PHASE_MAX)
}

/// The endgame factor (out of [`SCALE_NORMAL`]) for White-view sums `eg` at `phase`: computed
/// only where it can change the score.
#[inline(always)]
fn scale_of(position: &Position, eg: i32, phase: i32) -> i32 {
    stronger_side(eg, phase).map_or(SCALE_NORMAL, |strong| endgame_scale(position, strong))
}

/// From the White-view middlegame and endgame sums to the final side-to-move score: scale the
/// endgame half by `scale` (see [`scale`]), taper, turn to the side to move, add the tempo, clamp.
/// Shared by [`evaluate`], [`trace`] and the tuner's model.
#[inline(always)]
fn finish(mg: i32, eg: i32, phase: i32, scale: i32, side_to_move: Color) -> i32 {
    let white = taper(mg, eg, phase, scale);
    let relative = if side_to_move == Color::White { white } else { -white };
    (relative + TEMPO).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Static evaluation in centipawns from the side to move's point of view.
pub fn evaluate(position: &Position) -> Score {
    evaluate_with(position, None)
}

/// [`evaluate`], taking the pawn-structure terms from `cache` (the search's per-thread pawn
/// cache): the same score, faster.
pub fn evaluate_cached(position: &Position, cache: &mut PawnCache) -> Score {
    evaluate_with(position, Some(cache))
}

#[inline(always)]
fn evaluate_with(position: &Position, cache: Option<&mut PawnCache>) -> Score {
    let mut packed = 0i32;
    for square in position.occupied() {
        if let Some(piece) = position.mailbox[square.index()] {
            packed += PACKED[piece.index()][square.index()];
        }
    }
    let mut sink = Packed(S(packed));
    evaluate_terms(position, &mut sink, cache);
    let phase = game_phase(position);
    let total = sink.0;
    let scale = scale_of(position, total.eg(), phase);
    Score(finish(total.mg(), total.eg(), phase, scale, position.side_to_move()))
}

/// The trace: every term per side, unpacked.
struct Terms([[MgEg; Term::COUNT]; 2]);

impl Sink for Terms {
    fn add(&mut self, color: Color, term: Term, param: Param, count: i32) {
        let weight = WEIGHT_TABLE[param.index()];
        self.0[color.index()][term.index()].add(weight.mg() * count, weight.eg() * count);
    }

    fn add_fixed(&mut self, color: Color, term: Term, value: S) {
        self.0[color.index()][term.index()].add(value.mg(), value.eg());
    }
}

/// Every term beyond material and tables, into `sink`. The order matters: king safety and threats
/// read the attack sets the piece pass fills in.
/// With a pawn cache (only ever given with the [`Packed`] sink, whose sums the cache keeps), the
/// pawn-only terms come from it as one White-view value.
#[inline(always)]
fn evaluate_terms<K: Sink>(position: &Position, sink: &mut K, cache: Option<&mut PawnCache>) {
    // Written out per colour (rather than a loop over `Color::ALL`) so that every colour test in the
    // inlined term code folds to a constant.
    let mut info = EvalInfo::new(position);
    pieces::pieces(position, &mut info, Color::White, sink);
    pieces::pieces(position, &mut info, Color::Black, sink);
    match cache {
        Some(cache) => {
            let (structure, passed) = cache.probe(info.pawns);
            sink.add_fixed(Color::White, Term::PawnStructure, structure);
            let white = passed & info.pawns[Color::White.index()];
            pawns::passers(position, &info, Color::White, white, sink);
            pawns::passers(position, &info, Color::Black, passed & !white, sink);
        }
        None => {
            pawns::pawns(position, &info, Color::White, sink);
            pawns::pawns(position, &info, Color::Black, sink);
        }
    }
    king::king(position, &info, Color::White, sink);
    king::king(position, &info, Color::Black, sink);
    pieces::threats(position, &info, Color::White, sink);
    pieces::threats(position, &info, Color::Black, sink);
    pieces::space(position, &info, Color::White, sink);
    pieces::space(position, &info, Color::Black, sink);
}

/// True when the position is dead for lack of material, so that neither side can ever mate: bare
/// kings, king and one minor piece against a bare king, or no pieces besides kings and bishops with
/// every bishop on squares of one colour (FIDE's dead positions for these simple cases). King and two
/// knights against a bare king is not dead (the weaker side can blunder into mate) and is not claimed,
/// nor is king and bishop against king and bishop on opposite colours, where a mate exists.
#[inline]
pub fn insufficient_material(position: &Position) -> bool {
    let pawns_rooks_queens = position.pieces_of_kind(PieceKind::Pawn)
        | position.pieces_of_kind(PieceKind::Rook)
        | position.pieces_of_kind(PieceKind::Queen);
    if pawns_rooks_queens.non_empty() {
        return false;
    }
    let knights = position.pieces_of_kind(PieceKind::Knight);
    let bishops = position.pieces_of_kind(PieceKind::Bishop);
    if !(knights | bishops).has_more_than_one() {
        return true;
    }
    knights.is_empty() && ((bishops & LIGHT_SQUARES).is_empty() || (bishops & !LIGHT_SQUARES).is_empty())
}

/// True for king and two knights against a bare king: no mate can be forced, only blundered into,
/// so it is not dead (FIDE) but a draw to evaluate, as Stockfish's `KNNK` is. Its material alone
/// would score it nearly a piece and a half up, and the network has seen too few such endings to
/// know better: a GUI that offers draws by the score would play on for ever.
#[inline]
pub fn two_knights_cannot_mate(position: &Position) -> bool {
    // Four men first: the one population count that most nodes pay for.
    if position.occupied().count() != 4 {
        return false;
    }
    let knights = position.pieces_of_kind(PieceKind::Knight);
    knights.count() == 2 && (position.pieces_of(Color::White) & knights).count() != 1
}

/// The evaluation of one position broken into its terms, each side's from its own point of view
/// (positive is good for that side). Plain data: `Copy`, no allocation; its `Display` prints a table
/// like Stockfish's `eval` command.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EvalTrace {
    /// Material of each side, `[colour]`.
    pub material: [MgEg; 2],
    /// Piece-square bonuses of each side by piece kind, `[colour][kind]`.
    pub psqt: [[MgEg; 6]; 2],
    /// The other terms of each side, `[colour][term.index()]`.
    pub terms: [[MgEg; Term::COUNT]; 2],
    /// Middlegame weight, 0 to [`PHASE_MAX`].
    pub phase: i32,
    /// Who is to move; the tempo bonus goes to that side.
    pub side_to_move: Color,
    /// The endgame factor applied, out of [`SCALE_NORMAL`].
    pub scale: i32,
    /// Every term tapered by `phase` (the endgame half scaled), White's point of view, before the
    /// tempo bonus.
    pub tapered: i32,
    /// The final score from White's point of view (tempo included, clamped).
    pub white: Score,
    /// The final score from the side to move's: what [`evaluate`] returns.
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
            titles: ["White", "Black"],
            names: ["white", "black"],
            material: self.material,
            kind_names: &["Pawns", "Knights", "Bishops", "Rooks", "Queens", "Kings"],
            psqt: [&self.psqt[0], &self.psqt[1]],
            term_names: &Term::NAMES,
            terms: [&self.terms[0], &self.terms[1]],
            phase: self.phase,
            phase_max: PHASE_MAX,
            endgame_scale: (self.scale, SCALE_NORMAL),
            tapered: self.tapered,
            tempo: TEMPO,
            side_to_move: self.side_to_move.index(),
            final_score: self.white.0,
        }
    }
}

/// The evaluation of `position` term by term, computed from the unpacked tables (an independent path
/// from [`evaluate`], whose result it must reproduce exactly: `trace(p).score == evaluate(p)`).
pub fn trace(position: &Position) -> EvalTrace {
    let mut material = [MgEg::default(); 2];
    let mut psqt_terms = [[MgEg::default(); 6]; 2];
    // By bitboards, where `evaluate` reads the mailbox: the two also cross-check each other's view of
    // the board.
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            for square in position.pieces(color, kind) {
                material[color.index()].add(MATERIAL_MG[kind.index()], MATERIAL_EG[kind.index()]);
                psqt_terms[color.index()][kind.index()]
                    .add(psqt::psqt_mg(color, kind, square), psqt::psqt_eg(color, kind, square));
            }
        }
    }
    let mut terms = Terms([[MgEg::default(); Term::COUNT]; 2]);
    evaluate_terms(position, &mut terms, None);
    let phase = game_phase(position);
    let side_to_move = position.side_to_move();
    let mut trace = EvalTrace {
        material,
        psqt: psqt_terms,
        terms: terms.0,
        phase,
        side_to_move,
        scale: SCALE_NORMAL,
        tapered: 0,
        white: Score(0),
        score: Score(0),
    };
    let total = trace.side_total(Color::White).minus(trace.side_total(Color::Black));
    trace.scale = scale_of(position, total.eg, phase);
    trace.tapered = taper(total.mg, total.eg, phase, trace.scale);
    let score = finish(total.mg, total.eg, phase, trace.scale, side_to_move);
    trace.score = Score(score);
    trace.white = Score(if side_to_move == Color::White { score } else { -score });
    trace
}

impl fmt::Display for EvalTrace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.breakdown().fmt(f)
    }
}
