//! Instruction-count benchmark of the Othello endgame solver: FFO-style positions of 20 and 21
//! empties solved exactly (score and best move asserted) from an empty table, on one thread. The
//! count moves only when the solver changes, so it is a cost signature of the solver as a whole:
//! node count (ordering, cut-offs) times cost per node.
//!
//! Run with `cargo bench --bench othello_endgame` (iai-callgrind-runner 0.16.1, see
//! docs/benchmarks.md). Under callgrind it takes about a minute.

use engine::othello::endgame::{solve_exact, EndgameEntry, NoStop, Solution};
use engine::othello::{MoveText, Position};
use iai_callgrind::{library_benchmark, library_benchmark_group, main};
use std::hint::black_box;

/// FFO #40 (20 empties, black to move): +38, a2.
const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
/// FFO #41 (22 empties, black to move: a draw by h4) after h4: 21 empties, white to move, a draw.
const FFO_41_H4: (&str, &str) = ("-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", "h4");

fn setup(text: &str, played: Option<&str>) -> (Position, Vec<EndgameEntry>) {
    let mut position = Position::parse(text).expect("bench positions are valid");
    if let Some(text) = played {
        let mv = position.parse_move(text).expect("a legal bench move");
        position.play(mv);
    }
    (position, vec![EndgameEntry::EMPTY; 1 << 20])
}

#[library_benchmark]
#[bench::ffo_40(setup(FFO_40, None), 38, &["a2"])]
#[bench::ffo_41_after_h4(setup(FFO_41_H4.0, Some(FFO_41_H4.1)), 0, &[])]
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

library_benchmark_group!(name = endgame_group; benchmarks = solve);
main!(library_benchmark_groups = endgame_group);
