//! UCCI 3.0 as ElephantEye speaks it, driven over pipes: the session around the searches. The
//! `ucci` handshake, `setoption` (UCCI's form and UCI's, `ponder`'s time plan, the endgame-table
//! options, `chaserule`), `position` and what it refuses, `banmoves`, `probe`, batch mode, `debug`'s
//! time limits, `bench`, `info message` and `quit`/`bye`. Every move the engine names is checked
//! against the legal moves a second engine, in UCI xiangqi mode, lists with `go perft 1` for the
//! same position.

mod support;

use std::time::Duration;
use support::engine::{bestmove, fen, field, is_bestmove, is_final, pv, serial, transcript, Engine, LONG};
use support::ucci::{
    assert_depths_up_to, assert_legal, checked_bestmove, depth_lines, info_strings, legal_moves, ucci,
};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The options listed, in order.
const OPTIONS: [&str; 19] = [
    "usemillisec",
    "batch",
    "debug",
    "ponder",
    "usebook",
    "bookfiles",
    "hashsize",
    "threads",
    "idle",
    "pruning",
    "knowledge",
    "randomness",
    "style",
    "newgame",
    "promotion",
    "useegtb",
    "usennue",
    "evalfile",
    "chaserule",
];

#[test]
fn ucci_names_the_engine_lists_the_options_and_ends_with_ucciok() {
    let mut engine = Engine::start();
    let lines = engine.ask("ucci", "ucciok");
    assert!(lines[0].starts_with("id name triskel"), "{lines:#?}");
    for prefix in ["id copyright ", "id author ", "id user "] {
        assert!(lines.iter().any(|line| line.starts_with(prefix)), "no `{prefix}` in {lines:#?}");
    }
    let options: Vec<&String> = lines.iter().filter(|line| line.starts_with("option ")).collect();
    let names: Vec<&str> = options.iter().map(|line| line.split_whitespace().nth(1).unwrap()).collect();
    assert_eq!(names, OPTIONS, "{options:#?}");
    for line in &options {
        let kind = field(line, "type").unwrap();
        assert!(["check", "spin", "combo", "button", "string"].contains(&kind), "{line}");
        if kind != "button" {
            assert!(field(line, "default").is_some(), "{line}");
        }
    }
    assert_eq!(lines.iter().filter(|line| line.starts_with("id ")).count(), 4);
    assert_eq!(lines.len(), 4 + OPTIONS.len() + 1, "{lines:#?}");
    assert_eq!(engine.ask("isready", "readyok"), ["readyok"]);
    assert_eq!(fen(&mut engine), START, "UCCI plays xiangqi from the start");
    let (took, rest) = engine.quit_within(Duration::from_secs(2));
    assert!(took < Duration::from_secs(2));
    assert_eq!(rest, ["bye"]);
}

#[test]
fn banmoves_leave_moves_out_of_the_root_until_the_next_position() {
    let mut engine = ucci();
    let position = "position startpos";
    engine.send(position);
    let first = checked_bestmove(position, &engine.go("go depth 4"));
    // Ban it and a second move: the answer is neither.
    engine.send(&format!("banmoves {first} h2e2"));
    let lines = engine.go("go depth 4");
    let second = checked_bestmove(position, &lines);
    assert!(second != first && second != "h2e2", "{lines:#?}");
    for line in depth_lines(&lines) {
        assert!(![first.as_str(), "h2e2"].contains(&pv(line)[0]), "{line}");
    }
    // The ban holds for a second search, and a later `banmoves` replaces it.
    assert_ne!(bestmove(&engine.go("go depth 3")), first);
    engine.send(&format!("banmoves {second}"));
    let third = bestmove(&engine.go("go depth 4"));
    assert_ne!(third, second);
    // Every legal move banned: nothing to play.
    let all = legal_moves(position);
    engine.send(&format!("banmoves {}", all.join(" ")));
    let lines = engine.go("go depth 3");
    assert_eq!(lines.last().unwrap(), "nobestmove");
    assert_eq!(info_strings(&lines).len(), 1, "{lines:#?}");
    // A new `position` clears the bans. `newgame` first empties the hash table and the histories
    // (not the bans), so that the search repeats the first one exactly.
    engine.send("setoption newgame");
    engine.send(position);
    assert_eq!(bestmove(&engine.go("go depth 4")), first);
    // A move that is not legal is reported and ignored.
    engine.send("banmoves h2h0 a3a4");
    let lines = engine.sync();
    assert_eq!(info_strings(&lines).len(), 1, "{lines:#?}");
    assert!(lines[0].contains("h2h0"), "{lines:#?}");
    // A game move (a clock) comes from the book where the book knows the position, but never a
    // banned one: the book's moves at the start, banned, leave the answer to the search.
    engine.send(position);
    let mut book_moves = Vec::new();
    for _ in 0..6 {
        let lines = engine.go("go time 60000");
        assert!(info_strings(&lines).iter().any(|line| line.contains("book")), "a book move: {lines:#?}");
        book_moves.push(bestmove(&lines));
    }
    book_moves.sort();
    book_moves.dedup();
    engine.send(&format!("banmoves {}", book_moves.join(" ")));
    for _ in 0..3 {
        let lines = engine.go("go time 300");
        let played = checked_bestmove(position, &lines);
        assert!(!book_moves.contains(&played), "{played} is banned: {book_moves:?} {lines:#?}");
    }
    engine.quit_within(Duration::from_secs(2));
}

/// A bound of a `pophash` line: value and depth.
type Bound = Option<(i32, u32)>;

/// The parts of a `pophash` line: hash move, lower bound, upper bound.
fn pophash(line: &str) -> (Option<String>, Bound, Bound) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "pophash", "{line}");
    let mut best = None;
    let mut lower = None;
    let mut upper = None;
    let mut at = 1;
    while at < words.len() {
        match words[at] {
            "bestmove" => {
                best = Some(words[at + 1].to_string());
                at += 2;
            }
            "lowerbound" | "upperbound" => {
                assert_eq!(words[at + 2], "depth", "{line}");
                let bound = (words[at + 1].parse().unwrap(), words[at + 3].parse().unwrap());
                if words[at] == "lowerbound" {
                    lower = Some(bound);
                } else {
                    upper = Some(bound);
                }
                at += 4;
            }
            other => panic!("`{other}` in {line}"),
        }
    }
    (best, lower, upper)
}

/// The last depth line's score.
fn final_score(lines: &[String]) -> i32 {
    let last = depth_lines(lines).last().copied().unwrap_or_else(|| panic!("no depth line in {lines:#?}"));
    field(last, "score").unwrap().parse().unwrap()
}

#[test]
fn probe_answers_pophash_with_what_the_hash_table_holds() {
    let mut engine = ucci();
    // Nothing searched yet: an empty answer.
    assert_eq!(engine.ask_prefix("probe startpos", "pophash"), ["pophash"]);
    engine.send("position startpos");
    let lines = engine.go("go depth 5");
    let best = bestmove(&lines);
    let score = final_score(&lines);
    let answer = engine.ask_prefix("probe startpos", "pophash");
    assert_eq!(answer.len(), 1, "{answer:#?}");
    let (hash_move, lower, upper) = pophash(&answer[0]);
    assert_eq!(hash_move.as_deref(), Some(best.as_str()), "{}", answer[0]);
    let (value, depth) = lower.or(upper).expect("a bound");
    assert!(depth >= 4, "{}", answer[0]);
    if let (Some(lower), Some(upper)) = (lower, upper) {
        assert_eq!(lower, upper, "an exact entry: {}", answer[0]);
        assert_eq!(value, score, "{}", answer[0]);
    }
    // A position further down the line: its hash move is legal there.
    let down = format!("position startpos moves {best}");
    let answer = engine.ask_prefix(&format!("probe startpos moves {best}"), "pophash");
    if let (Some(reply), _, _) = pophash(&answer[0]) {
        assert_legal(&down, &reply);
    }
    // `probe` does not change the position.
    assert_eq!(fen(&mut engine), START);
    // A bad position: an info message and an empty answer.
    let answer = engine.ask_prefix("probe fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "pophash");
    assert_eq!(answer.len(), 2, "{answer:#?}");
    assert!(answer[0].starts_with("info message"));
    assert_eq!(answer[1], "pophash");
    // `setoption newgame` clears the table.
    engine.send("setoption newgame");
    assert_eq!(engine.ask_prefix("probe startpos", "pophash"), ["pophash"]);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn batch_mode_answers_queued_position_go_pairs_in_order() {
    let _serial = serial();
    let positions =
        ["position startpos", "position startpos moves h2e2", "position startpos moves h2e2 h9g7"];
    let depth = 9u32;
    let mut engine = ucci();
    engine.send("setoption batch true");
    for position in positions {
        engine.send(position);
        engine.send(&format!("go depth {depth}"));
    }
    let mut searches = Vec::new();
    for _ in positions {
        searches.push(engine.until(LONG, is_final));
    }
    for (position, lines) in positions.iter().zip(&searches) {
        assert_depths_up_to(lines, depth);
        checked_bestmove(position, lines);
    }
    // Without batch mode a command the specification allows only when idle is refused while the
    // engine thinks: the search goes on, for the position it was given, until `stop`.
    engine.send("setoption batch false");
    engine.send("position startpos");
    engine.send("go depth 60");
    engine.send("position startpos moves h2e2");
    let refused = engine.until(Duration::from_secs(5), |line| line.starts_with("info message position"));
    assert!(refused.last().unwrap().contains("not allowed while thinking"), "{refused:#?}");
    engine.send("stop");
    let lines = engine.until(Duration::from_secs(5), is_final);
    assert!(depth_lines(&lines).len() < 60);
    checked_bestmove("position startpos", &lines);
    // Batch mode still lets `stop` end an infinite search.
    engine.send("position startpos moves h2e2");
    engine.send("setoption batch true");
    engine.send("go infinite");
    engine.read_for(Duration::from_millis(300));
    engine.send("stop");
    checked_bestmove("position startpos moves h2e2", &engine.until(Duration::from_secs(2), is_final));
    // And a search without any limit (out of the book), which would otherwise never end.
    engine.send("setoption usebook false");
    engine.send("go");
    let early = engine.read_for(Duration::from_millis(300));
    assert!(!early.iter().any(|line| is_final(line)), "{early:#?}");
    engine.send("stop");
    checked_bestmove("position startpos moves h2e2", &engine.until(Duration::from_secs(2), is_final));
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn batch_mode_reads_stop_and_quit_only_after_a_search_that_ends_by_itself() {
    let _serial = serial();
    // ElephantEye's batch files end in `quit` behind the last `go depth N`: its search is whole.
    let positions = ["position startpos", "position startpos moves h2e2"];
    let depth = 9u32;
    let mut engine = ucci();
    engine.send("setoption usebook false");
    engine.send("setoption batch true");
    for position in positions {
        engine.send(position);
        engine.send(&format!("go depth {depth}"));
    }
    engine.send("stop");
    engine.send("quit");
    let lines = engine.until(LONG, |line| line == "bye");
    let mut start = 0;
    for position in positions {
        let end = start + lines[start..].iter().position(|line| is_final(line)).expect("an answer") + 1;
        assert_depths_up_to(&lines[start..end], depth);
        checked_bestmove(position, &lines[start..end]);
        start = end;
    }
    // The `stop` waited for the last search and added no answer of its own: then `bye`.
    assert_eq!(lines[start..], ["bye"], "{lines:#?}");
    assert!(engine.wait_exit(Duration::from_secs(2)).is_some(), "the engine did not quit");
}

#[test]
fn batch_mode_still_answers_isready_probe_and_ponderhit_at_once_and_reads_stop_behind_them() {
    let _serial = serial();
    let mut engine = ucci();
    engine.send("setoption usebook false");
    engine.send("setoption batch true");
    engine.send("position startpos");
    engine.send("go infinite");
    engine.read_for(Duration::from_millis(200));
    // `isready` and `probe` are answered while the search goes on: no `bestmove` comes before
    // `readyok`, and `stop` behind them is read.
    engine.send("isready");
    let ready = engine.until(Duration::from_secs(2), |line| line == "readyok" || is_final(line));
    assert_eq!(ready.last().map(String::as_str), Some("readyok"), "{ready:#?}");
    engine.send("probe startpos");
    engine.send("stop");
    let lines = engine.until(Duration::from_secs(5), is_final);
    assert!(lines.iter().any(|line| line.starts_with("pophash")), "{lines:#?}");
    assert_eq!(lines.iter().filter(|line| is_final(line)).count(), 1, "{lines:#?}");
    checked_bestmove("position startpos", &lines);
    // A ponder search keeps pondering after `ponderhit` (the clock now runs), so it answers
    // under its time (a minute's share) rather than at once, and a `stop` behind the hit waits
    // for that answer.
    engine.send("position startpos moves h2e2");
    engine.send("go ponder time 60000");
    engine.read_for(Duration::from_millis(100));
    engine.send("ponderhit");
    let early = engine.read_for(Duration::from_millis(500));
    assert!(!early.iter().any(|line| is_final(line)), "{early:#?}");
    engine.send("stop");
    let lines = engine.until(Duration::from_secs(12), is_final);
    checked_bestmove("position startpos moves h2e2", &lines);
    assert!(engine.read_for(Duration::from_millis(300)).is_empty(), "one answer only");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn setoption_accepts_every_ucci_option_and_reports_bad_ones() {
    let mut engine = ucci();
    for option in [
        "setoption usemillisec false",
        "setoption batch false",
        "setoption debug false",
        "setoption ponder false",
        "setoption usebook false",
        "setoption hashsize 32",
        "setoption hashsize 0",
        "setoption threads 2",
        "setoption idle small",
        "setoption pruning medium",
        "setoption knowledge large",
        "setoption randomness tiny",
        "setoption style risky",
        "setoption newgame",
        "setoption promotion false",
        // Check options take 1 and 0 (UCI2WB sends them), and any case.
        "setoption ponder 1",
        "setoption ponder 0",
        "setoption usebook 0",
        "setoption batch 0",
        "setoption debug 0",
        "setoption usemillisec 0",
        "setoption usemillisec OFF",
        "setoption promotion 0",
        "setoption idle None",
        "setoption pruning large",
        "setoption randomness none",
        "setoption style normal",
    ] {
        engine.send(option);
        let lines = engine.sync();
        assert!(lines.is_empty(), "{option}: {lines:#?}");
    }
    // Two threads search.
    let position = "position startpos moves b0c2";
    engine.send(position);
    checked_bestmove(position, &engine.go("go depth 6"));
    for bad in [
        "setoption promotion true",
        "setoption promotion 1",
        "setoption usemillisec maybe",
        "setoption ponder 2",
        "setoption pruning extreme",
        "setoption randomness",
        "setoption style wild",
        "setoption nosuchoption 3",
        "setoption",
    ] {
        engine.send(bad);
        let lines = engine.sync();
        assert_eq!(info_strings(&lines).len(), 1, "{bad}: {lines:#?}");
    }
    // `debug` shows the time limits (before the search's lines, see
    // `debug_shows_the_time_limits_before_the_search`).
    engine.send("setoption debug true");
    let lines = engine.go("go time 1");
    assert!(lines.iter().any(|line| line.starts_with("info message time limits")), "{lines:#?}");
    engine.send("setoption debug false");
    let lines = engine.go("go time 1");
    assert!(info_strings(&lines).is_empty(), "{lines:#?}");
    engine.send("xyzzy");
    assert_eq!(info_strings(&engine.sync()).len(), 1);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn a_bad_position_leaves_none_until_a_good_one() {
    let mut engine = ucci();
    let good = "position startpos moves h2e2 h9g7";
    for bad in [
        "position startpos moves h2e2 h9g7 h9g7",
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNZ w - - 0 1",
        "position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        "position",
    ] {
        engine.send(good);
        engine.send(bad);
        let lines = engine.sync();
        assert_eq!(info_strings(&lines).len(), 1, "{bad}: {lines:#?}");
        // Never a move of the position before: that would be an illegal move in the GUI's game.
        engine.send("go depth 3");
        let answer = engine.until(LONG, is_final);
        assert_eq!(answer.last().unwrap(), "nobestmove", "{bad}: {answer:#?}");
    }
    engine.send(good);
    checked_bestmove(good, &engine.go("go depth 3"));
    engine.send(&format!("position fen {START} moves b2e2"));
    assert_eq!(fen(&mut engine), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn quit_answers_bye_even_mid_search() {
    let _serial = serial();
    let mut engine = ucci();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.read_for(Duration::from_millis(300));
    let (took, rest) = engine.quit_within(Duration::from_secs(2));
    assert!(took < Duration::from_secs(2), "{took:?}");
    let final_at = rest.iter().position(|line| is_final(line)).expect("the search's bestmove");
    assert_eq!(rest.last().map(String::as_str), Some("bye"), "{rest:#?}");
    assert!(final_at < rest.len() - 1);
    checked_bestmove("position startpos", &rest[..=final_at]);
}

#[test]
fn a_refused_position_leaves_nothing_to_move_in_and_messages_are_info_message() {
    let mut engine = ucci();
    engine.send("position startpos moves h2e2");
    engine.send("position fen 9/9/9/9/9/9/9/9/9/9 w - - 0 1");
    engine.send("go depth 3");
    let lines = engine.until(LONG, |line| line == "nobestmove" || line.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "nobestmove", "{lines:#?}");
    assert!(
        lines.iter().any(|line| line.starts_with("info message ") && line.contains("no position")),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|line| line.starts_with("info string")), "UCCI has no info string: {lines:#?}");
    engine.send("position startpos");
    engine.send("go depth 3");
    let lines = engine.until(LONG, |line| line == "nobestmove" || line.starts_with("bestmove"));
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:#?}");
    engine.send("quit");
}

#[test]
fn the_uci_form_of_setoption_depth_0_and_scores_in_the_specification_unit() {
    let mut engine = ucci();
    // cchess sends UCI's `name ... value ...` form.
    engine.send("setoption name hashsize value 32");
    engine.send("setoption name usemillisec value true");
    assert_eq!(engine.sync(), Vec::<String>::new());
    // Depth 0: the static score, then no move.
    engine.send("position startpos");
    engine.send("go depth 0");
    let lines = engine.until(LONG, is_final);
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert!(lines[0].starts_with("info depth 0 score "), "{lines:#?}");
    assert_eq!(lines[1], "nobestmove");
    // A horse up (black's h9 horse removed): about 100 in UCCI's unit, where a minor piece is 100.
    engine.send("position fen rnbakab1r/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    engine.send("go depth 0");
    let lines = engine.until(LONG, is_final);
    let score: i32 = lines[0].rsplit(' ').next().unwrap().parse().unwrap();
    assert!((60..=160).contains(&score), "a horse is about 100, not {score}: {lines:#?}");
    engine.send("quit");
}

#[test]
fn chaserule_off_makes_a_perpetual_chase_a_draw_and_perpetual_check_still_loses() {
    let mut engine = ucci();
    // The red rook chased the unprotected black cannon b7-b3-b7 (h7-h3-h7) with every move of the
    // cycle; black's b3b7 closes it a third time, so red loses under the chase rule.
    let escape = "position fen 5k3/9/1c5R1/9/9/9/9/9/9/4K4 b - - 0 1 moves b7b3 h7h3 b3b7 h3h7 b7b3 h7h3";
    // Red's rook checks with every move of the cycle, which black's e8e9 closes again: red loses
    // whatever the chase rule.
    let checks = "position fen 4k2R1/9/9/9/9/9/9/9/9/3K5 b - - 0 1 moves e9e8 h9h8 e8e9 h8h9 e9e8 h9h8";
    let search = |engine: &mut Engine, position: &str| {
        engine.send(position);
        let lines = engine.go("go depth 3");
        (final_score(&lines), checked_bestmove(position, &lines))
    };
    let mate = 9000;
    let (score, best) = search(&mut engine, escape);
    assert!(score > mate, "the chase rule wins for black: {score} ({best})");
    assert_eq!(best, "b3b7");
    engine.send("setoption chaserule false");
    let (score, _) = search(&mut engine, escape);
    assert!(score.abs() < mate, "no rule to win by: {score}");
    let (score, best) = search(&mut engine, checks);
    assert!(score > mate, "perpetual check still loses: {score} ({best})");
    engine.send("setoption chaserule true");
    let (score, _) = search(&mut engine, escape);
    assert!(score > mate, "the rule is back: {score}");
    engine.send("setoption chaserule maybe");
    assert_eq!(engine.sync(), ["info message chaserule takes true or false"]);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn setoption_ponder_gives_each_move_a_quarter_more_time() {
    let soft = |ponder: &str| -> u64 {
        let input = format!(
            "ucci\nsetoption ponder {ponder}\nsetoption debug true\nsetoption usemillisec true\nposition startpos\ngo time 60000 depth 1\n"
        );
        let lines = transcript(input);
        let line =
            lines.iter().find(|line| line.starts_with("info message time limits")).expect("the limits");
        line.split("soft ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap()
    };
    let (off, on) = (soft("false"), soft("true"));
    assert_eq!(on, off + off / 4, "{off} ms without ponder, {on} ms with it");
    // UCI2WB's `setoption ponder 1` and `0`.
    assert_eq!((soft("0"), soft("1")), (off, on));
}

#[test]
fn endgame_table_options_are_kept_and_answered_truthfully() {
    let mut engine = ucci();
    let lines = engine.ask("isready", "readyok");
    assert_eq!(lines, ["readyok"]);
    engine.send("setoption useegtb false");
    let lines = engine.ask("isready", "readyok");
    assert_eq!(lines, ["readyok"], "turning them off needs no word");
    for option in ["setoption useegtb true", "setoption egtbpaths C:\\egtb;D:\\egtb"] {
        engine.send(option);
        let lines = engine.ask("isready", "readyok");
        assert!(
            lines
                .iter()
                .any(|line| line.starts_with("info message")
                    && line.contains("reads no xiangqi endgame tables")),
            "{option}: {lines:?}"
        );
    }
    engine.send("position startpos moves h2e2");
    let lines = engine.go("go depth 3");
    assert!(lines.iter().any(|line| line.starts_with("bestmove ")), "{lines:?}");
}

#[test]
fn debug_shows_the_time_limits_before_the_search() {
    let mut engine = ucci();
    engine.send("setoption usebook false");
    engine.send("setoption debug true");
    engine.send("position startpos moves h2e2");
    // A search of one ply answers within a millisecond: the limits must come first all the same.
    for go in ["go depth 1", "go time 1", "go depth 1", "go nodes 50", "go time 2 movestogo 1"] {
        let lines = engine.go(go);
        assert!(lines[0].starts_with("info message time limits: soft "), "{go}: {lines:#?}");
        assert_eq!(info_strings(&lines).len(), 1, "{go}: {lines:#?}");
        assert!(is_bestmove(lines.last().unwrap()), "{go}: {lines:#?}");
    }
    engine.send("setoption debug false");
    assert!(info_strings(&engine.go("go depth 1")).is_empty());
    engine.quit_within(Duration::from_secs(2));
}

/// `bench` answers with Stockfish's report, as over UCI; a bench that ends early or cannot start
/// says why in UCCI's own form, `info message` (UCCI has no `info string`).
#[test]
fn bench_reports_as_stockfish_and_says_why_it_stopped_in_an_info_message() {
    let mut engine = ucci();
    engine.send("bench 16 1 3");
    let lines = engine.until(LONG, |line| line.starts_with("Nodes/second    : "));
    let searched: Vec<u64> = lines
        .iter()
        .filter(|line| line.starts_with("depth 3 score "))
        .map(|line| field(line, "nodes").unwrap().parse().unwrap())
        .collect();
    assert_eq!(searched.len(), 13, "{lines:#?}");
    assert!(lines[0].starts_with("Position: 1/13 ("), "{lines:#?}");
    let total = format!("Nodes searched  : {}", searched.iter().sum::<u64>());
    assert!(lines.contains(&total), "{lines:#?}");
    assert!(!lines.iter().any(|line| line.starts_with("info")), "{lines:#?}");
    engine.send("bench 16 1 x");
    assert_eq!(
        engine.until(LONG, |line| line.starts_with("info")),
        ["info message bench: limit must be a whole number, not x"]
    );
    engine.send("bench 16 1 40");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("stop");
    let lines = engine.until(LONG, |line| line.contains("bench: stopped"));
    assert_eq!(lines.last().unwrap(), "info message bench: stopped", "{lines:#?}");
    engine.quit_within(Duration::from_secs(2));
}
