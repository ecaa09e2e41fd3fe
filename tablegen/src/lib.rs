//! Deterministic table generators for the engine.
//!
//! Everything here is plain `std` Rust that runs at build time (from `engine/build.rs`) or on demand
//! (the `tablegen` command). Nothing is random beyond a seeded [`prng::SplitMix64`], so two runs on
//! any machine produce byte-identical output. The chess and xiangqi evaluations' weights are data
//! (`engine/data/chess_eval.txt`, `engine/data/xiangqi_eval.txt`), which [`eval_data`] parses,
//! rewrites and turns into source for the layouts of [`chess_eval`] and [`xiangqi_eval`]; the chess and
//! xiangqi networks (`engine/data/chess_nnue.bin`, `engine/data/xiangqi_nnue.bin`) are checked and
//! wrapped by [`nnue`].

#![deny(missing_docs)]

pub mod chess;
pub mod chess_eval;
pub mod emit;
pub mod eval_data;
pub mod nnue;
pub mod othello;
pub mod othello_eval;
/// The generator of every random table, shared with the engine and the shell.
pub use types::prng;
pub mod search;
pub mod xiangqi;
pub mod xiangqi_eval;
