//! `memcpy`, `memmove`, `memset`, `memcmp`, `bcmp` and `strlen` for a program without a C library: the
//! compiler lowers copies, fills and comparisons to calls of these. Word at a time where both
//! sides allow it, a byte at a time otherwise.
//!
//! `#![no_builtins]` keeps the optimizer from recognising the loops below as the very functions
//! they implement, which would turn each into a call to itself.

#![no_std]
#![no_builtins]

const WORD: usize = core::mem::size_of::<usize>();

/// Copies `count` bytes from `source` to `destination`, forwards (which [`memmove`] relies on for a
/// `destination` below `source`).
///
/// # Safety
/// Both ranges are valid for `count` bytes, and do not overlap unless `destination <= source`.
#[no_mangle]
pub unsafe extern "C" fn memcpy(destination: *mut u8, source: *const u8, count: usize) -> *mut u8 {
    let mut index = 0;
    if (destination as usize | source as usize) & (WORD - 1) == 0 {
        while index + WORD <= count {
            // SAFETY: aligned words inside both ranges.
            unsafe { *(destination.add(index) as *mut usize) = *(source.add(index) as *const usize) };
            index += WORD;
        }
    }
    while index < count {
        // SAFETY: inside both ranges.
        unsafe { *destination.add(index) = *source.add(index) };
        index += 1;
    }
    destination
}

/// Copies `count` bytes from `source` to `destination`; the ranges may overlap.
///
/// # Safety
/// Both ranges are valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn memmove(destination: *mut u8, source: *const u8, count: usize) -> *mut u8 {
    if (destination as usize) <= (source as usize) || (destination as usize) >= source as usize + count {
        // SAFETY: disjoint ranges, or `destination` below `source`: `memcpy` copies forwards,
        // reading every byte (or word) before anything at or above it is written.
        return unsafe { memcpy(destination, source, count) };
    }
    let mut index = count;
    while index > 0 {
        index -= 1;
        // SAFETY: inside both ranges; backwards, so a byte is read before it is overwritten.
        unsafe { *destination.add(index) = *source.add(index) };
    }
    destination
}

/// Fills `count` bytes at `destination` with the low byte of `value`.
///
/// # Safety
/// The range is valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn memset(destination: *mut u8, value: i32, count: usize) -> *mut u8 {
    let byte = value as u8;
    let mut index = 0;
    if destination as usize & (WORD - 1) == 0 {
        let word = usize::from_ne_bytes([byte; WORD]);
        while index + WORD <= count {
            // SAFETY: aligned words inside the range.
            unsafe { *(destination.add(index) as *mut usize) = word };
            index += WORD;
        }
    }
    while index < count {
        // SAFETY: inside the range.
        unsafe { *destination.add(index) = byte };
        index += 1;
    }
    destination
}

/// Compares `count` bytes: negative, zero or positive as `a` sorts before, with or after `b`.
///
/// # Safety
/// Both ranges are valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, count: usize) -> i32 {
    for index in 0..count {
        // SAFETY: inside both ranges.
        let (x, y) = unsafe { (*a.add(index), *b.add(index)) };
        if x != y {
            return i32::from(x) - i32::from(y);
        }
    }
    0
}

/// Zero when the `count` bytes are equal.
///
/// # Safety
/// Both ranges are valid for `count` bytes.
#[no_mangle]
pub unsafe extern "C" fn bcmp(a: *const u8, b: *const u8, count: usize) -> i32 {
    // SAFETY: the same contract.
    unsafe { memcmp(a, b, count) }
}

/// The length of a NUL-terminated string.
///
/// # Safety
/// `text` points to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn strlen(text: *const u8) -> usize {
    let mut length = 0;
    // SAFETY: every byte up to the NUL is readable.
    while unsafe { *text.add(length) } != 0 {
        length += 1;
    }
    length
}
