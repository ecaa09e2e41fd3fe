//! Rendering of generated tables as Rust source.
//!
//! The engine's `build.rs` writes [`chess_tables`] into `OUT_DIR` and `include!`s it, and the
//! `tablegen` command prints the same text, so what a reader sees is exactly what the engine compiles.
//! The output names engine types the module that includes it must have in scope: chess's `Magic`
//! (fields `mask`, `magic`, `shift`, `offset`), Othello's `RayPairs` (a tuple struct of three
//! `[u64; 2]`) and xiangqi's `LineAttack` (fields `rook`, `cannon`).

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
    Table { name: "king-flank", about: "the files of a king's flank, per king file", render: king_flank },
    Table { name: "magics", about: "rook and bishop magic entries", render: magics },
    Table { name: "slider-attacks", about: "the shared rook+bishop attack table", render: slider_attacks },
    Table { name: "between", about: "squares strictly between two aligned squares", render: between },
    Table { name: "line", about: "full line through two aligned squares", render: line },
    Table {
        name: "line-masks",
        about: "the file, rank and diagonals through each square (compact between, line, sliders)",
        render: line_masks,
    },
    Table {
        name: "kindergarten",
        about: "kindergarten file and fill-up attacks (compact sliders)",
        render: kindergarten,
    },
    Table { name: "zobrist", about: "Zobrist keys (pieces, castling, en passant, side)", render: zobrist },
    Table {
        name: "cuckoo",
        about: "reversible moves by Zobrist difference (repetition detection)",
        render: cuckoo,
    },
];

/// Tables of the game-independent search, printed by `tablegen lmr` and `tablegen search`.
pub const SEARCH_TABLES: &[Table] =
    &[Table { name: "lmr", about: "late-move reductions by depth and move number", render: lmr }];

/// Othello's Zobrist keys: the row-pattern tables and the side key.
pub fn othello_zobrist() -> String {
    let (_, white_to_move) = crate::othello::zobrist_discs();
    let rows = crate::othello::zobrist_rows();
    let mut out = String::from(
        "/// Zobrist keys of the discs of one row, `[colour * 8 + row][pattern]` (colour 0 Black, 1 White;
         /// bit `c` of the pattern is column `c`): the XOR of the keys of the discs the pattern holds.
",
    );
    writeln!(out, "pub static ZOBRIST_ROWS: [[u64; 256]; 16] = [").unwrap();
    for row in &rows {
        out.push_str(
            "    [
",
        );
        hex_list(&mut out, row, "        ");
        out.push_str(
            "    ],
",
        );
    }
    out.push_str(
        "];
",
    );
    writeln!(
        out,
        "/// Zobrist key of White to move.
pub const ZOBRIST_WHITE_TO_MOVE: u64 = 0x{white_to_move:016x};"
    )
    .unwrap();
    out
}

/// Othello's tables, printed by `tablegen othello-zobrist` (one by name) and `tablegen othello`.
/// The source names the engine's `RayPairs`, which the including module must have in scope.
pub const OTHELLO_TABLES: &[Table] = &[
    Table {
        name: "othello-zobrist",
        about: "Othello Zobrist keys: per row pattern and colour, and White to move",
        render: othello_zobrist,
    },
    Table {
        name: "othello-rays",
        about: "Othello rays per square and direction, and in SSE pairs",
        render: othello_rays,
    },
    Table {
        name: "othello-row-flips",
        about: "Othello row outflanks and flips by column (SSE flips)",
        render: othello_row_flips,
    },
    Table {
        name: "othello-neighbours",
        about: "Othello squares next to each square",
        render: othello_neighbours,
    },
    Table {
        name: "othello-last-flip",
        about: "Othello last-move flip counts per line, and diagonals",
        render: othello_last_flip,
    },
    Table {
        name: "othello-edge-stable",
        about: "Othello stable discs of every edge configuration",
        render: othello_edge_stable,
    },
    Table {
        name: "othello-column-a",
        about: "Othello column-a squares of a byte's bits",
        render: othello_column_a,
    },
    Table {
        name: "othello-line-ends",
        about: "Othello diagonal line ends for fills by doubling",
        render: othello_line_ends,
    },
    Table {
        name: "othello-stability-threshold",
        about: "Othello alpha from which the stability cut-off is tried, per empties",
        render: othello_stability_threshold,
    },
];

fn u8_list(out: &mut String, values: &[u8], indent: &str) {
    for chunk in values.chunks(32) {
        let cells: Vec<String> = chunk.iter().map(u8::to_string).collect();
        writeln!(out, "{indent}{},", cells.join(", ")).unwrap();
    }
}

fn u8_rows(out: &mut String, rows: &[&[u8]]) {
    for row in rows {
        out.push_str("    [\n");
        u8_list(out, row, "        ");
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
}

/// Othello's rays, one mask per square and direction, and the vertical and diagonal ones paired.
pub fn othello_rays() -> String {
    let mut out = String::from(
        "/// Ray masks `[square][direction]`: east, south, south-east, south-west (towards higher bits),\n\
         /// then west, north, north-west, north-east.\npub static RAYS: [[u64; 8]; 64] = [\n",
    );
    for rays in &crate::othello::rays() {
        out.push_str("    [\n");
        hex_list(&mut out, rays, "        ");
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out.push_str(
        "/// `[square]`: (south, north), (south-east, north-east), (south-west, north-west), the second ray of\n\
         /// each pair byte-swapped (the board mirrored top to bottom), so both lanes run towards higher bits.\n\
         pub static RAY_PAIRS: [RayPairs; 64] = [\n",
    );
    for pairs in &crate::othello::ray_pairs() {
        let cells: Vec<String> =
            pairs.iter().map(|[down, up]| format!("[0x{down:016x}, 0x{up:016x}]")).collect();
        writeln!(out, "    RayPairs([{}]),", cells.join(", ")).unwrap();
    }
    out.push_str("];\n");
    out
}

/// Othello's row tables for the SSE flips: outflanking squares, then flipped squares, by column.
pub fn othello_row_flips() -> String {
    let mut out = String::from(
        "/// `[column][inner]`: on a row whose opponent discs on columns b to g are the bits of `inner`, the\n\
         /// squares just beyond the opponent runs beside `column` (if not empty): a player disc there outflanks.\n\
         pub static ROW_OUTFLANK: [[u8; 64]; 8] = [\n",
    );
    let outflank = crate::othello::row_outflank();
    u8_rows(&mut out, &outflank.iter().map(|row| &row[..]).collect::<Vec<_>>());
    out.push_str(
        "/// `[column][outflank]`: the squares of a row strictly between `column` and the nearest bit of\n\
         /// `outflank` on each side.\npub static ROW_FLIPPED: [[u8; 256]; 8] = [\n",
    );
    let flipped = crate::othello::row_flipped();
    u8_rows(&mut out, &flipped.iter().map(|row| &row[..]).collect::<Vec<_>>());
    out
}

/// Othello's neighbours of each square.
pub fn othello_neighbours() -> String {
    u64_array("static", "NEIGHBOURS", "The squares next to each square.", &crate::othello::neighbours())
}

/// Othello's last-move flip counts per line, and each square's two diagonals.
pub fn othello_last_flip() -> String {
    let mut out = String::from(
        "/// `[i][line]`: the discs a move on square `i` of a line of eight flips when the mover's discs are\n\
         /// the bits of `line` and every other square is the opponent's (a run off the line flips nothing).\n\
         pub static FLIP_COUNT: [[u8; 256]; 8] = [\n",
    );
    let counts = crate::othello::flip_count();
    u8_rows(&mut out, &counts.iter().map(|row| &row[..]).collect::<Vec<_>>());
    out.push_str(
        "/// `[square]`: the diagonal through the square parallel to a1-h8, and the one parallel to h1-a8.\n\
         pub static DIAGONALS: [(u64, u64); 64] = [\n",
    );
    for (diagonal, anti_diagonal) in crate::othello::diagonals() {
        writeln!(out, "    (0x{diagonal:016x}, 0x{anti_diagonal:016x}),").unwrap();
    }
    out.push_str("];\n");
    out
}

/// Othello's stable edge discs, for every pair of disjoint edge configurations.
pub fn othello_edge_stable() -> String {
    let mut out = String::from(
        "/// `[256 * a + b]`: the discs of `a` (one edge, bit `i` = square `i` along it) that no sequence of\n\
         /// moves on that edge can flip, with `b` the other side's discs.\n\
         pub static EDGE_STABLE: [u8; 65536] = [\n",
    );
    u8_list(&mut out, &crate::othello::edge_stable(), "    ");
    out.push_str("];\n");
    out
}

/// Othello's column-a spread of a byte.
pub fn othello_column_a() -> String {
    u64_array(
        "static",
        "COLUMN_A",
        "`[byte]`: bit `i` of `byte` as the square of column a on row `i`.",
        &crate::othello::column_a(),
    )
}

/// Othello's diagonal line ends, for the stability's fills by doubling.
pub fn othello_line_ends() -> String {
    let mut out = String::from(
        "/// `[d][k]`: the squares with fewer than `2^k` squares after them along direction `d` (0: +9,\n\
         /// towards h8; 1: -9; 2: +7, towards a8; 3: -7).\npub const LINE_ENDS: [[u64; 3]; 4] = [\n",
    );
    for ends in &crate::othello::line_ends() {
        let cells: Vec<String> = ends.iter().map(|set| format!("0x{set:016x}")).collect();
        writeln!(out, "    [{}],", cells.join(", ")).unwrap();
    }
    out.push_str("];\n");
    out
}

/// The alpha from which Othello's solver tries its stability cut-off, per number of empties.
pub fn othello_stability_threshold() -> String {
    let cells: Vec<String> = crate::othello::stability_threshold().iter().map(i32::to_string).collect();
    let mut out = String::from(
        "/// `[empties]`: alpha must reach this before the stability cut-off is worth computing.\n\
         pub const STABILITY_THRESHOLD: [i32; 65] = [\n",
    );
    for chunk in cells.chunks(20) {
        writeln!(out, "    {},", chunk.join(", ")).unwrap();
    }
    out.push_str("];\n");
    out
}

/// Every Othello table, as one file.
pub fn othello_tables() -> String {
    let mut out = String::from(
        "// @generated by tablegen: do not edit; run `cargo run -p tablegen -- othello` to see it.\n\n",
    );
    for table in OTHELLO_TABLES {
        out.push_str(&(table.render)());
        out.push('\n');
    }
    out
}

/// The Othello evaluation's layout and pattern-index function, printed by `tablegen othello-eval`;
/// `engine/build.rs` writes the same source, and the weights blob from
/// `engine/data/othello_eval.bin`, into `OUT_DIR` ([`crate::othello_eval`]).
pub const OTHELLO_EVAL_TABLES: &[Table] = &[Table {
    name: "othello-eval",
    about: "Othello pattern layout and indices (weights: engine/data/othello_eval.bin)",
    render: othello_eval,
}];

/// The Othello evaluation's generated source, its layout from the committed data file.
///
/// # Panics
/// If the data file cannot be read or parsed.
pub fn othello_eval() -> String {
    let path = crate::othello_eval::DATA_PATH;
    crate::othello_eval::load(path)
        .map_or_else(|error| panic!("{error}"), |weights| crate::othello_eval::emit(&weights))
}

/// The evaluation's weights, printed by `tablegen eval` from the committed data file
/// ([`crate::chess_eval::DATA_PATH`]); `engine/build.rs` renders the same source from the same file.
pub const EVAL_TABLES: &[Table] = &[Table {
    name: "eval",
    about: "evaluation weights from engine/data/chess_eval.txt (build.rs's chess_eval.rs)",
    render: chess_eval,
}];

/// The evaluation's weights as Rust source, from the committed data file.
///
/// # Panics
/// If the data file cannot be read or parsed (the message names the file and line).
pub fn chess_eval() -> String {
    let path = crate::chess_eval::DATA_PATH;
    crate::chess_eval::load(path)
        .map_or_else(|error| panic!("{error}"), |data| crate::chess_eval::emit(&data))
}

/// The late-move-reduction table.
pub fn lmr() -> String {
    let table = crate::search::lmr_table();
    let size = crate::search::LMR_SIZE;
    let mut out = format!(
        "/// Late-move reductions, `[depth][move_number]` (both capped at {}).\npub static LMR: [[u8; {size}]; {size}] = [\n",
        size - 1
    );
    for row in &table {
        out.push_str("    [");
        let cells: Vec<String> = row.iter().map(u8::to_string).collect();
        out.push_str(&cells.join(", "));
        out.push_str("],\n");
    }
    out.push_str("];\n");
    out
}

/// Every search table, as one file.
pub fn search_tables() -> String {
    let mut out = String::from(
        "// @generated by tablegen: do not edit; run `cargo run -p tablegen -- search` to see it.\n\n",
    );
    for table in SEARCH_TABLES {
        out.push_str(&(table.render)());
    }
    out
}

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

/// `pub {storage} {name}: [u64; N]` (`storage` is `const` or `static`) with its doc line.
fn u64_array(storage: &str, name: &str, doc: &str, values: &[u64]) -> String {
    let mut out = format!("/// {doc}\npub {storage} {name}: [u64; {}] = [\n", values.len());
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
    u64_array("const", "KNIGHT_ATTACKS", "Knight attacks per square.", &chess::knight_attacks())
}

/// King attacks.
pub fn king() -> String {
    u64_array("const", "KING_ATTACKS", "King attacks per square.", &chess::king_attacks())
}

/// King flanks.
pub fn king_flank() -> String {
    u64_array(
        "const",
        "KING_FLANK",
        "The files of a king's flank, per file of the king (a = 0).",
        &chess::king_flanks(),
    )
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

/// The lines through each square, for the compact build's sliders.
pub fn line_masks() -> String {
    array_2d(
        "LINE_MASKS",
        "The lines through each square, the square included, `[file, rank, diagonal, anti-diagonal][square]`.",
        &chess::line_masks(),
    )
}

/// Kindergarten tables, for the compact build's sliders.
pub fn kindergarten() -> String {
    let mut out = array_2d(
        "KINDERGARTEN_FILE",
        "A rook's attacks on the a-file, `[rank][gathered occupancy]` (kindergarten bitboards).",
        &chess::kindergarten_file_attacks(),
    );
    out.push_str(&array_2d(
        "KINDERGARTEN_FILL_UP",
        "Rank attacks by file and the occupancy of files b-g, on every rank (kindergarten bitboards).",
        &chess::kindergarten_fill_up(),
    ));
    out
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

/// The cuckoo table of reversible moves.
pub fn cuckoo() -> String {
    let table = chess::cuckoo_table();
    let mut out = format!(
        "/// Cuckoo table of the reversible piece moves: per slot the Zobrist difference a move makes\n\
         /// (0: empty slot); see `tablegen::chess::cuckoo_table`.\npub static CUCKOO_KEYS: [u64; {}] = [\n",
        table.keys.len()
    );
    hex_list(&mut out, &table.keys, "    ");
    out.push_str("];\n");
    write!(
        out,
        "/// Per slot of `CUCKOO_KEYS`: the move's squares, `from * 64 + to` with from < to.\npub static CUCKOO_MOVES: [u16; {}] = [\n",
        table.moves.len()
    )
    .unwrap();
    for chunk in table.moves.chunks(16) {
        let row: Vec<String> = chunk.iter().map(|squares| squares.to_string()).collect();
        writeln!(out, "    {},", row.join(", ")).unwrap();
    }
    out.push_str("];\n");
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

/// Xiangqi's tables, printed by `tablegen xiangqi` (all of them) or one by name.
pub const XIANGQI_TABLES: &[Table] = &[
    Table { name: "xiangqi-steps", about: "xiangqi king, advisor and pawn steps", render: xiangqi_steps },
    Table { name: "xiangqi-elephant", about: "xiangqi elephant moves with eyes", render: xiangqi_elephant },
    Table { name: "xiangqi-horse", about: "xiangqi horse moves and checks by leg", render: xiangqi_horse },
    Table { name: "xiangqi-zobrist", about: "xiangqi Zobrist keys", render: xiangqi_zobrist },
    Table {
        name: "xiangqi-line-attacks",
        about: "xiangqi rook reach and cannon captures per line place and occupancy",
        render: xiangqi_line_attacks,
    },
    Table {
        name: "xiangqi-file-spread",
        about: "xiangqi file bits spread onto file a",
        render: xiangqi_file_spread,
    },
];

fn u128_list(out: &mut String, values: &[u128], indent: &str) {
    for chunk in values.chunks(3) {
        out.push_str(indent);
        for value in chunk {
            write!(out, "0x{value:023x}, ").unwrap();
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
}

/// Xiangqi king, advisor and pawn step sets, and the pawn attackers.
pub fn xiangqi_steps() -> String {
    use crate::xiangqi;
    let mut out = String::from(
        "/// King steps per square (inside the palaces only).\npub const KING_STEPS: [u128; 90] = [\n",
    );
    u128_list(&mut out, &xiangqi::king_steps(), "    ");
    out.push_str("];\n/// Advisor steps per square (inside the palaces only).\npub const ADVISOR_STEPS: [u128; 90] = [\n");
    u128_list(&mut out, &xiangqi::advisor_steps(), "    ");
    out.push_str("];\n/// Pawn steps `[colour][square]`: forward, and sideways once across the river.\npub static PAWN_STEPS: [[u128; 90]; 2] = [\n");
    for row in &xiangqi::pawn_steps() {
        out.push_str("    [\n");
        u128_list(&mut out, row, "        ");
        out.push_str("    ],\n");
    }
    out.push_str("];\n/// Pawn attackers `[colour][square]`: where a pawn of that colour attacks the square from.\npub static PAWN_ATTACKERS: [[u128; 90]; 2] = [\n");
    for row in &xiangqi::pawn_attackers() {
        out.push_str("    [\n");
        u128_list(&mut out, row, "        ");
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out
}

/// Xiangqi elephant moves `[from][i] = (eye, to)`, 255 = none.
pub fn xiangqi_elephant() -> String {
    let mut out = String::from(
        "/// Elephant moves `[from][i] = (eye, to)` (255: none); never across the river.\npub const ELEPHANT_MOVES: [[(u8, u8); 4]; 90] = [\n",
    );
    for entries in &crate::xiangqi::elephant_moves() {
        let cells: Vec<String> = entries.iter().map(|(eye, to)| format!("({eye}, {to})")).collect();
        writeln!(out, "    [{}],", cells.join(", ")).unwrap();
    }
    out.push_str("];\n");
    out
}

fn leg_table(out: &mut String, name: &str, doc: &str, table: &[[(u8, u128); 4]]) {
    write!(out, "/// {doc}\npub static {name}: [[(u8, u128); 4]; 90] = [\n").unwrap();
    for entries in table {
        let cells: Vec<String> = entries.iter().map(|(leg, set)| format!("({leg}, 0x{set:x})")).collect();
        writeln!(out, "    [{}],", cells.join(", ")).unwrap();
    }
    out.push_str("];\n");
}

/// Xiangqi horse moves and checks, by leg square.
pub fn xiangqi_horse() -> String {
    let mut out = String::new();
    leg_table(
        &mut out,
        "HORSE_MOVES",
        "Horse moves `[from][i] = (leg, targets)` per orthogonal direction (leg 255: none).",
        &crate::xiangqi::horse_moves(),
    );
    leg_table(
        &mut out,
        "HORSE_ATTACKERS",
        "Horse attackers `[target][i] = (leg, horses)` per diagonal neighbour `leg` (255: none).",
        &crate::xiangqi::horse_attackers(),
    );
    out
}

/// Xiangqi Zobrist keys.
pub fn xiangqi_zobrist() -> String {
    let (pieces, black) = crate::xiangqi::zobrist_keys();
    let mut out = String::from(
        "/// Zobrist key per piece (`colour * 7 + kind`) and square.\npub static ZOBRIST_PIECES: [[u64; 90]; 14] = [\n",
    );
    for row in &pieces {
        out.push_str("    [\n");
        hex_list(&mut out, row, "        ");
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    writeln!(out, "/// Zobrist key XOR-ed in when black is to move.\npub const ZOBRIST_BLACK_TO_MOVE: u64 = 0x{black:016x};")
        .unwrap();
    out
}

fn line_attack_table(out: &mut String, name: &str, doc: &str, table: &[Vec<(u16, u16)>]) {
    write!(out, "/// {doc}\npub static {name}: [[LineAttack; {}]; {}] = [\n", table[0].len(), table.len())
        .unwrap();
    for entries in table {
        out.push_str("    [\n");
        for chunk in entries.chunks(4) {
            let cells: Vec<String> = chunk
                .iter()
                .map(|(rook, cannon)| format!("LineAttack {{ rook: {rook:#x}, cannon: {cannon:#x} }}"))
                .collect();
            writeln!(out, "        {},", cells.join(", ")).unwrap();
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
}

/// Xiangqi's line tables: what a rook or cannon sees along a rank or a file.
pub fn xiangqi_line_attacks() -> String {
    let mut out = String::new();
    line_attack_table(
        &mut out,
        "RANK_ATTACKS",
        "`[file][rank occupancy]`: a slider on a rank (rook reach, cannon captures, as rank bits).",
        &crate::xiangqi::rank_attacks(),
    );
    line_attack_table(
        &mut out,
        "FILE_ATTACKS",
        "`[rank][file occupancy]`: a slider on a file (rook reach, cannon captures, as file bits).",
        &crate::xiangqi::file_attacks(),
    );
    out
}

/// Xiangqi's file bits spread onto file a.
pub fn xiangqi_file_spread() -> String {
    let mut out = String::from(
        "/// File bits (bit `r` = rank `r`) as a square set on file a; shift left by the file.\npub static FILE_SPREAD: [u128; 1024] = [\n",
    );
    u128_list(&mut out, &crate::xiangqi::file_spread(), "    ");
    out.push_str("];\n");
    out
}

/// Every xiangqi table, as one file.
pub fn xiangqi_tables() -> String {
    let mut out = String::from(
        "// @generated by tablegen: do not edit; run `cargo run -p tablegen -- xiangqi` to see it.\n\n",
    );
    for table in XIANGQI_TABLES {
        out.push_str(&(table.render)());
        out.push('\n');
    }
    out
}
