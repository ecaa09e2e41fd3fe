//! What the end-to-end tests share. A test file brings it in with `mod support;` (a folder with a
//! `mod.rs`, which cargo does not take for a test target of its own) and so compiles all of it while
//! calling only its own part: a helper is dead code in the test crates that do not call it, and
//! rustc says so per crate. The `allow`s below answer that for these modules alone, not for the
//! tests that use them.

#[allow(dead_code, reason = "only the book tests write book files")]
pub mod book_file;
#[allow(dead_code, reason = "each test file drives the engine with its own part of the driver")]
pub mod engine;
#[allow(dead_code, reason = "only the NBoard tests speak NBoard")]
pub mod nboard;
#[allow(dead_code, reason = "only the perft suites read perft files")]
pub mod perft_file;
#[allow(dead_code, reason = "only the client and cross-build tests need tools from outside")]
pub mod required_tool;
#[allow(dead_code, reason = "only the UCCI tests speak UCCI")]
pub mod ucci;
#[allow(dead_code, reason = "only the UCI search tests use these")]
pub mod uci_search;
#[allow(dead_code, reason = "only the xiangqi-over-UCI tests use these")]
pub mod uci_xiangqi;
