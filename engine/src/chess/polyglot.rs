//! The position as Polyglot's book key reads it ([`types::polyglot::Board`]). The formula and its
//! 781 constants are in `types`; this is the one place that says what a [`Position`] gives it, so
//! the shell's book reader and the tuner's book writer (`tuner book --game chess`) key positions
//! and code moves the same way, and neither keeps a copy. The search never uses it.

use super::moves::Move;
use super::position::{Position, LONG, SHORT};
use super::types::{Color, Square};
use types::polyglot::{self, Board, Piece};

impl Board for Position {
    fn piece_on(&self, square: u8) -> Option<Piece> {
        let piece = Position::piece_on(self, Square::from_index(square)?)?;
        Some(Piece { kind: piece.kind().index() as u8, white: piece.color() == Color::White })
    }

    fn castling_rook(&self, white: bool, short: bool) -> Option<u8> {
        let color = if white { Color::White } else { Color::Black };
        let rook = Position::castling_rook(self, color, if short { SHORT } else { LONG })?;
        Some(rook.index() as u8)
    }

    fn en_passant(&self) -> Option<u8> {
        Position::en_passant(self).map(|square| square.index() as u8)
    }

    fn white_to_move(&self) -> bool {
        self.side_to_move() == Color::White
    }
}

impl Position {
    /// The position's Polyglot key ([`types::polyglot::key`]); `None` for castling rights of a
    /// Chess960 setup, which the format cannot write.
    pub fn polyglot_key(&self) -> Option<u64> {
        polyglot::key(self)
    }
}

/// The Polyglot code of `mv`: castling as king takes rook (the engine's own castling move goes to
/// the rook's square, as the format writes it), the promotion's kind as its number.
pub fn polyglot_move(mv: Move) -> u16 {
    let promotion = mv.promotion().map_or(0, |kind| kind.index() as u8);
    polyglot::move_code(mv.from().index() as u8, mv.to().index() as u8, promotion)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::movegen::{generate_moves, ChessMoveList};
    use crate::chess::types::PieceKind;

    #[test]
    fn every_legal_move_s_code_reads_back_as_its_uci_text_in_king_takes_rook_notation() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "8/P6k/8/8/8/8/p6K/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ];
        for fen in fens {
            let position = Position::from_fen(fen).unwrap();
            let mut moves = ChessMoveList::new();
            generate_moves(&position, &mut moves);
            for &mv in moves.iter() {
                let (from, to, promotion) = polyglot::move_parts(polyglot_move(mv)).unwrap();
                let (from, to) = (Square::from_index(from).unwrap(), Square::from_index(to).unwrap());
                let letter = ["", "n", "b", "r", "q"][promotion as usize];
                let text = std::format!("{from}{to}{letter}");
                assert_eq!(text, mv.to_uci(true).as_str(), "{fen}");
            }
        }
        let start = Position::startpos();
        assert_eq!(start.polyglot_key(), Some(0x463b96181691fc9c));
        assert_eq!(PieceKind::Queen.index(), 4, "promotion codes are the kinds' numbers");
    }
}
