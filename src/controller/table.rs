//! The transposition table's memory: allocated by the controller, shared by the search threads
//! of every `go` (and by Othello's and `bench`'s searches), resized by `Hash`.

use crate::resources::huge_vec;
use engine::search::{self, TtEntry};
use std::sync::Arc;

/// Largest table in MiB. Public for the fuzz crate (`fuzz/`), whose generators keep to it.
pub use crate::resources::MAX_HASH_MB;

/// The shared transposition-table memory.
pub type Table = Arc<Vec<TtEntry>>;

/// Allocates a zeroed table of `mb` MiB, or `None` if the memory is not there.
pub fn allocate_table(mb: usize) -> Option<Table> {
    let buckets = mb.checked_mul(1 << 20)? / (search::tt::BUCKET * std::mem::size_of::<TtEntry>());
    let entries = search::tt::entries_for_buckets(buckets);
    huge_vec(entries, TtEntry::new).map(Arc::new)
}
