//! triskel: the std shell around the `engine` core. Reads protocol commands from stdin, answers on
//! stdout (flushed per line). Only UCI chess exists so far; UCCI and NBoard arrive with their games.

mod display;
mod uci;

use std::io::{self, BufRead, Write};

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut session = uci::Session::new();
    for line in stdin.lock().lines() {
        // Non-UTF-8 input is a garbage line like any other, not a reason to stop.
        let line = match line {
            Ok(line) => line,
            Err(error) if error.kind() == io::ErrorKind::InvalidData => {
                let mut out = stdout.lock();
                let _ = writeln!(out, "info string ignoring a line that is not UTF-8");
                let _ = out.flush();
                continue;
            }
            Err(_) => break,
        };
        let mut out = stdout.lock();
        let control = session.handle(&line, &mut out);
        if out.flush().is_err() || control == uci::Control::Quit {
            break;
        }
    }
}
