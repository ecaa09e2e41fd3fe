//! The networks from the outside, as a GUI sees them: `Use NNUE` and `EvalFile` (Stockfish
//! 15.1's names) for the game being played, chess or xiangqi (and UCCI's `usennue` and
//! `evalfile`), `export_net`, the network's lines in `eval`, searches that use the network, and
//! bench signatures that are the same with the AVX-512, AVX2 and portable loops.

mod support;

use std::process::Command;
use support::engine::{bestmove, binary, field, parse_divide, transcript};

/// A file name under the temporary directory, unique to this test process.
fn temporary(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("triskel-nnue-{}-{name}", std::process::id()));
    path.to_str().unwrap().to_string()
}

/// Writes to `path` the network `bytes` with another output bias: another network of the same
/// game and width, so another evaluation.
fn write_with_another_output_bias(bytes: &[u8], path: &str) {
    let mut other = bytes.to_vec();
    let at = other.len() - 4;
    other[at..].copy_from_slice(&40_000i32.to_le_bytes());
    std::fs::write(path, &other).unwrap();
}

fn info_strings(lines: &[String]) -> Vec<&str> {
    lines.iter().filter_map(|line| line.strip_prefix("info string ")).collect()
}

#[test]
fn the_options_are_listed_and_eval_shows_the_network_beside_the_terms() {
    let lines = transcript("uci\neval\nsetoption name Use NNUE value false\neval\nquit\n");
    assert!(lines.contains(&"option name Use NNUE type check default true".to_string()));
    // The listed default is the game's: xiangqi's network plays by default too.
    let xiangqi = transcript("setoption name UCI_Variant value xiangqi\nuci\nquit\n");
    assert!(xiangqi.contains(&"option name Use NNUE type check default true".to_string()), "{xiangqi:#?}");
    assert!(lines.contains(&"option name EvalFile type string default <empty>".to_string()));
    assert_eq!(lines.iter().filter(|line| line.starts_with("NNUE evaluation: ")).count(), 2);
    assert!(lines.iter().any(|line| line.starts_with("Network: (768 -> ") && line.contains(", embedded, ")));
    let using: Vec<&String> =
        lines.iter().filter(|line| line.starts_with("The search evaluates with")).collect();
    assert_eq!(using.len(), 2);
    assert!(using[0].ends_with("the network (Use NNUE true)"), "the network by default: {using:?}");
    assert!(using[1].ends_with("the hand-crafted terms (Use NNUE false)"), "{using:?}");
    // The hand-crafted terms are still there, above.
    assert!(lines.iter().any(|line| line.starts_with("Classical evaluation (side to move): ")));
}

/// The `eval` value after `prefix` on the line that starts with it, in centipawns from the first
/// player (`+0.12 (white side)`).
fn pawns_after(lines: &[String], prefix: &str) -> i32 {
    let line =
        lines.iter().find_map(|line| line.strip_prefix(prefix)).unwrap_or_else(|| panic!("{lines:#?}"));
    let pawns = line.split(' ').next().unwrap();
    pawns.replace('.', "").parse().unwrap_or_else(|_| panic!("{line}"))
}

/// The last line of `eval` is the evaluation the search uses, as Stockfish's and Pikafish's: the
/// PyPI `stockfish` wrapper and Pikafish front-ends read their score there, then one line more.
#[test]
fn eval_ends_with_the_evaluation_the_search_uses_then_an_empty_line() {
    for (game, setup) in [("chess", ""), ("xiangqi", "setoption name UCI_Variant value xiangqi\n")] {
        let lines = transcript(format!(
            "{setup}position startpos\neval\nsetoption name Use NNUE value false\neval\nquit\n"
        ));
        let ends: Vec<usize> = lines
            .iter()
            .enumerate()
            .filter(|(_, line)| line.starts_with("Final evaluation: "))
            .map(|(at, _)| at)
            .collect();
        assert_eq!(ends.len(), 2, "{game}: {lines:#?}");
        for &at in &ends {
            assert_eq!(lines[at + 1], "", "{game}: an empty line after the final one: {lines:#?}");
            assert!(lines[at - 1].starts_with("The search evaluates with"), "{game}: {lines:#?}");
        }
        let first = if game == "chess" { "white" } else { "red" };
        assert!(lines[ends[0]].ends_with(&format!("({first} side)")), "{game}: {lines:#?}");
        // With the network the final value is the network's; without it the hand-crafted one.
        let (with_network, without) = (&lines[..=ends[0]], &lines[ends[0] + 1..]);
        let final_value = |lines: &[String]| pawns_after(lines, "Final evaluation: ");
        assert_eq!(final_value(with_network), pawns_after(with_network, "NNUE evaluation: "), "{game}");
        assert_eq!(final_value(without), pawns_after(without, "Classical evaluation: "), "{game}");
    }
    // In check the search evaluates nothing: Stockfish's `none (in check)`.
    let lines = transcript("position fen 4k3/8/8/8/8/8/4R3/4K3 b - - 0 1\neval\nquit\n");
    assert_eq!(lines.last().unwrap(), "Final evaluation: none (in check)", "nothing after it: {lines:#?}");
    // King and two knights against a king: the search's draw, whatever the terms add up to.
    let lines = transcript("position fen 8/8/3k4/8/8/3K4/3N4/3N4 w - - 0 1\neval\nquit\n");
    assert!(lines.contains(&"Final evaluation: +0.00 (white side)".to_string()), "{lines:#?}");
    assert!(pawns_after(&lines, "Classical evaluation: ") > 100, "{lines:#?}");
}

#[test]
fn export_net_writes_the_network_in_use_and_eval_file_reads_networks_back() {
    let exported = temporary("exported.bin");
    let changed = temporary("changed.bin");
    let short = temporary("short.bin");
    let lines = transcript(format!("export_net {exported}\nquit\n"));
    assert_eq!(info_strings(&lines), [format!("export_net: the chess network in use written to {exported}")]);
    let embedded = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/engine/data/chess_nnue.bin")).unwrap();
    let bytes = std::fs::read(&exported).unwrap();
    assert!(bytes == embedded, "export_net wrote something else than engine/data/chess_nnue.bin");
    // Another output bias: another network, so another evaluation.
    write_with_another_output_bias(&bytes, &changed);
    std::fs::write(&short, &bytes[..1000]).unwrap();

    let nnue_line = |lines: &[String]| -> String {
        lines.iter().find(|line| line.starts_with("NNUE evaluation: ")).cloned().expect("an NNUE line")
    };
    let embedded_eval = nnue_line(&transcript("eval\nquit\n"));
    let lines = transcript(format!(
        "setoption name EvalFile value {changed}\neval\nsetoption name EvalFile value {short}\n\
         setoption name EvalFile value /dev/zero\neval\nsetoption name EvalFile value <empty>\neval\nquit\n"
    ));
    let infos = info_strings(&lines);
    assert_eq!(infos.len(), 4, "{infos:?}");
    assert!(infos[0].starts_with("EvalFile: (768 -> ") && infos[0].contains(&changed), "{infos:?}");
    assert!(infos[1].contains("bytes where the header's width needs"), "{infos:?}");
    assert!(infos[2].contains("not a regular file"), "{infos:?}");
    assert!(infos[3].contains("embedded"), "{infos:?}");
    let evals: Vec<&String> = lines.iter().filter(|line| line.starts_with("NNUE evaluation: ")).collect();
    assert_eq!(evals.len(), 3);
    assert_ne!(*evals[0], embedded_eval, "the file's network evaluates");
    assert_eq!(evals[0], evals[1], "a refused file leaves the network as it was");
    assert_eq!(*evals[2], embedded_eval, "<empty> is the embedded network again");
    // With `EvalFile` loaded, `export_net` writes that network, and after `<empty>` the embedded one.
    let reexported = temporary("reexported.bin");
    transcript(format!(
        "setoption name EvalFile value {changed}
export_net {reexported}
quit
"
    ));
    assert!(std::fs::read(&reexported).unwrap() == std::fs::read(&changed).unwrap(), "the loaded network");
    transcript(format!(
        "setoption name EvalFile value {changed}
setoption name EvalFile value <empty>
export_net {reexported}
quit
"
    ));
    assert!(std::fs::read(&reexported).unwrap() == embedded, "the embedded network again");
    for path in [exported, changed, short, reexported] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn eval_file_reads_a_network_of_output_buckets_and_evaluates_each_position_with_its_bucket() {
    let embedded = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/engine/data/chess_nnue.bin")).unwrap();
    assert!(embedded.starts_with(b"TRSKNN02"), "the test builds on a network of output buckets");
    let buckets = u32::from_le_bytes(embedded[24..28].try_into().unwrap());
    assert!(buckets >= 2, "{buckets} buckets");
    // The output biases come last, one per bucket: only the last bucket's (the most pieces) is
    // changed.
    let path = temporary("buckets.bin");
    write_with_another_output_bias(&embedded, &path);
    // 32 pieces (the last bucket), then 5 (the first).
    let positions = "position startpos\neval\nposition fen 4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1\neval\n";
    let nnue_lines = |lines: &[String]| -> Vec<String> {
        lines.iter().filter(|line| line.starts_with("NNUE evaluation: ")).cloned().collect()
    };
    let embedded_evals = nnue_lines(&transcript(format!("{positions}quit\n")));
    let lines = transcript(format!("setoption name EvalFile value {path}\n{positions}go depth 6\nquit\n"));
    let infos = info_strings(&lines);
    let stated = format!("{buckets} output buckets");
    assert!(infos[0].starts_with("EvalFile: (768 -> ") && infos[0].contains(&stated), "{infos:?}");
    let evals = nnue_lines(&lines);
    assert_eq!(evals.len(), 2);
    assert_ne!(evals[0], embedded_evals[0], "32 pieces: the last bucket, another output bias");
    assert_eq!(evals[1], embedded_evals[1], "5 pieces: the first bucket, the embedded network's");
    assert!(lines.iter().any(|line| line.starts_with("bestmove ")), "{lines:#?}");
    let _ = std::fs::remove_file(path);
}

/// A network as bullet saves it for `docs/bullet.md`'s configuration (no header; feature layer as
/// ours; output weights `[B][2N]` times 64 and biases times `255 * 64`, all `i16`; zero padding
/// to 64 bytes) loads through `EvalFile` and evaluates exactly as the same network in our own
/// layout does; `export_net` then writes our layout. Here the embedded network's output layer,
/// rounded to multiples of 4 so that both files hold the same values.
#[test]
fn eval_file_reads_a_network_in_bullets_layout() {
    let embedded = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/engine/data/chess_nnue.bin")).unwrap();
    assert!(embedded.starts_with(b"TRSKNN02"), "the test builds on a network of output buckets");
    let word = |at: usize| u32::from_le_bytes(embedded[at..at + 4].try_into().unwrap()) as usize;
    let (hidden, buckets) = (word(8), word(24));
    let features_at = 28;
    let weights_at = features_at + 2 * (768 * hidden + hidden);
    let biases_at = weights_at + 4 * hidden * buckets;
    assert_eq!(embedded.len(), biases_at + 4 * buckets);

    let mut ours = embedded.clone();
    let mut bullet = embedded[features_at..weights_at].to_vec();
    for index in 0..2 * hidden * buckets {
        let at = weights_at + 2 * index;
        let quarter = i16::from_le_bytes([embedded[at], embedded[at + 1]]) / 4;
        ours[at..at + 2].copy_from_slice(&(quarter * 4).to_le_bytes());
        bullet.extend_from_slice(&quarter.to_le_bytes());
    }
    for bucket in 0..buckets {
        let at = biases_at + 4 * bucket;
        let quarter = i32::from_le_bytes(embedded[at..at + 4].try_into().unwrap()) / 4;
        ours[at..at + 4].copy_from_slice(&(quarter * 4).to_le_bytes());
        bullet.extend_from_slice(&i16::try_from(quarter).unwrap().to_le_bytes());
    }
    bullet.resize(bullet.len().div_ceil(64) * 64, 0);
    let (ours_path, bullet_path, exported) =
        (temporary("ours.bin"), temporary("bullet.bin"), temporary("bullet-exported.bin"));
    std::fs::write(&ours_path, &ours).unwrap();
    std::fs::write(&bullet_path, &bullet).unwrap();

    let positions = "position startpos\neval\nposition fen 4k3/p7/8/8/8/8/P7/R3K3 w - - 0 1\neval\n\
                     position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9\neval\n";
    let nnue_lines = |lines: &[String]| -> Vec<String> {
        lines.iter().filter(|line| line.starts_with("NNUE evaluation: ")).cloned().collect()
    };
    let as_ours = transcript(format!("setoption name EvalFile value {ours_path}\n{positions}quit\n"));
    let as_bullet = transcript(format!(
        "setoption name EvalFile value {bullet_path}\n{positions}export_net {exported}\ngo depth 5\nquit\n"
    ));
    let infos = info_strings(&as_bullet);
    let stated = format!("(768 -> {hidden}) x 2 -> 1, {buckets} output buckets, {bullet_path}");
    assert!(infos[0].starts_with(&format!("EvalFile: {stated}")), "{infos:?}");
    assert_eq!(nnue_lines(&as_bullet), nnue_lines(&as_ours));
    assert_eq!(nnue_lines(&as_ours).len(), 3);
    assert_eq!(std::fs::read(&exported).unwrap(), ours, "export_net writes our own layout");
    assert!(as_bullet.iter().any(|line| line.starts_with("bestmove ")), "{as_bullet:#?}");

    // One padding block short: no shape of bullet's layout, so read as ours, and refused.
    std::fs::write(&bullet_path, &bullet[..bullet.len() - 64]).unwrap();
    let refused = transcript(format!("setoption name EvalFile value {bullet_path}\nquit\n"));
    assert!(info_strings(&refused)[0].contains("not a TRSKNN01 network"), "{refused:?}");
    // An output weight beyond what the inference allows once scaled: refused, saying why.
    let mut too_large = bullet.clone();
    let at = weights_at - features_at;
    too_large[at..at + 2].copy_from_slice(&40i16.to_le_bytes());
    std::fs::write(&bullet_path, &too_large).unwrap();
    let refused = transcript(format!("setoption name EvalFile value {bullet_path}\nquit\n"));
    assert!(info_strings(&refused)[0].contains("bullet's layout, but output weight 0 is 160"), "{refused:?}");
    for path in [ours_path, bullet_path, exported] {
        let _ = std::fs::remove_file(path);
    }
}

/// A king-mirrored network (`TRSKNN03`: here the embedded weights under that magic) is read as
/// its file says: its `info string` says so, and it evaluates a position whose kings are both on
/// files e-h as the embedded network evaluates the position's mirror image, and one whose kings are
/// both on files a-d as the embedded network does; a search with it answers.
#[test]
fn eval_file_reads_a_king_mirrored_network() {
    let embedded = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/engine/data/chess_nnue.bin")).unwrap();
    assert!(embedded.starts_with(b"TRSKNN02"), "the bucketed layout, which the mirrored one shares");
    let mut mirrored = embedded.clone();
    mirrored[..8].copy_from_slice(b"TRSKNN03");
    let path = temporary("mirrored.bin");
    std::fs::write(&path, &mirrored).unwrap();
    let east = "6k1/pp3ppp/2n1b3/3p4/3P4/2N1B3/PP3PPP/5RK1 w - - 0 20";
    let east_mirror_image = "1k6/ppp3pp/3b1n2/4p3/4P3/3B1N2/PPP3PP/1KR5 w - - 0 20";
    let evals = |input: String| -> Vec<String> {
        transcript(input).into_iter().filter(|line| line.starts_with("NNUE evaluation: ")).collect()
    };
    let embedded_evals =
        evals(format!("position fen {east}\neval\nposition fen {east_mirror_image}\neval\nquit\n"));
    assert_ne!(embedded_evals[0], embedded_evals[1], "the network is not symmetric: the test can fail");
    let lines = transcript(format!(
        "setoption name EvalFile value {path}\nposition fen {east}\neval\nposition fen {east_mirror_image}\n\
         eval\ngo depth 8\nquit\n"
    ));
    let infos = info_strings(&lines);
    assert!(infos[0].starts_with("EvalFile: (768 -> ") && infos[0].contains("king-mirrored"), "{infos:?}");
    let mirrored_evals: Vec<&String> =
        lines.iter().filter(|line| line.starts_with("NNUE evaluation: ")).collect();
    assert_eq!(*mirrored_evals[0], embedded_evals[1], "kings on e-h: the mirror image's evaluation");
    assert_eq!(*mirrored_evals[1], embedded_evals[1], "kings on a-d: read as it is");
    assert!(lines.iter().any(|line| line.starts_with("bestmove ")), "{lines:#?}");
    let _ = std::fs::remove_file(path);
}

/// The bench's `Nodes searched` in `variant` with `Use NNUE` set to `nnue`, and the environment
/// `env`.
fn bench_signature(variant: &str, nnue: bool, env: &[(&str, &str)]) -> u64 {
    let mut command = Command::new(binary());
    command.envs(env.iter().copied());
    let input = format!(
        "setoption name UCI_Variant value {variant}\nsetoption name Use NNUE value {nnue}\nbench 16 1 7\n"
    );
    let output = {
        use std::io::Write;
        let mut child = command
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the engine starts");
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        child.wait_with_output().expect("the engine runs")
    };
    let text = String::from_utf8(output.stdout).unwrap();
    let line = text.lines().find(|line| line.starts_with("Nodes searched  :")).expect("the signature");
    line.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn the_network_bench_is_deterministic_and_the_same_on_every_loop() {
    for variant in ["chess", "xiangqi"] {
        let network = bench_signature(variant, true, &[]);
        assert_eq!(bench_signature(variant, true, &[]), network, "{variant}");
        assert_eq!(
            bench_signature(variant, true, &[("TRISKEL_NO_AVX512", "1")]),
            network,
            "{variant}: AVX2 loops on a CPU with AVX-512"
        );
        assert_eq!(
            bench_signature(variant, true, &[("TRISKEL_NO_AVX2", "1")]),
            network,
            "{variant}: portable loops"
        );
        assert_ne!(
            bench_signature(variant, false, &[]),
            network,
            "{variant}: the hand-crafted evaluation searches other trees"
        );
    }
}

// ---------------------------------------------------------------------------------------------------
// Xiangqi: the same options for the game being played.

const XIANGQI_LINE: &str = "position startpos moves h2e2 h9g7 h0g2 i9h9";

/// The `info ... nodes N` of the last `info depth` line and the `bestmove` of a search's lines.
fn search_result(lines: &[String]) -> (u64, String) {
    let nodes = lines
        .iter()
        .rev()
        .filter(|line| line.starts_with("info depth "))
        .find_map(|line| field(line, "nodes"))
        .expect("an info line with nodes")
        .parse()
        .unwrap();
    (nodes, bestmove(lines))
}

/// The legal moves of the position `position` (a `position ...` line) in xiangqi, from `go perft 1`.
fn xiangqi_legal_moves(position: &str) -> Vec<String> {
    let lines =
        transcript(format!("setoption name UCI_Variant value xiangqi\n{position}\ngo perft 1\nquit\n"));
    let (moves, total) = parse_divide(&lines);
    assert_eq!(moves.len() as u64, total);
    moves.into_iter().map(|(mv, _)| mv).collect()
}

#[test]
fn xiangqi_searches_with_its_network_when_use_nnue_is_set_and_chess_keeps_its_own_setting() {
    let search = |nnue: bool| {
        transcript(format!(
            "uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Use NNUE value {nnue}\n\
             {XIANGQI_LINE}\neval\ngo depth 6\n"
        ))
    };
    let (with, without) = (search(true), search(false));
    let legal = xiangqi_legal_moves(XIANGQI_LINE);
    let ((nodes, best), (linear_nodes, linear_best)) = (search_result(&with), search_result(&without));
    assert!(legal.contains(&best), "{best} is not legal: {legal:?}");
    assert!(legal.contains(&linear_best), "{linear_best} is not legal: {legal:?}");
    assert_ne!(nodes, linear_nodes, "the network's evaluation searches another tree");
    for (lines, using) in
        [(&with, "the network (Use NNUE true)"), (&without, "the hand-crafted terms (Use NNUE false)")]
    {
        assert!(lines
            .iter()
            .any(|line| line.starts_with("NNUE evaluation: ") && line.contains("(red side)")));
        let network = format!("Network: (1260 -> {}) x 2 -> 1, embedded, ", engine_hidden_xiangqi());
        assert!(lines.iter().any(|line| line.starts_with(&network)), "{lines:#?}");
        assert!(
            lines.iter().any(|line| line == &format!("The search evaluates with: {using}")),
            "{lines:#?}"
        );
        // The linear evaluation's terms are still there, above.
        assert!(lines.iter().any(|line| line.starts_with("Classical evaluation (side to move): ")));
    }
    // `Use NNUE` belongs to the game being played: chess switched off keeps its terms, xiangqi
    // starts from its own default (on), and keeps its own setting when the game comes back.
    let lines = transcript(
        "setoption name Use NNUE value false\nsetoption name UCI_Variant value xiangqi\neval\n\
         setoption name Use NNUE value false\nsetoption name UCI_Variant value chess\neval\n\
         setoption name Use NNUE value true\nsetoption name UCI_Variant value xiangqi\neval\n\
         setoption name UCI_Variant value chess\neval\nquit\n",
    );
    let using: Vec<&String> =
        lines.iter().filter(|line| line.starts_with("The search evaluates with")).collect();
    assert_eq!(using.len(), 4, "{lines:#?}");
    assert!(using[0].ends_with("the network (Use NNUE true)"), "xiangqi: {using:?}");
    assert!(using[1].ends_with("the hand-crafted terms (Use NNUE false)"), "chess: {using:?}");
    assert!(using[2].ends_with("the hand-crafted terms (Use NNUE false)"), "xiangqi: {using:?}");
    assert!(using[3].ends_with("the network (Use NNUE true)"), "chess: {using:?}");
}

/// The compiled xiangqi width, as the embedded file's header states it.
fn engine_hidden_xiangqi() -> u32 {
    let file = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/engine/data/xiangqi_nnue.bin")).unwrap();
    u32::from_le_bytes(file[8..12].try_into().unwrap())
}

#[test]
fn eval_file_in_xiangqi_refuses_a_chess_network_and_reads_a_xiangqi_one() {
    let chess = concat!(env!("CARGO_MANIFEST_DIR"), "/engine/data/chess_nnue.bin");
    let exported = temporary("xiangqi-exported.bin");
    let changed = temporary("xiangqi-changed.bin");
    let lines =
        transcript(format!("setoption name UCI_Variant value xiangqi\nexport_net {exported}\nquit\n"));
    assert_eq!(
        info_strings(&lines),
        [format!("export_net: the xiangqi network in use written to {exported}")]
    );
    let embedded =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/engine/data/xiangqi_nnue.bin")).unwrap();
    let bytes = std::fs::read(&exported).unwrap();
    assert!(bytes == embedded, "export_net wrote something else than engine/data/xiangqi_nnue.bin");
    write_with_another_output_bias(&bytes, &changed);

    let nnue_lines = |lines: &[String]| -> Vec<String> {
        lines.iter().filter(|line| line.starts_with("NNUE evaluation: ")).cloned().collect()
    };
    let lines = transcript(format!(
        "setoption name UCI_Variant value xiangqi\neval\nsetoption name EvalFile value {chess}\neval\n\
         setoption name EvalFile value {changed}\neval\nsetoption name UCI_Variant value chess\n\
         setoption name EvalFile value {changed}\nquit\n"
    ));
    let infos = info_strings(&lines);
    assert_eq!(infos.len(), 3, "{infos:?}");
    assert!(
        infos[0].starts_with(&format!(
            "EvalFile: {chess}: a chess network (TRSKNN01), not a xiangqi one (TRSKXQ01)"
        )),
        "{infos:?}"
    );
    assert!(infos[1].starts_with("EvalFile: (1260 -> ") && infos[1].contains(&changed), "{infos:?}");
    assert!(infos[2].contains("a xiangqi network (TRSKXQ01), not a chess one (TRSKNN01)"), "{infos:?}");
    let evals = nnue_lines(&lines);
    assert_eq!(evals.len(), 3);
    assert_eq!(evals[0], evals[1], "a refused file leaves the network as it was");
    assert_ne!(evals[1], evals[2], "the file's network evaluates");
    for path in [exported, changed] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn ucci_switches_the_network_with_usennue_and_refuses_a_chess_evalfile() {
    let chess = concat!(env!("CARGO_MANIFEST_DIR"), "/engine/data/chess_nnue.bin");
    let lines = transcript(format!(
        "ucci\nposition startpos moves h2e2 h9g7\ngo depth 0\nsetoption usennue false\neval\ngo depth 0\n\
         setoption evalfile {chess}\nsetoption usennue maybe\nquit\n"
    ));
    assert!(lines.iter().any(|line| line == "option usennue type check default true"), "{lines:#?}");
    assert!(lines.iter().any(|line| line == "option evalfile type string default <empty>"), "{lines:#?}");
    assert!(lines
        .iter()
        .any(|line| line == "The search evaluates with: the hand-crafted terms (Use NNUE false)"));
    let scores: Vec<&str> = lines
        .iter()
        .filter(|line| line.starts_with("info depth 0 "))
        .filter_map(|line| field(line, "score"))
        .collect();
    assert_eq!(scores.len(), 2, "{lines:#?}");
    assert_ne!(scores[0], scores[1], "depth 0 answers with the linear evaluation once the network is off");
    let messages: Vec<&str> = lines.iter().filter_map(|line| line.strip_prefix("info message ")).collect();
    assert_eq!(messages.len(), 2, "{messages:?}");
    assert!(messages[0].contains("a chess network (TRSKNN01), not a xiangqi one (TRSKXQ01)"), "{messages:?}");
    assert_eq!(messages[1], "usennue takes true or false");
}
