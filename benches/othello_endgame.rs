//! Instruction-count benchmark of the Othello endgame solver: FFO-style positions of 20 and 21
//! empties solved exactly (score and best move asserted) from an empty table, on one thread. The
//! count moves only when the solver changes, so it is a cost signature of the solver as a whole:
//! node count (ordering, cut-offs) times cost per node. The `_avx2` cases run the solver's AVX2
//! build (on a CPU with AVX2, BMI1, BMI2 and LZCNT; the portable one elsewhere), the others the
//! portable one, the build's own `x86-64-v2`. The `small_roots` cases solve twenty roots of 16 to
//! 19 empties, the sizes a game calls the solver at once its midgame search hands over, where
//! the solver's fixed costs (the first guess, a pre-search or none) weigh most.
//!
//! Run with `cargo bench --bench othello_endgame` (iai-callgrind-runner 0.16.1, see
//! docs/benchmarks.md). Under callgrind it takes a few minutes.

use engine::othello::endgame::{clear, solve_exact, EndgameEntry, NoStop, Solution};
use engine::othello::ffo::FfoLine;
use engine::othello::{Move, MoveText, Position};
use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use std::hint::black_box;

/// FFO #40 (20 empties, black to move): +38, a2.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
/// FFO #41 (22 empties, black to move: a draw by h4) after h4: 21 empties, white to move, a draw.
const FFO_41_H4: (&str, &str) = ("-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", "h4");

/// `avx2`: the solver's AVX2 build from now on, when the CPU has its features (otherwise the
/// portable one, as without it).
fn choose_build(avx2: bool) {
    #[cfg(target_arch = "x86_64")]
    if avx2
        && std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("popcnt")
    {
        // SAFETY: the CPU has the features (asked above).
        unsafe { engine::othello::endgame::cpu::enable_avx2() };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = avx2;
}

/// The position (after `played`) and a fresh table, in the build [`choose_build`] picks.
fn setup(text: &str, played: Option<&str>, avx2: bool) -> (Position, Vec<EndgameEntry>) {
    choose_build(avx2);
    let mut position = Position::parse(text).expect("bench positions are valid");
    if let Some(text) = played {
        let mv = position.parse_move(text).expect("a legal bench move");
        position.play(mv);
    }
    (position, vec![EndgameEntry::EMPTY; 1 << 20])
}

/// Roots of 16 to 19 empties reached from FFO positions by the engine's own play (the file's
/// header says how), each with its exact score and every best move.
const SMALL_ROOTS: &str = include_str!("../tests/data/othello/small_roots.txt");

/// A root to solve: the position, its score and its best moves.
type Root = (Position, i32, Vec<Move>);

/// One root of `SMALL_ROOTS` for each of FFO #40-#59, at 16, 17, 18 and 19 empties in turn (#40
/// at 16, #41 at 17, ..., #59 at 19), and a table, in the build [`choose_build`] picks.
fn setup_small_roots(avx2: bool) -> (Vec<Root>, Vec<EndgameEntry>) {
    choose_build(avx2);
    let roots = SMALL_ROOTS
        .lines()
        .filter_map(FfoLine::parse)
        .map(|line| line.expect("bench roots read"))
        .filter(|line| {
            let origin = line.number / 100;
            (40..=59).contains(&origin) && line.position.empties() == 16 + (origin - 40) % 4
        })
        .map(|line| {
            let best = line.best_moves().map(|mv| mv.expect("a legal move")).collect();
            (line.position, line.score, best)
        })
        .collect::<Vec<_>>();
    assert_eq!(roots.len(), 20);
    (roots, vec![EndgameEntry::EMPTY; 1 << 20])
}

#[library_benchmark]
#[bench::small_roots(setup_small_roots(false))]
#[bench::small_roots_avx2(setup_small_roots(true))]
fn solve_small_roots(input: (Vec<Root>, Vec<EndgameEntry>)) -> u64 {
    let (roots, table) = input;
    let mut nodes = 0;
    for (position, score, best) in &roots {
        clear(&table);
        let solution = solve_exact(black_box(position), &table, &NoStop).expect("never stopped");
        assert_eq!(solution.score, *score);
        assert!(best.contains(&solution.best_move));
        nodes += solution.nodes;
    }
    nodes
}

#[library_benchmark]
#[bench::ffo_40(setup(FFO_40, None, false), 38, &["a2"])]
#[bench::ffo_41_after_h4(setup(FFO_41_H4.0, Some(FFO_41_H4.1), false), 0, &[])]
#[bench::ffo_40_avx2(setup(FFO_40, None, true), 38, &["a2"])]
#[bench::ffo_41_after_h4_avx2(setup(FFO_41_H4.0, Some(FFO_41_H4.1), true), 0, &[])]
fn solve(input: (Position, Vec<EndgameEntry>), score: i32, moves: &[&str]) -> Solution {
    let (position, table) = input;
    let solution = solve_exact(black_box(&position), &table, &NoStop).expect("never stopped");
    assert_eq!(solution.score, score);
    if !moves.is_empty() {
        let played = MoveText(solution.best_move).to_string().to_ascii_lowercase();
        assert!(moves.contains(&played.as_str()), "best move {played}");
    }
    solution
}

library_benchmark_group!(name = endgame_group; benchmarks = solve, solve_small_roots);
main!(library_benchmark_groups = endgame_group);
