//! A tool a test drives (a client, a cross target, an emulator) that is not installed here. On CI
//! it must be there, since `.ci/run` installs every one of them, so its absence fails the test; on
//! a developer's machine the test skips and says why and what installs it, so that
//! `cargo test` stays useful without them.

use std::io::Write;

/// Fails when the environment has `CI=true`, else writes a skip line to stderr past the test
/// harness's capture (which takes only `print!` and `eprint!`), so that passing runs show it too.
pub fn missing(tool: &str, why: &str, installer: &str) {
    if std::env::var("CI").is_ok_and(|value| value == "true") {
        panic!("{tool} is not installed, and CI=true requires it ({installer} installs it): {why}");
    }
    let _ = writeln!(std::io::stderr(), "skipped: {tool} is not installed ({installer} installs it): {why}");
}
