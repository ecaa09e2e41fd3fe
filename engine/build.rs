//! Writes the generated tables into `OUT_DIR`: `chess_tables.rs` (included by `src/chess/tables.rs`,
//! exactly what `cargo run -p tablegen -- all` prints) and `search_tables.rs` (included by
//! `src/search/tables.rs`, what `cargo run -p tablegen -- search` prints).

use std::path::PathBuf;

fn main() {
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out_dir.join("chess_tables.rs"), tablegen::emit::chess_tables())
        .expect("OUT_DIR is writable");
    std::fs::write(out_dir.join("search_tables.rs"), tablegen::emit::search_tables())
        .expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=build.rs");
}
