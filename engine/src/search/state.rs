//! The memory a search thread owns: built once, in place, and reused by every search the thread
//! runs, so that a search allocates nothing and copies no megabytes.
//!
//! The types of its root-move and repetition fields are defined here, not in the files that fill
//! them (`iterative`, `repetition`): those files work through the [`Searcher`] that holds this
//! state, so the state depending on them would close a cycle.
//!
//! [`Searcher`]: super::searcher::Searcher

use core::mem::MaybeUninit;
use core::ptr::addr_of_mut;

use super::histories::Histories;
use crate::footprint::ROOT_MOVES;
use crate::game::{Game, MAX_MOVES};
use crate::history::History;
use crate::score::{Score, MAX_PLY};

pub(super) use crate::footprint::KEY_HISTORY;

/// The positions repetition detection looks back over: the game's, then the search's line.
pub(super) type RepetitionKeys = History<KEY_HISTORY>;

/// A root move with what the last iterations learned about it.
#[derive(Clone, Copy)]
pub(super) struct RootMove<M: Copy> {
    pub(super) mv: M,
    /// Score of the current iteration (`-INFINITE` until searched with a window it beat).
    pub(super) score: Score,
    /// Score of the last completed iteration, for ordering and aspiration windows.
    pub(super) previous_score: Score,
    pub(super) pv: [M; MAX_PLY],
    pub(super) pv_len: usize,
    /// Nodes this search has spent under the move, every iteration together.
    pub(super) nodes: u64,
}

impl<M: Copy> RootMove<M> {
    /// The reply its line expects, if the line goes that far: the move to ponder on.
    pub(super) fn reply(&self) -> Option<M> {
        (self.pv_len > 1).then(|| self.pv[1])
    }
}

/// Everything a search thread owns: its move-ordering memory, principal variation table, root moves,
/// repetition keys and the evaluation's cache. Fixed-size (about 3.8 MiB in the full build, mostly
/// the continuation history; [`crate::footprint`] sizes the compact one): the caller builds it once
/// per thread in place, boxed ([`SearchState::boxed`]) or in a static
/// ([`SearchState::init_in`]), and reuses it for every search.
pub struct SearchState<G: Game> {
    pub(super) histories: Histories<G>,
    /// History slot of the move played to reach each ply (`None` after a null move or at the root).
    pub(super) played: [Option<usize>; MAX_PLY + 1],
    /// Static evaluation at each ply of the current line, for the "improving" heuristic.
    pub(super) static_evals: [Score; MAX_PLY + 1],
    /// The move a singular-extension search leaves out at each ply (its encoded bits).
    pub(super) excluded: [Option<u16>; MAX_PLY + 1],
    /// Double singular extensions on the line to each ply: bounded, so that extensions cannot
    /// feed on themselves and blow a search up.
    pub(super) double_extensions: [u8; MAX_PLY + 1],
    /// The evaluation's own memory (chess: the pawn cache).
    pub(super) eval_cache: G::EvalCache,
    /// Each ply's move list and ordering keys. Kept here rather than on the stack because a fresh
    /// local list is zeroed at every node (a kilobyte and a half in chess); the generators clear a
    /// list before filling it and only `..len` of the keys is ever read. A node fills its ply's
    /// entry only after the searches it makes at its own ply (null-move verification, singular and
    /// ProbCut probes), so no search overwrites a list still in use.
    pub(super) move_lists: [G::MoveList; MAX_PLY + 1],
    pub(super) move_keys: [[i32; MAX_MOVES]; MAX_PLY + 1],
    pub(super) pv: [[G::Move; MAX_PLY]; MAX_PLY + 1],
    pub(super) pv_len: [usize; MAX_PLY + 1],
    pub(super) root_moves: [RootMove<G::Move>; ROOT_MOVES],
    pub(super) root_count: usize,
    pub(super) keys: RepetitionKeys,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    /// 0 for the main search thread; helpers of a lazy-SMP search count from 1 and skip some
    /// iterations, so that threads sharing the table work on different depths.
    pub(super) thread_index: usize,
}

impl<G: Game> SearchState<G> {
    /// Builds a fresh state with empty move-ordering memory directly in `slot` (a static, or a heap
    /// allocation), so that its megabytes never pass through the stack.
    pub fn init_in(slot: &mut MaybeUninit<Self>) -> &mut Self {
        let none = G::Move::default();
        let state = slot.as_mut_ptr();
        // SAFETY: `state` points to writable, aligned, uninitialised memory for a `SearchState`.
        // Every field is written exactly once below (`assert_every_field_is_written` fails to
        // compile when a field is added and not listed) before the reference is created: the
        // histories by their own `init_in` through a `MaybeUninit` of the same layout, the move
        // lists and root moves element by element; the move keys hold only integers, for which
        // all-zero bytes are a valid value.
        unsafe {
            Histories::init_in(&mut *addr_of_mut!((*state).histories).cast::<MaybeUninit<Histories<G>>>());
            addr_of_mut!((*state).played).write([None; MAX_PLY + 1]);
            addr_of_mut!((*state).static_evals).write([-Score::INFINITE; MAX_PLY + 1]);
            addr_of_mut!((*state).excluded).write([None; MAX_PLY + 1]);
            addr_of_mut!((*state).double_extensions).write([0; MAX_PLY + 1]);
            addr_of_mut!((*state).eval_cache).write(G::EvalCache::default());
            let lists = addr_of_mut!((*state).move_lists).cast::<G::MoveList>();
            for ply in 0..=MAX_PLY {
                lists.add(ply).write(G::MoveList::default());
            }
            addr_of_mut!((*state).move_keys).write_bytes(0, 1);
            addr_of_mut!((*state).pv).write([[none; MAX_PLY]; MAX_PLY + 1]);
            addr_of_mut!((*state).pv_len).write([0; MAX_PLY + 1]);
            // Element by element, as the move lists: a whole array written at once may be built
            // on the stack first (16 KiB even in the compact build).
            let root_moves = addr_of_mut!((*state).root_moves).cast::<RootMove<G::Move>>();
            for index in 0..ROOT_MOVES {
                root_moves.add(index).write(RootMove {
                    mv: none,
                    score: -Score::INFINITE,
                    previous_score: -Score::INFINITE,
                    pv: [none; MAX_PLY],
                    pv_len: 0,
                    nodes: 0,
                });
            }
            addr_of_mut!((*state).root_count).write(0);
            addr_of_mut!((*state).keys).write(RepetitionKeys::new());
            addr_of_mut!((*state).nodes).write(0);
            addr_of_mut!((*state).seldepth).write(0);
            addr_of_mut!((*state).thread_index).write(0);
            slot.assume_init_mut()
        }
    }

    /// A fresh state on the heap.
    #[cfg(feature = "std")]
    pub fn boxed() -> std::boxed::Box<Self> {
        let mut slot = std::boxed::Box::<Self>::new_uninit();
        Self::init_in(&mut slot);
        // SAFETY: `init_in` initialised every field.
        unsafe { slot.assume_init() }
    }

    /// Makes this state a lazy-SMP helper (index 1, 2, ...) or the main thread (0). Helpers skip
    /// some iterations, in a pattern that spreads the threads over depths.
    pub fn set_thread_index(&mut self, index: usize) {
        self.thread_index = index;
    }

    /// The evaluation's memory, to set what it evaluates with (chess: `EvalCache::set_network`).
    pub fn eval_cache_mut(&mut self) -> &mut G::EvalCache {
        &mut self.eval_cache
    }

    /// Forgets killers and histories (UCI `ucinewgame`).
    pub fn clear(&mut self) {
        self.histories.clear();
    }
}

/// Never called: the exhaustive pattern stops compiling when [`SearchState`] gains a field, as a
/// reminder that [`SearchState::init_in`] must write it too.
#[allow(dead_code)]
fn assert_every_field_is_written<G: Game>(state: SearchState<G>) {
    let SearchState {
        histories: _,
        played: _,
        static_evals: _,
        excluded: _,
        double_extensions: _,
        eval_cache: _,
        move_lists: _,
        move_keys: _,
        pv: _,
        pv_len: _,
        root_moves: _,
        root_count: _,
        keys: _,
        nodes: _,
        seldepth: _,
        thread_index: _,
    } = state;
}
