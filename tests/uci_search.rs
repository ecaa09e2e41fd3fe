//! The UCI front-end's search commands driven over pipes, interactively, as a GUI drives them: lines
//! go in one at a time and the replies are read with timeouts, so the tests can check what happens
//! *while* a search runs (`isready`, `stop`, `ponderhit`, `quit`, a new `position`).
//!
//! The tests run one at a time (a lock): several engines searching at once on a small machine would
//! only make the timing checks flaky. Timing bounds are generous; they check behaviour, not speed.

mod support;

use std::thread;
use std::time::{Duration, Instant};
use support::engine::{bestmove, field, is_bestmove, pv, pv_lines, run, serial, transcript, Engine, LONG};

const MATE_IN_2: &str = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
const CHECKMATED: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
const STALEMATED: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8";

/// The FEN the `d` command shows.
fn fen(engine: &mut Engine) -> String {
    engine.send("d");
    let lines = engine.until(LONG, |line| line.starts_with("Checkers:"));
    lines.iter().find_map(|line| line.strip_prefix("Fen: ")).expect("a Fen line").to_string()
}

/// True if `mv` is legal in the position `position_command` sets up: the engine accepts it in a
/// `position ... moves` command (the core's move generator is proven by perft).
fn is_legal(engine: &mut Engine, position_command: &str, mv: &str) -> bool {
    let moves = if position_command.contains(" moves ") { " " } else { " moves " };
    engine.send(&format!("{position_command}{moves}{mv}"));
    let lines = engine.sync();
    !lines.iter().any(|line| line.contains("illegal move"))
}

/// Sends `quit` and waits for a successful exit, returning how long that took.
fn quit(engine: Engine) -> Duration {
    engine.quit_within(Duration::from_secs(10)).0
}

#[test]
fn go_depth_prints_complete_info_lines_and_a_legal_bestmove_with_ponder() {
    let _serial = serial();
    let mut engine = Engine::start();
    let position = format!("position fen {MIDDLEGAME}");
    engine.send(&position);
    let lines = engine.go("go depth 5");
    // Aspiration windows may add `lowerbound`/`upperbound` lines; the exact lines come one per depth.
    let infos: Vec<&String> = pv_lines(&lines).into_iter().filter(|line| !line.contains("bound ")).collect();
    assert_eq!(infos.len(), 5, "one exact line per depth: {lines:#?}");
    for (depth, line) in infos.iter().enumerate() {
        assert_eq!(field(line, "depth"), Some((depth + 1).to_string().as_str()), "{line}");
        for key in ["seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"] {
            assert!(field(line, key).is_some(), "no {key} in {line}");
        }
        assert!(matches!(field(line, "score"), Some("cp" | "mate")), "{line}");
    }
    let last = infos.last().unwrap();
    let best = bestmove(&lines);
    assert_eq!(field(last, "pv"), Some(best.as_str()), "bestmove starts the last pv");
    let bestmove_line = lines.last().unwrap();
    let ponder = field(bestmove_line, "ponder").expect("a ponder move");
    assert_eq!(last.split(" pv ").nth(1).unwrap().split(' ').nth(1), Some(ponder));
    assert!(is_legal(&mut engine, &position, &format!("{best} {ponder}")));
    quit(engine);
}

#[test]
fn go_without_position_searches_the_start_position() {
    let _serial = serial();
    let mut engine = Engine::start();
    let best = bestmove(&engine.go("go depth 3"));
    assert!(is_legal(&mut engine, "position startpos", &best), "{best}");
    quit(engine);
}

#[test]
fn go_mate_finds_the_mate_in_two() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MATE_IN_2}"));
    let lines = engine.go("go mate 2");
    let last = pv_lines(&lines).pop().expect("an info line").clone();
    assert!(last.contains(" score mate 2 "), "{last}");
    assert_eq!(bestmove(&lines), "d5f6");
    quit(engine);
}

#[test]
fn go_nodes_stops_at_the_node_limit() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.go("go nodes 20000");
    for line in pv_lines(&lines) {
        let nodes: u64 = field(line, "nodes").unwrap().parse().unwrap();
        assert!(nodes <= 20_000, "{line}");
    }
    assert!(is_legal(&mut engine, &format!("position fen {MIDDLEGAME}"), &bestmove(&lines)));
    quit(engine);
}

#[test]
fn go_movetime_returns_in_time() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let start = Instant::now();
    let lines = engine.go("go movetime 300");
    let elapsed = start.elapsed();
    assert!(elapsed >= Duration::from_millis(200), "used the time it was given: {elapsed:?}");
    assert!(elapsed < Duration::from_secs(3), "{elapsed:?}");
    assert!(is_legal(&mut engine, &format!("position fen {MIDDLEGAME}"), &bestmove(&lines)));
    // The line before `bestmove` has the search's final nodes and time: no fewer nodes than any
    // line before, and about the time it took.
    let last = &lines[lines.len() - 2];
    let number = |line: &str, name: &str| field(line, name).and_then(|value| value.parse::<u64>().ok());
    let (Some(nodes), Some(time)) = (number(last, "nodes"), number(last, "time")) else {
        panic!("no final counts before bestmove: {lines:#?}")
    };
    assert!(last.starts_with("info ") && time >= 200, "{last}");
    assert!(
        lines.iter().filter_map(|line| number(line, "nodes")).all(|earlier| earlier <= nodes),
        "{lines:#?}"
    );
    quit(engine);
}

#[test]
fn long_iterations_report_nodes_nps_and_hashfull_every_second() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    engine.send("go infinite");
    // Until the search says it has run 3.5 s: its own clock, so that a slow start on a loaded
    // machine does not cut the window short.
    let past = |line: &str| {
        field(line, "time").and_then(|time| time.parse::<u64>().ok()).is_some_and(|time| time >= 3500)
    };
    let lines = engine.until(LONG, past);
    engine.send("stop");
    engine.until(LONG, is_bestmove);
    // Every line with a time says where the search stands (principal variations, and the
    // progress lines `info nodes ... nps ... hashfull ... time ...` of long iterations).
    let timed: Vec<&String> = lines.iter().filter(|line| field(line, "time").is_some()).collect();
    for line in &timed {
        assert!(["nodes", "nps", "hashfull"].iter().all(|name| field(line, name).is_some()), "{line}");
        // The progress lines also say how much of the CPU it could use the search got.
        if let Some(load) = field(line, "cpuload") {
            assert!(load.parse::<u32>().is_ok_and(|load| load <= 1000), "{line}");
        }
    }
    // No second passes without news (a loaded machine gets half a second more).
    let mut times: Vec<u64> = timed.iter().filter_map(|line| field(line, "time")?.parse().ok()).collect();
    times.insert(0, 0);
    let gaps: Vec<u64> = times.windows(2).map(|pair| pair[1].saturating_sub(pair[0])).collect();
    assert!(times.last().is_some_and(|&last| last >= 3500), "{times:?}");
    assert!(gaps.iter().all(|&gap| gap <= 1500), "{times:?}");
    quit(engine);
}

#[test]
fn go_with_no_time_left_still_answers_at_once_with_a_legal_move() {
    let _serial = serial();
    let mut engine = Engine::start();
    for go in ["go wtime 0 btime 0", "go wtime -250 btime 1000 winc 0", "go wtime 1 btime 1 movestogo 1"] {
        engine.send(&format!("position fen {MIDDLEGAME}"));
        let start = Instant::now();
        let lines = engine.go(go);
        assert!(start.elapsed() < Duration::from_secs(1), "{go}: {:?}", start.elapsed());
        assert!(is_legal(&mut engine, &format!("position fen {MIDDLEGAME}"), &bestmove(&lines)), "{go}");
    }
    quit(engine);
}

#[test]
fn go_with_a_clock_answers_well_within_it() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    let start = Instant::now();
    let lines = engine.go("go wtime 100000 btime 2000 winc 100 binc 100 movestogo 5");
    assert!(start.elapsed() < Duration::from_millis(1600), "{:?}", start.elapsed());
    assert!(is_legal(&mut engine, "position startpos moves e2e4", &bestmove(&lines)));
    quit(engine);
}

#[test]
fn go_infinite_answers_isready_and_waits_for_stop() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(200));
    let start = Instant::now();
    let lines = engine.sync();
    assert!(start.elapsed() < Duration::from_millis(500), "readyok at once: {:?}", start.elapsed());
    assert!(!lines.iter().any(|line| is_bestmove(line)), "no bestmove before stop: {lines:#?}");
    assert!(engine.try_until(Duration::from_millis(500), is_bestmove).is_err(), "still no bestmove");
    let start = Instant::now();
    engine.send("stop");
    let lines = engine.until(LONG, is_bestmove);
    assert!(start.elapsed() < Duration::from_millis(500), "bestmove soon after stop: {:?}", start.elapsed());
    assert!(is_legal(&mut engine, &format!("position fen {MIDDLEGAME}"), &bestmove(&lines)));
    engine.send("stop");
    engine.sync();
    assert_eq!(engine.seen.iter().filter(|line| is_bestmove(line)).count(), 1, "exactly one bestmove");
    quit(engine);
}

#[test]
fn a_search_that_finishes_holds_its_bestmove_until_stop_in_infinite_mode() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MATE_IN_2}"));
    engine.send("go infinite depth 2");
    let lines = engine.until(LONG, |line| line.starts_with("info depth 2 "));
    assert!(!lines.iter().any(|line| is_bestmove(line)));
    assert!(engine.try_until(Duration::from_millis(300), is_bestmove).is_err(), "held");
    engine.send("stop");
    assert_eq!(bestmove(&engine.until(LONG, is_bestmove)), "d5f6");
    quit(engine);
}

#[test]
fn quit_mid_search_exits_promptly() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 2");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(300));
    let took = quit(engine);
    assert!(took < Duration::from_secs(2), "quit took {took:?}");
}

#[test]
fn end_of_input_lets_a_finite_search_finish() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("go depth 6");
    engine.close_stdin();
    let lines = engine.until(LONG, is_bestmove);
    assert!(lines.iter().any(|line| line.starts_with("info depth 6 ")), "{lines:#?}");
}

#[test]
fn go_ponder_waits_for_ponderhit_then_plays_on_the_clock() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder wtime 3000 btime 3000 winc 0 binc 0");
    assert!(
        engine.try_until(Duration::from_millis(700), is_bestmove).is_err(),
        "no bestmove while pondering"
    );
    let start = Instant::now();
    engine.send("ponderhit");
    let lines = engine.until(LONG, is_bestmove);
    // 700 ms of pondering is more than the move's plan (3 s over about 30 moves): the plan holds,
    // and the move comes at once instead of after another soft limit or the hard one.
    assert!(start.elapsed() < Duration::from_millis(500), "{:?}", start.elapsed());
    assert!(is_legal(&mut engine, "position startpos moves e2e4 e7e5", &bestmove(&lines)));

    // A ponder miss: `stop` ends the ponder search at once.
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder wtime 3000 btime 3000");
    assert!(engine.try_until(Duration::from_millis(300), is_bestmove).is_err());
    let start = Instant::now();
    engine.send("stop");
    engine.until(LONG, is_bestmove);
    assert!(start.elapsed() < Duration::from_millis(500), "{:?}", start.elapsed());

    // A ponder search that ended on its own before the hit (here at its depth) shows its last line
    // again after `ponderhit`: python-chess, and lichess-bot on it, read the move's score and PV
    // from the lines after the hit only.
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder depth 3");
    let pondered = engine.read_for(Duration::from_millis(300));
    assert!(pondered.iter().any(|line| line.starts_with("info depth 3 ")), "{pondered:#?}");
    assert!(!pondered.iter().any(|line| is_bestmove(line)), "{pondered:#?}");
    engine.send("ponderhit");
    let lines = engine.until(LONG, is_bestmove);
    let last = &lines[lines.len() - 2];
    assert!(last.starts_with("info depth 3 ") && last.contains(" score cp "), "{lines:#?}");
    assert_eq!(pv(last).first().copied(), Some(bestmove(&lines).as_str()), "{lines:#?}");
    engine.sync();
    assert_eq!(engine.seen.iter().filter(|line| is_bestmove(line)).count(), 3);
    quit(engine);
}

/// The `debug on` line on how a search spent the clock: the only one of its kind, before
/// `bestmove`.
fn clock_line(lines: &[String]) -> &str {
    let reports: Vec<usize> =
        (0..lines.len()).filter(|&at| lines[at].starts_with("info string time used ")).collect();
    assert_eq!(reports.len(), 1, "one report: {lines:#?}");
    assert!(reports[0] < lines.len() - 1 && is_bestmove(&lines[lines.len() - 1]), "{lines:#?}");
    &lines[reports[0]]
}

/// The limits `go` announced, as `soft S ms, hard H ms`.
fn announced_limits(lines: &[String]) -> &str {
    lines.iter().find_map(|line| line.strip_prefix("info string time limits: ")).expect("the limits")
}

/// Why the clock line says the search ended.
fn stopped_by(line: &str) -> &str {
    line.rsplit_once(", stopped by ").expect("a reason").1
}

/// The number of milliseconds before `unit` (` ms pondering`, say) in the clock line.
fn millis_before(line: &str, unit: &str) -> u64 {
    let before = line.split_once(unit).unwrap_or_else(|| panic!("no{unit} in {line}")).0;
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn debug_on_says_how_each_search_spent_the_clock_just_before_bestmove() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("debug on");
    engine.send("position startpos moves e2e4");
    let lines = engine.go("go wtime 3000 btime 3000");
    let line = clock_line(&lines);
    // The limits planned at `go`, and a reason of the clock's.
    assert!(line.contains(&format!(" ({}), ", announced_limits(&lines))), "{lines:#?}");
    assert!(["soft", "forecast", "stable", "hard"].contains(&stopped_by(line)), "{line}");
    millis_before(line, " ms (soft");
    // A forced move gets no soft time: one iteration, stopped by the soft limit.
    engine.send("position fen k7/8/8/8/8/8/6r1/7K w - - 0 1");
    let lines = engine.go("go wtime 60000 btime 60000");
    assert_eq!(bestmove(&lines), "h1g2");
    let line = clock_line(&lines);
    assert!(line.contains("(soft 0 ms, hard ") && stopped_by(line) == "soft", "{line}");
    // Without a clock: no limits, and the search ends on its own or by `stop`.
    engine.send("position startpos");
    let line = clock_line(&engine.go("go depth 3")).to_string();
    assert!(line.ends_with(" (soft none, hard none), stopped by end"), "{line}");
    engine.send("go infinite");
    engine.read_for(Duration::from_millis(200));
    engine.send("stop");
    assert_eq!(stopped_by(clock_line(&engine.until(LONG, is_bestmove))), "stop");
    engine.send("debug off");
    assert!(!engine.go("go wtime 3000 btime 3000").iter().any(|line| line.starts_with("info string")));
    quit(engine);
}

/// After `ponderhit` the GUI's clock starts, but the limits still count from `go`: the time
/// pondered is thought already spent on the move. 700 ms of pondering is past every limit of a
/// 3-second clock, so the hit ends the search; a ponder miss ends by `stop`, at no cost.
#[test]
fn debug_on_counts_the_time_pondered_apart_from_the_clocks() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name Ponder value true");
    engine.send("debug on");
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder wtime 3000 btime 3000");
    let early = engine.read_for(Duration::from_millis(700));
    assert!(!early.iter().any(|line| is_bestmove(line)), "{early:#?}");
    engine.send("ponderhit");
    let mut lines = early;
    lines.extend(engine.until(LONG, is_bestmove));
    let line = clock_line(&lines);
    assert!(millis_before(line, " ms pondering") >= 500, "{line}");
    assert!(line.contains(&format!(" ({}), ", announced_limits(&lines))), "{lines:#?}");
    assert_eq!(stopped_by(line), "ponderhit", "{line}");

    engine.send("go ponder wtime 3000 btime 3000");
    engine.read_for(Duration::from_millis(300));
    engine.send("stop");
    let line = clock_line(&engine.until(LONG, is_bestmove)).to_string();
    assert!(line.starts_with("info string time used 0 ms after "), "{line}");
    assert!(line.contains(" ms pondering, no ponderhit (soft ") && stopped_by(&line) == "stop", "{line}");
    quit(engine);
}

#[test]
fn position_or_ucinewgame_mid_search_stop_it_first() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    engine.send("go infinite");
    thread::sleep(Duration::from_millis(200));
    engine.send("position startpos moves e2e4");
    let lines = engine.until(LONG, is_bestmove);
    assert!(
        is_legal(&mut engine, &format!("position fen {MIDDLEGAME}"), &bestmove(&lines)),
        "for the old position"
    );
    engine.send("position startpos moves e2e4");
    assert_eq!(fen(&mut engine), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let reply = bestmove(&engine.go("go depth 4"));
    assert!(is_legal(&mut engine, "position startpos moves e2e4", &reply), "a black move: {reply}");

    engine.send("go infinite");
    thread::sleep(Duration::from_millis(200));
    engine.send("ucinewgame");
    engine.until(LONG, is_bestmove);
    assert_eq!(fen(&mut engine), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    engine.sync();
    assert_eq!(engine.seen.iter().filter(|line| is_bestmove(line)).count(), 3);
    quit(engine);
}

#[test]
fn ucinewgame_mid_game_forgets_the_game() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5 g1f3");
    engine.go("go depth 5");
    engine.send("ucinewgame");
    engine.sync();
    assert_eq!(fen(&mut engine), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    engine.send("position startpos moves d2d4");
    let reply = bestmove(&engine.go("go depth 5"));
    assert!(is_legal(&mut engine, "position startpos moves d2d4", &reply));
    quit(engine);
}

#[test]
fn searchmoves_restricts_the_root_moves() {
    let _serial = serial();
    let mut engine = Engine::start();
    let lines = engine.go("go depth 6 searchmoves a2a3 h2h3");
    assert!(["a2a3", "h2h3"].contains(&bestmove(&lines).as_str()));
    for line in pv_lines(&lines) {
        assert!(matches!(field(line, "pv"), Some("a2a3" | "h2h3")), "{line}");
    }
    quit(engine);
}

#[test]
fn multipv_3_prints_three_distinct_lines_per_depth() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.go("go depth 6");
    let last: Vec<&String> = pv_lines(&lines)
        .into_iter()
        .filter(|line| line.starts_with("info depth 6 ") && !line.contains("bound"))
        .collect();
    let ids: Vec<&str> = last.iter().map(|line| field(line, "multipv").unwrap()).collect();
    assert_eq!(ids, ["1", "2", "3"], "{last:#?}");
    let mut firsts: Vec<&str> = last.iter().map(|line| field(line, "pv").unwrap()).collect();
    firsts.sort_unstable();
    firsts.dedup();
    assert_eq!(firsts.len(), 3, "{last:#?}");
    assert_eq!(field(last[0], "pv"), Some(bestmove(&lines).as_str()));
    quit(engine);
}

#[test]
fn limit_strength_spends_a_node_budget_and_varies_its_choice_within_a_margin() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 1320");
    let mut played = Vec::new();
    for _ in 0..20 {
        engine.send("position startpos");
        let lines = engine.go("go wtime 60000 btime 60000");
        let infos = pv_lines(&lines);
        // UCI_Elo 1320 searches 640 nodes (src/strength.rs), and four lines to choose among.
        for line in &infos {
            let nodes: u64 = field(line, "nodes").unwrap().parse().unwrap();
            assert!(nodes <= 640, "{line}");
        }
        let depth_one: Vec<&&String> =
            infos.iter().filter(|line| line.starts_with("info depth 1 ")).collect();
        assert_eq!(depth_one.len(), 4, "{lines:#?}");
        // The move played is one of the lines of the last complete iteration, at most the margin
        // (113 cp at 1320) below the best.
        let best = bestmove(&lines);
        let exact: Vec<&&String> = infos.iter().filter(|line| field(line, "multipv").is_some()).collect();
        let last_depth = exact.iter().rev().find(|line| field(line, "multipv") == Some("4")).unwrap();
        let depth = field(last_depth, "depth").unwrap();
        let iteration: Vec<&&&String> =
            exact.iter().filter(|line| field(line, "depth") == Some(depth)).collect();
        let score = |line: &str| field(line, "cp").unwrap().parse::<i32>().unwrap();
        let top = score(iteration[0]);
        let chosen = iteration.iter().find(|line| field(line, "pv") == Some(best.as_str()));
        let chosen = chosen.unwrap_or_else(|| panic!("{best} is not among {iteration:#?}"));
        assert!(top - score(chosen) <= 113, "{chosen} against {}", iteration[0]);
        played.push(best);
    }
    played.sort_unstable();
    played.dedup();
    assert!(played.len() >= 2, "always {played:?}");

    // At a high setting: one line, the best move, and the node budget still holds.
    engine.send("setoption name UCI_Elo value 2400");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.go("go wtime 600000 btime 600000");
    for line in pv_lines(&lines) {
        assert_eq!(field(line, "multipv"), Some("1"), "{line}");
        let nodes: u64 = field(line, "nodes").unwrap().parse().unwrap();
        assert!(nodes <= 140_000, "{line}");
    }
    quit(engine);
}

#[test]
fn no_legal_move_gives_bestmove_none_after_a_terminal_score() {
    let _serial = serial();
    let mut engine = Engine::start();
    for (fen, score) in [(CHECKMATED, "score mate 0"), (STALEMATED, "score cp 0")] {
        engine.send(&format!("position fen {fen}"));
        let lines = engine.go("go depth 5");
        assert_eq!(lines, [format!("info depth 0 {score}"), "bestmove (none)".to_string()]);
        // Also when the bestmove has to wait for stop.
        engine.send("go infinite");
        assert!(engine.try_until(Duration::from_millis(200), is_bestmove).is_err());
        engine.send("stop");
        assert_eq!(bestmove(&engine.until(LONG, is_bestmove)), "(none)");
    }
    quit(engine);
}

#[test]
fn options_are_case_insensitive_and_may_span_words() {
    let _serial = serial();
    let mut engine = Engine::start();
    for command in [
        "setoption name move overhead value 100",
        "setoption name MOVE OVERHEAD value 50",
        "setoption   name  Clear   Hash",
        "setoption name clear hash",
        "setoption name hash value 1",
        "setoption name THREADS value 2",
        "setoption name uci_showwdl value TRUE",
        "setoption name UCI_AnalyseMode value true",
        "setoption name UCI_Variant value chess",
    ] {
        engine.send(command);
    }
    let lines = engine.sync();
    assert!(lines.is_empty(), "no complaints: {lines:#?}");
    engine.send("setoption name Move Overhead value lots");
    engine.send("setoption name No Such Option value 1");
    engine.send("setoption name UCI_Variant value shogi");
    let lines = engine.sync();
    assert!(lines[0].starts_with("info string Move Overhead takes a whole number"), "{lines:#?}");
    assert_eq!(lines[1], "info string unknown option: No Such Option");
    assert!(lines[2].starts_with("info string UCI_Variant takes one of"), "{lines:#?}");
    // The options took effect: two threads on a 1 MiB table, with WDL.
    let lines = engine.go("go depth 6");
    let last = pv_lines(&lines).pop().unwrap().clone();
    let wdl: Vec<u32> =
        last.split(" wdl ").nth(1).unwrap().split(' ').take(3).map(|n| n.parse().unwrap()).collect();
    assert_eq!(wdl.iter().sum::<u32>(), 1000, "{last}");
    assert!(is_legal(&mut engine, "position startpos", &bestmove(&lines)));
    quit(engine);
}

#[test]
fn debug_log_file_writes_a_transcript_of_both_directions() {
    let _serial = serial();
    let path =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("uci log {}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut engine = Engine::start();
    engine.send(&format!("setoption name Debug Log File value {}", path.display()));
    engine.sync();
    engine.go("go depth 2");
    engine.send("setoption name Debug Log File value <empty>");
    engine.sync();
    quit(engine);
    let log = std::fs::read_to_string(&path).expect("the transcript exists");
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines[..2], [">> isready", "<< readyok"], "{log}");
    assert!(lines.contains(&">> go depth 2"), "{log}");
    assert!(lines.iter().any(|line| line.starts_with("<< info depth 2 ")), "{log}");
    assert!(lines.iter().any(|line| line.starts_with("<< bestmove ")), "{log}");
    assert_eq!(lines.last(), Some(&">> setoption name Debug Log File value <empty>"), "{log}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn register_and_debug_are_accepted() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("register later");
    engine.send("register name Somebody code 1234");
    let lines = engine.sync();
    let expected = ["registration checking", "registration ok"].repeat(2);
    assert_eq!(lines, expected, "each register checked and accepted");
    engine.send("debug on");
    let lines = engine.go("go depth 2");
    assert!(lines.iter().any(|line| line.starts_with("info string time limits")), "{lines:#?}");
    engine.send("debug off");
    let lines = engine.go("go depth 2");
    assert!(!lines.iter().any(|line| line.starts_with("info string")), "{lines:#?}");
    quit(engine);
}

/// Clients such as the PyPI `stockfish` wrapper read the score and the `MultiPV` moves from the
/// lines just before `bestmove`: they must be full lines (score, pv), one per `MultiPV` line, and,
/// after a `go depth N`, each only once at depth N.
#[test]
fn the_lines_before_bestmove_are_full_ones_once_each() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let before_bestmove = |lines: &[String]| lines[lines.len() - 4..lines.len() - 1].to_vec();
    let lines = engine.go("go depth 7");
    let last = before_bestmove(&lines);
    for (index, line) in last.iter().enumerate() {
        assert!(line.starts_with("info depth 7 "), "{lines:#?}");
        assert_eq!(field(line, "multipv"), Some((index + 1).to_string().as_str()), "{lines:#?}");
    }
    let at_depth_7 = lines.iter().filter(|line| line.starts_with("info depth 7 "));
    assert_eq!(at_depth_7.count(), 3, "each line of the asked depth once: {lines:#?}");
    // No bound lines with several lines (a failed window's line would count as one more).
    assert!(!lines.iter().any(|line| line.contains("bound")), "{lines:#?}");
    // A search the node limit stopped writes its last lines again, with its final count.
    let lines = engine.go("go nodes 30000");
    for (index, line) in before_bestmove(&lines).iter().enumerate() {
        assert_eq!(field(line, "multipv"), Some((index + 1).to_string().as_str()), "{lines:#?}");
        assert!(field(line, "score").is_some() && field(line, "pv").is_some(), "{line}");
        let nodes: u64 = field(line, "nodes").unwrap().parse().unwrap();
        assert!(nodes >= 30_000, "the final count: {line}");
    }
    assert_eq!(field(&lines[lines.len() - 4], "pv"), Some(bestmove(&lines).as_str()));
    quit(engine);
}

#[test]
fn debug_writes_the_time_limits_before_the_search_and_its_bestmove() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("debug on");
    engine.send("position startpos moves e2e4");
    // A search of one ply answers within a millisecond: the limits must come first all the same.
    for go in ["go depth 1", "go movetime 1", "go nodes 50", "go wtime 20 btime 20", "go depth 1"] {
        let lines = engine.go(go);
        assert!(lines[0].starts_with("info string time limits: soft "), "{go}: {lines:#?}");
        let limits = lines.iter().filter(|line| line.starts_with("info string time limits")).count();
        assert_eq!(limits, 1, "{go}: {lines:#?}");
        assert!(lines.last().unwrap().starts_with("bestmove "), "{go}: {lines:#?}");
    }
    engine.send("debug off");
    let lines = engine.go("go depth 1");
    assert!(!lines.iter().any(|line| line.contains("time limits")), "{lines:#?}");
    quit(engine);
}

#[test]
fn movestogo_0_is_read_as_sudden_death() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("debug on");
    let limits = |engine: &mut Engine, go: &str| {
        let lines = engine.go(go);
        lines.into_iter().find(|line| line.starts_with("info string time limits")).expect("a limits line")
    };
    let without = limits(&mut engine, "go wtime 2000 btime 2000");
    assert_eq!(limits(&mut engine, "go wtime 2000 btime 2000 movestogo 0"), without);
    // One move to the control is another plan: the whole clock less a reserve.
    assert_ne!(limits(&mut engine, "go wtime 2000 btime 2000 movestogo 1"), without);
    quit(engine);
}

#[test]
fn chess960_castling_is_written_king_takes_rook() {
    let _serial = serial();
    let mut engine = Engine::start();
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.go("go depth 2 searchmoves e1g1");
    assert_eq!(bestmove(&lines), "e1g1");
    engine.send("setoption name UCI_Chess960 value true");
    engine.send(&format!("position fen {fen}"));
    let lines = engine.go("go depth 2 searchmoves e1h1");
    assert_eq!(bestmove(&lines), "e1h1");
    assert!(pv_lines(&lines).iter().all(|line| field(line, "pv") == Some("e1h1")));
    // Shredder-FEN castling rights make the position Chess960 whatever the option: the long castling
    // (king to c1, rook to d1) is written king takes rook.
    engine.send("setoption name UCI_Chess960 value false");
    engine.send("position fen 1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    let lines = engine.go("go depth 3 searchmoves e1b1");
    assert_eq!(bestmove(&lines), "e1b1");
    quit(engine);
}

#[test]
fn wdl_currmove_currline_and_refutations_when_asked() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name UCI_ShowCurrLine value true");
    engine.send("setoption name UCI_ShowRefutations value true");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    // An infinite search, stopped once the currmove lines (after a second of search) and one
    // iteration's refutations are out: a fixed movetime may end before either on a loaded machine.
    engine.send("go infinite");
    let mut lines = engine.until(LONG, |line| line.contains(" currmove "));
    lines.extend(engine.until(LONG, |line| line.starts_with("info refutation ")));
    engine.send("stop");
    lines.extend(engine.until(LONG, is_bestmove));
    let currmove = lines.iter().find(|line| line.contains(" currmove ")).expect("currmove after a second");
    assert!(field(currmove, "currmovenumber").is_some() && field(currmove, "depth").is_some(), "{currmove}");
    assert!(lines.iter().any(|line| line.starts_with("info currline 1 ")), "currline with its CPU number");
    // One iteration's refutations come together: one line per legal root move, each a legal line
    // that starts with that move (the bare move when no reply is known).
    let first = lines.iter().position(|line| line.starts_with("info refutation ")).expect("refutations");
    let refutations: Vec<&String> =
        lines[first..].iter().take_while(|line| line.starts_with("info refutation ")).collect();
    let mut root_moves: Vec<&str> = Vec::new();
    for line in &refutations {
        let words: Vec<&str> = line.split_whitespace().skip(2).collect();
        assert!(!words.is_empty(), "{line}");
        assert!(is_legal(&mut engine, &format!("position fen {MIDDLEGAME}"), &words.join(" ")), "{line}");
        root_moves.push(words[0]);
    }
    root_moves.sort_unstable();
    root_moves.dedup();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    engine.send("go perft 1");
    let perft = engine.until(LONG, |line| line.starts_with("Nodes searched"));
    assert_eq!(perft.last().unwrap(), &format!("Nodes searched: {}", root_moves.len()));
    assert_eq!(refutations.len(), root_moves.len(), "{refutations:#?}");
    quit(engine);
}

#[test]
fn several_threads_search_together() {
    let _serial = serial();
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 3");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.go("go depth 8");
    assert!(lines.iter().any(|line| line.starts_with("info depth 8 ")));
    assert!(is_legal(&mut engine, &format!("position fen {MIDDLEGAME}"), &bestmove(&lines)));
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.go("go nodes 50000");
    for line in pv_lines(&lines) {
        assert!(field(line, "nodes").unwrap().parse::<u64>().unwrap() <= 50_000 + 3 * 2048, "{line}");
    }
    quit(engine);
}

#[test]
fn bench_signature_is_the_same_every_run_and_from_the_command_line() {
    let _serial = serial();
    let signature = |lines: &[String]| -> u64 {
        let line = lines.iter().find(|line| line.starts_with("Nodes searched  :")).expect("the signature");
        line.rsplit(' ').next().unwrap().parse().unwrap()
    };
    let mut engine = Engine::start();
    engine.send("bench 16 1 8");
    let first = engine.until(LONG, |line| line.starts_with("Nodes/second"));
    assert!(first.iter().any(|line| line.starts_with("Total time (ms) :")));
    assert_eq!(first.iter().filter(|line| line.starts_with("Position: ")).count(), 30);
    engine.send("bench 16 1 8");
    let second = engine.until(LONG, |line| line.starts_with("Nodes/second"));
    assert_eq!(signature(&first), signature(&second));
    engine.send("bench 16 1 3 current perft");
    let perft = engine.until(LONG, |line| line.starts_with("Nodes/second"));
    assert_eq!(signature(&perft), 8_902);
    quit(engine);

    let mut from_cli = Engine::with_args(&["bench", "16", "1", "8"]);
    let third = from_cli.until(LONG, |line| line.starts_with("Nodes/second"));
    assert_eq!(signature(&first), signature(&third));
}

#[test]
fn ponder_on_gives_each_move_a_quarter_more_time() {
    let soft = |ponder: &str| -> u64 {
        let input = format!(
            "setoption name Ponder value {ponder}\ndebug on\nposition startpos\ngo wtime 60000 btime 60000 depth 1\n"
        );
        let lines = transcript(input);
        let line = lines.iter().find(|line| line.starts_with("info string time limits")).expect("the limits");
        line.split("soft ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap()
    };
    let (off, on) = (soft("false"), soft("true"));
    assert_eq!(on, off + off / 4, "{off} ms without Ponder, {on} ms with it");
}

#[test]
fn bench_eval_prints_each_positions_evaluation() {
    let output = run(&["--variant", "xiangqi", "bench", "16", "1", "1", "default", "eval"], "");
    let text = String::from_utf8(output.stdout).unwrap();
    let positions = text.lines().filter(|line| line.starts_with("Position: ")).count();
    let evaluations = text.lines().filter(|line| line.starts_with("Static evaluation")).count();
    assert_eq!((positions, evaluations), (13, 13), "{text}");
}

#[test]
fn nodestime_keeps_one_node_budget_for_the_whole_game() {
    let _serial = serial();
    let most_nodes = |lines: &[String]| -> u64 {
        lines.iter().filter_map(|line| field(line, "nodes")).filter_map(|n| n.parse().ok()).max().unwrap_or(0)
    };
    let mut engine = Engine::start();
    engine.send("setoption name nodestime value 100");
    engine.send("position startpos");
    // 10 s at 100 nodes a ms is a game budget of 1 000 000 nodes; with two moves to go the first
    // move may take 2/5 of it.
    let first = most_nodes(&engine.go("go wtime 10000 btime 10000 movestogo 2"));
    engine.send("position startpos moves e2e4");
    // The same clock again, but the budget is the game's: what the first move spent is gone.
    let second = most_nodes(&engine.go("go wtime 10000 btime 10000 movestogo 2"));
    assert!(first > 300_000 && first <= 405_000, "first move: {first} nodes");
    assert!(second < first * 3 / 4, "the second move plans from what is left: {second} after {first}");
    // A new game starts a new budget.
    engine.send("ucinewgame");
    engine.send("position startpos");
    let fresh = most_nodes(&engine.go("go wtime 10000 btime 10000 movestogo 2"));
    assert!(fresh > 300_000, "a new game's first move: {fresh} nodes");
    quit(engine);
}
