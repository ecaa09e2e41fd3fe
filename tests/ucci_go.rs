//! UCCI 3.0's searches as ElephantEye's GUIs drive them over pipes: `go depth`, `nodes`, `time`
//! (milliseconds, or seconds with `usemillisec` off, with `movestogo`, `increment` and the opponent's
//! clock), `infinite` and `ponder` with `ponderhit` and `stop`, the `info` lines a search writes,
//! `nobestmove`, and the draw offers (`go draw`, `ponderhit draw`) and resignations a `bestmove`
//! carries. Every move the engine names is checked against the legal moves a second engine, in UCI
//! xiangqi mode, lists with `go perft 1` for the same position.

mod support;

use std::time::{Duration, Instant};
use support::engine::{field, is_final, pv, serial, LONG};
use support::ucci::{
    assert_depths_up_to, checked_bestmove, depth_lines, info_strings, legal_moves, ucci, verdict, HORSE_UP,
};

/// From the perft suite (`;D1 0`): red, to move, is checkmated.
const CHECKMATED: &str = "4kab1C/4a4/9/p8/9/P8/8P/9/6r2/3r1K3 w - - 0 50";
/// Red, to move, is not in check and has no legal move.
const STALEMATED: &str = "3k5/9/9/9/3r1r3/9/9/4p4/9/4K4 w - - 0 1";
/// Red has its king and pawns only against black's whole army: hopeless.
const HOPELESS: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/4K4 w - - 0 1";
/// Red is a horse short: worse, not lost.
const HORSE_DOWN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1";

/// Red, to move, is mated by black's two rooks whatever it plays.
const MATED_NEXT: &str = "3k5/9/9/9/9/9/9/r8/1r7/4K4 w - - 0 1";

#[test]
fn a_mate_on_the_last_ply_of_the_no_capture_count_is_played_not_offered_as_a_draw() {
    let mut engine = ucci();
    engine.send("position fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 119 80");
    let lines = engine.go("go depth 6");
    assert_eq!(lines.last().unwrap(), "bestmove b0b9", "{lines:?}");
    assert_eq!(field(depth_lines(&lines).last().unwrap(), "score"), Some("9999"), "{lines:?}");
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
fn a_score_is_shown_only_once_the_iteration_has_settled_it() {
    // UCCI has no mark for a bound, and a GUI plots every `score`: an aspiration window's failed
    // score (and the cut line with it) is not shown. This search fails at depth 7.
    let mut engine = ucci();
    engine.send("setoption usebook false");
    let position = "position startpos moves h2e2";
    engine.send(position);
    let lines = engine.go("go depth 12");
    let seen = support::ucci::depths(&lines);
    assert_eq!(seen, (1..=12).collect::<Vec<u32>>(), "one line a depth: {lines:#?}");
    checked_bestmove(position, &lines);
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

/// UCI's `movetime`, which GUIs that drive UCI and UCCI engines alike send (QBoard), with no `stop`
/// after it: the move comes by itself, in milliseconds whatever `usemillisec` says.
#[test]
fn go_movetime_answers_by_itself_in_milliseconds() {
    let _serial = serial();
    let mut engine = ucci();
    engine.send("setoption usebook false");
    let position = "position startpos moves h2e2 h9g7";
    engine.send(position);
    for usemillisec in ["true", "false"] {
        engine.send(&format!("setoption usemillisec {usemillisec}"));
        let start = Instant::now();
        engine.send("go movetime 300");
        let lines = engine.until(Duration::from_secs(5), is_final);
        assert!(start.elapsed() < Duration::from_secs(3), "{usemillisec}: {:?}", start.elapsed());
        assert!(info_strings(&lines).is_empty(), "movetime is read, not ignored: {lines:#?}");
        checked_bestmove(position, &lines);
    }
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_time_is_in_milliseconds_unless_usemillisec_is_off() {
    let _serial = serial();
    let mut engine = ucci();
    // These positions are in the default book: without it, every `go` here searches.
    engine.send("setoption usebook false");
    let position = "position startpos";
    engine.send(position);
    // Milliseconds by default, as ElephantEye reads every clock: 100 is a tenth of a second.
    let start = Instant::now();
    let lines = engine.go("go time 100");
    assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
    checked_bestmove(position, &lines);
    // In seconds, 100 is no answer soon.
    engine.send("setoption usemillisec false");
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
    // Milliseconds again.
    engine.send("setoption usemillisec true");
    let start = Instant::now();
    let lines = engine.go("go time 100");
    assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
    checked_bestmove(position, &lines);
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
    // Words that mean nothing are reported, and so are `inf` and `nan`, which are no number.
    engine.send("position startpos");
    let lines = engine.go("go depth 2 wibble");
    assert_eq!(info_strings(&lines).len(), 1, "{lines:#?}");
    for go in ["go depth 2 time inf", "go depth 2 time nan", "go depth nan nodes 2000"] {
        let lines = engine.go(go);
        assert_eq!(info_strings(&lines).len(), 1, "{go}: {lines:#?}");
        checked_bestmove("position startpos", &lines);
    }
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
fn draw_offers_are_accepted_when_worse_or_dead_drawn_and_hopeless_games_are_resigned() {
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

    // A dead draw (bare advisors: every depth scores it exactly a draw), with no shuffling behind
    // it: offered a draw, the engine takes it; not offered one, it plays on.
    let dead = "position fen 3ak4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
    engine.send(dead);
    let lines = engine.go("go draw depth 6");
    checked_bestmove(dead, &lines);
    assert_eq!(verdict(lines.last().unwrap()), ["draw"], "{lines:#?}");
    assert!(verdict(engine.go("go depth 6").last().unwrap()).is_empty());

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

#[test]
fn long_searches_report_the_move_being_searched() {
    let mut engine = ucci();
    engine.send("position startpos");
    // `currmove` lines start after three seconds of search, as Stockfish's, at the next root move
    // searched: the search is stopped once one is out, not at a fixed time, because one root move
    // of a deep iteration can outlast any fixed wait on a loaded machine.
    let started = Instant::now();
    engine.send("go depth 40");
    let mut lines = engine.until(LONG, |line| line.starts_with("info currmove "));
    assert!(started.elapsed() >= Duration::from_secs(3), "currmove after {:?}", started.elapsed());
    engine.send("stop");
    lines.extend(engine.until(LONG, is_final));
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
