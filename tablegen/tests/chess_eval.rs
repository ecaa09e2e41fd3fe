//! The committed evaluation data: it parses, it is in the canonical layout (so a tuned copy differs
//! from it only in numbers), its tuned values survive a round trip, and `tablegen eval` prints what
//! `engine/build.rs` compiles.

use std::process::Command;
use tablegen::chess_eval::{emit, load, parse, Pair, Value, DATA_PATH, WEIGHTS_BASE};

#[test]
fn the_committed_file_is_canonical() {
    let text = std::fs::read_to_string(DATA_PATH).expect("the data file is there");
    let data = parse(&text).unwrap_or_else(|error| panic!("{DATA_PATH}:{error}"));
    assert!(
        data.write() == text,
        "rewrite engine/data/chess_eval.txt in the layout EvalData::write produces"
    );
}

#[test]
fn tuned_values_round_trip_through_the_text() {
    let mut data = load(DATA_PATH).unwrap();
    let names = data.param_names();
    let mut params = data.params();
    assert_eq!(names.len(), params.len());
    assert!(params.len() > WEIGHTS_BASE + 100, "{} parameters", params.len());
    let Some(Value::Material(material)) = data.item("MATERIAL").map(|item| &item.value) else {
        panic!("the data file has its material");
    };
    assert_eq!(params[1], material[1], "the knight's material comes second");
    for (index, pair) in params.iter_mut().enumerate() {
        *pair = Pair::new(pair.mg + index as i32 % 7 - 3, pair.eg - index as i32 % 5 + 2);
    }
    data.set_params(&params);
    let reread = parse(&data.write()).unwrap();
    assert_eq!(reread.params(), params);
    // Only numbers changed: the same lines in the same order.
    let original = std::fs::read_to_string(DATA_PATH).unwrap();
    assert_eq!(data.write().lines().count(), original.lines().count());
}

#[test]
fn the_command_prints_the_source_the_engine_compiles() {
    let output = Command::new(env!("CARGO_BIN_EXE_tablegen")).arg("eval").output().expect("tablegen runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let source = String::from_utf8(output.stdout).unwrap();
    assert_eq!(source, emit(&load(DATA_PATH).unwrap()));
    assert!(source.contains("macros::piece_square_table! {\n    /// Knight, middlegame.\n"), "{source}");
    assert!(source.contains("pub const TEMPO: i32 = 10;"), "{source}");
    assert!(source.contains("pub const MOBILITY_KNIGHT: Params<9> = Params::new(0);"), "{source}");
}
