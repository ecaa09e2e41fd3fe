//! The fuzzer's random choices, from one of two sources. A seeded SplitMix64 (the shell's
//! [`triskel::rng::Rng`]) draws the same inputs from the same seed, for the stable tests' random
//! bursts. libFuzzer's bytes, read through [`arbitrary::Unstructured`], let the fuzzer's mutations
//! steer the very same generators: a byte changed is a choice changed, and coverage tells libFuzzer
//! which choices matter.
//!
//! Once the bytes run out every draw gives its lowest answer and every [`Dice::chance`] says no,
//! so a short input is a short, plain session (a burst of one command, no rare event).

use arbitrary::Unstructured;
use triskel::rng::Rng;

/// Random choices, seeded or read from fuzzer bytes.
#[derive(Debug)]
pub struct Dice<'a> {
    source: Source<'a>,
}

#[derive(Debug)]
enum Source<'a> {
    Seeded(Rng),
    Bytes(Unstructured<'a>),
}

/// A seed derived from `seed` and a stream number (a session, a target, an input), so each stream
/// can be drawn on its own.
pub fn derive(seed: u64, stream: u64) -> u64 {
    let mut rng = Rng::seeded(seed ^ stream.wrapping_mul(0xA076_1D64_78BD_642F));
    rng.next_u64() ^ rng.next_u64().rotate_left(17)
}

impl Dice<'static> {
    /// Choices drawn from `seed`.
    pub fn new(seed: u64) -> Dice<'static> {
        Dice { source: Source::Seeded(Rng::seeded(seed)) }
    }
}

impl<'a> Dice<'a> {
    /// Choices read from a fuzzer's input.
    pub fn from_bytes(data: &'a [u8]) -> Dice<'a> {
        Dice { source: Source::Bytes(Unstructured::new(data)) }
    }

    /// 64 random bits.
    pub fn bits(&mut self) -> u64 {
        match &mut self.source {
            Source::Seeded(rng) => rng.next_u64(),
            Source::Bytes(bytes) => bytes.arbitrary().unwrap_or(0),
        }
    }

    /// A number in `0..bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            return 0;
        }
        match &mut self.source {
            Source::Seeded(rng) => rng.below(bound as u64) as usize,
            Source::Bytes(bytes) => bytes.int_in_range(0..=bound - 1).unwrap_or(0),
        }
    }

    /// A number in `low..=high`.
    pub fn range(&mut self, low: i64, high: i64) -> i64 {
        match &mut self.source {
            Source::Seeded(rng) => {
                let span = high.wrapping_sub(low) as u64;
                if span == u64::MAX {
                    return rng.next_u64() as i64;
                }
                low.wrapping_add(rng.below(span + 1) as i64)
            }
            Source::Bytes(bytes) => bytes.int_in_range(low..=high.max(low)).unwrap_or(low),
        }
    }

    /// True `numerator` times in `denominator`.
    pub fn chance(&mut self, numerator: u32, denominator: u32) -> bool {
        match &mut self.source {
            Source::Seeded(rng) => rng.below(u64::from(denominator)) < u64::from(numerator),
            // Counted from the top, so that an exhausted input (which reads 0) says no.
            Source::Bytes(_) => {
                let ticket = self.below(denominator as usize) as u32;
                ticket >= denominator.saturating_sub(numerator)
            }
        }
    }

    /// Up to `most` raw bytes.
    pub fn bytes(&mut self, most: usize) -> Vec<u8> {
        let count = self.below(most + 1);
        match &mut self.source {
            Source::Seeded(rng) => (0..count).map(|_| rng.next_u64() as u8).collect(),
            Source::Bytes(bytes) => bytes.bytes(count.min(bytes.len())).unwrap_or_default().to_vec(),
        }
    }

    /// One of `items` (which must not be empty).
    pub fn pick<'i, T>(&mut self, items: &'i [T]) -> &'i T {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_draws_the_same_choices() {
        let draw = |dice: &mut Dice| (dice.bits(), dice.below(7), dice.range(-3, 3), dice.chance(1, 2));
        assert_eq!(draw(&mut Dice::new(9)), draw(&mut Dice::new(9)));
    }

    #[test]
    fn spent_bytes_give_the_lowest_answers_and_no_rare_event() {
        let mut dice = Dice::from_bytes(&[]);
        assert_eq!((dice.bits(), dice.below(7), dice.range(-3, 3)), (0, 0, -3));
        assert!(!dice.chance(1, 400) && !dice.chance(1, 2));
        assert!(dice.bytes(10).is_empty());
        let mut dice = Dice::from_bytes(&[5, 5]);
        assert_eq!(dice.below(3), 2);
    }
}
