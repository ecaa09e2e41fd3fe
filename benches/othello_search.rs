//! Instruction-count benchmark of the Othello midgame search: positions of 52, 40 and 30 empties
//! (one game against NTest) searched to a fixed depth from a cleared table, on one thread. The
//! count moves only when the search or the evaluation changes: node count (ordering,
//! Multi-ProbCut, reductions) times cost per node, the two that decide how deep the engine gets on
//! a clock.
//!
//! Run with `cargo bench --bench othello_search` (iai-callgrind-runner 0.16.1, see
//! docs/benchmarks.md).

use engine::othello::{Move, Position};
use engine::search::{
    search, Limits, LimitsOnly, SearchOutcome, SearchState, Silent, TranspositionTable, TtEntry,
};
use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use std::hint::black_box;

fn setup(text: &str) -> (Position, Vec<TtEntry>, Box<SearchState<Position>>) {
    let position = Position::parse(text).expect("bench positions are valid");
    (position, (0..1 << 18).map(|_| TtEntry::new()).collect(), SearchState::boxed())
}

#[library_benchmark]
#[bench::empties_52_depth_10(setup("-------------X----OOX----OOOO-----OOO------O-------------------- X"), 10)]
#[bench::empties_40_depth_10(setup("--X-OO----XOOO---XXOOO---XXOO----XOXO----OXXX------------------- X"), 10)]
#[bench::empties_30_depth_10(setup("--XXOO--XXXXOO--OXXXOO--OOXOOO--OOOOOOO--OXXXX------------------ X"), 10)]
fn fixed_depth(
    input: (Position, Vec<TtEntry>, Box<SearchState<Position>>),
    depth: u32,
) -> SearchOutcome<Move> {
    let (position, entries, mut state) = input;
    let table = TranspositionTable::new(&entries, 1);
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let outcome = search(black_box(&position), &[], &limits, &table, &mut state, &LimitsOnly, &mut Silent);
    assert_eq!(outcome.depth, depth);
    assert!(outcome.best_move.is_some());
    outcome
}

library_benchmark_group!(name = othello_search_group; benchmarks = fixed_depth);
main!(library_benchmark_groups = othello_search_group);
