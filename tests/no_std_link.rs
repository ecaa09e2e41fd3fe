//! The core links without `std` and without `alloc`: builds `tests/no_std_app` (a `#![no_std]`,
//! `#![no_main]` program with its own `#[panic_handler]` over `engine` with default features off) and
//! runs it. If anything in its graph pulled in `std`, the build would fail with a duplicate
//! `panic_impl` lang item; the program itself checks perft counts, FEN parsing and make/unmake, and
//! reports through its exit status.
//!
//! The fixture is an ordinary Cargo package outside the workspace, built by the `cargo` that runs
//! these tests into `target/tmp/no_std_app`, offline (its dependencies are path dependencies and
//! `static_assertions`, which the workspace build has already fetched).
//!
//! Linux only: the fixture's entry point is a C `main` started by the C runtime (see its `main.rs`).

#![cfg(target_os = "linux")]

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("no_std_app")
}

fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("no_std_app")
}

/// The `cargo` running these tests (cargo sets `CARGO` for them), in the fixture's directory so that
/// configuration is looked up from there, as for a build started by hand inside it.
fn cargo(subcommand: &str) -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let mut command = Command::new(cargo);
    command
        .current_dir(fixture_dir())
        .arg(subcommand)
        .arg("--manifest-path")
        .arg(fixture_dir().join("Cargo.toml"));
    command
}

fn run(mut command: Command) -> Output {
    let output = command.output().unwrap_or_else(|error| panic!("cannot start {command:?}: {error}"));
    assert!(
        output.status.success(),
        "{command:?} failed ({}):\n--- stdout\n{}\n--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    output
}

#[test]
fn core_links_into_a_no_std_binary_that_passes_its_checks() {
    let mut build = cargo("build");
    build.args(["--release", "--offline", "--target-dir"]).arg(target_dir());
    run(build);

    let binary = target_dir().join("release").join(format!("no_std_app{}", std::env::consts::EXE_SUFFIX));
    let status = Command::new(&binary)
        .status()
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", binary.display()));
    assert_eq!(
        status.code(),
        Some(0),
        "{} failed: {status}; a code of 10 or more names the failing check (`Failure` in \
         tests/no_std_app/src/main.rs), a signal means the panic handler aborted",
        binary.display(),
    );
}

/// Every crate the fixture links (build-time tools excluded: they run on the host with `std`) has
/// neither `std` nor `alloc` enabled.
#[test]
fn no_linked_dependency_enables_std_or_alloc() {
    let mut tree = cargo("tree");
    tree.args(["--offline", "--edges", "normal", "--prefix", "none", "--no-dedupe", "--format", "{p} [{f}]"]);
    let output = run(tree);
    let tree = String::from_utf8(output.stdout).expect("cargo tree prints UTF-8");
    assert!(tree.lines().any(|line| line.starts_with("engine ")), "engine is in the tree:\n{tree}");
    for line in tree.lines().filter(|line| !line.trim().is_empty()) {
        let features = line
            .rsplit_once('[')
            .and_then(|(_, rest)| rest.strip_suffix(']'))
            .unwrap_or_else(|| panic!("`{line}` ends in its feature list"));
        for feature in features.split(',').map(str::trim) {
            assert!(
                feature != "std" && feature != "alloc",
                "`{line}`: feature `{feature}` is enabled in the no_std build\n{tree}"
            );
        }
    }
}
