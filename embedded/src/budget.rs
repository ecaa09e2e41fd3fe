//! The program's flash and RAM, read from the symbols `link.x` places around each region, and the
//! stack's high-water mark, read from the paint the entry point left.

use crate::entry::STACK_PAINT;

extern "C" {
    static __text_start: u8;
    static __text_end: u8;
    static __rodata_start: u8;
    static __rodata_end: u8;
    static __data_start: u8;
    static __data_end: u8;
    static __bss_start: u8;
    static __bss_end: u8;
    static __stack_bottom: u64;
    static __stack_top: u64;
}

/// The address of a linker symbol (taking it reads nothing, so it needs no `unsafe`).
macro_rules! address {
    ($symbol:ident) => {
        core::ptr::addr_of!($symbol) as usize
    };
}

/// Sizes in bytes.
pub struct Budget {
    /// Code, read-only data and the initial values of `.data`: what a board keeps in flash.
    pub flash: usize,
    /// `.data` and `.bss` (the statics: search state, hash table) and the stack's peak.
    pub ram: usize,
    /// The stack's high-water mark.
    pub stack: usize,
    /// The room reserved for the stack (`STACK_BYTES` in `link.x`).
    pub stack_reserved: usize,
}

/// Measures the budget now: the stack's peak is the deepest it has been so far.
pub fn measure() -> Budget {
    let data = address!(__data_end) - address!(__data_start);
    let read_only =
        address!(__text_end) - address!(__text_start) + address!(__rodata_end) - address!(__rodata_start);
    let bss = address!(__bss_end) - address!(__bss_start);
    let stack = stack_high_water();
    Budget {
        flash: read_only + data,
        ram: data + bss + stack,
        stack,
        stack_reserved: address!(__stack_top) - address!(__stack_bottom),
    }
}

/// Bytes of the stack region ever written: from the top down to the lowest word that no longer
/// holds the paint.
fn stack_high_water() -> usize {
    let bottom = address!(__stack_bottom) as *const u64;
    let words = (address!(__stack_top) - address!(__stack_bottom)) / 8;
    let untouched = (0..words)
        // SAFETY: every word of the stack region is mapped and 8-byte aligned; the ones below the
        // stack pointer are read while no one writes them.
        .take_while(|&index| unsafe { core::ptr::read_volatile(bottom.add(index)) } == STACK_PAINT)
        .count();
    (words - untouched) * 8
}
