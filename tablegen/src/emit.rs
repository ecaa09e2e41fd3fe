//! Rendering of generated tables as Rust source.
//!
//! The engine's `build.rs` writes [`chess_tables`] into `OUT_DIR` and `include!`s it, and the
//! `tablegen` command prints the same text, so what a reader sees is exactly what the engine compiles.
//! The output names a `Magic` struct with fields `mask`, `magic`, `shift` and `offset`; the module that
//! includes the text must have such a type in scope.

use crate::chess::{self, MagicEntry};
use std::fmt::Write;

/// A named table the command line can print.
pub struct Table {
    /// Name on the command line.
    pub name: &'static str,
    /// One-line description for `tablegen list`.
    pub about: &'static str,
    /// Produces the Rust source of the table.
    pub render: fn() -> String,
}

/// Every table `tablegen` knows, in the order `all` prints them.
pub const TABLES: &[Table] = &[
    Table { name: "knight", about: "knight attacks per square", render: knight },
    Table { name: "king", about: "king attacks per square", render: king },
    Table { name: "pawn", about: "pawn attacks per colour and square", render: pawn },
    Table { name: "magics", about: "rook and bishop magic entries", render: magics },
    Table { name: "slider-attacks", about: "the shared rook+bishop attack table", render: slider_attacks },
    Table { name: "between", about: "squares strictly between two aligned squares", render: between },
    Table { name: "line", about: "full line through two aligned squares", render: line },
    Table { name: "zobrist", about: "Zobrist keys (pieces, castling, en passant, side)", render: zobrist },
];

fn hex_list(out: &mut String, values: &[u64], indent: &str) {
    for chunk in values.chunks(4) {
        out.push_str(indent);
        for value in chunk {
            write!(out, "0x{value:016x}, ").unwrap();
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
}

fn array_64(name: &str, doc: &str, values: &[u64; 64]) -> String {
    let mut out = format!("/// {doc}\npub const {name}: [u64; 64] = [\n");
    hex_list(&mut out, values, "    ");
    out.push_str("];\n");
    out
}

fn array_2d(name: &str, doc: &str, rows: &[[u64; 64]]) -> String {
    let mut out = format!("/// {doc}\npub static {name}: [[u64; 64]; {}] = [\n", rows.len());
    for row in rows {
        out.push_str("    [\n");
        hex_list(&mut out, row, "        ");
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out
}

/// Knight attacks.
pub fn knight() -> String {
    array_64("KNIGHT_ATTACKS", "Knight attacks per square.", &chess::knight_attacks())
}

/// King attacks.
pub fn king() -> String {
    array_64("KING_ATTACKS", "King attacks per square.", &chess::king_attacks())
}

/// Pawn attacks.
pub fn pawn() -> String {
    let table = chess::pawn_attacks();
    let mut out = String::from("/// Pawn attacks per colour (White, Black) and square.\npub const PAWN_ATTACKS: [[u64; 64]; 2] = [\n");
    for row in &table {
        out.push_str("    [\n");
        hex_list(&mut out, row, "        ");
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out
}

fn magic_array(out: &mut String, name: &str, doc: &str, entries: &[MagicEntry; 64]) {
    write!(out, "/// {doc}\npub const {name}: [Magic; 64] = [\n").unwrap();
    for entry in entries {
        writeln!(
            out,
            "    Magic {{ mask: 0x{:016x}, magic: 0x{:016x}, shift: {}, offset: {} }},",
            entry.mask, entry.magic, entry.shift, entry.offset
        )
        .unwrap();
    }
    out.push_str("];\n");
}

/// Rook and bishop magic entries.
pub fn magics() -> String {
    let tables = chess::slider_tables();
    let mut out = String::new();
    magic_array(&mut out, "ROOK_MAGICS", "Rook magic entry per square.", &tables.rook);
    magic_array(&mut out, "BISHOP_MAGICS", "Bishop magic entry per square.", &tables.bishop);
    out
}

/// The shared slider attack table the magic entries index into.
pub fn slider_attacks() -> String {
    let tables = chess::slider_tables();
    let mut out = format!(
        "/// Rook then bishop attack sets, indexed by `offset + (occupancy & mask) * magic >> shift`.\npub static SLIDER_ATTACKS: [u64; {}] = [\n",
        tables.attacks.len()
    );
    hex_list(&mut out, &tables.attacks, "    ");
    out.push_str("];\n");
    out
}

/// Between rays.
pub fn between() -> String {
    array_2d(
        "BETWEEN",
        "Squares strictly between two aligned squares, `[from][to]`; empty when not aligned.",
        &chess::between(),
    )
}

/// Line rays.
pub fn line() -> String {
    array_2d(
        "LINE",
        "The full line through two aligned squares, `[a][b]`; empty when not aligned.",
        &chess::line(),
    )
}

/// Zobrist keys.
pub fn zobrist() -> String {
    let keys = chess::zobrist_keys();
    let mut out =
        array_2d("ZOBRIST_PIECES", "Zobrist key per piece (`colour * 6 + kind`) and square.", &keys.pieces);
    out.push_str("/// Zobrist key per castling-rights set (bit 0 White short, 1 White long, 2 Black short, 3 Black long).\npub const ZOBRIST_CASTLING: [u64; 16] = [\n");
    hex_list(&mut out, &keys.castling, "    ");
    out.push_str(
        "];\n/// Zobrist key per en-passant file.\npub const ZOBRIST_EN_PASSANT_FILE: [u64; 8] = [\n",
    );
    hex_list(&mut out, &keys.en_passant_file, "    ");
    out.push_str("];\n");
    writeln!(
        out,
        "/// Zobrist key XOR-ed in when Black is to move.\npub const ZOBRIST_BLACK_TO_MOVE: u64 = 0x{:016x};",
        keys.black_to_move
    )
    .unwrap();
    out
}

/// Every chess table, as one file.
pub fn chess_tables() -> String {
    let mut out = String::from(
        "// @generated by tablegen: do not edit; run `cargo run -p tablegen -- all` to see it.\n\n",
    );
    for table in TABLES {
        out.push_str(&(table.render)());
        out.push('\n');
    }
    out
}
