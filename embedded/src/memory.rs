//! All the memory the search needs, as statics of sizes fixed at compile time: the search state
//! (move lists, histories, principal variations, the pawn cache) and the hash table. Nothing is
//! allocated; the sizes are consts, and `docs/embedded.md` adds them up.

use core::cell::UnsafeCell;
use core::mem::MaybeUninit;

use engine::chess::Position;
use engine::search::{SearchState, TtEntry};

/// Hash-table entries: 16 bytes each, 4 KiB (64 buckets of four).
pub const TT_ENTRIES: usize = 256;

/// A static the single thread of the program hands out once.
struct Static<T>(UnsafeCell<T>);

// SAFETY: the program has one thread, and [`Memory::take`] hands each static out once.
unsafe impl<T> Sync for Static<T> {}

static STATE: Static<MaybeUninit<SearchState<Position>>> = Static(UnsafeCell::new(MaybeUninit::uninit()));
static TABLE: Static<[TtEntry; TT_ENTRIES]> = Static(UnsafeCell::new([const { TtEntry::new() }; TT_ENTRIES]));
static TAKEN: Static<bool> = Static(UnsafeCell::new(false));

/// The search's memory, built in place in the statics.
pub struct Memory {
    state: &'static mut SearchState<Position>,
    table: &'static [TtEntry; TT_ENTRIES],
}

impl Memory {
    /// The statics, once; `None` on a second call.
    #[inline(never)]
    pub fn take() -> Option<Memory> {
        // SAFETY: one thread; the flag makes every later call return `None`, so the references
        // below are the only ones ever made.
        unsafe {
            if *TAKEN.0.get() {
                return None;
            }
            *TAKEN.0.get() = true;
            let state = SearchState::init_in(&mut *STATE.0.get());
            Some(Memory { state, table: &*TABLE.0.get() })
        }
    }

    /// Forgets every earlier search: each check starts as a fresh engine would.
    pub fn clear(&mut self) {
        self.state.clear();
        engine::search::tt::clear(self.table);
    }

    /// The search state and the hash table's entries.
    pub fn parts(&mut self) -> (&mut SearchState<Position>, &[TtEntry]) {
        (self.state, self.table)
    }
}
