//! Static exchange evaluation. Placeholder with the final interface (being replaced by the full
//! swap algorithm).

use super::eval::PIECE_VALUES;
use super::moves::Move;
use super::position::Position;

/// True if `mv` wins at least `threshold` centipawns once the exchange on its target square is
/// played out with the least valuable attackers first.
pub fn see_at_least(position: &Position, mv: Move, threshold: i32) -> bool {
    let gain = position.piece_on(mv.to()).map_or(0, |piece| PIECE_VALUES[piece.kind().index()]);
    gain >= threshold
}
