//! The engine core, in `no_std` Rust without allocation: the games (chess, xiangqi and Othello:
//! rules, move generation, evaluation), perft, and the one search all three share, generic over
//! [`Game`] and monomorphized per game.
//!
//! Everything whose size is chosen at run time (the transposition table) is handed in by the caller
//! as a slice; everything else has a size fixed at compile time. The `std` feature (on by default)
//! only adds `std::error::Error` impls and a heap constructor for the search state.

#![no_std]
#![deny(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

pub mod chess;
#[cfg(feature = "std")]
pub mod cpu;
pub mod eval_trace;
pub mod eval_weights;
mod fen_text;
pub mod footprint;
pub mod game;
pub mod history;
pub mod movelist;
pub mod nnue;
pub mod othello;
pub mod perft;
pub mod profile;
pub mod score;
pub mod search;
mod shared_word;
pub mod text;
pub mod xiangqi;

pub use game::{Game, TableVerdict};
pub use movelist::MoveList;
pub use score::Score;
pub use text::GameText;
