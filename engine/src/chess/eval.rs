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

use super::bitboard::Bitboard;
use super::position::Position;
use super::tables;
use super::types::{Color, PieceKind, Square};
use crate::eval_trace::Breakdown;
pub use crate::eval_trace::MgEg;
use crate::score::Score;

#[doc(hidden)]
pub mod coefficients;
mod king;
mod pawn_cache;
mod pawns;
mod pieces;
pub mod psqt;
mod scale;
pub mod weights;

pub(crate) use pawn_cache::mix_pawns;
pub use pawn_cache::{PawnCache, PAWN_CACHE_ENTRIES};
use psqt::{MATERIAL_EG, MATERIAL_MG, PHASE_MAX, PHASE_WEIGHTS};
use scale::stronger_side;
pub use scale::{endgame_scale, SCALE_NORMAL};
pub use weights::TEMPO;
use weights::{Param, S, WEIGHT_TABLE};

/// Piece values in centipawns, pawn to king, for move ordering (MVV-LVA) and static exchange
/// evaluation. The king is 0: it is never captured, and as an attacker it comes last anyway.
pub const PIECE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// The evaluation never leaves `-EVAL_LIMIT..=EVAL_LIMIT`, far inside the mate range
/// ([`Score::MATE_BOUND`]). No reachable position comes near it (nine queens against a bare king is
/// about 12 000); the clamp only guarantees that a static score can never be read as a mate.
pub const EVAL_LIMIT: i32 = 20_000;

const _: () = assert!(EVAL_LIMIT + 5_000 <= Score::MATE_BOUND.0);

/// A middlegame and an endgame value packed into one `i32`, endgame in the high half (the layout
/// Stockfish's `Score` used): sums of packed values are the packed sums, as long as each half stays
/// within `i16`, which material and tables of at most 32 pieces always do.
const fn pack(mg: i32, eg: i32) -> i32 {
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

// ---------------------------------------------------------------------------------------------
// Bitboard helpers, all from one side's point of view ("forward" is towards the enemy's first rank).

/// The set moved one rank forward for `color`.
#[inline(always)]
const fn forward(color: Color, set: Bitboard) -> Bitboard {
    set.shift_ranks(matches!(color, Color::White))
}

/// The set moved one rank backward for `color`.
#[inline(always)]
const fn backward(color: Color, set: Bitboard) -> Bitboard {
    set.shift_ranks(matches!(color, Color::Black))
}

/// The set and every square in front of its squares, for `color`.
#[inline(always)]
const fn fill_forward(color: Color, set: Bitboard) -> Bitboard {
    let mut bits = set.0;
    if matches!(color, Color::White) {
        bits |= bits << 8;
        bits |= bits << 16;
        bits |= bits << 32;
    } else {
        bits |= bits >> 8;
        bits |= bits >> 16;
        bits |= bits >> 32;
    }
    Bitboard(bits)
}

/// The set and every square behind its squares, for `color`.
#[inline(always)]
const fn fill_backward(color: Color, set: Bitboard) -> Bitboard {
    fill_forward(
        match color {
            Color::White => Color::Black,
            Color::Black => Color::White,
        },
        set,
    )
}

/// Every file holding a square of the set.
#[inline(always)]
const fn file_fill(set: Bitboard) -> Bitboard {
    Bitboard(fill_forward(Color::White, set).0 | fill_forward(Color::Black, set).0)
}

/// The squares beside the set's squares, on the neighbouring files.
#[inline(always)]
const fn beside(set: Bitboard) -> Bitboard {
    Bitboard(set.shift_east().0 | set.shift_west().0)
}

/// Every square `color`'s pawns attack.
#[inline(always)]
const fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    beside(forward(color, pawns))
}

/// The rank `relative` (0 = own first rank) seen from `color`'s side.
#[inline(always)]
const fn relative_rank(color: Color, relative: u8) -> Bitboard {
    Bitboard::rank(if matches!(color, Color::White) { relative } else { 7 - relative })
}

/// The square of the set nearest to `color`'s first rank (the set is not empty).
#[inline(always)]
const fn rearmost(color: Color, set: Bitboard) -> Square {
    match color {
        Color::White => set.first_square(),
        Color::Black => Square::from_index_unchecked(63 - set.0.leading_zeros() as u8),
    }
}

/// King steps between two squares (Chebyshev distance).
#[inline(always)]
const fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    if files > ranks {
        files
    } else {
        ranks
    }
}

/// Light squares (b1, a2, ...).
const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);

// ---------------------------------------------------------------------------------------------
// Terms and sinks.

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
trait Sink {
    /// `count` times the weight `param`, good for `color`, under `term`.
    fn add(&mut self, color: Color, term: Term, param: Param, count: i32);

    /// `value`, good for `color`, under `term`: a finished value that is not a multiple of one
    /// weight (the king-danger penalty), so the tuner takes it as it is.
    fn add_fixed(&mut self, color: Color, term: Term, value: S);
}

/// The fast path: one packed sum from White's point of view.
struct Packed(S);

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

/// Attack sets and king-ring counts computed once per call and shared between the terms, by colour.
struct EvalInfo {
    occupied: Bitboard,
    pawns: [Bitboard; 2],
    pawn_attacks: [Bitboard; 2],
    /// Squares two of a side's pawns attack.
    pawn_attacks_twice: [Bitboard; 2],
    king: [Square; 2],
    /// The 3x3 block around the king (its centre moved off the edges), less the squares two own
    /// pawns defend.
    king_ring: [Bitboard; 2],
    /// Squares attacked by each side's pieces of each kind.
    attacked_by: [[Bitboard; 6]; 2],
    /// Squares attacked by each side (every kind).
    attacked: [Bitboard; 2],
    /// Squares attacked at least twice by each side.
    attacked_twice: [Bitboard; 2],
    /// Each side's attackers of the enemy king ring (pieces, and pawns per ring square attacked).
    ring_attackers: [i32; 2],
    /// The summed [`weights::KING_ATTACKER_WEIGHT`] of each side's ring attackers.
    ring_weight: [i32; 2],
    /// Attacks of each side's ring attackers on squares next to the enemy king, each piece's counted.
    king_attacks: [i32; 2],
}

impl EvalInfo {
    #[inline(always)]
    fn new(position: &Position) -> EvalInfo {
        let pawns =
            [position.pieces(Color::White, PieceKind::Pawn), position.pieces(Color::Black, PieceKind::Pawn)];
        let king = [position.king_square(Color::White), position.king_square(Color::Black)];
        let twice = |color: Color| {
            let ahead = forward(color, pawns[color.index()]);
            ahead.shift_east() & ahead.shift_west()
        };
        let pawn_attacks_twice = [twice(Color::White), twice(Color::Black)];
        let ring = |color: Color| {
            let square = king[color.index()];
            let centre =
                Square::from_index_unchecked(square.rank().clamp(1, 6) * 8 + square.file().clamp(1, 6));
            (tables::king_attacks(centre) | Bitboard::from_square(centre))
                & !pawn_attacks_twice[color.index()]
        };
        EvalInfo {
            occupied: position.occupied(),
            pawns,
            pawn_attacks: [pawn_attacks(Color::White, pawns[0]), pawn_attacks(Color::Black, pawns[1])],
            pawn_attacks_twice,
            king,
            king_ring: [ring(Color::White), ring(Color::Black)],
            attacked_by: [[Bitboard::EMPTY; 6]; 2],
            attacked: [Bitboard::EMPTY; 2],
            attacked_twice: [Bitboard::EMPTY; 2],
            ring_attackers: [0; 2],
            ring_weight: [0; 2],
            king_attacks: [0; 2],
        }
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
