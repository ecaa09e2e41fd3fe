//! The 64-bit word that the search threads share in the hash tables, with the only operations the
//! tables use: relaxed loads and stores, and a compare-and-clear for the Othello solver's busy
//! marks.
//!
//! Where the target has 64-bit atomics it is exactly `AtomicU64`. A Cortex-M has only 32-bit
//! ones, so there it is two 32-bit halves: a load racing a store may then see half of each. The
//! hash tables already check every entry by XOR-ing its words together (a torn entry reads as a
//! miss, as one torn across two `AtomicU64` words does), and a busy mark is only a hint. A board
//! runs one search thread, which never races at all.

#[cfg(target_has_atomic = "64")]
pub use core::sync::atomic::AtomicU64 as SharedU64;

#[cfg(not(target_has_atomic = "64"))]
pub use halves::SharedU64;

#[cfg(not(target_has_atomic = "64"))]
mod halves {
    use core::sync::atomic::{AtomicU32, Ordering};

    /// A 64-bit word as two 32-bit atomics (see the module note).
    #[derive(Debug, Default)]
    pub struct SharedU64 {
        low: AtomicU32,
        high: AtomicU32,
    }

    impl SharedU64 {
        /// A word holding `value`.
        pub const fn new(value: u64) -> SharedU64 {
            SharedU64 { low: AtomicU32::new(value as u32), high: AtomicU32::new((value >> 32) as u32) }
        }

        /// The word's value, half by half.
        #[inline(always)]
        pub fn load(&self, order: Ordering) -> u64 {
            u64::from(self.low.load(order)) | u64::from(self.high.load(order)) << 32
        }

        /// Sets the word, half by half.
        #[inline(always)]
        pub fn store(&self, value: u64, order: Ordering) {
            self.low.store(value as u32, order);
            self.high.store((value >> 32) as u32, order);
        }

        /// Sets the word to `new` if it holds `current`: a load and a store, not one atomic step
        /// (thumbv6m has no compare-and-swap at all), which is enough for a hint.
        #[inline(always)]
        pub fn compare_exchange(
            &self,
            current: u64,
            new: u64,
            success: Ordering,
            failure: Ordering,
        ) -> Result<u64, u64> {
            let value = self.load(failure);
            if value == current {
                self.store(new, success);
                Ok(value)
            } else {
                Err(value)
            }
        }
    }
}
