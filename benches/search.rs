//! Instruction-count benchmark of the search: fixed positions, fixed depth, a cleared table. The
//! instruction count moves only when the search or evaluation changes, so it doubles as a cost
//! signature. Run with `cargo bench --bench search` (iai-callgrind-runner 0.16.1, see README).

mod support;

use engine::chess::{Move, Position};
use engine::search::SearchOutcome;
use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use support::{fresh, search_to_depth, SearchInput};

fn setup(fen: &str) -> SearchInput<Position> {
    fresh(Position::from_fen(fen).expect("bench FENs are valid"), 1 << 16)
}

/// The same, evaluating with the embedded network (its portable loops: nothing here enables AVX2).
fn setup_network(fen: &str) -> SearchInput<Position> {
    let (position, entries, mut state) = setup(fen);
    state.eval_cache_mut().set_network(Some(&engine::chess::nnue::EMBEDDED));
    (position, entries, state)
}

#[library_benchmark]
#[bench::startpos_8(setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 8)]
#[bench::kiwipete_7(setup("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), 7)]
#[bench::endgame_12(setup("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"), 12)]
#[bench::startpos_8_network(setup_network("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 8)]
#[bench::kiwipete_7_network(
    setup_network("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    7
)]
fn fixed_depth(input: SearchInput<Position>, depth: u32) -> SearchOutcome<Move> {
    search_to_depth(input, depth)
}

library_benchmark_group!(name = search_group; benchmarks = fixed_depth);
main!(library_benchmark_groups = search_group);
