//! Instruction-count benchmarks (iai-callgrind) for xiangqi move generation and perft.
//!
//! Run with `cargo bench --bench xiangqi_perft` after `cargo install iai-callgrind-runner --version
//! 0.16.1`. Each bench asserts its count, so a fast but wrong generator cannot post a good number.

use engine::perft::perft;
use engine::xiangqi::{count_moves, generate_moves, Position, XiangqiMoveList, STARTPOS};
use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use std::hint::black_box;

const MIDDLEGAME_1: &str = "r1bakabc1/9/2n3n2/p1p1p1p1P/3C5/9/P1P1P1P2/4C1N2/9/1cBAKABR1 b - - 3 13";
const MIDDLEGAME_2: &str = "2bak4/4a1n2/n3b4/1R2r4/8C/2N1p4/2c4c1/4B2p1/4A4/2B1KA3 b - - 5 41";
const MIDDLEGAME_3: &str = "1nbakr3/4a1n2/4b1Cc1/4R3p/p3p2C1/2p5P/P1crP4/4B2p1/N3A4/2BAK3R w - - 4 27";

fn position(fen: &str) -> Position {
    Position::from_fen(fen).expect("bench FENs are valid")
}

#[library_benchmark]
#[bench::startpos(position(STARTPOS), 44)]
#[bench::middlegame_1(position(MIDDLEGAME_1), 40)]
fn generate_move_list(position: Position, expected: usize) -> XiangqiMoveList {
    let mut moves = XiangqiMoveList::new();
    for _ in 0..100 {
        generate_moves(black_box(&position), &mut moves);
    }
    assert_eq!(moves.len(), expected);
    moves
}

#[library_benchmark]
#[bench::startpos(position(STARTPOS), 44)]
#[bench::middlegame_2(position(MIDDLEGAME_2), 48)]
fn count_legal_moves(position: Position, expected: u64) -> u64 {
    let mut total = 0;
    for _ in 0..100 {
        total += count_moves(black_box(&position));
    }
    assert_eq!(total, 100 * expected);
    total
}

#[library_benchmark]
#[bench::startpos_3(position(STARTPOS), 3, 79_666)]
#[bench::middlegame_1_3(position(MIDDLEGAME_1), 3, 65_827)]
#[bench::middlegame_2_3(position(MIDDLEGAME_2), 3, 95_514)]
#[bench::middlegame_3_3(position(MIDDLEGAME_3), 3, 82_297)]
fn perft_nodes(mut position: Position, depth: u32, expected: u64) -> u64 {
    let nodes = perft(black_box(&mut position), depth);
    assert_eq!(nodes, expected);
    nodes
}

library_benchmark_group!(name = xiangqi; benchmarks = generate_move_list, count_legal_moves, perft_nodes);
main!(library_benchmark_groups = xiangqi);
