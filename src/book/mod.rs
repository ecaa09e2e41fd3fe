//! Opening books: chess's `OwnBook`/`Book File`, xiangqi's too, and UCCI's `usebook`/`bookfiles`.
//!
//! Every book is a run of 16-byte big-endian records in the Polyglot layout, sorted by key
//! ([`types::book`] defines the record, which the tuner writes too):
//!
//! | bytes | field | meaning |
//! | --- | --- | --- |
//! | 0..8 | `key: u64` | the position's key, per game ([`BookGame::book_key`]) |
//! | 8..10 | `move: u16` | the move, in the game's code ([`BookGame::legal_book_move`]) |
//! | 10..12 | `weight: u16` | how often to play the move, relative to the position's other entries |
//! | 12..16 | `learn: u32` | unused here |
//!
//! What differs per game is only the key and the move code: chess uses Polyglot's own
//! ([`polyglot`], so every Polyglot `.bin` book works), xiangqi the engine's Zobrist key and the
//! board's square indices ([`xiangqi`]). Chess and xiangqi each embed a small default book built
//! by `tuner book` from the engine's own searches ([`polyglot::DEFAULT`], [`xiangqi::DEFAULT`]).
//! One [`Book`] holds any game's entries; a lookup is a binary search for the position's key, and
//! every entry's move is decoded and checked legal in the position before it can be chosen, so a
//! corrupt book or a key collision is skipped, never played. The whole file is read into memory.
//!
//! The book answers only a `go` that asks for a move to play in a game: see
//! `GoRequest::wants_game_move`. Several books ([`choose`]) are consulted in order: the first that
//! has a legal move for the position answers.

pub mod othello;
pub mod polyglot;
mod store;
pub mod xiangqi;

pub use crate::rng::Rng;
pub use polyglot::{polyglot_key, polyglot_move_text};
pub use store::{choose, Book, BookGame, BookMove, Choice};
pub use types::book::{Entry, ENTRY_BYTES};
