//! Instruction-count benchmarks (iai-callgrind) for move generation and perft on fixed positions.
//!
//! Run with `cargo bench --bench movegen` after `cargo install iai-callgrind-runner --version 0.16.1`
//! (the runner must match the `iai-callgrind` library version pinned in Cargo.toml). Each bench
//! asserts its count, so a fast but wrong generator cannot post a good number.

use engine::chess::{count_moves, generate_moves, ChessMoveList, Position};
use engine::perft::perft;
use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use std::hint::black_box;

const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION_6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
const CHESS960: &str = "q1nrnk1r/p1p1pp1p/1p1p2p1/8/6P1/1P1N4/P1PPPP1P/1Q1RNKR1 w GDd - 0 6";

fn position(fen: &str) -> Position {
    Position::from_fen(fen).expect("bench FENs are valid")
}

#[library_benchmark]
#[bench::startpos(position(STARTPOS), 20)]
#[bench::kiwipete(position(KIWIPETE), 48)]
#[bench::position_4(position(POSITION_4), 6)]
#[bench::chess960(position(CHESS960), 28)]
fn generate_move_list(position: Position, expected: usize) -> ChessMoveList {
    let mut moves = ChessMoveList::new();
    for _ in 0..100 {
        generate_moves(black_box(&position), &mut moves);
    }
    assert_eq!(moves.len(), expected);
    moves
}

#[library_benchmark]
#[bench::startpos(position(STARTPOS), 20)]
#[bench::kiwipete(position(KIWIPETE), 48)]
#[bench::position_5(position(POSITION_5), 44)]
fn count_legal_moves(position: Position, expected: u64) -> u64 {
    let mut total = 0;
    for _ in 0..100 {
        total += count_moves(black_box(&position));
    }
    assert_eq!(total, 100 * expected);
    total
}

#[library_benchmark]
#[bench::startpos_4(position(STARTPOS), 4, 197_281)]
#[bench::kiwipete_3(position(KIWIPETE), 3, 97_862)]
#[bench::position_3_5(position(POSITION_3), 5, 674_624)]
#[bench::position_4_3(position(POSITION_4), 3, 9_467)]
#[bench::position_5_3(position(POSITION_5), 3, 62_379)]
#[bench::position_6_3(position(POSITION_6), 3, 89_890)]
#[bench::chess960_3(position(CHESS960), 3, 20_659)]
fn perft_nodes(mut position: Position, depth: u32, expected: u64) -> u64 {
    let nodes = perft(black_box(&mut position), depth);
    assert_eq!(nodes, expected);
    nodes
}

library_benchmark_group!(name = movegen; benchmarks = generate_move_list, count_legal_moves, perft_nodes);
main!(library_benchmark_groups = movegen);
