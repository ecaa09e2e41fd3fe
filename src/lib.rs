//! triskel's std shell, as a library: a protocol-free [`controller`] generic over the game, one
//! thin front-end per protocol in [`protocol`] (the only place that writes protocol text), the game
//! adapters in [`games`], and the one way out, [`output`]. Below them all, [`resources`] (threads
//! and memory) and [`knowledge`] (how much evaluation a search uses). `main.rs` only reads stdin and
//! hands lines to the protocol the first command picked.
//!
//! ```text
//! main (stdin reader) -> protocol::{uci, ucci, nboard} -> controller -> engine (the no_std core)
//!                              ^                              |
//!                              +------- controller::events <--+ (from the search threads)
//! ```

pub mod book;
pub mod controller;
pub mod files;
pub mod games;
pub mod knowledge;
pub mod launch;
pub mod nnue;
pub mod output;
pub mod protocol;
pub mod resources;
pub mod rng;
pub mod syzygy;
