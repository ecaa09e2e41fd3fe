//! Writes the generated tables into `OUT_DIR`: `chess_tables.rs` (included by `src/chess/tables.rs`,
//! exactly what `cargo run -p tablegen -- all` prints), `search_tables.rs` (included by
//! `src/search/tables.rs`, what `cargo run -p tablegen -- search` prints), `othello_tables.rs`
//! (included by `src/othello/tables.rs`, what `cargo run -p tablegen -- othello` prints) and
//! `chess_eval.rs`, the
//! evaluation's weights rendered from `data/chess_eval.txt` (included by
//! `src/chess/eval/weights.rs`, what `cargo run -p tablegen -- eval` prints); `othello_eval.rs`
//! and its weights blob `othello_eval.bin`, from `data/othello_eval.bin` (included by
//! `src/othello/eval/weights.rs`, what `cargo run -p tablegen -- othello-eval` prints);
//! `xiangqi_tables.rs` (included by `src/xiangqi/tables.rs`, what `cargo run -p tablegen -- xiangqi`
//! prints); and `xiangqi_eval.rs`, the xiangqi evaluation's weights rendered from
//! `data/xiangqi_eval.txt` (included by `src/xiangqi/eval/weights.rs`, what
//! `cargo run -p tablegen -- xiangqi-eval` prints); and for each game with a network,
//! `chess_nnue.rs` with the network file `chess_nnue.bin`, from `data/chess_nnue.bin` (included by
//! `src/chess/nnue/weights.rs`, what `cargo run -p tablegen -- chess-nnue` prints before its
//! report), and `xiangqi_nnue.rs` with `xiangqi_nnue.bin`, from `data/xiangqi_nnue.bin` (included
//! by `src/xiangqi/nnue/weights.rs`, `cargo run -p tablegen -- xiangqi-nnue`).

use std::path::PathBuf;

/// The evaluation's weights, relative to this package.
const EVAL_DATA: &str = "data/chess_eval.txt";
/// The Othello evaluation's weights, relative to this package.
const OTHELLO_EVAL_DATA: &str = "data/othello_eval.bin";
/// An environment variable naming another chess network file to embed (the Makefile's
/// `EVALFILE=`, as OpenBench passes it); an absolute path, or one relative to this package.
const EVALFILE_VARIABLE: &str = "TRISKEL_EVALFILE";
/// The xiangqi evaluation's weights, relative to this package.
const XIANGQI_EVAL_DATA: &str = "data/xiangqi_eval.txt";

fn main() {
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out_dir.join("chess_tables.rs"), tablegen::emit::chess_tables())
        .expect("OUT_DIR is writable");
    std::fs::write(out_dir.join("search_tables.rs"), tablegen::emit::search_tables())
        .expect("OUT_DIR is writable");
    std::fs::write(out_dir.join("othello_tables.rs"), tablegen::emit::othello_tables())
        .expect("OUT_DIR is writable");
    std::fs::write(out_dir.join("xiangqi_tables.rs"), tablegen::emit::xiangqi_tables())
        .expect("OUT_DIR is writable");
    // A bad data file stops the build with the file and line of the problem.
    let eval = tablegen::chess_eval::load(EVAL_DATA).unwrap_or_else(|error| panic!("{error}"));
    std::fs::write(out_dir.join("chess_eval.rs"), tablegen::chess_eval::emit(&eval))
        .expect("OUT_DIR is writable");
    // The Othello evaluation: its layout and index code (`cargo run -p tablegen -- othello-eval`),
    // and its weights as a little-endian `i16` blob the source `include_bytes!`s.
    let othello = tablegen::othello_eval::load(OTHELLO_EVAL_DATA).unwrap_or_else(|error| panic!("{error}"));
    std::fs::write(out_dir.join("othello_eval.rs"), tablegen::othello_eval::emit(&othello))
        .expect("OUT_DIR is writable");
    std::fs::write(out_dir.join(tablegen::othello_eval::BLOB_NAME), tablegen::othello_eval::blob(&othello))
        .expect("OUT_DIR is writable");
    let xiangqi = tablegen::xiangqi_eval::load(XIANGQI_EVAL_DATA).unwrap_or_else(|error| panic!("{error}"));
    std::fs::write(out_dir.join("xiangqi_eval.rs"), tablegen::xiangqi_eval::emit(&xiangqi))
        .expect("OUT_DIR is writable");
    // The networks: each one's width as a const and the file itself, which the engine decodes at
    // compile time. A file the engine could not run stops the build here with the reason.
    let mut network_paths = Vec::new();
    for game in tablegen::nnue::GAMES {
        let path = match std::env::var(EVALFILE_VARIABLE) {
            Ok(path) if !path.is_empty() && game.stem == tablegen::nnue::CHESS.stem => path,
            _ => game.engine_path.to_string(),
        };
        let network = tablegen::nnue::load(game, &path).unwrap_or_else(|error| panic!("{error}"));
        std::fs::write(out_dir.join(format!("{}.rs", game.stem)), tablegen::nnue::emit(&network))
            .expect("OUT_DIR is writable");
        std::fs::write(out_dir.join(format!("{}.bin", game.stem)), &network.bytes)
            .expect("OUT_DIR is writable");
        network_paths.push(path);
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={EVAL_DATA}");
    println!("cargo:rerun-if-changed={OTHELLO_EVAL_DATA}");
    println!("cargo:rerun-if-changed={XIANGQI_EVAL_DATA}");
    for path in network_paths {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed={EVALFILE_VARIABLE}");
}
