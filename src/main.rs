//! triskel: the std shell around the `engine` core. A reader thread turns stdin into lines; the
//! command loop hands them to the front-end of the protocol in use, whose controller searches on
//! threads of its own, so the loop is always free to read the next command. Output is flushed per
//! line.
//!
//! Arguments on the command line are run as one command, then the engine exits once that command is
//! done (`triskel bench`, `triskel bench 16 1 12`, `triskel compiler`).
//!
//! The first command picks the protocol (`triskel::protocol::Protocol`): `nboard` starts an NBoard
//! (Othello) session, `ucci` a UCCI session (xiangqi: Chinese GUIs never name a variant), anything
//! else a UCI session, chess unless
//! `--variant xiangqi` came on the command line or the program's name holds `pikafish` or
//! `xiangqi` (for GUIs and tools that only know Pikafish); `UCI_Variant`
//! and a xiangqi FEN switch games later. `triskel othello perft N` runs Othello commands from the
//! command line.

use std::io::{self, BufRead};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;
use triskel::launch::Launch;
use triskel::output::Output;
use triskel::protocol::nboard::NBoardSession;
use triskel::protocol::uci::UciFront;
use triskel::protocol::{Flow, Protocol};

/// What the reader thread saw.
enum Input {
    Line(String),
    /// A line that is not UTF-8, as it came.
    NotUtf8(Vec<u8>),
    End,
}

/// The commands that arguments stand for. Words alone are one command, as Stockfish reads them
/// (`triskel bench 16 1 13`); once any argument holds a space, each argument is a command of its
/// own, as OpenBench passes them (`triskel "genfens 8 seed 3 book None" quit`).
fn argument_commands(args: &[String]) -> Vec<String> {
    if args.iter().any(|arg| arg.contains(char::is_whitespace)) {
        args.to_vec()
    } else {
        vec![args.join(" ")]
    }
}

fn main() {
    engine::cpu::select_loops();
    let output = Output::stdout();
    let program = std::env::args().next();
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--variant` (or the program's name), and the Othello sessions' `--book`, `--threads` and
    // `--hash`.
    let launch = match Launch::take_from(&mut args, program.as_deref()) {
        Ok(launch) => launch,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    if !args.is_empty() {
        // `triskel othello <command>` runs an NBoard-side command (`perft 9`); anything else is UCI
        // (`triskel bench 16 1 13`).
        if args[0] == "othello" {
            let front = Box::new(NBoardSession::new(output.clone(), launch.othello));
            let mut session = Protocol::with_front(output, front);
            session.handle(&args[1..].join(" "));
            session.end_of_input();
        } else {
            let mut session =
                Protocol::with_front(output.clone(), Box::new(UciFront::new(launch.game, output)));
            // Each command's work (a bench, a genfens) ends before the next command runs, as if
            // it were the last: `genfens ...` then `quit` prints every position first.
            for command in argument_commands(&args) {
                if session.handle(&command) == Flow::Quit {
                    break;
                }
                session.end_of_input();
            }
        }
        return;
    }
    let mut session = Protocol::launched(output, launch);

    let (sender, receiver) = mpsc::channel();
    // The reader may stay blocked in `read` after `quit`; returning from `main` ends it.
    thread::Builder::new()
        .name("stdin".into())
        .spawn(move || read_lines(&sender))
        .expect("a thread to read stdin");
    loop {
        // Held-back commands wait for work that may end with no input to wake the loop: look
        // again every few milliseconds until they have run.
        let input = if session.holds_commands() {
            match receiver.recv_timeout(RESUME_INTERVAL) {
                Ok(input) => input,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    session.resume();
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        } else {
            match receiver.recv() {
                Ok(input) => input,
                Err(mpsc::RecvError) => break,
            }
        };
        match input {
            Input::Line(line) => {
                if session.handle(&line) == Flow::Quit {
                    return;
                }
            }
            Input::NotUtf8(bytes) => {
                if session.garbage(&bytes) == Flow::Quit {
                    return;
                }
            }
            Input::End => break,
        }
    }
    session.end_of_input();
}

/// How often the command loop looks whether held-back commands may run (see
/// `Protocol::holds_commands`).
const RESUME_INTERVAL: Duration = Duration::from_millis(5);

/// Sends stdin line by line until end of input. A line ends with `\n`, `\r\n` or a lone `\r`
/// (the UCI description allows all three).
fn read_lines(sender: &mpsc::Sender<Input>) {
    let stdin = io::stdin();
    let mut stdin = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match stdin.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                if bytes.last() == Some(&b'\n') {
                    bytes.pop();
                }
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
                for piece in bytes.split(|&byte| byte == b'\r') {
                    let input = match String::from_utf8(piece.to_vec()) {
                        Ok(line) => Input::Line(line),
                        Err(_) => Input::NotUtf8(piece.to_vec()),
                    };
                    if sender.send(input).is_err() {
                        return;
                    }
                }
            }
        }
    }
    let _ = sender.send(Input::End);
}
