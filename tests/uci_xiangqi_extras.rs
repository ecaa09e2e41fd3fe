//! Xiangqi over UCI as Pikafish speaks it, driven over pipes: the extra commands `d`, `flip`,
//! `eval` (and its term trace), `bench` (and the signature the README gives), `go perft` and
//! `compiler`. `go perft` is checked against the perft suite at shallow depths (the move generator
//! itself is proven by the suite), and every bestmove against the legal moves `go perft 1` lists in
//! the same position.

mod support;

use std::time::Duration;
use support::engine::{bestmove, fen, run, serial, Engine};
use support::uci_xiangqi::{divide, info_strings, legal_moves, xiangqi};

const SUITE: &str = include_str!("data/xiangqi/perft.epd");

/// The number `eval` prints.
fn eval(engine: &mut Engine) -> i32 {
    let lines = engine.ask_prefix("eval", "Classical evaluation (side to move)");
    eval_value(lines.last().unwrap())
}

/// The number of the line `Classical evaluation (side to move): N cp`.
fn eval_value(line: &str) -> i32 {
    let value = line.strip_prefix("Classical evaluation (side to move): ").expect(line);
    value.strip_suffix(" cp").expect(line).parse().expect(line)
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
    let lines = engine.ask_prefix("eval", "Classical evaluation (side to move)");
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
    let red = centipawns(line_after(&lines, "Classical evaluation: ").strip_suffix(" (red side)").unwrap());
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
fn compiler_describes_the_build() {
    let mut engine = xiangqi();
    let lines = engine.ask_prefix("compiler", "Package");
    assert!(lines.iter().any(|line| line.starts_with("Compiled by")), "{lines:#?}");
    assert!(lines.last().unwrap().contains("triskel"));
    engine.quit_within(Duration::from_secs(2));
}

/// `banmoves`, UCCI's command, sent by xiangqi GUIs to UCI engines too (VinXiangQi, to break a
/// repetition): the moves named are not played, until the next `position`.
#[test]
fn banmoves_leaves_moves_out_until_the_next_position() {
    let mut engine = xiangqi();
    let position = "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    engine.send(position);
    let best = bestmove(&engine.ask_prefix("go depth 3", "bestmove"));
    engine.send(position);
    let lines = engine.ask_prefix(&format!("banmoves {best} z9z9"), "info string");
    assert_eq!(info_strings(&lines), ["info string banmoves: z9z9 is not a legal move here; ignored"]);
    let other = bestmove(&engine.ask_prefix("go depth 3", "bestmove"));
    assert_ne!(other, best, "the banned move was played");
    assert!(legal_moves(&mut engine).contains(&other), "{other}");
    // A new `position` lifts the ban.
    engine.send(position);
    assert_eq!(bestmove(&engine.ask_prefix("go depth 3", "bestmove")), best);
    // So does `ucinewgame`, which starts the board afresh (here the same position).
    engine.send(&format!("banmoves {best}"));
    engine.send("ucinewgame");
    assert_eq!(bestmove(&engine.ask_prefix("go depth 3", "bestmove")), best);
    engine.quit_within(Duration::from_secs(2));
}
