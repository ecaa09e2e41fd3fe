//! The xiangqi opening book driven over pipes: UCCI's `usebook` (on by default, with the embedded
//! book) and `bookfiles` (several files, consulted in order), and UCI's `OwnBook` and `Book File`
//! in xiangqi. Each test writes its own small books in the book record (16-byte big-endian entries:
//! key, move, weight, learn; the key is the engine's own key of the position, which `d` prints as
//! `Key:`, the move the from- and to-square indices `9 * rank + file`, 7 bits each).

mod support;

use support::book_file::BookFile;
use support::engine::{bestmove, parse_divide, Engine};

/// The move code of `h2e2`-style text: from-square index in bits 0-6, to-square in bits 7-13.
fn code(text: &str) -> u16 {
    let bytes = text.as_bytes();
    let square = |at: usize| u16::from(bytes[at] - b'a') + 9 * u16::from(bytes[at + 1] - b'0');
    square(0) | square(2) << 7
}

/// The text of a move code.
fn text(raw: u16) -> String {
    let square = |index: u16| format!("{}{}", (b'a' + (index % 9) as u8) as char, index / 9);
    format!("{}{}", square(raw & 127), square(raw >> 7 & 127))
}

/// The engine's key of the position `moves` (from the start) reach, as `d` prints it.
fn key(moves: &str) -> u64 {
    let mut engine = Engine::with_args(&["--variant", "xiangqi"]);
    let position = if moves.is_empty() {
        "position startpos".into()
    } else {
        format!("position startpos moves {moves}")
    };
    engine.send(&position);
    let lines = engine.ask_prefix("d", "Key: ");
    let key = lines.last().unwrap().strip_prefix("Key: ").unwrap();
    engine.send("quit");
    u64::from_str_radix(key, 16).expect("a hexadecimal key")
}

/// An engine after the UCCI handshake.
fn ucci() -> Engine {
    let mut engine = Engine::start();
    engine.ask("ucci", "ucciok");
    engine
}

/// UCCI's book line: the move and its weights.
fn book_line(lines: &[String]) -> Option<&str> {
    lines.iter().find_map(|line| line.strip_prefix("info message book move "))
}

fn searched(lines: &[String]) -> bool {
    lines.iter().any(|line| line.starts_with("info depth "))
}

/// The legal moves of a position, from `go perft 1` in UCI xiangqi.
fn legal_moves(moves: &str) -> Vec<String> {
    let mut engine = Engine::with_args(&["--variant", "xiangqi"]);
    engine.send(&format!("position startpos moves {moves}"));
    let lines = engine.ask_prefix("go perft 1", "Nodes searched:");
    engine.send("quit");
    let (divide, _) = parse_divide(&lines);
    divide.into_iter().map(|(mv, _)| mv).collect()
}

/// The embedded default book's moves for the start position, from the shipped file.
fn default_book_moves(start: u64) -> Vec<String> {
    let bytes = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/engine/data/xiangqi_book.bin")).unwrap();
    bytes
        .chunks_exact(16)
        .filter(|entry| u64::from_be_bytes(entry[..8].try_into().unwrap()) == start)
        .map(|entry| text(u16::from_be_bytes([entry[8], entry[9]])))
        .collect()
}

#[test]
fn move_codes_are_square_indices() {
    assert_eq!(code("h2e2"), 25 | 22 << 7);
    assert_eq!(text(code("a0i9")), "a0i9");
}

#[test]
fn ucci_plays_from_the_embedded_book_by_default_and_searches_with_usebook_false() {
    let start = key("");
    let in_book = default_book_moves(start);
    assert!(!in_book.is_empty(), "the default book has the start position");
    let mut engine = ucci();
    engine.send("position startpos");
    let lines = engine.go("go time 60");
    let played = bestmove(&lines);
    assert!(in_book.contains(&played), "{played} is not among {in_book:?}: {lines:#?}");
    let line = book_line(&lines).unwrap_or_else(|| panic!("no book line: {lines:#?}"));
    assert!(line.starts_with(&format!("{played} (weight ")), "{line}");
    assert!(!searched(&lines), "a book move needs no search: {lines:#?}");
    // Analysis (`depth`) always searches.
    let lines = engine.go("go depth 3");
    assert!(searched(&lines) && book_line(&lines).is_none(), "{lines:#?}");
    // `usebook false`: a search, and still a legal move.
    engine.send("setoption usebook false");
    let lines = engine.go("go time 1");
    assert!(searched(&lines) && book_line(&lines).is_none(), "{lines:#?}");
    let legal = legal_moves("");
    assert!(legal.contains(&bestmove(&lines)));
    // And `usebook true` again.
    engine.send("setoption usebook true");
    assert!(book_line(&engine.go("go time 60")).is_some());
    engine.send("quit");
}

#[test]
fn ucci_bookfiles_are_consulted_in_order() {
    let (start, after_h2e2, after_b0c2) = (key(""), key("h2e2"), key("b0c2"));
    // a: the start position (a3a4), and after h2e2 only an illegal move (a rook through its pawn).
    let a = BookFile::new("a", &[(start, "a3a4", 5), (after_h2e2, "a9a5", 100)], code);
    // b: the start position too (never asked: a answers first), and answers to h2e2 and b0c2.
    let b = BookFile::new("b", &[(start, "i3i4", 5), (after_h2e2, "b9c7", 2), (after_b0c2, "h9g7", 1)], code);
    let mut engine = ucci();
    engine.send(&format!("setoption bookfiles {};{}", a.path(), b.path()));
    let loaded = engine.sync();
    assert_eq!(
        loaded,
        [
            format!("info message book: 2 entries loaded from {}", a.path()),
            format!("info message book: 3 entries loaded from {}", b.path()),
        ]
    );
    for _ in 0..5 {
        engine.send("position startpos");
        let lines = engine.go("go time 60");
        assert_eq!(book_line(&lines), Some("a3a4 (weight 5 of total 5)"), "{lines:#?}");
        assert_eq!(bestmove(&lines), "a3a4");
    }
    // a's only entry after h2e2 is illegal: skipped, and b answers.
    engine.send("position startpos moves h2e2");
    let lines = engine.go("go time 60");
    assert_eq!(book_line(&lines), Some("b9c7 (weight 2 of total 2)"), "{lines:#?}");
    engine.send("position startpos moves b0c2");
    assert_eq!(bestmove(&engine.go("go time 60")), "h9g7");
    // Out of both books: a search.
    engine.send("position startpos moves c3c4");
    let lines = engine.go("go time 1");
    assert!(searched(&lines) && book_line(&lines).is_none(), "{lines:#?}");
    // The other order: b answers the start position.
    engine.send(&format!("setoption bookfiles {};{}", b.path(), a.path()));
    engine.sync();
    engine.send("position startpos");
    assert_eq!(bestmove(&engine.go("go time 60")), "i3i4");
    engine.send("quit");
}

#[test]
fn ucci_names_a_missing_book_file_and_plays_on() {
    let start = key("");
    let good = BookFile::new("good", &[(start, "g3g4", 1)], code);
    let missing = std::env::temp_dir().join("triskel-no-such-dir").join("missing book.bin");
    let missing = missing.to_str().unwrap();
    let mut engine = ucci();
    engine.send(&format!("setoption bookfiles {missing};{}", good.path()));
    let lines = engine.sync();
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(lines[0].starts_with("info message book: ") && lines[0].contains(missing), "{lines:#?}");
    assert!(lines[0].ends_with("; skipped"), "{lines:#?}");
    engine.send("position startpos");
    assert_eq!(bestmove(&engine.go("go time 60")), "g3g4");
    // Only a missing file: no book at all (not the embedded one), a message, and a legal search.
    engine.send(&format!("setoption bookfiles {missing}"));
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(lines[0].starts_with("info message") && lines[0].contains(missing), "{lines:#?}");
    let lines = engine.go("go time 1");
    assert!(searched(&lines) && book_line(&lines).is_none(), "{lines:#?}");
    assert!(legal_moves("").contains(&bestmove(&lines)));
    // `<embedded>`, the listed default, is the book compiled in, alone or in a list.
    engine.send("setoption bookfiles <embedded>");
    assert!(engine.sync().is_empty());
    assert!(book_line(&engine.go("go time 60")).is_some());
    engine.send(&format!("setoption bookfiles {missing};<embedded>"));
    assert_eq!(engine.sync().len(), 1, "the missing file is named");
    assert!(book_line(&engine.go("go time 60")).is_some());
    // An empty `bookfiles` is no book at all, as the UCCI text has it (so is UCI's `<empty>`):
    // `usebook` stays on, and the engine searches.
    for empty in ["setoption bookfiles", "setoption bookfiles <empty>"] {
        engine.send("setoption bookfiles <embedded>");
        engine.send(empty);
        assert!(engine.sync().is_empty(), "{empty}");
        let lines = engine.go("go time 1");
        assert!(searched(&lines) && book_line(&lines).is_none(), "{empty}: {lines:#?}");
    }
    engine.send("quit");
}

#[test]
fn ucci_a_book_of_only_illegal_moves_is_searched() {
    let start = key("");
    // a0a5: the rook would pass its own pawn; e0e2: the king moves one step; b7b0: the piece on
    // b7 is the other side's cannon.
    let bad = BookFile::new("bad", &[(start, "a0a5", 9), (start, "e0e2", 9), (start, "b7b0", 9)], code);
    let mut engine = ucci();
    engine.send(&format!("setoption bookfiles {}", bad.path()));
    engine.sync();
    engine.send("position startpos");
    let lines = engine.go("go time 1");
    assert!(searched(&lines) && book_line(&lines).is_none(), "{lines:#?}");
    assert!(legal_moves("").contains(&bestmove(&lines)));
    engine.send("quit");
}

/// UCI in xiangqi: `OwnBook` and `Book File`, with the game chosen on the command line or by
/// `UCI_Variant`.
#[test]
fn uci_xiangqi_plays_from_its_book_file() {
    let (start, after_h2e2) = (key(""), key("h2e2"));
    let book = BookFile::new("uci", &[(start, "c3c4", 3), (after_h2e2, "h9g7", 1)], code);
    for (args, variant) in
        [(&["--variant", "xiangqi"][..], ""), (&[][..], "setoption name UCI_Variant value xiangqi")]
    {
        let mut engine = Engine::with_args(args);
        if !variant.is_empty() {
            engine.send(variant);
        }
        engine.send("setoption name OwnBook value true");
        engine.send(&format!("setoption name Book File value {}", book.path()));
        let lines = engine.sync();
        assert_eq!(lines, [format!("info string book: 2 entries loaded from {}", book.path())]);
        engine.send("position startpos");
        let lines = engine.go("go wtime 1000 btime 1000");
        assert!(
            lines.contains(&"info string book move c3c4 (weight 3 of total 3)".to_string()),
            "{args:?} {variant}: {lines:#?}"
        );
        assert_eq!(bestmove(&lines), "c3c4");
        engine.send("position startpos moves h2e2");
        assert_eq!(bestmove(&engine.go("go movetime 5000")), "h9g7");
        // OwnBook false: a search.
        engine.send("setoption name OwnBook value false");
        engine.send("position startpos");
        let lines = engine.go("go movetime 100");
        assert!(searched(&lines) && !lines.iter().any(|line| line.contains("book move")), "{lines:#?}");
        engine.send("quit");
    }
}
