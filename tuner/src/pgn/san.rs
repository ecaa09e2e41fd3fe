//! Standard algebraic notation read against the engine's own legal moves: the move is the one
//! legal move whose piece, destination, promotion and disambiguation the text names. Reading it
//! this way, rather than by a notation parser of its own, means an import can never hold a move
//! the engine would not play; a text that names no legal move, or more than one, is refused.

use engine::chess::{Move, MoveKind, PieceKind, Position};
use engine::Game;

/// The legal move `san` names in `position`, or why there is none.
pub fn parse(position: &Position, san: &str) -> Result<Move, String> {
    let text = san.trim_end_matches(['+', '#', '!', '?']);
    let mut moves = <Position as Game>::MoveList::default();
    position.generate_moves(&mut moves);
    if let Some(kingside) = castling_side(text) {
        let found: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|mv| mv.kind() == MoveKind::Castle && (mv.to().index() > mv.from().index()) == kingside)
            .collect();
        return single(san, &found);
    }
    let wanted = Wanted::read(text).ok_or_else(|| format!("{san:?} is not a move in SAN"))?;
    let found: Vec<Move> = moves.iter().copied().filter(|&mv| wanted.matches(position, mv)).collect();
    single(san, &found)
}

/// `O-O` (or `0-0`) is kingside, `O-O-O` queenside.
fn castling_side(text: &str) -> Option<bool> {
    match text {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    }
}

fn single(san: &str, found: &[Move]) -> Result<Move, String> {
    match found {
        [mv] => Ok(*mv),
        [] => Err(format!("{san:?} is not a legal move here")),
        _ => Err(format!("{san:?} is ambiguous here")),
    }
}

/// What a SAN text asks for.
#[derive(Debug, PartialEq, Eq)]
struct Wanted {
    kind: PieceKind,
    /// File 0..8 and rank 0..8 of the destination.
    to: (u8, u8),
    from_file: Option<u8>,
    from_rank: Option<u8>,
    promotion: Option<PieceKind>,
}

impl Wanted {
    /// `Nbd7`, `exd6`, `e8=Q`, `R1xa3`, `Qh4xe1`; `None` for text of another shape.
    fn read(text: &str) -> Option<Wanted> {
        let bytes = text.as_bytes();
        let (kind, rest) = match bytes.first()? {
            b'N' => (PieceKind::Knight, &bytes[1..]),
            b'B' => (PieceKind::Bishop, &bytes[1..]),
            b'R' => (PieceKind::Rook, &bytes[1..]),
            b'Q' => (PieceKind::Queen, &bytes[1..]),
            b'K' => (PieceKind::King, &bytes[1..]),
            _ => (PieceKind::Pawn, bytes),
        };
        // A promotion ends the text: `=Q`, or a bare `Q` after the rank.
        let (rest, promotion) = match rest.split_last() {
            Some((letter, head)) if kind == PieceKind::Pawn && letter.is_ascii_alphabetic() => {
                (head.strip_suffix(b"=").unwrap_or(head), Some(promotion_kind(*letter)?))
            }
            _ => (rest, None),
        };
        let [squares @ .., file @ b'a'..=b'h', rank @ b'1'..=b'8'] = rest else {
            return None;
        };
        let squares: Vec<u8> = squares.iter().copied().filter(|&b| b != b'x' && b != b'-').collect();
        let (from_file, from_rank) = match squares.as_slice() {
            [] => (None, None),
            [f @ b'a'..=b'h'] => (Some(f - b'a'), None),
            [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(f - b'a'), Some(r - b'1')),
            _ => return None,
        };
        Some(Wanted { kind, to: (file - b'a', rank - b'1'), from_file, from_rank, promotion })
    }

    fn matches(&self, position: &Position, mv: Move) -> bool {
        if mv.kind() == MoveKind::Castle {
            return false;
        }
        let (from, to) = (mv.from(), mv.to());
        position.piece_on(from).is_some_and(|piece| piece.kind() == self.kind)
            && (to.file(), to.rank()) == self.to
            && self.from_file.is_none_or(|file| from.file() == file)
            && self.from_rank.is_none_or(|rank| from.rank() == rank)
            && mv.promotion() == self.promotion
    }
}

fn promotion_kind(letter: u8) -> Option<PieceKind> {
    match letter.to_ascii_uppercase() {
        b'N' => Some(PieceKind::Knight),
        b'B' => Some(PieceKind::Bishop),
        b'R' => Some(PieceKind::Rook),
        b'Q' => Some(PieceKind::Queen),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci(fen: &str, san: &str) -> Result<String, String> {
        let position = Position::from_fen(fen).unwrap();
        parse(&position, san).map(|mv| mv.to_uci(false).as_str().to_string())
    }

    #[test]
    fn pieces_pawns_captures_and_checks() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(uci(start, "e4").as_deref(), Ok("e2e4"));
        assert_eq!(uci(start, "Nf3").as_deref(), Ok("g1f3"));
        assert_eq!(uci(start, "Nf3!?").as_deref(), Ok("g1f3"));
        assert!(uci(start, "e5").is_err(), "no pawn reaches e5");
        assert!(uci(start, "Ke2").is_err(), "a pawn stands there");
        assert!(uci(start, "xyz").is_err());
        let open = "r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3";
        assert_eq!(uci(open, "exd4").as_deref(), Ok("e5d4"));
        assert_eq!(uci(open, "Nxd4").as_deref(), Ok("c6d4"));
        assert_eq!(uci(open, "Bb4+").as_deref(), Ok("f8b4"));
    }

    #[test]
    fn disambiguation_castling_promotion_and_en_passant() {
        let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert!(uci(knights, "Nd2").is_err(), "two knights reach d2");
        assert_eq!(uci(knights, "Nbd2").as_deref(), Ok("b1d2"));
        assert_eq!(uci(knights, "Nfd2").as_deref(), Ok("f1d2"));
        let rooks = "4k3/R7/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(uci(rooks, "R1a3").as_deref(), Ok("a1a3"));
        assert_eq!(uci(rooks, "R7a3").as_deref(), Ok("a7a3"));
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(uci(castle, "O-O").as_deref(), Ok("e1g1"));
        assert_eq!(uci(castle, "O-O-O+").as_deref(), Ok("e1c1"));
        let promote = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(uci(promote, "a8=Q+").as_deref(), Ok("a7a8q"));
        assert_eq!(uci(promote, "axb8=N").as_deref(), Ok("a7b8n"));
        assert_eq!(uci(promote, "axb8R").as_deref(), Ok("a7b8r"));
        assert!(uci(promote, "a8").is_err(), "a promotion must say its piece");
        let passant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(uci(passant, "exd6").as_deref(), Ok("e5d6"));
    }
}
