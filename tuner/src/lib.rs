//! The tuner: the engine's own games turned into what it learns from.
//!
//! Chess and xiangqi go through `tuner`, whose commands [`cli`] declares and [`commands`] runs:
//! `datagen` appends a network's training data to a game's data set ([`datagen`]; `--nnue` plays
//! with the embedded network instead of the hand-crafted evaluation; `import` and `convert` bring
//! in and give out 32-byte records, `import --pgn` the games of OpenBench's DATAGEN workload
//! ([`pgn`]), `export` writes bullet's formats ([`export`])), `train` fits a network to them
//! ([`nnue`]), `book` builds an opening book from the engine's own searches ([`book`]: a
//! Polyglot `.bin` in chess, our record with the engine's keys in xiangqi), `selfplay` writes quiet
//! positions labelled with their game's result ([`selfplay`]) and `tune` fits the hand-crafted
//! evaluation's weights to them by Texel's method ([`tune`]), writing a data file of the committed
//! `engine/data/<game>_eval.txt`'s layout: the engine rebuilt with it is the tuned engine.
//! Othello's pattern evaluation has a tool of its own, `othello_fit` ([`othello_fit`]).
//!
//! A library under thin binaries: the binaries share its modules rather than include each
//! other's files, and tests reach what a command line asks for without starting a process.

pub mod book;
pub mod cli;
pub mod commands;
pub mod datagen;
pub mod dataset;
pub mod export;
pub mod games;
pub mod identity;
pub mod nnue;
pub mod othello_fit;
pub mod pgn;
pub mod selfplay;
pub mod tune;
