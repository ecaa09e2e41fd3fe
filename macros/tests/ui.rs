//! Malformed tables and masks (`piece_square_table!`, `board_mask!`: the `mask_*` cases) must fail
//! to compile, with the error on the offending token. The expected
//! diagnostics live next to each case in `ui/*.stderr`; regenerate them with
//! `TRYBUILD=overwrite cargo test -p macros --test ui` and read the diff before keeping it.

#[test]
fn malformed_tables_are_rejected_at_the_offending_token() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/*.rs");
}
