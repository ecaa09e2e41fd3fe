//! Static evaluation, tapered between middlegame and endgame by the material left: material and
//! piece-square tables, mobility of rooks, horses (legs open) and cannons, king safety (attack units
//! on the palace, empty-headed and central cannons, a rook on the king's file, missing advisors and
//! elephants), threats (hanging pieces, pawn attacks, a rook attacked by a horse or cannon) and a
//! tempo bonus; centipawns from the side to move, a pawn before the river = 100. Each term was kept
//! by a match (`docs/matches.md`).
//!
//! Every weight is in [`weights`]; the piece-square tables are drawn from red's side as the board is
//! drawn (top row rank 9, black's back rank) and `macros::piece_square_table!` stores them per colour
//! (black's mirrored) in the engine's square order.

use super::movegen::{elephant_targets, horse_targets};
use super::position::Position;
use super::tables;
use super::types::{Color, PieceKind};
use crate::score::Score;

/// Every number the evaluation uses.
pub mod weights {
    /// Middlegame material per kind (king, advisor, elephant, horse, rook, cannon, pawn).
    pub const MATERIAL_MG: [i32; 7] = [0, 200, 200, 400, 950, 450, 100];
    /// Endgame material per kind.
    pub const MATERIAL_EG: [i32; 7] = [0, 200, 200, 450, 1000, 420, 150];
    /// Phase weight per kind: the middlegame fraction is `phase / PHASE_MAX`.
    pub const PHASE: [i32; 7] = [0, 0, 0, 1, 2, 1, 0];
    /// The phase of the full initial material (2 x (2 horses + 2 x 2 rooks + 2 cannons)).
    pub const PHASE_MAX: i32 = 16;
    /// Penalty per missing advisor, scaled by the enemy's attackers (out of 4).
    pub const MISSING_ADVISOR: i32 = 30;
    /// Penalty per missing elephant, scaled by the enemy's attackers (out of 4).
    pub const MISSING_ELEPHANT: i32 = 25;
    /// Bonus of the side to move.
    pub const TEMPO: i32 = 10;

    /// Rook mobility (squares reached, own pieces excluded), by count, middlegame and endgame.
    pub const ROOK_MOB_MG: [i16; 18] =
        [-40, -32, -24, -16, -10, -5, 0, 4, 8, 11, 14, 17, 19, 21, 23, 25, 26, 27];
    /// Rook mobility, endgame.
    pub const ROOK_MOB_EG: [i16; 18] =
        [-50, -40, -30, -20, -12, -6, 0, 5, 10, 14, 18, 21, 24, 26, 28, 30, 31, 32];
    /// Horse mobility (open legs onto squares not held by its own side), by count.
    pub const HORSE_MOB_MG: [i16; 9] = [-50, -28, -10, 0, 8, 14, 18, 21, 24];
    /// Horse mobility, endgame.
    pub const HORSE_MOB_EG: [i16; 9] = [-60, -32, -12, 0, 8, 14, 18, 21, 24];
    /// Cannon: per quiet move (empty squares along its lines) and per enemy piece it can take.
    pub const CANNON_QUIET: (i32, i32) = (2, 2);
    /// Cannon: per enemy piece it can take.
    pub const CANNON_CAPTURE: (i32, i32) = (6, 4);
    /// King attack units per attacker hitting the enemy palace (king, advisor, elephant, horse,
    /// rook, cannon, pawn), plus one per palace square hit.
    pub const ATTACK_UNITS: [i32; 7] = [0, 0, 0, 3, 4, 3, 2];
    /// Extra attack units per missing defending advisor.
    pub const ATTACK_MISSING_ADVISOR: i32 = 2;
    /// King danger = units^2 / this divisor (middlegame), counted with at least two attackers.
    pub const ATTACK_DIVISOR: i32 = 4;
    /// Cap of the king danger.
    pub const ATTACK_MAX: i32 = 400;
    /// Enemy cannon on the king's file with nothing between (empty-headed cannon).
    pub const EMPTY_CANNON: (i32, i32) = (80, 30);
    /// Enemy cannon on the king's file with two pieces between (central cannon pressure).
    pub const CENTRAL_CANNON: (i32, i32) = (20, 5);
    /// Enemy rook on the king's file with one piece between.
    pub const ROOK_PIN_FILE: (i32, i32) = (15, 10);
    /// Per enemy piece (not the king) attacked and not defended.
    pub const HANGING: (i32, i32) = (30, 20);
    /// Per enemy horse, cannon or rook attacked by a pawn.
    pub const PAWN_THREAT: (i32, i32) = (40, 30);
    /// Per enemy rook attacked by a horse or cannon.
    pub const MINOR_ON_ROOK: (i32, i32) = (40, 30);
    /// The quiet-move count a cannon is worth zero at.
    pub const CANNON_QUIET_BASE: i32 = 8;

    // Piece-square tables, middlegame, drawn from red's side (top row rank 9, left column file a);
    // `piece_square_table!` stores them per colour in the engine's square order.
    macros::piece_square_table! {
        /// King: at home, on the centre file.
        pub const KING_MG: [[i16; 90]; 2] = [
            [  0   0   0   0   0   0   0   0   0]  // rank 9
            [  0   0   0   0   0   0   0   0   0]  // rank 8
            [  0   0   0   0   0   0   0   0   0]  // rank 7
            [  0   0   0   0   0   0   0   0   0]  // rank 6
            [  0   0   0   0   0   0   0   0   0]  // rank 5
            [  0   0   0   0   0   0   0   0   0]  // rank 4
            [  0   0   0   0   0   0   0   0   0]  // rank 3
            [  0   0   0 -30 -40 -30   0   0   0]  // rank 2
            [  0   0   0 -10 -15 -10   0   0   0]  // rank 1
            [  0   0   0   0  10   0   0   0   0]  // rank 0
        ];
    }

    macros::piece_square_table! {
        /// Advisor: the palace centre is best.
        pub const ADVISOR_MG: [[i16; 90]; 2] = [
            [ 0  0  0  0  0  0  0  0  0]  // rank 9
            [ 0  0  0  0  0  0  0  0  0]  // rank 8
            [ 0  0  0  0  0  0  0  0  0]  // rank 7
            [ 0  0  0  0  0  0  0  0  0]  // rank 6
            [ 0  0  0  0  0  0  0  0  0]  // rank 5
            [ 0  0  0  0  0  0  0  0  0]  // rank 4
            [ 0  0  0  0  0  0  0  0  0]  // rank 3
            [ 0  0  0 -5  0 -5  0  0  0]  // rank 2
            [ 0  0  0  0 10  0  0  0  0]  // rank 1
            [ 0  0  0  0  0  0  0  0  0]  // rank 0
        ];
    }

    macros::piece_square_table! {
        /// Elephant: the centre point of its half guards most.
        pub const ELEPHANT_MG: [[i16; 90]; 2] = [
            [ 0  0  0  0  0  0  0  0  0]  // rank 9
            [ 0  0  0  0  0  0  0  0  0]  // rank 8
            [ 0  0  0  0  0  0  0  0  0]  // rank 7
            [ 0  0  0  0  0  0  0  0  0]  // rank 6
            [ 0  0  0  0  0  0  0  0  0]  // rank 5
            [ 0  0 -5  0  0  0 -5  0  0]  // rank 4
            [ 0  0  0  0  0  0  0  0  0]  // rank 3
            [-5  0  0  0 10  0  0  0 -5]  // rank 2
            [ 0  0  0  0  0  0  0  0  0]  // rank 1
            [ 0  0  0  0  0  0  0  0  0]  // rank 0
        ];
    }

    macros::piece_square_table! {
        /// Horse: central and advanced, near the enemy palace; weak on the edge and at home.
        pub const HORSE_MG: [[i16; 90]; 2] = [
            [ 4  8 16 12  4 12 16  8  4]  // rank 9
            [ 4 10 28 16  8 16 28 10  4]  // rank 8
            [12 14 16 20 18 20 16 14 12]  // rank 7
            [ 8 24 18 24 20 24 18 24  8]  // rank 6
            [ 6 16 14 18 16 18 14 16  6]  // rank 5
            [ 4 12 16 14 12 14 16 12  4]  // rank 4
            [ 2  6  8  6 10  6  8  6  2]  // rank 3
            [ 4  2  8  8  4  8  8  2  4]  // rank 2
            [ 0  2  4  4 -2  4  4  2  0]  // rank 1
            [ 0 -4  0  0  0  0  0 -4  0]  // rank 0
        ];
    }

    macros::piece_square_table! {
        /// Rook: open and advanced files, the enemy's rank 7 and 8.
        pub const ROOK_MG: [[i16; 90]; 2] = [
            [14 14 12 18 16 18 12 14 14]  // rank 9
            [16 20 18 24 26 24 18 20 16]  // rank 8
            [12 12 12 18 18 18 12 12 12]  // rank 7
            [12 18 16 22 22 22 16 18 12]  // rank 6
            [12 14 12 18 18 18 12 14 12]  // rank 5
            [12 16 14 20 20 20 14 16 12]  // rank 4
            [ 6 10  8 14 14 14  8 10  6]  // rank 3
            [ 4  8  6 14 12 14  6  8  4]  // rank 2
            [ 8  4  8 16  8 16  8  4  8]  // rank 1
            [-2 10  6 14 12 14  6 10 -2]  // rank 0
        ];
    }

    macros::piece_square_table! {
        /// Cannon: the centre file and the back ranks (behind screens).
        pub const CANNON_MG: [[i16; 90]; 2] = [
            [  6   4   0 -10 -12 -10   0   4   6]  // rank 9
            [  2   2   0  -4 -14  -4   0   2   2]  // rank 8
            [  2   2   0 -10  -8 -10   0   2   2]  // rank 7
            [  0   0  -2   4  10   4  -2   0   0]  // rank 6
            [  0   0   0   2   8   2   0   0   0]  // rank 5
            [ -2   0   4   2   6   2   4   0  -2]  // rank 4
            [  0   0   0   2   4   2   0   0   0]  // rank 3
            [  4   0   8   6  10   6   8   0   4]  // rank 2
            [  0   2   4   6   6   6   4   2   0]  // rank 1
            [  0   0   2   6   6   6   2   0   0]  // rank 0
        ];
    }

    macros::piece_square_table! {
        /// last rank where it can only step sideways.
        pub const PAWN_MG: [[i16; 90]; 2] = [
            [  0   3   6   9  12   9   6   3   0]  // rank 9
            [ 18  36  56  80 120  80  56  36  18]  // rank 8
            [ 14  26  42  60  80  60  42  26  14]  // rank 7
            [ 10  20  30  34  40  34  30  20  10]  // rank 6
            [  6  12  18  18  20  18  18  12   6]  // rank 5
            [  2   0   8   0   8   0   8   0   2]  // rank 4
            [  0   0  -2   0   4   0  -2   0   0]  // rank 3
            [  0   0   0   0   0   0   0   0   0]  // rank 2
            [  0   0   0   0   0   0   0   0   0]  // rank 1
            [  0   0   0   0   0   0   0   0   0]  // rank 0
        ];
    }

    /// The middlegame tables per kind, as `[kind][colour][square]`.
    pub const PSQT_MG: [[[i16; 90]; 2]; 7] =
        [KING_MG, ADVISOR_MG, ELEPHANT_MG, HORSE_MG, ROOK_MG, CANNON_MG, PAWN_MG];

    /// Piece-square tables, endgame: the middlegame ones except the pawn (advanced pawns matter
    /// more, the centre less) and the king (free to step out).
    pub const PSQT_EG_PAWN: [i16; 10] = [0, 0, 0, 0, 0, 60, 70, 80, 80, 20];
}

use weights::*;

/// Exchange values per kind (SEE and capture ordering): the middlegame material.
pub const PIECE_VALUES: [i32; 7] = MATERIAL_MG;

/// Attacking pieces of `color`: rooks, horses, cannons and pawns across the river.
fn attackers(position: &Position, color: Color) -> i32 {
    let crossed = match color {
        Color::Red => !((1u128 << 45) - 1),
        Color::Black => (1u128 << 45) - 1,
    };
    let pieces = position.pieces(color, PieceKind::Rook)
        | position.pieces(color, PieceKind::Horse)
        | position.pieces(color, PieceKind::Cannon)
        | (position.pieces(color, PieceKind::Pawn) & crossed);
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

/// Threats of the side that attacks as `ours` against `color`'s pieces, defended as `theirs`:
/// (middlegame, endgame), for the attacking side.
#[inline(always)]
fn threats(position: &Position, color: Color, ours: &Attacks, theirs: &Attacks) -> (i32, i32) {
    let targets = position.pieces_of(color) & !position.pieces(color, PieceKind::King);
    let hanging = (targets & ours.all & !theirs.all).count_ones() as i32;
    let majors = position.pieces(color, PieceKind::Rook);
    let minors = position.pieces(color, PieceKind::Horse) | position.pieces(color, PieceKind::Cannon);
    let by_pawn = ((majors | minors) & ours.by_pawn).count_ones() as i32;
    let on_rook = (majors & ours.by_minor).count_ones() as i32;
    (
        hanging * HANGING.0 + by_pawn * PAWN_THREAT.0 + on_rook * MINOR_ON_ROOK.0,
        hanging * HANGING.1 + by_pawn * PAWN_THREAT.1 + on_rook * MINOR_ON_ROOK.1,
    )
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

/// Mobility of `color`'s rooks, horses and cannons and their attack on the enemy king:
/// (middlegame, endgame).
#[inline(always)]
fn mobility(position: &Position, color: Color) -> (i32, i32, Attacks) {
    let mut attacks = Attacks::default();
    let own = position.pieces_of(color);
    let their = position.pieces_of(!color);
    let occupied = own | their;
    let zone = palace(!color);
    let mut units = 0;
    let mut attackers = 0;
    let (mut mg, mut eg) = (0, 0);
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
        mg += i32::from(ROOK_MOB_MG[count.min(17)]);
        eg += i32::from(ROOK_MOB_EG[count.min(17)]);
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
        mg += i32::from(HORSE_MOB_MG[count.min(8)]);
        eg += i32::from(HORSE_MOB_EG[count.min(8)]);
    }
    let mut set = position.pieces(color, PieceKind::Cannon);
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        let (rank_occ, file_occ) = (position.rank_occ[from / 9], position.file_occ[from % 9]);
        let quiet = (tables::rook_reach(from, rank_occ, file_occ) & !occupied).count_ones() as i32
            - CANNON_QUIET_BASE;
        let captures = (tables::cannon_captures(from, rank_occ, file_occ) & their).count_ones() as i32;
        mg += quiet * CANNON_QUIET.0 + captures * CANNON_CAPTURE.0;
        eg += quiet * CANNON_QUIET.1 + captures * CANNON_CAPTURE.1;
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
            0 => {
                mg += EMPTY_CANNON.0;
                eg += EMPTY_CANNON.1;
            }
            2 => {
                mg += CENTRAL_CANNON.0;
                eg += CENTRAL_CANNON.1;
            }
            _ => {}
        }
    }
    let mut set = position.pieces(color, PieceKind::Rook) & line;
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        if between(from) == 1 {
            mg += ROOK_PIN_FILE.0;
            eg += ROOK_PIN_FILE.1;
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
        mg += danger;
        eg += danger / 4;
    }
    (mg, eg, attacks)
}

/// Static evaluation, centipawns from the side to move.
pub fn evaluate(position: &Position) -> Score {
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    let mut attacks = [Attacks::default(); 2];
    for color in Color::ALL {
        let side = color.index();
        for kind in PieceKind::ALL {
            let mut set = position.pieces(color, kind);
            while set != 0 {
                let square = set.trailing_zeros() as usize;
                set &= set - 1;
                let psqt = i32::from(PSQT_MG[kind.index()][side][square]);
                mg[side] += MATERIAL_MG[kind.index()] + psqt;
                eg[side] += MATERIAL_EG[kind.index()];
                eg[side] += match kind {
                    PieceKind::Pawn => {
                        let relative = if color == Color::Red { square / 9 } else { 9 - square / 9 };
                        i32::from(PSQT_EG_PAWN[relative]) + psqt / 2
                    }
                    PieceKind::King => 0,
                    _ => psqt,
                };
                phase += PHASE[kind.index()];
            }
        }
        let (m_mg, m_eg, side_attacks) = mobility(position, color);
        attacks[side] = side_attacks;
        mg[side] += m_mg;
        eg[side] += m_eg;
        let enemy_attackers = attackers(position, !color).min(4);
        let missing_advisors = 2 - position.pieces(color, PieceKind::Advisor).count_ones() as i32;
        let missing_elephants = 2 - position.pieces(color, PieceKind::Elephant).count_ones() as i32;
        let exposure = missing_advisors * MISSING_ADVISOR + missing_elephants * MISSING_ELEPHANT;
        mg[side] -= exposure * enemy_attackers / 4;
        eg[side] -= exposure * enemy_attackers / 8;
    }
    for color in Color::ALL {
        let side = color.index();
        let (t_mg, t_eg) = threats(position, !color, &attacks[side], &attacks[1 - side]);
        mg[side] += t_mg;
        eg[side] += t_eg;
    }
    let phase = phase.min(PHASE_MAX);
    let red = ((mg[0] - mg[1]) * phase + (eg[0] - eg[1]) * (PHASE_MAX - phase)) / PHASE_MAX;
    let score = if position.side_to_move() == Color::Red { red } else { -red };
    Score(score + TEMPO)
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
