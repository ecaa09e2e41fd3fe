//! The endgame solver against a naive full-width minimax on random positions (passes and finished
//! games included), its window and win/loss/draw semantics, the flip and stability helpers it
//! rests on, and FFO positions with known scores (`tests/data/othello/ffo.txt`, a copy of the
//! team's shared data).
//!
//! `ffo_40_to_49` is the timing run, ignored by default:
//! `cargo test --release -p engine --test othello_endgame -- --ignored --nocapture`.

use std::time::Instant;

use engine::othello::board::{flips as reference_flips, Square};
use engine::othello::endgame::{
    clear, flips::flips, solve, solve_exact, solve_exact_shared, solve_moves, solve_win_loss, EndgameEntry,
    NoStop, Team,
};
use engine::othello::ffo::FfoLine;
use engine::othello::{Move, MoveText, Position};

const FFO: &str = include_str!("../../tests/data/othello/ffo.txt");

/// SplitMix64: deterministic positions without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn play(position: &mut Position, mv: Move) {
    position.play(mv);
}

/// A random game from the start, stopped at `empties` empty squares or when it ends.
fn random_position(rng: &mut Rng, empties: u32) -> Position {
    let mut position = Position::startpos();
    while position.empties() > empties && !position.is_game_over() {
        let moves = position.moves();
        if moves == 0 {
            play(&mut position, Move::PASS);
            continue;
        }
        let mut pick = rng.below(u64::from(moves.count_ones()));
        let mut bits = moves;
        while pick > 0 {
            bits &= bits - 1;
            pick -= 1;
        }
        let square = Square::new(bits.trailing_zeros() as u8).unwrap();
        play(&mut position, Move::at(square));
    }
    position
}

/// Every line, every move: the definition the solver must agree with.
fn minimax(position: &Position) -> i32 {
    let moves = position.moves();
    if moves == 0 {
        if position.is_game_over() {
            return position.final_score();
        }
        let mut next = *position;
        play(&mut next, Move::PASS);
        return -minimax(&next);
    }
    let mut best = i32::MIN;
    let mut bits = moves;
    while bits != 0 {
        let square = Square::new(bits.trailing_zeros() as u8).unwrap();
        bits &= bits - 1;
        let mut next = *position;
        play(&mut next, Move::at(square));
        best = best.max(-minimax(&next));
    }
    best
}

fn table(size: usize) -> Vec<EndgameEntry> {
    vec![EndgameEntry::EMPTY; size]
}

/// The score of `position` after `mv`, from the side that played it.
fn score_after(position: &Position, mv: Move, table: &[EndgameEntry]) -> i32 {
    let mut next = *position;
    play(&mut next, mv);
    -solve_exact(&next, table, &NoStop).unwrap().score
}

#[test]
fn fast_flips_match_the_rules() {
    let mut rng = Rng(1);
    for _ in 0..20_000 {
        let a = rng.next();
        let b = rng.next() & !a;
        for square in 0..64u8 {
            let bit = 1u64 << square;
            let (player, opponent) = (a & !bit, b & !bit);
            let expected = reference_flips(player, opponent, Square::new(square).unwrap());
            assert_eq!(flips(player, opponent, square as usize), expected, "{a:x} {b:x} {square}");
        }
    }
}

#[test]
fn solver_matches_minimax() {
    let mut rng = Rng(2);
    let table = table(1 << 12);
    let (mut passes, mut finished) = (0, 0);
    for case in 0..600 {
        let empties = if case % 40 == 0 { 10 } else { (case % 10) as u32 };
        let position = random_position(&mut rng, empties);
        passes += usize::from(position.must_pass());
        finished += usize::from(position.is_game_over());
        let expected = minimax(&position);
        let text = position.text();

        // Alternate a table, none and a two-slot table: hashing must never change a score.
        let size = [table.len(), 0, 2][case % 3];
        let table = &table[..size];
        let exact = solve_exact(&position, table, &NoStop).unwrap();
        assert_eq!(exact.score, expected, "solve_exact {text}");
        if position.moves() == 0 {
            assert_eq!(exact.best_move, Move::PASS, "{text}");
        } else {
            assert_eq!(score_after(&position, exact.best_move, table), expected, "best move {text}");
        }

        let full = solve(&position, -64, 64, table, &NoStop).unwrap();
        assert_eq!(full.score, expected, "full window {text}");

        let wld = solve_win_loss(&position, table, &NoStop).unwrap();
        assert_eq!(wld.score.signum(), expected.signum(), "win/loss/draw {text}");

        // Fail-soft bounds on both sides of a random window.
        let alpha = rng.below(129) as i32 - 64;
        let beta = (alpha + 1 + rng.below(20) as i32).min(64);
        let bounded = solve(&position, alpha, beta, table, &NoStop).unwrap();
        if bounded.score <= alpha {
            assert!(expected <= bounded.score, "upper bound {alpha} {beta} {text}");
        } else if bounded.score >= beta {
            assert!(expected >= bounded.score, "lower bound {alpha} {beta} {text}");
            assert!(score_after(&position, bounded.best_move, table) >= beta, "{text}");
        } else {
            assert_eq!(bounded.score, expected, "inside {alpha} {beta} {text}");
        }
    }
    assert!(passes > 5 && finished > 5, "{passes} passes, {finished} finished games");
}

#[test]
fn deeper_positions_match_minimax() {
    // Above the solver's shallow routines: the transposition table and the stability cut-off.
    let mut rng = Rng(3);
    let table = table(1 << 14);
    for _ in 0..12 {
        let position = random_position(&mut rng, 11);
        let expected = minimax(&position);
        assert_eq!(solve_exact(&position, &table, &NoStop).unwrap().score, expected);
        assert_eq!(solve_exact(&position, &[], &NoStop).unwrap().score, expected);
    }
}

#[test]
fn sorted_positions_agree_with_and_without_table() {
    // From 13 empties the moves are also sorted by a shallow evaluation search, and the exact
    // solve probes null windows around an estimate: too deep for minimax, so a full-window search
    // without a table, which shares neither the window nor any stored bound, is the reference.
    let mut rng = Rng(4);
    let table = table(1 << 16);
    for case in 0..6 {
        let position = random_position(&mut rng, 13 + case % 3);
        let text = position.text();
        let reference = solve(&position, -64, 64, &[], &NoStop).unwrap().score;
        clear(&table);
        let exact = solve_exact(&position, &table, &NoStop).unwrap();
        assert_eq!(exact.score, reference, "{text}");
        if position.moves() != 0 {
            assert_eq!(score_after(&position, exact.best_move, &table), reference, "best move {text}");
        }
    }
}

#[test]
fn presearches_leave_the_exact_scores() {
    // From 20 empties the exact solve first runs a selective pre-search, whose probable cut-offs
    // may be wrong: its bounds stay in the table, where no exact search may trust them. The table
    // is kept from one position to the next, as a game keeps it; the reference is a full-window
    // search (no pre-search) over a table of its own.
    let mut rng = Rng(5);
    let kept = table(1 << 16);
    let fresh = table(1 << 16);
    for case in 0..4 {
        let position = random_position(&mut rng, 20 + case % 2);
        let text = position.text();
        clear(&fresh);
        let reference = solve(&position, -64, 64, &fresh, &NoStop).unwrap().score;
        let exact = solve_exact(&position, &kept, &NoStop).unwrap();
        assert_eq!(exact.score, reference, "{text}");
        if position.moves() != 0 {
            clear(&fresh);
            assert_eq!(score_after(&position, exact.best_move, &fresh), reference, "best move {text}");
        }
    }
}

/// The solver's AVX2 build (when the CPU has its features) against the portable one: the same
/// scores, best moves and node counts, since only the instructions differ. Toggling the global
/// choice while other tests run only changes which build serves them.
#[test]
fn avx2_build_matches_the_portable_one() {
    use engine::othello::endgame::cpu::{disable_avx2, enable_avx2};
    #[cfg(target_arch = "x86_64")]
    let has = std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("popcnt");
    #[cfg(not(target_arch = "x86_64"))]
    let has = false;
    if !has {
        return;
    }
    let mut rng = Rng(5);
    let table = table(1 << 14);
    for case in 0..40 {
        let position = random_position(&mut rng, [4, 7, 9, 12, 14][case % 5]);
        let text = position.text();
        let mut answers = Vec::new();
        for avx2 in [false, true] {
            if avx2 {
                // SAFETY: the CPU has the features (asked above).
                unsafe { enable_avx2() };
            } else {
                disable_avx2();
            }
            clear(&table);
            let exact = solve_exact(&position, &table, &NoStop).unwrap();
            let bounded = solve(&position, -8, 2, &[], &NoStop).unwrap();
            let mut scores = [(Move::PASS, 0); 32];
            let every = solve_moves(&position, &[], &NoStop, &mut scores).unwrap();
            answers.push((exact, bounded, every, scores));
        }
        disable_avx2();
        assert_eq!(answers[0], answers[1], "{text}");
    }
}

#[test]
fn stable_discs_are_never_flipped() {
    // Whatever a random game does next, a disc counted stable keeps its colour: the bound the
    // stability cut-off relies on. Seen through the solver: solving a position after its
    // opponent's stable discs are known never reaches above 64 - 2 * stable.
    let mut rng = Rng(4);
    for _ in 0..300 {
        let position = random_position(&mut rng, 12);
        let stable = engine::othello::endgame::stable_discs(position.opponent(), position.player());
        let score = solve_exact(&position, &table(1 << 12), &NoStop).unwrap().score;
        assert!(score <= 64 - 2 * stable.count_ones() as i32, "{}", position.text());
        let mut game = position;
        let opponent_side = game.side_to_move().opponent();
        while !game.is_game_over() {
            let moves = game.moves();
            let mv = if moves == 0 {
                Move::PASS
            } else {
                let mut bits = moves;
                for _ in 0..rng.below(u64::from(moves.count_ones())) {
                    bits &= bits - 1;
                }
                Move::at(Square::new(bits.trailing_zeros() as u8).unwrap())
            };
            play(&mut game, mv);
            let theirs = if game.side_to_move() == opponent_side { game.player() } else { game.opponent() };
            assert_eq!(theirs & stable, stable, "{}", position.text());
        }
    }
}

#[test]
fn threads_solving_together_are_each_exact() {
    // Two threads over one table and team, neither stopped: both answers must be exact, whatever
    // the other wrote into the table meanwhile or made its partner defer.
    let mut rng = Rng(6);
    let (table, team) = (table(1 << 16), Team::new());
    for case in 0..6 {
        let position = random_position(&mut rng, 14 + case % 3);
        let reference = solve(&position, -64, 64, &[], &NoStop).unwrap().score;
        clear(&table);
        let answers: Vec<_> = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..2)
                .map(|_| scope.spawn(|| solve_exact_shared(&position, &table, &team, &NoStop).unwrap()))
                .collect();
            threads.into_iter().map(|thread| thread.join().unwrap()).collect()
        });
        for answer in answers {
            assert_eq!(answer.score, reference, "{}", position.text());
            if position.moves() != 0 {
                assert_eq!(
                    score_after(&position, answer.best_move, &table),
                    reference,
                    "{}",
                    position.text()
                );
            }
        }
    }
}

#[test]
fn stopping_returns_none() {
    let position = ffo_cases()[0].position;
    let stop_soon = |nodes: u64| nodes > 10_000;
    assert!(solve_exact(&position, &table(1 << 10), &stop_soon).is_none());
    // #41 is a draw: its win/loss/draw search proves both bounds, far more than one poll
    // interval (#40's first move wins at once, in fewer nodes than that).
    let drawn = ffo_cases()[1].position;
    let flag = std::sync::atomic::AtomicBool::new(true);
    assert!(solve_win_loss(&drawn, &table(1 << 10), &flag).is_none());
}

#[test]
fn every_move_scored() {
    let mut rng = Rng(5);
    for _ in 0..40 {
        let position = random_position(&mut rng, 8);
        let mut scores = [(Move::PASS, 0); 32];
        let (count, _) = solve_moves(&position, &table(1 << 10), &NoStop, &mut scores).unwrap();
        let expected = minimax(&position);
        assert_eq!(scores[0].1, expected, "{}", position.text());
        for &(mv, score) in &scores[..count] {
            if !mv.is_pass() {
                assert_eq!(score_after(&position, mv, &[]), score, "{}", position.text());
            }
        }
    }
}

/// Every FFO line, each of its best moves legal.
fn ffo_cases() -> Vec<FfoLine<'static>> {
    FFO.lines()
        .filter_map(FfoLine::parse)
        .map(|line| {
            let line = line.unwrap_or_else(|error| panic!("ffo.txt: {error}"));
            assert!(
                line.best_moves().all(|mv| mv.is_some()),
                "FFO #{}: a best move is not legal",
                line.number
            );
            line
        })
        .collect()
}

fn check_ffo(numbers: std::ops::RangeInclusive<u32>, report: bool) {
    let table = table(1 << 22);
    let (mut total_nodes, mut total_time) = (0u64, 0f64);
    for line in ffo_cases() {
        let (number, position) = (line.number, line.position);
        if !numbers.contains(&number) {
            continue;
        }
        clear(&table);
        let start = Instant::now();
        let solution = solve_exact(&position, &table, &NoStop).unwrap();
        let seconds = start.elapsed().as_secs_f64();
        (total_nodes, total_time) = (total_nodes + solution.nodes, total_time + seconds);
        if report {
            println!(
                "#{number} {:>2} empties: score {:+} move {} | {:.2} s, {} nodes, {:.1} Mn/s",
                position.empties(),
                solution.score,
                MoveText(solution.best_move),
                seconds,
                solution.nodes,
                solution.nodes as f64 / seconds / 1e6
            );
        }
        assert_eq!(solution.score, line.score, "FFO #{number}");
        assert!(line.is_best(solution.best_move), "FFO #{number}: {:?}", solution.best_move);
    }
    if report {
        println!(
            "total {total_time:.2} s, {total_nodes} nodes, {:.1} Mn/s",
            total_nodes as f64 / total_time / 1e6
        );
    }
}

#[test]
fn ffo_quick_positions() {
    check_ffo(40..=40, false);
}

/// The timing run for the FFO suite (release build, one thread).
#[test]
#[ignore]
fn ffo_40_to_49() {
    check_ffo(40..=49, true);
}

/// The quicker part of the timing run: #48 and #49 take most of `ffo_40_to_49`'s time.
#[test]
#[ignore]
fn ffo_40_to_47() {
    check_ffo(40..=47, true);
}

/// Any FFO range, as `FFO=first-last` (for measuring one change on a few positions).
#[test]
#[ignore]
fn ffo_range() {
    let range = std::env::var("FFO").unwrap_or_else(|_| "40-44".into());
    let (first, last) = range.split_once('-').unwrap_or((&range, &range));
    check_ffo(first.parse().unwrap()..=last.parse().unwrap(), true);
}

/// The harder half, for when there is time.
#[test]
#[ignore]
fn ffo_50_to_59() {
    check_ffo(50..=59, true);
}
