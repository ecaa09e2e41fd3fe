//! `othello_fit`: fits the Othello pattern evaluation; see the library's [`tuner::othello_fit`].

use std::process::ExitCode;
use tuner::othello_fit::{self, options::Options};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprintln!("{}", othello_fit::USAGE);
        return ExitCode::from(2);
    };
    match Options::parse_any(rest).and_then(|options| othello_fit::run(command, &options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("othello_fit: {error}");
            ExitCode::FAILURE
        }
    }
}
