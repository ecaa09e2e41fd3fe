//! Static exchange evaluation: what a capture wins once both sides have recaptured on its target
//! square for as long as it pays, each always with its least valuable attacker.
//!
//! The swap-list algorithm (Chess Programming Wiki, "SEE - The Swap Algorithm"; Stockfish's `see_ge`
//! answers the same question): collect every attacker of the square once, then repeatedly take the
//! least valuable attacker of the side to recapture out of a shrinking occupancy, adding the sliders
//! that its departure uncovers behind it (x-rays through pawns, bishops, rooks, queens and kings). The
//! gains are recorded in a fixed array and folded back with minimax, because either side may stop
//! recapturing when continuing would lose.
//!
//! Rules the exchange follows:
//! - A capture onto the first or last rank by a pawn promotes to a queen and gains queen minus pawn;
//!   the move under test may be any promotion, capture or not.
//! - En passant takes the pawn beside the target square (and uncovers whatever stood behind it).
//! - Castling never loses material: it is "at least `threshold`" exactly when `threshold <= 0`.
//! - A king may recapture only if the square is no longer attacked once it has taken.
//! - Pins and checks are ignored: a pinned piece recaptures as if it were free, and a side in check
//!   may recapture instead of answering the check. This is the usual simplification; it costs a few
//!   misjudged exchanges and keeps the routine to a handful of table lookups.
//!
//! Everything is on the stack; there is no allocation and no make/unmake.

use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind};
use super::position::Position;
use super::tables;
use super::types::{Color, PieceKind, Square, PIECE_VALUES};

const PAWN_VALUE: i32 = PIECE_VALUES[PieceKind::Pawn.index()];
const QUEEN_VALUE: i32 = PIECE_VALUES[PieceKind::Queen.index()];

/// First and last ranks: a pawn landing there promotes.
const BACK_RANKS: Bitboard = Bitboard(macros::board_mask!(
    chess, "xxxxxxxx", "........", "........", "........", "........", "........", "........", "xxxxxxxx",
));

/// The longest exchange: every other piece on the board takes once.
const MAX_CAPTURES: usize = 32;

/// The least valuable piece of `side` among `attackers`, with its kind.
#[inline(always)]
fn least_valuable(position: &Position, attackers: Bitboard, side: Color) -> Option<(PieceKind, Square)> {
    let ours = attackers & position.pieces_of(side);
    if ours.is_empty() {
        return None;
    }
    PieceKind::ALL.into_iter().find_map(|kind| {
        let set = ours & position.pieces_of_kind(kind);
        set.non_empty().then(|| (kind, set.first_square()))
    })
}

/// The sliders that attack `to` through `from`, the square a piece has just left, given the new
/// occupancy. Only the slider kinds that move along the line from `to` through `from` are looked
/// up; a knight's square is on no such line and uncovers nothing.
#[inline(always)]
fn uncovered(position: &Position, to: Square, from: Square, occupied: Bitboard) -> Bitboard {
    let queens = position.pieces_of_kind(PieceKind::Queen);
    if from.file() == to.file() || from.rank() == to.rank() {
        tables::rook_attacks(to, occupied) & (position.pieces_of_kind(PieceKind::Rook) | queens)
    } else if tables::line(to, from).non_empty() {
        tables::bishop_attacks(to, occupied) & (position.pieces_of_kind(PieceKind::Bishop) | queens)
    } else {
        Bitboard::EMPTY
    }
}

/// True if `mv` wins at least `threshold` centipawns ([`PIECE_VALUES`]) once the exchange on its
/// target square is played out, each side recapturing with its least valuable attacker and stopping
/// when that pays better. `mv` must be legal (or at least pseudo-legal) in `position`.
pub fn see_at_least(position: &Position, mv: Move, threshold: i32) -> bool {
    let from = mv.from();
    let to = mv.to();
    let mut occupied = position.occupied() ^ Bitboard::from_square(from);
    let (captured, promotion_gain, on_square) = match mv.kind() {
        MoveKind::Castle => return threshold <= 0,
        MoveKind::EnPassant => {
            let captured_square = Square::new(to.file(), from.rank()).unwrap_or(to);
            occupied ^= Bitboard::from_square(captured_square);
            (PAWN_VALUE, 0, PAWN_VALUE)
        }
        _ => {
            let captured = position.piece_on(to).map_or(0, |piece| PIECE_VALUES[piece.kind().index()]);
            match mv.promotion() {
                Some(kind) => (captured, PIECE_VALUES[kind.index()] - PAWN_VALUE, PIECE_VALUES[kind.index()]),
                None => {
                    let mover = position.piece_on(from).map_or(0, |piece| PIECE_VALUES[piece.kind().index()]);
                    (captured, 0, mover)
                }
            }
        }
    };
    occupied |= Bitboard::from_square(to);

    // Quick answers. The mover cannot end up with more than it takes now, since the opponent may
    // simply not recapture; and it cannot end up with less than that minus its piece (and minus a
    // promotion, if the opponent recaptures with a pawn onto a back rank), since after one recapture
    // it may stop.
    let gain = captured + promotion_gain;
    if gain < threshold {
        return false;
    }
    let promotes = BACK_RANKS.contains(to);
    let worst_recapture = on_square + if promotes { QUEEN_VALUE - PAWN_VALUE } else { 0 };
    if gain - worst_recapture >= threshold {
        return true;
    }

    // gains[d]: the material balance, from the point of view of the side making capture d, if the
    // exchange stops right after it.
    let mut gains = [0i32; MAX_CAPTURES];
    gains[0] = gain;
    let mut on_square = on_square;
    let mut depth = 0;
    let mut side = !position.side_to_move();
    let mut attackers = position.attackers_to(to, occupied);
    while depth + 1 < MAX_CAPTURES {
        attackers &= occupied;
        let Some((kind, square)) = least_valuable(position, attackers, side) else { break };
        let remaining = occupied ^ Bitboard::from_square(square);
        let revealed = uncovered(position, to, square, remaining);
        if kind == PieceKind::King
            && ((attackers | revealed) & remaining & position.pieces_of(!side)).non_empty()
        {
            // The king may not take into an attacked square; it was this side's last attacker.
            break;
        }
        let promotion = if kind == PieceKind::Pawn && promotes { QUEEN_VALUE - PAWN_VALUE } else { 0 };
        depth += 1;
        gains[depth] = on_square + promotion - gains[depth - 1];
        on_square = if promotion != 0 { QUEEN_VALUE } else { PIECE_VALUES[kind.index()] };
        occupied = remaining;
        attackers |= revealed;
        side = !side;
    }
    // Fold back: the side about to make capture d takes it only if that beats stopping.
    while depth > 0 {
        gains[depth - 1] = gains[depth - 1].min(-gains[depth]);
        depth -= 1;
    }
    gains[0] >= threshold
}
