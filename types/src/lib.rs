//! What the build-time table generator (`tablegen`) and the run-time engine must agree on, in one
//! place both depend on (as cozy-chess shares its `types` crate between its build script and its
//! run time): a table generated with one formula and read with another would be silently wrong.
//! Also the chess network's file format ([`nnue`]), which the trainer, the generator and the
//! engine's run-time loader share, and the opening books' record ([`book`]) and Polyglot's chess
//! key and move code ([`polyglot`]), which the tuner writes and the shell reads. `no_std`, no
//! allocation, nothing else.

#![no_std]
#![deny(missing_docs)]

pub mod book;
pub mod nnue;
pub mod polyglot;
pub mod prng;

/// Slots of the cuckoo table of reversible chess moves: a power of two, with room to spare for
/// its 3 668 moves.
pub const CUCKOO_SLOTS: usize = 8192;

/// The first of a key's two cuckoo slots.
#[inline(always)]
pub const fn cuckoo_slot_1(key: u64) -> usize {
    (key as usize) & (CUCKOO_SLOTS - 1)
}

/// The second of a key's two cuckoo slots.
#[inline(always)]
pub const fn cuckoo_slot_2(key: u64) -> usize {
    ((key >> 16) as usize) & (CUCKOO_SLOTS - 1)
}

/// The index of a slider's attack set in the shared attack table: the square's `offset` plus the
/// relevant occupancy (`occupied & mask`) multiplied by the square's `magic`, its top bits kept by
/// `shift`.
#[inline(always)]
pub const fn magic_index(offset: u32, mask: u64, magic: u64, shift: u32, occupied: u64) -> usize {
    offset as usize + ((occupied & mask).wrapping_mul(magic) >> shift) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_stay_in_the_table_and_differ_by_key_bits() {
        assert_eq!(cuckoo_slot_1(CUCKOO_SLOTS as u64 + 5), 5);
        assert_eq!(cuckoo_slot_2(7 << 16), 7);
        assert!(cuckoo_slot_1(u64::MAX) < CUCKOO_SLOTS && cuckoo_slot_2(u64::MAX) < CUCKOO_SLOTS);
    }

    #[test]
    fn the_magic_index_adds_the_offset_to_the_top_bits_of_the_product() {
        assert_eq!(magic_index(100, 0xFF, 1 << 56, 56, 0x1_0003), 103);
        assert_eq!(magic_index(0, 0, 12345, 50, u64::MAX), 0);
    }
}
