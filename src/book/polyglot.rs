//! Chess in the book record: Polyglot's key and move code, as the Polyglot book format
//! specification (Fabien Letouzey's Polyglot, documented by Michel Van den Bergh as "Polyglot book
//! format") defines them, so any Polyglot `.bin` book works. The formula and its constants are in
//! [`types::polyglot`], shared with the tuner that writes the embedded book.
//!
//! The move: to file bits 0-2, to rank 3-5, from file 6-8, from rank 9-11, promotion 12-14 (0 none,
//! 1 knight, 2 bishop, 3 rook, 4 queen). Castling is written king-takes-rook (`e1h1`, `e1a1`,
//! `e8h8`, `e8a8`), which [`Position::parse_uci_move`] accepts as castling; every entry's move goes
//! through it, so a move that is not legal in the position is skipped.
//!
//! A position whose castling rights the format cannot write (a Chess960 setup: a castling rook off
//! its corner, a king off the e-file) has no key, and no book is asked for it.
//!
//! [`DEFAULT`] is the small book built by `tuner book --game chess` from the engine's own
//! searches (docs/book.md says how), embedded in the shell: UCI's `OwnBook` uses it while `Book
//! File` names no file.

use super::store::{Book, BookGame};
use engine::chess::{Position, Square};

/// The embedded default chess book, a Polyglot `.bin`.
pub const DEFAULT: &[u8] = include_bytes!("../../engine/data/chess_book.bin");

/// The embedded default book, read.
pub fn default_book() -> Book {
    Book::from_bytes(DEFAULT).expect("the embedded chess book is a whole number of entries")
}

impl BookGame for Position {
    type Move = engine::chess::Move;

    fn book_key(&self) -> Option<u64> {
        polyglot_key(self)
    }

    fn legal_book_move(&self, raw: u16) -> Option<Self::Move> {
        polyglot_move_text(raw).and_then(|text| self.parse_uci_move(&text))
    }
}

/// The Polyglot key of `position` ([`types::polyglot::key`]): `None` for castling rights of a
/// Chess960 setup.
pub fn polyglot_key(position: &Position) -> Option<u64> {
    position.polyglot_key()
}

/// The UCI text of a Polyglot move (`e1h1` for castling, as the book writes it), or `None` for a
/// promotion code the format does not define.
pub fn polyglot_move_text(raw: u16) -> Option<String> {
    let (from, to, promotion) = types::polyglot::move_parts(raw)?;
    let (from, to) = (Square::from_index(from)?, Square::from_index(to)?);
    Some(format!("{from}{to}{}", ["", "n", "b", "r", "q"][usize::from(promotion)]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use engine::Game;
    use types::polyglot::{EN_PASSANT, RANDOM64};

    fn after(moves: &str) -> Position {
        let mut position = Position::startpos();
        for text in moves.split_whitespace() {
            let mv = position.parse_uci_move(text).unwrap_or_else(|| panic!("{text} is legal"));
            position.make_move(mv);
        }
        position
    }

    fn fen(text: &str) -> Position {
        Position::from_fen(text).expect("a valid FEN")
    }

    /// The test vectors of the Polyglot book format specification, by moves and by FEN.
    #[test]
    fn keys_match_the_specification() {
        let vectors = [
            ("", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c),
            ("e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196),
            (
                "e2e4 d7d5",
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
                0x0756b94461c50fb0,
            ),
            (
                "e2e4 d7d5 e4e5",
                "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
                0x662fafb965db29d4,
            ),
            (
                "e2e4 d7d5 e4e5 f7f5",
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                0x22a48b5a8e47ff78,
            ),
            (
                "e2e4 d7d5 e4e5 f7f5 e1e2",
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3",
                0x652a607ca3f242c1,
            ),
            (
                "e2e4 d7d5 e4e5 f7f5 e1e2 e8f7",
                "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4",
                0x00fdd303c946bdd9,
            ),
            (
                "a2a4 b7b5 h2h4 b5b4 c2c4",
                "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3",
                0x3c8123ea7b067637,
            ),
            // The specification lists this one as "... b4c3 a1a2", but its FEN (and so its key) has
            // the rook on a3: the move list has a typo, the FEN is what the key was computed from.
            (
                "a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3",
                "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4",
                0x5c3f9b829b279560,
            ),
        ];
        for (moves, fen_text, key) in vectors {
            assert_eq!(polyglot_key(&after(moves)), Some(key), "after {moves:?}: {:#018x}", key);
            assert_eq!(polyglot_key(&fen(fen_text)), Some(key), "{fen_text}");
        }
    }

    #[test]
    fn en_passant_counts_only_with_a_pawn_beside_the_double_step() {
        // After e2e4 no black pawn can take on e3: the FEN square is there, the key ignores it.
        let with = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        let without = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(polyglot_key(&with), polyglot_key(&without));
        // A capture that would expose the king still counts: the specification asks only that a pawn
        // stand beside the one that double-stepped (python-chess agrees: 0xc33927fd99431141).
        let pinned = fen("4K3/8/8/8/k2pP2R/8/8/8 b - e3 0 1");
        let unmarked = fen("4K3/8/8/8/k2pP2R/8/8/8 b - - 0 1");
        assert_eq!(polyglot_key(&pinned), Some(0xc33927fd99431141));
        assert_eq!(
            polyglot_key(&pinned).unwrap(),
            polyglot_key(&unmarked).unwrap() ^ RANDOM64[EN_PASSANT + 4]
        );
        // Edge files: a pawn on the a- or h-file has only one neighbour.
        let h_file = fen("4k3/8/8/6Pp/8/8/8/4K3 w - h6 0 1");
        let h_unmarked = fen("4k3/8/8/6Pp/8/8/8/4K3 w - - 0 1");
        assert_eq!(
            polyglot_key(&h_file).unwrap(),
            polyglot_key(&h_unmarked).unwrap() ^ RANDOM64[EN_PASSANT + 7]
        );
    }

    /// One entry as the file stores it.
    fn entry_bytes(key: u64, text: &str, weight: u16) -> Vec<u8> {
        let square = |at: usize| {
            let bytes = text.as_bytes();
            u16::from(bytes[at] - b'a') | u16::from(bytes[at + 1] - b'1') << 3
        };
        let promotion = match text.as_bytes().get(4) {
            None => 0,
            Some(b'n') => 1,
            Some(b'b') => 2,
            Some(b'r') => 3,
            Some(b'q') => 4,
            Some(other) => panic!("promotion {}", *other as char),
        };
        let raw = square(2) | square(0) << 6 | promotion << 12;
        let mut bytes = key.to_be_bytes().to_vec();
        bytes.extend(raw.to_be_bytes());
        bytes.extend(weight.to_be_bytes());
        bytes.extend(0u32.to_be_bytes());
        bytes
    }

    #[test]
    fn moves_decode_as_the_specification_lays_them_out() {
        // e2e4: to e4 (file 4, rank 3), from e2 (file 4, rank 1).
        assert_eq!(polyglot_move_text(4 | 3 << 3 | 4 << 6 | 1 << 9).as_deref(), Some("e2e4"));
        assert_eq!(polyglot_move_text(7 << 3 | 1 << 9 | 1 << 12).as_deref(), Some("a2a8n"));
        assert_eq!(polyglot_move_text(7 | 4 << 6 | 4 << 12).as_deref(), Some("e1h1q"));
        assert_eq!(polyglot_move_text(5 << 12), None);
        let book = Book::from_bytes(&entry_bytes(1, "h7h8r", 1)).unwrap();
        assert_eq!(polyglot_move_text(book.entries(1)[0].raw_move).as_deref(), Some("h7h8r"));
    }

    #[test]
    fn lookup_finds_every_entry_of_a_key_and_nothing_else() {
        let start = polyglot_key(&Position::startpos()).unwrap();
        let mut bytes = Vec::new();
        for (key, text, weight) in
            [(start - 1, "a2a3", 9), (start, "e2e4", 3), (start, "d2d4", 1), (start + 1, "h2h4", 9)]
        {
            bytes.extend(entry_bytes(key, text, weight));
        }
        let book = Book::from_bytes(&bytes).unwrap();
        assert_eq!(book.len(), 4);
        assert_eq!(book.entries(start).len(), 2);
        assert!(book.entries(0).is_empty() && book.entries(u64::MAX).is_empty());
        let position = Position::startpos();
        let texts: Vec<String> =
            book.moves(&position).iter().map(|m| position.move_text(m.mv).to_string()).collect();
        assert_eq!(texts, ["e2e4", "d2d4"]);
    }

    #[test]
    fn illegal_zero_weight_and_duplicate_entries() {
        let position = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let key = polyglot_key(&position).unwrap();
        let mut bytes = Vec::new();
        for (text, weight) in [("e1h1", 2), ("e1g1", 3), ("e1e3", 50), ("a1a8", 0), ("e1a1", 1)] {
            bytes.extend(entry_bytes(key, text, weight));
        }
        let book = Book::from_bytes(&bytes).unwrap();
        let moves = book.moves(&position);
        let texts: Vec<(String, u32)> =
            moves.iter().map(|m| (position.move_text(m.mv).to_string(), m.weight)).collect();
        // King-takes-rook and king-to-g1 are one castling move; e1e3 is illegal; a1a8 has no weight.
        assert_eq!(texts, [("e1g1".to_string(), 5), ("e1c1".to_string(), 1)]);
    }

    #[test]
    fn bad_books_are_refused_and_unsorted_ones_sorted() {
        assert!(Book::from_bytes(&[0; 17]).unwrap_err().contains("17 bytes"));
        assert_eq!(Book::from_bytes(&[]).unwrap().len(), 0);
        let mut bytes = entry_bytes(5, "e2e4", 1);
        bytes.extend(entry_bytes(2, "d2d4", 1));
        let book = Book::from_bytes(&bytes).unwrap();
        assert_eq!(book.entries(5).len(), 1);
        assert_eq!(book.entries(2).len(), 1);
        assert!(Book::load("/nonexistent/book.bin").unwrap_err().contains("cannot read"));
    }

    #[test]
    fn choices_follow_the_weights() {
        let position = Position::startpos();
        let key = polyglot_key(&position).unwrap();
        let mut bytes = entry_bytes(key, "e2e4", 3);
        bytes.extend(entry_bytes(key, "d2d4", 1));
        let book = Book::from_bytes(&bytes).unwrap();
        let mut rng = Rng::seeded(7);
        let mut e4 = 0;
        for _ in 0..4000 {
            let choice = book.choose(&position, &mut rng).unwrap();
            assert_eq!(choice.total, 4);
            if position.move_text(choice.mv).as_str() == "e2e4" {
                assert_eq!(choice.weight, 3);
                e4 += 1;
            }
        }
        assert!((2800..3200).contains(&e4), "e2e4 {e4} times of 4000 at 3:1");
        // The same seed draws the same moves.
        let draws = |seed| {
            let mut rng = Rng::seeded(seed);
            (0..32).map(|_| book.choose(&position, &mut rng).unwrap().mv).collect::<Vec<_>>()
        };
        assert_eq!(draws(11), draws(11));
        assert!(book.choose(&after("e2e4"), &mut rng).is_none());
    }

    #[test]
    fn the_embedded_book_is_a_tree_of_legal_moves_from_the_start() {
        // The builder grows the book from the start position by its own moves, so walking the
        // book's moves from the start must reach every entry, each a legal move where it is filed.
        let book = default_book();
        assert!(book.len() > 1000, "{} entries", book.len());
        assert!(DEFAULT.len() <= 64 << 10, "small: {} bytes", DEFAULT.len());
        let mut frontier = vec![Position::startpos()];
        let mut seen = std::collections::HashSet::new();
        let mut reached = 0;
        while let Some(position) = frontier.pop() {
            let key = polyglot_key(&position).expect("standard chess has Polyglot keys");
            if !seen.insert(key) {
                continue;
            }
            for entry in book.entries(key) {
                let mv = position.legal_book_move(entry.raw_move).unwrap_or_else(|| panic!("{entry:?}"));
                // The code is the one Polyglot writes for the move (castling as king takes rook).
                assert_eq!(engine::chess::polyglot_move(mv), entry.raw_move);
                reached += 1;
                let mut next = position;
                next.make_move(mv);
                frontier.push(next);
            }
        }
        assert_eq!(reached, book.len(), "every entry is reached from the start position");
        let start = book.moves(&Position::startpos());
        assert!((2..=3).contains(&start.len()), "{start:?}");
    }

    #[test]
    fn a_chess960_setup_has_no_key_and_gets_no_book_move() {
        let chess960 = fen("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1");
        assert_eq!(polyglot_key(&chess960), None);
        assert!(default_book().moves(&chess960).is_empty());
        // Its rights gone, the same pieces have a key (not one of the book's).
        let without = fen("nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w - - 0 1");
        assert!(polyglot_key(&without).is_some());
        // The standard start with Chess960 notation is the standard position.
        let mut standard = Position::startpos();
        standard.set_chess960(true);
        assert_eq!(polyglot_key(&standard), Some(0x463b96181691fc9c));
    }
}
