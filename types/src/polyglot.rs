//! Polyglot's chess book key and move code, as the Polyglot book format specification defines
//! them (Fabien Letouzey's Polyglot, documented by Michel Van den Bergh as "Polyglot book format").
//! They live here, beside the book record ([`crate::book`]), because two programs must agree on
//! them to the bit: the shell's reader (`OwnBook`, `Book File`, the embedded chess book) and the
//! tuner's writer (`tuner book --game chess`). A book the tuner writes is then a valid Polyglot
//! `.bin` that any Polyglot reader finds its moves in, and the shell reads any Polyglot book.
//!
//! The key is computed over a [`Board`], the few facts of a position it reads, so this crate needs
//! no position type; the engine's chess position describes itself as one.
//!
//! The move: to-square in bits 0-5 (file in 0-2, rank in 3-5), from-square in bits 6-11, the
//! promotion in bits 12-14 (0 none, 1 knight, 2 bishop, 3 rook, 4 queen). Castling is written king
//! takes rook (`e1h1`, `e1a1`, `e8h8`, `e8a8`).

mod random64;

pub use random64::RANDOM64;

/// Offset of the castling constants in [`RANDOM64`]: white short, white long, black short, black
/// long.
pub const CASTLING: usize = 768;
/// Offset of the en-passant file constants, a..h.
pub const EN_PASSANT: usize = 772;
/// Index of the White-to-move constant.
pub const TURN: usize = 780;

/// A piece as the key counts it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    /// Pawn 0, knight 1, bishop 2, rook 3, queen 4, king 5 (the promotion codes use the same
    /// numbers).
    pub kind: u8,
    /// White's piece.
    pub white: bool,
}

/// The king's kind.
const KING: u8 = 5;
/// The pawn's kind.
const PAWN: u8 = 0;

impl Piece {
    /// The specification's `kind_of_piece`: black pawn 0, white pawn 1, black knight 2, ... white
    /// king 11.
    const fn kind_of_piece(self) -> usize {
        2 * self.kind as usize + self.white as usize
    }
}

/// A chess position as the key reads it. Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
pub trait Board {
    /// The piece on `square`.
    fn piece_on(&self, square: u8) -> Option<Piece>;
    /// The square of the rook that castles for White (`white`) or Black on the king's side
    /// (`short`) or the queen's, if that right is held.
    fn castling_rook(&self, white: bool, short: bool) -> Option<u8>;
    /// The en-passant square as FEN writes it, whether or not a pawn can take there.
    fn en_passant(&self) -> Option<u8>;
    /// White is to move.
    fn white_to_move(&self) -> bool;
}

/// The Polyglot key of `board`: the XOR of the [`RANDOM64`] constants of its pieces, castling
/// rights, en-passant file (only when a pawn of the side to move stands next to the pawn that just
/// made a double step, whether or not the capture is legal) and, with White to move, the turn.
///
/// `None` for a position the format cannot write: a castling right whose rook is not in its corner
/// or whose king is not on the e-file (a Chess960 setup). The format has only the four standard
/// rights, so such a position has no key of its own; giving it the standard rights' constants
/// would file it under keys it does not own. No Polyglot book holds it, and no book is asked.
pub fn key(board: &impl Board) -> Option<u64> {
    let mut key = 0;
    for square in 0..64u8 {
        if let Some(piece) = board.piece_on(square) {
            key ^= RANDOM64[64 * piece.kind_of_piece() + square as usize];
        }
    }
    for (right, (white, short)) in
        [(true, true), (true, false), (false, true), (false, false)].into_iter().enumerate()
    {
        let Some(rook) = board.castling_rook(white, short) else { continue };
        let home = if white { 0 } else { 56 };
        let corner = if short { home + 7 } else { home };
        if rook != corner || board.piece_on(home + 4) != Some(Piece { kind: KING, white }) {
            return None;
        }
        key ^= RANDOM64[CASTLING + right];
    }
    if let Some(file) = en_passant_file(board) {
        key ^= RANDOM64[EN_PASSANT + file as usize];
    }
    if board.white_to_move() {
        key ^= RANDOM64[TURN];
    }
    Some(key)
}

/// The en-passant file as the key counts it: the FEN's en-passant square's, if a pawn of the side
/// to move stands beside the pawn that skipped it.
fn en_passant_file(board: &impl Board) -> Option<u8> {
    let target = board.en_passant()?;
    let (file, rank) = (target % 8, target / 8);
    let white = board.white_to_move();
    // The pawn that double-stepped stands one rank past the target, seen from the side that moved it.
    let pawn_rank = if white { rank.checked_sub(1)? } else { rank + 1 };
    if pawn_rank > 7 {
        return None;
    }
    let ours = Some(Piece { kind: PAWN, white });
    let beside = [file.checked_sub(1), (file < 7).then_some(file + 1)];
    beside.into_iter().flatten().any(|beside| board.piece_on(8 * pawn_rank + beside) == ours).then_some(file)
}

/// The code of the move from square `from` to `to` (castling as king takes rook) promoting to
/// `promotion` (0 none, 1 knight, 2 bishop, 3 rook, 4 queen).
pub const fn move_code(from: u8, to: u8, promotion: u8) -> u16 {
    (to as u16 & 63) | (from as u16 & 63) << 6 | (promotion as u16 & 7) << 12
}

/// The from-square, to-square and promotion of a move code; `None` for a promotion code the
/// format does not define (5 to 7). Bit 15 is not read.
pub const fn move_parts(raw: u16) -> Option<(u8, u8, u8)> {
    let promotion = (raw >> 12 & 7) as u8;
    if promotion > 4 {
        return None;
    }
    Some(((raw >> 6 & 63) as u8, (raw & 63) as u8, promotion))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board from a FEN's fields, enough for the tests.
    struct Fen {
        squares: [Option<Piece>; 64],
        castling: [Option<u8>; 4],
        en_passant: Option<u8>,
        white: bool,
    }

    impl Fen {
        fn new(placement: &str, white: bool, castling: [Option<u8>; 4], en_passant: Option<u8>) -> Fen {
            let mut squares = [None; 64];
            for (row, text) in placement.split('/').enumerate() {
                let mut file = 0;
                for letter in text.bytes() {
                    if letter.is_ascii_digit() {
                        file += letter - b'0';
                        continue;
                    }
                    let kind = b"pnbrqk".iter().position(|&k| k == letter.to_ascii_lowercase()).unwrap();
                    let piece = Piece { kind: kind as u8, white: letter.is_ascii_uppercase() };
                    squares[8 * (7 - row) + file as usize] = Some(piece);
                    file += 1;
                }
            }
            Fen { squares, castling, en_passant, white }
        }
    }

    impl Board for Fen {
        fn piece_on(&self, square: u8) -> Option<Piece> {
            self.squares[square as usize]
        }
        fn castling_rook(&self, white: bool, short: bool) -> Option<u8> {
            self.castling[2 * usize::from(!white) + usize::from(!short)]
        }
        fn en_passant(&self) -> Option<u8> {
            self.en_passant
        }
        fn white_to_move(&self) -> bool {
            self.white
        }
    }

    const ALL: [Option<u8>; 4] = [Some(7), Some(0), Some(63), Some(56)];

    #[test]
    fn the_specification_s_start_and_en_passant_vectors() {
        let start = Fen::new("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", true, ALL, None);
        assert_eq!(key(&start), Some(0x463b96181691fc9c));
        // After e2e4: the FEN's e3 has no black pawn beside e4, so the key ignores it.
        let e4 = Fen::new("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", false, ALL, Some(20));
        assert_eq!(key(&e4), Some(0x823c9b50fd114196));
        // After e2e4 d7d5 e4e5 f7f5: exf6 is possible, f6 counts.
        let f5 = Fen::new("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR", true, ALL, Some(45));
        assert_eq!(key(&f5), Some(0x22a48b5a8e47ff78));
    }

    #[test]
    fn castling_rights_off_the_standard_squares_have_no_key() {
        let placement = "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN";
        let chess960 = Fen::new(placement, true, [Some(6), Some(1), Some(62), Some(57)], None);
        assert_eq!(key(&chess960), None);
        // Without the rights the same pieces have a key: no castling constant is ambiguous.
        assert!(key(&Fen::new(placement, true, [None; 4], None)).is_some());
        // A king off the e-file with its rooks in the corners (position 518 is the standard one).
        let king_on_f =
            Fen::new("rnbq1knr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR", true, [Some(7), None, None, None], None);
        assert_eq!(key(&king_on_f), None);
    }

    #[test]
    fn move_codes_lay_out_as_the_specification_says() {
        // e2e4: to e4 = 28, from e2 = 12.
        assert_eq!(move_code(12, 28, 0), 4 | 3 << 3 | 4 << 6 | 1 << 9);
        assert_eq!(move_parts(move_code(48, 56, 1)), Some((48, 56, 1)));
        assert_eq!(move_parts(move_code(4, 7, 0)), Some((4, 7, 0)));
        for from in 0..64 {
            for to in 0..64 {
                for promotion in 0..5 {
                    assert_eq!(move_parts(move_code(from, to, promotion)), Some((from, to, promotion)));
                }
            }
        }
        assert_eq!(move_parts(5 << 12), None);
        assert_eq!(move_parts(1 << 15 | move_code(12, 28, 0)), Some((12, 28, 0)));
    }
}
