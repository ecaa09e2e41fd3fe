//! The NBoard session's order of commands, driven over pipes: what the engine reads while it
//! thinks, what waits for the work under way and what stops it (`ping`, and the analysis of `hint`
//! and `analyze`), as NBoard, NTest's and Edax's users and the match runners send them.

mod support;

use std::thread;
use std::time::{Duration, Instant};
use support::engine::LONG;
use support::nboard::{go, nboard, ping, quit, reply, set_depth, EXAMPLE};

/// The lines before a `pong` that stopped a search: its thinking, and no answer.
fn assert_only_thinking_before_pong(lines: &[String]) {
    assert!(
        lines.iter().all(|line| ["nodestats", "search ", "pong"].iter().any(|start| line.starts_with(start))),
        "{lines:#?}"
    );
}

#[test]
fn ping_during_a_long_go_stops_it_and_no_stale_answer_follows() {
    let mut engine = nboard();
    set_depth(&mut engine, 60);
    engine.send(&format!("set game {EXAMPLE}"));
    engine.send("go");
    thread::sleep(Duration::from_millis(500));
    let started = Instant::now();
    let before = ping(&mut engine, 42);
    assert!(started.elapsed() < Duration::from_secs(3), "pong took {:?}", started.elapsed());
    assert_only_thinking_before_pong(&before);
    thread::sleep(Duration::from_millis(500));
    let after = ping(&mut engine, 43);
    assert_eq!(after, ["pong 43"], "nothing from the cancelled search");
    set_depth(&mut engine, 3);
    let (mv, _, _) = reply(&go(&mut engine));
    assert_ne!(mv, "PA");
    quit(engine);
}

#[test]
fn a_hint_sent_during_a_go_comes_after_the_go_is_answered() {
    let mut engine = nboard();
    set_depth(&mut engine, 6);
    engine.send(&format!("set game {EXAMPLE}"));
    engine.send("go");
    engine.send("hint 2");
    let lines = engine.until(LONG, |line| line.starts_with("status"));
    // The go's `===`, then the hint's own `search` lines (go sends some of its own before).
    let answer = lines.iter().position(|line| line.starts_with("===")).expect("the go's answer");
    assert!(lines[answer + 1..].iter().any(|line| line.starts_with("search ")), "{lines:#?}");
    quit(engine);
}

/// NBoard sends `ping` before every command that changes the game, and discards whatever answers
/// before its `pong`: a `go` sent while another runs waits for it, but `ping` does not.
#[test]
fn ping_answers_at_once_with_a_go_held_back_behind_a_long_go() {
    let mut engine = nboard();
    set_depth(&mut engine, 30);
    engine.send(&format!("set game {EXAMPLE}"));
    engine.send("go");
    engine.send("go");
    // Held back behind the second `go`, and still played once `ping` drops that `go`.
    engine.send("move D6");
    thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let before = ping(&mut engine, 1);
    assert!(started.elapsed() < Duration::from_secs(2), "pong took {:?}", started.elapsed());
    assert_only_thinking_before_pong(&before);
    thread::sleep(Duration::from_millis(500));
    assert_eq!(ping(&mut engine, 2), ["pong 2"], "nothing from either go");
    engine.send("d");
    let board = engine.until(LONG, |line| line.starts_with("depth "));
    assert!(board.iter().any(|line| line.starts_with("White to move, ")), "{board:#?}");
    set_depth(&mut engine, 3);
    let (mv, _, _) = reply(&go(&mut engine));
    assert_ne!(mv, "PA");
    quit(engine);
}

/// A `perft`, `bench` or `ffo` holds up the commands after it; `ping` stops it, runs the
/// held-back commands that start no work, drops the others, and answers at once.
#[test]
fn ping_answers_at_once_with_commands_held_back_behind_a_perft() {
    let mut engine = nboard();
    engine.send("perft 18");
    engine.send("d");
    engine.send("go");
    thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let lines = ping(&mut engine, 4);
    assert!(started.elapsed() < Duration::from_secs(1), "pong took {:?}", started.elapsed());
    let stopped = lines.iter().position(|line| line == "status perft stopped").expect("perft stopped");
    let board = lines.iter().position(|line| line.starts_with("Black to move, ")).expect("the board");
    assert!(stopped < board, "{lines:#?}");
    assert!(!lines.iter().any(|line| line.starts_with("===") || line.starts_with("search ")), "{lines:#?}");
    assert_eq!(ping(&mut engine, 5), ["pong 5"]);
    quit(engine);
}

/// A script (not NBoard, which pings first) may send its next command right behind `go`: it waits
/// for the `===` line, refused or not, as NTest takes commands one after another, and a move is
/// played on the board the answer was for.
#[test]
fn a_move_or_set_game_sent_right_behind_a_go_waits_for_its_answer() {
    let mut engine = nboard();
    set_depth(&mut engine, 12);
    for next in ["move A1", "move PA", "set game (;GM[Othello]"] {
        engine.send(&format!("set game {EXAMPLE}"));
        engine.send("go");
        engine.send(next);
        let lines = engine.until(LONG, |line| line.starts_with("status "));
        let answers: Vec<&String> = lines.iter().filter(|line| line.starts_with("=== ")).collect();
        assert_eq!(answers.len(), 1, "{next}: {lines:#?}");
        assert!(lines[lines.len() - 2].starts_with("=== "), "the answer, then the refusal: {lines:#?}");
    }
    engine.send(&format!("set game {EXAMPLE}"));
    engine.send("go");
    engine.send("move D6");
    engine.send("d");
    let lines = engine.until(LONG, |line| line.starts_with("depth "));
    let answer = lines.iter().position(|line| line.starts_with("=== ")).expect("the go's answer");
    let board = lines.iter().position(|line| line.starts_with("White to move, ")).expect("D6 played");
    assert!(answer < board, "{lines:#?}");
    quit(engine);
}
