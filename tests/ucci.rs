//! UCCI 3.0 as ElephantEye speaks it, driven over pipes: the `ucci` handshake, the UCCI options
//! (the graded `idle`, `pruning`, `knowledge`, `randomness` and `style` each shown changing what
//! the engine does), `position`/`banmoves`/`go` in all its forms, pondering and `ponderhit [draw]`,
//! `stop`, `probe`, batch mode, draw offers and resignation, `nobestmove`, and `quit`/`bye`. Every
//! move the engine
//! names is checked against the legal moves a second engine, in UCI xiangqi mode, lists with
//! `go perft 1` for the same position.

mod support;

use std::time::{Duration, Instant};
use support::engine::{
    bestmove, field, is_bestmove, is_final, parse_divide, pv, serial, transcript, Engine, LONG,
};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
/// From the perft suite (`;D1 0`): red, to move, is checkmated.
const CHECKMATED: &str = "4kab1C/4a4/9/p8/9/P8/8P/9/6r2/3r1K3 w - - 0 50";
/// Red, to move, is not in check and has no legal move.
const STALEMATED: &str = "3k5/9/9/9/3r1r3/9/9/4p4/9/4K4 w - - 0 1";
/// Red has its king and pawns only against black's whole army: hopeless.
const HOPELESS: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/4K4 w - - 0 1";
/// Red is a horse short: worse, not lost.
const HORSE_DOWN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1";
/// Red is a horse up.
const HORSE_UP: &str = "r1bakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
/// Red, to move, is mated by black's two rooks whatever it plays.
const MATED_NEXT: &str = "3k5/9/9/9/9/9/9/r8/1r7/4K4 w - - 0 1";
/// Bare kings: nothing but a draw, after 30 plies of shuffling.
const BARE_KINGS: &str = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 30 40";
/// A middlegame after six moves of a central cannon opening, material even.
const OPENING: &str = "position startpos moves h2e2 h9g7 h0g2 i9h9 i0h0 b9c7";

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

/// An engine after the `ucci` handshake.
fn ucci() -> Engine {
    let mut engine = Engine::start();
    engine.ask("ucci", "ucciok");
    engine
}

/// The legal moves after `position` (a `position ...` command), from a UCI xiangqi engine's
/// `go perft 1`.
fn legal_moves(position: &str) -> Vec<String> {
    let mut oracle = Engine::with_args(&["--variant", "xiangqi"]);
    oracle.send(position);
    let lines = oracle.ask_prefix("go perft 1", "Nodes searched:");
    let (moves, total) = parse_divide(&lines);
    assert_eq!(moves.len() as u64, total);
    // Nothing but the blank line that ends `go perft`'s answer: no complaint about the position.
    assert!(oracle.sync().iter().all(String::is_empty), "the oracle accepted `{position}`");
    moves.into_iter().map(|(mv, _)| mv).collect()
}

fn assert_legal(position: &str, mv: &str) {
    let legal = legal_moves(position);
    assert!(legal.iter().any(|legal| legal == mv), "{mv} is not legal after `{position}`: {legal:?}");
}

/// `position` with `mv` played after it.
fn after(position: &str, mv: &str) -> String {
    if position.contains(" moves ") {
        format!("{position} {mv}")
    } else {
        format!("{position} moves {mv}")
    }
}

/// The `bestmove` line of a search's lines, checked to be legal, with its ponder move (legal in
/// the position after it).
fn checked_bestmove(position: &str, lines: &[String]) -> String {
    let best = bestmove(lines);
    assert_legal(position, &best);
    let line = lines.iter().rev().find(|line| is_bestmove(line)).unwrap();
    if let Some(ponder) = field(line, "ponder") {
        assert_legal(&after(position, &best), ponder);
    }
    best
}

/// UCCI's texts for the user: `info message` lines (UCCI has no `info string`).
fn info_strings(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("info message")).collect()
}

/// The `info depth D score S pv ...` lines.
fn depth_lines(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("info depth ")).collect()
}

/// The depths of the `info depth` lines, in order (a depth repeats when an aspiration window fails:
/// UCCI marks no bounds).
fn depths(lines: &[String]) -> Vec<u32> {
    depth_lines(lines).iter().map(|line| field(line, "depth").unwrap().parse().unwrap()).collect()
}

/// Asserts the searches reached `depth` one depth at a time.
fn assert_depths_up_to(lines: &[String], depth: u32) {
    let mut seen = depths(lines);
    assert!(seen.windows(2).all(|pair| pair[0] <= pair[1]), "{lines:#?}");
    seen.dedup();
    assert_eq!(seen, (1..=depth).collect::<Vec<_>>(), "{lines:#?}");
}

/// The FEN `d` shows.
fn fen(engine: &mut Engine) -> String {
    let lines = engine.ask_prefix("d", "Checkers:");
    lines.iter().find_map(|line| line.strip_prefix("Fen: ")).expect("a Fen line").to_string()
}

/// The words after `bestmove m [ponder m]`: `draw`, `resign` or nothing.
fn verdict(line: &str) -> Vec<&str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let skip = if words.get(2) == Some(&"ponder") { 4 } else { 2 };
    words.into_iter().skip(skip).collect()
}

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
fn go_depth_prints_depth_score_pv_and_time_nodes_lines_then_a_legal_bestmove() {
    let mut engine = ucci();
    let position = "position startpos moves h2e2 h9g7";
    engine.send(position);
    let lines = engine.go("go depth 5");
    assert_depths_up_to(&lines, 5);
    let depths = depth_lines(&lines);
    for line in &depths {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[..2], ["info", "depth"], "{line}");
        assert_eq!(words[3], "score", "{line}");
        words[4].parse::<i32>().unwrap_or_else(|_| panic!("a plain number score: {line}"));
        assert_eq!(words[5], "pv", "{line}");
        assert!(words.len() > 6, "{line}");
        assert!(!line.contains(" cp ") && !line.contains(" mate ") && !line.contains("seldepth"), "{line}");
    }
    // Each depth line is followed by `info time T nodes N`, with growing node counts.
    let mut last_nodes = 0;
    for (index, _) in lines.iter().enumerate().filter(|(_, line)| line.starts_with("info depth ")) {
        let next = &lines[index + 1];
        let words: Vec<&str> = next.split_whitespace().collect();
        assert_eq!((words.len(), words[1], words[3]), (5, "time", "nodes"), "{next}");
        words[2].parse::<u64>().unwrap();
        let nodes: u64 = words[4].parse().unwrap();
        assert!(nodes >= last_nodes, "{next}");
        last_nodes = nodes;
    }
    let best = checked_bestmove(position, &lines);
    assert_eq!(pv(depths.last().unwrap())[0], best);
    assert!(verdict(lines.last().unwrap()).is_empty(), "no draw or resign at an even start");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn nobestmove_for_depth_0_for_no_legal_move_and_for_stop_while_idle() {
    let mut engine = ucci();
    engine.send("position startpos");
    let depth_0 = engine.go("go depth 0");
    assert_eq!(depth_0.len(), 2, "the static score, then no move: {depth_0:#?}");
    assert!(depth_0[0].starts_with("info depth 0 score ") && depth_0[1] == "nobestmove");
    for fen in [CHECKMATED, STALEMATED] {
        assert!(legal_moves(&format!("position fen {fen}")).is_empty());
        engine.send(&format!("position fen {fen}"));
        assert_eq!(engine.go("go depth 4"), ["nobestmove"], "{fen}");
        // An infinite search answers when stopped, as any infinite search does, and only once.
        engine.send("go infinite");
        assert!(engine.read_for(Duration::from_millis(300)).is_empty(), "{fen}");
        engine.send("stop");
        assert_eq!(engine.until(LONG, is_final), ["nobestmove"], "{fen}");
        assert!(engine.sync().is_empty(), "{fen}");
    }
    engine.send("stop");
    assert_eq!(engine.until(LONG, |line| line == "nobestmove"), ["nobestmove"]);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn stop_right_after_a_finished_search_answers_nobestmove() {
    let mut engine = ucci();
    engine.send("position startpos");
    let mut silent = 0;
    for _ in 0..50 {
        engine.go("go depth 1");
        // The search has answered: the engine is idle.
        engine.send("stop");
        let lines = engine.sync();
        if lines != ["nobestmove"] {
            assert!(lines.is_empty(), "{lines:#?}");
            silent += 1;
        }
    }
    assert_eq!(silent, 0, "{silent} of 50 `stop`s in the idle state wrote nothing");
    engine.quit_within(Duration::from_secs(2));
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
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_nodes_stays_within_the_budget() {
    let mut engine = ucci();
    let position = "position startpos moves b0c2";
    engine.send(position);
    let lines = engine.go("go nodes 4000");
    let nodes: Vec<u64> =
        lines.iter().filter_map(|line| field(line, "nodes")).map(|nodes| nodes.parse().unwrap()).collect();
    assert!(!nodes.is_empty());
    assert!(nodes.iter().all(|&count| count <= 4000), "{lines:#?}");
    checked_bestmove(position, &lines);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_time_is_in_seconds_unless_usemillisec() {
    let _serial = serial();
    let mut engine = ucci();
    // These positions are in the default book: without it, every `go` here searches.
    engine.send("setoption usebook false");
    let position = "position startpos";
    engine.send(position);
    // 100 seconds: no answer soon.
    engine.send("go time 100");
    let early = engine.read_for(Duration::from_millis(800));
    assert!(!early.iter().any(|line| is_final(line)), "100 s read as less: {early:#?}");
    engine.send("stop");
    let lines = engine.until(Duration::from_secs(2), is_final);
    checked_bestmove(position, &lines);
    // A second with a fraction: about a second at most.
    let start = Instant::now();
    let lines = engine.go("go time 1.5 movestogo 1");
    assert!(start.elapsed() < Duration::from_secs(4), "{:?}", start.elapsed());
    checked_bestmove(position, &lines);
    // In milliseconds, 100 is a tenth of a second.
    engine.send("setoption usemillisec true");
    let start = Instant::now();
    let lines = engine.go("go time 100");
    assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
    checked_bestmove(position, &lines);
    engine.send("setoption usemillisec false");
    engine.send("go time 100");
    assert!(!engine.read_for(Duration::from_millis(800)).iter().any(|line| is_final(line)));
    engine.send("stop");
    engine.until(Duration::from_secs(2), is_final);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_time_reads_movestogo_increment_and_the_opponent_clock() {
    let _serial = serial();
    let mut engine = ucci();
    engine.send("setoption usebook false");
    engine.send("setoption usemillisec true");
    for (position, go) in [
        ("position startpos", "go time 2000 movestogo 20 opptime 2000 oppmovestogo 20"),
        ("position startpos moves h2e2", "go time 500 increment 20 opptime 900000 oppincrement 1000"),
        ("position startpos moves h2e2 h9g7", "go draw time 500 increment 0"),
        ("position startpos moves h2e2 h9g7 h0g2", "go time 600"),
    ] {
        engine.send(position);
        let start = Instant::now();
        let lines = engine.go(go);
        assert!(start.elapsed() < Duration::from_secs(3), "{go}: {:?}", start.elapsed());
        assert!(info_strings(&lines).is_empty(), "{go}: {lines:#?}");
        checked_bestmove(position, &lines);
    }
    // Words that mean nothing are reported.
    engine.send("position startpos");
    let lines = engine.go("go depth 2 wibble");
    assert_eq!(info_strings(&lines).len(), 1, "{lines:#?}");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_infinite_and_go_depth_infinite_wait_for_stop() {
    let _serial = serial();
    let mut engine = ucci();
    let position = "position startpos moves c3c4";
    engine.send(position);
    for go in ["go infinite", "go depth infinite"] {
        engine.send(go);
        let early = engine.read_for(Duration::from_millis(800));
        assert!(!early.iter().any(|line| is_final(line)), "{go}: {early:#?}");
        assert!(early.iter().any(|line| line.starts_with("info depth ")), "{go} searches: {early:#?}");
        assert!(engine.sync().iter().all(|line| !is_final(line)), "isready does not stop it");
        let start = Instant::now();
        engine.send("stop");
        let lines = engine.until(Duration::from_secs(2), is_final);
        assert!(start.elapsed() < Duration::from_secs(2));
        checked_bestmove(position, &lines);
    }
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_ponder_waits_for_ponderhit_then_plays_on_its_clock() {
    let _serial = serial();
    let mut engine = ucci();
    engine.send("setoption ponder true");
    let position = "position startpos moves h2e2 h9g7";
    engine.send(position);
    engine.send("go ponder time 1");
    let early = engine.read_for(Duration::from_millis(1200));
    assert!(!early.iter().any(|line| is_final(line)), "{early:#?}");
    engine.send("ponderhit");
    let lines = engine.until(Duration::from_secs(4), is_final);
    checked_bestmove(position, &lines);
    // A ponder search with a depth limit also waits for the hit.
    engine.send("go ponder depth 3");
    assert!(!engine.read_for(Duration::from_millis(600)).iter().any(|line| is_final(line)));
    engine.send("stop");
    checked_bestmove(position, &engine.until(Duration::from_secs(2), is_final));
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn draw_offers_are_accepted_only_when_worse_and_hopeless_games_are_resigned() {
    let mut engine = ucci();
    let hopeless = format!("position fen {HOPELESS}");
    // One bad score may be a horizon effect: the engine resigns on its third search in a row
    // that judges the game lost, and a better search in between starts the count again.
    for attempt in 1..=2 {
        engine.send(&hopeless);
        let lines = engine.go("go depth 4");
        checked_bestmove(&hopeless, &lines);
        assert!(verdict(lines.last().unwrap()).is_empty(), "search {attempt}: {lines:#?}");
    }
    engine.send(&format!("position fen {HORSE_UP}"));
    assert!(verdict(engine.go("go depth 4").last().unwrap()).is_empty());
    for attempt in 1..=3 {
        engine.send(&hopeless);
        let lines = engine.go("go depth 4");
        checked_bestmove(&hopeless, &lines);
        let expected: &[&str] = if attempt == 3 { &["resign"] } else { &[] };
        assert_eq!(verdict(lines.last().unwrap()), expected, "search {attempt}: {lines:#?}");
    }
    // Offered a draw there, the engine takes it rather than resign.
    engine.send(&hopeless);
    let lines = engine.go("go draw depth 4");
    checked_bestmove(&hopeless, &lines);
    assert_eq!(verdict(lines.last().unwrap()), ["draw"], "{lines:#?}");

    let worse = format!("position fen {HORSE_DOWN}");
    engine.send(&worse);
    let lines = engine.go("go draw depth 4");
    checked_bestmove(&worse, &lines);
    assert_eq!(verdict(lines.last().unwrap()), ["draw"], "{lines:#?}");
    let lines = engine.go("go depth 4");
    assert!(verdict(lines.last().unwrap()).is_empty(), "no offer, no draw: {lines:#?}");

    let better = format!("position fen {HORSE_UP}");
    engine.send(&better);
    let lines = engine.go("go draw depth 4");
    checked_bestmove(&better, &lines);
    assert!(verdict(lines.last().unwrap()).is_empty(), "a better side plays on: {lines:#?}");

    // The offer may come with the ponder hit.
    engine.send(&worse);
    engine.send("go ponder depth 4");
    assert!(!engine.read_for(Duration::from_millis(500)).iter().any(|line| is_final(line)));
    engine.send("ponderhit draw");
    let lines = engine.until(Duration::from_secs(4), is_final);
    checked_bestmove(&worse, &lines);
    assert_eq!(verdict(lines.last().unwrap()), ["draw"], "{lines:#?}");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn a_dead_drawn_position_after_long_shuffling_gets_a_draw_offer() {
    let mut engine = ucci();
    // Bare kings after 30 plies without a capture: the search sees the draw and offers it.
    let dead = "position fen 4k4/9/9/9/9/9/9/9/9/3K5 w - - 30 40";
    engine.send(dead);
    let lines = engine.go("go depth 4");
    checked_bestmove(dead, &lines);
    assert_eq!(verdict(lines.last().unwrap()), ["draw"], "{lines:#?}");
    // The same material fresh after a capture is not offered yet: the rule wants shuffling first.
    let fresh = "position fen 4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 40";
    engine.send(fresh);
    let lines = engine.go("go depth 4");
    assert!(verdict(lines.last().unwrap()).is_empty(), "{lines:#?}");
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
fn long_searches_report_the_move_being_searched() {
    let mut engine = ucci();
    engine.send("position startpos");
    engine.send("go depth 40");
    std::thread::sleep(Duration::from_millis(1_800));
    engine.send("stop");
    let lines = engine.until(LONG, is_final);
    let current: Vec<&String> = lines.iter().filter(|line| line.starts_with("info currmove ")).collect();
    assert!(!current.is_empty(), "{lines:#?}");
    for line in current {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(
            words.len() == 5 && words[3] == "currmovenumber" && words[4].parse::<u32>().is_ok(),
            "{line}"
        );
    }
    engine.send("quit");
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

/// The `option` line `ucci` lists for `name`.
fn option_line(lines: &[String], name: &str) -> String {
    let prefix = format!("option {name} type ");
    lines
        .iter()
        .find(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {name}: {lines:#?}"))
        .clone()
}

#[test]
fn bookfiles_and_the_graded_options_are_listed_as_elephanteye_lists_them() {
    let mut engine = Engine::start();
    let lines = engine.ask("ucci", "ucciok");
    // A GUI builds its settings from these lines: the book's files are a string, whose default
    // names the book compiled in.
    assert_eq!(option_line(&lines, "bookfiles"), "option bookfiles type string default <embedded>");
    // ElephantEye 3.31's own lines, word for word.
    for line in [
        "option idle type combo var none var small var medium var large default none",
        "option pruning type combo var none var small var medium var large default large",
        "option knowledge type combo var none var small var medium var large default large",
        "option randomness type combo var none var tiny var small var medium var large var huge default none",
    ] {
        let name = line.split_whitespace().nth(1).unwrap();
        assert_eq!(option_line(&lines, name), line);
    }
    // `style`, which ElephantEye accepts but does not list, with the grades of the UCCI text.
    assert_eq!(
        option_line(&lines, "style"),
        "option style type combo var solid var normal var risky default normal"
    );
    // Every grade listed is accepted without a word; the defaults change nothing.
    for line in lines.iter().filter(|line| line.contains(" type combo ")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.windows(2).filter(|pair| pair[0] == "var") {
            engine.send(&format!("setoption {} {}", words[1], pair[1]));
            assert!(engine.sync().is_empty(), "{} {}", words[1], pair[1]);
        }
    }
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn a_draw_offered_while_being_mated_is_accepted_rather_than_resigned() {
    let mut engine = ucci();
    let mated = format!("position fen {MATED_NEXT}");
    engine.send(&mated);
    let lines = engine.go("go depth 4");
    checked_bestmove(&mated, &lines);
    assert_eq!(verdict(lines.last().unwrap()), ["resign"], "no offer: a mate resigns: {lines:#?}");
    // ElephantEye answers a draw offer in a lost game with `draw`, and so does this engine.
    for go in ["go draw depth 4", "go depth 4 draw"] {
        let lines = engine.go(go);
        checked_bestmove(&mated, &lines);
        assert_eq!(verdict(lines.last().unwrap()), ["draw"], "{go}: {lines:#?}");
    }
    engine.quit_within(Duration::from_secs(2));
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

/// The nodes the search reported last (`info time T nodes N`) before its answer.
fn final_nodes(lines: &[String]) -> u64 {
    let line = lines.iter().rev().find(|line| line.starts_with("info time ")).expect("an info time line");
    field(line, "nodes").unwrap().parse().unwrap()
}

#[test]
fn pruning_levels_search_more_nodes_the_less_they_prune() {
    let _serial = serial();
    let mut engine = ucci();
    let search = |engine: &mut Engine, setting: Option<&str>| {
        // From an empty table and fresh histories, a search of one thread is the same every time.
        engine.send("setoption newgame");
        if let Some(grade) = setting {
            engine.send(&format!("setoption pruning {grade}"));
        }
        engine.send(OPENING);
        let lines = engine.go("go depth 6");
        assert_depths_up_to(&lines, 6);
        checked_bestmove(OPENING, &lines);
        final_nodes(&lines)
    };
    let default = search(&mut engine, None);
    let nodes: Vec<u64> =
        ["none", "small", "medium", "large"].iter().map(|grade| search(&mut engine, Some(grade))).collect();
    // Full width, reductions, reductions and null move, everything: each level prunes more.
    assert!(nodes.windows(2).all(|pair| pair[0] > pair[1]), "none, small, medium, large: {nodes:?}");
    assert!(nodes[0] > 10 * nodes[3], "{nodes:?}");
    assert_eq!(nodes[3], default, "`large` is the default search, node for node");
    engine.quit_within(Duration::from_secs(2));
}

/// The score of `go depth 0` (the static evaluation the search uses).
fn static_score(engine: &mut Engine) -> i32 {
    let lines = engine.go("go depth 0");
    assert_eq!(lines.len(), 2, "{lines:#?}");
    field(&lines[0], "score").unwrap().parse().unwrap()
}

#[test]
fn knowledge_levels_evaluate_with_less_the_lower_they_go() {
    let mut engine = ucci();
    let knowledge = |engine: &mut Engine, grade: &str| {
        engine.send(&format!("setoption knowledge {grade}"));
        static_score(engine)
    };
    // Even material, the pieces on other squares: material alone sees nothing, the tables do.
    engine.send(OPENING);
    let full = static_score(&mut engine);
    let [none, small, medium, large] =
        ["none", "small", "medium", "large"].map(|grade| knowledge(&mut engine, grade));
    assert_eq!(none, 0, "material alone");
    assert_ne!(small, 0, "material and piece-square tables");
    assert_eq!(large, full, "`large` is the default evaluation");
    // `medium` is the linear evaluation, whatever `usennue` says; `large` follows `usennue`.
    engine.send("setoption usennue false");
    assert_eq!(knowledge(&mut engine, "large"), medium);
    assert_eq!(knowledge(&mut engine, "medium"), medium);
    engine.send("setoption usennue true");
    assert_ne!(medium, large, "the network and the linear evaluation disagree here");
    // A horse up, material alone counts the horse: about 100 in UCCI's unit.
    engine.send(&format!("position fen {HORSE_UP}"));
    let horse = knowledge(&mut engine, "none");
    assert!((60..=160).contains(&horse), "{horse}");
    // The search evaluates with it too: pawns too far apart to meet keep material even, and a
    // search by material alone scores every line 0; the tables see red's pawn across the river.
    let pawns = "position fen 4k4/9/9/p7P/9/9/9/9/9/3K5 w - - 0 1";
    engine.send(pawns);
    let lines = engine.go("go depth 5");
    checked_bestmove(pawns, &lines);
    assert!(depth_lines(&lines).iter().all(|line| field(line, "score") == Some("0")), "{lines:#?}");
    engine.send("setoption knowledge small");
    let lines = engine.go("go depth 5");
    assert_ne!(field(depth_lines(&lines).last().unwrap(), "score"), Some("0"), "{lines:#?}");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn randomness_plays_one_of_the_near_equal_moves() {
    let mut engine = ucci();
    engine.send("setoption usebook false");
    let played = |engine: &mut Engine| -> Vec<String> {
        let mut moves = Vec::new();
        for _ in 0..16 {
            engine.send("setoption newgame");
            engine.send("position startpos");
            let lines = engine.go("go depth 4");
            // One line per depth (no aspiration window below depth 5): the other lines the choice
            // needs are not shown, as UCCI has no `multipv`.
            assert_eq!(depths(&lines), [1, 2, 3, 4], "{lines:#?}");
            moves.push(checked_bestmove("position startpos", &lines));
        }
        moves.sort();
        moves.dedup();
        moves
    };
    let best = played(&mut engine);
    assert_eq!(best.len(), 1, "`randomness none` plays the best move every time: {best:?}");
    engine.send("setoption randomness huge");
    let chosen = played(&mut engine);
    assert!(chosen.len() >= 2, "16 searches all chose {chosen:?}");
    engine.send("setoption randomness none");
    assert_eq!(played(&mut engine), best);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn style_values_a_draw_above_or_below_zero() {
    let mut engine = ucci();
    let position = format!("position fen {BARE_KINGS}");
    engine.send(&position);
    let mut scores = Vec::new();
    for style in ["solid", "normal", "risky"] {
        engine.send(&format!("setoption style {style}"));
        let lines = engine.go("go depth 4");
        checked_bestmove(&position, &lines);
        // Every line draws: the score is what a draw is worth to the engine, and the engine still
        // offers the draw it sees.
        let depth_scores: Vec<i32> =
            depth_lines(&lines).iter().map(|line| field(line, "score").unwrap().parse().unwrap()).collect();
        assert!(depth_scores.windows(2).all(|pair| pair[0] == pair[1]), "{style}: {lines:#?}");
        assert_eq!(verdict(lines.last().unwrap()), ["draw"], "{style}: {lines:#?}");
        scores.push(depth_scores[0]);
    }
    assert!(scores[0] > 0 && scores[1] == 0 && scores[2] < 0, "solid, normal, risky: {scores:?}");
    assert_eq!(scores[0], -scores[2]);
    engine.quit_within(Duration::from_secs(2));
}

/// Of the time the engine's search thread did not spend waiting for a processor during `period`,
/// the share it ran; the rest it slept. From the scheduler's counts
/// (`/proc/<pid>/task/<tid>/schedstat`: time run, time waited to run), so that the machine's
/// other load, which only adds waiting, does not blur it.
#[cfg(target_os = "linux")]
fn search_thread_running_share(engine: &Engine, period: Duration) -> f64 {
    let pid = engine.id();
    let search_thread = std::fs::read_dir(format!("/proc/{pid}/task"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|task| std::fs::read_to_string(task.join("comm")).is_ok_and(|name| name.trim() == "search"))
        .expect("a search thread");
    let counts = || -> (u64, u64) {
        let stat = std::fs::read_to_string(search_thread.join("schedstat")).unwrap();
        let mut fields = stat.split_whitespace().map(|field| field.parse::<u64>().unwrap());
        (fields.next().unwrap(), fields.next().unwrap())
    };
    let (start, (ran_before, waited_before)) = (Instant::now(), counts());
    std::thread::sleep(period);
    let (ran, waited) = counts();
    let elapsed = start.elapsed().as_nanos() as f64;
    (ran - ran_before) as f64 / (elapsed - (waited - waited_before) as f64)
}

#[cfg(target_os = "linux")]
#[test]
fn idle_leaves_a_share_of_the_processor_to_other_programs() {
    let _serial = serial();
    let mut engine = ucci();
    engine.send("position startpos moves c3c4");
    let mut shares = Vec::new();
    for grade in ["none", "small", "medium", "large"] {
        engine.send(&format!("setoption idle {grade}"));
        engine.send("go infinite");
        engine.read_for(Duration::from_millis(200));
        shares.push(search_thread_running_share(&engine, Duration::from_millis(1500)));
        let start = Instant::now();
        engine.send("stop");
        checked_bestmove("position startpos moves c3c4", &engine.until(Duration::from_secs(2), is_final));
        assert!(start.elapsed() < Duration::from_millis(500), "{grade}: stop took {:?}", start.elapsed());
    }
    // `none` never sleeps; `small`, `medium` and `large` sleep at least a quarter, a half and three
    // quarters of the time they do not wait (a busy machine makes them sleep more: the thread
    // rests in proportion to the time its work took).
    assert!(shares[0] > 0.9, "none, small, medium, large: {shares:?}");
    assert!(shares[1] < 0.8 && shares[2] < 0.55 && shares[3] < 0.3, "none, small, medium, large: {shares:?}");
    assert!(shares.windows(2).all(|pair| pair[0] > pair[1]), "none, small, medium, large: {shares:?}");
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
