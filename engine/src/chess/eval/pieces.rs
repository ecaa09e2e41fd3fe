//! Piece terms: mobility (and, on the way, every piece's attack set and its attacks on the enemy king
//! ring), the bishop pair, bishops among their own pawns, minors behind pawns, rooks on open files,
//! rooks and queens on the seventh, outposts, threats, space.

use super::geometry::{
    backward, file_fill, fill_backward, fill_forward, forward, pawn_attacks, relative_rank, LIGHT_SQUARES,
};
use super::info::EvalInfo;
use super::terms::{Sink, Term};
use super::weights::*;
use crate::chess::bitboard::Bitboard;
use crate::chess::position::Position;
use crate::chess::tables;
use crate::chess::types::{Color, PieceKind};

/// d4, e4, d5, e5.
const CENTRE: Bitboard = Bitboard(macros::board_mask!(
    chess, "........", "........", "........", "...xx...", "...xx...", "........", "........", "........",
));

/// Files c to f.
const CENTRE_FILES: Bitboard = Bitboard(macros::board_mask!(
    chess, "..xxxx..", "..xxxx..", "..xxxx..", "..xxxx..", "..xxxx..", "..xxxx..", "..xxxx..", "..xxxx..",
));

/// Files c to f on relative ranks 2 to 4, where space counts, for White and Black.
const SPACE_AREA: [Bitboard; 2] = [
    Bitboard(macros::board_mask!(
        chess, "........", "........", "........", "........", "..xxxx..", "..xxxx..", "..xxxx..",
        "........",
    )),
    Bitboard(macros::board_mask!(
        chess, "........", "..xxxx..", "..xxxx..", "..xxxx..", "........", "........", "........",
        "........",
    )),
];

/// Relative ranks 4 to 6, where outposts count, for White and Black.
const OUTPOST_RANKS: [Bitboard; 2] = [
    Bitboard(macros::board_mask!(
        chess, "........", "........", "xxxxxxxx", "xxxxxxxx", "xxxxxxxx", "........", "........",
        "........",
    )),
    Bitboard(macros::board_mask!(
        chess, "........", "........", "........", "xxxxxxxx", "xxxxxxxx", "xxxxxxxx", "........",
        "........",
    )),
];

/// Mobility, attack sets and king-ring attacks of `us`, and the piece placement terms.
#[inline(always)]
pub(super) fn pieces<K: Sink>(position: &Position, info: &mut EvalInfo, us: Color, sink: &mut K) {
    let them = !us;
    let occupied = info.occupied;
    let area = !(position.pieces_of(us) | info.pawn_attacks[them.index()]);
    let enemy_ring = info.king_ring[them.index()];
    let enemy_king_near = tables::king_attacks(info.king[them.index()]);
    let own_pawn_attacks = info.pawn_attacks[us.index()];
    let own_king_attacks = tables::king_attacks(info.king[us.index()]);
    let mut attackers = (enemy_ring & own_pawn_attacks).count() as i32;
    let mut weight = 0;
    let mut king_attacks = 0;
    let mut attacked_by = [Bitboard::EMPTY; 6];
    attacked_by[PieceKind::Pawn.index()] = own_pawn_attacks;
    attacked_by[PieceKind::King.index()] = own_king_attacks;
    let mut all = own_pawn_attacks | own_king_attacks;
    let mut twice = info.pawn_attacks_twice[us.index()] | (own_pawn_attacks & own_king_attacks);

    // One loop body per kind; the table and the attack function are the only differences.
    macro_rules! piece_loop {
        ($kind:expr, $table:expr, $attacks:expr) => {
            for square in position.pieces(us, $kind) {
                let attacks: Bitboard = $attacks(square);
                attacked_by[$kind.index()] |= attacks;
                twice |= all & attacks;
                all |= attacks;
                sink.add(us, Term::Mobility, $table.at((attacks & area).count() as usize), 1);
                if (attacks & enemy_ring).non_empty() {
                    attackers += 1;
                    weight += KING_ATTACKER_WEIGHT[$kind.index()];
                    king_attacks += (attacks & enemy_king_near).count() as i32;
                }
            }
        };
    }
    piece_loop!(PieceKind::Knight, MOBILITY_KNIGHT, tables::knight_attacks);
    piece_loop!(PieceKind::Bishop, MOBILITY_BISHOP, |square| tables::bishop_attacks(square, occupied));
    piece_loop!(PieceKind::Rook, MOBILITY_ROOK, |square| tables::rook_attacks(square, occupied));
    piece_loop!(PieceKind::Queen, MOBILITY_QUEEN, |square| {
        tables::bishop_attacks(square, occupied) | tables::rook_attacks(square, occupied)
    });

    info.attacked_by[us.index()] = attacked_by;
    info.attacked[us.index()] = all;
    info.attacked_twice[us.index()] = twice;
    info.ring_attackers[us.index()] = attackers;
    info.ring_weight[us.index()] = weight;
    info.king_attacks[us.index()] = king_attacks;

    let bishops = position.pieces(us, PieceKind::Bishop);
    if (bishops & LIGHT_SQUARES).non_empty() && (bishops & !LIGHT_SQUARES).non_empty() {
        sink.add(us, Term::BishopPair, BISHOP_PAIR, 1);
    }

    // Minor pieces: a bishop among its own pawns, minors behind pawns.
    let own_pawns = info.pawns[us.index()];
    let knights = position.pieces(us, PieceKind::Knight);
    if bishops.non_empty() {
        let blocked_centre = (own_pawns & CENTRE_FILES & backward(us, occupied)).count() as i32;
        for square in bishops {
            let colour = if LIGHT_SQUARES.contains(square) { LIGHT_SQUARES } else { !LIGHT_SQUARES };
            let hemmed = (own_pawns & colour).count() as i32 * (1 + blocked_centre);
            sink.add(us, Term::Minors, BISHOP_PAWNS, hemmed);
        }
    }
    let behind_pawns = ((knights | bishops) & backward(us, info.pawns[0] | info.pawns[1])).count() as i32;
    sink.add(us, Term::Minors, MINOR_BEHIND_PAWN, behind_pawns);

    // Rooks on open and half-open files; rooks and queens on the seventh.
    let rooks = position.pieces(us, PieceKind::Rook);
    let queens = position.pieces(us, PieceKind::Queen);
    if rooks.non_empty() {
        let pawn_files = file_fill(info.pawns[0] | info.pawns[1]);
        let own_pawn_files = file_fill(info.pawns[us.index()]);
        sink.add(us, Term::RooksQueens, ROOK_OPEN_FILE, (rooks & !pawn_files).count() as i32);
        let semi_open = (rooks & pawn_files & !own_pawn_files).count() as i32;
        sink.add(us, Term::RooksQueens, ROOK_SEMI_OPEN_FILE, semi_open);
    }
    let seventh = relative_rank(us, 6);
    if ((rooks | queens) & seventh).non_empty()
        && (relative_rank(us, 7).contains(info.king[them.index()])
            || (info.pawns[them.index()] & seventh).non_empty())
    {
        sink.add(us, Term::RooksQueens, ROOK_ON_SEVENTH, (rooks & seventh).count() as i32);
        sink.add(us, Term::RooksQueens, QUEEN_ON_SEVENTH, (queens & seventh).count() as i32);
    }

    // Outposts: defended by an own pawn, out of reach of every enemy pawn now and later.
    let enemy_pawn_reach = fill_forward(them, info.pawn_attacks[them.index()]);
    let outposts = OUTPOST_RANKS[us.index()] & info.pawn_attacks[us.index()] & !enemy_pawn_reach;
    let reachable = attacked_by[PieceKind::Knight.index()] & outposts & !position.pieces_of(us);
    sink.add(us, Term::Outposts, REACHABLE_OUTPOST, reachable.count() as i32);
    let knights = (knights & outposts).count() as i32;
    let on_outposts = (bishops & outposts).count() as i32;
    if knights + on_outposts > 0 {
        sink.add(us, Term::Outposts, KNIGHT_OUTPOST, knights);
        sink.add(us, Term::Outposts, BISHOP_OUTPOST, on_outposts);
    }

    // Bishops on a long diagonal, looking through everything but pawns at the centre.
    let pawns = info.pawns[0] | info.pawns[1];
    for square in bishops {
        if (tables::bishop_attacks(square, pawns) & CENTRE).has_more_than_one() {
            sink.add(us, Term::Minors, LONG_DIAGONAL_BISHOP, 1);
        }
    }
}

/// Threats by `us`: enemy pieces attacked by our pawns, by lesser pieces or weakly defended,
/// pieces a pawn push would attack, squares the enemy cannot use freely, and squares from which
/// the enemy queen could be attacked next move.
#[inline(always)]
pub(super) fn threats<K: Sink>(position: &Position, info: &EvalInfo, us: Color, sink: &mut K) {
    let them = !us;
    let ours = &info.attacked_by[us.index()];
    let theirs = &info.attacked_by[them.index()];
    let queens = position.pieces(them, PieceKind::Queen);
    let enemies = position.pieces_of(them);
    let enemy_pawns = info.pawns[them.index()];
    let non_pawn_enemies = enemies & !enemy_pawns & !Bitboard::from_square(info.king[them.index()]);
    let attacked = non_pawn_enemies & info.attacked[us.index()];
    let by_pawn = (attacked & ours[PieceKind::Pawn.index()]).count() as i32;
    let hanging = (attacked & !info.attacked[them.index()]).count() as i32;

    // Stockfish's strongly protected and weak pieces.
    let strongly_protected = info.pawn_attacks[them.index()]
        | (info.attacked_twice[them.index()] & !info.attacked_twice[us.index()]);
    let weak = (enemy_pawns | non_pawn_enemies) & !strongly_protected & info.attacked[us.index()];
    let minors = ours[PieceKind::Knight.index()] | ours[PieceKind::Bishop.index()];
    let by_minor = ((non_pawn_enemies & strongly_protected) | weak) & minors;
    let by_rook = weak & ours[PieceKind::Rook.index()];
    if (by_minor | by_rook).non_empty() {
        for kind in [PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen]
        {
            let victims = position.pieces(them, kind);
            sink.add(
                us,
                Term::Threats,
                THREAT_BY_MINOR.at(kind.index()),
                (by_minor & victims).count() as i32,
            );
            sink.add(us, Term::Threats, THREAT_BY_ROOK.at(kind.index()), (by_rook & victims).count() as i32);
        }
    }
    sink.add(
        us,
        Term::Threats,
        THREAT_BY_KING,
        i32::from((weak & ours[PieceKind::King.index()]).non_empty()),
    );
    sink.add(
        us,
        Term::Threats,
        WEAK_QUEEN_PROTECTION,
        (weak & theirs[PieceKind::Queen.index()]).count() as i32,
    );
    let restricted = info.attacked[them.index()] & !strongly_protected & info.attacked[us.index()];
    sink.add(us, Term::Threats, RESTRICTED_PIECE, restricted.count() as i32);

    // Pieces a pawn would attack after a safe push (no enemy pawn attacks the square, and the enemy
    // does not attack it unless we do too), not attacked by a pawn already.
    let empty = !info.occupied;
    let single = forward(us, info.pawns[us.index()]) & empty;
    let pushed = single | (forward(us, single & relative_rank(us, 2)) & empty);
    let safe = !info.pawn_attacks[them.index()] & (info.attacked[us.index()] | !info.attacked[them.index()]);
    let push_targets = pawn_attacks(us, pushed & safe) & non_pawn_enemies & !ours[PieceKind::Pawn.index()];
    sink.add(us, Term::Threats, THREAT_BY_PAWN_PUSH, push_targets.count() as i32);
    sink.add(us, Term::Threats, THREAT_BY_PAWN, by_pawn);
    sink.add(us, Term::Threats, HANGING, hanging);

    // Squares from which a piece of ours would attack the lone enemy queen next move.
    if queens.non_empty() && !queens.has_more_than_one() {
        let queen = queens.first_square();
        let safe = !(position.pieces_of(us) | info.pawn_attacks[them.index()]) & !strongly_protected;
        let knight_squares = ours[PieceKind::Knight.index()] & tables::knight_attacks(queen);
        sink.add(us, Term::Threats, KNIGHT_ON_QUEEN, (knight_squares & safe).count() as i32);
        let slider_squares = (ours[PieceKind::Bishop.index()] & tables::bishop_attacks(queen, info.occupied))
            | (ours[PieceKind::Rook.index()] & tables::rook_attacks(queen, info.occupied));
        let slider_squares = slider_squares & safe & info.attacked_twice[us.index()];
        sink.add(us, Term::Threats, SLIDER_ON_QUEEN, slider_squares.count() as i32);
    }
}

/// Space for `us`: safe squares behind and beside the centre pawns, worth more with more pieces on
/// the board (Stockfish's classical term).
#[inline(always)]
pub(super) fn space<K: Sink>(position: &Position, info: &EvalInfo, us: Color, sink: &mut K) {
    let them = !us;
    let own_pawns = info.pawns[us.index()];
    let safe = SPACE_AREA[us.index()] & !own_pawns & !info.pawn_attacks[them.index()];
    let behind = fill_backward(us, backward(us, own_pawns));
    let bonus = safe.count() as i32 + (behind & safe & !info.attacked[them.index()]).count() as i32;
    let blocked = 2 * (forward(Color::White, info.pawns[0]) & info.pawns[1]).count() as i32;
    let weight = position.pieces_of(us).count() as i32 - 3 + blocked.min(9);
    sink.add(us, Term::Space, SPACE, bonus * weight * weight / 64);
}
