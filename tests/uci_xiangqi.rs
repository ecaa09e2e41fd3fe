//! Xiangqi over UCI as Pikafish speaks it, driven over pipes: choosing the game (`--variant`,
//! `UCI_Variant`, a FEN), the position and search commands, the extras (`d`, `flip`, `eval`, `bench`,
//! `go perft`, `compiler`) and the options. Every bestmove is checked against the legal moves
//! `go perft 1` lists in the same position (the move generator itself is proven by the perft suite,
//! which one test below also runs through the protocol at shallow depths).

mod support;

use std::time::{Duration, Instant};
use support::engine::{
    bestmove, field, is_bestmove, parse_divide, pv, pv_lines, run, serial, transcript, Engine, LONG,
};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Red mates with i1i9: the rook on a8 holds rank 8, the red king on d0 holds the d file (the
/// kings may not face each other), and the rook on i9 holds rank 9.
const MATE_IN_1: &str = "4k4/R8/9/9/9/9/9/9/8R/3K5 w - - 0 1";
const MATE_MOVE: &str = "i1i9";
/// From the perft suite (`;D1 0`): red, to move, is checkmated by the rook on d0.
const CHECKMATED: &str = "4kab1C/4a4/9/p8/9/P8/8P/9/6r2/3r1K3 w - - 0 50";
/// Red, to move, is not in check but has no legal move (rooks on d5 and f5, a pawn on e2): in
/// xiangqi that loses, as a checkmate does.
const STALEMATED: &str = "3k5/9/9/9/3r1r3/9/9/4p4/9/4K4 w - - 0 1";
const SUITE: &str = include_str!("data/xiangqi/perft.epd");

/// A UCI engine already in xiangqi by `--variant xiangqi`.
fn xiangqi() -> Engine {
    Engine::with_args(&["--variant", "xiangqi"])
}

/// The `go perft N` divide and total in the engine's current position.
fn divide(engine: &mut Engine, depth: u32) -> (Vec<(String, u64)>, u64) {
    let lines = engine.ask_prefix(&format!("go perft {depth}"), "Nodes searched:");
    // The answer ends with a blank line after the total, as Stockfish's does.
    assert_eq!(engine.until(Duration::from_secs(5), str::is_empty), [""]);
    parse_divide(&lines)
}

/// The legal moves in the engine's current position, from `go perft 1`.
fn legal_moves(engine: &mut Engine) -> Vec<String> {
    let (moves, total) = divide(engine, 1);
    assert_eq!(moves.len() as u64, total);
    moves.into_iter().map(|(mv, _)| mv).collect()
}

/// The FEN `d` shows.
fn fen(engine: &mut Engine) -> String {
    let lines = engine.ask_prefix("d", "Checkers:");
    lines.iter().find_map(|line| line.strip_prefix("Fen: ")).expect("a Fen line").to_string()
}

/// The number `eval` prints.
fn eval(engine: &mut Engine) -> i32 {
    let lines = engine.ask_prefix("eval", "Static evaluation");
    eval_value(lines.last().unwrap())
}

/// The number of the line `Static evaluation (side to move): N cp`.
fn eval_value(line: &str) -> i32 {
    let value = line.strip_prefix("Static evaluation (side to move): ").expect(line);
    value.strip_suffix(" cp").expect(line).parse().expect(line)
}

/// The `info string` lines among `lines`.
fn info_strings(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("info string")).collect()
}

/// Largest `nodes` of any info line.
fn max_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .filter_map(|line| field(line, "nodes"))
        .map(|nodes| nodes.parse::<u64>().unwrap())
        .max()
        .unwrap_or(0)
}

/// `fen` with the colours swapped and the board turned upside down, as `flip` makes it.
fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
                .collect()
        })
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut out = vec![board.join("/"), side.to_string()];
    out.extend(fields[2..].iter().map(|field| field.to_string()));
    out.join(" ")
}

/// `position` (a `position ...` command) with `mv` played after it.
fn after(position: &str, mv: &str) -> String {
    if position.contains(" moves ") {
        format!("{position} {mv}")
    } else {
        format!("{position} moves {mv}")
    }
}

/// Asserts `mv` is one of the legal moves of `position` (a `position ...` command), and leaves the
/// engine in that position.
fn assert_legal(engine: &mut Engine, position: &str, mv: &str) {
    assert!(!mv.is_empty());
    engine.send(position);
    let legal = legal_moves(engine);
    assert!(legal.iter().any(|legal| legal == mv), "{mv} is not legal after `{position}`: {legal:?}");
}

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
fn go_perft_3_from_the_start_divides_into_44_moves_summing_to_79666() {
    let mut engine = xiangqi();
    engine.send("position startpos");
    let (moves, total) = divide(&mut engine, 3);
    assert_eq!(moves.len(), 44);
    assert_eq!(total, 79_666);
    assert_eq!(moves.iter().map(|(_, count)| count).sum::<u64>(), 79_666);
    let mut names: Vec<&str> = moves.iter().map(|(mv, _)| mv.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 44, "every root move once");
    assert!(names.contains(&"h2e2") && names.contains(&"b0c2") && names.contains(&"e0e1"));
    // `go perft 0` and a depth that is not a number.
    assert_eq!(divide(&mut engine, 0), (Vec::new(), 1));
    engine.send("go perft x");
    let lines = engine.sync();
    assert_eq!(info_strings(&lines).len(), 1, "{lines:#?}");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_perft_matches_the_suite_at_shallow_depths() {
    let mut engine = xiangqi();
    let mut checked = 0;
    for case in support::perft_file::load(SUITE) {
        engine.send(&format!("position fen {}", case.setup));
        for &(depth, expected) in case.counts.iter().filter(|(depth, _)| *depth <= 2) {
            let (_, total) = divide(&mut engine, depth);
            assert_eq!(total, expected, "perft.epd:{} depth {depth}", case.line);
            checked += 1;
        }
    }
    assert!(checked >= 100, "only {checked} counts checked");
    assert!(info_strings(&engine.sync()).is_empty(), "every suite FEN is accepted");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn d_shows_the_fen_and_flip_mirrors_it() {
    let mut engine = xiangqi();
    engine.send("position startpos moves h2e2");
    let before = fen(&mut engine);
    assert_eq!(before, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    let lines = engine.ask_prefix("d", "Checkers:");
    assert!(lines.iter().any(|line| line.trim() == "a   b   c   d   e   f   g   h   i"), "{lines:#?}");
    let eval_before = eval(&mut engine);
    engine.send("flip");
    let after = fen(&mut engine);
    assert_eq!(after, mirror_fen(&before));
    assert_eq!(after, "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 1 1");
    assert_eq!(eval(&mut engine), eval_before, "the mirrored position is the same for the side to move");
    // The flipped position is searchable and its moves are red's.
    let lines = engine.go("go depth 3");
    let best = bestmove(&lines);
    assert!(legal_moves(&mut engine).contains(&best));
    engine.send("flip");
    assert_eq!(fen(&mut engine), before);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn eval_prints_a_static_evaluation_for_the_side_to_move() {
    let mut engine = xiangqi();
    // Black is a rook short.
    let red_up = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    engine.send(&format!("position fen {red_up} w - - 0 1"));
    let red_to_move = eval(&mut engine);
    engine.send(&format!("position fen {red_up} b - - 0 1"));
    let black_to_move = eval(&mut engine);
    assert!(red_to_move > 300, "red a rook up: {red_to_move}");
    assert!(black_to_move < -300, "black a rook down: {black_to_move}");
    engine.send("position startpos");
    assert!(eval(&mut engine).abs() < 100, "the start is about even");
    engine.quit_within(Duration::from_secs(2));
}

/// A cell of the trace table or footer, in pawns with two decimals (`+1.25`), as centipawns.
fn centipawns(text: &str) -> i32 {
    text.replace('.', "").parse().unwrap_or_else(|_| panic!("not pawns: {text}"))
}

/// The text after `prefix` in the one line of `lines` that starts with it.
fn line_after<'a>(lines: &'a [String], prefix: &str) -> &'a str {
    lines
        .iter()
        .find_map(|line| line.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no {prefix}: {lines:#?}"))
}

/// Runs `eval` and checks its trace's arithmetic: every row's total is red's value minus black's,
/// the rows add up to the total row, the phase tapers the total to the tapered score, the tempo
/// makes it the final score, and that is the one-line static evaluation turned to red's side.
/// Returns the static evaluation (side to move) and the rows by name.
fn eval_trace(engine: &mut Engine, red_to_move: bool) -> (i32, Vec<(String, [i32; 6])>) {
    let lines = engine.ask_prefix("eval", "Static evaluation");
    let rows: Vec<(String, [i32; 6])> = lines
        .iter()
        .filter(|line| line.contains(" | ") && !line.contains("MG") && !line.contains("Term"))
        .map(|line| {
            let (name, cells) = line.split_once(" | ").unwrap();
            let cells: Vec<i32> =
                cells.split_whitespace().filter(|cell| *cell != "|").map(centipawns).collect();
            (name.trim().to_string(), cells.try_into().unwrap_or_else(|_| panic!("six cells: {line}")))
        })
        .collect();
    let names: Vec<&str> = rows.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Material",
            "Kings",
            "Advisors",
            "Elephants",
            "Horses",
            "Rooks",
            "Cannons",
            "Pawns",
            "Rook mobility",
            "Horse mobility",
            "Cannon mobility",
            "King file",
            "King attack",
            "Missing guards",
            "Threats",
            "Total",
        ],
        "{lines:#?}"
    );
    let (terms, total) = rows.split_at(rows.len() - 1);
    let total = total[0].1;
    for (name, [red_mg, red_eg, black_mg, black_eg, mg, eg]) in &rows {
        assert_eq!((*mg, *eg), (red_mg - black_mg, red_eg - black_eg), "{name}: {lines:#?}");
    }
    for column in 0..6 {
        assert_eq!(terms.iter().map(|(_, cells)| cells[column]).sum::<i32>(), total[column], "{lines:#?}");
    }
    // "Phase: 16/16 (middlegame weight), tapered: +0.11 (red side)"
    let (phase, rest) = line_after(&lines, "Phase: ").split_once(" (middlegame weight), tapered: ").unwrap();
    let (phase, phase_max) = phase.split_once('/').unwrap();
    let (phase, phase_max): (i32, i32) = (phase.parse().unwrap(), phase_max.parse().unwrap());
    let tapered = centipawns(rest.strip_suffix(" (red side)").unwrap());
    assert_eq!(tapered, (total[4] * phase + total[5] * (phase_max - phase)) / phase_max, "{lines:#?}");
    let (tempo, mover) = line_after(&lines, "Tempo: ").split_once(" (side to move: ").unwrap();
    assert_eq!(mover, if red_to_move { "red)" } else { "black)" });
    let tempo = if red_to_move { centipawns(tempo) } else { -centipawns(tempo) };
    let red = centipawns(line_after(&lines, "Final evaluation: ").strip_suffix(" (red side)").unwrap());
    assert_eq!(red, tapered + tempo, "{lines:#?}");
    let static_eval = eval_value(lines.last().unwrap());
    assert_eq!(static_eval, if red_to_move { red } else { -red }, "the trace disagrees: {lines:#?}");
    (static_eval, rows)
}

#[test]
fn eval_prints_the_term_trace_that_adds_up_to_the_static_evaluation() {
    let mut engine = xiangqi();
    engine.send("position startpos moves h2e2 h9g7");
    let (_, rows) = eval_trace(&mut engine, true);
    // Red's central cannon on e2 aims at the king over two pieces (e3 and e6 pawns): central
    // cannon pressure, red's only on the king's file.
    let king_file = rows.iter().find(|(name, _)| name == "King file").unwrap().1;
    assert!(king_file[0] > 0 && king_file[2] == 0, "{king_file:?}");
    // From the perft suite: black to move, the sides' threats and king attack under way.
    engine.send("position fen 2r1kab2/4a3C/2n1b3n/3Pp3p/2R1P4/P6rP/3N1cc2/2N1C4/4A4/2BAK1B1R b - - 0 29");
    let (static_eval, rows) = eval_trace(&mut engine, false);
    assert_eq!(static_eval, eval(&mut engine));
    let threats = rows.iter().find(|(name, _)| name == "Threats").unwrap().1;
    assert!(threats[0] > 0 && threats[2] > 0, "{threats:?}");
    // Bare black palace under four red attackers: the missing guards cost black.
    engine.send("position fen 4k4/9/9/2RR2H2/P8/9/9/9/9/3K5 w - - 0 1");
    let (_, rows) = eval_trace(&mut engine, true);
    let guards = rows.iter().find(|(name, _)| name == "Missing guards").unwrap().1;
    assert!(guards[2] < 0 && guards[0] == 0, "{guards:?}");
    engine.quit_within(Duration::from_secs(2));
}

fn bench_run(args: &str) -> (u64, Vec<String>) {
    let mut engine = xiangqi();
    let lines = engine.ask_prefix(&format!("bench {args}"), "Nodes/second");
    let nodes = lines
        .iter()
        .find_map(|line| line.strip_prefix("Nodes searched"))
        .and_then(|rest| rest.trim_start_matches([' ', ':']).parse().ok())
        .expect("a Nodes searched line");
    let moves = lines.iter().filter(|line| line.contains("bestmove")).cloned().collect();
    engine.quit_within(Duration::from_secs(2));
    (nodes, moves)
}

#[test]
fn bench_is_deterministic_and_searches_xiangqi_positions() {
    let _serial = serial();
    let (nodes, moves) = bench_run("16 1 6");
    assert!(nodes > 0);
    assert!(moves.len() >= 5, "{moves:#?}");
    assert_eq!(bench_run("16 1 6"), (nodes, moves.clone()));
    // The same from the command line.
    let output = run(&["--variant", "xiangqi", "bench", "16", "1", "6"], "");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success());
    assert!(
        text.lines().any(|line| line.starts_with("Nodes searched") && line.ends_with(&format!(" {nodes}"))),
        "{text}"
    );
    // The positions are xiangqi FENs: ten ranks.
    let positions: Vec<&str> = text.lines().filter(|line| line.starts_with("Position: ")).collect();
    assert!(!positions.is_empty());
    for line in positions {
        let fen = line.split_once('(').unwrap().1;
        assert_eq!(fen.split(' ').next().unwrap().split('/').count(), 10, "{line}");
    }
    // Another depth gives another count (the limit is honoured).
    assert_ne!(bench_run("16 1 4").0, nodes);
}

/// The signature a user checks a build against is the one the README gives (with the network,
/// the default): a retrained network must come with its new signature.
#[test]
fn the_readme_gives_the_default_bench_signature() {
    let _serial = serial();
    let output = run(&["--variant", "xiangqi", "bench"], "");
    let text = String::from_utf8_lossy(&output.stdout);
    let nodes = text.lines().find_map(|line| line.strip_prefix("Nodes searched  : ")).expect("a signature");
    let readme = include_str!("../README.md");
    assert!(readme.contains(&format!("xiangqi **{nodes}**")), "the README's xiangqi signature is {nodes}");
}

#[test]
fn go_mate_1_finds_the_mate_in_one() {
    let mut engine = xiangqi();
    let position = format!("position fen {MATE_IN_1}");
    // The mating moves, by the rules: those after which black has no legal move (checkmate, or in
    // xiangqi a stalemate, which loses too).
    engine.send(&position);
    let mut mating = Vec::new();
    let legal = legal_moves(&mut engine);
    for mv in &legal {
        engine.send(&after(&position, mv));
        if divide(&mut engine, 1).1 == 0 {
            mating.push(mv.clone());
        }
    }
    assert!(mating.contains(&MATE_MOVE.to_string()), "{mating:?}");
    assert!(mating.len() < legal.len() / 2, "most moves do not mate: {mating:?}");
    engine.send(&position);
    let lines = engine.go("go mate 1");
    let best = bestmove(&lines);
    assert!(mating.contains(&best), "{best} does not mate; mates: {mating:?}; {lines:#?}");
    let last = pv_lines(&lines).pop().expect("an info line");
    assert_eq!(field(last, "mate"), Some("1"), "{last}");
    assert_eq!(pv(last)[0], best);
    // Black to move in the mated position after the checking mate: it has no move, and says so.
    engine.send(&after(&position, MATE_MOVE));
    let lines = engine.go("go depth 2");
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove (none)"]);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn a_checkmated_side_gets_mate_0_and_bestmove_none() {
    let mut engine = xiangqi();
    engine.send(&format!("position fen {CHECKMATED}"));
    assert_eq!(divide(&mut engine, 1).1, 0);
    let lines = engine.go("go depth 3");
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove (none)"]);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn a_stalemated_side_has_lost_in_xiangqi() {
    let mut engine = xiangqi();
    engine.send(&format!("position fen {STALEMATED}"));
    assert_eq!(divide(&mut engine, 1).1, 0);
    let lines = engine.go("go depth 3");
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove (none)"]);
    engine.quit_within(Duration::from_secs(2));
}

/// The last `info` line of a depth-2 search of the single root move `mv`: depth 2 so the move's
/// reply node runs the repetition check (a depth-1 child is quiescence only).
fn score_of_only(engine: &mut Engine, position: &str, mv: &str) -> String {
    engine.send(position);
    let lines = engine.go(&format!("go depth 2 searchmoves {mv}"));
    assert_eq!(bestmove(&lines), mv);
    let last = pv_lines(&lines).pop().expect("an info line");
    let score = last.split(" score ").nth(1).expect("a score").split(" nodes").next().unwrap();
    score.to_string()
}

#[test]
fn repeating_by_perpetual_check_or_perpetual_chase_loses_other_repetitions_draw() {
    let mut engine = xiangqi();
    // The red rook checks the black king along ranks 9 and 8; h8h9 repeats the position after the
    // first check: red checked with every move of the cycle and loses.
    let checks = "position fen 4k2R1/9/9/9/9/9/9/9/9/3K5 b - - 0 1 moves e9e8 h9h8 e8e9";
    assert_eq!(score_of_only(&mut engine, checks, "h8h9"), "mate -1");
    // The red rook follows the unprotected black cannon b7-b3-b7 (h7-h3-h7): every red move of the
    // cycle newly attacks it, a perpetual chase, and red loses.
    let chase = "position fen 5k3/9/1c5R1/9/9/9/9/9/9/4K4 b - - 0 1 moves b7b3 h7h3 b3b7";
    assert_eq!(score_of_only(&mut engine, chase, "h3h7"), "mate -1");
    // When black's escape closes the cycle, red still chased throughout: black wins.
    let escape = format!("{chase} h3h7 b7b3 h7h3");
    assert_eq!(score_of_only(&mut engine, &escape, "b3b7"), "mate 1");
    // The same chase with the cannon guarded by the rook on b9 (and b4 for b3) is no chase: a draw.
    let guarded = "position fen 1r3k3/9/1c5R1/9/9/9/9/9/9/4K4 b - - 0 1 moves b7b4 h7h4 b4b7";
    assert_eq!(score_of_only(&mut engine, guarded, "h4h7"), "cp 0");
    // For an arbiter that does not judge chases the rule can be switched off: a draw then, while
    // perpetual check still loses.
    engine.send("setoption name Chase Rule value false");
    assert_eq!(score_of_only(&mut engine, chase, "h3h7"), "cp 0");
    assert_eq!(score_of_only(&mut engine, &escape, "b3b7"), "cp 0");
    assert_eq!(score_of_only(&mut engine, checks, "h8h9"), "mate -1");
    engine.send("setoption name Chase Rule value true");
    assert_eq!(score_of_only(&mut engine, chase, "h3h7"), "mate -1");
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_depth_prints_info_lines_and_a_legal_bestmove_with_a_legal_ponder_move() {
    let mut engine = xiangqi();
    let position = "position startpos moves h2e2 h9g7";
    engine.send(position);
    let lines = engine.go("go depth 5");
    let exact: Vec<&String> = pv_lines(&lines).into_iter().filter(|line| !line.contains("bound ")).collect();
    assert_eq!(exact.len(), 5, "{lines:#?}");
    for (depth, line) in exact.iter().enumerate() {
        assert_eq!(field(line, "depth"), Some((depth + 1).to_string().as_str()), "{line}");
        for key in ["seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"] {
            assert!(field(line, key).is_some(), "no {key} in {line}");
        }
        assert!(matches!(field(line, "score"), Some("cp" | "mate")), "{line}");
    }
    let best = bestmove(&lines);
    assert_eq!(pv(exact.last().unwrap())[0], best);
    let ponder = field(lines.last().unwrap(), "ponder").expect("a ponder move").to_string();
    assert_legal(&mut engine, position, &best);
    assert_legal(&mut engine, &after(position, &best), &ponder);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_nodes_stays_within_the_budget() {
    let mut engine = xiangqi();
    engine.send("position startpos moves b2e2");
    let lines = engine.go("go nodes 5000");
    assert!(max_nodes(&lines) <= 5000, "{lines:#?}");
    assert!(max_nodes(&lines) > 0);
    assert_legal(&mut engine, "position startpos moves b2e2", &bestmove(&lines));
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_movetime_answers_in_about_that_time() {
    let _serial = serial();
    let mut engine = xiangqi();
    engine.send("position startpos");
    engine.sync();
    let start = Instant::now();
    let lines = engine.go("go movetime 300");
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(150), "answered after {took:?}");
    assert!(took < Duration::from_secs(3), "answered after {took:?}");
    assert_legal(&mut engine, "position startpos", &bestmove(&lines));
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_infinite_waits_for_stop() {
    let _serial = serial();
    let mut engine = xiangqi();
    engine.send("position startpos moves c3c4");
    engine.send("go infinite");
    let early = engine.read_for(Duration::from_millis(1000));
    assert!(!early.iter().any(|line| is_bestmove(line)), "{early:#?}");
    // `isready` answers mid-search without ending it.
    let ready = engine.sync();
    assert!(!ready.iter().any(|line| is_bestmove(line)));
    let start = Instant::now();
    engine.send("stop");
    let lines = engine.until(Duration::from_secs(2), is_bestmove);
    assert!(start.elapsed() < Duration::from_secs(2));
    assert_legal(&mut engine, "position startpos moves c3c4", &bestmove(&lines));
    // `stop` with no search running writes nothing.
    engine.send("stop");
    assert_eq!(engine.sync(), Vec::<String>::new());
    engine.quit_within(Duration::from_secs(2));
}

/// GUIs get back in step with `stop` then `isready`: the `bestmove` of a `go infinite` comes after
/// the `stop` and before the `readyok`, also when there was nothing to search (the position was
/// refused); a `go ponder`'s waits for `ponderhit` in the same way.
#[test]
fn go_infinite_with_no_position_answers_after_stop_and_before_readyok() {
    let mut engine = Engine::start();
    engine.ask("uci", "uciok");
    engine.send("setoption name UCI_Variant value xiangqi");
    engine.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1");
    engine.send("go infinite");
    let early = engine.read_for(Duration::from_millis(300));
    assert!(!early.iter().any(|line| is_bestmove(line)), "{early:#?}");
    engine.send("stop");
    let answer = engine.sync();
    assert_eq!(answer, ["info string no position: the last one was refused", "bestmove (none)"]);
    engine.send("go ponder wtime 1000 btime 1000");
    assert_eq!(engine.sync(), Vec::<String>::new(), "held until ponderhit");
    engine.send("ponderhit");
    assert_eq!(engine.sync(), answer);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn go_ponder_waits_for_ponderhit_or_stop() {
    let _serial = serial();
    let mut engine = xiangqi();
    engine.send("setoption name Ponder value true");
    let position = "position startpos moves h2e2 h9g7";
    engine.send(position);
    engine.send("go ponder wtime 2000 btime 2000");
    let early = engine.read_for(Duration::from_millis(1000));
    assert!(!early.iter().any(|line| is_bestmove(line)), "{early:#?}");
    engine.send("ponderhit");
    let lines = engine.until(Duration::from_secs(5), is_bestmove);
    assert_legal(&mut engine, position, &bestmove(&lines));
    // Pondering ended by `stop` instead.
    engine.send(position);
    engine.send("go ponder wtime 60000 btime 60000");
    assert!(!engine.read_for(Duration::from_millis(500)).iter().any(|line| is_bestmove(line)));
    engine.send("stop");
    let lines = engine.until(Duration::from_secs(2), is_bestmove);
    assert_legal(&mut engine, position, &bestmove(&lines));
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn the_clock_of_the_side_to_move_is_used() {
    let _serial = serial();
    let mut engine = xiangqi();
    for (position, go) in [
        ("position startpos", "go wtime 300 btime 600000"),
        ("position startpos moves h2e2", "go wtime 600000 btime 300"),
        ("position startpos moves h2e2 h9g7", "go wtime 400 btime 600000 winc 10 binc 10 movestogo 5"),
    ] {
        engine.send(position);
        let start = Instant::now();
        let lines = engine.go(go);
        assert!(start.elapsed() < Duration::from_secs(3), "{go}: {:?}", start.elapsed());
        assert!(info_strings(&lines).is_empty(), "{go}: {lines:#?}");
        assert_legal(&mut engine, position, &bestmove(&lines));
    }
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn multipv_2_gives_two_lines_with_different_first_moves() {
    let mut engine = xiangqi();
    engine.send("setoption name MultiPV value 2");
    engine.send("position startpos");
    let lines = engine.go("go depth 5");
    let last_depth: Vec<&String> = pv_lines(&lines)
        .into_iter()
        .filter(|line| field(line, "depth") == Some("5") && !line.contains("bound "))
        .collect();
    let first = last_depth.iter().rfind(|line| field(line, "multipv") == Some("1")).expect("line 1");
    let second = last_depth.iter().rfind(|line| field(line, "multipv") == Some("2")).expect("line 2");
    assert_ne!(pv(first)[0], pv(second)[0]);
    let legal = legal_moves(&mut engine);
    assert!(legal.iter().any(|mv| mv == pv(first)[0]) && legal.iter().any(|mv| mv == pv(second)[0]));
    assert_eq!(bestmove(&lines), pv(first)[0]);
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut engine = xiangqi();
    engine.send("position startpos");
    let free = bestmove(&engine.go("go depth 4"));
    assert_ne!(free, "a3a4", "pick a restriction the engine would not choose anyway");
    let lines = engine.go("go depth 4 searchmoves a3a4");
    assert_eq!(bestmove(&lines), "a3a4");
    for line in pv_lines(&lines) {
        assert_eq!(pv(line)[0], "a3a4", "{line}");
    }
    let lines = engine.go("go depth 4 searchmoves i3i4 a0a1");
    assert!(["i3i4", "a0a1"].contains(&bestmove(&lines).as_str()), "{lines:#?}");
    // An illegal searchmove is reported and left out.
    let lines = engine.go("go depth 3 searchmoves a3a5 c3c4");
    assert_eq!(info_strings(&lines).len(), 1, "{lines:#?}");
    assert_eq!(bestmove(&lines), "c3c4");
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
fn nodestime_turns_the_clock_into_a_node_budget() {
    let _serial = serial();
    let mut engine = xiangqi();
    engine.send("setoption name nodestime value 1");
    engine.send("position startpos");
    // At most the whole clock, 10000 ms, times 1 node per ms.
    let lines = engine.go("go wtime 10000 btime 10000");
    assert!(max_nodes(&lines) <= 10_000, "{lines:#?}");
    assert_legal(&mut engine, "position startpos", &bestmove(&lines));
    // Without it the same clock searches far more nodes.
    engine.send("setoption name nodestime value 0");
    let lines = engine.go("go wtime 10000 btime 10000");
    assert!(max_nodes(&lines) > 10_000, "{lines:#?}");
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
    assert!(info_strings(&engine.sync()).is_empty());
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

#[test]
fn quit_during_a_search_exits_at_once() {
    let _serial = serial();
    let mut engine = xiangqi();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.read_for(Duration::from_millis(300));
    let (took, rest) = engine.quit_within(Duration::from_secs(2));
    assert!(took < Duration::from_secs(2), "{took:?}");
    assert!(rest.iter().any(|line| is_bestmove(line)), "the search's bestmove comes first: {rest:#?}");
}

#[test]
fn compiler_describes_the_build() {
    let mut engine = xiangqi();
    let lines = engine.ask_prefix("compiler", "Package");
    assert!(lines.iter().any(|line| line.starts_with("Compiled by")), "{lines:#?}");
    assert!(lines.last().unwrap().contains("triskel"));
    engine.quit_within(Duration::from_secs(2));
}

#[test]
fn sudden_death_is_planned_over_fewer_moves_in_xiangqi_than_in_chess() {
    // 5+0.05 with the default 10 ms overhead: budget = 5000 + (h - 1) * 50 - (h + 2) * 10, soft =
    // budget / h: 30 moves for chess (204 ms), 22 for xiangqi (264 ms), whose games end sooner.
    let soft = |variant: &str| -> u64 {
        let lines = transcript(format!(
            "uci\nsetoption name UCI_Variant value {variant}\ndebug on\nposition startpos\n\
             go wtime 5000 btime 5000 winc 50 binc 50 depth 1\nquit\n"
        ));
        let line = lines.iter().find(|line| line.starts_with("info string time limits")).expect("the limits");
        line.split("soft ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap()
    };
    assert_eq!((soft("chess"), soft("xiangqi")), (204, 264));
}
