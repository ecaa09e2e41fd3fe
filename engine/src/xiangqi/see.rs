//! Static exchange evaluation on one square, xiangqi style.
//!
//! The swap list (as in chess's `see.rs`): the least valuable attacker of the side to recapture takes,
//! again and again, on a shrinking occupancy; the gains are folded back with minimax because either
//! side may stop. Xiangqi's attack sets depend on the occupancy in more ways than chess's (a cannon
//! needs exactly one screen, a horse an empty leg, an elephant an empty eye), so the attackers are
//! recomputed from scratch over the current occupancy at every capture: a cannon whose screen left is
//! dropped, one that gained a screen is added, a horse whose leg emptied joins. Pins, checks and the
//! flying general are ignored; a king takes only when no enemy attacker remains.

use super::eval::PIECE_VALUES;
use super::movegen::elephant_targets;
use super::moves::Move;
use super::position::Position;
use super::tables::{self, file_bits, rank_bits};
use super::types::{Color, PieceKind};

const MAX_CAPTURES: usize = 34;

/// Attackers are taken cheapest first.
const BY_VALUE: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Advisor,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Cannon,
    PieceKind::Rook,
    PieceKind::King,
];

/// Value of a piece kind in exchanges.
#[inline(always)]
fn value(kind: PieceKind) -> i32 {
    PIECE_VALUES[kind.index()]
}

/// Every piece of either colour on `occupied` that attacks `square` given that occupancy.
pub fn attackers_to(position: &Position, square: usize, occupied: u128) -> u128 {
    let both = |kind: PieceKind| position.pieces(Color::Red, kind) | position.pieces(Color::Black, kind);
    let (rank_occ, file_occ) = (rank_bits(occupied, square / 9), file_bits(occupied, square % 9));
    let mut attackers = tables::rook_reach(square, rank_occ, file_occ) & both(PieceKind::Rook);
    attackers |= tables::cannon_captures(square, rank_occ, file_occ) & both(PieceKind::Cannon);
    let horses = both(PieceKind::Horse);
    for &(leg, set) in &tables::HORSE_ATTACKERS[square] {
        if leg != 255 && occupied >> leg & 1 == 0 {
            attackers |= set & horses;
        }
    }
    for color in Color::ALL {
        attackers |= tables::PAWN_ATTACKERS[color.index()][square] & position.pieces(color, PieceKind::Pawn);
    }
    attackers |= tables::ADVISOR_STEPS[square] & both(PieceKind::Advisor);
    attackers |= elephant_targets(square, occupied) & both(PieceKind::Elephant);
    attackers |= tables::KING_STEPS[square] & both(PieceKind::King);
    attackers & occupied
}

/// True if `mv` wins at least `threshold` ([`PIECE_VALUES`]) once the exchange on its target square
/// is played out. `mv` must be pseudo-legal in `position`.
pub fn see_at_least(position: &Position, mv: Move, threshold: i32) -> bool {
    let (from, to) = (mv.from().index(), mv.to().index());
    let Some(mover) = position.board[from] else { return threshold <= 0 };
    let captured = position.board[to].map_or(0, |piece| value(piece.kind()));
    if captured < threshold {
        return false;
    }
    if captured - value(mover.kind()) >= threshold {
        return true;
    }
    let mut occupied = position.occupied() & !(1u128 << from);
    let mut gains = [0i32; MAX_CAPTURES];
    gains[0] = captured;
    let mut on_square = value(mover.kind());
    let mut depth = 0;
    let mut side = !position.side_to_move();
    while depth + 1 < MAX_CAPTURES {
        let attackers = attackers_to(position, to, occupied);
        let ours = attackers & position.pieces_of(side);
        let Some((kind, square)) = BY_VALUE.iter().find_map(|&kind| {
            let set = ours & position.pieces(side, kind);
            (set != 0).then(|| (kind, set.trailing_zeros() as usize))
        }) else {
            break;
        };
        if kind == PieceKind::King && attackers & position.pieces_of(!side) != 0 {
            break;
        }
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = value(kind);
        occupied &= !(1u128 << square);
        side = !side;
    }
    while depth > 0 {
        gains[depth - 1] = gains[depth - 1].min(-gains[depth]);
        depth -= 1;
    }
    gains[0] >= threshold
}
