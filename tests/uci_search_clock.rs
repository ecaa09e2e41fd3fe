//! The UCI front-end's clock driven over pipes as a GUI drives it: `go movetime`, `wtime`, `btime`,
//! `winc`, `binc` and `movestogo` (with no time left, and `movestogo 0` as sudden death), the
//! `Ponder` option's longer plan, `nodestime`'s node budget for the whole game, and `debug on`
//! (accepted, as `register` is) with its time reports: the limits before the search, and how the
//! search spent the clock, pondering included, just before `bestmove`.
//!
//! The tests run one at a time (a lock): several engines searching at once on a small machine would
//! only make the timing checks flaky. Timing bounds are generous; they check behaviour, not speed.

mod support;

use std::time::{Duration, Instant};
use support::engine::{bestmove, field, is_bestmove, serial, transcript, Engine, LONG};
use support::uci_search::{is_legal, quit, MIDDLEGAME};

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
fn go_with_no_time_left_still_answers_at_once_with_a_legal_move() {
    let _serial = serial();
    let mut engine = Engine::start();
    // Only the opponent's clock given: the side to move has none left, as Stockfish reads it.
    for go in [
        "go wtime 0 btime 0",
        "go wtime -250 btime 1000 winc 0",
        "go wtime 1 btime 1 movestogo 1",
        "go btime 60000 binc 1000",
    ] {
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

/// A forced move is still searched, briefly on a clock and within a `movetime` as any move (the
/// GUI asked for that time): its score is a true one, here the mate it walks into, and it has a
/// ponder move, as Stockfish's.
#[test]
fn a_forced_move_is_searched_for_a_true_score_and_a_ponder_move() {
    let _serial = serial();
    let mut engine = Engine::start();
    let forced = "position fen k7/8/1K6/8/8/8/8/7R b - - 0 1";
    for go in ["go wtime 10000 btime 10000", "go movetime 300"] {
        engine.send(forced);
        let start = Instant::now();
        let lines = engine.go(go);
        let infos: Vec<&String> = lines.iter().filter(|line| line.contains(" pv ")).collect();
        assert!(infos.last().unwrap().contains(" score mate -1 "), "{go}: {lines:#?}");
        assert_eq!(lines.last().unwrap(), "bestmove a8b8 ponder h1h8", "{go}");
        assert!(start.elapsed() < Duration::from_millis(1500), "{go}: {:?}", start.elapsed());
    }
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
    // A forced move thinks at most half a second (Stockfish's cap), whatever the clock planned.
    engine.send("position fen k7/8/8/8/8/8/6r1/7K w - - 0 1");
    let lines = engine.go("go wtime 60000 btime 60000");
    assert_eq!(bestmove(&lines), "h1g2");
    let line = clock_line(&lines);
    assert!(line.contains("(soft 500 ms, hard "), "{line}");
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
