//! Instruction-count benchmark of the Othello midgame search: positions of 52, 40 and 30 empties
//! (one game against NTest) searched to a fixed depth from a cleared table, on one thread. The
//! count moves only when the search or the evaluation changes: node count (ordering,
//! Multi-ProbCut, reductions) times cost per node, the two that decide how deep the engine gets on
//! a clock.
//!
//! Run with `cargo bench --bench othello_search` (iai-callgrind-runner 0.16.1, see
//! docs/benchmarks.md).

mod support;

use engine::othello::{Move, Position};
use engine::search::SearchOutcome;
use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use support::{fresh, search_to_depth, SearchInput};

fn setup(text: &str) -> SearchInput<Position> {
    fresh(Position::parse(text).expect("bench positions are valid"), 1 << 18)
}

#[library_benchmark]
#[bench::empties_52_depth_10(setup("-------------X----OOX----OOOO-----OOO------O-------------------- X"), 10)]
#[bench::empties_40_depth_10(setup("--X-OO----XOOO---XXOOO---XXOO----XOXO----OXXX------------------- X"), 10)]
#[bench::empties_30_depth_10(setup("--XXOO--XXXXOO--OXXXOO--OOXOOO--OOOOOOO--OXXXX------------------ X"), 10)]
fn fixed_depth(input: SearchInput<Position>, depth: u32) -> SearchOutcome<Move> {
    search_to_depth(input, depth)
}

library_benchmark_group!(name = othello_search_group; benchmarks = fixed_depth);
main!(library_benchmark_groups = othello_search_group);
