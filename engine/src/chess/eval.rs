//! Chess evaluation: material plus piece-square tables, blended between middlegame and endgame by the
//! material left on the board (a "tapered" evaluation), with a small bonus for the side to move.
//!
//! The parameters are PeSTO's (see [`psqt`]). [`evaluate`] is the fast path the search calls at every
//! node: material and both tables are folded at compile time into one table of packed
//! middlegame/endgame pairs per piece and square, so a piece costs a mailbox read, one table load and
//! one add (about 16 ns for a whole position). [`trace`] recomputes the same score term by term from
//! the unpacked tables, for the `eval` command and as an independent check of the fast path.
//!
//! Not included (yet): pawn structure, mobility, king safety, bishop pair. PeSTO's numbers were tuned
//! without them, so any such term needs its own tuning rather than being added on top.

use core::fmt;

use super::bitboard::Bitboard;
use super::position::Position;
use super::psqt::{self, MATERIAL_EG, MATERIAL_MG, PHASE_MAX, PHASE_WEIGHTS};
use super::types::{Color, PieceKind};
use crate::score::Score;

/// Piece values in centipawns, pawn to king, for move ordering (MVV-LVA) and static exchange
/// evaluation. The king is 0: it is never captured, and as an attacker it comes last anyway.
pub const PIECE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Bonus for having the move, in centipawns, added after tapering.
pub const TEMPO: i32 = 10;

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

/// The tapered score from White's point of view: `(mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX`,
/// rounding towards zero so that mirrored positions get exactly opposite scores.
#[inline(always)]
const fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
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

/// From the White-view middlegame and endgame sums to the final side-to-move score: taper, turn to
/// the side to move, add the tempo, clamp. Shared by [`evaluate`] and [`trace`].
#[inline(always)]
fn finish(mg: i32, eg: i32, phase: i32, side_to_move: Color) -> i32 {
    let white = taper(mg, eg, phase);
    let relative = if side_to_move == Color::White { white } else { -white };
    (relative + TEMPO).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Static evaluation in centipawns from the side to move's point of view.
pub fn evaluate(position: &Position) -> Score {
    let mut packed = 0i32;
    for square in position.occupied() {
        if let Some(piece) = position.mailbox[square.index()] {
            packed += PACKED[piece.index()][square.index()];
        }
    }
    let phase = game_phase(position);
    Score(finish(unpack_mg(packed), unpack_eg(packed), phase, position.side_to_move()))
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
    const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    knights.is_empty() && ((bishops & LIGHT_SQUARES).is_empty() || (bishops & !LIGHT_SQUARES).is_empty())
}

/// A middlegame and an endgame value, unpacked.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MgEg {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

impl MgEg {
    fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }

    fn minus(self, other: MgEg) -> MgEg {
        MgEg { mg: self.mg - other.mg, eg: self.eg - other.eg }
    }
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
    /// Middlegame weight, 0 to [`PHASE_MAX`].
    pub phase: i32,
    /// Who is to move; the tempo bonus goes to that side.
    pub side_to_move: Color,
    /// Material and tables tapered by `phase`, White's point of view, before the tempo bonus.
    pub tapered: i32,
    /// The final score from White's point of view (tempo included, clamped).
    pub white: Score,
    /// The final score from the side to move's: what [`evaluate`] returns.
    pub score: Score,
}

impl EvalTrace {
    /// Every term of `color` summed.
    pub fn side_total(&self, color: Color) -> MgEg {
        let mut total = self.material[color.index()];
        for term in self.psqt[color.index()] {
            total.add(term.mg, term.eg);
        }
        total
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
    let phase = game_phase(position);
    let side_to_move = position.side_to_move();
    let mut trace = EvalTrace {
        material,
        psqt: psqt_terms,
        phase,
        side_to_move,
        tapered: 0,
        white: Score(0),
        score: Score(0),
    };
    let total = trace.side_total(Color::White).minus(trace.side_total(Color::Black));
    trace.tapered = taper(total.mg, total.eg, phase);
    let score = finish(total.mg, total.eg, phase, side_to_move);
    trace.score = Score(score);
    trace.white = Score(if side_to_move == Color::White { score } else { -score });
    trace
}

/// Centipawns written as pawns with two decimals and a sign (`+0.25`, `-1.00`), padded as asked.
struct Pawns(i32);

impl fmt::Display for Pawns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Longest text: sign, five digits, point, two digits.
        let mut buffer = [0u8; 12];
        let mut len = 0;
        let mut push = |byte: u8| {
            buffer[len] = byte;
            len += 1;
        };
        push(if self.0 < 0 { b'-' } else { b'+' });
        let magnitude = self.0.unsigned_abs();
        let whole = magnitude / 100;
        let mut digits = [0u8; 10];
        let mut count = 0;
        let mut rest = whole;
        loop {
            digits[count] = b'0' + (rest % 10) as u8;
            count += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        for &digit in digits[..count].iter().rev() {
            push(digit);
        }
        push(b'.');
        push(b'0' + (magnitude % 100 / 10) as u8);
        push(b'0' + (magnitude % 10) as u8);
        f.pad(core::str::from_utf8(&buffer[..len]).unwrap_or("?"))
    }
}

impl fmt::Display for EvalTrace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NAMES: [&str; 6] = ["Pawns", "Knights", "Bishops", "Rooks", "Queens", "Kings"];
        const RULE: &str = "-------------+---------------+---------------+---------------";
        fn row(f: &mut fmt::Formatter<'_>, name: &str, white: MgEg, black: MgEg) -> fmt::Result {
            let total = white.minus(black);
            writeln!(
                f,
                "{name:>12} | {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}",
                Pawns(white.mg),
                Pawns(white.eg),
                Pawns(black.mg),
                Pawns(black.eg),
                Pawns(total.mg),
                Pawns(total.eg),
            )
        }
        writeln!(f, "        Term |     White     |     Black     |     Total")?;
        writeln!(f, "             |   MG     EG   |   MG     EG   |   MG     EG")?;
        writeln!(f, "{RULE}")?;
        row(f, "Material", self.material[0], self.material[1])?;
        for (kind, name) in NAMES.iter().enumerate() {
            row(f, name, self.psqt[0][kind], self.psqt[1][kind])?;
        }
        writeln!(f, "{RULE}")?;
        row(f, "Total", self.side_total(Color::White), self.side_total(Color::Black))?;
        writeln!(f)?;
        writeln!(
            f,
            "Phase: {}/{PHASE_MAX} (middlegame weight), tapered: {} (white side)",
            self.phase,
            Pawns(self.tapered)
        )?;
        let mover = if self.side_to_move == Color::White { "white" } else { "black" };
        writeln!(f, "Tempo: {} (side to move: {mover})", Pawns(TEMPO))?;
        writeln!(f, "Final evaluation: {} (white side)", Pawns(self.white.0))
    }
}
