//! The freestanding program of `embedded/` (the compact core with no `std`, no `alloc`, no C
//! library and only static memory) builds, passes its self-checks within the budget of a
//! microcontroller, and fails when a check's expectation is wrong: a wrong perft count or a wrong
//! best move makes it exit non-zero, naming the check.
//!
//! Built as `make embedded` builds it, by the `cargo` running these tests, offline (its only
//! dependencies are path dependencies and `static_assertions`, which the workspace build has
//! fetched), into `target/tmp/embedded`.

#![cfg(all(target_os = "linux", target_arch = "x86_64"))]

mod support;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The Cortex-M4F target the program is also built for.
const CORTEX_M: &str = "thumbv7em-none-eabihf";

/// Builds the program for `target` (`None`: this machine) as `make embedded` does; its path.
fn build(target: Option<&str>) -> PathBuf {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("embedded");
    let target_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("embedded");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let mut command = Command::new(cargo);
    command
        .current_dir(&crate_dir)
        .args(["build", "--release", "--offline", "--manifest-path"])
        .arg(crate_dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target_dir);
    if let Some(target) = target {
        command.args(["--target", target]);
    }
    let output = command.output().expect("cargo starts");
    assert!(
        output.status.success(),
        "building embedded/ failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    target.map_or(target_dir.clone(), |target| target_dir.join(target)).join("release").join("embedded")
}

/// The program for this machine, built once for every test here.
fn program() -> &'static Path {
    static PROGRAM: OnceLock<PathBuf> = OnceLock::new();
    PROGRAM.get_or_init(|| build(None))
}

/// Whether a tool the Cortex-M test needs is here; without it the test fails under `CI=true` and
/// is skipped otherwise, saying why.
fn cross_tool_present(present: bool, what: &str) -> bool {
    if !present {
        support::required_tool::missing(
            what,
            "the Cortex-M build and its emulated board",
            ".ci/install-cross",
        );
    }
    present
}

fn run(argument: Option<&str>) -> Output {
    let mut command = Command::new(program());
    command.args(argument);
    command.output().expect("the program starts")
}

/// `key=value` from the report line.
fn field(line: &str, key: &str) -> u64 {
    let prefix = format!("{key}=");
    let value = line.split_whitespace().find_map(|word| word.strip_prefix(&prefix)).expect(key);
    value.parse().unwrap_or_else(|_| panic!("{key} in {line}"))
}

#[test]
fn the_freestanding_program_passes_its_checks_within_a_microcontrollers_budget() {
    let output = run(None);
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let line = stdout.trim_end();
    assert!(line.starts_with("embedded: flash=") && line.ends_with(" ok"), "{line}");
    let (flash, ram, stack, nodes) =
        (field(line, "flash"), field(line, "ram"), field(line, "stack"), field(line, "nodes"));
    assert!(flash <= 128 * 1024, "{line}");
    assert!(ram <= 64 * 1024, "{line}");
    // The stack is part of the RAM, and a search to depth 6 goes a dozen frames deep at least.
    assert!((2_048..ram).contains(&stack), "{line}");
    assert!(nodes > 1_000, "{line}");
    // Deterministic: the same searches visit the same nodes.
    let again = String::from_utf8(run(None).stdout).unwrap();
    assert_eq!(field(again.trim_end(), "nodes"), nodes);
}

#[test]
fn a_wrong_perft_count_fails_the_program() {
    let output = run(Some("break-perft"));
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "embedded: FAILED startpos\n");
}

#[test]
fn a_wrong_best_move_fails_the_program() {
    let output = run(Some("break-best-move"));
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "embedded: FAILED hanging queen\n");
}

/// The same program built for a Cortex-M4F runs on QEMU's emulated STM32F405 (Netduino Plus 2), with
/// its own reset handler, and prints through semihosting: the same checks pass, within the budget,
/// and its searches visit exactly the nodes they visit on this machine.
#[test]
fn the_cortex_m_build_passes_the_same_checks_on_an_emulated_board() {
    let target_installed = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .map(|output| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
        .is_some_and(|sysroot| sysroot.join("lib/rustlib").join(CORTEX_M).exists());
    let qemu_installed = Command::new("qemu-system-arm").arg("--version").output().is_ok();
    if !cross_tool_present(target_installed, &format!("the Rust target {CORTEX_M}"))
        || !cross_tool_present(qemu_installed, "qemu-system-arm")
    {
        return;
    }
    let elf = build(Some(CORTEX_M));
    let output = Command::new("qemu-system-arm")
        .args(["-M", "netduinoplus2", "-nographic", "-monitor", "none", "-serial", "none"])
        // Semihosting's console on stdout (unnamed, QEMU writes it to stderr when stdout is a pipe).
        .args([
            "-chardev",
            "stdio,id=console",
            "-semihosting-config",
            "enable=on,target=native,chardev=console",
        ])
        .arg("-kernel")
        .arg(&elf)
        .output()
        .expect("qemu starts");
    let board = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(output.status.code(), Some(0), "{board}");
    let board = board.trim_end();
    assert!(board.starts_with("embedded: flash=") && board.ends_with(" ok"), "{board}");
    assert!(field(board, "flash") <= 128 * 1024 && field(board, "ram") <= 64 * 1024, "{board}");
    let here = String::from_utf8(run(None).stdout).unwrap();
    assert_eq!(field(board, "nodes"), field(here.trim_end(), "nodes"), "{board} / {here}");
}
