//! `tuner`: see the library ([`tuner`]) for what each command does, and `tuner --help`.

use clap::Parser;
use std::process::ExitCode;
use tuner::cli::Cli;

fn main() -> ExitCode {
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
