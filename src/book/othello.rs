//! Othello's book: positions the engine has valued, a move of each answered at once by `go`,
//! shown by `hint` as NBoard's `book` lines, and grown by NBoard's `learn` from the games played
//! (as Edax and NTest keep theirs). It is built only from the engine's own searches.
//!
//! **Symmetry.** A position is filed under the smallest key of its eight images under the board's
//! symmetries (rotations and reflections), and its moves in that image's frame: the four first
//! moves of the game are one book entry, and a game learned in one orientation answers all eight.
//!
//! **The record** is the books' common one ([`types::book`]): the key is the engine's Zobrist key
//! of the canonical image (`Position::hash`), the move its square index in that image (`a1` = 0,
//! `h8` = 63, row by row). `weight` is 1 for the position's best-valued move and 0 for the others,
//! so the controller's book lookup ([`super::store::choose`]) plays the best; `learn` holds what
//! `hint` shows ([`Valued`]): the move's value for the side that plays it, in centidiscs, as an
//! `i16` in bits 0-15, the depth of the search that valued it in bits 16-23, and how many learned
//! games played it in bits 24-31. (Of best moves valued alike, only the first is weighted 1.)
//!
//! **Learning** (`learn`, [`LearningBook::learn`]): each position of the game's first
//! [`LEARN_PLIES`] plies is searched (NBoard's `analyze`, the best move and its score). The move
//! played joins the book, valued by the search of the position after it, and so does the search's
//! best move where it differs (the deviation to try next time). Then the values are backed up
//! along the game's line, from its last learned position to the first: a move into a position
//! the book holds is worth minus that position's best move. A lost line thus sinks, and the
//! engine turns off it at the first position where the book knows better.

use super::store::{Book, BookGame};
use engine::othello::{Move, Position, Square};
use engine::Score;
use std::collections::BTreeMap;
use types::book::Entry;

/// Plies of a game `learn` adds to the book.
pub const LEARN_PLIES: usize = 30;

/// The eight symmetries of the board: bit 2 transposes (a1-h8 diagonal), then bit 1 mirrors the
/// columns, then bit 0 mirrors the rows.
const SYMMETRIES: u8 = 8;

/// The square `index` (row * 8 + column) under symmetry `symmetry`.
fn square_to(symmetry: u8, index: u8) -> u8 {
    let (mut row, mut column) = (index / 8, index % 8);
    if symmetry & 4 != 0 {
        (row, column) = (column, row);
    }
    if symmetry & 2 != 0 {
        column = 7 - column;
    }
    if symmetry & 1 != 0 {
        row = 7 - row;
    }
    row * 8 + column
}

/// The square that `square_to(symmetry, _)` sends to `index`: the steps undone in reverse order.
fn square_from(symmetry: u8, index: u8) -> u8 {
    let (mut row, mut column) = (index / 8, index % 8);
    if symmetry & 1 != 0 {
        row = 7 - row;
    }
    if symmetry & 2 != 0 {
        column = 7 - column;
    }
    if symmetry & 4 != 0 {
        (row, column) = (column, row);
    }
    row * 8 + column
}

/// The discs of `bits` under symmetry `symmetry`.
fn bits_to(symmetry: u8, bits: u64) -> u64 {
    let mut image = 0;
    let mut rest = bits;
    while rest != 0 {
        let index = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        image |= 1u64 << square_to(symmetry, index);
    }
    image
}

/// The key the book files `position` under.
fn canonical_key(position: &Position) -> u64 {
    canonical(position).0
}

/// The key the book files `position` under, and the symmetry that gives it.
pub fn canonical(position: &Position) -> (u64, u8) {
    (0..SYMMETRIES)
        .map(|symmetry| {
            let image = Position::from_discs(
                bits_to(symmetry, position.black()),
                bits_to(symmetry, position.white()),
                position.side_to_move(),
            );
            (image.hash(), symmetry)
        })
        .min()
        .expect("eight symmetries")
}

/// A move's value in the book, as the record's `learn` field holds it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Valued {
    /// For the side that plays the move, centidiscs.
    pub value: i32,
    /// Depth of the search that valued it (or the deepest one behind a backed-up value).
    pub depth: u8,
    /// Learned games that played it.
    pub games: u8,
}

impl Valued {
    fn to_learn(self) -> u32 {
        u32::from(self.value.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16 as u16)
            | u32::from(self.depth) << 16
            | u32::from(self.games) << 24
    }

    fn from_learn(learn: u32) -> Valued {
        Valued {
            value: i32::from(learn as u16 as i16),
            depth: (learn >> 16) as u8,
            games: (learn >> 24) as u8,
        }
    }
}

impl BookGame for Position {
    type Move = Move;

    fn book_key(&self) -> Option<u64> {
        Some(canonical_key(self))
    }

    fn legal_book_move(&self, raw: u16) -> Option<Move> {
        legal_move(self, canonical(self).1, raw)
    }

    fn book_value(learn: u32) -> Option<Score> {
        Some(Score(Valued::from_learn(learn).value))
    }
}

/// The legal move of `position` that `raw` codes in the image `symmetry` gives.
fn legal_move(position: &Position, symmetry: u8, raw: u16) -> Option<Move> {
    let raw = u8::try_from(raw).ok().filter(|&raw| raw < 64)?;
    let index = square_from(symmetry, raw);
    (position.moves() >> index & 1 == 1).then(|| Move::at(Square::new(index).expect("a square of the board")))
}

/// The book's code of `mv` in `position`: its square in the canonical image.
fn code(position: &Position, mv: Move) -> Option<u16> {
    let square = mv.square()?;
    Some(u16::from(square_to(canonical(position).1, square.index() as u8)))
}

/// One book move of a position, as `hint` shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookLine {
    pub mv: Move,
    pub valued: Valued,
}

/// What one position of a learned game's analysis found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Analysed {
    /// The position's value for its side to move.
    pub score: Score,
    /// The search's best move (`None` when the game was over).
    pub best: Option<Move>,
}

/// The Othello book in memory: each canonical key's moves, with their values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LearningBook {
    positions: BTreeMap<u64, Vec<(u16, Valued)>>,
}

impl LearningBook {
    /// The book a file holds; a missing file is an empty book (a file named to learn into).
    pub fn load(path: &str) -> Result<LearningBook, String> {
        if !std::path::Path::new(path).exists() {
            return Ok(LearningBook::default());
        }
        Ok(LearningBook::from_book(&Book::load(path)?))
    }

    /// The book of an image in the record.
    pub fn from_book(book: &Book) -> LearningBook {
        let mut learning = LearningBook::default();
        for entry in book.all_entries() {
            learning
                .positions
                .entry(entry.key)
                .or_default()
                .push((entry.raw_move, Valued::from_learn(entry.learn)));
        }
        learning
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// True for a book without positions.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The records, sorted by key, each position's best-valued move weighted 1 and the rest 0
    /// (of moves valued alike, the first: the one [`LearningBook::lines`] shows first, so `go`
    /// plays what `hint` shows).
    pub fn entries(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        for (&key, moves) in &self.positions {
            let best = moves.iter().map(|(_, valued)| valued.value).max().unwrap_or(0);
            let chosen = moves.iter().position(|(_, valued)| valued.value == best);
            for (index, &(raw_move, valued)) in moves.iter().enumerate() {
                let weight = u16::from(Some(index) == chosen);
                entries.push(Entry { key, raw_move, weight, learn: valued.to_learn() });
            }
        }
        entries
    }

    /// The book as the controller consults it.
    pub fn book(&self) -> Book {
        let bytes: Vec<u8> = self.entries().iter().flat_map(|entry| entry.to_bytes()).collect();
        Book::from_bytes(&bytes).expect("whole entries")
    }

    /// Writes the book to `path` (through a temporary file beside it, so a reader never sees half
    /// of it).
    pub fn save(&self, path: &str) -> Result<(), String> {
        let bytes: Vec<u8> = self.entries().iter().flat_map(|entry| entry.to_bytes()).collect();
        let temporary = format!("{path}.part");
        std::fs::write(&temporary, bytes)
            .and_then(|()| std::fs::rename(&temporary, path))
            .map_err(|error| format!("book: {path}: {error}"))
    }

    /// The book moves of `position` that are legal there, best first.
    pub fn lines(&self, position: &Position) -> Vec<BookLine> {
        let (key, symmetry) = canonical(position);
        let Some(moves) = self.positions.get(&key) else { return Vec::new() };
        let mut lines: Vec<BookLine> = moves
            .iter()
            .filter_map(|&(raw, valued)| Some(BookLine { mv: legal_move(position, symmetry, raw)?, valued }))
            .collect();
        lines.sort_by_key(|line| std::cmp::Reverse(line.valued.value));
        lines
    }

    /// The value of `position` for its side to move by the book: its best move's.
    fn value(&self, position: &Position) -> Option<Valued> {
        self.lines(position).first().map(|line| line.valued)
    }

    /// Sets (or adds) the value and depth of `mv` in `position`, counting a game through it if
    /// `played` (the count `valued` carries is not used).
    fn put(&mut self, position: &Position, mv: Move, valued: Valued, played: bool) {
        let Some(raw) = code(position, mv) else { return };
        let moves = self.positions.entry(canonical_key(position)).or_default();
        match moves.iter_mut().find(|(known, _)| *known == raw) {
            Some((_, known)) => {
                let games = known.games.saturating_add(u8::from(played));
                *known = Valued { games, ..valued };
            }
            None => moves.push((raw, Valued { games: u8::from(played), ..valued })),
        }
    }

    /// Learns a game: `line` holds its positions from the start and the move played from each,
    /// `analysed[i]` the search of `line[i]`'s position (the position after the last move of
    /// `line` last, so one more than `line`), searched to `depth`. Stops at the first pass.
    pub fn learn(&mut self, line: &[(Position, Move)], analysed: &[Analysed], depth: u8) {
        let plies = line
            .iter()
            .take(LEARN_PLIES)
            .take_while(|(_, mv)| !mv.is_pass())
            .count()
            .min(analysed.len().saturating_sub(1));
        // The moves played, valued by the search of the position after each, and the deviations.
        for (ply, &(position, mv)) in line[..plies].iter().enumerate() {
            let after = -analysed[ply + 1].score.0;
            self.put(&position, mv, Valued { value: after, depth, games: 0 }, true);
            if let Some(best) = analysed[ply].best.filter(|&best| best != mv && !best.is_pass()) {
                // A move known already, or one that reaches a known move's position (the same
                // move turned, in a symmetric position), is no new deviation.
                let reached = |mv: Move| {
                    let mut after = position;
                    after.play(mv);
                    canonical_key(&after)
                };
                let known = self.lines(&position).iter().any(|known| reached(known.mv) == reached(best));
                if !known {
                    let value = analysed[ply].score.0;
                    self.put(&position, best, Valued { value, depth, games: 0 }, false);
                }
            }
        }
        // Back the values up the line: a move into a book position is worth minus its best move.
        for &(position, mv) in line[..plies].iter().rev() {
            let mut after = position;
            after.play(mv);
            if let Some(child) = self.value(&after) {
                self.put(&position, mv, Valued { value: -child.value, depth: child.depth, games: 0 }, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &[&str]) -> Position {
        let mut position = Position::startpos();
        for text in moves {
            let mv = position.parse_move(text).unwrap_or_else(|| panic!("{text} is legal"));
            position.play(mv);
        }
        position
    }

    #[test]
    fn symmetries_are_inverted_and_the_four_first_moves_are_one_position() {
        for symmetry in 0..SYMMETRIES {
            for index in 0..64 {
                assert_eq!(square_from(symmetry, square_to(symmetry, index)), index);
            }
        }
        let keys: Vec<u64> = ["f5", "e6", "c4", "d3"].iter().map(|mv| canonical_key(&after(&[mv]))).collect();
        assert!(keys.iter().all(|&key| key == keys[0]), "{keys:x?}");
        assert_ne!(
            after(&["f5", "d6"]).book_key(),
            after(&["f5", "f6"]).book_key(),
            "diagonal and perpendicular"
        );
        assert_eq!(
            after(&["f5", "d6"]).book_key(),
            after(&["e6", "f4"]).book_key(),
            "the same opening turned"
        );
    }

    #[test]
    fn a_move_filed_in_one_orientation_is_found_in_all_of_them() {
        let mut book = LearningBook::default();
        let f5 = after(&["f5"]);
        book.put(&f5, f5.parse_move("d6").unwrap(), Valued { value: -40, depth: 8, games: 0 }, true);
        // The same position reached by c4 answers c3 (d6 turned with the board).
        let c4 = after(&["c4"]);
        let lines = book.lines(&c4);
        assert_eq!(lines.len(), 1);
        let mut played = c4;
        played.play(lines[0].mv);
        assert_eq!(played.book_key(), after(&["f5", "d6"]).book_key());
        assert_eq!(lines[0].valued, Valued { value: -40, depth: 8, games: 1 });
        // Through the record and back.
        let again = LearningBook::from_book(&book.book());
        assert_eq!(again, book);
        assert_eq!(book.book().moves(&c4).len(), 1);
    }

    #[test]
    fn learning_adds_the_line_and_its_deviations_and_backs_the_values_up() {
        let moves = ["f5", "d6", "c3", "d3", "c4"];
        let mut line = Vec::new();
        let mut position = Position::startpos();
        for text in moves {
            let mv = position.parse_move(text).unwrap();
            line.push((position, mv));
            position.play(mv);
        }
        // Scores for the side to move at each position; the best move of the start is e6 (a
        // deviation, equal by symmetry but another move) and of the position after f5 d6 is c5.
        let score = |cd: i32| Score(cd);
        let analysed = [
            Analysed { score: score(0), best: Some(after(&[]).parse_move("e6").unwrap()) },
            Analysed { score: score(10), best: Some(after(&["f5"]).parse_move("d6").unwrap()) },
            Analysed { score: score(30), best: Some(after(&["f5", "d6"]).parse_move("c5").unwrap()) },
            Analysed { score: score(-50), best: Some(after(&["f5", "d6", "c3"]).parse_move("d3").unwrap()) },
            Analysed {
                score: score(60),
                best: Some(after(&["f5", "d6", "c3", "d3"]).parse_move("c4").unwrap()),
            },
            Analysed { score: score(-80), best: None },
        ];
        let mut book = LearningBook::default();
        book.learn(&line, &analysed, 8);
        // f5 d6 c3 d3 c4: the last move is worth 80 to its player; backed up, d3 is worth -80, c3
        // 80 ... and at f5 d6 the deviation c5 (30) is below c3's backed-up value.
        let c3_line = book.lines(&after(&["f5", "d6"]));
        assert_eq!(c3_line[0].mv, after(&["f5", "d6"]).parse_move("c3").unwrap());
        assert_eq!(c3_line[0].valued.value, 80);
        assert_eq!(c3_line[1].valued.value, 30, "the deviation c5 keeps its own value");
        // The start: f5 alone (backed up to 80); the search's e6 is f5 turned, no deviation.
        let start = book.lines(&Position::startpos());
        assert_eq!(start.len(), 1);
        assert_eq!((start[0].valued.value, start[0].valued.games), (80, 1));
        // A second game through the same line counts.
        book.learn(&line, &analysed, 8);
        assert_eq!(book.lines(&after(&["f5", "d6"]))[0].valued.games, 2);
        // The book plays the best move at f5 d6: c3.
        let mut rng = crate::rng::Rng::seeded(1);
        let choice = book.book().choose(&after(&["f5", "d6"]), &mut rng).unwrap();
        assert_eq!(choice.mv, after(&["f5", "d6"]).parse_move("c3").unwrap());
        assert_eq!(choice.value, Some(Score(80)));
    }
}
