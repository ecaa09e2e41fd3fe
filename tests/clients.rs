//! The client matrix: the engine driven by the programs and libraries its users drive it with, one
//! test per client. python-chess, the PyPI `stockfish` wrapper, cchess (a UCCI client),
//! lichess-bot's engine side (replayed through python-chess, since lichess-bot is on no registry),
//! and fastchess and cutechess-cli (on no registry either: replayed line for line over pipes, with
//! python-chess for their chess board) are driven by one script each in `tests/clients/` (the
//! Python packages' versions pinned in `tests/clients/requirements.txt`); polyglot, the xboard
//! adapter, is driven here as an xboard GUI drives it; and a UCCI GUI's session (the commands
//! XQWizard and ElephantBoard send) is played here line by line.
//!
//! Each test prints the client and the version it drove, and a skipped test why, past the test
//! harness's capture, so every run shows them. A client that is not installed fails its test when
//! the environment has `CI=true` (`.ci/run` installs every one) and is skipped with a message
//! otherwise.
//!
//! The tests run one at a time (a lock): the games are on a clock.

mod support;

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};
use support::engine::{bestmove, binary, field, is_final, parse_divide, serial, Engine, LONG};

/// The exit status of a client script whose client is not installed (`tests/clients/common.py`).
const MISSING: i32 = 77;

const XIANGQI_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Writes `line` to stderr past the test harness's capture (which takes only `print!` and
/// `eprint!`), so that it shows in passing runs too: the client a test drove, or why it skipped.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// A client that is not installed: a failure when the environment has `CI=true`, else a skip with
/// a message.
fn missing(client: &str, why: &str) {
    support::required_tool::missing(client, why, ".ci/run");
}

/// Past this a client script is killed as hung. Each script's own watchdog (`common.py`, 600 s)
/// ends it first and shows what it waited for; this bounds a script that hangs before it starts.
const PYTHON_CLIENT_LIMIT: Duration = Duration::from_secs(720);

/// The output of `child` once it exits, or `None` if it is still running after `limit` (it is then
/// killed).
fn output_within(mut child: Child, limit: Duration) -> Option<Output> {
    let deadline = Instant::now() + limit;
    // Read both pipes while waiting: a child that fills one would block on it.
    let stdout = child.stdout.take().map(read_in_background);
    let stderr = child.stderr.take().map(read_in_background);
    let status = loop {
        if let Some(status) = child.try_wait().expect("the client script's status") {
            break status;
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let collect = |reader: Option<std::thread::JoinHandle<Vec<u8>>>| {
        reader.map(|r| r.join().unwrap()).unwrap_or_default()
    };
    Some(Output { status, stdout: collect(stdout), stderr: collect(stderr) })
}

fn read_in_background(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        bytes
    })
}

/// Runs `python3 tests/clients/<script> <args>`, prints what it printed (the client line first) and
/// asserts that every check held. A missing client is handled by [`missing`].
fn python_client(client: &str, script: &str, args: &[&str]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("clients").join(script);
    let mut command = Command::new("python3");
    command.arg(&path).args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    let child = match command.spawn() {
        Ok(child) => child,
        Err(error) => return missing(client, &format!("python3 does not start: {error}")),
    };
    let output = output_within(child, PYTHON_CLIENT_LIMIT)
        .unwrap_or_else(|| panic!("{script} still ran after {PYTHON_CLIENT_LIMIT:?} and was killed"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() == Some(MISSING) {
        return missing(client, stdout.trim().trim_start_matches("missing: "));
    }
    println!("{stdout}");
    let first = stdout.lines().next().unwrap_or_default();
    assert!(first.starts_with("client: "), "{script} names its client first:\n{stdout}\n{stderr}");
    say(&format!("{first}, by {script}"));
    assert!(output.status.success(), "{client} ({script}): {}\n{stdout}\n{stderr}", output.status);
}

#[test]
fn python_chess_plays_analyses_with_multipv_ponders_and_castles_in_chess960() {
    let _serial = serial();
    python_client("python-chess", "python_chess.py", &[binary()]);
}

/// A whole game against itself on a short clock (2 s + 0.05 s): no illegal move, no time loss.
#[test]
fn python_chess_plays_a_whole_game_on_a_clock() {
    let _serial = serial();
    python_client(
        "python-chess",
        "python_chess_game.py",
        &["--engine", binary(), "--time", "2", "--inc", "0.05", "--quiet"],
    );
}

/// Two bots driven as lichess-bot drives a UCI engine (its default options, its first-move and
/// clock limits, pondering, draw offers, `go searchmoves` from its tablebase mode, then
/// `send_game_result`, `ping` and `quit`): no illegal move, no time loss, every statistic its chat
/// reads, and a clean exit.
#[test]
fn lichess_bot_plays_a_bot_game_on_a_clock_and_restricts_root_moves() {
    let _serial = serial();
    python_client("lichess-bot", "lichess_bot.py", &[binary(), "--max-moves", "40", "--quiet"]);
}

/// get_evaluation and get_top_moves read the lines before `bestmove` as Stockfish writes them:
/// they fail while the engine ends its search with a line that has no score or PV, or prints a
/// bound line of one PV at the last depth.
#[test]
fn stockfish_wrapper_evaluates_lists_top_moves_and_reads_perft() {
    let _serial = serial();
    python_client("stockfish wrapper", "stockfish_wrapper.py", &[binary()]);
}

/// fastchess, replayed line for line (it is on no registry): its `--compliance` steps, a game on
/// an 8 s + 0.08 s clock, the next game on the same processes at fixed nodes against fixed depth,
/// and a Chess960 game from a Shredder-FEN start with castling book moves; no warning fastchess
/// would print (illegal or mis-formatted move, time loss, stall, a PV that is illegal or does not
/// begin with the `bestmove`, an unreadable score), and a clean exit after `quit`.
#[test]
fn fastchess_plays_on_a_clock_at_fixed_nodes_and_in_chess960() {
    let _serial = serial();
    python_client("fastchess", "fastchess.py", &[binary(), "--quiet"]);
}

/// cutechess-cli, replayed line for line (it is on no registry): a chess game on a clock, then a
/// xiangqi game as its xiangqi pull request plays one (`setoption name UCI_Variant value xiangqi`,
/// `position startpos moves ...` with ranks counted from 1, so `Xiangqi Ranks 1-10`), then a chess
/// game with both engines pondering (`-each ponder`: `go ponder` on the predicted move, then
/// `ponderhit`, or `stop` and a discarded bestmove; at least one of each); every move, ponder move
/// and PV legal, one bestmove per `go`, no time loss or stalled ping, and a clean exit after `quit`.
#[test]
fn cutechess_plays_chess_and_xiangqi_with_uci_variant_and_ponders() {
    let _serial = serial();
    python_client("cutechess-cli", "cutechess.py", &[binary(), "--quiet"]);
}

#[test]
fn cchess_plays_a_short_xiangqi_game_over_ucci() {
    let _serial = serial();
    python_client("cchess", "cchess_ucci.py", &[binary()]);
}

/// The GUI's own board: a second engine (UCI, `--variant xiangqi` for xiangqi) lists the legal moves
/// with `go perft 1` (move generation is proven by the perft suites) and picks the GUI's moves with
/// a short search.
struct Board {
    oracle: Engine,
    start: String,
    moves: Vec<String>,
}

impl Board {
    /// `start` is a UCI position: `startpos` or `fen ...`.
    fn new(args: &[&str], start: &str) -> Board {
        Board { oracle: Engine::with_args(args), start: start.to_string(), moves: Vec::new() }
    }

    /// `startpos moves ...` or `fen ... moves ...`, with `extra` moves after the game's.
    fn position_after(&self, extra: &[&str]) -> String {
        let moves: Vec<&str> = self.moves.iter().map(String::as_str).chain(extra.iter().copied()).collect();
        if moves.is_empty() {
            self.start.clone()
        } else {
            format!("{} moves {}", self.start, moves.join(" "))
        }
    }

    fn position(&self) -> String {
        self.position_after(&[])
    }

    fn legal_after(&mut self, extra: &[&str]) -> Vec<String> {
        let position = self.position_after(extra);
        self.oracle.send(&format!("position {position}"));
        let (moves, _) = parse_divide(&self.oracle.ask_prefix("go perft 1", "Nodes searched:"));
        moves.into_iter().map(|(mv, _)| mv).collect()
    }

    fn play(&mut self, mv: &str) {
        let legal = self.legal_after(&[]);
        assert!(legal.iter().any(|legal| legal == mv), "{mv} is not legal in {}", self.position());
        self.moves.push(mv.to_string());
    }

    /// The GUI's user's move: a search to depth 3.
    fn choose(&mut self) -> String {
        let position = self.position();
        self.oracle.send(&format!("position {position}"));
        bestmove(&self.oracle.go("go depth 3"))
    }
}

/// A folder in the temporary directory, removed when dropped.
struct TempFolder(PathBuf);

impl TempFolder {
    fn new(name: &str) -> TempFolder {
        let path = std::env::temp_dir().join(format!("triskel-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("the temporary directory is writable");
        TempFolder(path)
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// polyglot on the `PATH`, or where Debian's package puts it (`/usr/games`, which root's `PATH`
/// leaves out).
fn polyglot_program() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|folder| folder.join("polyglot"))
        .find(|program| program.is_file())
}

/// The end of polyglot's log (both sides of the adapter), for a failure message.
fn log_tail(log: &Path) -> String {
    let text = fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

/// One turn of the engine behind polyglot: reads up to its `move ...` (after `post` thinking lines),
/// checks the move legal and plays it on the board. Returns how long it took from `sent`.
fn xboard_reply(gui: &mut Engine, board: &mut Board, log: &Path, sent: Instant) -> Duration {
    let lines = gui.until(LONG, |line| {
        line.starts_with("move ")
            || line.starts_with("Illegal move")
            || line.starts_with("Error")
            || ["1-0", "0-1", "1/2-1/2"].iter().any(|result| line.starts_with(result))
    });
    let took = sent.elapsed();
    let last = lines.last().unwrap();
    let Some(mv) = last.strip_prefix("move ") else {
        panic!("no move from the engine: {lines:#?}\npolyglot's log:\n{}", log_tail(log))
    };
    // `post` output: `depth score time nodes pv`, the score from the engine's side.
    let thinking = lines.iter().filter(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        words.len() >= 5
            && words[..4].iter().all(|word| word.trim_start_matches(['+', '-']).parse::<i64>().is_ok())
    });
    assert!(thinking.count() > 0, "no thinking output before {last}: {lines:#?}");
    board.play(mv);
    took
}

/// polyglot (Debian's package) in xboard mode in front of the engine, driven as an xboard GUI
/// drives it: `xboard`, `protover 2` and the features, `new`, `level` with `time` and `otim` before
/// each move, `usermove`, `go` to make the engine switch sides, `st`, `ping`, `result`, `quit`.
#[test]
fn polyglot_plays_a_short_game_over_xboard() {
    let _serial = serial();
    let Some(program) = polyglot_program() else {
        return missing(
            "polyglot",
            "no polyglot on the PATH or in /usr/games; to install it: apt-get install polyglot",
        );
    };
    let folder = TempFolder::new("polyglot");
    let ini = folder.0.join("triskel.ini");
    let log = folder.0.join("polyglot.log");
    // EngineCommand goes through wordexp: quoted, a path with spaces stays one word.
    let settings = [
        "[PolyGlot]".to_string(),
        format!("EngineDir = {}", folder.0.display()),
        format!("EngineCommand = '{}'", binary()),
        "Log = true".to_string(),
        format!("LogFile = {}", log.display()),
        "[Engine]".to_string(),
        "Hash = 16".to_string(),
        "Threads = 1".to_string(),
    ];
    fs::write(&ini, settings.join("\n") + "\n").unwrap();
    let mut command = Command::new(&program);
    command.arg(&ini).current_dir(&folder.0);
    let mut gui = Engine::spawn(command);
    gui.send("xboard");
    gui.send("protover 2");
    let features = gui.until(LONG, |line| line == "feature done=1");
    let banner = features.iter().find(|line| line.starts_with("PolyGlot ")).expect("polyglot's banner");
    say(&format!("client: polyglot {} ({})", banner.split_whitespace().nth(1).unwrap(), program.display()));
    for feature in ["feature myname=\"triskel ", "feature usermove=1", "feature ping=1", "feature setboard=1"]
    {
        assert!(features.iter().any(|line| line.starts_with(feature)), "no {feature}: {features:#?}");
    }
    let variants = features.iter().find(|line| line.starts_with("feature variants=")).expect("variants");
    assert!(variants.contains("normal") && variants.contains("fischerandom"), "{variants}");
    // The engine's UCI options, exported as xboard options.
    assert!(features.iter().any(|line| line.starts_with("feature option=\"MultiPV -spin")), "{features:#?}");

    let mut board = Board::new(&[], "startpos");
    gui.send("new");
    gui.send("level 0 0:10 0.1");
    gui.send("post");
    gui.send("easy");
    // The GUI plays white, the engine black, on a 10 s + 0.1 s clock (xboard's clocks are in
    // centiseconds).
    let (mut engine_clock, gui_clock) = (1000i64, 1000i64);
    for _ in 0..4 {
        let mv = board.choose();
        board.play(&mv);
        gui.send(&format!("time {engine_clock}"));
        gui.send(&format!("otim {gui_clock}"));
        gui.send(&format!("usermove {mv}"));
        let took = xboard_reply(&mut gui, &mut board, &log, Instant::now());
        engine_clock -= took.as_millis() as i64 / 10;
        assert!(engine_clock > 0, "the engine lost on time: {took:?}\n{}", log_tail(&log));
        engine_clock += 10;
    }
    // `go`: the engine now plays the side to move, white; the GUI plays black.
    gui.send(&format!("time {engine_clock}"));
    gui.send(&format!("otim {gui_clock}"));
    gui.send("go");
    xboard_reply(&mut gui, &mut board, &log, Instant::now());
    for _ in 0..2 {
        let mv = board.choose();
        board.play(&mv);
        gui.send(&format!("usermove {mv}"));
        xboard_reply(&mut gui, &mut board, &log, Instant::now());
    }
    // `st 1`: a second a move.
    gui.send("st 1");
    for _ in 0..2 {
        let mv = board.choose();
        board.play(&mv);
        gui.send(&format!("usermove {mv}"));
        let took = xboard_reply(&mut gui, &mut board, &log, Instant::now());
        assert!(took > Duration::from_millis(500) && took < Duration::from_secs(3), "st 1: {took:?}");
    }
    assert_eq!(gui.ask("ping 7", "pong 7").last().unwrap(), "pong 7");
    gui.send("result 1/2-1/2 {adjudicated}");
    gui.send("quit");
    gui.close_stdin();
    let status = gui.wait_exit(Duration::from_secs(5)).expect("polyglot exits after quit");
    assert!(status.success(), "polyglot's exit status {status}\n{}", log_tail(&log));
    println!("game: {}", board.moves.join(" "));
}

/// The answer to a UCCI search: its move and ponder move.
fn ucci_answer(lines: &[String]) -> (String, Option<String>) {
    let last = lines.last().expect("an answer");
    assert!(last.starts_with("bestmove "), "{lines:#?}");
    let mv = field(last, "bestmove").expect("a move").to_string();
    (mv, field(last, "ponder").map(str::to_string))
}

/// A UCCI GUI's session, as XQWizard and ElephantBoard drive a UCCI engine in a game: the handshake,
/// their `setoption` lines, `position fen <start> moves ...` and `go time T increment I opptime T2
/// oppincrement I2` in milliseconds, pondering on the engine's ponder move with `go ponder` and
/// then `ponderhit` when the user plays it or `stop` when not, `probe` between moves, an analysis
/// with `go depth`, and `quit`.
#[test]
fn a_ucci_gui_session_plays_with_clocks_ponder_and_probe() {
    let _serial = serial();
    say("client: a UCCI GUI's command sequence (XQWizard, ElephantBoard), played line by line");
    let mut engine = Engine::start();
    let handshake = engine.ask("ucci", "ucciok");
    assert!(handshake.iter().any(|line| line.starts_with("id name triskel")), "{handshake:#?}");
    assert!(handshake.iter().any(|line| line.starts_with("option ponder ")), "{handshake:#?}");
    for option in [
        "setoption usemillisec true",
        "setoption hashsize 16",
        "setoption threads 1",
        "setoption ponder true",
        "setoption usebook false",
        "setoption newgame",
    ] {
        engine.send(option);
    }
    let answers = engine.sync();
    assert!(answers.is_empty(), "the options are taken without a word: {answers:#?}");

    let mut board = Board::new(&["--variant", "xiangqi"], &format!("fen {XIANGQI_START}"));
    // The engine plays red on 8 s + 0.1 s; the GUI's user plays black.
    let (mut clock, opponent_clock, increment) = (8000i64, 8000i64, 100);
    let go = |clock: i64, ponder: &str| {
        format!(
            "go {ponder}time {clock} increment {increment} opptime {opponent_clock} oppincrement {increment}"
        )
    };
    let (mut hits, mut misses) = (0, 0);
    let mut answered: Option<(Vec<String>, Instant)> = None;
    for turn in 0..8 {
        let (lines, started) = answered.take().unwrap_or_else(|| {
            engine.send(&format!("position {}", board.position()));
            let started = Instant::now();
            (engine.go(&go(clock, "")), started)
        });
        let took = started.elapsed().as_millis() as i64;
        clock -= took;
        assert!(clock > 0, "the engine lost on time at turn {turn}: {took} ms");
        clock += increment;
        assert!(lines.iter().any(|line| line.starts_with("info depth ")), "{lines:#?}");
        let (mv, ponder) = ucci_answer(&lines);
        board.play(&mv);
        let mut user = board.choose();
        if let Some(ponder) = ponder {
            assert!(
                board.legal_after(&[]).contains(&ponder),
                "ponder move {ponder} after {}",
                board.position()
            );
            engine.send(&format!("position {}", board.position_after(&[&ponder])));
            engine.send(&go(clock, "ponder "));
            let early = engine.read_for(Duration::from_millis(300));
            assert!(!early.iter().any(|line| is_final(line)), "a ponder search waits: {early:#?}");
            if turn % 2 == 0 {
                // The user plays the move the engine pondered on.
                user = ponder;
                hits += 1;
                engine.send("ponderhit");
                let started = Instant::now();
                // The ponder search's lines so far, then the rest of it.
                let lines = early.into_iter().chain(engine.until(LONG, is_final)).collect();
                answered = Some((lines, started));
            } else {
                if user == ponder {
                    user = board.legal_after(&[]).into_iter().find(|mv| *mv != ponder).expect("another move");
                }
                misses += 1;
                let started = Instant::now();
                engine.send("stop");
                let lines = engine.until(Duration::from_secs(2), is_final);
                assert!(started.elapsed() < Duration::from_secs(1), "stop took {:?}", started.elapsed());
                // The answer to the pondered position, which the GUI throws away: still legal there.
                let (thrown, _) = ucci_answer(&lines);
                assert!(board.legal_after(&[&ponder]).contains(&thrown), "{thrown} after {ponder}");
            }
        }
        board.play(&user);
        if turn % 3 == 2 {
            let answer = engine.ask_prefix(&format!("probe {}", board.position()), "pophash");
            assert_eq!(answer.len(), 1, "{answer:#?}");
            if let Some(hash_move) = field(&answer[0], "bestmove") {
                assert!(board.legal_after(&[]).iter().any(|mv| mv == hash_move), "{}", answer[0]);
            }
        }
    }
    assert!(
        hits > 0 && misses > 0,
        "{hits} ponder hits and {misses} misses: the engine named no ponder move"
    );
    // The GUI's analysis of the position reached.
    engine.send(&format!("position {}", board.position()));
    let lines = engine.go("go depth 6");
    let depths: Vec<&str> = lines
        .iter()
        .filter(|line| line.starts_with("info depth "))
        .filter_map(|line| field(line, "depth"))
        .collect();
    assert_eq!(depths.last(), Some(&"6"), "{lines:#?}");
    let (mv, _) = ucci_answer(&lines);
    assert!(board.legal_after(&[]).contains(&mv), "{mv} in {}", board.position());
    let (_, after_quit) = engine.quit_within(Duration::from_secs(2));
    assert_eq!(after_quit.last().map(String::as_str), Some("bye"), "{after_quit:#?}");
    println!("game: {}", board.moves.join(" "));
}
