//! The chess network from the outside, as a GUI sees it: `Use NNUE` and `EvalFile` (Stockfish
//! 15.1's names), `export_net`, the network's lines in `eval`, and a bench signature that is the
//! same with the AVX2 loops and the portable ones.

#[path = "support/engine.rs"]
mod engine;

use engine::{binary, transcript};
use std::process::Command;

/// A file name under the temporary directory, unique to this test process.
fn temporary(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("triskel-nnue-{}-{name}", std::process::id()));
    path.to_str().unwrap().to_string()
}

fn info_strings(lines: &[String]) -> Vec<&str> {
    lines.iter().filter_map(|line| line.strip_prefix("info string ")).collect()
}

#[test]
fn the_options_are_listed_and_eval_shows_the_network_beside_the_terms() {
    let lines = transcript("uci\neval\nsetoption name Use NNUE value true\neval\nquit\n");
    assert!(lines.contains(&"option name Use NNUE type check default false".to_string()));
    assert!(lines.contains(&"option name EvalFile type string default <empty>".to_string()));
    assert_eq!(lines.iter().filter(|line| line.starts_with("NNUE evaluation: ")).count(), 2);
    assert!(lines.iter().any(|line| line.starts_with("Network: (768 -> ") && line.contains(", embedded, ")));
    let using: Vec<&String> =
        lines.iter().filter(|line| line.starts_with("The search evaluates with")).collect();
    assert_eq!(using.len(), 2);
    assert!(using[0].ends_with("the hand-crafted terms (Use NNUE false)"), "{using:?}");
    assert!(using[1].ends_with("the network (Use NNUE true)"), "{using:?}");
    // The hand-crafted terms are still there, above.
    assert!(lines.iter().any(|line| line.starts_with("Static evaluation (side to move): ")));
}

#[test]
fn export_net_writes_the_embedded_network_and_eval_file_reads_networks_back() {
    let exported = temporary("exported.bin");
    let changed = temporary("changed.bin");
    let short = temporary("short.bin");
    let lines = transcript(format!("export_net {exported}\nquit\n"));
    assert_eq!(
        info_strings(&lines),
        [format!("export_net: the embedded chess network written to {exported}")]
    );
    let embedded = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/engine/data/chess_nnue.bin")).unwrap();
    let bytes = std::fs::read(&exported).unwrap();
    assert!(bytes == embedded, "export_net wrote something else than engine/data/chess_nnue.bin");
    // Another output bias: another network, so another evaluation.
    let mut other = bytes.clone();
    let at = other.len() - 4;
    other[at..].copy_from_slice(&40_000i32.to_le_bytes());
    std::fs::write(&changed, &other).unwrap();
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
    for path in [exported, changed, short] {
        let _ = std::fs::remove_file(path);
    }
}

/// The bench's `Nodes searched` with `Use NNUE` set to `nnue`, and the environment `env`.
fn bench_signature(nnue: bool, env: &[(&str, &str)]) -> u64 {
    let mut command = Command::new(binary());
    command.envs(env.iter().copied());
    let input = format!("setoption name Use NNUE value {nnue}\nbench 16 1 7\n");
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
    let network = bench_signature(true, &[]);
    assert_eq!(bench_signature(true, &[]), network);
    assert_eq!(bench_signature(true, &[("TRISKEL_NO_AVX2", "1")]), network, "portable loops");
    assert_ne!(bench_signature(false, &[]), network, "the hand-crafted evaluation searches other trees");
}
