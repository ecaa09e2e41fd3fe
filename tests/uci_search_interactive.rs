//! The UCI front-end's search commands driven over pipes, interactively, as a GUI drives them: lines
//! go in one at a time and the replies are read with timeouts, so the tests can check what happens
//! *while* a search runs (`isready`, `stop`, `ponderhit`, `quit`, a new `position` or `ucinewgame`,
//! the end of input), what `ucinewgame` forgets, and the `Debug Log File` transcript of a session.
//!
//! The tests run one at a time (a lock): several engines searching at once on a small machine would
//! only make the timing checks flaky. Timing bounds are generous; they check behaviour, not speed.

mod support;

use std::thread;
use std::time::{Duration, Instant};
use support::engine::{bestmove, fen, hang_up, is_bestmove, pv, serial, Engine, LONG};
use support::uci_search::{is_legal, quit, MATE_IN_2, MIDDLEGAME};

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

/// ... unless nobody reads the answer any more: a GUI that exits without `quit` closes both pipes,
/// and a `go depth 60` is then stopped at once rather than left searching for hours.
#[test]
fn end_of_input_with_stdout_closed_too_stops_the_search() {
    let _serial = serial();
    let exited =
        hang_up(&format!("uci\nposition fen {MIDDLEGAME}\ngo depth 60\n"), Duration::from_millis(300));
    assert!(exited.is_some_and(|took| took < Duration::from_secs(3)), "{exited:?}");
    // A perft writes nothing until it is done (minutes at depth 8), so no failed write tells the
    // engine; on Linux the closed pipe does.
    if cfg!(target_os = "linux") {
        let exited = hang_up("uci\nposition startpos\ngo perft 8\n", Duration::from_millis(300));
        assert!(exited.is_some_and(|took| took < Duration::from_secs(3)), "perft: {exited:?}");
    }
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
