//! `tablegen`: prints any generated table as the Rust source the engine compiles.
//!
//! Usage: `tablegen list`, `tablegen all`, or `tablegen <name>...` (names from `list`; `eval` renders
//! `engine/data/chess_eval.txt`, `xiangqi-eval` renders
//! `engine/data/xiangqi_eval.txt`, `chess-nnue` and `xiangqi-nnue` check
//! `engine/data/chess_nnue.bin` and `engine/data/xiangqi_nnue.bin` and print the source the
//! engine wraps each in).

use std::io::Write;
use std::process::ExitCode;
use tablegen::emit::{
    chess_tables, othello_tables, search_tables, xiangqi_tables, EVAL_TABLES, OTHELLO_EVAL_TABLES,
    OTHELLO_TABLES, SEARCH_TABLES, TABLES, XIANGQI_TABLES,
};

fn usage() -> String {
    let mut text = String::from("usage: tablegen <table>... | all | list\ntables:\n");
    for table in TABLES
        .iter()
        .chain(SEARCH_TABLES)
        .chain(EVAL_TABLES)
        .chain(OTHELLO_TABLES)
        .chain(OTHELLO_EVAL_TABLES)
        .chain(XIANGQI_TABLES)
    {
        text.push_str(&format!("  {:<28} {}\n", table.name, table.about));
    }
    for (name, about) in [
        ("all", "every chess table (engine/build.rs's chess_tables.rs)"),
        ("search", "every search table (engine/build.rs's search_tables.rs)"),
        ("othello", "every Othello table (engine/build.rs's othello_tables.rs)"),
        ("xiangqi", "every xiangqi table (engine/build.rs's xiangqi_tables.rs)"),
        ("xiangqi-eval", "the xiangqi evaluation's weights (engine/data/xiangqi_eval.txt)"),
        ("chess-nnue", "the chess network (engine/data/chess_nnue.bin), checked"),
        ("xiangqi-nnue", "the xiangqi network (engine/data/xiangqi_nnue.bin), checked"),
    ] {
        text.push_str(&format!("  {name:<28} {about}\n"));
    }
    text
}

fn main() -> ExitCode {
    let names: Vec<String> = std::env::args().skip(1).collect();
    if names.is_empty() {
        eprint!("{}", usage());
        return ExitCode::from(2);
    }
    let mut output = String::new();
    for name in &names {
        match name.as_str() {
            "all" => output.push_str(&chess_tables()),
            "search" => output.push_str(&search_tables()),
            "othello" => output.push_str(&othello_tables()),
            "xiangqi" => output.push_str(&xiangqi_tables()),
            "list" | "--help" | "-h" => output.push_str(&usage()),
            // Read from a file, so the one table that can fail for reasons outside this program.
            "eval" => match tablegen::chess_eval::load(tablegen::chess_eval::DATA_PATH) {
                Ok(data) => output.push_str(&tablegen::chess_eval::emit(&data)),
                Err(error) => {
                    eprintln!("tablegen: {error}");
                    return ExitCode::FAILURE;
                }
            },
            // The networks: read from files, checked, wrapped (`tablegen::nnue`).
            command if tablegen::nnue::GAMES.iter().any(|game| game.command == command) => {
                let game = tablegen::nnue::GAMES.into_iter().find(|game| game.command == command);
                match game.map(|game| tablegen::nnue::load(game, game.data_path)) {
                    Some(Ok(network)) => {
                        output.push_str(&tablegen::nnue::emit(&network));
                        output.push_str(&tablegen::nnue::report(&network));
                    }
                    Some(Err(error)) => {
                        eprintln!("tablegen: {error}");
                        return ExitCode::FAILURE;
                    }
                    None => unreachable!("the guard found the game"),
                }
            }
            "xiangqi-eval" => match tablegen::xiangqi_eval::load(tablegen::xiangqi_eval::DATA_PATH) {
                Ok(data) => output.push_str(&tablegen::xiangqi_eval::emit(&data)),
                Err(error) => {
                    eprintln!("tablegen: {error}");
                    return ExitCode::FAILURE;
                }
            },
            _ => match TABLES
                .iter()
                .chain(SEARCH_TABLES)
                .chain(OTHELLO_TABLES)
                .chain(OTHELLO_EVAL_TABLES)
                .chain(XIANGQI_TABLES)
                .find(|table| table.name == name)
            {
                Some(table) => output.push_str(&(table.render)()),
                None => {
                    eprint!("tablegen: unknown table `{name}`\n{}", usage());
                    return ExitCode::from(2);
                }
            },
        }
    }
    // A closed pipe (`tablegen all | head`) is not an error worth a panic.
    let _ = std::io::stdout().lock().write_all(output.as_bytes());
    ExitCode::SUCCESS
}
