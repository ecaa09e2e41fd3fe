//! Xiangqi in the book record: the key is the engine's own Zobrist key of the position
//! (`Position::hash`: the pieces on their squares and the side to move, from the tables
//! `tablegen` generates; the move clocks are not part of it), and the move is the board's square
//! indices, `9 * rank + file` with a0 = 0 and i9 = 89 (ranks from red's side): the from-square in
//! bits 0-6, the to-square in bits 7-13, bits 14-15 zero ([`types::book::xiangqi_move`]). `h2e2`
//! is `25 | 22 << 7`.
//!
//! A code that names no squares of the board, or a move that is not among the position's legal
//! moves (a corrupt book, a key collision), is skipped. Only legal moves are played, so a book move
//! never breaks the repetition rules any more than a legal move may: the game's arbiter judges it
//! as it judges any move.
//!
//! [`DEFAULT`] is the small book built by `tuner book --game xiangqi` from the engine's own
//! searches (docs/book.md says how), embedded in the shell: UCCI's `usebook` uses it where
//! `bookfiles` names it (`<embedded>`, the default).

use super::store::{Book, BookGame};
use engine::xiangqi::{Move, Position, Square};
use engine::Game;

/// The embedded default xiangqi book.
pub const DEFAULT: &[u8] = include_bytes!("../../engine/data/xiangqi_book.bin");

/// The embedded default book, read.
pub fn default_book() -> Book {
    Book::from_bytes(DEFAULT).expect("the embedded xiangqi book is a whole number of entries")
}

/// The book code of `mv`.
pub fn encode(mv: Move) -> u16 {
    types::book::xiangqi_move(mv.from().index() as u8, mv.to().index() as u8)
}

/// The move `raw` names, whether legal or not; `None` if it names no squares of the board.
pub fn decode(raw: u16) -> Option<Move> {
    let (from, to) = types::book::xiangqi_squares(raw)?;
    Some(Move::new(Square::from_index(from)?, Square::from_index(to)?))
}

impl BookGame for Position {
    type Move = Move;

    fn book_key(&self) -> Option<u64> {
        Some(self.hash())
    }

    fn legal_book_move(&self, raw: u16) -> Option<Move> {
        let mv = decode(raw)?;
        let mut legal = <Position as Game>::MoveList::default();
        self.generate_moves(&mut legal);
        legal.contains(&mv).then_some(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::store::choose;
    use crate::rng::Rng;
    use engine::GameText;
    use types::book::Entry;

    fn after(moves: &str) -> Position {
        let mut position = Position::start_position();
        for text in moves.split_whitespace() {
            let mv = position.parse_move_text(text).unwrap_or_else(|| panic!("{text} is legal"));
            position.make_move(mv);
        }
        position
    }

    fn image(entries: &[(u64, u16, u16)]) -> Vec<u8> {
        let mut entries: Vec<Entry> = entries
            .iter()
            .map(|&(key, raw_move, weight)| Entry { key, raw_move, weight, learn: 0 })
            .collect();
        entries.sort_by_key(|entry| entry.key);
        entries.iter().flat_map(|entry| entry.to_bytes()).collect()
    }

    fn code(position: &Position, text: &str) -> u16 {
        encode(position.parse_move_text(text).expect("a legal move"))
    }

    #[test]
    fn every_legal_move_round_trips_through_its_code() {
        for moves in ["", "h2e2", "h2e2 h9g7", "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"] {
            let position = after(moves);
            let mut legal = <Position as Game>::MoveList::default();
            position.generate_moves(&mut legal);
            assert!(!legal.is_empty());
            for &mv in legal.iter() {
                let raw = encode(mv);
                assert_eq!(raw >> 14, 0);
                assert_eq!(decode(raw), Some(mv));
                assert_eq!(position.legal_book_move(raw), Some(mv), "{mv} after {moves:?}");
            }
        }
        // The documented example: h2e2 is 25 | 22 << 7.
        assert_eq!(code(&after(""), "h2e2"), 25 | 22 << 7);
        assert_eq!(decode(90), None);
        assert_eq!(decode(3 << 14), None);
    }

    #[test]
    fn the_key_is_the_engine_key_of_the_position_however_reached() {
        let one = after("h2e2 h9g7 b0c2");
        let other = after("b0c2 h9g7 h2e2");
        assert_eq!(one.book_key(), Some(one.hash()));
        assert_eq!(one.book_key(), other.book_key());
        assert_eq!(one.book_key(), Some(one.compute_hash()));
        assert_ne!(after("").book_key(), after("h2e2").book_key());
    }

    #[test]
    fn illegal_and_impossible_entries_are_skipped() {
        let start = after("");
        let key = start.hash();
        let a0a5 = types::book::xiangqi_move(0, 45); // the rook's path is blocked by its own pawn
        let book = Book::from_bytes(&image(&[
            (key, a0a5, 1000),
            (key, 0xffff, 1000),
            (key, 89 | 100 << 7, 1000),
            (key, code(&start, "b2e2"), 0),
            (key, code(&start, "h2e2"), 5),
            (key ^ 1, code(&start, "b0c2"), 1000),
        ]))
        .unwrap();
        let moves = book.moves(&start);
        assert_eq!(moves.len(), 1, "{moves:?}");
        assert_eq!(moves[0].mv.to_string(), "h2e2");
        let mut rng = Rng::seeded(3);
        for _ in 0..50 {
            let choice = book.choose(&start, &mut rng).unwrap();
            assert_eq!((choice.mv.to_string(), choice.weight, choice.total), ("h2e2".into(), 5, 5));
        }
        // An entry with nothing legal is no answer at all.
        let only_illegal = Book::from_bytes(&image(&[(key, a0a5, 7)])).unwrap();
        assert!(only_illegal.choose(&start, &mut rng).is_none());
    }

    #[test]
    fn the_first_book_with_a_legal_move_answers() {
        let start = after("");
        let key = start.hash();
        let first = Book::from_bytes(&image(&[(key, types::book::xiangqi_move(0, 45), 9)])).unwrap();
        let second = Book::from_bytes(&image(&[(key, code(&start, "b0c2"), 1)])).unwrap();
        let third = Book::from_bytes(&image(&[(key, code(&start, "h0g2"), 1)])).unwrap();
        let mut rng = Rng::seeded(1);
        let books = [first, second, third];
        assert_eq!(choose(&books, &start, &mut rng).unwrap().mv.to_string(), "b0c2");
        assert!(choose(&books, &after("h2e2"), &mut rng).is_none());
        assert!(choose::<Position>(&[], &start, &mut rng).is_none());
    }

    #[test]
    fn the_embedded_book_is_a_tree_of_legal_moves_from_the_start() {
        // The builder grows the book from the start position by its own moves, so walking the
        // book's moves from the start must reach every entry, each a legal move where it is filed.
        let book = default_book();
        assert!(book.len() > 1000, "{} entries", book.len());
        let mut frontier = vec![after("")];
        let mut seen = std::collections::HashSet::new();
        let mut reached = 0;
        while let Some(position) = frontier.pop() {
            if !seen.insert(position.hash()) {
                continue;
            }
            for entry in book.entries(position.hash()) {
                let mv = position.legal_book_move(entry.raw_move).unwrap_or_else(|| panic!("{entry:?}"));
                reached += 1;
                let mut next = position;
                next.make_move(mv);
                frontier.push(next);
            }
        }
        assert_eq!(reached, book.len(), "every entry is reached from the start position");
    }
}
