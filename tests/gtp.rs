//! GTP for Othello, driven over pipes as gtp-rhino's controllers and the match runner drive it:
//! the protocol is recognised by its first command, answers are `=`/`?` lines (with the command's
//! id) ended by a blank line, `genmove` plays its move on the engine's board, forced passes may be
//! sent or left out (`undo` takes one left out back with the move after it), and the clock is read
//! from `time_settings` and `time_left`.
//!
//! Quarry's dialogue with an Othello engine (as its source has it) is replayed here too: the
//! opening with `list_games` and `set_game Othello`, without which Quarry takes the engine for a
//! Go engine, and games in which Quarry's capital-letter moves come without the forced passes and
//! `time_left` comes before every `genmove`. Whole games against gtp-rhino itself are in
//! `gtp_rhino.rs`.

mod support;

use engine::othello::{Color, Move, Position, Square};
use std::time::{Duration, Instant};
use support::engine::{run_bytes, transcript, Engine, LONG};

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

/// Ten moves from the start after which Black must pass (White can move).
const BLACK_MUST_PASS_AFTER: [&str; 10] = ["E6", "F6", "G6", "G7", "G8", "H8", "C4", "E3", "E2", "F8"];

/// Plays `moves` by `play`, Black first and the colours alternating (no passes among them).
fn play_from_the_start(engine: &mut Engine, moves: &[&str]) {
    for (index, vertex) in moves.iter().enumerate() {
        let color = if index % 2 == 0 { "black" } else { "white" };
        assert_eq!(ask(engine, &format!("play {color} {vertex}")), "=", "{vertex}");
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
fn final_score_waits_for_the_end_and_takes_the_komi_off_and_boardsize_starts_a_new_game() {
    let mut engine = Engine::start();
    assert_eq!(ask(&mut engine, "protocol_version"), "= 2");
    // As gtp-rhino: a game in play is not scored.
    assert_eq!(ask(&mut engine, "final_score"), "? cannot score");
    // The shortest game: Black takes every disc in nine moves, and the 51 empties with them.
    play_from_the_start(&mut engine, &["E6", "F4", "E3", "F6", "G5", "D6", "E7", "F5", "C5"]);
    assert_eq!(ask(&mut engine, "final_score"), "= B+64");
    assert_eq!(ask(&mut engine, "komi 6.5"), "=");
    assert_eq!(ask(&mut engine, "final_score"), "= B+57.5");
    assert_eq!(ask(&mut engine, "komi 64"), "=");
    assert_eq!(ask(&mut engine, "final_score"), "= 0");
    assert_eq!(ask(&mut engine, "komi 63.7"), "=");
    assert_eq!(ask(&mut engine, "final_score"), "= B+0.3");
    assert_eq!(ask(&mut engine, "komi 70"), "=");
    assert_eq!(ask(&mut engine, "final_score"), "= W+6");
    for bad in ["komi nan", "komi inf", "komi", "komi six"] {
        assert_eq!(ask(&mut engine, bad), "? syntax error", "{bad}");
    }
    assert_eq!(ask(&mut engine, "komi 1e300"), "? komi out of range");
    // `boardsize 8` starts a new game, as gtp-rhino's does; a refused size leaves the game.
    assert_eq!(ask(&mut engine, "boardsize 10"), "? unacceptable size");
    assert_eq!(ask(&mut engine, "final_score"), "= W+6");
    assert_eq!(ask(&mut engine, "boardsize 8"), "=");
    assert_eq!(ask(&mut engine, "final_score"), "? cannot score");
    assert_eq!(ask(&mut engine, "play black F5"), "=");
    quit(engine);
}

#[test]
fn a_line_of_only_an_id_and_seconds_that_are_no_whole_or_decimal_number_are_refused() {
    let mut engine = Engine::start();
    assert_eq!(ask(&mut engine, "name"), "= triskel");
    // As gtp-rhino answers: a controller waiting for the answer would stall on silence.
    assert_eq!(ask(&mut engine, "12"), "?12 unknown command");
    for seconds in ["inf", "nan", "1e300", "-5", "5.", ""] {
        let command = format!("time_left black {seconds} 0");
        assert_eq!(ask(&mut engine, command.trim_end()), "? syntax error", "{seconds:?}");
    }
    assert_eq!(ask(&mut engine, "time_left black 30 0"), "=");
    assert_eq!(ask(&mut engine, "time_left white 2.5 0"), "=");
    quit(engine);
}

#[test]
fn a_comment_before_the_first_command_is_skipped_as_gtp_files_start_with_one() {
    let mut engine = Engine::start();
    engine.send("# a GTP regression file");
    assert_eq!(ask(&mut engine, "1 protocol_version"), "=1 2");
    quit(engine);
}

#[test]
fn genmove_for_the_colour_not_to_move_is_refused_rather_than_passed() {
    let mut engine = Engine::start();
    ask(&mut engine, "clear_board");
    assert_eq!(ask(&mut engine, "genmove white"), "? not that colour's turn");
    assert_eq!(ask(&mut engine, "play black F5"), "=");
    assert_eq!(ask(&mut engine, "genmove black"), "? not that colour's turn");
    assert!(ask(&mut engine, "showboard").contains("White to move, 4 black, 1 white"), "nothing played");
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
    let moves = BLACK_MUST_PASS_AFTER;
    for send_pass in [true, false] {
        let mut engine = Engine::start();
        ask(&mut engine, "clear_board");
        play_from_the_start(&mut engine, &moves);
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
fn a_refused_move_leaves_the_game_as_it_was_without_the_forced_pass_before_it() {
    let mut engine = Engine::start();
    ask(&mut engine, "clear_board");
    play_from_the_start(&mut engine, &BLACK_MUST_PASS_AFTER);
    // White's move would follow Black's forced pass; refused, it must not leave that pass played.
    assert_eq!(ask(&mut engine, "1 play white zz"), "?1 illegal move");
    assert!(ask(&mut engine, "showboard").contains("Black to move"), "the pass was played");
    assert_eq!(ask(&mut engine, "2 play black pass"), "=2");
    assert!(ask(&mut engine, "showboard").contains("White to move"));
    quit(engine);
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
    for seconds in ["99999999999999999999999", "18446744073709551616.5"] {
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

/// Quarry (a GTK GUI for Go, Amazons and Othello, Debian's `quarry`) opens an engine with
/// `protocol_version`, `name`, `version` and `list_commands`, then `list_games` when the engine
/// lists it: an engine without it is a Go engine to Quarry, offered for no Othello game. For each
/// game it sends `set_game Othello` (when listed), `boardsize 8` and `clear_board`, whose answers
/// must be empty.
#[test]
fn quarry_opens_the_engine_as_an_othello_engine() {
    let mut engine = Engine::start();
    assert_eq!(ask(&mut engine, "protocol_version"), "= 2");
    assert_eq!(ask(&mut engine, "name"), "= triskel");
    let version = ask(&mut engine, "version");
    assert!(version.len() > 2 && !version.contains('\n'), "one line: {version:?}");
    let commands = ask(&mut engine, "list_commands");
    let listed: Vec<&str> = commands.strip_prefix("= ").unwrap().lines().collect();
    // Quarry drops a list with an empty line or a line with a space.
    assert!(listed.iter().all(|command| !command.is_empty() && !command.contains(' ')), "{listed:?}");
    for command in [
        "list_games",
        "set_game",
        "boardsize",
        "clear_board",
        "time_settings",
        "time_left",
        "play",
        "genmove",
    ] {
        assert!(listed.contains(&command), "{command} is not listed: {listed:?}");
        assert_eq!(ask(&mut engine, &format!("known_command {command}")), "= true");
    }
    // One line, the game's GTP name: Quarry takes a one-line list as the engine's only game.
    assert_eq!(ask(&mut engine, "list_games"), "= Othello");
    assert_eq!(ask(&mut engine, "set_game Othello"), "=");
    assert_eq!(ask(&mut engine, "set_game reversi"), "=");
    assert_eq!(ask(&mut engine, "set_game Go"), "? unsupported game");
    assert_eq!(ask(&mut engine, "set_game Lines of Action"), "? unsupported game");
    assert_eq!(ask(&mut engine, "set_game"), "? syntax error");
    assert_eq!(ask(&mut engine, "boardsize 8"), "=");
    assert_eq!(ask(&mut engine, "clear_board"), "=");
    quit(engine);
    // A controller that knows the engine may open the session by choosing the game.
    let lines = transcript("set_game Othello\nlist_games\nquit\n");
    assert_eq!(lines, ["=", "", "= Othello", "", "=", ""]);
}

/// The board of the engine's `showboard`: its last line, as the data files write a position.
fn shown_position(engine: &mut Engine) -> Position {
    let board = ask(engine, "showboard");
    Position::parse(board.lines().last().unwrap()).unwrap_or_else(|error| panic!("{error}: {board}"))
}

/// A vertex as Quarry writes it: the column's capital letter and the row.
fn quarry_vertex(square: Square) -> String {
    square.to_string().to_ascii_uppercase()
}

/// Plays the engine's `genmove` on a Quarry clock (`time_left` first, the seconds rounded as
/// Quarry rounds them) and checks that the answer is what Quarry's Othello reads: a vertex and
/// nothing else, legal on `board`, where it is played. Returns the move and the time it took.
fn quarry_genmove(
    engine: &mut Engine,
    board: &mut Position,
    left: Duration,
    moves: &[String],
) -> (String, Duration) {
    let color = if board.side_to_move() == Color::Black { "black" } else { "white" };
    assert_eq!(ask(engine, &format!("time_left {color} {} 0", (left.as_secs_f64() + 0.5).floor())), "=");
    let started = Instant::now();
    let answer = ask(engine, &format!("genmove {color}"));
    let took = started.elapsed();
    let vertex = answer.strip_prefix("= ").unwrap_or_else(|| panic!("{answer:?} after {moves:?}"));
    let mut chars = vertex.chars();
    let vertex_form =
        chars.next().is_some_and(|c| c.is_ascii_alphabetic()) && chars.all(|c| c.is_ascii_digit());
    let mv = board.parse_move(vertex).filter(|_| vertex_form);
    let mv = mv.unwrap_or_else(|| panic!("{color}: {vertex:?} is no legal vertex after {moves:?}"));
    board.play(mv);
    (vertex.to_string(), took)
}

/// Quarry's game: `time_settings MAIN 0 0`, the opponent's moves as `play black D3` (capital
/// letters) and `time_left COLOR SECONDS 0` before each `genmove COLOR`. Quarry itself passes for a
/// side that cannot move and sends no pass (its Othello has none: a resumed game's record is
/// replayed without them, and a `pass` from `genmove` does not read), so the engine must pass by
/// itself whichever side cannot move.
#[test]
fn quarry_plays_games_with_the_forced_passes_left_out() {
    let mut engine = Engine::start();
    for command in ["protocol_version", "list_commands", "list_games"] {
        assert!(ask(&mut engine, command).starts_with('='), "{command}");
    }
    // A resumed game: after these ten moves Black cannot move, so White's F8 is followed by
    // White's next move. The engine plays White.
    let record = BLACK_MUST_PASS_AFTER;
    for command in ["set_game Othello", "boardsize 8", "clear_board"] {
        assert_eq!(ask(&mut engine, command), "=", "{command}");
    }
    play_from_the_start(&mut engine, &record);
    let mut board = Position::startpos();
    for vertex in record {
        board.play(board.parse_move(vertex).unwrap());
    }
    assert!(board.must_pass());
    board.play(Move::PASS);
    quarry_genmove(&mut engine, &mut board, Duration::from_secs(60), &[]);
    assert_eq!(shown_position(&mut engine), board);

    // Whole games on a four-second clock, the engine with each colour against a player who takes
    // the first legal move (a1 first): forced passes come, and are left out.
    const MAIN_SECONDS: u64 = 4;
    for engine_color in [Color::White, Color::Black] {
        for command in
            ["set_game Othello", "boardsize 8", "clear_board", &format!("time_settings {MAIN_SECONDS} 0 0")]
        {
            assert_eq!(ask(&mut engine, command), "=", "{command}");
        }
        let mut board = Position::startpos();
        let mut left = Duration::from_secs(MAIN_SECONDS);
        let mut moves = Vec::new();
        let mut passes_left_out = 0;
        while !board.is_game_over() {
            if board.must_pass() {
                board.play(Move::PASS);
                passes_left_out += 1;
            } else if board.side_to_move() == engine_color {
                let (vertex, took) = quarry_genmove(&mut engine, &mut board, left, &moves);
                left = left.checked_sub(took).unwrap_or_else(|| panic!("lost on time after {moves:?}"));
                moves.push(vertex);
            } else {
                let square = Square::new(board.moves().trailing_zeros() as u8).unwrap();
                let color = if board.side_to_move() == Color::Black { "black" } else { "white" };
                let vertex = quarry_vertex(square);
                assert_eq!(
                    ask(&mut engine, &format!("play {color} {vertex}")),
                    "=",
                    "{vertex} after {moves:?}"
                );
                board.play(Move::at(square));
                moves.push(vertex);
            }
        }
        // The engine's board is the game's, and its score the game's (the empty squares to the
        // winner; Quarry counts the discs itself).
        let shown = shown_position(&mut engine);
        assert_eq!((shown.black(), shown.white()), (board.black(), board.white()), "after {moves:?}");
        let black_score =
            if board.side_to_move() == Color::Black { board.final_score() } else { -board.final_score() };
        let score = ask(&mut engine, "final_score");
        let expected = match black_score {
            0 => "= 0".to_string(),
            score if score > 0 => format!("= B+{score}"),
            score => format!("= W+{}", -score),
        };
        assert_eq!(score, expected, "after {moves:?}");
        eprintln!(
            "engine {engine_color:?}: {score} after {} moves, {passes_left_out} passes left out",
            moves.len()
        );
    }
    quit(engine);
}

/// `undo` takes back one move of the controller's: a forced pass the controller left out is no
/// move of its own, so it goes with the move that followed it (as gtp-rhino's `undo` does), while
/// a pass the controller sent is undone by itself.
#[test]
fn undo_takes_back_a_forced_pass_left_out_with_the_move_after_it() {
    let moves = BLACK_MUST_PASS_AFTER;
    let after = |count: usize| {
        let mut board = Position::startpos();
        for vertex in &moves[..count] {
            board.play(board.parse_move(vertex).unwrap());
        }
        board
    };
    for send_pass in [false, true] {
        let mut engine = Engine::start();
        ask(&mut engine, "clear_board");
        play_from_the_start(&mut engine, &moves);
        if send_pass {
            assert_eq!(ask(&mut engine, "play black pass"), "=");
        }
        assert!(ask(&mut engine, "genmove white").starts_with("= "));
        assert_eq!(ask(&mut engine, "undo"), "=");
        let shown = shown_position(&mut engine);
        assert_eq!((shown.black(), shown.white()), (after(10).black(), after(10).white()), "{send_pass}");
        assert_eq!(ask(&mut engine, "undo"), "=");
        if send_pass {
            // The pass sent was undone: Black to move, and no move.
            assert_eq!(shown_position(&mut engine), after(10));
            assert_eq!(ask(&mut engine, "undo"), "=");
        }
        assert_eq!(shown_position(&mut engine), after(9), "F8 is taken back ({send_pass})");
        quit(engine);
    }
}
