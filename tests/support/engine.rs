//! One pipe driver for the end-to-end tests: starts the `triskel` binary, writes lines to its stdin,
//! reads its stdout lines (a reader thread queues them) until one matches, with timeouts, and checks
//! how it exits.
//!
//! Tests that check timing should hold [`serial`] for their whole run: several engines searching at
//! once on a small machine only make timing bounds flaky.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// The longest any single reply may take before a test gives up (searches here are short; this
/// only catches hangs).
pub const LONG: Duration = Duration::from_secs(30);

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A lock that runs the tests holding it one at a time.
pub fn serial() -> MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The path of the binary under test.
pub fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_triskel")
}

/// Runs the binary once with `args` and `input` on stdin (then closed), and returns its output.
pub fn run(args: &[&str], input: &str) -> Output {
    run_bytes(args, input.as_bytes())
}

/// Like [`run`], with input that need not be UTF-8.
pub fn run_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(binary())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("the engine runs");
    let _ = writer.join();
    output
}

/// Starts the binary, writes `input`, and `after` it closes both the engine's stdin and its stdout,
/// as a GUI closes its pipes when it exits without `quit` (the NBoard GUI never sends it). Returns
/// how long the engine then took to exit; `None` if it still ran 5 s later (it is then killed).
pub fn hang_up(input: &str, after: Duration) -> Option<Duration> {
    let mut child = Command::new(binary())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    stdin.flush().unwrap();
    thread::sleep(after);
    drop(stdin);
    drop(child.stdout.take());
    let closed = Instant::now();
    while closed.elapsed() < Duration::from_secs(5) {
        if child.try_wait().unwrap().is_some() {
            return Some(closed.elapsed());
        }
        thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// Runs the binary with no arguments and `input` on stdin (the engine must exit by itself on `quit`
/// or end of input), checks that it exits successfully, and returns its stdout lines.
pub fn transcript(input: impl AsRef<[u8]>) -> Vec<String> {
    let output = run_bytes(&[], input.as_ref());
    assert!(output.status.success(), "engine failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().lines().map(str::to_owned).collect()
}

/// A running engine and the lines it has written.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, in order.
    pub seen: Vec<String>,
}

impl Engine {
    /// The engine with no arguments.
    pub fn start() -> Engine {
        Engine::with_args(&[])
    }

    /// The engine started with `args` on its command line.
    pub fn with_args(args: &[&str]) -> Engine {
        let mut command = Command::new(binary());
        command.args(args);
        Engine::spawn(command)
    }

    /// Another program speaking over its stdin and stdout, driven as the engine is (a GUI adapter
    /// such as polyglot in front of the engine).
    pub fn spawn(mut command: Command) -> Engine {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|error| panic!("{command:?} starts: {error}"));
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines, seen: Vec::new() }
    }

    /// Writes `line` and a newline, flushed.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    /// Closes the engine's stdin (end of input).
    pub fn close_stdin(&mut self) {
        drop(self.stdin.take());
    }

    /// Reads lines until one satisfies `done`; returns the lines read (the matching one last), or
    /// panics with them after `timeout`.
    pub fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        self.try_until(timeout, done).unwrap_or_else(|lines| panic!("timed out; read {lines:#?}"))
    }

    /// Like [`Engine::until`], but `Err` with the lines read if `timeout` passes (or stdout ends)
    /// first.
    pub fn try_until(
        &mut self,
        timeout: Duration,
        done: impl Fn(&str) -> bool,
    ) -> Result<Vec<String>, Vec<String>> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    let finished = done(&line);
                    lines.push(line);
                    if finished {
                        return Ok(lines);
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return Err(lines),
            }
        }
    }

    /// Every line written during the next `period`.
    pub fn read_for(&mut self, period: Duration) -> Vec<String> {
        match self.try_until(period, |_| false) {
            Ok(lines) | Err(lines) => lines,
        }
    }

    /// Sends `line` and reads up to the first line equal to `last`.
    pub fn ask(&mut self, line: &str, last: &str) -> Vec<String> {
        self.send(line);
        self.until(LONG, |read| read == last)
    }

    /// Sends `line` and reads up to the first line starting with `prefix`.
    pub fn ask_prefix(&mut self, line: &str, prefix: &str) -> Vec<String> {
        self.send(line);
        self.until(LONG, |read| read.starts_with(prefix))
    }

    /// Sends `isready` and returns everything before `readyok` (which is left out).
    pub fn sync(&mut self) -> Vec<String> {
        let mut lines = self.ask("isready", "readyok");
        lines.pop();
        lines
    }

    /// Sends `go ...` and returns everything up to the `bestmove` line (UCCI: or `nobestmove`).
    pub fn go(&mut self, go: &str) -> Vec<String> {
        self.send(go);
        self.until(LONG, is_final)
    }

    /// The engine's process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The process's exit status if it ends within `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends `quit`, closes stdin and waits for a successful exit; returns how long it took and the
    /// lines written after `quit`. Panics if the engine is still running after `timeout`.
    pub fn quit_within(mut self, timeout: Duration) -> (Duration, Vec<String>) {
        let start = Instant::now();
        self.send("quit");
        self.close_stdin();
        let status = self.wait_exit(timeout);
        let took = start.elapsed();
        let status = status.unwrap_or_else(|| panic!("engine still running {timeout:?} after quit"));
        assert!(status.success(), "engine exit status {status}");
        // Stdout is closed now: whatever is queued is all there is.
        let rest = self.read_for(Duration::from_millis(500));
        (took, rest)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A `bestmove` line (UCI and UCCI).
pub fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove")
}

/// The line that ends a search: `bestmove ...` or UCCI's `nobestmove`.
pub fn is_final(line: &str) -> bool {
    is_bestmove(line) || line == "nobestmove"
}

/// The move of the last `bestmove` line.
pub fn bestmove(lines: &[String]) -> String {
    let line = lines.iter().rev().find(|line| is_bestmove(line)).expect("a bestmove line");
    line.split_whitespace().nth(1).expect("a move").to_string()
}

/// The word after `key` in `line`.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.iter().position(|&word| word == key).and_then(|at| words.get(at + 1).copied())
}

/// The words after ` pv ` in `line`.
pub fn pv(line: &str) -> Vec<&str> {
    line.split_once(" pv ").map_or(Vec::new(), |(_, moves)| moves.split_whitespace().collect())
}

/// The info lines with a principal variation.
pub fn pv_lines(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("info ") && line.contains(" pv ")).collect()
}

/// `go perft N` output parsed: the `move: count` lines and the `Nodes searched` total.
pub fn parse_divide(lines: &[String]) -> (Vec<(String, u64)>, u64) {
    let mut divide = Vec::new();
    let mut total = None;
    for line in lines {
        if let Some(count) = line.strip_prefix("Nodes searched: ") {
            total = Some(count.trim().parse().expect("a node count"));
        } else if let Some((mv, count)) = line.split_once(": ") {
            if let Ok(count) = count.trim().parse() {
                divide.push((mv.to_string(), count));
            }
        }
    }
    (divide, total.expect("a `Nodes searched` line"))
}

/// The FEN the `d` command shows (UCI and UCCI).
pub fn fen(engine: &mut Engine) -> String {
    let lines = engine.ask_prefix("d", "Checkers:");
    lines.iter().find_map(|line| line.strip_prefix("Fen: ")).expect("a Fen line").to_string()
}

/// `position` (a `position ...` command) with `mv` played after it.
pub fn after(position: &str, mv: &str) -> String {
    if position.contains(" moves ") {
        format!("{position} {mv}")
    } else {
        format!("{position} moves {mv}")
    }
}
