//! `tuner`: see the library ([`tuner`]) for what each command does, and `tuner --help`.

use clap::Parser;
use std::process::ExitCode;
use tuner::cli::Cli;

fn main() -> ExitCode {
    end_quietly_when_standard_output_closes();
    let cli = Cli::parse();
    // Self-play searches as the engine does, on the same loops (the network's AVX2 inference).
    engine::cpu::select_loops();
    match tuner::commands::run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tuner: {error}");
            ExitCode::FAILURE
        }
    }
}

/// `tuner datastats set | head -1` ends the tuner as it ends any Unix tool, by `SIGPIPE` once the
/// reader has gone. Rust's runtime ignores the signal, so the write fails instead and `println!`
/// panics with a backtrace.
fn end_quietly_when_standard_output_closes() {
    #[cfg(unix)]
    // SAFETY: restores the signal's default action before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
