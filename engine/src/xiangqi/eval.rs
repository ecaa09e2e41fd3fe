//! Static evaluation: material and piece-square tables tapered between middlegame and endgame by the
//! material left, king safety (missing advisors and elephants while the enemy has attackers) and a
//! tempo bonus; centipawns from the side to move, a pawn before the river = 100.
//!
//! Every weight is in [`weights`]; the tables are written from red's side as the board is drawn
//! (first row = rank 9, black's back rank; last row = rank 0), and read mirrored for black.

use super::movegen::horse_targets;
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
    /// The quiet-move count a cannon is worth zero at.
    pub const CANNON_QUIET_BASE: i32 = 8;

    /// Piece-square tables, middlegame, per kind, red's view (row 0 = rank 9).
    #[rustfmt::skip]
    pub const PSQT_MG: [[i16; 90]; 7] = [
        // King: at home, on the centre file.
        [
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, -30, -40, -30, 0, 0, 0,
            0, 0, 0, -10, -15, -10, 0, 0, 0,
            0, 0, 0, 0, 10, 0, 0, 0, 0,
        ],
        // Advisor: the palace centre is best.
        [
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, -5, 0, -5, 0, 0, 0,
            0, 0, 0, 0, 10, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
        ],
        // Elephant: the centre point of its half guards most.
        [
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, -5, 0, 0, 0, -5, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            -5, 0, 0, 0, 10, 0, 0, 0, -5,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
        ],
        // Horse: central and advanced, near the enemy palace; weak on the edge and at home.
        [
            4, 8, 16, 12, 4, 12, 16, 8, 4,
            4, 10, 28, 16, 8, 16, 28, 10, 4,
            12, 14, 16, 20, 18, 20, 16, 14, 12,
            8, 24, 18, 24, 20, 24, 18, 24, 8,
            6, 16, 14, 18, 16, 18, 14, 16, 6,
            4, 12, 16, 14, 12, 14, 16, 12, 4,
            2, 6, 8, 6, 10, 6, 8, 6, 2,
            4, 2, 8, 8, 4, 8, 8, 2, 4,
            0, 2, 4, 4, -2, 4, 4, 2, 0,
            0, -4, 0, 0, 0, 0, 0, -4, 0,
        ],
        // Rook: open and advanced files, the enemy's rank 7 and 8.
        [
            14, 14, 12, 18, 16, 18, 12, 14, 14,
            16, 20, 18, 24, 26, 24, 18, 20, 16,
            12, 12, 12, 18, 18, 18, 12, 12, 12,
            12, 18, 16, 22, 22, 22, 16, 18, 12,
            12, 14, 12, 18, 18, 18, 12, 14, 12,
            12, 16, 14, 20, 20, 20, 14, 16, 12,
            6, 10, 8, 14, 14, 14, 8, 10, 6,
            4, 8, 6, 14, 12, 14, 6, 8, 4,
            8, 4, 8, 16, 8, 16, 8, 4, 8,
            -2, 10, 6, 14, 12, 14, 6, 10, -2,
        ],
        // Cannon: the centre file and the back ranks (behind screens).
        [
            6, 4, 0, -10, -12, -10, 0, 4, 6,
            2, 2, 0, -4, -14, -4, 0, 2, 2,
            2, 2, 0, -10, -8, -10, 0, 2, 2,
            0, 0, -2, 4, 10, 4, -2, 0, 0,
            0, 0, 0, 2, 8, 2, 0, 0, 0,
            -2, 0, 4, 2, 6, 2, 4, 0, -2,
            0, 0, 0, 2, 4, 2, 0, 0, 0,
            4, 0, 8, 6, 10, 6, 8, 0, 4,
            0, 2, 4, 6, 6, 6, 4, 2, 0,
            0, 0, 2, 6, 6, 6, 2, 0, 0,
        ],
        // Pawn: worth about double once across the river, most near the enemy palace, little on the
        // last rank where it can only step sideways.
        [
            0, 3, 6, 9, 12, 9, 6, 3, 0,
            18, 36, 56, 80, 120, 80, 56, 36, 18,
            14, 26, 42, 60, 80, 60, 42, 26, 14,
            10, 20, 30, 34, 40, 34, 30, 20, 10,
            6, 12, 18, 18, 20, 18, 18, 12, 6,
            2, 0, 8, 0, 8, 0, 8, 0, 2,
            0, 0, -2, 0, 4, 0, -2, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0,
        ],
    ];

    /// Piece-square tables, endgame: the middlegame ones except the pawn (advanced pawns matter
    /// more, the centre less) and the king (free to step out).
    pub const PSQT_EG_PAWN: [i16; 10] = [0, 0, 0, 0, 0, 60, 70, 80, 80, 20];
}

use weights::*;

/// Exchange values per kind (SEE and capture ordering): the middlegame material.
pub const PIECE_VALUES: [i32; 7] = MATERIAL_MG;

/// Table index of `square` (0..90) for a piece of `color`.
#[inline(always)]
fn table_index(color: Color, square: usize) -> usize {
    let (file, rank) = (square % 9, square / 9);
    match color {
        Color::Red => (9 - rank) * 9 + file,
        Color::Black => rank * 9 + file,
    }
}

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

/// Mobility of `color`'s rooks, horses and cannons: (middlegame, endgame).
#[inline(always)]
fn mobility(position: &Position, color: Color) -> (i32, i32) {
    let own = position.pieces_of(color);
    let their = position.pieces_of(!color);
    let occupied = own | their;
    let (mut mg, mut eg) = (0, 0);
    let mut set = position.pieces(color, PieceKind::Rook);
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        let reach = tables::rook_reach(from, position.rank_occ[from / 9], position.file_occ[from % 9]);
        let count = (reach & !own).count_ones() as usize;
        mg += i32::from(ROOK_MOB_MG[count.min(17)]);
        eg += i32::from(ROOK_MOB_EG[count.min(17)]);
    }
    let mut set = position.pieces(color, PieceKind::Horse);
    while set != 0 {
        let from = set.trailing_zeros() as usize;
        set &= set - 1;
        let count = (horse_targets(from, occupied) & !own).count_ones() as usize;
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
    }
    (mg, eg)
}

/// Static evaluation, centipawns from the side to move.
pub fn evaluate(position: &Position) -> Score {
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    for color in Color::ALL {
        let side = color.index();
        for kind in PieceKind::ALL {
            let mut set = position.pieces(color, kind);
            while set != 0 {
                let square = set.trailing_zeros() as usize;
                set &= set - 1;
                let psqt = i32::from(PSQT_MG[kind.index()][table_index(color, square)]);
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
        let (m_mg, m_eg) = mobility(position, color);
        mg[side] += m_mg;
        eg[side] += m_eg;
        let enemy_attackers = attackers(position, !color).min(4);
        let missing_advisors = 2 - position.pieces(color, PieceKind::Advisor).count_ones() as i32;
        let missing_elephants = 2 - position.pieces(color, PieceKind::Elephant).count_ones() as i32;
        let exposure = missing_advisors * MISSING_ADVISOR + missing_elephants * MISSING_ELEPHANT;
        mg[side] -= exposure * enemy_attackers / 4;
        eg[side] -= exposure * enemy_attackers / 8;
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
