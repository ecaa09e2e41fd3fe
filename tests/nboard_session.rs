//! The NBoard session's order of commands, driven over pipes: what the engine reads while it
//! thinks, what waits for the work under way and what stops it (`ping`, and the analysis of `hint`
//! and `analyze`), as NBoard, NTest's and Edax's users and the match runners send them.

mod support;

use std::thread;
use std::time::{Duration, Instant};
use support::engine::{hang_up, run_bytes, serial, LONG};
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

/// The NBoard GUI never sends `quit`: when it exits it closes its pipes. A `hint` at depth 60 would
/// search for hours on every thread of a program nobody drives any more; it stops at once.
#[test]
fn a_gui_that_closes_its_pipes_mid_search_leaves_nothing_running() {
    let _serial = serial();
    for task in ["hint 2", "go"] {
        let input = format!("nboard 2\nset depth 60\nset game {EXAMPLE}\nping 1\n{task}\n");
        let exited = hang_up(&input, Duration::from_millis(300));
        assert!(exited.is_some_and(|took| took < Duration::from_secs(3)), "{task}: {exited:?}");
    }
}

/// The GUI writes in the platform's encoding: on Windows a login such as `Jürgen` goes into
/// `PB[]` as the byte 0xFC. Such a `set game` is read (its names as Latin-1), and the next `go`
/// answers for the new game, not for the one before it.
#[test]
fn a_set_game_that_is_not_utf8_is_read_and_the_next_go_answers_for_it() {
    let start =
        b"(;GM[Othello]PC[NBoard]PB[J\xfcrgen]PW[triskel]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)";
    let mut input = format!("nboard 2\nset depth 4\nset game {EXAMPLE}\nping 1\nset game ").into_bytes();
    input.extend_from_slice(start);
    input.extend_from_slice(b"\nping 2\ngo\n");
    let output = run_bytes(&[], &input);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!text.contains("status "), "{text}");
    let answer = text.lines().find(|line| line.starts_with("=== ")).unwrap_or_else(|| panic!("{text}"));
    let (mv, _, _) = reply(answer);
    assert!(["F5", "E6", "D3", "C4"].contains(&mv.as_str()), "not a move of the start position: {text}");
}

/// A refused `set game` (a board size the engine does not play, a record cut short) leaves no
/// game: `go` and `hint` say so rather than answer for the game before, whose move the GUI would
/// find illegal on its own board, and `learn` is still answered. The next `set game` plays again.
#[test]
fn after_a_refused_set_game_nothing_answers_for_the_game_before_it() {
    let mut engine = nboard();
    set_depth(&mut engine, 4);
    engine.send(&format!("set game {EXAMPLE}"));
    engine.send("set game (;GM[Othello]TY[10]BO[10 ---------------------------------------------O*--------*O--------------------------------------------- *];)");
    let refusal = engine.until(LONG, |line| line.starts_with("status "));
    assert!(refusal[0].contains("no game until the next set game"), "{refusal:?}");
    for (command, answered) in [("go", None), ("hint 2", None), ("move D6", None), ("learn", Some("learned"))]
    {
        engine.send(command);
        let lines = ping(&mut engine, 1);
        let word = command.split_whitespace().next().unwrap();
        let expected = format!("status {word}: no game (the last set game was refused); send set game");
        let mut wanted = vec![expected];
        wanted.extend(answered.map(String::from));
        wanted.push("pong 1".into());
        assert_eq!(lines, wanted, "{command}");
    }
    // Anti-Othello, and a 10x10 type with no board of its own, are other games too: their moves
    // must not be answered as Othello's.
    for (record, n) in [("(;GM[Othello]TY[8a]B[F5];)", 2), ("(;GM[Othello]TY[10];)", 3)] {
        engine.send(&format!("set game {EXAMPLE}"));
        engine.send(&format!("set game {record}"));
        let refusal = engine.until(LONG, |line| line.starts_with("status "));
        assert!(
            refusal[0].contains("only 8x8 Othello") && refusal[0].contains("no game until"),
            "{refusal:?}"
        );
        engine.send("go");
        let expected = "status go: no game (the last set game was refused); send set game";
        assert_eq!(ping(&mut engine, n), vec![expected.to_string(), format!("pong {n}")], "{record}");
    }
    engine.send(&format!("set game {EXAMPLE}"));
    let (mv, _, _) = reply(&go(&mut engine));
    assert_ne!(mv, "PA");
    quit(engine);
}
