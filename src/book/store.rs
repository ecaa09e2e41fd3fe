//! A book in memory and how a game looks its positions up in it. The games' own files
//! ([`super::polyglot`], [`super::xiangqi`], [`super::othello`]) say how each keys a position and
//! codes a move; this file is what they share.

use crate::rng::Rng;
use types::book::{Entry, ENTRY_BYTES};

/// A game whose positions a book can answer: its key and its move code.
pub trait BookGame {
    type Move: Copy + PartialEq;

    /// The key the game's books file the position under; `None` for a position no book of the
    /// game can hold (chess: the castling rights of a Chess960 setup), which no book answers.
    fn book_key(&self) -> Option<u64>;

    /// The move `raw` names, if it is a legal move of the position; `None` for a code that names
    /// no move or an illegal one.
    fn legal_book_move(&self, raw: u16) -> Option<Self::Move>;

    /// The move's value for the side that plays it, where the game's book keeps one in the
    /// record's `learn` field (Othello's learning book); `None` otherwise.
    fn book_value(_learn: u32) -> Option<engine::Score> {
        None
    }
}

/// A legal book move of a position, with the weights of all its entries added up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookMove<M> {
    pub mv: M,
    pub weight: u32,
    /// Its value, where the game's book keeps one (the first entry's).
    pub value: Option<engine::Score>,
}

/// A move picked from the book.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice<M> {
    pub mv: M,
    /// The move's weight.
    pub weight: u32,
    /// The weights of all the position's legal book moves.
    pub total: u32,
    /// Its value for the side to move, where the game's book keeps one.
    pub value: Option<engine::Score>,
}

/// A book in memory, entries sorted by key.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: Vec<Entry>,
}

impl Book {
    /// Reads the book at `path`. `Err` is the message to answer with.
    pub fn load(path: &str) -> Result<Book, String> {
        let bytes = crate::files::read_capped(path, crate::files::BOOK_LIMIT)
            .map_err(|error| format!("book: {error}"))?;
        Book::from_bytes(&bytes).map_err(|error| format!("book: {path} is not a Polyglot book: {error}"))
    }

    /// Parses a book image. A file whose length is not a multiple of 16 is refused. Entries out of
    /// key order (a book the specification would call broken) are sorted rather than refused.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, String> {
        if !bytes.len().is_multiple_of(ENTRY_BYTES) {
            return Err(format!("its length, {} bytes, is not a multiple of {ENTRY_BYTES}", bytes.len()));
        }
        let mut entries: Vec<Entry> = bytes
            .chunks_exact(ENTRY_BYTES)
            .map(|chunk| Entry::from_bytes(chunk.try_into().expect("16-byte chunks")))
            .collect();
        if !entries.windows(2).all(|pair| pair[0].key <= pair[1].key) {
            entries.sort_by_key(|entry| entry.key); // stable: a key's entries keep their order
        }
        Ok(Book { entries })
    }

    /// Every entry, sorted by key.
    pub fn all_entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True for a book without entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries with `key`: a binary search for the first, then the run that follows it.
    pub fn entries(&self, key: u64) -> &[Entry] {
        let first = self.entries.partition_point(|entry| entry.key < key);
        let count = self.entries[first..].iter().take_while(|entry| entry.key == key).count();
        &self.entries[first..first + count]
    }

    /// The position's legal book moves with a positive weight, in book order; entries that name the
    /// same move (castling written both ways, duplicates) are merged, their weights added.
    pub fn moves<G: BookGame>(&self, position: &G) -> Vec<BookMove<G::Move>> {
        let mut moves: Vec<BookMove<G::Move>> = Vec::new();
        let Some(key) = position.book_key() else { return Vec::new() };
        for entry in self.entries(key) {
            let Some(mv) = position.legal_book_move(entry.raw_move) else { continue };
            let weight = u32::from(entry.weight);
            match moves.iter_mut().find(|known| known.mv == mv) {
                Some(known) => known.weight += weight,
                None => moves.push(BookMove { mv, weight, value: G::book_value(entry.learn) }),
            }
        }
        moves.retain(|book_move| book_move.weight > 0);
        moves
    }

    /// A move for `position`, drawn at random with probability proportional to its weight; `None`
    /// when the position has no legal book move of positive weight.
    pub fn choose<G: BookGame>(&self, position: &G, rng: &mut Rng) -> Option<Choice<G::Move>> {
        let moves = self.moves(position);
        let total: u32 = moves.iter().map(|book_move| book_move.weight).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.below(u64::from(total)) as u32;
        for book_move in &moves {
            if pick < book_move.weight {
                return Some(Choice {
                    mv: book_move.mv,
                    weight: book_move.weight,
                    total,
                    value: book_move.value,
                });
            }
            pick -= book_move.weight;
        }
        None // unreachable: `pick` is below the sum of the weights
    }
}

/// A move from the first of `books` that has one for `position` (UCCI's `bookfiles`, in order).
pub fn choose<G: BookGame>(books: &[Book], position: &G, rng: &mut Rng) -> Option<Choice<G::Move>> {
    books.iter().find_map(|book| book.choose(position, rng))
}
