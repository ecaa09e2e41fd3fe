//! What the tuner's test files share: the PGN fixture, and temporary data sets. A test file brings
//! it in with `mod support;` and compiles all of it while calling only its own part, so a helper
//! another file alone calls is dead code in this one; the `allow` below answers that for it alone.

/// OpenBench's upload layout, written by our own engine playing itself (`data/openbench_pgn.py`).
pub const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/openbench_datagen.pgn");

/// A path in the temporary directory for this process's `name`, with nothing at it yet: neither a
/// file nor a set's `.progress` line left by an earlier run.
pub fn temporary(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("triskel-tuner-{}-{name}", std::process::id()));
    let path = path.to_str().unwrap().to_string();
    remove(&[&path]);
    path
}

/// Deletes each file and its `.progress` line, where there is one.
#[allow(dead_code, reason = "not every test file cleans up after itself")]
pub fn remove(paths: &[&String]) {
    for path in paths {
        let _ = std::fs::remove_file(path);
        let _ = std::fs::remove_file(format!("{path}.progress"));
    }
}
