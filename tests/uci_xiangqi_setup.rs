//! Xiangqi over UCI as Pikafish speaks it, driven over pipes: choosing the game (`--variant`,
//! `UCI_Variant`, a FEN), the positions and move words it reads (ranks from 0 or, with
//! `Xiangqi Ranks`, from 1) and what it refuses, and the options (`Threads`, `Hash`, `Clear Hash`,
//! `Move Overhead`, `UCI_ShowWDL`, `Debug Log File`, unknown ones). Every bestmove is checked against
//! the legal moves `go perft 1` lists in the same position (the move generator itself is proven by
//! the perft suite).

mod support;

use std::time::Duration;
use support::engine::{bestmove, fen, field, pv, pv_lines, run, Engine, LONG};
use support::uci_xiangqi::{assert_legal, divide, info_strings, legal_moves, xiangqi};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn uci_under_the_variant_flag_offers_uci_variant_with_xiangqi_as_default() {
    let mut engine = xiangqi();
    let lines = engine.ask("uci", "uciok");
    assert!(lines[0].starts_with("id name triskel"), "{lines:#?}");
    assert!(lines.iter().any(|line| line.starts_with("id author ")));
    let variant =
        lines.iter().find(|line| line.starts_with("option name UCI_Variant ")).expect("UCI_Variant");
    assert_eq!(variant, "option name UCI_Variant type combo default xiangqi var chess var xiangqi");
    for name in
        ["Threads", "Hash", "Clear Hash", "Ponder", "MultiPV", "Move Overhead", "nodestime", "UCI_ShowWDL"]
    {
        let prefix = format!("option name {name} type ");
        assert!(lines.iter().any(|line| line.starts_with(&prefix)), "no {name} in {lines:#?}");
    }
    assert_eq!(fen(&mut engine), START);
    assert_eq!(engine.sync(), Vec::<String>::new());
    let (took, _) = engine.quit_within(Duration::from_secs(2));
    assert!(took < Duration::from_secs(2));
}

#[test]
fn uci_without_the_flag_is_chess_and_still_offers_xiangqi() {
    let mut engine = Engine::start();
    let lines = engine.ask("uci", "uciok");
    let variant =
        lines.iter().find(|line| line.starts_with("option name UCI_Variant ")).expect("UCI_Variant");
    assert_eq!(variant, "option name UCI_Variant type combo default chess var chess var xiangqi");
    assert_eq!(fen(&mut engine), CHESS_START);
    assert_eq!(legal_moves(&mut engine).len(), 20);
    engine.quit_within(Duration::from_secs(2));
}

/// Tools written for Pikafish start it by its path alone and send xiangqi moves at once
/// (PlumFlower, absorption-xiangqi: `Popen([path])`): a link named `pikafish` starts in xiangqi.
#[test]
fn a_link_named_pikafish_starts_in_xiangqi_without_a_flag() {
    let folder = std::env::temp_dir().join(format!("triskel-pikafish-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let link = folder.join("pikafish");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(support::engine::binary(), &link).unwrap();
    let output = std::process::Command::new(&link)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"uci\nposition startpos moves h2e2\nd\ngo depth 3\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let _ = std::fs::remove_dir_all(&folder);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("option name UCI_Variant type combo default xiangqi var chess var xiangqi"),
        "{text}"
    );
    assert!(
        text.contains("Fen: rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"),
        "{text}"
    );
    let best = text.lines().rev().find_map(|line| line.strip_prefix("bestmove ")).expect(&text);
    assert_ne!(best, "(none)", "{text}");
}

#[test]
fn variant_flag_spellings() {
    let mut engine = Engine::with_args(&["--variant=xiangqi"]);
    engine.send("position startpos moves h2e2");
    assert_eq!(fen(&mut engine), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    engine.quit_within(Duration::from_secs(2));
    let output = run(&["--variant", "shogi"], "quit\n");
    assert_eq!(output.status.code(), Some(2), "an unknown variant is refused");
    assert!(String::from_utf8_lossy(&output.stderr).contains("--variant"));
}

#[test]
fn uci_variant_option_and_fens_switch_games_both_ways() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.until(LONG, |line| line == "uciok");
    // By the option.
    engine.send("setoption name UCI_Variant value xiangqi");
    assert_eq!(fen(&mut engine), START);
    assert_eq!(divide(&mut engine, 2).1, 1920, "xiangqi's perft 2 from the start");
    engine.send("setoption name UCI_Variant value chess");
    assert_eq!(fen(&mut engine), CHESS_START);
    engine.send("position startpos moves e2e4");
    assert_eq!(legal_moves(&mut engine).len(), 20);
    // By a FEN: a xiangqi FEN in chess, then a chess FEN in xiangqi.
    let xiangqi_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    engine.send(&format!("position fen {xiangqi_fen} moves h9g7"));
    assert_eq!(fen(&mut engine), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
    // A suite position (`;D1 15 ;D2 386`) read in the switched session.
    engine.send("position fen 2baka3/9/9/9/9/6p2/P2r3n1/3AB3R/4K3N/3A2B2 w - - 13 63");
    assert_eq!(divide(&mut engine, 2).1, 386);
    assert!(info_strings(&engine.sync()).is_empty());
    let chess_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    engine.send(&format!("position fen {chess_fen}"));
    assert_eq!(fen(&mut engine), chess_fen);
    assert_eq!(legal_moves(&mut engine).len(), 20);
    // The session goes on working in the game it switched back to.
    let lines = engine.go("go depth 3");
    assert_legal(&mut engine, &format!("position fen {chess_fen}"), &bestmove(&lines));
    engine.quit_within(Duration::from_secs(2));
}

/// `Xiangqi Ranks 1-10`: the move words of Fairy-Stockfish and cutechess's xiangqi board, ranks
/// counted from 1, both ways: `position` moves, `searchmoves`, `go perft` divide lines, and every
/// move of `info` and `bestmove`; a rank 0 refuses the position. Chess is untouched.
#[test]
fn xiangqi_ranks_from_one_are_read_and_written_when_asked_for() {
    let mut engine = Engine::start();
    engine.send("uci");
    let options = engine.until(LONG, |line| line == "uciok");
    assert!(
        options
            .iter()
            .any(|line| line == "option name Xiangqi Ranks type combo default 0-9 var 0-9 var 1-10"),
        "{options:#?}"
    );
    engine.send("setoption name UCI_Variant value xiangqi");
    // The central cannon: `h2e2` counted from 0, `h3e3` from 1; black's horse `h9g7` is `h10g8`.
    let after = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2";
    engine.send("position startpos moves h2e2 h9g7");
    assert_eq!(fen(&mut engine), after);
    let (from_zero, _) = divide(&mut engine, 1);
    engine.send("setoption name Xiangqi Ranks value 1-10");
    engine.send("position startpos moves h3e3 h10g8");
    assert_eq!(fen(&mut engine), after);
    let (moves, total) = divide(&mut engine, 1);
    assert_eq!(total, moves.len() as u64);
    // The same moves, each rank one higher: the red chariots' `a0a1` is `a1a2`.
    let one_higher = |word: &str| {
        let (from, to) = word.split_at(2);
        let square = |text: &str| format!("{}{}", &text[..1], text[1..].parse::<u32>().unwrap() + 1);
        format!("{}{}", square(from), square(to))
    };
    let expected: Vec<(String, u64)> = from_zero.iter().map(|(mv, count)| (one_higher(mv), *count)).collect();
    assert_eq!(moves, expected);
    assert!(
        moves.iter().any(|(mv, _)| mv == "a1a2") && moves.iter().any(|(mv, _)| mv == "i1i2"),
        "{moves:?}"
    );
    let lines = engine.go("go depth 5 searchmoves a1a2 i1i2");
    let best = bestmove(&lines);
    assert!(["a1a2", "i1i2"].contains(&best.as_str()), "{lines:#?}");
    for line in pv_lines(&lines) {
        let mut after = vec!["h3e3".to_string(), "h10g8".to_string()];
        for mv in pv(line) {
            engine.send(&format!("position startpos moves {}", after.join(" ")));
            assert!(legal_moves(&mut engine).contains(&mv.to_string()), "{mv} in {line}");
            after.push(mv.to_string());
        }
    }
    // Black's top rank is 10; a rank 0 is no square.
    engine.send("position startpos moves h3e3");
    let lines = engine.go("go depth 3");
    let best = bestmove(&lines);
    assert!(legal_moves(&mut engine).contains(&best), "{best}");
    engine.send("position startpos moves a0a1");
    let refused = engine.sync();
    assert_eq!(
        refused,
        ["info string a0a1 is no move with ranks counted from 1 (Xiangqi Ranks 1-10); no position until the next one"]
    );
    // An illegal move is named as the GUI wrote it.
    engine.send("position startpos moves h3e3 h3e3");
    let refused = engine.sync();
    assert!(
        refused.len() == 1 && refused[0].starts_with("info string illegal move h3e3 in "),
        "{refused:#?}"
    );
    // Back to ranks from 0, and chess keeps its own squares whatever the setting.
    engine.send("setoption name Xiangqi Ranks value 0-9");
    engine.send("position startpos moves h2e2 h9g7");
    assert_eq!(fen(&mut engine), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
    engine.send("setoption name Xiangqi Ranks value 1-10");
    engine.send("setoption name UCI_Variant value chess");
    engine.send("position startpos moves e2e4");
    let lines = engine.go("go depth 3");
    assert!(legal_moves(&mut engine).contains(&bestmove(&lines)));
    engine.quit_within(Duration::from_secs(2));
}

/// A rank written with a leading zero (`h03e03`) is no move word in either numbering: ranks from 1
/// refuse it as ranks from 0 do (it once read as `h3e3` there), and a refused move is named as the
/// GUI wrote it (`h10g08`, not `h10g8`).
#[test]
fn a_rank_with_a_leading_zero_is_no_move_in_either_numbering() {
    let mut engine = xiangqi();
    engine.send("position startpos moves h02e02");
    let refused = engine.sync();
    assert_eq!(
        refused,
        [format!("info string illegal move h02e02 in {START}; no position until the next one")]
    );
    engine.send("setoption name Xiangqi Ranks value 1-10");
    let no_move = |word: &str| {
        format!("info string {word} is no move with ranks counted from 1 (Xiangqi Ranks 1-10); no position until the next one")
    };
    engine.send("position startpos moves h03e03");
    assert_eq!(engine.sync(), [no_move("h03e03")]);
    engine.send("position startpos moves h3e3 h10g08");
    assert_eq!(engine.sync(), [no_move("h10g08")]);
    // `searchmoves` leaves it out as any word that is not a legal move.
    engine.send("position startpos");
    let lines = engine.go("go depth 2 searchmoves h03e03 h3e3");
    assert!(
        lines.iter().any(|line| line == "info string searchmoves: h03e03 is not a legal move here; ignored"),
        "{lines:#?}"
    );
    assert_eq!(bestmove(&lines), "h3e3");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn a_bad_position_command_leaves_none_until_a_good_one() {
    let mut engine = xiangqi();
    engine.send("position startpos");
    let replies = divide(&mut engine, 2).0.into_iter().find(|(mv, _)| mv == "h2e2").unwrap().1;
    engine.send("position startpos moves h2e2");
    let good = fen(&mut engine);
    for bad in [
        "position startpos moves h2e2 h2e2", // illegal: red moved
        "position startpos moves h2e2 h9g6", // not a horse move
        "position startpos moves h2e2 x9y9", // not a move
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1", // bad piece
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w - - 0 1", // ten files
        "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", // kings face
        "position fen 3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1", // king out of palace
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", // side
        "position fen",
    ] {
        engine.send("position startpos moves h2e2");
        engine.send(bad);
        let lines = engine.sync();
        assert_eq!(info_strings(&lines).len(), 1, "{bad}: {lines:#?}");
        // No position is left: never a move of the one before.
        let answer = engine.go("go depth 2");
        assert_eq!(answer.last().unwrap(), "bestmove (none)", "{bad}: {answer:#?}");
    }
    engine.send("position startpos moves h2e2");
    assert_eq!(fen(&mut engine), good);
    assert_eq!(legal_moves(&mut engine).len() as u64, replies, "black's moves after h2e2");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn a_bad_xiangqi_fen_in_a_chess_session_keeps_the_chess_position() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4");
    let good = fen(&mut engine);
    engine.send("position fen k8/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    let lines = engine.sync();
    assert_eq!(info_strings(&lines).len(), 1, "{lines:#?}");
    assert_eq!(fen(&mut engine), good);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn unknown_options_and_commands_are_reported() {
    let mut engine = xiangqi();
    engine.send("setoption name NoSuchOption value 3");
    engine.send("setoption name UCI_Variant value shogi");
    engine.send("xyzzy");
    let lines = engine.sync();
    let strings = info_strings(&lines);
    assert_eq!(strings.len(), 3, "{lines:#?}");
    assert!(strings[0].contains("NoSuchOption"), "{}", strings[0]);
    assert!(strings[2].contains("xyzzy"), "{}", strings[2]);
    assert_eq!(fen(&mut engine), START, "still xiangqi");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn threads_hash_clear_hash_move_overhead_and_wdl() {
    let mut engine = xiangqi();
    for option in [
        "setoption name Threads value 2",
        "setoption name Hash value 32",
        "setoption name Clear Hash",
        "setoption name Move Overhead value 100",
        "setoption name UCI_ShowWDL value true",
        "ucinewgame",
    ] {
        engine.send(option);
    }
    // Only `Threads` is answered, with the count, as Pikafish answers it.
    assert_eq!(info_strings(&engine.sync()), ["info string Using 2 threads"]);
    engine.send("position startpos moves b0c2");
    let lines = engine.go("go depth 6");
    let infos = pv_lines(&lines);
    assert!(!infos.is_empty());
    for line in infos.iter().filter(|line| field(line, "score").is_some()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&word| word == "wdl").unwrap_or_else(|| panic!("no wdl: {line}"));
        let sum: u32 = words[at + 1..at + 4].iter().map(|word| word.parse::<u32>().unwrap()).sum();
        assert_eq!(sum, 1000, "{line}");
    }
    assert_legal(&mut engine, "position startpos moves b0c2", &bestmove(&lines));
    // Out-of-range values are refused with a message.
    engine.send("setoption name Threads value 0");
    engine.send("setoption name Hash value lots");
    assert_eq!(info_strings(&engine.sync()).len(), 2);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn debug_log_file_records_both_directions() {
    let path = std::env::temp_dir().join(format!("triskel-uci-xiangqi-log-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let mut engine = xiangqi();
    engine.send(&format!("setoption name Debug Log File value {}", path.display()));
    engine.send("position startpos moves h2e2");
    engine.go("go depth 2");
    engine.sync();
    engine.send("setoption name Debug Log File value <empty>");
    engine.sync();
    engine.quit_within(Duration::from_secs(2));
    let log = std::fs::read_to_string(&path).expect("the log file");
    let _ = std::fs::remove_file(&path);
    assert!(log.lines().any(|line| line == ">> position startpos moves h2e2"), "{log}");
    assert!(log.lines().any(|line| line.starts_with("<< bestmove ")), "{log}");
    assert!(log.lines().any(|line| line == "<< readyok"), "{log}");
}
