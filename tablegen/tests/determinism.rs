//! Two runs of the generator must agree byte for byte: the engine's hash keys and magics may not
//! depend on the machine, the time or the run.

use std::process::Command;

fn run_tablegen(args: &[&str]) -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_tablegen")).args(args).output().expect("tablegen runs");
    assert!(output.status.success(), "tablegen {args:?} failed: {}", String::from_utf8_lossy(&output.stderr));
    output.stdout
}

#[test]
fn two_runs_of_the_command_are_byte_identical() {
    let first = run_tablegen(&["all"]);
    let second = run_tablegen(&["all"]);
    assert!(first.len() > 1_000_000, "the full output holds the slider table");
    assert!(first == second, "tablegen output differs between runs");
}

#[test]
fn the_command_prints_exactly_what_the_library_renders_for_the_build() {
    assert_eq!(run_tablegen(&["all"]), tablegen::emit::chess_tables().into_bytes());
    assert_eq!(run_tablegen(&["search"]), tablegen::emit::search_tables().into_bytes());
    assert_eq!(run_tablegen(&["search"]), run_tablegen(&["search"]));
}

#[test]
fn single_tables_can_be_printed_and_unknown_names_are_refused() {
    let knight = String::from_utf8(run_tablegen(&["knight"])).unwrap();
    assert!(knight.starts_with("/// Knight attacks per square.\npub const KNIGHT_ATTACKS: [u64; 64] = ["));
    let status = Command::new(env!("CARGO_BIN_EXE_tablegen")).arg("no-such-table").output().unwrap();
    assert_eq!(status.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&status.stderr).contains("unknown table `no-such-table`"));
}
