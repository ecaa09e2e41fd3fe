//! The shell's pseudo-random numbers.

use std::time::{SystemTime, UNIX_EPOCH};
use types::prng::SplitMix64;

/// A small pseudo-random generator (SplitMix64, the one the tables are generated with) for the shell's choices,
/// book moves and weakened play: seeded from the clock in play, from a fixed number in tests.
#[derive(Clone, Debug)]
pub struct Rng {
    generator: SplitMix64,
}

impl Rng {
    /// A generator that always draws the same sequence from `seed`.
    pub fn seeded(seed: u64) -> Rng {
        Rng { generator: SplitMix64::new(seed) }
    }

    /// A generator seeded from the wall clock and the process id, different from run to run.
    pub fn from_clock() -> Rng {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_nanos());
        Rng::seeded(nanos as u64 ^ (nanos >> 64) as u64 ^ u64::from(std::process::id()) << 32)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.generator.next_u64()
    }

    /// A number in `0..bound` (`bound > 0`), by multiply-and-shift (bias below 2^-32 for a bound
    /// below 2^32, which book totals are).
    pub fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }
}
