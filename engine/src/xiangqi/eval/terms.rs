//! The term code [`evaluate`](super::evaluate), the trace and the tuner's coefficients all run,
//! generic over the [`Sink`] each of them writes into: a leaf under those three, so that none of
//! them reaches it through the module that re-exports the others.

use super::weights::{
    Param, ATTACK_DIVISOR, ATTACK_MAX, ATTACK_MISSING_ADVISOR, ATTACK_UNITS, CANNON_CAPTURE, CANNON_QUIET,
    CANNON_QUIET_BASE, CENTRAL_CANNON, EMPTY_CANNON, HANGING, MINOR_ON_ROOK, MISSING_ADVISOR,
    MISSING_ELEPHANT, MOBILITY_HORSE, MOBILITY_ROOK, PAWN_THREAT, ROOK_PIN_FILE,
};
use crate::xiangqi::movegen::{elephant_targets, horse_targets};
use crate::xiangqi::position::Position;
use crate::xiangqi::tables;
use crate::xiangqi::types::{half, Color, PieceKind};

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
pub(super) trait Sink {
    /// `count` times the tuned weight `param`, good for `color`, under `term`.
    fn add(&mut self, color: Color, term: Term, param: Param, count: i32);

    /// A finished value of a term that is not linear in its numbers, good for `color`, under `term`.
    fn add_fixed(&mut self, color: Color, term: Term, mg: i32, eg: i32);
}

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
pub(super) fn evaluate_terms<K: Sink>(position: &Position, sink: &mut K) {
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
