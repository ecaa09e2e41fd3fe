//! Helpers shared by the engine's integration tests (each test file includes this as `mod support`).
//! Every test crate compiles all of it and calls its own part: a helper is dead code in the crates
//! that do not call it, so the `allow`s below sit on the helpers, not on the tests.

#[allow(dead_code, reason = "only the chess property tests use it")]
pub mod chess;
#[allow(dead_code, reason = "only the chess property tests use it")]
pub mod chess_reference;
#[allow(dead_code, reason = "only the network tests walk the tree")]
pub mod walk;

/// A small xorshift generator for playouts: deterministic, no dependency.
#[allow(dead_code, reason = "the playout tests use it, the network tests do not")]
pub struct Rng(pub u64);

#[allow(dead_code, reason = "the playout tests use it, the network tests do not")]
impl Rng {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
