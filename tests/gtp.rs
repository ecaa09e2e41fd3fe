//! GTP for Othello, driven over pipes as gtp-rhino's controllers and the match runner drive it:
//! the protocol is recognised by its first command, answers are `=`/`?` lines (with the command's
//! id) ended by a blank line, `genmove` plays its move on the engine's board, forced passes may be
//! sent or left out, and the clock is read from `time_settings` and `time_left`.

mod support;

use std::time::{Duration, Instant};
use support::engine::{run_bytes, Engine, LONG};

/// Sends `command` and returns its answer's first line (the blank line after it is read too).
fn ask(engine: &mut Engine, command: &str) -> String {
    engine.send(command);
    let lines = engine.until(LONG, |line| line.starts_with('=') || line.starts_with('?'));
    let answer = lines.last().unwrap().clone();
    let mut rest = engine.until(LONG, |line| line.is_empty());
    rest.pop();
    if rest.is_empty() {
        answer
    } else {
        format!("{answer}\n{}", rest.join("\n"))
    }
}

fn quit(mut engine: Engine) {
    assert_eq!(ask(&mut engine, "quit"), "=");
    assert!(engine.wait_exit(Duration::from_secs(5)).is_some(), "the engine did not quit");
}

#[test]
fn the_first_gtp_command_opens_a_gtp_session_with_ids_and_errors() {
    let mut engine = Engine::start();
    assert_eq!(ask(&mut engine, "protocol_version"), "= 2");
    assert_eq!(ask(&mut engine, "7 name"), "=7 triskel");
    assert_eq!(ask(&mut engine, "known_command genmove"), "= true");
    assert_eq!(ask(&mut engine, "known_command castle"), "= false");
    assert!(ask(&mut engine, "list_commands").contains("\ntime_left"));
    assert_eq!(ask(&mut engine, "boardsize 19"), "? unacceptable size");
    assert_eq!(ask(&mut engine, "3 boardsize 8"), "=3");
    assert_eq!(ask(&mut engine, "frobnicate"), "? unknown command");
    assert_eq!(ask(&mut engine, "play purple E6"), "? syntax error: a colour is black or white");
    assert_eq!(ask(&mut engine, "play black A1"), "? illegal move");
    quit(engine);
}

#[test]
fn genmove_plays_on_the_engines_board_and_undo_takes_it_back() {
    let mut engine = Engine::start();
    ask(&mut engine, "clear_board");
    assert_eq!(ask(&mut engine, "play black F5"), "=");
    // White's replies to F5: D6, F4, F6.
    let reply = ask(&mut engine, "genmove white");
    let mv = reply.strip_prefix("= ").unwrap().to_string();
    assert!(["D6", "F4", "F6"].contains(&mv.as_str()), "{reply}");
    // The move is on the board: White cannot play it again, and Black is to move.
    assert_eq!(ask(&mut engine, &format!("play white {mv}")), "? illegal move: not that colour's turn");
    assert!(ask(&mut engine, "showboard").contains("Black to move, 3 black, 3 white"));
    assert_eq!(ask(&mut engine, "undo"), "=");
    assert!(ask(&mut engine, "showboard").contains("White to move, 4 black, 1 white"));
    quit(engine);
}

#[test]
fn a_forced_pass_may_be_sent_or_left_out() {
    // After these ten moves Black must pass (White can move).
    let moves = ["E6", "F6", "G6", "G7", "G8", "H8", "C4", "E3", "E2", "F8"];
    for send_pass in [true, false] {
        let mut engine = Engine::start();
        ask(&mut engine, "clear_board");
        for (index, mv) in moves.iter().enumerate() {
            let color = if index % 2 == 0 { "black" } else { "white" };
            assert_eq!(ask(&mut engine, &format!("play {color} {mv}")), "=", "{mv}");
        }
        if send_pass {
            assert_eq!(ask(&mut engine, "play black pass"), "=");
        } else {
            // Asked to move for Black, which has none: it passes.
            assert_eq!(ask(&mut engine, "genmove black"), "= pass");
        }
        let reply = ask(&mut engine, "genmove white");
        assert!(reply.starts_with("= ") && reply.len() == 4, "{reply}");
        quit(engine);
    }
}

#[test]
fn the_clock_of_time_settings_and_time_left_bounds_genmove() {
    let mut engine = Engine::start();
    ask(&mut engine, "clear_board");
    assert_eq!(ask(&mut engine, "time_settings 2 0 0"), "=");
    let started = Instant::now();
    assert!(ask(&mut engine, "genmove black").starts_with("= "));
    // Two seconds for twenty-odd moves to think about: far below a second for the first.
    assert!(started.elapsed() < Duration::from_millis(900), "{:?}", started.elapsed());
    assert_eq!(ask(&mut engine, "time_left white 1 0"), "=");
    let started = Instant::now();
    assert!(ask(&mut engine, "genmove white").starts_with("= "));
    assert!(started.elapsed() < Duration::from_millis(600), "{:?}", started.elapsed());
    assert_eq!(ask(&mut engine, "time_left white x 0"), "? syntax error");
    // Numbers too large for a duration are all the time there is (they once panicked).
    for seconds in ["1e99", "inf", "-inf", "nan", "1e308"] {
        assert_eq!(ask(&mut engine, &format!("time_left black {seconds} 0")), "=", "{seconds}");
    }
    quit(engine);
}

#[test]
fn quit_during_a_long_genmove_answers_the_move_then_quits_at_once() {
    let mut engine = Engine::start();
    ask(&mut engine, "clear_board");
    // A byo-yomi of 100 s for one stone: the engine plans tens of seconds for this move.
    assert_eq!(ask(&mut engine, "time_settings 0 100 1"), "=");
    engine.send("5 genmove black");
    assert!(engine.read_for(Duration::from_millis(300)).is_empty(), "still searching");
    let started = Instant::now();
    engine.send("6 quit");
    let lines = engine.until(LONG, |line| line == "=6");
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    // Each command has its answer, in order: the move found so far, then quit's.
    let answers: Vec<&String> = lines.iter().filter(|line| !line.is_empty()).collect();
    assert_eq!(answers.len(), 2, "{lines:?}");
    let mv = answers[0].strip_prefix("=5 ").expect("genmove's answer first");
    assert!(["C4", "D3", "E6", "F5"].contains(&mv), "{mv}");
    assert!(engine.wait_exit(Duration::from_secs(5)).is_some(), "the engine did not quit");
}

#[test]
fn commands_after_a_genmove_wait_for_its_answer_and_see_its_move() {
    let mut engine = Engine::start();
    engine.send("1 clear_board");
    engine.send("2 genmove black");
    engine.send("3 showboard");
    let lines = engine.until(LONG, |line| line.contains("White to move"));
    let answers: Vec<&String> = lines.iter().filter(|line| line.starts_with('=')).collect();
    assert_eq!(answers[0], "=1");
    assert!(answers[1].starts_with("=2 "), "{lines:?}");
    assert_eq!(answers[2].trim_end(), "=3", "{lines:?}");
    quit(engine);
}

/// Answers come in the order of the commands: a line that is not UTF-8, sent while `genmove`
/// searches, is answered after the move.
#[test]
fn a_line_that_is_not_utf8_is_answered_after_a_running_genmove() {
    let output = run_bytes(&[], b"clear_board\n5 genmove black\n\xff\xfe\n6 name\nquit\n");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let answers: Vec<&str> = text.lines().filter(|line| !line.is_empty()).collect();
    assert_eq!(answers.len(), 5, "{text}");
    assert!(answers[1].starts_with("=5 "), "{text}");
    assert_eq!(answers[2..], ["? the line is not UTF-8", "=6 triskel", "="], "{text}");
}
