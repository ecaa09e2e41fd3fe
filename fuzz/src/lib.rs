//! triskel's fuzz harness: every protocol's session driven by command bursts, and the text parsers
//! fed random and mutated inputs, each input checked for panics and for what the engine promises.
//! It lives apart from the product: the engine's library has no fuzz code.
//!
//! * [`session`]: a session per protocol ([`commands`] draws its commands), bursts of 1 to 50
//!   commands, then after each burst: no panic on any thread, the sync command answered within
//!   the time allowed, the burst's answers counted against its commands, and a legal move for a
//!   known position after a short search.
//! * [`parsers`]: FEN, move, Othello board, GGF, UCI and UCCI line parsers and the clock
//!   arithmetic, each input checked for what the parse promises (a position that reads writes
//!   back to itself, a move that reads is legal...).
//! * [`targets`]: the fuzz targets by name, the one entry `cargo fuzz` and the replay test share.
//!
//! Every choice comes from [`dice`]: a seed for the stable tests' random bursts, or libFuzzer's
//! bytes, so that coverage-guided mutations steer the same generators.

pub mod capture;
pub mod commands;
pub mod dice;
pub mod mutate;
pub mod panics;
pub mod parsers;
pub mod seeds;
pub mod session;
pub mod targets;
pub mod transcript;
