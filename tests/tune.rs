//! The `tune` build (`cargo test --release --features tune --test tune`): the search's margins as
//! UCI `spin` options, as an SPSA tuner (OpenBench, fastchess) lists and sets them, and the search
//! they reach.

mod support;

use support::engine::{run, transcript};

/// The signature of each `bench` in a transcript.
fn bench_nodes(lines: &[String]) -> Vec<u64> {
    lines
        .iter()
        .filter_map(|line| line.strip_prefix("Nodes searched"))
        .map(|rest| rest.trim_start_matches([' ', ':']).trim().parse().unwrap())
        .collect()
}

#[test]
fn every_margin_is_listed_as_a_spin_option_with_its_range() {
    let lines = transcript("uci\nquit\n");
    let uciok = lines.iter().position(|line| line == "uciok").expect("uciok");
    let margins: Vec<&String> = lines[..uciok]
        .iter()
        .filter(|line| {
            engine::search::tunables::TUNABLES
                .iter()
                .any(|t| line.starts_with(&format!("option name {} ", t.name)))
        })
        .collect();
    assert_eq!(margins.len(), engine::search::tunables::TUNABLES.len(), "{lines:?}");
    assert!(lines.contains(&"option name RfpMargin type spin default 80 min 20 max 200".to_string()));
    assert!(lines.contains(&"option name AspirationDelta type spin default 20 min 5 max 60".to_string()));
}

/// The transcript of `commands` given on the command line, each run to its end before the next
/// (as OpenBench passes them), so that each `bench` finishes.
fn run_commands(commands: &[&str]) -> Vec<String> {
    let output = run(commands, "");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().lines().map(str::to_owned).collect()
}

#[test]
fn a_margin_set_moves_the_search_and_its_default_brings_it_back() {
    let lines = run_commands(&[
        "bench 16 1 7",
        "setoption name RfpMargin value 20",
        "setoption name futilitymargin value 30",
        "bench 16 1 7",
        "setoption name RfpMargin value 80",
        "setoption name FutilityMargin value 80",
        "bench 16 1 7",
    ]);
    let nodes = bench_nodes(&lines);
    assert_eq!(nodes.len(), 3, "{lines:?}");
    assert_ne!(nodes[0], nodes[1], "the margins did not reach the search");
    assert_eq!(nodes[0], nodes[2], "the defaults did not restore the search");
}

#[test]
fn values_outside_the_range_are_refused_and_change_nothing() {
    let lines = run_commands(&[
        "bench 16 1 6",
        "setoption name RfpMargin value 201",
        "setoption name RfpMargin value many",
        "setoption name RfpMargin",
        "bench 16 1 6",
    ]);
    let refusal = "info string RfpMargin takes a whole number from 20 to 200";
    assert_eq!(lines.iter().filter(|line| *line == refusal).count(), 3, "{lines:?}");
    let nodes = bench_nodes(&lines);
    assert_eq!(nodes.len(), 2, "{lines:?}");
    assert_eq!(nodes[0], nodes[1]);
}

#[test]
fn the_documented_openbench_input_is_the_engines_table() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tuning.md")).unwrap();
    for tunable in engine::search::tunables::TUNABLES {
        let line = tunable.openbench_line().to_string();
        assert!(doc.lines().any(|doc_line| doc_line.trim() == line), "docs/tuning.md lacks `{line}`");
    }
}
