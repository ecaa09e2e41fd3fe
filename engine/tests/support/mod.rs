//! Helpers shared by the engine's integration tests (each test file includes this as `mod support`).

/// A small xorshift generator for playouts: deterministic, no dependency.
pub struct Rng(pub u64);

impl Rng {
    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}
