//! Instruction-count benchmark of the compact core's search (`docs/embedded.md`): the positions
//! and depths of `benches/search.rs`'s hand-crafted runs, built with the `compact` feature. Beside
//! those runs of the full build, it gives what the small tables and the smaller search memory cost
//! per node, and, with the node counts it prints, the instructions per node from which the docs
//! estimate a microcontroller's speed.
//!
//! Run with `cargo bench --features compact --bench compact_search -- --nocapture`.

mod support;

use engine::chess::{Move, Position};
use engine::search::SearchOutcome;
use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use support::{fresh, search_to_depth, SearchInput};

fn setup(fen: &str) -> SearchInput<Position> {
    fresh(Position::from_fen(fen).expect("bench FENs are valid"), 1 << 16)
}

#[library_benchmark]
#[bench::startpos_8(setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 8)]
#[bench::kiwipete_7(setup("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), 7)]
#[bench::endgame_12(setup("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 12)]
fn fixed_depth(input: SearchInput<Position>, depth: u32) -> SearchOutcome<Move> {
    let outcome = search_to_depth(input, depth);
    eprintln!("compact search: depth {depth}, {} nodes", outcome.nodes);
    outcome
}

library_benchmark_group!(name = compact_search_group; benchmarks = fixed_depth);
main!(library_benchmark_groups = compact_search_group);
