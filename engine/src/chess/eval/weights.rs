//! Every weight of the evaluation beyond material and the piece-square tables ([`crate::chess::psqt`]),
//! in one place, as named constants: a future Texel tuner rewrites this file as data.
//!
//! A weight is an [`S`], a middlegame and an endgame value in centipawns (`S::new(mg, eg)`); the
//! evaluator blends the two by the game phase. Signs are from the point of view of the side that has
//! the feature: a penalty is negative. Tables indexed by rank use the *relative* rank of the piece,
//! 0 for its own first rank to 7 for the last.
//!
//! Starting values: the shapes and magnitudes are the usual ones of published hand-crafted
//! evaluations (Stockfish 11's classical terms, Fruit/Toga, the Chess Programming Wiki's king-safety
//! attack units), scaled to PeSTO's pawn of 82/94 and trimmed where PeSTO's tables already carry part
//! of the feature (advanced pawns, central pieces, the castled king). They are untuned.

use super::pack;

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
        super::unpack_mg(self.0)
    }

    /// Endgame value.
    pub const fn eg(self) -> i32 {
        super::unpack_eg(self.0)
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

const fn s(mg: i32, eg: i32) -> S {
    S::new(mg, eg)
}

/// Bonus for having the move, in centipawns, added after tapering.
pub const TEMPO: i32 = 10;

// ---------------------------------------------------------------------------------------------
// Mobility: indexed by the number of squares a piece attacks that hold no piece of its own side and
// are not attacked by an enemy pawn. Centred near a typical count, so that the average piece gets
// about nothing and the material values keep their meaning; steep at the bottom (a trapped piece).

/// Knight mobility, 0 to 8 squares.
pub const MOBILITY_KNIGHT: [S; 9] =
    [s(-38, -50), s(-25, -32), s(-12, -16), s(-4, -6), s(0, 0), s(5, 5), s(10, 9), s(14, 12), s(18, 14)];

/// Bishop mobility, 0 to 13 squares.
pub const MOBILITY_BISHOP: [S; 14] = [
    s(-35, -50),
    s(-22, -32),
    s(-12, -18),
    s(-5, -9),
    s(0, -3),
    s(4, 2),
    s(8, 6),
    s(11, 10),
    s(14, 13),
    s(16, 16),
    s(18, 18),
    s(20, 20),
    s(22, 21),
    s(24, 22),
];

/// Rook mobility, 0 to 14 squares.
pub const MOBILITY_ROOK: [S; 15] = [
    s(-30, -50),
    s(-20, -32),
    s(-13, -20),
    s(-8, -12),
    s(-5, -6),
    s(-3, -2),
    s(0, 2),
    s(2, 6),
    s(4, 10),
    s(6, 14),
    s(8, 17),
    s(9, 20),
    s(10, 22),
    s(11, 24),
    s(12, 25),
];

/// Queen mobility, 0 to 27 squares.
pub const MOBILITY_QUEEN: [S; 28] = [
    s(-20, -35),
    s(-15, -27),
    s(-11, -20),
    s(-8, -15),
    s(-6, -11),
    s(-4, -8),
    s(-2, -5),
    s(-1, -3),
    s(0, -1),
    s(1, 1),
    s(2, 3),
    s(3, 5),
    s(4, 7),
    s(5, 9),
    s(6, 11),
    s(7, 12),
    s(8, 13),
    s(9, 14),
    s(9, 15),
    s(10, 16),
    s(10, 17),
    s(11, 18),
    s(11, 19),
    s(12, 20),
    s(12, 20),
    s(13, 21),
    s(13, 21),
    s(14, 22),
];

// ---------------------------------------------------------------------------------------------
// King safety, attack side. The king zone is the king's square, its neighbours and the three squares
// two ranks in front. Every enemy knight, bishop, rook or queen that attacks the zone counts as an
// attacker and adds `KING_ATTACK_UNITS[kind]` attack units per zone square it attacks; a safe check
// (a checking square the piece reaches that the defender does not attack) adds `SAFE_CHECK_UNITS`.
// With at least `KING_DANGER_MIN_ATTACKERS` attackers, and an attacker who has a queen or at least
// `KING_DANGER_MIN_PHASE` of phase material, the defender loses
// `min(units * units / KING_DANGER_DIVISOR, KING_DANGER_MAX)` in the middlegame (the shape of the
// Chess Programming Wiki's safety table: quadratic, then flat).

/// Attack units per attacked king-zone square, by attacker kind (pawn to king).
pub const KING_ATTACK_UNITS: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// Attack units for having at least one safe check, by checking piece kind (pawn to king).
pub const SAFE_CHECK_UNITS: [i32; 6] = [0, 3, 2, 4, 4, 0];
/// Fewest zone attackers for the king-danger penalty to apply.
pub const KING_DANGER_MIN_ATTACKERS: i32 = 2;
/// Without a queen, the attacker needs this much phase material (minor 1, rook 2) for the penalty.
pub const KING_DANGER_MIN_PHASE: i32 = 6;
/// Divisor of the squared attack units.
pub const KING_DANGER_DIVISOR: i32 = 6;
/// Cap of the middlegame king-danger penalty, in centipawns.
pub const KING_DANGER_MAX: i32 = 500;

// ---------------------------------------------------------------------------------------------
// King safety, pawns. For the king's file and its two neighbours (the king on the a- or h-file is
// treated as on b or g): the shield, the storm and open files.

/// Own pawn in front of the king on its relative second rank.
pub const SHELTER_RANK2: S = s(10, 0);
/// Own pawn in front of the king on its relative third rank (and none on the second).
pub const SHELTER_RANK3: S = s(5, 0);
/// No own pawn in front of the king on its second or third rank.
pub const SHELTER_MISSING: S = s(-12, 0);
/// No own pawn at all on the file.
pub const KING_FILE_SEMI_OPEN: S = s(-8, 0);
/// No pawn of either colour on the file (on top of [`KING_FILE_SEMI_OPEN`]).
pub const KING_FILE_OPEN: S = s(-10, 0);
/// The nearest enemy pawn in front of the king on the file, by its rank relative to the defender,
/// when no own pawn stands right in front of it.
pub const STORM_UNBLOCKED: [S; 8] =
    [s(0, 0), s(-10, 0), s(-20, 0), s(-12, 0), s(-5, 0), s(0, 0), s(0, 0), s(0, 0)];
/// The same when an own pawn blocks it.
pub const STORM_BLOCKED: [S; 8] = [s(0, 0), s(0, 0), s(-6, 0), s(-3, 0), s(-1, 0), s(0, 0), s(0, 0), s(0, 0)];

// ---------------------------------------------------------------------------------------------
// Pawn structure.

/// A pawn with an own pawn in front of it on the same file (each one behind counts).
pub const DOUBLED: S = s(-10, -20);
/// A pawn with no own pawn on either neighbouring file.
pub const ISOLATED: S = s(-6, -12);
/// A pawn with no own pawn beside or behind it on the neighbouring files, whose stop square an
/// enemy pawn attacks (and not isolated, which is counted already).
pub const BACKWARD: S = s(-6, -10);
/// A pawn defended by an own pawn, by relative rank.
pub const SUPPORTED: [S; 8] = [s(0, 0), s(0, 0), s(6, 4), s(7, 5), s(10, 9), s(18, 18), s(30, 30), s(0, 0)];
/// A pawn with an own pawn beside it, by relative rank.
pub const PHALANX: [S; 8] = [s(0, 0), s(2, 0), s(4, 2), s(8, 6), s(16, 14), s(25, 25), s(40, 40), s(0, 0)];

// ---------------------------------------------------------------------------------------------
// Passed pawns: no enemy pawn in front on the same or a neighbouring file, and no own pawn in front.

/// Base bonus by relative rank.
pub const PASSED: [S; 8] = [s(0, 0), s(0, 5), s(2, 8), s(6, 18), s(18, 35), s(40, 65), s(60, 100), s(0, 0)];
/// Extra when no piece at all stands on the way to promotion.
pub const PASSED_FREE: [S; 8] = [s(0, 0), s(0, 0), s(0, 2), s(2, 6), s(4, 12), s(8, 25), s(12, 40), s(0, 0)];
/// Extra (a penalty) when the square in front is occupied.
pub const PASSED_BLOCKED: [S; 8] =
    [s(0, 0), s(0, 0), s(0, -2), s(-2, -5), s(-5, -10), s(-10, -20), s(-15, -30), s(0, 0)];
/// Endgame king proximity, by relative rank: the pawn gets `weight * (PASSED_KING_THEIRS *
/// distance(enemy king, stop square) - PASSED_KING_OURS * distance(own king, stop square))`, each
/// distance capped at 5.
pub const PASSED_KING_RANK_WEIGHT: [i32; 8] = [0, 0, 0, 1, 2, 3, 4, 0];
/// Endgame centipawns per square of the enemy king's distance to the stop square (times the weight).
pub const PASSED_KING_THEIRS: i32 = 4;
/// Endgame centipawns per square of the own king's distance to the stop square (times the weight).
pub const PASSED_KING_OURS: i32 = 2;
/// A passer the enemy king cannot catch (rule of the square) when the enemy has only pawns, and
/// nothing stands on its way.
pub const UNSTOPPABLE_PASSER: S = s(0, 200);

// ---------------------------------------------------------------------------------------------
// Pieces.

/// Bishops on both square colours.
pub const BISHOP_PAIR: S = s(25, 50);
/// Rook on a file with no pawn.
pub const ROOK_OPEN_FILE: S = s(25, 10);
/// Rook on a file with enemy pawns only.
pub const ROOK_SEMI_OPEN_FILE: S = s(12, 6);
/// Rook on the relative seventh rank while the enemy king is on the eighth or enemy pawns are on
/// the seventh.
pub const ROOK_ON_SEVENTH: S = s(15, 25);
/// Queen on the seventh, same condition.
pub const QUEEN_ON_SEVENTH: S = s(5, 15);
/// Knight on relative rank 4 to 6, defended by an own pawn, that no enemy pawn can ever attack.
pub const KNIGHT_OUTPOST: S = s(22, 12);
/// Bishop on such an outpost.
pub const BISHOP_OUTPOST: S = s(10, 4);

// ---------------------------------------------------------------------------------------------
// Threats, counted for the attacking side, per enemy piece.

/// Enemy knight, bishop, rook or queen attacked by one of our pawns.
pub const THREAT_BY_PAWN: S = s(40, 25);
/// Enemy rook or queen attacked by one of our knights or bishops.
pub const THREAT_BY_MINOR_ON_MAJOR: S = s(25, 15);
/// Enemy queen attacked by one of our rooks.
pub const THREAT_BY_ROOK_ON_QUEEN: S = s(25, 10);
/// Enemy knight, bishop, rook or queen that we attack and the enemy does not defend.
pub const HANGING: S = s(20, 10);
