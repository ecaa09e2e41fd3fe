//! The fuzzer's random choices, over the shell's seeded SplitMix64 ([`crate::rng::Rng`]): the same
//! seed always draws the same inputs, so a failure is reproduced from its seed.

use crate::rng::Rng;

/// Seeded random choices.
#[derive(Clone, Debug)]
pub struct Dice {
    rng: Rng,
}

/// A seed derived from `seed` and a stream number (a session, a target, an input), so each stream
/// can be drawn on its own.
pub fn derive(seed: u64, stream: u64) -> u64 {
    let mut rng = Rng::seeded(seed ^ stream.wrapping_mul(0xA076_1D64_78BD_642F));
    rng.next_u64() ^ rng.next_u64().rotate_left(17)
}

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice { rng: Rng::seeded(seed) }
    }

    /// 64 random bits.
    pub fn bits(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A number in `0..bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            0
        } else {
            self.rng.below(bound as u64) as usize
        }
    }

    /// A number in `low..=high`.
    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        let span = high.wrapping_sub(low) as u64;
        if span == u64::MAX {
            return self.bits() as i64;
        }
        low.wrapping_add(self.rng.below(span + 1) as i64)
    }

    /// True `numerator` times in `denominator`.
    pub fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        self.rng.below(u64::from(denominator)) < u64::from(numerator)
    }

    /// One of `items` (which must not be empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// One of `items`, each as often as its weight.
    pub fn weighted<T: Copy>(&mut self, items: &[(u32, T)]) -> T {
        let total: u32 = items.iter().map(|&(weight, _)| weight).sum();
        let mut ticket = self.below(total as usize) as u32;
        for &(weight, item) in items {
            if ticket < weight {
                return item;
            }
            ticket -= weight;
        }
        items[items.len() - 1].1
    }

    /// A number most often small: `0..4` half the time, up to `high` otherwise.
    pub fn small(&mut self, high: i64) -> i64 {
        if self.chance(1, 2) {
            self.range(0, 3.min(high))
        } else {
            self.range(0, high)
        }
    }
}
