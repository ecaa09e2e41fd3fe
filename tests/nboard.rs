//! The NBoard protocol driven over pipes as NBoard (the GUI) and the match runners drive it: one
//! transcript per command of the protocol (the order of commands while the engine thinks, and
//! `ping` in the middle of a long `go`: `nboard_session.rs`).

mod support;

use std::thread;
use std::time::{Duration, Instant};
use support::engine::{Engine, LONG};
use support::nboard::{
    go, go_lines, last_search_eval, nboard, node_stats, ping, quit, reply, set_depth, valued_reply,
    BLACK_PASSES, EXAMPLE, START,
};

#[test]
fn set_depth_names_the_engine_and_ping_answers_pong() {
    let mut engine = nboard();
    set_depth(&mut engine, 4);
    assert_eq!(ping(&mut engine, 7), ["pong 7"]);
    quit(engine);
}

#[test]
fn go_answers_a_legal_move_without_changing_the_board_and_move_plays_it() {
    let mut engine = nboard();
    set_depth(&mut engine, 4);
    engine.send(&format!("set game {EXAMPLE}"));
    let (first, _, _) = reply(&go(&mut engine));
    // Legal moves for Black in the example game (from the reference tools).
    let legal = ["B5", "B6", "C4", "C6", "D6", "G3", "G4", "G5", "G6", "G7", "G8"];
    assert!(legal.contains(&first.as_str()), "{first}");
    // Asked again, the engine answers for the same position: go did not play its move. (The
    // answer itself may differ: the second search starts from the first one's table.)
    let (second, _, _) = reply(&go(&mut engine));
    assert!(legal.contains(&second.as_str()), "{second} is not a move of the unchanged position");
    engine.send(&format!("move {first}/0.50/1.2"));
    engine.send("d");
    let board = engine.until(LONG, |line| line.starts_with("White to move"));
    assert!(board.iter().any(|line| line.starts_with("White to move")), "{board:#?}");
    let (reply_move, _, _) = reply(&go(&mut engine));
    assert_ne!(reply_move, "PA");
    // A move that is not legal changes nothing and says why.
    engine.send("move A1");
    let status = engine.until(LONG, |line| line.starts_with("status"));
    assert!(status[0].contains("not a legal move"), "{status:?}");
    quit(engine);
}

#[test]
fn forced_passes_and_passes_in_the_record() {
    let mut engine = nboard();
    set_depth(&mut engine, 4);
    engine.send(&format!("set game {BLACK_PASSES}"));
    // 50 empties, far beyond the solver: the pass is played at once (no node searched), with no
    // value.
    let lines = go_lines(&mut engine);
    let (mv, eval, _) = valued_reply(lines.last().unwrap());
    assert_eq!((mv.as_str(), eval, node_stats(&lines).0), ("PA", None, 0), "{lines:#?}");
    engine.send("move PA");
    let (mv, _, _) = reply(&go(&mut engine));
    assert_ne!(mv, "PA", "White has moves after Black's pass");
    let record = BLACK_PASSES.replace(";)", "B[PA]W[G5];)");
    engine.send(&format!("set game {record}"));
    // Black's one move then, forced, gets no value on the record's clock.
    let (mv, eval, _) = valued_reply(&go(&mut engine));
    assert_eq!((mv.as_str(), eval), ("H6", None));
    quit(engine);
}

#[test]
fn a_non_standard_start_is_honoured_and_a_finished_game_answers_pa() {
    let mut engine = nboard();
    set_depth(&mut engine, 3);
    engine.send("set game (;GM[Othello]BO[8 -----------O-----*OO**---OO**----O******-O--*OOO-O-*------*----- O]W[A2]B[H7];)");
    engine.send("d");
    let board = engine.until(LONG, |line| line.starts_with("White to move"));
    assert!(board.last().unwrap().contains("White to move"), "{board:#?}");
    // Only black discs: nobody can move. Black wins 64-0; from White's side -64.
    let finished = format!("(;GM[Othello]BO[8 XX{} O];)", "-".repeat(62));
    engine.send(&format!("set game {finished}"));
    let (mv, eval, _) = reply(&go(&mut engine));
    assert_eq!((mv.as_str(), eval), ("PA", -64.0));
    quit(engine);
}

#[test]
fn hint_prints_search_lines_for_distinct_moves_then_status() {
    let mut engine = nboard();
    set_depth(&mut engine, 4);
    engine.send(&format!("set game {EXAMPLE}"));
    engine.send("hint 3");
    let lines = engine.until(LONG, |line| line.starts_with("status"));
    let searches: Vec<&String> = lines.iter().filter(|line| line.starts_with("search ")).collect();
    let mut firsts = Vec::new();
    // The last iteration's three lines: three different moves at the same depth.
    let last = &searches[searches.len() - 3..];
    for line in &searches {
        assert!(line.split_whitespace().count() == 5, "{line}");
    }
    // Each line is followed by where the search stands, as Edax reports every result.
    for (line, next) in lines.iter().zip(lines.iter().skip(1)) {
        if line.starts_with("search ") {
            let words: Vec<&str> = next.split_whitespace().collect();
            assert!(
                words.len() == 3
                    && words[0] == "nodestats"
                    && words[1].parse::<u64>().is_ok_and(|nodes| nodes > 0),
                "{line} then {next}"
            );
        }
    }
    for line in last {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words.len(), 5, "search PV EVAL 0 DEPTH: {line}");
        assert!(
            words[2].parse::<f64>().is_ok() && words[3] == "0" && words[4].parse::<u32>().is_ok(),
            "{line}"
        );
        firsts.push(&words[1][..2]);
    }
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{searches:#?}");
    assert!(last.iter().all(|line| line.ends_with(" 4")), "depth 4 last: {last:#?}");
    quit(engine);
}

#[test]
fn learn_analyze_contempt_perft_and_bad_input() {
    let mut engine = nboard();
    set_depth(&mut engine, 3);
    engine.send(&format!("set game {EXAMPLE}"));
    engine.send("learn");
    assert_eq!(engine.until(LONG, |line| line == "learned"), ["learned"]);
    engine.send("analyze");
    let lines = engine.until(LONG, |line| line.starts_with("analysis 0 "));
    assert_eq!(lines.len(), 9, "one line per position, the last first: {lines:#?}");
    for (line, moves_made) in lines.iter().zip((0..=8).rev()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[..2], ["analysis", &moves_made.to_string()]);
        assert!(words[2].parse::<f64>().is_ok(), "{line}");
    }
    engine.send("set contempt 0.5");
    engine.send("set game (;GM[Othello]B[F5];)");
    engine.send("perft 3");
    let perft = engine.until(LONG, |line| line.starts_with("Nodes searched"));
    // After F5 the four first moves are symmetric: a quarter of the start's 244 at depth 4.
    assert_eq!(perft.last().unwrap(), "Nodes searched: 61", "{perft:#?}");
    let moves: Vec<&String> =
        perft.iter().filter(|line| line.len() == 6 && line.as_bytes()[2] == b':').collect();
    assert_eq!(moves.len(), 3, "White's three replies: {perft:#?}");
    // Garbage, an unknown setting and a broken record: a status line each (what it repeats of the
    // input in Latin-1: the NBoard GUI's reader stops for good at a character above 255). The
    // refused record leaves no game to play, but `perft` still counts the board.
    for bad in [
        "xyzzy 1 2 3",
        "set frobnicate 7",
        "set game (;GM[Othello]B[A1];)",
        "hint many",
        "perft 99",
        "山田 F5",
    ] {
        engine.send(bad);
        let status = engine.until(LONG, |line| line.starts_with("status"));
        assert_eq!(status.len(), 1, "{bad}: {status:?}");
        assert!(status[0].chars().all(|char| u32::from(char) <= 0xFF), "{status:?}");
    }
    engine.send("perft 1");
    assert_eq!(
        engine.until(LONG, |line| line.starts_with("Nodes searched")).last().unwrap(),
        "Nodes searched: 3"
    );
    quit(engine);
}

/// `set game` of a board alone (`BO[8 BOARD]`).
fn set_board(engine: &mut Engine, board: &str) {
    engine.send(&format!("set game (;GM[Othello]BO[8 {board}];)"));
}

#[test]
fn win_loss_draw_solves_are_marked_100_percent_w() {
    // 11 empties: at depth 1 the solver proves the result (win, loss or draw) without the exact
    // score (it solves 9 empties exactly), and says so with `100%W`; at depth 3 it solves exactly.
    let board = "OXXXOOOOOXXX-XOOXOOXXOO-OOXOOXXX-XOOOXXXX-OOXOXX--X-XXO--X-XXX-O O";
    let mut engine = nboard();
    set_depth(&mut engine, 1);
    set_board(&mut engine, board);
    let lines = go_lines(&mut engine);
    let search = lines.iter().find(|line| line.starts_with("search ")).expect("a search line");
    assert!(search.ends_with(" 0 100%W"), "{lines:#?}");
    let bound = last_search_eval(&lines);
    // `===` has no mark for a bound, and NBoard records its eval as the margin: none is given.
    let (_, eval, _) = valued_reply(lines.last().unwrap());
    assert_eq!(eval, None, "{lines:#?}");
    set_depth(&mut engine, 3);
    let lines = go_lines(&mut engine);
    assert!(lines.iter().any(|line| line.starts_with("search ") && line.ends_with(" 0 100%")), "{lines:#?}");
    let (_, exact, _) = reply(lines.last().unwrap());
    // The proven bound has the exact result's sign and does not overstate it.
    assert!(exact > 0.0 && bound > 0.0 && bound <= exact, "bound {bound}, exact {exact}");
    quit(engine);
}

/// The same position with the colours swapped: the other side to move, in the same situation.
fn colours_swapped(board: &str) -> String {
    board
        .chars()
        .map(|c| match c {
            'X' => 'O',
            'O' => 'X',
            other => other,
        })
        .collect()
}

#[test]
fn contempt_is_the_worth_of_a_draw_to_black_whoever_moves() {
    // Black to move. Exact values by move (from `hint`): +2 for the best, 0 for another.
    let best_wins_by_two = "OXXXXX-OOOXXXXO-XOOXXOO--XXOXOX-OOOOOXOXOOOOOOXXXOXXXXXX--OX-OOX X";
    // 0 for the best, -2 for others.
    let best_draws = "O--OOXXO-O-OXXXOOXOOOOOOXXOOOXOOXXXOOXOXOOOXOOOX-OOOOOOX-X-OOOO- X";
    let mut engine = nboard();
    set_depth(&mut engine, 1);
    let eval_with = |engine: &mut Engine, board: &str, contempt: f64| {
        engine.send(&format!("set contempt {contempt}"));
        set_board(engine, board);
        reply(&go(engine)).1
    };
    for (board, black_moves) in
        [(best_wins_by_two.to_string(), true), (colours_swapped(best_wins_by_two), false)]
    {
        assert_eq!(eval_with(&mut engine, &board, 0.0), 2.0, "{board}");
        // The contempt is Black's, in discs: 3 discs to Black makes a draw beat Black's win by 2,
        // and costs White 3 discs, which does not tempt White away from its win.
        assert_eq!(eval_with(&mut engine, &board, 3.0), if black_moves { 0.0 } else { 2.0 }, "{board}");
        assert_eq!(eval_with(&mut engine, &board, -3.0), if black_moves { 2.0 } else { 0.0 }, "{board}");
        // NBoard's "draws to Black" and "draws to White": a draw is worth a win.
        assert_eq!(eval_with(&mut engine, &board, 100.0), if black_moves { 0.0 } else { 2.0 }, "{board}");
        assert_eq!(eval_with(&mut engine, &board, -100.0), if black_moves { 2.0 } else { 0.0 }, "{board}");
    }
    for (board, black_moves) in [(best_draws.to_string(), true), (colours_swapped(best_draws), false)] {
        assert_eq!(eval_with(&mut engine, &board, 0.0), 0.0, "{board}");
        // A draw costing its side 1 disc still beats losing by 2; costing 3, it does not.
        assert_eq!(eval_with(&mut engine, &board, if black_moves { -1.0 } else { 1.0 }), 0.0, "{board}");
        assert_eq!(eval_with(&mut engine, &board, -3.0), if black_moves { -2.0 } else { 0.0 }, "{board}");
        assert_eq!(eval_with(&mut engine, &board, 3.0), if black_moves { 0.0 } else { -2.0 }, "{board}");
    }
    // A decimal number of discs, as NTest reads it, clamped to a whole win; text is refused.
    let contempt_after = |engine: &mut Engine, value: &str| {
        engine.send(&format!("set contempt {value}"));
        engine.send("d");
        let lines = engine.until(LONG, |line| line.starts_with("depth "));
        let refused = lines.iter().any(|line| line.starts_with("status set contempt"));
        let last = lines.last().unwrap();
        let shown = last.split("contempt ").nth(1).and_then(|rest| rest.split(',').next());
        (shown.unwrap_or_default().to_string(), refused)
    };
    assert_eq!(contempt_after(&mut engine, "1.5"), ("1.50".to_string(), false));
    assert_eq!(contempt_after(&mut engine, "1e9"), ("64.00".to_string(), false));
    assert_eq!(contempt_after(&mut engine, "-100"), ("-64.00".to_string(), false));
    assert_eq!(contempt_after(&mut engine, "draw"), ("-64.00".to_string(), true));
    assert_eq!(contempt_after(&mut engine, "nan"), ("-64.00".to_string(), true));
    quit(engine);
}

#[test]
fn version_one_bare_moves_are_played() {
    let mut engine = nboard();
    engine.send("F5");
    engine.send("d6");
    engine.send("perft 1");
    let perft = engine.until(LONG, |line| line.starts_with("Nodes searched"));
    // After F5 D6 Black has 5 moves; a move that is not legal is refused and changes nothing.
    assert_eq!(perft.last().unwrap(), "Nodes searched: 5", "{perft:#?}");
    engine.send("A1");
    assert!(engine.until(LONG, |line| line.starts_with("status"))[0].contains("A1"));
    engine.send("perft 1");
    assert_eq!(
        engine.until(LONG, |line| line.starts_with("Nodes searched")).last().unwrap(),
        "Nodes searched: 5"
    );
    quit(engine);
}

#[test]
fn othello_perft_from_the_command_line() {
    let output = support::engine::run(&["othello", "perft", "6"], "");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Nodes searched: 8200"), "{text}");
    assert!(START.len() == 66);
}

/// The signature a user checks a build against is the one the README gives.
#[test]
fn othello_bench_is_a_deterministic_signature_the_readme_gives() {
    let run = || {
        let output = support::engine::run(&["othello", "bench"], "");
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.lines().filter(|line| line.starts_with("Position: ")).count() == 6, "{text}");
        text.lines()
            .find_map(|line| line.strip_prefix("Nodes searched  : "))
            .expect("a node count")
            .to_string()
    };
    let nodes = run();
    assert_eq!(run(), nodes, "deterministic");
    let readme = include_str!("../README.md");
    assert!(readme.contains(&format!("Othello **{nodes}**")), "the README's signature is {nodes}");
}

#[test]
fn endgames_are_solved_exactly_with_depth_100_percent() {
    // 8 empties, White to move, +34 for White with perfect play (the reference tools' exact solve).
    let board = "-X-OOOOOXX--OOOOXX--XOOOXXXXXXOO-XOOOOXO-XOOOXXXXOXXXXXXOOOOOOOO O";
    let mut engine = nboard();
    set_depth(&mut engine, 4);
    engine.send(&format!("set game (;GM[Othello]BO[8 {board}];)"));
    let (_, eval, _) = reply(&go(&mut engine));
    assert_eq!(eval, 34.0);
    engine.send("hint 2");
    let lines = engine.until(LONG, |line| line.starts_with("status"));
    let searches: Vec<&String> = lines.iter().filter(|line| line.starts_with("search ")).collect();
    assert_eq!(searches.len(), 2, "{lines:#?}");
    assert!(searches[0].starts_with("search ") && searches[0].ends_with(" 34.00 0 100%"), "{searches:#?}");
    assert!(searches[1].ends_with(" 0 100%"), "{searches:#?}");
    quit(engine);
}

#[test]
fn go_sends_the_same_search_lines_as_hint_before_its_answer() {
    let mut engine = nboard();
    set_depth(&mut engine, 5);
    engine.send(&format!("set game {EXAMPLE}"));
    let lines = go_lines(&mut engine);
    let searches: Vec<&String> = lines.iter().filter(|line| line.starts_with("search ")).collect();
    assert!(!searches.is_empty(), "{lines:#?}");
    for line in &searches {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(words.len() == 5 && words[2].parse::<f64>().is_ok() && words[3] == "0", "{line}");
    }
    node_stats(&lines);
    quit(engine);
}

#[test]
fn analysis_values_are_blacks_whoever_moves() {
    // Black to move and winning by 2 with best play, and the same for White with the colours
    // swapped: NBoard plots analysis values for Black, so the second is the first negated.
    let best_wins_by_two = "OXXXXX-OOOXXXXO-XOOXXOO--XXOXOX-OOOOOXOXOOOOOOXXXOXXXXXX--OX-OOX X";
    let mut engine = nboard();
    set_depth(&mut engine, 8);
    let mut analysis = |board: &str| {
        set_board(&mut engine, board);
        engine.send("analyze");
        let lines = engine.until(LONG, |line| line.starts_with("analysis 0 "));
        lines.last().unwrap().split_whitespace().nth(2).unwrap().parse::<f64>().unwrap()
    };
    let black_moves = analysis(best_wins_by_two);
    let white_moves = analysis(&colours_swapped(best_wins_by_two));
    assert!(black_moves > 0.0, "{black_moves}");
    assert_eq!(white_moves, -black_moves);
    quit(engine);
}

#[test]
fn ti_zero_is_no_clock_and_the_depth_bounds_the_move() {
    // NBoard writes `TI[0]` for a game whose clock was never set (a game from a database, a
    // pasted record): the move is searched to the depth set, not played at once.
    let mut engine = nboard();
    set_depth(&mut engine, 6);
    engine.send(&format!("set game {}", EXAMPLE.replace("TI[15:00]", "TI[0]")));
    let lines = go_lines(&mut engine);
    let searches: Vec<&String> = lines.iter().filter(|line| line.starts_with("search ")).collect();
    assert!(searches.last().is_some_and(|line| line.ends_with(" 6")), "{lines:#?}");
    let (_, eval, _) = valued_reply(lines.last().unwrap());
    assert!(eval.is_some(), "{lines:#?}");
    quit(engine);
}

#[test]
fn the_grace_period_and_each_players_own_clock() {
    let mut engine = nboard();
    set_depth(&mut engine, 4);
    // A GGS record whose moves ran past Black's five minutes: 110 s of the two minutes' grace are
    // left (without the grace, none).
    engine.send("set game (;GM[Othello]PC[GGS/os]TI[05:00//02:00]B[F5//150]W[D6//1]B[C3//160]W[D3//1];)");
    let lines = go_lines(&mut engine);
    let searches: Vec<&String> = lines.iter().filter(|line| line.starts_with("search ")).collect();
    assert!(searches.last().is_some_and(|line| line.ends_with(" 4")), "{lines:#?}");
    assert!(valued_reply(lines.last().unwrap()).1.is_some(), "{lines:#?}");
    // `TB` is Black's clock and `TW` White's: two seconds for Black to move at depth 60.
    set_depth(&mut engine, 60);
    engine.send(&format!("set game {}", EXAMPLE.replace("TI[15:00]", "TB[0:02]TW[15:00]")));
    let start = Instant::now();
    let (_, _, seconds) = reply(&go(&mut engine));
    assert!(start.elapsed() < Duration::from_millis(1500), "{:?}", start.elapsed());
    assert!(seconds < 1.0, "{seconds}");
    quit(engine);
}

#[test]
fn go_plays_on_the_records_clock() {
    let mut engine = nboard();
    set_depth(&mut engine, 60);
    // Two seconds for the whole game: depth 60 would take far longer.
    engine.send(&format!("set game {}", EXAMPLE.replace("TI[15:00]", "TI[0:02]")));
    let start = Instant::now();
    let (_, _, seconds) = reply(&go(&mut engine));
    assert!(start.elapsed() < Duration::from_millis(1500), "{:?}", start.elapsed());
    assert!(seconds < 1.0, "{seconds}");
    quit(engine);
}

/// A position with 28 empties, within the reach of a win/loss/draw solve at depth 60 but far too
/// deep for it in a fraction of a second (a game of the engine against NTest, after 32 moves).
const TWENTY_EIGHT_EMPTIES: &str =
    "(;GM[Othello]TI[15:00]BO[8 ---------------------------O*------*O--------------------------- *]\
    B[C4]W[C3]B[D3]W[E3]B[F2]W[D6]B[C5]W[B4]B[B3]W[D2]B[B5]W[F3]B[E2]W[C2]B[C6]W[E1]B[C1]W[F1]B[E6]W[B6]\
    B[F6]W[A4]B[F5]W[A3]B[D1]W[A5]B[B2]W[F4]B[A2]W[G5]B[G6]W[F7];)";

/// On a clock, a solve that cannot finish in its share of the move's time leaves the rest to the
/// midgame search: the answer comes from the search's iterations (thousands of nodes), not from a
/// solve cut at the hard limit followed by a first iteration of a dozen nodes.
#[test]
fn a_solve_too_deep_for_the_clock_leaves_the_move_to_the_search() {
    let mut engine = nboard();
    set_depth(&mut engine, 60);
    engine.send(&format!("set game {}", TWENTY_EIGHT_EMPTIES.replace("TI[15:00]", "TI[0:10]")));
    let lines = go_lines(&mut engine);
    let (_, _, seconds) = reply(lines.last().unwrap());
    assert!(seconds < 4.0, "{lines:#?}");
    let (nodes, _) = node_stats(&lines);
    assert!(nodes > 1_000, "an answer from {nodes} nodes: {lines:#?}");
    quit(engine);
}

/// A solve that runs out of its share leaves the search time of its own: counted from `go`, the
/// search's soft limit had passed before it began, and the move came from its first iterations.
/// Measured as the search's nodes over the move's whole time, against the same engine's speed in
/// a plain search of the same position (so that the machine's speed cancels out): a share of 0.00
/// to 0.05 of the move's time before the fix, 0.3 to 0.6 after.
#[test]
fn a_solve_that_gives_up_leaves_the_search_time_of_its_own() {
    let mut engine = nboard();
    // Depth 14 reaches no solve at 28 empties (exact from 22, win/loss/draw from 24).
    set_depth(&mut engine, 14);
    engine.send(&format!("set game {TWENTY_EIGHT_EMPTIES}"));
    let (nodes, seconds) = node_stats(&go_lines(&mut engine));
    let speed = nodes as f64 / seconds.max(0.01);
    set_depth(&mut engine, 60);
    // Fifteen seconds for the rest of the game: a second or two for this move, far too little
    // for the win/loss/draw solve that depth 60 asks for.
    engine.send(&format!("set game {}", TWENTY_EIGHT_EMPTIES.replace("TI[15:00]", "TI[0:15]")));
    let lines = go_lines(&mut engine);
    let (nodes, seconds) = node_stats(&lines);
    assert!(seconds < 6.0, "{lines:#?}");
    let share = nodes as f64 / seconds.max(0.01) / speed;
    assert!(share > 0.15, "the search had {share:.2} of the move's time: {lines:#?}");
    quit(engine);
}

#[test]
fn hint_is_not_cut_short_by_the_game_clock() {
    let mut engine = nboard();
    set_depth(&mut engine, 7);
    // One second for the whole game: a `go` would think for a few dozen milliseconds.
    engine.send(&format!("set game {}", EXAMPLE.replace("TI[15:00]", "TI[0:01]")));
    engine.send("hint 1");
    let lines = engine.until(LONG, |line| line.starts_with("status"));
    let last = lines.iter().rfind(|line| line.starts_with("search ")).expect("search lines");
    assert!(last.ends_with(" 7"), "the hint reaches its depth: {lines:#?}");
    quit(engine);
}

#[test]
fn ffo_solves_and_checks_on_its_own_thread_and_ping_stops_it() {
    let mut engine = nboard();
    engine.send("ffo tests/data/othello/ffo.txt 40 40");
    let lines = engine.until(LONG, |line| line.starts_with("total "));
    let row = lines.iter().find(|line| line.trim_start().starts_with("40 ")).expect("position 40's row");
    let fields: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(fields[..5], ["40", "20", "+38", "+38", "a2"], "{row}");
    assert!(lines.last().unwrap().ends_with(" 0 wrong"), "{lines:?}");
    // All twenty positions take a minute; `ping` is answered at once and ends the run.
    engine.send("ffo");
    thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let lines = ping(&mut engine, 9);
    assert!(started.elapsed() < Duration::from_millis(500), "{:?}", started.elapsed());
    assert!(lines.iter().any(|line| line == "status ffo: stopped"), "{lines:?}");
    quit(engine);
}

#[test]
fn ffo_names_the_positions_whose_boards_do_not_read_and_solves_the_others() {
    let path = std::env::temp_dir().join(format!("triskel-ffo-{}.txt", std::process::id()));
    let good = "40 20 X +38 a2 O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------";
    let lines = [
        "# number empties side score best board".to_string(),
        good.replacen("40 20", "1 20", 1).replacen("O--O", "Q--O", 1), // a bad square
        good.replacen("40 20", "2 21", 1),                             // other empties than the board's
        "not a position line".to_string(),                             // skipped: no number
        good.replacen("40 20", "3 20", 1),
    ];
    std::fs::write(&path, lines.join("\n")).unwrap();
    let mut engine = nboard();
    engine.send(&format!("ffo {} 1 3", path.display()));
    let lines = engine.until(LONG, |line| line.starts_with("total "));
    let _ = std::fs::remove_file(&path);
    for number in [1, 2] {
        let unread = format!("status ffo: position {number} does not read");
        assert!(lines.contains(&unread), "{unread}: {lines:#?}");
    }
    let row = lines.iter().find(|line| line.trim_start().starts_with("3 ")).expect("position 3's row");
    assert!(row.split_whitespace().take(5).eq(["3", "20", "+38", "+38", "a2"]), "{row}");
    assert!(lines.last().unwrap().ends_with(" 0 wrong"), "{lines:?}");
    quit(engine);
}

/// The start position as a record with no moves.
const START_GAME: &str =
    "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *];)";

/// True when `go` was answered from the book: no search, no nodes.
fn from_book(lines: &[String]) -> bool {
    lines.iter().all(|line| !line.starts_with("search "))
        && lines.iter().any(|line| line == "nodestats 0 0.00")
}

#[test]
fn learn_builds_the_book_go_and_hint_answer_from_it_and_a_second_game_changes_it() {
    let path = std::env::temp_dir().join(format!("triskel-othello-book-{}.bin", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let path_text = path.to_str().unwrap().to_string();
    let mut engine = Engine::with_args(&["--book", &path_text]);
    engine.send("nboard 2");
    set_depth(&mut engine, 4);
    // Before any learning the book is empty: `go` searches.
    engine.send(&format!("set game {START_GAME}"));
    assert!(!from_book(&go_lines(&mut engine)));
    engine.send(&format!("set game {EXAMPLE}"));
    engine.send("learn");
    assert_eq!(engine.until(LONG, |line| line == "learned"), ["learned"]);
    let first = std::fs::read(&path).expect("learn writes the book");
    assert!(!first.is_empty() && first.len().is_multiple_of(16), "{} bytes", first.len());

    // The start and every position of the learned line are answered at once.
    for moves in ["", "B[F5]", "B[F5]W[F6]", "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]"] {
        engine.send(&format!("set game (;GM[Othello]BO[8 {START}]{moves};)"));
        let lines = go_lines(&mut engine);
        assert!(from_book(&lines), "{moves}: {lines:#?}");
        let (mv, _, time) = reply(lines.last().unwrap());
        assert_eq!(time, 0.0, "{lines:?}");
        engine.send("hint 5");
        let hint = engine.until(LONG, |line| line.starts_with("status"));
        let book: Vec<&String> = hint.iter().filter(|line| line.starts_with("book ")).collect();
        assert!(!book.is_empty(), "{moves}: {hint:#?}");
        assert_eq!(hint.last().unwrap(), "status", "a bare status ends it, as NTest's: {hint:#?}");
        // `book MOVE EVAL GAMES DEPTH`, the best (the move `go` played) first.
        let words: Vec<&str> = book[0].split_whitespace().collect();
        assert_eq!(words.len(), 5, "{}", book[0]);
        assert!(words[2].parse::<f64>().is_ok() && words[3].parse::<u32>().is_ok(), "{}", book[0]);
        assert_eq!(words[4], "4", "valued by the learning searches' depth: {}", book[0]);
        assert!(mv.eq_ignore_ascii_case(words[1]), "go played {mv}, the book's best is {}", book[0]);
        // The lines the book leaves unfilled are searched, as Edax does: other moves only.
        let named = |line: &str| line.split_whitespace().nth(1).map(|pv| pv[..2].to_ascii_uppercase());
        let booked: Vec<_> = book.iter().filter_map(|line| named(line)).collect();
        let searched: Vec<_> =
            hint.iter().filter(|line| line.starts_with("search ")).filter_map(|line| named(line)).collect();
        assert!(searched.iter().all(|mv| !booked.contains(mv)), "{moves}: {hint:#?}");
        if !moves.is_empty() {
            assert!(
                book.len() < 5 && !searched.is_empty(),
                "one game learned, other moves searched: {hint:#?}"
            );
        }
    }
    // After the line's move (F5 F6 D3), the game played C5: the book knows it was played once.
    engine.send("set game (;GM[Othello]B[F5]W[F6]B[D3];)");
    engine.send("hint 5");
    let hint = engine.until(LONG, |line| line.starts_with("status"));
    assert!(
        hint.iter().any(|line| line.starts_with("book C5 ") && line.split_whitespace().nth(3) == Some("1")),
        "{hint:#?}"
    );
    // Off the book, a search.
    engine.send("set game (;GM[Othello]B[F5]W[F4]B[E3];)");
    assert!(!from_book(&go_lines(&mut engine)));

    // A second game changes the book, and a new session reads it from the file.
    engine.send(&format!("set game {BLACK_PASSES}"));
    engine.send("learn");
    assert_eq!(engine.until(LONG, |line| line == "learned"), ["learned"]);
    let second = std::fs::read(&path).unwrap();
    assert!(second.len() > first.len(), "{} then {} bytes", first.len(), second.len());
    quit(engine);
    let mut engine = Engine::with_args(&["--book", &path_text]);
    engine.send("nboard 2");
    set_depth(&mut engine, 4);
    engine.send("set game (;GM[Othello]B[E6]W[F6]B[G6];)");
    assert!(from_book(&go_lines(&mut engine)), "the second game's line, read back from the file");
    quit(engine);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_learn_runs_to_its_end_before_the_commands_behind_it_and_is_answered_once() {
    let path = std::env::temp_dir().join(format!("triskel-othello-learn-{}.bin", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut engine = Engine::with_args(&["--book", path.to_str().unwrap()]);
    engine.send("nboard 2");
    set_depth(&mut engine, 8);
    engine.send(&format!("set game {EXAMPLE}"));
    // What NBoard sends as soon as the user moves on: a new game, `ping`, `hint`.
    engine.send("learn");
    engine.send(&format!("set game {START_GAME}"));
    let lines = ping(&mut engine, 7);
    assert_eq!(lines.iter().filter(|line| *line == "learned").count(), 1, "{lines:?}");
    assert_eq!(lines.last().unwrap(), "pong 7");
    // The game was learned, not cut short: its first move is in the book, and the new game
    // behind the learn was set.
    assert!(std::fs::metadata(&path).is_ok_and(|file| file.len() > 0), "the book was not written");
    engine.send("hint 1");
    let hint = engine.until(LONG, |line| line == "status");
    assert!(hint.iter().any(|line| line.to_ascii_uppercase().starts_with("BOOK F5 ")), "{hint:?}");
    // Nothing more comes: no second `learned` after the `pong`.
    let later = ping(&mut engine, 8);
    assert_eq!(later, ["pong 8"]);
    // `quit` behind a learn lets it finish and write the book too.
    let _ = std::fs::remove_file(&path);
    engine.send(&format!("set game {EXAMPLE}"));
    engine.send("learn");
    quit(engine);
    assert!(std::fs::metadata(&path).is_ok_and(|file| file.len() > 0), "quit lost the learning");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn threads_and_hash_come_from_the_command_line_and_two_threads_solve_exactly() {
    let mut engine = Engine::with_args(&["--threads", "2", "--hash=32"]);
    engine.send("nboard 2");
    engine.send("d");
    let lines = engine.until(LONG, |line| line.starts_with("depth "));
    assert_eq!(lines.last().unwrap(), "depth 12, contempt 0.00, threads 2, hash 32 MiB");
    // FFO #40, 20 empties, Black to move: +38 by a2 alone. At depth 12 the game is solved; both
    // threads work on the solve (they share it from 12 empties on), and the answer is exact.
    set_board(&mut engine, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X");
    engine.send("hint 1");
    let lines = engine.until(LONG, |line| line.starts_with("status"));
    let search = lines.iter().rev().find(|line| line.starts_with("search ")).expect("a search line");
    assert!(search.starts_with("search A2") && search.ends_with(" 38.00 0 100%"), "{lines:#?}");
    quit(engine);

    // Without flags: one thread and the Othello table's 64 MiB.
    let mut engine = nboard();
    engine.send("d");
    let lines = engine.until(LONG, |line| line.starts_with("depth "));
    assert_eq!(lines.last().unwrap(), "depth 12, contempt 0.00, threads 1, hash 64 MiB");
    quit(engine);

    for (flag, value) in [("--threads", "0"), ("--threads", "two"), ("--hash", "0")] {
        let output = support::engine::run(&[flag, value], "nboard 2\nquit\n");
        assert_eq!(output.status.code(), Some(2), "{flag} {value} is refused");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(flag) && error.contains(value), "{error}");
        assert!(output.stdout.is_empty(), "nothing starts");
    }
}

/// 34 empties, Black to move with one legal move, E8: far beyond the solver.
const FORCED_MOVE: &str = "X--------X-X---X--XXX-X--XXXXX----XXX-O---XXXOOO--X-OOO------OOX X";
/// 28 empties, Black must pass and White has moves: beyond the solver at depth 6.
const MIDGAME_PASS: &str = "--XXXX--OXXXXX--OOXXXX--OX-XOXX---XXXX-O-X-XXXXO---X---O---X---- X";
/// 10 empties, Black must pass: within the exact solve.
const ENDGAME_PASS: &str = "--XXXXXXOXXOXX---XXOOOX-XXXOOOX-OXXOOOX-OXOXXOXOOOOOOXX-OXXXXXX- X";

/// NBoard records the `===` value as the game's: a forced move that its clock gave a single
/// iteration has none to give (it gave that iteration's guess, tens of discs off).
#[test]
fn a_forced_move_on_a_clock_has_no_value_and_without_one_the_searched_value() {
    let mut engine = nboard();
    set_depth(&mut engine, 8);
    engine.send(&format!("set game (;GM[Othello]TI[15:00]BO[8 {FORCED_MOVE}];)"));
    let (mv, eval, _) = valued_reply(&go(&mut engine));
    assert_eq!((mv.as_str(), eval), ("E8", None));
    // Without a clock the move is searched to the depth asked: the value is that search's.
    set_board(&mut engine, FORCED_MOVE);
    let lines = go_lines(&mut engine);
    let (mv, eval, _) = reply(lines.last().unwrap());
    assert_eq!(mv, "E8");
    let deepest = lines.iter().rfind(|line| line.starts_with("search ")).expect("search lines");
    assert!(deepest.ends_with(" 0 8"), "{lines:#?}");
    assert_eq!(eval, last_search_eval(&lines), "{lines:#?}");
    quit(engine);
}

/// A forced pass is played at once without a value (as NTest plays it) unless the solver proves
/// one; `hint` asks what the pass is worth and gets a search of the depth asked.
#[test]
fn a_forced_pass_has_no_value_unless_solved_and_hint_searches_it() {
    let mut engine = nboard();
    set_depth(&mut engine, 6);
    for clock in ["", "TI[15:00]"] {
        engine.send(&format!("set game (;GM[Othello]{clock}BO[8 {MIDGAME_PASS}];)"));
        let lines = go_lines(&mut engine);
        let (mv, eval, _) = valued_reply(lines.last().unwrap());
        assert_eq!((mv.as_str(), eval, node_stats(&lines).0), ("PA", None, 0), "clock {clock:?}");
    }
    engine.send("hint 1");
    let lines = engine.until(LONG, |line| line.starts_with("status"));
    let deepest = lines.iter().rfind(|line| line.starts_with("search ")).expect("search lines");
    assert!(deepest.starts_with("search PA") && deepest.ends_with(" 0 6"), "{lines:#?}");
    // Within the solver's reach the value is the proven one, which `hint` shows too.
    set_board(&mut engine, ENDGAME_PASS);
    let (mv, solved, _) = reply(&go(&mut engine));
    assert_eq!(mv, "PA");
    engine.send("hint 1");
    let lines = engine.until(LONG, |line| line.starts_with("status"));
    let proof = lines.iter().rfind(|line| line.starts_with("search ")).expect("a search line");
    assert!(proof.starts_with("search PA") && proof.ends_with(" 0 100%"), "{lines:#?}");
    assert_eq!(last_search_eval(&lines), solved);
    // On a clock a forced pass gets no time to solve in: the proven value, or none.
    engine.send(&format!("set game (;GM[Othello]TI[15:00]BO[8 {ENDGAME_PASS}];)"));
    let (mv, eval, _) = valued_reply(&go(&mut engine));
    assert!(mv == "PA" && eval.is_none_or(|eval| eval == solved), "{mv} {eval:?}, solved {solved}");
    quit(engine);
}

/// `bench` answers with Stockfish's report, as over UCI; a bench or `ffo` that ends early or
/// cannot start says why in NBoard's own form, a `status` line, before the `pong` of the `ping`
/// that stopped it.
#[test]
fn bench_reports_as_stockfish_and_says_why_it_stopped_in_a_status_line() {
    let mut engine = nboard();
    engine.send("bench 3");
    let lines = engine.until(LONG, |line| line.starts_with("Nodes/second    : "));
    let searched: Vec<u64> = lines
        .iter()
        .filter(|line| line.starts_with("depth 3 score "))
        .map(|line| {
            line.split_whitespace().skip_while(|&word| word != "nodes").nth(1).unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(searched.len(), 6, "{lines:#?}");
    assert!(lines[0].starts_with("Position: 1/6 ("), "{lines:#?}");
    let total = format!("Nodes searched  : {}", searched.iter().sum::<u64>());
    assert!(lines.contains(&total), "{lines:#?}");
    // NBoard takes a line that starts `===` for the engine's move.
    assert!(!lines.iter().any(|line| line.starts_with("===")), "{lines:#?}");
    engine.send("bench 40");
    thread::sleep(Duration::from_millis(200));
    let lines = ping(&mut engine, 3);
    assert_eq!(lines[lines.len() - 2..], ["status bench: stopped", "pong 3"], "{lines:#?}");
    engine.send("ffo /nonexistent/ffo.txt");
    let lines = ping(&mut engine, 4);
    assert!(matches!(&lines[..], [status, _] if status.starts_with("status ffo: ")), "{lines:#?}");
    // A file that holds no FFO position is said to, rather than "solved" in no time.
    engine.send("ffo Cargo.toml");
    let lines = ping(&mut engine, 5);
    assert_eq!(lines[0], "status ffo: Cargo.toml has no position numbered 40 to 59", "{lines:#?}");
    // A depth beyond any the engine searches is its deepest, however many digits it has.
    engine.send("set depth 99999999999999999999999");
    engine.send("d");
    let lines = engine.until(LONG, |line| line.starts_with("depth "));
    assert!(lines.last().unwrap().starts_with("depth 60, "), "{lines:#?}");
    quit(engine);
}
