//! The fuzz targets' inputs replayed on the stable toolchain: every file of `corpus/TARGET/` (the
//! minimized corpus `cargo fuzz cmin` kept) and `regressions/TARGET/` (inputs that once failed)
//! goes through the same function the target runs, so `cargo test --workspace` covers what the
//! fuzzer found without nightly or libFuzzer.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;
use triskel_fuzz::targets::{self, TARGETS};

/// The input files of `folder/TARGET/`, by name (a folder may be missing: no inputs yet).
fn inputs(folder: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder).join(target);
    let mut files: Vec<PathBuf> = match fs::read_dir(&dir) {
        Ok(entries) => entries.map(|entry| entry.expect("a directory entry").path()).collect(),
        Err(_) => Vec::new(),
    };
    files.retain(|path| path.is_file());
    files.sort();
    files
}

/// One replay at a time: the record of panics on other threads is the process's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs every input of `folder` through its target, naming the file that fails.
fn replay(folder: &str) -> usize {
    let _serial = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut count = 0;
    for target in TARGETS {
        let started = Instant::now();
        let files = inputs(folder, target);
        for path in &files {
            let data = fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let outcome = std::panic::catch_unwind(|| targets::run(target, &data));
            assert!(outcome.is_ok(), "{folder}/{target}/{} failed (see the report above)", file_name(path));
        }
        println!("{folder}/{target}: {} inputs in {:.1} s", files.len(), started.elapsed().as_secs_f64());
        count += files.len();
    }
    count
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default()
}

#[test]
fn the_corpus_replays_clean() {
    let count = replay("corpus");
    assert!(count > 0, "no corpus: run cargo fuzz cmin (docs/development.md, Fuzzing)");
}

#[test]
fn the_crashes_found_so_far_stay_fixed() {
    replay("regressions");
}

#[test]
fn every_folder_names_a_target() {
    for folder in ["corpus", "regressions"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
        for entry in fs::read_dir(&dir).into_iter().flatten() {
            let name = file_name(&entry.expect("a directory entry").path());
            assert!(TARGETS.contains(&name.as_str()), "{folder}/{name} is no target");
        }
    }
}
