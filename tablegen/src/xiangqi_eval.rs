//! The xiangqi evaluation's weights as data: the parser and writer of
//! `engine/data/xiangqi_eval.txt`, and the emitter of the Rust source the engine compiles from it.
//! The same format as [`crate::chess_eval`]'s, through the same [`crate::eval_data`], for a 9 x 10
//! board and seven piece kinds.
//!
//! ```text
//! # Comment lines right above an item document it; a block followed by a blank line is a plain comment.
//! fixed NAME v              an integer the tuner leaves alone (structure rather than a weight)
//! fixed NAME[n] v ...       n of them
//! weight NAME mg,eg         a tuned middlegame/endgame weight
//! weight NAME[n] mg,eg ...  n tuned weights
//! material mg,eg ...        the tuned material values, king to pawn
//! table HORSE_MG            a tuned piece-square table: 10 rows of 9 integers on the next lines,
//!    4 8 16 ...             drawn from red's side (rank 9 first, file a on the left)
//! ```
//!
//! An item may continue on the following lines that start with whitespace.
//!
//! # The tuned parameters
//!
//! The tuner sees every tuned number as a middlegame/endgame [`Pair`], in one order shared with the
//! engine's coefficient model (`engine::xiangqi::eval::coefficients`): first the seven material
//! values, king to pawn ([`MATERIAL_PARAMS`]); then the piece-square tables, kind by kind, square by
//! square in the engine's order (a0 = 0, red's view; [`PSQT_PARAMS`]), the middlegame half from the
//! `KIND_MG` table and the endgame half from `KIND_EG`; then every `weight`, in file order, each
//! array element by element. The `weight`s are the engine's `WEIGHTS` array, and a `weight` named
//! `NAME` becomes `Param`/`Params<n>` constants indexing it.

use crate::eval_data::{self, DataFile, EvalGame, Layout};
pub use crate::eval_data::{emit, Entry, Item, Pair, ParseError, Value, VALUE_LIMIT};

/// Piece kinds in the engine's order; a table is named `KIND_MG` or `KIND_EG` after one of them.
pub const KINDS: [&str; 7] = ["KING", "ADVISOR", "ELEPHANT", "HORSE", "ROOK", "CANNON", "PAWN"];
/// Files of the board.
const FILES: usize = 9;
/// Ranks of the board.
const RANKS: usize = 10;
/// Squares of the board.
pub const SQUARES: usize = FILES * RANKS;
/// Tuned material values: one per piece kind.
pub const MATERIAL_PARAMS: usize = KINDS.len();
/// Tuned piece-square values: one per piece kind and square.
pub const PSQT_PARAMS: usize = KINDS.len() * SQUARES;
/// Index of the first `weight` in the tuned-parameter order.
pub const WEIGHTS_BASE: usize = MATERIAL_PARAMS + PSQT_PARAMS;

/// Xiangqi, as the data file describes it: tables of 10 rows of 9, squares named `a0` to `i9`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Xiangqi;

impl EvalGame for Xiangqi {
    const LAYOUT: Layout = Layout { files: FILES, ranks: RANKS, first_rank_number: 0, kinds: &KINDS };
    const FILE: DataFile = DataFile { path: DATA_PATH, command: "xiangqi-eval" };
}

/// Where the engine keeps the committed data file (this crate's path on the machine that built it).
pub const DATA_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/data/xiangqi_eval.txt");

/// The whole xiangqi data file.
pub type EvalData = eval_data::EvalData<Xiangqi>;

/// Reads a data file; on a problem the message names the file and line.
pub fn load(path: &str) -> Result<EvalData, String> {
    eval_data::load(path)
}

/// Parses the data file's text and checks it (names, array lengths, value ranges, every table
/// present once, every item documented).
pub fn parse(text: &str) -> Result<EvalData, ParseError> {
    eval_data::parse(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_file_round_trips_and_emits() {
        let text = std::fs::read_to_string(DATA_PATH).expect("the data file is there");
        let data = parse(&text).unwrap_or_else(|error| panic!("{DATA_PATH}:{error}"));
        assert_eq!(data.write(), text, "the committed file is in the canonical layout");
        let params = data.params();
        assert_eq!(params.len(), data.param_names().len());
        let mut copy = data.clone();
        copy.set_params(&params);
        assert_eq!(copy.write(), text);
        let source = emit(&data);
        assert!(source.contains("pub const WEIGHTS: [S; "), "{source}");
        assert!(source.contains("macros::piece_square_table! {"), "{source}");
    }
}
