//! `OwnBook` and `Book File` driven over pipes, as a GUI drives them: each test writes a small
//! Polyglot book, feeds the engine a transcript and reads the lines it answers. Without a `Book
//! File`, `OwnBook` plays from the embedded book (`engine/data/chess_book.bin`), whose entries the
//! tests read through the shell's own reader to check what the engine answered.
//!
//! The books are keyed by the test vectors of the Polyglot book format specification, so a book move
//! played here also proves that the engine computes the published key for the position that
//! `position ... moves ...` reached. Keys not in the specification were computed with python-chess
//! (`chess.polyglot.zobrist_hash`), an independent implementation.

mod support;

use engine::chess::Position;
use engine::{Game, GameText};
use support::book_file::BookFile;
use support::engine::{bestmove, is_final, transcript, Engine, LONG};
use triskel::book::{polyglot, Book};

/// The start position (specification).
const START: u64 = 0x463b96181691fc9c;
/// After e2e4 (specification).
const AFTER_E4: u64 = 0x823c9b50fd114196;
/// After e2e4 d7d5 e4e5 f7f5: White to move, and exf6 en passant is possible (specification).
const AFTER_E4_D5_E5_F5: u64 = 0x22a48b5a8e47ff78;
/// After e2e4 d7d5 e4e5 f7f5 e1e2 (specification).
const AFTER_KE2: u64 = 0x652a607ca3f242c1;
/// After a2a4 b7b5 h2h4 b5b4 c2c4: Black to move, bxc3 en passant is possible (specification).
const AFTER_C4: u64 = 0x3c8123ea7b067637;
/// After e2e4 e7e5 g1f3 b8c6 f1c4 f8c5: White may castle short (python-chess).
const ITALIAN: u64 = 0xb663577df5f241bb;
/// `8/P7/8/8/8/8/8/k6K w - - 0 1`: a7-a8 promotes (python-chess).
const PROMOTION: u64 = 0x4327caf1dd0d7b31;
/// After e2e4 e7e5 (python-chess).
const AFTER_E4_E5: u64 = 0x0844931a6ef4b9a0;

/// A Polyglot move: to file bits 0-2, to rank 3-5, from file 6-8, from rank 9-11, promotion 12-14.
fn encode(text: &str) -> u16 {
    let bytes = text.as_bytes();
    let square = |at: usize| u16::from(bytes[at] - b'a') | u16::from(bytes[at + 1] - b'1') << 3;
    let promotion = match bytes.get(4) {
        None => 0,
        Some(b'n') => 1,
        Some(b'b') => 2,
        Some(b'r') => 3,
        Some(b'q') => 4,
        Some(other) => panic!("no promotion to {}", *other as char),
    };
    square(2) | square(0) << 6 | promotion << 12
}

/// The book of the task: the start position with 1. e4 (weight 3) and 1. d4 (weight 1), and an
/// answer to 1. e4.
fn tiny_book(name: &str) -> BookFile {
    BookFile::new(name, &[(START, "e2e4", 3), (START, "d2d4", 1), (AFTER_E4, "c7c5", 1)], encode)
}

/// The transcript of `commands` after switching the book on with `book`.
fn with_book(book: &BookFile, commands: &str) -> Vec<String> {
    transcript(format!(
        "setoption name OwnBook value true\nsetoption name Book File value {}\n{commands}quit\n",
        book.path()
    ))
}

fn bestmoves(lines: &[String]) -> Vec<&str> {
    // The move only: a searched `bestmove` may name a ponder move after it.
    lines.iter().filter_map(|line| line.strip_prefix("bestmove ")?.split(' ').next()).collect()
}

fn book_lines(lines: &[String]) -> Vec<&str> {
    lines.iter().filter_map(|line| line.strip_prefix("info string book move ")).collect()
}

fn searched(lines: &[String]) -> bool {
    lines.iter().any(|line| line.starts_with("info depth "))
}

#[test]
fn uci_lists_the_book_options() {
    let lines = transcript("uci\nquit\n");
    assert!(lines.contains(&"option name OwnBook type check default false".to_string()), "{lines:#?}");
    assert!(lines.contains(&"option name Book File type string default <empty>".to_string()), "{lines:#?}");
}

#[test]
fn go_in_a_book_position_answers_a_book_move_at_once() {
    let book = tiny_book("start");
    let lines = with_book(&book, "position startpos\ngo wtime 1000 btime 1000\n");
    assert_eq!(lines[0], format!("info string book: 3 entries loaded from {}", book.path()));
    let played = bestmoves(&lines);
    assert_eq!(played.len(), 1, "{lines:#?}");
    assert!(["e2e4", "d2d4"].contains(&played[0]), "{lines:#?}");
    let weight = if played[0] == "e2e4" { 3 } else { 1 };
    assert_eq!(book_lines(&lines), [format!("{} (weight {weight} of total 4)", played[0])]);
    assert!(!searched(&lines), "a book move needs no search: {lines:#?}");

    // Black's reply after 1. e4 comes from the book too (the key after e2e4 has no en-passant part).
    let lines = with_book(&book, "position startpos moves e2e4\ngo wtime 1000 btime 1000 winc 10 binc 10\n");
    assert_eq!(bestmoves(&lines), ["c7c5"]);
    assert_eq!(book_lines(&lines), ["c7c5 (weight 1 of total 1)"]);
}

#[test]
fn a_position_out_of_the_book_is_searched() {
    let book = tiny_book("out");
    let lines = with_book(&book, "position startpos moves e2e4 e7e5\ngo wtime 1000 btime 1000\n");
    assert!(book_lines(&lines).is_empty(), "{lines:#?}");
    assert!(searched(&lines), "{lines:#?}");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:#?}");
}

#[test]
fn illegal_book_moves_are_skipped() {
    let book = BookFile::new(
        "illegal",
        &[
            (START, "e2e5", 1000), // a pawn cannot go three squares
            (START, "g1f3", 1),
            (START, "e1e2", 1000), // the king is boxed in
            (AFTER_E4_E5, "e1g1", 5),
            (AFTER_E4_E5, "a1a8", 5),
        ],
        encode,
    );
    let lines = with_book(&book, "position startpos\ngo movetime 1000\n".repeat(20).as_str());
    assert_eq!(bestmoves(&lines), ["g1f3"; 20], "{lines:#?}");
    assert_eq!(book_lines(&lines), ["g1f3 (weight 1 of total 1)"; 20]);

    // A position whose entries are all illegal is searched.
    let lines = with_book(&book, "position startpos moves e2e4 e7e5\ngo wtime 1000 btime 1000\n");
    assert!(book_lines(&lines).is_empty() && searched(&lines), "{lines:#?}");
    let played = bestmoves(&lines);
    assert!(played.len() == 1 && !["e1g1", "a1a8"].contains(&played[0]), "{lines:#?}");
}

#[test]
fn own_book_false_ignores_the_book() {
    let book = tiny_book("off");
    let lines = transcript(format!(
        "setoption name Book File value {}\nposition startpos\ngo wtime 1000 btime 1000\n\
         setoption name OwnBook value true\nsetoption name OwnBook value false\ngo wtime 1000 btime 1000\n\
         quit\n",
        book.path()
    ));
    assert!(lines[0].starts_with("info string book: 3 entries loaded"), "{lines:#?}");
    assert!(book_lines(&lines).is_empty(), "{lines:#?}");
    assert_eq!(bestmoves(&lines).len(), 2, "{lines:#?}");
    assert!(searched(&lines));
}

#[test]
fn analysis_requests_are_searched_not_answered_from_the_book() {
    let book = tiny_book("analysis");
    let lines = with_book(
        &book,
        "position startpos\ngo depth 2\ngo nodes 500\ngo mate 1\ngo wtime 1000 btime 1000 searchmoves a2a3\n\
         go infinite\nstop\ngo ponder wtime 1000 btime 1000\nstop\ngo perft 1\nisready\n",
    );
    assert!(book_lines(&lines).is_empty(), "{lines:#?}");
    let played = bestmoves(&lines);
    assert_eq!(played.len(), 6, "{lines:#?}");
    assert_eq!(played[3], "a2a3", "searchmoves is honoured");
    assert!(lines.contains(&"Nodes searched: 20".to_string()));
    // A timed `go` after all that still plays from the book.
    let lines = with_book(&book, "position startpos\ngo infinite\nstop\ngo movetime 50\n");
    assert_eq!(book_lines(&lines).len(), 1, "{lines:#?}");
}

#[test]
fn a_missing_or_broken_file_is_reported_and_the_engine_goes_on_without_a_book() {
    let missing = std::env::temp_dir().join(format!("triskel no such book {}.bin", std::process::id()));
    let broken = BookFile::raw("broken", &[0; 17]);
    let good = tiny_book("replaced");
    for path in [missing.to_str().unwrap(), broken.path()] {
        let lines = transcript(format!(
            "setoption name OwnBook value true\nsetoption name Book File value {}\nsetoption name Book File \
             value {path}\nisready\nposition startpos\ngo wtime 1000 btime 1000\nquit\n",
            good.path()
        ));
        assert!(lines[0].starts_with("info string book: 3 entries"), "{lines:#?}");
        assert!(lines[1].starts_with("info string book: ") && lines[1].contains(path), "{lines:#?}");
        assert_eq!(lines[2], "readyok");
        assert!(book_lines(&lines).is_empty(), "the old book is gone too: {lines:#?}");
        assert!(searched(&lines) && bestmoves(&lines).len() == 1, "{lines:#?}");
    }
    let odd = BookFile::raw("odd", &[0; 33]);
    let lines = transcript(format!("setoption name Book File value {}\nisready\nquit\n", odd.path()));
    assert!(lines[0].contains("33 bytes, is not a multiple of 16"), "{lines:#?}");

    // `<empty>` drops the file quietly and goes back to the embedded book: its move, not the file's.
    let lines = with_book(
        &good,
        "setoption name Book File value <empty>\nposition startpos moves a2a3\ngo movetime 50\n",
    );
    let book_info = lines.iter().filter(|line| line.starts_with("info string book: ")).count();
    assert_eq!(book_info, 1, "only the first book's loading is reported: {lines:#?}");
    assert!(embedded().moves(&after("a2a3")).is_empty(), "a position out of the embedded book: a search");
    assert!(searched(&lines) && bestmoves(&lines).len() == 1, "{lines:#?}");
    let lines =
        with_book(&good, "setoption name Book File value <empty>\nposition startpos\ngo movetime 50\n");
    assert_embedded_answer(&lines, &after(""));
}

/// The embedded chess book, read by the shell's reader.
fn embedded() -> Book {
    polyglot::default_book()
}

/// The position `moves` (from the start) reach.
fn after(moves: &str) -> Position {
    let mut position = Position::startpos();
    for text in moves.split_whitespace() {
        let mv = position.parse_uci_move(text).unwrap_or_else(|| panic!("{text} is legal"));
        position.make_move(mv);
    }
    position
}

/// `lines` answer `position` from the embedded book: one `info string book move` line naming one
/// of its book moves, with that move's weight and the position's total, the same move in
/// `bestmove`, and no search. Returns the move.
fn assert_embedded_answer(lines: &[String], position: &Position) -> String {
    let moves = embedded().moves(position);
    let total: u32 = moves.iter().map(|book_move| book_move.weight).sum();
    let book = book_lines(lines);
    assert_eq!(book.len(), 1, "{lines:#?}");
    let played = bestmoves(lines);
    assert_eq!(played.len(), 1, "{lines:#?}");
    let chosen = moves
        .iter()
        .find(|book_move| position.move_text(book_move.mv).as_str() == played[0])
        .unwrap_or_else(|| panic!("{} is not a book move here: {lines:#?}", played[0]));
    assert_eq!(book[0], format!("{} (weight {} of total {total})", played[0], chosen.weight));
    assert!(!searched(lines), "a book move needs no search: {lines:#?}");
    played[0].to_string()
}

#[test]
fn own_book_without_a_file_plays_the_embedded_book_for_several_plies() {
    let mut engine = Engine::start();
    engine.send("setoption name OwnBook value true");
    assert!(engine.sync().is_empty(), "the embedded book loads quietly");
    // From the start, each side plays from the book along the line it chooses.
    let mut line: Vec<String> = Vec::new();
    for _ in 0..6 {
        let moves = if line.is_empty() { String::new() } else { format!(" moves {}", line.join(" ")) };
        engine.send(&format!("position startpos{moves}"));
        let lines = engine.go("go wtime 60000 btime 60000 winc 1000 binc 1000");
        let played = assert_embedded_answer(&lines, &after(&line.join(" ")));
        line.push(played);
    }
    // The main first moves are in it, and so are the answers to them.
    for first in ["e2e4", "d2d4"] {
        engine.send(&format!("position startpos moves {first}"));
        assert_embedded_answer(&engine.go("go movetime 1000"), &after(first));
    }
    // Analysis still searches, in a book position too.
    engine.send("position startpos");
    for go in ["go depth 3", "go nodes 2000"] {
        let lines = engine.go(go);
        assert!(searched(&lines) && book_lines(&lines).is_empty(), "{go}: {lines:#?}");
    }
    engine.send("go infinite");
    engine.send("stop");
    let lines = engine.until(LONG, is_final);
    assert!(searched(&lines) && book_lines(&lines).is_empty(), "{lines:#?}");
    // OwnBook off: a search.
    engine.send("setoption name OwnBook value false");
    let lines = engine.go("go wtime 1000 btime 1000");
    assert!(searched(&lines) && book_lines(&lines).is_empty(), "{lines:#?}");
    engine.send("quit");
}

#[test]
fn a_book_file_takes_the_embedded_book_s_place_and_empty_brings_it_back() {
    // a2a3 is no move of the embedded book: only the file can answer it.
    assert!(embedded().moves(&after("")).iter().all(|m| after("").move_text(m.mv).as_str() != "a2a3"));
    let book = BookFile::new("precedence", &[(START, "a2a3", 1)], encode);
    let mut engine = Engine::start();
    engine.send("setoption name OwnBook value true");
    engine.send(&format!("setoption name Book File value {}", book.path()));
    engine.sync();
    engine.send("position startpos");
    let lines = engine.go("go wtime 60000 btime 60000");
    assert_eq!(book_lines(&lines), ["a2a3 (weight 1 of total 1)"], "{lines:#?}");
    // The file replaces the embedded book: a position only the embedded book knows is searched.
    engine.send("position startpos moves e2e4");
    assert!(!embedded().moves(&after("e2e4")).is_empty());
    let lines = engine.go("go wtime 60000 btime 60000");
    assert!(searched(&lines) && book_lines(&lines).is_empty(), "{lines:#?}");
    engine.send("setoption name Book File value <empty>");
    assert!(engine.sync().is_empty());
    assert_embedded_answer(&engine.go("go wtime 60000 btime 60000"), &after("e2e4"));
    engine.send("quit");
}

#[test]
fn the_embedded_book_is_the_game_s_own_across_a_variant_switch() {
    let mut engine = Engine::start();
    engine.send("setoption name OwnBook value true");
    engine.send("setoption name UCI_Variant value xiangqi");
    engine.send("position startpos");
    let lines = engine.go("go wtime 60000 btime 60000");
    let start = engine::xiangqi::Position::start_position();
    let xiangqi_moves: Vec<String> = triskel::book::xiangqi::default_book()
        .moves(&start)
        .iter()
        .map(|book_move| book_move.mv.to_string())
        .collect();
    assert_eq!(book_lines(&lines).len(), 1, "{lines:#?}");
    assert!(xiangqi_moves.contains(&bestmove(&lines)), "{lines:#?}");
    engine.send("setoption name UCI_Variant value chess");
    engine.send("position startpos");
    assert_embedded_answer(&engine.go("go wtime 60000 btime 60000"), &after(""));
    engine.send("quit");
}

#[test]
fn chess960_positions_are_never_answered_from_a_book() {
    // A Chess960 start with its castling rights: Polyglot cannot write them. A naive key (the
    // standard rights' constants) would file it under the key below; a book holding that key
    // must still not answer, and neither must the embedded book.
    let placement = "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN";
    let without_rights = Position::from_fen(&format!("{placement} w - - 0 1")).unwrap();
    let rights = &types::polyglot::RANDOM64[types::polyglot::CASTLING..types::polyglot::CASTLING + 4];
    let naive = rights.iter().fold(without_rights.polyglot_key().unwrap(), |key, constant| key ^ constant);
    let book = BookFile::new("chess960", &[(naive, "a2a3", 1)], encode);
    for file in [Some(book.path()), None] {
        let mut engine = Engine::start();
        engine.send("setoption name UCI_Chess960 value true");
        engine.send("setoption name OwnBook value true");
        if let Some(path) = file {
            engine.send(&format!("setoption name Book File value {path}"));
        }
        engine.send(&format!("position fen {placement} w GBgb - 0 1"));
        let lines = engine.go("go wtime 1000 btime 1000");
        assert!(searched(&lines) && book_lines(&lines).is_empty(), "{file:?}: {lines:#?}");
        // The standard start, in a Chess960 game, is a standard position: the book answers it.
        engine.send("position startpos");
        let lines = engine.go("go wtime 1000 btime 1000");
        assert_eq!(book_lines(&lines).len(), usize::from(file.is_none()), "{file:?}: {lines:#?}");
        engine.send("quit");
    }
}

#[test]
fn the_weighted_choice_plays_both_moves_the_heavier_more_often() {
    let book = tiny_book("weights");
    let lines = with_book(&book, &"position startpos\ngo wtime 60000 btime 60000\n".repeat(200));
    let played = bestmoves(&lines);
    assert_eq!(played.len(), 200);
    let e4 = played.iter().filter(|&&mv| mv == "e2e4").count();
    let d4 = played.iter().filter(|&&mv| mv == "d2d4").count();
    assert_eq!(e4 + d4, 200, "{played:?}");
    // 3:1 odds: e2e4 about 150 times. Below 100 or above 190 has a probability under 1e-12.
    assert!((100..=190).contains(&e4), "e2e4 {e4} times, d2d4 {d4} times");
    assert!(e4 > d4 && d4 > 0);
}

#[test]
fn published_keys_en_passant_castling_and_promotion_moves() {
    let book = BookFile::new(
        "keys",
        &[
            (AFTER_E4_D5_E5_F5, "e5f6", 1), // en passant
            (AFTER_KE2, "e8f7", 1),
            (AFTER_C4, "b4c3", 1), // en passant
            (ITALIAN, "e1h1", 1),  // castling, king takes rook
            (PROMOTION, "a7a8n", 1),
        ],
        encode,
    );
    let lines = with_book(
        &book,
        "position startpos moves e2e4 d7d5 e4e5 f7f5\ngo movetime 50\n\
         position startpos moves e2e4 d7d5 e4e5 f7f5 e1e2\ngo movetime 50\n\
         position startpos moves a2a4 b7b5 h2h4 b5b4 c2c4\ngo movetime 50\n\
         position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5\ngo movetime 50\n\
         position fen 8/P7/8/8/8/8/8/k6K w - - 0 1\ngo movetime 50\n\
         setoption name UCI_Chess960 value true\n\
         position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5\ngo movetime 50\n",
    );
    assert_eq!(bestmoves(&lines), ["e5f6", "e8f7", "b4c3", "e1g1", "a7a8n", "e1h1"], "{lines:#?}");
    assert_eq!(book_lines(&lines).len(), 6, "{lines:#?}");
}

#[test]
fn analysis_mode_keeps_the_book_shut() {
    let book = tiny_book("analyse-mode");
    let lines =
        with_book(&book, "setoption name UCI_AnalyseMode value true\nposition startpos\ngo movetime 50\n");
    assert!(book_lines(&lines).is_empty(), "{lines:#?}");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:#?}");
    let lines =
        with_book(&book, "setoption name UCI_AnalyseMode value false\nposition startpos\ngo movetime 50\n");
    assert_eq!(book_lines(&lines).len(), 1, "{lines:#?}");
}
