//! The engine plays whole Othello games over GTP against gtp-rhino (Debian's `grhino`, installed
//! as `/usr/games/gtp-rhino`), with this test as the GTP controller between the two: both get
//! `boardsize 8`, `clear_board` and a clock (`time_settings`, then `time_left` before each
//! `genmove`, kept by the test as a GUI keeps it), each `genmove` answer is checked legal on the
//! test's own board and relayed to the other with `play`, and at the end both engines' boards and
//! `final_score` agree with the test's, and the engine has won. One game with each colour, the
//! second after a `clear_board` in the same processes.
//!
//! gtp-rhino's ways, as driving it shows them: colours as `black`/`b` in any case, vertices in
//! either case (answered in upper case), `pass` from `genmove` for a colour that cannot move, and
//! `play COLOR pass` refused (`? syntax error`): it passes by itself for a side that cannot move,
//! so the test leaves a forced pass out when relaying it to gtp-rhino (GUIs such as Quarry do the
//! same) and sends it to the engine (which takes it either way). A second test checks that `undo`
//! after a forced pass left out leaves the engine's board where gtp-rhino's is: the move and the
//! pass before it are taken back as one.
//!
//! gtp-rhino is a client the matrix needs: without it the test fails when `CI=true` and skips with
//! a message otherwise.

mod support;

use engine::othello::{Color, Move, Position};
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};
use support::engine::{binary, Engine, LONG};

/// gtp-rhino's level: the lowest, so its moves come at once.
const RHINO_LEVEL: &str = "1";

/// Each side's main time for a game, in seconds: the engine plays its game within it.
const MAIN_SECONDS: u64 = 5;

/// gtp-rhino on the `PATH`, or where Debian's package puts it (`/usr/games`, which root's `PATH`
/// leaves out).
fn gtp_rhino_program() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|folder| folder.join("gtp-rhino"))
        .find(|program| program.is_file())
}

/// One side of the game: a GTP engine over pipes and its clock.
struct Player {
    name: String,
    process: Engine,
    /// Whether it takes `play COLOR pass` (gtp-rhino refuses it and passes by itself).
    takes_passes: bool,
    /// Reads its `showboard` answer: Black's and White's discs.
    read_board: fn(&str) -> Option<(u64, u64)>,
    /// Time left on its clock.
    left: Duration,
}

impl Player {
    fn new(
        name: &str,
        command: Command,
        takes_passes: bool,
        read_board: fn(&str) -> Option<(u64, u64)>,
    ) -> Player {
        let process = Engine::spawn(command);
        Player { name: name.to_string(), process, takes_passes, read_board, left: Duration::ZERO }
    }

    /// Sends `command` and returns its answer: `Ok` with the text after `=`, `Err` with the text
    /// after `?` (the lines of a longer answer joined by newlines). Anything else before the
    /// answer, such as a stray line, fails the test: GTP's stdout holds answers only.
    fn ask(&mut self, command: &str) -> Result<String, String> {
        self.process.send(command);
        let lines = self.process.until(LONG, str::is_empty);
        let first = &lines[0];
        let mut text = vec![first.get(1..).unwrap_or_default().trim()];
        text.extend(lines[1..lines.len() - 1].iter().map(String::as_str));
        let text = text.join("\n");
        match first.chars().next() {
            Some('=') => Ok(text),
            Some('?') => Err(text),
            _ => panic!("{} answered {command:?} with {lines:?}", self.name),
        }
    }

    /// [`Player::ask`] for a command that must succeed.
    fn expect(&mut self, command: &str) -> String {
        self.ask(command).unwrap_or_else(|error| panic!("{} refused {command:?}: ? {error}", self.name))
    }

    /// The discs on its board, by `showboard`.
    fn board(&mut self) -> (u64, u64) {
        let text = self.expect("showboard");
        (self.read_board)(&text).unwrap_or_else(|| panic!("{}'s showboard does not read:\n{text}", self.name))
    }
}

/// The engine and gtp-rhino (at [`RHINO_LEVEL`]), in that order, with gtp-rhino's path; `None`
/// when gtp-rhino is not installed (then [`support::required_tool::missing`] has failed the test
/// under `CI=true`, or said why it skips).
fn players() -> Option<(PathBuf, [Player; 2])> {
    let Some(program) = gtp_rhino_program() else {
        support::required_tool::missing(
            "gtp-rhino",
            "no gtp-rhino on the PATH or in /usr/games; to install it: apt-get install grhino",
            ".ci/install-clients",
        );
        return None;
    };
    let mut rhino_command = Command::new(&program);
    rhino_command.args(["-l", RHINO_LEVEL]);
    let rhino = Player::new("gtp-rhino", rhino_command, false, rhino_board);
    let ours = Player::new("triskel", Command::new(binary()), true, engine_board);
    Some((program, [ours, rhino]))
}

/// The engine's `showboard`: its last line is the board as the data files write it (`X`, `O`,
/// `-` from a1, then the side to move).
fn engine_board(text: &str) -> Option<(u64, u64)> {
    let position = Position::parse(text.lines().last()?).ok()?;
    Some((position.black(), position.white()))
}

/// gtp-rhino's `showboard`: rows `1`..`8` of `.`, `X` (black) and `O` (white) under a header of
/// column letters.
fn rhino_board(text: &str) -> Option<(u64, u64)> {
    let (mut black, mut white, mut rows) = (0u64, 0u64, 0);
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let Some(row) = words.next().and_then(|word| word.parse::<u32>().ok()) else { continue };
        let squares: Vec<&str> = words.collect();
        if !(1..=8).contains(&row) || squares.len() != 8 {
            return None;
        }
        for (column, square) in squares.iter().enumerate() {
            let bit = 1u64 << ((row - 1) * 8 + column as u32);
            match *square {
                "X" => black |= bit,
                "O" => white |= bit,
                "." => {}
                _ => return None,
            }
        }
        rows += 1;
    }
    (rows == 8).then_some((black, white))
}

/// GTP's colour word.
fn color_word(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// `final_score`'s form of a score from Black's side: `B+N`, `W+N` or `0`.
fn score_text(black_score: i32) -> String {
    match black_score {
        0 => "0".to_string(),
        score if score > 0 => format!("B+{score}"),
        score => format!("W+{}", -score),
    }
}

/// Plays a game from the start between `players` (Black first) and returns the final position on
/// the test's board and the moves, forced passes included.
fn play_game(players: &mut [Player; 2]) -> (Position, Vec<String>) {
    for player in players.iter_mut() {
        for command in ["boardsize 8", "clear_board", &format!("time_settings {MAIN_SECONDS} 0 0")] {
            assert_eq!(player.expect(command), "", "{}: {command}", player.name);
        }
        player.left = Duration::from_secs(MAIN_SECONDS);
    }
    let mut board = Position::startpos();
    let mut moves = Vec::new();
    while !board.is_game_over() {
        let color = board.side_to_move();
        let word = color_word(color);
        let [black, white] = players;
        let (mover, other) = match color {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        // A GUI's clock: the seconds left, rounded as Quarry rounds them, for the rest of the game.
        let seconds = (mover.left.as_secs_f64() + 0.5).floor();
        mover.expect(&format!("time_left {word} {seconds} 0"));
        let started = Instant::now();
        let answer = mover.expect(&format!("genmove {word}"));
        let took = started.elapsed();
        mover.left = mover.left.checked_sub(took).unwrap_or_else(|| {
            panic!(
                "{} ({word}) lost on time: {took:?} for move {} after {moves:?}",
                mover.name,
                moves.len() + 1
            )
        });
        if board.must_pass() {
            assert!(
                answer.eq_ignore_ascii_case("pass"),
                "{} ({word}) must pass, answered {answer:?}",
                mover.name
            );
            board.play(Move::PASS);
            if other.takes_passes {
                assert_eq!(other.expect(&format!("play {word} pass")), "", "{}", other.name);
            }
        } else {
            let mv = board.parse_move(&answer).unwrap_or_else(|| {
                panic!("{} ({word}) answered {answer:?}, not a legal move, after {moves:?}", mover.name)
            });
            board.play(mv);
            let relayed = other.ask(&format!("play {word} {answer}"));
            assert_eq!(
                relayed,
                Ok(String::new()),
                "{} refused {word}'s {answer} after {moves:?}",
                other.name
            );
        }
        moves.push(answer);
    }
    (board, moves)
}

/// Checks that both engines' boards and final scores are the test's, and returns the score.
fn check_the_end(players: &mut [Player; 2], board: &Position, moves: &[String]) -> String {
    let expected = score_text(match board.side_to_move() {
        Color::Black => board.final_score(),
        Color::White => -board.final_score(),
    });
    for player in players.iter_mut() {
        assert_eq!(player.board(), (board.black(), board.white()), "{}'s board after {moves:?}", player.name);
        assert_eq!(player.expect("final_score"), expected, "{}'s final score after {moves:?}", player.name);
    }
    expected
}

#[test]
fn the_engine_plays_gtp_rhino_with_each_colour_and_both_agree_on_the_score() {
    let Some((program, mut players)) = players() else { return };
    for player in players.iter_mut() {
        assert_eq!(player.expect("protocol_version"), "2", "{}", player.name);
    }
    let version = players[1].expect("version");
    let _ = writeln!(
        std::io::stderr(),
        "client: gtp-rhino {version} ({}, level {RHINO_LEVEL})",
        program.display()
    );
    for game in 0..2 {
        let (board, moves) = play_game(&mut players);
        let score = check_the_end(&mut players, &board, &moves);
        let _ = writeln!(
            std::io::stderr(),
            "{} (black) - {} (white): {score} in {} moves: {}",
            players[0].name,
            players[1].name,
            moves.len(),
            moves.join(" ")
        );
        // gtp-rhino's lowest level searches a few plies: a game the engine does not win means a
        // broken search or a board that went wrong in the relay.
        let ours = players.iter().position(|player| player.name == "triskel").unwrap();
        assert!(
            score.starts_with(["B+", "W+"][ours]),
            "the engine ({}) did not win: {score}",
            ["black", "white"][ours]
        );
        if game == 0 {
            players.swap(0, 1);
        }
    }
    for mut player in players {
        assert_eq!(player.expect("quit"), "", "{}", player.name);
        assert!(player.process.wait_exit(Duration::from_secs(5)).is_some(), "{} did not quit", player.name);
    }
}

/// `undo` after a forced pass that the controller left out (gtp-rhino takes none): gtp-rhino takes
/// back the move and the pass before it as one, and the engine must too, or the two boards part.
#[test]
fn undo_after_a_forced_pass_left_out_agrees_with_gtp_rhino() {
    let Some((_, mut players)) = players() else { return };
    // After the first ten moves Black cannot move; White plays on with G5.
    let moves = ["E6", "F6", "G6", "G7", "G8", "H8", "C4", "E3", "E2", "F8", "G5"];
    let colors =
        ["black", "white", "black", "white", "black", "white", "black", "white", "black", "white", "white"];
    for player in players.iter_mut() {
        for command in ["boardsize 8", "clear_board"] {
            assert_eq!(player.expect(command), "", "{}: {command}", player.name);
        }
        for (color, vertex) in colors.iter().zip(moves) {
            assert_eq!(player.expect(&format!("play {color} {vertex}")), "", "{}: {vertex}", player.name);
        }
    }
    for undone in moves.iter().rev().take(3) {
        for player in players.iter_mut() {
            assert_eq!(player.expect("undo"), "", "{}: undo {undone}", player.name);
        }
        let [ours, rhino] = &mut players;
        assert_eq!(ours.board(), rhino.board(), "the boards after taking back {undone}");
    }
    for mut player in players {
        assert_eq!(player.expect("quit"), "", "{}", player.name);
    }
}
