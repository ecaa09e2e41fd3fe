//! A hash of the bytes that decide a generated data file (its openings, the weights the games
//! were played with): the generators write it into the file's settings line, and a run on an
//! existing file resumes only when it matches, so a file never mixes two engines' games. `tuner
//! datagen` also keys its duplicate check by it. Shared by `tuner datagen` and `othello_fit
//! generate`, whose files written before must keep resuming, so the hash must not change.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// A 64-bit hash of `bytes`.
pub fn identity(bytes: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}
