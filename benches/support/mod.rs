//! What the search benches share (`benches/search.rs` for chess, `benches/othello_search.rs`): a
//! position with a fresh table and search state, and the fixed-depth search a bench runs and
//! checks. The setup is built before the measured function, so only the search is counted.

use engine::search::{
    search, Limits, LimitsOnly, SearchOutcome, SearchState, Silent, TranspositionTable, TtEntry,
};
use engine::Game;
use std::hint::black_box;

/// A bench's input: the position, the table's entries and the search state.
pub type SearchInput<G> = (G, Vec<TtEntry>, Box<SearchState<G>>);

/// `position` with an empty table of `entries` entries and a fresh search state.
pub fn fresh<G: Game>(position: G, entries: usize) -> SearchInput<G> {
    (position, (0..entries).map(|_| TtEntry::new()).collect(), SearchState::boxed())
}

/// Searches the input's position to `depth`, and checks that the search got there with a move.
pub fn search_to_depth<G: Game>(input: SearchInput<G>, depth: u32) -> SearchOutcome<G::Move> {
    let (position, entries, mut state) = input;
    let table = TranspositionTable::new(&entries, 1);
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let outcome = search(black_box(&position), &[], &limits, &table, &mut state, &LimitsOnly, &mut Silent);
    assert_eq!(outcome.depth, depth);
    assert!(outcome.best_move.is_some());
    outcome
}
