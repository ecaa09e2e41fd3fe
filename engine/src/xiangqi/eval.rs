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

use super::movegen::{elephant_targets, horse_targets};
use super::position::Position;
use super::tables;
use super::types::{half, Color, PieceKind};
use crate::score::Score;

#[doc(hidden)]
pub mod coefficients;
mod trace;
pub mod weights;

pub use crate::eval_trace::MgEg;
pub use trace::{trace, EvalTrace};

use weights::{
    Param, ATTACK_DIVISOR, ATTACK_MAX, ATTACK_MISSING_ADVISOR, ATTACK_UNITS, CANNON_CAPTURE, CANNON_QUIET,
    CANNON_QUIET_BASE, CENTRAL_CANNON, EMPTY_CANNON, HANGING, MATERIAL_EG, MATERIAL_MG, MINOR_ON_ROOK,
    MISSING_ADVISOR, MISSING_ELEPHANT, MOBILITY_HORSE, MOBILITY_ROOK, PAWN_THREAT, PHASE, PHASE_MAX, PSQT_EG,
    PSQT_MG, ROOK_PIN_FILE, S, TEMPO, WEIGHT_TABLE,
};

/// The evaluation terms beyond material and piece-square tables, as the trace reports them (each
/// good for the side it is added to).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Term {
    /// Squares a rook reaches, by count.
    RookMobility,
    /// Open horse legs onto squares not held by the horse's side, by count.
    HorseMobility,
    /// A cannon's quiet moves beyond `CANNON_QUIET_BASE` and the enemy pieces it can take.
    CannonMobility,
    /// Lines onto the enemy king's file: the empty-headed cannon, the central cannon, a rook
    /// pinning a piece to the king.
    KingFile,
    /// King danger: attack units on the enemy palace, a quadratic bonus for the attacker.
    KingAttack,
    /// Missing advisors and elephants, scaled by the enemy's attackers: a penalty for the defender.
    MissingGuards,
    /// Hanging pieces, pieces attacked by pawns, rooks attacked by horses or cannons.
    Threats,
}

impl Term {
    /// Number of terms.
    pub const COUNT: usize = 7;
    /// Every term, in index order.
    pub const ALL: [Term; Term::COUNT] = [
        Term::RookMobility,
        Term::HorseMobility,
        Term::CannonMobility,
        Term::KingFile,
        Term::KingAttack,
        Term::MissingGuards,
        Term::Threats,
    ];

    /// Index 0..[`Term::COUNT`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The names the trace prints, in index order.
    pub const NAMES: [&'static str; Term::COUNT] = [
        "Rook mobility",
        "Horse mobility",
        "Cannon mobility",
        "King file",
        "King attack",
        "Missing guards",
        "Threats",
    ];

    /// The name the trace prints.
    pub const fn name(self) -> &'static str {
        Term::NAMES[self.index()]
    }
}

/// Where the term code puts its values: per-side sums (the evaluation), per-side terms (the trace)
/// or per-parameter counts (the tuner's coefficients).
trait Sink {
    /// `count` times the tuned weight `param`, good for `color`, under `term`.
    fn add(&mut self, color: Color, term: Term, param: Param, count: i32);

    /// A finished value of a term that is not linear in its numbers, good for `color`, under `term`.
    fn add_fixed(&mut self, color: Color, term: Term, mg: i32, eg: i32);
}

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

/// The square of red's view whose table value a piece of `color` on `square` gets: black's tables
/// are red's mirrored rank for rank.
#[inline(always)]
const fn red_view(color: Color, square: usize) -> usize {
    match color {
        Color::Red => square,
        Color::Black => (9 - square / 9) * 9 + square % 9,
    }
}

/// The red-view score blended by `phase` (capped at [`PHASE_MAX`]): `(mg * phase + eg * (PHASE_MAX -
/// phase)) / PHASE_MAX`, rounding towards zero so that mirrored positions get opposite scores.
#[inline(always)]
fn taper(mg: i32, eg: i32, phase: i32) -> i32 {
    let phase = phase.min(PHASE_MAX);
    (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX
}

/// From the red-view middlegame and endgame sums to the side to move's score: taper, turn to the
/// side to move, add the tempo, clamp to [`EVAL_LIMIT`]. Shared by [`evaluate`], [`trace`] and the
/// coefficient model.
#[inline(always)]
fn finish(mg: i32, eg: i32, phase: i32, side_to_move: Color) -> i32 {
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

/// Exchange values per kind (SEE and capture ordering): the middlegame material.
pub const PIECE_VALUES: [i32; 7] = MATERIAL_MG;

/// Attacking pieces of `color`: rooks, horses, cannons and pawns across the river.
fn attackers(position: &Position, color: Color) -> i32 {
    let pieces = position.pieces(color, PieceKind::Rook)
        | position.pieces(color, PieceKind::Horse)
        | position.pieces(color, PieceKind::Cannon)
        | (position.pieces(color, PieceKind::Pawn) & half(!color));
    pieces.count_ones() as i32
}

/// The squares one side's pieces attack.
#[derive(Clone, Copy, Default)]
struct Attacks {
    by_pawn: u128,
    /// By horses and cannons.
    by_minor: u128,
    by_rook: u128,
    /// By every piece, the king included.
    all: u128,
}

/// Threats of `attacker`, which attacks as `ours`, against the other side's pieces, defended as
/// `theirs`.
#[inline(always)]
fn threats<K: Sink>(position: &Position, attacker: Color, ours: &Attacks, theirs: &Attacks, sink: &mut K) {
    let color = !attacker;
    let targets = position.pieces_of(color) & !position.pieces(color, PieceKind::King);
    let hanging = (targets & ours.all & !theirs.all).count_ones() as i32;
    let majors = position.pieces(color, PieceKind::Rook);
    let minors = position.pieces(color, PieceKind::Horse) | position.pieces(color, PieceKind::Cannon);
    let by_pawn = ((majors | minors) & ours.by_pawn).count_ones() as i32;
    let on_rook = (majors & ours.by_minor).count_ones() as i32;
    sink.add(attacker, Term::Threats, HANGING, hanging);
    sink.add(attacker, Term::Threats, PAWN_THREAT, by_pawn);
    sink.add(attacker, Term::Threats, MINOR_ON_ROOK, on_rook);
}

/// The palace of `color`.
#[inline(always)]
fn palace(color: Color) -> u128 {
    const RED: u128 = 0b111 << 3 | 0b111 << 12 | 0b111 << 21;
    match color {
        Color::Red => RED,
        Color::Black => RED << 63,
    }
}

/// Squares a cannon on `from` attacks over `occupied`: beyond the first blocker (the screen) up to
/// and including the second.
#[inline(always)]
fn cannon_attacks(from: usize, occupied: u128, rank_occ: u16, file_occ: u16) -> u128 {
    let reach = tables::rook_reach(from, rank_occ, file_occ);
    let without = occupied & !(reach & occupied);
    let (file, rank) = (from % 9, from / 9);
    let far = tables::rook_reach(from, tables::rank_bits(without, rank), tables::file_bits(without, file));
    far & !reach
}

/// Mobility of `color`'s rooks, horses and cannons, their lines onto the enemy king's file and
/// their attack on the enemy king; the squares `color` attacks.
#[inline(always)]
fn mobility<K: Sink>(position: &Position, color: Color, sink: &mut K) -> Attacks {
    let mut attacks = Attacks::default();
    let own = position.pieces_of(color);
    let their = position.pieces_of(!color);
    let occupied = own | their;
    let zone = palace(!color);
    let mut units = 0;
    let mut attackers = 0;
    let mut set = position.pieces(color, PieceKind::Rook);
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        let reach = tables::rook_reach(from, position.rank_occ[from / 9], position.file_occ[from % 9]);
        attacks.by_rook |= reach;
        let count = (reach & !own).count_ones() as usize;
        let hits = (reach & zone).count_ones() as i32;
        if hits > 0 {
            attackers += 1;
            units += ATTACK_UNITS[PieceKind::Rook.index()] + hits;
        }
        sink.add(color, Term::RookMobility, MOBILITY_ROOK.at(count.min(17)), 1);
    }
    let mut set = position.pieces(color, PieceKind::Horse);
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        let targets = horse_targets(from, occupied);
        attacks.by_minor |= targets;
        let count = (targets & !own).count_ones() as usize;
        let hits = (targets & zone).count_ones() as i32;
        if hits > 0 {
            attackers += 1;
            units += ATTACK_UNITS[PieceKind::Horse.index()] + hits;
        }
        sink.add(color, Term::HorseMobility, MOBILITY_HORSE.at(count.min(8)), 1);
    }
    let mut set = position.pieces(color, PieceKind::Cannon);
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        let (rank_occ, file_occ) = (position.rank_occ[from / 9], position.file_occ[from % 9]);
        let quiet = (tables::rook_reach(from, rank_occ, file_occ) & !occupied).count_ones() as i32
            - CANNON_QUIET_BASE;
        let captures = (tables::cannon_captures(from, rank_occ, file_occ) & their).count_ones() as i32;
        sink.add(color, Term::CannonMobility, CANNON_QUIET, quiet);
        sink.add(color, Term::CannonMobility, CANNON_CAPTURE, captures);
        let cannon = cannon_attacks(from, occupied, rank_occ, file_occ);
        attacks.by_minor |= cannon;
        let hits = (cannon & zone).count_ones() as i32;
        if hits > 0 {
            attackers += 1;
            units += ATTACK_UNITS[PieceKind::Cannon.index()] + hits;
        }
    }
    let mut set = position.pieces(color, PieceKind::Pawn);
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        let steps = tables::PAWN_STEPS[color.index()][from];
        attacks.by_pawn |= steps;
        let hits = (steps & zone).count_ones() as i32;
        if hits > 0 {
            attackers += 1;
            units += ATTACK_UNITS[PieceKind::Pawn.index()] + hits;
        }
    }
    // Lines onto the enemy king's file.
    let king = position.king_square(!color).index();
    let (king_file, king_rank) = (king % 9, king / 9);
    let file_occ = position.file_occ[king_file];
    let line = tables::FILE_SPREAD[0x3ff] << king_file;
    let between = |from: usize| {
        let (low, high) = if from / 9 < king_rank { (from / 9, king_rank) } else { (king_rank, from / 9) };
        let mask = ((1u16 << high) - 1) & !((1u16 << (low + 1)) - 1);
        (file_occ & mask).count_ones()
    };
    let mut set = position.pieces(color, PieceKind::Cannon) & line;
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        match between(from) {
            0 => sink.add(color, Term::KingFile, EMPTY_CANNON, 1),
            2 => sink.add(color, Term::KingFile, CENTRAL_CANNON, 1),
            _ => {}
        }
    }
    let mut set = position.pieces(color, PieceKind::Rook) & line;
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        if between(from) == 1 {
            sink.add(color, Term::KingFile, ROOK_PIN_FILE, 1);
        }
    }
    let mut set = position.pieces(color, PieceKind::Advisor);
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        attacks.all |= tables::ADVISOR_STEPS[from];
    }
    let mut set = position.pieces(color, PieceKind::Elephant);
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        attacks.all |= elephant_targets(from, occupied);
    }
    attacks.all |= tables::KING_STEPS[position.king_square(color).index()];
    attacks.all |= attacks.by_pawn | attacks.by_minor | attacks.by_rook;
    if attackers >= 2 {
        units +=
            ATTACK_MISSING_ADVISOR * (2 - position.pieces(!color, PieceKind::Advisor).count_ones() as i32);
        let danger = (units * units / ATTACK_DIVISOR).min(ATTACK_MAX);
        sink.add_fixed(color, Term::KingAttack, danger, danger / 4);
    }
    attacks
}

/// Every term beyond material and tables, into `sink`.
#[inline(always)]
fn evaluate_terms<K: Sink>(position: &Position, sink: &mut K) {
    let mut attacks = [Attacks::default(); 2];
    for color in Color::ALL {
        attacks[color.index()] = mobility(position, color, sink);
        // Exposure: not linear in its weights (the sum is scaled and rounded), so a fixed value.
        let enemy_attackers = attackers(position, !color).min(4);
        let missing_advisors = 2 - position.pieces(color, PieceKind::Advisor).count_ones() as i32;
        let missing_elephants = 2 - position.pieces(color, PieceKind::Elephant).count_ones() as i32;
        let exposure = missing_advisors * MISSING_ADVISOR + missing_elephants * MISSING_ELEPHANT;
        let (mg, eg) = (-(exposure * enemy_attackers / 4), -(exposure * enemy_attackers / 8));
        sink.add_fixed(color, Term::MissingGuards, mg, eg);
    }
    for color in Color::ALL {
        let side = color.index();
        threats(position, color, &attacks[side], &attacks[1 - side], sink);
    }
}

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
