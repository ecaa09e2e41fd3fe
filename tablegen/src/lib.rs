//! Deterministic table generators for the engine.
//!
//! Everything here is plain `std` Rust that runs at build time (from `engine/build.rs`) or on demand
//! (the `tablegen` command). Nothing is random beyond a seeded [`prng::SplitMix64`], so two runs on
//! any machine produce byte-identical output. The evaluation's weights are data
//! (`engine/data/chess_eval.txt`), which [`chess_eval`] parses, rewrites and turns into source.

#![deny(missing_docs)]

pub mod chess;
pub mod chess_eval;
pub mod emit;
pub mod othello;
pub mod othello_eval;
pub mod prng;
pub mod search;
pub mod xiangqi;
pub mod xiangqi_eval;
