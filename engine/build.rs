//! Writes the generated chess tables into `OUT_DIR/chess_tables.rs`; `src/chess/tables.rs` includes
//! them. The text is exactly what `cargo run -p tablegen -- all` prints.

use std::path::PathBuf;

fn main() {
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out_dir.join("chess_tables.rs"), tablegen::emit::chess_tables())
        .expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=build.rs");
}
